//! The [`Monoidal`] laws: `×` is a bifunctor.

use crate::{At, Observe, same_at};
use catad::prelude::*;

/// `×` preserves identities: `id × id = id`, at a point `a` (which is also the codomain's
/// witness).
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// assert!(catad_laws::monoidal::cross_id::<Dual<AddFun>, f64, f64, f64>(&(1.0, 2.0)));
/// ```
pub fn cross_id<K: Monoidal + Observe<S>, S: Scalar, A: Space<S>, B: Space<S>>(a: &(A, B)) -> bool {
    let at = At::new(a.clone(), a.clone());
    same_at::<K, S, (A, B), (A, B)>(&K::cross(K::id(), K::id()), &K::id(), &at)
}

/// `×` preserves composition: `(h × k) ∘ (f × g) = (h ∘ f) × (k ∘ g)`, observed at `at` (see
/// [`At`]).
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let law = catad_laws::monoidal::cross_compose::<Forward, f64, f64, f64, f64, f64, f64, f64>;
/// let (f, g) = (Forward::sin_c(), Forward::exp_c());
/// assert!(law(f, g, Forward::cos_c(), Forward::tanh_c(), &At::point((0.5, 0.25))));
/// ```
pub fn cross_compose<K, S, A, B, C, E, F, G>(
    f: Hom<K, A, C>,
    g: Hom<K, B, E>,
    h: Hom<K, C, F>,
    k: Hom<K, E, G>,
    at: &At<(A, B), (F, G)>,
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
    same_at::<K, S, (A, B), (F, G)>(&left, &right, at)
}
