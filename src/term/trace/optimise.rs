//! Optimisers that differentiate their argument themselves (the seed's `Root` and `Argmin`):
//! each takes only the function, a closure over traced values, and is a loop of traced values
//! ([`iterate_while`]) whose steps call the derivative operators on it. So a solver is a
//! function like any other: traced into a term, differentiated through its steps, and nested
//! (an [`argmin`] inside an [`argmax`]).

use super::loops::iterate_while;
use super::operators::{derivative, jvp, vjp};
use super::traced::Traced;
use crate::space::{Scalar, Space};
use crate::vocabulary::Comparison;

/// Armijo's constant in [`gradient_descent`]'s line search: a step `t` is taken when it
/// decreases `f` by at least `ARMIJO · t · ‖g‖²`, that fraction of what the gradient `g` promises.
pub const ARMIJO: f64 = 1e-4;

/// The least step factor [`gradient_descent`]'s line search tries: `f64::EPSILON²`, about a
/// hundred halvings from 1, below which no step moves a point whose gradient is not huge.
pub const SMALLEST_STEP: f64 = f64::EPSILON * f64::EPSILON;

/// Whether a step `last` long is longer than `eps`.
fn longer(last: Traced, eps: f64) -> super::Condition {
    Traced::compare(last, Comparison::Gt, eps.into())
}

/// `x` with `f(x) = 0`, by Newton–Raphson steps `x ← x − f(x) / f′(x)` from `x0` until two steps
/// in a row are at most `eps` long, `f′` taken by [`jvp`].
///
/// Its derivatives, like every loop's, are the steps' with their number held fixed. Newton's
/// step has derivative zero in `x` at the root, so a step taken there makes one more order of
/// the steps' derivatives the root's own (the implicit function's, `−(∂f/∂e) / (∂f/∂x)` for a
/// captured `e`): the second short step makes the first and second derivatives the root's even
/// from a start at the root itself, as an [`argmin`] inside an [`argmax`] needs.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Term;
/// use catad::term::trace::root;
/// // √a as the root of x² − a; d/da √a = 1 / (2√a), through the Newton steps.
/// let sqrt = Term::<f64, f64>::trace(|a| root(|x| x * x - a, 1.0.into(), 1e-12));
/// assert!((sqrt.apply(2.0) - 2.0_f64.sqrt()).abs() < 1e-15);
/// assert!((sqrt.gradient(2.0) - 0.5 / 2.0_f64.sqrt()).abs() < 1e-12);
/// // From the root itself (a = 1): d²/da² √a = −1/4 all the same.
/// assert!((sqrt.hessian(1.0)[(0, 0)] + 0.25).abs() < 1e-12);
/// ```
///
/// Like [`iterate_while`], it does not end if the steps do not shrink.
pub fn root(f: impl Fn(Traced) -> Traced, x0: Traced, eps: f64) -> Traced {
    let long = Traced::from(f64::INFINITY);
    let (x, ..) = iterate_while(
        (x0, long, long),
        |&(_, last, before)| longer(last.abs(), eps).or(longer(before.abs(), eps)),
        |(x, last, _)| {
            let (y, slope) = jvp(&f, x, 1.0.into());
            let step = y / slope;
            (x - step, step, last)
        },
    );
    x
}

/// A stationary point of `f` near `x0`, by Newton's method on its derivative: the root of
/// `f′` ([`root`] of [`derivative`]; the seed's `Argmin f x ε = Root (D f) x ε`). A minimum
/// where `f″ > 0` there.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::trace::{Traced, argmin};
/// // The minimum of (x − 3)² + x⁴/4: 2(x − 3) + x³ = 0.
/// let m = argmin(|x| (x - 3.0) * (x - 3.0) + x.powi(4) / 4.0, 0.0.into(), 1e-14).to_f64();
/// assert!((2.0 * (m - 3.0) + m * m * m).abs() < 1e-12);
/// ```
pub fn argmin(f: impl Fn(Traced) -> Traced, x0: Traced, eps: f64) -> Traced {
    root(|x| derivative(&f, x), x0, eps)
}

