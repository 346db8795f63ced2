//! `Tangent<S>`: forward mode as a scalar — a dual number, a value with its tangent.

use crate::interpretations::d::derivatives;
use crate::space::{Additive, Scalar, Space, next_coord};
use std::cmp::Ordering;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A dual number over `S`: a value and its tangent along one direction, `value + tangent·ε`
/// with `ε² = 0`. A [`Scalar`] itself, so that any program generic in its scalar runs over it in
/// any mode — forward mode outside that mode: a gradient in `Reverse` over `Tangent<f64>`, its
/// input's tangents set to `v`, returns the gradient in its values and the Hessian-vector product
/// `∇²f · v` in its tangents, in the time of a few gradients, whatever the program's size.
///
/// Each elementary function's derivative is the one `D<K>` gives it. Comparisons compare values.
/// The nesting of perturbations is in the type: a derivative over `Tangent<Tangent<f64>>` keeps
/// the two tangents apart, so that nothing confuses them.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::Tangent;
/// // magSqr's gradient (2a, 2b) in reverse mode, its derivative along (1, 0) in the tangents.
/// let f = catad::paper::mag_sqr::<Reverse, Tangent<f64>>();
/// let (a, b) = gradient(&f, (Tangent::new(3.0, 1.0), Tangent::new(4.0, 0.0)));
/// assert_eq!((a.value, b.value), (6.0, 8.0));
/// assert_eq!((a.tangent, b.tangent), (2.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Tangent<S> {
    /// The value.
    pub value: S,
    /// The tangent: the value's derivative along the direction the inputs' tangents give.
    pub tangent: S,
}

impl<S: Scalar> Tangent<S> {
    /// The value `value` with the tangent `tangent`.
    pub fn new(value: S, tangent: S) -> Self {
        Tangent { value, tangent }
    }

    /// A constant: the value with tangent 0.
    pub fn constant(value: S) -> Self {
        Tangent::new(value, S::zero())
    }

    /// The result of a unary function whose value and derivative at `value` are `rule`'s.
    fn unary(self, rule: impl FnOnce(S) -> (S, S)) -> Self {
        let (value, derivative) = rule(self.value);
        Tangent::new(value, derivative * self.tangent)
    }

    /// The result of a binary function whose value and partial derivatives are `rule`'s.
    fn binary(self, other: Self, rule: impl FnOnce(S, S) -> (S, [S; 2])) -> Self {
        let (value, [dx, dy]) = rule(self.value, other.value);
        Tangent::new(value, dx * self.tangent + dy * other.tangent)
    }
}

impl<S: Scalar> PartialEq for Tangent<S> {
    /// Equality of the values.
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<S: Scalar> PartialOrd for Tangent<S> {
    /// The order of the values.
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl<S: Scalar> Add for Tangent<S> {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Tangent::new(self.value + other.value, self.tangent + other.tangent)
    }
}

impl<S: Scalar> Sub for Tangent<S> {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        Tangent::new(self.value - other.value, self.tangent - other.tangent)
    }
}

impl<S: Scalar> Mul for Tangent<S> {
    type Output = Self;
    fn mul(self, other: Self) -> Self {
        self.binary(other, derivatives::mul)
    }
}

impl<S: Scalar> Div for Tangent<S> {
    type Output = Self;
    fn div(self, other: Self) -> Self {
        self.binary(other, derivatives::div)
    }
}

impl<S: Scalar> Neg for Tangent<S> {
    type Output = Self;
    fn neg(self) -> Self {
        Tangent::new(-self.value, -self.tangent)
    }
}

impl<S: Scalar> Additive for Tangent<S> {
    const DIM: Option<usize> = Some(1);
    fn zero() -> Self {
        Tangent::constant(S::zero())
    }
    fn plus(&self, other: &Self) -> Self {
        *self + *other
    }
}

impl<S: Scalar> Space<Tangent<S>> for Tangent<S> {
    fn scale(&self, s: Self) -> Self {
        s * *self
    }
    fn dot(&self, other: &Self) -> Self {
        *self * *other
    }
    fn dim(&self) -> usize {
        1
    }
    fn push_coords(&self, out: &mut Vec<Self>) {
        out.push(*self);
    }
    fn read_coords(&self, coords: &mut dyn Iterator<Item = Self>) -> Self {
        next_coord(coords)
    }
}

impl<S: Scalar> Scalar for Tangent<S> {
    fn from_f64(x: f64) -> Self {
        Tangent::constant(S::from_f64(x))
    }
    fn to_f64(self) -> f64 {
        self.value.to_f64()
    }
    fn peek(self) -> f64 {
        self.value.peek()
    }
    fn sin(self) -> Self {
        self.unary(derivatives::sin)
    }
    fn cos(self) -> Self {
        self.unary(derivatives::cos)
    }
    fn exp(self) -> Self {
        self.unary(derivatives::exp)
    }
    fn ln(self) -> Self {
        self.unary(derivatives::ln)
    }
    fn sqrt(self) -> Self {
        self.unary(derivatives::sqrt)
    }
    fn tanh(self) -> Self {
        self.unary(derivatives::tanh)
    }
    fn powi(self, n: i32) -> Self {
        self.unary(|x| derivatives::powi(x, n))
    }
    fn powf(self, y: Self) -> Self {
        self.binary(y, derivatives::powf)
    }
    fn sinh(self) -> Self {
        self.unary(derivatives::sinh)
    }
    fn cosh(self) -> Self {
        self.unary(derivatives::cosh)
    }
    fn ln_1p(self) -> Self {
        self.unary(derivatives::log1p)
    }
    fn exp_m1(self) -> Self {
        self.unary(derivatives::expm1)
    }
    fn erf(self) -> Self {
        self.unary(derivatives::erf)
    }
    fn atan2(self, x: Self) -> Self {
        self.binary(x, derivatives::atan2)
    }
    fn abs(self) -> Self {
        self.unary(derivatives::abs)
    }
    fn is_nan(self) -> bool {
        self.value.is_nan()
    }
}
