//! The baseline: one program in every mode, beside plain Rust and hand-written derivatives.
//!
//! Two programs, each written once against the categorical vocabulary:
//!
//! - `chain`: n steps of `x ↦ sin(x)·x`, at n = 10, 100, 1000. The morphisms are built once,
//!   outside the timed loop (`chain_build/<n>/<mode>` times the building separately), so
//!   `chain/<n>/<mode>` times only the run: `apply`, `derivative` or `gradient`. Each group reports
//!   a throughput of n elements, so criterion's `thrpt` is steps per second.
//! - `chain_reverse_cont/<n>`: the gradient of the chain in `ReverseCont<f64>`
//!   (`D<Cont<Dual<Delta>, f64>>`) at n = 10, 100, 1000: linear in n, since `unjoin` shares the
//!   continuation it splits.
//! - `chain_cont_add_fun/<n>`: the same in the paper's `D<Cont<AddFun, f64>>` at n = 2, 4, 6, 8,
//!   10 only. Its gradient costs about 4ⁿ: `cross` splits the continuation `h` with `unjoin`
//!   (`h ∘ inl`, `h ∘ inr`) and `join`s the results, so the final additive function calls `h`
//!   twice per `cross`, and every step has two (`fork` and `mul`'s derivative `scale b ▽
//!   scale a`). Closures share nothing, so the calls multiply.
//! - `catad::paper::mag_sqr`: `mag_sqr/value`, `mag_sqr/jvp` and `mag_sqr/gradient`.
//!
//! The bars are plain Rust (`plain`), a hand-written forward sweep (`hand_forward`), a
//! hand-written reverse sweep over a tape (`hand_reverse`) and num-dual's dual numbers
//! (`num_dual`, forward mode). Before timing, every mode's answer is checked against the
//! hand-written one, so no bench measures a wrong program.
//!
//! Run with
//! `cargo bench -p catad-benches --bench modes -- --warm-up-time 1 --measurement-time 3`.

use catad::interpretations::{AddFun, Cont, D, Delta, Dual, Representation};
use catad::paper::mag_sqr;
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use criterion::measurement::WallTime;
use criterion::{
    BenchmarkGroup, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main,
};
use num_dual::{Dual64, DualNum, first_derivative};
use std::hint::black_box;

/// The chain lengths.
const STEPS: [usize; 3] = [10, 100, 1000];

/// The chain lengths for the paper's `D<Cont<AddFun, f64>>`, whose gradient grows as 4ⁿ.
const CONT_ADD_FUN_STEPS: [usize; 5] = [2, 4, 6, 8, 10];

/// The chain's input: above the neutral fixed point π/2 of `sin(x)·x`, so the iterates drift
/// slowly towards π/2 and every value and derivative stays a normal float.
const X0: f64 = 2.0;

/// The point at which `mag_sqr` is measured.
const AB: (f64, f64) = (3.0, 4.0);
/// The tangent for `mag_sqr`'s jvp.
const DAB: (f64, f64) = (0.6, 0.8);

/// n steps of `x ↦ sin(x)·x`, each step `mul ∘ (sin △ id)`, composed left to right.
fn chain<K: Cartesian + FloatingCat<f64>>(n: usize) -> Hom<K, f64, f64> {
    assert!(n > 0, "a chain has at least one step");
    let step = || K::compose(K::mul_c(), K::fork(K::sin_c(), K::id()));
    (1..n).fold(step(), |acc, _| K::compose(step(), acc))
}

/// The chain in plain Rust.
fn plain_chain(n: usize, mut x: f64) -> f64 {
    for _ in 0..n {
        x = x.sin() * x;
    }
    x
}

/// The chain's value and derivative by a hand-written forward sweep.
fn hand_forward_chain(n: usize, mut x: f64) -> (f64, f64) {
    let mut dx = 1.0;
    for _ in 0..n {
        let (s, c) = x.sin_cos();
        dx *= c * x + s;
        x *= s;
    }
    (x, dx)
}

/// The chain's value and derivative by a hand-written reverse sweep: the forward sweep records
/// each step's input and partial derivatives on a tape, the reverse sweep plays it backwards.
fn hand_reverse_chain(n: usize, mut x: f64) -> (f64, f64) {
    let mut tape = Vec::with_capacity(n);
    for _ in 0..n {
        let (s, c) = x.sin_cos();
        tape.push((x, s, c));
        x *= s;
    }
    let mut xb = 1.0;
    for &(x, s, c) in tape.iter().rev() {
        let sb = xb * x;
        xb = xb * s + sb * c;
    }
    (x, xb)
}

/// The chain's value and derivative with num-dual's dual numbers.
fn num_dual_chain(n: usize, x: f64) -> (f64, f64) {
    first_derivative(
        |mut x: Dual64| {
            for _ in 0..n {
                x = x.sin() * x;
            }
            x
        },
        x,
    )
}

/// `mag_sqr` in plain Rust.
fn plain_mag_sqr((a, b): (f64, f64)) -> f64 {
    a * a + b * b
}

