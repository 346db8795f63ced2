//! Nested derivatives: derivative operators that return programs, so that a derivative can be
//! taken inside a program that is itself differentiated — to any depth, forward and reverse
//! modes mixed, with no perturbation confusion.
//!
//! [`gradient_of`], [`jvp_of`], [`vjp_of`], [`derivative_of`] and [`jacobian_of`] take a program
//! in a mode `M` (over [`Sym`](crate::staged::Sym)) and return its derivative as a [`Nested`]
//! [`Primitive`](crate::vocabulary::Primitive), which every category runs; a `#[catad::program]`
//! calls them as `gradient::<M>(f, …)`, `derivative::<M>(f, x)`, `jvp::<M>(f, a, da)` and
//! `vjp::<M>(f, a, db)`. The inner derivative is staged to a tape, which the outer category
//! differentiates again (docs/architecture.md, "Nesting"). [`Tangent`], a dual number that is a
//! `Scalar`, is the other way in, for an inner derivative too large to stage. On them stand
//! [`hessian`], [`hvp`], [`second_derivative`], [`sparse_hessian`] and the optimisers [`root`],
//! [`argmin`], [`fixed_point`] and [`gradient_descent`], differentiated through their iterations.
//!
//! ```
//! use catad::prelude::*;
//!
//! #[catad::program]
//! fn sum<S: Scalar>(x: S, y: S) -> S {
//!     x + y
//! }
//!
//! /// Siskind and Pearlmutter's test: x · ∂/∂y (x + y) at y = 1.
//! #[catad::program]
//! fn outer<S: Scalar>(x: S) -> S {
//!     let (_, dy) = gradient::<Reverse>(sum, x, 1.0);
//!     x * dy
//! }
//!
//! // d/dx (x · 1) is 1, not 2: the inner perturbation is not confused with the outer.
//! assert_eq!(derivative(&outer::<Forward, f64>(), 7.0), 1.0);
//! ```

mod descent;
mod operators;
mod optimise;
mod second;
mod sparse;
mod staged_program;
mod tangent;
#[cfg(test)]
mod tests;

pub use descent::{ARMIJO, gradient_descent};
pub use operators::{derivative_of, gradient_of, jacobian_of, jvp_of, vjp_of};
pub use optimise::{Solver, argmin, fixed_point, root};
pub use second::{hessian, hvp, second_derivative};
pub use sparse::{SparseHessian, Sparsity, sparse_hessian};
pub use staged_program::Nested;
pub use tangent::Tangent;
