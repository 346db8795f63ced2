//! The [`Scalable`] laws: `scale` is a monoid homomorphism from `(S, ·, 1)` to `(S ⊸ S, ∘, id)`.

use crate::{At, Observe, same_at};
use catad::prelude::*;

/// `scale a ∘ scale b = scale (a · b)`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// assert!(catad_laws::scalable::scale_compose::<Dual<AddFun>, f64>(2.0, 3.0, &1.0));
/// ```
pub fn scale_compose<K: Scalable<S> + Observe<S>, S: Scalar>(a: S, b: S, x: &S) -> bool {
    let at = At::new(*x, *x);
    same_at::<K, S, S, S>(&K::compose(K::scale(a), K::scale(b)), &K::scale(a * b), &at)
}

/// `scale 1 = id`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// assert!(catad_laws::scalable::scale_one::<AddFun, f64>(&1.0));
/// ```
pub fn scale_one<K: Scalable<S> + Observe<S>, S: Scalar>(x: &S) -> bool {
    same_at::<K, S, S, S>(&K::scale(S::from_f64(1.0)), &K::id(), &At::new(*x, *x))
}
