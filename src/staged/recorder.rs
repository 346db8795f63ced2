//! Recording: while a program runs over [`Sym`] values, every operation on them becomes a node
//! of the recording on this thread — simplified by the rules, shared when an equal node exists
//! (common subexpressions), and computed at the recording point so that comparisons can be
//! answered and guarded.

use super::op::Op;
use super::rules::{self, Rewrite, View};
use super::sharing::Sharing;
use super::sym::{Repr, Sym};
use crate::hasher::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::cmp::Ordering;
use std::sync::atomic::{AtomicU32, Ordering as AtomicOrdering};

/// How a recorded value is computed.
///
/// A node may be a *family*: one value for each element of a loop staged once, its lanes (see
/// [`family`]). An operation with a family among its operands is a family of as many lanes, its
/// `i`-th lane the operation on its operands' `i`-th lanes (a value that is no family is the
/// same in every lane). The tape writes a family out lane by lane, into consecutive slots
/// where it can.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Node {
    /// The `i`-th coordinate of the input.
    Input(u32),
    /// A constant.
    Const(f64),
    /// An operation on earlier nodes.
    Op(Op),
    /// The family whose lanes are the `k`-th list of values gathered ([`Recorder::gathered`]):
    /// each a node, or a lane of a family node, `(x, i)`.
    Gather(u32),
    /// The family of `w` values recorded one after another, from the node `x` (as a vector that
    /// is the input, or part of it): `Range(x)`.
    Range(u32),
    /// The `i`-th lane of the family `x`: `Lane(x, i)`.
    Lane(u32, u32),
    /// The sum of the lanes of the family `x`, in order.
    Sum(u32),
    /// The `k`-th matrix product recorded ([`Recording::product`]): a family of the product's
    /// entries, column by column.
    Product(u32),
}

/// A matrix product `A B` recorded as one node: `A` (`rows × inner`) and `B` (`inner × columns`)
/// are the nodes `a` and `b`, their lanes the matrices' entries column by column (a node that is
/// no family the same in every entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Product {
    pub(crate) a: u32,
    pub(crate) b: u32,
    pub(crate) rows: u32,
    pub(crate) inner: u32,
    pub(crate) columns: u32,
}

impl Product {
    /// The entries of `A B`, column by column, from the entries of `A` and `B` (each column by
    /// column): each entry's products summed in order of the inner index, starting from the
    /// first, as a tape sums them.
    fn entries(self, a: &[f64], b: &[f64]) -> Vec<f64> {
        let (rows, inner) = (self.rows as usize, self.inner as usize);
        let mut entries = Vec::with_capacity(rows * self.columns as usize);
        for column_of_b in b.chunks_exact(inner) {
            let sums = entries.len()..entries.len() + rows;
            entries.extend(a[..rows].iter().map(|a_i0| a_i0 * column_of_b[0]));
            for (column_of_a, b_lj) in a.chunks_exact(rows).zip(column_of_b).skip(1) {
                for (sum, a_il) in entries[sums.clone()].iter_mut().zip(column_of_a) {
                    *sum += a_il * b_lj;
                }
            }
        }
        entries
    }
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

/// A finished recording: its nodes in order, each after the nodes it reads, some of them
/// families of lanes, and its guards (a guard on a family asks its question of every lane).
#[derive(Debug)]
pub(crate) struct Recording {
    pub(crate) nodes: Vec<Node>,
    pub(crate) guards: Vec<Guard>,
    /// How many times each rule fired, in the order of [`rules::RULES`].
    pub(crate) rewrites: [usize; rules::RULES.len()],
    /// Whether the program asked whether an input is NaN (the entry points do): its tape
    /// checks that none is.
    pub(crate) numbers_in: bool,
    /// The number of lanes of each node (1 unless a family); empty where no node is a family.
    widths: Vec<u32>,
    /// The lists of values gathered into families ([`Node::Gather`]).
    gathered: Vec<Box<[(u32, u32)]>>,
    /// The matrix products recorded ([`Node::Product`]).
    products: Vec<Product>,
}

impl Recording {
    /// The node that is `x`, a value of this recording, with the lane of it that `x` is (0
    /// unless a family's); or `x`'s value if it is a constant.
    pub(crate) fn node_of(&self, x: Sym) -> Result<(u32, u32), f64> {
        match x.0 {
            Repr::Const(c) => Err(c),
            Repr::Node { id, .. } => Ok((id, 0)),
            Repr::Lane { family, lane, .. } => Ok((family, lane)),
            Repr::Lanes { .. } => panic!(
                "catad::staged: a loop's values for all its elements were returned as one value"
            ),
        }
    }

