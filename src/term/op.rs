//! The operations of a term's nodes, and each one's value on `f64`s.

use super::cond::{Branches, Test};
use super::custom::{Custom, Use};
use super::tape::Taped;
use super::while_loop::{While, WhileReverse};
use crate::space::Scalar;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// Where a node reads a scalar: an input coordinate of the term, or the result of an earlier node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wire {
    /// The `i`-th coordinate of the term's input.
    In(u32),
    /// The result of the `j`-th node.
    Node(u32),
}

/// A scalar operation of one argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Unary {
    Neg,
    Recip,
    Sin,
    Cos,
    Exp,
    Ln,
    Sqrt,
    Tanh,
    Sinh,
    Cosh,
    Log1p,
    Expm1,
    Erf,
    Abs,
    /// `abs`'s derivative: the sign, 0 at 0 (and at NaN).
    Sign,
    /// The value, whose derivative is zero: an index read as a scalar (`ix_to_scalar`).
    Detach,
}

/// An operation on two indices (`usize`s, carried as integral `f64`s), whose derivative is zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Ix {
    Add,
    /// `i − j`, an error below zero.
    Sub,
    Mul,
    /// `i / j` rounded down, an error where `j = 0`.
    Div,
    /// `i % j`, an error where `j = 0`.
    Rem,
    /// 1 where `i < j`, else 0: the test of a counted loop.
    Less,
}

/// A scalar operation of two arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    /// `(x, y) ↦ xʸ`.
    Powf,
    /// `(y, x) ↦ atan2(y, x)`.
    Atan2,
    Max,
    Min,
    /// `powf`'s partial derivative in the exponent, `xʸ ln x`, taken as 0 where `xʸ = 0`.
    PowfDy,
    /// The weight of `a` in `max (a, b)`: 1 where `a > b`, 0 where `b > a`, ½ otherwise (a tie);
    /// `min`'s weight of `a` is `Weight (b, a)`.
    Weight,
}

/// What a node computes from the wires it reads.
#[derive(Clone, Debug)]
pub enum Op {
    /// A constant.
    Const(f64),
    /// A unary operation.
    Unary(Unary, Wire),
    /// `xⁿ`.
    Powi(i32, Wire),
    /// A binary operation.
    Binary(Binary, Wire, Wire),
    /// An operation on indices.
    Index(Ix, Wire, Wire),
    /// A custom primitive's value, or its derivative or transpose, at the wires it reads (see
    /// [`Use`]): a node of [`Custom::width`] coordinates, each read through an [`Op::Out`].
    Custom(Rc<Custom>, Use, Rc<[Wire]>),
    /// Coordinate `k` of a node of several coordinates: free at run time, an alias of its slot.
    Out(Wire, u32),
    /// 1 where the test holds at the wires' values, 0 elsewhere: the test of a conditional,
    /// whose derivative is zero.
    Test(Rc<Test>, Rc<[Wire]>),
    /// The branch the first wire chooses (`then` where it is not 0), run at the other wires: a
    /// node of [`Branches::outputs`] coordinates, each read through an [`Op::Out`].
    Cond(Rc<Branches>, Rc<[Wire]>),
    /// The loop's final state from the wires `e ++ s`: a node of [`While::state`] coordinates.
    While(Rc<While>, Rc<[Wire]>),
    /// The loop's reverse derivative from the wires `e ++ s ++ s̄`: a node of
    /// [`WhileReverse::outputs`] coordinates.
    WhileReverse(Rc<WhileReverse>, Rc<[Wire]>),
    /// A loop's record or replay, of a reverse derivative in two passes: a node of
    /// [`Taped::width`] coordinates.
    Taped(Rc<Taped>, Rc<[Wire]>),
}

impl Op {
    /// How many coordinates the node computes: one, but for a custom, cond or loop node.
    pub fn width(&self) -> usize {
        match self {
            Op::Custom(p, use_, _) => p.width(*use_),
            Op::Cond(b, _) => b.outputs(),
            Op::While(l, _) => l.state(),
            Op::WhileReverse(l, _) => l.outputs(),
            Op::Taped(t, _) => t.width(),
            _ => 1,
        }
    }

    /// Whether the node's coordinates are read through [`Op::Out`]s: a custom, cond or loop
    /// node's.
    pub fn is_tuple(&self) -> bool {
        matches!(
            self,
            Op::Custom(..) | Op::Cond(..) | Op::While(..) | Op::WhileReverse(..) | Op::Taped(..)
        )
    }

    /// Each wire the operation reads, in order.
    pub fn each_arg(&self, mut f: impl FnMut(Wire)) {
        match self {
            Op::Const(_) => {}
            Op::Unary(_, a) | Op::Powi(_, a) | Op::Out(a, _) => f(*a),
            Op::Binary(_, a, b) | Op::Index(_, a, b) => {
                f(*a);
                f(*b)
            }
            Op::Custom(_, _, args)
            | Op::Test(_, args)
            | Op::Cond(_, args)
            | Op::While(_, args)
            | Op::WhileReverse(_, args)
            | Op::Taped(_, args) => args.iter().copied().for_each(f),
        }
    }

