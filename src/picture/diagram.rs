//! `Diagram`: a staged program as a wiring diagram — its operations as boxes, wires for the
//! values between them, each argument and result a bundle of wires.

use super::{dot, layout, render};
use crate::staged::{Op, Tape};

/// A wiring diagram of a staged program, as the paper draws programs (Figs. 2–5, 8–12): each
/// primitive a box, each value a wire from the box that computes it to every box that uses it,
/// constants as boxes of their own, and each argument and each result a *bundle*: one box with a
/// port per coordinate.
///
/// Made from a [`Tape`], the program that actually runs after differentiation and
/// simplification: usually by the `draw_…` methods of [`Compiled`](crate::staged::Compiled),
/// which name the bundles after the entry point's arguments. Written out by
/// [`Diagram::to_svg`] (laid out here, in pure Rust) or [`Diagram::to_dot`] (for GraphViz).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::picture::{Diagram, NodeKind};
/// use catad::staged::compile;
///
/// // magSqr (a, b) = a·a + b·b (paper Fig. 2).
/// let c = compile(&catad::paper::mag_sqr::<Reverse, _>());
/// let d = Diagram::of(&c.apply_tape(&(3.0, 4.0)), &[("a", 2)], &[("b", 1)]);
/// assert_eq!((d.count("mul"), d.count("add")), (2, 1));
/// assert_eq!(d.nodes().iter().filter(|n| n.kind() == NodeKind::Input).count(), 1);
/// assert_eq!(d.wires().len(), 2 + 2 + 2 + 1); // a₀ and a₁ twice each, both squares, the sum
/// assert!(d.to_svg().starts_with("<svg"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    nodes: Vec<Node>,
    wires: Vec<Wire>,
}

/// What a [`Node`] of a [`Diagram`] stands for.
///
/// ```
/// use catad::picture::NodeKind;
/// use catad::prelude::*;
/// use catad::staged::{Sym, compile};
/// // sqr a = a·a
/// let d = compile(&catad::paper::sqr::<Reverse, Sym>()).draw_apply(&3.0);
/// let kinds: Vec<NodeKind> = d.nodes().iter().map(|n| n.kind()).collect();
/// assert_eq!(kinds, [NodeKind::Input, NodeKind::Operation, NodeKind::Output]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// An argument: a bundle of input coordinates.
    Input,
    /// A constant.
    Constant,
    /// A primitive operation.
    Operation,
    /// A result: a bundle of output coordinates.
    Output,
}

/// A box of a [`Diagram`]: its kind, its label (a primitive's name, a constant's value, a
/// bundle's name) and its ports, each with a label (a bundle's coordinate numbers, `sin`/`cos`
/// for `sincos`, else empty).
///
/// ```
/// use catad::picture::NodeKind;
/// use catad::prelude::*;
/// let c = catad::staged::compile(&Reverse::mul_c());
/// let d = c.draw_apply(&(2.0, 3.0));
/// let mul = &d.nodes()[1];
/// assert_eq!((mul.kind(), mul.label(), mul.inputs().len(), mul.outputs().len()),
///            (NodeKind::Operation, "mul", 2, 1));
/// assert_eq!(d.nodes()[0].outputs(), ["0", "1"]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    kind: NodeKind,
    label: String,
    inputs: Vec<String>,
    outputs: Vec<String>,
}

impl Node {
    fn new(kind: NodeKind, label: impl Into<String>, inputs: usize, outputs: usize) -> Node {
        Node {
            kind,
            label: label.into(),
            inputs: vec![String::new(); inputs],
            outputs: vec![String::new(); outputs],
        }
    }

    fn bundle(kind: NodeKind, name: &str, size: usize) -> Node {
        // A bundle of one wire needs no port numbers.
        let numbers = || match size {
            1 => vec![String::new()],
            _ => (0..size).map(|i| i.to_string()).collect(),
        };
        let (inputs, outputs) = match kind {
            NodeKind::Input => (Vec::new(), numbers()),
            _ => (numbers(), Vec::new()),
        };
        Node {
            kind,
            label: name.to_owned(),
            inputs,
            outputs,
        }
    }

