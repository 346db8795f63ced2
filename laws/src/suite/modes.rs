//! The suites in every mode of [`modes`](crate::modes), and programs written once for every mode.

use super::{
    cartesian, cartesian_i, category, cocartesian, cocartesian_i, conditional, data, derivatives,
    fold_i, loops, monoidal, monoidal_i, rep_cat, run_time_vectors, scalable, staged_derivatives,
    staged_run_time_vectors, staged_vector_derivatives, sum_i, vector_derivatives, zip_i,
};
use crate::Observe;
use crate::modes::{Mode, ModeVisitor, Representation, for_each_mode, for_each_paper_mode};
use crate::program::{Interprets, Linear, Looping, Nonlinear, Shallow, Vocabulary};
use crate::random::{RandomShape, rep_shape};
use crate::vector::{InterpretsI, ShapeOver};
use catad::interpretations::{D, DMap, Func};
use catad::prelude::*;
use catad::space::{Arr, DVecLen, SVec, VecLen};
use catad::staged::Sym;
use frunk_core::HList;
use quickcheck::Gen;

/// A program written once, given in `Fun` and in every mode `D<K>`: how programs that are not
/// random (the macro corpus's) join the suites ([`program_in_every_mode`](super::program_in_every_mode),
/// [`cond_in_every_mode`](super::cond_in_every_mode),
/// [`compose_assoc_in_every_mode`](super::compose_assoc_in_every_mode)).
pub trait EveryMode {
    /// The domain.
    type A: Space<f64> + RandomShape;
    /// The codomain.
    type B: Space<f64> + RandomShape;
    /// The program in `Fun`.
    fn in_fun(&self) -> Func<Self::A, Self::B>;
    /// The program in the mode `D<K>`.
    fn in_mode<K: Representation>(&self) -> DMap<K, Self::A, Self::B>;
}

/// A suite to run in every mode `D<K>` of [`modes`](crate::modes) ([`in_every_mode`]), on
/// programs with loops and run-time vectors ([`Looping`]) and (for the laws of additive maps)
/// linear programs.
///
/// A mode whose cost grows exponentially with nesting and with loops (the paper's
/// `D<Cont<AddFun, f64>>` and `D<Begin<AddFun, f64>>`) gets `Shallow` programs: the class suites run programs of depth 4 without
/// loops (`Shallow<Nonlinear>`); the suites over loops ([`Derivatives`](ModeSuite::Derivatives)
/// again, [`Loops`](ModeSuite::Loops), [`RunTimeVectors`](ModeSuite::RunTimeVectors),
/// [`FoldI`](ModeSuite::FoldI)) run programs with at most one loop of at most two iterations
/// over bodies of depth at most 1 (`Shallow<Looping<2, 1>, 3>`, and `Shallow<Nonlinear, 1>` as
/// bodies), since each iteration multiplies the cost by the paths through its body (see
/// [`Shallow`]: unbounded, one random program took 148 s). A mode that needs static dimensions
/// (`D<Mat>`) gets programs without loops ([`Nonlinear`]) and none of the suites over loops and
/// run-time vectors. The indexed suites run [`Nonlinear`] programs at each position: with loops
/// in each, too few vectors are defined everywhere. In a shallow mode they are of depth 3
/// (`Shallow<Nonlinear, 3>`): `cross_i_compose` composes two programs at each of up to five
/// positions, and at depth 4 a pair cost up to 4⁸ continuation calls per position in
/// `D<Cont<AddFun, f64>>` (`modes_monoidal_i` took 18–40 s, once 193 s; depth 4 stays checked there by the
/// class suites).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeSuite {
    /// [`category`](super::category()), on both vocabularies.
    Category,
    /// [`monoidal`](super::monoidal()), on both vocabularies.
    Monoidal,
    /// [`cartesian`](super::cartesian()), on both vocabularies.
    Cartesian,
    /// [`cocartesian`](super::cocartesian()), on linear programs.
    Cocartesian,
    /// [`scalable`](super::scalable()).
    Scalable,
    /// [`conditional`](super::conditional()).
    Conditional,
    /// [`rep_cat`](super::rep_cat()), at a `#[derive(HasRep)]` struct and at HLists.
    RepCat,
    /// [`derivatives`](super::derivatives()); in a shallow mode on programs with loops too.
    Derivatives,
    /// [`loops`](super::loops()), except in a mode that needs static dimensions.
    Loops,
    /// [`data`](super::data()).
    Data,
    /// [`run_time_vectors`](super::run_time_vectors()), except in a mode that needs static
    /// dimensions.
    RunTimeVectors,
    /// [`fold_i`](super::fold_i()) at `VecLen`, except in a mode that needs static dimensions.
    FoldI,
    /// An indexed suite at the shapes `Arr<3>`, `SVec<2>`, `VecLen` and `DVecLen`: the static
    /// ones only for a mode that needs static dimensions, `VecLen` only for a shallow one.
    AtEveryShape(ShapeSuite),
}

