//! `saddle`: the saddle point of `f(p₁, p₂) = (x₁² + y₁²) − (x₂² + y₂²)`, `min_{p₁} max_{p₂}
//! f(p₁, p₂)`, by gradient descent nested in gradient descent (Siskind and Pearlmutter): the
//! argmin over `p₁` follows the gradient of `p₁ ↦ max_{p₂} f(p₁, p₂)`, and that maximum is found
//! by gradient ascent on `f`'s gradient — so the outer gradient is taken through an inner
//! optimisation that takes gradients itself. Then `p₂` is the argmax of `f(p₁, ·)`.
//!
//! The inner gradient is catad's [`gradient_of`] of the program [`objective`], in the inner
//! mode, called from the program [`inner::forward::max_over_p2`] (or `inner::reverse`'s) through
//! `catad::primitive!`; the outer gradient is catad's [`gradient`] of that program in the outer
//! mode. `ff`, `fr`, `rf` and `rr` name the outer mode, then the inner (`f` forward, `r`
//! reverse). The outermost descents run on values ([`super::descent`]).

use super::descent::{argmax, argmin};
use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::interpretations::DMap;
use catad::nested::gradient_of;
use catad::prelude::*;
use catad::staged::Sym;
use catad::vocabulary::LinearMap;
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

/// `f(p₁, p₂) = (x₁² + y₁²) − (x₂² + y₂²)`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::saddle::objective;
/// assert_eq!(objective::<Fun, f64>().apply((1.0, 2.0, 3.0, 1.0)), -5.0);
/// ```
#[catad::program]
pub fn objective<S: Scalar>(x1: S, y1: S, x2: S, y2: S) -> S {
    (x1 * x1 + y1 * y1) - (x2 * x2 + y2 * y2)
}

/// A point's four coordinates as the programs' domain.
type Point4 = (f64, f64, f64, f64);

/// The inner gradient and the inner optimisation, for each inner mode.
macro_rules! inner_mode {
    ($module:ident, $mode:ty, $name:literal) => {
        #[doc = concat!("The inner optimisation, its gradient taken in ", $name, " mode.")]
        pub mod $module {
            use super::*;

            catad::primitive! {
                #[doc = concat!("The gradient of [`objective`], taken in ", $name, " mode.")]
                pub fn objective_gradient<S: Scalar>(x1: S, y1: S, x2: S, y2: S) -> (S, S, S, S) =
                    gradient_of::<S, _, _>(&objective::<$mode, Sym>());
            }

            /// `max_{p₂} f(p₁, p₂)` by gradient ascent from `s`, following the inner gradient:
            /// [`argmax`]'s steps, written as a program so that the outer mode differentiates
            /// through them.
            ///
            /// ```
            /// use catad::prelude::*;
            #[doc = concat!("use catad_gradbench::evals::saddle::inner::", stringify!($module), "::max_over_p2;")]
            /// // max over p₂ of 1 + 4 − |p₂|² is 5, at p₂ = 0.
            /// let m = max_over_p2::<Fun, f64>().apply((1.0, 2.0, 1.0, 1.0));
            /// assert!((m - 5.0).abs() < 1e-9);
            /// ```
            #[catad::program]
            pub fn max_over_p2<S: Scalar>(x1: S, y1: S, s1: S, s2: S) -> S {
                let mut x2 = s1;
                let mut y2 = s2;
                let mut fx = -objective(x1, y1, x2, y2);
                let (_, _, g2, h2) = objective_gradient(x1, y1, x2, y2);
                let mut gx = -g2;
                let mut gy = -h2;
                let mut eta = 1e-5;
                let mut taken = 0.0;
                let mut going = 1.0;
                while going > 0.5 {
                    if (gx * gx + gy * gy).sqrt() <= 1e-5 {
                        going = 0.0;
                    } else if taken > 9.5 {
                        eta = 2.0 * eta;
                        taken = 0.0;
                    } else {
                        let nx = x2 - eta * gx;
                        let ny = y2 - eta * gy;
                        if ((x2 - nx) * (x2 - nx) + (y2 - ny) * (y2 - ny)).sqrt() <= 1e-5 {
                            going = 0.0;
                        } else {
                            let f_next = -objective(x1, y1, nx, ny);
                            if f_next < fx {
                                let (_, _, g2, h2) = objective_gradient(x1, y1, nx, ny);
                                x2 = nx;
                                y2 = ny;
                                fx = f_next;
                                gx = -g2;
                                gy = -h2;
                                taken = taken + 1.0;
                            } else {
                                eta = eta / 2.0;
                                taken = 0.0;
                            }
                        }
                    }
                }
                objective(x1, y1, x2, y2)
            }
        }
    };
}

