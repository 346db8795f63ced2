//! The evals' programs against ports of the reference's code, the programs run directly and
//! central differences, and their errors on inputs of the wrong shape: `det`, `lstm` and `ht`.

mod det;
mod ht;
mod lstm;
