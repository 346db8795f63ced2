//! The laws of catad's categories, as public generic predicates, the random programs they are
//! checked on, and the suites that check them.
//!
//! Each law is a function returning `bool`, named after its equation, generic in the category; the
//! equation is in its docs. Morphisms are compared *extensionally* by [`Observe`]: a plain function by
//! its value at a point, a linear map by its matrix, a differentiable function by its value and the
//! matrix of its derivative at a point. Floats are compared with a relative tolerance ([`close`]).
//!
//! A [`suite`] runs every law of a class for one instance with quickcheck, on random programs from
//! [`program`] and [`vector`] (compositions of depth ≥ 4, not only primitives; with loops and
//! run-time vectors, custom primitives and checkpoints in the categories that run them), and
//! panics naming the law that fails and the shrunk counterexample. Adding an instance to a suite is one line:
//!
//! ```
//! use catad::interpretations::Mat;
//! use catad_laws::program::Linear;
//! catad_laws::suite::cartesian::<Mat<f64>, Linear, f64>();
//! ```
//!
//! The modes of differentiation are listed once, in [`modes`]; the suites run the laws of
//! `D<K>` in each, over `f64` and, staged, over [`Sym`](catad::staged::Sym).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod calculus;
pub mod cartesian;
pub mod category;
pub mod cocartesian;
pub mod conditional;
pub mod data;
mod differentiable;
pub mod folds;
pub mod functor;
pub mod indexed;
mod lift;
pub mod linear_map;
pub mod loops;
pub mod modes;
pub mod monoidal;
mod observe;
pub mod program;
pub mod random;
pub mod rep;
pub mod scalable;
pub mod space;
pub mod suite;
pub mod terms;
pub mod vector;

pub use differentiable::Differentiable;
pub use lift::Lift;
pub use observe::{At, ELSEWHERE, Observe, TOLERANCE, close, close_slices, same_at};
