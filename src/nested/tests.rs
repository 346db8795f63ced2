//! Second derivatives of random programs by staging a tape's derivative again: the Hessian read
//! by forward sweeps equals the one read by reverse sweeps, is symmetric, and is the difference
//! quotient of the gradient.

use crate::staged::Tape;
use crate::staged::random::{Case, difference, near, tape};
use quickcheck::QuickCheck;

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
