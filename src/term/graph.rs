//! A term's graph: nodes in A-normal form over scalar wires, each a name bound once and read by
//! later nodes, so that sharing is explicit (Krawiec et al.'s `Let`/`Var`, the Knossos notes'
//! ANF).
//!
//! Every node enters through [`Graph::push`], which applies the named [`Rule`]s: constants fold,
//! identities of arithmetic vanish, and a node equal to an earlier one is that node (common
//! subexpressions are shared).

use super::cond::Branches;
use super::op::{Binary, Op, Unary, Wire, binary, index, unary};
use crate::hasher::FxHashMap;
use std::fmt;
use std::rc::Rc;

/// The rewrites [`Graph::push`] makes, each counted in [`Graph::rewrites`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// An operation of constants is its constant: `2 · 3 = 6`; a conditional of a constant test
    /// is its chosen branch.
    Fold,
    /// `x + 0 = 0 + x = x − 0 = x`, `0 − x = −x`, `x · 1 = 1 · x = x / 1 = x`,
    /// `x · (−1) = (−1) · x = −x`, `−(−x) = x`.
    Identity,
    /// A node equal to an earlier one is that node.
    Share,
}

/// How often each [`Rule`] rewrote a node while the graph was built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rewrites {
    /// [`Rule::Fold`]s.
    pub folded: usize,
    /// [`Rule::Identity`]s.
    pub identities: usize,
    /// [`Rule::Share`]s.
    pub shared: usize,
}

/// A graph from `inputs` scalar coordinates to the scalars its `outputs` wires carry.
#[derive(Clone, Default)]
pub struct Graph {
    inputs: u32,
    nodes: Vec<Op>,
    outputs: Vec<Wire>,
    memo: FxHashMap<Op, Wire>,
    rewrites: Rewrites,
}

impl Graph {
    /// A graph of `inputs` coordinates, no nodes and no outputs.
    pub fn new(inputs: usize) -> Graph {
        Graph {
            inputs: u32::try_from(inputs).expect("a term's input has fewer than 2³² coordinates"),
            ..Graph::default()
        }
    }

    /// The identity on `inputs` coordinates.
    pub fn identity(inputs: usize) -> Graph {
        let mut g = Graph::new(inputs);
        g.outputs = g.input_wires();
        g
    }

    /// The number of input coordinates.
    pub fn inputs(&self) -> usize {
        self.inputs as usize
    }

    /// The wires of the input coordinates, in order.
    pub fn input_wires(&self) -> Vec<Wire> {
        (0..self.inputs).map(Wire::In).collect()
    }

    /// The nodes, each reading only inputs and earlier nodes.
    pub fn nodes(&self) -> &[Op] {
        &self.nodes
    }

    /// The wires of the output coordinates, in order.
    pub fn outputs(&self) -> &[Wire] {
        &self.outputs
    }

    /// How often each rule rewrote a node.
    pub fn rewrites(&self) -> Rewrites {
        self.rewrites
    }

    /// The graph with `outputs` as its outputs.
    pub fn with_outputs(mut self, outputs: Vec<Wire>) -> Graph {
        self.outputs = outputs;
        self
    }

    /// `count` more input coordinates, after those there are; their wires.
    pub fn add_inputs(&mut self, count: usize) -> Vec<Wire> {
        let first = self.inputs;
        self.inputs += u32::try_from(count).expect("a term's input has fewer than 2³² coordinates");
        (first..self.inputs).map(Wire::In).collect()
    }

    /// The constant a wire carries, if a constant node computes it.
    pub fn constant_of(&self, w: Wire) -> Option<f64> {
        match w {
            Wire::Node(j) => match self.nodes[j as usize] {
                Op::Const(c) => Some(c),
                _ => None,
            },
            Wire::In(_) => None,
        }
    }

    /// The number of coordinates of the node `w`, if it is a custom or cond node (whose
    /// coordinates are read through [`Op::Out`]).
    fn tuple_width(&self, w: Wire) -> Option<usize> {
        match w {
            Wire::Node(j) => {
                let op = &self.nodes[j as usize];
                op.is_tuple().then(|| op.width())
            }
            Wire::In(_) => None,
        }
    }

    /// The wire carrying `op`, rewritten by the [`Rule`]s: a new node only if no rule applies.
    ///
    /// # Panics
    ///
    /// If `op` reads a custom or cond node other than through [`Op::Out`], or a coordinate it
    /// has not.
    pub fn push(&mut self, op: Op) -> Wire {
        match op {
            Op::Out(w, k) => {
                let width = self.tuple_width(w);
                assert!(
                    width.is_some_and(|n| (k as usize) < n),
                    "catad::term: coordinate {k} of a node of {width:?} coordinates read"
                )
            }
            _ => op.each_arg(|w| {
                assert!(
                    self.tuple_width(w).is_none(),
                    "catad::term: a node of several coordinates read other than through `Op::Out`"
                )
            }),
        }
        if let Some(c) = self.fold(&op) {
            self.rewrites.folded += 1;
            return self.share(Op::Const(c));
        }
        if let Some(w) = self.simplify(&op) {
            self.rewrites.identities += 1;
            return w;
        }
        self.share(op)
    }

