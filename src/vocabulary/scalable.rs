use super::{Category, Hom};
use crate::space::Scalar;

/// Scaling by a scalar: the 1×1 matrices of a linear-map category (paper §7, §8).
///
/// # Laws
///
/// - `scale a ∘ scale b = scale (a · b)`
/// - `scale 1 = id`
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// assert_eq!(AddFun::scale(3.0).apply(2.0), 6.0);
/// ```
pub trait Scalable<S: Scalar>: Category {
    /// `scale s = λ da → s · da`.
    fn scale(s: S) -> Hom<Self, S, S>;
}