    /// The number of lanes of the node `id`: 1 unless a family.
    pub(crate) fn width(&self, id: u32) -> u32 {
        self.widths.get(id as usize).copied().unwrap_or(1)
    }

    /// Calls `read` on each node the node `id` reads: an operation's operands, the values a
    /// family gathers or ranges over, the family a lane or a sum is of, a product's factors.
    /// (A closure rather than an iterator: a chain of the node kinds' iterators is a large value,
    /// which the loops over a recording's nodes kept copying.)
    pub(crate) fn each_read(&self, id: u32, mut read: impl FnMut(u32)) {
        match self.nodes[id as usize] {
            Node::Op(op) => op.operands().for_each(read),
            Node::Gather(k) => self.gathered[k as usize].iter().for_each(|&(x, _)| read(x)),
            Node::Range(first) => (first..first + self.width(id)).for_each(read),
            Node::Lane(x, _) | Node::Sum(x) => read(x),
            Node::Product(k) => {
                let Product { a, b, .. } = self.product(k);
                read(a);
                read(b);
            }
            Node::Input(_) | Node::Const(_) => {}
        }
    }

    /// The `k`-th matrix product recorded ([`Node::Product`]).
    pub(crate) fn product(&self, k: u32) -> Product {
        self.products[k as usize]
    }

    /// The values the family `Gather(k)` gathers, in order of lane: the `i`-th lane of the node
    /// `x` as `(x, i)` (`(x, 0)` where `x` is no family).
    pub(crate) fn gathered(&self, k: u32) -> &[(u32, u32)] {
        &self.gathered[k as usize]
    }

