use super::{Hom, NumCat};
use crate::space::Scalar;

/// Division (`FractionalCat`).
///
/// # Laws
///
/// Agreement with the scalar operations, as for [`NumCat`].
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// assert_eq!(Fun::recip_c().apply(4.0_f64), 0.25);
/// assert_eq!(Fun::div_c().apply((3.0_f64, 4.0)), 0.75);
/// ```
pub trait FractionalCat<S: Scalar>: NumCat<S> {
    /// `recip a = 1 / a`.
    fn recip_c() -> Hom<Self, S, S>;

    /// `div = mul ∘ (id × recip)`.
    fn div_c() -> Hom<Self, (S, S), S> {
        Self::compose(Self::mul_c(), Self::second(Self::recip_c()))
    }
}
