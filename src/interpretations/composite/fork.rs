//! `f △ g` without `dup`: [`Fork`].

use super::Map;
use super::parts::Parts;
use crate::space::Additive;
use crate::stack::Deep;
use crate::vocabulary::{Cartesian, Hom};
use std::rc::Rc;

/// `f △ g` without `dup`: one side reads the argument borrowed, then the other takes it (`READ`:
/// [`F_FIRST`] or [`G_FIRST`]; [`CLONED`] where neither side borrows). It reads a borrowed
/// argument where both sides do (`BORROWS`).
struct Fork<
    K: Cartesian,
    A: Additive,
    C: Additive,
    E: Additive,
    const READ: u8,
    const BORROWS: bool,
>(Deep<(Map<K, A, C>, Map<K, A, E>)>);

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
    fn eval(&self, a: A) -> ((C, E), Hom<K, A, (C, E)>) {
        self.0.run(|(f, g)| {
            let ((c, df), (e, dg)) = match READ {
                F_FIRST => (f.eval_ref(&a), g.eval(a)),
                G_FIRST => {
                    let e = g.eval_ref(&a);
                    (f.eval(a), e)
                }
                _ => (f.eval(a.clone()), g.eval(a)),
            };
            ((c, e), K::fork(df, dg))
        })
    }
    fn eval_borrowed(&self, a: &A) -> Option<((C, E), Hom<K, A, (C, E)>)> {
        self.0.run(|(f, g)| {
            BORROWS.then(|| {
                let (c, df) = f.eval_ref(a);
                let (e, dg) = g.eval_ref(a);
                ((c, e), K::fork(df, dg))
            })
        })
    }
    fn borrows(&self) -> bool {
        BORROWS
    }
    fn depth(&self) -> u32 {
        self.0.depth()
    }
}

impl<K: Cartesian, A: Additive, C: Additive> Map<K, A, C> {
    /// `f △ g` without `dup`: it clones the argument only where neither side reads it borrowed.
    pub(crate) fn fork<E: Additive>(f: Map<K, A, C>, g: Map<K, A, E>) -> Map<K, A, (C, E)> {
        // A projection computes nothing, so it takes the argument after the other side has
        // read it (`let`'s `id △ e`); otherwise the side that borrows reads first.
        let flags = (f.is_projection(), f.borrows(), g.borrows());
        let depths = [f.depth(), g.depth()];
        let parts = Deep::new((f, g), depths);
        Map(match flags {
            (true, _, true) => Rc::new(Fork::<_, _, _, _, G_FIRST, true>(parts)),
            (true, _, false) => Rc::new(Fork::<_, _, _, _, G_FIRST, false>(parts)),
            (false, true, true) => Rc::new(Fork::<_, _, _, _, F_FIRST, true>(parts)),
            (false, true, false) => Rc::new(Fork::<_, _, _, _, F_FIRST, false>(parts)),
            (false, false, true) => Rc::new(Fork::<_, _, _, _, G_FIRST, false>(parts)),
            (false, false, false) => Rc::new(Fork::<_, _, _, _, CLONED, false>(parts)),
        })
    }
}
