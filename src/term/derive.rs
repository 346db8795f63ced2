//! Derivatives as term → term transformations: [`forward`] gives the graph of `(a, da) ↦ (f a,
//! f′(a) · da)`, [`reverse`] that of `(a, db) ↦ (f a, f′(a)ᵀ · db)`. Both read each node's
//! derivative from one table, [`partials`] — the paper's Fig. 6: the derivative of a scalar
//! primitive is a join of scalings — so that forward mode sums `∂ᵢ · daᵢ` and reverse mode adds
//! `∂ᵢ · dy` into each argument's cotangent. A custom primitive's derivative is its own (its
//! [`Use::Derivative`] and [`Use::Transpose`] nodes, each computing all its coordinates at once),
//! which has no derivative in turn. A cond node's derivative is a cond node, of the same test, over
//! its branches' derivatives; a test's derivative is zero; a loop's derivatives are loops of its
//! body's (see [`super::While`]).

use super::custom::Use;
use super::graph::Graph;
use super::op::{Binary, Op, Unary, Wire};
use super::while_loop::{WhileReverse, interleave, paired};
use crate::hasher::FxHashMap;
use std::f64::consts::FRAC_2_SQRT_PI;
use std::rc::Rc;

/// The partial derivatives of the node `op` (reading `out`'s wires) whose value is `y`: one
/// `(argument, ∂y/∂argument)` per argument. Constants, tests, indices and detached values have
/// none; custom nodes and their coordinates are not scalar primitives and are not asked.
fn partials(out: &mut Graph, op: &Op, y: Wire) -> Vec<(Wire, Wire)> {
    use Unary::*;
    match *op {
        Op::Const(_) | Op::Unary(Detach, _) | Op::Index(..) | Op::Test(..) => vec![],
        Op::Unary(u, a) => {
            let d = match u {
                Neg => out.constant(-1.0),
                Recip => {
                    let square = out.mul(y, y);
                    out.neg(square)
                }
                Sin => out.unary(Cos, a),
                Cos => {
                    let s = out.unary(Sin, a);
                    out.neg(s)
                }
                Exp => y,
                Ln => out.unary(Recip, a),
                Sqrt => {
                    let half = out.constant(0.5);
                    out.binary(Binary::Div, half, y)
                }
                Tanh => {
                    let (one, square) = (out.constant(1.0), out.mul(y, y));
                    out.binary(Binary::Sub, one, square)
                }
                Sinh => out.unary(Cosh, a),
                Cosh => out.unary(Sinh, a),
                Log1p => {
                    let one = out.constant(1.0);
                    let sum = out.add(one, a);
                    out.unary(Recip, sum)
                }
                Expm1 => out.unary(Exp, a),
                Erf => {
                    let square = out.mul(a, a);
                    let minus = out.neg(square);
                    let e = out.unary(Exp, minus);
                    let c = out.constant(FRAC_2_SQRT_PI);
                    out.mul(c, e)
                }
                Abs => out.unary(Sign, a),
                Sign => out.constant(0.0),
                Detach => unreachable!("a detached value has no partial derivative"),
            };
            vec![(a, d)]
        }
        Op::Powi(n, a) => {
            let d = if n == 0 {
                out.constant(0.0)
            } else {
                let (c, p) = (out.constant(f64::from(n)), out.push(Op::Powi(n - 1, a)));
                out.mul(c, p)
            };
            vec![(a, d)]
        }
        Op::Binary(b, x, z) => {
            let [dx, dz] = match b {
                Binary::Add => [out.constant(1.0), out.constant(1.0)],
                Binary::Sub => [out.constant(1.0), out.constant(-1.0)],
                Binary::Mul => [z, x],
                Binary::Div => {
                    let r = out.unary(Recip, z);
                    let yr = out.mul(y, r);
                    [r, out.neg(yr)]
                }
                Binary::Powf => {
                    let one = out.constant(1.0);
                    let e = out.binary(Binary::Sub, z, one);
                    let p = out.binary(Binary::Powf, x, e);
                    [out.mul(z, p), out.binary(Binary::PowfDy, x, z)]
                }
                Binary::Atan2 => {
                    // `x` is the ordinate, `z` the abscissa: ∂ = [z, −x] / (x² + z²).
                    let (xx, zz) = (out.mul(x, x), out.mul(z, z));
                    let r2 = out.add(zz, xx);
                    let minus_x = out.neg(x);
                    [
                        out.binary(Binary::Div, z, r2),
                        out.binary(Binary::Div, minus_x, r2),
                    ]
                }
                Binary::Max => [
                    out.binary(Binary::Weight, x, z),
                    out.binary(Binary::Weight, z, x),
                ],
                Binary::Min => [
                    out.binary(Binary::Weight, z, x),
                    out.binary(Binary::Weight, x, z),
                ],
                Binary::PowfDy => {
                    // ∂/∂x (xʸ ln x) = xʸ⁻¹ (y ln x + 1), ∂/∂y (xʸ ln x) = xʸ (ln x)².
                    let (one, ln) = (out.constant(1.0), out.unary(Ln, x));
                    let e = out.binary(Binary::Sub, z, one);
                    let p = out.binary(Binary::Powf, x, e);
                    let yl = out.mul(z, ln);
                    let s = out.add(yl, one);
                    [out.mul(p, s), out.mul(y, ln)]
                }
                Binary::Weight => [out.constant(0.0), out.constant(0.0)],
            };
            vec![(x, dx), (z, dz)]
        }
        Op::Custom(..)
        | Op::Out(..)
        | Op::Cond(..)
        | Op::While(..)
        | Op::WhileReverse(..)
        | Op::Taped(..) => {
            unreachable!("nodes of several coordinates have their own derivatives")
        }
    }
}

