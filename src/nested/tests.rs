//! Second derivatives of random programs by staging a tape's derivative again: the Hessian read
//! by forward sweeps equals the one read by reverse sweeps, is symmetric, and is the difference
//! quotient of the gradient; and the Hessians of the same programs written in the vocabulary
//! agree in nine pairs of outer and inner modes (every outer mode, every inner one), and with
//! differences of the gradient away from kinks.

use super::gradient_of;
use crate::ad;
use crate::interpretations::{AddFun, Begin, Cont, D, Delta, Dual, Mat};
use crate::staged::random::{Case, difference, near, tape};
use crate::staged::{Sym, Tape};
use crate::vocabulary::PrimitiveCat;
use quickcheck::{QuickCheck, TestResult};
use std::rc::Rc;

/// The gradient of `case`'s first output, staged: the reverse sweep of its tape, recorded.
fn gradient_tape(case: &Case) -> Tape {
    let (tape, _) = tape(case, true);
    let e0: Vec<f64> = (0..tape.outputs()).map(|i| f64::from(i == 0)).collect();
    Tape::record(&case.point(), |x| {
        let at = tape
            .linearize(x)
            .expect("a tape applies where it was recorded");
        let e0 = e0
            .iter()
            .map(|&e| crate::staged::Sym::constant(e))
            .collect::<Vec<_>>();
        (at.vjp(&e0), ())
    })
    .0
}

#[test]
fn hessians_of_random_programs_by_staging_the_gradient_again() {
    fn hessian(case: Case) -> bool {
        let g = gradient_tape(&case);
        let x = case.point();
        let Ok(at) = g.linearize(&x) else {
            return false;
        };
        let unit = |j: usize| -> Vec<f64> { (0..3).map(|i| f64::from(i == j)).collect() };
        let columns: Vec<Vec<f64>> = (0..3).map(|j| at.jvp(&unit(j))).collect();
        let rows: Vec<Vec<f64>> = (0..3).map(|i| at.vjp(&unit(i))).collect();
        let both_ways =
            (0..3).all(|i| near(&rows[i], &(0..3).map(|j| columns[j][i]).collect::<Vec<_>>()));
        let symmetric = (0..3).all(|i| (0..3).all(|j| near(&[columns[j][i]], &[columns[i][j]])));
        let differences = (0..3).all(|j| {
            difference(|y| g.eval_over(y).ok(), &x, &unit(j)).is_none_or(|d| near(&columns[j], &d))
        });
        both_ways && symmetric && differences
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(hessian as fn(Case) -> bool);
}

/// The Hessian of `case`'s first output at its point, by the outer mode `D<$outer>` over the
/// inner mode `D<$inner>`, by rows of 3.
macro_rules! hessian_in {
    ($outer:ty, $inner:ty, $case:expr) => {{
        let f = $case.first_program::<D<$inner>, Sym>();
        let g = D::<$outer>::primitive(Rc::new(gradient_of::<f64, $inner, _>(&f)));
        let [x0, x1, x2] = $case.point();
        ad::jacobian(&g, (x0, (x1, x2)))
            .transpose()
            .as_slice()
            .to_vec()
    }};
}

#[test]
fn hessians_of_random_programs_agree_in_every_pair_of_modes_and_with_differences() {
    fn agree(case: Case) -> TestResult {
        if case.first_at_a_kink() {
            return TestResult::discard();
        }
        let reference = hessian_in!(AddFun, Dual<AddFun>, case);
        let pairs = [
            hessian_in!(AddFun, AddFun, case),
            hessian_in!(AddFun, Delta, case),
            hessian_in!(Dual<AddFun>, AddFun, case),
            hessian_in!(Dual<AddFun>, Dual<AddFun>, case),
            hessian_in!(Dual<AddFun>, Delta, case),
            hessian_in!(Cont<AddFun, f64>, Cont<AddFun, Sym>, case),
            hessian_in!(Begin<AddFun, f64>, Dual<AddFun>, case),
            hessian_in!(Mat<f64>, Begin<AddFun, Sym>, case),
        ];
        let size = reference.iter().fold(1.0_f64, |m, h| m.max(h.abs()));
        let modes_agree = pairs.iter().all(|h| {
            h.iter()
                .zip(&reference)
                .all(|(a, b)| (a - b).abs() <= 1e-10 * size)
        });
        // Column j of the Hessian is the difference quotient of the gradient along eⱼ, where
        // stable (no branch of `max` or `abs` within the step).
        let gradient = case.first_program::<D<Dual<AddFun>>, f64>();
        let at_point = |y: &[f64]| -> Option<Vec<f64>> {
            let (a, (b, c)) = ad::gradient(&gradient, (y[0], (y[1], y[2])));
            Some(vec![a, b, c])
        };
        let x = case.point();
        let differences = (0..3).all(|j| {
            let unit: Vec<f64> = (0..3).map(|i| f64::from(i == j)).collect();
            difference(at_point, &x, &unit).is_none_or(|d| near(&reference[3 * j..3 * j + 3], &d))
        });
        TestResult::from_bool(modes_agree && differences)
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(agree as fn(Case) -> TestResult);
}
