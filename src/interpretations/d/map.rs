//! `DMap`, the morphisms of `D<K>`: a function returning its value and its derivative at a
//! point, which reads a borrowed argument where it reads only part of it.

use crate::space::{Additive, take};
use crate::stack::Deep;
use crate::vocabulary::{Cartesian, Category, Hom, Monoidal};
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
/// plain closure costs what the closure does, and a composite, pair or fork keeps its two parts
/// ([`Then`], [`Cross`], [`Fork`]) and finds its borrowed form from theirs.
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

    /// How deeply composites nest in the map (0 for a closure): linearized and dropped by
    /// recursion, they check the stack every few levels ([`Deep`]).
    fn depth(&self) -> u32 {
        0
    }
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

/// `g ∘ f` where both are projections: a projection, kept as its parts (a chain of them is
/// viewed by recursion, which checks the stack as [`Then`]'s does) and its derivative, composed
/// once.
struct Projected<K: Category, A: Additive, B: Additive, C: Additive> {
    parts: Deep<(DMap<K, B, C>, DMap<K, A, B>)>,
    df: Hom<K, A, C>,
}

impl<K: Category, A: Additive, B: Additive, C: Additive> Parts<K, A, C> for Projected<K, A, B, C> {
    fn linearize(&self, a: A) -> (C, Hom<K, A, C>) {
        let c = self.parts.run(|(g, f)| g.linearize(f.linearize(a).0).0);
        (c, self.df.clone())
    }
    fn linearize_borrowed(&self, a: &A) -> Option<(C, Hom<K, A, C>)> {
        Some((self.view(a)?.clone(), self.df.clone()))
    }
    fn view<'a>(&self, a: &'a A) -> Option<&'a C> {
        Some(self.parts.run(|(g, f)| g.view(f.view(a))))
    }
    fn constant_derivative(&self) -> Option<Hom<K, A, C>> {
        Some(self.df.clone())
    }
    fn borrows(&self) -> bool {
        true
    }
    fn depth(&self) -> u32 {
        self.parts.depth()
    }
}

/// `g ∘ f`, kept as its parts: it reads a borrowed argument where `f` does (`F_BORROWS`), reading
/// `f`'s part in place where `f` is a projection (`F_PROJECTS`). What the parts can do is found
/// when it is made and kept in its type, so that it is no larger than the closure
/// `|a| g(f(a))`; `g` is dropped before `f`, as that closure's captures were (see
/// [`Func`](crate::interpretations::Func)'s `Then`). A projection of a projection is
/// [`Projected`], not a `Then`.
struct Then<
    K: Category,
    A: Additive,
    B: Additive,
    C: Additive,
    const F_BORROWS: bool,
    const F_PROJECTS: bool,
>(Deep<(DMap<K, B, C>, DMap<K, A, B>)>);

impl<K, A, B, C, const F_BORROWS: bool, const F_PROJECTS: bool> Parts<K, A, C>
    for Then<K, A, B, C, F_BORROWS, F_PROJECTS>
where
    K: Category,
    A: Additive,
    B: Additive,
    C: Additive,
{
    fn linearize(&self, a: A) -> (C, Hom<K, A, C>) {
        self.0.run(|(g, f)| {
            let (b, df) = f.linearize(a);
            let (c, dg) = g.linearize(b);
            (c, K::compose(dg, df))
        })
    }
    fn linearize_borrowed(&self, a: &A) -> Option<(C, Hom<K, A, C>)> {
        self.0.run(|(g, f)| {
            if F_PROJECTS {
                let (c, dg) = g.linearize_ref(f.view(a));
                let df = f.0.constant_derivative()?;
                Some((c, K::compose(dg, df)))
            } else if F_BORROWS {
                let (b, df) = f.linearize_ref(a);
                let (c, dg) = g.linearize(b);
                Some((c, K::compose(dg, df)))
            } else {
                None
            }
        })
    }
    fn view<'a>(&self, _: &'a A) -> Option<&'a C> {
        None
    }
    fn constant_derivative(&self) -> Option<Hom<K, A, C>> {
        None
    }
    fn borrows(&self) -> bool {
        F_BORROWS
    }
    fn depth(&self) -> u32 {
        self.0.depth()
    }
}

