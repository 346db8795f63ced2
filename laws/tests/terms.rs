//! The term laws: programs as terms agree with every interpretation of the programs, and the
//! syntax category satisfies the laws of its classes.

use catad::space::{Arr, SVec};
use catad::term::Syn;
use catad_laws::program::{Linear, Nonlinear};
use catad_laws::suite;
use frunk_core::HList;

#[test]
fn terms_agree_with_fun_and_every_mode() {
    suite::terms();
}

#[test]
fn traced_closures_recursion_and_selects_agree_with_every_mode() {
    suite::traced();
}

#[test]
fn syn_is_a_cartesian_category() {
    suite::category::<Syn, Nonlinear, f64>();
    suite::monoidal::<Syn, Nonlinear, f64>();
    suite::cartesian::<Syn, Nonlinear, f64>();
}

#[test]
fn syn_is_conditional() {
    suite::conditional::<Syn, Nonlinear, f64>();
}

#[test]
fn syn_is_cocartesian_and_scalable() {
    suite::cocartesian::<Syn, Linear, f64>();
    suite::scalable::<Syn, f64>();
}

#[test]
fn syn_is_indexed_over_containers_of_fixed_size() {
    suite::monoidal_i::<Syn, Nonlinear, Arr<3>, f64>();
    suite::cartesian_i::<Syn, Nonlinear, Arr<3>, f64>();
    suite::cartesian_i::<Syn, Nonlinear, SVec<2>, f64>();
    suite::cocartesian_i::<Syn, Linear, Arr<3>, f64>();
    suite::zip_i::<Syn, SVec<2>, f64>();
    suite::sum_i::<Syn, Nonlinear, Arr<3>, f64>();
}

#[test]
fn syn_represents_structures() {
    suite::rep_cat::<Syn, HList![f64, [f64; 2], (f64, f64)]>();
}
