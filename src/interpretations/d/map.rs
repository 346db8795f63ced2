//! `DMap`, the morphisms of `D<K>`: a function returning its value and its derivative at a
//! point, which reads a borrowed argument where it reads only part of it.

use crate::interpretations::composite::Map;
use crate::space::Additive;
use crate::vocabulary::{Cartesian, Category, Hom, Monoidal};
use std::fmt;

/// A morphism of [`D<K>`](super::D): a function returning its value and its derivative at a
/// point.
///
/// Its composites, pairs and forks are those of [`Func`](crate::interpretations::Func), with the
/// derivative beside the value: they read a borrowed argument where their parts do, and a
/// projection's derivative, the same everywhere, is composed once.
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
pub struct DMap<K: Category, A: Additive, B: Additive>(Map<K, A, B>);

impl<K: Category, E: Additive, T: Additive, B: Additive> DMap<K, (E, T), B> {
    /// The body of a loop with the environment `e`, linearized at each `t` the loop gives it:
    /// `e` is lent where the body reads only parts of its argument, cloned for each call
    /// otherwise.
    pub(super) fn in_env(&self, e: E) -> impl FnMut(T) -> (B, Hom<K, (E, T), B>) + '_ {
        self.0.in_env(e)
    }
}

impl<K: Category, E: Additive, S: Additive, A: Additive> DMap<K, ((E, S), A), S> {
    /// Runs the steps of a fold from `s`, each step `f` linearized at `((e, s), x)` with its
    /// element `x`, and returns the last state and the steps' derivatives in order: `e` is lent
    /// to a step that reads only parts of its argument, cloned for one that takes it whole.
    pub(super) fn fold_steps<'a>(
        steps: impl IntoIterator<Item = (&'a Self, A)>,
        e: E,
        s: S,
    ) -> (S, Vec<Hom<K, ((E, S), A), S>>)
    where
        Self: 'a,
    {
        Map::fold_steps(steps.into_iter().map(|(f, x)| (&f.0, x)), e, s)
    }
}

impl<K: Category, A: Additive, B: Additive> DMap<K, A, B> {
    /// Wraps a function that returns a value and the derivative at its argument.
    pub fn new(f: impl Fn(A) -> (B, Hom<K, A, B>) + 'static) -> Self {
        DMap(Map::new(f))
    }

    /// Wraps a function and the same function of a borrowed argument, which clones only what it
    /// reads.
    pub(super) fn with_ref(
        f: impl Fn(A) -> (B, Hom<K, A, B>) + 'static,
        by_ref: impl Fn(&A) -> (B, Hom<K, A, B>) + 'static,
    ) -> Self {
        DMap(Map::with_ref(f, by_ref))
    }

    /// Wraps a projection: the closure, the part of its argument it projects (borrowed), and its
    /// derivative.
    pub(super) fn projection(
        f: impl Fn(A) -> B + 'static,
        view: impl Fn(&A) -> &B + 'static,
        df: Hom<K, A, B>,
    ) -> Self {
        DMap(Map::projection(f, view, df))
    }

    /// A projection's derivative, the same everywhere; `None` for a map that is no projection.
    pub(super) fn projection_derivative(&self) -> Option<Hom<K, A, B>> {
        self.0.projection_derivative()
    }

    /// The part a projection projects, borrowed.
    pub(super) fn view<'a>(&self, a: &'a A) -> &'a B {
        self.0.view(a)
    }

    /// `g ∘ f`, the chain rule, borrowing where the parts can.
    pub(super) fn then<C: Additive>(self, g: DMap<K, B, C>) -> DMap<K, A, C> {
        DMap(self.0.then(g.0))
    }

    /// The value and the derivative (a linear map in `K`) at `a`: the paper's `D⁺ f a`.
    pub fn linearize(&self, a: A) -> (B, Hom<K, A, B>) {
        self.0.eval(a)
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
        self.0.eval_ref(a)
    }

    /// The value at `a` (the primal).
    pub fn apply(&self, a: A) -> B {
        self.linearize(a).0
    }
}

impl<K: Monoidal, A: Additive, B: Additive> DMap<K, A, B> {
    /// `f × g`, the cross rule, reading a borrowed pair where either part reads borrowed.
    pub(super) fn cross<C: Additive, E: Additive>(
        f: DMap<K, A, C>,
        g: DMap<K, B, E>,
    ) -> DMap<K, (A, B), (C, E)> {
        DMap(Map::cross(f.0, g.0))
    }
}

impl<K: Cartesian, A: Additive, C: Additive> DMap<K, A, C> {
    /// `f △ g` without `dup` (see [`D::fork`](super::D)): it clones the argument only where
    /// neither side reads it borrowed.
    pub(super) fn fork<E: Additive>(f: DMap<K, A, C>, g: DMap<K, A, E>) -> DMap<K, A, (C, E)> {
        DMap(Map::fork(f.0, g.0))
    }
}

impl<K: Category, A: Additive, B: Additive> Clone for DMap<K, A, B> {
    fn clone(&self) -> Self {
        DMap(self.0.clone())
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
