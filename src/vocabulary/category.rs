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

    /// `f` itself, to be used more than once: a let-binding (Krawiec et al., §7). Semantically the
    /// identity on morphisms (`share f = f`, checked by `catad_laws::category`), and that is the
    /// provided method. A category whose morphisms build data overrides it so that every use of
    /// the result on one argument shares one result: [`Delta`](crate::interpretations::Delta)'s
    /// shared map builds its nodes once and hands the same nodes to each later use.
    ///
    /// `unjoin` and `unfork` share the morphism they split, so that the two halves, and all that
    /// the continuations of [`Cont`](crate::interpretations::Cont) (beginnings of
    /// [`Begin`](crate::interpretations::Begin)) make of them, build it once: which is what makes
    /// those modes linear in the size of the program.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::interpretations::{AddFun, Func};
    /// let double = Func::new(|x: f64| 2.0 * x);
    /// assert_eq!(AddFun::share(double).apply(3.0), 6.0);
    /// ```
    fn share<A: Additive, B: Additive>(f: Hom<Self, A, B>) -> Hom<Self, A, B> {
        f
    }
}
