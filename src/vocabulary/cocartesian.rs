use super::{Cartesian, Hom, Monoidal};
use crate::space::Additive;

/// Coproducts, which in linear-map categories coincide with products: injections, `jam` (addition)
/// and the initial object `()` (paper §4.4, Fig. 1).
///
/// # Laws
///
/// - `(f ▽ g) ∘ inl = f`
/// - `(f ▽ g) ∘ inr = g`
/// - `(h ∘ inl) ▽ (h ∘ inr) = h`
/// - `ini` is the only morphism out of `()`: `h = ini` for every `h :: () ⤳ a`
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Func};
/// let dbl = Func::new(|x: f64| 2.0 * x);
/// let tpl = Func::new(|x: f64| 3.0 * x);
/// assert_eq!(AddFun::join(dbl, tpl).apply((1.0, 1.0)), 5.0);
/// assert_eq!(AddFun::inl::<f64, f64>().apply(7.0), (7.0, 0.0));
/// ```
pub trait Cocartesian: Monoidal {
    /// `inl a = (a, 0)`.
    fn inl<A: Additive, B: Additive>() -> Hom<Self, A, (A, B)>;
    /// `inr b = (0, b)`.
    fn inr<A: Additive, B: Additive>() -> Hom<Self, B, (A, B)>;
    /// `jam (a, a') = a + a'`.
    fn jam<A: Additive>() -> Hom<Self, (A, A), A>;
    /// `ini () = 0`, the unique morphism from the initial object.
    fn ini<A: Additive>() -> Hom<Self, (), A>;

    /// `f ▽ g = jam ∘ (f × g)`.
    fn join<A: Additive, B: Additive, C: Additive>(
        f: Hom<Self, A, C>,
        g: Hom<Self, B, C>,
    ) -> Hom<Self, (A, B), C> {
        Self::compose(Self::jam(), Self::cross(f, g))
    }

    /// `unjoin h = (h ∘ inl, h ∘ inr)`, the inverse of `join`; the two halves
    /// [`share`](crate::vocabulary::Category::share) `h`.
    fn unjoin<A: Additive, B: Additive, C: Additive>(
        h: Hom<Self, (A, B), C>,
    ) -> (Hom<Self, A, C>, Hom<Self, B, C>) {
        let h = Self::share(h);
        (
            Self::compose(h.clone(), Self::inl()),
            Self::compose(h, Self::inr()),
        )
    }
}

/// The zero morphism `ini ∘ it :: a ⤳ b`, through the zero object `()` of a biproduct category.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::vocabulary::zero;
/// assert_eq!(zero::<AddFun, f64, (f64, f64)>().apply(5.0), (0.0, 0.0));
/// ```
pub fn zero<K: Cartesian + Cocartesian, A: Additive, B: Additive>() -> Hom<K, A, B> {
    K::compose(K::ini(), K::it())
}