/// An indexed suite of [`ModeSuite::AtEveryShape`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeSuite {
    /// [`monoidal_i`](super::monoidal_i()).
    MonoidalI,
    /// [`cartesian_i`](super::cartesian_i()).
    CartesianI,
    /// [`cocartesian_i`](super::cocartesian_i()), on linear programs.
    CocartesianI,
    /// [`zip_i`](super::zip_i()).
    ZipI,
    /// [`sum_i`](super::sum_i()).
    SumI,
    /// [`vector_derivatives`](super::vector_derivatives()).
    VectorDerivatives,
}

/// Runs `suite` in every mode of [`modes`](crate::modes): catad's
/// ([`for_each_mode`](crate::modes::for_each_mode)) and the paper's over functions
/// ([`for_each_paper_mode`](crate::modes::for_each_paper_mode)).
///
/// ```
/// use catad_laws::suite::{ModeSuite, in_every_mode};
/// in_every_mode(ModeSuite::Scalable);
/// ```
pub fn in_every_mode(suite: ModeSuite) {
    for_each_mode(&mut { suite });
    for_each_paper_mode(&mut { suite });
}

/// Runs `suite` in the one mode of [`modes`](crate::modes) named `name` (its [`Mode::name`]),
/// as [`in_every_mode`] runs it there: a test per mode, so that the modes' suites run side by
/// side.
///
/// ```
/// use catad_laws::suite::{ModeSuite, in_mode};
/// in_mode(ModeSuite::Scalable, "ReverseDelta");
/// ```
///
/// # Panics
///
/// If no mode is named `name`, listing the names; if a law fails, as [`in_every_mode`].
pub fn in_mode(suite: ModeSuite, name: &str) {
    let mut named = Named::new(name, suite);
    for_each_mode(&mut named);
    for_each_paper_mode(&mut named);
    named.ran();
}

/// Runs `suite` over [`Sym`] in the one mode named `name`, as [`staged_in_every_mode`] runs it
/// there.
///
/// ```
/// use catad_laws::suite::{ModeSuite, staged_in_mode};
/// staged_in_mode(ModeSuite::Scalable, "Forward");
/// ```
///
/// # Panics
///
/// As [`in_mode`] and [`staged_in_every_mode`].
pub fn staged_in_mode(suite: ModeSuite, name: &str) {
    let mut named = Named::new(name, Staged(suite));
    for_each_mode::<Sym, _>(&mut named);
    for_each_paper_mode::<Sym, _>(&mut named);
    named.ran();
}

/// A visitor that passes on only the mode named `name`, and the names it saw.
struct Named<'a, V> {
    name: &'a str,
    visitor: V,
    seen: Vec<&'static str>,
}

impl<'a, V> Named<'a, V> {
    fn new(name: &'a str, visitor: V) -> Self {
        Named {
            name,
            visitor,
            seen: Vec::new(),
        }
    }

    /// Panics unless the mode was visited.
    fn ran(&self) {
        assert!(
            self.seen.contains(&self.name),
            "no mode is named {:?}; the modes are {:?}",
            self.name,
            self.seen
        );
    }
}

impl<S: Scalar, V: ModeVisitor<S>> ModeVisitor<S> for Named<'_, V> {
    fn visit<K: Representation<S>>(&mut self, mode: &Mode) {
        self.seen.push(mode.name);
        if mode.name == self.name {
            self.visitor.visit::<K>(mode);
        }
    }
}

