use crate::space::{Additive, Container};
use crate::vocabulary::{Category, Hom};

/// Indexed parallel composition (paper §15): `crossI :: h (a ⤳ b) → (h a ⤳ h b)` runs the `i`-th
/// morphism on the `i`-th element. The morphisms all share one domain and one codomain.
///
/// Every indexed operation takes the shape `h` first: Rust cannot infer the container from a
/// collection's type (`[T; N]` is the collection of both [`Arr<N>`](crate::space::Arr) and
/// [`SVec<N>`](crate::space::SVec)), and operations that make a vector out of none need a
/// run-time length.
///
/// # Laws
///
/// - `crossI (point id) = id`
/// - `crossI gs ∘ crossI fs = crossI (zipWith (∘) gs fs)`
///
/// and so, for [`fmap`](MonoidalI::fmap): `fmap id = id`, `fmap (g ∘ f) = fmap g ∘ fmap f`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// let f = Fun::cross_i(Arr, [Fun::sin_c(), Fun::exp_c()]);
/// assert_eq!(f.apply([0.0, 0.0]), [0.0, 1.0]);
/// let g = Fun::fmap(Arr::<2>, Fun::negate_c());
/// assert_eq!(g.apply([1.0, 2.0]), [-1.0, -2.0]);
/// ```
pub trait MonoidalI<H: Container>: Category {
    /// `crossI fs`: `fs[i]` on element `i`. `fs` has shape `h`.
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Hom<Self, A, B>>,
    ) -> Hom<Self, H::Obj<A>, H::Obj<B>>;

    /// `fmap f = crossI (point f)`: `f` on every element (the paper's `fmap = crossI ∘ replI`, with
    /// `replI` the container's `point`).
    fn fmap<A: Additive, B: Additive>(h: H, f: Hom<Self, A, B>) -> Hom<Self, H::Obj<A>, H::Obj<B>> {
        Self::cross_i(h, h.tabulate(|_| f.clone()))
    }
}
