//! Recording: while a program runs over [`Sym`] values, every operation on them becomes a node
//! of the recording on this thread — simplified by the rules, shared when an equal node exists
//! (common subexpressions), and computed at the recording point so that comparisons can be
//! answered and guarded.

use super::hasher::{FxHashMap, FxHashSet};
use super::op::Op;
use super::rules::{self, Rewrite, View};
use super::sharing::Sharing;
use super::sym::Sym;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::sync::atomic::{AtomicU32, Ordering as AtomicOrdering};

/// How a recorded value is computed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Node {
    /// The `i`-th coordinate of the input.
    Input(u32),
    /// A constant.
    Const(f64),
    /// An operation on earlier nodes.
    Op(Op),
}

/// A question the program asked of a value while it was recorded, with the answer it got: the
/// recording is valid at another point only where every guard gets the same answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Guard {
    /// `x.partial_cmp(y)` answered this.
    Order(u32, u32, Option<Ordering>),
    /// `x.is_nan()` answered this.
    Nan(u32, bool),
    /// `x.to_f64()` read this value (bits): the program used a value as a number of its own.
    Value(u32, u64),
}

impl Guard {
    /// The same question with an order's operands in increasing order of node (and the answer
    /// reversed with them): `x < y` and `y > x` are one guard.
    fn canonical(self) -> Guard {
        match self {
            Guard::Order(x, y, answer) if y < x => {
                Guard::Order(y, x, answer.map(Ordering::reverse))
            }
            _ => self,
        }
    }
}

/// A finished recording: its nodes in order (each operation after its operands) and guards.
#[derive(Debug)]
pub(crate) struct Recording {
    pub(crate) nodes: Vec<Node>,
    pub(crate) guards: Vec<Guard>,
    /// How many times each rule fired, in the order of [`rules::RULES`].
    pub(crate) rewrites: [usize; rules::RULES.len()],
}

struct Recorder {
    generation: u32,
    simplify: bool,
    nodes: Vec<Node>,
    values: Vec<f64>,
    shared: Sharing,
    constants: FxHashMap<u64, u32>,
    guards: Vec<Guard>,
    /// The guards recorded so far, when simplifying: a question asked again (a derivative
    /// comparing what its primal compared) is checked once.
    asked: FxHashSet<Guard>,
    rewrites: [usize; rules::RULES.len()],
}

thread_local! {
    /// The recordings under way on this thread, innermost last: a recording begun while another
    /// runs (a nested derivative staged inside a program being staged) records into its own.
    static RECORDERS: RefCell<Vec<Recorder>> = const { RefCell::new(Vec::new()) };
}

/// The number of recordings begun, on every thread: a value of one recording is never taken for
/// a node of another, even one on another thread.
static GENERATION: AtomicU32 = AtomicU32::new(0);

/// Ends this thread's innermost recording, by return or by panic.
struct Ending;

impl Drop for Ending {
    fn drop(&mut self) {
        RECORDERS.with(|r| r.borrow_mut().pop());
    }
}

/// Runs `body` on symbolic inputs holding `inputs`' values, recording every operation it does on
/// them; `simplify` turns the rules and the sharing of common subexpressions on.
///
/// A recording begun while another is under way on this thread is its own: it ends before the
/// outer one continues, and a value of either used in the other is an error.
pub(crate) fn record<R>(
    inputs: &[f64],
    simplify: bool,
    body: impl FnOnce(&[Sym]) -> R,
) -> (R, Recording) {
    let generation = GENERATION
        .fetch_add(1, AtomicOrdering::Relaxed)
        .wrapping_add(1);
    RECORDERS.with(|r| {
        r.borrow_mut().push(Recorder {
            generation,
            simplify,
            nodes: Vec::new(),
            values: Vec::new(),
            shared: Sharing::default(),
            constants: FxHashMap::default(),
            guards: Vec::new(),
            asked: FxHashSet::default(),
            rewrites: [0; rules::RULES.len()],
        })
    });
    let ending = Ending;
    let syms: Vec<Sym> = inputs
        .iter()
        .enumerate()
        .map(|(i, &v)| with(|r| r.push(Node::Input(i as u32), v)))
        .collect();
    let result = body(&syms);
    let recorder = RECORDERS.with(|r| r.borrow_mut().pop()).expect("recording");
    std::mem::forget(ending);
    let recording = Recording {
        nodes: recorder.nodes,
        guards: recorder.guards,
        rewrites: recorder.rewrites,
    };
    (result, recording)
}

