//! `Sym` as nalgebra's real field (simba's [`RealField`] and the traits it requires), so that
//! programs in the mode `D<Mat<Sym>>`, whose linear maps are nalgebra matrices, can be staged.
//!
//! Every method is one of three kinds:
//!
//! - **recorded**: an operation with an [`Op`](super::Op) is `Sym`'s own [`Scalar`] method, and a
//!   method without one is built from recorded operations by an exact identity (`tan x =
//!   sin x / cos x`, `asin x = atan2(x, √((1−x)(1+x)))`, `log_b x = ln x / ln b`, `max` through a
//!   recorded comparison, …): it depends on its inputs as the `f64` method does, but may differ
//!   from it in the last bits;
//! - **guarded**: a method whose result is locally constant (`floor`, `ceil`, `round`, `trunc`,
//!   `signum`, a sign test, `ulps_eq`) is computed on the value at the recording point and keeps
//!   a guard (a comparison, or the value itself through [`Scalar::to_f64`]), so that the tape is
//!   used only where the answer is the same;
//! - **refused**: `cbrt`, which no exact identity builds from the recorded operations, panics,
//!   naming itself.
//!
//! ```
//! use catad::interpretations::{D, Mat};
//! use catad::prelude::*;
//! use catad::staged::{Sym, compile};
//!
//! // magSqr with matrices for linear maps, staged: its Jacobian is the direct one.
//! let staged = compile(&catad::paper::mag_sqr::<D<Mat<Sym>>, Sym>());
//! let direct = catad::paper::mag_sqr::<D<Mat<f64>>, f64>();
//! for x in [(3.0, 4.0), (1.0, 2.0)] {
//!     assert_eq!(staged.jacobian(&x), jacobian(&direct, x));
//!     assert_eq!(staged.gradient(&x), gradient(&direct, x));
//! }
//! ```

use super::sym::Sym;
use crate::space::Scalar;
use approx::{AbsDiffEq, RelativeEq, UlpsEq};
use nalgebra::{ComplexField, Field, RealField, SimdValue};
use num_traits::{FromPrimitive, Num, One, Signed, Zero};
use simba::scalar::SubsetOf;
use std::cmp::Ordering;
use std::f64::consts;
use std::fmt;
use std::ops::{AddAssign, DivAssign, MulAssign, Rem, RemAssign, SubAssign};

impl Sym {
    /// A locally constant function of the value, computed at the recording point: the value is
    /// read with [`Scalar::to_f64`], which keeps it as a guard.
    fn locally_constant(self, f: impl FnOnce(f64) -> f64) -> Sym {
        Sym::constant(f(self.to_f64()))
    }

    /// The value's sign at the recording point, as an `f64` with that sign bit: `±1` where the
    /// value is non-zero, guarded by a comparison with zero (the tape holds on that whole side);
    /// the value itself where it is `±0` or NaN, guarded by its bits.
    fn sign(self) -> f64 {
        match self.partial_cmp(&Sym::zero()) {
            Some(Ordering::Greater) => 1.0,
            Some(Ordering::Less) => -1.0,
            _ => self.to_f64(),
        }
    }

    /// The larger of the two (the other if one is NaN, as `f64::max`), by a recorded
    /// comparison.
    fn larger(self, other: Sym) -> Sym {
        match self.partial_cmp(&other) {
            Some(Ordering::Less) => other,
            Some(_) => self,
            None if Scalar::is_nan(self) => other,
            None => self,
        }
    }

    /// The smaller of the two (the other if one is NaN, as `f64::min`), by a recorded
    /// comparison.
    fn smaller(self, other: Sym) -> Sym {
        match self.partial_cmp(&other) {
            Some(Ordering::Greater) => other,
            Some(_) => self,
            None if Scalar::is_nan(self) => other,
            None => self,
        }
    }
}

impl fmt::Display for Sym {
    /// The symbolic form, as [`Debug`](fmt::Debug): the constant, or the node and its value at the
    /// recording point. It is for reading, not a number of the program: it keeps no guard.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl AddAssign for Sym {
    fn add_assign(&mut self, other: Sym) {
        *self = *self + other;
    }
}

impl SubAssign for Sym {
    fn sub_assign(&mut self, other: Sym) {
        *self = *self - other;
    }
}

impl MulAssign for Sym {
    fn mul_assign(&mut self, other: Sym) {
        *self = *self * other;
    }
}

