//! Running the nodes that hold graphs: a cond node runs the branch its test chooses, a loop node
//! its body while its test holds, a loop's reverse derivative the loop keeping each state and then
//! its body's reverse derivative from the last state back; a loop's record and replay do the same
//! in two passes, through a tape. Each graph is compiled once ([`Runner`]), and a node keeps the
//! buffers its runs reuse.

use super::eval::Runner;
use super::op::{Op, Wire};
use super::tape::{Pass, Tapes};
use std::cell::RefCell;

/// A cond or loop node, compiled: the slots of its arguments, then its graphs.
#[derive(Debug)]
pub struct Nested {
    args: Box<[u32]>,
    node: Node,
    scratch: RefCell<Scratch>,
}

#[derive(Debug)]
enum Node {
    /// The branches, `then` first; the first argument is the test.
    Cond([Runner; 2]),
    /// A loop of an environment of `env` coordinates.
    While {
        env: usize,
        test: Runner,
        body: Runner,
    },
    /// A loop's reverse derivative: the loop, and its body's reverse derivative.
    WhileReverse {
        env: usize,
        state: usize,
        test: Runner,
        body: Runner,
        transpose: Runner,
    },
    /// A loop's record: its steps' forward pass, writing the tape `tape`.
    Record {
        env: usize,
        state: usize,
        test: Runner,
        forward: Runner,
        tape: u32,
    },
    /// A loop's replay: its steps' backward pass, reading the tape `tape`.
    Replay {
        env: usize,
        state: usize,
        residuals: usize,
        backward: Runner,
        tape: u32,
    },
}

/// The buffers of a run: a point `e ++ s` of a loop (or a branch's inputs), the states a reverse
/// derivative keeps, the cotangents it carries, and the outputs.
#[derive(Debug, Default)]
struct Scratch {
    point: Vec<f64>,
    states: Vec<f64>,
    bar: Vec<f64>,
    out: Vec<f64>,
}

impl Nested {
    /// The cond or loop node `op`, its arguments' slots given by `slot`.
    pub fn new(op: &Op, slot: impl Fn(Wire) -> u32) -> Nested {
        let (node, args) = match op {
            Op::Cond(b, args) => (
                Node::Cond([Runner::new(&b.then), Runner::new(&b.otherwise)]),
                args,
            ),
            Op::While(l, args) => (
                Node::While {
                    env: l.env,
                    test: Runner::new(&l.test),
                    body: Runner::new(&l.body),
                },
                args,
            ),
            Op::WhileReverse(l, args) => (
                Node::WhileReverse {
                    env: l.primal.env,
                    state: l.primal.state(),
                    test: Runner::new(&l.primal.test),
                    body: Runner::new(&l.primal.body),
                    transpose: Runner::new(&l.transpose),
                },
                args,
            ),
            Op::Taped(t, args) => {
                let (env, state) = (t.steps.env, t.steps.state);
                let node = match t.pass {
                    Pass::Record => Node::Record {
                        env,
                        state,
                        test: Runner::new(&t.steps.test),
                        forward: Runner::new(&t.steps.forward),
                        tape: t.tape,
                    },
                    Pass::Replay => Node::Replay {
                        env,
                        state,
                        residuals: t.steps.residuals(),
                        backward: Runner::new(&t.steps.backward),
                        tape: t.tape,
                    },
                };
                (node, args)
            }
            _ => unreachable!("only cond and loop nodes hold graphs"),
        };
        Nested {
            args: args.iter().map(|&w| slot(w)).collect(),
            node,
            scratch: RefCell::default(),
        }
    }

    /// Runs the node on the slots before `at`, writing its coordinates from `at` on, a record
    /// writing its tape in `tapes` and a replay reading it; how many coordinates.
    pub fn run(&self, slots: &mut [f64], at: usize, tapes: &mut Tapes) -> usize {
        let scratch = &mut *self.scratch.borrow_mut();
        let Scratch {
            point,
            states,
            bar,
            out,
        } = scratch;
        let arg = |k: usize| slots[self.args[k] as usize];
        out.clear();
        match &self.node {
            Node::Cond(branches) => {
                point.clear();
                point.extend((1..self.args.len()).map(arg));
                let chosen = usize::from(arg(0) == 0.0);
                branches[chosen].run(point, |ys| out.extend_from_slice(ys));
            }
            Node::While { env, test, body } => {
                point.clear();
                point.extend((0..self.args.len()).map(arg));
                body.iterate(*env, test, point, |_, _| {});
                out.extend_from_slice(&point[*env..]);
            }
            Node::WhileReverse {
                env,
                state,
                test,
                body,
                transpose,
            } => {
                let (env, m) = (*env, *state);
                point.clear();
                point.extend((0..env + m).map(arg));
                states.clear();
                states.extend_from_slice(&point[env..]);
                body.iterate(env, test, point, |_, s| states.extend_from_slice(s));
                // s′, then the environment's cotangent, then the state's.
                out.extend_from_slice(&point[env..]);
                out.resize(m + env, 0.0);
                bar.clear();
                bar.extend((env + m..self.args.len()).map(arg));
                for k in (0..states.len() / m - 1).rev() {
                    point.truncate(env);
                    point.extend_from_slice(&states[k * m..(k + 1) * m]);
                    point.extend_from_slice(bar);
                    transpose.run(point, |ys| {
                        for (acc, y) in out[m..].iter_mut().zip(&ys[..env]) {
                            *acc += y;
                        }
                        bar.copy_from_slice(&ys[env..]);
                    });
                }
                out.extend_from_slice(bar);
            }
            Node::Record {
                env,
                state,
                test,
                forward,
                tape,
            } => {
                point.clear();
                point.extend((0..self.args.len()).map(arg));
                tapes.reserve(*tape as usize + 1);
                let tape = tapes.get_mut(*tape);
                tape.steps = 0;
                tape.data.clear();
                forward.iterate(*env, test, point, |s, ys| {
                    tape.steps += 1;
                    tape.data.extend_from_slice(s);
                    tape.data.extend_from_slice(&ys[*state..]);
                });
                out.extend_from_slice(&point[*env..]);
            }
            Node::Replay {
                env,
                state,
                residuals,
                backward,
                tape,
            } => {
                // The arguments: s′, then the environment, then the final state's cotangent.
                let (env, m, stride) = (*env, *state, *state + *residuals);
                let tape = tapes.get(*tape);
                out.extend((0..m).map(arg));
                out.resize(m + env, 0.0);
                bar.clear();
                bar.extend((m + env..self.args.len()).map(arg));
                for k in (0..tape.steps).rev() {
                    let step = &tape.data[k * stride..(k + 1) * stride];
                    point.clear();
                    point.extend((m..m + env).map(arg));
                    point.extend_from_slice(&step[..m]);
                    point.extend_from_slice(bar);
                    point.extend_from_slice(&step[m..]);
                    backward.run(point, |ys| {
                        for (acc, y) in out[m..].iter_mut().zip(&ys[..env]) {
                            *acc += y;
                        }
                        bar.copy_from_slice(&ys[env..]);
                    });
                }
                out.extend_from_slice(bar);
            }
        }
        slots[at..at + out.len()].copy_from_slice(out);
        out.len()
    }
}