    /// `op`'s value, if it is an operation of constants.
    fn fold(&self, op: &Op) -> Option<f64> {
        match *op {
            Op::Unary(u, a) => Some(unary(u, self.constant_of(a)?)),
            Op::Powi(n, a) => Some(self.constant_of(a)?.powi(n)),
            Op::Binary(b, x, y) => Some(binary(b, self.constant_of(x)?, self.constant_of(y)?)),
            Op::Index(i, x, y) => Some(index(i, self.constant_of(x)?, self.constant_of(y)?)),
            Op::Test(ref p, ref args) => {
                let xs: Option<Vec<f64>> = args.iter().map(|&w| self.constant_of(w)).collect();
                Some(if p.holds(&xs?) { 1.0 } else { 0.0 })
            }
            Op::Const(_)
            | Op::Custom(..)
            | Op::Out(..)
            | Op::Cond(..)
            | Op::While(..)
            | Op::WhileReverse(..)
            | Op::Taped(..) => None,
        }
    }

    /// The wire `op` equals by an identity of arithmetic, if one applies.
    fn simplify(&mut self, op: &Op) -> Option<Wire> {
        let is = |g: &Graph, w: Wire, c: f64| g.constant_of(w) == Some(c);
        match *op {
            Op::Binary(Binary::Add, x, y) if is(self, y, 0.0) => Some(x),
            Op::Binary(Binary::Add, x, y) if is(self, x, 0.0) => Some(y),
            Op::Binary(Binary::Sub, x, y) if is(self, y, 0.0) => Some(x),
            Op::Binary(Binary::Sub, x, y) if is(self, x, 0.0) => Some(self.neg(y)),
            Op::Binary(Binary::Mul | Binary::Div, x, y) if is(self, y, 1.0) => Some(x),
            Op::Binary(Binary::Mul, x, y) if is(self, x, 1.0) => Some(y),
            Op::Binary(Binary::Mul, x, y) if is(self, y, -1.0) => Some(self.neg(x)),
            Op::Binary(Binary::Mul, x, y) if is(self, x, -1.0) => Some(self.neg(y)),
            Op::Unary(Unary::Neg, Wire::Node(j)) => match self.nodes[j as usize] {
                Op::Unary(Unary::Neg, x) => Some(x),
                _ => None,
            },
            _ => None,
        }
    }

    /// The earlier node equal to `op`, or a new one.
    fn share(&mut self, op: Op) -> Wire {
        if let Some(&w) = self.memo.get(&op) {
            self.rewrites.shared += 1;
            return w;
        }
        let w = Wire::Node(u32::try_from(self.nodes.len()).expect("fewer than 2³² nodes"));
        self.nodes.push(op.clone());
        self.memo.insert(op, w);
        w
    }

    /// The constant `c`.
    pub fn constant(&mut self, c: f64) -> Wire {
        self.push(Op::Const(c))
    }

    /// `u a`.
    pub fn unary(&mut self, u: Unary, a: Wire) -> Wire {
        self.push(Op::Unary(u, a))
    }

    /// `b (x, y)`.
    pub fn binary(&mut self, b: Binary, x: Wire, y: Wire) -> Wire {
        self.push(Op::Binary(b, x, y))
    }

    /// `−a`.
    pub fn neg(&mut self, a: Wire) -> Wire {
        self.unary(Unary::Neg, a)
    }

    /// `x + y`.
    pub fn add(&mut self, x: Wire, y: Wire) -> Wire {
        self.binary(Binary::Add, x, y)
    }

    /// `x · y`.
    pub fn mul(&mut self, x: Wire, y: Wire) -> Wire {
        self.binary(Binary::Mul, x, y)
    }

    /// The outputs of the branch `test` chooses, run at `inputs`: a cond node's coordinates, or
    /// the branch itself where the test is a constant (a [`Rule::Fold`]).
    pub fn cond(&mut self, test: Wire, branches: Rc<Branches>, inputs: &[Wire]) -> Vec<Wire> {
        if let Some(c) = self.constant_of(test) {
            self.rewrites.folded += 1;
            let branch = if c != 0.0 {
                &branches.then
            } else {
                &branches.otherwise
            };
            return self.append(branch, inputs);
        }
        let mut args = vec![test];
        args.extend_from_slice(inputs);
        self.tuple(Op::Cond(branches, args.into()))
    }

    /// The wires of the coordinates of `op`, a node of several (each an [`Op::Out`] of it).
    pub fn tuple(&mut self, op: Op) -> Vec<Wire> {
        let width = op.width() as u32;
        let node = self.push(op);
        (0..width).map(|k| self.push(Op::Out(node, k))).collect()
    }

