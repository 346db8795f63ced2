//! Running a graph on `f64`s: the graph compiled once into a flat program ([`Compiled`]) whose
//! instructions read and write one array of slots — the inputs, then a slot per coordinate of
//! each node.

use super::cond::Test;
use super::custom::{Custom, Use};
use super::graph::Graph;
use super::nested::Nested;
use super::op::{Binary, Ix, Op, Unary, Wire, binary, index, unary};
use super::tape::Tapes;
use std::cell::RefCell;
use std::rc::Rc;

/// One instruction: the operation of a node, reading slots. Arithmetic has instructions of its
/// own, so that the most common nodes cost one dispatch; the parts of the others are boxed, so
/// that an instruction is two words. An [`Op::Out`] is no instruction: it names a slot of its
/// node's; nor is a constant, whose slot is written once.
#[derive(Debug)]
enum Instr {
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

/// A graph compiled to run: an instruction per node but [`Op::Out`]s and constants, in order, each
/// writing the next of `slots` slots — one, or the coordinates of a node of several. The slots
/// are the inputs, then the constants (written once, when the slots are made), then the nodes'.
/// The graphs a cond or loop node holds are programs of their own ([`Nested`]), run in slots the
/// node keeps.
#[derive(Debug)]
pub struct Compiled {
    inputs: usize,
    constants: Vec<f64>,
    slots: usize,
    code: Vec<Instr>,
    outputs: Vec<u32>,
    /// Where the program is one comparison of two inputs (a counted loop's test), it.
    comparison: Option<(Ix, u32, u32)>,
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
        let constants: Vec<f64> = g
            .nodes()
            .iter()
            .filter_map(|op| match op {
                Op::Const(c) => Some(*c),
                _ => None,
            })
            .collect();
        let mut node_slot: Vec<u32> = Vec::with_capacity(g.nodes().len());
        let mut constant = inputs as u32;
        let mut next = (inputs + constants.len()) as u32;
        let mut code = Vec::with_capacity(g.nodes().len());
        for op in g.nodes() {
            let slot = |w: Wire| slot_of(&node_slot, w);
            let instr = match op {
                Op::Out(w, k) => {
                    node_slot.push(slot(*w) + k);
                    continue;
                }
                Op::Const(_) => {
                    node_slot.push(constant);
                    constant += 1;
                    continue;
                }
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
                Op::Cond(..) | Op::While(..) | Op::WhileReverse(..) | Op::Taped(..) => {
                    Instr::Nested(Box::new(Nested::new(op, slot)))
                }
            };
            node_slot.push(next);
            next += op.width() as u32;
            code.push(instr);
        }
        let outputs: Vec<u32> = g
            .outputs()
            .iter()
            .map(|&w| slot_of(&node_slot, w))
            .collect();
        let comparison = match (&code[..], &outputs[..]) {
            ([Instr::Index(i, x, y)], &[out])
                if constants.is_empty() && out as usize == inputs && x.max(y) < &out =>
            {
                Some((*i, *x, *y))
            }
            _ => None,
        };
        Compiled {
            inputs,
            constants,
            slots: next as usize,
            code,
            outputs,
            comparison,
        }
    }

    /// Slots to run the program in: the constants' written, the others zero.
    fn slots(&self) -> Vec<f64> {
        let mut slots = vec![0.0; self.slots];
        slots[self.inputs..self.inputs + self.constants.len()].copy_from_slice(&self.constants);
        slots
    }

    /// Runs the program in `slots` (made by [`slots`](Compiled::slots)), whose inputs are set,
    /// its loops' records and replays writing and reading `tapes`.
    fn exec(&self, slots: &mut [f64], tapes: &mut Tapes) {
        let mut args = Vec::new();
        let mut next = self.inputs + self.constants.len();
        for instr in &self.code {
            let s = |i: u32| slots[i as usize];
            let y = match *instr {
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
                    next += nested.run(slots, next, tapes);
                    continue;
                }
            };
            slots[next] = y;
            next += 1;
        }
    }

    /// Checks that `inputs` is as long as the program's input; the message names both lengths.
    fn check(&self, inputs: usize) {
        assert_eq!(
            inputs, self.inputs,
            "a term of {} input coordinates run at {inputs}",
            self.inputs
        );
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
        let code = Compiled::new(g);
        Runner {
            scratch: RefCell::new((code.slots(), Vec::new())),
            code,
        }
    }

    /// `f` of the outputs at the coordinates `inputs`.
    ///
    /// # Panics
    ///
    /// If `inputs` is not as long as the program's input; the message names both lengths.
    pub fn run<T>(&self, inputs: &[f64], f: impl FnOnce(&[f64]) -> T) -> T {
        self.run_taped(inputs, &mut Tapes::default(), f)
    }

    /// `f` of the outputs at the coordinates `inputs`, a pass of a split reverse derivative: its
    /// loops' records write `tapes`, their replays read them.
    ///
    /// # Panics
    ///
    /// If `inputs` is not as long as the program's input; the message names both lengths.
    pub fn run_taped<T>(
        &self,
        inputs: &[f64],
        tapes: &mut Tapes,
        f: impl FnOnce(&[f64]) -> T,
    ) -> T {
        self.code.check(inputs.len());
        let (slots, out) = &mut *self.scratch.borrow_mut();
        slots[..inputs.len()].copy_from_slice(inputs);
        self.code.exec(slots, tapes);
        out.clear();
        out.extend(self.code.outputs.iter().map(|&s| slots[s as usize]));
        f(out)
    }

    /// Whether a test (a program of one output) holds at the coordinates `inputs`.
    pub fn holds(&self, inputs: &[f64]) -> bool {
        match self.code.comparison {
            Some((i, x, y)) => index(i, inputs[x as usize], inputs[y as usize]) != 0.0,
            None => self.run(inputs, |t| t[0] != 0.0),
        }
    }

    /// Runs this program, a loop's body, on the point `e ++ s` (`env` coordinates of `e`) while
    /// `test` holds there: each step's outputs start with the next state, which is written into
    /// the point; `each` is given the state before the step and the step's outputs.
    pub fn iterate(
        &self,
        env: usize,
        test: &Runner,
        point: &mut [f64],
        mut each: impl FnMut(&[f64], &[f64]),
    ) {
        self.code.check(point.len());
        let n = point.len();
        let (slots, out) = &mut *self.scratch.borrow_mut();
        slots[..n].copy_from_slice(point);
        while test.holds(&slots[..n]) {
            self.code.exec(slots, &mut Tapes::default());
            out.clear();
            out.extend(self.code.outputs.iter().map(|&s| slots[s as usize]));
            each(&slots[env..n], out);
            slots[env..n].copy_from_slice(&out[..n - env]);
        }
        point.copy_from_slice(&slots[..n]);
    }
}