/// Runs `suite` over [`Sym`] in every mode of [`modes`](crate::modes): staged. A derivative
/// category over `Sym` is observed by recording, compiling to a tape and reading the tape's run
/// ([`Observe`]), so
///
/// - the suites of the classes on scalar programs (`Category`, `Monoidal`, `Cartesian`,
///   `Cocartesian`, `Scalable`, `Conditional`) check their laws of the staged programs, on the
///   programs [`in_every_mode`] gives each mode;
/// - `Derivatives` and `RunTimeVectors` check that staging is a functor: each random program
///   staged has the value and Jacobian it has in `Forward` over `f64`
///   ([`staged_derivatives`](super::staged_derivatives),
///   [`staged_run_time_vectors`](super::staged_run_time_vectors)), on the programs (with loops,
///   run-time vectors, checkpoints and a custom primitive) [`in_every_mode`] gives each mode;
/// - `Loops` checks the loop laws of the staged loops (unrolled in the tape), `FoldI` the law of
///   the staged indexed folds, `Data` the data laws of staged reads of data (constants in the
///   tape);
/// - `AtEveryShape` checks the laws of the indexed classes of the staged vector programs, and
///   (`VectorDerivatives`) that staging is a functor on them
///   ([`staged_vector_derivatives`](super::staged_vector_derivatives)), at the shapes
///   [`in_every_mode`] runs each mode at.
///
/// ```
/// use catad_laws::suite::{ModeSuite, staged_in_every_mode};
/// staged_in_every_mode(ModeSuite::Scalable);
/// ```
///
/// # Panics
///
/// If a law fails, as [`in_every_mode`]; and for `RepCat`, naming it: its objects (a
/// `#[derive(HasRep)]` struct of `f64`s, HLists of `f64`s) are written over `f64`.
pub fn staged_in_every_mode(suite: ModeSuite) {
    for_each_mode::<Sym, _>(&mut Staged(suite));
    for_each_paper_mode::<Sym, _>(&mut Staged(suite));
}

/// A suite of [`staged_in_every_mode`].
struct Staged(ModeSuite);

impl ModeVisitor<Sym> for Staged {
    fn visit<K: Representation<Sym>>(&mut self, mode: &Mode) {
        let suite = self.0;
        let ran = if mode.static_only {
            suite.staged::<K, Nonlinear, Linear, Nonlinear, Nonlinear>(mode)
        } else if mode.shallow {
            if suite == ModeSuite::Derivatives {
                staged_derivatives::<D<K>, Shallow<Looping<2, 1>, 3>>();
            }
            type Body = Shallow<Nonlinear, 1>;
            type Indexed = Shallow<Nonlinear, 3>;
            suite.staged::<K, Shallow<Nonlinear>, Shallow<Linear>, Body, Indexed>(mode)
        } else {
            suite.staged::<K, Looping, Linear, Looping, Nonlinear>(mode)
        };
        assert!(
            ran,
            "{suite:?} does not run staged: only the suites of the classes on scalar programs \
             (Category, Monoidal, Cartesian, Cocartesian, Scalable, Conditional), Derivatives, \
             RunTimeVectors, Loops, FoldI, Data and the indexed suites (AtEveryShape) do"
        );
    }
}

impl ModeVisitor for ModeSuite {
    fn visit<K: Representation>(&mut self, mode: &Mode) {
        if mode.static_only {
            self.run::<K, Nonlinear, Linear, Nonlinear>(mode);
        } else if mode.shallow {
            self.run::<K, Shallow<Nonlinear>, Shallow<Linear>, Shallow<Nonlinear, 3>>(mode);
            self.over_few_loops::<K>();
        } else {
            self.run::<K, Looping, Linear, Nonlinear>(mode);
        }
    }
}

/// A tuple struct, an object through `#[derive(HasRep)]`.
#[derive(Clone, Debug, catad::space::HasRep)]
struct Affine([f64; 2], f64);

impl RandomShape for Affine {
    fn random_shape(g: &mut Gen) -> Self {
        rep_shape(g)
    }
}

