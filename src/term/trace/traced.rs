//! [`Traced`], the scalar a function is traced over.

use super::frames::record;
use crate::space::{Additive, Scalar, Space, next_coord};
use crate::term::Wire;
use crate::term::op::{Binary, Unary, binary, unary};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A scalar of a function being traced into a term: a constant, or a wire of the trace under way.
///
/// Arithmetic and the elementary functions on it record term nodes (simplified and shared as
/// [`Graph::push`](crate::term::Graph::push) does); operations of constants are computed at once.
/// A function over `Traced` — closures as values, helper functions generic in
/// [`Scalar`], iterators, `enum`s and `match`, recursion — runs once and yields a term
/// ([`Term::trace`](crate::term::Term::trace)): what Rust computes is recorded, how it got
/// there is not.
///
/// What a trace cannot record is refused, with a panic naming the operation: a comparison of
/// traced values (`<`, `==`, …; write [`Traced::compare`] and [`select`](super::Condition::select),
/// or `max`/`min`/`abs`, which are operations), and a traced value turned into an `f64`
/// ([`Scalar::to_f64`], [`Scalar::is_nan`]), as an index or a count would need. Constants
/// compare and convert as `f64`s.
///
/// ```
/// use catad::space::Scalar;
/// use catad::term::trace::Traced;
/// let two = Traced::from(2.0);
/// assert_eq!((two * two + 1.0).to_f64(), 5.0);
/// ```
#[derive(Clone, Copy)]
pub struct Traced(pub(super) Repr);

/// What a [`Traced`] is.
#[derive(Clone, Copy, Debug)]
pub(super) enum Repr {
    Const(f64),
    /// The wire of a frame (see [`super::frames`]), by the frame's number.
    Wire(u64, Wire),
}

impl Traced {
    /// The constant `c`.
    pub fn constant(c: f64) -> Traced {
        Traced(Repr::Const(c))
    }

    /// The value, if this is a constant.
    pub(super) fn constant_value(self) -> Option<f64> {
        match self.0 {
            Repr::Const(c) => Some(c),
            Repr::Wire(..) => None,
        }
    }

    /// The number of the trace this is a wire of, if it is not a constant.
    pub(super) fn frame(self) -> Option<u64> {
        match self.0 {
            Repr::Const(_) => None,
            Repr::Wire(id, _) => Some(id),
        }
    }

    fn unary(self, u: Unary) -> Traced {
        match self.0 {
            Repr::Const(c) => Traced::from(unary(u, c)),
            Repr::Wire(..) => record(&[self], |g, w| g.unary(u, w[0])),
        }
    }

    fn binary(self, other: Traced, b: Binary) -> Traced {
        match (self.0, other.0) {
            (Repr::Const(x), Repr::Const(y)) => Traced::from(binary(b, x, y)),
            _ => record(&[self, other], |g, w| g.binary(b, w[0], w[1])),
        }
    }

    /// The value, or a panic naming `what` was asked of a traced value.
    fn known(self, what: &str) -> f64 {
        self.constant_value().unwrap_or_else(|| {
            panic!(
                "catad::term::trace: {what} of a traced value cannot be traced: its answer \
                 differs from input to input. Compare with `Traced::compare(a, op, b)` and choose \
                 with its `select`, or use `Scalar::larger`, `Scalar::smaller` or `abs`; keep indices and counts out of \
                 traced values"
            )
        })
    }
}

impl From<f64> for Traced {
    fn from(c: f64) -> Traced {
        Traced::constant(c)
    }
}

impl fmt::Debug for Traced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Repr::Const(c) => write!(f, "Traced({c:?})"),
            Repr::Wire(id, w) => write!(f, "Traced({w:?} of trace {id})"),
        }
    }
}

impl PartialEq for Traced {
    /// Equality of constants; a panic for a traced value (see [`Traced`]).
    fn eq(&self, other: &Traced) -> bool {
        self.known("`==`") == other.known("`==`")
    }
}

impl PartialOrd for Traced {
    /// The order of constants; a panic for a traced value (see [`Traced`]).
    fn partial_cmp(&self, other: &Traced) -> Option<Ordering> {
        self.known("a comparison (`<`, `>`, …)")
            .partial_cmp(&other.known("a comparison (`<`, `>`, …)"))
    }
}

