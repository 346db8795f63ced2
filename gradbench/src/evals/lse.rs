//! `lse`: LogSumExp with the max trick, `a + ln Σᵢ exp(xᵢ − a)` where `a = max x`, over a vector
//! whose length comes with the input. The program is written once, as plain Rust over a `Vec`;
//! its gradient (the softmax of `x`) is catad's [`gradient`] in [`Reverse`] mode.

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::prelude::*;
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

/// LogSumExp: the largest element `a`, plus the log of the sum of `exp(xᵢ − a)` (so that no
/// exponential overflows).
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::lse::lse;
/// let x = vec![0.0, 2.0_f64.ln()];
/// assert!((lse::<Fun>().apply(x.clone()) - 3.0_f64.ln()).abs() < 1e-12);
/// let g = gradient(&lse::<Reverse>(), x);
/// assert!((g[0] - 1.0 / 3.0).abs() < 1e-12 && (g[1] - 2.0 / 3.0).abs() < 1e-12);
/// ```
#[catad::program]
pub fn lse(x: Vec<f64>) -> f64 {
    let a = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    a + x.iter().map(|xi| (xi - a).exp()).sum::<f64>().ln()
}

/// The eval's input.
#[derive(Debug, Deserialize)]
struct Input {
    x: Vec<f64>,
}

/// `primal` (LogSumExp) or `gradient` (its gradient, by [`gradient`] in [`Reverse`] mode) at
/// `input`. The program is built once per evaluation, before the timed runs.
///
/// ```
/// use catad_gradbench::evals::lse;
/// let input = serde_json::json!({"x": [1.0, 1.0]});
/// let primal = lse::evaluate("primal", input.clone()).unwrap().output;
/// assert!((primal.as_f64().unwrap() - (1.0 + 2.0_f64.ln())).abs() < 1e-12);
/// assert_eq!(lse::evaluate("gradient", input).unwrap().output, serde_json::json!([0.5, 0.5]));
/// // The maximum of no numbers is catad's error, answered as a failure.
/// let empty = catad_gradbench::protocol::answer(
///     r#"{"id":0,"kind":"evaluate","module":"lse","function":"primal","input":{"x":[]}}"#,
/// );
/// assert_eq!(empty["success"], false);
/// assert!(empty["error"].as_str().unwrap().contains("empty vector"), "{empty}");
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let Input { x } = parse("lse", input)?;
    let start = Instant::now();
    match function {
        "primal" => {
            let f = lse::<Fun>();
            measure(runs, start.elapsed(), || f.apply(x.clone()))
        }
        "gradient" => {
            let f = lse::<Reverse>();
            measure(runs, start.elapsed(), || gradient(&f, x.clone()))
        }
        _ => Err(no_function("lse", function)),
    }
}
