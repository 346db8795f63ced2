//! Programs derived from the indexed vocabulary, written once for every category.

use super::{CocartesianI, MonoidalI, ZipI};
use crate::space::{Additive, Container, Scalar};
use crate::vocabulary::{Hom, NumCat, Scalable};

/// `zipWith f = fmap f ∘ zipI`: `f` on the pairs of corresponding elements.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// let sub = zip_with::<Forward, Arr<2>, f64, f64, f64>(Arr, Forward::sub_c());
/// assert_eq!(sub.apply(([5.0, 7.0], [1.0, 2.0])), [4.0, 5.0]);
/// ```
pub fn zip_with<K, H, A, B, C>(
    h: H,
    f: Hom<K, (A, B), C>,
) -> Hom<K, (H::Obj<A>, H::Obj<B>), H::Obj<C>>
where
    K: MonoidalI<H> + ZipI<H>,
    H: Container,
    A: Additive,
    B: Additive,
    C: Additive,
{
    K::compose(K::fmap(h, f), K::zip_i(h))
}

/// `dot = sum ∘ zipWith (·)`: the inner product `⟨u, v⟩ = Σ uᵢ vᵢ`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::SVec;
/// use nalgebra::Vector2;
/// let d = dot::<Forward, SVec<2>, f64>(SVec);
/// let (u, v) = (Vector2::new(1.0, 2.0), Vector2::new(3.0, 4.0));
/// assert_eq!(jvp(&d, (u, v), (Vector2::x(), Vector2::zeros())), (11.0, 3.0));
/// ```
pub fn dot<K, H, S>(h: H) -> Hom<K, (H::Obj<S>, H::Obj<S>), S>
where
    K: CocartesianI<H> + ZipI<H> + NumCat<S>,
    H: Container,
    S: Scalar,
{
    K::compose(K::jam_i(h), zip_with::<K, H, S, S, S>(h, K::mul_c()))
}

/// `dotWith c = joinI (fmap scale c)`: the linear functional `v ↦ ⟨c, v⟩` for a constant vector
/// `c` of shape `h`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::space::Arr;
/// let f = dot_with::<AddFun, Arr<3>, f64>(Arr, &[1.0, 10.0, 100.0]);
/// assert_eq!(f.apply([3.0, 2.0, 1.0]), 123.0);
/// ```
pub fn dot_with<K, H, S>(h: H, c: &H::Obj<S>) -> Hom<K, H::Obj<S>, S>
where
    K: CocartesianI<H> + Scalable<S>,
    H: Container,
    S: Scalar,
{
    K::join_i(h, h.collect(h.elements(c).iter().map(|&c| K::scale(c))))
}
