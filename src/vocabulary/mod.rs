//! The categorical vocabulary (paper §4–§7, §13, §15): one trait per class, laws in each trait's
//! docs. The vocabulary names no interpretation: the categories that give it meaning are in
//! the `interpretations` module.
//!
//! A category is a zero-sized marker type; its morphisms ``a `k` b`` are the generic associated type
//! [`Category::Hom`], written [`Hom<K, A, B>`](Hom). Programs are written once against these traits and
//! given meaning by choosing `K`.

mod cartesian;
#[allow(clippy::module_inception)]
mod category;
mod checkpoint;
mod cocartesian;
mod conditional;
mod constant;
mod data;
mod floating;
mod fractional;
mod index;
mod indexed;
mod linear;
mod linear_map;
mod loops;
mod min_max;
mod monoidal;
mod num;
mod primitive;
mod program;
mod rep;
mod scalable;
mod vec_cat;

pub use cartesian::Cartesian;
pub use category::{Category, Hom};
pub use checkpoint::{Checkpoint, LazyCat};
pub use cocartesian::{Cocartesian, zero};
pub use conditional::{Comparison, Conditional, Pred};
pub use constant::ConstantCat;
pub use data::DataCat;
pub use floating::FloatingCat;
pub use fractional::FractionalCat;
pub use index::IndexCat;
pub use indexed::{
    CartesianI, CocartesianI, FoldI, MonoidalI, SumCat, UnfoldI, ZipI, dot, dot_with,
    fold_by_unrolling, unfold_by_unrolling, unzip_by_projections, zip_by_projections, zip_with,
};
pub use linear::{LinearCat, LinearFn, linear_fn};
pub use linear_map::{LinearMap, forward_via_transpose, transpose_via_forward};
pub(crate) use linear_map::{check_shape, mat_vec};
pub use loops::{Loops, sum_build};
pub use min_max::MinMaxCat;
pub use monoidal::Monoidal;
pub use num::NumCat;
pub use primitive::{Primitive, PrimitiveCat, primitive};
pub use program::{Program, ProgramI, StraightLine};
pub use rep::RepCat;
pub use scalable::Scalable;
pub use vec_cat::VecCat;