/// `Traced ∘ Traced`, `Traced ∘ f64` and `f64 ∘ Traced` for an arithmetic operator.
macro_rules! arithmetic {
    ($($trait:ident $method:ident $op:ident),*) => {$(
        impl $trait for Traced {
            type Output = Traced;
            fn $method(self, other: Traced) -> Traced {
                self.binary(other, Binary::$op)
            }
        }

        impl $trait<f64> for Traced {
            type Output = Traced;
            fn $method(self, other: f64) -> Traced {
                self.binary(Traced::from(other), Binary::$op)
            }
        }

        impl $trait<Traced> for f64 {
            type Output = Traced;
            fn $method(self, other: Traced) -> Traced {
                Traced::from(self).binary(other, Binary::$op)
            }
        }
    )*};
}

arithmetic!(Add add Add, Sub sub Sub, Mul mul Mul, Div div Div);

impl Neg for Traced {
    type Output = Traced;
    fn neg(self) -> Traced {
        self.unary(Unary::Neg)
    }
}

impl Additive for Traced {
    const DIM: Option<usize> = Some(1);
    fn zero() -> Traced {
        Traced::constant(0.0)
    }
    fn plus(&self, other: &Traced) -> Traced {
        *self + *other
    }
}

impl Space<Traced> for Traced {
    fn scale(&self, s: Traced) -> Traced {
        s * *self
    }
    fn dot(&self, other: &Traced) -> Traced {
        *self * *other
    }
    fn dim(&self) -> usize {
        1
    }
    fn push_coords(&self, out: &mut Vec<Traced>) {
        out.push(*self);
    }
    fn read_coords(&self, coords: &mut dyn Iterator<Item = Traced>) -> Traced {
        next_coord(coords)
    }
}

impl Scalar for Traced {
    fn from_f64(x: f64) -> Traced {
        Traced::constant(x)
    }
    /// The value of a constant; a panic for a traced value (see [`Traced`]).
    fn to_f64(self) -> f64 {
        self.known("`to_f64`")
    }
    fn sin(self) -> Traced {
        self.unary(Unary::Sin)
    }
    fn cos(self) -> Traced {
        self.unary(Unary::Cos)
    }
    fn exp(self) -> Traced {
        self.unary(Unary::Exp)
    }
    fn ln(self) -> Traced {
        self.unary(Unary::Ln)
    }
    fn sqrt(self) -> Traced {
        self.unary(Unary::Sqrt)
    }
    fn tanh(self) -> Traced {
        self.unary(Unary::Tanh)
    }
    fn powi(self, n: i32) -> Traced {
        match self.0 {
            Repr::Const(c) => Traced::from(c.powi(n)),
            Repr::Wire(..) => record(&[self], |g, w| g.push(crate::term::Op::Powi(n, w[0]))),
        }
    }
    fn powf(self, y: Traced) -> Traced {
        self.binary(y, Binary::Powf)
    }
    fn sinh(self) -> Traced {
        self.unary(Unary::Sinh)
    }
    fn cosh(self) -> Traced {
        self.unary(Unary::Cosh)
    }
    fn ln_1p(self) -> Traced {
        self.unary(Unary::Log1p)
    }
    fn exp_m1(self) -> Traced {
        self.unary(Unary::Expm1)
    }
    fn erf(self) -> Traced {
        self.unary(Unary::Erf)
    }
    fn atan2(self, x: Traced) -> Traced {
        self.binary(x, Binary::Atan2)
    }
    fn abs(self) -> Traced {
        self.unary(Unary::Abs)
    }
    /// Whether a constant is NaN; a panic for a traced value (see [`Traced`]).
    fn is_nan(self) -> bool {
        self.known("`is_nan`").is_nan()
    }
    /// One node: the larger, asking no question.
    fn larger(self, other: Traced) -> Traced {
        self.binary(other, Binary::Max)
    }
    /// One node: the smaller, asking no question.
    fn smaller(self, other: Traced) -> Traced {
        self.binary(other, Binary::Min)
    }
}

crate::space::real_field::real_field!(
    Traced,
    /// Panics: no term operation computes a cube root exactly (`x^(1/3)` is off where `1/3`
    /// is rounded).
    fn cbrt(self) -> Traced {
        panic!(
            "catad::term::trace: Traced::cbrt cannot be traced (no operation computes a cube \
             root); use powf with an exponent of your choosing"
        )
    },
    /// Whether it is the constant zero (a traced value is never skipped as one).
    #[inline]
    fn is_zero(&self) -> bool {
        self.constant_value() == Some(0.0)
    }
);
