use super::{Category, Hom};
use crate::space::Scalar;

/// Absolute values, maxima and minima: piecewise-linear primitives, with the subgradient each takes
/// at its kinks stated.
///
/// - `abs_c`: derivative `sign x`, and 0 at `x = 0` (the subgradient of least norm, as JAX and
///   PyTorch take it);
/// - `max_c`, `min_c` on a pair: the derivative of the larger (smaller) argument; at a tie, half
///   of each, so `max (x, x)` has the derivative of `x`;
/// - `max_v`, `min_v` on a vector: the derivative of the largest (smallest) element, shared
///   equally among ties. The maximum of an empty vector is an error.
///
/// # Laws
///
/// Agreement with the scalar operations: `abs_c x = |x|`, `max_c (a, b) = max a b`,
/// `max_v xs = maxᵢ xs[i]`, and in a derivative category the derivatives above.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// assert_eq!(Fun::max_c().apply((1.0_f64, 3.0)), 3.0);
/// // A NaN on either side is the answer, as a NaN anywhere else in a program would be.
/// assert!(Fun::max_c().apply((f64::NAN, 3.0)).is_nan() && Fun::min_c().apply((3.0, f64::NAN)).is_nan());
/// assert!(Fun::max_v().apply(vec![1.0, f64::NAN, 2.0]).is_nan());
/// assert_eq!(gradient(&Reverse::max_c(), (1.0, 3.0)), (0.0, 1.0));
/// assert_eq!(gradient(&Reverse::max_c(), (2.0, 2.0)), (0.5, 0.5));
/// assert_eq!(derivative(&Forward::abs_c(), -2.0), -1.0);
/// assert_eq!(gradient(&Reverse::max_v(), vec![1.0, 4.0, 2.0]), vec![0.0, 1.0, 0.0]);
/// // Two elements tie for the maximum: each gets half its derivative, in every mode.
/// assert_eq!(gradient(&Reverse::max_v(), vec![4.0, 1.0, 4.0]), vec![0.5, 0.0, 0.5]);
/// assert_eq!(jvp(&Forward::max_v(), vec![4.0, 1.0, 4.0], vec![1.0, 5.0, 3.0]), (4.0, 2.0));
/// ```
pub trait MinMaxCat<S: Scalar>: Category {
    /// `|x|`.
    fn abs_c() -> Hom<Self, S, S>;
    /// `max (a, b)`.
    fn max_c() -> Hom<Self, (S, S), S>;
    /// `min (a, b)`.
    fn min_c() -> Hom<Self, (S, S), S>;
    /// The largest element of a non-empty vector.
    fn max_v() -> Hom<Self, Vec<S>, S>;
    /// The smallest element of a non-empty vector.
    fn min_v() -> Hom<Self, Vec<S>, S>;
}
