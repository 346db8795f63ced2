//! The [`Conditional`] laws: `cond p f g` is `f` where `p` holds and `g` elsewhere. In a derivative
//! category the observation includes the derivative at the point, so these laws say that the
//! derivative of a conditional is the chosen branch's derivative.

use crate::{At, Observe, same_at};
use catad::prelude::*;

/// `cond p f g` agrees with `f` where `p` holds and with `g` elsewhere, in value and (in a
/// derivative category) derivative: `cond p f g a = if p a then f a else g a`; observed at `at`
/// (see [`At`]).
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let negative = Pred::compare(|x: f64| x, Comparison::Lt, |_| 0.0);
/// let law = catad_laws::conditional::cond_chooses::<Reverse, f64, f64, f64>;
/// for x in [-1.0, 1.0] {
///     assert!(law(&negative, Reverse::negate_c(), Reverse::id(), &At::point(x)));
/// }
/// ```
pub fn cond_chooses<K: Conditional + Observe<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    p: &Pred<A>,
    f: Hom<K, A, B>,
    g: Hom<K, A, B>,
    at: &At<A, B>,
) -> bool {
    let chosen = if p.holds(&at.a) { f.clone() } else { g.clone() };
    same_at::<K, S, A, B>(&K::cond(p.clone(), f, g), &chosen, at)
}

/// A conditional with equal branches is its branch: `cond p f f = f`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let positive = Pred::new(|x: &f64| *x > 0.0);
/// let law = catad_laws::conditional::cond_idempotent::<Forward, f64, f64, f64>;
/// assert!(law(&positive, Forward::sin_c(), &At::point(0.5)));
/// ```
pub fn cond_idempotent<K: Conditional + Observe<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    p: &Pred<A>,
    f: Hom<K, A, B>,
    at: &At<A, B>,
) -> bool {
    same_at::<K, S, A, B>(&K::cond(p.clone(), f.clone(), f.clone()), &f, at)
}

/// Negating the test swaps the branches: `cond (not p) f g = cond p g f`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let small = Pred::new(|x: &f64| x.abs() < 1.0);
/// let law = catad_laws::conditional::cond_not::<Fun, f64, f64, f64>;
/// assert!(law(&small, Fun::exp_c(), Fun::cos_c(), &At::point(0.5)));
/// ```
pub fn cond_not<K, S, A, B>(p: &Pred<A>, f: Hom<K, A, B>, g: Hom<K, A, B>, at: &At<A, B>) -> bool
where
    K: Conditional + Observe<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let negated = K::cond(p.not(), f.clone(), g.clone());
    same_at::<K, S, A, B>(&negated, &K::cond(p.clone(), g, f), at)
}
