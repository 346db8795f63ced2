//! The suites of the indexed folds ([`FoldI`], [`UnfoldI`]): random steps at the positions of a
//! random shape `H`, over vectors of 0 to `V::ITERATIONS` elements where the shape takes its
//! length at run time (of the shape's own length where it fixes one).

use super::check::{Checkable, Laws, defined, short_name};
use crate::functor::representations_agree;
use crate::program::{Curve, Field, Interprets, Line, Pt, RandomProgram, Vocabulary, over};
use crate::vector::{Lines, Shape, ShapeOver, VecPt};
use crate::{At, folds};
use catad::interpretations::AddFun;
use catad::prelude::*;
use catad::vocabulary::{FoldI, LinearMap, UnfoldI};

/// A random fold: its steps `((e, s), a) ↦ f (g (e, s), lᵢ a)` (the `lᵢ` in turn), an
/// environment, an initial state, and a vector cut to a random length (see [`elements`]).
type FoldCase<V> = (Field<V>, Field<V>, Lines<V>, Pt<f64>, Pt<f64>, VecPt, u8);

/// `((e, s), a) ↦ f (g (e, s), l a)`.
fn fold_step<K: Interprets<V, S>, V: Vocabulary, S: Scalar>(
    f: &Field<V>,
    g: &Field<V>,
    l: &Line<V>,
) -> Hom<K, ((S, S), S), S> {
    K::compose(
        f.interpret_over::<K, S>(),
        K::cross(g.interpret_over::<K, S>(), l.interpret_over::<K, S>()),
    )
}

/// The steps of a random fold at the shape `h`, over the scalar `S`.
fn fold_steps<K: Interprets<V, S>, V: Vocabulary, H: Shape, S: Scalar>(
    h: H,
    (f, g, ls): Steps<'_, V>,
) -> H::Of<Hom<K, ((S, S), S), S>> {
    h.tabulate(|i| fold_step::<K, V, S>(f, g, &ls.at(i)))
}

/// `s ↦ (c s, l s)`: a step of an unfold.
fn unfold_step<K: Interprets<V>, V: Vocabulary>(
    c: &Curve<V>,
    l: &Line<V>,
) -> Hom<K, f64, ((f64, f64), f64)> {
    K::fork(c.interpret::<K>(), l.interpret::<K>())
}

/// The shape and the object for the random vector `x`: where the shape takes the vector's
/// length, its first `n mod (V::ITERATIONS + 1)` coordinates (repeated as needed), so 0 to
/// `V::ITERATIONS` elements; else the shape's own.
fn elements<V: Vocabulary, H: Shape>(x: &VecPt, n: u8) -> (H, H::Obj<f64>) {
    let x = if H::FIXED {
        x.clone()
    } else {
        let n = usize::from(n) % (V::ITERATIONS + 1);
        VecPt(x.0.iter().copied().cycle().take(n).collect())
    };
    H::shaped(&x)
}

/// Whether a random fold is defined from `(e, s)` over `xs`.
fn folds<V: Vocabulary>((f, g, ls): Steps<'_, V>, (e, s): (f64, f64), xs: &[f64]) -> bool {
    let mut steps = xs.iter().enumerate();
    let folded = steps.try_fold(s, |s, (i, a)| {
        f.eval(&(g.eval(&(e, s))?, ls.at(i).eval(a)?))
    });
    folded.is_some()
}

/// Whether the unfold of the steps `s ↦ (c s, lᵢ s)` over `n` elements is defined from `s`.
fn unfolds<V: Vocabulary>(c: &Curve<V>, ls: &Lines<V>, s: f64, n: usize) -> bool {
    let unfolded = (0..n).rev().try_fold(s, |s, i| {
        ls.at(i).eval(&s)?;
        Some(c.eval(&s)?.1)
    });
    unfolded.is_some()
}

/// The steps of a random fold ([`FoldCase`]), as `f`, `g` and the `lᵢ`.
type Steps<'a, V> = (&'a Field<V>, &'a Field<V>, &'a Lines<V>);

/// The point `(e, (s, xs))` of a random fold.
type FoldAt<H> = At<(f64, (f64, <H as Container>::Obj<f64>)), f64>;