impl DivAssign for Sym {
    fn div_assign(&mut self, other: Sym) {
        *self = *self / other;
    }
}

impl Rem for Sym {
    type Output = Sym;
    /// `x − q·y`, where the quotient `q = trunc(x / y)` is locally constant (guarded by the
    /// value of `x / y`): `f64`'s `%` up to the rounding of `q·y` and of the difference.
    fn rem(self, y: Sym) -> Sym {
        self - ComplexField::trunc(self / y) * y
    }
}

impl RemAssign for Sym {
    fn rem_assign(&mut self, other: Sym) {
        *self = *self % other;
    }
}

impl Zero for Sym {
    fn zero() -> Sym {
        Sym::constant(0.0)
    }
    /// Whether the value is zero, by a recorded comparison.
    fn is_zero(&self) -> bool {
        *self == Sym::zero()
    }
}

impl One for Sym {
    fn one() -> Sym {
        Sym::constant(1.0)
    }
}

impl Num for Sym {
    type FromStrRadixErr = <f64 as Num>::FromStrRadixErr;
    fn from_str_radix(s: &str, radix: u32) -> Result<Sym, Self::FromStrRadixErr> {
        f64::from_str_radix(s, radix).map(Sym::constant)
    }
}

impl Signed for Sym {
    fn abs(&self) -> Sym {
        Scalar::abs(*self)
    }
    /// `x − y` where `x > y`, else `0`, by a recorded comparison.
    fn abs_sub(&self, other: &Sym) -> Sym {
        if *self <= *other {
            Sym::zero()
        } else {
            *self - *other
        }
    }
    /// `±1` (NaN for NaN), guarded.
    fn signum(&self) -> Sym {
        Sym::constant(self.sign().signum())
    }
    fn is_positive(&self) -> bool {
        self.sign().is_sign_positive()
    }
    fn is_negative(&self) -> bool {
        self.sign().is_sign_negative()
    }
}

impl FromPrimitive for Sym {
    fn from_i64(n: i64) -> Option<Sym> {
        Some(Sym::constant(n as f64))
    }
    fn from_u64(n: u64) -> Option<Sym> {
        Some(Sym::constant(n as f64))
    }
    fn from_f64(n: f64) -> Option<Sym> {
        Some(Sym::constant(n))
    }
}

impl SubsetOf<Sym> for Sym {
    fn to_superset(&self) -> Sym {
        *self
    }
    fn from_superset_unchecked(element: &Sym) -> Sym {
        *element
    }
    fn is_in_subset(_: &Sym) -> bool {
        true
    }
}

impl SubsetOf<Sym> for f64 {
    fn to_superset(&self) -> Sym {
        Sym::constant(*self)
    }
    /// The value, guarded ([`Scalar::to_f64`]).
    fn from_superset_unchecked(element: &Sym) -> f64 {
        element.to_f64()
    }
    fn is_in_subset(_: &Sym) -> bool {
        true
    }
}

impl SubsetOf<Sym> for f32 {
    fn to_superset(&self) -> Sym {
        Sym::constant(f64::from(*self))
    }
    /// The value, guarded ([`Scalar::to_f64`]), rounded to `f32`.
    fn from_superset_unchecked(element: &Sym) -> f32 {
        element.to_f64() as f32
    }
    fn is_in_subset(_: &Sym) -> bool {
        true
    }
}

#[expect(
    unsafe_code,
    reason = "simba declares the unchecked lane accessors `unsafe fn`; with one lane they are copies"
)]
impl SimdValue for Sym {
    const LANES: usize = 1;
    type Element = Sym;
    type SimdBool = bool;
    fn splat(val: Sym) -> Sym {
        val
    }
    fn extract(&self, _: usize) -> Sym {
        *self
    }
    unsafe fn extract_unchecked(&self, _: usize) -> Sym {
        *self
    }
    fn replace(&mut self, _: usize, val: Sym) {
        *self = val;
    }
    unsafe fn replace_unchecked(&mut self, _: usize, val: Sym) {
        *self = val;
    }
    fn select(self, cond: bool, other: Sym) -> Sym {
        if cond { self } else { other }
    }
}

impl Field for Sym {}

