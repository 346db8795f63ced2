//! The instructions of a staged program: the scalar operations of [`Scalar`], each reading the
//! slots of earlier values.

use super::apart::ApartRun;
use crate::interpretations::d::derivatives;
use crate::space::Scalar;

/// One scalar operation of a staged program, its operands the numbers of earlier values (the
/// recorder's node numbers while recording, a tape's slots once compiled).
///
/// # Example
///
/// ```
/// use catad::staged::Op;
/// let slots = [2.0, 3.0];
/// assert_eq!(Op::Mul(0, 1).eval(&slots), 6.0);
/// assert_eq!(Op::Powi(0, 3).eval(&slots), 8.0);
/// assert_eq!(Op::Mul(0, 1).name(), "mul");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `x + y`.
    Add(u32, u32),
    /// `x − y`.
    Sub(u32, u32),
    /// `x · y`.
    Mul(u32, u32),
    /// `x / y`.
    Div(u32, u32),
    /// `xʸ`.
    Powf(u32, u32),
    /// `atan2(y, x)`, the first operand `y`.
    Atan2(u32, u32),
    /// `xⁿ`.
    Powi(u32, i32),
    /// `−x`.
    Neg(u32),
    /// `sin x`.
    Sin(u32),
    /// `cos x`.
    Cos(u32),
    /// `eˣ`.
    Exp(u32),
    /// `ln x`.
    Ln(u32),
    /// `√x`.
    Sqrt(u32),
    /// `tanh x`.
    Tanh(u32),
    /// `sinh x`.
    Sinh(u32),
    /// `cosh x`.
    Cosh(u32),
    /// `ln(1 + x)`.
    Ln1p(u32),
    /// `eˣ − 1`.
    ExpM1(u32),
    /// `erf x`.
    Erf(u32),
    /// `|x|`.
    Abs(u32),
    /// The larger of `x` and `y`, a NaN if either is
    /// ([`Scalar::larger`](crate::space::Scalar::larger)): no comparison recorded.
    Max(u32, u32),
    /// `sin x` and `cos x` together, into two slots (sine first), from libm's `sincos`: made by
    /// a [`Tape`](super::Tape) where a program needs both (a derivative of `sin` or `cos`), never
    /// recorded. Alone, it evaluates to `sin x`.
    SinCos(u32),
}

impl Op {
    /// The value of the operation, its operands read from `slots`: the same `f64` arithmetic
    /// as the direct interpretation's (but for [`Op::SinCos`], libm's, which may differ from
    /// the platform's `sin` and `cos` in the last bit).
    pub fn eval(self, slots: &[f64]) -> f64 {
        let mut local = [0.0; 4];
        let mut position = 0;
        let op = self.renumber(|x| {
            local[position] = slots[x as usize];
            position += 1;
            position as u32 - 1
        });
        op.run(&mut local, 2, 1, [0, 0]);
        local[2]
    }

    /// Evaluates `len` copies of the operation in `slots`: the `k`-th reads every operand
    /// advanced by `k` times its stride and writes slot `dest + k` ([`Op::SinCos`] the two
    /// slots from `dest + 2k`), in order, so a copy may read what an earlier one wrote. A run of
    /// copies is one instruction of a [`Tape`](super::Tape): one dispatch for all of them.
    ///
    /// ```
    /// use catad::staged::Op;
    /// // Slots 0–2 hold x; slots 3–5 get eˣ.
    /// let mut slots = [0.0, 1.0, 2.0, 0.0, 0.0, 0.0];
    /// Op::Exp(0).run(&mut slots, 3, 3, [1, 0]);
    /// assert_eq!(slots[3..], [1.0, 1.0_f64.exp(), 2.0_f64.exp()]);
    /// // Copies at strides (3, 1): slot 3 = 1 + 2, slot 4 = slot 3 + 3.
    /// let mut slots = [1.0, 2.0, 3.0, 0.0, 0.0];
    /// Op::Add(0, 1).run(&mut slots, 3, 2, [3, 1]);
    /// assert_eq!(slots[3..], [3.0, 6.0]);
    /// // Strides may be negative: slot 3 = 3 · 1, slot 4 = 2 · 1, slot 5 = 1 · 1.
    /// let mut slots = [1.0, 2.0, 3.0, 0.0, 0.0, 0.0];
    /// Op::Mul(2, 0).run(&mut slots, 3, 3, [-1, 0]);
    /// assert_eq!(slots[3..], [3.0, 2.0, 1.0]);
    /// // A running sum from 10, each copy adding to what the previous one wrote.
    /// let mut slots = [1.0, 2.0, 3.0, 10.0, 0.0, 0.0, 0.0];
    /// Op::Add(3, 0).run(&mut slots, 4, 3, [1, 1]);
    /// assert_eq!(slots[4..], [11.0, 13.0, 16.0]);
    /// ```
    #[inline]
    pub fn run(self, slots: &mut [f64], dest: usize, len: usize, strides: [isize; 2]) {
        self.dispatch(&mut Strided {
            slots,
            dest,
            len,
            strides,
        });
    }

