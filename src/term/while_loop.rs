//! `while` loops in terms: a loop node ([`Op::While`](super::Op::While)) runs its body on a state
//! while its test holds, in an environment the body reads and does not change. The loop keeps its
//! body and test as graphs, so its derivatives are loops of its body's derivatives: the forward
//! derivative iterates the body's forward derivative on state and tangent together
//! ([`While::forward`]); the reverse derivative ([`WhileReverse`]) runs the loop keeping each
//! state, then the body's reverse derivative from the last state back to the first, adding the
//! environment's cotangents. The number of iterations is the primal's, as in `D`'s
//! `iterate_while`: its derivative holds it fixed. A counted loop is a `while` loop of a counter
//! ([`While::counted`]).

use super::graph::Graph;
use super::op::{Ix, Op, Wire};
use std::rc::Rc;

/// A `while` loop over graphs: from inputs `e ++ s` (`env` coordinates, then the state's), the
/// state after running `body` while `test` holds.
#[derive(Clone, Debug)]
pub struct While {
    /// The number of coordinates of the environment.
    pub env: usize,
    /// From `e ++ s`, 1 where the loop runs another iteration, else 0.
    pub test: Graph,
    /// From `e ++ s`, the next state.
    pub body: Graph,
}

impl While {
    /// The counted loop running `body` (from `e ++ s`, the next state; the environment `env`
    /// coordinates) `n` times: a loop of the environment `e ++ [n]` and the state `s ++ [k]`, its
    /// test `k < n`, its body `body` and `k + 1`. Run it from `k = 0`.
    pub fn counted(env: usize, body: &Graph) -> While {
        let m = body.outputs().len();
        let (count, k) = (Wire::In(env as u32), Wire::In((env + 1 + m) as u32));
        let mut test = Graph::new(env + m + 2);
        let less = test.push(Op::Index(Ix::Less, k, count));
        let mut next = Graph::new(env + m + 2);
        let inputs = next.input_wires();
        let mut out = next.append(
            body,
            &[&inputs[..env], &inputs[env + 1..env + 1 + m]].concat(),
        );
        let one = next.constant(1.0);
        out.push(next.push(Op::Index(Ix::Add, k, one)));
        While {
            env: env + 1,
            test: test.with_outputs(vec![less]),
            body: next.with_outputs(out),
        }
    }

    /// The number of coordinates of the state.
    pub fn state(&self) -> usize {
        self.body.outputs().len()
    }

    /// The loop of `(e ++ de) ++ (s ++ ds)` whose state is the value and tangent of this loop's:
    /// its test is this one's of `e ++ s`, its body the forward derivative of this one's.
    pub fn forward(&self, derive: fn(&Graph) -> Graph) -> While {
        let (n, m) = (self.env, self.state());
        let test = rewired(
            &self.test,
            &[n, n, m, m],
            |[e, _, s, _]| [e, s].concat(),
            |o| o,
        );
        let body = rewired(
            &derive(&self.body),
            &[n, n, m, m],
            |[e, de, s, ds]| [e, s, de, ds].concat(),
            |o| o,
        );
        While {
            env: 2 * n,
            test,
            body,
        }
    }
}

/// `g` read from a new graph whose inputs are blocks of the sizes `blocks`: `inputs` orders them
/// as `g` reads them, `outputs` orders `g`'s outputs.
fn rewired<const N: usize>(
    g: &Graph,
    blocks: &[usize; N],
    inputs: impl FnOnce([&[Wire]; N]) -> Vec<Wire>,
    outputs: impl FnOnce(Vec<Wire>) -> Vec<Wire>,
) -> Graph {
    let mut new = Graph::new(blocks.iter().sum());
    let wires = new.input_wires();
    let out = new.append(g, &inputs(split(&wires, blocks)));
    new.with_outputs(outputs(out))
}

/// `wires` cut into consecutive blocks of the sizes `blocks`.
fn split<'a, const N: usize>(wires: &'a [Wire], blocks: &[usize; N]) -> [&'a [Wire]; N] {
    let mut rest = wires;
    blocks.map(|size| {
        let (block, tail) = rest.split_at(size);
        rest = tail;
        block
    })
}

/// The reverse derivative of a [`While`] loop, from inputs `e ++ s ++ s̄` to outputs
/// `s′ ++ ē ++ s̄₀`: the loop's final state, the environment's cotangent and the initial state's.
#[derive(Clone, Debug)]
pub struct WhileReverse {
    /// The loop.
    pub primal: Rc<While>,
    /// The transpose of its body's derivative: from `e ++ s ++ s̄′` to `ē ++ s̄`.
    pub transpose: Graph,
}

impl WhileReverse {
    /// The reverse derivative of `primal`, its body's made by `derive` (from `e ++ s ++ s̄′` to
    /// `s′ ++ ē ++ s̄`, of which the transpose keeps what follows `s′`).
    pub fn of(primal: &Rc<While>, derive: fn(&Graph) -> Graph) -> WhileReverse {
        let reverse = derive(&primal.body);
        let cotangents = reverse.outputs()[primal.state()..].to_vec();
        WhileReverse {
            primal: Rc::clone(primal),
            transpose: reverse.with_outputs(cotangents).pruned(),
        }
    }

    /// The number of output coordinates: the state's, the environment's, the state's.
    pub fn outputs(&self) -> usize {
        2 * self.primal.state() + self.primal.env
    }

    /// The reverse derivative of the loop [`While::forward`] makes of this one's, whose
    /// inputs and outputs pair each block of this one's with its tangent: from
    /// `(e ++ de) ++ (s ++ ds) ++ (s̄ ++ ds̄)` to `(s′ ++ ds′) ++ (ē ++ dē) ++ (s̄₀ ++ ds̄₀)`.
    pub fn forward(&self, derive: fn(&Graph) -> Graph) -> WhileReverse {
        let (n, m) = (self.primal.env, self.primal.state());
        // The transpose's forward derivative reads `e ++ s ++ s̄ ++ de ++ ds ++ ds̄` and makes
        // `ē ++ s̄ ++ dē ++ ds̄`.
        let transpose = rewired(
            &derive(&self.transpose),
            &[n, n, m, m, m, m],
            |[e, de, s, ds, sb, dsb]| [e, s, sb, de, ds, dsb].concat(),
            |o| {
                let [eb, sb, deb, dsb] = split(&o, &[n, m, n, m]);
                [eb, deb, sb, dsb].concat()
            },
        );
        WhileReverse {
            primal: Rc::new(self.primal.forward(derive)),
            transpose,
        }
    }
}

/// Where a node of several coordinates, in blocks of the sizes `blocks`, and its tangent are one
/// node whose coordinates pair each block with its tangent: the coordinates of coordinate `k`'s
/// value and tangent there.
pub fn paired(blocks: &[usize], k: usize) -> (usize, usize) {
    let mut start = 0;
    for &size in blocks {
        if k < start + size {
            let value = 2 * start + (k - start);
            return (value, value + size);
        }
        start += size;
    }
    unreachable!("coordinate {k} of a node of {start}")
}

/// The wires `args` of a node, in blocks of the sizes `blocks`, each followed by its block of
/// `tangents`: the arguments of the node's forward derivative.
pub fn interleave(blocks: &[usize], args: &[Wire], tangents: &[Wire]) -> Vec<Wire> {
    let mut wires = Vec::with_capacity(2 * args.len());
    let mut start = 0;
    for &size in blocks {
        wires.extend_from_slice(&args[start..start + size]);
        wires.extend_from_slice(&tangents[start..start + size]);
        start += size;
    }
    wires
}
