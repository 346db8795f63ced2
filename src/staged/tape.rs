//! `Tape`: a recording compiled to a flat program — the values it needs, in order — and
//! evaluated without allocating.

use super::allocation::{self, Allocation};
use super::op::Op;
use super::recorder::{self, Guard, Node, Product, Recording};
use super::rules;
use super::sym::Sym;
use crate::space::Scalar;
use std::fmt;
use std::ops::Range;

/// A compiled staged program: `inputs` coordinates in, `outputs` coordinates out.
///
/// Its values are numbered in order: the inputs, the constants and the result of each operation;
/// only what an output or a guard needs is kept (dead-code elimination). Evaluated, the
/// operations' results share the slots of a [`Workspace`] once dead (the workspace holds what is
/// alive at once, not all the tape computes). A `Tape` is plain data (`Send + Sync`): evaluate it
/// from many threads, each with its own [`Workspace`].
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::compile;
///
/// let f = catad::paper::mag_sqr::<Reverse, _>();
/// let tape = compile(&f).gradient_tape(&(3.0, 4.0));
/// let mut workspace = tape.workspace();
/// let mut out = [0.0; 3];
/// tape.eval(&[1.0, 2.0], &mut workspace, &mut out).unwrap();
/// assert_eq!(out, [5.0, 2.0, 4.0]); // the value, then the gradient
/// ```
#[derive(Clone, Debug)]
pub struct Tape {
    pub(super) inputs: usize,
    pub(super) constants: Vec<f64>,
    /// The operations as runs of copies ([`Op::run`]) numbered one value after another, each
    /// family's lanes one run: [`Tape::ops`] lists them copy by copy.
    pub(super) copies: Vec<Copies<Op>>,
    /// The number of operations.
    len: usize,
    /// The operations as runs of copies ([`Op::run`]) on slots reused once dead: what
    /// [`Tape::eval`] runs.
    pub(super) machine: Allocation,
    pub(super) outputs: Vec<u32>,
    pub(super) guards: Vec<Guard>,
    /// Whether the recording asked whether an input is NaN (the entry points do): checked at
    /// once, before the operations, rather than as one guard per input.
    pub(super) numbers_in: bool,
    rewrites: Vec<(&'static str, usize)>,
    recorded: usize,
}

/// The slots a [`Tape`] evaluates in, made once by [`Tape::workspace`] and reused: evaluating
/// into a workspace allocates nothing.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::compile;
/// let tape = compile(&Reverse::sin_c()).gradient_tape(&0.5);
/// let workspace = tape.workspace();
/// assert_eq!(workspace.len(), tape.slots());
/// ```
#[derive(Clone, Debug)]
pub struct Workspace(Vec<f64>);

impl Workspace {
    /// The number of slots.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no slots (a tape with no inputs, constants or operations).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A point at which the program takes another branch than where it was recorded: a comparison,
/// a NaN test or a value read as a number answers differently, so the tape does not compute the
/// program there.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::compile;
/// let tape = compile(&Reverse::abs_c()).gradient_tape(&2.0);
/// let mut workspace = tape.workspace();
/// let mut out = [0.0; 2];
/// assert!(tape.eval(&[3.0], &mut workspace, &mut out).is_ok());
/// assert!(tape.eval(&[-3.0], &mut workspace, &mut out).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diverged;

impl fmt::Display for Diverged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the program takes another branch here than where it was recorded")
    }
}

impl std::error::Error for Diverged {}

