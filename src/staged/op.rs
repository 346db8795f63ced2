//! The instructions of a staged program: the scalar operations of [`Scalar`], each reading the
//! slots of earlier values.

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
    /// `sin x` and `cos x` together, into two slots (sine first), from libm's `sincos`: made by
    /// a [`Tape`](super::Tape) where a program needs both (a derivative of `sin` or `cos`), never
    /// recorded. Alone, it evaluates to `sin x`.
    SinCos(u32),
}

impl Op {
    /// The value of the operation, its operands read from `slots`: the same `f64` arithmetic
    /// as the direct interpretation's (but for [`Op::SinCos`], libm's, which may differ from
    /// the platform's `sin` and `cos` in the last bit).
    #[inline]
    pub fn eval(self, slots: &[f64]) -> f64 {
        let at = |i: u32| slots[i as usize];
        match self {
            Op::Add(x, y) => at(x) + at(y),
            Op::Sub(x, y) => at(x) - at(y),
            Op::Mul(x, y) => at(x) * at(y),
            Op::Div(x, y) => at(x) / at(y),
            Op::Powf(x, y) => Scalar::powf(at(x), at(y)),
            Op::Atan2(y, x) => Scalar::atan2(at(y), at(x)),
            Op::Powi(x, n) => Scalar::powi(at(x), n),
            Op::Neg(x) => -at(x),
            Op::Sin(x) => Scalar::sin(at(x)),
            Op::Cos(x) => Scalar::cos(at(x)),
            Op::Exp(x) => Scalar::exp(at(x)),
            Op::Ln(x) => Scalar::ln(at(x)),
            Op::Sqrt(x) => Scalar::sqrt(at(x)),
            Op::Tanh(x) => Scalar::tanh(at(x)),
            Op::Sinh(x) => Scalar::sinh(at(x)),
            Op::Cosh(x) => Scalar::cosh(at(x)),
            Op::Ln1p(x) => Scalar::ln_1p(at(x)),
            Op::ExpM1(x) => Scalar::exp_m1(at(x)),
            Op::Erf(x) => Scalar::erf(at(x)),
            Op::Abs(x) => Scalar::abs(at(x)),
            Op::SinCos(x) => libm::sincos(at(x)).0,
        }
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
            | Op::Atan2(x, y) => (x, Some(y)),
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