    /// How many nodes were recorded, a family of lanes one node: the recording's size before
    /// the tape writes its families out lane by lane.
    pub(crate) fn recorded(&self) -> usize {
        self.nodes.len()
    }
}

struct Recorder {
    generation: u32,
    simplify: bool,
    /// For each node, [`SCALAR`], or, for a family, the number of its lanes' values in
    /// `lanes`: a loop staged once holds each of its values for all its elements as one node,
    /// the `i`-th lane the `i`-th element's value.
    family: Vec<u32>,
    /// The values of every family's lanes at the recording point.
    lanes: Vec<Box<[f64]>>,
    /// The lists of values gathered into families ([`Node::Gather`]), and each list's family.
    gathered: Vec<Box<[(u32, u32)]>>,
    gathers: FxHashMap<Box<[(u32, u32)]>, u32>,
    /// The matrix products recorded ([`Node::Product`]), and each one's node.
    products: Vec<Product>,
    multiplied: FxHashMap<Product, u32>,
    /// The families of values recorded one after another ([`Node::Range`]), by their first
    /// value and number.
    ranges: FxHashMap<(u32, u32), u32>,
    /// For each family (as numbered in `lanes`), the node of each of its lanes read alone
    /// ([`Node::Lane`]), [`SCALAR`] where none is; empty until one is.
    lanes_read: Vec<Box<[u32]>>,
    /// How many [`attempt`]s are under way on this recording.
    attempts: u32,
    /// Whether this recording was begun inside an attempt of the one it is nested in: a value of
    /// another recording used in it ends the attempt.
    in_attempt: bool,
    nodes: Vec<Node>,
    /// The value of each node at the recording point (NaN for a family: its lanes' are in
    /// `lanes`).
    values: Vec<f64>,
    /// The operations recorded, found by their operands, when simplifying.
    shared: Sharing,
    constants: FxHashMap<u64, u32>,
    guards: Vec<Guard>,
    /// The guards recorded so far, when simplifying: a question asked again (a derivative
    /// comparing what its primal compared) is checked once.
    asked: FxHashSet<Guard>,
    rewrites: [usize; rules::RULES.len()],
    /// Whether the program asked whether an input is NaN.
    numbers_in: bool,
}

thread_local! {
    /// The recordings under way on this thread, innermost last: a recording begun while another
    /// runs (a nested derivative staged inside a program being staged) records into its own.
    static RECORDERS: RefCell<Vec<Recorder>> = const { RefCell::new(Vec::new()) };
}

/// The number of recordings begun, on every thread: a value of one recording is never taken for
/// a node of another, even one on another thread.
static GENERATION: AtomicU32 = AtomicU32::new(0);

/// The `family` of a node that is no family.
const SCALAR: u32 = u32::MAX;

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
            family: Vec::new(),
            lanes: Vec::new(),
            gathered: Vec::new(),
            gathers: FxHashMap::default(),
            products: Vec::new(),
            multiplied: FxHashMap::default(),
            ranges: FxHashMap::default(),
            lanes_read: Vec::new(),
            attempts: 0,
            in_attempt,
            nodes: Vec::new(),
            values: Vec::new(),
            shared: Sharing::default(),
            constants: FxHashMap::default(),
            guards: Vec::new(),
            asked: FxHashSet::default(),
            rewrites: [0; rules::RULES.len()],
            numbers_in: false,
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
    (result, recorder.finished())
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

/// Records `op` applied to `args` (constants or values of this recording), simplified, shared;
/// where an argument is a family of lanes, once for all its lanes, as one node.
pub(crate) fn apply(args: &[Sym], op: impl Fn(&[u32]) -> Op) -> Sym {
    assert!(
        args.len() <= MAX_ARITY,
        "catad::staged: an operation of {} operands, more than the recorder's {MAX_ARITY}",
        args.len()
    );
    let recorded = with(|r| {
        r.width(args)?;
        let mut ids = [0; MAX_ARITY];
        for (id, &a) in ids.iter_mut().zip(args) {
            *id = r.intern(a);
        }
        Ok(r.record_op(op(&ids[..args.len()])))
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
    match x.0 {
        Repr::Lanes { .. } => with(|r| r.lane(x, i)),
        _ => x,
    }
}

/// The product `A B` of the `rows × inner` matrix `a` and the `inner × columns` matrix `b`,
/// each a family of its entries column by column (or a value the same in every entry), as one
/// node: the family of the product's entries, column by column.
pub(crate) fn product(a: Sym, b: Sym, rows: usize, inner: usize, columns: usize) -> Sym {
    let shape = |n: usize| {
        u32::try_from(n).expect("catad::staged: a matrix product of a dimension of 2³² or more")
    };
    with(|r| {
        let (a, b) = (r.intern(a), r.intern(b));
        let product = Product {
            a,
            b,
            rows: shape(rows),
            inner: shape(inner),
            columns: shape(columns),
        };
        r.product(product)
    })
}

/// The sum of the lanes of `x`, a family, in order, as one node.
pub(crate) fn sum(x: Sym) -> Sym {
    with(|r| {
        let id = r.intern(x);
        let lanes = &r.lanes[r.family[id as usize] as usize];
        let value = lanes[1..].iter().fold(lanes[0], |s, l| s + l);
        r.push(Node::Sum(id), value)
    })
}

/// The family `xs` are the lanes of in order, all of them, or the values recorded one after
/// another that they are (two or more), where they are.
pub(crate) fn lanes_of(xs: &[Sym]) -> Option<Sym> {
    match xs.first()?.0 {
        Repr::Lane {
            family, generation, ..
        } => {
            let in_order = xs.iter().enumerate().all(|(i, x)| {
                matches!(x.0, Repr::Lane { family: f, generation: g, lane, .. }
                    if f == family && g == generation && lane as usize == i)
            });
            let whole = in_order && with(|r| r.width_of(family) == xs.len());
            whole.then(|| Sym::lanes(family, generation))
        }
        Repr::Node { id, generation, .. } => {
            let consecutive = xs.len() > 1
                && xs.iter().zip(id..).all(|(x, next)| {
                    matches!(x.0, Repr::Node { id, generation: g, .. }
                        if id == next && g == generation)
                });
            consecutive.then(|| {
                with(|r| {
                    r.check(generation);
                    r.range(id, xs.len())
                })
            })
        }
        _ => None,
    }
}

/// The answer `question` gives of the values of `operands`, some of them families: the one of
/// every lane, a value that is no family the same in every lane; ends the attempt where two
/// lanes answer differently.
pub(crate) fn answer<const N: usize, T: PartialEq>(
    operands: [Sym; N],
    question: impl Fn([f64; N]) -> T,
) -> T {
    let answered = with(|r| {
        let width = r.width(&operands)?.unwrap_or(1);
        let lane = |x: Sym, i: usize| match x.0 {
            Repr::Lanes { id, .. } => r.lanes[r.family[id as usize] as usize][i],
            _ => x.value(),
        };
        let first = question(operands.map(|x| lane(x, 0)));
        match (1..width).all(|i| question(operands.map(|x| lane(x, i))) == first) {
            true => Ok(first),
            false => Err(Differ),
        }
    });
    answered.unwrap_or_else(|Differ| diverge())
}

/// The number of lanes of `x`, a family; `None` for any other value.
pub(crate) fn width(x: Sym) -> Option<usize> {
    match x.0 {
        Repr::Lanes { id, generation } => with(|r| {
            r.check(generation);
            Some(r.width_of(id))
        }),
        _ => None,
    }
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

/// Records the answer of a question asked of values: where some are families, of every lane.
///
/// That an input is no NaN is not a guard of its own: the recording then checks every input
/// at once ([`Recording::numbers_in`]).
pub(crate) fn guard(args: &[Sym], guard: impl Fn(&[u32]) -> Guard) {
    if args.iter().all(|a| a.is_constant()) {
        return;
    }
    with(|r| {
        if let &[x] = args
            && r.is_input(x)
            && matches!(guard(&[0]), Guard::Nan(_, false))
        {
            r.numbers_in = true;
            return;
        }
        let ids: Vec<u32> = args.iter().map(|&a| r.intern(a)).collect();
        let guard = guard(&ids).canonical();
        if !r.simplify || r.asked.insert(guard) {
            r.guards.push(guard);
        }
    });
}

impl Recorder {
    fn push(&mut self, node: Node, value: f64) -> Sym {
        let id = self.push_node(node, value, SCALAR);
        Sym::node(id, self.generation, value)
    }

    /// Records `node`, a family whose lanes hold `lanes`.
    fn push_family(&mut self, node: Node, lanes: Box<[f64]>) -> Sym {
        let family = u32::try_from(self.lanes.len())
            .expect("catad::staged: a recording of more than 2³² families of lanes");
        self.lanes.push(lanes);
        self.lanes_read.push(Box::default());
        let id = self.push_node(node, f64::NAN, family);
        Sym::lanes(id, self.generation)
    }

    fn push_node(&mut self, node: Node, value: f64, family: u32) -> u32 {
        let id = u32::try_from(self.nodes.len())
            .expect("catad::staged: a recording of more than 2³² values");
        self.nodes.push(node);
        self.values.push(value);
        self.family.push(family);
        if self.simplify {
            self.shared.push_node();
        }
        id
    }

    /// Checks that a value of the recording `generation` may be used in this one.
    fn check(&self, generation: u32) {
        if generation != self.generation && self.in_attempt {
            std::panic::resume_unwind(Box::new(Differ))
        }
        assert_eq!(
            generation, self.generation,
            "catad::staged: a symbolic value of another recording (an earlier one, or one this \
             recording is nested in) was used in this one"
        );
    }

    /// The node of `x` (a value or a family), recording it if it is a constant or a lane not
    /// yet read alone.
    fn intern(&mut self, x: Sym) -> u32 {
        match x.0 {
            Repr::Node { id, generation, .. } | Repr::Lanes { id, generation } => {
                self.check(generation);
                id
            }
            Repr::Lane { .. } => {
                let (family, lane) = self.listed(x);
                self.lane_node(family, lane)
            }
            Repr::Const(c) => {
                if let Some(&id) = self.constants.get(&c.to_bits()) {
                    return id;
                }
                let id = self.push_node(Node::Const(c), c, SCALAR);
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
            if let Repr::Lanes { id, generation } = a.0 {
                self.check(generation);
                let lanes = self.width_of(id);
                match width {
                    Some(w) if w != lanes => return Err(Differ),
                    _ => width = Some(lanes),
                }
            }
        }
        Ok(width)
    }

    /// Whether `x` is an input (a coordinate of the recording's point).
    fn is_input(&self, x: Sym) -> bool {
        matches!(x.0, Repr::Node { id, .. } if matches!(self.nodes[id as usize], Node::Input(_)))
    }

    /// The number of lanes of the node `id` (1 unless a family).
    fn width_of(&self, id: u32) -> usize {
        match self.family[id as usize] {
            SCALAR => 1,
            family => self.lanes[family as usize].len(),
        }
    }

    /// The `i`-th lane of `x` (`x` itself unless a family): a value gathered into it, or the
    /// lane, recorded as a node of its own only once an operation uses it alone.
    fn lane(&mut self, x: Sym, i: usize) -> Sym {
        let Repr::Lanes { id, generation } = x.0 else {
            return x;
        };
        self.check(generation);
        match self.nodes[id as usize] {
            Node::Gather(k) => {
                let (x, lane) = self.gathered[k as usize][i];
                match self.family[x as usize] {
                    SCALAR => self.sym(x),
                    _ => Sym::lane(x, generation, lane, self.lane_value(x, lane)),
                }
            }
            Node::Range(first) => self.sym(first + i as u32),
            _ => {
                let value = self.lanes[self.family[id as usize] as usize][i];
                Sym::lane(id, generation, i as u32, value)
            }
        }
    }

    /// The node of the `i`-th lane of the family `id`, read alone.
    fn lane_node(&mut self, id: u32, i: u32) -> u32 {
        let family = self.family[id as usize] as usize;
        if self.lanes_read[family].is_empty() {
            self.lanes_read[family] = vec![SCALAR; self.lanes[family].len()].into();
        }
        let read = self.lanes_read[family][i as usize];
        if read != SCALAR {
            return read;
        }
        let value = self.lanes[family][i as usize];
        let node = self.push_node(Node::Lane(id, i), value, SCALAR);
        self.lanes_read[family][i as usize] = node;
        node
    }

    /// The family of `lanes`: their one value where they are all the same, the family (or the
    /// part of one) whose lanes they are in order, or their values gathered.
    fn family(&mut self, lanes: Vec<Sym>) -> Result<Sym, Differ> {
        let key = |x: Sym| match x.0 {
            Repr::Const(c) => Ok((0_u8, c.to_bits(), 0_u32)),
            Repr::Node { id, .. } => Ok((1, u64::from(id), 0)),
            Repr::Lane { family, lane, .. } => Ok((2, u64::from(family), lane)),
            Repr::Lanes { .. } => Err(Differ),
        };
        let Some(&first) = lanes.first() else {
            return Ok(Sym::constant(0.0));
        };
        let first_key = key(first)?;
        let mut same = true;
        for &l in &lanes {
            same &= key(l)? == first_key;
        }
        if same {
            return Ok(first);
        }
        // The `i`-th of `lanes` has the key `at(i)`, for every `i`.
        let each = |at: &dyn Fn(u64) -> (u8, u64, u32)| {
            (lanes.iter().zip(0..)).all(|(&l, i)| key(l).is_ok_and(|k| k == at(i)))
        };
        match first_key {
            (2, x, 0) if self.width_of(x as u32) == lanes.len() && each(&|i| (2, x, i as u32)) => {
                Ok(self.sym(x as u32))
            }
            (1, x, _) if each(&|i| (1, x + i, 0)) => Ok(self.range(x as u32, lanes.len())),
            _ => {
                let listed: Box<[(u32, u32)]> = lanes.iter().map(|&l| self.listed(l)).collect();
                Ok(self.gather(listed))
            }
        }
    }

    /// The family of the `width` values recorded one after another from the node `first`.
    fn range(&mut self, first: u32, width: usize) -> Sym {
        if let Some(&id) = self.ranges.get(&(first, width as u32)) {
            return self.sym(id);
        }
        let values = self.values[first as usize..first as usize + width].into();
        let family = self.push_family(Node::Range(first), values);
        let id = self.intern(family);
        self.ranges.insert((first, width as u32), id);
        family
    }

    /// `x` as a gathered family lists it: a family's lane as the family and the lane (no node of
    /// its own), any other value as its node.
    fn listed(&mut self, x: Sym) -> (u32, u32) {
        match x.0 {
            Repr::Lane {
                family,
                generation,
                lane,
                ..
            } => {
                self.check(generation);
                (family, lane)
            }
            _ => (self.intern(x), 0),
        }
    }

    /// The value at the recording point of the `i`-th lane of the node `x` (of `x` itself where
    /// it is no family).
    fn lane_value(&self, x: u32, i: u32) -> f64 {
        match self.family[x as usize] {
            SCALAR => self.values[x as usize],
            family => self.lanes[family as usize][i as usize],
        }
    }

    /// The family whose lanes are the values `ids` list.
    fn gather(&mut self, ids: Box<[(u32, u32)]>) -> Sym {
        if let Some(&id) = self.gathers.get(&ids) {
            return self.sym(id);
        }
        let k = u32::try_from(self.gathered.len())
            .expect("catad::staged: a recording of more than 2³² families of lanes");
        let values = ids.iter().map(|&(x, i)| self.lane_value(x, i)).collect();
        let family = self.push_family(Node::Gather(k), values);
        let id = self.intern(family);
        self.gathered.push(ids.clone());
        self.gathers.insert(ids, id);
        family
    }

    /// The family of the entries of `product` (see [`product`]), recorded once.
    fn product(&mut self, product: Product) -> Sym {
        if let Some(&id) = self.multiplied.get(&product) {
            return self.sym(id);
        }
        let k = u32::try_from(self.products.len())
            .expect("catad::staged: a recording of more than 2³² matrix products");
        // The factors' entries read once each, not once for each entry of the product.
        let values =
            |x: u32, len: u32| -> Vec<f64> { (0..len).map(|l| self.lane_value(x, l)).collect() };
        let a = values(product.a, product.rows * product.inner);
        let b = values(product.b, product.inner * product.columns);
        let family = self.push_family(Node::Product(k), product.entries(&a, &b).into());
        let id = self.intern(family);
        self.products.push(product);
        self.multiplied.insert(product, id);
        family
    }

    fn sym(&self, id: u32) -> Sym {
        match self.nodes[id as usize] {
            Node::Const(c) => Sym::constant(c),
            _ if self.family[id as usize] != SCALAR => Sym::lanes(id, self.generation),
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
            return self.push_op(op);
        }
        if let Some(id) = self.shared.get(op, &self.nodes) {
            return self.sym(id);
        }
        let sym = self.push_op(op);
        let id = self.intern(sym);
        self.shared.insert(op, id, &self.nodes);
        sym
    }

    /// Records `op`, computed at the recording point: a family where one of its operands is.
    fn push_op(&mut self, op: Op) -> Sym {
        let Some(family) = op
            .operands()
            .map(|x| self.family[x as usize])
            .find(|&f| f != SCALAR)
        else {
            return self.push(Node::Op(op), op.eval(&self.values));
        };
        let lanes = (0..self.lanes[family as usize].len())
            .map(|i| {
                let mut operands = [0.0; MAX_ARITY];
                let mut next = 0;
                let local = op.renumber(|x| {
                    operands[next] = match self.family[x as usize] {
                        SCALAR => self.values[x as usize],
                        f => self.lanes[f as usize][i],
                    };
                    next += 1;
                    next as u32 - 1
                });
                local.eval(&operands)
            })
            .collect();
        self.push_family(Node::Op(op), lanes)
    }

    /// The recording as it stands, families and all.
    fn finished(self) -> Recording {
        let widths = match self.lanes.is_empty() {
            true => Vec::new(),
            false => (0..self.nodes.len() as u32)
                .map(|id| self.width_of(id) as u32)
                .collect(),
        };
        Recording {
            nodes: self.nodes,
            guards: self.guards,
            rewrites: self.rewrites,
            numbers_in: self.numbers_in,
            widths,
            gathered: self.gathered,
            products: self.products,
        }
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
