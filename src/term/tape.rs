//! A loop of a reverse derivative in two passes (see [`super::split`]): the forward pass records
//! the loop — runs it, keeping on a tape each state and the values its body's transpose reads —
//! and the backward pass replays the tape from the last step back, so that the loop runs forward
//! once. A [`Taped`] node is the loop's record or its replay; the two share their [`Steps`] and
//! their tape's number.

use super::derive::reverse;
use super::graph::Graph;
use super::split::split;
use super::while_loop::While;
use std::rc::Rc;

/// A loop's steps, as its two passes run them: `forward` from `e ++ s` to `s′ ++ r`, the next
/// state and the residuals `r` its transpose reads; `backward` from `e ++ s ++ s̄′ ++ r` to
/// `ē ++ s̄`. Where the body holds a loop of its own, `r` is empty and `backward` computes the
/// body again from `e ++ s` (a loop's tape keeps no tape of its own).
#[derive(Debug)]
pub struct Steps {
    /// The number of coordinates of the environment.
    pub env: usize,
    /// The number of coordinates of the state.
    pub state: usize,
    /// From `e ++ s`, 1 where the loop runs another step, else 0.
    pub test: Graph,
    /// From `e ++ s`, the next state and the residuals.
    pub forward: Graph,
    /// From `e ++ s ++ s̄′ ++ r`, the cotangents of the environment and of the state.
    pub backward: Graph,
}

impl Steps {
    /// The steps of `primal`, whose body's transpose (from `e ++ s ++ s̄′` to `ē ++ s̄`) is
    /// `transpose`.
    pub fn of(primal: &While, transpose: &Graph) -> Steps {
        let (env, state) = (primal.env, primal.state());
        let body = split(&reverse(&primal.body), env + state, state);
        let (forward, backward) = if body.tapes == 0 {
            (body.forward, body.backward)
        } else {
            (primal.body.clone(), transpose.clone())
        };
        Steps {
            env,
            state,
            test: primal.test.clone(),
            forward,
            backward,
        }
    }

    /// The number of residuals a step keeps.
    pub fn residuals(&self) -> usize {
        self.forward.outputs().len() - self.state
    }
}

/// Which pass a [`Taped`] node runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pass {
    /// From `e ++ s`, the final state `s′`, recording the tape.
    Record,
    /// From `s′ ++ e ++ s̄′`, reading the tape: `s′ ++ ē ++ s̄₀`, as
    /// [`WhileReverse`](super::WhileReverse) does.
    Replay,
}

/// A node of a loop's record or replay: its steps, the number of its tape, and the pass.
#[derive(Debug)]
pub struct Taped {
    /// The loop's steps.
    pub steps: Rc<Steps>,
    /// The tape's number among those of the graphs of one split.
    pub tape: u32,
    /// The pass the node runs.
    pub pass: Pass,
}

impl Taped {
    /// The number of coordinates the node computes.
    pub fn width(&self) -> usize {
        let Steps { env, state, .. } = *self.steps;
        match self.pass {
            Pass::Record => state,
            Pass::Replay => 2 * state + env,
        }
    }
}

/// What the forward pass of a split keeps of its loops for the backward pass: a tape per loop,
/// each step's state and residuals.
#[derive(Clone, Debug, Default)]
pub struct Tapes(Vec<Tape>);

/// One loop's tape: the number of steps run, and their states and residuals in order.
#[derive(Clone, Debug, Default)]
pub struct Tape {
    /// The number of steps.
    pub steps: usize,
    /// Each step's state before it, then its residuals.
    pub data: Vec<f64>,
}

impl Tapes {
    /// Room for `count` tapes.
    pub fn reserve(&mut self, count: usize) {
        if self.0.len() < count {
            self.0.resize_with(count, Tape::default);
        }
    }

    /// The tape numbered `k`.
    pub fn get(&self, k: u32) -> &Tape {
        &self.0[k as usize]
    }

    /// The tape numbered `k`, to record.
    pub fn get_mut(&mut self, k: u32) -> &mut Tape {
        &mut self.0[k as usize]
    }
}
