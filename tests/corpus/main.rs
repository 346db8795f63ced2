//! The corpus of `#[catad::program]`s covering every construct the macro accepts
//! (`programs.rs`), checked in every mode:
//!
//! - the value in `Fun` and the primal of every derivative mode equal the same function run as
//!   plain Rust (each program is also compiled as an ordinary function, its *twin*);
//! - Forward, Reverse, ReverseCont, ForwardBegin, ReverseDelta and `D<Mat>` give the same
//!   Jacobian;
//! - the Jacobian agrees with central finite differences of the twin;
//! - the functor and calculus laws of `catad_laws` hold on each program at random points its
//!   domain keeps (`suite::program_in_every_mode`), and the conditional laws and associativity of
//!   composition on combinations of programs.
//!
//! Points are sampled deterministically; a program's domain guard *discards* points where it is
//! not smooth or not defined (near a branch boundary, `ln` near 0, …) rather than widening a
//! tolerance, and each program must keep enough points.
//!
//! The module also holds `hygiene.rs` (programs next to names like every generated one) and
//! `run_time/` (the corpus of programs over run-time data). Each program is built once per mode
//! for all of these checks, in this test binary.

mod support;

use catad::interpretations::{DMap, Func};
use catad::prelude::*;
use catad_laws::modes::Representation;
use catad_laws::random::{RandomShape, rep_shape};
use catad_laws::suite::{self, EveryMode, short_name};
use quickcheck::Gen;
use std::any::Any;
use std::ops::Mul;
use support::{Interpretation, Modes, Twin, sample_points};