/// The custom primitive of a node whose derivative is asked, which must be a value's.
fn custom_value(p: &super::custom::Custom, use_: Use) {
    assert!(
        use_ == Use::Value,
        "catad::term: the derivative of custom primitive `{}`'s derivative is not defined (a \
         primitive states its first derivative only)",
        p.name()
    );
}

/// The wire carrying `c`'s value, or 0 where it is none.
fn or_zero(out: &mut Graph, w: Option<Wire>) -> Wire {
    w.unwrap_or_else(|| out.constant(0.0))
}

/// `acc + term`, where a missing `acc` is zero.
fn accumulate(out: &mut Graph, acc: &mut Option<Wire>, term: Wire) {
    *acc = Some(match *acc {
        Some(a) => out.add(a, term),
        None => term,
    });
}

/// The derivatives of cond nodes' branches or of loops, each made once however many nodes run
/// them.
struct Memo<K, V = K>(FxHashMap<*const K, Rc<V>>);

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo(FxHashMap::default())
    }
}

impl<K, V> Memo<K, V> {
    /// `derive x`, made on the first call for `x`.
    fn of(&mut self, x: &Rc<K>, derive: impl FnOnce(&Rc<K>) -> V) -> Rc<V> {
        let derived = self
            .0
            .entry(Rc::as_ptr(x))
            .or_insert_with(|| Rc::new(derive(x)));
        Rc::clone(derived)
    }
}

/// The reverse derivative of a loop's reverse derivative, which is not defined.
fn no_reverse_over_reverse() -> ! {
    panic!(
        "catad::term: the reverse derivative of a `while` loop's reverse derivative is not \
         defined yet (its forward derivative is: take second derivatives forward over reverse)"
    )
}

/// The derivative of a pass of a split reverse derivative, which is run and never differentiated
/// (its derivatives are taken of the reverse derivative whole).
fn no_derivative_of_a_pass() -> ! {
    unreachable!("catad::term: a pass of a split reverse derivative is not differentiated")
}

