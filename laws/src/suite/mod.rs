//! The suites: for one instance, every law of a class on random programs, each law on
//! [`cases`] random cases (200, or `CATAD_LAW_CASES`). A failing law panics with its name, the
//! instance and the shrunk counterexample.
//!
//! Every suite is a generic function of the category `K` (and of the random programs' vocabulary
//! `V`, the container shape `H` and the scalar `S` the programs run over, where they apply), so
//! that checking an instance is one call:
//!
//! ```
//! use catad::interpretations::{AddFun, Dual};
//! use catad::space::VecLen;
//! use catad_laws::program::Linear;
//! use catad_laws::suite;
//! suite::category::<Dual<AddFun>, Linear, f64>();
//! suite::cartesian_i::<Dual<AddFun>, Linear, VecLen, f64>();
//! ```
//!
//! - classes ([`category`], [`monoidal`], [`cartesian`], [`cocartesian`], [`scalable`],
//!   [`conditional`], [`rep_cat`], [`linear_map`]) on scalar programs, and [`linear_map_i`] on
//!   vector programs;
//! - indexed classes ([`monoidal_i`], [`cartesian_i`], [`cocartesian_i`], [`zip_i`], [`sum_i`]) on
//!   vectors of a shape `H`;
//! - indexed folds: [`fold_i`] in any category, and [`linear_folds`] (unfolds, transposition,
//!   agreement with `AddFun`) in the linear-map categories;
//! - functors and calculus: the derivatives of `D<K>` ([`derivatives`], on programs whose input
//!   holds a run-time vector [`run_time_vectors`], and [`vector_derivatives`]), the [`lift`]s
//!   `cont`, `begin` and `asDual`, and each linear-map representation's agreement with `AddFun`
//!   ([`representations`], [`vector_representations`]);
//! - the loop laws ([`loops`]): folds split, builds fuse, `sum_build` accumulates, iterations
//!   add;
//! - the data laws ([`data`]): reading data is reading the plain value, and an element read is a
//!   constant;
//! - the vector-space laws of an object type ([`space`]);
//! - the laws of terms: a program's term runs, and differentiates in every mode, as the program
//!   does ([`terms`]); and ordinary Rust over random programs — closures, recursion, selects —
//!   traced into a term, runs and differentiates as the program written in the vocabulary
//!   ([`traced`]);
//! - every mode of [`modes`](crate::modes) at once ([`in_every_mode`]), and the programs of the
//!   macro corpus in every mode ([`program_in_every_mode`]);
//! - every mode's suites over [`Sym`](catad::staged::Sym), staged ([`staged_in_every_mode`]), and
//!   that staging is a functor ([`staged_derivatives`], [`staged_run_time_vectors`],
//!   [`staged_vector_derivatives`]).
//!
//! The suites of the classes, loops, folds and data take the scalar `S` their programs run over:
//! `f64`, or `Sym`, over which a derivative category's morphisms are observed staged (see
//! [`Observe`](crate::Observe)).

mod check;
mod classes;
mod data;
mod folds;
mod functors;
mod indexed;
mod loops;
mod modes;
mod space;
mod terms;
mod traced;

pub use check::{CASES, Checkable, Laws, cases, defined, short_name};
pub use classes::{
    cartesian, category, cocartesian, compose_assoc_in_every_mode, cond_in_every_mode, conditional,
    linear_map, linear_map_i, monoidal, rep_cat, scalable,
};
pub use data::data;
pub use folds::{fold_i, linear_folds};
pub use functors::{
    derivatives, lift, program_in_every_mode, representations, run_time_vectors,
    staged_derivatives, staged_run_time_vectors, staged_vector_derivatives, vector_derivatives,
    vector_representations,
};
pub use indexed::{cartesian_i, cocartesian_i, monoidal_i, sum_i, zip_i};
pub use loops::loops;
pub use modes::{
    EveryMode, ModeSuite, ShapeSuite, in_every_mode, in_mode, staged_in_every_mode, staged_in_mode,
};
pub use space::space;
pub use terms::terms;
pub use traced::{Hosted, traced};
