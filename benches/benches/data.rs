//! Programs on real shapes in every mode, beside hand-written derivatives, and the association of
//! matrix chains (§11).
//!
//! - `regression/<mode>`: the gradient of the mean squared error of linear regression (64
//!   samples in ℝ³, parameters a derived struct), `examples/models/regression.rs`;
//! - `perceptron/<mode>`: the gradient of the mean squared error of a 2–8–1 tanh perceptron (128
//!   samples, 33 parameters), `examples/models/perceptron.rs`;
//! - `surface/<mode>`: the 3×2 Jacobian of the torus ℝ² → ℝ³, `examples/models/surface.rs`;
//! - `association/<chain>/<order>`: multiplying out a chain of matrices associated to the left,
//!   to the right, or in the cheapest order for its sizes ([`Association`]).
//!
//! The modes are `reverse` (`D<Dual<AddFun>>`), `forward` (`D<AddFun>`), `cont`
//! (`ReverseCont<f64>`), `begin` (`ForwardBegin<f64>`), `mat` (`D<Mat<f64>>`) and
//! `cont_mat` (`D<Cont<Mat<f64>, f64>>`); `hand` is the derivative written out in plain Rust.
//! Before timing, every mode's answer is checked against the hand-written one, so no bench
//! measures a wrong program.
//!
//! Run with `cargo bench -p catad-benches --bench data -- --warm-up-time 1 --measurement-time 3`.

#[path = "../../examples/models/perceptron.rs"]
mod perceptron;
#[path = "../../examples/models/regression.rs"]
mod regression;
#[path = "../../examples/models/surface.rs"]
mod surface;

use catad::interpretations::{Association, Mat, MatMap};
use catad::interpretations::{Cont, D, DMap};
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use nalgebra::{DMatrix, Vector2, Vector3};
use std::hint::black_box;

/// The largest difference allowed between a mode's answer and the hand-written one.
const AGREEMENT: f64 = 1e-10;

/// The `D<Cont<Mat<f64>, f64>>` mode: continuations as row matrices.
type ContMat = D<Cont<Mat<f64>, f64>>;

/// Times `gradient(f, x)` as `<group>/<mode>` after checking it against `expected`.
fn bench_gradient<L, A>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    mode: &str,
    f: &DMap<L, A, f64>,
    x: &A,
    expected: &[f64],
) where
    L: LinearMap<f64>,
    A: Space<f64>,
{
    let g = gradient(f, x.clone()).coords();
    let error = g
        .iter()
        .zip(expected)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    assert!(
        g.len() == expected.len() && error <= AGREEMENT,
        "{mode}: the gradient differs from the hand-written one by {error:e}"
    );
    group.bench_function(mode, |b| b.iter(|| gradient(f, black_box(x.clone()))));
}

/// The hand-written gradient of the regression loss: `(2/n) Σ eⱼ (xⱼ, 1)`.
fn regression_by_hand(p: &regression::Linear, data: &[regression::Sample]) -> regression::Linear {
    let scale = 2.0 / data.len() as f64;
    let mut g = regression::Linear {
        w: Vector3::zeros(),
        b: 0.0,
    };
    for s in data {
        let e = p.w.dot(&s.x) + p.b - s.y;
        g.w += scale * e * s.x;
        g.b += scale * e;
    }
    g
}