impl ModeSuite {
    /// The suite in `D<K>`, on the numeric vocabulary `N` and the linear one `L`, and the
    /// indexed suites on the numeric vocabulary `I`.
    fn run<K, N, L, I>(self, mode: &Mode)
    where
        K: Representation,
        N: Vocabulary,
        L: Vocabulary,
        I: Vocabulary,
        D<K>: Interprets<N> + Interprets<L> + Interprets<I>,
        Fun: Interprets<N>,
        Forward: Interprets<N> + Interprets<I>,
    {
        match self {
            ModeSuite::Category
            | ModeSuite::Monoidal
            | ModeSuite::Cartesian
            | ModeSuite::Cocartesian
            | ModeSuite::Scalable
            | ModeSuite::Conditional => {
                self.classes::<K, N, L, f64>();
            }
            ModeSuite::RepCat => {
                rep_cat::<D<K>, Affine>();
                rep_cat::<D<K>, HList![f64, [f64; 2], (f64, f64)]>();
                if !mode.static_only {
                    rep_cat::<D<K>, HList![Vec<f64>, f64]>();
                }
            }
            ModeSuite::Derivatives => derivatives::<D<K>, N>(),
            ModeSuite::Loops => {
                if !(mode.static_only || mode.shallow) {
                    loops::<D<K>, N, f64>();
                }
            }
            ModeSuite::Data => data::<D<K>, N, f64>(),
            ModeSuite::RunTimeVectors => {
                if !(mode.static_only || mode.shallow) {
                    run_time_vectors::<D<K>, N>();
                }
            }
            ModeSuite::FoldI => {
                if !(mode.static_only || mode.shallow) {
                    fold_i::<D<K>, I, VecLen, f64>();
                }
            }
            ModeSuite::AtEveryShape(suite) => {
                if !mode.shallow {
                    suite.at::<K, I, L, Arr<3>>();
                    suite.at::<K, I, L, SVec<2>>();
                }
                if !mode.static_only {
                    suite.at::<K, I, L, VecLen>();
                }
                if !(mode.static_only || mode.shallow) {
                    suite.at::<K, I, L, DVecLen>();
                }
            }
        }
    }
}

impl ModeSuite {
    /// Runs `self` in `D<K>` over the scalar `S` if it is one of the suites of the classes on
    /// scalar programs, generic in their scalar (on the numeric vocabulary `N` and the linear one
    /// `L`); whether it is.
    fn classes<K, N, L, S>(self) -> bool
    where
        K: Representation<S>,
        N: Vocabulary,
        L: Vocabulary,
        S: Scalar,
        D<K>: Interprets<N, S> + Interprets<L, S> + Observe<S>,
        Fun: Interprets<N, S>,
    {
        match self {
            ModeSuite::Category => {
                category::<D<K>, N, S>();
                category::<D<K>, L, S>();
            }
            ModeSuite::Monoidal => {
                monoidal::<D<K>, N, S>();
                monoidal::<D<K>, L, S>();
            }
            ModeSuite::Cartesian => {
                cartesian::<D<K>, N, S>();
                cartesian::<D<K>, L, S>();
            }
            ModeSuite::Cocartesian => cocartesian::<D<K>, L, S>(),
            ModeSuite::Scalable => scalable::<D<K>, S>(),
            ModeSuite::Conditional => conditional::<D<K>, N, S>(),
            _ => return false,
        }
        true
    }

    /// Runs `self` staged in `D<K>` over `Sym`, on the numeric vocabulary `N` and the linear one
    /// `L`, loops and programs over run-time vectors with bodies of `R` (unless the mode needs
    /// static dimensions), and the indexed suites on `I` at the shapes `in_every_mode` runs them
    /// at; whether it is a suite that runs staged.
    fn staged<K, N, L, R, I>(self, mode: &Mode) -> bool
    where
        K: Representation<Sym>,
        N: Vocabulary,
        L: Vocabulary,
        R: Vocabulary,
        I: Vocabulary,
        D<K>: Interprets<N, Sym> + Interprets<L, Sym> + Interprets<R, Sym> + Interprets<I, Sym>,
        Fun: Interprets<N, Sym>,
        Forward: Interprets<N> + Interprets<R> + Interprets<I>,
    {
        let looping = !mode.static_only;
        match self {
            ModeSuite::Derivatives => staged_derivatives::<D<K>, N>(),
            ModeSuite::RunTimeVectors => {
                if looping {
                    staged_run_time_vectors::<D<K>, R>();
                }
            }
            ModeSuite::Loops => {
                if looping {
                    loops::<D<K>, R, Sym>();
                }
            }
            ModeSuite::Data => data::<D<K>, N, Sym>(),
            ModeSuite::FoldI => {
                if mode.shallow {
                    fold_i::<D<K>, R, VecLen, Sym>();
                } else if looping {
                    fold_i::<D<K>, I, VecLen, Sym>();
                }
            }
            ModeSuite::AtEveryShape(suite) => {
                if !mode.shallow {
                    suite.staged_at::<K, I, L, Arr<3>>();
                    suite.staged_at::<K, I, L, SVec<2>>();
                }
                if !mode.static_only {
                    suite.staged_at::<K, I, L, VecLen>();
                }
                if !(mode.static_only || mode.shallow) {
                    suite.staged_at::<K, I, L, DVecLen>();
                }
            }
            _ => return self.classes::<K, N, L, Sym>(),
        }
        true
    }

