//! The interpretations of the [vocabulary](crate::vocabulary): one module per category or category
//! transformer, holding every instance of that category.
//!
//! | module | category | paper |
//! |---|---|---|
//! | [`fun`] | [`Fun`]: plain functions | §4, Fig. 14 |
//! | [`additive`] | [`AddFun`]: additive (linear) functions | Fig. 1, Fig. 14 |
//! | [`d`] | [`D<K>`](D): differentiable functions with derivatives in `K` | Fig. 6, Fig. 13 |
//! | [`cont`](mod@cont) | [`Cont<K, R>`](Cont): continuations, reverse mode | Fig. 7 |
//! | [`dual`] | [`Dual<K>`](Dual): transposed maps, reverse mode for gradients | Fig. 10, Fig. 15 |
//! | [`begin`](mod@begin) | [`Begin<K, R>`](Begin): forward mode by right association | §14 |
//! | [`mat`] | [`Mat<S>`](Mat): generalized matrices, the Jacobian directly | §8–§11 |
//! | [`delta`] | [`Delta`]: linear maps as shared DAGs, reverse mode with one accumulator per value | Krawiec et al. §7–§9 |

pub mod additive;
pub mod begin;
mod composite;
pub mod cont;
pub mod d;
pub mod delta;
pub mod dual;
pub mod fun;
mod func;
pub mod mat;

pub use additive::AddFun;
pub use begin::{Begin, BeginMap, begin};
pub use cont::{Cont, ContMap, as_dual, cont};
pub use d::{D, DMap, LoopLinear, Representation};
pub use delta::{Delta, DeltaMap};
pub use dual::Dual;
pub use fun::Fun;
pub use func::Func;
pub use mat::{Association, Mat, MatMap};
