//! [`det`]'s value and gradient against known determinants and cofactor matrices, against a port
//! of the reference's recursion, and against central differences.

use catad::prelude::*;
use catad::staged::{Op, Sym, Tape, compile};
use catad_gradbench::evals::det::det;

/// The reference's `det_of_minor` (GradBench's `det.hpp`, after cmpad), ported as it is: the
/// minor on the rows and columns linked from `r[n]` and `c[n]`, expanded along its first row,
/// each sub-minor's determinant computed by recursion.
fn det_of_minor<S: Scalar>(a: &[S], n: usize, m: usize, r: &mut [usize], c: &mut [usize]) -> S {
    let r0 = r[n];
    let mut cj = c[n];
    if m == 1 {
        return a[r0 * n + cj];
    }
    let mut det_m = S::from_f64(0.0);
    let mut sign = 1;
    r[n] = r[r0];
    let mut cj1 = n;
    for _ in 0..m {
        let m0j = a[r0 * n + cj];
        c[cj1] = c[cj];
        let det_s = det_of_minor(a, n, m - 1, r, c);
        c[cj1] = cj;
        if sign > 0 {
            det_m = det_m + m0j * det_s;
        } else {
            det_m = det_m - m0j * det_s;
        }
        cj1 = cj;
        cj = c[cj];
        sign = -sign;
    }
    r[n] = r0;
    det_m
}

/// The determinant of the row-major `ell × ell` matrix `a` by the reference's recursion.
fn reference<S: Scalar>(a: &[S], ell: usize) -> S {
    let mut links: Vec<usize> = (1..=ell).collect();
    links.push(0);
    det_of_minor(a, ell, ell, &mut links.clone(), &mut links)
}

/// The cofactor matrix of `a`, row-major: `(−1)^(i+j)` times the determinant, by the reference's
/// recursion, of `a` without row `i` and column `j`.
fn cofactors(a: &[f64], ell: usize) -> Vec<f64> {
    let cofactor = |i: usize, j: usize| {
        let m: Vec<f64> = (0..ell * ell)
            .filter(|idx| idx / ell != i && idx % ell != j)
            .map(|idx| a[idx])
            .collect();
        let sign = if (i + j).is_multiple_of(2) { 1.0 } else { -1.0 };
        sign * reference(&m, ell - 1)
    };
    (0..ell * ell)
        .map(|idx| cofactor(idx / ell, idx % ell))
        .collect()
}

/// A `ell × ell` matrix of numbers in `[−1, 1)`, the same at every run.
fn matrix(ell: usize, seed: u64) -> Vec<f64> {
    let mut state = seed;
    (0..ell * ell)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        })
        .collect()
}

/// Whether `x` and `y` agree to `tolerance`, relative to the larger of 1 and their magnitudes.
fn close(x: f64, y: f64, tolerance: f64) -> bool {
    (x - y).abs() <= tolerance * x.abs().max(y.abs()).max(1.0)
}

/// Asserts that the staged program's value at `a` is `value` and its gradient `grad`, to
/// `1e-12`, and that the program run directly agrees.
fn assert_det(a: &[f64], ell: usize, value: f64, grad: &[f64]) {
    let staged = compile(&det::<ReverseDelta, Sym>());
    let direct = det::<ReverseDelta, f64>();
    let at = (a.to_vec(), ell);
    let (v, (g, _)) = staged.value_and_gradient(&at);
    let (dv, (dg, _)) = (direct.apply(at.clone()), gradient(&direct, at));
    for (name, v, g) in [("staged", v, &g), ("direct", dv, &dg)] {
        assert!(close(v, value, 1e-12), "{name} det {v}, not {value}");
        assert_eq!(g.len(), grad.len());
        for (k, (x, y)) in g.iter().zip(grad).enumerate() {
            assert!(close(*x, *y, 1e-12), "{name} ∂/∂a[{k}] {x}, not {y}");
        }
    }
}

