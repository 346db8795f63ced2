//! [`iterate_while`]: a loop of traced values that stays a loop node in the term, where a Rust
//! loop would be unrolled — for loops whose count depends on the traced values.

use super::frames::{apply, trace};
use super::select::Condition;
use super::traced::Traced;
use crate::space::Space;
use crate::term::{Graph, Op, While, Wire};
use std::rc::Rc;

/// From `state`, the state after running `body` while `test` holds of it: one loop node, its
/// test and body traced once each, a value they capture from an enclosing trace an input of the
/// loop that no iteration changes. Its derivative holds the number of iterations fixed (as
/// [`Loops::iterate_while`](crate::vocabulary::Loops::iterate_while)'s); like it, it does not
/// end if `test` keeps holding.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Term;
/// use catad::term::trace::{Traced, iterate_while};
/// // Halve y while it is above 1, as many times as the input asks, in one loop node.
/// let halve = Term::<f64, f64>::trace(|y| {
///     iterate_while(y, |&y| Traced::compare(y, Comparison::Gt, 1.0.into()), |y| 0.5 * y)
/// });
/// assert_eq!((halve.apply(5.0), halve.gradient(5.0)), (0.625, 0.125));
/// assert_eq!((halve.apply(50.0), halve.gradient(50.0)), (0.78125, 1.0 / 64.0));
/// ```
///
/// # Panics
///
/// If `body` gives a state of another dimension than it was given; the message names both.
pub fn iterate_while<X: Space<Traced>>(
    state: X,
    test: impl FnOnce(&X) -> Condition,
    body: impl FnOnce(X) -> X,
) -> X {
    let m = state.dim();
    // One trace of `s ↦ body(s) ++ [test(s)]`, so that test and body share what they capture.
    let (joint, captures) = trace(m, |xs| {
        let s = state.read_coords(&mut xs.iter().copied());
        let holds = test(&s).0;
        let next = body(s);
        assert_eq!(
            next.dim(),
            m,
            "catad::term::trace: a loop's body gave a state of {} coordinates from one of {m}",
            next.dim()
        );
        let mut out = next.coords();
        out.push(holds);
        out
    });
    let env = captures.len();
    let l = Rc::new(While {
        env,
        test: environment_first(&joint, m, joint.outputs()[m..].to_vec()),
        body: environment_first(&joint, m, joint.outputs()[..m].to_vec()),
    });
    let mut g = Graph::new(env + m);
    let args = g.input_wires().into();
    let out = g.tuple(Op::While(l, args));
    let mut inputs = captures;
    state.push_coords(&mut inputs);
    let last = apply(&g.with_outputs(out), &inputs);
    state.read_coords(&mut last.into_iter())
}

/// The graph of `outputs` of `joint`, whose inputs are the `m` state coordinates then the
/// environment's, read from inputs ordered environment first (a loop node's order).
fn environment_first(joint: &Graph, m: usize, outputs: Vec<Wire>) -> Graph {
    let part = joint.clone().with_outputs(outputs).pruned();
    let env = part.inputs() - m;
    let mut g = Graph::new(part.inputs());
    let x = g.input_wires();
    let out = g.append(&part, &[&x[env..], &x[..env]].concat());
    g.with_outputs(out)
}