impl Tape {
    /// Compiles a recording whose results are `outputs`: an operation on families is one run of
    /// copies, its lanes in consecutive slots.
    pub(crate) fn new(recording: Recording, inputs: usize, outputs: &[Sym]) -> Tape {
        let nodes = &recording.nodes;
        let output_nodes: Vec<Result<(u32, u32), f64>> =
            outputs.iter().map(|&s| recording.node_of(s)).collect();
        let live = liveness(&recording, &output_nodes);
        let mut layout = Layout::new(nodes.len());
        let mut constants: Vec<f64> = Vec::new();
        for (id, node) in nodes.iter().enumerate() {
            match *node {
                Node::Input(i) => layout.set(id, i),
                Node::Const(c) if live[id] => {
                    layout.set(id, (inputs + constants.len()) as u32);
                    constants.push(c);
                }
                _ => {}
            }
        }
        let output_constants: Vec<f64> = output_nodes.iter().filter_map(|o| o.err()).collect();
        let first_constant = inputs + constants.len();
        constants.extend(&output_constants);
        // For each `x` of which both `sin x` and `cos x` are live, the slots of the two, once
        // computed together; `u32::MAX` before.
        let both = sin_cos_operands(nodes, &live);
        let mut sin_cos = vec![u32::MAX; nodes.len()];
        let mut copies = Vec::new();
        let mut next_slot = u32::try_from(inputs + constants.len()).expect(TOO_MANY);
        for id in schedule(&recording, &live) {
            let width = recording.width(id as u32);
            match nodes[id] {
                Node::Op(op @ (Op::Sin(x) | Op::Cos(x))) if both[x as usize] => {
                    let pair = &mut sin_cos[x as usize];
                    if *pair == u32::MAX {
                        layout.write(&mut copies, Op::SinCos(x), width);
                        *pair = number(&mut next_slot, width);
                        number(&mut next_slot, width);
                    }
                    let slot = *pair + u32::from(matches!(op, Op::Cos(_)));
                    layout.set_lanes(id, slot, 2, width);
                }
                Node::Op(op) => {
                    layout.write(&mut copies, op, width);
                    layout.set_lanes(id, number(&mut next_slot, width), 1, width);
                }
                Node::Gather(k) => {
                    let slots = recording
                        .gathered(k)
                        .iter()
                        .map(|&(x, i)| layout.slot(x, i));
                    layout.list(id, slots.collect());
                }
                Node::Range(first) => {
                    let slots = (first..first + width).map(|x| layout.slot(x, 0));
                    layout.list(id, slots.collect());
                }
                Node::Lane(x, i) => layout.set(id, layout.slot(x, i)),
                Node::Product(k) => {
                    let product = recording.product(k);
                    let entries = layout.multiply(&mut copies, product, &mut next_slot);
                    layout.set_lanes(id, entries, 1, width);
                }
                Node::Sum(x) => {
                    let mut sum = layout.slot(x, 0);
                    for i in 1..recording.width(x) {
                        push(&mut copies, Op::Add(sum, layout.slot(x, i)), 1, [0, 0]);
                        sum = number(&mut next_slot, 1);
                    }
                    layout.set(id, sum);
                }
                Node::Input(_) | Node::Const(_) => {}
            }
        }
        let mut next_constant = first_constant as u32;
        let outputs: Vec<u32> = output_nodes
            .iter()
            .map(|o| match *o {
                Ok((id, lane)) => layout.slot(id, lane),
                Err(_) => {
                    next_constant += 1;
                    next_constant - 1
                }
            })
            .collect();
        let numbers_in = recording.numbers_in;
        let layout = &layout;
        let guards: Vec<Guard> = (recording.guards.iter())
            .flat_map(|&g| {
                let width = guard_operands(g).map(|x| recording.width(x)).max();
                (0..width.unwrap_or(1)).map(move |i| renumber_guard(g, |x| layout.slot(x, i)))
            })
            .collect();
        let mut rewrites: Vec<_> = (rules::RULES.iter().zip(recording.rewrites))
            .filter(|&(_, fired)| fired > 0)
            .map(|(&(name, _), fired)| (name, fired))
            .collect();
        rewrites.sort();
        let machine = allocation::allocate(&copies, inputs + constants.len(), &outputs, &guards);
        Tape {
            inputs,
            constants,
            machine,
            len: copies.iter().map(|&(_, len, _)| len).sum(),
            copies,
            outputs,
            guards,
            numbers_in,
            rewrites,
            recorded: recording.recorded(),
        }
    }

