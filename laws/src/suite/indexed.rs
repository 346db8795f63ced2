//! The suites of the indexed classes (paper §15): random vectors of 1 to 5 coordinates, as objects
//! of a container shape `H` (a run-time shape takes the vector's length, a static one repeats or
//! cuts it), and random scalar programs at each position.

use super::check::{Checkable, Laws, defined, short_name};
use crate::indexed;
use crate::program::{Interprets, Line, Pt, RandomProgram, Vocabulary};
use crate::vector::{Lines, Shape, ShapeOver, VecPt};
use crate::{At, Observe};
use catad::prelude::*;

/// The laws of `K` on programs of `V` at the shape `H`, over the scalar `S`.
fn laws_at<K, V, H, S: 'static>() -> Laws {
    Laws::of::<K, V>().at(&short_name::<H>()).over::<S>()
}

/// A random object of a random shape `H`, over the scalar `S`.
fn shaped<H: ShapeOver<S>, S: Scalar>(x: &VecPt) -> (H, H::Obj<S>) {
    let (h, xs) = H::shaped(x);
    (h, h.over(&xs))
}

/// Checks a law about an object of a random shape `H`, over the scalar `S`.
fn at_shape<H: ShapeOver<S>, S: Scalar, L: Copy + Fn(H, &H::Obj<S>) -> bool>(laws: &Laws, law: L) {
    laws.check(law, |law, x: VecPt| {
        let (h, xs) = shaped::<H, S>(&x);
        Some(law(h, &xs))
    });
}

/// Checks a law about random programs at the positions of a random shape `H`, all run at a point
/// where they are defined, over the scalar `S`.
fn per_position<K, V, H, S, L>(laws: &Laws, law: L)
where
    K: Interprets<V, S>,
    V: Vocabulary,
    H: Shape,
    S: Scalar,
    L: Copy + Fn(H, H::Of<Hom<K, S, S>>, &At<S, S>) -> bool,
{
    laws.check(law, |law, (fs, x, a): (Lines<V>, VecPt, Pt<f64>)| {
        let h = H::shape_of(&x);
        let defined_at = (0..h.size()).all(|i| fs.at(i).eval(&a.0).is_some());
        let fs = h.tabulate(|i| fs.at(i).interpret_over::<K, S>());
        defined(defined_at, || law(h, fs, &At::point(S::from_f64(a.0))))
    });
}

/// Whether `g(i) ∘ f(i)` is defined at `xs[i]`, at every position `i`.
fn composable<V: Vocabulary>(
    xs: &[f64],
    f: impl Fn(usize) -> Line<V>,
    g: impl Fn(usize) -> Line<V>,
) -> bool {
    let at = |i: usize, x: &f64| f(i).eval(x).and_then(|y| g(i).eval(&y));
    xs.iter().enumerate().all(|(i, x)| at(i, x).is_some())
}

/// The [`MonoidalI`] laws of `K` on programs of `V` at the shape `H`, over the scalar `S`:
/// `crossI` and `fmap` preserve identities and composition.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::monoidal_i::<Fun, Nonlinear, VecLen, f64>();
/// ```
pub fn monoidal_i<K, V, H, S>()
where
    K: Checkable<V, S> + MonoidalI<H>,
    V: Vocabulary,
    H: ShapeOver<S>,
    S: Scalar,
{
    let laws = laws_at::<K, V, H, S>();
    at_shape::<H, S, _>(&laws, indexed::cross_i_id::<K, H, S, S>);
    laws.check(
        indexed::cross_i_compose::<K, H, S, S, S, S>,
        |law, (fs, gs, x): (Lines<V>, Lines<V>, VecPt)| {
            let (h, xs) = H::shaped(&x);
            let defined_at = composable(&h.plain(&xs), |i| fs.at(i), |i| gs.at(i));
            defined(defined_at, || {
                let f = h.tabulate(|i| fs.at(i).interpret_over::<K, S>());
                let g = h.tabulate(|i| gs.at(i).interpret_over::<K, S>());
                let xs = h.over(&xs);
                law(h, f, g, &At::new(xs.clone(), xs))
            })
        },
    );
    at_shape::<H, S, _>(&laws, indexed::fmap_id::<K, H, S, S>);
    laws.check(
        indexed::fmap_compose::<K, H, S, S, S, S>,
        |law, (f, g, x): (Line<V>, Line<V>, VecPt)| {
            let (h, xs) = H::shaped(&x);
            let defined_at = composable(&h.plain(&xs), |_| f.clone(), |_| g.clone());
            defined(defined_at, || {
                let (f, g) = (f.interpret_over::<K, S>(), g.interpret_over::<K, S>());
                let xs = h.over(&xs);
                law(h, f, g, &At::new(xs.clone(), xs))
            })
        },
    );
}