    /// What the node stands for.
    pub fn kind(&self) -> NodeKind {
        self.kind
    }

    /// Its label: a primitive's name, a constant's value, a bundle's name.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The labels of its input ports, in order (a primitive's operands).
    pub fn inputs(&self) -> &[String] {
        &self.inputs
    }

    /// The labels of its output ports, in order.
    pub fn outputs(&self) -> &[String] {
        &self.outputs
    }
}

/// A port of a [`Diagram`]: a node's number and the port's number among that node's inputs or
/// outputs.
///
/// ```
/// use catad::picture::Port;
/// let p = Port { node: 2, port: 0 };
/// assert_eq!(p, Port { node: 2, port: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Port {
    /// The node's number in [`Diagram::nodes`].
    pub node: usize,
    /// The port's number.
    pub port: usize,
}

/// A wire of a [`Diagram`], from an output port to an input port.
///
/// ```
/// use catad::picture::{Port, Wire};
/// use catad::prelude::*;
/// use catad::staged::{Sym, compile};
/// // sqr a = a·a: a into both ports of mul, mul into b.
/// let d = compile(&catad::paper::sqr::<Reverse, Sym>()).draw_apply(&3.0);
/// let wire = |from: usize, to: (usize, usize)| Wire {
///     from: Port { node: from, port: 0 },
///     to: Port { node: to.0, port: to.1 },
/// };
/// assert_eq!(d.wires(), [wire(0, (1, 0)), wire(0, (1, 1)), wire(1, (2, 0))]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wire {
    /// The output port the value comes from.
    pub from: Port,
    /// The input port it goes to.
    pub to: Port,
}

impl Diagram {
    /// The diagram of `tape`, its input coordinates bundled as `inputs` and its outputs as
    /// `outputs` (each a name and a number of coordinates, in order).
    ///
    /// Panics, naming both sizes, if the bundles do not add up to the tape's inputs or outputs.
    ///
    /// ```
    /// use catad::picture::Diagram;
    /// use catad::prelude::*;
    /// let tape = catad::staged::compile(&Reverse::mul_c()).apply_tape(&(2.0, 3.0));
    /// let d = Diagram::of(&tape, &[("x", 1), ("y", 1)], &[("x·y", 1)]);
    /// assert_eq!(d.nodes().len(), 4);
    /// ```
    pub fn of(tape: &Tape, inputs: &[(&str, usize)], outputs: &[(&str, usize)]) -> Diagram {
        let total = |bundles: &[(&str, usize)]| bundles.iter().map(|b| b.1).sum::<usize>();
        for (what, bundles, expected) in [
            ("input", inputs, tape.inputs()),
            ("output", outputs, tape.outputs()),
        ] {
            assert!(
                total(bundles) == expected,
                "catad::picture: the {what} bundles have {} coordinates, the tape has {expected}",
                total(bundles)
            );
        }
        let mut d = Builder::new(inputs);
        for &c in tape.constants() {
            let node = d.constant(c);
            d.source.push(Port { node, port: 0 });
        }
        for op in tape.ops() {
            let ports = match op {
                Op::SinCos(_) => vec!["sin".to_owned(), "cos".to_owned()],
                _ => vec![String::new(); op.width()],
            };
            let operands: Vec<usize> = op.operands().map(|o| o as usize).collect();
            let node = d.operation(label(op), &operands, ports);
            d.source
                .extend((0..op.width()).map(|port| Port { node, port }));
        }
        d.finish(outputs, tape.output_slots().iter().map(|&s| s as usize))
    }

    /// The boxes: the input bundles, the constants, the operations in the order they run, the
    /// output bundles.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The wires, each from an output port to an input port.
    pub fn wires(&self) -> &[Wire] {
        &self.wires
    }

