//! Second derivatives (`catad::nested`) beside a hand-written Hessian and num-dual's, on
//! Rosenbrock's function `(1 − x)² + 100 (y − x²)²` at (0.5, 1.5):
//!
//! - `hand`: the Hessian in closed form;
//! - `num_dual`: num-dual's hyper-dual numbers, one pass per entry of the Hessian's upper
//!   triangle (three; num-dual's `hessian` needs its nalgebra feature, which the benches leave
//!   off);
//! - `nested`: catad's Jacobian, in forward mode, of the gradient in reverse mode as a program
//!   (`gradient_of`: staged once, then its tape linearized at each call);
//! - `tangent`: catad's gradient in reverse mode over the dual numbers `Tangent<f64>`, once per
//!   column (forward over reverse, interpreted directly).
//!
//! Every entry is checked against the closed form before timing. Run with
//! `cargo bench -p catad-benches --bench nested -- --warm-up-time 1 --measurement-time 3`.

use catad::nested::{Tangent, gradient_of};
use catad::prelude::*;
use catad::staged::Sym;
use catad::vocabulary::PrimitiveCat;
use criterion::{Criterion, criterion_group, criterion_main};
use nalgebra::DMatrix;
use num_dual::HyperDual64;
use std::hint::black_box;
use std::rc::Rc;

/// Rosenbrock's function.
#[catad::program]
fn rosenbrock<S: Scalar>(x: S, y: S) -> S {
    let a = 1.0 - x;
    let b = y - x * x;
    a * a + 100.0 * b * b
}

/// Rosenbrock's function over num-dual's hyper-dual numbers.
fn rosenbrock_hyper(x: HyperDual64, y: HyperDual64) -> HyperDual64 {
    let a = HyperDual64::from(1.0) - x;
    let b = y - x * x;
    a * a + HyperDual64::from(100.0) * b * b
}

/// The Hessian in closed form, column-major.
fn hand((x, y): (f64, f64)) -> [f64; 4] {
    let off = -400.0 * x;
    [1200.0 * x * x - 400.0 * y + 2.0, off, off, 200.0]
}

fn bench_hessian(c: &mut Criterion) {
    let mut group = c.benchmark_group("hessian");
    let at = (0.5, 1.5);
    let want = hand(at);
    let num_dual = |(x, y): (f64, f64)| {
        // ∂²/∂u∂v: the ε₁ε₂ part where x + u·ε₁ + v·ε₂ (u, v unit directions).
        let second = |[ux, uy]: [f64; 2], [vx, vy]: [f64; 2]| {
            let at = |p: f64, u: f64, v: f64| HyperDual64::new(p, u, v, 0.0);
            rosenbrock_hyper(at(x, ux, vx), at(y, uy, vy)).eps1eps2
        };
        let (xx, xy, yy) = (
            second([1.0, 0.0], [1.0, 0.0]),
            second([1.0, 0.0], [0.0, 1.0]),
            second([0.0, 1.0], [0.0, 1.0]),
        );
        [xx, xy, xy, yy]
    };
    let g = Forward::primitive(Rc::new(gradient_of::<f64, _, _>(
        &rosenbrock::<Reverse, Sym>(),
    )));
    let nested = |at: (f64, f64)| jacobian(&g, at);
    let f = rosenbrock::<Reverse, Tangent<f64>>();
    let tangent = |(x, y): (f64, f64)| {
        let column = |dx: f64, dy: f64| {
            let (gx, gy) = gradient(&f, (Tangent::new(x, dx), Tangent::new(y, dy)));
            [gx.tangent, gy.tangent]
        };
        let (a, b) = (column(1.0, 0.0), column(0.0, 1.0));
        DMatrix::from_column_slice(2, 2, &[a[0], a[1], b[0], b[1]])
    };
    assert_eq!(num_dual(at), want);
    assert_eq!(nested(at).as_slice(), want);
    assert_eq!(tangent(at).as_slice(), want);

    group.bench_function("hand", |b| b.iter(|| hand(black_box(at))));
    group.bench_function("num_dual", |b| b.iter(|| num_dual(black_box(at))));
    group.bench_function("nested", |b| b.iter(|| nested(black_box(at))));
    group.bench_function("tangent", |b| b.iter(|| tangent(black_box(at))));
    group.finish();
}

criterion_group!(benches, bench_hessian);
criterion_main!(benches);
