use super::{Hom, Monoidal};
use crate::space::Additive;

/// Products: projections, duplication and the terminal object `()` (paper §4.3).
///
/// # Laws
///
/// - `exl ∘ (f △ g) = f`
/// - `exr ∘ (f △ g) = g`
/// - `(exl ∘ h) △ (exr ∘ h) = h`
/// - `it` is the only morphism into `()`: `h = it` for every `h :: a ⤳ ()`
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Func;
/// let inc = Func::new(|x: f64| x + 1.0);
/// let dbl = Func::new(|x: f64| 2.0 * x);
/// assert_eq!(Fun::fork(inc, dbl).apply(3.0), (4.0, 6.0));
/// assert_eq!(Fun::swap::<f64, f32>().apply((1.0, 2.0)), (2.0, 1.0));
/// ```
pub trait Cartesian: Monoidal {
    /// `exl (a, b) = a`.
    fn exl<A: Additive, B: Additive>() -> Hom<Self, (A, B), A>;
    /// `exr (a, b) = b`.
    fn exr<A: Additive, B: Additive>() -> Hom<Self, (A, B), B>;
    /// `dup a = (a, a)`.
    fn dup<A: Additive>() -> Hom<Self, A, (A, A)>;
    /// `it a = ()`, the unique morphism to the terminal object.
    fn it<A: Additive>() -> Hom<Self, A, ()>;

    /// `f △ g = (f × g) ∘ dup`.
    fn fork<A: Additive, C: Additive, D: Additive>(
        f: Hom<Self, A, C>,
        g: Hom<Self, A, D>,
    ) -> Hom<Self, A, (C, D)> {
        Self::compose(Self::cross(f, g), Self::dup())
    }

    /// `unfork h = (exl ∘ h, exr ∘ h)`, the inverse of `fork`; the two halves
    /// [`share`](crate::vocabulary::Category::share) `h`.
    fn unfork<A: Additive, C: Additive, D: Additive>(
        h: Hom<Self, A, (C, D)>,
    ) -> (Hom<Self, A, C>, Hom<Self, A, D>) {
        let h = Self::share(h);
        (
            Self::compose(Self::exl(), h.clone()),
            Self::compose(Self::exr(), h),
        )
    }

    /// `swap = exr △ exl`.
    fn swap<A: Additive, B: Additive>() -> Hom<Self, (A, B), (B, A)> {
        Self::fork(Self::exr(), Self::exl())
    }
}
