use super::{FractionalCat, Hom};
use crate::space::Scalar;

/// The elementary functions (`FloatingCat`).
///
/// # Laws
///
/// Agreement with the scalar operations, as for [`NumCat`](super::NumCat).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// assert_eq!(Fun::exp_c().apply(0.0_f64), 1.0);
/// assert_eq!(Fun::powi_c(3).apply(2.0_f64), 8.0);
/// ```
pub trait FloatingCat<S: Scalar>: FractionalCat<S> {
    /// Sine.
    fn sin_c() -> Hom<Self, S, S>;
    /// Cosine.
    fn cos_c() -> Hom<Self, S, S>;
    /// The exponential.
    fn exp_c() -> Hom<Self, S, S>;
    /// The natural logarithm.
    fn ln_c() -> Hom<Self, S, S>;
    /// The square root.
    fn sqrt_c() -> Hom<Self, S, S>;
    /// The hyperbolic tangent.
    fn tanh_c() -> Hom<Self, S, S>;
    /// The integer power `xⁿ`.
    fn powi_c(n: i32) -> Hom<Self, S, S>;
}
