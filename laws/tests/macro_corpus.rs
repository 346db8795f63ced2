//! The corpus of `#[catad::program]`s (`macros/tests/corpus/programs.rs`, which covers every
//! construct the macro accepts) joins the law suites. At random points each program's domain keeps
//! (the others are discarded; tolerances are the laws' own):
//!
//! - the primal of every mode is `Fun`'s value (`functor::primal_is_fun`);
//! - Reverse, ReverseCont, ForwardBegin and `D<Mat>` give Forward's value and Jacobian
//!   (`functor::derivatives_agree`);
//! - every mode's derivative satisfies the adjoint identity (`calculus::derivative_adjoint`) and
//!   agrees with central differences (`calculus::finite_difference`).
//!
//! On combinations of corpus programs, in `Fun` and every mode: the conditional laws
//! (`conditional::cond_chooses`, `cond_idempotent`, `cond_not`) with corpus programs as branches
//! and comparisons of corpus programs as tests, and associativity of composition
//! (`category::compose_assoc`).

// Shared by the law suites; this one discards through its own `Testable`, not `guarded`.
#[allow(dead_code)]
mod support;

use catad::interpretations::Mat;
use catad::interpretations::{AddFun, Begin, Cont, D, Dual};
use catad::prelude::*;
use catad_laws::Observe;
use catad_laws::calculus::{derivative_adjoint, finite_difference};
use catad_laws::category::compose_assoc;
use catad_laws::conditional::{cond_chooses, cond_idempotent, cond_not};
use catad_laws::functor::{derivatives_agree, primal_is_fun};
use catad_laws::program::Pt;
use quickcheck::{Arbitrary, Gen, TestResult, Testable};
use support::check;

