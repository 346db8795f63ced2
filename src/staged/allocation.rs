//! Slot allocation: the slots a tape's evaluation writes, reused once their values are dead, so a
//! tape runs in a workspace the size of what is alive at once rather than of all it computes
//! (llsq's gradient at n = 2000, m = 32: 192 765 slots for 253 794 operations and 59 842
//! constants, where every value had its own slot before).
//!
//! A tape numbers its values one after another. Each run of copies ([`Op::run`]) writes a block
//! of consecutive slots. Blocks that one run reads across are kept together as a group, in their
//! layout, so a run that reads them at a stride still does after the group moves; a run whose
//! copies read both a group and the inputs and constants (which never move) is cut where they
//! change, into pieces that each read one place per operand. Groups are then placed in order of
//! evaluation, each in a free span left by a group read for the last time before it is written
//! (best fit), or at the end of the workspace; a group an output or a guard reads is never freed.

use super::apart;
use super::op::Op;
use super::recorder::Guard;
use super::tape::{self, Copies, guard_operands, holds, renumber_guard};
use std::collections::BTreeMap;
use std::ops::Range;

/// One instruction of an allocated tape: `len` copies of `op` ([`Op::run`]) writing from slot
/// `dest`, their operands advancing by `strides`; `apart` if it is run by [`Op::run_apart`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Run {
    pub(super) op: Op,
    pub(super) dest: usize,
    pub(super) len: usize,
    pub(super) strides: [isize; 2],
    pub(super) apart: bool,
}

impl Run {
    /// Evaluates the run's copies in `slots`.
    #[inline]
    pub(super) fn eval(&self, slots: &mut [f64]) {
        if self.apart {
            self.op.run_apart(slots, self.dest, self.len, self.strides);
        } else {
            self.op.run(slots, self.dest, self.len, self.strides);
        }
    }
}

/// `len` copies of a guard, their operands advancing by `strides`: checked in one loop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct GuardRun {
    guard: Guard,
    len: usize,
    strides: [isize; 2],
}

impl GuardRun {
    /// The guards, one per copy.
    pub(super) fn copies(self) -> impl Iterator<Item = Guard> {
        (0..self.len).map(move |k| tape::copy(self.guard, k, self.strides))
    }

    /// Whether every copy gets its recorded answer from the values in `slots`.
    pub(super) fn holds(self, slots: &[f64]) -> bool {
        self.copies().fold(true, |all, g| all & holds(g, slots))
    }
}

/// A tape's runs on reused slots: the instructions, where the outputs and the guards' operands
/// are, and the number of slots.
#[derive(Clone, Debug)]
pub(super) struct Allocation {
    pub(super) program: Vec<Run>,
    pub(super) outputs: Vec<u32>,
    pub(super) guards: Vec<GuardRun>,
    pub(super) slots: usize,
}

/// The run that writes each slot from `fixed` on (the slots below are inputs and constants):
/// read from a table of every slot's where the runs are short (a scalar program's, of a value or
/// two each), found by a binary search over the runs' first slots where such a table would be
/// large (a tape that writes a matrix product out as runs numbers billions of values in a few
/// million runs).
struct Writers {
    fixed: usize,
    /// The first slot of each run, then the slot after the last run's.
    start: Vec<usize>,
    /// The run of each slot from `fixed` on, where kept.
    table: Option<Vec<u32>>,
}

impl Writers {
    /// The most values per run, on average, for which a table of every slot's run is kept.
    const TABLED: usize = 4;

    /// The writers of the slots of `program`, whose runs write one after another from `fixed`.
    fn new(program: &[Copies<Op>], fixed: usize) -> Writers {
        let mut start = Vec::with_capacity(program.len() + 1);
        let mut next = fixed;
        for &(op, len, _) in program {
            start.push(next);
            next += len * op.width();
        }
        start.push(next);
        let table = (next - fixed <= Self::TABLED * program.len()).then(|| {
            let mut table = Vec::with_capacity(next - fixed);
            for (b, run) in start.windows(2).enumerate() {
                table.resize(table.len() + run[1] - run[0], b as u32);
            }
            table
        });
        Writers {
            fixed,
            start,
            table,
        }
    }

    /// The run that writes `slot`, one from `fixed` on.
    fn of(&self, slot: usize) -> usize {
        match &self.table {
            Some(table) => table[slot - self.fixed] as usize,
            None => self.start.partition_point(|&first| first <= slot) - 1,
        }
    }
}

