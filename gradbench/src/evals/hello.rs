//! `hello`: `square` is x², `double` its derivative 2x, taken by reverse mode.

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::prelude::*;
use serde_json::Value;
use std::time::Instant;

/// x².
#[catad::program]
pub fn square(x: f64) -> f64 {
    x * x
}

/// `square` (x²) or `double` (its derivative, by [`gradient`] in [`Reverse`] mode) at `input`.
///
/// ```
/// use catad_gradbench::evals::hello;
/// assert_eq!(hello::evaluate("double", serde_json::json!(4.0)).unwrap().output, 8.0);
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let x: f64 = parse("hello", input)?;
    let start = Instant::now();
    match function {
        "square" => {
            let f = square::<Fun>();
            measure(runs, start.elapsed(), || f.apply(x))
        }
        "double" => {
            let f = square::<Reverse>();
            measure(runs, start.elapsed(), || gradient(&f, x))
        }
        _ => Err(no_function("hello", function)),
    }
}
