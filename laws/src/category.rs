//! The [`Category`] laws.

use crate::{At, Observe, same_at};
use catad::prelude::*;

/// Left identity: `id ∘ f = f`, observed at `at` (see [`At`]).
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let law = catad_laws::category::left_identity::<Fun, f64, f64, f64>;
/// assert!(law(Fun::sin_c(), &At::point(1.0)));
/// ```
pub fn left_identity<K: Observe<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: Hom<K, A, B>,
    at: &At<A, B>,
) -> bool {
    same_at::<K, S, A, B>(&K::compose(K::id(), f.clone()), &f, at)
}

/// Right identity: `f ∘ id = f`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let law = catad_laws::category::right_identity::<Reverse, f64, f64, f64>;
/// assert!(law(Reverse::cos_c(), &At::point(1.0)));
/// ```
pub fn right_identity<K: Observe<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: Hom<K, A, B>,
    at: &At<A, B>,
) -> bool {
    same_at::<K, S, A, B>(&K::compose(f.clone(), K::id()), &f, at)
}

/// Associativity: `h ∘ (g ∘ f) = (h ∘ g) ∘ f`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad_laws::At;
/// let (f, g, h) = (AddFun::scale(2.0), AddFun::scale(3.0), AddFun::dup());
/// let law = catad_laws::category::compose_assoc::<AddFun, f64, f64, f64, f64, (f64, f64)>;
/// assert!(law(f, g, h, &At::point(1.0)));
/// ```
pub fn compose_assoc<K, S, A, B, C, E>(
    f: Hom<K, A, B>,
    g: Hom<K, B, C>,
    h: Hom<K, C, E>,
    at: &At<A, E>,
) -> bool
where
    K: Observe<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    C: Space<S>,
    E: Space<S>,
{
    let left = K::compose(h.clone(), K::compose(g.clone(), f.clone()));
    let right = K::compose(K::compose(h, g), f);
    same_at::<K, S, A, E>(&left, &right, at)
}

/// Sharing changes nothing: `share f = f` (see [`Category::share`]).
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Delta;
/// use catad_laws::At;
/// let law = catad_laws::category::share_identity::<Delta, f64, f64, (f64, f64)>;
/// assert!(law(Delta::dup(), &At::point(1.0)));
/// ```
pub fn share_identity<K: Observe<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: Hom<K, A, B>,
    at: &At<A, B>,
) -> bool {
    same_at::<K, S, A, B>(&K::share(f.clone()), &f, at)
}
