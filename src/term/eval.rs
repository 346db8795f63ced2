//! Running a graph on `f64`s: the graph compiled once into a flat program ([`Compiled`]) whose
//! instructions read and write one array of slots — the inputs, then a slot per node.

use super::custom::{Custom, Use};
use super::graph::Graph;
use super::op::{Binary, Op, Unary, Wire, binary, unary};
use std::rc::Rc;

/// One instruction: the operation of a node, reading slots. Arithmetic has instructions of its
/// own, so that the most common nodes cost one dispatch; a custom node's parts are boxed, so that
/// an instruction is two words.
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
    Custom(Box<(Rc<Custom>, Use, u32, Box<[u32]>)>),
}

/// A graph compiled to run: an instruction per node, in order, node `j` writing slot
/// `inputs + j`.
#[derive(Debug)]
pub struct Compiled {
    inputs: usize,
    code: Vec<Instr>,
    outputs: Vec<u32>,
}

impl Compiled {
    /// `g`, compiled.
    pub fn new(g: &Graph) -> Compiled {
        let inputs = g.inputs();
        let slot = |w: Wire| match w {
            Wire::In(i) => i,
            Wire::Node(j) => inputs as u32 + j,
        };
        let code = g
            .nodes()
            .iter()
            .map(|op| match op {
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
                Op::Custom(p, use_, k, args) => Instr::Custom(Box::new((
                    Rc::clone(p),
                    *use_,
                    *k,
                    args.iter().map(|&w| slot(w)).collect(),
                ))),
            })
            .collect();
        Compiled {
            inputs,
            code,
            outputs: g.outputs().iter().map(|&w| slot(w)).collect(),
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
        let total = self.inputs + self.code.len();
        if slots.len() != total {
            slots.clear();
            slots.resize(total, 0.0);
        }
        let slots: &mut [f64] = slots;
        slots[..self.inputs].copy_from_slice(inputs);
        let mut args = Vec::new();
        for (j, instr) in self.code.iter().enumerate() {
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
                Instr::Custom(ref custom) => {
                    let (p, use_, k, wires) = &**custom;
                    args.clear();
                    args.extend(wires.iter().map(|&w| s(w)));
                    p.eval(*use_, *k, &args)
                }
            };
            slots[self.inputs + j] = y;
        }
        out.clear();
        out.extend(self.outputs.iter().map(|&s| slots[s as usize]));
    }
}