    /// Records `body` run on symbolic inputs holding `point`'s values, simplified, and compiles
    /// the recording: the tape of the outputs `body` returns, and what it returns beside them.
    ///
    /// What [`compile`](super::compile)'s entry points do, for any computation over [`Sym`]:
    /// `body` gets one symbolic input per coordinate of `point`.
    ///
    /// # Example
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::{Sym, Tape};
    ///
    /// // sin's value and derivative, recorded at 0.5 through `Forward` over `Sym`.
    /// let (tape, ()) = Tape::record(&[0.5], |x| {
    ///     let (y, dy) = Forward::sin_c().linearize(x[0]);
    ///     (vec![y, dy.apply(Sym::constant(1.0))], ())
    /// });
    /// let (mut workspace, mut out) = (tape.workspace(), [0.0; 2]);
    /// tape.eval(&[0.0], &mut workspace, &mut out).unwrap();
    /// assert_eq!(out, [0.0, 1.0]);
    /// ```
    pub fn record<R>(point: &[f64], body: impl FnOnce(&[Sym]) -> (Vec<Sym>, R)) -> (Tape, R) {
        let ((outputs, r), recording) = recorder::record(point, true, body);
        (Tape::new(recording, point.len(), &outputs), r)
    }

    /// The number of input coordinates.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The number of output coordinates.
    pub fn outputs(&self) -> usize {
        self.outputs.len()
    }

    /// The number of operations.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the tape has no operations (its outputs are inputs or constants).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The operations, in order, their operands the numbers of values: each writes the next
    /// value after the inputs and the constants ([`Op::SinCos`] the next two). The order is by
    /// depth (an operation after all of its operands' operations), so that operations of one
    /// kind on consecutive values sit together and run as one instruction ([`Tape::runs`]). The
    /// tape keeps them as runs (a loop staged once, one for all its elements) and lists them
    /// here one by one.
    pub fn ops(&self) -> impl Iterator<Item = Op> + '_ {
        (self.copies.iter())
            .flat_map(|&(op, len, strides)| (0..len).map(move |k| copy(op, k, strides)))
    }

    /// The constants, in their slots after the inputs' (then the constant outputs').
    pub fn constants(&self) -> &[f64] {
        &self.constants
    }

    /// The number of each output's value, as [`Tape::ops`] numbers them, in order.
    pub fn output_slots(&self) -> &[u32] {
        &self.outputs
    }

    /// The number of instructions the operations run as: a run of copies of one operation on
    /// operands at constant strides is one instruction ([`Op::run`]).
    pub fn runs(&self) -> usize {
        self.machine.program.len()
    }

    /// The number of guards: comparisons whose answers the tape checks (besides its test that
    /// no input is NaN).
    pub fn guards(&self) -> usize {
        self.guards.len()
    }

    /// How many times each simplification rule fired while recording, by name.
    pub fn rewrites(&self) -> &[(&'static str, usize)] {
        &self.rewrites
    }

    /// The number of values recorded, one for each input coordinate and one for each operation,
    /// a loop's for all its elements one (a family of lanes, see [`crate::staged`]): the size
    /// of the staged program, where [`Tape::len`] counts a loop's operations once per element.
    ///
    /// # Example
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::{Sym, compile};
    /// // Σᵢ exp(xᵢ), its loop staged once: for 10 elements or 1000, the same operations.
    /// let exps = Reverse::map_v(Reverse::compose(Reverse::exp_c(), Reverse::exr()));
    /// let f = compile(&Reverse::compose(
    ///     Reverse::sum_v(),
    ///     Reverse::compose(exps, Reverse::fork(Reverse::it(), Reverse::id())),
    /// ));
    /// let (ten, thousand) = (f.gradient_tape(&vec![0.5; 10]), f.gradient_tape(&vec![0.5; 1000]));
    /// assert_eq!(ten.recorded() - 10, thousand.recorded() - 1000);
    /// assert!(thousand.len() >= 1000);
    /// ```
    pub fn recorded(&self) -> usize {
        self.recorded
    }

    /// The number of slots a [`Workspace`] has.
    pub fn slots(&self) -> usize {
        self.machine.slots
    }

    /// A workspace for this tape, its constants in place.
    pub fn workspace(&self) -> Workspace {
        let mut slots = vec![0.0; self.slots()];
        slots[self.inputs..self.inputs + self.constants.len()].copy_from_slice(&self.constants);
        Workspace(slots)
    }

    /// Evaluates the tape at `input`, writing its outputs to `out`; allocates nothing.
    ///
    /// Panics, naming both sizes, if `input`, `out` or `workspace` do not have this tape's
    /// sizes; returns [`Diverged`] where the program takes another branch than where it was
    /// recorded (then `out` is unspecified).
    pub fn eval(
        &self,
        input: &[f64],
        workspace: &mut Workspace,
        out: &mut [f64],
    ) -> Result<(), Diverged> {
        check_size("input coordinates", input.len(), self.inputs);
        check_size("output coordinates", out.len(), self.outputs.len());
        check_size("workspace slots", workspace.0.len(), self.slots());
        if self.numbers_in && has_nan(input) {
            return Err(Diverged);
        }
        let slots = &mut workspace.0;
        slots[..self.inputs].copy_from_slice(input);
        for run in &self.machine.program {
            run.eval(slots);
        }
        if !self.machine.guards.iter().all(|g| g.holds(slots)) {
            return Err(Diverged);
        }
        for (o, &s) in out.iter_mut().zip(&self.machine.outputs) {
            *o = slots[s as usize];
        }
        Ok(())
    }
}

