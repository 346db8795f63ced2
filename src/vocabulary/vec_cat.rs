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
/// - `sum_v xs = Σᵢ xs[i]`, `index_v (xs, i) = xs[i]`, `len_v xs = len xs`.
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

    /// `len_v xs`, the length.
    fn len_v<A: Additive>() -> Hom<Self, Vec<A>, usize>;
}
