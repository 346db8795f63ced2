//! The corpus of `#[catad::program]`s (`macros/tests/corpus/programs.rs`, which covers every
//! construct the macro accepts) joins the law suites, each program in `Fun` and every mode of
//! `catad_laws::modes`:
//!
//! - each program, at random points its domain keeps: the functor and calculus laws
//!   (`suite::program_in_every_mode`);
//! - combinations of programs: the conditional laws with corpus programs as branches and
//!   comparisons of corpus programs as tests, and associativity of composition.

use catad::interpretations::{DMap, Func};
use catad::prelude::*;
use catad_laws::modes::Representation;
use catad_laws::random::{RandomShape, rep_shape};
use catad_laws::suite::{self, EveryMode, short_name};
use quickcheck::Gen;
use std::any::Any;

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

        /// The functor and calculus laws on each program, in every mode.
        mod laws_hold {
            use super::*;
            $(
                #[test]
                fn $name() {
                    suite::program_in_every_mode(&interpretations!($name), domain!($($guard)?));
                }
            )*
        }
    };
}

include!("../../../macros/tests/corpus/programs.rs");

/// The corpus's programs in `Fun` and every mode, for the suites: each mode of
/// `catad_laws::modes` is one of the corpus's.
impl<A, B> EveryMode for Interpretations<A, B>
where
    A: Space<f64> + RandomShape,
    B: Space<f64> + RandomShape,
{
    type A = A;
    type B = B;

    fn in_fun(&self) -> Func<A, B> {
        self.fun.clone()
    }

    fn in_mode<K: Representation>(&self) -> DMap<K, A, B> {
        let built: [&dyn Any; 6] = [
            &self.forward,
            &self.reverse,
            &self.reverse_cont,
            &self.forward_begin,
            &self.matrix,
            &self.delta,
        ];
        let found = built
            .into_iter()
            .find_map(|f| f.downcast_ref::<DMap<K, A, B>>());
        found.cloned().unwrap_or_else(|| {
            panic!(
                "the corpus builds no program in the mode D<{}>: add it to `interpretations!`",
                short_name::<K>()
            )
        })
    }
}

impl RandomShape for Affine {
    fn random_shape(g: &mut Gen) -> Self {
        rep_shape(g)
    }
}

impl RandomShape for Point {
    fn random_shape(g: &mut Gen) -> Self {
        rep_shape(g)
    }
}

/// `poly > square`: a comparison of two corpus programs, run in `Fun`.
fn poly_above_square() -> Pred<f64> {
    let (poly, square) = (programs::poly::<Fun>(), programs::square::<Fun>());
    Pred::compare(poly.into_fn(), Comparison::Gt, square.into_fn())
}

/// `rational < lets`.
fn rational_below_lets() -> Pred<(f64, f64)> {
    let (rational, lets) = (programs::rational::<Fun>(), programs::lets::<Fun>());
    Pred::compare(rational.into_fn(), Comparison::Lt, lets.into_fn())
}

/// The conditional laws on ℝ → ℝ: branches `elementary` and `piecewise` (itself an `else if`
/// chain), chosen by `poly > square`.
#[test]
fn cond_on_the_line() {
    let (f, g) = (interpretations!(elementary), interpretations!(piecewise));
    suite::cond_in_every_mode(&poly_above_square(), &f, &g);
}

/// The conditional laws on ℝ² → ℝ²: branches `tuple_let` and `branch_pairs`, chosen by
/// `rational < lets || nested_cond >= 1`.
#[test]
fn cond_on_the_plane() {
    let nested = programs::nested_cond::<Fun>().into_fn();
    let large = Pred::compare(nested, Comparison::Ge, |_| 1.0);
    let (f, g) = (interpretations!(tuple_let), interpretations!(branch_pairs));
    suite::cond_in_every_mode(&rational_below_lets().or(&large), &f, &g);
}

/// `poly ∘ (piecewise ∘ elementary) = (poly ∘ piecewise) ∘ elementary` on ℝ.
#[test]
fn assoc_on_the_line() {
    let (f, g) = (interpretations!(elementary), interpretations!(piecewise));
    suite::compose_assoc_in_every_mode(&f, &g, &interpretations!(poly));
}

/// `rational ∘ (tuple_let ∘ cond_value) = (rational ∘ tuple_let) ∘ cond_value`: ℝ → ℝ² → ℝ² → ℝ.
#[test]
fn assoc_through_the_plane() {
    let (f, g) = (interpretations!(cond_value), interpretations!(tuple_let));
    suite::compose_assoc_in_every_mode(&f, &g, &interpretations!(rational));
}

/// The tests of the conditional laws see both branches.
#[test]
fn the_tests_choose_both_branches() {
    let (line, plane) = (poly_above_square(), rational_below_lets());
    assert!(line.holds(&0.0) && !line.holds(&-1.0));
    assert!(plane.holds(&(2.0, 0.0)) && !plane.holds(&(0.0, 1.0)));
}
