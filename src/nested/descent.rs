//! Gradient descent with a backtracking line search, as a program: `x ← x − t·∇f(x)`, the step
//! `t` halved from 1 until it decreases `f` enough (Armijo's condition).

use super::optimise::{Solver, until_short};
use crate::space::{Additive, Scalar, Space};
use crate::vocabulary::{Hom, Pred, Primitive, PrimitiveCat, primitive};
use std::cmp::Ordering;
use std::rc::Rc;

/// Armijo's constant: a step `t` is taken when it decreases `f` by at least `ARMIJO · t · ‖g‖²`,
/// that fraction of what the gradient `g` promises.
pub const ARMIJO: f64 = 1e-4;

/// `gradient_descent f df ε`: the program `(e, x₀) ↦ x` near a minimum of `f(e, ·)` by steps
/// `x ← x − t·g`, `g = df(e, x)` the gradient of `f` in `x`, from `x₀` until a step is at most
/// `ε` long (Haskell ad's `gradientDescent`, the seed's `GradientDescent`). Each step's `t` is
/// found by backtracking: from 1, halved until `f(e, x − t·g) ≤ f(e, x) − ARMIJO · t · ‖g‖²`
/// (a NaN value is no decrease).
///
/// `x` is any vector space — a scalar, a pair, a `Vec`, a user's struct; the step and the squared
/// length are primitives of it. The result is a program like any other: differentiated in `e`,
/// the derivative flows through every step (each `t` is locally constant); nested, it is an
/// argmin inside a program. Like [`Loops::iterate_while`](crate::vocabulary::Loops), it does not
/// end if the steps do not shrink (a function unbounded below).
///
/// The line search compares values of `f`, so it finds a minimum only to about the square root
/// of the scalar's precision (near `1e-8` relative in `f64`): closer, `f(e, x − t·g)` and
/// `f(e, x)` differ by rounding alone, the accepted steps are noise, and so are their
/// derivatives. Take `ε` no smaller than that; for more digits, finish with Newton's method
/// ([`argmin`](super::argmin)), which reads the derivative instead. Unlike the seed's
/// `GradientDescent`, whose line search is an exact `Argmin` along the gradient and whose test
/// is `‖g‖ ≤ ε`, this one backtracks (one value of `f` per trial) and stops on a short step.
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::{gradient_descent, gradient_of};
/// use catad::staged::Sym;
/// use catad::vocabulary::PrimitiveCat;
/// use std::rc::Rc;
///
/// // The bowl (x − e)² + 2(y + e)²: its minimum is (e, −e).
/// #[catad::program]
/// fn bowl<S: Scalar>(e: S, p: (S, S)) -> S {
///     let (x, y) = p;
///     (x - e) * (x - e) + 2.0 * (y + e) * (y + e)
/// }
/// // Its gradient in p, a nested derivative: the gradient in (e, p), its second half.
/// let df = Forward::compose(
///     Forward::exr(),
///     Forward::primitive(Rc::new(gradient_of::<f64, _, _>(&bowl::<Reverse, Sym>()))),
/// );
/// let argmin = gradient_descent::<Forward, _, _, _>(bowl::<Forward, f64>(), df, 1e-8);
/// let (x, y) = argmin.apply((3.0, (0.0, 0.0)));
/// assert!((x - 3.0).abs() < 1e-8 && (y + 3.0).abs() < 1e-8);
/// // How the minimum moves with e, through the steps: (1, −1).
/// let (dx, dy) = jvp(&argmin, (3.0, (0.0, 0.0)), (1.0, (0.0, 0.0))).1;
/// assert!((dx - 1.0).abs() < 1e-8 && (dy + 1.0).abs() < 1e-8);
/// ```
pub fn gradient_descent<K, E, X, S>(
    f: Hom<K, (E, X), S>,
    df: Hom<K, (E, X), X>,
    eps: f64,
) -> Hom<K, (E, X), X>
where
    K: Solver<S> + PrimitiveCat<S>,
    E: Additive,
    X: Space<S>,
    S: Scalar,
{
    // (e, x) ↦ the context (e, (x, (g, (f(e, x), ‖g‖²)))), the gradient computed once.
    let context = K::compose(
        K::fork(
            K::compose(K::exl::<E, X>(), K::exl::<(E, X), X>()),
            K::fork(
                K::compose(K::exr::<E, X>(), K::exl::<(E, X), X>()),
                K::fork(
                    K::exr::<(E, X), X>(),
                    K::fork(
                        K::compose(f.clone(), K::exl::<(E, X), X>()),
                        K::compose(K::primitive(norm_sqr::<S, X>()), K::exr::<(E, X), X>()),
                    ),
                ),
            ),
        ),
        K::fork(K::id(), df),
    );
    // (C, t) ↦ (x − t·g, t²·‖g‖²): the step and its squared length.
    let t = || K::exr::<Context<E, X, S>, S>();
    let finish = K::fork(
        K::compose(
            K::primitive(descend::<S, X>()),
            K::fork(
                t(),
                K::fork(
                    in_context::<K, E, X, S, X>(gradient::<K, E, X, S>()),
                    in_context::<K, E, X, S, X>(point::<K, E, X, S>()),
                ),
            ),
        ),
        K::compose(
            K::mul_c(),
            K::fork(
                K::compose(K::mul_c(), K::fork(t(), t())),
                in_context::<K, E, X, S, S>(squared_length::<K, E, X, S>()),
            ),
        ),
    );
    let at = K::fork(
        K::exl(),
        K::compose(K::exl::<X, S>(), K::exr::<E, (X, S)>()),
    );
    let step = K::compose(
        finish,
        K::compose(
            K::fork(K::id(), line_search::<K, E, X, S>(f)),
            K::compose(context, at),
        ),
    );
    until_short::<K, E, X, S>(step, eps * eps)
}

