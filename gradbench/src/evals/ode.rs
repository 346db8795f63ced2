//! `ode`: cmpad's `an_ode`, the system `y₀' = x₀`, `yᵢ' = xᵢ yᵢ₋₁` from `y(0) = 0` to `t = 2`,
//! integrated by `s` steps of the classical Runge–Kutta method, as GradBench's `ode.hpp` does it.
//! `gradient` is the gradient of the last element of `y(2)` with respect to `x`.
//!
//! The objective is three `#[catad::program]`s over `DVector`s: the right-hand side, one step,
//! and the solver, whose `s` steps are a `for` loop (a run-time loop, so one program serves every
//! `n` and `s`). Each operation on vectors (`x.component_mul(…)`, `y + c * k`, `linalg::shift`)
//! is one primitive of [`catad::linalg`] with its derivative, not one per element. The gradient
//! is catad's [`vjp`] in [`Reverse`] mode with the cotangent `eₙ₋₁` (the last element's
//! gradient).

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::linalg;
use catad::prelude::*;
use nalgebra::DVector;
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

/// The right-hand side `z = x ⊙ (shift y + e₀)`: `z₀ = x₀`, `zᵢ = xᵢ yᵢ₋₁`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ode::rhs;
/// use nalgebra::DVector;
/// let (x, e0) = (DVector::from_vec(vec![2.0, 3.0, 4.0]), DVector::from_vec(vec![1.0, 0.0, 0.0]));
/// let z = rhs::<Fun>().apply((x, e0, DVector::from_vec(vec![5.0, 6.0, 7.0])));
/// assert_eq!(z, DVector::from_vec(vec![2.0, 15.0, 24.0]));
/// ```
#[catad::program]
pub fn rhs(x: DVector<f64>, e0: DVector<f64>, y: DVector<f64>) -> DVector<f64> {
    let shifted: DVector<f64> = linalg::shift(y);
    x.component_mul(&(shifted + e0))
}

/// One step of the classical Runge–Kutta method from `y`, of length `h`:
/// `k₁ = f(y)`, `k₂ = f(y + h/2 k₁)`, `k₃ = f(y + h/2 k₂)`, `k₄ = f(y + h k₃)`,
/// `y + h/6 (k₁ + 2 k₂ + 2 k₃ + k₄)`. Each `kᵢ` is computed once.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ode::rk4_step;
/// use nalgebra::DVector;
/// // y₀' = x₀ = 3 from y₀ = 1: one step of 0.5 reaches 2.5.
/// let (x, e0) = (DVector::from_vec(vec![3.0]), DVector::from_vec(vec![1.0]));
/// let y = rk4_step::<Fun>().apply((x, e0, 0.5, DVector::from_vec(vec![1.0])));
/// assert_eq!(y, DVector::from_vec(vec![2.5]));
/// ```
#[catad::program]
pub fn rk4_step(x: DVector<f64>, e0: DVector<f64>, h: f64, y: DVector<f64>) -> DVector<f64> {
    let k1: DVector<f64> = rhs(x, e0, y);
    let k2: DVector<f64> = rhs(x, e0, y + (h / 2.0) * k1);
    let k3: DVector<f64> = rhs(x, e0, y + (h / 2.0) * k2);
    let k4: DVector<f64> = rhs(x, e0, y + h * k3);
    y + (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
}

/// `y(2)` for the coefficients `x`, after `s` Runge–Kutta steps from `y(0) = 0`, for any length
/// of `x` and any `s`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ode::ode;
/// use nalgebra::DVector;
/// // y₀ = 2 x₀ exactly; y₁ = x₁ x₀ t²/2 = 2 x₀ x₁, exact for Runge–Kutta (a polynomial of degree 2).
/// let y = ode::<Fun>().apply((DVector::from_vec(vec![0.5, 3.0]), 4));
/// assert!((y[0] - 1.0).abs() < 1e-12 && (y[1] - 3.0).abs() < 1e-12);
/// ```
#[catad::program]
pub fn ode(x: DVector<f64>, s: usize) -> DVector<f64> {
    let n = x.len();
    let e0: DVector<f64> = linalg::unit(n, 0);
    let h = 2.0 / (s as f64);
    let mut y: DVector<f64> = linalg::zeros(n);
    for _ in 0..s {
        y = rk4_step(x, e0, h, y);
    }
    y
}

/// The eval's input: the coefficients and the number of steps.
#[derive(Debug, Deserialize)]
struct Input {
    x: Vec<f64>,
    s: usize,
}

/// `primal` (`y(2)`) or `gradient` (the gradient of its last element with respect to `x`, by
/// [`vjp`] in [`Reverse`] mode) at `input`. The program is built once per evaluation, before the
/// timed runs.
///
/// ```
/// use catad_gradbench::evals::ode;
/// let input = serde_json::json!({"x": [0.5, 3.0], "s": 4});
/// let y = ode::evaluate("primal", input.clone()).unwrap().output;
/// assert!((y[1].as_f64().unwrap() - 3.0).abs() < 1e-12);
/// // ∂y₁/∂x = (2 x₁, 2 x₀)
/// let g = ode::evaluate("gradient", input).unwrap().output;
/// assert!((g[0].as_f64().unwrap() - 6.0).abs() < 1e-12 && (g[1].as_f64().unwrap() - 1.0).abs() < 1e-12);
/// assert!(ode::evaluate("gradient", serde_json::json!({"x": [], "s": 1})).is_err());
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let Input { x, s } = parse("ode", input)?;
    if x.is_empty() {
        return Err("ode: x is empty, so y has no last element".to_string());
    }
    let n = x.len();
    let x = DVector::from_vec(x);
    let start = Instant::now();
    match function {
        "primal" => {
            let f = ode::<Fun>();
            measure(runs, start.elapsed(), || {
                f.apply((x.clone(), s)).as_slice().to_vec()
            })
        }
        "gradient" => {
            let f = ode::<Reverse>();
            let last = DVector::from_fn(n, |i, _| if i + 1 == n { 1.0 } else { 0.0 });
            measure(runs, start.elapsed(), || {
                let (_, (dx, _)) = vjp(&f, (x.clone(), s), last.clone());
                dx.as_slice().to_vec()
            })
        }
        _ => Err(no_function("ode", function)),
    }
}
