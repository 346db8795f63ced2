//! The functor and calculus laws on scalar programs: the derivatives of every mode and of the other
//! derivative categories, and every mode's staged over `Sym`; `cont`, `begin` and `asDual` are
//! homomorphisms; every representation of linear maps gives `AddFun`'s matrices.

use catad::interpretations::{AddFun, Begin, Cont, D, Delta, Dual, Mat};
use catad::prelude::*;
use catad_laws::program::{Field, Line, Linear, Looping, Nonlinear, Pt, RandomProgram, Shallow, VecField};
use catad_laws::suite::{self, ModeSuite, in_mode, staged_in_mode};
use quickcheck::Arbitrary;

// One line per instance and suite.

in_each_mode!(modes_derivatives, in_mode, ModeSuite::Derivatives);
in_each_mode!(modes_run_time_vectors, in_mode, ModeSuite::RunTimeVectors);
in_each_mode!(staged_modes_derivatives, staged_in_mode, ModeSuite::Derivatives);
in_each_mode!(staged_modes_run_time_vectors, staged_in_mode, ModeSuite::RunTimeVectors);
#[test] fn reverse_cont_pair_derivatives() { suite::derivatives::<ReverseCont<(f64, f64)>, Shallow<Nonlinear>>() }
#[test] fn forward_begin_pair_derivatives() { suite::derivatives::<ForwardBegin<(f64, f64)>, Shallow<Nonlinear>>() }
#[test] fn d_dual_dual_derivatives() { suite::derivatives::<D<Dual<Dual<AddFun>>>, Nonlinear>() }
#[test] fn d_cont_dual_derivatives() { suite::derivatives::<D<Cont<Dual<AddFun>, f64>>, Shallow<Nonlinear>>() }
#[test] fn d_begin_dual_derivatives() { suite::derivatives::<D<Begin<Dual<AddFun>, f64>>, Shallow<Nonlinear>>() }
#[test] fn d_dual_mat_derivatives() { suite::derivatives::<D<Dual<Mat<f64>>>, Nonlinear>() }
#[test] fn d_cont_mat_derivatives() { suite::derivatives::<D<Cont<Mat<f64>, f64>>, Shallow<Nonlinear>>() }

#[test] fn cont_of_add_fun() { suite::lift::<AddFun, Cont<AddFun, f64>, Shallow<Linear>>() }
#[test] fn begin_of_add_fun() { suite::lift::<AddFun, Begin<AddFun, f64>, Shallow<Linear>>() }
#[test] fn cont_of_add_fun_pair() { suite::lift::<AddFun, Cont<AddFun, (f64, f64)>, Shallow<Linear>>() }
#[test] fn begin_of_add_fun_pair() { suite::lift::<AddFun, Begin<AddFun, (f64, f64)>, Shallow<Linear>>() }
#[test] fn cont_of_dual() { suite::lift::<Dual<AddFun>, Cont<Dual<AddFun>, f64>, Shallow<Linear>>() }
#[test] fn begin_of_dual() { suite::lift::<Dual<AddFun>, Begin<Dual<AddFun>, f64>, Shallow<Linear>>() }
#[test] fn cont_of_mat() { suite::lift::<Mat<f64>, Cont<Mat<f64>, f64>, Shallow<Linear>>() }
#[test] fn begin_of_mat() { suite::lift::<Mat<f64>, Begin<Mat<f64>, f64>, Shallow<Linear>>() }
#[test] fn as_dual_of_cont() { suite::lift::<Cont<AddFun, f64>, Dual<AddFun>, Shallow<Linear>>() }

