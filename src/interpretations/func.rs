use crate::space::Additive;
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
pub struct Func<A, B>(Rc<dyn Parts<A, B>>);

/// What a [`Func`] is made of: the function, and, for one that reads only part of its argument
/// (a projection, a constant, their composites and pairs), the same function of a borrowed
/// argument, which clones only the parts it reads. One shared object, so that a `Func` of a
/// plain closure costs what the closure does.
trait Parts<A, B> {
    /// Applies the function.
    fn apply(&self, a: A) -> B;

    /// The function of a borrowed argument, where it reads only part of it; `None` where the
    /// argument must be cloned whole.
    fn apply_borrowed(&self, a: &A) -> Option<B>;

    /// For a projection (`exl`, `exr`, `id` and their composites), the part it projects,
    /// borrowed; `None` for any other function.
    fn view<'a>(&self, a: &'a A) -> Option<&'a B>;

    /// Whether [`apply_borrowed`](Parts::apply_borrowed) is `Some` (as it is for every
    /// projection).
    fn borrows(&self) -> bool;

    /// Whether [`view`](Parts::view) is `Some`.
    fn is_projection(&self) -> bool;
}

/// A closure, which takes its argument whole.
struct Whole<F>(F);

impl<A, B, F: Fn(A) -> B> Parts<A, B> for Whole<F> {
    fn apply(&self, a: A) -> B {
        (self.0)(a)
    }
    fn apply_borrowed(&self, _: &A) -> Option<B> {
        None
    }
    fn view<'a>(&self, _: &'a A) -> Option<&'a B> {
        None
    }
    fn borrows(&self) -> bool {
        false
    }
    fn is_projection(&self) -> bool {
        false
    }
}

/// A closure and the same function of a borrowed argument.
struct Borrowing<F, G>(F, G);

impl<A, B, F: Fn(A) -> B, G: Fn(&A) -> B> Parts<A, B> for Borrowing<F, G> {
    fn apply(&self, a: A) -> B {
        (self.0)(a)
    }
    fn apply_borrowed(&self, a: &A) -> Option<B> {
        Some((self.1)(a))
    }
    fn view<'a>(&self, _: &'a A) -> Option<&'a B> {
        None
    }
    fn borrows(&self) -> bool {
        true
    }
    fn is_projection(&self) -> bool {
        false
    }
}

/// A projection: a closure and the part of its argument it projects, borrowed.
struct Projection<F, V>(F, V);

impl<A, B: Clone, F: Fn(A) -> B, V: Fn(&A) -> &B> Parts<A, B> for Projection<F, V> {
    fn apply(&self, a: A) -> B {
        (self.0)(a)
    }
    fn apply_borrowed(&self, a: &A) -> Option<B> {
        Some((self.1)(a).clone())
    }
    fn view<'a>(&self, a: &'a A) -> Option<&'a B> {
        Some((self.1)(a))
    }
    fn borrows(&self) -> bool {
        true
    }
    fn is_projection(&self) -> bool {
        true
    }
}

impl<E: Additive, T: Additive, B> Func<(E, T), B> {
    /// The body of a loop with the environment `e`, applied to each `t` the loop gives it: `e`
    /// is lent where the body reads only parts of its argument (as a program's reads of its
    /// variables do), and cloned for each call otherwise — so a loop whose environment holds a
    /// vector copies only the elements its body reads.
    pub(crate) fn in_env(&self, e: E) -> impl FnMut(T) -> B + '_ {
        let borrows = self.borrows();
        let mut arg = (e, T::zero());
        move |t| {
            if borrows {
                arg.1 = t;
                self.apply_ref(&arg)
            } else {
                self.apply((arg.0.clone(), t))
            }
        }
    }
}

impl<A, B> Func<A, B> {
    /// Wraps a closure.
    pub fn new(f: impl Fn(A) -> B + 'static) -> Self {
        Func(Rc::new(Whole(f)))
    }

    /// Wraps a closure and the same function of a borrowed argument, which clones only what it
    /// reads.
    pub(crate) fn with_ref(
        f: impl Fn(A) -> B + 'static,
        by_ref: impl Fn(&A) -> B + 'static,
    ) -> Self {
        Func(Rc::new(Borrowing(f, by_ref)))
    }

    /// Wraps a projection: the closure, and the part of its argument it projects, borrowed.
    pub(crate) fn projection(
        f: impl Fn(A) -> B + 'static,
        view: impl Fn(&A) -> &B + 'static,
    ) -> Self
    where
        B: Clone,
    {
        Func(Rc::new(Projection(f, view)))
    }

    /// Whether the function is a projection (`exl`, `exr`, `id` and their composites): it
    /// computes nothing, so when it runs does not matter.
    pub(crate) fn is_projection(&self) -> bool {
        self.0.is_projection()
    }

    /// Whether the function reads a borrowed argument without cloning it whole. A composite or
    /// pair of functions that do not gains nothing from a borrowed form, so none is built.
    pub(crate) fn borrows(&self) -> bool {
        self.0.borrows()
    }

    /// The part a projection projects, borrowed.
    pub(crate) fn view<'a>(&self, a: &'a A) -> &'a B {
        self.0
            .view(a)
            .expect("catad: a projection's view, asked of a function that is no projection")
    }

    /// `g ∘ f`, borrowing where the parts can: a projection of a projection is one, and a
    /// function after a projection reads the projected part borrowed.
    pub(crate) fn then<C>(self, g: Func<B, C>) -> Func<A, C>
    where
        A: Clone + 'static,
        B: Clone + 'static,
        C: Clone + 'static,
    {
        if !self.borrows() {
            return Func::new(move |a| g.apply(self.apply(a)));
        }
        let (f, g_whole) = (self.clone(), g.clone());
        let whole = move |a| g_whole.apply(f.apply(a));
        match (self.is_projection(), g.is_projection()) {
            (true, true) => Func::projection(whole, move |a| g.view(self.view(a))),
            (true, false) => Func::with_ref(whole, move |a| g.apply_ref(self.view(a))),
            (false, _) => Func::with_ref(whole, move |a| g.apply(self.apply_ref(a))),
        }
    }

    /// Applies the function.
    pub fn apply(&self, a: A) -> B {
        self.0.apply(a)
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
        self.0
            .apply_borrowed(a)
            .unwrap_or_else(|| self.0.apply(a.clone()))
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
        Func(Rc::clone(&self.0))
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