/// The [`CartesianI`] laws of `K` on programs of `V` at the shape `H`, over the scalar `S`:
/// `(exI, forkI)` form an indexed product.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::cartesian_i::<Forward, Nonlinear, Arr<3>, f64>();
/// ```
pub fn cartesian_i<K, V, H, S>()
where
    K: Checkable<V, S> + CartesianI<H>,
    V: Vocabulary,
    H: ShapeOver<S>,
    S: Scalar,
{
    let laws = laws_at::<K, V, H, S>();
    per_position::<K, V, H, S, _>(&laws, indexed::ex_fork_i::<K, H, S, S, S>);
    laws.check(
        indexed::fork_unfork_i::<K, H, S, S, S>,
        |law, (fs, x, a): (Lines<V>, VecPt, Pt<f64>)| {
            let h = H::shape_of(&x);
            let defined_at = (0..h.size()).all(|i| fs.at(i).eval(&a.0).is_some());
            defined(defined_at, || {
                let fs = h.tabulate(|i| fs.at(i).interpret_over::<K, S>());
                let f = K::fork_i::<S, S>(h, fs);
                law(h, f, &At::new(S::from_f64(a.0), h.over(&h.object(&x))))
            })
        },
    );
}

/// The [`CocartesianI`] laws of `K` on programs of `V` at the shape `H`, over the scalar `S`:
/// `(inI, joinI)` form an indexed coproduct. They hold for additive morphisms, so in a derivative category `V` is
/// [`Linear`](crate::program::Linear).
///
/// ```
/// use catad::interpretations::{AddFun, Dual};
/// use catad::space::DVecLen;
/// use catad_laws::program::Linear;
/// catad_laws::suite::cocartesian_i::<Dual<AddFun>, Linear, DVecLen, f64>();
/// ```
pub fn cocartesian_i<K, V, H, S>()
where
    K: Checkable<V, S> + CocartesianI<H>,
    V: Vocabulary,
    H: ShapeOver<S>,
    S: Scalar,
{
    let laws = laws_at::<K, V, H, S>();
    per_position::<K, V, H, S, _>(&laws, indexed::join_in_i::<K, H, S, S, S>);
    laws.check(
        indexed::join_unjoin_i::<K, H, S, S, S>,
        |law, (fs, x): (Lines<V>, VecPt)| {
            let (h, xs) = H::shaped(&x);
            let defined_at = h
                .plain(&xs)
                .iter()
                .enumerate()
                .all(|(i, xi)| fs.at(i).eval(xi).is_some());
            defined(defined_at, || {
                let fs = h.tabulate(|i| fs.at(i).interpret_over::<K, S>());
                let f = K::join_i::<S, S>(h, fs);
                law(h, f, &At::point(h.over(&xs)))
            })
        },
    );
}

/// The [`ZipI`] laws of `K` at the shape `H`, over the scalar `S`: `zipI` and `unzipI` are
/// inverse, and equal to their derivations from the projections.
///
/// ```
/// use catad::interpretations::Mat;
/// use catad::space::SVec;
/// catad_laws::suite::zip_i::<Mat<f64>, SVec<2>, f64>();
/// ```
pub fn zip_i<K, H, S>()
where
    K: ZipI<H> + CartesianI<H> + Cartesian + Observe<S>,
    H: ShapeOver<S>,
    S: Scalar,
{
    let laws = Laws::new(short_name::<K>())
        .at(&short_name::<H>())
        .over::<S>();
    let pair = |x: &VecPt, y: &VecPt| {
        let h = H::shape_of(x);
        (h, (h.over(&h.object(x)), h.over(&h.object(&x.fit(y)))))
    };
    laws.check(
        indexed::unzip_zip::<K, H, S, S, S>,
        |law, (x, y): (VecPt, VecPt)| {
            let (h, pair) = pair(&x, &y);
            Some(law(h, &pair))
        },
    );
    laws.check(
        indexed::zip_unzip::<K, H, S, S, S>,
        |law, (x, y): (VecPt, VecPt)| {
            let (h, (xs, ys)) = pair(&x, &y);
            let (xs, ys) = (h.elements(&xs), h.elements(&ys));
            Some(law(h, &h.tabulate_obj(|i| (xs[i], ys[i]))))
        },
    );
    laws.check(
        indexed::zip_is_derived::<K, H, S, S, S>,
        |law, (x, y): (VecPt, VecPt)| {
            let (h, pair) = pair(&x, &y);
            Some(law(h, &pair))
        },
    );
}

/// The [`SumCat`] law of `K` on programs of `V` at the shape `H`, over the scalar `S`: the
/// indexed sum adds the parts.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::SVec;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::sum_i::<Fun, Nonlinear, SVec<2>, f64>();
/// ```
pub fn sum_i<K, V, H, S>()
where
    K: Checkable<V, S> + SumCat<H> + CartesianI<H> + NumCat<S>,
    V: Vocabulary,
    H: ShapeOver<S>,
    S: Scalar,
{
    let laws = laws_at::<K, V, H, S>();
    per_position::<K, V, H, S, _>(&laws, indexed::sum_c_adds::<K, H, S, S>);
}