    /// [`Op::run`] for a run whose operands may lie apart from the slots it writes: where they
    /// do, at strides −1, 0 or 1, its copies run as one loop over slices, which the compiler
    /// vectorizes ([`ApartRun`]); elsewhere as [`Op::run`]. Kept out of line, so that the loop
    /// over a tape's runs stays small where most runs are short.
    #[inline(never)]
    pub(super) fn run_apart(self, slots: &mut [f64], dest: usize, len: usize, strides: [isize; 2]) {
        self.dispatch(&mut ApartRun(Strided {
            slots,
            dest,
            len,
            strides,
        }));
    }

    /// Hands `kernel` the operation's operands and its scalar function: the one statement of
    /// what each operation computes, which every way of running operations ([`Op::run`]'s
    /// strided copies, a tape's lanes) executes.
    #[inline(always)]
    pub(super) fn dispatch(self, kernel: &mut impl Kernel) {
        match self {
            Op::Add(x, y) => kernel.binary([x, y], |a, b| a + b),
            Op::Sub(x, y) => kernel.binary([x, y], |a, b| a - b),
            Op::Mul(x, y) => kernel.binary([x, y], |a, b| a * b),
            Op::Div(x, y) => kernel.binary([x, y], |a, b| a / b),
            Op::Powf(x, y) => kernel.binary([x, y], Scalar::powf),
            Op::Atan2(y, x) => kernel.binary([y, x], Scalar::atan2),
            Op::Powi(x, n) => kernel.unary(x, |a| Scalar::powi(a, n)),
            Op::Neg(x) => kernel.unary(x, |a| -a),
            Op::Sin(x) => kernel.unary(x, Scalar::sin),
            Op::Cos(x) => kernel.unary(x, Scalar::cos),
            Op::Exp(x) => kernel.unary(x, Scalar::exp),
            Op::Ln(x) => kernel.unary(x, Scalar::ln),
            Op::Sqrt(x) => kernel.unary(x, Scalar::sqrt),
            Op::Tanh(x) => kernel.unary(x, Scalar::tanh),
            Op::Sinh(x) => kernel.unary(x, Scalar::sinh),
            Op::Cosh(x) => kernel.unary(x, Scalar::cosh),
            Op::Ln1p(x) => kernel.unary(x, Scalar::ln_1p),
            Op::ExpM1(x) => kernel.unary(x, Scalar::exp_m1),
            Op::Erf(x) => kernel.unary(x, Scalar::erf),
            Op::Abs(x) => kernel.unary(x, Scalar::abs),
            Op::Max(x, y) => kernel.binary([x, y], Scalar::larger),
            Op::SinCos(x) => kernel.pair(x, libm::sincos),
        }
    }

