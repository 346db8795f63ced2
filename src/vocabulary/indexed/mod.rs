//! Indexed (bi)products (paper §15, Figs. 13–15): products of `n` copies of one object, indexed
//! by a [`Container`](crate::space::Container) shape `h`, with their derived operations and
//! programs.
//!
//! | paper | Rust |
//! |---|---|
//! | `MonoidalI k h`: `crossI` | [`MonoidalI<H>`]: [`cross_i`](MonoidalI::cross_i), [`fmap`](MonoidalI::fmap) |
//! | `CartesianI k h`: `exI`, `replI` | [`CartesianI<H>`]: [`ex_i`](CartesianI::ex_i), [`repl_i`](CartesianI::repl_i), [`fork_i`](CartesianI::fork_i), [`unfork_i`](CartesianI::unfork_i) |
//! | `CocartesianI k h`: `inI`, `jamI` | [`CocartesianI<H>`]: [`in_i`](CocartesianI::in_i), [`jam_i`](CocartesianI::jam_i), [`join_i`](CocartesianI::join_i), [`unjoin_i`](CocartesianI::unjoin_i) |
//! | `zip`, `unzip` (Fig. 13's `Zip h`) | [`ZipI<H>`] |
//! | `sum` | [`SumCat::sum_c`] (`jamI` where the category has it) |
//! | `dot`, `zipWith` | [`dot`], [`zip_with`], [`dot_with`] |
//!
//! The operations that make a vector without having one (`ex_i`, `repl_i`, `in_i`, `jam_i`,
//! `zip_i`) take the shape `h`, so run-time-length vectors know their length.
//!
//! ```
//! use catad::prelude::*;
//! use catad::space::Arr;
//!
//! // ⟨u, v⟩ = sum (zipWith (·) u v), written once for every category.
//! let d = dot::<Reverse, Arr<3>, f64>(Arr);
//! let (u, v) = ([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]);
//! assert_eq!(d.apply((u, v)), 32.0);
//! assert_eq!(gradient(&d, (u, v)), (v, u));
//! ```

mod cartesian;
mod cocartesian;
mod fold;
mod monoidal;
mod programs;
mod sum;
mod zip;

pub use cartesian::CartesianI;
pub use cocartesian::CocartesianI;
pub use fold::{FoldI, UnfoldI, fold_by_unrolling, unfold_by_unrolling};
pub use monoidal::MonoidalI;
pub use programs::{dot, dot_with, zip_with};
pub use sum::SumCat;
pub use zip::{ZipI, unzip_by_projections, zip_by_projections};
