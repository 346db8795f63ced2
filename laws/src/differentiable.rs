use catad::interpretations::{D, DMap};
use catad::prelude::*;
use catad::vocabulary::LinearMap;

/// A category of differentiable functions: a morphism has a value and a linear derivative at each
/// point, the derivative a morphism of the linear-map category [`Linear`](Differentiable::Linear).
/// `D<K>` is one, with `K` its linear maps; the functor and calculus laws are stated for every
/// such category.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// use catad::vocabulary::LinearMap;
/// use catad_laws::Differentiable;
/// let (y, dy) = Reverse::linearize(&Reverse::exp_c(), &0.0);
/// assert_eq!((y, Dual::<AddFun>::forward(&dy, &2.0, &0.0)), (1.0, 2.0));
/// ```
pub trait Differentiable<S: Scalar>: Category {
    /// The representation of the derivatives.
    type Linear: LinearMap<S>;

    /// The value of `f` at `a`, and its derivative there.
    fn linearize<A: Space<S>, B: Space<S>>(
        f: &Hom<Self, A, B>,
        a: &A,
    ) -> (B, Hom<Self::Linear, A, B>);
}

impl<K: LinearMap<S>, S: Scalar> Differentiable<S> for D<K> {
    type Linear = K;

    fn linearize<A: Space<S>, B: Space<S>>(f: &DMap<K, A, B>, a: &A) -> (B, Hom<K, A, B>) {
        f.linearize(a.clone())
    }
}
