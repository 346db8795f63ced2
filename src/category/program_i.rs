//! The vocabulary of programs over vectors: what `#[catad::program]` compiles `map`, `zip_with`,
//! `sum` and `dot` to, for one vector shape `H`.
//!
//! A program runs in `Fun` and in the derivative categories `D<K>`. `Fun` is cartesian but not
//! cocartesian (paper §4.4), so it has no `jamI`; the sum of a vector's elements is instead a
//! primitive of its own, [`SumCat::sum_c`], as the binary sum is `NumCat::add_c`. In `D<K>` it is
//! `jamI`.

use super::{CartesianI, Category, CocartesianI, Hom, ZipI};
use crate::cats::{D, Fun, Func};
use crate::space::{Additive, Container};

/// The sum of the elements of a vector of shape `H`, as a primitive: the indexed counterpart of
/// `NumCat::add_c`.
///
/// # Laws
///
/// - `sum_c xs = Σᵢ xs[i]`;
/// - where the category is also [`CocartesianI<H>`], `sum_c = jamI`.
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

impl<H: Container> SumCat<H> for Fun {
    fn sum_c<A: Additive>(h: H) -> Func<H::Obj<A>, A> {
        Func::new(move |xs: H::Obj<A>| h.sum(&xs))
    }
}

/// `sum_c = jamI`: the sum is linear, its own derivative.
impl<K: CocartesianI<H>, H: Container> SumCat<H> for D<K> {
    fn sum_c<A: Additive>(h: H) -> Hom<Self, H::Obj<A>, A> {
        <Self as CocartesianI<H>>::jam_i(h)
    }
}

/// The indexed vocabulary `#[catad::program]` compiles vector operations over shape `H` to:
/// `fmap` and `replI` ([`CartesianI`]), `zipI` ([`ZipI`]) and the sum ([`SumCat`]). It is an
/// alias, implemented for every category that has all three, so that a program over vectors of
/// shape `H` adds one bound, `ProgramI<H>`, to `Program<S>`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// // ‖v‖² = sum (fmap sqr v), for every category that can run a program over [f64; 2].
/// fn norm_sqr<K: Program<f64> + ProgramI<Arr<2>>>() -> Hom<K, [f64; 2], f64> {
///     let sqr = K::compose(K::mul_c(), K::dup());
///     K::compose(K::sum_c(Arr::<2>), K::fmap(Arr::<2>, sqr))
/// }
/// assert_eq!(norm_sqr::<Fun>().apply([3.0, 4.0]), 25.0);
/// assert_eq!(gradient(&norm_sqr::<ReverseCont<f64>>(), [3.0, 4.0]), [6.0, 8.0]);
/// ```
pub trait ProgramI<H: Container>: CartesianI<H> + ZipI<H> + SumCat<H> {}

impl<K: CartesianI<H> + ZipI<H> + SumCat<H>, H: Container> ProgramI<H> for K {}
