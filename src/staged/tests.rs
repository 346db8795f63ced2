//! Staged entry points against the direct interpretation, in every mode.

use super::random::Case;
use super::{Op, Sym, compile};
use crate::interpretations::{AddFun, Begin, Cont, D, Delta, Dual, Mat};
use crate::prelude::*;
use quickcheck::QuickCheck;

/// `mag_sqr` compiled over `Sym` in the mode `D<KS>` against `D<KF>` directly over `f64`.
macro_rules! mag_sqr_agrees {
    ($ks:ty, $kf:ty) => {{
        let staged = compile(&crate::paper::mag_sqr::<D<$ks>, Sym>());
        let direct = crate::paper::mag_sqr::<D<$kf>, f64>();
        for x in [(3.0, 4.0), (1.0, -2.0), (0.0, 0.5)] {
            assert_eq!(staged.apply(&x), direct.apply(x));
            assert_eq!(staged.gradient(&x), gradient(&direct, x));
            assert_eq!(staged.jvp(&x, &(0.5, 2.0)), jvp(&direct, x, (0.5, 2.0)));
            assert_eq!(staged.vjp(&x, &3.0), vjp(&direct, x, 3.0));
            assert_eq!(staged.jacobian(&x), jacobian(&direct, x));
        }
    }};
}

#[test]
fn mag_sqr_in_every_mode() {
    mag_sqr_agrees!(AddFun, AddFun);
    mag_sqr_agrees!(Dual<AddFun>, Dual<AddFun>);
    mag_sqr_agrees!(Delta, Delta);
    mag_sqr_agrees!(Cont<AddFun, Sym>, Cont<AddFun, f64>);
    mag_sqr_agrees!(Begin<AddFun, Sym>, Begin<AddFun, f64>);
    mag_sqr_agrees!(Cont<Dual<Delta>, Sym>, Cont<Dual<Delta>, f64>);
    mag_sqr_agrees!(Begin<Delta, Sym>, Begin<Delta, f64>);
    mag_sqr_agrees!(Mat<Sym>, Mat<f64>);
}

/// Whether `case`'s first program, compiled in the mode `D<$ks>` (over `Sym`), computes what it
/// computes directly in `D<$kf>` (over `f64`): every entry point at the point it is recorded at,
/// then at another (where its tapes apply, or record again where a comparison turns), within a
/// relative `1e-12` of the row's largest coordinate (the rules reassociate sums and products).
macro_rules! random_program_agrees {
    ($ks:ty, $kf:ty, $case:expr) => {{
        let staged = compile(&$case.first_program::<D<$ks>, Sym>());
        let direct = $case.first_program::<D<$kf>, f64>();
        let flat = |(a, (b, c)): (f64, (f64, f64))| [a, b, c];
        let (dx, dy) = ((0.5, (-1.0, 2.0)), 1.5);
        [$case.point(), $case.elsewhere()]
            .into_iter()
            .all(|[x0, x1, x2]| {
                let x = (x0, (x1, x2));
                let ((y, ty), (z, g)) = (staged.jvp(&x, &dx), staged.vjp(&x, &dy));
                let compiled = [
                    vec![staged.apply(&x), y, ty, z],
                    flat(g).to_vec(),
                    flat(staged.gradient(&x)).to_vec(),
                    staged.jacobian(&x).as_slice().to_vec(),
                ]
                .concat();
                let ((y, ty), (z, g)) = (jvp(&direct, x, dx), vjp(&direct, x, dy));
                let reference = [
                    vec![direct.apply(x), y, ty, z],
                    flat(g).to_vec(),
                    flat(gradient(&direct, x)).to_vec(),
                    jacobian(&direct, x).as_slice().to_vec(),
                ]
                .concat();
                let size = reference.iter().fold(1.0_f64, |m, r| m.max(r.abs()));
                compiled
                    .iter()
                    .zip(&reference)
                    .all(|(c, r)| (c - r).abs() <= 1e-12 * size)
            })
    }};
}

