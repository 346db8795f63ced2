//! `f × g`: [`Cross`].

use super::Map;
use super::parts::Parts;
use crate::space::Additive;
use crate::stack::Deep;
use crate::vocabulary::{Hom, Monoidal};
use std::rc::Rc;

/// `f × g`, kept as its parts: it reads a borrowed pair where either part reads borrowed
/// (`BORROWS`). `g` is dropped first, as in `Then`.
struct Cross<K: Monoidal, A: Additive, B: Additive, C: Additive, E: Additive, const BORROWS: bool>(
    Deep<(Map<K, B, E>, Map<K, A, C>)>,
);

impl<K, A, B, C, E, const BORROWS: bool> Parts<K, (A, B), (C, E)> for Cross<K, A, B, C, E, BORROWS>
where
    K: Monoidal,
    A: Additive,
    B: Additive,
    C: Additive,
    E: Additive,
{
    fn eval(&self, (a, b): (A, B)) -> ((C, E), Hom<K, (A, B), (C, E)>) {
        self.0.run(|(g, f)| {
            let (c, df) = f.eval(a);
            let (e, dg) = g.eval(b);
            ((c, e), K::cross(df, dg))
        })
    }
    fn eval_borrowed(&self, (a, b): &(A, B)) -> Option<((C, E), Hom<K, (A, B), (C, E)>)> {
        self.0.run(|(g, f)| {
            BORROWS.then(|| {
                let (c, df) = f.eval_ref(a);
                let (e, dg) = g.eval_ref(b);
                ((c, e), K::cross(df, dg))
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

impl<K: Monoidal, A: Additive, B: Additive> Map<K, A, B> {
    /// `f × g`, reading a borrowed pair where either part reads borrowed.
    pub(crate) fn cross<C: Additive, E: Additive>(
        f: Map<K, A, C>,
        g: Map<K, B, E>,
    ) -> Map<K, (A, B), (C, E)> {
        let borrows = f.borrows() || g.borrows();
        let depths = [g.depth(), f.depth()];
        let parts = Deep::new((g, f), depths);
        Map(if borrows {
            Rc::new(Cross::<_, _, _, _, _, true>(parts))
        } else {
            Rc::new(Cross::<_, _, _, _, _, false>(parts))
        })
    }
}
