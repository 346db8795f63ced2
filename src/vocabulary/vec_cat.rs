use super::{Cartesian, Hom};
use crate::space::Additive;

/// Programs over run-time-length vectors `Vec<A>`: the operations that read a vector's length
/// from the vector itself, so that one program serves every length.
///
/// Implemented by the categories that see their input (`Fun`, `D<K>`). Vectors that combine
/// elementwise must have one length: another length is an error naming both.
///
/// # Laws
///
/// - `map_v f (e, xs)[i] = f (e, xs[i])` and `len (map_v f (e, xs)) = len xs`;
/// - `zip_v (xs, ys)[i] = (xs[i], ys[i])`;
/// - `sum_v xs = Σᵢ xs[i]`, `index_v (xs, i) = xs[i]`, `len_v xs = len xs`;
/// - `index_by xs i = index_v ∘ (xs △ i)`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// // Σᵢ e · xᵢ² for any length.
/// let body = Fun::compose(
///     Fun::mul_c(),
///     Fun::cross(Fun::id(), Fun::compose(Fun::mul_c(), Fun::dup())),
/// );
/// let f = Fun::compose(Fun::sum_v(), Fun::map_v(body));
/// assert_eq!(f.apply((2.0, vec![1.0, 2.0, 3.0])), 28.0);
/// assert_eq!(f.apply((2.0, vec![])), 0.0);
/// ```
pub trait VecCat: Cartesian {
    /// `map_v f (e, xs) = [f (e, x) | x ← xs]`.
    fn map_v<E: Additive, A: Additive, B: Additive>(
        f: Hom<Self, (E, A), B>,
    ) -> Hom<Self, (E, Vec<A>), Vec<B>>;

    /// `zip_v (xs, ys) = [(x, y) | (x, y) ← xs ⊗ ys]`; the lengths must agree.
    fn zip_v<A: Additive, B: Additive>() -> Hom<Self, (Vec<A>, Vec<B>), Vec<(A, B)>>;

    /// `sum_v xs = Σᵢ xs[i]`.
    fn sum_v<A: Additive>() -> Hom<Self, Vec<A>, A>;

    /// `index_v (xs, i) = xs[i]`; an index past the end is an error naming it and the length.
    fn index_v<A: Additive>() -> Hom<Self, (Vec<A>, usize), A>;

    /// `index_by xs i = index_v ∘ (xs △ i)`: the element at `i e` of the vector `xs e`, as a
    /// program reads `xs[i]`. Provided; [`Fun`](crate::interpretations::Fun) and
    /// [`D<K>`](crate::interpretations::D) override it so that where `xs` is a projection (a
    /// variable of the program) the vector is read in place, not copied: a loop reading every
    /// element then costs time linear in the length, not quadratic.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::interpretations::Fun;
    /// // (xs, i) ↦ xs[i + 1]
    /// let next = Fun::compose(Fun::add_ix(), Fun::fork(Fun::exr(), Fun::const_ix(1)));
    /// let f = Fun::index_by(Fun::exl::<Vec<f64>, usize>(), next);
    /// assert_eq!(f.apply((vec![1.0, 2.0, 3.0], 1)), 3.0);
    /// ```
    fn index_by<E: Additive, A: Additive>(
        xs: Hom<Self, E, Vec<A>>,
        i: Hom<Self, E, usize>,
    ) -> Hom<Self, E, A> {
        Self::compose(Self::index_v(), Self::fork(xs, i))
    }

    /// `len_v xs`, the length.
    fn len_v<A: Additive>() -> Hom<Self, Vec<A>, usize>;
}