/// The forward derivative of `g`: inputs `a ++ da`, outputs `f a ++ f′(a) · da`. A tangent that
/// is zero by construction (a constant's) is no node at all.
pub fn forward(g: &Graph) -> Graph {
    let n = g.inputs();
    let mut out = Graph::new(2 * n);
    let mut value: Vec<Wire> = Vec::with_capacity(g.nodes().len());
    let mut tangent: Vec<Option<Wire>> = Vec::with_capacity(g.nodes().len());
    let at = |value: &[Wire], w: Wire| match w {
        Wire::In(i) => Wire::In(i),
        Wire::Node(j) => value[j as usize],
    };
    let dt = |tangent: &[Option<Wire>], w: Wire| match w {
        Wire::In(i) => Some(Wire::In(i + n as u32)),
        Wire::Node(j) => tangent[j as usize],
    };
    // Where a node's tangent is in one node with its value, the blocks of its coordinates (see
    // `paired`).
    let mut joint: Vec<Option<Vec<usize>>> = Vec::with_capacity(g.nodes().len());
    let (mut branches, mut loops, mut reverse_loops) =
        (Memo::default(), Memo::default(), Memo::default());
    for op in g.nodes() {
        if let Op::Out(Wire::Node(c), k) = op
            && let Some(blocks) = &joint[*c as usize]
        {
            let (v, t) = paired(blocks, *k as usize);
            let node = value[*c as usize];
            value.push(out.push(Op::Out(node, v as u32)));
            tangent.push(Some(out.push(Op::Out(node, t as u32))));
            joint.push(None);
            continue;
        }
        let renamed = op.map_args(|w| at(&value, w));
        let mut tangents = Vec::with_capacity(2);
        op.each_arg(|w| tangents.push(dt(&tangent, w)));
        // A cond or loop node and its tangent are one node of the derivatives of its graphs.
        let derived = match &renamed {
            Op::Cond(b, args) if tangents[1..].iter().any(Option::is_some) => {
                let mut wires = args.to_vec();
                for &t in &tangents[1..] {
                    wires.push(or_zero(&mut out, t));
                }
                let b = branches.of(b, |b| b.map(forward));
                Some((Op::Cond(b, wires.into()), vec![renamed.width()]))
            }
            Op::While(l, args) if tangents.iter().any(Option::is_some) => {
                let zeros: Vec<Wire> = tangents.iter().map(|&t| or_zero(&mut out, t)).collect();
                let (n, m) = (l.env, l.state());
                let wires = interleave(&[n, m], args, &zeros);
                let l = loops.of(l, |l| l.forward(forward));
                Some((Op::While(l, wires.into()), vec![m]))
            }
            Op::WhileReverse(l, args) if tangents.iter().any(Option::is_some) => {
                let zeros: Vec<Wire> = tangents.iter().map(|&t| or_zero(&mut out, t)).collect();
                let (n, m) = (l.primal.env, l.primal.state());
                let wires = interleave(&[n, m, m], args, &zeros);
                let l = reverse_loops.of(l, |l| l.forward(forward));
                Some((Op::WhileReverse(l, wires.into()), vec![m, n, m]))
            }
            Op::Taped(..) => no_derivative_of_a_pass(),
            _ => None,
        };
        if let Some((op, blocks)) = derived {
            let node = out.push(op);
            value.push(node);
            tangent.push(Some(node));
            joint.push(Some(blocks));
            continue;
        }
        let y = out.push(renamed.clone());
        let dy = if tangents.iter().all(Option::is_none) {
            None
        } else if let Op::Custom(p, use_, args) = &renamed {
            custom_value(p, *use_);
            let mut wires: Vec<Wire> = args.to_vec();
            for t in tangents {
                wires.push(or_zero(&mut out, t));
            }
            Some(out.push(Op::Custom(Rc::clone(p), Use::Derivative, wires.into())))
        } else if let (Op::Out(_, k), [Some(node_tangent)]) = (&renamed, &tangents[..]) {
            Some(out.push(Op::Out(*node_tangent, *k)))
        } else {
            let mut acc = None;
            for ((_, d), da) in partials(&mut out, &renamed, y).into_iter().zip(tangents) {
                if let Some(da) = da {
                    let term = out.mul(d, da);
                    accumulate(&mut out, &mut acc, term);
                }
            }
            acc
        };
        value.push(y);
        tangent.push(dy);
        joint.push(None);
    }
    let mut outputs: Vec<Wire> = g.outputs().iter().map(|&w| at(&value, w)).collect();
    for &w in g.outputs() {
        let t = dt(&tangent, w);
        outputs.push(or_zero(&mut out, t));
    }
    out.with_outputs(outputs).pruned()
}