#[test]
fn a_zero_leading_pivot() {
    // Elimination without pivoting would divide by a[0][0] = 0.
    let a = [0.0, 1.0, 2.0, 1.0, 0.0, 3.0, 4.0, -3.0, 8.0];
    let cofactors = [9.0, 4.0, -3.0, -14.0, -8.0, 4.0, 3.0, 2.0, -1.0];
    assert_det(&a, 3, -2.0, &cofactors);
}

#[test]
fn a_permutation_matrix() {
    // The reversal of four rows is two swaps: det 1, and the cofactors of a permutation matrix
    // P are det(P)·P.
    let a: Vec<f64> = (0..16)
        .map(|idx| if idx / 4 + idx % 4 == 3 { 1.0 } else { 0.0 })
        .collect();
    assert_det(&a, 4, 1.0, &a);
}

#[test]
fn a_singular_matrix() {
    // Rank 1: det 0, and the cofactors (the adjugate's transpose) are not zero.
    assert_det(&[1.0, 2.0, 2.0, 4.0], 2, 0.0, &[4.0, -2.0, -2.0, 1.0]);
}

#[test]
fn a_single_element() {
    assert_det(&[-3.5], 1, -3.5, &[1.0]);
}

#[test]
fn the_reference_recursion_and_its_cofactors() {
    for (ell, seed) in [(2, 1), (3, 2), (5, 3), (6, 4), (7, 5)] {
        let a = matrix(ell, seed);
        // The same products and sums in the same order: run directly, the reference's value to
        // the last bit.
        assert_eq!(
            det::<Fun, f64>().apply((a.clone(), ell)),
            reference(&a, ell)
        );
        assert_det(&a, ell, reference(&a, ell), &cofactors(&a, ell));
    }
}

#[test]
fn central_differences() {
    // The determinant is linear in each element, so a central difference is its partial
    // derivative but for rounding.
    let (ell, h) = (5, 1e-3);
    let a = matrix(ell, 6);
    let staged = compile(&det::<ReverseDelta, Sym>());
    let (g, _) = staged.gradient(&(a.clone(), ell));
    for (k, gk) in g.iter().enumerate() {
        let moved = |step: f64| {
            let mut b = a.clone();
            b[k] += step;
            staged.apply(&(b, ell))
        };
        let difference = (moved(h) - moved(-h)) / (2.0 * h);
        assert!(
            close(*gk, difference, 1e-9),
            "∂/∂a[{k}] {gk}, not {difference}"
        );
    }
}

#[test]
fn one_product_for_each_column_of_each_minor() {
    // Σ_{s ≥ 2} C(ℓ, s)·s = ℓ(2^(ℓ−1) − 1) products: each minor of s ≥ 2 columns once, each of its
    // columns once (a 1 × 1 minor is its element).
    let staged = compile(&det::<ReverseDelta, Sym>());
    for ell in 2..=7 {
        let tape = staged.apply_tape(&(matrix(ell, 7), ell));
        let products = tape.ops().filter(|op| matches!(op, Op::Mul(..))).count();
        assert_eq!(products, ell * ((1 << (ell - 1)) - 1), "ℓ = {ell}");
        assert_eq!(tape.guards(), 0);
    }
}

#[test]
fn the_reference_recursion_staged_is_the_same_expansion() {
    // Recorded over `Sym`, the recursion's recomputed minors are equal operations on equal
    // operands, which the recorder shares: its tape makes the program's products, no more.
    let products = |tape: &Tape| tape.ops().filter(|op| matches!(op, Op::Mul(..))).count();
    let staged = compile(&det::<ReverseDelta, Sym>());
    for ell in 2..=7 {
        let a = matrix(ell, 8);
        let (tape, ()) = Tape::record(&a, |x| (vec![reference(x, ell)], ()));
        assert_eq!(
            products(&tape),
            products(&staged.apply_tape(&(a, ell))),
            "ℓ = {ell}"
        );
    }
}
