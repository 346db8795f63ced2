//! `Sym`, the symbolic scalar: a program run over `Sym` values records what it computes.

use super::op::Op;
use super::recorder::{self, Guard};
use super::whole;
use crate::space::{Additive, Scalar, Space, each, next_coord, product};
use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A symbolic scalar: a constant, or a value of the program being recorded (with its value at the
/// recording point).
///
/// Every arithmetic operation and elementary function on a `Sym` records a node (simplified and
/// shared, see [`crate::staged`]); a comparison answers with the values at the recording point and
/// records the answer as a guard, which the compiled program checks at every other point.
/// Constants fold without recording anything, so `Sym` constants work anywhere; a non-constant
/// `Sym` exists only inside [`compile`](super::compile)'s recording.
///
/// # Example
///
/// ```
/// use catad::space::Scalar;
/// use catad::staged::Sym;
/// let two = Sym::constant(2.0);
/// assert_eq!((two * two + Sym::constant(1.0)).value(), 5.0);
/// assert!((two * two).is_constant());
/// ```
#[derive(Clone, Copy)]
pub struct Sym(pub(super) Repr);

/// What a [`Sym`] is, as the recorder reads it.
#[derive(Clone, Copy)]
pub(super) enum Repr {
    Const(f64),
    Node {
        id: u32,
        generation: u32,
        value: f64,
    },
    /// One lane of a family, a value on its own (see [`recorder::lane`]): no node is recorded
    /// for it unless an operation on it alone is.
    Lane {
        family: u32,
        generation: u32,
        lane: u32,
        value: f64,
    },
    /// A family of lanes: one value for each element of a loop staged once (see
    /// [`recorder::family`]).
    Lanes {
        id: u32,
        generation: u32,
    },
}

impl Sym {
    /// The constant `c`.
    pub fn constant(c: f64) -> Sym {
        Sym(Repr::Const(c))
    }

    pub(crate) fn node(id: u32, generation: u32, value: f64) -> Sym {
        Sym(Repr::Node {
            id,
            generation,
            value,
        })
    }

    pub(crate) fn lane(family: u32, generation: u32, lane: u32, value: f64) -> Sym {
        Sym(Repr::Lane {
            family,
            generation,
            lane,
            value,
        })
    }

    pub(crate) fn lanes(id: u32, generation: u32) -> Sym {
        Sym(Repr::Lanes { id, generation })
    }

    /// The value: the constant, or the recorded value's at the recording point.
    ///
    /// Inside a loop staged once for all its elements, a value is one for each element: asking
    /// for the one value stages the loop element by element instead.
    pub fn value(self) -> f64 {
        match self.0 {
            Repr::Const(c) | Repr::Node { value: c, .. } | Repr::Lane { value: c, .. } => c,
            Repr::Lanes { .. } => recorder::diverge(),
        }
    }

    /// Whether this is a constant (it does not depend on the program's input).
    pub fn is_constant(self) -> bool {
        matches!(self.0, Repr::Const(_))
    }

    /// The answer `question` gives of the values of `operands` at the recording point: where
    /// some are families, the one answer of every lane (a question asked of a loop staged once
    /// is asked of every element), ending the attempt where two lanes answer differently.
    fn answer<const N: usize, T: PartialEq>(
        operands: [Sym; N],
        question: impl Fn([f64; N]) -> T,
    ) -> T {
        if operands.iter().all(|x| !matches!(x.0, Repr::Lanes { .. })) {
            return question(operands.map(Sym::value));
        }
        recorder::answer(operands, question)
    }

    fn unary(self, op: fn(u32) -> Op) -> Sym {
        if let Repr::Const(c) = self.0 {
            return Sym::constant(op(0).eval(&[c]));
        }
        recorder::apply(&[self], |ids| op(ids[0]))
    }

    fn binary(self, other: Sym, op: fn(u32, u32) -> Op) -> Sym {
        if let (Repr::Const(x), Repr::Const(y)) = (self.0, other.0) {
            return Sym::constant(op(0, 1).eval(&[x, y]));
        }
        recorder::apply(&[self, other], |ids| op(ids[0], ids[1]))
    }
}

impl fmt::Debug for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Repr::Const(c) => write!(f, "Sym({c:?})"),
            Repr::Node { id, value, .. } => write!(f, "Sym(#{id} = {value:?})"),
            Repr::Lane {
                family,
                lane,
                value,
                ..
            } => write!(f, "Sym(#{family}[{lane}] = {value:?})"),
            Repr::Lanes { id, .. } => write!(f, "Sym(lanes #{id})"),
        }
    }
}

impl PartialEq for Sym {
    /// Equality of the values at the recording point, recorded as a guard.
    fn eq(&self, other: &Sym) -> bool {
        self.partial_cmp(other) == Some(Ordering::Equal)
    }
}

impl PartialOrd for Sym {
    /// The order of the values at the recording point, recorded as a guard: the compiled program
    /// is used at another point only where this answer is the same.
    fn partial_cmp(&self, other: &Sym) -> Option<Ordering> {
        let answer = Sym::answer([*self, *other], |[x, y]| x.partial_cmp(&y));
        recorder::guard(&[*self, *other], |ids| Guard::Order(ids[0], ids[1], answer));
        answer
    }
}

impl Add for Sym {
    type Output = Sym;
    fn add(self, other: Sym) -> Sym {
        self.binary(other, Op::Add)
    }
}

impl Sub for Sym {
    type Output = Sym;
    fn sub(self, other: Sym) -> Sym {
        self.binary(other, Op::Sub)
    }
}

