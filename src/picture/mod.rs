//! Pictures: programs and their derivatives drawn as the paper draws them (Figs. 2–5, 8–12).
//!
//! A program is drawn *after* staging and simplification: [`Compiled`](crate::staged::Compiled)'s
//! `draw_apply`, `draw_jvp`, `draw_vjp`, `draw_gradient` and `draw_jacobian` record an entry
//! point in the program's mode and turn its [`Tape`](crate::staged::Tape) into a [`Diagram`]:
//! primitives as boxes, wires for the values between them, each argument and result a bundle
//! of wires. So a picture shows what actually runs — forward mode's tangents flowing with the
//! values, reverse mode's cotangent flowing back through the same products — and why a gradient
//! costs what it costs. [`Diagram::to_svg`] lays it out in pure Rust (no GraphViz needed);
//! [`Diagram::to_dot`] writes it for GraphViz. A [term](crate::term) draws its graph and its
//! derivatives' graphs the same way ([`Term::draw`](crate::term::Term::draw),
//! `draw_forward`, `draw_reverse`).
//!
//! ```
//! use catad::prelude::*;
//! use catad::staged::compile;
//!
//! // magSqr in reverse mode (paper Fig. 11): the value a·a + b·b and its gradient (2a, 2b)·db.
//! let c = compile(&catad::paper::mag_sqr::<Reverse, _>());
//! let picture = c.draw_vjp(&(3.0, 4.0), &1.0);
//! let svg = picture.to_svg();
//! assert_eq!(svg.matches(">mul<").count(), picture.count("mul"));
//! assert!(picture.to_dot().contains("->"));
//! ```
//!
//! A program written with `#[catad::program]` draws the same way once it is generic in its
//! scalar:
//!
//! ```
//! use catad::prelude::*;
//! use catad::staged::{Sym, compile};
//!
//! #[catad::program]
//! fn softplus<S: Scalar>(x: S) -> S {
//!     (1.0 + x.exp()).ln()
//! }
//!
//! // Its derivative in forward mode: exp x, 1 + exp x and its log, and the tangent scaled by
//! // exp x / (1 + exp x).
//! let picture = compile(&softplus::<Forward, Sym>()).draw_jvp(&0.5, &1.0);
//! assert_eq!((picture.count("exp"), picture.count("ln")), (1, 1));
//! ```
//!
//! The paper's figures themselves are [`crate::paper::figures`]; the tour writes them.

mod compiled;
mod diagram;
mod dot;
mod layout;
mod render;
mod svg;
mod term;

pub use diagram::{Diagram, Node, NodeKind, Port, Wire};

#[cfg(test)]
mod tests;