    /// The values the operation writes over any scalar, each with its partial derivatives by
    /// the operands (the second is 0 for a unary operation), its operands read from `slots`:
    /// one value, or two for [`Op::SinCos`] (`sin x`, then `cos x`). The partial derivatives are
    /// the ones `D<K>` gives each primitive (one table states both).
    ///
    /// ```
    /// use catad::staged::Op;
    /// let [(y, [dx, dy]), _] = Op::Mul(0, 1).linearize(&[2.0, 3.0]);
    /// assert_eq!((y, dx, dy), (6.0, 3.0, 2.0));
    /// let [(s, [ds, _]), (c, [dc, _])] = Op::SinCos(0).linearize(&[0.0]);
    /// assert_eq!((s, ds, c, dc), (0.0, 1.0, 1.0, -0.0));
    /// // The larger argument's derivative, half each at a tie (as `max_c`'s).
    /// assert_eq!(Op::Max(0, 1).linearize(&[2.0, 3.0])[0], (3.0, [0.0, 1.0]));
    /// assert_eq!(Op::Max(0, 1).linearize(&[3.0, 3.0])[0], (3.0, [0.5, 0.5]));
    /// ```
    pub fn linearize<S: Scalar>(self, slots: &[S]) -> [(S, [S; 2]); 2] {
        let at = |x: u32| slots[x as usize];
        let (zero, one) = (S::zero(), S::from_f64(1.0));
        let unary = |(y, dy): (S, S)| [(y, [dy, zero]), (zero, [zero, zero])];
        let binary = |(y, d): (S, [S; 2])| [(y, d), (zero, [zero, zero])];
        match self {
            Op::Add(x, y) => binary((at(x) + at(y), [one, one])),
            Op::Sub(x, y) => binary((at(x) - at(y), [one, -one])),
            Op::Mul(x, y) => binary(derivatives::mul(at(x), at(y))),
            Op::Div(x, y) => binary(derivatives::div(at(x), at(y))),
            Op::Powf(x, y) => binary(derivatives::powf(at(x), at(y))),
            Op::Atan2(y, x) => binary(derivatives::atan2(at(y), at(x))),
            Op::Powi(x, n) => unary(derivatives::powi(at(x), n)),
            Op::Neg(x) => unary((-at(x), -one)),
            Op::Sin(x) => unary(derivatives::sin(at(x))),
            Op::Cos(x) => unary(derivatives::cos(at(x))),
            Op::Exp(x) => unary(derivatives::exp(at(x))),
            Op::Ln(x) => unary(derivatives::ln(at(x))),
            Op::Sqrt(x) => unary(derivatives::sqrt(at(x))),
            Op::Tanh(x) => unary(derivatives::tanh(at(x))),
            Op::Sinh(x) => unary(derivatives::sinh(at(x))),
            Op::Cosh(x) => unary(derivatives::cosh(at(x))),
            Op::Ln1p(x) => unary(derivatives::log1p(at(x))),
            Op::ExpM1(x) => unary(derivatives::expm1(at(x))),
            Op::Erf(x) => unary(derivatives::erf(at(x))),
            Op::Abs(x) => unary(derivatives::abs(at(x))),
            Op::Max(x, y) => binary(derivatives::max(at(x), at(y))),
            Op::SinCos(x) => {
                let ((s, ds), (c, dc)) = (derivatives::sin(at(x)), derivatives::cos(at(x)));
                [(s, [ds, zero]), (c, [dc, zero])]
            }
        }
    }

    /// The number of slots the operation writes: 2 for [`Op::SinCos`], else 1.
    pub fn width(self) -> usize {
        if let Op::SinCos(_) = self { 2 } else { 1 }
    }

