//! The modes of differentiation: one list, for the suites and for anything else that runs in every
//! mode (the tour). A mode is `D<K>` for a representation `K` of linear maps; [`for_each_mode`]
//! calls a [`ModeVisitor`]'s generic method once per mode, with `K` and a description.
//!
//! ```
//! use catad::interpretations::D;
//! use catad::prelude::*;
//! use catad_laws::modes::{Mode, ModeVisitor, Representation, for_each_mode};
//!
//! /// Each mode's derivative of `sin` at 0.
//! struct Slopes(Vec<(&'static str, f64)>);
//!
//! impl ModeVisitor for Slopes {
//!     fn visit<K: Representation>(&mut self, mode: &Mode) {
//!         self.0.push((mode.name, derivative(&D::<K>::sin_c(), 0.0)));
//!     }
//! }
//!
//! let mut slopes = Slopes(Vec::new());
//! for_each_mode(&mut slopes);
//! assert_eq!(slopes.0[0], ("Forward", 1.0));
//! assert!(slopes.0.iter().all(|(_, slope)| *slope == 1.0));
//! ```

use catad::interpretations::{self, AddFun, Begin, Cont, Delta, Dual, Mat};
use catad::prelude::*;
use catad::space::{Arr, DVecLen, SVec};
use catad::vocabulary::LinearMap;
use nalgebra::RealField;

/// The indexed classes at the shape `H`.
pub trait Indexed<H: Container>: CartesianI<H> + CocartesianI<H> + ZipI<H> {}

impl<K: CartesianI<H> + CocartesianI<H> + ZipI<H>, H: Container> Indexed<H> for K {}

/// A representation `K` of linear maps over the scalar `S` (`f64` unless given) that makes
/// `D<K>` a mode of [`for_each_mode`]: catad's
/// [`Representation<S>`](interpretations::Representation) (with which `D<K>` runs every
/// program: the numeric classes, conditionals, loops, run-time vectors, primitives and
/// checkpoints), plus what the suites and the entry points ask of it: matrices to observe
/// ([`LinearMap`]), `RepCat`, and the indexed classes at the static and `DVector` shapes of the
/// suites (`Arr<3>`, `SVec<2>`, `DVecLen`; `VecLen` is catad's already).
pub trait Representation<S: Scalar = f64>:
    interpretations::Representation<S>
    + LinearMap<S>
    + RepCat
    + Indexed<Arr<3>>
    + Indexed<SVec<2>>
    + Indexed<DVecLen>
{
}

impl<K, S: Scalar> Representation<S> for K where
    K: interpretations::Representation<S>
        + LinearMap<S>
        + RepCat
        + Indexed<Arr<3>>
        + Indexed<SVec<2>>
        + Indexed<DVecLen>
{
}

/// A mode `D<K>`, described.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    /// Its name: the alias in `catad::ad`, or the type.
    pub name: &'static str,
    /// What its linear maps are, and where the paper has it.
    pub about: &'static str,
    /// Running a derivative re-evaluates along every path of the program, so its cost is
    /// exponential in the nesting of `cross` and in the number of loops and their iterations
    /// (each iteration multiplies it by the paths through the loop's body; `Cont` and `Begin`
    /// over functions): the suites give it programs of the least depth
    /// (`program::Shallow<program::Nonlinear>`), and check its loops on programs with one loop of
    /// at most two iterations over bodies of depth at most 1 (see `program::Shallow`).
    pub shallow: bool,
    /// It builds linear maps from types alone (`Mat`), so its objects must have static dimensions:
    /// the suites do not run it on run-time-length vectors, nor on programs with loops (whose
    /// derivatives fold over `Vec`s): it gets `program::Nonlinear`.
    pub static_only: bool,
}

/// Something to do in every mode over the scalar `S` (`f64` unless given): [`for_each_mode`]
/// calls [`visit`](ModeVisitor::visit) once per mode.
pub trait ModeVisitor<S: Scalar = f64> {
    /// Runs in the mode `D<K>`, described by `mode`.
    fn visit<K: Representation<S>>(&mut self, mode: &Mode);
}

