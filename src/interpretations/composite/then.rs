//! `g ∘ f`: [`Then`], [`AfterProjection`] where `f` is a projection, and [`Projected`] where
//! both are.

use super::Map;
use super::parts::Parts;
use crate::space::Additive;
use crate::stack::Deep;
use crate::vocabulary::{Category, Hom};
use std::rc::Rc;

/// The parts of `g ∘ f`, `g` first: `g` is dropped before `f`, as the captures of the closure
/// `|a| g(f(a))` were. In reverse mode a long chain of composites is dropped at every gradient,
/// and freed in the other order the chain's gradient of 1000 steps took 40% longer (glibc's
/// allocator left its fast path).
type Composed<K, A, B, C> = Deep<(Map<K, B, C>, Map<K, A, B>)>;

/// `g (f a)` and its derivative by the chain rule, `g' (f a) ∘ f' a`.
fn chain<K: Category, A: Additive, B: Additive, C: Additive>(
    (g, f): &(Map<K, B, C>, Map<K, A, B>),
    a: A,
) -> (C, Hom<K, A, C>) {
    let (b, df) = f.eval(a);
    let (c, dg) = g.eval(b);
    (c, K::compose(dg, df))
}

/// `g ∘ f`, kept as its parts: it reads a borrowed argument where `f` does (`F_BORROWS`). What
/// `f` can do is found when it is made and kept in its type, so that it is no larger than the
/// closure `|a| g(f(a))`.
struct Then<K: Category, A: Additive, B: Additive, C: Additive, const F_BORROWS: bool>(
    Composed<K, A, B, C>,
);

impl<K, A, B, C, const F_BORROWS: bool> Parts<K, A, C> for Then<K, A, B, C, F_BORROWS>
where
    K: Category,
    A: Additive,
    B: Additive,
    C: Additive,
{
    fn eval(&self, a: A) -> (C, Hom<K, A, C>) {
        self.0.run(|parts| chain(parts, a))
    }
    fn eval_borrowed(&self, a: &A) -> Option<(C, Hom<K, A, C>)> {
        self.0.run(|(g, f)| {
            F_BORROWS.then(|| {
                let (b, df) = f.eval_ref(a);
                let (c, dg) = g.eval(b);
                (c, K::compose(dg, df))
            })
        })
    }
    fn borrows(&self) -> bool {
        F_BORROWS
    }
    fn depth(&self) -> u32 {
        self.0.depth()
    }
}

/// `g ∘ f` where `f` is a projection and `g` is not: it reads `f`'s part in place, and keeps
/// `f`'s derivative, the same everywhere.
struct AfterProjection<K: Category, A: Additive, B: Additive, C: Additive> {
    parts: Composed<K, A, B, C>,
    df: Hom<K, A, B>,
}

impl<K: Category, A: Additive, B: Additive, C: Additive> Parts<K, A, C>
    for AfterProjection<K, A, B, C>
{
    fn eval(&self, a: A) -> (C, Hom<K, A, C>) {
        self.parts.run(|parts| chain(parts, a))
    }
    fn eval_borrowed(&self, a: &A) -> Option<(C, Hom<K, A, C>)> {
        self.parts.run(|(g, f)| {
            let (c, dg) = g.eval_ref(f.view(a));
            Some((c, K::compose(dg, self.df.clone())))
        })
    }
    fn borrows(&self) -> bool {
        true
    }
    fn depth(&self) -> u32 {
        self.parts.depth()
    }
}

/// `g ∘ f` where both are projections: a projection, kept as its parts (a chain of them is
/// viewed by recursion, which checks the stack as [`Then`]'s does) and its derivative, composed
/// once.
struct Projected<K: Category, A: Additive, B: Additive, C: Additive> {
    parts: Composed<K, A, B, C>,
    df: Hom<K, A, C>,
}

impl<K: Category, A: Additive, B: Additive, C: Additive> Parts<K, A, C> for Projected<K, A, B, C> {
    fn eval(&self, a: A) -> (C, Hom<K, A, C>) {
        let c = self.parts.run(|(g, f)| g.eval(f.eval(a).0).0);
        (c, self.df.clone())
    }
    fn eval_borrowed(&self, a: &A) -> Option<(C, Hom<K, A, C>)> {
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

impl<K: Category, A: Additive, B: Additive> Map<K, A, B> {
    /// `g ∘ f`, borrowing where the parts can: a projection of a projection is one, and a map
    /// after a projection reads the projected part borrowed.
    pub(crate) fn then<C: Additive>(self, g: Map<K, B, C>) -> Map<K, A, C> {
        let f = self;
        // Every projection borrows, so only a map that borrows is asked for its derivative.
        let borrows = f.borrows();
        let df = borrows.then(|| f.projection_derivative()).flatten();
        let dg = df.as_ref().and_then(|_| g.projection_derivative());
        let depths = [g.depth(), f.depth()];
        let parts = Deep::new((g, f), depths);
        Map(match (df, dg) {
            (None, _) if borrows => Rc::new(Then::<_, _, _, _, true>(parts)),
            (None, _) => Rc::new(Then::<_, _, _, _, false>(parts)),
            (Some(df), None) => Rc::new(AfterProjection { parts, df }),
            (Some(df), Some(dg)) => Rc::new(Projected {
                df: K::compose(dg, df),
                parts,
            }),
        })
    }
}