impl AbsDiffEq for Sym {
    type Epsilon = Sym;
    fn default_epsilon() -> Sym {
        Sym::constant(f64::EPSILON)
    }
    /// `|x − y| ≤ ε`, by a recorded comparison.
    fn abs_diff_eq(&self, other: &Sym, epsilon: Sym) -> bool {
        Scalar::abs(*self - *other) <= epsilon
    }
}

impl RelativeEq for Sym {
    fn default_max_relative() -> Sym {
        Sym::constant(f64::EPSILON)
    }
    /// approx's test for `f64`, its every comparison recorded.
    fn relative_eq(&self, other: &Sym, epsilon: Sym, max_relative: Sym) -> bool {
        if *self == *other {
            return true;
        }
        if !ComplexField::is_finite(self) || !ComplexField::is_finite(other) {
            return false;
        }
        let difference = Scalar::abs(*self - *other);
        difference <= epsilon
            || difference <= Scalar::abs(*self).larger(Scalar::abs(*other)) * max_relative
    }
}

impl UlpsEq for Sym {
    fn default_max_ulps() -> u32 {
        4
    }
    /// approx's test for `f64` on the values, guarded ([`Scalar::to_f64`]): a distance in units
    /// in the last place is a question about the bits.
    fn ulps_eq(&self, other: &Sym, epsilon: Sym, max_ulps: u32) -> bool {
        self.to_f64()
            .ulps_eq(&other.to_f64(), epsilon.to_f64(), max_ulps)
    }
}

impl ComplexField for Sym {
    type RealField = Sym;

