//! The laws of catad's categories, as public generic predicates, and the random programs they are
//! checked on.
//!
//! Each law is a function returning `bool`, named after its equation, generic in the category; the
//! equation is in its docs. Morphisms are compared *extensionally* by [`Observe`]: a plain function by
//! its value at a point, a linear map by its matrix, a differentiable function by its value and the
//! matrix of its derivative at a point. Floats are compared with a relative tolerance ([`close`]).
//!
//! The suites in `laws/tests/` check every law for every instance with quickcheck, on random
//! programs from [`program`] (compositions of depth ≥ 4, not only primitives).
//!
//! ```
//! use catad::prelude::*;
//! use catad_laws::category::compose_assoc;
//! let f = Reverse::sin_c();
//! let g = Reverse::exp_c();
//! let h = catad::paper::sqr::<Reverse, f64>();
//! assert!(compose_assoc::<Reverse, f64, f64, f64, f64, f64>(f, g, h, &0.3));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod calculus;
pub mod cartesian;
pub mod category;
pub mod cocartesian;
pub mod conditional;
pub mod functor;
pub mod indexed;
pub mod monoidal;
mod observe;
pub mod program;
pub mod scalable;
pub mod vector;

pub use observe::{Observe, close, close_slices, same_at};
