use crate::space::{Additive, take};
use crate::stack::Deep;
use crate::vocabulary::LinearFn;
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
/// plain closure costs what the closure does, and a composite, pair or fork keeps its two parts
/// ([`Then`], [`Cross`], [`Fork`]) and finds its borrowed form from theirs.
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

    /// How deeply composites nest in the function (0 for a closure): applied and dropped by
    /// recursion, they check the stack every few levels ([`Deep`]).
    fn depth(&self) -> u32 {
        0
    }
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

/// `g ∘ f`, kept as its parts: it reads a borrowed argument where `f` does (`F_BORROWS`), reading
/// `f`'s part in place where `f` is a projection (`F_PROJECTS`), and is a projection where `g` is
/// one too (`G_PROJECTS`). What the parts can do is found when it is made, and kept in its type,
/// so that it is no larger than the closure `|a| g(f(a))`. `g` is dropped before `f`, as that
/// closure's captures were: in reverse mode a long chain of composites is dropped at every
/// gradient, and freed in the other order the chain's gradient of 1000 steps took 40% longer
/// (glibc's allocator left its fast path).
struct Then<A, B, C, const F_BORROWS: bool, const F_PROJECTS: bool, const G_PROJECTS: bool>(
    Deep<(Func<B, C>, Func<A, B>)>,
);

impl<A, B, C, const F_BORROWS: bool, const F_PROJECTS: bool, const G_PROJECTS: bool> Parts<A, C>
    for Then<A, B, C, F_BORROWS, F_PROJECTS, G_PROJECTS>
where
    A: Clone,
    B: Clone + 'static,
{
    fn apply(&self, a: A) -> C {
        self.0.run(|(g, f)| g.apply(f.apply(a)))
    }
    fn apply_borrowed(&self, a: &A) -> Option<C> {
        self.0.run(|(g, f)| {
            if F_PROJECTS {
                Some(g.apply_ref(f.view(a)))
            } else {
                F_BORROWS.then(|| g.apply(f.apply_ref(a)))
            }
        })
    }
    fn view<'a>(&self, a: &'a A) -> Option<&'a C> {
        (F_PROJECTS && G_PROJECTS).then(|| self.0.run(|(g, f)| g.view(f.view(a))))
    }
    fn borrows(&self) -> bool {
        F_BORROWS
    }
    fn is_projection(&self) -> bool {
        F_PROJECTS && G_PROJECTS
    }
    fn depth(&self) -> u32 {
        self.0.depth()
    }
}

/// `f × g`, kept as its parts: it reads a borrowed pair where either part reads borrowed
/// (`BORROWS`). `g` is dropped first, as in [`Then`].
struct Cross<A, B, C, D, const BORROWS: bool>(Deep<(Func<B, D>, Func<A, C>)>);

impl<A: Clone, B: Clone, C, D, const BORROWS: bool> Parts<(A, B), (C, D)>
    for Cross<A, B, C, D, BORROWS>
{
    fn apply(&self, (a, b): (A, B)) -> (C, D) {
        self.0.run(|(g, f)| (f.apply(a), g.apply(b)))
    }
    fn apply_borrowed(&self, (a, b): &(A, B)) -> Option<(C, D)> {
        self.0
            .run(|(g, f)| BORROWS.then(|| (f.apply_ref(a), g.apply_ref(b))))
    }
    fn view<'a>(&self, _: &'a (A, B)) -> Option<&'a (C, D)> {
        None
    }
    fn borrows(&self) -> bool {
        BORROWS
    }
    fn is_projection(&self) -> bool {
        false
    }
    fn depth(&self) -> u32 {
        self.0.depth()
    }
}

/// `f △ g` without `dup`: one side reads the argument borrowed, then the other takes it (`READ`:
/// [`F_FIRST`] or [`G_FIRST`]; [`CLONED`] where neither side borrows). It reads a borrowed
/// argument where both sides do (`BORROWS`).
struct Fork<A, C, D, const READ: u8, const BORROWS: bool>(Deep<(Func<A, C>, Func<A, D>)>);

/// A fork whose sides both take the argument whole: it is cloned for `f`.
const CLONED: u8 = 0;
/// A fork whose `f` reads the argument borrowed, before `g` takes it.
const F_FIRST: u8 = 1;
/// A fork whose `g` reads the argument borrowed, before `f` takes it.
const G_FIRST: u8 = 2;