fn regression_benches(c: &mut Criterion) {
    let data = regression::data(64, 2018);
    let p = regression::truth().scale(0.5);
    let expected = regression_by_hand(&p, &data).coords();
    let mut group = c.benchmark_group("regression");
    group.bench_function("hand", |b| {
        b.iter(|| regression_by_hand(black_box(&p), &data))
    });
    bench_gradient(
        &mut group,
        "reverse",
        &regression::loss::<Reverse>(&data),
        &p,
        &expected,
    );
    bench_gradient(
        &mut group,
        "forward",
        &regression::loss::<Forward>(&data),
        &p,
        &expected,
    );
    bench_gradient(
        &mut group,
        "cont",
        &regression::loss::<ReverseCont<f64>>(&data),
        &p,
        &expected,
    );
    bench_gradient(
        &mut group,
        "begin",
        &regression::loss::<ForwardBegin<f64>>(&data),
        &p,
        &expected,
    );
    bench_gradient(
        &mut group,
        "mat",
        &regression::loss::<D<Mat<f64>>>(&data),
        &p,
        &expected,
    );
    bench_gradient(
        &mut group,
        "cont_mat",
        &regression::loss::<ContMat>(&data),
        &p,
        &expected,
    );
    group.finish();
}

/// The hand-written gradient of the perceptron's loss: backpropagation, sample by sample.
fn perceptron_by_hand(p: &perceptron::Mlp, data: &[perceptron::Sample]) -> perceptron::Mlp {
    let scale = 2.0 / data.len() as f64;
    let mut g = perceptron::Mlp {
        w1: [[0.0; 2]; perceptron::HIDDEN],
        b1: [0.0; perceptron::HIDDEN],
        w2: [0.0; perceptron::HIDDEN],
        b2: 0.0,
    };
    for s in data {
        let hidden: [f64; perceptron::HIDDEN] =
            std::array::from_fn(|i| (p.w1[i][0] * s.x[0] + p.w1[i][1] * s.x[1] + p.b1[i]).tanh());
        let output = hidden.iter().zip(&p.w2).map(|(h, w)| h * w).sum::<f64>() + p.b2;
        let d_output = scale * (output - s.y);
        g.b2 += d_output;
        for (i, h) in hidden.iter().enumerate() {
            g.w2[i] += d_output * h;
            let d_in = d_output * p.w2[i] * (1.0 - h * h);
            g.b1[i] += d_in;
            g.w1[i][0] += d_in * s.x[0];
            g.w1[i][1] += d_in * s.x[1];
        }
    }
    g
}

fn perceptron_benches(c: &mut Criterion) {
    let data = perceptron::data(128, 2018);
    let p = perceptron::init(7);
    let expected = perceptron_by_hand(&p, &data).coords();
    let mut group = c.benchmark_group("perceptron");
    group.bench_function("hand", |b| {
        b.iter(|| perceptron_by_hand(black_box(&p), &data))
    });
    bench_gradient(
        &mut group,
        "reverse",
        &perceptron::loss::<Reverse>(&data),
        &p,
        &expected,
    );
    bench_gradient(
        &mut group,
        "forward",
        &perceptron::loss::<Forward>(&data),
        &p,
        &expected,
    );
    bench_gradient(
        &mut group,
        "cont",
        &perceptron::loss::<ReverseCont<f64>>(&data),
        &p,
        &expected,
    );
    bench_gradient(
        &mut group,
        "begin",
        &perceptron::loss::<ForwardBegin<f64>>(&data),
        &p,
        &expected,
    );
    bench_gradient(
        &mut group,
        "mat",
        &perceptron::loss::<D<Mat<f64>>>(&data),
        &p,
        &expected,
    );
    bench_gradient(
        &mut group,
        "cont_mat",
        &perceptron::loss::<ContMat>(&data),
        &p,
        &expected,
    );
    group.finish();
}

/// The torus's Jacobian by hand: the columns `∂f/∂u` and `∂f/∂v`.
fn surface_by_hand(p: Vector2<f64>) -> DMatrix<f64> {
    let (u, v) = (p.x, p.y);
    let ring = surface::MAJOR + surface::MINOR * v.cos();
    let r = surface::MINOR;
    DMatrix::from_row_slice(
        3,
        2,
        &[
            -ring * u.sin(),
            -r * v.sin() * u.cos(),
            ring * u.cos(),
            -r * v.sin() * u.sin(),
            0.0,
            r * v.cos(),
        ],
    )
}

