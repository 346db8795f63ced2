use super::MonoidalI;
use crate::space::{Additive, Container};
use crate::vocabulary::Hom;

/// Indexed products (paper §15): a collection of projections and replication.
///
/// # Laws
///
/// - `exI[i] ∘ forkI fs = fs[i]`
/// - `forkI (unforkI h f) = f`
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// let f = Fun::fork_i(Arr, [Fun::sin_c(), Fun::cos_c(), Fun::id()]);
/// assert_eq!(f.apply(0.0), [0.0, 1.0, 0.0]);
/// let [_, second, _] = Fun::ex_i::<f64>(Arr::<3>);
/// assert_eq!(second.apply([7.0, 8.0, 9.0]), 8.0);
/// assert_eq!(Fun::repl_i(Arr::<2>).apply(5.0), [5.0, 5.0]);
/// ```
pub trait CartesianI<H: Container>: MonoidalI<H> {
    /// `exI`: the `size` projections, `exI[i] xs = xs[i]`.
    fn ex_i<A: Additive>(h: H) -> H::Of<Hom<Self, H::Obj<A>, A>>;

    /// `exI[i]` alone: the projection on element `i`, without making the other `size − 1`.
    ///
    /// The provided definition takes it from [`ex_i`](CartesianI::ex_i); representations
    /// override it to build the one projection in O(1).
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::space::VecLen;
    /// assert_eq!(Fun::ex_at::<f64>(VecLen(3), 2).apply(vec![1.0, 2.0, 3.0]), 3.0);
    /// ```
    fn ex_at<A: Additive>(h: H, i: usize) -> Hom<Self, H::Obj<A>, A> {
        h.items(&Self::ex_i::<A>(h))[i].clone()
    }

    /// `replI a = point a`: `size` copies of `a`.
    fn repl_i<A: Additive>(h: H) -> Hom<Self, A, H::Obj<A>>;

    /// `forkI fs = crossI fs ∘ replI`: every `fs[i]` on the same input.
    fn fork_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Hom<Self, A, B>>,
    ) -> Hom<Self, A, H::Obj<B>> {
        Self::compose(Self::cross_i(h, fs), Self::repl_i(h))
    }

    /// `unforkI f = fmap (∘ f) exI`, the inverse of `forkI`; the parts
    /// [`share`](crate::vocabulary::Category::share) `f`.
    fn unfork_i<A: Additive, B: Additive>(
        h: H,
        f: Hom<Self, A, H::Obj<B>>,
    ) -> H::Of<Hom<Self, A, B>> {
        let f = Self::share(f);
        h.map(&Self::ex_i(h), |ex| Self::compose(ex.clone(), f.clone()))
    }
}