/// What a tape too large for its numbering says.
const TOO_MANY: &str = "catad::staged::Tape: more than 2³² values to number (a tape numbers its \
values, a family's lanes and a matrix product's terms each one, in 32 bits)";

/// About how many entries of a matrix product a tape computes together, through every term of
/// theirs, before the next: three blocks of `f64`s (the terms, their sum so far, the new sum)
/// fit in a core's level-2 cache.
const BLOCK: u32 = 4096;

/// The first of `count` more values numbered from `next`, which it advances past them.
fn number(next: &mut u32, count: u32) -> u32 {
    let first = *next;
    *next = first.checked_add(count).expect(TOO_MANY);
    first
}

/// Where each value's lanes are in a tape's slots, as [`Tape::new`] places them.
struct Layout {
    places: Vec<Place>,
    /// The slots of the families placed lane by lane ([`Place::Listed`]).
    lists: Vec<Box<[u32]>>,
}

/// Where a value's lanes are.
#[derive(Clone, Copy)]
enum Place {
    /// The `i`-th at `base + i·stride`: a value that is no family at `base`, with stride 0.
    Strided { base: u32, stride: u32 },
    /// The `i`-th in the `i`-th slot of the `k`-th list.
    Listed(u32),
}

impl Layout {
    fn new(nodes: usize) -> Layout {
        let unplaced = Place::Strided {
            base: u32::MAX,
            stride: 0,
        };
        Layout {
            places: vec![unplaced; nodes],
            lists: Vec::new(),
        }
    }

    /// The slot of the `i`-th lane of the node `x` (of `x` itself where it is no family).
    fn slot(&self, x: u32, i: u32) -> u32 {
        match self.places[x as usize] {
            Place::Strided { base, stride } => base + i * stride,
            Place::Listed(k) => self.lists[k as usize][i as usize],
        }
    }

    /// Places the value `id`, no family, at `slot`.
    fn set(&mut self, id: usize, slot: u32) {
        self.set_lanes(id, slot, 0, 1);
    }

    /// Places the lanes of `id`, `width` of them, from `base` at `stride` (at `base` alone where
    /// `width` is 1).
    fn set_lanes(&mut self, id: usize, base: u32, stride: u32, width: u32) {
        let stride = if width > 1 { stride } else { 0 };
        self.places[id] = Place::Strided { base, stride };
    }

    /// Appends the `width` lanes of `op`, on the values this layout places, to `program`: one
    /// run where every operand's lanes are at a stride.
    fn write(&self, program: &mut Vec<Copies<Op>>, op: Op, width: u32) {
        let mut strides = [0; 2];
        let mut strided = true;
        for (p, x) in op.operands().enumerate() {
            match self.places[x as usize] {
                Place::Strided { stride, .. } => strides[p] = stride as isize,
                Place::Listed(_) => strided = false,
            }
        }
        if strided {
            push(
                program,
                op.renumber(|x| self.slot(x, 0)),
                width as usize,
                strides,
            );
        } else {
            for i in 0..width {
                push(program, op.renumber(|x| self.slot(x, i)), 1, [0, 0]);
            }
        }
    }

