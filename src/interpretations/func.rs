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
pub struct Func<A, B>(Rc<dyn Fn(A) -> B>);

impl<A, B> Func<A, B> {
    /// Wraps a closure.
    pub fn new(f: impl Fn(A) -> B + 'static) -> Self {
        Func(Rc::new(f))
    }

    /// Applies the function.
    pub fn apply(&self, a: A) -> B {
        (self.0)(a)
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
