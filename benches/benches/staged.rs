//! Staged programs (`catad::staged`) beside plain Rust, hand-written derivatives, echidna's
//! record-once bytecode tape and num-dual, on the programs of issue 9:
//!
//! - `chain/<n>`: n steps of `x ↦ sin(x)·x` (n = 100, 1000), its derivative;
//! - `vector/<n>`: `Σᵢ exp(xᵢ)·xᵢ` over a `Vec` of n elements (n = 10³, 10⁴), its gradient;
//! - `mag_sqr`: `(a, b) ↦ a² + b²`, its gradient;
//! - `points/<program>`: a gradient at each of 10⁴ points, as a sum over samples asks, for
//!   `mag_sqr` and the chain of 10 steps; besides evaluating the tape point by point (`tape`),
//!   `lanes` evaluates it in lanes of points (`Tape::eval_lanes`: each operation run for a batch
//!   of points at once);
//! - `sum/<n>`: a loss summed over n samples and its gradient by the parameters every sample
//!   shares — half the squared residual of a polynomial of 128 coefficients at each sample
//!   (GradBench's `llsq`, n = 16384, its largest size) — summed on one core
//!   (`Compiled::sum_value_and_gradient`, `one_core`) and on every core
//!   (`Compiled::par_sum_value_and_gradient`, `every_core`);
//! - `staging/<program>/<n>`: what staging costs — recording a fresh compiled program's gradient
//!   tape (the program run over `Sym`, simplified, shared, turned into a tape) for the chain
//!   (n = 10³, 10⁴) and the vector program (n = 10³, 10⁴, 10⁵), beside echidna's recording of its
//!   tape (`echidna::record`) of the same program;
//! - `draw/<program>/<boxes>`: drawing a staged gradient of about a thousand operations
//!   (`catad::picture`: the diagram, its layout and its SVG), for a deep program (the chain) and
//!   a wide one (the vector program); the id counts the diagram's boxes.
//!
//! In every group `plain` is the primal alone in plain Rust, the bar the others are read
//! against; `hand` a hand-written derivative; `echidna` the gradient from echidna's bytecode tape,
//! recorded once outside the timed loop (`BytecodeTape::gradient`); `num_dual` num-dual's dual
//! numbers (forward mode: one pass per input, so only where the inputs are few); `direct` catad's
//! reverse mode (`Reverse`) interpreted directly; `term` the program built as a term
//! ([`Syn`]) and its reverse derivative term run by catad's term interpreter
//! (`Term::value_and_gradient`); `staged` the same program compiled once
//! ([`compile`]), its gradient from `Compiled::gradient` (taking and returning the user's types);
//! `tape` the compiled tape evaluated into a reused workspace and output buffer. Every timed
//! entry returns the value and the derivative, and is checked against the hand-written one before
//! timing, so no bench measures a wrong program.
//!
//! Run with
//! `cargo bench -p catad-benches --bench staged -- --warm-up-time 1 --measurement-time 3`.

use catad::picture::Diagram;
use catad::prelude::*;
use catad::staged::{Sym, Tape, compile};
use catad::term::Syn;
use catad_gradbench::evals::llsq::half_square;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use echidna::{BReverse, BytecodeTape, record};
use num_dual::{Dual64, DualNum, first_derivative};
use num_traits::Float;
use std::hint::black_box;

/// The chain's input: above the neutral fixed point π/2 of `sin(x)·x`, so every value and
/// derivative stays a normal float.
const X0: f64 = 2.0;

/// n steps of `x ↦ sin(x)·x`, each `mul ∘ (sin △ id)`.
fn chain<K: Cartesian + FloatingCat<S>, S: Scalar>(n: usize) -> Hom<K, S, S> {
    let step = || K::compose(K::mul_c(), K::fork(K::sin_c(), K::id()));
    (1..n).fold(step(), |acc, _| K::compose(step(), acc))
}

