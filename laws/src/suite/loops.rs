//! The suite of the loop laws: loop bodies are random programs, a loop runs at most
//! `V::ITERATIONS` times (the two folds or iterations a law splits it into, as many in all), and
//! vectors hold up to as many random elements.

use super::check::{Checkable, Laws, defined};
use crate::program::{BOUND, Field, Interprets, Line, Pt, RandomProgram, Vocabulary, over};
use crate::{At, loops};
use catad::prelude::*;

/// `(e, i) ↦ l (e + i)`.
fn indexed<K, V, S>(l: &Line<V>) -> Hom<K, (S, usize), S>
where
    K: Interprets<V, S> + IndexCat + NumCat<S>,
    V: Vocabulary,
    S: Scalar,
{
    let at = K::compose(
        K::add_c(),
        K::fork(K::exl(), K::compose(K::ix_to_scalar(), K::exr())),
    );
    K::compose(l.interpret_over::<K, S>(), at)
}

/// `((e, s), a) ↦ f (g (e, s), a)`.
fn step<K: Interprets<V, S>, V: Vocabulary, S: Scalar>(
    f: &Field<V>,
    g: &Field<V>,
) -> Hom<K, ((S, S), S), S> {
    K::compose(
        f.interpret_over::<K, S>(),
        K::fork(K::compose(g.interpret_over::<K, S>(), K::exl()), K::exr()),
    )
}

/// `xs` and `ys` cut to at most `V::ITERATIONS` elements in all.
fn short<V: Vocabulary>(xs: &[f64], ys: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let xs: Vec<f64> = xs.iter().copied().take(V::ITERATIONS).collect();
    let ys = ys.iter().copied().take(V::ITERATIONS - xs.len()).collect();
    (xs, ys)
}

/// A count in `0..=most`.
fn count(c: u8, most: usize) -> usize {
    usize::from(c) % (most + 1)
}

/// A count in `0..=V::ITERATIONS`.
fn iterations<V: Vocabulary>(c: u8) -> usize {
    count(c, V::ITERATIONS)
}

/// The laws of [`Loops`] in `K` ([`crate::loops`]) on loop bodies of `V`, over the scalar `S`: a
/// fold over a concatenation is two folds, build fusion, `sum_build` accumulates, `index_by` is
/// the composite it stands for, iterations add.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::loops::<ReverseDelta, Nonlinear, f64>();
/// ```
pub fn loops<K: Checkable<V, S> + Program<S>, V: Vocabulary, S: Scalar>() {
    let laws = Laws::of::<K, V>().over::<S>();
    laws.check(
        loops::fold_concat::<K, S, S, S, S>,
        |law,
         (f, g, e, s, xs, ys): (
            Field<V>,
            Field<V>,
            Pt<f64>,
            Pt<f64>,
            Pt<Vec<f64>>,
            Pt<Vec<f64>>,
        )| {
            let (xs, ys) = short::<V>(&xs.0, &ys.0);
            let (e, s0) = (e.0, s.0);
            let folded = xs
                .iter()
                .chain(&ys)
                .try_fold(s0, |s, a| f.eval(&(g.eval(&(e, s))?, *a)));
            defined(folded.is_some(), || {
                law(
                    step::<K, V, S>(&f, &g),
                    &At::point(over(&(e, (s0, (xs, ys))))),
                )
            })
        },
    );
    laws.check(
        loops::build_fusion::<K, S, S, S, S>,
        |law, (f, g, e, n): (Field<V>, Line<V>, Pt<f64>, u8)| {
            let (e, n) = (e.0, iterations::<V>(n));
            let built = (0..n).try_for_each(|i| f.eval(&(e, g.eval(&(e + i as f64))?)).map(|_| ()));
            defined(built.is_some(), || {
                law(
                    f.interpret_over::<K, S>(),
                    indexed::<K, V, S>(&g),
                    &At::new(over(&(e, n)), vec![S::from_f64(0.0); n]),
                )
            })
        },
    );
    laws.check(
        loops::sum_build_accumulates::<K, S, S>,
        |law, (f, e, n): (Line<V>, Pt<f64>, u8)| {
            let (e, n) = (e.0, iterations::<V>(n));
            let terms: Option<Vec<f64>> = (0..n).map(|i| f.eval(&(e + i as f64))).collect();
            let sum = terms.map(|t| t.iter().sum::<f64>());
            defined(sum.is_some_and(|s| s.abs() <= BOUND), || {
                law(indexed::<K, V, S>(&f), &At::point(over(&(e, n))))
            })
        },
    );
    laws.check(
        loops::index_by_is_index_v_of_fork::<K, S, (S, Vec<S>), S>,
        |law, (f, e, xs, j): (Field<V>, Pt<f64>, Pt<Vec<f64>>, u8)| {
            let xs: Vec<f64> = xs.0.iter().copied().take(V::ITERATIONS).collect();
            let e = e.0;
            let mapped: Option<Vec<f64>> = xs.iter().map(|x| f.eval(&(e, *x))).collect();
            defined(!xs.is_empty() && mapped.is_some(), || {
                let i = || K::const_ix(usize::from(j) % xs.len());
                let at = At::point(over(&(e, xs.clone())));
                // A variable's vector, read in place, and a computed one.
                law(K::exr(), i(), &at) && law(K::map_v(f.interpret_over::<K, S>()), i(), &at)
            })
        },
    );
    laws.check(
        loops::iterate_add::<K, S, S, S>,
        |law, (f, e, s, m, n): (Field<V>, Pt<f64>, Pt<f64>, u8, u8)| {
            let (e, s0) = (e.0, s.0);
            let m = iterations::<V>(m);
            let n = count(n, V::ITERATIONS - m);
            let iterated = (0..m + n).try_fold(s0, |s, _| f.eval(&(e, s)));
            defined(iterated.is_some(), || {
                law(
                    f.interpret_over::<K, S>(),
                    &At::point(over(&(e, (s0, (m, n))))),
                )
            })
        },
    );
}
