//! The maps made of closures: the leaves of every composite.

use super::Map;
use super::parts::Parts;
use crate::space::Additive;
use crate::vocabulary::{Category, Hom};
use std::rc::Rc;

/// A closure, which takes its argument whole.
struct Whole<F>(F);

impl<K, A, B, F> Parts<K, A, B> for Whole<F>
where
    K: Category,
    A: Additive,
    B: Additive,
    F: Fn(A) -> (B, Hom<K, A, B>),
{
    fn eval(&self, a: A) -> (B, Hom<K, A, B>) {
        (self.0)(a)
    }
    fn eval_borrowed(&self, _: &A) -> Option<(B, Hom<K, A, B>)> {
        None
    }
    fn borrows(&self) -> bool {
        false
    }
}

/// A closure and the same function of a borrowed argument.
struct Borrowing<F, G>(F, G);

impl<K, A, B, F, G> Parts<K, A, B> for Borrowing<F, G>
where
    K: Category,
    A: Additive,
    B: Additive,
    F: Fn(A) -> (B, Hom<K, A, B>),
    G: Fn(&A) -> (B, Hom<K, A, B>),
{
    fn eval(&self, a: A) -> (B, Hom<K, A, B>) {
        (self.0)(a)
    }
    fn eval_borrowed(&self, a: &A) -> Option<(B, Hom<K, A, B>)> {
        Some((self.1)(a))
    }
    fn borrows(&self) -> bool {
        true
    }
}

/// A projection: a closure, the part of its argument it projects (borrowed), and its
/// derivative.
struct Projection<K: Category, A: Additive, B: Additive, F, V> {
    f: F,
    view: V,
    df: Hom<K, A, B>,
}

impl<K, A, B, F, V> Parts<K, A, B> for Projection<K, A, B, F, V>
where
    K: Category,
    A: Additive,
    B: Additive,
    F: Fn(A) -> B,
    V: Fn(&A) -> &B,
{
    fn eval(&self, a: A) -> (B, Hom<K, A, B>) {
        ((self.f)(a), self.df.clone())
    }
    fn eval_borrowed(&self, a: &A) -> Option<(B, Hom<K, A, B>)> {
        Some(((self.view)(a).clone(), self.df.clone()))
    }
    fn view<'a>(&self, a: &'a A) -> Option<&'a B> {
        Some((self.view)(a))
    }
    fn constant_derivative(&self) -> Option<Hom<K, A, B>> {
        Some(self.df.clone())
    }
    fn borrows(&self) -> bool {
        true
    }
}

impl<K: Category, A: Additive, B: Additive> Map<K, A, B> {
    /// Wraps a closure that returns the value and the derivative at its argument.
    pub(crate) fn new(f: impl Fn(A) -> (B, Hom<K, A, B>) + 'static) -> Self {
        Map(Rc::new(Whole(f)))
    }

    /// Wraps a closure and the same function of a borrowed argument, which clones only what it
    /// reads.
    pub(crate) fn with_ref(
        f: impl Fn(A) -> (B, Hom<K, A, B>) + 'static,
        by_ref: impl Fn(&A) -> (B, Hom<K, A, B>) + 'static,
    ) -> Self {
        Map(Rc::new(Borrowing(f, by_ref)))
    }

    /// Wraps a projection: the closure, the part of its argument it projects (borrowed), and its
    /// derivative.
    pub(crate) fn projection(
        f: impl Fn(A) -> B + 'static,
        view: impl Fn(&A) -> &B + 'static,
        df: Hom<K, A, B>,
    ) -> Self {
        Map(Rc::new(Projection { f, view, df }))
    }
}