/// `Σᵢ exp(xᵢ)·xᵢ`: `sum_v ∘ map_v (mul ∘ (exp △ id))`.
fn vector<K: Cartesian + VecCat + FloatingCat<S>, S: Scalar>() -> Hom<K, Vec<S>, S> {
    let term = K::compose(K::mul_c(), K::fork(K::exp_c(), K::id()));
    K::compose(
        K::sum_v(),
        K::compose(
            K::map_v(K::compose(term, K::exr())),
            K::fork(K::it(), K::id()),
        ),
    )
}

/// The chain in plain Rust, generic so that echidna records the same code.
fn chain_generic<T: Float>(n: usize, mut x: T) -> T {
    for _ in 0..n {
        x = x.sin() * x;
    }
    x
}

/// The vector program in plain Rust, generic so that echidna records the same code.
fn vector_generic<T: Float>(xs: &[T]) -> T {
    xs.iter().fold(T::zero(), |acc, &x| acc + x.exp() * x)
}

/// The chain's value and derivative by a hand-written reverse sweep.
fn hand_chain(n: usize, mut x: f64, tape: &mut Vec<(f64, f64, f64)>) -> (f64, f64) {
    tape.clear();
    for _ in 0..n {
        let (s, c) = x.sin_cos();
        tape.push((x, s, c));
        x *= s;
    }
    let mut xb = 1.0;
    for &(x, s, c) in tape.iter().rev() {
        xb = xb * s + xb * x * c;
    }
    (x, xb)
}

/// The vector program's value and gradient by hand: `∂/∂xᵢ = exp(xᵢ)·(1 + xᵢ)`.
fn hand_vector(xs: &[f64], grad: &mut [f64]) -> f64 {
    let mut y = 0.0;
    for (g, &x) in grad.iter_mut().zip(xs) {
        let e = x.exp();
        y += e * x;
        *g = e * (1.0 + x);
    }
    y
}

/// Panics unless `got` is within 1e-9 relative of `want`, coordinate by coordinate.
fn assert_close(what: &str, got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{what}: lengths");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let tolerance = 1e-9 * w.abs().max(1e-300);
        assert!(
            (g - w).abs() <= tolerance,
            "{what}[{i}]: got {g:e}, want {w:e}"
        );
    }
}

fn bench_chain(c: &mut Criterion) {
    let mut group = c.benchmark_group("chain");
    for n in [100, 1000] {
        let mut scratch = Vec::with_capacity(n);
        let (y, dy) = hand_chain(n, X0, &mut scratch);
        let want = [y, dy];
        let direct = chain::<Reverse, f64>(n);
        let term = chain::<Syn, f64>(n);
        let staged = compile(&chain::<Reverse, Sym>(n));
        let tape = staged.gradient_tape(&X0);
        let (mut workspace, mut out) = (tape.workspace(), [0.0; 2]);
        let (mut echidna_tape, _) = record(|x: &[BReverse<f64>]| chain_generic(n, x[0]), &[X0]);
        let num_dual = |x: f64| {
            first_derivative(
                |mut x: Dual64| {
                    for _ in 0..n {
                        x = x.sin() * x;
                    }
                    x
                },
                x,
            )
        };

        assert_close(
            "chain direct",
            &[direct.apply(X0), gradient(&direct, X0)],
            &want,
        );
        let (v, g) = term.value_and_gradient(X0);
        assert_close("chain term", &[v, g], &want);
        let (v, g) = staged.value_and_gradient(&X0);
        assert_close("chain staged", &[v, g], &want);
        tape.eval(&[X0], &mut workspace, &mut out).unwrap();
        assert_close("chain tape", &out, &want);
        assert_close("chain echidna", &echidna_tape.gradient(&[X0]), &want[1..]);
        let (v, g) = num_dual(X0);
        assert_close("chain num_dual", &[v, g], &want);
        assert_close("chain plain", &[chain_generic(n, X0)], &want[..1]);

        group.bench_function(BenchmarkId::new("plain", n), |b| {
            b.iter(|| chain_generic(n, black_box(X0)))
        });
        group.bench_function(BenchmarkId::new("hand", n), |b| {
            b.iter(|| hand_chain(n, black_box(X0), &mut scratch))
        });
        group.bench_function(BenchmarkId::new("echidna", n), |b| {
            b.iter(|| echidna_tape.gradient(&[black_box(X0)]))
        });
        group.bench_function(BenchmarkId::new("num_dual", n), |b| {
            b.iter(|| num_dual(black_box(X0)))
        });
        group.bench_function(BenchmarkId::new("direct", n), |b| {
            b.iter(|| gradient(&direct, black_box(X0)))
        });
        group.bench_function(BenchmarkId::new("term", n), |b| {
            b.iter(|| term.value_and_gradient(black_box(X0)))
        });
        group.bench_function(BenchmarkId::new("staged", n), |b| {
            b.iter(|| staged.value_and_gradient(&black_box(X0)))
        });
        group.bench_function(BenchmarkId::new("tape", n), |b| {
            b.iter(|| tape.eval(&[black_box(X0)], &mut workspace, &mut out))
        });
    }
    group.finish();
}

