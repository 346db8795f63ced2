//! The [`Cartesian`] laws: `(exl, exr)` and `△` form a product.
//!
//! (Uniqueness of `it :: a ⤳ ()` holds in every instance but is not observable — every map into
//! the zero-dimensional `()` has an empty observation — so no predicate pretends to check it.)

use crate::{Observe, same_at};
use catad::prelude::*;

/// `exl ∘ (f △ g) = f`.
///
/// ```
/// use catad::prelude::*;
/// assert!(catad_laws::cartesian::exl_fork::<Fun, f64, f64, f64, f64>(Fun::sin_c(), Fun::cos_c(), &0.5));
/// ```
pub fn exl_fork<K, S, A, C, E>(f: Hom<K, A, C>, g: Hom<K, A, E>, a: &A) -> bool
where
    K: Cartesian + Observe<S>,
    S: Scalar,
    A: Space<S>,
    C: Space<S>,
    E: Space<S>,
{
    same_at::<K, S, A, C>(&K::compose(K::exl(), K::fork(f.clone(), g)), &f, a)
}

/// `exr ∘ (f △ g) = g`.
///
/// ```
/// use catad::prelude::*;
/// assert!(catad_laws::cartesian::exr_fork::<Fun, f64, f64, f64, f64>(Fun::sin_c(), Fun::cos_c(), &0.5));
/// ```
pub fn exr_fork<K, S, A, C, E>(f: Hom<K, A, C>, g: Hom<K, A, E>, a: &A) -> bool
where
    K: Cartesian + Observe<S>,
    S: Scalar,
    A: Space<S>,
    C: Space<S>,
    E: Space<S>,
{
    same_at::<K, S, A, E>(&K::compose(K::exr(), K::fork(f, g.clone())), &g, a)
}

/// `(exl ∘ h) △ (exr ∘ h) = h`: a map into a product is determined by its components.
///
/// ```
/// use catad::prelude::*;
/// let h = Reverse::fork(Reverse::sin_c(), Reverse::exp_c());
/// assert!(catad_laws::cartesian::fork_unfork::<Reverse, f64, f64, f64, f64>(h, &0.5));
/// ```
pub fn fork_unfork<K, S, A, C, E>(h: Hom<K, A, (C, E)>, a: &A) -> bool
where
    K: Cartesian + Observe<S>,
    S: Scalar,
    A: Space<S>,
    C: Space<S>,
    E: Space<S>,
{
    let (l, r) = K::unfork(h.clone());
    same_at::<K, S, A, (C, E)>(&K::fork(l, r), &h, a)
}