    /// `other`'s nodes, reading `inputs` where `other` reads its input coordinates, pushed onto
    /// this graph (rewritten by the rules, so shared with equal nodes already here); the wires of
    /// `other`'s outputs.
    ///
    /// # Panics
    ///
    /// If `inputs` is not as long as `other`'s input; the message names both lengths.
    pub fn append(&mut self, other: &Graph, inputs: &[Wire]) -> Vec<Wire> {
        assert_eq!(
            inputs.len(),
            other.inputs(),
            "a term of {} input coordinates applied to {}",
            other.inputs(),
            inputs.len()
        );
        let mut nodes = Vec::with_capacity(other.nodes.len());
        // The outputs of each cond node that became its branch (its test a constant here).
        let mut chosen: FxHashMap<u32, Vec<Wire>> = FxHashMap::default();
        let map = |nodes: &[Wire], w: Wire| match w {
            Wire::In(i) => inputs[i as usize],
            Wire::Node(j) => nodes[j as usize],
        };
        for (j, op) in other.nodes.iter().enumerate() {
            let w = match op {
                Op::Out(Wire::Node(c), k) if chosen.contains_key(c) => chosen[c][*k as usize],
                _ => match op.map_args(|w| map(&nodes, w)) {
                    Op::Cond(b, args) if self.constant_of(args[0]).is_some() => {
                        chosen.insert(j as u32, self.cond(args[0], b, &args[1..]));
                        // Never read: a cond node is read through its outputs, `chosen` here.
                        Wire::Node(u32::MAX)
                    }
                    op => self.push(op),
                },
            };
            nodes.push(w);
        }
        other.outputs.iter().map(|&w| map(&nodes, w)).collect()
    }

    /// The graph without the nodes no output depends on.
    pub fn pruned(&self) -> Graph {
        let mut live = vec![false; self.nodes.len()];
        let mark = |live: &mut [bool], w: Wire| {
            if let Wire::Node(j) = w {
                live[j as usize] = true;
            }
        };
        self.outputs.iter().for_each(|&w| mark(&mut live, w));
        for j in (0..self.nodes.len()).rev() {
            if live[j] {
                self.nodes[j].each_arg(|w| mark(&mut live, w));
            }
        }
        let mut out = Graph::new(self.inputs());
        out.rewrites = self.rewrites;
        let mut renamed = vec![Wire::In(0); self.nodes.len()];
        let rename = |renamed: &[Wire], w: Wire| match w {
            Wire::Node(j) => renamed[j as usize],
            input => input,
        };
        for (j, op) in self.nodes.iter().enumerate() {
            if live[j] {
                renamed[j] = out.share(op.map_args(|w| rename(&renamed, w)));
            }
        }
        out.outputs = self.outputs.iter().map(|&w| rename(&renamed, w)).collect();
        out
    }
}

/// One node per line, `%j = op`, then the outputs: `x3` is input coordinate 3.
impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |w: &Wire| match w {
            Wire::In(i) => format!("x{i}"),
            Wire::Node(j) => format!("%{j}"),
        };
        let names = |ws: &[Wire]| ws.iter().map(name).collect::<Vec<_>>().join(" ");
        let nested = |g: &Graph| format!("{g:?}").replace('\n', "\n    ");
        writeln!(f, "graph of {} inputs:", self.inputs)?;
        for (j, op) in self.nodes.iter().enumerate() {
            let text = match op {
                Op::Const(c) => format!("{c}"),
                Op::Unary(u, a) => format!("{u:?} {}", name(a)),
                Op::Powi(n, a) => format!("Powi({n}) {}", name(a)),
                Op::Binary(b, x, y) => format!("{b:?} {} {}", name(x), name(y)),
                Op::Index(i, x, y) => format!("index {i:?} {} {}", name(x), name(y)),
                Op::Custom(p, use_, args) => format!("{p:?}.{use_:?} {}", names(args)),
                Op::Out(w, k) => format!("{}.{k}", name(w)),
                Op::Test(_, args) => format!("test {}", names(args)),
                Op::Cond(b, args) => format!(
                    "cond {}\n    then {}\n    else {}",
                    names(args),
                    nested(&b.then),
                    nested(&b.otherwise)
                ),
                Op::While(l, args) => format!(
                    "while {}\n    test {}\n    body {}",
                    names(args),
                    nested(&l.test),
                    nested(&l.body)
                ),
                Op::WhileReverse(l, args) => format!(
                    "while-reverse {}\n    test {}\n    body {}\n    transpose {}",
                    names(args),
                    nested(&l.primal.test),
                    nested(&l.primal.body),
                    nested(&l.transpose)
                ),
                Op::Taped(t, args) => format!(
                    "{:?} tape {} {}\n    forward {}\n    backward {}",
                    t.pass,
                    t.tape,
                    names(args),
                    nested(&t.steps.forward),
                    nested(&t.steps.backward)
                ),
            };
            writeln!(f, "  %{j} = {text}")?;
        }
        write!(f, "  out {}", names(&self.outputs))
    }
}
