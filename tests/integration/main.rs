//! catad's integration tests, in one test binary: each suite is a module, so a fresh build links
//! catad and its dependencies into one executable instead of one per suite.

#[macro_use]
mod macro_support;

mod copies;
mod corpus;
mod counted;
mod data;
mod deep;
mod errors;
mod has_rep;
mod linalg;
mod macro_generic;
mod macro_models;
mod macro_paper;
mod macro_sharing;
mod macro_structs;
mod nested;
mod nested_seed;
mod paper_examples;
mod sharing;
mod tuples;