    /// The operation's name, as the vocabulary spells it.
    pub fn name(self) -> &'static str {
        match self {
            Op::Add(..) => "add",
            Op::Sub(..) => "sub",
            Op::Mul(..) => "mul",
            Op::Div(..) => "div",
            Op::Powf(..) => "powf",
            Op::Atan2(..) => "atan2",
            Op::Powi(..) => "powi",
            Op::Neg(_) => "negate",
            Op::Sin(_) => "sin",
            Op::Cos(_) => "cos",
            Op::Exp(_) => "exp",
            Op::Ln(_) => "ln",
            Op::Sqrt(_) => "sqrt",
            Op::Tanh(_) => "tanh",
            Op::Sinh(_) => "sinh",
            Op::Cosh(_) => "cosh",
            Op::Ln1p(_) => "log1p",
            Op::ExpM1(_) => "expm1",
            Op::Erf(_) => "erf",
            Op::Abs(_) => "abs",
            Op::Max(..) => "max",
            Op::SinCos(_) => "sincos",
        }
    }

    /// The operands, one or two.
    pub fn operands(self) -> impl Iterator<Item = u32> {
        let (x, y) = match self {
            Op::Add(x, y)
            | Op::Sub(x, y)
            | Op::Mul(x, y)
            | Op::Div(x, y)
            | Op::Powf(x, y)
            | Op::Atan2(x, y)
            | Op::Max(x, y) => (x, Some(y)),
            Op::Powi(x, _)
            | Op::Neg(x)
            | Op::Sin(x)
            | Op::Cos(x)
            | Op::Exp(x)
            | Op::Ln(x)
            | Op::Sqrt(x)
            | Op::Tanh(x)
            | Op::Sinh(x)
            | Op::Cosh(x)
            | Op::Ln1p(x)
            | Op::ExpM1(x)
            | Op::Erf(x)
            | Op::Abs(x)
            | Op::SinCos(x) => (x, None),
        };
        std::iter::once(x).chain(y)
    }

    /// The same operation on renumbered operands.
    pub fn renumber(self, mut f: impl FnMut(u32) -> u32) -> Op {
        match self {
            Op::Add(x, y) => Op::Add(f(x), f(y)),
            Op::Sub(x, y) => Op::Sub(f(x), f(y)),
            Op::Mul(x, y) => Op::Mul(f(x), f(y)),
            Op::Div(x, y) => Op::Div(f(x), f(y)),
            Op::Powf(x, y) => Op::Powf(f(x), f(y)),
            Op::Atan2(x, y) => Op::Atan2(f(x), f(y)),
            Op::Powi(x, n) => Op::Powi(f(x), n),
            Op::Neg(x) => Op::Neg(f(x)),
            Op::Sin(x) => Op::Sin(f(x)),
            Op::Cos(x) => Op::Cos(f(x)),
            Op::Exp(x) => Op::Exp(f(x)),
            Op::Ln(x) => Op::Ln(f(x)),
            Op::Sqrt(x) => Op::Sqrt(f(x)),
            Op::Tanh(x) => Op::Tanh(f(x)),
            Op::Sinh(x) => Op::Sinh(f(x)),
            Op::Cosh(x) => Op::Cosh(f(x)),
            Op::Ln1p(x) => Op::Ln1p(f(x)),
            Op::ExpM1(x) => Op::ExpM1(f(x)),
            Op::Erf(x) => Op::Erf(f(x)),
            Op::Abs(x) => Op::Abs(f(x)),
            Op::Max(x, y) => Op::Max(f(x), f(y)),
            Op::SinCos(x) => Op::SinCos(f(x)),
        }
    }

    /// The operation with the operands of `add` and `mul` in ascending order: equal
    /// subexpressions written in either order are recorded once.
    pub fn canonical(self) -> Op {
        match self {
            Op::Add(x, y) if x > y => Op::Add(y, x),
            Op::Mul(x, y) if x > y => Op::Mul(y, x),
            op => op,
        }
    }
}

/// A way of running an operation, given its operands and its scalar function by
/// [`Op::dispatch`].
pub(super) trait Kernel {
    /// Runs a unary operation `f` on the operand `x`.
    fn unary(&mut self, x: u32, f: impl Fn(f64) -> f64);
    /// Runs a binary operation `f` on the operands `[x, y]`.
    fn binary(&mut self, operands: [u32; 2], f: impl Fn(f64, f64) -> f64);
    /// Runs an operation `f` of two results ([`Op::SinCos`]) on the operand `x`.
    fn pair(&mut self, x: u32, f: impl Fn(f64) -> (f64, f64));
}

