//! Nested derivatives: derivative operators that return programs, so that a derivative can be
//! taken inside a program that is itself differentiated — to any depth, with forward and reverse
//! modes freely mixed, and with no perturbation confusion.
//!
//! [`gradient_of`], [`jvp_of`], [`vjp_of`], [`derivative_of`] and [`jacobian_of`] take a program
//! in a mode `M` (over [`Sym`](crate::staged::Sym)) and return its derivative as a [`Nested`]
//! program: a [`Primitive`](crate::vocabulary::Primitive) that every category runs (`Fun`, every
//! `D<K>`, the macro's programs — by `gradient::<M>(f, …)`, `derivative::<M>(f, x)`,
//! `jvp::<M>(f, a, da)` and `vjp::<M>(f, a, db)`, or through `catad::primitive!`). How it works, and why this design, is in
//! docs/architecture.md ("Nesting"): the inner derivative is *staged* — recorded by `M` over
//! symbolic scalars into a flat [`Tape`](crate::staged::Tape) of scalar operations — and the tape
//! is differentiated again, exactly, by the category the program is used in: forward sweeps in
//! forward modes, reverse sweeps in reverse modes, each operation's partial derivatives the very
//! ones `D<K>` gives it. The inner mode is `M`, the outer is the category: both are type
//! parameters.
//!
//! [`Tangent`] is the other way in, for an inner derivative too large to stage (a loop over a
//! data set): a dual number that is itself a `Scalar`, so that any mode runs over it — forward
//! mode outside that mode (a Hessian-vector product by a gradient over `Tangent<f64>`).
//!
//! On them stand the second derivatives — [`hessian`], [`hvp`], [`second_derivative`], and
//! [`sparse_hessian`] with its [`Sparsity`] pattern (one Hessian-vector product per colour: one
//! for a diagonal Hessian) — and the optimisers, programs that are differentiated through their
//! iterations: [`root`] (Newton), [`argmin`], [`fixed_point`] and [`gradient_descent`] (with a
//! backtracking line search).
//!
//! Perturbations cannot be confused: the inner derivative is a closed program of its inputs
//! before the outer derivative ever sees it, and a symbolic value of one recording used in
//! another is an error, not a silent mix-up.
//!
//! ```
//! use catad::prelude::*;
//! use catad::nested::jvp_of;
//! use catad::staged::Sym;
//! use catad::vocabulary::PrimitiveCat;
//! use std::rc::Rc;
//!
//! // Siskind and Pearlmutter's test: d/dx (x · d/dy (x + y)) at y = 1 is 1, not 2.
//! // The inner derivative, in reverse mode: (x, y) ↦ ∂/∂y (x + y), by a jvp along (0, 1).
//! let inner = jvp_of::<f64, _, _, _>(&<Reverse as NumCat<Sym>>::add_c());
//! let d_dy = Forward::compose(
//!     Forward::exr(),
//!     Forward::compose(
//!         Forward::primitive(Rc::new(inner)),
//!         Forward::fork(
//!             Forward::fork(Forward::id(), Forward::const_c(1.0)),
//!             Forward::fork(Forward::const_c(0.0), Forward::const_c(1.0)),
//!         ),
//!     ),
//! );
//! // The outer function x ↦ x · d/dy (x + y), in forward mode.
//! let outer = Forward::compose(Forward::mul_c(), Forward::fork(Forward::id(), d_dy));
//! assert_eq!(derivative(&outer, 7.0), 1.0);
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