    /// The first slot and the stride of the lanes `lanes` of the node `x`, where they are at a
    /// stride.
    fn strided(&self, x: u32, lanes: Range<u32>) -> Option<(u32, isize)> {
        let first = self.slot(x, lanes.start);
        let stride = match self.places[x as usize] {
            Place::Strided { stride, .. } => return Some((first, stride as isize)),
            Place::Listed(_) if lanes.len() < 2 => 0,
            Place::Listed(_) => self.slot(x, lanes.start + 1) as isize - first as isize,
        };
        let at = |i: u32| first as isize + (i - lanes.start) as isize * stride;
        lanes
            .clone()
            .all(|i| self.slot(x, i) as isize == at(i))
            .then_some((first, stride))
    }

    /// Appends the runs that compute the entries of `product` to `program`, their results in
    /// slots from `next` on (which it advances past them), and returns the first slot of the
    /// entries, column by column. For each inner index `l`, the products of column `l` of `A`
    /// with the entries of row `l` of `B` (a run for each column of the result) are added to the
    /// sum of those before (one run): `2 · inner − 1` results, each entry's terms summed in
    /// order from the first. The result's columns go in blocks of about [`BLOCK`] entries, each
    /// block through every `l` before the next, so that what a block's sums read stays in cache;
    /// the last additions, one per block, come together at the end, so that the entries are in
    /// consecutive slots.
    fn multiply(&self, program: &mut Vec<Copies<Op>>, product: Product, next: &mut u32) -> u32 {
        let Product {
            a,
            b,
            rows,
            inner,
            columns,
        } = product;
        assert!(
            inner > 0,
            "catad::staged: a matrix product over no inner index"
        );
        let block_columns = (BLOCK / rows).clamp(1, columns);
        // Where each column of `A` is: at a stride, or lane by lane.
        let columns_of_a: Vec<_> = (0..inner)
            .map(|l| self.strided(a, rows * l..rows * (l + 1)))
            .collect();
        // For each block: the sum of its entries' terms but the last (none where there is one
        // term), its last terms, and its size.
        let mut last = Vec::new();
        for start in (0..columns).step_by(block_columns as usize) {
            let block = start..columns.min(start + block_columns);
            let size = rows.checked_mul(block.len() as u32).expect(TOO_MANY);
            let mut sum = None;
            for l in 0..inner {
                for j in block.clone() {
                    let b_lj = self.slot(b, l + inner * j);
                    match columns_of_a[l as usize] {
                        Some((first, stride)) => {
                            push(program, Op::Mul(first, b_lj), rows as usize, [stride, 0])
                        }
                        None => (rows * l..rows * (l + 1))
                            .for_each(|i| push(program, Op::Mul(self.slot(a, i), b_lj), 1, [0, 0])),
                    }
                }
                let terms = number(next, size);
                if l + 1 == inner {
                    last.push((sum, terms, size));
                } else {
                    sum = Some(match sum {
                        None => terms,
                        Some(before) => {
                            push(program, Op::Add(before, terms), size as usize, [1, 1]);
                            number(next, size)
                        }
                    });
                }
            }
        }
        if inner == 1 {
            // One term: the blocks' terms, one block after another, are the entries.
            return last[0].1;
        }
        let entries = *next;
        for (sum, terms, size) in last {
            let before = sum.expect("an entry of more than one term has a sum before its last");
            push(program, Op::Add(before, terms), size as usize, [1, 1]);
            number(next, size);
        }
        entries
    }

    /// Places the lanes of `id` in `slots`: at a stride where they are.
    fn list(&mut self, id: usize, slots: Box<[u32]>) {
        let stride = slots.get(1).map_or(0, |&s| s.wrapping_sub(slots[0]));
        let strided = slots.windows(2).all(|w| w[1].wrapping_sub(w[0]) == stride);
        self.places[id] = match strided && stride <= i32::MAX as u32 {
            true => Place::Strided {
                base: slots[0],
                stride,
            },
            false => {
                self.lists.push(slots);
                Place::Listed(self.lists.len() as u32 - 1)
            }
        };
    }
}

/// Which nodes an output or a guard needs (dead-code elimination), a family whole.
fn liveness(recording: &Recording, outputs: &[Result<(u32, u32), f64>]) -> Vec<bool> {
    let mut live = vec![false; recording.nodes.len()];
    let output_nodes = outputs.iter().filter_map(|o| o.ok().map(|(id, _)| id));
    let guard_nodes = recording.guards.iter().flat_map(|g| guard_operands(*g));
    for id in output_nodes.chain(guard_nodes) {
        live[id as usize] = true;
    }
    for id in (0..recording.nodes.len()).rev() {
        if live[id] {
            recording.each_read(id as u32, |x| live[x as usize] = true);
        }
    }
    live
}