    fn from_real(re: Sym) -> Sym {
        re
    }
    fn real(self) -> Sym {
        self
    }
    fn imaginary(self) -> Sym {
        Sym::zero()
    }
    fn modulus(self) -> Sym {
        Scalar::abs(self)
    }
    fn modulus_squared(self) -> Sym {
        self * self
    }
    /// `0` or `π`, by a recorded comparison with zero.
    fn argument(self) -> Sym {
        if self >= Sym::zero() {
            Sym::zero()
        } else {
            Sym::constant(consts::PI)
        }
    }
    fn norm1(self) -> Sym {
        Scalar::abs(self)
    }
    fn scale(self, factor: Sym) -> Sym {
        self * factor
    }
    fn unscale(self, factor: Sym) -> Sym {
        self / factor
    }
    /// `(x, 1)` or `(−x, −1)`, by a recorded comparison with zero.
    fn to_exp(self) -> (Sym, Sym) {
        if self >= Sym::zero() {
            (self, Sym::one())
        } else {
            (-self, -Sym::one())
        }
    }
    /// `±1` (NaN for NaN), guarded.
    fn signum(self) -> Sym {
        Signed::signum(&self)
    }
    /// Guarded: the tape holds at this value only.
    fn floor(self) -> Sym {
        self.locally_constant(f64::floor)
    }
    /// Guarded: the tape holds at this value only.
    fn ceil(self) -> Sym {
        self.locally_constant(f64::ceil)
    }
    /// Guarded: the tape holds at this value only.
    fn round(self) -> Sym {
        self.locally_constant(f64::round)
    }
    /// Guarded: the tape holds at this value only.
    fn trunc(self) -> Sym {
        self.locally_constant(f64::trunc)
    }
    /// `x − trunc x`, the truncation guarded.
    fn fract(self) -> Sym {
        self - ComplexField::trunc(self)
    }
    /// `x·a + b`, rounded twice (not fused).
    fn mul_add(self, a: Sym, b: Sym) -> Sym {
        self * a + b
    }
    fn abs(self) -> Sym {
        Scalar::abs(self)
    }
    /// `√(x² + y²)`, which overflows where libm's `hypot` does not.
    fn hypot(self, other: Sym) -> Sym {
        Scalar::sqrt(self * self + other * other)
    }
    fn recip(self) -> Sym {
        Sym::one() / self
    }
    fn conjugate(self) -> Sym {
        self
    }
    fn sin(self) -> Sym {
        Scalar::sin(self)
    }
    fn cos(self) -> Sym {
        Scalar::cos(self)
    }
    fn sin_cos(self) -> (Sym, Sym) {
        (Scalar::sin(self), Scalar::cos(self))
    }
    /// `sin x / cos x`.
    fn tan(self) -> Sym {
        Scalar::sin(self) / Scalar::cos(self)
    }
    /// `atan2(x, √((1 − x)(1 + x)))`.
    fn asin(self) -> Sym {
        Scalar::atan2(self, one_minus_square(self))
    }
    /// `atan2(√((1 − x)(1 + x)), x)`.
    fn acos(self) -> Sym {
        Scalar::atan2(one_minus_square(self), self)
    }
    /// `atan2(x, 1)`.
    fn atan(self) -> Sym {
        Scalar::atan2(self, Sym::one())
    }
    fn sinh(self) -> Sym {
        Scalar::sinh(self)
    }
    fn cosh(self) -> Sym {
        Scalar::cosh(self)
    }
    fn tanh(self) -> Sym {
        Scalar::tanh(self)
    }
    /// `ln(x + √(x² + 1))`, which cancels for large negative `x` where libm's `asinh` does not.
    fn asinh(self) -> Sym {
        Scalar::ln(self + Scalar::sqrt(self * self + Sym::one()))
    }
    /// `ln(x + √((x − 1)(x + 1)))`.
    fn acosh(self) -> Sym {
        let one = Sym::one();
        Scalar::ln(self + Scalar::sqrt((self - one) * (self + one)))
    }
    /// `(ln(1 + x) − ln(1 − x)) / 2`.
    fn atanh(self) -> Sym {
        (Scalar::ln_1p(self) - Scalar::ln_1p(-self)) * Sym::constant(0.5)
    }
    /// `ln x / ln b`.
    fn log(self, base: Sym) -> Sym {
        Scalar::ln(self) / Scalar::ln(base)
    }
    /// `ln x / ln 2`.
    fn log2(self) -> Sym {
        Scalar::ln(self) / Sym::constant(consts::LN_2)
    }
    /// `ln x / ln 10`.
    fn log10(self) -> Sym {
        Scalar::ln(self) / Sym::constant(consts::LN_10)
    }
    fn ln(self) -> Sym {
        Scalar::ln(self)
    }
    fn ln_1p(self) -> Sym {
        Scalar::ln_1p(self)
    }
    fn sqrt(self) -> Sym {
        Scalar::sqrt(self)
    }
    fn exp(self) -> Sym {
        Scalar::exp(self)
    }
    /// `2ˣ`, as a recorded power.
    fn exp2(self) -> Sym {
        Scalar::powf(Sym::constant(2.0), self)
    }
    fn exp_m1(self) -> Sym {
        Scalar::exp_m1(self)
    }
    fn powi(self, n: i32) -> Sym {
        Scalar::powi(self, n)
    }
    fn powf(self, n: Sym) -> Sym {
        Scalar::powf(self, n)
    }
    fn powc(self, n: Sym) -> Sym {
        Scalar::powf(self, n)
    }
    /// Panics: the cube root has no operation of its own, and no exact identity builds it from
    /// the recorded ones (`x^(1/3)` is off where `1/3` is rounded).
    fn cbrt(self) -> Sym {
        panic!(
            "catad::staged: Sym::cbrt cannot be staged (no operation computes a cube root); \
             use powf with an exponent of your choosing"
        )
    }
    /// `|x| < ∞`, by a recorded comparison (false for NaN).
    fn is_finite(&self) -> bool {
        Scalar::abs(*self) < Sym::constant(f64::INFINITY)
    }
    /// `√x` where `x ≥ 0`, by a recorded comparison.
    fn try_sqrt(self) -> Option<Sym> {
        (self >= Sym::zero()).then(|| Scalar::sqrt(self))
    }
}

/// `√((1 − x)(1 + x))`, the cosine of `asin x`.
fn one_minus_square(x: Sym) -> Sym {
    let one = Sym::one();
    Scalar::sqrt((one - x) * (one + x))
}

