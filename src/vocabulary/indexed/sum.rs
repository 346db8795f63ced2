use crate::space::{Additive, Container};
use crate::vocabulary::{Category, Hom};

/// The sum of the elements of a vector of shape `H`, as a primitive: the indexed counterpart of
/// `NumCat::add_c`.
///
/// # Laws
///
/// - `sum_c xs = Σᵢ xs[i]`;
/// - where the category is also [`CocartesianI<H>`](crate::vocabulary::CocartesianI), `sum_c = jamI`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// // The mean of three numbers, in every program category.
/// fn mean<K: SumCat<Arr<3>> + Cartesian + NumCat<f64>>() -> Hom<K, [f64; 3], f64> {
///     K::compose(
///         K::mul_c(),
///         K::fork(K::sum_c(Arr::<3>), K::const_c(1.0 / 3.0)),
///     )
/// }
/// assert_eq!(mean::<Fun>().apply([1.0, 2.0, 6.0]), 3.0);
/// assert_eq!(gradient(&mean::<Reverse>(), [1.0, 2.0, 6.0]), [1.0 / 3.0; 3]);
/// ```
pub trait SumCat<H: Container>: Category {
    /// `sum_c xs = Σᵢ xs[i]`, for a vector `xs` of shape `h`.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::space::SVec;
    /// use nalgebra::Vector2;
    /// assert_eq!(Fun::sum_c(SVec::<2>).apply(Vector2::new(1.5, 2.0)), 3.5);
    /// ```
    fn sum_c<A: Additive>(h: H) -> Hom<Self, H::Obj<A>, A>;
}
