//! Guides beside the API: how the crate is laid out, where each part of the paper lives, and how to
//! add an interpretation of your own. Each is a page of `docs/` in the repository, and its Rust code
//! blocks run as doctests, so the code they show compiles against this version of catad.
//!
//! - [`architecture`]: objects, categories as zero-sized markers with a generic associated type of
//!   morphisms, the category transformers, and how derivatives are read out as vectors and matrices.
//! - [`paper_map`]: each section and figure of the paper, and the code that implements it.
//! - [`adding_a_category`]: a new category built end to end and used as a mode of differentiation.

#[doc = include_str!("../docs/architecture.md")]
pub mod architecture {}

#[doc = include_str!("../docs/paper-map.md")]
pub mod paper_map {}

#[doc = include_str!("../docs/adding-a-category.md")]
pub mod adding_a_category {}