/// `f × g`, kept as its parts: it reads a borrowed pair where either part reads borrowed
/// (`BORROWS`). `g` is dropped first, as in [`Then`].
struct Cross<K: Category, A: Additive, B: Additive, C: Additive, E: Additive, const BORROWS: bool>(
    Deep<(DMap<K, B, E>, DMap<K, A, C>)>,
);

impl<K, A, B, C, E, const BORROWS: bool> Parts<K, (A, B), (C, E)> for Cross<K, A, B, C, E, BORROWS>
where
    K: Monoidal,
    A: Additive,
    B: Additive,
    C: Additive,
    E: Additive,
{
    fn linearize(&self, (a, b): (A, B)) -> ((C, E), Hom<K, (A, B), (C, E)>) {
        self.0.run(|(g, f)| {
            let (c, df) = f.linearize(a);
            let (e, dg) = g.linearize(b);
            ((c, e), K::cross(df, dg))
        })
    }
    fn linearize_borrowed(&self, (a, b): &(A, B)) -> Option<((C, E), Hom<K, (A, B), (C, E)>)> {
        self.0.run(|(g, f)| {
            BORROWS.then(|| {
                let (c, df) = f.linearize_ref(a);
                let (e, dg) = g.linearize_ref(b);
                ((c, e), K::cross(df, dg))
            })
        })
    }
    fn view<'a>(&self, _: &'a (A, B)) -> Option<&'a (C, E)> {
        None
    }
    fn constant_derivative(&self) -> Option<Hom<K, (A, B), (C, E)>> {
        None
    }
    fn borrows(&self) -> bool {
        BORROWS
    }
    fn depth(&self) -> u32 {
        self.0.depth()
    }
}

/// `f △ g` without `dup`: one side reads the argument borrowed, then the other takes it (`READ`:
/// [`F_FIRST`] or [`G_FIRST`]; [`CLONED`] where neither side borrows). It reads a borrowed
/// argument where both sides do (`BORROWS`).
struct Fork<K: Category, A: Additive, C: Additive, E: Additive, const READ: u8, const BORROWS: bool>(
    Deep<(DMap<K, A, C>, DMap<K, A, E>)>,
);

/// A fork whose sides both take the argument whole: it is cloned for `f`.
const CLONED: u8 = 0;
/// A fork whose `f` reads the argument borrowed, before `g` takes it.
const F_FIRST: u8 = 1;
/// A fork whose `g` reads the argument borrowed, before `f` takes it.
const G_FIRST: u8 = 2;

impl<K, A, C, E, const READ: u8, const BORROWS: bool> Parts<K, A, (C, E)>
    for Fork<K, A, C, E, READ, BORROWS>