/// Where the values numbered one after another go: the group of blocks of each slot, `None` for
/// the slots below `fixed` (inputs and constants), which stay where they are.
struct Groups {
    writers: Writers,
    /// The group of each run.
    group: Vec<u32>,
    /// The first slot and the number of slots of each group, in order, each group's first slot
    /// the slot after the group before.
    span: Vec<(usize, usize)>,
}

impl Groups {
    fn of(&self, slot: usize) -> Option<usize> {
        (slot >= self.writers.fixed).then(|| self.group[self.writers.of(slot)] as usize)
    }

    /// The slots of `slot`'s group (or the fixed slots' range).
    fn around(&self, slot: usize) -> Range<usize> {
        match self.of(slot) {
            None => 0..self.writers.fixed,
            Some(g) => self.span[g].0..self.span[g].0 + self.span[g].1,
        }
    }

    /// How many copies from the one that reads `slot`, reading at `stride`, read the same group
    /// as it (at least that one): where a run's copies go on to read another group.
    fn stay(&self, slot: usize, stride: isize) -> usize {
        let within = self.around(slot);
        let steps = match stride {
            0 => return usize::MAX,
            s if s > 0 => (within.end - slot).div_ceil(s as usize),
            s => (slot - within.start) / s.unsigned_abs() + 1,
        };
        steps.max(1)
    }
}

/// Best-fit placement of blocks in a workspace whose first `fixed` slots are taken.
struct Placement {
    free: BTreeMap<usize, Vec<usize>>,
    top: usize,
}

impl Placement {
    fn take(&mut self, size: usize) -> usize {
        let Some((&span, bases)) = self.free.range_mut(size..).next() else {
            self.top += size;
            return self.top - size;
        };
        let base = bases.pop().expect("no empty lists are kept");
        if bases.is_empty() {
            self.free.remove(&span);
        }
        if span > size {
            self.give(base + size, span - size);
        }
        base
    }

    fn give(&mut self, base: usize, size: usize) {
        self.free.entry(size).or_default().push(base);
    }
}

