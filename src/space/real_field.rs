//! A catad [`Scalar`] as nalgebra's real field (simba's [`RealField`](nalgebra::RealField) and
//! the traits it requires), so that `catad::linalg` and the matrix representation `Mat` run over
//! it: [`real_field!`] implements them for one scalar type from its [`Scalar`] methods alone.
//!
//! Every method is one of three kinds:
//!
//! - **built**: an operation that is a [`Scalar`] method is that method, and one that is not is
//!   built from them by an exact identity (`tan x = sin x / cos x`,
//!   `asin x = atan2(x, √((1−x)(1+x)))`, `log_b x = ln x / ln b`, `max` through a comparison,
//!   …): it depends on its inputs as the `f64` method does, so its derivative is the right one,
//!   but it may differ from `f64`'s in the last bits;
//! - **locally constant**: a method whose result is locally constant (`floor`, `ceil`, `round`,
//!   `trunc`, `signum`, a sign test, `ulps_eq`) is computed on the value through
//!   [`Scalar::to_f64`] and [`Scalar::from_f64`] (for a symbolic scalar, which keeps a guard);
//! - **given**: `cbrt`, which each type states (no exact identity builds it from the others),
//!   and `is_zero`, whether a value is the additive identity (nalgebra skips the terms of a zero
//!   coefficient, so a dual number with value 0 and a tangent is not zero).

use super::Scalar;
use std::cmp::Ordering;

/// A locally constant function of the value, computed on the value ([`Scalar::to_f64`]) and
/// returned as a constant ([`Scalar::from_f64`]).
pub(crate) fn locally_constant<T: Scalar>(x: T, f: impl FnOnce(f64) -> f64) -> T {
    T::from_f64(f(x.to_f64()))
}

/// The value's sign, as an `f64` with that sign bit: `±1` where the value is non-zero, by a
/// comparison with zero; the value itself where it is `±0` or NaN.
pub(crate) fn sign<T: Scalar>(x: T) -> f64 {
    match x.partial_cmp(&T::from_f64(0.0)) {
        Some(Ordering::Greater) => 1.0,
        Some(Ordering::Less) => -1.0,
        _ => x.to_f64(),
    }
}

/// The larger of the two (the other if one is NaN, as `f64::max`), by a comparison.
pub(crate) fn larger<T: Scalar>(x: T, y: T) -> T {
    match x.partial_cmp(&y) {
        Some(Ordering::Less) => y,
        Some(_) => x,
        None if x.is_nan() => y,
        None => x,
    }
}

/// The smaller of the two (the other if one is NaN, as `f64::min`), by a comparison.
pub(crate) fn smaller<T: Scalar>(x: T, y: T) -> T {
    match x.partial_cmp(&y) {
        Some(Ordering::Greater) => y,
        Some(_) => x,
        None if x.is_nan() => y,
        None => x,
    }
}

/// `√((1 − x)(1 + x))`, the cosine of `asin x`.
pub(crate) fn one_minus_square<T: Scalar>(x: T) -> T {
    let one = T::from_f64(1.0);
    Scalar::sqrt((one - x) * (one + x))
}

