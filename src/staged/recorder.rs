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
    /// The families of lanes recorded: a loop staged once holds each of its values for all its
    /// elements as one [`Sym`] of lanes, the `i`-th lane the `i`-th element's value.
    families: Vec<Box<[Sym]>>,
    /// How many [`attempt`]s are under way on this recording.
    attempts: u32,
    /// Whether this recording was begun inside an attempt of the one it is nested in: a value of
    /// another recording used in it ends the attempt.
    in_attempt: bool,
    nodes: Vec<Node>,
    values: Vec<f64>,
    /// The operations recorded, found by their operands, when simplifying.
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
        let mut r = r.borrow_mut();
        let in_attempt = r
            .last()
            .is_some_and(|outer| outer.attempts > 0 || outer.in_attempt);
        r.push(Recorder {
            generation,
            simplify,
            families: Vec::new(),
            attempts: 0,
            in_attempt,
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

/// Records `op` applied to `args` (constants or nodes of this recording), simplified, shared;
/// where an argument is a family of lanes, once for each lane.
pub(crate) fn apply(args: &[Sym], op: impl Fn(&[u32]) -> Op) -> Sym {
    assert!(
        args.len() <= MAX_ARITY,
        "catad::staged: an operation of {} operands, more than the recorder's {MAX_ARITY}",
        args.len()
    );
    let recorded = with(|r| {
        let Some(width) = r.width(args)? else {
            let mut ids = [0; MAX_ARITY];
            for (id, &a) in ids.iter_mut().zip(args) {
                *id = r.intern(a);
            }
            return Ok(r.record_op(op(&ids[..args.len()])));
        };
        let lanes = (0..width)
            .map(|i| {
                let mut ids = [0; MAX_ARITY];
                for (id, &a) in ids.iter_mut().zip(args) {
                    *id = r.intern(r.lane(a, i));
                }
                r.record_op(op(&ids[..args.len()]))
            })
            .collect();
        r.family(lanes)
    });
    recorded.unwrap_or_else(|Differ| diverge())
}

/// The family whose `i`-th lane is `lanes[i]`, as one [`Sym`] (the value itself where every
/// lane holds the same).
pub(crate) fn family(lanes: Vec<Sym>) -> Sym {
    match with(|r| r.family(lanes)) {
        Ok(family) => family,
        Err(Differ) => diverge(),
    }
}

/// The `i`-th lane of `x` (`x` itself unless a family).
pub(crate) fn lane(x: Sym, i: usize) -> Sym {
    if x.lanes_id().is_none() {
        return x;
    }
    with(|r| r.lane(x, i))
}

/// The number of lanes of `x`, a family; `None` for any other value.
pub(crate) fn width(x: Sym) -> Option<usize> {
    x.lanes_id()?;
    with(|r| r.width(&[x]).ok().flatten())
}

/// The values of all lanes differ where an answer must be one: the attempt under way ends.
struct Differ;

/// Ends the [`attempt`] under way: the lanes of a family answer a question differently, or a
/// value of another recording is used.
///
/// Outside an attempt, families do not exist, so this is a defect of catad's; it panics saying
/// so.
pub(crate) fn diverge() -> ! {
    if with(|r| r.attempts > 0 || r.in_attempt) {
        std::panic::resume_unwind(Box::new(Differ))
    }
    panic!("catad::staged: the lanes of a staged loop were asked one question outside the loop")
}

/// Runs `f`, which stages a loop once for all its elements, on this thread's recording: `None`
/// where it ends early ([`diverge`]: a value differs between lanes where one answer is asked,
/// as a comparison), the guards it recorded undone, so that the loop is staged element by
/// element instead.
pub(crate) fn attempt<R>(f: impl FnOnce() -> R) -> Option<R> {
    let guards = with(|r| {
        r.attempts += 1;
        r.guards.len()
    });
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    with(|r| {
        r.attempts -= 1;
        if result.is_err() {
            for guard in r.guards.drain(guards..) {
                r.asked.remove(&guard);
            }
        }
    });
    match result {
        Ok(r) => Some(r),
        Err(payload) if payload.is::<Differ>() => None,
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// Whether a recording is under way on this thread.
pub(crate) fn recording() -> bool {
    RECORDERS.with(|r| !r.borrow().is_empty())
}

/// Whether this thread's recording simplifies.
pub(crate) fn simplifying() -> bool {
    with(|r| r.simplify)
}

/// Records the answer of a question asked of a value (no family: the caller asks each lane).
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
        if self.simplify {
            self.shared.push_node();
        }
        Sym::node(id, self.generation, value)
    }

    /// The node of `x`, recording it if it is a constant.
    fn intern(&mut self, x: Sym) -> u32 {
        match x.node_id() {
            Some((id, generation)) => {
                if generation != self.generation && self.in_attempt {
                    std::panic::resume_unwind(Box::new(Differ))
                }
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

    /// The number of lanes of the families among `args`: `None` where there is none,
    /// [`Differ`] where two have different numbers.
    fn width(&self, args: &[Sym]) -> Result<Option<usize>, Differ> {
        let mut width = None;
        for a in args {
            if let Some(family) = self.family_of(*a) {
                match width {
                    Some(w) if w != family.len() => return Err(Differ),
                    _ => width = Some(family.len()),
                }
            }
        }
        Ok(width)
    }

    /// The lanes of `x`, a family of this recording.
    fn family_of(&self, x: Sym) -> Option<&[Sym]> {
        let (id, generation) = x.lanes_id()?;
        assert_eq!(
            generation, self.generation,
            "catad::staged: the lanes of a staged loop were used in another recording"
        );
        Some(&self.families[id as usize])
    }

    /// The `i`-th lane of `x` (`x` itself unless a family).
    fn lane(&self, x: Sym, i: usize) -> Sym {
        self.family_of(x).map_or(x, |lanes| lanes[i])
    }

    /// The family of `lanes`, or their one value where they are all the same.
    fn family(&mut self, lanes: Vec<Sym>) -> Result<Sym, Differ> {
        if lanes.iter().any(|l| l.lanes_id().is_some()) {
            return Err(Differ);
        }
        let same = |a: Sym, b: Sym| match (a.node_id(), b.node_id()) {
            (Some(a), Some(b)) => a == b,
            (None, None) => a.value().to_bits() == b.value().to_bits(),
            _ => false,
        };
        match lanes.first() {
            Some(&first) if lanes.iter().all(|&l| same(l, first)) => Ok(first),
            _ => {
                let id = u32::try_from(self.families.len())
                    .expect("catad::staged: a recording of more than 2³² families of lanes");
                self.families.push(lanes.into_boxed_slice());
                Ok(Sym::lanes(id, self.generation))
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
        if !self.simplify {
            let value = op.eval(&self.values);
            return self.push(Node::Op(op), value);
        }
        if let Some(id) = self.shared.get(op, &self.nodes) {
            return self.sym(id);
        }
        let value = op.eval(&self.values);
        let sym = self.push(Node::Op(op), value);
        let id = sym.node_id().expect("node").0;
        self.shared.insert(op, id, &self.nodes);
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
