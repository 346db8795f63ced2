//! The bundles `#[catad::program]` compiles to: [`StraightLine<S>`] for scalars, pairs and
//! primitives, [`Program<S>`] adding conditionals, loops, run-time vectors and data, and
//! [`ProgramI<H>`] for each fixed vector shape `H`. Each is a trait alias: an empty trait with a
//! blanket implementation for every category that has the classes it bundles.

use super::{
    Cartesian, CartesianI, Checkpoint, Conditional, ConstantCat, DataCat, FloatingCat, IndexCat,
    Loops, MinMaxCat, PrimitiveCat, SumCat, VecCat, ZipI,
};
use crate::space::{Container, Scalar};

/// The vocabulary of straight-line programs: products, the numeric operations over `S` (with
/// minima and maxima), primitives with their own derivatives and checkpoints — no branch, loop or
/// vector. A `#[catad::program]` is bound by it and by each further class its body uses, so a
/// straight-line program runs in every category that has these, the syntax category
/// [`Syn`](crate::term::Syn) of terms included.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
///
/// #[catad::program]
/// fn mag_sqr(a: f64, b: f64) -> f64 {
///     a * a + b * b
/// }
///
/// assert_eq!(mag_sqr::<Syn>().gradient((3.0, 4.0)), (6.0, 8.0));
/// ```
pub trait StraightLine<S: Scalar>:
    Cartesian + FloatingCat<S> + MinMaxCat<S> + PrimitiveCat<S> + Checkpoint
{
}

impl<K, S: Scalar> StraightLine<S> for K where
    K: Cartesian + FloatingCat<S> + MinMaxCat<S> + PrimitiveCat<S> + Checkpoint
{
}

/// The vocabulary `#[catad::program]` compiles to: products, the numeric operations over `S`
/// (with minima and maxima), conditionals, loops, vectors of run-time length, indices, data,
/// constants, primitives with their own derivatives and checkpoints. It is an alias (implemented for every category that
/// has them all: `Fun` and every `D<K>`), so a program's bound is one word.
///
/// ```
/// use catad::prelude::*;
/// // sqr x = x · x, for every category that can run a program.
/// fn sqr<K: Program<f64>>() -> Hom<K, f64, f64> {
///     K::compose(K::mul_c(), K::dup())
/// }
/// assert_eq!(sqr::<Fun>().apply(3.0), 9.0);
/// assert_eq!(derivative(&sqr::<ReverseCont<f64>>(), 3.0), 6.0);
/// ```
pub trait Program<S: Scalar>:
    StraightLine<S> + Conditional + Loops + VecCat + IndexCat + DataCat + ConstantCat
{
}

impl<K, S: Scalar> Program<S> for K where
    K: StraightLine<S> + Conditional + Loops + VecCat + IndexCat + DataCat + ConstantCat
{
}

/// The indexed vocabulary `#[catad::program]` compiles vector operations over shape `H` to:
/// `fmap` and `replI` ([`CartesianI`]), `zipI` ([`ZipI`]) and the sum ([`SumCat`]). It is an
/// alias, implemented for every category that has all three, so that a program over vectors of
/// shape `H` adds one bound, `ProgramI<H>`, to `Program<S>`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// // ‖v‖² = sum (fmap sqr v), for every category that can run a program over [f64; 2].
/// fn norm_sqr<K: Program<f64> + ProgramI<Arr<2>>>() -> Hom<K, [f64; 2], f64> {
///     let sqr = K::compose(K::mul_c(), K::dup());
///     K::compose(K::sum_c(Arr::<2>), K::fmap(Arr::<2>, sqr))
/// }
/// assert_eq!(norm_sqr::<Fun>().apply([3.0, 4.0]), 25.0);
/// assert_eq!(gradient(&norm_sqr::<ReverseCont<f64>>(), [3.0, 4.0]), [6.0, 8.0]);
/// ```
pub trait ProgramI<H: Container>: CartesianI<H> + ZipI<H> + SumCat<H> {}

impl<K: CartesianI<H> + ZipI<H> + SumCat<H>, H: Container> ProgramI<H> for K {}
