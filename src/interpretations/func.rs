use super::composite::{Indiscrete, Map};
use crate::space::Additive;
use crate::vocabulary::LinearFn;
use std::fmt;
use std::rc::Rc;

/// A shared, cloneable function `A → B`: the morphisms of [`Fun`](super::Fun) and of
/// [`AddFun`](super::AddFun).
///
/// It is the machinery of [`DMap`](super::DMap) with nothing beside the value (a map over the
/// indiscrete category, whose one morphism is `()`): its composites, pairs and forks borrow and
/// project as `DMap`'s do.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Func;
/// let sqr = Func::new(|x: f64| x * x);
/// assert_eq!(sqr.apply(3.0), 9.0);
/// ```
pub struct Func<A: Additive, B: Additive>(Map<Indiscrete, A, B>);

impl<E: Additive, T: Additive, B: Additive> Func<(E, T), B> {
    /// The body of a loop with the environment `e`, applied to each `t` the loop gives it: `e`
    /// is lent where the body reads only parts of its argument, and cloned for each call
    /// otherwise.
    pub(crate) fn in_env(&self, e: E) -> impl FnMut(T) -> B + '_ {
        let mut step = self.0.in_env(e);
        move |t| step(t).0
    }
}

impl<E: Additive, S: Additive, A: Additive> Func<((E, S), A), S> {
    /// Runs the steps of a fold from `s`, each step `f` on `((e, s), x)` with its element `x`:
    /// `e` is lent to a step that reads only parts of its argument, cloned for one that takes it
    /// whole.
    pub(crate) fn fold_steps<'a>(steps: impl IntoIterator<Item = (&'a Self, A)>, e: E, s: S) -> S
    where
        Self: 'a,
    {
        Map::fold_steps(steps.into_iter().map(|(f, x)| (&f.0, x)), e, s).0
    }
}

impl<A: Additive, B: Additive> Func<A, B> {
    /// Wraps a closure.
    pub fn new(f: impl Fn(A) -> B + 'static) -> Self {
        Func(Map::new(move |a| (f(a), ())))
    }

    /// Wraps a closure and the same function of a borrowed argument, which clones only what it
    /// reads.
    pub(crate) fn with_ref(
        f: impl Fn(A) -> B + 'static,
        by_ref: impl Fn(&A) -> B + 'static,
    ) -> Self {
        Func(Map::with_ref(move |a| (f(a), ()), move |a| (by_ref(a), ())))
    }

    /// Wraps a linear map given by its action ([`LinearFn::apply`]), which reads its argument
    /// borrowed.
    pub(crate) fn acting(f: Rc<dyn LinearFn<A, B>>) -> Self {
        let by_ref = Rc::clone(&f);
        Func::with_ref(move |a| f.apply(&a), move |a| by_ref.apply(a))
    }

    /// Wraps a projection: the closure, and the part of its argument it projects, borrowed.
    pub(crate) fn projection(
        f: impl Fn(A) -> B + 'static,
        view: impl Fn(&A) -> &B + 'static,
    ) -> Self {
        Func(Map::projection(f, view, ()))
    }

    /// Whether the function is a projection (`exl`, `exr`, `id` and their composites): it
    /// computes nothing, so when it runs does not matter.
    pub(crate) fn is_projection(&self) -> bool {
        self.0.is_projection()
    }

    /// The part a projection projects, borrowed.
    pub(crate) fn view<'a>(&self, a: &'a A) -> &'a B {
        self.0.view(a)
    }

    /// `g ∘ f`, borrowing where the parts can.
    pub(crate) fn then<C: Additive>(self, g: Func<B, C>) -> Func<A, C> {
        Func(self.0.then(g.0))
    }

    /// `f × g`, reading a borrowed pair where either part reads borrowed.
    pub(crate) fn cross<C: Additive, D: Additive>(
        f: Func<A, C>,
        g: Func<B, D>,
    ) -> Func<(A, B), (C, D)> {
        Func(Map::cross(f.0, g.0))
    }

    /// `f △ g` without `dup` (see [`Fun::fork`](super::Fun)): it clones the argument only where
    /// neither side reads it borrowed.
    pub(crate) fn fork<D: Additive>(f: Func<A, B>, g: Func<A, D>) -> Func<A, (B, D)> {
        Func(Map::fork(f.0, g.0))
    }

    /// Applies the function.
    pub fn apply(&self, a: A) -> B {
        self.0.eval(a).0
    }

    /// Applies the function to a borrowed argument: `apply(a.clone())`, but a projection, a
    /// constant, or a composite or pair of them (as [`Fun`](super::Fun) builds them) clones only
    /// the parts of `a` it reads.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let first = Fun::exl::<Vec<f64>, Vec<f64>>();
    /// let big = (vec![1.0; 2], vec![0.0; 1_000_000]);
    /// assert_eq!(first.apply_ref(&big), vec![1.0; 2]); // the second vector is not copied
    /// ```
    pub fn apply_ref(&self, a: &A) -> B {
        self.0.eval_ref(a).0
    }

    /// The function as a closure, for APIs that take one, such as
    /// [`Pred::compare`](crate::vocabulary::Pred::compare).
    ///
    /// ```
    /// use catad::prelude::*;
    /// let cos = Fun::cos_c().into_fn();
    /// assert_eq!(cos(0.0_f64), 1.0);
    /// ```
    pub fn into_fn(self) -> impl Fn(A) -> B + 'static {
        move |a| self.apply(a)
    }
}

impl<A: Additive, B: Additive> Clone for Func<A, B> {
    fn clone(&self) -> Self {
        Func(self.0.clone())
    }
}

impl<A: Additive, B: Additive> fmt::Debug for Func<A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Func<{}, {}>",
            std::any::type_name::<A>(),
            std::any::type_name::<B>()
        )
    }
}