/// Allocates `program`, the runs of a tape whose values are numbered one after another from
/// slot `fixed` (each run `(op, len, strides)` writing the next `len · width` slots), its
/// `outputs` and `guards` read from slots of that numbering.
pub(super) fn allocate(
    program: &[Copies<Op>],
    fixed: usize,
    outputs: &[u32],
    guards: &[Guard],
) -> Allocation {
    // The slot of copy k's operand p of run b, numbered one value after another.
    let read = |b: usize, p: usize, k: usize| {
        let (op, _, strides) = program[b];
        let x = op.operands().nth(p).expect("an operand");
        (x as usize).wrapping_add_signed(k as isize * strides[p])
    };
    let writers = Writers::new(program, fixed);
    let start = &writers.start;
    let block = |slot: usize| writers.of(slot);
    // Blocks one run reads across are kept together, in their layout: groups of consecutive
    // blocks, from the intervals of blocks each operand reads.
    let mut intervals: Vec<(usize, usize)> = Vec::new();
    for (b, &(op, len, _)) in program.iter().enumerate() {
        for p in 0..op.operands().count() {
            let (first, last) = (read(b, p, 0), read(b, p, len - 1));
            let (lo, hi) = (first.min(last), first.max(last));
            if lo >= fixed && lo != hi && block(lo) != block(hi) {
                intervals.push((block(lo), block(hi)));
            }
        }
    }
    intervals.sort_unstable();
    let mut group = vec![u32::MAX; program.len()];
    let mut span = Vec::new();
    let mut intervals = intervals.into_iter().peekable();
    let mut b = 0;
    while b < program.len() {
        let mut end = b;
        while let Some((_, hi)) = intervals.next_if(|&(lo, _)| lo <= end) {
            end = end.max(hi);
        }
        group[b..=end].fill(span.len() as u32);
        span.push((start[b], start[end + 1] - start[b]));
        b = end + 1;
    }
    let groups = Groups {
        writers,
        group,
        span,
    };
    // The pieces: (run, first copy, copies), each copy reading one group (or the fixed slots)
    // per operand. A piece goes on while its copies read the groups its first one does: from
    // one copy whose operands may read another group to the next.
    let mut pieces: Vec<(usize, usize, usize)> = Vec::new();
    for (b, &(op, len, strides)) in program.iter().enumerate() {
        let arity = op.operands().count();
        let from = |k: usize| {
            let mut from = [None; 2];
            for (p, f) in from.iter_mut().enumerate().take(arity) {
                *f = groups.of(read(b, p, k));
            }
            from
        };
        let stay = |k: usize| {
            (0..arity)
                .map(|p| groups.stay(read(b, p, k), strides[p]))
                .min()
                .unwrap_or(usize::MAX)
        };
        // A run of one copy (most of a scalar program's) is one piece: no boundary to look for.
        let (mut first, mut k) = (0, if len > 1 { stay(0) } else { len });
        while k < len {
            if from(k) != from(first) {
                pieces.push((b, first, k - first));
                first = k;
            }
            k = k.saturating_add(stay(k));
        }
        pieces.push((b, first, len - first));
    }
    // The last piece that reads or writes each group; never for what the outputs and guards read.
    let mut death = vec![0; groups.span.len()];
    for (i, &(b, first, _)) in pieces.iter().enumerate() {
        death[groups.group[b] as usize] = i;
        for p in 0..program[b].0.operands().count() {
            if let Some(g) = groups.of(read(b, p, first)) {
                death[g] = death[g].max(i);
            }
        }
    }
    let kept = outputs
        .iter()
        .copied()
        .chain(guards.iter().flat_map(|&g| guard_operands(g)));
    for slot in kept {
        if let Some(g) = groups.of(slot as usize) {
            death[g] = usize::MAX;
        }
    }
    let mut dying: Vec<(usize, usize)> = (0..groups.span.len())
        .filter(|&g| death[g] != usize::MAX)
        .map(|g| (death[g], g))
        .collect();
    dying.sort_unstable();
    let mut dying = dying.into_iter().peekable();
    let mut placement = Placement {
        free: BTreeMap::new(),
        top: fixed,
    };
    let mut base = vec![usize::MAX; groups.span.len()];
    for (i, &(b, _, _)) in pieces.iter().enumerate() {
        let g = groups.group[b] as usize;
        if base[g] == usize::MAX {
            base[g] = placement.take(groups.span[g].1);
        }
        while let Some((_, dead)) = dying.next_if(|&(d, _)| d == i) {
            placement.give(base[dead], groups.span[dead].1);
        }
    }
    let slot = |x: usize| match groups.of(x) {
        None => x as u32,
        Some(g) => (base[g] + x - groups.span[g].0) as u32,
    };
    let program = pieces
        .iter()
        .map(|&(b, first, copies)| {
            let (op, _, strides) = program[b];
            let mut p = 0;
            let moved = op.renumber(|_| {
                p += 1;
                slot(read(b, p - 1, first))
            });
            Run {
                op: moved,
                dest: slot(groups.writers.start[b]) as usize + first * op.width(),
                len: copies,
                strides,
                apart: apart::worth_trying(copies, strides),
            }
        })
        .collect();
    let outputs: Vec<u32> = outputs.iter().map(|&o| slot(o as usize)).collect();
    let guards: Vec<Guard> = guards
        .iter()
        .map(|&g| renumber_guard(g, |x| slot(x as usize)))
        .collect();
    Allocation {
        program,
        outputs,
        guards: tape::runs(&guards)
            .into_iter()
            .map(|(guard, len, strides)| GuardRun {
                guard,
                len,
                strides,
            })
            .collect(),
        slots: placement.top,
    }
}

#[cfg(test)]
mod tests {
    use super::{Op, Writers};
    use quickcheck::QuickCheck;

    /// A slot's run read from the table is the one the search of the runs' first slots finds,
    /// for runs of any lengths after any number of fixed slots.
    fn tabled_writers_are_searched_writers(fixed: u8, lens: Vec<u8>) -> bool {
        let fixed = fixed as usize;
        let program: Vec<_> = (lens.iter())
            .map(|&len| (Op::Neg(0), 1 + len as usize % 4, [0, 0]))
            .collect();
        let tabled = Writers::new(&program, fixed);
        let mut searched = Writers::new(&program, fixed);
        searched.table = None;
        let slots = *tabled.start.last().expect("the slot after the last run");
        tabled.table.is_some() && (fixed..slots).all(|slot| tabled.of(slot) == searched.of(slot))
    }

    #[test]
    fn a_slot_s_run_is_the_same_tabled_or_searched() {
        QuickCheck::new()
            .tests(300)
            .quickcheck(tabled_writers_are_searched_writers as fn(u8, Vec<u8>) -> bool);
    }
}
