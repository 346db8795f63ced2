//! `DMap`, the morphisms of `D<K>`: a function returning its value and its derivative at a
//! point, which reads a borrowed argument where it reads only part of it.

use crate::space::Additive;
use crate::vocabulary::{Category, Hom};
use std::fmt;
use std::rc::Rc;

/// A morphism of [`D<K>`](super::D): a function returning its value and its derivative at a
/// point.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, DMap};
/// let f: DMap<AddFun, f64, f64> = Forward::sin_c();
/// assert_eq!(f.apply(0.0), 0.0);
/// assert_eq!(f.linearize(0.0).1.apply(2.0), 2.0);
/// ```
pub struct DMap<K: Category, A: Additive, B: Additive>(Rc<dyn Parts<K, A, B>>);

/// What a [`DMap`] is made of: the function, and, for one that reads only part of its argument
/// (a projection, a constant, their composites and pairs), the same function of a borrowed
/// argument, which clones only the parts it reads. One shared object, so that a `DMap` of a
/// plain closure costs what the closure does.
trait Parts<K: Category, A: Additive, B: Additive> {
    /// The value and the derivative at `a`.
    fn linearize(&self, a: A) -> (B, Hom<K, A, B>);

    /// The same at a borrowed `a`, where the map reads only part of it; `None` where `a` must
    /// be cloned whole.
    fn linearize_borrowed(&self, a: &A) -> Option<(B, Hom<K, A, B>)>;

    /// For a projection (`exl`, `exr`, `id` and their composites), the part it projects,
    /// borrowed; `None` for any other map.
    fn view<'a>(&self, a: &'a A) -> Option<&'a B>;

    /// For a projection, its derivative, the same everywhere; `None` for any other map.
    fn constant_derivative(&self) -> Option<Hom<K, A, B>>;

    /// Whether [`linearize_borrowed`](Parts::linearize_borrowed) is `Some` (as it is for every
    /// projection).
    fn borrows(&self) -> bool;
}

/// A closure, which takes its argument whole.
struct Whole<F>(F);

