//! The class laws (Category, Monoidal, Cartesian, Cocartesian, Scalable) for every instance, on
//! random programs of depth 4–6.
//!
//! Nonlinear programs (the numeric vocabulary) for `Fun` and every derivative category; linear
//! programs (scaling and addition) for the linear-map categories, and for the `Cocartesian` and
//! `Scalable` laws of `D<K>`, which hold for additive morphisms only.

mod support;

use catad::interpretations::{AddFun, Begin, Cont, Dual};
use catad::prelude::*;
use catad_laws::program::{
    Curve, Field, Interprets, Line, Linear, Nonlinear, Plane, Pt, RandomProgram, Shallow,
    Vocabulary,
};
use catad_laws::{Observe, cartesian, category, cocartesian, monoidal, scalable};
use quickcheck::TestResult;
use support::{check, guarded};

fn left_identity<K: Interprets<V> + Observe<f64>, V: Vocabulary>(
    f: Field<V>,
    x: Pt<(f64, f64)>,
) -> TestResult {
    guarded(f.eval(&x.0).is_some(), || {
        category::left_identity::<K, f64, _, _>(f.interpret::<K>(), &x.0)
    })
}

fn right_identity<K: Interprets<V> + Observe<f64>, V: Vocabulary>(
    f: Plane<V>,
    x: Pt<(f64, f64)>,
) -> TestResult {
    guarded(f.eval(&x.0).is_some(), || {
        category::right_identity::<K, f64, _, _>(f.interpret::<K>(), &x.0)
    })
}

fn compose_assoc<K: Interprets<V> + Observe<f64>, V: Vocabulary>(
    f: Curve<V>,
    g: Plane<V>,
    h: Field<V>,
    x: Pt<f64>,
) -> TestResult {
    let defined = f
        .eval(&x.0)
        .and_then(|y| g.eval(&y))
        .and_then(|z| h.eval(&z))
        .is_some();
    guarded(defined, || {
        category::compose_assoc::<K, f64, _, _, _, _>(
            f.interpret::<K>(),
            g.interpret::<K>(),
            h.interpret::<K>(),
            &x.0,
        )
    })
}

fn cross_id<K: Monoidal + Observe<f64>>(x: Pt<(f64, f64)>) -> bool {
    monoidal::cross_id::<K, f64, f64, f64>(&x.0)
}

fn cross_compose<K: Interprets<V> + Observe<f64>, V: Vocabulary>(
    f: Line<V>,
    g: Field<V>,
    h: Line<V>,
    k: Line<V>,
    x: Pt<(f64, f64)>,
) -> TestResult {
    let (a, b) = x.0;
    let defined = f.eval(&a).and_then(|c| h.eval(&c)).is_some()
        && g.eval(&(b, b)).and_then(|e| k.eval(&e)).is_some();
    guarded(defined, || {
        let g = K::compose(g.interpret::<K>(), K::dup());
        monoidal::cross_compose::<K, f64, _, _, _, _, _, _>(
            f.interpret::<K>(),
            g,
            h.interpret::<K>(),
            k.interpret::<K>(),
            &x.0,
        )
    })
}

fn exl_fork<K: Interprets<V> + Observe<f64>, V: Vocabulary>(
    f: Line<V>,
    g: Curve<V>,
    x: Pt<f64>,
) -> TestResult {
    guarded(f.eval(&x.0).is_some() && g.eval(&x.0).is_some(), || {
        cartesian::exl_fork::<K, f64, _, _, _>(f.interpret::<K>(), g.interpret::<K>(), &x.0)
    })
}

fn exr_fork<K: Interprets<V> + Observe<f64>, V: Vocabulary>(
    f: Curve<V>,
    g: Line<V>,
    x: Pt<f64>,
) -> TestResult {
    guarded(f.eval(&x.0).is_some() && g.eval(&x.0).is_some(), || {
        cartesian::exr_fork::<K, f64, _, _, _>(f.interpret::<K>(), g.interpret::<K>(), &x.0)
    })
}

fn fork_unfork<K: Interprets<V> + Observe<f64>, V: Vocabulary>(
    h: Plane<V>,
    x: Pt<(f64, f64)>,
) -> TestResult {
    guarded(h.eval(&x.0).is_some(), || {
        cartesian::fork_unfork::<K, f64, _, _, _>(h.interpret::<K>(), &x.0)
    })
}

fn join_inl<K: Interprets<Linear> + Cocartesian + Observe<f64>>(
    f: Field<Linear>,
    g: Line<Linear>,
    x: Pt<(f64, f64)>,
) -> bool {
    cocartesian::join_inl::<K, f64, _, _, _>(f.interpret::<K>(), g.interpret::<K>(), &x.0)
}

fn join_inr<K: Interprets<Linear> + Cocartesian + Observe<f64>>(
    f: Curve<Linear>,
    g: Plane<Linear>,
    x: Pt<(f64, f64)>,
) -> bool {
    cocartesian::join_inr::<K, f64, _, _, _>(f.interpret::<K>(), g.interpret::<K>(), &x.0)
}

fn join_unjoin<K: Interprets<Linear> + Cocartesian + Observe<f64>>(
    h: Plane<Linear>,
    x: Pt<(f64, f64)>,
) -> bool {
    cocartesian::join_unjoin::<K, f64, _, _, _>(h.interpret::<K>(), &x.0)
}

