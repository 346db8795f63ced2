//! The macro's programs beside the programs they stand for, in every mode: the paper's examples,
//! programs generic in their scalar, structures, models, and what is shared and not copied.

#[macro_use]
#[path = "../shared/macro_support.rs"]
mod macro_support;

mod macro_generic;
mod macro_models;
mod macro_paper;
mod macro_sharing;
mod macro_structs;
