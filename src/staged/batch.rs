//! Evaluating a [`Tape`] at many points: in lanes, every operation run for a batch of points at
//! once (one dispatch per operation per batch, as array languages amortise their interpreters),
//! and on every core.

use super::op::Kernel;
use super::recorder::Guard;
use super::tape::{Diverged, Tape, check_size, has_nan, holds, renumber_guard};

/// The slots a [`Tape`] evaluates a batch of up to [`width`](Lanes::width) points in at once
/// ([`Tape::eval_lanes`]): each of the tape's slots holds one value per point, side by side.
/// Made once by [`Tape::lanes`] and reused: evaluating into it allocates nothing.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::compile;
/// let tape = compile(&Reverse::sin_c()).gradient_tape(&0.5);
/// let lanes = tape.lanes(8);
/// assert_eq!(lanes.width(), 8);
/// ```
#[derive(Clone, Debug)]
pub struct Lanes {
    slots: Vec<f64>,
    width: usize,
}

impl Lanes {
    /// The number of points a batch may hold.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Writes the points `points` (`n` coordinates each, one point after another) into the
    /// lanes of the input slots from `first` on.
    fn write(&mut self, first: usize, points: &[f64], n: usize) {
        for (p, point) in points.chunks(n.max(1)).enumerate() {
            for (i, &x) in point.iter().enumerate() {
                self.slots[(first + i) * self.width + p] = x;
            }
        }
    }
}

impl Tape {
    /// Lanes for batches of up to `width` points, the constants in place.
    ///
    /// Panics if `width` is 0, or if the lanes would have more than `u32::MAX` slots.
    pub fn lanes(&self, width: usize) -> Lanes {
        assert!(width > 0, "catad::staged::Tape::lanes: a batch of width 0");
        let slots = self.slots() * width;
        assert!(
            u32::try_from(slots).is_ok(),
            "catad::staged::Tape::lanes: {slots} slots ({} slots of {width} lanes) where at most \
             {} are addressable",
            self.slots(),
            u32::MAX
        );
        let mut lanes = Lanes {
            slots: vec![0.0; slots],
            width,
        };
        for (c, &value) in self.constants.iter().enumerate() {
            let slot = (self.inputs + c) * width;
            lanes.slots[slot..slot + width].fill(value);
        }
        lanes
    }

    /// The width of batch whose lanes stay within a core's cache (about 256 KiB), at most 64.
    pub fn lane_width(&self) -> usize {
        (256 * 1024 / 8 / self.slots().max(1)).clamp(1, 64)
    }

    /// Evaluates the tape at a batch of points (`inputs`, their coordinates one point after
    /// another, at most [`lanes.width()`](Lanes::width) points), writing their outputs one point
    /// after another to `out`; allocates nothing. Each operation runs for the whole batch before
    /// the next, so the tape's interpretation is paid once per batch rather than once per point;
    /// each point's outputs are the ones [`Tape::eval`] computes, to the bit.
    ///
    /// Panics, naming both sizes, if `inputs` and `out` do not hold the same number of points
    /// at this tape's sizes, or hold more than the lanes' width; returns [`Diverged`] if the
    /// program takes another branch at any of the points than where it was recorded (then `out`
    /// is unspecified: evaluate those points one by one to know which).
    ///
    /// # Example
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::compile;
    /// let tape = compile(&catad::paper::mag_sqr::<Reverse, _>()).gradient_tape(&(3.0, 4.0));
    /// let mut lanes = tape.lanes(4);
    /// let mut out = [0.0; 9];
    /// tape.eval_lanes(&[1.0, 2.0, 3.0, 4.0, 0.5, 0.0], &mut lanes, &mut out).unwrap();
    /// // The value and the gradient at each of three points.
    /// assert_eq!(out, [5.0, 2.0, 4.0, 25.0, 6.0, 8.0, 0.25, 1.0, 0.0]);
    /// ```
    pub fn eval_lanes(
        &self,
        inputs: &[f64],
        lanes: &mut Lanes,
        out: &mut [f64],
    ) -> Result<(), Diverged> {
        let (n, m, width) = (self.inputs, self.outputs(), lanes.width);
        let points = (inputs.len().checked_div(n)).unwrap_or(out.len() / m.max(1));
        check_size("batch input coordinates", inputs.len(), points * n);
        check_size("batch output coordinates", out.len(), points * m);
        check_size("lanes' slots", lanes.slots.len(), self.slots() * width);
        assert!(
            points <= width,
            "catad::staged::Tape::eval_lanes: {points} points where the lanes hold {width}"
        );
        if self.numbers_in && has_nan(inputs) {
            return Err(Diverged);
        }
        lanes.write(0, inputs, n);
        self.run_lanes(lanes, points)?;
        for (p, out) in out.chunks_mut(m.max(1)).enumerate() {
            for (o, &s) in out.iter_mut().zip(&self.machine.outputs) {
                *o = lanes.slots[s as usize * width + p];
            }
        }
        Ok(())
    }