/// A stationary point of `f` near `x0`, a maximum where `f″ < 0` there: [`argmin`] of `−f`,
/// the same Newton steps.
pub fn argmax(f: impl Fn(Traced) -> Traced, x0: Traced, eps: f64) -> Traced {
    argmin(|x| -f(x), x0, eps)
}

/// `x` with `x = f(x)`, by iterating `x ← f(x)` from `x0` until a step is at most `eps` long
/// (for a contraction).
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Term;
/// use catad::term::trace::fixed_point;
/// // x = cos x + e; dx/de = 1 / (1 + sin x), through the iterations.
/// let p = Term::<f64, f64>::trace(|e| fixed_point(|x| x.cos() + e, 1.0.into(), 1e-15));
/// let x = p.apply(0.0);
/// assert!((x - x.cos()).abs() < 1e-14);
/// assert!((p.gradient(0.0) - 1.0 / (1.0 + x.sin())).abs() < 1e-12);
/// ```
pub fn fixed_point(f: impl Fn(Traced) -> Traced, x0: Traced, eps: f64) -> Traced {
    let start = (x0, Traced::from(f64::INFINITY));
    let (x, _) = iterate_while(
        start,
        |&(_, last)| longer(last.abs(), eps),
        |(x, _)| {
            let next = f(x);
            (next, next - x)
        },
    );
    x
}

/// Near a minimum of `f`, by steps `x ← x − t·g` from `x0`, `g` the gradient of `f` at `x` ([`vjp`], with the value),
/// until a step is at most `eps` long. Each step's `t` is found by backtracking, itself a loop:
/// from 1, halved until `f(x − t·g) < f(x) − ARMIJO · t · ‖g‖²` — strictly, so that a step
/// which leaves `f` the same to rounding is no decrease, nor is a NaN value — or until `t` is
/// below [`SMALLEST_STEP`], a step that ends the descent. `x` is any space of traced scalars —
/// a scalar, a pair, an array, a user's struct.
///
/// The line search compares values of `f`, so it finds a minimum only to about the square root
/// of `f64`'s precision (closer, the values of `f` differ by rounding alone); finish with
/// [`argmin`] (which reads the derivative) for more digits. Its derivative holds each `t`
/// fixed.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Term;
/// use catad::term::trace::{Traced, gradient_descent};
/// // The minimum of (x − e)² + 2(y + e)² is (e, −e): it moves with e as (1, −1).
/// let m = Term::<f64, (f64, f64)>::trace(|e| {
///     let bowl = |(x, y): (Traced, Traced)| (x - e) * (x - e) + 2.0 * (y + e) * (y + e);
///     gradient_descent(bowl, (0.0.into(), 0.0.into()), 1e-10)
/// });
/// let (x, y) = m.apply(3.0);
/// assert!((x - 3.0).abs() < 1e-8 && (y + 3.0).abs() < 1e-8);
/// let (dx, dy) = m.jvp(3.0, 1.0).1;
/// assert!((dx - 1.0).abs() < 1e-8 && (dy + 1.0).abs() < 1e-8);
/// ```
///
/// It does not end if the steps do not shrink (`f` unbounded below).
pub fn gradient_descent<X: Space<Traced>>(f: impl Fn(X) -> Traced, x0: X, eps: f64) -> X {
    let start = (x0, Traced::from(f64::INFINITY));
    let (x, _) = iterate_while(
        start,
        |(_, last)| longer(*last, eps * eps),
        |(x, _)| {
            let (fx, g) = vjp(&f, x.clone(), 1.0.into());
            let promised = g.dot(&g);
            let decreases = |t: Traced| {
                let next = f(x.plus(&g.scale(-t)));
                Traced::compare(next, Comparison::Lt, fx - ARMIJO * t * promised)
            };
            let trying = |t: Traced| {
                (!decreases(t)).and(Traced::compare(t, Comparison::Ge, SMALLEST_STEP.into()))
            };
            let t = iterate_while(Traced::from(1.0), |&t| trying(t), |t| 0.5 * t);
            let next = x.plus(&g.scale(-t));
            let moved = next.plus(&x.scale((-1.0).into()));
            let length = moved.dot(&moved);
            (next, length)
        },
    );
    x
}
