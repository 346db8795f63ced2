//! Staging: a program recorded once, its derivative included, as a flat program that runs fast
//! at every other point (paper §17: "automatic differentiation is symbolic differentiation
//! performed by a compiler").
//!
//! A program generic in its scalar runs, in any mode, over [`Sym`] values: symbolic scalars
//! whose every operation is recorded. Running an entry point ([`crate::ad::vjp`],
//! [`crate::ad::jvp`], [`crate::ad::jacobian`]) this way through the very same `D<K>` instances
//! records the primal *and* the derivative — forward, reverse, any linear-map representation —
//! as one list of scalar operations. `Sym` is nalgebra's real field too, so `D<Mat<Sym>>`, whose
//! linear maps are nalgebra matrices, is staged like every other mode: of the field's methods,
//! those with an [`Op`] are `Sym`'s own, the others are built from recorded operations or, where
//! locally constant (`floor`, `signum`), computed at the recording point and guarded; `cbrt`
//! panics.
//!
//! While recording,
//!
//! - each operation is simplified by the linear-map laws, named rules each unit-tested: constant
//!   folding, `x¹ = x`, `x⁰ = 1`, `x + 0 = x`, `x − 0 = x`, `0 − x = −x`, `0 · x = 0` (zero
//!   propagation), `1 · x = x`, `(−1) · x = −x`, `x / 1 = x`, `−(−x) = x`,
//!   `c · (d · x) = (c·d) · x` (scale fusion),
//!   `a·u + a·v = a·(u + v)` (the linearity of a transposed map: a cotangent scales the sum
//!   of its paths' partial derivatives once), `(a·b)·c = a·(b·c)` where `a` is the newest
//!   value (the cotangent is multiplied last, by a factor computed off its critical path);
//! - an operation equal to one recorded already is that one (common subexpressions are shared,
//!   `add` and `mul` in either order), so nothing is computed twice;
//! - a comparison is answered at the recording point and kept as a guard.
//!
//! The recording is then compiled to a [`Tape`]: what no output or guard needs is dropped
//! (dead-code elimination), `sin x` and `cos x` of one `x` become one [`Op::SinCos`], and every
//! value gets a slot of a [`Workspace`] made once, shared with values dead by the time it is
//! written, so evaluating the tape allocates nothing and touches what is alive at once.
//! Operations are ordered by depth, so that what a vector program does element by element sits
//! together, and consecutive copies of one operation on operands at constant strides (negative
//! ones too: a reverse sweep walks back over the values of its forward one) run as one
//! instruction ([`Op::run`]): a loop over a vector costs one dispatch per operation of its body,
//! not per element, and a running sum keeps its accumulator in a register. The rules that
//! reassociate (scale fusion, distribution, newest factor last) and the fused `sincos` (libm's)
//! may change a result in its last bits; every other operation is the direct interpretation's
//! `f64` arithmetic. [`compile`] wraps it all behind the entry points, taking and returning the
//! user's own types, and records again where a tape does not apply (a guard fails, or a vector
//! has another length).
//!
//! Loops and vector operations are unrolled at the recording's lengths: the tape's size is the
//! number of scalar operations the program does, and a tape is valid for one shape of input.
//! A `map_v` over values made of `Sym`s is recorded without running `D<K>` once per element: its
//! body is recorded at the first element as a tape of its own and run on families of lanes (one
//! value for each element, one node of the recording for all of them), its derivative that
//! tape's linearization there; where elements branch apart, the loop is recorded element by
//! element. The recording of such a loop is the size of its text ([`Tape::recorded`]); the
//! tape runs each of its operations as one instruction for all the elements ([`Tape::runs`]).
//! Whole-vector work is recorded so too: an operation on every element of vectors of `Sym`s
//! ([`Scalar::elementwise`](crate::space::Scalar::elementwise), which `catad::linalg`'s vector
//! primitives and their derivatives do their work by; the sum of a vector, and the addition of
//! two vectors most of whose elements are not zeros, by
//! [`Additive::sum_of`](crate::space::Additive::sum_of) and
//! [`Additive::plus_each`](crate::space::Additive::plus_each)) is one node on the vectors as
//! families, its result read lane by lane, so that a program on whole vectors records the size
//! of its text too; a vector's elements that are lanes of families are gathered as such, no
//! node each (a shifted vector). A matrix product
//! ([`Scalar::matrix_product`](crate::space::Scalar::matrix_product), by which `catad::linalg`'s
//! matrix primitives multiply) is one node on the families of the matrices' entries, whatever
//! their sizes; the tape writes it out as runs, one for each column of the first matrix times
//! an entry of the second and one adding each inner index's terms.
//!
//! At many points, a tape runs in lanes ([`Tape::eval_lanes`], [`Lanes`]): each operation for a
//! whole batch of points before the next, its interpretation paid once per batch. A loss summed
//! over samples is staged as one sample's program, its tape's size one sample's whatever their
//! number, and run in lanes of samples with the shared parameters written once
//! ([`Compiled::sum_value_and_gradient`], [`Compiled::sum_apply`], [`Tape::eval_sum`]), on one
//! core or on every core ([`Compiled::par_sum_value_and_gradient`], [`Compiled::par_sum_apply`],
//! [`Tape::par_eval_sum`]; a batch of points: [`Tape::eval_batch`]).
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