    /// The sum of the tape's outputs over samples: its first `shared.len()` input coordinates
    /// are `shared` at every sample, the others each sample's (`samples`, one sample after
    /// another), and `out` gets each output summed over the samples in order (a loss summed over
    /// samples, and its gradient). The samples are evaluated in lanes ([`Tape::eval_lanes`]),
    /// `shared` written into them once; allocates nothing. The sums are the ones of adding the
    /// samples' outputs one by one from the first, to the bit.
    ///
    /// Panics, naming both sizes, if `shared` has more coordinates than the tape has inputs,
    /// if none are left for the samples, if `samples` is not a whole number of samples, or if
    /// `out` has not this tape's outputs; returns [`Diverged`] if the program takes another
    /// branch at any sample than where it was recorded (then `out` is unspecified).
    ///
    /// # Example
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::compile;
    /// // (w, x) ↦ w·x, its gradient tape: the value, ∂/∂w = x and ∂/∂x = w.
    /// let f = Reverse::mul_c();
    /// let tape = compile(&f).gradient_tape(&(2.0, 3.0));
    /// let mut lanes = tape.lanes(2);
    /// let mut out = [0.0; 3];
    /// // Σ 2·x over x = 1, 2, 3: the value 12, ∂/∂w = 6, and 3 · ∂/∂x = 6.
    /// tape.eval_sum(&[2.0], &[1.0, 2.0, 3.0], &mut lanes, &mut out).unwrap();
    /// assert_eq!(out, [12.0, 6.0, 6.0]);
    /// ```
    pub fn eval_sum(
        &self,
        shared: &[f64],
        samples: &[f64],
        lanes: &mut Lanes,
        out: &mut [f64],
    ) -> Result<(), Diverged> {
        let own = self.check_sum(shared, samples, out);
        let width = lanes.width;
        check_size("lanes' slots", lanes.slots.len(), self.slots() * width);
        if self.numbers_in && (has_nan(shared) || has_nan(samples)) {
            return Err(Diverged);
        }
        let used = width.min(samples.len() / own);
        for (i, &x) in shared.iter().enumerate() {
            lanes.slots[i * width..][..used].fill(x);
        }
        out.fill(0.0);
        for batch in samples.chunks(width * own) {
            let points = batch.len() / own;
            lanes.write(shared.len(), batch, own);
            self.run_lanes(lanes, points)?;
            for (o, &s) in out.iter_mut().zip(&self.machine.outputs) {
                let lane = &lanes.slots[s as usize * width..][..points];
                *o = lane.iter().fold(*o, |sum, y| sum + y);
            }
        }
        Ok(())
    }

    /// [`Tape::eval_sum`] on all the machine's cores: the samples are cut into blocks of 16
    /// batches of [`Tape::lane_width`] samples, each core sums its share of the
    /// blocks in lanes of its own, and `out` gets the blocks' sums added in order. The blocks do
    /// not depend on the number of cores, so neither does the result; it may differ from
    /// [`Tape::eval_sum`]'s (which adds the samples one by one) in the last bits, as any other
    /// order of addition would. Allocates each core's lanes and the blocks' sums.
    ///
    /// Panics, naming both sizes, where [`Tape::eval_sum`] does; returns [`Diverged`] if the
    /// program takes another branch at any sample than where it was recorded (then `out` is
    /// unspecified).
    ///
    /// # Example
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::compile;
    /// // (w, x) ↦ w·x, its gradient tape: the value, ∂/∂w = x and ∂/∂x = w.
    /// let tape = compile(&Reverse::mul_c()).gradient_tape(&(2.0, 3.0));
    /// let xs: Vec<f64> = (1..=100_000).map(f64::from).collect();
    /// let mut out = [0.0; 3];
    /// // Σ 2·x over x = 1, …, 10⁵: 10⁵ · (10⁵ + 1), ∂/∂w = Σ x, and 10⁵ · ∂/∂x = 2 · 10⁵.
    /// tape.par_eval_sum(&[2.0], &xs, &mut out).unwrap();
    /// assert_eq!(out, [1e5 * (1e5 + 1.0), 1e5 * (1e5 + 1.0) / 2.0, 2e5]);
    /// ```
    pub fn par_eval_sum(
        &self,
        shared: &[f64],
        samples: &[f64],
        out: &mut [f64],
    ) -> Result<(), Diverged> {
        let own = self.check_sum(shared, samples, out);
        let (m, width) = (self.outputs(), self.lane_width());
        let blocks: Vec<&[f64]> = samples.chunks(SUM_BLOCK * width * own).collect();
        let mut sums = vec![0.0; blocks.len() * m];
        let mut jobs: Vec<(&[f64], &mut [f64])> =
            blocks.into_iter().zip(sums.chunks_mut(m.max(1))).collect();
        let per_core = jobs.len().div_ceil(cores()).max(1);
        std::thread::scope(|scope| {
            let cores: Vec<_> = jobs
                .chunks_mut(per_core)
                .map(|share| {
                    scope.spawn(move || {
                        let mut lanes = self.lanes(width);
                        share.iter_mut().try_for_each(|(block, sum)| {
                            self.eval_sum(shared, block, &mut lanes, sum)
                        })
                    })
                })
                .collect();
            cores
                .into_iter()
                .try_for_each(|core| core.join().expect("a summing core panicked"))
        })?;
        out.fill(0.0);
        for sum in sums.chunks(m.max(1)) {
            for (o, s) in out.iter_mut().zip(sum) {
                *o += s;
            }
        }
        Ok(())
    }

