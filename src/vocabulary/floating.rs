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
/// assert_eq!(Fun::powf_c().apply((4.0_f64, 0.5)), 2.0);
/// assert_eq!(gradient(&Reverse::atan2_c(), (1.0, 1.0)), (0.5, -0.5));
/// assert_eq!(derivative(&Forward::log1p_c(), 1.0), 0.5);
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
    /// The real power `(x, y) ↦ xʸ`, for `x > 0` (where `x = 0`, the derivative in `y` is taken
    /// as 0; for `x < 0` the value is NaN, as `f64::powf`'s).
    fn powf_c() -> Hom<Self, (S, S), S>;
    /// The hyperbolic sine.
    fn sinh_c() -> Hom<Self, S, S>;
    /// The hyperbolic cosine.
    fn cosh_c() -> Hom<Self, S, S>;
    /// `ln(1 + x)`, accurate near 0.
    fn log1p_c() -> Hom<Self, S, S>;
    /// `eˣ − 1`, accurate near 0.
    fn expm1_c() -> Hom<Self, S, S>;
    /// The error function.
    fn erf_c() -> Hom<Self, S, S>;
    /// `(y, x) ↦ atan2(y, x)`, the angle of the point `(x, y)`; its derivative is undefined (NaN)
    /// at the origin.
    fn atan2_c() -> Hom<Self, (S, S), S>;
}