/// The live nodes but inputs and constants, in order of depth (inputs and constants at depth
/// 0, an operation or a sum one deeper than the deepest node it reads, a family of values read
/// or a lane as deep as it), then of recording: a topological order that puts the operations a
/// vector program does element by element next to each other.
fn schedule(recording: &Recording, live: &[bool]) -> Vec<usize> {
    let nodes = &recording.nodes;
    let mut depth = vec![0_u32; nodes.len()];
    let mut live_ops = Vec::new();
    for (id, node) in nodes.iter().enumerate() {
        if !live[id] || matches!(node, Node::Input(_) | Node::Const(_)) {
            continue;
        }
        let mut deepest = 0;
        recording.each_read(id as u32, |x| deepest = deepest.max(depth[x as usize]));
        let computed = matches!(node, Node::Op(_) | Node::Sum(_) | Node::Product(_));
        depth[id] = deepest + u32::from(computed);
        live_ops.push(id);
    }
    // A counting sort by depth, stable: where each depth's operations begin, then each in turn.
    let deepest = live_ops.iter().map(|&id| depth[id]).max().unwrap_or(0);
    let mut next = vec![0; deepest as usize + 2];
    for &id in &live_ops {
        next[depth[id] as usize + 1] += 1;
    }
    for d in 1..next.len() {
        next[d] += next[d - 1];
    }
    let mut order = vec![0; live_ops.len()];
    for &id in &live_ops {
        let at = &mut next[depth[id] as usize];
        order[*at] = id;
        *at += 1;
    }
    order
}

/// What a tape runs in copies: an operation, or a guard. A run is a stretch of copies of one of
/// them whose operands advance by the same strides from one copy to the next.
pub(super) trait Copied: Copy + PartialEq {
    /// The operands, one or two.
    fn operands(self) -> impl Iterator<Item = u32>;
    /// The same on renumbered operands.
    fn renumber(self, f: impl FnMut(u32) -> u32) -> Self;
}

impl Copied for Op {
    fn operands(self) -> impl Iterator<Item = u32> {
        Op::operands(self)
    }
    fn renumber(self, f: impl FnMut(u32) -> u32) -> Self {
        Op::renumber(self, f)
    }
}

impl Copied for Guard {
    fn operands(self) -> impl Iterator<Item = u32> {
        guard_operands(self)
    }
    fn renumber(self, f: impl FnMut(u32) -> u32) -> Self {
        renumber_guard(self, f)
    }
}

/// `len` copies of an item, copy `k`'s operands advanced by `k` times the strides.
pub(super) type Copies<T> = (T, usize, [isize; 2]);

/// The items as runs: the longest stretches of copies of one whose operands advance by the same
/// strides from one copy to the next.
pub(super) fn runs<T: Copied>(items: &[T]) -> Vec<Copies<T>> {
    let mut program = Vec::new();
    for &item in items {
        push(&mut program, item, 1, [0, 0]);
    }
    program
}

/// Appends `len` copies of `item` at `strides` to `program`: to its last run where they go on
/// with it at its strides (a first copy goes on with any), else as a run of their own.
pub(super) fn push<T: Copied>(
    program: &mut Vec<Copies<T>>,
    item: T,
    len: usize,
    strides: [isize; 2],
) {
    let strides = if len > 1 { strides } else { [0, 0] };
    if let Some((first, copies, at)) = program.last_mut()
        && let Some(step) = stride(copy(*first, *copies - 1, *at), item)
        && (*copies == 1 || *at == step)
        && (len == 1 || strides == step)
    {
        *copies += len;
        *at = step;
        return;
    }
    program.push((item, len, strides));
}

/// The `k`-th copy of `item`, its operands advanced by `k` times `strides`.
pub(super) fn copy<T: Copied>(item: T, k: usize, strides: [isize; 2]) -> T {
    let mut p = 0;
    item.renumber(|x| {
        p += 1;
        (x as usize).wrapping_add_signed(k as isize * strides[p - 1]) as u32
    })
}

