use super::{Cartesian, Hom};
use crate::space::{Additive, Scalar};

/// Arithmetic on indices and counts (`usize`), which carry no derivative, and their conversion to
/// scalars (`i as f64`, whose derivative is zero).
///
/// # Laws
///
/// `add_ix`, `sub_ix`, `mul_ix`, `div_ix`, `rem_ix` are `usize`'s `+ - * / %` (`sub_ix` and `div_ix`
/// are errors where `usize`'s are: below zero, by zero); `const_ix n` is constantly `n`;
/// `ix_to_scalar i = i as S`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// // i·(i − 1)/2, the start of row i of a packed triangle.
/// let f = Fun::compose(
///     Fun::div_ix(),
///     Fun::fork(
///         Fun::compose(Fun::mul_ix(), Fun::fork(Fun::id(), Fun::compose(Fun::sub_ix(), Fun::fork(Fun::id(), Fun::const_ix(1))))),
///         Fun::const_ix(2),
///     ),
/// );
/// assert_eq!(f.apply(5_usize), 10);
/// ```
pub trait IndexCat: Cartesian {
    /// `n`, whatever the input.
    fn const_ix<A: Additive>(n: usize) -> Hom<Self, A, usize>;
    /// `i + j`.
    fn add_ix() -> Hom<Self, (usize, usize), usize>;
    /// `i − j`.
    fn sub_ix() -> Hom<Self, (usize, usize), usize>;
    /// `i · j`.
    fn mul_ix() -> Hom<Self, (usize, usize), usize>;
    /// `i / j`, rounded down.
    fn div_ix() -> Hom<Self, (usize, usize), usize>;
    /// `i % j`.
    fn rem_ix() -> Hom<Self, (usize, usize), usize>;
    /// `i as S`.
    fn ix_to_scalar<S: Scalar>() -> Hom<Self, usize, S>;
}
