//! Runs whose operands lie apart from the slots they write: their copies do not depend on one
//! another, so they run as one loop over slices, without bounds checks, which the compiler
//! vectorizes where the operation allows.

use super::op::{Kernel, Strided};
use std::iter::repeat;

/// A run's copies, run over slices where their operands lie apart from what they write, else
/// one after another ([`Strided`]).
pub(super) struct ApartRun<'a>(pub(super) Strided<'a>);

impl Kernel for ApartRun<'_> {
    #[inline(always)]
    fn unary(&mut self, x: u32, f: impl Fn(f64) -> f64) {
        let Strided {
            ref mut slots,
            dest,
            len,
            strides,
        } = self.0;
        let apart = Apart::new(slots, dest, len);
        match apart.lane(x as usize, strides[0]) {
            Some(x) => apart.unary(x, f),
            None => self.0.unary(x, f),
        }
    }

    #[inline(always)]
    fn binary(&mut self, [x, y]: [u32; 2], f: impl Fn(f64, f64) -> f64) {
        let Strided {
            ref mut slots,
            dest,
            len,
            strides: [sx, sy],
        } = self.0;
        let apart = Apart::new(slots, dest, len);
        match (apart.lane(x as usize, sx), apart.lane(y as usize, sy)) {
            (Some(x), Some(y)) => apart.binary(x, y, f),
            _ => self.0.binary([x, y], f),
        }
    }

    #[inline(always)]
    fn pair(&mut self, x: u32, f: impl Fn(f64) -> (f64, f64)) {
        self.0.pair(x, f);
    }
}

/// Whether a run of `len` copies at `strides` is worth trying as one whose operands lie apart
/// from what it writes: it is long enough that telling pays, its strides −1, 0 or 1.
pub(super) fn worth_trying(len: usize, strides: [isize; 2]) -> bool {
    len >= 16 && strides.iter().all(|s| (-1..=1).contains(s))
}

/// The slots of a run of `len` copies written from `dest`: those it writes, and the ones before
/// and after them, which its copies may read.
struct Apart<'a> {
    written: &'a mut [f64],
    before: &'a [f64],
    after: &'a [f64],
}

/// An operand of every copy of a run, read from slots the run does not write.
#[derive(Clone, Copy)]
enum Lane<'a> {
    /// One slot per copy, in order (stride 1).
    Forward(&'a [f64]),
    /// One slot per copy, from the last backwards (stride −1): a reverse sweep's.
    Backward(&'a [f64]),
    /// One value every copy reads (stride 0).
    Repeated(f64),
}

impl<'a> Apart<'a> {
    /// `slots` split around the `len` slots from `dest`.
    fn new(slots: &'a mut [f64], dest: usize, len: usize) -> Self {
        let (before, rest) = slots.split_at_mut(dest);
        let (written, after) = rest.split_at_mut(len);
        Apart {
            written,
            before,
            after,
        }
    }

    /// The operand read from `x` on at `stride` by each copy, if the stride is −1, 0 or 1 and
    /// every slot it reads lies outside those the run writes.
    fn lane(&self, x: usize, stride: isize) -> Option<Lane<'a>> {
        let len = self.written.len();
        let (first, count) = match stride {
            0 => (x, 1),
            1 => (x, len),
            -1 => (x.checked_sub(len.checked_sub(1)?)?, len),
            _ => return None,
        };
        let (before, after): (&'a [f64], &'a [f64]) = (self.before, self.after);
        let after_start = before.len() + len;
        let read = if first + count <= before.len() {
            &before[first..first + count]
        } else if first >= after_start {
            after.get(first - after_start..first - after_start + count)?
        } else {
            return None;
        };
        Some(match stride {
            0 => Lane::Repeated(read[0]),
            1 => Lane::Forward(read),
            _ => Lane::Backward(read),
        })
    }

    /// Writes `f` of each copy's operand.
    #[inline(always)]
    fn unary(self, x: Lane<'_>, f: impl Fn(f64) -> f64) {
        match x {
            Lane::Forward(xs) => write(self.written, xs.iter().copied(), f),
            Lane::Backward(xs) => write(self.written, xs.iter().rev().copied(), f),
            Lane::Repeated(x) => self.written.fill(f(x)),
        }
    }

    /// Writes `f` of each copy's two operands.
    #[inline(always)]
    fn binary(self, x: Lane<'_>, y: Lane<'_>, f: impl Fn(f64, f64) -> f64) {
        match x {
            Lane::Forward(xs) => self.with_second(xs.iter().copied(), y, f),
            Lane::Backward(xs) => self.with_second(xs.iter().rev().copied(), y, f),
            Lane::Repeated(x) => self.unary(y, |y| f(x, y)),
        }
    }

    #[inline(always)]
    fn with_second(self, xs: impl Iterator<Item = f64>, y: Lane<'_>, f: impl Fn(f64, f64) -> f64) {
        match y {
            Lane::Forward(ys) => write(self.written, xs.zip(ys.iter().copied()), |(x, y)| f(x, y)),
            Lane::Backward(ys) => {
                write(self.written, xs.zip(ys.iter().rev().copied()), |(x, y)| {
                    f(x, y)
                })
            }
            Lane::Repeated(y) => write(self.written, xs.zip(repeat(y)), |(x, y)| f(x, y)),
        }
    }
}

