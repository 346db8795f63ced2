//! `llsq`: the linear least-squares objective of cmpad,
//! `½ Σᵢ (sign(tᵢ) − Σⱼ xⱼ tᵢʲ)²` at the `n` points `tᵢ = −1 + 2i/(n − 1)`, for a polynomial of
//! `m` coefficients `x`. The program takes `x` and the count `n` (a `usize`, of dimension 0, so
//! the gradient is with respect to `x` alone); its gradient is catad's [`gradient`] in [`Reverse`]
//! mode. The inner sum folds over the elements of `x` rather than indexing `x[j]`: measured at
//! `n` = 2048, `m` = 128, this runs in 0.9–1.1 s in [`Reverse`] and 1.4 s in [`ReverseDelta`];
//! indexing `x[j]` in a fold over `0..m` was slower in both (its environment carries `x`).

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::prelude::*;
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

/// Half the sum of squared residuals of the polynomial with coefficients `x` fitted to the sign
/// function at `n` evenly spaced points of `[−1, 1]`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::llsq::llsq;
/// // At t = −1, 0, 1 the constant 0.5 misses sign(t) by 1.5, 0.5 and 0.5.
/// assert_eq!(llsq::<Fun>().apply((vec![0.5], 3)), (1.5 * 1.5 + 0.5 * 0.5 + 0.5 * 0.5) / 2.0);
/// // ∂/∂x₀ = −Σᵢ rᵢ = −(−1.5 − 0.5 + 0.5)
/// assert_eq!(gradient(&llsq::<Reverse>(), (vec![0.5], 3)).0, vec![1.5]);
/// ```
#[catad::program]
pub fn llsq(x: Vec<f64>, n: usize) -> f64 {
    let squares = (0..n)
        .map(|i| {
            let t = -1.0 + (i as f64) * 2.0 / ((n as f64) - 1.0);
            let s = if t > 0.0 {
                1.0
            } else if t < 0.0 {
                -1.0
            } else {
                0.0
            };
            let r = x
                .iter()
                .fold((s, 1.0), |(r, power), xj| (r - xj * power, power * t))
                .0;
            r * r
        })
        .sum::<f64>();
    squares / 2.0
}

/// The eval's input: the coefficients and the number of points.
#[derive(Debug, Deserialize)]
struct Input {
    x: Vec<f64>,
    n: usize,
}

/// `primal` (the objective) or `gradient` (its gradient with respect to `x`, by [`gradient`] in
/// [`Reverse`] mode) at `input`. The program is built once per evaluation, before the timed runs.
///
/// ```
/// use catad_gradbench::evals::llsq;
/// let input = serde_json::json!({"x": [0.5], "n": 3});
/// assert_eq!(llsq::evaluate("primal", input.clone()).unwrap().output, 1.375);
/// assert_eq!(llsq::evaluate("gradient", input).unwrap().output, serde_json::json!([1.5]));
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let Input { x, n } = parse("llsq", input)?;
    let start = Instant::now();
    match function {
        "primal" => {
            let f = llsq::<Fun>();
            measure(runs, start.elapsed(), || f.apply((x.clone(), n)))
        }
        "gradient" => {
            let f = llsq::<Reverse>();
            measure(runs, start.elapsed(), || gradient(&f, (x.clone(), n)).0)
        }
        _ => Err(no_function("llsq", function)),
    }
}