/// `mag_sqr`'s jvp by hand.
fn hand_jvp_mag_sqr((a, b): (f64, f64), (da, db): (f64, f64)) -> (f64, f64) {
    (a * a + b * b, 2.0 * a * da + 2.0 * b * db)
}

/// `mag_sqr`'s gradient by hand.
fn hand_gradient_mag_sqr((a, b): (f64, f64)) -> (f64, f64) {
    (2.0 * a, 2.0 * b)
}

/// `mag_sqr`'s jvp with num-dual: one pass seeded with the tangent.
fn num_dual_jvp_mag_sqr((a, b): (f64, f64), (da, db): (f64, f64)) -> (f64, f64) {
    let (a, b) = (Dual64::new(a, da), Dual64::new(b, db));
    let y = a * a + b * b;
    (y.re, y.eps)
}

/// `mag_sqr`'s gradient with num-dual: one forward pass per input.
fn num_dual_gradient_mag_sqr((a, b): (f64, f64)) -> (f64, f64) {
    (
        num_dual_jvp_mag_sqr((a, b), (1.0, 0.0)).1,
        num_dual_jvp_mag_sqr((a, b), (0.0, 1.0)).1,
    )
}

/// Panics unless `got` is within 1e-9 relative of `want`.
fn assert_close(what: &str, got: f64, want: f64) {
    let tolerance = 1e-9 * want.abs().max(f64::MIN_POSITIVE);
    assert!(
        (got - want).abs() <= tolerance,
        "{what}: got {got:e}, want {want:e}"
    );
}

/// Checks every mode's chain of length `n` against the hand-written reverse sweep.
fn check_chain(n: usize) {
    let (y, dy) = hand_reverse_chain(n, X0);
    let fun = chain::<Fun>(n);
    let forward = chain::<Forward>(n);
    let reverse = chain::<Reverse>(n);
    let at = |mode: &str| format!("chain/{n}/{mode}");
    assert_close(&at("fun"), fun.apply(X0), y);
    assert_close(&at("plain"), plain_chain(n, X0), y);
    assert_close(&at("forward value"), forward.apply(X0), y);
    assert_close(&at("forward"), derivative(&forward, X0), dy);
    assert_close(&at("reverse value"), reverse.apply(X0), y);
    assert_close(&at("reverse"), gradient(&reverse, X0), dy);
    let (fy, fdy) = hand_forward_chain(n, X0);
    assert_close(&at("hand_forward value"), fy, y);
    assert_close(&at("hand_forward"), fdy, dy);
    let (ny, ndy) = num_dual_chain(n, X0);
    assert_close(&at("num_dual value"), ny, y);
    assert_close(&at("num_dual"), ndy, dy);
}

/// Checks the chain of length `n` in the continuation mode `D<K>` (the group `name`) against the
/// hand-written reverse sweep.
fn check_chain_continuations<K: Representation<f64> + LinearMap<f64>>(name: &str, n: usize) {
    let (y, dy) = hand_reverse_chain(n, X0);
    let continuations = chain::<D<K>>(n);
    let at = |what: &str| format!("{name}/{n} {what}");
    assert_close(&at("value"), continuations.apply(X0), y);
    assert_close(&at("gradient"), gradient(&continuations, X0), dy);
}

/// Checks every mode's `mag_sqr` against the hand-written derivatives.
fn check_mag_sqr() {
    let (y, dy) = hand_jvp_mag_sqr(AB, DAB);
    let (ga, gb) = hand_gradient_mag_sqr(AB);
    assert_close("mag_sqr/value/fun", mag_sqr::<Fun, f64>().apply(AB), y);
    assert_close("mag_sqr/value/plain", plain_mag_sqr(AB), y);
    let (fy, fdy) = jvp(&mag_sqr::<Forward, f64>(), AB, DAB);
    assert_close("mag_sqr/jvp/forward value", fy, y);
    assert_close("mag_sqr/jvp/forward", fdy, dy);
    let (ny, ndy) = num_dual_jvp_mag_sqr(AB, DAB);
    assert_close("mag_sqr/jvp/num_dual value", ny, y);
    assert_close("mag_sqr/jvp/num_dual", ndy, dy);
    let gradients = [
        ("forward", gradient(&mag_sqr::<Forward, f64>(), AB)),
        ("reverse", gradient(&mag_sqr::<Reverse, f64>(), AB)),
        (
            "reverse_cont",
            gradient(&mag_sqr::<ReverseCont<f64>, f64>(), AB),
        ),
        ("num_dual", num_dual_gradient_mag_sqr(AB)),
    ];
    for (mode, (da, db)) in gradients {
        assert_close(&format!("mag_sqr/gradient/{mode} ∂a"), da, ga);
        assert_close(&format!("mag_sqr/gradient/{mode} ∂b"), db, gb);
    }
}

/// Times building the chain's morphism in `K`.
fn bench_build<K: Cartesian + FloatingCat<f64>>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    mode: &str,
    n: usize,
) {
    group.bench_function(mode, |b| b.iter(|| chain::<K>(black_box(n))));
}

