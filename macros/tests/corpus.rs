//! The corpus of `#[catad::program]`s covering every construct the macro accepts
//! (`tests/corpus/programs.rs`, shared with the law suite `laws/tests/macro_corpus.rs`), checked in
//! every mode:
//!
//! - the value in `Fun` and the primal of every derivative mode equal the same function run as
//!   plain Rust (each program is also compiled as an ordinary function, its *twin*);
//! - Forward, Reverse, ReverseCont, ForwardBegin and `D<Mat>` give the same Jacobian;
//! - the Jacobian agrees with central finite differences of the twin.
//!
//! Points are sampled deterministically; a program's domain guard *discards* points where it is
//! not smooth or not defined (near a branch boundary, `ln` near 0, …) rather than widening a
//! tolerance, and each program must keep enough points.
//!
//! The binary also holds `corpus/hygiene.rs`: programs next to names like every generated one.

use catad::prelude::*;
use nalgebra::DMatrix;
use std::ops::Mul;

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
                        interpretations!($name),
                        twins::$name,
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

/// A plain function of the domain `A`: functions of 0–3 parameters take `()`, `a`, `(a, b)` and
/// `((a, b), c)`, as the programs do. `Arity` keeps the implementations apart.
trait Twin<A, B, Arity> {
    fn run(&self, a: A) -> B;
}

enum Arity0 {}
enum Arity1 {}
enum Arity2 {}
enum Arity3 {}

impl<F: Fn() -> B, B> Twin<(), B, Arity0> for F {
    fn run(&self, (): ()) -> B {
        self()
    }
}

impl<F: Fn(A) -> B, A, B> Twin<A, B, Arity1> for F {
    fn run(&self, a: A) -> B {
        self(a)
    }
}

impl<F: Fn(A1, A2) -> B, A1, A2, B> Twin<(A1, A2), B, Arity2> for F {
    fn run(&self, (a1, a2): (A1, A2)) -> B {
        self(a1, a2)
    }
}

impl<F: Fn(A1, A2, A3) -> B, A1, A2, A3, B> Twin<((A1, A2), A3), B, Arity3> for F {
    fn run(&self, ((a1, a2), a3): ((A1, A2), A3)) -> B {
        self(a1, a2, a3)
    }
}

/// Relative agreement, for values computed two ways.
const AGREE: f64 = 1e-10;
/// Central-difference step and tolerance: truncation `O(h²)` and rounding `O(ε/h)` stay far below.
const STEP: f64 = 1e-5;
const FD_TOLERANCE: f64 = 1e-6;
/// Sampled points per program, and how many the guard must leave.
const SAMPLES: usize = 40;
const MIN_VALID: usize = 5;

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * (1.0 + a.abs().max(b.abs()))
}

fn assert_all_close(what: &str, a: &[f64], b: &[f64], tolerance: f64) {
    assert_eq!(a.len(), b.len(), "{what}: sizes");
    assert!(
        a.iter().zip(b).all(|(x, y)| close(*x, *y, tolerance)),
        "{what}: {a:?} vs {b:?}"
    );
}

/// Deterministic points of `A` with coordinates in [-2, 2]; `A`'s zero gives the shape (every
/// corpus domain has a static one).
fn sample_points<A: Space<f64>>() -> Vec<A> {
    let shape = A::zero();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 11) as f64 / (1u64 << 53) as f64 * 4.0 - 2.0
    };
    (0..SAMPLES)
        .map(|_| {
            let coords: Vec<f64> = (0..shape.dim()).map(|_| next()).collect();
            shape.with_coords(&coords)
        })
        .collect()
}

/// The Jacobian of `f` at `a` by central differences.
fn finite_differences<A: Space<f64>, B: Space<f64>>(f: impl Fn(A) -> B, a: &A) -> DMatrix<f64> {
    let columns: Vec<Vec<f64>> = a
        .basis()
        .iter()
        .map(|e| {
            let plus = f(a.plus(&e.scale(STEP))).coords();
            let minus = f(a.plus(&e.scale(-STEP))).coords();
            plus.iter()
                .zip(&minus)
                .map(|(p, m)| (p - m) / (2.0 * STEP))
                .collect()
        })
        .collect();
    let rows = columns.first().map_or_else(|| f(a.clone()).dim(), Vec::len);
    DMatrix::from_fn(rows, columns.len(), |i, j| columns[j][i])
}

/// Checks one program at every sampled point its guard keeps.
fn check<A: Space<f64>, B: Space<f64>, Arity>(
    name: &str,
    program: Interpretations<A, B>,
    twin: impl Twin<A, B, Arity>,
    guard: impl Fn(&A) -> bool,
) {
    let mut valid = 0;
    for a in sample_points::<A>().into_iter().filter(|a| guard(a)) {
        valid += 1;
        let at = format!("{name} at {a:?}");
        let expected = twin.run(a.clone()).coords();
        let primals = [
            ("Fun", program.fun.apply(a.clone())),
            ("Forward", program.forward.apply(a.clone())),
            ("Reverse", program.reverse.apply(a.clone())),
            ("ReverseCont", program.reverse_cont.apply(a.clone())),
            ("ForwardBegin", program.forward_begin.apply(a.clone())),
            ("D<Mat>", program.matrix.apply(a.clone())),
        ];
        for (mode, value) in primals {
            assert_all_close(
                &format!("{at}: {mode} value"),
                &value.coords(),
                &expected,
                AGREE,
            );
        }
        let forward = jacobian(&program.forward, a.clone());
        let others = [
            ("Reverse", jacobian(&program.reverse, a.clone())),
            ("ReverseCont", jacobian(&program.reverse_cont, a.clone())),
            ("ForwardBegin", jacobian(&program.forward_begin, a.clone())),
            ("D<Mat>", jacobian(&program.matrix, a.clone())),
        ];
        for (mode, j) in others {
            assert_eq!(j.shape(), forward.shape(), "{at}: {mode} Jacobian shape");
            assert_all_close(
                &format!("{at}: {mode} Jacobian vs Forward"),
                j.as_slice(),
                forward.as_slice(),
                AGREE,
            );
        }
        let fd = finite_differences(|x| twin.run(x), &a);
        assert_eq!(fd.shape(), forward.shape(), "{at}: Jacobian shape");
        assert_all_close(
            &format!("{at}: Forward Jacobian vs central differences"),
            forward.as_slice(),
            fd.as_slice(),
            FD_TOLERANCE,
        );
    }
    assert!(
        valid >= MIN_VALID,
        "{name}: only {valid} of {SAMPLES} points passed the guard"
    );
}

#[test]
fn conditionals_take_both_branches_on_the_samples() {
    // The guards keep points on both sides of each boundary, so both branches are checked.
    let xs = sample_points::<f64>();
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
    for a in points {
        let expected = twin.run(a.clone()).coords();
        let values = [
            program.fun.apply(a.clone()),
            program.forward.apply(a.clone()),
            program.reverse.apply(a.clone()),
            program.reverse_cont.apply(a.clone()),
            program.forward_begin.apply(a.clone()),
            program.matrix.apply(a.clone()),
        ];
        for value in values {
            assert_eq!(value.coords(), expected, "{name} at {a:?}");
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
