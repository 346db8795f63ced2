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

crate::space::real_field::real_field!(
    Sym,
    /// Panics: the cube root has no operation of its own, and no exact identity builds it from
    /// the recorded ones (`x^(1/3)` is off where `1/3` is rounded).
    fn cbrt(self) -> Sym {
        panic!(
            "catad::staged: Sym::cbrt cannot be staged (no operation computes a cube root); \
             use powf with an exponent of your choosing"
        )
    },
    /// Whether the value is zero, by a recorded comparison.
    #[inline]
    fn is_zero(&self) -> bool {
        *self == Sym::constant(0.0)
    }
);

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