where
    K: Cartesian,
    A: Additive,
    C: Additive,
    E: Additive,
{
    fn linearize(&self, a: A) -> ((C, E), Hom<K, A, (C, E)>) {
        self.0.run(|(f, g)| {
            let ((c, df), (e, dg)) = match READ {
                F_FIRST => (f.linearize_ref(&a), g.linearize(a)),
                G_FIRST => {
                    let e = g.linearize_ref(&a);
                    (f.linearize(a), e)
                }
                _ => (f.linearize(a.clone()), g.linearize(a)),
            };
            ((c, e), K::fork(df, dg))
        })
    }
    fn linearize_borrowed(&self, a: &A) -> Option<((C, E), Hom<K, A, (C, E)>)> {
        self.0.run(|(f, g)| {
            BORROWS.then(|| {
                let (c, df) = f.linearize_ref(a);
                let (e, dg) = g.linearize_ref(a);
                ((c, e), K::fork(df, dg))
            })
        })
    }
    fn view<'a>(&self, _: &'a A) -> Option<&'a (C, E)> {
        None
    }
    fn constant_derivative(&self) -> Option<Hom<K, A, (C, E)>> {
        None
    }
    fn borrows(&self) -> bool {
        BORROWS
    }
    fn depth(&self) -> u32 {
        self.0.depth()
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

impl<K: Category, E: Additive, S: Additive, A: Additive> DMap<K, ((E, S), A), S> {
    /// Runs the steps of a fold from `s`, each step `f` linearized at `((e, s), x)` with its
    /// element `x`, and returns the last state and the steps' derivatives in order: `e` is lent
    /// to a step that reads only parts of its argument, cloned for one that takes it whole (as
    /// [`Func`](crate::interpretations::Func)'s folds lend it).
    pub(super) fn fold_steps<'a>(
        steps: impl IntoIterator<Item = (&'a Self, A)>,
        e: E,
        s: S,
    ) -> (S, Vec<Hom<K, ((E, S), A), S>>)
    where
        Self: 'a,
    {
        let steps = steps.into_iter();
        let mut derivatives = Vec::with_capacity(steps.size_hint().0);
        let mut arg = ((e, s), A::zero());
        for (f, x) in steps {
            arg.1 = x;
            let (s, df) = if f.borrows() {
                f.linearize_ref(&arg)
            } else {
                let (s, x) = (take(&mut arg.0.1), take(&mut arg.1));
                f.linearize(((arg.0.0.clone(), s), x))
            };
            derivatives.push(df);
            arg.0.1 = s;
        }
        (arg.0.1, derivatives)
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
        let f = self;
        let deep = |g: DMap<K, B, C>, f: DMap<K, A, B>| {
            let depths = [g.0.depth(), f.0.depth()];
            Deep::new((g, f), depths)
        };
        DMap(match (f.borrows(), f.projection_derivative()) {
            (false, _) => Rc::new(Then::<_, _, _, _, false, false>(deep(g, f))),
            (true, None) => Rc::new(Then::<_, _, _, _, true, false>(deep(g, f))),
            (true, Some(df)) => match g.projection_derivative() {
                None => Rc::new(Then::<_, _, _, _, true, true>(deep(g, f))),
                Some(dg) => Rc::new(Projected {
                    df: K::compose(dg, df),
                    parts: deep(g, f),
                }),
            },
        })
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

impl<K: Monoidal, A: Additive, B: Additive> DMap<K, A, B> {
    /// `f × g`, reading a borrowed pair where either part reads borrowed.
    pub(super) fn cross<C: Additive, E: Additive>(
        f: DMap<K, A, C>,
        g: DMap<K, B, E>,
    ) -> DMap<K, (A, B), (C, E)> {
        let borrows = f.borrows() || g.borrows();
        let depths = [g.0.depth(), f.0.depth()];
        let parts = Deep::new((g, f), depths);
        DMap(if borrows {
            Rc::new(Cross::<_, _, _, _, _, true>(parts))
        } else {
            Rc::new(Cross::<_, _, _, _, _, false>(parts))
        })
    }
}

impl<K: Cartesian, A: Additive, C: Additive> DMap<K, A, C> {
    /// `f △ g` without `dup` (see [`D::fork`](super::D)): it clones the argument only where
    /// neither side reads it borrowed.
    pub(super) fn fork<E: Additive>(f: DMap<K, A, C>, g: DMap<K, A, E>) -> DMap<K, A, (C, E)> {
        // A projection computes nothing, so it takes the argument after the other side has
        // read it (`let`'s `id △ e`); otherwise the side that borrows reads first.
        let flags = (f.is_projection(), f.borrows(), g.borrows());
        let depths = [f.0.depth(), g.0.depth()];
        let parts = Deep::new((f, g), depths);
        DMap(match flags {
            (true, _, true) => Rc::new(Fork::<_, _, _, _, G_FIRST, true>(parts)),
            (true, _, false) => Rc::new(Fork::<_, _, _, _, G_FIRST, false>(parts)),
            (false, true, true) => Rc::new(Fork::<_, _, _, _, F_FIRST, true>(parts)),
            (false, true, false) => Rc::new(Fork::<_, _, _, _, F_FIRST, false>(parts)),
            (false, false, true) => Rc::new(Fork::<_, _, _, _, G_FIRST, false>(parts)),
            (false, false, false) => Rc::new(Fork::<_, _, _, _, CLONED, false>(parts)),
        })
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
