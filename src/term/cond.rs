//! Conditionals in terms: a [`Test`] node computes a predicate of its wires as 1 or 0, and a cond
//! node (an [`Op::Cond`](super::Op::Cond)) runs one of two [`Branches`], graphs of the same
//! inputs and outputs, as its test says. A derivative of a cond node is a cond node of the
//! branches' derivatives, so a term with conditionals is differentiated as often as asked.

use super::graph::Graph;
use crate::vocabulary::Pred;
use std::any::type_name;
use std::fmt;
use std::rc::Rc;

/// A predicate on `f64` coordinates: the test of a conditional, as a node's operation.
pub struct Test {
    holds: Rc<dyn Fn(&[f64]) -> bool>,
}

impl Test {
    /// The predicate `p`, tested on its input's coordinates.
    ///
    /// # Panics
    ///
    /// If `p` cannot be tested on coordinates: one made from a closure by [`Pred::new`], which a
    /// term cannot look into.
    pub fn new<A: 'static>(p: &Pred<A>) -> Test {
        let holds = p.on_coords().unwrap_or_else(|| {
            panic!(
                "catad::term: a predicate on {} made from a closure (`Pred::new`) cannot be \
                 tested in a term; build it from comparisons (`Pred::compare`)",
                type_name::<A>()
            )
        });
        Test { holds }
    }

    /// Whether the predicate holds at the coordinates `xs`.
    pub fn holds(&self, xs: &[f64]) -> bool {
        (self.holds)(xs)
    }
}

impl fmt::Debug for Test {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "test")
    }
}

/// The two branches of a conditional: graphs of the same inputs and outputs.
#[derive(Clone, Debug)]
pub struct Branches {
    /// The graph run where the test holds.
    pub then: Graph,
    /// The graph run elsewhere.
    pub otherwise: Graph,
}

impl Branches {
    /// The branches `then` and `otherwise`.
    ///
    /// # Panics
    ///
    /// If their inputs or outputs differ in number; the message names both.
    pub fn new(then: Graph, otherwise: Graph) -> Branches {
        assert!(
            then.inputs() == otherwise.inputs()
                && then.outputs().len() == otherwise.outputs().len(),
            "catad::term: branches from {} to {} and from {} to {} coordinates",
            then.inputs(),
            then.outputs().len(),
            otherwise.inputs(),
            otherwise.outputs().len()
        );
        Branches { then, otherwise }
    }

    /// The number of output coordinates.
    pub fn outputs(&self) -> usize {
        self.then.outputs().len()
    }

    /// The branch `map` makes of each.
    pub fn map(&self, map: impl Fn(&Graph) -> Graph) -> Branches {
        Branches::new(map(&self.then), map(&self.otherwise))
    }
}
