//! The scalar field.

use super::{Additive, Space, next_coord};
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A scalar field with the elementary functions: the `S` of every `Space<S>`.
///
/// Implemented for `f32` and `f64`. The trait is catad's own (rather than `num_traits::Float`) so that a
/// non-numeric scalar, such as a symbolic one for staging, can implement it.
///
/// # Laws
///
/// The field laws for `+`, `-`, `*`, `/`, and the usual identities of the elementary functions
/// (`x.exp().ln() == x`, `x.sin().powi(2) + x.cos().powi(2) == 1`, …), up to rounding.
///
/// # Example
///
/// ```
/// use catad::space::Scalar;
/// fn hypot<S: Scalar>(a: S, b: S) -> S {
///     Scalar::sqrt(a * a + b * b)
/// }
/// assert_eq!(hypot(3.0_f64, 4.0), 5.0);
/// assert_eq!(f32::from_f64(0.5), 0.5_f32);
/// ```
pub trait Scalar:
    Space<Self>
    + Copy
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// The nearest scalar to an `f64`.
    fn from_f64(x: f64) -> Self;
    /// The nearest `f64` to this scalar.
    fn to_f64(self) -> f64;
    /// Sine.
    fn sin(self) -> Self;
    /// Cosine.
    fn cos(self) -> Self;
    /// The exponential `eˣ`.
    fn exp(self) -> Self;
    /// The natural logarithm.
    fn ln(self) -> Self;
    /// The square root.
    fn sqrt(self) -> Self;
    /// The hyperbolic tangent.
    fn tanh(self) -> Self;
    /// The integer power `xⁿ`.
    fn powi(self, n: i32) -> Self;
    /// The real power `xʸ` (NaN for `x < 0` and non-integer `y`).
    fn powf(self, y: Self) -> Self;
    /// The hyperbolic sine.
    fn sinh(self) -> Self;
    /// The hyperbolic cosine.
    fn cosh(self) -> Self;
    /// `ln(1 + x)`, accurate near 0.
    fn ln_1p(self) -> Self;
    /// `eˣ − 1`, accurate near 0.
    fn exp_m1(self) -> Self;
    /// The error function `erf x = 2/√π ∫₀ˣ e^{−t²} dt`.
    fn erf(self) -> Self;
    /// The angle of the point `(x, y)`, `atan2(y, x)`, in `(−π, π]`.
    fn atan2(self, x: Self) -> Self;
    /// The absolute value.
    fn abs(self) -> Self;
    /// Whether the value is NaN.
    fn is_nan(self) -> bool;
    /// The nearest `f64`, read to choose the point at which to stage a nested derivative
    /// ([`crate::nested`]): [`to_f64`](Scalar::to_f64), but for a symbolic scalar, which records
    /// no guard for it (the nested tape's own guards are checked on the scalar instead).
    ///
    /// ```
    /// use catad::space::Scalar;
    /// assert_eq!(Scalar::peek(0.5_f32), 0.5);
    /// ```
    fn peek(self) -> f64 {
        self.to_f64()
    }
    /// The value as an `f64` that computes and compares as the scalar does, where there is one:
    /// `f64` itself, and a dual number over `f64` ([`Tangent`](crate::nested::Tangent)), whose
    /// value is `f64` arithmetic and whose order is its value's. `None` (the default) where a
    /// question must be asked of the scalar itself: `f32` rounds otherwise, a symbolic scalar
    /// records it. A primitive that only searches (which of `k` distances is smallest) may search
    /// over these values and compute the scalar only where the answer is.
    ///
    /// ```
    /// use catad::nested::Tangent;
    /// use catad::space::Scalar;
    /// assert_eq!(Scalar::exact_f64(0.5_f64), Some(0.5));
    /// assert_eq!(Scalar::exact_f64(0.5_f32), None);
    /// assert_eq!(Tangent::new(0.5_f64, 1.0).exact_f64(), Some(0.5));
    /// ```
    fn exact_f64(self) -> Option<f64> {
        None
    }
    /// The larger of `self` and `other`, a NaN if either is: `other` where it is larger or a
    /// NaN, else `self`.
    ///
    /// The provided definition compares them. A symbolic scalar ([`Sym`](crate::staged::Sym))
    /// records it as one operation, asking no question, so that its tape holds at every input
    /// (where a comparison would record a guard). A primitive that uses it states its own
    /// derivative: where that does not depend on which is larger (a log-sum-exp's shift, which
    /// cancels), the primitive is staged with no guard at all.
    ///
    /// ```
    /// use catad::space::Scalar;
    /// assert_eq!(Scalar::larger(1.0_f64, 3.0), 3.0);
    /// assert!(Scalar::larger(f64::NAN, 3.0).is_nan() && Scalar::larger(3.0, f64::NAN).is_nan());
    /// ```
    fn larger(self, other: Self) -> Self {
        crate::interpretations::fun::larger(self, other)
    }
    /// The smaller of two scalars, NaN if either is: [`larger`](Scalar::larger)'s dual, by
    /// comparisons unless a scalar asks no question ([`Traced`](crate::term::trace::Traced)
    /// records one node).
    ///
    /// ```
    /// use catad::space::Scalar;
    /// assert_eq!(Scalar::smaller(1.0_f64, 3.0), 1.0);
    /// assert!(Scalar::smaller(f64::NAN, 3.0).is_nan() && Scalar::smaller(3.0, f64::NAN).is_nan());
    /// ```
    fn smaller(self, other: Self) -> Self {
        crate::interpretations::fun::smaller(self, other)
    }
    /// `f` of the operands' `i`-th elements, for every `i`: the work of a whole-vector operation
    /// (a sum of vectors, a function on each element), given at once. The operands are of one
    /// length (the caller checks it); `f` computes the same way at every element.
    ///
    /// The provided definition runs `f` element by element. A symbolic scalar
    /// ([`Sym`](crate::staged::Sym)) records `f` once for all the elements (the operands as
    /// families of lanes, see [`crate::staged`]), so that a program on whole vectors is staged at
    /// the size of its text, not of its vectors.
    ///
    /// ```
    /// use catad::space::Scalar;
    /// let (u, v) = ([1.0, 2.0], [10.0, 20.0]);
    /// assert_eq!(f64::elementwise([&u, &v], |[a, b]| 2.0 * a + b), vec![12.0, 24.0]);
    /// ```
    fn elementwise<const N: usize>(
        operands: [&[Self]; N],
        f: impl Fn([Self; N]) -> Self,
    ) -> Vec<Self> {
        each(operands, f)
    }
    /// The product `A B` of a `rows × inner` matrix `a` and an `inner × columns` matrix `b`, each
    /// given column by column (as a `DMatrix`'s storage is), as the `rows × columns` matrix,
    /// column by column: the work of a matrix product, given at once. The lengths are
    /// `rows · inner` and `inner · columns` (the caller checks them).
    ///
    /// The provided definition sums each entry's products in order of `inner`, starting from the
    /// first. A symbolic scalar ([`Sym`](crate::staged::Sym)) records the product as one node,
    /// whatever the matrices' sizes (see [`crate::staged`]).
    ///
    /// ```
    /// use catad::space::Scalar;
    /// // [1 2; 3 4] [5; 6], the first matrix column by column.
    /// assert_eq!(f64::matrix_product(&[1.0, 3.0, 2.0, 4.0], &[5.0, 6.0], (2, 2, 1)), vec![17.0, 39.0]);
    /// ```
    fn matrix_product(a: &[Self], b: &[Self], shape: (usize, usize, usize)) -> Vec<Self> {
        product(a, b, shape)
    }
}