/// Writes `f` of each item of `operands` into `written`, in order.
#[inline(always)]
fn write<T>(written: &mut [f64], operands: impl Iterator<Item = T>, f: impl Fn(T) -> f64) {
    for (w, x) in written.iter_mut().zip(operands) {
        *w = f(x);
    }
}

#[cfg(test)]
mod tests {
    use crate::staged::Op;
    use quickcheck::QuickCheck;

    /// `len` copies run one after another, each reading the slots as the copies before it left
    /// them: the meaning of a run ([`Op::run`]), each copy computed alone ([`Op::eval`]).
    fn one_by_one(op: Op, slots: &mut [f64], dest: usize, len: usize, strides: [isize; 2]) {
        for k in 0..len {
            let mut p = 0;
            let copy = op.renumber(|x| {
                p += 1;
                (x as usize).wrapping_add_signed(k as isize * strides[p - 1]) as u32
            });
            slots[dest + k] = copy.eval(slots);
        }
    }

    #[test]
    fn runs_compute_their_copies_one_by_one_whether_apart_or_not() {
        const SLOTS: usize = 48;
        fn agree(kind: u8, dest: u8, len: u8, operands: (u8, u8), strides: (i8, i8)) -> bool {
            let (dest, len) = (usize::from(dest) % SLOTS, 1 + usize::from(len) % 12);
            let len = len.min(SLOTS - dest);
            let strides = [isize::from(strides.0 % 3), isize::from(strides.1 % 3)];
            // Each operand placed so that every copy reads a slot of the workspace.
            let place = |x: u8, stride: isize| {
                let reach = stride.unsigned_abs() * (len - 1);
                let x = usize::from(x) % (SLOTS - reach);
                (if stride < 0 { x + reach } else { x }) as u32
            };
            let (x, y) = (place(operands.0, strides[0]), place(operands.1, strides[1]));
            let op = [
                Op::Add(x, y),
                Op::Sub(x, y),
                Op::Mul(x, y),
                Op::Div(x, y),
                Op::Exp(x),
                Op::Neg(x),
            ][usize::from(kind) % 6];
            let start: Vec<f64> = (0..SLOTS).map(|i| (i as f64 * 0.37).sin() + 0.5).collect();
            let (mut run, mut apart, mut reference) = (start.clone(), start.clone(), start);
            op.run(&mut run, dest, len, strides);
            op.run_apart(&mut apart, dest, len, strides);
            one_by_one(op, &mut reference, dest, len, strides);
            let same = |slots: &[f64]| {
                (slots.iter().zip(&reference)).all(|(a, b)| a.to_bits() == b.to_bits())
            };
            same(&run) && same(&apart)
        }
        QuickCheck::new()
            .tests(2000)
            .quickcheck(agree as fn(u8, u8, u8, (u8, u8), (i8, i8)) -> bool);
    }
}