/// The strides from `a`'s operands to `b`'s, if `b` is a copy of `a` (on other operands).
fn stride<T: Copied>(a: T, b: T) -> Option<[isize; 2]> {
    if a.renumber(|_| 0) != b.renumber(|_| 0) {
        return None;
    }
    let mut strides = [0; 2];
    for (k, (x, y)) in a.operands().zip(b.operands()).enumerate() {
        strides[k] = y as isize - x as isize;
    }
    Some(strides)
}

/// Whether both `sin x` and `cos x` are live, for each value `x`: then they are computed together
/// by one [`Op::SinCos`] (a derivative of `sin` needs `cos` at the same point), which every
/// `sin x` and `cos x` reads — so that two of them recorded apart (without sharing) stay equal.
fn sin_cos_operands(nodes: &[Node], live: &[bool]) -> Vec<bool> {
    const SIN: u8 = 1;
    const COS: u8 = 2;
    let mut seen = vec![0_u8; nodes.len()];
    for (id, node) in nodes.iter().enumerate() {
        match (live[id], *node) {
            (true, Node::Op(Op::Sin(x))) => seen[x as usize] |= SIN,
            (true, Node::Op(Op::Cos(x))) => seen[x as usize] |= COS,
            _ => {}
        }
    }
    seen.into_iter().map(|s| s == SIN | COS).collect()
}

/// Whether any of `xs` is NaN (every element read: no early exit on a hot path).
pub(super) fn has_nan(xs: &[f64]) -> bool {
    xs.iter().fold(false, |nan, x| nan | x.is_nan())
}

pub(super) fn check_size(what: &str, got: usize, expected: usize) {
    assert_eq!(
        got, expected,
        "catad::staged::Tape: {got} {what} where the tape has {expected}"
    );
}

pub(super) fn guard_operands(guard: Guard) -> impl Iterator<Item = u32> {
    let (x, y) = match guard {
        Guard::Order(x, y, _) => (x, Some(y)),
        Guard::Nan(x, _) | Guard::Value(x, _) => (x, None),
    };
    std::iter::once(x).chain(y)
}

pub(super) fn renumber_guard(guard: Guard, mut slot: impl FnMut(u32) -> u32) -> Guard {
    match guard {
        Guard::Order(x, y, answer) => Guard::Order(slot(x), slot(y), answer),
        Guard::Nan(x, answer) => Guard::Nan(slot(x), answer),
        Guard::Value(x, bits) => Guard::Value(slot(x), bits),
    }
}

/// Whether a guard gets its recorded answer from the values in `slots`, of any scalar (over
/// [`Sym`] the question is asked, and so guarded, again).
pub(super) fn holds<S: Scalar>(guard: Guard, slots: &[S]) -> bool {
    let at = |x: u32| slots[x as usize];
    match guard {
        Guard::Order(x, y, answer) => at(x).partial_cmp(&at(y)) == answer,
        Guard::Nan(x, answer) => at(x).is_nan() == answer,
        Guard::Value(x, bits) => at(x).to_f64().to_bits() == bits,
    }
}

#[cfg(test)]
mod tests {
    use super::{Copies, Op, allocation, copy, number, push, runs};
    use quickcheck::{Arbitrary, Gen, QuickCheck};

    /// Straight-line operations in blocks of copies at constant (possibly negative) strides,
    /// each reading earlier slots, after `INPUTS` input slots: the operations one by one, and
    /// the blocks as they were made.
    #[derive(Clone, Debug)]
    struct Blocks(Vec<Op>, Vec<Copies<Op>>);

    const INPUTS: usize = 8;