/// Staging is another interpretation of the same programs: on random programs (with `max` and
/// `abs`, so with guards), in each of catad's modes and the paper's two over functions, every
/// compiled entry point computes what the direct interpretation computes.
#[test]
fn random_programs_compiled_in_every_mode_compute_what_they_compute_directly() {
    fn agree(case: Case) -> bool {
        random_program_agrees!(AddFun, AddFun, case)
            && random_program_agrees!(Dual<AddFun>, Dual<AddFun>, case)
            && random_program_agrees!(Delta, Delta, case)
            && random_program_agrees!(Cont<Dual<Delta>, Sym>, Cont<Dual<Delta>, f64>, case)
            && random_program_agrees!(Begin<Delta, Sym>, Begin<Delta, f64>, case)
            && random_program_agrees!(Mat<Sym>, Mat<f64>, case)
            && random_program_agrees!(Cont<AddFun, Sym>, Cont<AddFun, f64>, case)
            && random_program_agrees!(Begin<AddFun, Sym>, Begin<AddFun, f64>, case)
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(agree as fn(Case) -> bool);
}

#[test]
fn cos_sin_prod_with_matrices_agrees_with_the_direct_interpretation() {
    let staged = compile(&crate::paper::cos_sin_prod::<D<Mat<Sym>>, Sym>());
    let direct = crate::paper::cos_sin_prod::<D<Mat<f64>>, f64>();
    // The tape computes sin z and cos z with one libm `sincos`: equal up to rounding.
    let close = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() + (a.1 - b.1).abs() <= 1e-15;
    for x in [(0.5, 2.0), (1.0, -3.0), (-0.25, 0.75)] {
        assert!(close(staged.apply(&x), direct.apply(x)));
        let (y, dy) = staged.jvp(&x, &(0.5, 2.0));
        let (y_direct, dy_direct) = jvp(&direct, x, (0.5, 2.0));
        assert!(close(y, y_direct) && close(dy, dy_direct));
        let (y, dx) = staged.vjp(&x, &(1.0, 0.5));
        let (y_direct, dx_direct) = vjp(&direct, x, (1.0, 0.5));
        assert!(close(y, y_direct) && close(dx, dx_direct));
        assert!((staged.jacobian(&x) - jacobian(&direct, x)).norm() <= 1e-14);
    }
}

#[test]
fn a_branch_records_again_where_it_turns() {
    let staged = compile(&Reverse::abs_c());
    assert_eq!(staged.gradient(&2.0), 1.0);
    assert_eq!(staged.gradient_tape(&3.0).guards(), 1);
    assert_eq!(staged.gradient(&-2.0), -1.0);
    assert_eq!(staged.gradient(&5.0), 1.0);
}

#[test]
fn a_question_asked_again_is_one_guard() {
    let (tape, ()) = super::Tape::record(&[1.0, 2.0], |x| {
        let asked = [x[0] < x[1], x[1] > x[0], x[0] < x[1]];
        assert_eq!(asked, [true; 3]);
        assert_eq!([x[0].is_nan(), x[0].is_nan()], [false; 2]);
        (vec![x[1] - x[0]], ())
    });
    assert_eq!(tape.guards(), 1);
    let mut workspace = tape.workspace();
    let mut out = [0.0];
    assert_eq!(tape.eval(&[3.0, 5.0], &mut workspace, &mut out), Ok(()));
    assert_eq!(out, [2.0]);
    assert!(tape.eval(&[5.0, 3.0], &mut workspace, &mut out).is_err());
}

#[test]
fn vectors_of_another_length_record_again() {
    let staged = compile(&Reverse::sum_v::<Sym>());
    assert_eq!(
        staged.value_and_gradient(&vec![1.0, 2.0]),
        (3.0, vec![1.0, 1.0])
    );
    assert_eq!(staged.gradient_tape(&vec![1.0, 2.0]).inputs(), 2);
    assert_eq!(
        staged.value_and_gradient(&vec![1.0, 2.0, 4.0]),
        (7.0, vec![1.0, 1.0, 1.0])
    );
    assert_eq!(staged.gradient_tape(&vec![0.0; 3]).inputs(), 3);
}

/// `(w, xs) ↦ w · Σ xs`, summed over samples `xs` of any length.
fn scaled_sum() -> super::Compiled<Dual<AddFun>, (Sym, Vec<Sym>), Sym> {
    compile(&Reverse::compose(
        Reverse::mul_c(),
        Reverse::cross(Reverse::id(), Reverse::sum_v::<Sym>()),
    ))
}

#[test]
fn sums_over_samples_of_other_shapes_or_none_are_still_sums() {
    let staged = scaled_sum();
    // Samples of one length run in lanes; of several, one by one: the same sums.
    let same = [vec![1.0, 2.0], vec![3.0, 0.5]];
    assert_eq!(staged.sum_value_and_gradient(&2.0, &same), (13.0, 6.5));
    let mixed = [vec![1.0, 2.0], vec![3.0], vec![]];
    assert_eq!(staged.sum_value_and_gradient(&2.0, &mixed), (12.0, 6.0));
    assert_eq!(staged.sum_apply(&2.0, &mixed), 12.0);
    // No samples: an empty sum.
    assert_eq!(staged.sum_value_and_gradient(&2.0, &[]), (0.0, 0.0));
    assert_eq!(staged.sum_apply(&2.0, &[]), 0.0);
}

#[test]
#[should_panic(expected = "NaN")]
fn a_nan_sample_is_refused_as_by_the_direct_entry_points() {
    scaled_sum().sum_value_and_gradient(&2.0, &[vec![1.0], vec![f64::NAN]]);
}

#[test]
#[should_panic(expected = "NaN")]
fn a_nan_input_is_refused_as_by_the_direct_entry_points() {
    let staged = compile(&Reverse::sin_c());
    assert_eq!(staged.gradient(&0.0), 1.0);
    staged.gradient(&f64::NAN);
}

#[test]
fn sine_and_cosine_of_one_value_are_computed_together() {
    let tape = compile(&Reverse::sin_c()).gradient_tape(&0.5);
    assert_eq!(tape.ops().collect::<Vec<_>>(), [super::Op::SinCos(0)]);
    let mut out = [0.0; 2];
    tape.eval(&[0.5], &mut tape.workspace(), &mut out).unwrap();
    assert!((out[0] - 0.5_f64.sin()).abs() <= f64::EPSILON);
    assert!((out[1] - 0.5_f64.cos()).abs() <= f64::EPSILON);
}

#[test]
fn a_vector_program_runs_as_a_few_instructions() {
    // Σᵢ exp(xᵢ)·xᵢ: element by element, the exponentials, the products, the gradient's sums
    // and the running sum each run as one instruction, whatever the length.
    fn f<K: Cartesian + VecCat + FloatingCat<S>, S: Scalar>() -> Hom<K, Vec<S>, S> {
        let term = K::compose(K::mul_c(), K::fork(K::exp_c(), K::id()));
        K::compose(
            K::sum_v(),
            K::compose(
                K::map_v(K::compose(term, K::exr())),
                K::fork(K::it(), K::id()),
            ),
        )
    }
    let staged = compile(&f::<Reverse, Sym>());
    for n in [10, 1000] {
        let xs: Vec<f64> = (0..n).map(|i| i as f64 / n as f64 - 0.5).collect();
        let tape = staged.gradient_tape(&xs);
        assert!(
            tape.runs() <= 8,
            "{} runs for {} operations",
            tape.runs(),
            tape.len()
        );
        let (y, g) = staged.value_and_gradient(&xs);
        let direct = f::<Reverse, f64>();
        assert!((y - direct.apply(xs.clone())).abs() <= 1e-12 * y.abs().max(1.0));
        for (i, (g, x)) in g.iter().zip(&xs).enumerate() {
            let expected = x.exp() * (1.0 + x);
            assert!((g - expected).abs() <= 1e-14, "∂/∂x{i}: {g} vs {expected}");
        }
    }
}

/// `Σᵢ (Σⱼ xⱼ tᵢʲ)²` at `n` points `tᵢ`, the inner sum a fold over `x` (llsq's shape).
#[catad::program]
fn fitted_squares<S: Scalar>(x: Vec<S>, n: usize) -> S {
    (0..n)
        .map(|i| {
            let t = 0.5 + (i as S) / (n as S);
            let r = x
                .iter()
                .fold((0.0, 1.0), |(r, power), xj| (r + xj * power, power * t))
                .0;
            r * r
        })
        .sum::<S>()
}

#[test]
fn a_reverse_sweep_walks_back_through_its_copies_as_runs() {
    // The gradient's products `2rᵢ · tᵢʲ` come in the reverse sweep's order, the constants
    // `tᵢʲ` at a stride of −1: they run as one instruction per point, not one per product.
    let staged = compile(&fitted_squares::<Reverse, Sym>());
    let direct = fitted_squares::<Reverse, f64>();
    let (m, n) = (16, 50);
    let x: Vec<f64> = (0..m).map(|j| 1.0 / (1.0 + j as f64)).collect();
    let tape = staged.gradient_tape(&(x.clone(), n));
    assert!(
        tape.runs() * 5 <= tape.len(),
        "{} runs for {} operations",
        tape.runs(),
        tape.len()
    );
    let (y, (g, _)) = staged.value_and_gradient(&(x.clone(), n));
    let (y_direct, (g_direct, _)) = (direct.apply((x.clone(), n)), gradient(&direct, (x, n)));
    assert!((y - y_direct).abs() <= 1e-12 * y_direct);
    for (j, (g, e)) in g.iter().zip(&g_direct).enumerate() {
        assert!((g - e).abs() <= 1e-12 * e.abs(), "∂/∂x{j}: {g} vs {e}");
    }
}

#[test]
#[should_panic(expected = "another recording (an earlier one")]
fn a_symbolic_value_of_another_recording_is_refused() {
    let (stale, _) = super::recorder::record(&[1.0], true, |xs| xs[0]);
    let _ = super::recorder::record(&[2.0], true, |xs| xs[0] + stale);
}

/// Recordings nest, and keep their values apart: a value of the recording under way used in a
/// recording nested in it is refused, never mixed in.
#[test]
#[should_panic(expected = "another recording (an earlier one, or one this")]
fn a_symbolic_value_of_an_outer_recording_is_refused_in_a_nested_one() {
    let _ = super::recorder::record(&[1.0], true, |outer| {
        super::recorder::record(&[2.0], true, |inner| inner[0] + outer[0]).0
    });
}

#[test]
fn a_recording_nested_in_another_ends_before_it_goes_on() {
    let (((square, inner_nodes), sum), outer) = super::recorder::record(&[1.0], true, |outer| {
        let (square, inner) = super::recorder::record(&[2.0], true, |inner| inner[0] * inner[0]);
        (
            (square.value(), inner.nodes.len()),
            (outer[0] + outer[0]).value(),
        )
    });
    // The inner recording holds its input and product; the outer its input and sum, and none of
    // the inner's nodes.
    assert_eq!(
        (square, inner_nodes, sum, outer.nodes.len()),
        (4.0, 2, 2.0, 2)
    );
}

#[test]
fn a_tape_is_send_and_sync_and_evaluates_batches_on_every_core() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<super::Tape>();
    let tape = compile(&Reverse::abs_c()).gradient_tape(&1.0);
    let xs: Vec<f64> = (1..=1001).map(|i| f64::from(i) / 7.0).collect();
    let mut batch = vec![0.0; 2 * xs.len()];
    tape.eval_batch(&xs, &mut batch).unwrap();
    let mut one = [0.0; 2];
    for (x, out) in xs.iter().zip(batch.chunks(2)) {
        tape.eval(&[*x], &mut tape.workspace(), &mut one).unwrap();
        assert_eq!(out, one);
    }
    // A point on the other side of abs's kink is reported, not computed wrongly.
    let mut with_negative = xs.clone();
    with_negative[500] = -1.0;
    assert_eq!(
        tape.eval_batch(&with_negative, &mut batch),
        Err(super::Diverged)
    );
}