/// Times `jacobian(f, p)` as `surface/<mode>` after checking it against the hand-written one.
fn bench_jacobian<L: LinearMap<f64>>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    mode: &str,
    f: &DMap<L, Vector2<f64>, Vector3<f64>>,
    p: Vector2<f64>,
) {
    let error = (jacobian(f, p) - surface_by_hand(p)).amax();
    assert!(
        error <= AGREEMENT,
        "{mode}: the Jacobian differs from the hand-written one by {error:e}"
    );
    group.bench_function(mode, |b| b.iter(|| jacobian(f, black_box(p))));
}

fn surface_benches(c: &mut Criterion) {
    let p = Vector2::new(0.7, 2.1);
    let mut group = c.benchmark_group("surface");
    group.bench_function("hand", |b| b.iter(|| surface_by_hand(black_box(p))));
    bench_jacobian(&mut group, "reverse", &surface::torus::<Reverse>(), p);
    bench_jacobian(&mut group, "forward", &surface::torus::<Forward>(), p);
    bench_jacobian(&mut group, "cont", &surface::torus::<ReverseCont<f64>>(), p);
    bench_jacobian(
        &mut group,
        "begin",
        &surface::torus::<ForwardBegin<f64>>(),
        p,
    );
    bench_jacobian(&mut group, "mat", &surface::torus::<D<Mat<f64>>>(), p);
    bench_jacobian(&mut group, "cont_mat", &surface::torus::<ContMat>(), p);
    group.finish();
}

/// A `rows × cols` matrix with varied entries.
fn dense(rows: usize, cols: usize) -> DMatrix<f64> {
    DMatrix::from_fn(rows, cols, |i, j| {
        ((i * 7 + j * 3) % 11) as f64 / 11.0 - 0.5
    })
}

/// Wide and narrow objects for the chains.
type Wide = [f64; 200];
type Narrow = [f64; 2];

/// Times multiplying out `chain` in each association, as `association/<name>/<order>`, after
/// checking that they agree.
fn bench_chain<A: Additive, B: Additive>(c: &mut Criterion, name: &str, chain: MatMap<f64, A, B>) {
    let cheapest = chain.product(Association::Cheapest);
    let mut group = c.benchmark_group(format!("association/{name}"));
    for (order, association) in [
        ("left", Association::Left),
        ("right", Association::Right),
        ("cheapest", Association::Cheapest),
    ] {
        let error = (chain.product(association) - &cheapest).amax();
        assert!(
            error <= 1e-9 * cheapest.amax().max(1.0),
            "{name}/{order} differs by {error:e}"
        );
        println!(
            "association/{name}/{order}: {} multiplications",
            chain.cost(association)
        );
        group.bench_function(order, |b| b.iter(|| black_box(&chain).product(association)));
    }
    group.finish();
}

fn association_benches(c: &mut Criterion) {
    // 1×200 · 200×200 · 200×200 · 200×200: a gradient's shape, cheapest from the left.
    let square = || MatMap::<f64, Wide, Wide>::new(dense(200, 200));
    let row = MatMap::<f64, Wide, f64>::new(dense(1, 200));
    let gradient_shaped = Mat::compose(
        row,
        Mat::compose(square(), Mat::compose(square(), square())),
    );
    bench_chain(c, "gradient_shaped", gradient_shaped);
    // 200×2 · 2×200 · 200×2 · 2×200: neither pure association is cheapest.
    let tall = || MatMap::<f64, Narrow, Wide>::new(dense(200, 2));
    let wide = || MatMap::<f64, Wide, Narrow>::new(dense(2, 200));
    let mixed = Mat::compose(tall(), Mat::compose(wide(), Mat::compose(tall(), wide())));
    bench_chain(c, "mixed", mixed);
}

criterion_group!(
    benches,
    regression_benches,
    perceptron_benches,
    surface_benches,
    association_benches
);
criterion_main!(benches);
