//! The derivative operators on functions over [`Traced`] scalars: each traces its function in a
//! trace of its own, differentiates that term, and applies the derivative where it is called —
//! inside another trace (so that operators nest, and a derivative can be differentiated again),
//! or on constants (its value).
//!
//! A value the function captures from an enclosing trace is an input of the inner term whose
//! tangent is zero: the inner derivative never perturbs it, so there is no perturbation
//! confusion (Siskind and Pearlmutter), and the enclosing derivative differentiates through it.

use super::frames::{apply, trace};
use super::traced::Traced;
use crate::space::Space;
use crate::term::Graph;
use crate::term::derive::{forward, reverse};

/// `f`'s term at `x`'s shape, with the value of `f` (for the shape of its output) and what it
/// captured.
fn traced<X: Space<Traced>, Y: Space<Traced>>(
    f: impl FnOnce(X) -> Y,
    x: &X,
) -> (Graph, Y, Vec<Traced>) {
    let mut shape = None;
    let (g, captures) = trace(x.dim(), |xs| {
        let y = f(x.read_coords(&mut xs.iter().copied()));
        let coords = y.coords();
        shape = Some(y);
        coords
    });
    (
        g.pruned(),
        shape.expect("the traced function ran"),
        captures,
    )
}

/// Panics unless the point and its tangent or cotangent are of one dimension, naming both.
fn same_dim(what: &str, point: usize, other: usize) {
    assert_eq!(
        point, other,
        "catad::term::trace: a {what} of {other} coordinates at a point of {point}"
    );
}

/// `f x` and the derivative of `f` at `x` applied to `dx`, forward.
///
/// ```
/// use catad::space::Scalar;
/// use catad::term::trace::{Traced, jvp};
/// let (y, dy) = jvp(|(a, b): (Traced, Traced)| a * b.sin(), (2.0.into(), 0.0.into()), (1.0.into(), 1.0.into()));
/// assert_eq!((y.to_f64(), dy.to_f64()), (0.0, 2.0));
/// ```
///
/// # Panics
///
/// If `dx` is not of `x`'s dimension; the message names both.
pub fn jvp<X: Space<Traced>, Y: Space<Traced>>(f: impl FnOnce(X) -> Y, x: X, dx: X) -> (Y, Y) {
    same_dim("tangent", x.dim(), dx.dim());
    let (g, y, captures) = traced(f, &x);
    let m = g.outputs().len();
    let mut inputs = x.coords();
    inputs.extend_from_slice(&captures);
    dx.push_coords(&mut inputs);
    inputs.extend(captures.iter().map(|_| Traced::from(0.0)));
    let out = apply(&forward(&g), &inputs);
    let value = y.read_coords(&mut out[..m].iter().copied());
    let tangent = y.read_coords(&mut out[m..].iter().copied());
    (value, tangent)
}

/// `f x` and the transposed derivative of `f` at `x` applied to `dy`, reverse.
///
/// # Panics
///
/// If `dy` is not of `f x`'s dimension; the message names both.
pub fn vjp<X: Space<Traced>, Y: Space<Traced>>(f: impl FnOnce(X) -> Y, x: X, dy: Y) -> (Y, X) {
    let (g, y, captures) = traced(f, &x);
    let (n, m) = (x.dim(), g.outputs().len());
    same_dim("cotangent", m, dy.dim());
    let mut inputs = x.coords();
    inputs.extend_from_slice(&captures);
    dy.push_coords(&mut inputs);
    let out = apply(&reverse(&g), &inputs);
    let value = y.read_coords(&mut out[..m].iter().copied());
    // The captured values' cotangents, after `x`'s, are the enclosing derivative's business.
    let cotangent = x.read_coords(&mut out[m..m + n].iter().copied());
    (value, cotangent)
}

/// The derivative of `f` at `x`: `jvp(f, x, 1)`'s tangent, forward.
///
/// ```
/// use catad::space::Scalar;
/// use catad::term::trace::{Traced, derivative};
/// // d/dx (x · d/dy (x + y)) at 1: the inner derivative is 1, whatever x is.
/// let d = derivative(|x| x * derivative(|y| x + y, 1.0.into()), 1.0.into());
/// assert_eq!(d.to_f64(), 1.0);
/// ```
pub fn derivative(f: impl FnOnce(Traced) -> Traced, x: Traced) -> Traced {
    jvp(f, x, Traced::from(1.0)).1
}

/// The gradient of `f` at `x`, in `x`'s shape: `vjp(f, x, 1)`'s cotangent, reverse.
///
/// ```
/// use catad::space::Scalar;
/// use catad::term::trace::{Traced, gradient};
/// let g = gradient(|[a, b]: [Traced; 2]| a * a * b, [3.0.into(), 2.0.into()]);
/// assert_eq!(g.map(Scalar::to_f64), [12.0, 9.0]);
/// ```
pub fn gradient<X: Space<Traced>>(f: impl FnOnce(X) -> Traced, x: X) -> X {
    vjp(f, x, Traced::from(1.0)).1
}

/// The Hessian of `f` at `x`, forward over reverse: its `i`-th row, in `x`'s shape, is the
/// derivative of `f`'s [`gradient`] along `x`'s `i`-th coordinate ([`jvp`] of it).
///
/// ```
/// use catad::space::Scalar;
/// use catad::term::trace::{Traced, hessian};
/// // a² b: [[2b, 2a], [2a, 0]].
/// let h = hessian(|[a, b]: [Traced; 2]| a * a * b, [3.0.into(), 2.0.into()]);
/// let rows: Vec<[f64; 2]> = h.iter().map(|row| row.map(Scalar::to_f64)).collect();
/// assert_eq!(rows, [[4.0, 6.0], [6.0, 0.0]]);
/// ```
pub fn hessian<X: Space<Traced>>(f: impl Fn(X) -> Traced, x: X) -> Vec<X> {
    x.basis()
        .into_iter()
        .map(|e| jvp(|x| gradient(&f, x), x.clone(), e).1)
        .collect()
}
