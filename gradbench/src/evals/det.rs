//! `det`: the determinant of an `ℓ × ℓ` matrix and its gradient.
//!
//! The reference expands by minors (`ℓ!` products). catad computes the same determinant by
//! Gaussian elimination with partial pivoting, `O(ℓ³)`: [`det_lu`] is a `#[catad::program]`
//! generic in its scalar, over the matrix as a run-time vector, a `fold` over the columns whose
//! state is the matrix being reduced and the product of the pivots so far. The pivot's choice is
//! a comparison, made on values and contributing no derivative.
//!
//! Both functions are *staged* ([`catad::staged`]), as [`lse`](super::lse)'s gradient is: the
//! program is [`compile`]d over the symbolic scalar [`Sym`] in [`ReverseDelta`] mode (where
//! reading an element costs O(1)) and recorded at the input before the timed runs, in the step
//! reported as `prepare`; the timed runs evaluate its tape — the value's for `primal`, the value
//! and gradient's (the cofactors) for `gradient`. The tape keeps each pivot comparison as a guard:
//! it is valid at every matrix whose pivots are chosen in the same rows, and recorded again
//! elsewhere. Run directly, through catad's closures, the program costs about a microsecond per
//! element operation (0.15 ms for the primal at `ℓ = 5`, where the reference takes 1 µs).

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::prelude::*;
use catad::staged::{Sym, compile};
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

/// The row at or below `k` whose element in column `k` is the largest in magnitude (the first of
/// equals), in the row-major `ell × ell` matrix `m`.
#[catad::program]
pub fn pivot_row<S: Scalar>(m: Vec<S>, ell: usize, k: usize) -> usize {
    (k + 1..ell).fold(k, |p, i| {
        if m[i * ell + k].abs() > m[p * ell + k].abs() {
            i
        } else {
            p
        }
    })
}

/// `m` with rows `k` and `p` swapped, then row `k`'s multiples subtracted from the rows below it
/// so that column `k` is zero below the diagonal.
#[catad::program]
pub fn eliminate<S: Scalar>(m: Vec<S>, ell: usize, k: usize, p: usize) -> Vec<S> {
    (0..ell * ell)
        .map(|idx| {
            let i = idx / ell;
            let j = idx % ell;
            let row = if i == k {
                p
            } else if i == p {
                k
            } else {
                i
            };
            let x = m[row * ell + j];
            if i > k {
                x - m[row * ell + k] / m[p * ell + k] * m[p * ell + j]
            } else {
                x
            }
        })
        .collect()
}

/// The determinant of the row-major `ell × ell` matrix `a`: the product of the pivots of its
/// elimination, negated for each swap of rows.
///
/// Staged, it agrees with the program run directly, and records again where the pivots move:
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::{Sym, compile};
/// use catad_gradbench::evals::det::det_lu;
/// let (staged, direct) = (compile(&det_lu::<ReverseDelta, Sym>()), det_lu::<ReverseDelta, f64>());
/// // The first pivots from rows 1 and 2, the second from rows 0 and 2: different tapes.
/// let a = vec![1.0, 2.0, 0.5, 4.0, -1.0, 2.0, 0.5, 3.0, 3.0];
/// let b = vec![5.0, 2.0, 0.5, 1.0, -1.0, 2.0, 0.5, 3.0, 3.0];
/// for m in [a.clone(), b, a] {
///     let (value, g) = staged.value_and_gradient(&(m.clone(), 3));
///     let (y, (dg, _)) = (direct.apply((m.clone(), 3)), gradient(&direct, (m, 3)));
///     assert!((value - y).abs() < 1e-12);
///     assert!(g.0.iter().zip(&dg).all(|(x, y)| (x - y).abs() < 1e-12));
/// }
/// ```
#[catad::program]
pub fn det_lu<S: Scalar>(a: Vec<S>, ell: usize) -> S {
    let (_, det) = (0..ell).fold((a, 1.0), |(m, det), k| {
        let p = pivot_row(m, ell, k);
        let pivot = m[p * ell + k];
        let sign = if p == k { 1.0 } else { -1.0 };
        (eliminate(m, ell, k, p), det * pivot * sign)
    });
    det
}

/// The eval's input: the matrix in row-major order and its side.
#[derive(Clone, Debug, Deserialize)]
struct Input {
    #[serde(rename = "A")]
    a: Vec<f64>,
    ell: usize,
}

/// `primal` (the determinant) or `gradient` (its gradient, row-major) at `input`, from the tape
/// of [`det_lu`] recorded there before the timed runs.
///
/// ```
/// use catad_gradbench::evals::det;
/// let input = serde_json::json!({"A": [1.0, 2.0, 3.0, 4.0], "ell": 2});
/// let d = det::evaluate("primal", input.clone()).unwrap().output;
/// assert!((d.as_f64().unwrap() + 2.0).abs() < 1e-12);
/// let g = det::evaluate("gradient", input).unwrap().output;
/// let g: Vec<f64> = serde_json::from_value(g).unwrap();
/// // the cofactors: (4, −3, −2, 1)
/// assert!(g.iter().zip([4.0, -3.0, -2.0, 1.0]).all(|(x, y)| (x - y).abs() < 1e-12));
/// // A matrix of the wrong size is an error naming the sizes.
/// let bad = det::evaluate("primal", serde_json::json!({"A": [1.0, 2.0, 3.0], "ell": 2}));
/// assert!(bad.unwrap_err().contains("4 elements, not 3"));
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let input: Input = parse("det", input)?;
    if input.a.len() != input.ell * input.ell || input.ell == 0 {
        return Err(format!(
            "det: a {0} × {0} matrix has {1} elements, not {2}",
            input.ell,
            input.ell * input.ell,
            input.a.len()
        ));
    }
    let start = Instant::now();
    let f = compile(&det_lu::<ReverseDelta, Sym>());
    let at = (input.a, input.ell);
    match function {
        "primal" => {
            f.apply(&at);
            measure(runs, start.elapsed(), || f.apply(&at))
        }
        "gradient" => {
            f.gradient(&at);
            measure(runs, start.elapsed(), || f.gradient(&at).0)
        }
        _ => Err(no_function("det", function)),
    }
}
