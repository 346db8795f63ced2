//! Derivatives as term → term transformations: [`forward`] gives the graph of `(a, da) ↦ (f a,
//! f′(a) · da)`, [`reverse`] that of `(a, db) ↦ (f a, f′(a)ᵀ · db)`. Both read each node's
//! derivative from one table, [`partials`] — the paper's Fig. 6: the derivative of a scalar
//! primitive is a join of scalings — so that forward mode sums `∂ᵢ · daᵢ` and reverse mode adds
//! `∂ᵢ · dy` into each argument's cotangent. A custom primitive's derivative is its own (its
//! [`Use::Derivative`] and [`Use::Transpose`] nodes, each computing all its coordinates at once),
//! which has no derivative in turn. A cond node's derivative is a cond node, of the same test, over
//! its branches' derivatives; a test's derivative is zero.

use super::cond::Branches;
use super::custom::Use;
use super::graph::Graph;
use super::op::{Binary, Op, Unary, Wire};
use crate::hasher::FxHashMap;
use std::f64::consts::FRAC_2_SQRT_PI;
use std::rc::Rc;

/// The partial derivatives of the node `op` (reading `out`'s wires) whose value is `y`: one
/// `(argument, ∂y/∂argument)` per argument. Constants have none; custom nodes and their
/// coordinates are not scalar primitives and are not asked.
fn partials(out: &mut Graph, op: &Op, y: Wire) -> Vec<(Wire, Wire)> {
    use Unary::*;
    match *op {
        Op::Const(_) => vec![],
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
        Op::Test(..) => vec![],
        Op::Custom(..) | Op::Out(..) | Op::Cond(..) => {
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

/// The branches of cond nodes, each derived once however many nodes run them.
#[derive(Default)]
struct Derived(FxHashMap<*const Branches, Rc<Branches>>);

impl Derived {
    /// `branches`, each branch transformed by `derive`.
    fn of(&mut self, branches: &Rc<Branches>, derive: fn(&Graph) -> Graph) -> Rc<Branches> {
        let derived = self
            .0
            .entry(Rc::as_ptr(branches))
            .or_insert_with(|| Rc::new(branches.map(derive)));
        Rc::clone(derived)
    }
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
    // Where a cond node's tangent is the joint node of its branches' forward derivatives, the
    // coordinate at which its tangents start (else 0).
    let mut tangent_offset: Vec<u32> = Vec::with_capacity(g.nodes().len());
    let mut derived = Derived::default();
    for op in g.nodes() {
        let renamed = op.map_args(|w| at(&value, w));
        let mut tangents = Vec::with_capacity(2);
        op.each_arg(|w| tangents.push(dt(&tangent, w)));
        if let Op::Cond(b, args) = &renamed
            && tangents[1..].iter().any(Option::is_some)
        {
            let mut wires = args.to_vec();
            for &t in &tangents[1..] {
                wires.push(or_zero(&mut out, t));
            }
            let branches = derived.of(b, forward);
            let joint = out.push(Op::Cond(branches, wires.into()));
            value.push(joint);
            tangent.push(Some(joint));
            tangent_offset.push(b.outputs() as u32);
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
        } else if let (Op::Out(Wire::Node(c), k), [Some(node_tangent)]) = (op, &tangents[..]) {
            let k = k + tangent_offset[*c as usize];
            Some(out.push(Op::Out(*node_tangent, k)))
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
        tangent_offset.push(0);
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
/// depends on contributes nothing. A custom node's cotangent gathers its coordinates' and is
/// transposed once.
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
    let mut derived = Derived::default();
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
            Op::Custom(p, use_, args) => {
                let Some(bars) = tuple_bar.remove(&(j as u32)) else {
                    continue;
                };
                custom_value(p, *use_);
                let mut wires: Vec<Wire> = args.iter().map(|&w| at(&value, w)).collect();
                for bar in bars {
                    wires.push(or_zero(&mut out, bar));
                }
                let t = out.push(Op::Custom(Rc::clone(p), Use::Transpose, wires.into()));
                for (i, &arg) in args.iter().enumerate() {
                    let ti = out.push(Op::Out(t, i as u32));
                    add_to(&mut out, &mut input_bar, &mut node_bar, arg, ti);
                }
            }
            Op::Cond(b, args) => {
                let Some(bars) = tuple_bar.remove(&(j as u32)) else {
                    continue;
                };
                let mut wires: Vec<Wire> = args.iter().map(|&w| at(&value, w)).collect();
                for bar in bars {
                    wires.push(or_zero(&mut out, bar));
                }
                let branches = derived.of(b, reverse);
                let t = out.push(Op::Cond(branches, wires.into()));
                let m = b.outputs();
                for (i, &arg) in args[1..].iter().enumerate() {
                    let ti = out.push(Op::Out(t, (m + i) as u32));
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
