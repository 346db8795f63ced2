//! Programs as terms: a program is data — a [`Graph`] of scalar operations with explicit sharing
//! — built by instantiating a program generic in its category at the syntax category [`Syn`].
//! Running it, differentiating it forward or in reverse, and differentiating its derivative again
//! are catad's own non-generic code over graphs ([`Term`]'s methods), not a monomorphisation of
//! the program per mode.
//!
//! The derivative of a term is a term ([`Term::forward`], [`Term::reverse`]), made by one table
//! of partial derivatives — the rules of `D`'s numeric instances — and simplified as it is built
//! by the named [`Rule`]s.
//!
//! Terms cover the vocabulary's products and coproducts, the numeric and elementary functions
//! over `f64`, minima and maxima, scaling, custom primitives, checkpoints, conditionals, `while`
//! loops (whose tests are comparisons, [`Pred::compare`](crate::vocabulary::Pred::compare)) and
//! counted loops, index arithmetic, the indexed classes over containers of fixed size and the
//! representations of structures, over objects whose type fixes their dimension; an index is a
//! wire of its own (a `usize`'s component, [`Space::push_components`](crate::space::Space)).
//! Run-time-length vectors are not terms yet.
//!
//! Ordinary Rust — closures, helper functions generic in the scalar, `enum`s, recursion — is
//! traced into a term over the scalar [`trace::Traced`] ([`Term::trace`]), where the derivative
//! operators on closures are first-class and nest.

mod cond;
mod custom;
mod derive;
mod eval;
mod graph;
mod interpret;
mod nested;
mod op;
mod split;
mod syn;
mod syn_indexed;
mod tape;
#[allow(clippy::module_inception)]
mod term;
#[cfg(test)]
mod tests;
pub mod trace;
mod while_loop;

pub use cond::{Branches, Test};
pub use custom::{Custom, Use};
pub use graph::{Graph, Rewrites, Rule};
pub use interpret::FromTerm;
pub use op::{Binary, Ix, Op, Unary, Wire};
pub use syn::Syn;
pub use tape::{Pass, Steps, Taped};
pub use term::Term;
pub use while_loop::{While, WhileReverse};