/// `chain_build/<n>/<mode>`: building the morphism, per mode.
fn chain_build(c: &mut Criterion) {
    for n in STEPS {
        let mut group = c.benchmark_group(format!("chain_build/{n}"));
        group.throughput(Throughput::Elements(n as u64));
        bench_build::<Fun>(&mut group, "fun", n);
        bench_build::<Forward>(&mut group, "forward", n);
        bench_build::<Reverse>(&mut group, "reverse", n);
        bench_build::<ReverseCont<f64>>(&mut group, "reverse_cont", n);
        group.finish();
    }
}

/// `chain/<n>/<mode>`: running a pre-built morphism, per mode, beside the bars.
fn chain_run(c: &mut Criterion) {
    for n in STEPS {
        check_chain(n);
        let fun = chain::<Fun>(n);
        let forward = chain::<Forward>(n);
        let reverse = chain::<Reverse>(n);
        let mut group = c.benchmark_group(format!("chain/{n}"));
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function("plain", |b| b.iter(|| plain_chain(n, black_box(X0))));
        group.bench_function("fun", |b| b.iter(|| fun.apply(black_box(X0))));
        group.bench_function("hand_forward", |b| {
            b.iter(|| hand_forward_chain(n, black_box(X0)))
        });
        group.bench_function("num_dual", |b| b.iter(|| num_dual_chain(n, black_box(X0))));
        group.bench_function("forward", |b| {
            b.iter(|| derivative(&forward, black_box(X0)))
        });
        group.bench_function("hand_reverse", |b| {
            b.iter(|| hand_reverse_chain(n, black_box(X0)))
        });
        group.bench_function("reverse", |b| b.iter(|| gradient(&reverse, black_box(X0))));
        group.finish();
    }
}

/// The gradient of a pre-built chain in the continuation mode `D<K>`, at each length of `steps`,
/// as the group `name`.
fn chain_continuations<K: Representation<f64> + LinearMap<f64>>(
    c: &mut Criterion,
    name: &str,
    steps: &[usize],
) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for &n in steps {
        check_chain_continuations::<K>(name, n);
        let continuations = chain::<D<K>>(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| gradient(&continuations, black_box(X0)))
        });
    }
    group.finish();
}

/// `chain_reverse_cont/<n>`: `ReverseCont<f64>`, linear in n.
fn chain_reverse_cont(c: &mut Criterion) {
    chain_continuations::<Cont<Dual<Delta>, f64>>(c, "chain_reverse_cont", &STEPS);
}

/// `chain_cont_add_fun/<n>`: the paper's `D<Cont<AddFun, f64>>`, at the few lengths where its 4ⁿ
/// cost is measurable.
fn chain_cont_add_fun(c: &mut Criterion) {
    chain_continuations::<Cont<AddFun, f64>>(c, "chain_cont_add_fun", &CONT_ADD_FUN_STEPS);
}

/// `mag_sqr/{value,jvp,gradient}/<mode>`.
fn mag_sqr_run(c: &mut Criterion) {
    check_mag_sqr();
    let fun = mag_sqr::<Fun, f64>();
    let forward = mag_sqr::<Forward, f64>();
    let reverse = mag_sqr::<Reverse, f64>();
    let reverse_cont = mag_sqr::<ReverseCont<f64>, f64>();

    let mut group = c.benchmark_group("mag_sqr/value");
    group.bench_function("plain", |b| b.iter(|| plain_mag_sqr(black_box(AB))));
    group.bench_function("fun", |b| b.iter(|| fun.apply(black_box(AB))));
    group.finish();

    let mut group = c.benchmark_group("mag_sqr/jvp");
    group.bench_function("hand", |b| {
        b.iter(|| hand_jvp_mag_sqr(black_box(AB), black_box(DAB)))
    });
    group.bench_function("num_dual", |b| {
        b.iter(|| num_dual_jvp_mag_sqr(black_box(AB), black_box(DAB)))
    });
    group.bench_function("forward", |b| {
        b.iter(|| jvp(&forward, black_box(AB), black_box(DAB)))
    });
    group.finish();

    let mut group = c.benchmark_group("mag_sqr/gradient");
    group.bench_function("hand", |b| b.iter(|| hand_gradient_mag_sqr(black_box(AB))));
    group.bench_function("num_dual", |b| {
        b.iter(|| num_dual_gradient_mag_sqr(black_box(AB)))
    });
    group.bench_function("forward", |b| b.iter(|| gradient(&forward, black_box(AB))));
    group.bench_function("reverse", |b| b.iter(|| gradient(&reverse, black_box(AB))));
    group.bench_function("reverse_cont", |b| {
        b.iter(|| gradient(&reverse_cont, black_box(AB)))
    });
    group.finish();
}

criterion_group!(
    benches,
    chain_run,
    chain_reverse_cont,
    chain_cont_add_fun,
    chain_build,
    mag_sqr_run
);
criterion_main!(benches);