impl Mul for Sym {
    type Output = Sym;
    fn mul(self, other: Sym) -> Sym {
        self.binary(other, Op::Mul)
    }
}

impl Div for Sym {
    type Output = Sym;
    fn div(self, other: Sym) -> Sym {
        self.binary(other, Op::Div)
    }
}

impl Neg for Sym {
    type Output = Sym;
    fn neg(self) -> Sym {
        self.unary(Op::Neg)
    }
}

impl Additive for Sym {
    const DIM: Option<usize> = Some(1);
    fn zero() -> Sym {
        Sym::constant(0.0)
    }
    fn plus(&self, other: &Sym) -> Sym {
        *self + *other
    }
    /// One operation where `xs` are the lanes of a family in order (a loop staged once, whole
    /// vector work) or values recorded one after another (a vector of inputs); else added one
    /// by one.
    fn sum_of(xs: &[Sym]) -> Sym {
        match recorder::lanes_of(xs) {
            Some(family) => recorder::sum(family),
            None => xs.iter().fold(Sym::zero(), |acc, &x| acc + x),
        }
    }
    /// One addition of two families (see [`crate::staged`]) where most of the elements need one
    /// (neither is a zero); else added one by one.
    fn plus_each(xs: &mut [Sym], ys: Cow<'_, [Sym]>) {
        match whole::plus_each(xs, &ys) {
            Some(sums) => xs.copy_from_slice(&sums),
            None => xs.iter_mut().zip(ys.iter()).for_each(|(x, &y)| *x += y),
        }
    }
    fn symbolic() -> Option<super::SymCoords<Sym>> {
        Some(super::SymCoords::of())
    }
}

impl Space<Sym> for Sym {
    fn scale(&self, s: Sym) -> Sym {
        s * *self
    }
    fn dot(&self, other: &Sym) -> Sym {
        *self * *other
    }
    fn dim(&self) -> usize {
        1
    }
    fn push_coords(&self, out: &mut Vec<Sym>) {
        out.push(*self);
    }
    fn read_coords(&self, coords: &mut dyn Iterator<Item = Sym>) -> Sym {
        next_coord(coords)
    }
}

impl Scalar for Sym {
    fn from_f64(x: f64) -> Sym {
        Sym::constant(x)
    }
    /// `f` recorded once on the operands as families of lanes (see [`crate::staged`]), where
    /// they are two elements or more and `f` asks no question that their elements answer
    /// differently; else element by element.
    fn elementwise<const N: usize>(operands: [&[Sym]; N], f: impl Fn([Sym; N]) -> Sym) -> Vec<Sym> {
        whole::elementwise(operands, &f).unwrap_or_else(|| each(operands, f))
    }
    /// One node on the families of the matrices' entries (see [`crate::staged`]), where a
    /// recording is under way; else entry by entry.
    fn matrix_product(a: &[Sym], b: &[Sym], shape: (usize, usize, usize)) -> Vec<Sym> {
        whole::matrix_product(a, b, shape).unwrap_or_else(|| product(a, b, shape))
    }
    /// The value at the recording point, recorded as a guard: a program that turns a value into a
    /// number of its own is compiled for that value only.
    fn to_f64(self) -> f64 {
        let bits = Sym::answer([self], |[x]| x.to_bits());
        recorder::guard(&[self], |ids| Guard::Value(ids[0], bits));
        f64::from_bits(bits)
    }
    fn sin(self) -> Sym {
        self.unary(Op::Sin)
    }
    fn cos(self) -> Sym {
        self.unary(Op::Cos)
    }
    fn exp(self) -> Sym {
        self.unary(Op::Exp)
    }
    fn ln(self) -> Sym {
        self.unary(Op::Ln)
    }
    fn sqrt(self) -> Sym {
        self.unary(Op::Sqrt)
    }
    fn tanh(self) -> Sym {
        self.unary(Op::Tanh)
    }
    fn powi(self, n: i32) -> Sym {
        if let Repr::Const(c) = self.0 {
            return Sym::constant(Scalar::powi(c, n));
        }
        recorder::apply(&[self], |ids| Op::Powi(ids[0], n))
    }
    fn powf(self, y: Sym) -> Sym {
        self.binary(y, Op::Powf)
    }
    fn sinh(self) -> Sym {
        self.unary(Op::Sinh)
    }
    fn cosh(self) -> Sym {
        self.unary(Op::Cosh)
    }
    fn ln_1p(self) -> Sym {
        self.unary(Op::Ln1p)
    }
    fn exp_m1(self) -> Sym {
        self.unary(Op::ExpM1)
    }
    fn erf(self) -> Sym {
        self.unary(Op::Erf)
    }
    fn atan2(self, x: Sym) -> Sym {
        self.binary(x, Op::Atan2)
    }
    /// One operation ([`Op::Max`]), no guard.
    fn larger(self, other: Sym) -> Sym {
        self.binary(other, Op::Max)
    }
    fn abs(self) -> Sym {
        self.unary(Op::Abs)
    }
    /// The value at the recording point, recorded as nothing.
    fn peek(self) -> f64 {
        f64::from_bits(Sym::answer([self], |[x]| x.to_bits()))
    }
    /// Whether the value at the recording point is NaN, recorded as a guard.
    fn is_nan(self) -> bool {
        let answer = Sym::answer([self], |[x]| x.is_nan());
        recorder::guard(&[self], |ids| Guard::Nan(ids[0], answer));
        answer
    }
}
