use crate::space::Additive;

/// Morphisms ``a `k` b`` of the category `K`: `Hom<K, A, B>` is `<K as Category>::Hom<A, B>`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Func;
/// let double: Hom<Fun, f64, f64> = Func::new(|x: f64| 2.0 * x);
/// assert_eq!(double.apply(3.0), 6.0);
/// ```
pub type Hom<K, A, B> = <K as Category>::Hom<A, B>;

/// A category: identities and associative composition (paper §4.1).
///
/// # Laws
///
/// - left identity: `id ∘ f = f`
/// - right identity: `f ∘ id = f`
/// - associativity: `h ∘ (g ∘ f) = (h ∘ g) ∘ f`
///
/// checked for every instance by `catad_laws::category`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Func;
/// let inc = Func::new(|x: f64| x + 1.0);
/// let dbl = Func::new(|x: f64| 2.0 * x);
/// assert_eq!(Fun::compose(dbl.clone(), inc.clone()).apply(1.0), 4.0);
/// assert_eq!(Fun::compose(Fun::id(), dbl).apply(1.0), 2.0);
/// ```
pub trait Category: Sized + 'static {
    /// The morphisms from `A` to `B`.
    type Hom<A: Additive, B: Additive>: Clone + 'static;

    /// The identity morphism `id :: a ⤳ a`.
    fn id<A: Additive>() -> Hom<Self, A, A>;

    /// Sequential composition `g ∘ f`: first `f`, then `g`.
    fn compose<A: Additive, B: Additive, C: Additive>(
        g: Hom<Self, B, C>,
        f: Hom<Self, A, B>,
    ) -> Hom<Self, A, C>;
}
