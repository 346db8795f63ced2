//! Optimisers as programs (Siskind and Pearlmutter's `Root`, `Argmin`; Haskell ad's `findZero`):
//! combinators that build, from programs for a function and its derivative, the program that
//! solves — so that a solver is differentiated, and nested, like any program.

use crate::space::{Additive, Scalar};
use crate::vocabulary::{Cartesian, FractionalCat, Hom, Loops, NumCat, Pred};

/// The categories an optimiser runs in: cartesian, with arithmetic and loops.
pub trait Solver<S: Scalar>: Cartesian + NumCat<S> + FractionalCat<S> + Loops {}

impl<K: Cartesian + NumCat<S> + FractionalCat<S> + Loops, S: Scalar> Solver<S> for K {}

/// `root f df ε`: the program `(e, x₀) ↦ x` with `f(e, x) = 0`, by Newton–Raphson steps
/// `x ← x − f(e, x) / df(e, x)` from `x₀` until a step is at most `ε` long, where `df` is `f`'s
/// derivative in `x` (the seed's `Root f x ε`).
///
/// The result is a program like any other: differentiated in `e`, the derivative flows through
/// every step taken (at convergence, the implicit function's `−(∂f/∂e) / (∂f/∂x)`). Like
/// [`Loops::iterate_while`], it does not end if the steps do not shrink.
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::{gradient_of, root};
/// use catad::staged::Sym;
///
/// // √a as the root of x² − a, Newton's slope the residual's nested derivative.
/// #[catad::program]
/// fn residual<S: Scalar>(a: S, x: S) -> S {
///     x * x - a
/// }
/// catad::primitive! {
///     fn residual_gradient<S: Scalar>(a: S, x: S) -> (S, S) =
///         gradient_of::<S, _, _>(&residual::<Reverse, Sym>());
/// }
/// #[catad::program]
/// fn slope<S: Scalar>(a: S, x: S) -> S {
///     let (_, d) = residual_gradient(a, x);
///     d
/// }
///
/// let sqrt = root::<Forward, _, _>(residual::<Forward, f64>(), slope::<Forward, f64>(), 1e-12);
/// assert!((sqrt.apply((2.0, 1.0)) - 2.0_f64.sqrt()).abs() < 1e-15);
/// // d/da √a = 1 / (2 √a), through the Newton steps.
/// let (d, _) = gradient(&sqrt, (2.0, 1.0));
/// assert!((d - 0.5 / 2.0_f64.sqrt()).abs() < 1e-12);
/// ```
pub fn root<K, E, S>(f: Hom<K, (E, S), S>, df: Hom<K, (E, S), S>, eps: f64) -> Hom<K, (E, S), S>
where
    K: Solver<S>,
    E: Additive,
    S: Scalar,
{
    // The state is (x, the last step); a step is (x, q) ↦ (x − q, q), q = f(e, x) / df(e, x).
    let at = || K::fork(K::exl(), K::compose(K::exl::<S, S>(), K::exr()));
    let quotient = K::compose(
        K::div_c(),
        K::fork(K::compose(f, at()), K::compose(df, at())),
    );
    let x = K::compose(K::exl::<S, S>(), K::exr());
    let step = K::compose(K::fork(K::sub_c(), K::exr()), K::fork(x, quotient));
    until_short::<K, E, S, S>(step, eps)
}

/// `argmin df ddf ε`: the program `(e, x₀) ↦ x` at a stationary point of a function whose
/// derivative in `x` is `df` and second derivative `ddf`, by Newton's method from `x₀`: the root
/// of the derivative (the seed's `Argmin f x ε = Root (D f) x ε`). A minimum where `ddf > 0`
/// there, a maximum (`argmax`) where `ddf < 0`.
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::argmin;
///
/// // The minimum of (x − e)² + x⁴/4 in x, from its derivatives written out.
/// #[catad::program]
/// fn slope(e: f64, x: f64) -> f64 {
///     2.0 * (x - e) + x * x * x
/// }
/// #[catad::program]
/// fn curvature(e: f64, x: f64) -> f64 {
///     2.0 + 3.0 * x * x
/// }
///
/// let m = argmin::<Fun, _, _>(slope::<Fun>(), curvature::<Fun>(), 1e-14).apply((3.0, 0.0));
/// assert!((2.0 * (m - 3.0) + m * m * m).abs() < 1e-12);
/// ```
pub fn argmin<K, E, S>(df: Hom<K, (E, S), S>, ddf: Hom<K, (E, S), S>, eps: f64) -> Hom<K, (E, S), S>
where
    K: Solver<S>,
    E: Additive,
    S: Scalar,
{
    root::<K, E, S>(df, ddf, eps)
}

/// `fixed_point f ε`: the program `(e, x₀) ↦ x` with `x = f(e, x)`, by iterating `x ← f(e, x)`
/// from `x₀` until a step is at most `ε` long (for a contraction).
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::fixed_point;
///
/// // x = cos x + e: at e = 0 the Dottie number.
/// #[catad::program]
/// fn shifted_cos(e: f64, x: f64) -> f64 {
///     x.cos() + e
/// }
///
/// let p = fixed_point::<Reverse, _, _>(shifted_cos::<Reverse>(), 1e-15);
/// let x = p.apply((0.0, 1.0));
/// assert!((x - x.cos()).abs() < 1e-14);
/// // dx/de = 1 / (1 + sin x), through the iterations.
/// let (d, _) = gradient(&p, (0.0, 1.0));
/// assert!((d - 1.0 / (1.0 + x.sin())).abs() < 1e-12);
/// ```
pub fn fixed_point<K, E, S>(f: Hom<K, (E, S), S>, eps: f64) -> Hom<K, (E, S), S>
where
    K: Solver<S>,
    E: Additive,
    S: Scalar,
{
    let x = K::compose(K::exl::<S, S>(), K::exr());
    let next = K::compose(f, K::fork(K::exl(), K::compose(K::exl::<S, S>(), K::exr())));
    let step = K::compose(K::fork(K::exr(), K::sub_c()), K::fork(x, next));
    until_short::<K, E, S, S>(step, eps)
}

/// `(e, x₀) ↦ x`: `step` run on the state `(x, the last step's length)` from `(x₀, ∞)` while the
/// last step is longer than `ε`.
pub(super) fn until_short<K, E, X, S>(
    step: Hom<K, (E, (X, S)), (X, S)>,
    eps: f64,
) -> Hom<K, (E, X), X>
where
    K: Solver<S>,
    E: Additive,
    X: Additive,
    S: Scalar,
{
    let eps = S::from_f64(eps);
    let long = Pred::new(move |(_, (_, last)): &(E, (X, S))| last.abs() > eps);
    let start = K::fork(
        K::exl(),
        K::fork(K::exr(), K::const_c(S::from_f64(f64::INFINITY))),
    );
    K::compose(K::compose(K::exl(), K::iterate_while(long, step)), start)
}