fn scale_compose<K: Scalable<f64> + Observe<f64>>(a: Pt<f64>, b: Pt<f64>, x: Pt<f64>) -> bool {
    scalable::scale_compose::<K, f64>(a.0, b.0, &x.0)
}

fn scale_one<K: Scalable<f64> + Observe<f64>>(x: Pt<f64>) -> bool {
    scalable::scale_one::<K, f64>(&x.0)
}

/// Category, Monoidal and Cartesian laws for `$k` on programs of the vocabulary `$v`.
macro_rules! cartesian_suite {
    ($name:ident, $k:ty, $v:ty) => {
        mod $name {
            use super::*;
            #[test]
            fn left_identity() {
                check(super::left_identity::<$k, $v> as fn(_, _) -> _);
            }
            #[test]
            fn right_identity() {
                check(super::right_identity::<$k, $v> as fn(_, _) -> _);
            }
            #[test]
            fn compose_assoc() {
                check(super::compose_assoc::<$k, $v> as fn(_, _, _, _) -> _);
            }
            #[test]
            fn cross_id() {
                check(super::cross_id::<$k> as fn(_) -> _);
            }
            #[test]
            fn cross_compose() {
                check(super::cross_compose::<$k, $v> as fn(_, _, _, _, _) -> _);
            }
            #[test]
            fn exl_fork() {
                check(super::exl_fork::<$k, $v> as fn(_, _, _) -> _);
            }
            #[test]
            fn exr_fork() {
                check(super::exr_fork::<$k, $v> as fn(_, _, _) -> _);
            }
            #[test]
            fn fork_unfork() {
                check(super::fork_unfork::<$k, $v> as fn(_, _) -> _);
            }
        }
    };
}

/// Cocartesian and Scalable laws for `$k` on linear programs.
macro_rules! biproduct_suite {
    ($name:ident, $k:ty) => {
        mod $name {
            use super::*;
            #[test]
            fn join_inl() {
                check(super::join_inl::<$k> as fn(_, _, _) -> _);
            }
            #[test]
            fn join_inr() {
                check(super::join_inr::<$k> as fn(_, _, _) -> _);
            }
            #[test]
            fn join_unjoin() {
                check(super::join_unjoin::<$k> as fn(_, _) -> _);
            }
            #[test]
            fn scale_compose() {
                check(super::scale_compose::<$k> as fn(_, _, _) -> _);
            }
            #[test]
            fn scale_one() {
                check(super::scale_one::<$k> as fn(_) -> _);
            }
        }
    };
}

mod nonlinear {
    use super::*;
    cartesian_suite!(fun, Fun, Nonlinear);
    cartesian_suite!(forward, Forward, Nonlinear);
    cartesian_suite!(reverse, Reverse, Nonlinear);
    cartesian_suite!(reverse_cont, ReverseCont<f64>, Shallow<Nonlinear>);
    cartesian_suite!(
        reverse_cont_pair,
        ReverseCont<(f64, f64)>,
        Shallow<Nonlinear>
    );
    cartesian_suite!(forward_begin, ForwardBegin<f64>, Shallow<Nonlinear>);
    cartesian_suite!(
        forward_begin_pair,
        ForwardBegin<(f64, f64)>,
        Shallow<Nonlinear>
    );
}

mod linear {
    use super::*;
    cartesian_suite!(add_fun, AddFun, Linear);
    cartesian_suite!(dual, Dual<AddFun>, Linear);
    cartesian_suite!(dual_dual, Dual<Dual<AddFun>>, Linear);
    cartesian_suite!(cont, Cont<AddFun, f64>, Shallow<Linear>);
    cartesian_suite!(cont_pair, Cont<AddFun, (f64, f64)>, Shallow<Linear>);
    cartesian_suite!(cont_dual, Cont<Dual<AddFun>, f64>, Shallow<Linear>);
    cartesian_suite!(begin, Begin<AddFun, f64>, Shallow<Linear>);
    cartesian_suite!(begin_pair, Begin<AddFun, (f64, f64)>, Shallow<Linear>);
    cartesian_suite!(forward, Forward, Linear);
    cartesian_suite!(reverse, Reverse, Linear);
    cartesian_suite!(reverse_cont, ReverseCont<f64>, Shallow<Linear>);
    cartesian_suite!(forward_begin, ForwardBegin<f64>, Shallow<Linear>);
}

mod biproduct {
    use super::*;
    biproduct_suite!(add_fun, AddFun);
    biproduct_suite!(dual, Dual<AddFun>);
    biproduct_suite!(dual_dual, Dual<Dual<AddFun>>);
    biproduct_suite!(cont, Cont<AddFun, f64>);
    biproduct_suite!(cont_pair, Cont<AddFun, (f64, f64)>);
    biproduct_suite!(cont_dual, Cont<Dual<AddFun>, f64>);
    biproduct_suite!(begin, Begin<AddFun, f64>);
    biproduct_suite!(begin_pair, Begin<AddFun, (f64, f64)>);
    biproduct_suite!(forward, Forward);
    biproduct_suite!(reverse, Reverse);
    biproduct_suite!(reverse_cont, ReverseCont<f64>);
    biproduct_suite!(forward_begin, ForwardBegin<f64>);
}