/// Calls `visitor` in every mode of `catad::ad`, in this order: `Forward`, `Reverse`,
/// `ReverseCont<f64>`, `ForwardBegin<f64>`, `D<Mat<f64>>`, `ReverseDelta` — over the
/// visitor's scalar `S` (`ReverseCont<S>`, `D<Mat<S>>`, …; the names are the modes' over `f64`).
/// The paper's own modes over functions are [`for_each_paper_mode`]'s.
///
/// ```
/// use catad_laws::modes::{Mode, ModeVisitor, Representation, for_each_mode};
/// struct Names(Vec<&'static str>);
/// impl ModeVisitor for Names {
///     fn visit<K: Representation>(&mut self, mode: &Mode) {
///         self.0.push(mode.name);
///     }
/// }
/// let mut names = Names(Vec::new());
/// for_each_mode(&mut names);
/// assert_eq!(names.0.len(), 6);
/// ```
pub fn for_each_mode<S: Scalar + RealField, V: ModeVisitor<S>>(visitor: &mut V) {
    visitor.visit::<AddFun>(&mode(
        "Forward",
        "D<AddFun>: derivatives as linear functions (§3, §7)",
    ));
    visitor.visit::<Dual<AddFun>>(&mode(
        "Reverse",
        "D<Dual<AddFun>>: transposed linear functions (§13)",
    ));
    visitor.visit::<Cont<Dual<Delta>, S>>(&mode(
        "ReverseCont<f64>",
        "D<Cont<Dual<Delta>, f64>>: continuations (§12) as transposed shared DAGs (§13)",
    ));
    visitor.visit::<Begin<Delta, S>>(&mode(
        "ForwardBegin<f64>",
        "D<Begin<Delta, f64>>: right-associated (§14), beginnings as shared DAGs",
    ));
    visitor.visit::<Mat<S>>(&Mode {
        static_only: true,
        ..mode(
            "D<Mat<f64>>",
            "matrices, multiplied in the cheapest order (§8, §10, §11)",
        )
    });
    visitor.visit::<Delta>(&mode(
        "ReverseDelta",
        "D<Delta>: linear maps as shared DAGs, one accumulator per value (Krawiec et al.)",
    ));
}

/// Calls `visitor` in the paper's modes by continuations and by right association, over functions
/// (§12, §14): `D<Cont<AddFun, f64>>` and `D<Begin<AddFun, f64>>`. Their continuations are run once
/// per path, so they are [`shallow`](Mode::shallow); catad's `ReverseCont` and `ForwardBegin` share
/// them ([`for_each_mode`]). The law suites run in both lists
/// ([`in_every_mode`](crate::suite::in_every_mode)).
///
/// ```
/// use catad_laws::modes::{Mode, ModeVisitor, Representation, for_each_paper_mode};
/// struct Shallow(Vec<bool>);
/// impl ModeVisitor for Shallow {
///     fn visit<K: Representation>(&mut self, mode: &Mode) {
///         self.0.push(mode.shallow);
///     }
/// }
/// let mut shallow = Shallow(Vec::new());
/// for_each_paper_mode(&mut shallow);
/// assert_eq!(shallow.0, [true, true]);
/// ```
pub fn for_each_paper_mode<S: Scalar + RealField, V: ModeVisitor<S>>(visitor: &mut V) {
    visitor.visit::<Cont<AddFun, S>>(&Mode {
        shallow: true,
        ..mode(
            "D<Cont<AddFun, f64>>",
            "continuations as functions, the paper's (§12)",
        )
    });
    visitor.visit::<Begin<AddFun, S>>(&Mode {
        shallow: true,
        ..mode(
            "D<Begin<AddFun, f64>>",
            "beginnings as functions, the paper's (§14)",
        )
    });
}

/// A mode that is neither shallow nor static-only.
fn mode(name: &'static str, about: &'static str) -> Mode {
    Mode {
        name,
        about,
        shallow: false,
        static_only: false,
    }
}
