use super::{CartesianI, MonoidalI};
use crate::space::{Additive, Container};
use crate::vocabulary::{Cartesian, Category, Hom};

/// `zip` and `unzip`: the isomorphism `h a × h b ≅ h (a × b)` between a pair of indexed products
/// and an indexed product of pairs (the `Zip h` of paper Fig. 13, lifted to morphisms).
///
/// Both are determined by the rest of the vocabulary ([`zip_by_projections`],
/// [`unzip_by_projections`]), but the derived `zip` is quadratic in the reverse representations:
/// each of its `size` projections transposes to a full-length injection. Each instance gives a
/// linear-time morphism equal to the derived one; in `Dual<K>`, `zip` is
/// `K`'s `unzip` and `unzip` is `K`'s `zip`.
///
/// # Laws
///
/// - `unzipI ∘ zipI = id` and `zipI ∘ unzipI = id`
/// - in a cartesian category, `zipI = forkI (zipWith (×) exI exI)` and
///   `unzipI = fmap exl △ fmap exr`
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// let zip = Fun::zip_i::<f64, f64>(Arr::<2>);
/// assert_eq!(zip.apply(([1.0, 2.0], [3.0, 4.0])), [(1.0, 3.0), (2.0, 4.0)]);
/// let unzip = Fun::unzip_i::<f64, f64>(Arr::<2>);
/// assert_eq!(unzip.apply([(1.0, 3.0), (2.0, 4.0)]), ([1.0, 2.0], [3.0, 4.0]));
/// ```
pub trait ZipI<H: Container>: Category {
    /// `zipI (xs, ys)[i] = (xs[i], ys[i])`.
    fn zip_i<A: Additive, B: Additive>(h: H) -> Hom<Self, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>;

    /// `unzipI ps = (fmap fst ps, fmap snd ps)`.
    fn unzip_i<A: Additive, B: Additive>(h: H)
    -> Hom<Self, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>;
}

/// `zip` from projections: `forkI (zipWith (×) exI exI)`, the specification of [`ZipI::zip_i`].
///
/// ```
/// use catad::prelude::*;
/// use catad::vocabulary::zip_by_projections;
/// use catad::space::Arr;
/// let zip = zip_by_projections::<Fun, Arr<2>, f64, f64>(Arr);
/// assert_eq!(zip.apply(([1.0, 2.0], [3.0, 4.0])), [(1.0, 3.0), (2.0, 4.0)]);
/// ```
pub fn zip_by_projections<K, H, A, B>(h: H) -> Hom<K, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>
where
    K: CartesianI<H> + Cartesian,
    H: Container,
    A: Additive,
    B: Additive,
{
    let (exa, exb) = (K::ex_i::<A>(h), K::ex_i::<B>(h));
    let (exa, exb) = (h.items(&exa), h.items(&exb));
    K::fork_i(h, h.tabulate(|i| K::cross(exa[i].clone(), exb[i].clone())))
}

/// `unzip` from projections: `fmap exl △ fmap exr`, the specification of [`ZipI::unzip_i`].
///
/// ```
/// use catad::prelude::*;
/// use catad::vocabulary::unzip_by_projections;
/// use catad::space::VecLen;
/// let unzip = unzip_by_projections::<Fun, VecLen, f64, f64>(VecLen(2));
/// assert_eq!(unzip.apply(vec![(1.0, 3.0), (2.0, 4.0)]), (vec![1.0, 2.0], vec![3.0, 4.0]));
/// ```
pub fn unzip_by_projections<K, H, A, B>(h: H) -> Hom<K, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>
where
    K: MonoidalI<H> + Cartesian,
    H: Container,
    A: Additive,
    B: Additive,
{
    K::fork(K::fmap(h, K::exl()), K::fmap(h, K::exr()))
}
