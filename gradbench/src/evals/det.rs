//! `det`: the determinant of an `ℓ × ℓ` matrix by expansion by minors, and its gradient.
//!
//! The expansion is cmpad's `det_by_minor`, the reference's: the determinant of a minor is the
//! alternating sum, along the minor's first row, of each element times the determinant of the
//! minor without that row and column. `#[catad::program]` refuses recursion, so [`det`] computes
//! the minors from the bottom row up, a `fold` over the rows: [`minors`] has the determinant of
//! every minor on rows `k..ℓ` by its set of columns (a bit mask), each by [`minor`] from those
//! on rows `k + 1..ℓ`. Each minor's determinant is computed once and read by every larger minor
//! that expands into it, where the reference's recursion computes it again for each:
//! `ℓ·(2^(ℓ−1) − 1)` products where the reference does about `(e − 1)·ℓ!`. The products and sums
//! are the reference's, in its order, so the determinant is the reference's to the last bit; and
//! the recursion itself, recorded over [`Sym`], leaves a tape of these products and no more: its
//! recomputed minors are equal operations, which the recorder shares.
//!
//! Both functions are *staged* ([`catad::staged`]): the program is [`compile`]d over the symbolic
//! scalar [`Sym`] in [`ReverseDelta`] mode (where reading an element costs O(1)) and recorded at
//! the input before the timed runs, in the step reported as `prepare`; the timed runs evaluate
//! its tape, the value's for `primal` and the value and gradient's (the cofactors) for
//! `gradient`. The program compares only indices, so the tape has no guards: it is valid at
//! every matrix of its size.

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::prelude::*;
use catad::staged::{Sym, compile};
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

/// The determinant of the minor of the row-major `ell × ell` matrix `a` on rows `k..ell` and the
/// columns in `mask` (column `j` is bit `j`), expanded along its first row, row `k`: the sum of
/// `± a[k][j] · d[mask − 2ʲ]` over its columns `j` in order, the signs alternating from `+`, where
/// `d` holds the determinants of the minors on rows `k + 1..ell` by their columns' masks.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::det::minor;
/// // Row 0 of [[1, 2, 3], [4, 5, 6]] on columns {0, 2}, the 1 × 1 minors of row 1 in `d`.
/// let (a, d) = (vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], vec![0.0, 4.0, 5.0, 0.0, 6.0]);
/// assert_eq!(minor::<Fun, f64>().apply((d, a, 3, 0, 0b101)), 1.0 * 6.0 - 3.0 * 4.0);
/// ```
#[catad::program]
pub fn minor<S: Scalar>(d: Vec<S>, a: Vec<S>, ell: usize, k: usize, mask: usize) -> S {
    let ((det, _), _) = (0..ell).fold(((0.0, 0), 1), |((det, t), bit), j| {
        if (mask / bit) % 2 == 1 {
            let term = a[k * ell + j] * d[mask - bit];
            let det = if t % 2 == 0 { det + term } else { det - term };
            ((det, t + 1), 2 * bit)
        } else {
            ((det, t), 2 * bit)
        }
    });
    det
}

/// The number of columns in `mask`, of the `ell` it may hold.
#[catad::program]
pub fn columns<S: Scalar>(mask: usize, ell: usize) -> usize {
    let (count, _) = (0..ell).fold((0, mask), |(count, rest), _| (count + rest % 2, rest / 2));
    count
}

/// `d` with the determinants of the minors on rows `k..ell` of `a` (those of `ell − k` columns)
/// in place of theirs, by [`minor`] from the minors on rows `k + 1..ell` in `d`.
#[catad::program]
pub fn minors<S: Scalar>(d: Vec<S>, a: Vec<S>, ell: usize, k: usize) -> Vec<S> {
    (0..d.len())
        .map(|mask| {
            if columns(mask, ell) == ell - k {
                minor(d, a, ell, k, mask)
            } else {
                d[mask]
            }
        })
        .collect()
}

/// The determinant of the row-major `ell × ell` matrix `a` by expansion by minors: the minors
/// from the last row up ([`minors`]), starting from the empty minor's determinant, 1, and ending
/// with the whole matrix's, the minor of every column.
///
/// Staged, it agrees with the program run directly, at every matrix of its size from one tape:
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::{Sym, compile};
/// use catad_gradbench::evals::det::det;
/// let (staged, direct) = (compile(&det::<ReverseDelta, Sym>()), det::<ReverseDelta, f64>());
/// let a = vec![1.0, 2.0, 0.5, 4.0, -1.0, 2.0, 0.5, 3.0, 3.0];
/// let b = vec![0.0, 2.0, 0.5, 1.0, -1.0, 2.0, 0.5, 3.0, 3.0];
/// assert_eq!(staged.gradient_tape(&(a.clone(), 3)).guards(), 0);
/// for m in [a, b] {
///     let (value, g) = staged.value_and_gradient(&(m.clone(), 3));
///     let (y, (dg, _)) = (direct.apply((m.clone(), 3)), gradient(&direct, (m, 3)));
///     assert!((value - y).abs() < 1e-12);
///     assert!(g.0.iter().zip(&dg).all(|(x, y)| (x - y).abs() < 1e-12));
/// }
/// ```
#[catad::program]
pub fn det<S: Scalar>(a: Vec<S>, ell: usize) -> S {
    let size = (0..ell).fold(1, |size, _| 2 * size);
    let empty: Vec<S> = (0..size)
        .map(|mask| if mask == 0 { 1.0 } else { 0.0 })
        .collect();
    let d = (0..ell).fold(empty, |d, i| minors(d, a, ell, ell - 1 - i));
    d[size - 1]
}

/// The eval's input: the matrix in row-major order and its side.
#[derive(Clone, Debug, Deserialize)]
struct Input {
    #[serde(rename = "A")]
    a: Vec<f64>,
    ell: usize,
}

/// `primal` (the determinant) or `gradient` (its gradient, row-major) at `input`, from the tape
/// of [`det`] recorded there before the timed runs.
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
    let f = compile(&det::<ReverseDelta, Sym>());
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
