//! Tracing ordinary Rust into terms: a function over the scalar [`Traced`] runs once and yields
//! a term ([`Term::trace`]) — closures as values, helper functions generic in
//! [`Scalar`](crate::space::Scalar), `enum`s and `match`, recursion, the user's structs, all as
//! Rust runs them (Krawiec et al. §8: AD by overloading the reals carries over the host
//! language's functions, sums and recursion). From then on the term runs, differentiates,
//! interprets in every category and draws as any other.
//!
//! Control flow on a traced value cannot be traced (only one side of a Rust `if` runs): a
//! comparison of traced values panics, naming what to write instead — [`Traced::compare`] and
//! [`Condition::select`], a cond node that holds on both sides. Loops run as Rust runs them, so
//! a traced loop is unrolled into the term: write a loop that should stay a loop — one whose
//! count depends on traced values — with [`iterate_while`], a loop node.
//!
//! The derivative operators [`derivative`], [`gradient`], [`jvp`], [`vjp`] and [`hessian`]
//! take a closure and are first-class: called inside a trace, their derivative is part of the
//! term, so they nest without perturbation confusion (a value captured from the enclosing
//! trace is never perturbed by the inner derivative) and a derivative's term is differentiated
//! again. The optimisers [`root`], [`argmin`], [`argmax`], [`fixed_point`] and
//! [`gradient_descent`] take only the function and differentiate it themselves; they are loops
//! of traced values, so they too are traced, differentiated and nested.
//!
//! ```
//! use catad::prelude::*;
//! use catad::term::Term;
//! use catad::term::trace::{Traced, derivative};
//!
//! // A helper generic in the scalar, a closure passed as a value, a derivative of a closure.
//! fn twice<S: Scalar>(f: impl Fn(S) -> S, x: S) -> S {
//!     f(f(x))
//! }
//! let t = Term::<(f64, f64), f64>::trace(|(x, y)| {
//!     let scale = |z: Traced| x * z;
//!     twice(scale, y) + derivative(|z| (x * z).sin(), y)
//! });
//! let (x, y) = (0.5_f64, 2.0_f64);
//! let close = |a: f64, b: f64| (a - b).abs() < 1e-15;
//! assert!(close(t.apply((x, y)), x * x * y + x * (x * y).cos()));
//! let dx = 2.0 * x * y + (x * y).cos() - x * y * (x * y).sin();
//! assert!(close(t.gradient((x, y)).0, dx));
//! ```

mod frames;
mod loops;
mod operators;
mod optimise;
#[cfg(test)]
mod seed_tests;
mod select;
#[cfg(test)]
mod solver_tests;
#[cfg(test)]
mod tests;
mod traced;

pub use loops::iterate_while;
pub use operators::{derivative, gradient, hessian, jvp, vjp};
pub use optimise::{ARMIJO, SMALLEST_STEP, argmax, argmin, fixed_point, gradient_descent, root};
pub use select::Condition;
pub use traced::Traced;

use super::term::{Term, dim};
use crate::space::{Additive, Rescale, Space};
use std::any::type_name;

/// Panics unless `T`'s components are its coordinates: an index (`usize`) in a traced term's
/// input or output would be a constant of the trace, not a wire.
fn no_indices<T: Additive>() {
    assert!(
        T::COMPONENTS == T::DIM,
        "catad::term::trace: {} holds indices (`usize`s), which a trace would fix as constants; \
         trace a function of its scalars, or write it as a `#[catad::program]`",
        type_name::<T>()
    );
}

impl<A: Rescale<f64>, B: Rescale<f64>> Term<A, B> {
    /// The term `f` computes, traced by running `f` once on `A`'s shape over [`Traced`] scalars.
    ///
    /// # Panics
    ///
    /// If `A` or `B` has no fixed dimension or holds indices, naming the type; if `f` compares
    /// traced values or turns one into an `f64` (see [`Traced`]); if `f`, traced inside
    /// another trace, reads a value of that trace (a term has only its inputs).
    pub fn trace(f: impl FnOnce(A::Over<Traced>) -> B::Over<Traced>) -> Term<A, B> {
        no_indices::<A>();
        no_indices::<B>();
        let (graph, captures) = frames::trace(dim::<A>(), |xs| {
            let mut xs = xs.iter().copied();
            let a = A::zero().rescale(&mut |_| xs.next().expect("a coordinate per input"));
            f(a).coords()
        });
        assert!(
            captures.is_empty(),
            "catad::term::trace: a term traced inside another trace read {} of that trace's \
             values; pass them as inputs",
            captures.len()
        );
        Term::new(graph)
    }
}