fn bench_vector(c: &mut Criterion) {
    let mut group = c.benchmark_group("vector");
    for n in [1_000, 10_000] {
        let xs: Vec<f64> = (0..n).map(|i| (i as f64 / n as f64) - 0.5).collect();
        let mut grad = vec![0.0; n];
        let y = hand_vector(&xs, &mut grad);
        let direct = vector::<Reverse, f64>();
        let staged = compile(&vector::<Reverse, Sym>());
        let tape = staged.gradient_tape(&xs);
        let (mut workspace, mut out) = (tape.workspace(), vec![0.0; n + 1]);
        let (mut echidna_tape, _) = record(|x: &[BReverse<f64>]| vector_generic(x), &xs);

        assert_close("vector direct", &gradient(&direct, xs.clone()), &grad);
        assert_close("vector direct value", &[direct.apply(xs.clone())], &[y]);
        let (v, g) = staged.value_and_gradient(&xs);
        assert_close("vector staged", &g, &grad);
        assert_close("vector staged value", &[v], &[y]);
        tape.eval(&xs, &mut workspace, &mut out).unwrap();
        assert_close("vector tape", &out[1..], &grad);
        assert_close("vector echidna", &echidna_tape.gradient(&xs), &grad);
        assert_close("vector plain", &[vector_generic(&xs)], &[y]);

        group.bench_function(BenchmarkId::new("plain", n), |b| {
            b.iter(|| vector_generic(black_box(&xs)))
        });
        group.bench_function(BenchmarkId::new("hand", n), |b| {
            b.iter(|| hand_vector(black_box(&xs), &mut grad))
        });
        group.bench_function(BenchmarkId::new("echidna", n), |b| {
            b.iter(|| echidna_tape.gradient(black_box(&xs)))
        });
        if n <= 1_000 {
            let num_dual = |xs: &[f64]| -> Vec<f64> {
                (0..xs.len())
                    .map(|i| {
                        let duals: Vec<Dual64> = xs
                            .iter()
                            .enumerate()
                            .map(|(j, &x)| Dual64::new(x, if i == j { 1.0 } else { 0.0 }))
                            .collect();
                        let y = duals
                            .iter()
                            .fold(Dual64::from(0.0), |acc, &x| acc + x.exp() * x);
                        y.eps
                    })
                    .collect()
            };
            assert_close("vector num_dual", &num_dual(&xs), &grad);
            group.bench_function(BenchmarkId::new("num_dual", n), |b| {
                b.iter(|| num_dual(black_box(&xs)))
            });
        }
        group.bench_function(BenchmarkId::new("direct", n), |b| {
            b.iter(|| gradient(&direct, black_box(xs.clone())))
        });
        group.bench_function(BenchmarkId::new("staged", n), |b| {
            b.iter(|| staged.value_and_gradient(black_box(&xs)))
        });
        group.bench_function(BenchmarkId::new("tape", n), |b| {
            b.iter(|| tape.eval(black_box(&xs), &mut workspace, &mut out))
        });
    }
    group.finish();
}

