//! The [`Category`] laws.

use crate::{Observe, same_at};
use catad::prelude::*;

/// Left identity: `id ∘ f = f`.
///
/// ```
/// use catad::prelude::*;
/// assert!(catad_laws::category::left_identity::<Fun, f64, f64, f64>(Fun::sin_c(), &1.0));
/// ```
pub fn left_identity<K: Observe<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: Hom<K, A, B>,
    a: &A,
) -> bool {
    same_at::<K, S, A, B>(&K::compose(K::id(), f.clone()), &f, a)
}

/// Right identity: `f ∘ id = f`.
///
/// ```
/// use catad::prelude::*;
/// assert!(catad_laws::category::right_identity::<Reverse, f64, f64, f64>(Reverse::cos_c(), &1.0));
/// ```
pub fn right_identity<K: Observe<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: Hom<K, A, B>,
    a: &A,
) -> bool {
    same_at::<K, S, A, B>(&K::compose(f.clone(), K::id()), &f, a)
}

/// Associativity: `h ∘ (g ∘ f) = (h ∘ g) ∘ f`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// let (f, g, h) = (AddFun::scale(2.0), AddFun::scale(3.0), AddFun::dup());
/// assert!(catad_laws::category::compose_assoc::<AddFun, f64, f64, f64, f64, (f64, f64)>(f, g, h, &1.0));
/// ```
pub fn compose_assoc<K, S, A, B, C, E>(
    f: Hom<K, A, B>,
    g: Hom<K, B, C>,
    h: Hom<K, C, E>,
    a: &A,
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
    same_at::<K, S, A, E>(&left, &right, a)
}
