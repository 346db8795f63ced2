//! Each nonlinear scalar primitive's value and partial derivatives at a point: the one statement
//! of the paper's Fig. 6 table that `D<K>`'s numeric instances and a staged tape's derivative
//! ([`crate::staged::Tape::linearize`]) both read.
//!
//! A unary rule returns `(f a, f′ a)`, a binary one `(f (a, b), [∂f/∂a, ∂f/∂b])`.

use crate::space::Scalar;

/// `recip′ a = −1/a²`.
pub(crate) fn recip<S: Scalar>(a: S) -> (S, S) {
    let r = S::from_f64(1.0) / a;
    (r, -(r * r))
}

/// `sin′ = cos`.
pub(crate) fn sin<S: Scalar>(a: S) -> (S, S) {
    (a.sin(), a.cos())
}

/// `cos′ = −sin`.
pub(crate) fn cos<S: Scalar>(a: S) -> (S, S) {
    (a.cos(), -a.sin())
}

/// `exp′ = exp`.
pub(crate) fn exp<S: Scalar>(a: S) -> (S, S) {
    let e = a.exp();
    (e, e)
}

/// `ln′ a = 1/a`.
pub(crate) fn ln<S: Scalar>(a: S) -> (S, S) {
    (a.ln(), S::from_f64(1.0) / a)
}

/// `sqrt′ a = 1/(2√a)`.
pub(crate) fn sqrt<S: Scalar>(a: S) -> (S, S) {
    let r = a.sqrt();
    (r, S::from_f64(0.5) / r)
}

/// `tanh′ a = 1 − tanh² a`.
pub(crate) fn tanh<S: Scalar>(a: S) -> (S, S) {
    let t = a.tanh();
    (t, S::from_f64(1.0) - t * t)
}

/// `(aⁿ)′ = n aⁿ⁻¹` (0 for `n = 0`).
pub(crate) fn powi<S: Scalar>(a: S, n: i32) -> (S, S) {
    let d = if n == 0 {
        S::zero()
    } else {
        S::from_f64(f64::from(n)) * a.powi(n - 1)
    };
    (a.powi(n), d)
}

/// `sinh′ = cosh`.
pub(crate) fn sinh<S: Scalar>(a: S) -> (S, S) {
    (a.sinh(), a.cosh())
}

/// `cosh′ = sinh`.
pub(crate) fn cosh<S: Scalar>(a: S) -> (S, S) {
    (a.cosh(), a.sinh())
}

/// `log1p′ a = 1/(1 + a)`.
pub(crate) fn log1p<S: Scalar>(a: S) -> (S, S) {
    (a.ln_1p(), S::from_f64(1.0) / (S::from_f64(1.0) + a))
}

/// `expm1′ = exp`.
pub(crate) fn expm1<S: Scalar>(a: S) -> (S, S) {
    (a.exp_m1(), a.exp())
}

/// `erf′ a = 2/√π · e^{−a²}`.
pub(crate) fn erf<S: Scalar>(a: S) -> (S, S) {
    let two_over_root_pi = S::from_f64(std::f64::consts::FRAC_2_SQRT_PI);
    (a.erf(), two_over_root_pi * (-(a * a)).exp())
}

/// `abs′ a = sign a`, 0 at 0 (the subgradient stated on
/// [`MinMaxCat`](crate::vocabulary::MinMaxCat)).
pub(crate) fn abs<S: Scalar>(a: S) -> (S, S) {
    let sign = if a > S::zero() {
        S::from_f64(1.0)
    } else if a < S::zero() {
        S::from_f64(-1.0)
    } else {
        S::zero()
    };
    (a.abs(), sign)
}

/// The larger of `a` and `b` ([`Scalar::larger`]) and its partial derivatives: the larger
/// argument's (a NaN's, if either is), half each at a tie, as `max_c` takes them.
pub(crate) fn max<S: Scalar>(a: S, b: S) -> (S, [S; 2]) {
    let (one, half, zero) = (S::from_f64(1.0), S::from_f64(0.5), S::zero());
    let d = if b > a || b.is_nan() {
        [zero, one]
    } else if a > b || a.is_nan() {
        [one, zero]
    } else {
        [half, half]
    };
    (a.larger(b), d)
}

/// `∂(a·b) = [b, a]`.
pub(crate) fn mul<S: Scalar>(a: S, b: S) -> (S, [S; 2]) {
    (a * b, [b, a])
}

/// `∂(a/b) = [1/b, −a/b²]`.
pub(crate) fn div<S: Scalar>(a: S, b: S) -> (S, [S; 2]) {
    let r = S::from_f64(1.0) / b;
    let q = a * r;
    (q, [r, -(q * r)])
}

/// `∂/∂x xʸ = y xʸ⁻¹`, `∂/∂y xʸ = xʸ ln x` (taken as 0 where `xʸ = 0`).
pub(crate) fn powf<S: Scalar>(x: S, y: S) -> (S, [S; 2]) {
    let v = x.powf(y);
    let dx = y * x.powf(y - S::from_f64(1.0));
    let dy = if v == S::zero() {
        S::zero()
    } else {
        v * x.ln()
    };
    (v, [dx, dy])
}

/// `∂ atan2(y, x) = [x, −y] / (x² + y²)`.
pub(crate) fn atan2<S: Scalar>(y: S, x: S) -> (S, [S; 2]) {
    let r2 = x * x + y * y;
    (y.atan2(x), [x / r2, -y / r2])
}
