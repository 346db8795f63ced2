//! A map run by a loop, in the loop's environment.

use super::Map;
use crate::space::{Additive, take};
use crate::vocabulary::{Category, Hom};

impl<K: Category, E: Additive, T: Additive, B: Additive> Map<K, (E, T), B> {
    /// The body of a loop with the environment `e`, run at each `t` the loop gives it: `e` is
    /// lent where the body reads only parts of its argument (as a program's reads of its
    /// variables do), and cloned for each call otherwise — so a loop whose environment holds a
    /// vector copies only the elements its body reads.
    pub(crate) fn in_env(&self, e: E) -> impl FnMut(T) -> (B, Hom<K, (E, T), B>) + '_ {
        let borrows = self.borrows();
        let mut arg = (e, T::zero());
        move |t| {
            if borrows {
                arg.1 = t;
                self.eval_ref(&arg)
            } else {
                self.eval((arg.0.clone(), t))
            }
        }
    }
}

impl<K: Category, E: Additive, S: Additive, A: Additive> Map<K, ((E, S), A), S> {
    /// Runs the steps of a fold from `s`, each step `f` at `((e, s), x)` with its element `x`,
    /// and returns the last state and the steps' derivatives in order: `e` is lent to a step that
    /// reads only parts of its argument, cloned for one that takes it whole (as
    /// [`in_env`](Map::in_env) lends it).
    pub(crate) fn fold_steps<'a>(
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
                f.eval_ref(&arg)
            } else {
                let (s, x) = (take(&mut arg.0.1), take(&mut arg.1));
                f.eval(((arg.0.0.clone(), s), x))
            };
            derivatives.push(df);
            arg.0.1 = s;
        }
        (arg.0.1, derivatives)
    }
}
