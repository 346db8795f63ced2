//! The interpretations: one module per category or category transformer.
//!
//! | module | category | paper |
//! |---|---|---|
//! | [`fun`] | [`Fun`]: plain functions | §4 |
//! | [`additive`] | [`AddFun`]: additive (linear) functions | Fig. 1 |
//! | [`d`] | [`D<K>`](D): differentiable functions with derivatives in `K` | Fig. 6 |
//! | [`cont`](mod@cont) | [`Cont<K, R>`](Cont): continuations, reverse mode | Fig. 7 |
//! | [`dual`] | [`Dual<K>`](Dual): transposed maps, reverse mode for gradients | Fig. 10 |
//! | [`begin`](mod@begin) | [`Begin<K, R>`](Begin): forward mode by right association | §14 |
//! | [`mat`] | [`Mat<S>`](Mat): generalized matrices, the Jacobian directly | §8–§11 |
//! | [`indexed`] | the indexed-biproduct instances of all the above | §15, Figs. 13–15 |
//! | [`rep`] | an object and its representation, in all the above | (ConCat's `RepCat`) |

pub mod additive;
pub mod begin;
pub mod cont;
pub mod d;
pub mod dual;
pub mod fun;
mod func;
pub mod indexed;
pub mod mat;
pub mod rep;

pub use additive::AddFun;
pub use begin::{Begin, BeginMap, begin};
pub use cont::{Cont, ContMap, as_dual, cont};
pub use d::{D, DMap};
pub use dual::Dual;
pub use fun::Fun;
pub use func::Func;
pub use mat::{Association, Mat, MatMap};