impl<A: Clone, C, D, const READ: u8, const BORROWS: bool> Parts<A, (C, D)>
    for Fork<A, C, D, READ, BORROWS>
{
    fn apply(&self, a: A) -> (C, D) {
        self.0.run(|(f, g)| match READ {
            F_FIRST => (f.apply_ref(&a), g.apply(a)),
            G_FIRST => {
                let d = g.apply_ref(&a);
                (f.apply(a), d)
            }
            _ => (f.apply(a.clone()), g.apply(a)),
        })
    }
    fn apply_borrowed(&self, a: &A) -> Option<(C, D)> {
        self.0
            .run(|(f, g)| BORROWS.then(|| (f.apply_ref(a), g.apply_ref(a))))
    }
    fn view<'a>(&self, _: &'a A) -> Option<&'a (C, D)> {
        None
    }
    fn borrows(&self) -> bool {
        BORROWS
    }
    fn is_projection(&self) -> bool {
        false
    }
    fn depth(&self) -> u32 {
        self.0.depth()
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

impl<E: Additive, S: Additive, A: Additive> Func<((E, S), A), S> {
    /// Runs the steps of a fold from `s`, each step `f` on `((e, s), x)` with its element `x`:
    /// `e` is lent to a step that reads only parts of its argument, cloned for one that takes it
    /// whole (as [`in_env`](Func::in_env) lends it).
    pub(crate) fn fold_steps<'a>(steps: impl IntoIterator<Item = (&'a Self, A)>, e: E, s: S) -> S
    where
        Self: 'a,
    {
        let mut arg = ((e, s), A::zero());
        for (f, x) in steps {
            arg.1 = x;
            arg.0.1 = if f.borrows() {
                f.apply_ref(&arg)
            } else {
                let (s, x) = (take(&mut arg.0.1), take(&mut arg.1));
                f.apply(((arg.0.0.clone(), s), x))
            };
        }
        arg.0.1
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

    /// Wraps a linear map given by its action ([`LinearFn::apply`]), which reads its argument
    /// borrowed.
    pub(crate) fn acting(f: Rc<dyn LinearFn<A, B>>) -> Self
    where
        A: 'static,
        B: 'static,
    {
        let by_ref = Rc::clone(&f);
        Func::with_ref(move |a| f.apply(&a), move |a| by_ref.apply(a))
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
        let (f, g) = (self, g);
        let flags = (f.borrows(), f.is_projection(), g.is_projection());
        let depths = [g.0.depth(), f.0.depth()];
        let parts = Deep::new((g, f), depths);
        Func(match flags {
            (false, _, _) => Rc::new(Then::<_, _, _, false, false, false>(parts)),
            (true, false, _) => Rc::new(Then::<_, _, _, true, false, false>(parts)),
            (true, true, false) => Rc::new(Then::<_, _, _, true, true, false>(parts)),
            (true, true, true) => Rc::new(Then::<_, _, _, true, true, true>(parts)),
        })
    }

    /// `f × g`, reading a borrowed pair where either part reads borrowed.
    pub(crate) fn cross<C, D>(f: Func<A, C>, g: Func<B, D>) -> Func<(A, B), (C, D)>
    where
        A: Clone + 'static,
        B: Clone + 'static,
        C: 'static,
        D: 'static,
    {
        let borrows = f.borrows() || g.borrows();
        let depths = [g.0.depth(), f.0.depth()];
        let parts = Deep::new((g, f), depths);
        Func(if borrows {
            Rc::new(Cross::<_, _, _, _, true>(parts))
        } else {
            Rc::new(Cross::<_, _, _, _, false>(parts))
        })
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

impl<A: Clone + 'static, C: 'static> Func<A, C> {
    /// `f △ g` without `dup` (see [`Fun::fork`](super::Fun)): it clones the argument only where
    /// neither side reads it borrowed.
    pub(crate) fn fork<D: 'static>(f: Func<A, C>, g: Func<A, D>) -> Func<A, (C, D)> {
        // A projection computes nothing, so it takes the argument after the other side has
        // read it (`let`'s `id △ e`); otherwise the side that borrows reads first.
        let flags = (f.is_projection(), f.borrows(), g.borrows());
        let depths = [f.0.depth(), g.0.depth()];
        let parts = Deep::new((f, g), depths);
        Func(match flags {
            (true, _, true) => Rc::new(Fork::<_, _, _, G_FIRST, true>(parts)),
            (true, _, false) => Rc::new(Fork::<_, _, _, G_FIRST, false>(parts)),
            (false, true, true) => Rc::new(Fork::<_, _, _, F_FIRST, true>(parts)),
            (false, true, false) => Rc::new(Fork::<_, _, _, F_FIRST, false>(parts)),
            (false, false, true) => Rc::new(Fork::<_, _, _, G_FIRST, false>(parts)),
            (false, false, false) => Rc::new(Fork::<_, _, _, CLONED, false>(parts)),
        })
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
