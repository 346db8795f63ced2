//! What the corpus suites share: a program's interpretations as [`Mode`]s, plain functions as
//! [`Twin`]s of programs, deterministic sample points, and [`check`], which compares a program in
//! every mode with its twin and with central differences.

use catad::interpretations::{DMap, Func};
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use nalgebra::DMatrix;

/// One interpretation of a program: its value, and its Jacobian if it is a derivative mode.
pub trait Mode<A, B> {
    fn value(&self, a: A) -> B;
    fn jacobian(&self, a: A) -> Option<DMatrix<f64>>;
}

impl<A: Space<f64>, B: Space<f64>> Mode<A, B> for Func<A, B> {
    fn value(&self, a: A) -> B {
        self.apply(a)
    }
    fn jacobian(&self, _: A) -> Option<DMatrix<f64>> {
        None
    }
}

impl<K: LinearMap<f64>, A: Space<f64>, B: Space<f64>> Mode<A, B> for DMap<K, A, B> {
    fn value(&self, a: A) -> B {
        self.apply(a)
    }
    fn jacobian(&self, a: A) -> Option<DMatrix<f64>> {
        Some(jacobian(self, a))
    }
}

/// A program in one interpretation, named.
pub struct Interpretation<A, B> {
    pub name: &'static str,
    pub program: Box<dyn Mode<A, B>>,
}

impl<A, B> Interpretation<A, B> {
    /// The interpretation `program`, named `name`.
    pub fn new(name: &'static str, program: impl Mode<A, B> + 'static) -> Self {
        Interpretation {
            name,
            program: Box::new(program),
        }
    }
}

/// A program's interpretations: `Fun`'s first, then `Forward`'s (the reference for the other
/// Jacobians, checked at every point), then the other modes'.
pub type Modes<A, B> = Vec<Interpretation<A, B>>;

/// A plain function of the domain `A`: functions of 0–4 parameters take `()`, `a`, `(a, b)`,
/// `(a, b, c)` and `(a, b, c, d)`, as the programs do. `Arity` keeps the implementations apart.
pub trait Twin<A, B, Arity> {
    fn run(&self, a: A) -> B;
}

pub enum Arity0 {}
pub enum Arity1 {}
pub enum Arity2 {}
pub enum Arity3 {}
pub enum Arity4 {}

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

impl<F: Fn(A1, A2, A3) -> B, A1, A2, A3, B> Twin<(A1, A2, A3), B, Arity3> for F {
    fn run(&self, (a1, a2, a3): (A1, A2, A3)) -> B {
        self(a1, a2, a3)
    }
}

impl<F: Fn(A1, A2, A3, A4) -> B, A1, A2, A3, A4, B> Twin<(A1, A2, A3, A4), B, Arity4> for F {
    fn run(&self, (a1, a2, a3, a4): (A1, A2, A3, A4)) -> B {
        self(a1, a2, a3, a4)
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

/// Deterministic points with coordinates in [-2, 2], shaped by `shapes` in turn (a run-time
/// vector's length, a count, comes from its shape).
pub fn sample_points<A: Space<f64>>(shapes: &[A]) -> Vec<A> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 11) as f64 / (1u64 << 53) as f64 * 4.0 - 2.0
    };
    (0..SAMPLES)
        .map(|i| {
            let shape = &shapes[i % shapes.len()];
            let coords: Vec<f64> = (0..shape.dim()).map(|_| next()).collect();
            shape.with_coords(&coords)
        })
        .collect()
}

/// The Jacobian of `f` at `a` by central differences, moving one coordinate of `a` at a time (a
/// coordinate-free part of `a`, such as an index, stays as it is).
fn finite_differences<A: Space<f64>, B: Space<f64>>(f: impl Fn(A) -> B, a: &A) -> DMatrix<f64> {
    let at = a.coords();
    let moved = |j: usize, step: f64| {
        let mut coords = at.clone();
        coords[j] += step;
        a.with_coords(&coords)
    };
    let columns: Vec<Vec<f64>> = (0..at.len())
        .map(|j| {
            let plus = f(moved(j, STEP)).coords();
            let minus = f(moved(j, -STEP)).coords();
            plus.iter()
                .zip(&minus)
                .map(|(p, m)| (p - m) / (2.0 * STEP))
                .collect()
        })
        .collect();
    let rows = columns.first().map_or_else(|| f(a.clone()).dim(), Vec::len);
    DMatrix::from_fn(rows, columns.len(), |i, j| columns[j][i])
}

/// Checks one program, in each of its `modes`, at every sampled point (shaped by `shapes`) its
/// guard keeps: every value is the twin's, every Jacobian `Forward`'s, and `Forward`'s agrees
/// with central differences of the twin. The guard must keep [`MIN_VALID`] points at least.
pub fn check<A: Space<f64>, B: Space<f64>, Arity>(
    name: &str,
    modes: Modes<A, B>,
    twin: impl Twin<A, B, Arity>,
    shapes: &[A],
    guard: impl Fn(&A) -> bool,
) {
    let mut checked = 0;
    for a in sample_points(shapes).into_iter().filter(|a| guard(a)) {
        checked += 1;
        let at = format!("{name} at {a:?}");
        let expected = twin.run(a.clone()).coords();
        let mut reference: Option<DMatrix<f64>> = None;
        for mode in &modes {
            let (mode, program) = (mode.name, &mode.program);
            assert_all_close(
                &format!("{at}: {mode} value"),
                &program.value(a.clone()).coords(),
                &expected,
                AGREE,
            );
            let Some(j) = program.jacobian(a.clone()) else {
                continue;
            };
            match &reference {
                None => {
                    let fd = finite_differences(|x| twin.run(x), &a);
                    assert_eq!(fd.shape(), j.shape(), "{at}: Jacobian shape");
                    assert_all_close(
                        &format!("{at}: {mode} Jacobian vs central differences"),
                        j.as_slice(),
                        fd.as_slice(),
                        FD_TOLERANCE,
                    );
                    reference = Some(j);
                }
                Some(forward) => {
                    assert_eq!(j.shape(), forward.shape(), "{at}: {mode} Jacobian shape");
                    assert_all_close(
                        &format!("{at}: {mode} Jacobian vs the first mode's"),
                        j.as_slice(),
                        forward.as_slice(),
                        AGREE,
                    );
                }
            }
        }
        assert!(reference.is_some(), "{name}: no derivative mode");
    }
    assert!(
        checked >= MIN_VALID,
        "{name}: checked at {checked} of {SAMPLES} points, fewer than {MIN_VALID}"
    );
}
