//! `llsq`: the linear least-squares objective of cmpad,
//! `½ Σᵢ (sign(tᵢ) − Σⱼ xⱼ tᵢʲ)²` at the `n` points `tᵢ = −1 + 2i/(n − 1)`, for a polynomial of
//! `m` coefficients `x`. [`llsq`] is the whole objective as one program, generic in its scalar,
//! of `x` and the count `n` (a `usize`, of dimension 0, so the gradient is with respect to `x`
//! alone): the sum over the samples `(tᵢ, sign(tᵢ))` ([`sample`]) of each one's half squared
//! residual ([`half_square`], whose polynomial folds over the elements of `x` rather than
//! indexing `x[j]`).
//!
//! The eval runs that sum over the samples with [`half_square`] *staged* ([`catad::staged`]): [`compile`]d over the symbolic scalar
//! [`Sym`] in [`Reverse`] mode, that program is recorded once (for `gradient`, its gradient
//! included) as a tape of the size of one sample's work (some `3m` operations, whatever `n`), and
//! run over the samples in lanes, `x` shared ([`Compiled::sum_value_and_gradient`]): the gradient
//! of a sum is the sum of its terms' gradients. The recording happens before the timed runs, in
//! `prepare`, as for [`lse`](super::lse); it takes milliseconds where the whole objective's tape
//! (every `tᵢ` a constant, all `n·m` products recorded) took 27–31 s at n = 16392 and outgrew the
//! caches.

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
    (0..n).map(|i| half_square(x, sample(i, n))).sum::<S>()
}

/// The `i`-th of the `n` samples of [`llsq`]: the point `tᵢ = −1 + 2i/(n − 1)` and its sign.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::llsq::sample;
/// assert_eq!(sample::<Fun, f64>().apply((0, 3)), (-1.0, -1.0));
/// assert_eq!(sample::<Fun, f64>().apply((1, 3)), (0.0, 0.0));
/// ```
#[catad::program]
pub fn sample<S: Scalar>(i: usize, n: usize) -> (S, S) {
    let t = -1.0 + (i as S) * 2.0 / ((n as S) - 1.0);
    let s = if t > 0.0 {
        1.0
    } else if t < 0.0 {
        -1.0
    } else {
        0.0
    };
    (t, s)
}

/// One sample's term of [`llsq`]: half the squared residual of the polynomial with coefficients
/// `x` at the point `t` of the sample `(t, s)`, against `s`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::llsq::half_square;
/// // 0.5 + 2·3 misses 1 by 5.5 at t = 3.
/// assert_eq!(half_square::<Fun, f64>().apply((vec![0.5, 2.0], (3.0, 1.0))), 5.5 * 5.5 / 2.0);
/// ```
#[catad::program]
pub fn half_square<S: Scalar>(x: Vec<S>, sample: (S, S)) -> S {
    let (t, s) = sample;
    let r = x
        .iter()
        .fold((s, 1.0), |(r, power), xj| (r - xj * power, power * t))
        .0;
    r * r / 2.0
}

/// The samples `(tᵢ, sign(tᵢ))` of [`llsq`] for `n` points.
fn samples(n: usize) -> Vec<(f64, f64)> {
    let sample = sample::<Fun, f64>();
    (0..n).map(|i| sample.apply((i, n))).collect()
}

/// [`half_square`] staged: recorded over [`Sym`] in [`Reverse`] mode (`D<Dual<AddFun>>`, whose
/// linear maps are `Dual<AddFun>`) at the first sample it is run at, for that `m`. Summed over
/// the samples, it is [`llsq`].
///
/// The tape has no guards: it is valid at every `x` of its length and every sample, and
/// recorded again at another length.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::llsq::{llsq, staged};
/// let (f, direct) = (staged(), llsq::<Reverse, f64>());
/// let close = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(a, b)| (a - b).abs() < 1e-12);
/// let samples = [(-1.0, -1.0), (-1.0 / 3.0, -1.0), (1.0 / 3.0, 1.0), (1.0, 1.0)];
/// for x in [vec![0.5, -1.0, 2.0], vec![3.0, 0.0, 1.0]] {
///     let (value, g) = f.sum_value_and_gradient(&x, &samples);
///     assert!(close(&[value], &[direct.apply((x.clone(), 4))]));
///     assert!(close(&g, &gradient(&direct, (x, 4)).0));
/// }
/// assert_eq!(f.gradient_tape(&(vec![0.5, -1.0, 2.0], (1.0, 1.0))).guards(), 0);
/// ```
pub fn staged() -> Compiled<Dual<AddFun>, (Vec<Sym>, (Sym, Sym)), Sym> {
    compile(&half_square::<Reverse, Sym>())
}

/// The eval's input: the coefficients and the number of points.
#[derive(Debug, Deserialize)]
struct Input {
    x: Vec<f64>,
    n: usize,
}

/// `primal` (the objective) or `gradient` (its gradient with respect to `x`) at `input`: [`staged`]
/// summed over the samples, from its tape (for `primal`, of the value alone) recorded at
/// `input` before the timed runs.
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
            let (f, samples) = (staged(), samples(n));
            f.sum_apply(&x, &samples);
            measure(runs, start.elapsed(), || f.sum_apply(&x, &samples))
        }
        "gradient" => {
            let (f, samples) = (staged(), samples(n));
            f.sum_value_and_gradient(&x, &samples);
            measure(runs, start.elapsed(), || {
                f.sum_value_and_gradient(&x, &samples).1
            })
        }
        _ => Err(no_function("llsq", function)),
    }
}
