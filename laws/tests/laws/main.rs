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
//! (`tests/integration/corpus/`), where each is built once per mode for every check.
//!
//! The modes of `catad_laws::modes` run through `suite::in_every_mode`, and the class suites
//! staged over `Sym` through `suite::staged_in_every_mode`; the other representations of
//! derivatives are listed here.

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