    /// Checks the sizes of a sum over samples ([`Tape::eval_sum`]), naming both where they
    /// differ, and returns the number of coordinates of a sample.
    fn check_sum(&self, shared: &[f64], samples: &[f64], out: &[f64]) -> usize {
        let n = self.inputs;
        assert!(
            shared.len() < n,
            "catad::staged::Tape::eval_sum: {} shared input coordinates where the tape has {n} \
             inputs (some must be left for the samples)",
            shared.len()
        );
        let own = n - shared.len();
        check_size(
            "sample coordinates",
            samples.len(),
            samples.len() / own * own,
        );
        check_size("output coordinates", out.len(), self.outputs());
        own
    }

    /// Runs the tape's operations for the first `points` points of `lanes`, whose inputs are
    /// written, and checks its guards at each of them.
    fn run_lanes(&self, lanes: &mut Lanes, points: usize) -> Result<(), Diverged> {
        let (slots, width) = (&mut lanes.slots, lanes.width);
        for run in &self.machine.program {
            for copy in 0..run.len {
                run.op.dispatch(&mut InLanes {
                    slots,
                    dest: (run.dest + copy * run.op.width()) * width,
                    points,
                    width,
                    copy,
                    strides: run.strides,
                });
            }
        }
        let in_lane = |g: Guard, p: usize| renumber_guard(g, |x| (x as usize * width + p) as u32);
        let guards_hold = (self.machine.guards.iter().flat_map(|g| g.copies()))
            .all(|g| (0..points).all(|p| holds(in_lane(g, p), slots)));
        if guards_hold { Ok(()) } else { Err(Diverged) }
    }

    /// Evaluates the tape at each of a batch of inputs (`inputs`, one after another), writing
    /// their outputs (one after another) to `out`, on all the machine's cores, each core in
    /// lanes of [`Tape::lane_width`] points.
    ///
    /// # Example
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::compile;
    /// let tape = compile(&Reverse::sin_c()).gradient_tape(&0.0);
    /// let xs: Vec<f64> = (0..1000).map(|i| i as f64 / 100.0).collect();
    /// let mut out = vec![0.0; 2 * xs.len()];
    /// tape.eval_batch(&xs, &mut out).unwrap();
    /// assert!((out[2 * 7] - 0.07_f64.sin()).abs() < 1e-16);
    /// assert!((out[2 * 7 + 1] - 0.07_f64.cos()).abs() < 1e-16);
    /// ```
    pub fn eval_batch(&self, inputs: &[f64], out: &mut [f64]) -> Result<(), Diverged> {
        let (n, m) = (self.inputs.max(1), self.outputs().max(1));
        let points = inputs.len() / n;
        check_size(
            "batch input coordinates",
            inputs.len(),
            points * self.inputs,
        );
        check_size(
            "batch output coordinates",
            out.len(),
            points * self.outputs(),
        );
        let per_thread = points.div_ceil(cores()).max(1);
        let width = self.lane_width();
        std::thread::scope(|scope| {
            let jobs: Vec<_> = inputs
                .chunks(per_thread * n)
                .zip(out.chunks_mut(per_thread * m))
                .map(|(inputs, out)| {
                    scope.spawn(move || {
                        let mut lanes = self.lanes(width);
                        inputs
                            .chunks(width * n)
                            .zip(out.chunks_mut(width * m))
                            .try_for_each(|(x, y)| self.eval_lanes(x, &mut lanes, y))
                    })
                })
                .collect();
            jobs.into_iter()
                .try_for_each(|job| job.join().expect("a batch evaluation panicked"))
        })
    }
}

