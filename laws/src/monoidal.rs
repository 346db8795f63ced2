//! The [`Monoidal`] laws: `×` is a bifunctor.

use crate::{Observe, same_at};
use catad::prelude::*;

/// `×` preserves identities: `id × id = id`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// assert!(catad_laws::monoidal::cross_id::<Dual<AddFun>, f64, f64, f64>(&(1.0, 2.0)));
/// ```
pub fn cross_id<K, S, A, B>(a: &(A, B)) -> bool
where
    K: Monoidal + Observe<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    same_at::<K, S, (A, B), (A, B)>(&K::cross(K::id(), K::id()), &K::id(), a)
}

/// `×` preserves composition: `(h × k) ∘ (f × g) = (h ∘ f) × (k ∘ g)`.
///
/// ```
/// use catad::prelude::*;
/// let law = catad_laws::monoidal::cross_compose::<Forward, f64, f64, f64, f64, f64, f64, f64>;
/// assert!(law(Forward::sin_c(), Forward::exp_c(), Forward::cos_c(), Forward::tanh_c(), &(0.5, 0.25)));
/// ```
#[allow(clippy::type_complexity)]
pub fn cross_compose<K, S, A, B, C, E, F, G>(
    f: Hom<K, A, C>,
    g: Hom<K, B, E>,
    h: Hom<K, C, F>,
    k: Hom<K, E, G>,
    a: &(A, B),
) -> bool
where
    K: Monoidal + Observe<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    C: Space<S>,
    E: Space<S>,
    F: Space<S>,
    G: Space<S>,
{
    let left = K::compose(
        K::cross(h.clone(), k.clone()),
        K::cross(f.clone(), g.clone()),
    );
    let right = K::cross(K::compose(h, f), K::compose(k, g));
    same_at::<K, S, (A, B), (F, G)>(&left, &right, a)
}