impl RealField for Sym {
    /// Guarded: by a comparison with zero, or by the value where it is `±0` or NaN.
    fn is_sign_positive(&self) -> bool {
        self.sign().is_sign_positive()
    }
    /// Guarded: by a comparison with zero, or by the value where it is `±0` or NaN.
    fn is_sign_negative(&self) -> bool {
        self.sign().is_sign_negative()
    }
    /// `±|x|`, the sign of `sign` guarded.
    fn copysign(self, sign: Sym) -> Sym {
        let magnitude = Scalar::abs(self);
        if sign.sign().is_sign_negative() {
            -magnitude
        } else {
            magnitude
        }
    }
    fn max(self, other: Sym) -> Sym {
        self.larger(other)
    }
    fn min(self, other: Sym) -> Sym {
        self.smaller(other)
    }
    /// simba's clamp for `f64`, its comparisons recorded.
    fn clamp(self, min: Sym, max: Sym) -> Sym {
        if self < min {
            min
        } else if self > max {
            max
        } else {
            self
        }
    }
    fn atan2(self, other: Sym) -> Sym {
        Scalar::atan2(self, other)
    }
    fn min_value() -> Option<Sym> {
        Some(Sym::constant(f64::MIN))
    }
    fn max_value() -> Option<Sym> {
        Some(Sym::constant(f64::MAX))
    }
    fn pi() -> Sym {
        Sym::constant(consts::PI)
    }
    fn two_pi() -> Sym {
        Sym::constant(consts::TAU)
    }
    fn frac_pi_2() -> Sym {
        Sym::constant(consts::FRAC_PI_2)
    }
    fn frac_pi_3() -> Sym {
        Sym::constant(consts::FRAC_PI_3)
    }
    fn frac_pi_4() -> Sym {
        Sym::constant(consts::FRAC_PI_4)
    }
    fn frac_pi_6() -> Sym {
        Sym::constant(consts::FRAC_PI_6)
    }
    fn frac_pi_8() -> Sym {
        Sym::constant(consts::FRAC_PI_8)
    }
    fn frac_1_pi() -> Sym {
        Sym::constant(consts::FRAC_1_PI)
    }
    fn frac_2_pi() -> Sym {
        Sym::constant(consts::FRAC_2_PI)
    }
    fn frac_2_sqrt_pi() -> Sym {
        Sym::constant(consts::FRAC_2_SQRT_PI)
    }
    fn e() -> Sym {
        Sym::constant(consts::E)
    }
    fn log2_e() -> Sym {
        Sym::constant(consts::LOG2_E)
    }
    fn log10_e() -> Sym {
        Sym::constant(consts::LOG10_E)
    }
    fn ln_2() -> Sym {
        Sym::constant(consts::LN_2)
    }
    fn ln_10() -> Sym {
        Sym::constant(consts::LN_10)
    }
}

#[cfg(test)]
mod tests {
    use super::super::recorder::record;
    use super::super::tape::{Diverged, Tape};
    use super::Sym;
    use approx::{AbsDiffEq, RelativeEq, UlpsEq};
    use nalgebra::{ComplexField, RealField};
    use num_traits::{Signed, Zero};

    /// `f` recorded at `at`, compiled to a tape.
    fn staged<const N: usize>(at: [f64; N], f: impl Fn([Sym; N]) -> Sym) -> Tape {
        let (y, recording) = record(&at, true, |xs| f(xs.try_into().expect("N inputs")));
        Tape::new(recording, N, &[y])
    }

    fn run(tape: &Tape, x: &[f64]) -> Result<f64, Diverged> {
        let mut out = [0.0];
        tape.eval(x, &mut tape.workspace(), &mut out)?;
        Ok(out[0])
    }

    /// The tape of `sym` recorded at `at` computes `direct` there and at `elsewhere` (within a
    /// few units in the last place); returned to be tried across its guards.
    fn agrees<const N: usize>(
        sym: impl Fn([Sym; N]) -> Sym,
        direct: impl Fn([f64; N]) -> f64,
        at: [f64; N],
        elsewhere: [f64; N],
    ) -> Tape {
        let tape = staged(at, sym);
        for x in [at, elsewhere] {
            let (staged, direct) = (run(&tape, &x).expect("same branch"), direct(x));
            assert!(
                (staged - direct).abs() <= 1e-15 * direct.abs().max(1.0),
                "at {x:?}: {staged} staged, {direct} directly"
            );
        }
        tape
    }

    /// One test per method built from recorded operations: its tape, recorded at one point,
    /// computes the `f64` method at that point and at another.
    macro_rules! recorded {
        ($($test:ident: $sym:expr, $direct:expr, $at:expr, $elsewhere:expr;)*) => {$(
            #[test]
            fn $test() {
                let tape = agrees($sym, $direct, $at, $elsewhere);
                assert_eq!(tape.guards(), 0);
            }
        )*};
    }

