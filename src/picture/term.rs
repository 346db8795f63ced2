//! Terms drawn: a [`Term`]'s graph, or the graph of its forward or reverse derivative, as a
//! [`Diagram`] — a box per node, the coordinates of a node of several (a custom primitive, a
//! conditional, a loop) its box's output ports. A conditional or a loop is one box, labelled
//! `cond` or `while`; the graphs it holds are not drawn inside it.

use super::Diagram;
use super::diagram::{Builder, Port};
use crate::space::Additive;
use crate::term::{Binary, Graph, Op, Term, Unary, Use, Wire};

impl<A: Additive, B: Additive> Term<A, B> {
    /// The term's graph, its argument bundled as `a` and its result as `b`.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::term::Syn;
    /// let t = catad::paper::mag_sqr::<Syn, f64>();
    /// let d = t.draw();
    /// assert_eq!((d.count("mul"), d.count("add")), (2, 1));
    /// ```
    pub fn draw(&self) -> Diagram {
        let (a, b) = (self.graph().inputs(), self.graph().outputs().len());
        of(self.graph(), &[("a", a)], &[("b", b)])
    }

    /// The forward derivative's graph: `a` and `da` in, `b` and `db` out.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::term::Syn;
    /// // d(x · y) = y · dx + x · dy: the product, two more products and a sum.
    /// let d = Syn::mul_c().draw_forward();
    /// assert_eq!((d.count("mul"), d.count("add")), (3, 1));
    /// ```
    pub fn draw_forward(&self) -> Diagram {
        let (a, b) = (self.graph().inputs(), self.graph().outputs().len());
        let forward = self.forward();
        of(
            forward.graph(),
            &[("a", a), ("da", a)],
            &[("b", b), ("db", b)],
        )
    }

    /// The reverse derivative's graph: `a` and `db` in, `b` and `da` out.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::term::Syn;
    /// // magSqr in reverse (paper Fig. 11): the cotangent scales a and b, twice each.
    /// let d = catad::paper::mag_sqr::<Syn, f64>().draw_reverse();
    /// assert_eq!(d.count("add"), 3);
    /// ```
    pub fn draw_reverse(&self) -> Diagram {
        let (a, b) = (self.graph().inputs(), self.graph().outputs().len());
        let reverse = self.reverse();
        of(
            reverse.graph(),
            &[("a", a), ("db", b)],
            &[("b", b), ("da", a)],
        )
    }
}

/// The diagram of `g`, its inputs and outputs bundled as `inputs` and `outputs`.
fn of(g: &Graph, inputs: &[(&str, usize)], outputs: &[(&str, usize)]) -> Diagram {
    let n = g.inputs();
    let value = |w: Wire| match w {
        Wire::In(i) => i as usize,
        Wire::Node(j) => n + j as usize,
    };
    let mut d = Builder::new(inputs);
    for op in g.nodes() {
        let port = match op {
            Op::Const(c) => Port {
                node: d.constant(*c),
                port: 0,
            },
            // A coordinate of a node of several is a port of its box.
            Op::Out(w, k) => Port {
                port: *k as usize,
                ..d.source[value(*w)]
            },
            _ => {
                let mut operands = Vec::new();
                op.each_arg(|w| operands.push(value(w)));
                let ports = vec![String::new(); op.width()];
                Port {
                    node: d.operation(label(op), &operands, ports),
                    port: 0,
                }
            }
        };
        d.source.push(port);
    }
    d.finish(outputs, g.outputs().iter().map(|&w| value(w)))
}

/// A box's label: the operation's name, as a tape's are named.
fn label(op: &Op) -> String {
    use Binary::*;
    use Unary::*;
    let name = match op {
        Op::Unary(u, _) => match u {
            Neg => "negate",
            Recip => "recip",
            Sin => "sin",
            Cos => "cos",
            Exp => "exp",
            Ln => "ln",
            Sqrt => "sqrt",
            Tanh => "tanh",
            Sinh => "sinh",
            Cosh => "cosh",
            Log1p => "log1p",
            Expm1 => "expm1",
            Erf => "erf",
            Abs => "abs",
            Sign => "sign",
            Detach => "as scalar",
        },
        Op::Binary(b, ..) => match b {
            Add => "add",
            Sub => "sub",
            Mul => "mul",
            Div => "div",
            Powf => "powf",
            Atan2 => "atan2",
            Max => "max",
            Min => "min",
            PowfDy => "powf_dy",
            Weight => "weight",
        },
        Op::Index(i, ..) => return format!("{i:?}").to_lowercase() + "_ix",
        Op::Powi(n, _) => return format!("powi {n}"),
        Op::Custom(p, use_, _) => {
            return match use_ {
                Use::Value => p.name().to_owned(),
                Use::Derivative => format!("{} derivative", p.name()),
                Use::Transpose => format!("{} transpose", p.name()),
            };
        }
        Op::Test(..) => "test",
        Op::Cond(..) => "cond",
        Op::While(..) => "while",
        Op::WhileReverse(..) => "while-reverse",
        Op::Taped(..) => "taped",
        Op::Const(_) | Op::Out(..) => unreachable!("constants and coordinates are no boxes"),
    };
    name.to_owned()
}
