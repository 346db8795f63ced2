//! `llsq`: the linear least-squares objective of cmpad,
//! `½ Σᵢ (sign(tᵢ) − Σⱼ xⱼ tᵢʲ)²` at the `n` points `tᵢ = −1 + 2i/(n − 1)`, for a polynomial of
//! `m` coefficients `x`. The program, generic in its scalar, takes `x` and the count `n` (a
//! `usize`, of dimension 0, so the gradient is with respect to `x` alone). The inner sum folds
//! over the elements of `x` rather than indexing `x[j]` (its environment would carry `x`).
//! Both functions are *staged*: [`compile`]d over the symbolic scalar [`Sym`] in [`Reverse`] mode,
//! the program is recorded once (for `gradient`, derivative included) as a flat tape of scalar
//! operations that later runs evaluate ([`catad::staged`]). The points `tᵢ`,
//! their powers and signs depend on `n` alone, so they are constants of the recording: the signs'
//! comparisons are no guards, and the tape holds the `n·m` products and sums of the residuals and
//! of their derivative.
//!
//! The recording happens before the timed runs, in `prepare`, as for [`lse`](super::lse): the
//! `evaluate` times are the tape's (valid at every `x` of the same `n`), the `prepare` time the
//! staging's (27–31 s at n = 16392, against 44 ms for the tape).

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::interpretations::{AddFun, Dual};
use catad::prelude::*;
use catad::staged::{Compiled, Sym, compile};
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
/// assert_eq!(llsq::<Fun, f64>().apply((vec![0.5], 3)), (1.5 * 1.5 + 0.5 * 0.5 + 0.5 * 0.5) / 2.0);
/// // ∂/∂x₀ = −Σᵢ rᵢ = −(−1.5 − 0.5 + 0.5)
/// assert_eq!(gradient(&llsq::<Reverse, f64>(), (vec![0.5], 3)).0, vec![1.5]);
/// ```
#[catad::program]
pub fn llsq<S: Scalar>(x: Vec<S>, n: usize) -> S {
    let squares = (0..n)
        .map(|i| {
            let t = -1.0 + (i as S) * 2.0 / ((n as S) - 1.0);
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
        .sum::<S>();
    squares / 2.0
}

/// [`llsq`] staged: recorded over [`Sym`] in [`Reverse`] mode (`D<Dual<AddFun>>`, whose linear
/// maps are `Dual<AddFun>`) at the first point it is run at, for that point's `n` and `m`.
///
/// The tape has no guards: it is valid at every `x` of its length and for its `n`, and recorded
/// again at another `n` or length.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::llsq::{llsq, staged};
/// let (f, direct) = (staged(), llsq::<Reverse, f64>());
/// let close = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(a, b)| (a - b).abs() < 1e-12);
/// let at = (vec![0.5, -1.0, 2.0], 7);
/// assert_eq!(f.gradient_tape(&at).guards(), 0);
/// for at in [at.clone(), (vec![3.0, 0.0, 1.0], 7), (vec![1.0, 2.0], 5)] {
///     assert!(close(&f.gradient(&at).0, &gradient(&direct, at.clone()).0));
/// }
/// ```
pub fn staged() -> Compiled<Dual<AddFun>, (Vec<Sym>, usize), Sym> {
    compile(&llsq::<Reverse, Sym>())
}

/// The eval's input: the coefficients and the number of points.
#[derive(Debug, Deserialize)]
struct Input {
    x: Vec<f64>,
    n: usize,
}

/// `primal` (the objective) or `gradient` (its gradient with respect to `x`) at `input`, each from
/// a tape of [`staged`] recorded at `input` before the timed runs (the primal's tape holds the
/// objective alone). The programs are built once per evaluation, before the timed runs.
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
            let (f, at) = (staged(), (x, n));
            f.apply(&at);
            measure(runs, start.elapsed(), || f.apply(&at))
        }
        "gradient" => {
            let (f, at) = (staged(), (x, n));
            f.gradient(&at);
            measure(runs, start.elapsed(), || f.gradient(&at).0)
        }
        _ => Err(no_function("llsq", function)),
    }
}