/// `len` copies of an operation, written from slot `dest` on, their operands advancing by
/// `strides` ([`Op::run`]).
pub(super) struct Strided<'a> {
    pub(super) slots: &'a mut [f64],
    pub(super) dest: usize,
    pub(super) len: usize,
    pub(super) strides: [isize; 2],
}

impl Kernel for Strided<'_> {
    #[inline(always)]
    fn unary(&mut self, x: u32, f: impl Fn(f64) -> f64) {
        unary(self.slots, self.dest, self.len, x, self.strides[0], f);
    }

    #[inline(always)]
    fn binary(&mut self, operands: [u32; 2], f: impl Fn(f64, f64) -> f64) {
        binary(self.slots, self.dest, self.len, operands, self.strides, f);
    }

    #[inline(always)]
    fn pair(&mut self, x: u32, f: impl Fn(f64) -> (f64, f64)) {
        let slots = &mut *self.slots;
        for k in 0..self.len {
            let (s, c) = f(slots[copy(x as usize, k, self.strides[0])]);
            (slots[self.dest + 2 * k], slots[self.dest + 2 * k + 1]) = (s, c);
        }
    }
}

/// `len` copies of a unary operation.
#[inline(always)]
fn unary(
    slots: &mut [f64],
    dest: usize,
    len: usize,
    x: u32,
    stride: isize,
    f: impl Fn(f64) -> f64,
) {
    for k in 0..len {
        slots[dest + k] = f(slots[copy(x as usize, k, stride)]);
    }
}

/// The slot of the `k`-th copy's operand, `x` for the first copy and `stride` further on for
/// each next one (a stride may be negative: a reverse sweep walks its values backwards).
#[inline(always)]
fn copy(x: usize, k: usize, stride: isize) -> usize {
    x.wrapping_add_signed(k as isize * stride)
}

/// `len` copies of a binary operation. Where one operand of each copy is the previous copy's
/// result (a running sum or product, a reduction), it is carried in a register rather than
/// read back from the slot just written.
#[inline(always)]
fn binary(
    slots: &mut [f64],
    dest: usize,
    len: usize,
    [x, y]: [u32; 2],
    [sx, sy]: [isize; 2],
    f: impl Fn(f64, f64) -> f64,
) {
    let (x, y) = (x as usize, y as usize);
    let chained = |operand: usize, stride: isize| len > 1 && stride == 1 && operand + 1 == dest;
    if chained(x, sx) {
        let mut acc = slots[x];
        for k in 0..len {
            acc = f(acc, slots[copy(y, k, sy)]);
            slots[dest + k] = acc;
        }
    } else if chained(y, sy) {
        let mut acc = slots[y];
        for k in 0..len {
            acc = f(slots[copy(x, k, sx)], acc);
            slots[dest + k] = acc;
        }
    } else {
        for k in 0..len {
            slots[dest + k] = f(slots[copy(x, k, sx)], slots[copy(y, k, sy)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renumbering_maps_every_operand_and_keeps_the_rest() {
        let op = Op::Powi(3, 2).renumber(|i| i + 10);
        assert_eq!(op, Op::Powi(13, 2));
        assert_eq!(Op::Atan2(1, 2).renumber(|i| i * 2), Op::Atan2(2, 4));
        assert_eq!(Op::Sub(4, 5).operands().collect::<Vec<_>>(), [4, 5]);
        assert_eq!(Op::Erf(7).operands().collect::<Vec<_>>(), [7]);
        assert_eq!(Op::Mul(5, 2).canonical(), Op::Mul(2, 5));
        assert_eq!(Op::Sub(5, 2).canonical(), Op::Sub(5, 2));
    }

    #[test]
    fn evaluation_is_the_scalar_arithmetic() {
        let slots = [0.5, -2.0];
        assert_eq!(Op::Atan2(0, 1).eval(&slots), 0.5_f64.atan2(-2.0));
        assert_eq!(Op::Erf(0).eval(&slots), libm::erf(0.5));
        assert_eq!(Op::Div(1, 0).eval(&slots), -4.0);
    }
}
