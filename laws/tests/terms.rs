//! The term laws: programs as terms agree with every interpretation of the programs, and the
//! syntax category satisfies the laws of its classes.

use catad::term::Syn;
use catad_laws::program::{Linear, Nonlinear};
use catad_laws::suite;

#[test]
fn terms_agree_with_fun_and_every_mode() {
    suite::terms();
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