/// Compiles each function twice: as a `#[catad::program]` in `programs`, and verbatim as a plain
/// Rust function, its twin, in `twins` (for both corpora). The programs may call the programs and
/// primitives of a module `callees`, the twins the plain functions of its `callees::plain`.
macro_rules! programs_and_twins {
    (
        $(callees: $callees:ident;)?
        $(
            $(#[doc = $doc:literal])*
            fn $name:ident($($params:tt)*) -> $result:ty { $($body:tt)* }
            $(twin($($twin_params:tt)*) { $($prelude:tt)* })?
        )*
    ) => {
        mod programs {
            use super::*;
            $(use super::$callees::*;)?
            $(
                $(#[doc = $doc])*
                #[catad::program]
                pub fn $name($($params)*) -> $result { $($body)* }
            )*
        }

        // The twins are the programs verbatim: `!(y > 1.0)`, indexed loops and counted iterators
        // included. A twin whose parameters differ from its program's (`twin(…) { … }`: a
        // `#[data]` parameter's `Data` handle) reads them in a prelude first.
        #[allow(
            clippy::neg_cmp_op_on_partial_ord,
            clippy::needless_range_loop,
            clippy::iter_count
        )]
        mod twins {
            use super::*;
            $(use super::$callees::plain::*;)?
            $(
                twin! {
                    $(#[doc = $doc])*
                    fn $name[$($params)*] $([$($twin_params)*] [$($prelude)*])? -> $result {
                        $($body)*
                    }
                }
            )*
        }
    };
}

/// A twin: its program's parameters and body, or its own parameters and a prelude that reads
/// them as the body expects.
macro_rules! twin {
    (
        $(#[doc = $doc:literal])*
        fn $name:ident[$($params:tt)*] -> $result:ty { $($body:tt)* }
    ) => {
        $(#[doc = $doc])*
        pub fn $name($($params)*) -> $result { $($body)* }
    };
    (
        $(#[doc = $doc:literal])*
        fn $name:ident[$($params:tt)*] [$($twin:tt)*] [$($prelude:tt)*] -> $result:ty {
            $($body:tt)*
        }
    ) => {
        $(#[doc = $doc])*
        pub fn $name($($twin)*) -> $result { $($prelude)* $($body)* }
    };
}

/// A test per program in `every_mode`: the program in the given modes against its twin and central
/// differences, at points of the given shapes that its domain guard keeps (for both corpora).
macro_rules! every_mode {
    ($($name:ident: $modes:expr, $shapes:expr, $guard:expr;)*) => {
        /// Each program in every mode against its twin and central differences.
        mod every_mode {
            use super::*;
            $(
                #[test]
                fn $name() {
                    crate::support::check(stringify!($name), $modes, twins::$name, $shapes, $guard);
                }
            )*
        }
    };
}

/// Defines each function of the corpus three times: as a `#[catad::program]` in `programs`, as the
/// same plain Rust function in `twins`, and as two tests: in `every_mode`, the one against the other
/// at the points the function's domain keeps; in `laws_hold`, the laws on the program.
macro_rules! corpus {
    ($(
        $(#[doc = $doc:literal])*
        $(#[domain($guard:expr)])?
        fn $name:ident($($params:tt)*) -> $result:ty { $($body:tt)* }
    )*) => {
        programs_and_twins! {
            $($(#[doc = $doc])* fn $name($($params)*) -> $result { $($body)* })*
        }

        every_mode! {
            $($name: modes(interpretations!($name)), &[Additive::zero()], domain!($($guard)?);)*
        }

        /// The functor and calculus laws on each program, in every mode.
        mod laws_hold {
            use super::*;
            $(
                #[test]
                fn $name() {
                    suite::program_in_every_mode(&interpretations!($name), domain!($($guard)?));
                }
            )*
        }
    };
}

include!("programs.rs");

mod hygiene;
mod run_time;

/// The vector methods of programs on arrays, for the twins (arrays have `map` already).
trait ArrayMethods<T, const N: usize> {
    fn sum(self) -> T;
    fn zip_with<U, V>(self, ys: [U; N], f: impl FnMut(T, U) -> V) -> [V; N];
    fn dot(self, ys: [T; N]) -> T
    where
        T: Mul<Output = T>;
}

impl<T: Additive, const N: usize> ArrayMethods<T, N> for [T; N] {
    fn sum(self) -> T {
        self.into_iter().fold(T::zero(), |acc, x| acc.plus(&x))
    }
    fn zip_with<U, V>(self, ys: [U; N], mut f: impl FnMut(T, U) -> V) -> [V; N] {
        let mut ys = ys.into_iter();
        self.map(|x| f(x, ys.next().expect("arrays of one length")))
    }
    fn dot(self, ys: [T; N]) -> T
    where
        T: Mul<Output = T>,
    {
        self.zip_with(ys, |x, y| x * y).sum()
    }
}

/// `zip_with` of nalgebra vectors, for the twins (they have `map` and `sum` already).
trait ZipWith<const N: usize> {
    fn zip_with(self, ys: SVector<f64, N>, f: impl FnMut(f64, f64) -> f64) -> SVector<f64, N>;
}

impl<const N: usize> ZipWith<N> for SVector<f64, N> {
    fn zip_with(self, ys: SVector<f64, N>, f: impl FnMut(f64, f64) -> f64) -> SVector<f64, N> {
        self.zip_map(&ys, f)
    }
}

/// A program's interpretations, in the order `check` reads them: `Fun`, then `Forward`, then
/// the other modes.
fn modes<A: Space<f64>, B: Space<f64>>(p: Interpretations<A, B>) -> Modes<A, B> {
    vec![
        Interpretation::new("Fun", p.fun),
        Interpretation::new("Forward", p.forward),
        Interpretation::new("Reverse", p.reverse),
        Interpretation::new("ReverseCont", p.reverse_cont),
        Interpretation::new("ForwardBegin", p.forward_begin),
        Interpretation::new("ReverseDelta", p.delta),
        Interpretation::new("D<Mat>", p.matrix),
    ]
}

#[test]
fn conditionals_take_both_branches_on_the_samples() {
    // The guards keep points on both sides of each boundary, so both branches are checked.
    let xs = sample_points(&[0.0]);
    assert!(xs.iter().any(|&x| x > 0.0) && xs.iter().any(|&x| x < 0.0));
    assert!(xs.iter().any(|&x| x < -1.0) && xs.iter().any(|&x| x > 1.0));
    assert!(xs.iter().any(|&x| x.abs() < 1.0));
}

/// On a branch boundary the derivative need not exist, but the value is still the twin's: the
/// comparison is the one written (`<=` is not `<`).
fn boundary_values<A: Space<f64>, B: Space<f64>, Arity>(
    name: &str,
    program: Interpretations<A, B>,
    twin: impl Twin<A, B, Arity>,
    points: &[A],
) {
    let modes = modes(program);
    for a in points {
        let expected = twin.run(a.clone()).coords();
        for mode in &modes {
            let value = mode.program.value(a.clone());
            assert_eq!(value.coords(), expected, "{name} at {a:?} in {}", mode.name);
        }
    }
}

macro_rules! boundary_values {
    ($name:ident, $points:expr) => {
        boundary_values(
            stringify!($name),
            interpretations!($name),
            twins::$name,
            &$points,
        )
    };
}

#[test]
fn conditionals_on_their_boundaries() {
    boundary_values!(relu, [0.0, -0.0]);
    boundary_values!(piecewise, [-1.0, 1.0]);
    boundary_values!(step, [1.0]);
    boundary_values!(
        logic,
        [(0.0, 0.5), (0.0, 1.0), (0.0, 2.0), (-1.0, 1.0), (1.0, 0.5)]
    );
    boundary_values!(cond_value, [0.0]);
    boundary_values!(branch_pairs, [(1.0, 1.0), (-2.0, 4.0)]);
    boundary_values!(nested_cond, [(0.0, 0.0), (1.0, 1.0), (-1.0, 0.0)]);
}

/// `f32` programs: the same program over single precision.
#[catad::program]
fn single(x: f32, y: f32) -> f32 {
    let r = (x * x + y * y).sqrt();
    if r > 1.0 { r.ln() } else { r - 1.0 }
}

#[test]
fn single_precision_programs_run_in_every_mode() {
    for (x, y) in [(0.3_f32, 0.4_f32), (1.2, -0.9), (-0.5, 0.1)] {
        let r = (x * x + y * y).sqrt();
        let value = if r > 1.0 { r.ln() } else { r - 1.0 };
        assert_eq!(single::<Fun>().apply((x, y)), value);
        let slope = if r > 1.0 { 1.0 / r } else { 1.0 };
        let expected = (slope * x / r, slope * y / r);
        for (gx, gy) in [
            gradient(&single::<Reverse>(), (x, y)),
            gradient(&single::<ReverseCont<f32>>(), (x, y)),
        ] {
            assert!((gx - expected.0).abs() < 1e-5 && (gy - expected.1).abs() < 1e-5);
        }
        let forward = jacobian(&single::<Forward>(), (x, y));
        let begin = jacobian(&single::<ForwardBegin<f32>>(), (x, y));
        assert!((forward - begin).norm() < 1e-6);
    }
}

/// The corpus's programs in `Fun` and every mode, for the suites: each mode of
/// `catad_laws::modes` is one of the corpus's.
impl<A, B> EveryMode for Interpretations<A, B>
where
    A: Space<f64> + RandomShape,
    B: Space<f64> + RandomShape,
{
    type A = A;
    type B = B;

    fn in_fun(&self) -> Func<A, B> {
        self.fun.clone()
    }

    fn in_mode<K: Representation>(&self) -> DMap<K, A, B> {
        let built: [&dyn Any; 6] = [
            &self.forward,
            &self.reverse,
            &self.reverse_cont,
            &self.forward_begin,
            &self.matrix,
            &self.delta,
        ];
        let found = built
            .into_iter()
            .find_map(|f| f.downcast_ref::<DMap<K, A, B>>());
        found.cloned().unwrap_or_else(|| {
            panic!(
                "the corpus builds no program in the mode D<{}>: add it to `interpretations!`",
                short_name::<K>()
            )
        })
    }
}

impl RandomShape for Affine {
    fn random_shape(g: &mut Gen) -> Self {
        rep_shape(g)
    }
}

impl RandomShape for Point {
    fn random_shape(g: &mut Gen) -> Self {
        rep_shape(g)
    }
}

/// `poly > square`: a comparison of two corpus programs, run in `Fun`.
fn poly_above_square() -> Pred<f64> {
    let (poly, square) = (programs::poly::<Fun>(), programs::square::<Fun>());
    Pred::compare(poly.into_fn(), Comparison::Gt, square.into_fn())
}

/// `rational < lets`.
fn rational_below_lets() -> Pred<(f64, f64)> {
    let (rational, lets) = (programs::rational::<Fun>(), programs::lets::<Fun>());
    Pred::compare(rational.into_fn(), Comparison::Lt, lets.into_fn())
}

/// The conditional laws on ℝ → ℝ: branches `elementary` and `piecewise` (itself an `else if`
/// chain), chosen by `poly > square`.
#[test]
fn cond_on_the_line() {
    let (f, g) = (interpretations!(elementary), interpretations!(piecewise));
    suite::cond_in_every_mode(&poly_above_square(), &f, &g);
}

/// The conditional laws on ℝ² → ℝ²: branches `tuple_let` and `branch_pairs`, chosen by
/// `rational < lets || nested_cond >= 1`.
#[test]
fn cond_on_the_plane() {
    let nested = programs::nested_cond::<Fun>().into_fn();
    let large = Pred::compare(nested, Comparison::Ge, |_| 1.0);
    let (f, g) = (interpretations!(tuple_let), interpretations!(branch_pairs));
    suite::cond_in_every_mode(&rational_below_lets().or(&large), &f, &g);
}

/// `poly ∘ (piecewise ∘ elementary) = (poly ∘ piecewise) ∘ elementary` on ℝ.
#[test]
fn assoc_on_the_line() {
    let (f, g) = (interpretations!(elementary), interpretations!(piecewise));
    suite::compose_assoc_in_every_mode(&f, &g, &interpretations!(poly));
}

/// `rational ∘ (tuple_let ∘ cond_value) = (rational ∘ tuple_let) ∘ cond_value`: ℝ → ℝ² → ℝ² → ℝ.
#[test]
fn assoc_through_the_plane() {
    let (f, g) = (interpretations!(cond_value), interpretations!(tuple_let));
    suite::compose_assoc_in_every_mode(&f, &g, &interpretations!(rational));
}

/// The tests of the conditional laws see both branches.
#[test]
fn the_tests_choose_both_branches() {
    let (line, plane) = (poly_above_square(), rational_below_lets());
    assert!(line.holds(&0.0) && !line.holds(&-1.0));
    assert!(plane.holds(&(2.0, 0.0)) && !plane.holds(&(0.0, 1.0)));
}
