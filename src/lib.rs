//! # catad: automatic differentiation in the categorical style
//!
//! catad follows Conal Elliott's *The Simple Essence of Automatic Differentiation* (ICFP 2018).
//! A program is written once against a small categorical vocabulary ([`vocabulary`]): composition,
//! products, coproducts, scaling and the numeric operations. Each *interpretation* of that vocabulary
//! ([`interpretations`]) gives the same program a different meaning: [`Fun`](interpretations::Fun)
//! runs it, [`D<K>`](interpretations::D) differentiates it with derivatives represented in `K`.
//! Forward or reverse mode is a type parameter ([`ad`]), never a rewrite of the program:
//!
//! ```
//! use catad::prelude::*;
//!
//! // cosSinProd (x, y) = (cos z, sin z) where z = x · y (paper §5)
//! fn cos_sin_prod<K: Cartesian + FloatingCat<f64>>() -> Hom<K, (f64, f64), (f64, f64)> {
//!     K::compose(K::fork(K::cos_c(), K::sin_c()), K::mul_c())
//! }
//!
//! let x = (0.5, 2.0);
//! let forward = jacobian(&cos_sin_prod::<Forward>(), x);
//! let reverse = jacobian(&cos_sin_prod::<Reverse>(), x);
//! assert!((forward - reverse).norm() < 1e-12);
//! assert_eq!(cos_sin_prod::<Fun>().apply(x), (1.0_f64.cos(), 1.0_f64.sin()));
//! ```
//!
//! The [guides](guide) map the paper to the modules ([`guide::paper_map`]), describe the
//! architecture ([`guide::architecture`]) and add a category end to end
//! ([`guide::adding_a_category`]); the laws every instance satisfies live in the `catad-laws` crate
//! of this workspace.

// Denied, not forbidden, for one exception: simba's `SimdValue`, required by nalgebra's real field,
// declares two `unsafe fn` lane accessors, which the symbolic scalar implements as plain copies
// (staged/real_field.rs). Nothing in catad has an `unsafe` block.
#![deny(unsafe_code)]
#![warn(missing_docs)]
#![warn(missing_debug_implementations)]

// Generated programs name `::catad::…`; this makes those paths resolve inside catad too.
extern crate self as catad;

pub mod ad;
pub mod guide;
mod hasher;
pub mod interpretations;
pub mod linalg;
pub mod nested;
pub mod paper;
pub mod picture;
pub mod prelude;
pub mod space;
mod stack;
pub mod staged;
pub mod term;
pub mod vocabulary;

/// The linear-algebra crate behind Jacobians (`jacobian` returns a `nalgebra::DMatrix`) and `Mat`,
/// re-exported so users name the same version.
pub use nalgebra;

pub use catad_macros::{primitive, program, program_form};

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
