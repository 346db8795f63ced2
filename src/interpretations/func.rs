use std::fmt;
use std::rc::Rc;

/// A shared, cloneable function `A → B`: the morphisms of [`Fun`](super::Fun) and of
/// [`AddFun`](super::AddFun).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Func;
/// let sqr = Func::new(|x: f64| x * x);
/// assert_eq!(sqr.apply(3.0), 9.0);
/// ```
pub struct Func<A, B> {
    f: Rc<dyn Fn(A) -> B>,
    /// The function of a borrowed argument, for one that reads only part of it (a projection, a
    /// constant, their composites and pairs): it clones only the parts it reads. `None`: the
    /// argument is cloned whole.
    by_ref: Option<Rc<dyn Fn(&A) -> B>>,
    /// For a projection (`exl`, `exr`, `id` and their composites), the part it projects, borrowed.
    view: Option<Rc<dyn Fn(&A) -> &B>>,
}

impl<A, B> Func<A, B> {
    /// Wraps a closure.
    pub fn new(f: impl Fn(A) -> B + 'static) -> Self {
        Func {
            f: Rc::new(f),
            by_ref: None,
            view: None,
        }
    }

    /// Wraps a closure and the same function of a borrowed argument, which clones only what it
    /// reads.
    pub(crate) fn with_ref(
        f: impl Fn(A) -> B + 'static,
        by_ref: impl Fn(&A) -> B + 'static,
    ) -> Self {
        Func {
            f: Rc::new(f),
            by_ref: Some(Rc::new(by_ref)),
            view: None,
        }
    }

    /// Wraps a projection: the closure, and the part of its argument it projects, borrowed.
    pub(crate) fn projection(
        f: impl Fn(A) -> B + 'static,
        view: impl Fn(&A) -> &B + 'static,
    ) -> Self
    where
        A: 'static,
        B: Clone + 'static,
    {
        let view: Rc<dyn Fn(&A) -> &B> = Rc::new(view);
        let part = Rc::clone(&view);
        Func {
            f: Rc::new(f),
            by_ref: Some(Rc::new(move |a| part(a).clone())),
            view: Some(view),
        }
    }

    /// Whether the function is a projection (`exl`, `exr`, `id` and their composites): it
    /// computes nothing, so when it runs does not matter.
    pub(crate) fn is_projection(&self) -> bool {
        self.view.is_some()
    }

    /// Whether the function reads a borrowed argument without cloning it whole. A composite or
    /// pair of functions that do not gains nothing from a borrowed form, so none is built.
    pub(crate) fn borrows(&self) -> bool {
        self.by_ref.is_some()
    }

    /// `g ∘ f`, borrowing where the parts can: a projection of a projection is one, and a
    /// function after a projection reads the projected part borrowed.
    pub(crate) fn then<C>(self, g: Func<B, C>) -> Func<A, C>
    where
        A: Clone + 'static,
        B: Clone + 'static,
        C: Clone + 'static,
    {
        let (f, g_whole) = (self.clone(), g.clone());
        let whole = move |a| g_whole.apply(f.apply(a));
        match (self.view.clone(), g.view.clone()) {
            (Some(f_view), Some(g_view)) => Func::projection(whole, move |a| g_view(f_view(a))),
            (Some(f_view), None) => Func::with_ref(whole, move |a| g.apply_ref(f_view(a))),
            (None, _) if self.borrows() => {
                Func::with_ref(whole, move |a| g.apply(self.apply_ref(a)))
            }
            (None, _) => Func::new(whole),
        }
    }

    /// Applies the function.
    pub fn apply(&self, a: A) -> B {
        (self.f)(a)
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
    pub fn apply_ref(&self, a: &A) -> B
    where
        A: Clone,
    {
        match &self.by_ref {
            Some(by_ref) => by_ref(a),
            None => (self.f)(a.clone()),
        }
    }

    /// The function as a closure, for APIs that take one, such as
    /// [`Pred::compare`](crate::vocabulary::Pred::compare).
    ///
    /// ```
    /// use catad::prelude::*;
    /// let cos = Fun::cos_c().into_fn();
    /// assert_eq!(cos(0.0_f64), 1.0);
    /// ```
    pub fn into_fn(self) -> impl Fn(A) -> B + 'static
    where
        A: 'static,
        B: 'static,
    {
        move |a| self.apply(a)
    }
}

impl<A, B> Clone for Func<A, B> {
    fn clone(&self) -> Self {
        Func {
            f: Rc::clone(&self.f),
            by_ref: self.by_ref.clone(),
            view: self.view.clone(),
        }
    }
}

impl<A, B> fmt::Debug for Func<A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Func<{}, {}>",
            std::any::type_name::<A>(),
            std::any::type_name::<B>()
        )
    }
}
