//! The [`Cartesian`] laws: `(exl, exr)` and `△` form a product.
//!
//! (Uniqueness of `it :: a ⤳ ()` holds in every instance but is not observable — every map into
//! the zero-dimensional `()` has an empty observation — so no predicate pretends to check it.)

use crate::{At, Observe, same_at};
use catad::prelude::*;

/// `exl ∘ (f △ g) = f`, observed at `at` (see [`At`]).
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let law = catad_laws::cartesian::exl_fork::<Fun, f64, f64, f64, f64>;
/// assert!(law(Fun::sin_c(), Fun::cos_c(), &At::point(0.5)));
/// ```
pub fn exl_fork<K: Cartesian + Observe<S>, S: Scalar, A: Space<S>, C: Space<S>, E: Space<S>>(
    f: Hom<K, A, C>,
    g: Hom<K, A, E>,
    at: &At<A, C>,
) -> bool {
    same_at::<K, S, A, C>(&K::compose(K::exl(), K::fork(f.clone(), g)), &f, at)
}

/// `exr ∘ (f △ g) = g`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let law = catad_laws::cartesian::exr_fork::<Fun, f64, f64, f64, f64>;
/// assert!(law(Fun::sin_c(), Fun::cos_c(), &At::point(0.5)));
/// ```
pub fn exr_fork<K: Cartesian + Observe<S>, S: Scalar, A: Space<S>, C: Space<S>, E: Space<S>>(
    f: Hom<K, A, C>,
    g: Hom<K, A, E>,
    at: &At<A, E>,
) -> bool {
    same_at::<K, S, A, E>(&K::compose(K::exr(), K::fork(f, g.clone())), &g, at)
}

/// `(exl ∘ h) △ (exr ∘ h) = h`: a map into a product is determined by its components.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let h = Reverse::fork(Reverse::sin_c(), Reverse::exp_c());
/// let law = catad_laws::cartesian::fork_unfork::<Reverse, f64, f64, f64, f64>;
/// assert!(law(h, &At::point(0.5)));
/// ```
pub fn fork_unfork<K: Cartesian + Observe<S>, S: Scalar, A: Space<S>, C: Space<S>, E: Space<S>>(
    h: Hom<K, A, (C, E)>,
    at: &At<A, (C, E)>,
) -> bool {
    let (l, r) = K::unfork(h.clone());
    same_at::<K, S, A, (C, E)>(&K::fork(l, r), &h, at)
}