/// The reverse derivative of `g`: inputs `a ++ db`, outputs `f a ++ f′(a)ᵀ · db`. The primal
/// nodes come first, then each node's cotangent contributions, last node first; a node no output
/// depends on contributes nothing. The cotangent of a node of several coordinates (custom, cond,
/// loop) gathers its coordinates' and is transposed by one node.
pub fn reverse(g: &Graph) -> Graph {
    let (n, m) = (g.inputs(), g.outputs().len());
    let mut out = Graph::new(n + m);
    let mut value: Vec<Wire> = Vec::with_capacity(g.nodes().len());
    let at = |value: &[Wire], w: Wire| match w {
        Wire::In(i) => Wire::In(i),
        Wire::Node(j) => value[j as usize],
    };
    for op in g.nodes() {
        let op = op.map_args(|w| at(&value, w));
        value.push(out.push(op));
    }
    let mut input_bar: Vec<Option<Wire>> = vec![None; n];
    let mut node_bar: Vec<Option<Wire>> = vec![None; g.nodes().len()];
    let mut tuple_bar: FxHashMap<u32, Vec<Option<Wire>>> = FxHashMap::default();
    let (mut branches, mut loops) = (Memo::default(), Memo::default());
    let add_to = |out: &mut Graph, ib: &mut [Option<Wire>], nb: &mut [Option<Wire>], w, t| {
        let slot = match w {
            Wire::In(i) => &mut ib[i as usize],
            Wire::Node(j) => &mut nb[j as usize],
        };
        accumulate(out, slot, t);
    };
    for (k, &w) in g.outputs().iter().enumerate() {
        add_to(
            &mut out,
            &mut input_bar,
            &mut node_bar,
            w,
            Wire::In((n + k) as u32),
        );
    }
    for (j, op) in g.nodes().iter().enumerate().rev() {
        match op {
            // A node of several coordinates: its cotangents, gathered from its coordinates', are
            // transposed by one node, whose coordinates from `first` on are its arguments' (the
            // wires `read`) cotangents.
            op if op.is_tuple() => {
                let Some(bars) = tuple_bar.remove(&(j as u32)) else {
                    continue;
                };
                let mut wires = Vec::new();
                op.each_arg(|w| wires.push(at(&value, w)));
                for bar in bars {
                    wires.push(or_zero(&mut out, bar));
                }
                let wires: Rc<[Wire]> = wires.into();
                let (transpose, first, read) = match op {
                    Op::Custom(p, use_, args) => {
                        custom_value(p, *use_);
                        (
                            Op::Custom(Rc::clone(p), Use::Transpose, wires),
                            0,
                            &args[..],
                        )
                    }
                    Op::Cond(b, args) => {
                        let reversed = branches.of(b, |b| b.map(reverse));
                        (Op::Cond(reversed, wires), b.outputs(), &args[1..])
                    }
                    Op::While(l, args) => {
                        let reversed = loops.of(l, |l| WhileReverse::of(l, reverse));
                        (Op::WhileReverse(reversed, wires), l.state(), &args[..])
                    }
                    Op::Taped(..) => no_derivative_of_a_pass(),
                    _ => no_reverse_over_reverse(),
                };
                let t = out.push(transpose);
                for (i, &arg) in read.iter().enumerate() {
                    let ti = out.push(Op::Out(t, (first + i) as u32));
                    add_to(&mut out, &mut input_bar, &mut node_bar, arg, ti);
                }
            }
            Op::Out(node, k) => {
                let Some(bar) = node_bar[j] else { continue };
                let Wire::Node(c) = *node else {
                    unreachable!("an input coordinate is a scalar")
                };
                let bars = tuple_bar
                    .entry(c)
                    .or_insert_with(|| vec![None; g.nodes()[c as usize].width()]);
                accumulate(&mut out, &mut bars[*k as usize], bar);
            }
            _ => {
                let Some(bar) = node_bar[j] else { continue };
                let renamed = op.map_args(|w| at(&value, w));
                let ds = partials(&mut out, &renamed, value[j]);
                let mut args = Vec::with_capacity(2);
                op.each_arg(|w| args.push(w));
                for (arg, (_, d)) in args.into_iter().zip(ds) {
                    let t = out.mul(d, bar);
                    add_to(&mut out, &mut input_bar, &mut node_bar, arg, t);
                }
            }
        }
    }
    let mut outputs: Vec<Wire> = g.outputs().iter().map(|&w| at(&value, w)).collect();
    for bar in input_bar {
        outputs.push(or_zero(&mut out, bar));
    }
    out.with_outputs(outputs).pruned()
}
