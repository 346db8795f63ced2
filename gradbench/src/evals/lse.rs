//! `lse`: LogSumExp with the max trick, `a + ln Σᵢ exp(xᵢ − a)` where `a = max x`, over a vector
//! whose length comes with the input. The program is written once, as plain Rust over a `Vec`
//! generic in its scalar. `primal` runs it over `f64` in [`Fun`]. `gradient` (the softmax of
//! `x`) is *staged*: [`compile`]d over the symbolic scalar [`Sym`] in [`Reverse`] mode, the
//! program is recorded once, derivative included, as a flat [`Tape`] of scalar operations that
//! later runs evaluate ([`catad::staged`]).
//!
//! The recording happens before the timed runs, in the step reported as `prepare`, as
//! GradBench's ADOL-C tool records its tape there: each evaluation compiles the program afresh
//! and records the tape at the input; the timed runs evaluate the tape. So the `evaluate` times
//! are the tape's — what every later gradient at inputs with the same argmax costs — and the
//! `prepare` time is the staging's, which is far larger: at n = 1,280,000 about 7 s for the
//! recording against 22 ms for the tape (docs/gradbench.md gives both). The primal is not staged:
//! its recording (about 4 s at that size) costs far more than running the program over `f64`
//! (24 ms).
//!
//! The maximum compares elements: the tape keeps each comparison as a guard, valid at every
//! input whose comparisons answer as at the recording's (the same argmax, the same ties), as the
//! runs at one input do. At an input where a guard fails, [`Compiled`] records again.
//!
//! [`Tape`]: catad::staged::Tape

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::interpretations::{AddFun, Dual};
use catad::prelude::*;
use catad::staged::{Compiled, Sym, compile};
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
/// assert!((lse::<Fun, f64>().apply(x.clone()) - 3.0_f64.ln()).abs() < 1e-12);
/// let g = gradient(&lse::<Reverse, f64>(), x);
/// assert!((g[0] - 1.0 / 3.0).abs() < 1e-12 && (g[1] - 2.0 / 3.0).abs() < 1e-12);
/// ```
#[catad::program]
pub fn lse<S: Scalar>(x: Vec<S>) -> S {
    let a = x.iter().copied().fold(S::NEG_INFINITY, S::max);
    a + x.iter().map(|xi| (xi - a).exp()).sum::<S>().ln()
}

/// [`lse`] staged: recorded over [`Sym`] in [`Reverse`] mode (`D<Dual<AddFun>>`, whose linear
/// maps are `Dual<AddFun>`) at the first point it is run at.
///
/// Its tape stays valid at another point of the same length whose largest element is at the same
/// index, and is recorded again where the largest element moves; both agree with the direct
/// interpretation.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::lse::{lse, staged};
/// let (f, direct) = (staged(), lse::<Reverse, f64>());
/// let close = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(a, b)| (a - b).abs() < 1e-15);
/// let x = vec![0.5, 2.0, -1.0];
/// let tape = f.gradient_tape(&x);
/// let mut workspace = tape.workspace();
/// let mut out = vec![0.0; tape.outputs()];
/// // Run after run at one point, the tape's guards hold: it is not recorded again.
/// for _ in 0..3 {
///     assert!(close(&f.gradient(&x), &gradient(&direct, x.clone())));
///     assert!(tape.eval(&x, &mut workspace, &mut out).is_ok());
/// }
/// // Another point with its maximum elsewhere fails a guard of that tape, so `f` records again,
/// // and is right there.
/// let y = vec![3.0, 2.0, -1.0];
/// assert!(tape.eval(&y, &mut workspace, &mut out).is_err());
/// assert!(close(&f.gradient(&y), &gradient(&direct, y.clone())));
/// assert!((f.apply(&y) - lse::<Fun, f64>().apply(y.clone())).abs() < 1e-15);
/// ```
pub fn staged() -> Compiled<Dual<AddFun>, Vec<Sym>, Sym> {
    compile(&lse::<Reverse, Sym>())
}

/// The eval's input.
#[derive(Debug, Deserialize)]
struct Input {
    x: Vec<f64>,
}

/// `primal` (LogSumExp, [`lse`] over `f64`) or `gradient` (its gradient, from the tape of
/// [`staged`], recorded at `input` before the timed runs) at `input`. The programs are built once
/// per evaluation, before the timed runs.
///
/// ```
/// use catad_gradbench::evals::lse;
/// let input = serde_json::json!({"x": [1.0, 1.0], "min_runs": 3});
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
            let f = lse::<Fun, f64>();
            measure(runs, start.elapsed(), || f.apply(x.clone()))
        }
        "gradient" => {
            let f = staged();
            f.gradient(&x);
            measure(runs, start.elapsed(), || f.gradient(&x))
        }
        _ => Err(no_function("lse", function)),
    }
}