/// The batches of [`Tape::lane_width`] samples in a block of [`Tape::par_eval_sum`]: the unit
/// of work a core takes, and of the order its sums are added in.
const SUM_BLOCK: usize = 16;

/// The cores a batch is spread over.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |t| t.get())
}

/// Copy `copy` of a run's operation ([`Op::run`](super::Op::run)), run for `points` points at
/// once, its operands and results lanes: the lane of slot `s` holds point `p`'s value at
/// `s · width + p`; the copy's operand `j` is the lane of the run's operand `j` advanced by
/// `copy · strides[j]`, its result is written from `dest` (a second result,
/// [`Op::SinCos`](super::Op::SinCos)'s cosine, one lane further). Where no operand is a result's
/// lane, the loops run over disjoint slices (vectorised where the operation is arithmetic); else
/// point by point, in place.
struct InLanes<'a> {
    slots: &'a mut [f64],
    dest: usize,
    points: usize,
    width: usize,
    copy: usize,
    strides: [isize; 2],
}

impl InLanes<'_> {
    /// The first slot of the lane of the copy's operand `j`, the run's operand `x`.
    #[inline(always)]
    fn lane(&self, j: usize, x: u32) -> usize {
        (x as usize).wrapping_add_signed(self.copy as isize * self.strides[j]) * self.width
    }

    /// The lanes of `results` results from `dest`, and the lanes of the operands `operands`
    /// (first slots), if none of them is a result's lane (lanes are whole blocks of `width`
    /// slots: apart or the same).
    #[inline(always)]
    fn split<const N: usize>(
        &mut self,
        results: usize,
        operands: [usize; N],
    ) -> Option<(&mut [f64], [&[f64]; N])> {
        let (dest, points, end) = (self.dest, self.points, self.dest + results * self.width);
        if operands.iter().any(|x| (dest..end).contains(x)) {
            return None;
        }
        let (below, rest) = self.slots.split_at_mut(dest);
        let (out, above) = rest.split_at_mut(end - dest);
        let (below, above) = (&*below, &*above);
        let lane = |x: usize| match x {
            x if x < dest => &below[x..x + points],
            x => &above[x - end..x - end + points],
        };
        Some((out, std::array::from_fn(|j| lane(operands[j]))))
    }
}

impl Kernel for InLanes<'_> {
    #[inline(always)]
    fn unary(&mut self, x: u32, f: impl Fn(f64) -> f64) {
        let (dest, x, points) = (self.dest, self.lane(0, x), self.points);
        match self.split(1, [x]) {
            Some((out, [a])) => {
                for (d, &a) in out.iter_mut().zip(a) {
                    *d = f(a);
                }
            }
            None => (0..points).for_each(|p| self.slots[dest + p] = f(self.slots[x + p])),
        }
    }

    #[inline(always)]
    fn binary(&mut self, [x, y]: [u32; 2], f: impl Fn(f64, f64) -> f64) {
        let (dest, points) = (self.dest, self.points);
        let (x, y) = (self.lane(0, x), self.lane(1, y));
        match self.split(1, [x, y]) {
            Some((out, [a, b])) => {
                for ((d, &a), &b) in out.iter_mut().zip(a).zip(b) {
                    *d = f(a, b);
                }
            }
            None => {
                (0..points)
                    .for_each(|p| self.slots[dest + p] = f(self.slots[x + p], self.slots[y + p]));
            }
        }
    }

    #[inline(always)]
    fn pair(&mut self, x: u32, f: impl Fn(f64) -> (f64, f64)) {
        let (dest, width, points) = (self.dest, self.width, self.points);
        let x = self.lane(0, x);
        match self.split(2, [x]) {
            Some((out, [a])) => {
                let (first, second) = out.split_at_mut(width);
                for ((s, c), &a) in first.iter_mut().zip(second).zip(a) {
                    (*s, *c) = f(a);
                }
            }
            None => (0..points).for_each(|p| {
                let (first, second) = f(self.slots[x + p]);
                (self.slots[dest + p], self.slots[dest + width + p]) = (first, second);
            }),
        }
    }
}
