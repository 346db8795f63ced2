//! `particle`: the control `w` that makes a charged particle, pushed by two fixed charges at
//! `(10, 10 − w)` and `(10, 0)`, cross the x-axis at the origin (Siskind and Pearlmutter). The
//! particle's path is integrated by Euler's method from `(0, 8)` at velocity `(0.75, 0)` in steps of
//! 0.1 until it would cross the axis, its acceleration the negated gradient of the potential;
//! then `w` minimises the square of where the path meets the axis, by gradient descent.
//!
//! The inner gradient (the force) is catad's [`gradient_of`] of the program [`potential`], in the
//! inner mode, called at every Euler step of the program [`inner::forward::miss`] (or
//! `inner::reverse`'s) through `catad::primitive!`; the outer derivative, of `miss` by `w`, is
//! taken through the whole `while` loop in the outer mode. `ff`, `fr`, `rf` and `rr` name the
//! outer mode, then the inner (`f` forward, `r` reverse). The descent runs on values
//! ([`super::descent`]).

use super::descent::argmin;
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

/// The potential at `(x, y)` of unit charges at `(10, 10 − w)` and `(10, 0)`: the sum of the
/// inverse distances.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::particle::potential;
/// // With w = 0, at (10, 5) both charges are 5 away.
/// assert_eq!(potential::<Fun, f64>().apply((0.0, 10.0, 5.0)), 0.4);
/// ```
#[catad::program]
pub fn potential<S: Scalar>(w: S, x: S, y: S) -> S {
    let dx = 10.0 - x;
    let dy = 10.0 - w - y;
    1.0 / (dx * dx + dy * dy).sqrt() + 1.0 / (dx * dx + y * y).sqrt()
}

/// The inner gradient and the particle's path, for each inner mode.
macro_rules! inner_mode {
    ($module:ident, $mode:ty, $name:literal) => {
        #[doc = concat!("The particle's path, the force's gradient taken in ", $name, " mode.")]
        pub mod $module {
            use super::*;

            catad::primitive! {
                #[doc = concat!("The gradient of [`potential`], taken in ", $name, " mode.")]
                pub fn potential_gradient<S: Scalar>(w: S, x: S, y: S) -> (S, S, S) =
                    gradient_of::<S, _, _>(&potential::<$mode, Sym>());
            }

            /// The square of the abscissa where the particle's path meets the x-axis, for the
            /// control `w`: Euler steps of 0.1 while the next position is above the axis, then
            /// the line through the last position along the last velocity.
            ///
            /// ```
            /// use catad::prelude::*;
            #[doc = concat!("use catad_gradbench::evals::particle::inner::", stringify!($module), "::miss;")]
            /// assert!(miss::<Fun, f64>().apply(0.0) > 0.0);
            /// ```
            #[catad::program]
            pub fn miss<S: Scalar>(w: S) -> S {
                let mut x = 0.0;
                let mut y = 8.0;
                let mut vx = 0.75;
                let mut vy = 0.0;
                let mut going = 1.0;
                while going > 0.5 {
                    let (_, ax, ay) = potential_gradient(w, x, y);
                    let next_y = y + 0.1 * vy;
                    if next_y > 0.0 {
                        x = x + 0.1 * vx;
                        y = next_y;
                        vx = vx - 0.1 * ax;
                        vy = vy - 0.1 * ay;
                    } else {
                        going = 0.0;
                    }
                }
                let t = -y / vy;
                let at = x + t * vx;
                at * at
            }
        }
    };
}

/// The particle's path, one module per inner mode.
pub mod inner {
    use super::*;
    inner_mode!(forward, Forward, "forward");
    inner_mode!(reverse, Reverse, "reverse");
}

/// The control from `w`: the argmin of `miss` (a program in the outer mode `K`, its inner mode
/// fixed), its gradient in `K`.
fn control<K: LinearMap<f64>>(miss: &DMap<K, f64, f64>, w: f64) -> f64 {
    argmin(|w| miss.apply(w[0]), |w| vec![gradient(miss, w[0])], &[w])[0]
}

/// The eval's input: the starting control.
#[derive(Deserialize)]
struct Input {
    w: f64,
}

/// `ff`, `fr`, `rf` or `rr` at `input`: the control `w` found.
///
/// ```
/// use catad_gradbench::evals::particle;
/// let input = serde_json::json!({"w": 0.0, "min_runs": 1, "min_seconds": 0});
/// let w: f64 = serde_json::from_value(particle::evaluate("rr", input).unwrap().output).unwrap();
/// assert!((w - 0.2071918746486116).abs() < 1e-4);
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let Input { w } = parse("particle", input)?;
    let begin = Instant::now();
    match function {
        "ff" => {
            let miss = inner::forward::miss::<Forward, f64>();
            measure(runs, begin.elapsed(), || control(&miss, w))
        }
        "fr" => {
            let miss = inner::reverse::miss::<Forward, f64>();
            measure(runs, begin.elapsed(), || control(&miss, w))
        }
        "rf" => {
            let miss = inner::forward::miss::<Reverse, f64>();
            measure(runs, begin.elapsed(), || control(&miss, w))
        }
        "rr" => {
            let miss = inner::reverse::miss::<Reverse, f64>();
            measure(runs, begin.elapsed(), || control(&miss, w))
        }
        _ => Err(no_function("particle", function)),
    }
}
