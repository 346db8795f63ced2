//! A reverse derivative in two passes: a graph of `a ++ db` cut where its nodes start to read the
//! cotangent `db`. The forward pass computes the value and the residuals — the values the
//! backward pass reads — and records each loop; the backward pass reads `a`, `db` and the
//! residuals and replays each loop's tape. So a derivative taken at a point (a mode's
//! [`linearize`](crate::vocabulary::Primitive::linearize)) runs the program forward once, however
//! often it is transposed, and a loop's state is computed once, not for the value and again for
//! its transpose.

use super::graph::Graph;
use super::op::{Op, Wire};
use super::tape::{Pass, Steps, Taped};
use super::while_loop::While;
use crate::hasher::FxHashMap;
use std::rc::Rc;

/// A reverse derivative's two passes.
#[derive(Debug)]
pub struct Split {
    /// From `a`, the value then the residuals.
    pub forward: Graph,
    /// From `a ++ db ++ r`, the cotangents.
    pub backward: Graph,
    /// The number of tapes: of the loops the forward pass records.
    pub tapes: usize,
}

/// Which pass a node of the reverse derivative is in, and its wire there.
#[derive(Clone, Copy)]
enum Side {
    Forward(Wire),
    Backward(Wire),
}

/// The passes being built.
struct Passes {
    forward: Graph,
    backward: Graph,
    /// Each residual's wire in the forward pass, and its input in the backward pass.
    residuals: Vec<Wire>,
    imported: FxHashMap<Wire, Wire>,
    tapes: u32,
}

impl Passes {
    /// The backward pass's wire for the forward pass's `w`: the input itself, a constant made
    /// again, or a residual.
    fn import(&mut self, w: Wire) -> Wire {
        if let Wire::In(_) = w {
            return w;
        }
        if let Some(c) = self.forward.constant_of(w) {
            return self.backward.constant(c);
        }
        if let Some(&r) = self.imported.get(&w) {
            return r;
        }
        let r = self.backward.add_inputs(1)[0];
        self.residuals.push(w);
        self.imported.insert(w, r);
        r
    }

    /// The forward pass's wire of a node on it.
    ///
    /// # Panics
    ///
    /// If the node reads the cotangent: no value of a reverse derivative does.
    fn forward_wire(&self, side: Side) -> Wire {
        match side {
            Side::Forward(w) => w,
            Side::Backward(_) => {
                panic!("catad::term: a value of a reverse derivative reads its cotangent")
            }
        }
    }

    /// The backward pass's wire for a node's `side`.
    fn backward_wire(&mut self, side: Side) -> Wire {
        match side {
            Side::Forward(w) => self.import(w),
            Side::Backward(w) => w,
        }
    }

    /// A record of `steps` on the forward pass's wires `args` (`e ++ s`): its node.
    fn record(&mut self, steps: &Rc<Steps>, args: &[Wire]) -> (Wire, u32) {
        let tape = self.tapes;
        self.tapes += 1;
        let taped = Taped {
            steps: Rc::clone(steps),
            tape,
            pass: Pass::Record,
        };
        (
            self.forward.push(Op::Taped(Rc::new(taped), args.into())),
            tape,
        )
    }
}