    recorded! {
        tan_is_sine_over_cosine:
            |[x]| ComplexField::tan(x), |[x]: [f64; 1]| x.tan(), [0.3], [1.2];
        asin_is_an_atan2:
            |[x]| ComplexField::asin(x), |[x]: [f64; 1]| x.asin(), [0.3], [-0.7];
        acos_is_an_atan2:
            |[x]| ComplexField::acos(x), |[x]: [f64; 1]| x.acos(), [0.3], [-0.7];
        atan_is_an_atan2:
            |[x]| ComplexField::atan(x), |[x]: [f64; 1]| x.atan(), [0.3], [-4.0];
        asinh_is_a_logarithm:
            |[x]| ComplexField::asinh(x), |[x]: [f64; 1]| x.asinh(), [0.3], [2.5];
        acosh_is_a_logarithm:
            |[x]| ComplexField::acosh(x), |[x]: [f64; 1]| x.acosh(), [1.5], [3.0];
        atanh_is_a_difference_of_logarithms:
            |[x]| ComplexField::atanh(x), |[x]: [f64; 1]| x.atanh(), [0.3], [-0.6];
        log_is_a_quotient_of_logarithms:
            |[x, b]| ComplexField::log(x, b), |[x, b]: [f64; 2]| x.log(b), [5.0, 3.0], [0.5, 7.0];
        log2_is_a_logarithm_over_ln_2:
            |[x]| ComplexField::log2(x), |[x]: [f64; 1]| x.log2(), [5.0], [0.3];
        log10_is_a_logarithm_over_ln_10:
            |[x]| ComplexField::log10(x), |[x]: [f64; 1]| x.log10(), [5.0], [0.3];
        exp2_is_a_power_of_two:
            |[x]| ComplexField::exp2(x), |[x]: [f64; 1]| x.exp2(), [0.3], [-2.5];
        hypot_is_a_square_root:
            |[x, y]| ComplexField::hypot(x, y), |[x, y]: [f64; 2]| x.hypot(y), [3.0, 4.0], [0.5, -2.0];
        recip_is_a_quotient:
            |[x]| ComplexField::recip(x), |[x]: [f64; 1]| x.recip(), [0.3], [-4.0];
        mul_add_is_a_product_and_a_sum:
            |[x, a, b]| ComplexField::mul_add(x, a, b),
            |[x, a, b]: [f64; 3]| x.mul_add(a, b),
            [0.5, 3.0, 1.0],
            [2.0, -0.25, 4.0];
    }

    #[test]
    fn max_min_and_clamp_hold_on_their_side_of_a_recorded_comparison() {
        let max = agrees(
            |[x, y]| RealField::max(x, y),
            |[x, y]| x.max(y),
            [1.0, 2.0],
            [3.0, 5.0],
        );
        assert_eq!(run(&max, &[3.0, 2.0]), Err(Diverged));
        let min = agrees(
            |[x, y]| RealField::min(x, y),
            |[x, y]| x.min(y),
            [1.0, 2.0],
            [3.0, 5.0],
        );
        assert_eq!(run(&min, &[3.0, 2.0]), Err(Diverged));
        let clamp = |[x]: [Sym; 1]| RealField::clamp(x, Sym::zero(), Sym::constant(1.0));
        let clamp = agrees(clamp, |[x]| x.clamp(0.0, 1.0), [0.25], [0.75]);
        assert_eq!(run(&clamp, &[2.0]), Err(Diverged));
    }

    #[test]
    fn copysign_abs_sub_and_argument_hold_on_their_side_of_zero() {
        let copysign = agrees(
            |[x, s]| RealField::copysign(x, s),
            |[x, s]| x.copysign(s),
            [2.0, -1.0],
            [-3.0, -5.0],
        );
        assert_eq!(run(&copysign, &[2.0, 1.0]), Err(Diverged));
        let abs_sub = agrees(
            |[x, y]| Signed::abs_sub(&x, &y),
            |[x, y]| Signed::abs_sub(&x, &y),
            [3.0, 1.0],
            [5.0, -2.0],
        );
        assert_eq!(run(&abs_sub, &[1.0, 3.0]), Err(Diverged));
        let argument = agrees(
            |[x]| ComplexField::argument(x) + x,
            |[x]| ComplexField::argument(x) + x,
            [-2.0],
            [-0.5],
        );
        assert_eq!(run(&argument, &[1.0]), Err(Diverged));
    }