fn bench_mag_sqr(c: &mut Criterion) {
    let mut group = c.benchmark_group("mag_sqr");
    let ab = (3.0, 4.0);
    let plain = |(a, b): (f64, f64)| a * a + b * b;
    let hand = |(a, b): (f64, f64)| (a * a + b * b, (2.0 * a, 2.0 * b));
    let direct = catad::paper::mag_sqr::<Reverse, f64>();
    let term = catad::paper::mag_sqr::<Syn, f64>();
    let staged = compile(&catad::paper::mag_sqr::<Reverse, Sym>());
    let tape = staged.gradient_tape(&ab);
    let (mut workspace, mut out) = (tape.workspace(), [0.0; 3]);
    let (mut echidna_tape, _) =
        record(|x: &[BReverse<f64>]| x[0] * x[0] + x[1] * x[1], &[3.0, 4.0]);
    let num_dual = |(a, b): (f64, f64)| {
        let f = |a: Dual64, b: Dual64| a * a + b * b;
        let da = f(Dual64::new(a, 1.0), Dual64::from(b));
        let db = f(Dual64::from(a), Dual64::new(b, 1.0));
        (da.re, (da.eps, db.eps))
    };
    let want = hand(ab);
    assert_eq!(staged.value_and_gradient(&ab), want);
    assert_eq!((direct.apply(ab), gradient(&direct, ab)), want);
    assert_eq!(term.value_and_gradient(ab), want);
    tape.eval(&[3.0, 4.0], &mut workspace, &mut out).unwrap();
    assert_eq!(out, [25.0, 6.0, 8.0]);
    assert_eq!(echidna_tape.gradient(&[3.0, 4.0]), [6.0, 8.0]);
    assert_eq!(num_dual(ab), want);
    assert_eq!(plain(ab), 25.0);

    group.bench_function("plain", |b| b.iter(|| plain(black_box(ab))));
    group.bench_function("hand", |b| b.iter(|| hand(black_box(ab))));
    group.bench_function("echidna", |b| {
        b.iter(|| echidna_tape.gradient(&[black_box(3.0), 4.0]))
    });
    group.bench_function("num_dual", |b| b.iter(|| num_dual(black_box(ab))));
    group.bench_function("direct", |b| b.iter(|| gradient(&direct, black_box(ab))));
    group.bench_function("term", |b| {
        b.iter(|| term.value_and_gradient(black_box(ab)))
    });
    group.bench_function("staged", |b| {
        b.iter(|| staged.value_and_gradient(&black_box(ab)))
    });
    group.bench_function("tape", |b| {
        b.iter(|| tape.eval(&[black_box(3.0), 4.0], &mut workspace, &mut out))
    });
    group.finish();
}

/// The number of points of the `points` group.
const POINTS: usize = 10_000;