    /// The operation reading `map(w)` wherever it read `w`.
    pub fn map_args(&self, mut map: impl FnMut(Wire) -> Wire) -> Op {
        match self {
            Op::Const(c) => Op::Const(*c),
            Op::Unary(u, a) => Op::Unary(*u, map(*a)),
            Op::Powi(n, a) => Op::Powi(*n, map(*a)),
            Op::Binary(b, x, y) => Op::Binary(*b, map(*x), map(*y)),
            Op::Index(i, x, y) => Op::Index(*i, map(*x), map(*y)),
            Op::Custom(p, use_, args) => {
                Op::Custom(Rc::clone(p), *use_, args.iter().map(|&w| map(w)).collect())
            }
            Op::Out(w, k) => Op::Out(map(*w), *k),
            Op::Test(p, args) => Op::Test(Rc::clone(p), args.iter().map(|&w| map(w)).collect()),
            Op::Cond(b, args) => Op::Cond(Rc::clone(b), args.iter().map(|&w| map(w)).collect()),
            Op::While(l, args) => Op::While(Rc::clone(l), args.iter().map(|&w| map(w)).collect()),
            Op::WhileReverse(l, args) => {
                Op::WhileReverse(Rc::clone(l), args.iter().map(|&w| map(w)).collect())
            }
            Op::Taped(t, args) => Op::Taped(Rc::clone(t), args.iter().map(|&w| map(w)).collect()),
        }
    }
}

/// Operations are equal when they compute the same thing from the same wires: constants by their
/// bits, custom primitives, tests, branches and loops by identity.
impl PartialEq for Op {
    fn eq(&self, other: &Op) -> bool {
        match (self, other) {
            (Op::Const(a), Op::Const(b)) => a.to_bits() == b.to_bits(),
            (Op::Unary(u, a), Op::Unary(v, b)) => u == v && a == b,
            (Op::Powi(n, a), Op::Powi(m, b)) => n == m && a == b,
            (Op::Binary(f, a, b), Op::Binary(g, c, d)) => f == g && a == c && b == d,
            (Op::Index(f, a, b), Op::Index(g, c, d)) => f == g && a == c && b == d,
            (Op::Custom(p, u, a), Op::Custom(q, v, b)) => Rc::ptr_eq(p, q) && u == v && a == b,
            (Op::Out(a, k), Op::Out(b, l)) => a == b && k == l,
            (Op::Test(p, a), Op::Test(q, b)) => Rc::ptr_eq(p, q) && a == b,
            (Op::Cond(p, a), Op::Cond(q, b)) => Rc::ptr_eq(p, q) && a == b,
            (Op::While(p, a), Op::While(q, b)) => Rc::ptr_eq(p, q) && a == b,
            (Op::WhileReverse(p, a), Op::WhileReverse(q, b)) => Rc::ptr_eq(p, q) && a == b,
            (Op::Taped(p, a), Op::Taped(q, b)) => Rc::ptr_eq(p, q) && a == b,
            _ => false,
        }
    }
}

impl Eq for Op {}

impl Hash for Op {
    fn hash<H: Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        match self {
            Op::Const(c) => c.to_bits().hash(h),
            Op::Unary(u, a) => (u, a).hash(h),
            Op::Powi(n, a) => (n, a).hash(h),
            Op::Binary(b, x, y) => (b, x, y).hash(h),
            Op::Index(i, x, y) => (i, x, y).hash(h),
            Op::Custom(p, u, args) => {
                (Rc::as_ptr(p) as *const u8 as usize, u).hash(h);
                args.hash(h)
            }
            Op::Out(w, k) => (w, k).hash(h),
            Op::Test(p, args) => (Rc::as_ptr(p) as usize, args).hash(h),
            Op::Cond(b, args) => (Rc::as_ptr(b) as usize, args).hash(h),
            Op::While(l, args) => (Rc::as_ptr(l) as usize, args).hash(h),
            Op::WhileReverse(l, args) => (Rc::as_ptr(l) as usize, args).hash(h),
            Op::Taped(t, args) => (Rc::as_ptr(t) as usize, args).hash(h),
        }
    }
}

/// The value of a unary operation.
pub fn unary<S: Scalar>(u: Unary, a: S) -> S {
    use Unary::*;
    let (zero, one) = (S::zero(), S::from_f64(1.0));
    match u {
        Neg => -a,
        Recip => one / a,
        Sin => a.sin(),
        Cos => a.cos(),
        Exp => a.exp(),
        Ln => a.ln(),
        Sqrt => a.sqrt(),
        Tanh => a.tanh(),
        Sinh => a.sinh(),
        Cosh => a.cosh(),
        Log1p => a.ln_1p(),
        Expm1 => a.exp_m1(),
        Erf => a.erf(),
        Abs => a.abs(),
        Sign => {
            if a > zero {
                one
            } else if a < zero {
                -one
            } else {
                zero
            }
        }
        Detach => a,
    }
}

/// The value of an operation on indices.
///
/// # Panics
///
/// Where `usize`'s would: a difference below zero, a quotient or remainder by zero; the message
/// names both operands.
pub fn index(op: Ix, i: f64, j: f64) -> f64 {
    let fails =
        |what: &str| -> ! { panic!("catad::term: the index {what} {i} and {j} is undefined") };
    match op {
        Ix::Add => i + j,
        Ix::Sub if i < j => fails("difference of"),
        Ix::Sub => i - j,
        Ix::Mul => i * j,
        Ix::Div | Ix::Rem if j == 0.0 => fails("quotient of"),
        Ix::Div => (i / j).floor(),
        Ix::Rem => i % j,
        Ix::Less => f64::from(u8::from(i < j)),
    }
}

/// The value of a binary operation.
pub fn binary<S: Scalar>(b: Binary, x: S, y: S) -> S {
    use Binary::*;
    match b {
        Add => x + y,
        Sub => x - y,
        Mul => x * y,
        Div => x / y,
        Powf => x.powf(y),
        Atan2 => x.atan2(y),
        Max => x.larger(y),
        Min => x.smaller(y),
        PowfDy => {
            let v = x.powf(y);
            if v == S::zero() {
                S::zero()
            } else {
                v * x.ln()
            }
        }
        Weight => S::from_f64(if x > y {
            1.0
        } else if y > x {
            0.0
        } else {
            0.5
        }),
    }
}
