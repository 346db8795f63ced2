use super::{Category, Hom};
use crate::space::Additive;

/// Parallel composition `f × g` (paper §4.2).
///
/// # Laws
///
/// - `id × id = id`
/// - `(h × k) ∘ (f × g) = (h ∘ f) × (k ∘ g)`
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Func;
/// let inc = Func::new(|x: f64| x + 1.0);
/// let dbl = Func::new(|x: f64| 2.0 * x);
/// assert_eq!(Fun::cross(inc.clone(), dbl).apply((1.0, 1.0)), (2.0, 2.0));
/// assert_eq!(Fun::first::<_, _, f64>(inc).apply((1.0, 5.0)), (2.0, 5.0));
/// ```
pub trait Monoidal: Category {
    /// `f × g`: `f` on the left component, `g` on the right.
    fn cross<A: Additive, B: Additive, C: Additive, D: Additive>(
        f: Hom<Self, A, C>,
        g: Hom<Self, B, D>,
    ) -> Hom<Self, (A, B), (C, D)>;

    /// `first f = f × id`.
    fn first<A: Additive, C: Additive, B: Additive>(
        f: Hom<Self, A, C>,
    ) -> Hom<Self, (A, B), (C, B)> {
        Self::cross(f, Self::id())
    }

    /// `second g = id × g`.
    fn second<A: Additive, B: Additive, D: Additive>(
        g: Hom<Self, B, D>,
    ) -> Hom<Self, (A, B), (A, D)> {
        Self::cross(Self::id(), g)
    }
}