/// A program's value and gradient at each of `points` (their coordinates one point after another,
/// `n` each), side by side: `plain` is its primal, `hand` writes its value and gradient, `tape`
/// and `echidna_tape` are its gradient tapes; every entry is checked against `hand` first.
fn bench_points_of(
    c: &mut Criterion,
    name: &str,
    points: &[f64],
    plain: impl Fn(&[f64]) -> f64,
    hand: impl Fn(&[f64], &mut [f64]),
    tape: &Tape,
    echidna_tape: &mut BytecodeTape<f64>,
) {
    let n = tape.inputs();
    let mut want = vec![0.0; POINTS * (n + 1)];
    for (x, y) in points.chunks(n).zip(want.chunks_mut(n + 1)) {
        hand(x, y);
    }
    let (mut workspace, mut lanes) = (tape.workspace(), tape.lanes(tape.lane_width()));
    let mut out = vec![0.0; want.len()];
    let one_by_one = |out: &mut [f64], workspace: &mut _| {
        for (x, y) in points.chunks(n).zip(out.chunks_mut(n + 1)) {
            tape.eval(x, workspace, y).unwrap();
        }
    };
    let in_lanes = |out: &mut [f64], lanes: &mut _| {
        let width = tape.lane_width();
        for (x, y) in points
            .chunks(width * n)
            .zip(out.chunks_mut(width * (n + 1)))
        {
            tape.eval_lanes(x, lanes, y).unwrap();
        }
    };
    one_by_one(&mut out, &mut workspace);
    assert_close(&format!("{name} tape"), &out, &want);
    in_lanes(&mut out, &mut lanes);
    assert_close(&format!("{name} lanes"), &out, &want);
    for (x, y) in points.chunks(n).zip(want.chunks(n + 1)) {
        assert_close(&format!("{name} plain"), &[plain(x)], &y[..1]);
        assert_close(
            &format!("{name} echidna"),
            &echidna_tape.gradient(x),
            &y[1..],
        );
    }

    let mut group = c.benchmark_group(format!("points/{name}"));
    group.bench_function("plain", |b| {
        b.iter(|| points.chunks(n).map(&plain).sum::<f64>())
    });
    group.bench_function("hand", |b| {
        b.iter(|| {
            for (x, y) in points.chunks(n).zip(out.chunks_mut(n + 1)) {
                hand(x, y);
            }
        })
    });
    group.bench_function("echidna", |b| {
        b.iter(|| {
            points
                .chunks(n)
                .map(|x| echidna_tape.gradient(x)[0])
                .sum::<f64>()
        })
    });
    group.bench_function("tape", |b| b.iter(|| one_by_one(&mut out, &mut workspace)));
    group.bench_function("lanes", |b| b.iter(|| in_lanes(&mut out, &mut lanes)));
    group.finish();
}

fn bench_points(c: &mut Criterion) {
    let spread = |k: usize| 1.5 + (k % 1000) as f64 / 1000.0;
    let pairs: Vec<f64> = (0..2 * POINTS).map(spread).collect();
    let mag_sqr = compile(&catad::paper::mag_sqr::<Reverse, Sym>()).gradient_tape(&(3.0, 4.0));
    let (mut echidna_tape, _) =
        record(|x: &[BReverse<f64>]| x[0] * x[0] + x[1] * x[1], &[3.0, 4.0]);
    bench_points_of(
        c,
        "mag_sqr",
        &pairs,
        |x| x[0] * x[0] + x[1] * x[1],
        |x, y| y.copy_from_slice(&[x[0] * x[0] + x[1] * x[1], 2.0 * x[0], 2.0 * x[1]]),
        &mag_sqr,
        &mut echidna_tape,
    );
    let xs: Vec<f64> = (0..POINTS).map(spread).collect();
    let chain10 = compile(&chain::<Reverse, Sym>(10)).gradient_tape(&X0);
    let (mut echidna_tape, _) = record(|x: &[BReverse<f64>]| chain_generic(10, x[0]), &[X0]);
    let scratch = std::cell::RefCell::new(Vec::with_capacity(10));
    bench_points_of(
        c,
        "chain10",
        &xs,
        |x| chain_generic(10, x[0]),
        |x, y| {
            let (v, d) = hand_chain(10, x[0], &mut scratch.borrow_mut());
            y.copy_from_slice(&[v, d]);
        },
        &chain10,
        &mut echidna_tape,
    );
}

/// [`half_square`] summed over samples in plain Rust: its value, and (where `grad` has a place
/// for each coefficient) its gradient by `x`, `−Σ rᵢ tᵢʲ`.
fn hand_sum(x: &[f64], samples: &[(f64, f64)], grad: &mut [f64]) -> f64 {
    grad.fill(0.0);
    let mut value = 0.0;
    for &(t, s) in samples {
        let (r, _) = x
            .iter()
            .fold((s, 1.0), |(r, power), xj| (r - xj * power, power * t));
        value += r * r / 2.0;
        let mut power = 1.0;
        for g in grad.iter_mut() {
            *g -= r * power;
            power *= t;
        }
    }
    value
}

