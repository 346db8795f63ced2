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
/// `Tangent<f64>` is also nalgebra's real field (`RealField`, its methods built from these, as
/// [`Sym`](crate::staged::Sym)'s are), so that [`catad::linalg`](crate::linalg) runs over it:
/// a whole-vector program's gradient over `Tangent<f64>` differentiates the primitives'
/// derivatives once more.
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
///
/// // ‖v‖² on a whole vector: its gradient 2v, and its Hessian 2I along (1, 1) in the tangents.
/// use catad::linalg;
/// use nalgebra::DVector;
/// let v = DVector::from_vec(vec![Tangent::new(3.0, 1.0), Tangent::new(4.0, 1.0)]);
/// let g = gradient(&linalg::norm_sqr::<Reverse, Tangent<f64>>(), v);
/// assert_eq!(g.map(|x| (x.value, x.tangent)), DVector::from_vec(vec![(6.0, 2.0), (8.0, 2.0)]));
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
    fn exact_f64(self) -> Option<f64> {
        self.value.exact_f64()
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

/// Data of dual numbers carries its tangents into a program over them.
impl<S: Scalar + nalgebra::Scalar> crate::linalg::Datum<Tangent<S>> for Tangent<S> {
    fn lift(self) -> Tangent<S> {
        self
    }
}

crate::space::real_field::real_field!(
    Tangent<f64>,
    /// The cube root, its derivative `1 / (3 ∛x²)`.
    fn cbrt(self) -> Tangent<f64> {
        self.unary(|x| {
            let root = x.cbrt();
            (root, 1.0 / (3.0 * root * root))
        })
    },
    /// Whether both the value and the tangent are zero: the additive identity. (A zero value
    /// with a tangent is not zero: nalgebra skips the terms of a zero coefficient, which would
    /// drop the tangent.)
    #[inline]
    fn is_zero(&self) -> bool {
        self.value == 0.0 && self.tangent == 0.0
    }
);

#[cfg(test)]
mod tests {
    use super::Tangent;
    use nalgebra::{ComplexField, DVector, RealField};

    /// Each `RealField` method built from others has the `f64` method's value and, by central
    /// differences, its derivative.
    #[test]
    fn the_real_field_methods_have_the_f64_values_and_derivatives() {
        let methods: [(&str, fn(Tangent<f64>) -> Tangent<f64>, fn(f64) -> f64); 12] = [
            ("tan", ComplexField::tan, f64::tan),
            ("asin", ComplexField::asin, f64::asin),
            ("acos", ComplexField::acos, f64::acos),
            ("atan", ComplexField::atan, f64::atan),
            ("asinh", ComplexField::asinh, f64::asinh),
            ("atanh", ComplexField::atanh, f64::atanh),
            ("log2", ComplexField::log2, f64::log2),
            ("log10", ComplexField::log10, f64::log10),
            ("exp2", ComplexField::exp2, f64::exp2),
            ("recip", ComplexField::recip, f64::recip),
            ("cbrt", ComplexField::cbrt, f64::cbrt),
            ("floor", ComplexField::floor, f64::floor),
        ];
        for (name, method, direct) in methods {
            for x in [0.3, 0.55, 0.8] {
                let y = method(Tangent::new(x, 1.0));
                let h = 1e-6;
                let slope = (direct(x + h) - direct(x - h)) / (2.0 * h);
                assert!((y.value - direct(x)).abs() <= 1e-15, "{name} at {x}");
                assert!(
                    (y.tangent - slope).abs() <= 1e-7,
                    "{name}' at {x}: {}",
                    y.tangent
                );
            }
        }
        let at = |x: f64| Tangent::new(x, 1.0);
        assert_eq!(RealField::max(at(2.0), Tangent::constant(3.0)).tangent, 0.0);
        assert_eq!(RealField::max(at(4.0), Tangent::constant(3.0)).tangent, 1.0);
        // nalgebra's y ← a x c + b y skips b y where b is zero: a zero value with a tangent is not.
        let (x, mut y) = (
            DVector::from_element(1, at(1.0)),
            DVector::from_element(1, at(2.0)),
        );
        y.axcpy(
            Tangent::constant(1.0),
            &x,
            Tangent::constant(1.0),
            Tangent::new(0.0, 1.0),
        );
        assert_eq!((y[0].value, y[0].tangent), (1.0, 3.0));
        let hypot = ComplexField::hypot(at(3.0), Tangent::constant(4.0));
        assert!(hypot.value == 5.0 && (hypot.tangent - 0.6).abs() <= 1e-15);
    }
}
