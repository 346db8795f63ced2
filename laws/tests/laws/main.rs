//! The law suites of `catad_laws::suite` for every instance, in one test binary: a test is one
//! suite (the laws of one class, or one functor or calculus law family) for one instance.
//!
//! - `classes`: the classes on scalar programs, for `Fun`, every linear-map category and the
//!   modes;
//! - `indexed`: the indexed classes on vectors of every shape;
//! - `functors`: the functor and calculus laws;
//! - `spaces`: the vector-space laws of every object type;
//! - `data`: a program with data inputs, in every mode.
//!
//! The programs of the macro corpus meet the suites in catad's integration tests
//! (`tests/corpus/`), where each is built once per mode for every check.
//!
//! The modes of `catad_laws::modes` run through `suite::in_mode`, and the suites staged over
//! `Sym` through `suite::staged_in_mode`, a test per mode (`in_each_mode!`); the other
//! representations of derivatives are listed here.

/// The modes of `catad_laws::modes`, by name, as `in_each_mode!` tests them.
const MODES: [&str; 8] = [
    "Forward",
    "Reverse",
    "ReverseCont<f64>",
    "ForwardBegin<f64>",
    "D<Mat<f64>>",
    "ReverseDelta",
    "D<Cont<AddFun, f64>>",
    "D<Begin<AddFun, f64>>",
];

/// `in_each_mode!(test, run, suite)`: a module `test` of one test per mode of [`MODES`], each
/// running `run(suite, mode)`, so that the modes' suites run side by side.
macro_rules! in_each_mode {
    ($test:ident, $run:ident, $suite:expr) => {
        in_each_mode!(@ $test, $run, $suite, forward 0, reverse 1, reverse_cont 2, forward_begin 3,
            mat 4, reverse_delta 5, paper_cont 6, paper_begin 7);
    };
    (@ $test:ident, $run:ident, $suite:expr, $($mode:ident $i:literal),*) => {
        mod $test {
            use super::*;
            $(
                #[test]
                fn $mode() {
                    $run($suite, $crate::MODES[$i])
                }
            )*
        }
    };
}

/// The names `for_each_mode` and `for_each_paper_mode` visit.
struct Names(Vec<&'static str>);

impl ModeVisitor for Names {
    fn visit<K: Representation>(&mut self, mode: &Mode) {
        self.0.push(mode.name);
    }
}

#[test]
fn every_mode_has_its_tests() {
    let mut names = Names(Vec::new());
    for_each_mode(&mut names);
    for_each_paper_mode(&mut names);
    assert_eq!(names.0, MODES);
}

// The instance tables keep one line per instance and suite.
#[rustfmt::skip]
mod classes;
mod data;
#[rustfmt::skip]
mod functors;
#[rustfmt::skip]
mod indexed;
#[rustfmt::skip]
mod spaces;

use catad::space::HasRep;
use catad_laws::modes::{Mode, ModeVisitor, Representation, for_each_mode, for_each_paper_mode};
use catad_laws::random::{RandomShape, rep_shape};
use frunk_core::HList;
use quickcheck::Gen;

/// A user's struct, an object through `#[derive(HasRep)]`.
#[derive(Clone, Debug, PartialEq, HasRep)]
struct Params {
    weights: [f64; 2],
    bias: f64,
}

impl RandomShape for Params {
    fn random_shape(g: &mut Gen) -> Self {
        rep_shape(g)
    }
}

/// An HList with a run-time-length field.
type Row = HList![f64, Vec<f64>, (f64, f64)];

/// An HList of static shape, for the categories that build maps from types (`Mat`).
type StaticRow = HList![f64, [f64; 2], (f64, f64)];