/// A point's context in the descent: `(e, (x, (g, (f(e, x), ‖g‖²))))`.
type Context<E, X, S> = (E, (X, (X, (S, S))));

/// A part of the context, read from the context and a step `t`.
fn in_context<K: Solver<S>, E: Additive, X: Additive, S: Scalar, T: Additive>(
    part: Hom<K, Context<E, X, S>, T>,
) -> Hom<K, (Context<E, X, S>, S), T> {
    K::compose(part, K::exl())
}

/// The context's `x`.
fn point<K: Solver<S>, E: Additive, X: Additive, S: Scalar>() -> Hom<K, Context<E, X, S>, X> {
    K::compose(K::exl::<X, (X, (S, S))>(), K::exr::<E, (X, (X, (S, S)))>())
}

/// The context's gradient `g`.
fn gradient<K: Solver<S>, E: Additive, X: Additive, S: Scalar>() -> Hom<K, Context<E, X, S>, X> {
    K::compose(
        K::exl::<X, (S, S)>(),
        K::compose(K::exr::<X, (X, (S, S))>(), K::exr::<E, (X, (X, (S, S)))>()),
    )
}

/// The context's `‖g‖²`.
fn squared_length<K: Solver<S>, E: Additive, X: Additive, S: Scalar>() -> Hom<K, Context<E, X, S>, S>
{
    K::compose(
        K::exr::<S, S>(),
        K::compose(
            K::exr::<X, (S, S)>(),
            K::compose(K::exr::<X, (X, (S, S))>(), K::exr::<E, (X, (X, (S, S)))>()),
        ),
    )
}

/// The context `C ↦ t`: from `t = 1`, halved while `f(e, x − t·g) > f(e, x) − ARMIJO · t · ‖g‖²`.
fn line_search<K, E, X, S>(f: Hom<K, (E, X), S>) -> Hom<K, Context<E, X, S>, S>
where
    K: Solver<S> + PrimitiveCat<S>,
    E: Additive,
    X: Space<S>,
    S: Scalar,
{
    type Trial<E, X, S> = (Context<E, X, S>, S);
    // (C, t) ↦ f(e, x − t·g).
    let e = K::compose(
        K::exl::<E, (X, (X, (S, S)))>(),
        K::exl::<Context<E, X, S>, S>(),
    );
    let trial: Hom<K, Trial<E, X, S>, S> = K::compose(
        f,
        K::fork(
            e,
            K::compose(
                K::primitive(descend::<S, X>()),
                K::fork(
                    K::exr(),
                    K::fork(
                        in_context::<K, E, X, S, X>(gradient::<K, E, X, S>()),
                        in_context::<K, E, X, S, X>(point::<K, E, X, S>()),
                    ),
                ),
            ),
        ),
    );
    let one = || K::const_c(S::from_f64(1.0));
    let start = K::fork(
        K::id(),
        K::fork(one(), K::compose(trial.clone(), K::fork(K::id(), one()))),
    );
    // (C, (t, _)) ↦ (t/2, f(e, x − t/2·g)).
    let half = K::compose(
        K::mul_c(),
        K::fork(
            K::compose(K::exl::<S, S>(), K::exr::<Context<E, X, S>, (S, S)>()),
            K::const_c(S::from_f64(0.5)),
        ),
    );
    let halve = K::fork(half.clone(), K::compose(trial, K::fork(K::exl(), half)));
    let armijo = S::from_f64(ARMIJO);
    let too_long = Pred::new(
        move |((_, (_, (_, (f0, gg)))), (t, ft)): &(Context<E, X, S>, (S, S))| {
            // Too small a decrease, or a NaN: halve again.
            let enough = *f0 - armijo * *t * *gg;
            !matches!(
                ft.partial_cmp(&enough),
                Some(Ordering::Less | Ordering::Equal)
            )
        },
    );
    K::compose(
        K::exl(),
        K::compose(K::iterate_while(too_long, halve), start),
    )
}

/// `(t, (g, x)) ↦ x − t·g`, bilinear in `t` and `g`.
fn descend<S: Scalar, X: Space<S>>() -> Rc<dyn Primitive<(S, (X, X)), X>> {
    primitive(
        "descend",
        |(t, (g, x)): &(S, (X, X))| x.plus(&g.scale(-*t)),
        |(t, (g, _)): &(S, (X, X))| {
            let (t, g) = (*t, g.clone());
            let back = g.clone();
            (
                move |(dt, (dg, dx)): &(S, (X, X))| dx.plus(&dg.scale(-t)).plus(&g.scale(-*dt)),
                move |db: &X, acc: &mut (S, (X, X))| {
                    acc.0 = acc.0 - back.dot(db);
                    acc.1.0.plus_assign(&db.scale(-t));
                    acc.1.1.plus_assign(db);
                },
            )
        },
    )
}

/// `g ↦ ‖g‖² = ⟨g, g⟩`.
fn norm_sqr<S: Scalar, X: Space<S>>() -> Rc<dyn Primitive<X, S>> {
    primitive(
        "norm_sqr",
        |g: &X| g.dot(g),
        |g: &X| {
            let (g, back) = (g.clone(), g.clone());
            let two = S::from_f64(2.0);
            (
                move |dg: &X| two * g.dot(dg),
                move |ds: &S, acc: &mut X| acc.plus_assign(&back.scale(two * *ds)),
            )
        },
    )
}
