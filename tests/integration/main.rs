//! catad's integration tests of programs written with combinators, in one test binary: each suite
//! is a module. The macro's programs are tested in `tests/macros/` and `tests/corpus/`: three
//! binaries, so that no one compile holds every suite's instantiations at once.

#[macro_use]
#[path = "../shared/macro_support.rs"]
mod macro_support;

mod copies;
mod counted;
mod data;
mod deep;
mod errors;
mod has_rep;
mod linalg;
mod nested;
mod nested_seed;
mod paper_examples;
mod sharing;
mod tuples;