    impl Arbitrary for Blocks {
        fn arbitrary(g: &mut Gen) -> Blocks {
            let (mut ops, mut blocks) = (Vec::new(), Vec::new());
            for _ in 0..usize::arbitrary(g) % 12 {
                let len = 1 + usize::arbitrary(g) % 6;
                let kind = u8::arbitrary(g) % 5;
                let dest = INPUTS + ops.len();
                let start = |g: &mut Gen| (usize::arbitrary(g) % dest) as isize;
                let stride = |g: &mut Gen| (i8::arbitrary(g) % 3) as isize;
                let ([x, y], [sx, sy]) = ([start(g), start(g)], [stride(g), stride(g)]);
                // Copy k reads x + k·sx: an earlier slot than its own, dest + k.
                let fits = |x: isize, s: isize| {
                    (0..len as isize).all(|k| (0..dest as isize + k).contains(&(x + k * s)))
                };
                if !(fits(x, sx) && fits(y, sy)) {
                    continue;
                }
                let (x, y) = (x as u32, y as u32);
                let (first, strides) = match kind {
                    0 => (Op::Add(x, y), [sx, sy]),
                    1 => (Op::Sub(x, y), [sx, sy]),
                    2 => (Op::Mul(x, y), [sx, sy]),
                    3 => (Op::Neg(x), [sx, 0]),
                    _ => (Op::Sin(x), [sx, 0]),
                };
                ops.extend((0..len).map(|k| copy(first, k, strides)));
                blocks.push((first, len, strides));
            }
            Blocks(ops, blocks)
        }
    }

    /// Runs compute what the operations compute one by one, to the bit, and cover them all; on
    /// reused slots, their outputs are the same values, in no more slots.
    fn runs_compute_the_operations(Blocks(ops, _): Blocks) -> bool {
        let inputs = (0..INPUTS).map(|i| 0.75 + i as f64 / 8.0);
        let mut one_by_one: Vec<f64> = inputs.collect();
        for op in &ops {
            one_by_one.push(op.eval(&one_by_one));
        }
        let mut slots = one_by_one.clone();
        slots[INPUTS..].fill(0.0);
        let program = runs(&ops);
        let mut next = INPUTS;
        for &(op, len, strides) in &program {
            op.run(&mut slots, next, len, strides);
            next += len;
        }
        let same = |a: f64, b: f64| a.to_bits() == b.to_bits();
        if next != slots.len() || !slots.iter().zip(&one_by_one).all(|(a, b)| same(*a, *b)) {
            return false;
        }
        // On reused slots, every third value an output: the outputs are the same values.
        let outputs: Vec<u32> = (INPUTS..one_by_one.len())
            .step_by(3)
            .map(|o| o as u32)
            .collect();
        let machine = allocation::allocate(&program, INPUTS, &outputs, &[]);
        let mut slots = vec![0.0; machine.slots];
        slots[..INPUTS].copy_from_slice(&one_by_one[..INPUTS]);
        for run in &machine.program {
            run.eval(&mut slots);
        }
        machine.slots <= one_by_one.len()
            && (machine.outputs.iter().zip(&outputs))
                .all(|(&m, &o)| same(slots[m as usize], one_by_one[o as usize]))
    }

    /// Blocks appended as runs ([`push`], as a tape writes a loop's lanes) are the same
    /// operations, in no more runs than blocks.
    fn blocks_pushed_whole_are_their_copies(Blocks(ops, blocks): Blocks) -> bool {
        let mut program = Vec::new();
        for &(first, len, strides) in &blocks {
            push(&mut program, first, len, strides);
        }
        let copies = program
            .iter()
            .flat_map(|&(op, len, strides)| (0..len).map(move |k| copy(op, k, strides)));
        copies.eq(ops.iter().copied()) && program.len() <= blocks.len()
    }

    #[test]
    fn values_are_numbered_up_to_the_last_u32() {
        let mut next = u32::MAX - 3;
        assert_eq!(number(&mut next, 3), u32::MAX - 3);
        assert_eq!(next, u32::MAX);
    }

    #[test]
    #[should_panic(expected = "more than 2³² values to number")]
    fn a_tape_too_large_to_number_is_an_error_not_a_wrapped_slot() {
        let mut next = u32::MAX - 3;
        number(&mut next, 4);
    }

    #[test]
    fn blocks_pushed_whole_are_what_they_copy() {
        QuickCheck::new()
            .tests(500)
            .quickcheck(blocks_pushed_whole_are_their_copies as fn(Blocks) -> bool);
    }

    #[test]
    fn runs_compute_what_their_operations_do() {
        QuickCheck::new()
            .tests(500)
            .quickcheck(runs_compute_the_operations as fn(Blocks) -> bool);
    }
}
