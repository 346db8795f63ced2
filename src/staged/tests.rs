//! Staged entry points against the direct interpretation, in every mode.

use super::{Sym, compile};
use crate::interpretations::{AddFun, Begin, Cont, D, Delta, Dual};
use crate::prelude::*;

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
}

#[test]
fn a_branch_records_again_where_it_turns() {
    let staged = compile(&Reverse::abs_c());
    assert_eq!(staged.gradient(&2.0), 1.0);
    // The sign test, and the entry point's test that the input is not NaN.
    assert_eq!(staged.gradient_tape(&3.0).guards(), 2);
    assert_eq!(staged.gradient(&-2.0), -1.0);
    assert_eq!(staged.gradient(&5.0), 1.0);
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