fn bench_sum(c: &mut Criterion) {
    let (m, n) = (128, 16_384);
    let x: Vec<f64> = (0..m).map(|j| 0.5 / (1.0 + j as f64)).collect();
    let samples: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let t = -1.0 + 2.0 * i as f64 / (n - 1) as f64;
            (t, t.signum())
        })
        .collect();
    let staged = compile(&half_square::<Reverse, Sym>());
    let mut want = vec![0.0; m];
    let value = hand_sum(&x, &samples, &mut want);
    for (what, (v, g)) in [
        ("one core", staged.sum_value_and_gradient(&x, &samples)),
        (
            "every core",
            staged.par_sum_value_and_gradient(&x, &samples),
        ),
    ] {
        assert_close(what, &[v], &[value]);
        assert_close(what, &g, &want);
    }
    let mut group = c.benchmark_group(format!("sum/{n}"));
    group.bench_function("plain", |b| {
        b.iter(|| hand_sum(black_box(&x), &samples, &mut []))
    });
    let mut grad = vec![0.0; m];
    group.bench_function("hand", |b| {
        b.iter(|| hand_sum(black_box(&x), &samples, &mut grad))
    });
    group.bench_function("one_core", |b| {
        b.iter(|| staged.sum_value_and_gradient(black_box(&x), &samples))
    });
    group.bench_function("every_core", |b| {
        b.iter(|| staged.par_sum_value_and_gradient(black_box(&x), &samples))
    });
    group.finish();
}

/// Draws a gradient tape: its diagram, laid out and written as SVG.
fn draw(tape: &Tape) -> String {
    let inputs = tape.inputs();
    Diagram::of(tape, &[("a", inputs)], &[("b", 1), ("gradient", inputs)]).to_svg()
}

fn bench_draw(c: &mut Criterion) {
    let mut group = c.benchmark_group("draw");
    let chain = compile(&chain::<Reverse, Sym>(250)).gradient_tape(&X0);
    let xs: Vec<f64> = (0..200).map(|i| f64::from(i) / 200.0).collect();
    let vector = compile(&vector::<Reverse, Sym>()).gradient_tape(&xs);
    for (name, tape) in [("chain", chain), ("vector", vector)] {
        let svg = draw(&tape);
        let boxes = svg.matches("<g class=\"node ").count();
        // A box per operation and constant, and the bundles a, b and gradient.
        assert_eq!(
            boxes,
            tape.len() + tape.constants().len() + 3,
            "{name}: a box each"
        );
        group.bench_function(BenchmarkId::new(name, boxes), |b| {
            b.iter(|| draw(black_box(&tape)))
        });
    }
    group.finish();
}

fn bench_staging(c: &mut Criterion) {
    let mut group = c.benchmark_group("staging");
    group.sample_size(10);
    for n in [1_000, 10_000] {
        let size = compile(&chain::<Reverse, Sym>(n)).gradient_tape(&X0).len();
        assert!(
            size >= n,
            "the chain's tape has {size} operations for {n} steps"
        );
        group.bench_function(BenchmarkId::new("chain/catad", n), |b| {
            b.iter(|| compile(&chain::<Reverse, Sym>(n)).gradient_tape(&black_box(X0)))
        });
        group.bench_function(BenchmarkId::new("chain/echidna", n), |b| {
            b.iter(|| {
                record(
                    |x: &[BReverse<f64>]| chain_generic(n, x[0]),
                    &[black_box(X0)],
                )
            })
        });
    }
    for n in [1_000, 10_000, 100_000] {
        let xs: Vec<f64> = (0..n).map(|i| (i as f64 / n as f64) - 0.5).collect();
        let size = compile(&vector::<Reverse, Sym>()).gradient_tape(&xs).len();
        assert!(
            size >= n,
            "the vector program's tape has {size} operations for {n} elements"
        );
        group.bench_function(BenchmarkId::new("vector/catad", n), |b| {
            b.iter(|| compile(&vector::<Reverse, Sym>()).gradient_tape(black_box(&xs)))
        });
        group.bench_function(BenchmarkId::new("vector/echidna", n), |b| {
            b.iter(|| record(|x: &[BReverse<f64>]| vector_generic(x), black_box(&xs)))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_chain,
    bench_vector,
    bench_mag_sqr,
    bench_points,
    bench_sum,
    bench_draw,
    bench_staging
);
criterion_main!(benches);
