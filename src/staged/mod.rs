//! Staging: a program recorded once, its derivative included, as a flat program that runs fast
//! at every other point (paper §17: "automatic differentiation is symbolic differentiation
//! performed by a compiler").
//!
//! A program generic in its scalar runs, in any mode, over [`Sym`]: a symbolic scalar whose
//! operations are recorded. Running an entry point ([`crate::ad::vjp`], [`crate::ad::jvp`],
//! [`crate::ad::jacobian`]) so, through the very same `D<K>` instances, records the primal and
//! the derivative as one list of scalar operations ([`Op`]), simplified by the linear-map laws,
//! its common subexpressions shared and each comparison kept as a guard. A [`Tape`] is that
//! recording compiled: what no output needs dropped, consecutive copies of an operation run as
//! one instruction, and values in the slots of a [`Workspace`], so that it runs without
//! allocating. [`compile`] wraps it all behind the entry points, over the user's own types
//! ([`Compiled`]), and records again where a guard fails or a vector has another length.
//!
//! At many points a tape runs in lanes ([`Tape::eval_lanes`], [`Lanes`]). A loss summed over
//! samples is staged as one sample's program and run in lanes of samples, the shared parameters
//! written once ([`Compiled::sum_value_and_gradient`]; on every core,
//! [`Compiled::par_sum_value_and_gradient`]). A `map_v` loop and whole-vector work
//! (`catad::linalg`) are recorded once for all their elements, as families of lanes.
//!
//! How it is built — the rules, the tape's layout, families of lanes, and what does not stage
//! yet — is the [architecture guide](crate::guide::architecture)'s "Staging".
//!
//! ```
//! use catad::prelude::*;
//! use catad::staged::{Sym, compile};
//!
//! // magSqr in reverse mode, recorded once, then evaluated from the tape.
//! let f = catad::paper::mag_sqr::<Reverse, Sym>();
//! let c = compile(&f);
//! assert_eq!(c.value_and_gradient(&(3.0, 4.0)), (25.0, (6.0, 8.0)));
//! assert_eq!(c.value_and_gradient(&(1.0, 2.0)), (5.0, (2.0, 4.0)));
//! // Two products, a sum, and the gradient (2a, 2b): five operations.
//! assert_eq!(c.gradient_tape(&(1.0, 2.0)).len(), 5);
//! ```

mod allocation;
mod apart;
mod batch;
mod compiled;
mod coords;
mod linearization;
mod once;
mod op;
#[cfg(test)]
pub(crate) mod random;
mod real_field;
mod recorder;
mod rules;
mod sharing;
mod sum;
mod sym;
mod tape;
#[cfg(test)]
mod tests;
mod whole;

pub use batch::Lanes;
pub use compiled::{Compiled, Value, compile};
pub use coords::SymCoords;
pub(crate) use coords::part;
pub use linearization::Linearization;
pub(crate) use once::map_once;
pub use op::Op;
pub use sym::Sym;
pub use tape::{Diverged, Tape, Workspace};