/// The product of a `rows × inner` and an `inner × columns` matrix, each column by column, as
/// [`Scalar::matrix_product`] provides it: each entry's products summed in order of `inner`,
/// starting from the first (the order in which a staged product's tape sums them).
pub(crate) fn product<S: Scalar>(
    a: &[S],
    b: &[S],
    (rows, inner, columns): (usize, usize, usize),
) -> Vec<S> {
    let mut out = Vec::with_capacity(rows * columns);
    for j in 0..columns {
        let bj = &b[j * inner..(j + 1) * inner];
        out.extend((0..rows).map(|i| {
            let mut terms = bj.iter().enumerate().map(|(l, &blj)| a[i + rows * l] * blj);
            let first = terms.next().unwrap_or_else(S::zero);
            terms.fold(first, |sum, t| sum + t)
        }));
    }
    out
}

/// `f` of the operands' `i`-th elements for every `i`, element by element: what
/// [`Scalar::elementwise`] does unless a scalar does it at once. One or two operands are zipped,
/// so that the compiler vectorizes the loop (their lengths checked once, not per element).
pub(crate) fn each<S: Copy, const N: usize>(
    operands: [&[S]; N],
    f: impl Fn([S; N]) -> S,
) -> Vec<S> {
    let n = operands.first().map_or(0, |v| v.len());
    match *operands.as_slice() {
        [u] => u.iter().map(|&a| f(std::array::from_fn(|_| a))).collect(),
        [u, v] => (u.iter().zip(&v[..n]))
            .map(|(&a, &b)| f(std::array::from_fn(|k| if k == 0 { a } else { b })))
            .collect(),
        _ => (0..n).map(|i| f(operands.map(|v| v[i]))).collect(),
    }
}

