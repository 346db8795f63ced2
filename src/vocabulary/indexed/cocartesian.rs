use super::MonoidalI;
use crate::space::{Additive, Container};
use crate::vocabulary::Hom;

/// Indexed coproducts (paper §15), which in linear-map categories coincide with indexed products:
/// a collection of injections and `jamI`, the sum.
///
/// # Laws
///
/// - `joinI fs ∘ inI[i] = fs[i]`
/// - `joinI (unjoinI h f) = f`
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::space::VecLen;
/// let scales = vec![AddFun::scale(1.0), AddFun::scale(10.0), AddFun::scale(100.0)];
/// let f = AddFun::join_i(VecLen(3), scales);
/// assert_eq!(f.apply(vec![1.0, 2.0, 3.0]), 321.0);
/// assert_eq!(AddFun::jam_i(VecLen(2)).apply(vec![1.0, 2.0]), 3.0);
/// let in1 = AddFun::in_i::<f64>(VecLen(3))[1].clone();
/// assert_eq!(in1.apply(5.0), vec![0.0, 5.0, 0.0]);
/// ```
pub trait CocartesianI<H: Container>: MonoidalI<H> {
    /// `inI`: the `size` injections, `inI[i] a = a` at `i` and `0` elsewhere.
    fn in_i<A: Additive>(h: H) -> H::Of<Hom<Self, A, H::Obj<A>>>;

    /// `inI[i]` alone: the injection at element `i`, without making the other `size − 1`.
    ///
    /// The provided definition takes it from [`in_i`](CocartesianI::in_i); representations
    /// override it to build the one injection in O(1).
    ///
    /// ```
    /// use catad::interpretations::AddFun;
    /// use catad::prelude::*;
    /// use catad::space::VecLen;
    /// assert_eq!(AddFun::in_at::<f64>(VecLen(3), 0).apply(4.0), vec![4.0, 0.0, 0.0]);
    /// ```
    fn in_at<A: Additive>(h: H, i: usize) -> Hom<Self, A, H::Obj<A>> {
        h.items(&Self::in_i::<A>(h))[i].clone()
    }

    /// `jamI = sum`: the sum of the elements.
    fn jam_i<A: Additive>(h: H) -> Hom<Self, H::Obj<A>, A>;

    /// `joinI fs = jamI ∘ crossI fs`: the sum of `fs[i]` on element `i`.
    fn join_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Hom<Self, A, B>>,
    ) -> Hom<Self, H::Obj<A>, B> {
        Self::compose(Self::jam_i(h), Self::cross_i(h, fs))
    }

    /// `unjoinI f = fmap (f ∘) inI`, the inverse of `joinI`; the parts
    /// [`share`](crate::vocabulary::Category::share) `f`.
    fn unjoin_i<A: Additive, B: Additive>(
        h: H,
        f: Hom<Self, H::Obj<A>, B>,
    ) -> H::Of<Hom<Self, A, B>> {
        let f = Self::share(f);
        h.map(&Self::in_i(h), |inj| Self::compose(f.clone(), inj.clone()))
    }
}