    /// The number of operations labelled `name`.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::cos_sin_prod::<Forward, _>());
    /// // cosSinProd (x, y) = (cos z, sin z) where z = x·y: one sincos for both.
    /// let d = c.draw_apply(&(1.0, 2.0));
    /// assert_eq!((d.count("mul"), d.count("sincos")), (1, 1));
    /// ```
    pub fn count(&self, name: &str) -> usize {
        self.nodes
            .iter()
            .filter(|n| n.kind == NodeKind::Operation && n.label == name)
            .count()
    }

    /// The diagram in GraphViz's DOT language, flowing left to right, bundles as record
    /// shapes with a port per coordinate.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::{Sym, compile};
    /// let dot = compile(&catad::paper::sqr::<Reverse, Sym>()).draw_apply(&3.0).to_dot();
    /// assert!(dot.starts_with("digraph") && dot.contains("label=\"{{<i0>|<i1>}|mul|{<o0>}}\""));
    /// ```
    pub fn to_dot(&self) -> String {
        dot::write(self)
    }

    /// The diagram as an SVG image, laid out in layers from left to right (arguments first,
    /// results last), wires bent around the boxes they pass. The output depends only on the
    /// diagram, so a picture can be checked in and compared.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::mag_sqr::<Forward, _>());
    /// let svg = c.draw_apply(&(3.0, 4.0)).to_svg();
    /// assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    /// assert_eq!(svg.matches(">mul<").count(), 2);
    /// ```
    pub fn to_svg(&self) -> String {
        render::svg(self, &layout::layout(self))
    }
}

/// A box's label for an operation: its name, with the exponent of `powi`.
fn label(op: Op) -> String {
    match op {
        Op::Powi(_, n) => format!("powi {n}"),
        _ => op.name().to_owned(),
    }
}

/// A diagram as it is built: its boxes and wires, and the port that writes each value (a tape's
/// slot, a graph's wire), inputs first.
pub(super) struct Builder {
    nodes: Vec<Node>,
    wires: Vec<Wire>,
    /// The port writing each value, by the value's number.
    pub source: Vec<Port>,
}

impl Builder {
    /// A diagram of the input bundles `inputs` (each a name and a number of coordinates).
    pub fn new(inputs: &[(&str, usize)]) -> Builder {
        let mut d = Builder {
            nodes: Vec::new(),
            wires: Vec::new(),
            source: Vec::new(),
        };
        for &(name, size) in inputs {
            let node = d.nodes.len();
            d.source.extend((0..size).map(|port| Port { node, port }));
            d.nodes.push(Node::bundle(NodeKind::Input, name, size));
        }
        d
    }

    /// A box for the constant `c`; its number.
    pub fn constant(&mut self, c: f64) -> usize {
        self.nodes
            .push(Node::new(NodeKind::Constant, format!("{c}"), 0, 1));
        self.nodes.len() - 1
    }

    /// A box for an operation labelled `label` reading the values `operands`, with the output
    /// ports `ports` (their labels); its number.
    pub fn operation(&mut self, label: String, operands: &[usize], ports: Vec<String>) -> usize {
        let node = self.nodes.len();
        let mut box_ = Node::new(NodeKind::Operation, label, operands.len(), 0);
        box_.outputs = ports;
        for (port, &operand) in operands.iter().enumerate() {
            self.wires.push(Wire {
                from: self.source[operand],
                to: Port { node, port },
            });
        }
        self.nodes.push(box_);
        node
    }

    /// The diagram, its results bundled as `outputs` and read from the values `values`, in order.
    pub fn finish(
        mut self,
        outputs: &[(&str, usize)],
        mut values: impl Iterator<Item = usize>,
    ) -> Diagram {
        for &(name, size) in outputs {
            let node = self.nodes.len();
            for port in 0..size {
                let value = values.next().expect("the bundles add up to the outputs");
                self.wires.push(Wire {
                    from: self.source[value],
                    to: Port { node, port },
                });
            }
            self.nodes.push(Node::bundle(NodeKind::Output, name, size));
        }
        Diagram {
            nodes: self.nodes,
            wires: self.wires,
        }
    }
}