macro_rules! float_scalar {
    ($t:ty, $erf:path, $exact:expr) => {
        impl Additive for $t {
            const DIM: Option<usize> = Some(1);
            #[inline]
            fn zero() -> Self {
                0.0
            }
            #[inline]
            fn plus(&self, other: &Self) -> Self {
                self + other
            }
            #[inline]
            fn plus_assign(&mut self, other: &Self) {
                *self += other;
            }
        }

        impl Space<$t> for $t {
            #[inline]
            fn scale(&self, s: $t) -> Self {
                s * self
            }
            #[inline]
            fn dot(&self, other: &Self) -> $t {
                self * other
            }
            #[inline]
            fn dim(&self) -> usize {
                1
            }
            #[inline]
            fn push_coords(&self, out: &mut Vec<$t>) {
                out.push(*self);
            }
            #[inline]
            fn read_coords(&self, coords: &mut dyn Iterator<Item = $t>) -> Self {
                next_coord(coords)
            }
        }

        impl Scalar for $t {
            fn from_f64(x: f64) -> Self {
                x as $t
            }
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn sin(self) -> Self {
                <$t>::sin(self)
            }
            fn cos(self) -> Self {
                <$t>::cos(self)
            }
            fn exp(self) -> Self {
                <$t>::exp(self)
            }
            fn ln(self) -> Self {
                <$t>::ln(self)
            }
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            fn tanh(self) -> Self {
                <$t>::tanh(self)
            }
            fn powi(self, n: i32) -> Self {
                <$t>::powi(self, n)
            }
            fn powf(self, y: Self) -> Self {
                <$t>::powf(self, y)
            }
            fn sinh(self) -> Self {
                <$t>::sinh(self)
            }
            fn cosh(self) -> Self {
                <$t>::cosh(self)
            }
            fn ln_1p(self) -> Self {
                <$t>::ln_1p(self)
            }
            fn exp_m1(self) -> Self {
                <$t>::exp_m1(self)
            }
            fn erf(self) -> Self {
                $erf(self)
            }
            fn atan2(self, x: Self) -> Self {
                <$t>::atan2(self, x)
            }
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            #[inline]
            fn exact_f64(self) -> Option<f64> {
                $exact(self)
            }
        }
    };
}

float_scalar!(f32, libm::erff, |_| None);
float_scalar!(f64, libm::erf, Some);
