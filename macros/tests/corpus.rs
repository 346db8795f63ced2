//! The corpus of `#[catad::program]`s covering every construct the macro accepts
//! (`tests/corpus/programs.rs`, shared with the law suite `laws/tests/laws/corpus.rs`), checked in
//! every mode:
//!
//! - the value in `Fun` and the primal of every derivative mode equal the same function run as
//!   plain Rust (each program is also compiled as an ordinary function, its *twin*);
//! - Forward, Reverse, ReverseCont, ForwardBegin, ReverseDelta and `D<Mat>` give the same
//!   Jacobian;
//! - the Jacobian agrees with central finite differences of the twin.
//!
//! Points are sampled deterministically; a program's domain guard *discards* points where it is
//! not smooth or not defined (near a branch boundary, `ln` near 0, …) rather than widening a
//! tolerance, and each program must keep enough points.
//!
//! The binary also holds `corpus/hygiene.rs`: programs next to names like every generated one.

mod support;

use catad::prelude::*;
use std::ops::Mul;
use support::{Interpretation, Modes, Twin, check, sample_points};

/// Defines each function of the shared corpus three times: as a `#[catad::program]` in
/// `programs`, as the same plain Rust function in `twins`, and as a test in `every_mode` that checks
/// the one against the other at the points the function's domain keeps.
macro_rules! corpus {
    ($(
        $(#[doc = $doc:literal])*
        $(#[domain($guard:expr)])?
        fn $name:ident($($params:tt)*) -> $result:ty { $($body:tt)* }
    )*) => {
        mod programs {
            use super::*;
            $(
                $(#[doc = $doc])*
                #[catad::program]
                pub fn $name($($params)*) -> $result { $($body)* }
            )*
        }

        // The twins are the programs verbatim, `!(y > 1.0)` included.
        #[allow(clippy::neg_cmp_op_on_partial_ord)]
        mod twins {
            use super::*;
            $(
                $(#[doc = $doc])*
                pub fn $name($($params)*) -> $result { $($body)* }
            )*
        }

        /// Each program in every mode against its twin and central differences.
        mod every_mode {
            use super::*;
            $(
                #[test]
                fn $name() {
                    check(
                        stringify!($name),
                        modes(interpretations!($name)),
                        twins::$name,
                        &[Additive::zero()],
                        domain!($($guard)?),
                    );
                }
            )*
        }
    };
}

include!("corpus/programs.rs");

#[path = "corpus/hygiene.rs"]
mod hygiene;

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