/// Implements nalgebra's `RealField` (and the traits it requires) for the scalar type `$t` from
/// its [`Scalar`] methods, with `$cbrt` as its `cbrt` method and `$is_zero` as its `is_zero`
/// (whether it is the additive identity, which only the type knows: for a dual number, both of
/// its parts are zero).
macro_rules! real_field {
    ($t:ty, $cbrt:item, $is_zero:item) => {
        const _: () = {
            use $crate::space::Scalar;
            use $crate::space::real_field::{
                larger, locally_constant, one_minus_square, sign, smaller,
            };
            use ::approx::{AbsDiffEq, RelativeEq, UlpsEq};
            use ::nalgebra::{ComplexField, Field, RealField, SimdValue};
            use ::num_traits::{FromPrimitive, Num, One, Signed, Zero};
            use ::simba::scalar::SubsetOf;
            use ::std::f64::consts;
            use ::std::fmt;
            use ::std::ops::{AddAssign, DivAssign, MulAssign, Rem, RemAssign, SubAssign};

            impl fmt::Display for $t {
                /// As [`Debug`](fmt::Debug). It is for reading, not a number of the program (for a
                /// symbolic scalar, it keeps no guard).
                #[inline]
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    fmt::Debug::fmt(self, f)
                }
            }

            impl AddAssign for $t {
                #[inline]
                fn add_assign(&mut self, other: $t) {
                    *self = *self + other;
                }
            }

            impl SubAssign for $t {
                #[inline]
                fn sub_assign(&mut self, other: $t) {
                    *self = *self - other;
                }
            }

            impl MulAssign for $t {
                #[inline]
                fn mul_assign(&mut self, other: $t) {
                    *self = *self * other;
                }
            }

            impl DivAssign for $t {
                #[inline]
                fn div_assign(&mut self, other: $t) {
                    *self = *self / other;
                }
            }

            impl Rem for $t {
                type Output = $t;
                /// `x − q·y`, where the quotient `q = trunc(x / y)` is locally constant (computed
                /// on the value of `x / y`): `f64`'s `%` up to the rounding of `q·y` and of the
                /// difference.
                #[inline]
                fn rem(self, y: $t) -> $t {
                    self - ComplexField::trunc(self / y) * y
                }
            }

            impl RemAssign for $t {
                #[inline]
                fn rem_assign(&mut self, other: $t) {
                    *self = *self % other;
                }
            }

            impl Zero for $t {
                #[inline]
                fn zero() -> $t {
                    <$t as Scalar>::from_f64(0.0)
                }
                $is_zero
            }

            impl One for $t {
                #[inline]
                fn one() -> $t {
                    <$t as Scalar>::from_f64(1.0)
                }
            }

            impl Num for $t {
                type FromStrRadixErr = <f64 as Num>::FromStrRadixErr;
                #[inline]
                fn from_str_radix(s: &str, radix: u32) -> Result<$t, Self::FromStrRadixErr> {
                    f64::from_str_radix(s, radix).map(<$t as Scalar>::from_f64)
                }
            }

            impl Signed for $t {
                #[inline]
                fn abs(&self) -> $t {
                    Scalar::abs(*self)
                }
                /// `x − y` where `x > y`, else `0`, by a comparison.
                #[inline]
                fn abs_sub(&self, other: &$t) -> $t {
                    if *self <= *other {
                        <$t as Zero>::zero()
                    } else {
                        *self - *other
                    }
                }
                /// `±1` (NaN for NaN), locally constant.
                #[inline]
                fn signum(&self) -> $t {
                    <$t as Scalar>::from_f64(sign(*self).signum())
                }
                #[inline]
                fn is_positive(&self) -> bool {
                    sign(*self).is_sign_positive()
                }
                #[inline]
                fn is_negative(&self) -> bool {
                    sign(*self).is_sign_negative()
                }
            }

            impl FromPrimitive for $t {
                #[inline]
                fn from_i64(n: i64) -> Option<$t> {
                    Some(<$t as Scalar>::from_f64(n as f64))
                }
                #[inline]
                fn from_u64(n: u64) -> Option<$t> {
                    Some(<$t as Scalar>::from_f64(n as f64))
                }
                #[inline]
                fn from_f64(n: f64) -> Option<$t> {
                    Some(<$t as Scalar>::from_f64(n))
                }
            }

            impl SubsetOf<$t> for $t {
                #[inline]
                fn to_superset(&self) -> $t {
                    *self
                }
                #[inline]
                fn from_superset_unchecked(element: &$t) -> $t {
                    *element
                }
                #[inline]
                fn is_in_subset(_: &$t) -> bool {
                    true
                }
            }

            impl SubsetOf<$t> for f64 {
                #[inline]
                fn to_superset(&self) -> $t {
                    <$t as Scalar>::from_f64(*self)
                }
                /// The value ([`Scalar::to_f64`]).
                #[inline]
                fn from_superset_unchecked(element: &$t) -> f64 {
                    element.to_f64()
                }
                #[inline]
                fn is_in_subset(_: &$t) -> bool {
                    true
                }
            }

            impl SubsetOf<$t> for f32 {
                #[inline]
                fn to_superset(&self) -> $t {
                    <$t as Scalar>::from_f64(f64::from(*self))
                }
                /// The value ([`Scalar::to_f64`]), rounded to `f32`.
                #[inline]
                fn from_superset_unchecked(element: &$t) -> f32 {
                    element.to_f64() as f32
                }
                #[inline]
                fn is_in_subset(_: &$t) -> bool {
                    true
                }
            }

            #[expect(
                unsafe_code,
                reason = "simba declares the unchecked lane accessors `unsafe fn`; with one lane they are copies"
            )]
            impl SimdValue for $t {
                const LANES: usize = 1;
                type Element = $t;
                type SimdBool = bool;
                #[inline]
                fn splat(val: $t) -> $t {
                    val
                }
                #[inline]
                fn extract(&self, _: usize) -> $t {
                    *self
                }
                #[inline]
                unsafe fn extract_unchecked(&self, _: usize) -> $t {
                    *self
                }
                #[inline]
                fn replace(&mut self, _: usize, val: $t) {
                    *self = val;
                }
                #[inline]
                unsafe fn replace_unchecked(&mut self, _: usize, val: $t) {
                    *self = val;
                }
                #[inline]
                fn select(self, cond: bool, other: $t) -> $t {
                    if cond { self } else { other }
                }
            }

            impl Field for $t {}

            impl AbsDiffEq for $t {
                type Epsilon = $t;
                #[inline]
                fn default_epsilon() -> $t {
                    <$t as Scalar>::from_f64(f64::EPSILON)
                }
                /// `|x − y| ≤ ε`, by a comparison.
                #[inline]
                fn abs_diff_eq(&self, other: &$t, epsilon: $t) -> bool {
                    Scalar::abs(*self - *other) <= epsilon
                }
            }

            impl RelativeEq for $t {
                #[inline]
                fn default_max_relative() -> $t {
                    <$t as Scalar>::from_f64(f64::EPSILON)
                }
                /// approx's test for `f64`, by comparisons of the type's own.
                #[inline]
                fn relative_eq(&self, other: &$t, epsilon: $t, max_relative: $t) -> bool {
                    if *self == *other {
                        return true;
                    }
                    if !ComplexField::is_finite(self) || !ComplexField::is_finite(other) {
                        return false;
                    }
                    let difference = Scalar::abs(*self - *other);
                    difference <= epsilon
                        || difference
                            <= larger(Scalar::abs(*self), Scalar::abs(*other)) * max_relative
                }
            }

            impl UlpsEq for $t {
                #[inline]
                fn default_max_ulps() -> u32 {
                    4
                }
                /// approx's test for `f64` on the values ([`Scalar::to_f64`]): a distance in units
                /// in the last place is a question about the bits.
                #[inline]
                fn ulps_eq(&self, other: &$t, epsilon: $t, max_ulps: u32) -> bool {
                    self.to_f64()
                        .ulps_eq(&other.to_f64(), epsilon.to_f64(), max_ulps)
                }
            }

            impl ComplexField for $t {
                type RealField = $t;

                #[inline]
                fn from_real(re: $t) -> $t {
                    re
                }
                #[inline]
                fn real(self) -> $t {
                    self
                }
                #[inline]
                fn imaginary(self) -> $t {
                    <$t as Zero>::zero()
                }
                #[inline]
                fn modulus(self) -> $t {
                    Scalar::abs(self)
                }
                #[inline]
                fn modulus_squared(self) -> $t {
                    self * self
                }
                /// `0` or `π`, by a comparison with zero.
                #[inline]
                fn argument(self) -> $t {
                    if self >= <$t as Zero>::zero() {
                        <$t as Zero>::zero()
                    } else {
                        <$t as Scalar>::from_f64(consts::PI)
                    }
                }
                #[inline]
                fn norm1(self) -> $t {
                    Scalar::abs(self)
                }
                #[inline]
                fn scale(self, factor: $t) -> $t {
                    self * factor
                }
                #[inline]
                fn unscale(self, factor: $t) -> $t {
                    self / factor
                }
                /// `(x, 1)` or `(−x, −1)`, by a comparison with zero.
                #[inline]
                fn to_exp(self) -> ($t, $t) {
                    if self >= <$t as Zero>::zero() {
                        (self, <$t as One>::one())
                    } else {
                        (-self, -<$t as One>::one())
                    }
                }
                /// `±1` (NaN for NaN), locally constant.
                #[inline]
                fn signum(self) -> $t {
                    Signed::signum(&self)
                }
                /// Locally constant: computed on the value.
                #[inline]
                fn floor(self) -> $t {
                    locally_constant(self, f64::floor)
                }
                /// Locally constant: computed on the value.
                #[inline]
                fn ceil(self) -> $t {
                    locally_constant(self, f64::ceil)
                }
                /// Locally constant: computed on the value.
                #[inline]
                fn round(self) -> $t {
                    locally_constant(self, f64::round)
                }
                /// Locally constant: computed on the value.
                #[inline]
                fn trunc(self) -> $t {
                    locally_constant(self, f64::trunc)
                }
                /// `x − trunc x`, the truncation locally constant.
                #[inline]
                fn fract(self) -> $t {
                    self - ComplexField::trunc(self)
                }
                /// `x·a + b`, rounded twice (not fused).
                #[inline]
                fn mul_add(self, a: $t, b: $t) -> $t {
                    self * a + b
                }
                #[inline]
                fn abs(self) -> $t {
                    Scalar::abs(self)
                }
                /// `√(x² + y²)`, which overflows where libm's `hypot` does not.
                #[inline]
                fn hypot(self, other: $t) -> $t {
                    Scalar::sqrt(self * self + other * other)
                }
                #[inline]
                fn recip(self) -> $t {
                    <$t as One>::one() / self
                }
                #[inline]
                fn conjugate(self) -> $t {
                    self
                }
                #[inline]
                fn sin(self) -> $t {
                    Scalar::sin(self)
                }
                #[inline]
                fn cos(self) -> $t {
                    Scalar::cos(self)
                }
                #[inline]
                fn sin_cos(self) -> ($t, $t) {
                    (Scalar::sin(self), Scalar::cos(self))
                }
                /// `sin x / cos x`.
                #[inline]
                fn tan(self) -> $t {
                    Scalar::sin(self) / Scalar::cos(self)
                }
                /// `atan2(x, √((1 − x)(1 + x)))`.
                #[inline]
                fn asin(self) -> $t {
                    Scalar::atan2(self, one_minus_square(self))
                }
                /// `atan2(√((1 − x)(1 + x)), x)`.
                #[inline]
                fn acos(self) -> $t {
                    Scalar::atan2(one_minus_square(self), self)
                }
                /// `atan2(x, 1)`.
                #[inline]
                fn atan(self) -> $t {
                    Scalar::atan2(self, <$t as One>::one())
                }
                #[inline]
                fn sinh(self) -> $t {
                    Scalar::sinh(self)
                }
                #[inline]
                fn cosh(self) -> $t {
                    Scalar::cosh(self)
                }
                #[inline]
                fn tanh(self) -> $t {
                    Scalar::tanh(self)
                }
                /// `ln(x + √(x² + 1))`, which cancels for large negative `x` where libm's `asinh`
                /// does not.
                #[inline]
                fn asinh(self) -> $t {
                    Scalar::ln(self + Scalar::sqrt(self * self + <$t as One>::one()))
                }
                /// `ln(x + √((x − 1)(x + 1)))`.
                #[inline]
                fn acosh(self) -> $t {
                    let one = <$t as One>::one();
                    Scalar::ln(self + Scalar::sqrt((self - one) * (self + one)))
                }
                /// `(ln(1 + x) − ln(1 − x)) / 2`.
                #[inline]
                fn atanh(self) -> $t {
                    (Scalar::ln_1p(self) - Scalar::ln_1p(-self)) * <$t as Scalar>::from_f64(0.5)
                }
                /// `ln x / ln b`.
                #[inline]
                fn log(self, base: $t) -> $t {
                    Scalar::ln(self) / Scalar::ln(base)
                }
                /// `ln x / ln 2`.
                #[inline]
                fn log2(self) -> $t {
                    Scalar::ln(self) / <$t as Scalar>::from_f64(consts::LN_2)
                }
                /// `ln x / ln 10`.
                #[inline]
                fn log10(self) -> $t {
                    Scalar::ln(self) / <$t as Scalar>::from_f64(consts::LN_10)
                }
                #[inline]
                fn ln(self) -> $t {
                    Scalar::ln(self)
                }
                #[inline]
                fn ln_1p(self) -> $t {
                    Scalar::ln_1p(self)
                }
                #[inline]
                fn sqrt(self) -> $t {
                    Scalar::sqrt(self)
                }
                #[inline]
                fn exp(self) -> $t {
                    Scalar::exp(self)
                }
                /// `2ˣ`, as a power.
                #[inline]
                fn exp2(self) -> $t {
                    Scalar::powf(<$t as Scalar>::from_f64(2.0), self)
                }
                #[inline]
                fn exp_m1(self) -> $t {
                    Scalar::exp_m1(self)
                }
                #[inline]
                fn powi(self, n: i32) -> $t {
                    Scalar::powi(self, n)
                }
                #[inline]
                fn powf(self, n: $t) -> $t {
                    Scalar::powf(self, n)
                }
                #[inline]
                fn powc(self, n: $t) -> $t {
                    Scalar::powf(self, n)
                }
                $cbrt
                /// `|x| < ∞`, by a comparison (false for NaN).
                #[inline]
                fn is_finite(&self) -> bool {
                    Scalar::abs(*self) < <$t as Scalar>::from_f64(f64::INFINITY)
                }
                /// `√x` where `x ≥ 0`, by a comparison.
                #[inline]
                fn try_sqrt(self) -> Option<$t> {
                    (self >= <$t as Zero>::zero()).then(|| Scalar::sqrt(self))
                }
            }

            impl RealField for $t {
                /// By a comparison with zero, or by the value where it is `±0` or NaN.
                #[inline]
                fn is_sign_positive(&self) -> bool {
                    sign(*self).is_sign_positive()
                }
                /// By a comparison with zero, or by the value where it is `±0` or NaN.
                #[inline]
                fn is_sign_negative(&self) -> bool {
                    sign(*self).is_sign_negative()
                }
                /// `±|x|`, the sign of `to` locally constant.
                #[inline]
                fn copysign(self, to: $t) -> $t {
                    let magnitude = Scalar::abs(self);
                    if sign(to).is_sign_negative() {
                        -magnitude
                    } else {
                        magnitude
                    }
                }
                #[inline]
                fn max(self, other: $t) -> $t {
                    larger(self, other)
                }
                #[inline]
                fn min(self, other: $t) -> $t {
                    smaller(self, other)
                }
                /// simba's clamp for `f64`, by comparisons of the type's own.
                #[inline]
                fn clamp(self, min: $t, max: $t) -> $t {
                    if self < min {
                        min
                    } else if self > max {
                        max
                    } else {
                        self
                    }
                }
                #[inline]
                fn atan2(self, other: $t) -> $t {
                    Scalar::atan2(self, other)
                }
                #[inline]
                fn min_value() -> Option<$t> {
                    Some(<$t as Scalar>::from_f64(f64::MIN))
                }
                #[inline]
                fn max_value() -> Option<$t> {
                    Some(<$t as Scalar>::from_f64(f64::MAX))
                }
                #[inline]
                fn pi() -> $t {
                    <$t as Scalar>::from_f64(consts::PI)
                }
                #[inline]
                fn two_pi() -> $t {
                    <$t as Scalar>::from_f64(consts::TAU)
                }
                #[inline]
                fn frac_pi_2() -> $t {
                    <$t as Scalar>::from_f64(consts::FRAC_PI_2)
                }
                #[inline]
                fn frac_pi_3() -> $t {
                    <$t as Scalar>::from_f64(consts::FRAC_PI_3)
                }
                #[inline]
                fn frac_pi_4() -> $t {
                    <$t as Scalar>::from_f64(consts::FRAC_PI_4)
                }
                #[inline]
                fn frac_pi_6() -> $t {
                    <$t as Scalar>::from_f64(consts::FRAC_PI_6)
                }
                #[inline]
                fn frac_pi_8() -> $t {
                    <$t as Scalar>::from_f64(consts::FRAC_PI_8)
                }
                #[inline]
                fn frac_1_pi() -> $t {
                    <$t as Scalar>::from_f64(consts::FRAC_1_PI)
                }
                #[inline]
                fn frac_2_pi() -> $t {
                    <$t as Scalar>::from_f64(consts::FRAC_2_PI)
                }
                #[inline]
                fn frac_2_sqrt_pi() -> $t {
                    <$t as Scalar>::from_f64(consts::FRAC_2_SQRT_PI)
                }
                #[inline]
                fn e() -> $t {
                    <$t as Scalar>::from_f64(consts::E)
                }
                #[inline]
                fn log2_e() -> $t {
                    <$t as Scalar>::from_f64(consts::LOG2_E)
                }
                #[inline]
                fn log10_e() -> $t {
                    <$t as Scalar>::from_f64(consts::LOG10_E)
                }
                #[inline]
                fn ln_2() -> $t {
                    <$t as Scalar>::from_f64(consts::LN_2)
                }
                #[inline]
                fn ln_10() -> $t {
                    <$t as Scalar>::from_f64(consts::LN_10)
                }
            }
        };
    };
}

pub(crate) use real_field;
