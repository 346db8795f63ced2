//! The [`Cocartesian`] laws: `(inl, inr)` and `▽` form a coproduct.
//!
//! They hold for *additive* morphisms: in `D<K>` the coproduct adds values, so `(f ▽ g) ∘ inl = f`
//! needs `g 0 = 0`. The suites check them on linear programs.
//!
//! (Uniqueness of `ini :: () ⤳ a` is not observable, as that of `it` is not: a linear map out of
//! the zero-dimensional `()` has an empty matrix.)

use crate::{At, Observe, same_at};
use catad::prelude::*;

/// `(f ▽ g) ∘ inl = f`, observed at `at` (see [`At`]).
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad_laws::At;
/// let law = catad_laws::cocartesian::join_inl::<AddFun, f64, f64, f64, f64>;
/// assert!(law(AddFun::scale(2.0), AddFun::scale(3.0), &At::point(1.0)));
/// ```
pub fn join_inl<K: Cocartesian + Observe<S>, S: Scalar, A: Space<S>, B: Space<S>, C: Space<S>>(
    f: Hom<K, A, C>,
    g: Hom<K, B, C>,
    at: &At<A, C>,
) -> bool {
    same_at::<K, S, A, C>(&K::compose(K::join(f.clone(), g), K::inl()), &f, at)
}

/// `(f ▽ g) ∘ inr = g`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// use catad_laws::At;
/// let law = catad_laws::cocartesian::join_inr::<Dual<AddFun>, f64, f64, f64, f64>;
/// assert!(law(AddFun::scale(2.0), AddFun::scale(3.0), &At::point(1.0)));
/// ```
pub fn join_inr<K: Cocartesian + Observe<S>, S: Scalar, A: Space<S>, B: Space<S>, C: Space<S>>(
    f: Hom<K, A, C>,
    g: Hom<K, B, C>,
    at: &At<B, C>,
) -> bool {
    same_at::<K, S, B, C>(&K::compose(K::join(f, g.clone()), K::inr()), &g, at)
}

/// `(h ∘ inl) ▽ (h ∘ inr) = h`: a map out of a coproduct is determined by its components.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad_laws::At;
/// let law = catad_laws::cocartesian::join_unjoin::<AddFun, f64, f64, f64, f64>;
/// assert!(law(AddFun::jam(), &At::point((1.0, 2.0))));
/// ```
pub fn join_unjoin<K, S, A, B, C>(h: Hom<K, (A, B), C>, at: &At<(A, B), C>) -> bool
where
    K: Cocartesian + Observe<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    C: Space<S>,
{
    let (l, r) = K::unjoin(h.clone());
    same_at::<K, S, (A, B), C>(&K::join(l, r), &h, at)
}