#[test] fn dual_agrees_with_add_fun() { suite::representations::<Dual<AddFun>, Linear>() }
#[test] fn dual_dual_agrees_with_add_fun() { suite::representations::<Dual<Dual<AddFun>>, Linear>() }
#[test] fn cont_agrees_with_add_fun() { suite::representations::<Cont<AddFun, f64>, Shallow<Linear>>() }
#[test] fn cont_pair_agrees_with_add_fun() { suite::representations::<Cont<AddFun, (f64, f64)>, Shallow<Linear>>() }
#[test] fn cont_dual_agrees_with_add_fun() { suite::representations::<Cont<Dual<AddFun>, f64>, Shallow<Linear>>() }
#[test] fn cont_mat_agrees_with_add_fun() { suite::representations::<Cont<Mat<f64>, f64>, Shallow<Linear>>() }
#[test] fn begin_agrees_with_add_fun() { suite::representations::<Begin<AddFun, f64>, Shallow<Linear>>() }
#[test] fn begin_pair_agrees_with_add_fun() { suite::representations::<Begin<AddFun, (f64, f64)>, Shallow<Linear>>() }
#[test] fn begin_dual_agrees_with_add_fun() { suite::representations::<Begin<Dual<AddFun>, f64>, Shallow<Linear>>() }
#[test] fn begin_mat_agrees_with_add_fun() { suite::representations::<Begin<Mat<f64>, f64>, Shallow<Linear>>() }
#[test] fn dual_cont_agrees_with_add_fun() { suite::representations::<Dual<Cont<AddFun, f64>>, Shallow<Linear>>() }
#[test] fn dual_begin_agrees_with_add_fun() { suite::representations::<Dual<Begin<AddFun, f64>>, Shallow<Linear>>() }
#[test] fn mat_agrees_with_add_fun() { suite::representations::<Mat<f64>, Linear>() }
#[test] fn dual_mat_agrees_with_add_fun() { suite::representations::<Dual<Mat<f64>>, Linear>() }
#[test] fn delta_agrees_with_add_fun() { suite::representations::<Delta, Linear>() }
#[test] fn cont_delta_agrees_with_add_fun() { suite::representations::<Cont<Dual<Delta>, f64>, Linear>() }
#[test] fn begin_delta_agrees_with_add_fun() { suite::representations::<Begin<Delta, f64>, Linear>() }

/// The guard of the suites is not vacuous: most random nonlinear programs are defined at a random
/// point (about 59%: the rest leave the domains of `ln`, `sqrt`, `recip` and `atan2`, exceed the
/// bound, or come near the kinks of `max`, `min` and `abs`).
#[test]
fn most_cases_are_defined() {
    let mut g = quickcheck::Gen::new(100);
    let defined = (0..1000)
        .filter(|_| {
            let p = Field::<Nonlinear>::arbitrary(&mut g);
            p.eval(&Pt::<(f64, f64)>::arbitrary(&mut g).0).is_some()
        })
        .count();
    assert!(
        defined > 500,
        "only {defined} of 1000 random programs were defined at a random point"
    );
}

/// `Fun` runs the programs with loops as their guarded evaluator does, many of them are defined
/// at a random point (about 45%), and loops occur in them.
#[test]
fn fun_runs_loops_as_evaluated() {
    let mut g = quickcheck::Gen::new(100);
    let (mut defined, mut looping) = (0, 0);
    for _ in 0..1000 {
        let (p, x) = (Line::<Looping>::arbitrary(&mut g), Pt::<f64>::arbitrary(&mut g).0);
        looping += usize::from(format!("{p:?}").contains("element"));
        if let Some(y) = p.eval(&x) {
            defined += 1;
            let z = p.interpret::<Fun>().apply(x);
            assert!(catad_laws::close(y, z), "{p:?} at {x}: evaluated {y}, run in Fun {z}");
        }
    }
    assert!(defined > 375, "only {defined} of 1000 programs with loops were defined at a random point");
    assert!(looping > 300, "only {looping} of 1000 random programs had a loop over a vector");
}

/// `Fun` runs the programs of a scalar and a run-time vector as their guarded evaluator does, at
/// vectors of every length from 0 to 3, many of them defined at each.
#[test]
fn fun_runs_run_time_vectors_as_evaluated() {
    let mut g = quickcheck::Gen::new(100);
    let mut defined = [0; 4];
    for _ in 0..1000 {
        let (p, x) = (VecField::<Looping>::arbitrary(&mut g), Pt::<(f64, Vec<f64>)>::arbitrary(&mut g).0);
        if let Some(y) = p.eval(&x) {
            defined[x.1.len()] += 1;
            let z = p.interpret::<Fun>().apply(x.clone());
            assert!(catad_laws::close(y, z), "{p:?} at {x:?}: evaluated {y}, run in Fun {z}");
        }
    }
    assert!(defined.iter().all(|n| *n > 90), "programs defined at vectors of 0, 1, 2, 3 elements: {defined:?} of about 250 each");
}