/// The inner optimisations, one module per inner mode.
pub mod inner {
    use super::*;
    inner_mode!(forward, Forward, "forward");
    inner_mode!(reverse, Reverse, "reverse");
}

/// The saddle point from `start`: `p₁` minimising `max_over_p2` (a program in the outer mode
/// `K`, its inner mode fixed), then `p₂` maximising `f(p₁, ·)`, both gradients in `K`.
fn saddle<K: LinearMap<f64>>(
    max_over_p2: &DMap<K, Point4, f64>,
    objective: &DMap<K, Point4, f64>,
    [s1, s2]: [f64; 2],
) -> Vec<f64> {
    let r1 = argmin(
        |p| max_over_p2.apply((p[0], p[1], s1, s2)),
        |p| {
            let (gx, gy, _, _) = gradient(max_over_p2, (p[0], p[1], s1, s2));
            vec![gx, gy]
        },
        &[s1, s2],
    );
    let r2 = argmax(
        |p| objective.apply((r1[0], r1[1], p[0], p[1])),
        |p| {
            let (_, _, gx, gy) = gradient(objective, (r1[0], r1[1], p[0], p[1]));
            vec![gx, gy]
        },
        &[s1, s2],
    );
    [r1, r2].concat()
}

/// The eval's input: the starting point of every descent.
#[derive(Deserialize)]
struct Input {
    start: [f64; 2],
}

/// `ff`, `fr`, `rf` or `rr` at `input`: the saddle point's `[x₁, y₁, x₂, y₂]`.
///
/// ```
/// use catad_gradbench::evals::saddle;
/// let input = serde_json::json!({"start": [1.0, 1.0], "min_runs": 1, "min_seconds": 0});
/// let out = saddle::evaluate("rf", input).unwrap().output;
/// let point: Vec<f64> = serde_json::from_value(out).unwrap();
/// assert!(point.iter().all(|x| x.abs() < 1e-4));
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let Input { start } = parse("saddle", input)?;
    let begin = Instant::now();
    match function {
        "ff" => {
            let (m, f) = (
                inner::forward::max_over_p2::<Forward, f64>(),
                objective::<Forward, f64>(),
            );
            measure(runs, begin.elapsed(), || saddle(&m, &f, start))
        }
        "fr" => {
            let (m, f) = (
                inner::reverse::max_over_p2::<Forward, f64>(),
                objective::<Forward, f64>(),
            );
            measure(runs, begin.elapsed(), || saddle(&m, &f, start))
        }
        "rf" => {
            let (m, f) = (
                inner::forward::max_over_p2::<Reverse, f64>(),
                objective::<Reverse, f64>(),
            );
            measure(runs, begin.elapsed(), || saddle(&m, &f, start))
        }
        "rr" => {
            let (m, f) = (
                inner::reverse::max_over_p2::<Reverse, f64>(),
                objective::<Reverse, f64>(),
            );
            measure(runs, begin.elapsed(), || saddle(&m, &f, start))
        }
        _ => Err(no_function("saddle", function)),
    }
}