impl<K, A, B, F> Parts<K, A, B> for Whole<F>
where
    K: Category,
    A: Additive,
    B: Additive,
    F: Fn(A) -> (B, Hom<K, A, B>),
{
    fn linearize(&self, a: A) -> (B, Hom<K, A, B>) {
        (self.0)(a)
    }
    fn linearize_borrowed(&self, _: &A) -> Option<(B, Hom<K, A, B>)> {
        None
    }
    fn view<'a>(&self, _: &'a A) -> Option<&'a B> {
        None
    }
    fn constant_derivative(&self) -> Option<Hom<K, A, B>> {
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
    fn linearize(&self, a: A) -> (B, Hom<K, A, B>) {
        (self.0)(a)
    }
    fn linearize_borrowed(&self, a: &A) -> Option<(B, Hom<K, A, B>)> {
        Some((self.1)(a))
    }
    fn view<'a>(&self, _: &'a A) -> Option<&'a B> {
        None
    }
    fn constant_derivative(&self) -> Option<Hom<K, A, B>> {
        None
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
    fn linearize(&self, a: A) -> (B, Hom<K, A, B>) {
        ((self.f)(a), self.df.clone())
    }
    fn linearize_borrowed(&self, a: &A) -> Option<(B, Hom<K, A, B>)> {
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

impl<K: Category, E: Additive, T: Additive, B: Additive> DMap<K, (E, T), B> {
    /// The body of a loop with the environment `e`, linearized at each `t` the loop gives it:
    /// `e` is lent where the body reads only parts of its argument, cloned for each call
    /// otherwise (as [`Func`](crate::interpretations::Func)'s loops do).
    pub(super) fn in_env(&self, e: E) -> impl FnMut(T) -> (B, Hom<K, (E, T), B>) + '_ {
        let borrows = self.borrows();
        let mut arg = (e, T::zero());
        move |t| {
            if borrows {
                arg.1 = t;
                self.linearize_ref(&arg)
            } else {
                self.linearize((arg.0.clone(), t))
            }
        }
    }
}

impl<K: Category, A: Additive, B: Additive> DMap<K, A, B> {
    /// Wraps a function that returns a value and the derivative at its argument.
    pub fn new(f: impl Fn(A) -> (B, Hom<K, A, B>) + 'static) -> Self {
        DMap(Rc::new(Whole(f)))
    }

    /// Wraps a function and the same function of a borrowed argument, which clones only what it
    /// reads.
    pub(super) fn with_ref(
        f: impl Fn(A) -> (B, Hom<K, A, B>) + 'static,
        by_ref: impl Fn(&A) -> (B, Hom<K, A, B>) + 'static,
    ) -> Self {
        DMap(Rc::new(Borrowing(f, by_ref)))
    }

    /// Wraps a projection: the closure, the part of its argument it projects (borrowed), and its
    /// derivative.
    pub(super) fn projection(
        f: impl Fn(A) -> B + 'static,
        view: impl Fn(&A) -> &B + 'static,
        df: Hom<K, A, B>,
    ) -> Self {
        DMap(Rc::new(Projection { f, view, df }))
    }

    /// Whether the map is a projection (`exl`, `exr`, `id` and their composites): it computes
    /// nothing, so when it runs does not matter.
    pub(super) fn is_projection(&self) -> bool {
        self.0.constant_derivative().is_some()
    }

    /// A projection's derivative, the same everywhere; `None` for a map that is no projection.
    pub(super) fn projection_derivative(&self) -> Option<Hom<K, A, B>> {
        self.0.constant_derivative()
    }

    /// Whether the map reads a borrowed argument without cloning it whole. A composite or pair
    /// of maps that do not gains nothing from a borrowed form, so none is built.
    pub(super) fn borrows(&self) -> bool {
        self.0.borrows()
    }

    /// The part a projection projects, borrowed.
    pub(super) fn view<'a>(&self, a: &'a A) -> &'a B {
        self.0
            .view(a)
            .expect("catad: a projection's view, asked of a map that is no projection")
    }

    /// `g ∘ f`, borrowing where the parts can: a projection of a projection is one, and a map
    /// after a projection reads the projected part borrowed.
    pub(super) fn then<C: Additive>(self, g: DMap<K, B, C>) -> DMap<K, A, C> {
        if !self.borrows() {
            return DMap::new(move |a| {
                let (b, df) = self.linearize(a);
                let (c, dg) = g.linearize(b);
                (c, K::compose(dg, df))
            });
        }
        let (f, g_whole) = (self.clone(), g.clone());
        let whole = move |a| {
            let (b, df) = f.linearize(a);
            let (c, dg) = g_whole.linearize(b);
            (c, K::compose(dg, df))
        };
        match (self.0.constant_derivative(), g.0.constant_derivative()) {
            (Some(df), Some(dg)) => DMap::projection(
                move |a| whole(a).0,
                move |a| g.view(self.view(a)),
                K::compose(dg, df),
            ),
            (Some(df), None) => DMap::with_ref(whole, move |a| {
                let (c, dg) = g.linearize_ref(self.view(a));
                (c, K::compose(dg, df.clone()))
            }),
            (None, _) => DMap::with_ref(whole, move |a| {
                let (b, df) = self.linearize_ref(a);
                let (c, dg) = g.linearize(b);
                (c, K::compose(dg, df))
            }),
        }
    }

    /// The value and the derivative (a linear map in `K`) at `a`: the paper's `D⁺ f a`.
    pub fn linearize(&self, a: A) -> (B, Hom<K, A, B>) {
        self.0.linearize(a)
    }

    /// [`linearize`](DMap::linearize) at a borrowed point, cloning only what the map reads (a
    /// projection, a constant, or a composite or pair of them clones only the parts of `a` it
    /// reads).
    ///
    /// ```
    /// use catad::prelude::*;
    /// let first = Reverse::exl::<Vec<f64>, Vec<f64>>();
    /// let big = (vec![1.0; 2], vec![0.0; 1_000_000]);
    /// assert_eq!(first.linearize_ref(&big).0, vec![1.0; 2]); // the second vector is not copied
    /// ```
    pub fn linearize_ref(&self, a: &A) -> (B, Hom<K, A, B>) {
        self.0
            .linearize_borrowed(a)
            .unwrap_or_else(|| self.0.linearize(a.clone()))
    }

    /// The value at `a` (the primal).
    pub fn apply(&self, a: A) -> B {
        self.linearize(a).0
    }
}

impl<K: Category, A: Additive, B: Additive> Clone for DMap<K, A, B> {
    fn clone(&self) -> Self {
        DMap(Rc::clone(&self.0))
    }
}

impl<K: Category, A: Additive, B: Additive> fmt::Debug for DMap<K, A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DMap<{}, {}, {}>",
            std::any::type_name::<K>(),
            std::any::type_name::<A>(),
            std::any::type_name::<B>()
        )
    }
}