/// Compiles each function of the shared corpus into `programs`, and makes a test in `laws_hold`
/// that checks the laws on it at the points its domain keeps.
macro_rules! corpus {
    ($(
        $(#[doc = $doc:literal])*
        $(#[domain($guard:expr)])?
        fn $name:ident($($params:tt)*) -> $result:ty { $($body:tt)* }
    )*) => {
        mod programs {
            use super::*;
            $(
                $(#[doc = $doc])*
                #[catad::program]
                pub fn $name($($params)*) -> $result { $($body)* }
            )*
        }

        /// The functor and calculus laws on each program.
        mod laws_hold {
            use super::*;
            $(
                #[test]
                fn $name() {
                    check(Laws::new(interpretations!($name), domain!($($guard)?)));
                }
            )*
        }
    };
}

include!("../../macros/tests/corpus/programs.rs");

/// A random point of `A` with coordinates in `[-2, 2]`, shaped by `A`'s zero (every corpus
/// domain has a static shape).
fn point<A: Space<f64>>(g: &mut Gen) -> A {
    let shape = A::zero();
    let coords: Vec<f64> = (0..shape.dim())
        .map(|_| f64::from(u16::arbitrary(g)) / f64::from(u16::MAX) * 4.0 - 2.0)
        .collect();
    shape.with_coords(&coords)
}

/// The functor and calculus laws of one program, as a quickcheck property: each case is a random
/// point `a` (discarded unless the domain keeps it), tangent `da` and cotangent `db`.
struct Laws<A: Space<f64>, B: Space<f64>> {
    program: Interpretations<A, B>,
    domain: Box<dyn Fn(&A) -> bool>,
}

impl<A: Space<f64>, B: Space<f64>> Laws<A, B> {
    fn new(program: Interpretations<A, B>, domain: impl Fn(&A) -> bool + 'static) -> Self {
        Laws {
            program,
            domain: Box::new(domain),
        }
    }
}

impl<A: Space<f64>, B: Space<f64>> Testable for Laws<A, B> {
    fn result(&self, g: &mut Gen) -> TestResult {
        let a: A = point(g);
        if !(self.domain)(&a) {
            return TestResult::discard();
        }
        let (da, db): (A, B) = (point(g), point(g));
        let p = &self.program;
        let laws = [
            (
                "primal Forward",
                primal_is_fun::<AddFun, f64, A, B>(&p.forward, &p.fun, &a),
            ),
            (
                "primal Reverse",
                primal_is_fun::<Dual<AddFun>, f64, A, B>(&p.reverse, &p.fun, &a),
            ),
            (
                "primal ReverseCont",
                primal_is_fun::<Cont<AddFun, f64>, f64, A, B>(&p.reverse_cont, &p.fun, &a),
            ),
            (
                "primal ForwardBegin",
                primal_is_fun::<Begin<AddFun, f64>, f64, A, B>(&p.forward_begin, &p.fun, &a),
            ),
            (
                "primal D<Mat>",
                primal_is_fun::<Mat<f64>, f64, A, B>(&p.matrix, &p.fun, &a),
            ),
            (
                "Reverse agrees with Forward",
                derivatives_agree::<AddFun, Dual<AddFun>, f64, A, B>(&p.forward, &p.reverse, &a),
            ),
            (
                "ReverseCont agrees with Forward",
                derivatives_agree::<AddFun, Cont<AddFun, f64>, f64, A, B>(
                    &p.forward,
                    &p.reverse_cont,
                    &a,
                ),
            ),
            (
                "ForwardBegin agrees with Forward",
                derivatives_agree::<AddFun, Begin<AddFun, f64>, f64, A, B>(
                    &p.forward,
                    &p.forward_begin,
                    &a,
                ),
            ),
            (
                "D<Mat> agrees with Forward",
                derivatives_agree::<AddFun, Mat<f64>, f64, A, B>(&p.forward, &p.matrix, &a),
            ),
            (
                "adjoint Forward",
                derivative_adjoint::<AddFun, f64, A, B>(&p.forward, &a, &da, &db),
            ),
            (
                "adjoint Reverse",
                derivative_adjoint::<Dual<AddFun>, f64, A, B>(&p.reverse, &a, &da, &db),
            ),
            (
                "adjoint ReverseCont",
                derivative_adjoint::<Cont<AddFun, f64>, f64, A, B>(&p.reverse_cont, &a, &da, &db),
            ),
            (
                "adjoint ForwardBegin",
                derivative_adjoint::<Begin<AddFun, f64>, f64, A, B>(&p.forward_begin, &a, &da, &db),
            ),
            (
                "adjoint D<Mat>",
                derivative_adjoint::<Mat<f64>, f64, A, B>(&p.matrix, &a, &da, &db),
            ),
            (
                "finite differences Forward",
                finite_difference::<AddFun, f64, A, B>(&p.forward, &a, &da),
            ),
            (
                "finite differences Reverse",
                finite_difference::<Dual<AddFun>, f64, A, B>(&p.reverse, &a, &da),
            ),
            (
                "finite differences ReverseCont",
                finite_difference::<Cont<AddFun, f64>, f64, A, B>(&p.reverse_cont, &a, &da),
            ),
            (
                "finite differences ForwardBegin",
                finite_difference::<Begin<AddFun, f64>, f64, A, B>(&p.forward_begin, &a, &da),
            ),
            (
                "finite differences D<Mat>",
                finite_difference::<Mat<f64>, f64, A, B>(&p.matrix, &a, &da),
            ),
        ];
        let broken: Vec<&str> = laws
            .iter()
            .filter(|(_, holds)| !holds)
            .map(|(law, _)| *law)
            .collect();
        if broken.is_empty() {
            TestResult::passed()
        } else {
            TestResult::error(format!(
                "{broken:?} fail at a = {a:?}, da = {da:?}, db = {db:?}"
            ))
        }
    }
}

/// The conditional laws on ℝ → ℝ: branches `elementary` and `piecewise` (itself an `else if`
/// chain), chosen by `poly > square`, a comparison of two more corpus programs.
fn cond_on_the_line<K: Program<f64> + Observe<f64>>(x: Pt<f64>) -> bool {
    let p = Pred::compare(
        programs::poly::<Fun>().into_fn(),
        Comparison::Gt,
        programs::square::<Fun>().into_fn(),
    );
    let (f, g) = (programs::elementary::<K>(), programs::piecewise::<K>());
    cond_chooses::<K, f64, _, _>(&p, f.clone(), g.clone(), &x.0)
        && cond_idempotent::<K, f64, _, _>(&p, g.clone(), &x.0)
        && cond_not::<K, f64, _, _>(&p, f, g, &x.0)
}

/// The conditional laws on ℝ² → ℝ²: branches `tuple_let` and `branch_pairs`, chosen by
/// `rational < lets || nested_cond >= 1`.
fn cond_on_the_plane<K: Program<f64> + Observe<f64>>(x: Pt<(f64, f64)>) -> bool {
    let below = Pred::compare(
        programs::rational::<Fun>().into_fn(),
        Comparison::Lt,
        programs::lets::<Fun>().into_fn(),
    );
    let large = Pred::compare(
        programs::nested_cond::<Fun>().into_fn(),
        Comparison::Ge,
        Fun::const_c(1.0).into_fn(),
    );
    let p = below.or(&large);
    let (f, g) = (programs::tuple_let::<K>(), programs::branch_pairs::<K>());
    cond_chooses::<K, f64, _, _>(&p, f.clone(), g.clone(), &x.0)
        && cond_idempotent::<K, f64, _, _>(&p, f.clone(), &x.0)
        && cond_not::<K, f64, _, _>(&p, f, g, &x.0)
}

/// `poly ∘ (piecewise ∘ elementary) = (poly ∘ piecewise) ∘ elementary` on ℝ.
fn assoc_on_the_line<K: Program<f64> + Observe<f64>>(x: Pt<f64>) -> bool {
    compose_assoc::<K, f64, _, _, _, _>(
        programs::elementary::<K>(),
        programs::piecewise::<K>(),
        programs::poly::<K>(),
        &x.0,
    )
}

/// `rational ∘ (tuple_let ∘ cond_value) = (rational ∘ tuple_let) ∘ cond_value`: ℝ → ℝ² → ℝ² → ℝ.
fn assoc_through_the_plane<K: Program<f64> + Observe<f64>>(x: Pt<f64>) -> bool {
    compose_assoc::<K, f64, _, _, _, _>(
        programs::cond_value::<K>(),
        programs::tuple_let::<K>(),
        programs::rational::<K>(),
        &x.0,
    )
}

/// One test per category (`Fun` and every mode) for a property generic in the category.
macro_rules! in_every_category {
    ($name:ident, $property:ident, $point:ty) => {
        mod $name {
            use super::*;
            #[test]
            fn fun() {
                check($property::<Fun> as fn($point) -> bool);
            }
            #[test]
            fn forward() {
                check($property::<Forward> as fn($point) -> bool);
            }
            #[test]
            fn reverse() {
                check($property::<Reverse> as fn($point) -> bool);
            }
            #[test]
            fn reverse_cont() {
                check($property::<ReverseCont<f64>> as fn($point) -> bool);
            }
            #[test]
            fn forward_begin() {
                check($property::<ForwardBegin<f64>> as fn($point) -> bool);
            }
            #[test]
            fn matrix() {
                check($property::<D<Mat<f64>>> as fn($point) -> bool);
            }
        }
    };
}

mod conditional {
    use super::*;
    in_every_category!(line, cond_on_the_line, Pt<f64>);
    in_every_category!(plane, cond_on_the_plane, Pt<(f64, f64)>);
}

mod compose_assoc {
    use super::*;
    in_every_category!(line, assoc_on_the_line, Pt<f64>);
    in_every_category!(through_the_plane, assoc_through_the_plane, Pt<f64>);
}

/// The tests of the conditional laws see both branches.
#[test]
fn the_tests_choose_both_branches() {
    let p = Pred::compare(
        programs::poly::<Fun>().into_fn(),
        Comparison::Gt,
        programs::square::<Fun>().into_fn(),
    );
    assert!(p.holds(&0.0) && !p.holds(&-1.0));
    let below = Pred::compare(
        programs::rational::<Fun>().into_fn(),
        Comparison::Lt,
        programs::lets::<Fun>().into_fn(),
    );
    assert!(below.holds(&(2.0, 0.0)) && !below.holds(&(0.0, 1.0)));
}