    #[test]
    fn rem_holds_where_the_quotient_is_the_same() {
        let rem = agrees(|[x, y]| x % y, |[x, y]| x % y, [7.0, 2.0], [14.0, 4.0]);
        assert_eq!(run(&rem, &[7.0, 3.0]), Err(Diverged));
    }

    #[test]
    fn finiteness_and_try_sqrt_are_recorded_comparisons() {
        let finite = |x: f64| if x.is_finite() { x } else { 0.0 };
        let sym_finite = |[x]: [Sym; 1]| {
            if ComplexField::is_finite(&x) {
                x
            } else {
                Sym::zero()
            }
        };
        let tape = agrees(sym_finite, |[x]| finite(x), [1.0], [-3.0]);
        assert_eq!(run(&tape, &[f64::INFINITY]), Err(Diverged));
        let tape = agrees(
            |[x]| ComplexField::try_sqrt(x).unwrap_or(Sym::zero()),
            |[x]| ComplexField::try_sqrt(x).unwrap_or(0.0),
            [4.0],
            [2.0],
        );
        assert_eq!(run(&tape, &[-1.0]), Err(Diverged));
    }

    #[test]
    fn approximate_equalities_are_recorded_comparisons() {
        fn pick<T>(equal: bool, x: T, y: T) -> T {
            if equal { x } else { y }
        }
        let tape = agrees(
            |[x, y]| pick(x.abs_diff_eq(&y, Sym::constant(0.1)), x, y),
            |[x, y]| pick(x.abs_diff_eq(&y, 0.1), x, y),
            [1.0, 1.05],
            [2.0, 1.95],
        );
        assert_eq!(run(&tape, &[1.0, 2.0]), Err(Diverged));
        let (epsilon, relative) = (Sym::constant(1e-3), Sym::constant(1e-2));
        let tape = agrees(
            |[x, y]| pick(x.relative_eq(&y, epsilon, relative), x, y),
            |[x, y]| pick(x.relative_eq(&y, 1e-3, 1e-2), x, y),
            [100.0, 100.5],
            [200.0, 201.0],
        );
        assert_eq!(run(&tape, &[1.0, 2.0]), Err(Diverged));
    }

    #[test]
    fn floor_is_guarded_by_the_value() {
        let tape = staged([1.5], |[x]| ComplexField::floor(x));
        assert_eq!(run(&tape, &[1.5]), Ok(1.0));
        assert_eq!(tape.guards(), 1);
        assert_eq!(run(&tape, &[2.5]), Err(Diverged));
        assert_eq!(run(&tape, &[1.7]), Err(Diverged));
    }

    #[test]
    fn the_other_locally_constant_methods_are_guarded_by_the_value() {
        let methods: [(fn(Sym) -> Sym, fn(f64) -> f64); 4] = [
            (ComplexField::ceil, f64::ceil),
            (ComplexField::round, f64::round),
            (ComplexField::trunc, f64::trunc),
            (ComplexField::fract, f64::fract),
        ];
        for (sym, direct) in methods {
            let tape = staged([-1.25], |[x]| sym(x));
            assert_eq!(run(&tape, &[-1.25]), Ok(direct(-1.25)));
            assert_eq!(run(&tape, &[-2.25]), Err(Diverged));
        }
        let ulps = |[x, y]: [Sym; 2]| if x.ulps_eq(&y, Sym::zero(), 4) { x } else { y };
        let tape = staged([1.0, 1.0 + f64::EPSILON], ulps);
        assert_eq!(run(&tape, &[1.0, 1.0 + f64::EPSILON]), Ok(1.0));
        assert_eq!(run(&tape, &[2.0, 2.0]), Err(Diverged));
    }

    #[test]
    fn signum_holds_on_its_side_of_zero_and_tells_the_zeros_apart() {
        let tape = staged([2.0], |[x]| ComplexField::signum(x) * x);
        assert_eq!(run(&tape, &[5.0]), Ok(5.0));
        assert_eq!(run(&tape, &[-1.0]), Err(Diverged));
        let tape = staged([0.0], |[x]| ComplexField::signum(x));
        assert_eq!(run(&tape, &[0.0]), Ok(1.0));
        assert_eq!(run(&tape, &[-0.0]), Err(Diverged));
    }

    #[test]
    #[should_panic(expected = "Sym::cbrt cannot be staged")]
    fn cbrt_is_refused() {
        staged([8.0], |[x]| ComplexField::cbrt(x));
    }
}