/// Runs `f` on this thread's recorder.
fn with<T>(f: impl FnOnce(&mut Recorder) -> T) -> T {
    RECORDERS.with(|r| {
        let mut r = r.borrow_mut();
        let r = r.last_mut().expect(
            "catad::staged: a symbolic value was used outside a recording; values of type Sym \
             exist only while catad::staged::compile records a program",
        );
        f(r)
    })
}

/// The most operands of an operation.
const MAX_ARITY: usize = 2;

/// Records `op` applied to `args` (constants or nodes of this recording), simplified, shared.
pub(crate) fn apply(args: &[Sym], op: impl FnOnce(&[u32]) -> Op) -> Sym {
    assert!(
        args.len() <= MAX_ARITY,
        "catad::staged: an operation of {} operands, more than the recorder's {MAX_ARITY}",
        args.len()
    );
    with(|r| {
        let mut ids = [0; MAX_ARITY];
        for (id, &a) in ids.iter_mut().zip(args) {
            *id = r.intern(a);
        }
        r.record_op(op(&ids[..args.len()]))
    })
}

/// Records the answer of a question asked of a value.
pub(crate) fn guard(args: &[Sym], guard: impl FnOnce(&[u32]) -> Guard) {
    if args.iter().all(|a| a.node_id().is_none()) {
        return;
    }
    with(|r| {
        let ids: Vec<u32> = args.iter().map(|&a| r.intern(a)).collect();
        let guard = guard(&ids).canonical();
        if !r.simplify || r.asked.insert(guard) {
            r.guards.push(guard);
        }
    });
}

impl Recorder {
    fn push(&mut self, node: Node, value: f64) -> Sym {
        let id = u32::try_from(self.nodes.len())
            .expect("catad::staged: a recording of more than 2³² values");
        self.nodes.push(node);
        self.values.push(value);
        self.shared.push_node();
        Sym::node(id, self.generation, value)
    }

    /// The node of `x`, recording it if it is a constant.
    fn intern(&mut self, x: Sym) -> u32 {
        match x.node_id() {
            Some((id, generation)) => {
                assert_eq!(
                    generation, self.generation,
                    "catad::staged: a symbolic value of another recording (an earlier one, or one this \
                     recording is nested in) was used in this one"
                );
                id
            }
            None => {
                let c = x.value();
                if let Some(&id) = self.constants.get(&c.to_bits()) {
                    return id;
                }
                let id = self.push(Node::Const(c), c).node_id().expect("node").0;
                self.constants.insert(c.to_bits(), id);
                id
            }
        }
    }

    fn sym(&self, id: u32) -> Sym {
        match self.nodes[id as usize] {
            Node::Const(c) => Sym::constant(c),
            _ => Sym::node(id, self.generation, self.values[id as usize]),
        }
    }

    /// Records `op`, after the first rule that applies, or the node equal to it.
    fn record_op(&mut self, op: Op) -> Sym {
        if let Some((rule, rewrite)) = self.simplify.then(|| rules::simplify(op, self)).flatten() {
            self.rewrites[rule] += 1;
            return match rewrite {
                Rewrite::Node(id) => self.sym(id),
                Rewrite::Const(c) => Sym::constant(c),
                Rewrite::Op(op) => self.record_op(op),
                Rewrite::Scale(c, x) => {
                    let c = self.intern(Sym::constant(c));
                    self.record_op(Op::Mul(c, x))
                }
                Rewrite::Product(x, op) => {
                    let y = self.record_op(op);
                    let y = self.intern(y);
                    self.record_op(Op::Mul(x, y))
                }
            };
        }
        let op = op.canonical();
        if let Some(id) = self.shared.get(op, &self.nodes) {
            return self.sym(id);
        }
        let value = op.eval(&self.values);
        let sym = self.push(Node::Op(op), value);
        if self.simplify {
            let id = sym.node_id().expect("node").0;
            self.shared.insert(op, id, &self.nodes);
        }
        sym
    }
}

impl View for Recorder {
    fn constant(&self, id: u32) -> Option<f64> {
        match self.nodes[id as usize] {
            Node::Const(c) => Some(c),
            _ => None,
        }
    }

    fn op(&self, id: u32) -> Option<Op> {
        match self.nodes[id as usize] {
            Node::Op(op) => Some(op),
            _ => None,
        }
    }
}