    /// The suites over loops and run-time vectors in a shallow mode `D<K>`: programs with at most
    /// one loop, of at most two iterations over bodies of depth at most 1 (see [`Shallow`]).
    fn over_few_loops<K: Representation>(self) {
        match self {
            ModeSuite::Derivatives => derivatives::<D<K>, Shallow<Looping<2, 1>, 3>>(),
            ModeSuite::Loops => loops::<D<K>, Shallow<Nonlinear, 1>, f64>(),
            ModeSuite::RunTimeVectors => run_time_vectors::<D<K>, Shallow<Nonlinear, 1>>(),
            ModeSuite::FoldI => fold_i::<D<K>, Shallow<Nonlinear, 1>, VecLen, f64>(),
            ModeSuite::Category
            | ModeSuite::Monoidal
            | ModeSuite::Cartesian
            | ModeSuite::Cocartesian
            | ModeSuite::Scalable
            | ModeSuite::Conditional
            | ModeSuite::RepCat
            | ModeSuite::Data
            | ModeSuite::AtEveryShape(_) => {}
        }
    }
}

impl ShapeSuite {
    /// Runs `self` in `D<K>` at the shape `H` over the scalar `S` if it is one of the suites of
    /// the indexed classes, generic in their scalar (on the numeric vocabulary `N` and the linear
    /// one `L`); whether it is.
    fn classes_at<K, N, L, H, S>(self) -> bool
    where
        K: Representation<S>,
        N: Vocabulary,
        L: Vocabulary,
        H: ShapeOver<S>,
        S: Scalar,
        D<K>: InterpretsI<N, H, S> + InterpretsI<L, H, S> + SumCat<H> + Observe<S>,
    {
        match self {
            ShapeSuite::MonoidalI => monoidal_i::<D<K>, N, H, S>(),
            ShapeSuite::CartesianI => cartesian_i::<D<K>, N, H, S>(),
            ShapeSuite::CocartesianI => cocartesian_i::<D<K>, L, H, S>(),
            ShapeSuite::ZipI => zip_i::<D<K>, H, S>(),
            ShapeSuite::SumI => sum_i::<D<K>, N, H, S>(),
            ShapeSuite::VectorDerivatives => return false,
        }
        true
    }

    /// The suite in `D<K>` at the shape `H`.
    fn at<K, N, L, H>(self)
    where
        K: Representation,
        N: Vocabulary,
        L: Vocabulary,
        H: ShapeOver<f64>,
        D<K>: InterpretsI<N, H> + InterpretsI<L, H> + SumCat<H>,
        Forward: InterpretsI<N, H>,
    {
        if !self.classes_at::<K, N, L, H, f64>() {
            vector_derivatives::<D<K>, N, H>();
        }
    }

    /// The suite staged in `D<K>` (over `Sym`) at the shape `H`.
    fn staged_at<K, N, L, H>(self)
    where
        K: Representation<Sym>,
        N: Vocabulary,
        L: Vocabulary,
        H: ShapeOver<Sym>,
        D<K>: InterpretsI<N, H, Sym> + InterpretsI<L, H, Sym> + SumCat<H>,
        Forward: InterpretsI<N, H>,
    {
        if !self.classes_at::<K, N, L, H, Sym>() {
            staged_vector_derivatives::<D<K>, N, H>();
        }
    }
}
