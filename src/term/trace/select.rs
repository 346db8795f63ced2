//! [`Condition`]: a comparison of traced values, which chooses between two values by a cond
//! node, so that a term holds on both sides of it.

use super::frames::apply;
use super::traced::Traced;
use crate::space::{Scalar, Space};
use crate::term::{Branches, Graph, Test};
use crate::vocabulary::{Comparison, Pred};
use std::rc::Rc;

/// Whether a comparison of traced values holds: 1 or 0, a wire whose derivative is zero.
#[derive(Clone, Copy, Debug)]
pub struct Condition(pub(super) Traced);

impl Traced {
    /// Whether `a op b` holds, as a [`Condition`] the term tests wherever it runs (a Rust `if`
    /// on traced values cannot be traced: only one of its sides runs).
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::term::Term;
    /// use catad::term::trace::Traced;
    /// // The Huber loss of a residual r at δ = 1: both of its sides are in the term.
    /// let huber = Term::<f64, f64>::trace(|r| {
    ///     Traced::compare(r.abs(), Comparison::Le, 1.0.into()).select(0.5 * r * r, r.abs() - 0.5)
    /// });
    /// assert_eq!((huber.apply(0.5), huber.gradient(0.5)), (0.125, 0.5));
    /// assert_eq!((huber.apply(-3.0), huber.gradient(-3.0)), (2.5, -1.0));
    /// ```
    pub fn compare(a: Traced, op: Comparison, b: Traced) -> Condition {
        if let (Some(x), Some(y)) = (a.constant_value(), b.constant_value()) {
            return Condition(Traced::from(f64::from(u8::from(op.test(x, y)))));
        }
        let test = Rc::new(Test::new(&Pred::compare(|p: (f64, f64)| p.0, op, |p| p.1)));
        let mut g = Graph::new(2);
        let holds = g.push(crate::term::Op::Test(test, g.input_wires().into()));
        Condition(apply(&g.with_outputs(vec![holds]), &[a, b])[0])
    }
}

impl Condition {
    /// `then` where the condition holds, else `otherwise`: a cond node, of which each run takes
    /// one side, and each derivative that side's.
    ///
    /// # Panics
    ///
    /// If `then` and `otherwise` differ in dimension (vectors of two lengths); the message names
    /// both.
    pub fn select<X: Space<Traced>>(self, then: X, otherwise: X) -> X {
        if let Some(c) = self.0.constant_value() {
            return if c != 0.0 { then } else { otherwise };
        }
        let (m, n) = (then.dim(), otherwise.dim());
        assert_eq!(
            m, n,
            "catad::term::trace: select between values of {m} and {n} coordinates"
        );
        let side = |first: u32| {
            let g = Graph::new(2 * m);
            let outputs = g.input_wires()[first as usize..][..m].to_vec();
            g.with_outputs(outputs)
        };
        let branches = Rc::new(Branches::new(side(0), side(m as u32)));
        let mut g = Graph::new(1 + 2 * m);
        let inputs = g.input_wires();
        let outputs = g.cond(inputs[0], branches, &inputs[1..]);
        let mut args = vec![self.0];
        then.push_coords(&mut args);
        otherwise.push_coords(&mut args);
        let chosen = apply(&g.with_outputs(outputs), &args);
        then.read_coords(&mut chosen.into_iter())
    }

    /// Whether both hold.
    pub fn and(self, other: Condition) -> Condition {
        Condition(self.0 * other.0)
    }

    /// Whether either holds.
    pub fn or(self, other: Condition) -> Condition {
        Condition(self.0.larger(other.0))
    }
}

impl std::ops::Not for Condition {
    type Output = Condition;
    /// Whether it does not hold.
    fn not(self) -> Condition {
        Condition(1.0 - self.0)
    }
}