/// In lanes, a random program's gradient tape computes at each point of a batch what it computes
/// there alone, to the bit (the fused `sincos` of `sin`'s derivative included); and where it
/// diverges at any point, the batch diverges.
#[test]
fn lanes_compute_what_a_tape_computes_point_by_point() {
    fn agree(case: Case, others: Vec<(i8, i8, i8)>, spare: u8) -> bool {
        let [x0, x1, x2] = case.point();
        let tape = compile(&case.first_program::<Reverse, Sym>()).gradient_tape(&(x0, (x1, x2)));
        let others = others
            .iter()
            .map(|&(a, b, c)| [a, b, c].map(|x| f64::from(x) / 32.0));
        let points: Vec<f64> = std::iter::once(case.point())
            .chain(others)
            .flatten()
            .collect();
        let mut alone = tape.workspace();
        let one_by_one: Result<Vec<f64>, _> = points
            .chunks(3)
            .map(|x| {
                let mut out = [0.0; 4];
                tape.eval(x, &mut alone, &mut out).map(|()| out)
            })
            .collect::<Result<Vec<_>, _>>()
            .map(|outs| outs.concat());
        let mut lanes = tape.lanes(points.len() / 3 + usize::from(spare % 4));
        let mut out = vec![0.0; points.len() / 3 * 4];
        let batched = tape.eval_lanes(&points, &mut lanes, &mut out).map(|()| out);
        match (one_by_one, batched) {
            (Ok(alone), Ok(batched)) => alone
                .iter()
                .zip(&batched)
                .all(|(a, b)| a.to_bits() == b.to_bits()),
            (alone, batched) => alone.is_err() && batched.is_err(),
        }
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(agree as fn(Case, Vec<(i8, i8, i8)>, u8) -> bool);
}

/// Summed over samples in lanes, a random program adds what a loop over its entry points adds:
/// its value to the bit (one tape), and its value and gradient by the parameter the samples share
/// within a relative 1e-12 of the terms' magnitudes (summed one by one where the program takes
/// another branch at a sample). The gradient's summed tape computes no gradient by the samples, so
/// where the other fuses a sine and a cosine into libm's `sincos` for that, it may call the
/// platform's `sin` or `cos`, which can differ in the last bit.
#[test]
fn sums_over_samples_add_what_the_entry_points_give() {
    fn agree(case: Case, others: Vec<(i8, i8)>) -> bool {
        let [p, x1, x2] = case.point();
        let staged = compile(&case.first_program::<Reverse, Sym>());
        let others = others
            .iter()
            .map(|&(a, b)| (f64::from(a) / 32.0, f64::from(b) / 32.0));
        let xs: Vec<(f64, f64)> = std::iter::once((x1, x2)).chain(others).collect();
        let terms: Vec<(f64, f64)> = xs
            .iter()
            .map(|&x| {
                let (v, (d, _)) = staged.value_and_gradient(&(p, x));
                (v, d)
            })
            .collect();
        let sum = |term: fn(&(f64, f64)) -> f64| terms.iter().map(term).fold(0.0, |s, t| s + t);
        let size = |term: fn(&(f64, f64)) -> f64| terms.iter().map(|t| term(t).abs()).sum::<f64>();
        let close = |a: f64, b: f64, size: f64| (a - b).abs() <= 1e-12 * (1.0 + size);
        let looped_value = xs
            .iter()
            .fold(0.0, |value, &x| value + staged.apply(&(p, x)));
        let (value, dp) = staged.sum_value_and_gradient(&p, &xs);
        staged.sum_apply(&p, &xs).to_bits() == looped_value.to_bits()
            && close(value, sum(|t| t.0), size(|t| t.0))
            && close(dp, sum(|t| t.1), size(|t| t.1))
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(agree as fn(Case, Vec<(i8, i8)>) -> bool);
}

/// Summed on every core, a random program adds what it adds on one, within a relative 1e-12 of
/// the terms' magnitudes (the blocks' sums are added in another order than the samples one by
/// one), over enough samples for several blocks; summed one by one where the program takes
/// another branch at a sample.
#[test]
fn sums_on_every_core_add_what_one_core_adds() {
    fn agree(case: Case, others: Vec<(i8, i8)>) -> bool {
        let [p, x1, x2] = case.point();
        let staged = compile(&case.first_program::<Reverse, Sym>());
        let xs: Vec<(f64, f64)> = std::iter::once((x1, x2))
            .chain(
                (others.iter().cycle().take(3000))
                    .map(|&(a, b)| (f64::from(a) / 32.0, f64::from(b) / 32.0)),
            )
            .collect();
        let size = xs
            .iter()
            .map(|&x| {
                let (v, (d, _)) = staged.value_and_gradient(&(p, x));
                (v.abs(), d.abs())
            })
            .fold((0.0, 0.0), |(v, d), (a, b)| (v + a, d + b));
        let close = |a: f64, b: f64, size: f64| (a - b).abs() <= 1e-12 * (1.0 + size);
        let (value, dp) = staged.sum_value_and_gradient(&p, &xs);
        let (par_value, par_dp) = staged.par_sum_value_and_gradient(&p, &xs);
        close(par_value, value, size.0)
            && close(par_dp, dp, size.1)
            && close(
                staged.par_sum_apply(&p, &xs),
                staged.sum_apply(&p, &xs),
                size.0,
            )
    }
    QuickCheck::new()
        .tests(50)
        .quickcheck(agree as fn(Case, Vec<(i8, i8)>) -> bool);
}

#[test]
fn a_sum_on_every_core_diverges_where_one_sample_turns() {
    // (w, x) ↦ w · |x|: its gradient tape recorded at x > 0.
    let f = Reverse::compose(
        Reverse::mul_c(),
        Reverse::cross(Reverse::id(), Reverse::abs_c()),
    );
    let staged = compile(&f);
    let tape = staged.gradient_tape(&(2.0, 1.0));
    let mut xs: Vec<f64> = (1..=10_000).map(f64::from).collect();
    let (mut one, mut every) = ([0.0; 3], [0.0; 3]);
    tape.eval_sum(&[2.0], &xs, &mut tape.lanes(8), &mut one)
        .unwrap();
    tape.par_eval_sum(&[2.0], &xs, &mut every).unwrap();
    // Integers: every order of addition is exact.
    assert_eq!(every, one);
    assert_eq!(
        every,
        [2.0 * 5000.0 * 10_001.0, 5000.0 * 10_001.0, 20_000.0]
    );
    // A negative sample in the last block: the tape does not apply; the entry point sums the
    // samples one by one instead.
    xs[9_999] = -10_000.0;
    assert_eq!(
        tape.par_eval_sum(&[2.0], &xs, &mut every),
        Err(super::Diverged)
    );
    let looped = xs.iter().fold(0.0, |s, &x| s + staged.apply(&(2.0, x)));
    assert_eq!(staged.par_sum_value_and_gradient(&2.0, &xs).0, looped);
    // No samples: an empty sum.
    assert_eq!(staged.par_sum_value_and_gradient(&2.0, &[]), (0.0, 0.0));
}

#[test]
#[should_panic(expected = "2 shared input coordinates where the tape has 2 inputs")]
fn a_sum_on_every_core_names_the_sizes_it_was_given() {
    let tape = compile(&Reverse::mul_c()).gradient_tape(&(2.0, 3.0));
    tape.par_eval_sum(&[1.0, 2.0], &[1.0], &mut [0.0; 3])
        .unwrap();
}

#[test]
fn linalg_primitives_on_nalgebra_vectors_are_staged() {
    // `linalg`'s primitives need a `RealField` scalar, as `Mat` does.
    let staged = compile(&crate::linalg::dot::<Reverse, Sym>());
    let direct = crate::linalg::dot::<Reverse, f64>();
    let vector = |xs: &[f64]| nalgebra::DVector::from_column_slice(xs);
    for (u, v) in [([1.0, 2.0], [3.0, 4.0]), ([-0.5, 8.0], [2.0, 0.25])] {
        let x = (vector(&u), vector(&v));
        assert_eq!(
            staged.value_and_gradient(&x),
            (direct.apply(x.clone()), gradient(&direct, x))
        );
    }
}

#[test]
fn matrices_stage_to_the_same_tape_as_reverse_mode() {
    // nalgebra's products over `Sym` fold their constant zeros and ones away and ask no
    // questions of the values: magSqr's gradient is five operations and no guard, as in reverse
    // mode.
    let with_matrices = compile(&crate::paper::mag_sqr::<D<Mat<Sym>>, Sym>());
    let reverse = compile(&crate::paper::mag_sqr::<Reverse, Sym>());
    let (tape, reverse_tape) = (
        with_matrices.gradient_tape(&(3.0, 4.0)),
        reverse.gradient_tape(&(3.0, 4.0)),
    );
    assert_eq!((tape.len(), tape.guards()), (5, 0));
    assert_eq!(tape.len(), reverse_tape.len());
}

#[test]
fn every_sine_of_one_value_reads_the_fused_one() {
    // Recorded without simplification or sharing, `max(sin x, sin x) · cos x` has two sines of
    // `x`, compared at a tie. Both read the one `sincos` (libm's, which may differ from the
    // platform's `sin` in the last bit), so the tie holds where the tape was recorded.
    let (outputs, recording) = super::recorder::record(&[0.7], false, |xs: &[Sym]| {
        let (x, (a, b)) = (xs[0], (xs[0].sin(), xs[0].sin()));
        vec![if a > b { a } else { b } * x.cos()]
    });
    let tape = super::Tape::new(recording, 1, &outputs);
    assert_eq!(
        tape.ops().collect::<Vec<_>>(),
        [Op::SinCos(0), Op::Mul(1, 2)]
    );
    assert_eq!(tape.guards(), 1);
    let mut out = [0.0];
    tape.eval(&[0.7], &mut tape.workspace(), &mut out).unwrap();
    assert!((out[0] - 0.7_f64.sin() * 0.7_f64.cos()).abs() <= 1e-15);
}
