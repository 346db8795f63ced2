//! Running a graph on `f64`s: the graph compiled once into a flat program ([`Compiled`]) whose
//! instructions read and write one array of slots — the inputs, then a slot per coordinate of
//! each node.

use super::cond::Test;
use super::custom::{Custom, Use};
use super::graph::Graph;
use super::nested::Nested;
use super::op::{Binary, Ix, Op, Unary, Wire, binary, index, unary};
use std::cell::RefCell;
use std::rc::Rc;

/// One instruction: the operation of a node, reading slots. Arithmetic has instructions of its
/// own, so that the most common nodes cost one dispatch; the parts of the others are boxed, so
/// that an instruction is two words. An [`Op::Out`] is no instruction: it names a slot of its
/// node's.
#[derive(Debug)]
enum Instr {
    Const(f64),
    Add(u32, u32),
    Sub(u32, u32),
    Mul(u32, u32),
    Div(u32, u32),
    Neg(u32),
    Unary(Unary, u32),
    Powi(i32, u32),
    Binary(Binary, u32, u32),
    Index(Ix, u32, u32),
    Custom(Box<(Rc<Custom>, Use, Box<[u32]>)>),
    Test(Box<(Rc<Test>, Box<[u32]>)>),
    Nested(Box<Nested>),
}

/// A graph compiled to run: an instruction per node but [`Op::Out`]s, in order, each writing the
/// next of `slots` slots — one, or the coordinates of a node of several. The graphs a cond or
/// loop node holds are programs of their own ([`Nested`]), run in slots the node keeps.
#[derive(Debug)]
pub struct Compiled {
    inputs: usize,
    slots: usize,
    code: Vec<Instr>,
    outputs: Vec<u32>,
}

/// The slot of `w`: an input's own, a node's first (`node_slot`, by node).
fn slot_of(node_slot: &[u32], w: Wire) -> u32 {
    match w {
        Wire::In(i) => i,
        Wire::Node(j) => node_slot[j as usize],
    }
}

impl Compiled {
    /// `g`, compiled.
    pub fn new(g: &Graph) -> Compiled {
        let inputs = g.inputs();
        let mut node_slot: Vec<u32> = Vec::with_capacity(g.nodes().len());
        let mut next = inputs as u32;
        let mut code = Vec::with_capacity(g.nodes().len());
        for op in g.nodes() {
            let slot = |w: Wire| slot_of(&node_slot, w);
            let instr = match op {
                Op::Out(w, k) => {
                    node_slot.push(slot(*w) + k);
                    continue;
                }
                Op::Const(c) => Instr::Const(*c),
                Op::Unary(Unary::Neg, a) => Instr::Neg(slot(*a)),
                Op::Unary(u, a) => Instr::Unary(*u, slot(*a)),
                Op::Powi(n, a) => Instr::Powi(*n, slot(*a)),
                Op::Binary(b, x, y) => {
                    let (x, y) = (slot(*x), slot(*y));
                    match b {
                        Binary::Add => Instr::Add(x, y),
                        Binary::Sub => Instr::Sub(x, y),
                        Binary::Mul => Instr::Mul(x, y),
                        Binary::Div => Instr::Div(x, y),
                        _ => Instr::Binary(*b, x, y),
                    }
                }
                Op::Index(i, x, y) => Instr::Index(*i, slot(*x), slot(*y)),
                Op::Custom(p, use_, args) => Instr::Custom(Box::new((
                    Rc::clone(p),
                    *use_,
                    args.iter().map(|&w| slot(w)).collect(),
                ))),
                Op::Test(p, args) => Instr::Test(Box::new((
                    Rc::clone(p),
                    args.iter().map(|&w| slot(w)).collect(),
                ))),
                Op::Cond(..) | Op::While(..) | Op::WhileReverse(..) => {
                    Instr::Nested(Box::new(Nested::new(op, slot)))
                }
            };
            node_slot.push(next);
            next += op.width() as u32;
            code.push(instr);
        }
        Compiled {
            inputs,
            slots: next as usize,
            code,
            outputs: g
                .outputs()
                .iter()
                .map(|&w| slot_of(&node_slot, w))
                .collect(),
        }
    }

    /// The outputs at the input coordinates `inputs`, computed in `slots` (sized on the first run,
    /// so that a caller running a program repeatedly allocates and clears its slots once).
    ///
    /// # Panics
    ///
    /// If `inputs` is not as long as the program's input; the message names both lengths.
    pub fn run(&self, inputs: &[f64], slots: &mut Vec<f64>, out: &mut Vec<f64>) {
        assert_eq!(
            inputs.len(),
            self.inputs,
            "a term of {} input coordinates run at {}",
            self.inputs,
            inputs.len()
        );
        if slots.len() != self.slots {
            slots.clear();
            slots.resize(self.slots, 0.0);
        }
        let slots: &mut [f64] = slots;
        slots[..self.inputs].copy_from_slice(inputs);
        let mut args = Vec::new();
        let mut next = self.inputs;
        for instr in &self.code {
            let s = |i: u32| slots[i as usize];
            let y = match *instr {
                Instr::Const(c) => c,
                Instr::Add(x, y) => s(x) + s(y),
                Instr::Sub(x, y) => s(x) - s(y),
                Instr::Mul(x, y) => s(x) * s(y),
                Instr::Div(x, y) => s(x) / s(y),
                Instr::Neg(a) => -s(a),
                Instr::Unary(u, a) => unary(u, s(a)),
                Instr::Powi(n, a) => s(a).powi(n),
                Instr::Binary(b, x, y) => binary(b, s(x), s(y)),
                Instr::Index(i, x, y) => index(i, s(x), s(y)),
                Instr::Custom(ref custom) => {
                    let (p, use_, wires) = &**custom;
                    args.clear();
                    args.extend(wires.iter().map(|&w| s(w)));
                    let ys = p.eval(*use_, &args);
                    slots[next..next + ys.len()].copy_from_slice(&ys);
                    next += ys.len();
                    continue;
                }
                Instr::Test(ref test) => {
                    let (p, wires) = &**test;
                    args.clear();
                    args.extend(wires.iter().map(|&w| s(w)));
                    if p.holds(&args) { 1.0 } else { 0.0 }
                }
                Instr::Nested(ref nested) => {
                    next += nested.run(slots, next);
                    continue;
                }
            };
            slots[next] = y;
            next += 1;
        }
        out.clear();
        out.extend(self.outputs.iter().map(|&s| slots[s as usize]));
    }
}

/// A compiled graph and the slots and outputs its runs reuse.
#[derive(Debug)]
pub struct Runner {
    code: Compiled,
    scratch: RefCell<(Vec<f64>, Vec<f64>)>,
}

impl Runner {
    /// `g`, compiled.
    pub fn new(g: &Graph) -> Runner {
        Runner {
            code: Compiled::new(g),
            scratch: RefCell::default(),
        }
    }

    /// `f` of the outputs at the coordinates `inputs`.
    pub fn run<T>(&self, inputs: &[f64], f: impl FnOnce(&[f64]) -> T) -> T {
        let (slots, out) = &mut *self.scratch.borrow_mut();
        self.code.run(inputs, slots, out);
        f(out)
    }

    /// Runs at the coordinates `point`, then writes the outputs over `point[from..]`: a step of a
    /// loop whose point is its environment and then its state.
    pub fn step(&self, point: &mut [f64], from: usize) {
        let (slots, out) = &mut *self.scratch.borrow_mut();
        self.code.run(point, slots, out);
        point[from..].copy_from_slice(out);
    }
}
