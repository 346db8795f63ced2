//! Running a graph on `f64`s: one pass over its nodes, each written once into its slot.

use super::graph::Graph;
use super::op::{Op, Wire, binary, unary};

/// The outputs of `g` at the input coordinates `inputs`, computed in `slots` (one per node,
/// resized as needed, so that a caller running a graph repeatedly allocates once).
///
/// # Panics
///
/// If `inputs` is not as long as `g`'s input; the message names both lengths.
pub fn eval(g: &Graph, inputs: &[f64], slots: &mut Vec<f64>) -> Vec<f64> {
    assert_eq!(
        inputs.len(),
        g.inputs(),
        "a term of {} input coordinates run at {}",
        g.inputs(),
        inputs.len()
    );
    slots.clear();
    slots.reserve(g.nodes().len());
    let mut args = Vec::new();
    for op in g.nodes() {
        let read = |w: Wire, slots: &[f64]| match w {
            Wire::In(i) => inputs[i as usize],
            Wire::Node(j) => slots[j as usize],
        };
        let y = match op {
            Op::Const(c) => *c,
            Op::Unary(u, a) => unary(*u, read(*a, slots)),
            Op::Powi(n, a) => read(*a, slots).powi(*n),
            Op::Binary(b, x, y) => binary(*b, read(*x, slots), read(*y, slots)),
            Op::Custom(p, use_, k, wires) => {
                args.clear();
                args.extend(wires.iter().map(|&w| read(w, slots)));
                p.eval(*use_, *k, &args)
            }
        };
        slots.push(y);
    }
    g.outputs()
        .iter()
        .map(|&w| match w {
            Wire::In(i) => inputs[i as usize],
            Wire::Node(j) => slots[j as usize],
        })
        .collect()
}