/// The two passes of `r`, a reverse derivative: its first `inputs` inputs are the point `a`, the
/// others the cotangent `db`; its first `values` outputs are the value, the others the
/// cotangents.
///
/// # Panics
///
/// If a value reads the cotangent (no reverse derivative does).
pub fn split(r: &Graph, inputs: usize, values: usize) -> Split {
    // The loops whose reverse derivative is taken, by their loop and the wires of their
    // arguments `e ++ s` in `r`: each is recorded once, and its record's state is the loop's
    // value too.
    let mut reversed: FxHashMap<Key, Rc<Steps>> = FxHashMap::default();
    for op in r.nodes() {
        if let Op::WhileReverse(l, args) = op {
            let steps = Rc::new(Steps::of(&l.primal, &l.transpose));
            reversed.insert(key(&l.primal, args), steps);
        }
    }
    let mut p = Passes {
        forward: Graph::new(inputs),
        backward: Graph::new(r.inputs()),
        residuals: Vec::new(),
        imported: FxHashMap::default(),
        tapes: 0,
    };
    let mut records: FxHashMap<Key, (Wire, u32)> = FxHashMap::default();
    let mut side: Vec<Side> = Vec::with_capacity(r.nodes().len());
    for op in r.nodes() {
        let mut wires = Vec::with_capacity(2);
        op.each_arg(|w| wires.push(side_of(&side, inputs, w)));
        let forward: Option<Vec<Wire>> = wires
            .iter()
            .map(|s| match s {
                Side::Forward(w) => Some(*w),
                Side::Backward(_) => None,
            })
            .collect();
        let s = match (op, forward) {
            (Op::While(l, args), Some(renamed)) if reversed.contains_key(&key(l, args)) => {
                let k = key(l, args);
                let record = p.record(&reversed[&k], &renamed);
                records.insert(k, record);
                Side::Forward(record.0)
            }
            (_, Some(renamed)) => {
                let mut renamed = renamed.into_iter();
                let op = op.map_args(|_| renamed.next().expect("a wire per argument"));
                Side::Forward(p.forward.push(op))
            }
            (Op::WhileReverse(l, args), None) => {
                let k = key(&l.primal, args);
                let steps = Rc::clone(&reversed[&k]);
                let (primal, bars) = wires.split_at(steps.env + steps.state);
                let primal: Vec<Wire> = primal.iter().map(|&s| p.forward_wire(s)).collect();
                let (record, tape) = match records.get(&k) {
                    Some(&record) => record,
                    None => {
                        let record = p.record(&steps, &primal);
                        records.insert(k, record);
                        record
                    }
                };
                let mut args: Vec<Wire> = (0..steps.state as u32)
                    .map(|c| {
                        let w = p.forward.push(Op::Out(record, c));
                        p.import(w)
                    })
                    .collect();
                for &w in &primal[..steps.env] {
                    args.push(p.import(w));
                }
                for &s in bars {
                    args.push(p.backward_wire(s));
                }
                let replay = Taped {
                    steps,
                    tape,
                    pass: Pass::Replay,
                };
                Side::Backward(p.backward.push(Op::Taped(Rc::new(replay), args.into())))
            }
            (_, None) => {
                let mut renamed: Vec<Wire> = wires.iter().map(|&s| p.backward_wire(s)).collect();
                renamed.reverse();
                let op = op.map_args(|_| renamed.pop().expect("a wire per argument"));
                Side::Backward(p.backward.push(op))
            }
        };
        side.push(s);
    }
    let wire = |w: Wire| side_of(&side, inputs, w);
    let (value, cotangent) = r.outputs().split_at(values);
    let cotangents: Vec<Wire> = cotangent
        .iter()
        .map(|&w| p.backward_wire(wire(w)))
        .collect();
    let mut outputs: Vec<Wire> = value.iter().map(|&w| p.forward_wire(wire(w))).collect();
    outputs.extend_from_slice(&p.residuals);
    Split {
        tapes: p.tapes as usize,
        forward: p.forward.with_outputs(outputs).pruned(),
        backward: p.backward.with_outputs(cotangents).pruned(),
    }
}

/// The pass of the wire `w` of `r`, whose first `inputs` inputs are the point, its nodes'
/// passes `side`.
fn side_of(side: &[Side], inputs: usize, w: Wire) -> Side {
    match w {
        Wire::In(i) if (i as usize) < inputs => Side::Forward(w),
        Wire::In(_) => Side::Backward(w),
        Wire::Node(j) => side[j as usize],
    }
}

/// A loop and the wires of its arguments `e ++ s` (the first of `args`).
type Key = (*const While, Vec<Wire>);

/// The key of the loop `l` of the arguments that start with `e ++ s`.
fn key(l: &Rc<While>, args: &[Wire]) -> Key {
    (Rc::as_ptr(l), args[..l.env + l.state()].to_vec())
}