/// Checks `law` on random folds at the shape `H`, where they are defined: `run` gives it the
/// shape, the steps and the point.
fn on_folds<V: Vocabulary, H: Shape, L: Copy>(
    laws: &Laws,
    law: L,
    run: impl Fn(L, H, Steps<'_, V>, &FoldAt<H>) -> bool,
) {
    laws.check(law, |law, (f, g, ls, e, s, x, n): FoldCase<V>| {
        let (h, xs) = elements::<V, H>(&x, n);
        defined(folds((&f, &g, &ls), (e.0, s.0), &h.plain(&xs)), || {
            run(law, h, (&f, &g, &ls), &At::point((e.0, (s.0, xs))))
        })
    });
}

/// The final state of a random unfold, and a witness of its codomain `(e, (s, xs))`.
type UnfoldAt<H> = At<f64, (f64, (f64, <H as Container>::Obj<f64>))>;

/// Checks `law` on random unfolds at the shape `H` (steps `s ↦ (c s, lᵢ s)`), where they are
/// defined: `run` gives it the shape, `c`, the `lᵢ`, and the point.
fn on_unfolds<V: Vocabulary, H: Shape, L: Copy>(
    laws: &Laws,
    law: L,
    run: impl Fn(L, H, &Curve<V>, &Lines<V>, &UnfoldAt<H>) -> bool,
) {
    laws.check(
        law,
        |law, (c, ls, s, x, n): (Curve<V>, Lines<V>, Pt<f64>, VecPt, u8)| {
            let (h, xs) = elements::<V, H>(&x, n);
            defined(unfolds(&c, &ls, s.0, h.size()), || {
                run(law, h, &c, &ls, &At::new(s.0, (0.0, (0.0, xs))))
            })
        },
    );
}

/// The steps `s ↦ (c s, lᵢ s)` of an unfold at the shape `h`.
fn unfold_steps<K: Interprets<V>, V: Vocabulary, H: Shape>(
    h: H,
    c: &Curve<V>,
    ls: &Lines<V>,
) -> H::Of<Hom<K, f64, ((f64, f64), f64)>> {
    h.tabulate(|i| unfold_step::<K, V>(c, &ls.at(i)))
}

/// The [`FoldI`] law of `K` on steps of `V` at the shape `H`, over the scalar `S`: the fold
/// equals its unrolling, at vectors of 0 to `V::ITERATIONS` elements (of a run-time shape).
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::fold_i::<Reverse, Nonlinear, VecLen, f64>();
/// ```
pub fn fold_i<K, V, H, S>()
where
    K: Checkable<V, S> + FoldI<H> + CartesianI<H>,
    V: Vocabulary,
    H: ShapeOver<S>,
    S: Scalar,
{
    on_folds::<V, H, _>(
        &Laws::of::<K, V>().at(&short_name::<H>()).over::<S>(),
        folds::fold_i_unrolls::<K, H, S, S, S, S>,
        |law, h, steps, at| {
            let at = At::new(over(&at.a), over(&at.b));
            law(h, fold_steps::<K, V, H, S>(h, steps), &at)
        },
    );
}

/// The laws of the folds of a linear-map category `K` on steps of `V` at the shape `H`: the
/// [`FoldI`] law ([`fold_i`](fold_i())); the unfold equals its unrolling; unfolding the transposed
/// steps transposes the fold; and both agree with `AddFun`'s.
///
/// ```
/// use catad::interpretations::{AddFun, Dual};
/// use catad::space::VecLen;
/// use catad_laws::program::Linear;
/// catad_laws::suite::linear_folds::<Dual<AddFun>, Linear, VecLen>();
/// ```
pub fn linear_folds<K, V, H>()
where
    K: Checkable<V>
        + FoldI<H>
        + UnfoldI<H>
        + CartesianI<H>
        + Cocartesian
        + CocartesianI<H>
        + LinearMap<f64>,
    AddFun: Interprets<V>,
    V: Vocabulary,
    H: ShapeOver<f64>,
{
    fold_i::<K, V, H, f64>();
    let laws = Laws::of::<K, V>().at(&short_name::<H>());
    on_unfolds::<V, H, _>(
        &laws,
        folds::unfold_i_unrolls::<K, H, f64, f64, f64, f64>,
        |law, h, c, ls, at| law(h, unfold_steps::<K, V, H>(h, c, ls), at),
    );
    on_folds::<V, H, _>(
        &laws,
        folds::unfold_transposes_fold::<K, H, f64, f64, f64, f64>,
        |law, h, steps, at| law(h, fold_steps::<K, V, H, f64>(h, steps), at),
    );
    on_folds::<V, H, _>(
        &laws.at("fold_i"),
        representations_agree::<AddFun, K, f64, (f64, (f64, H::Obj<f64>)), f64>,
        |law, h, steps, at| {
            let in_add_fun = AddFun::fold_i(h, fold_steps::<AddFun, V, H, f64>(h, steps));
            law(
                &in_add_fun,
                &K::fold_i(h, fold_steps::<K, V, H, f64>(h, steps)),
                at,
            )
        },
    );
    on_unfolds::<V, H, _>(
        &laws.at("unfold_i"),
        representations_agree::<AddFun, K, f64, f64, (f64, (f64, H::Obj<f64>))>,
        |law, h, c, ls, at| {
            let in_add_fun = AddFun::unfold_i(h, unfold_steps::<AddFun, V, H>(h, c, ls));
            law(
                &in_add_fun,
                &K::unfold_i(h, unfold_steps::<K, V, H>(h, c, ls)),
                at,
            )
        },
    );
}
