//! Models (`catad::staged`) beside plain Rust, hand-written derivatives, echidna's record-once
//! bytecode tape and num-dual, on the models of issue 9:
//!
//! - `perceptron`: the gradient of the mean squared error of a 2–8–1 tanh perceptron over 128
//!   samples (33 parameters), the network of `examples/models/perceptron.rs` on the same data
//!   (`data(128, 2018)`, `init(7)`).
//!
//! In every group `plain` is the primal alone in plain Rust, the bar the others are read
//! against; `hand` a hand-written derivative; `echidna` the gradient from echidna's bytecode tape,
//! recorded once outside the timed loop (`BytecodeTape::gradient`); `num_dual` num-dual's dual
//! numbers (forward mode: one pass per parameter); `direct` catad's reverse mode (`Reverse`)
//! interpreted directly; `staged` the same program compiled once ([`compile`]), its value and
//! gradient from `Compiled::value_and_gradient` (taking and returning the user's struct); `tape`
//! the compiled tape evaluated into a reused workspace and output buffer. Every timed entry
//! returns the value and the derivative (`echidna` the gradient alone), and is checked against
//! the hand-written one before timing, so no bench measures a wrong program.
//!
//! The catad programs are `#[catad::program]`s generic in their scalar, so that they run over
//! `f64` (`direct`) and over the symbolic `Sym` (`staged`, `tape`). A generic program's types are
//! the scalar, `usize`, pairs, arrays and `Vec`s (structs need a program over `f64`), so each
//! model's parameters are a struct generic in its scalar (`#[derive(HasRep)]`, which also gives
//! the `Rescale` that [`compile`] takes and returns it by), and the program the combinators
//! `program ∘ (fields △ data) ∘ repr`: the fields of the struct's representation as the program's
//! arguments, and the data set as a constant [`Data`] handle (a `#[data]` parameter: read
//! element by element, not differentiated; over `Sym` its elements are constants of the tape).
//!
//! The plain-Rust primal is written once, generic in `T: num_traits::Float` over the parameters'
//! coordinates, for `plain` and for echidna's recording. num-dual's numbers are not
//! `num_traits::Float`, so its entry runs its own copy of the primal over `Dual64`.
//!
//! Run with
//! `cargo bench -p catad-benches --bench models -- --warm-up-time 1 --measurement-time 3`.

use catad::prelude::*;
use catad::space::{Data, HasRep};
use catad::staged::{Sym, compile};
use catad::vocabulary::{Program, RepCat};
use criterion::{Criterion, criterion_group, criterion_main};
use echidna::{BReverse, record};
use num_dual::{Dual64, DualNum};
use num_traits::Float;
use std::hint::black_box;

/// A deterministic stream of uniform numbers in `[0, 1)` (SplitMix64), as
/// `examples/models/perceptron.rs` draws its data.
struct Rng(u64);

impl Rng {
    /// The next number, uniform in `[lo, hi)`.
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        lo + (hi - lo) * (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Panics unless `got` is within 1e-10 relative of `want`, coordinate by coordinate.
fn assert_close(what: &str, got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{what}: lengths");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let tolerance = 1e-10 * w.abs().max(1e-300);
        assert!(
            (g - w).abs() <= tolerance,
            "{what}[{i}]: got {g:e}, want {w:e}"
        );
    }
}

/// The width of the perceptron's hidden layer.
const HIDDEN: usize = 8;

/// The perceptron's parameters: `ŷ = ⟨w₂, tanh (W₁ x + b₁)⟩ + b₂`, with `W₁` as its rows.
#[derive(Clone, Debug, PartialEq, HasRep)]
struct Mlp<S: Scalar> {
    /// The hidden layer's weights, one row per hidden unit.
    w1: [[S; 2]; HIDDEN],
    /// The hidden layer's biases.
    b1: [S; HIDDEN],
    /// The output weights.
    w2: [S; HIDDEN],
    /// The output bias.
    b2: S,
}

/// The perceptron's data: the inputs and the targets.
struct Samples {
    /// The inputs, uniform in `[-1, 1]²`.
    xs: Vec<[f64; 2]>,
    /// The targets `sin(2x₀)·cos(x₁)`.
    ys: Vec<f64>,
}

/// `n` samples drawn from `seed`, as `examples/models/perceptron.rs`'s `data`.
fn samples(n: usize, seed: u64) -> Samples {
    let mut rng = Rng(seed);
    let xs: Vec<[f64; 2]> = (0..n)
        .map(|_| [rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0)])
        .collect();
    let ys = xs.iter().map(|x| (2.0 * x[0]).sin() * x[1].cos()).collect();
    Samples { xs, ys }
}

/// Small random parameters drawn from `seed`, as `examples/models/perceptron.rs`'s `init`.
fn init(seed: u64) -> Mlp<f64> {
    let mut rng = Rng(seed);
    let mut u = || rng.uniform(-1.0, 1.0);
    Mlp {
        w1: std::array::from_fn(|_| [u(), u()]),
        b1: std::array::from_fn(|_| u()),
        w2: std::array::from_fn(|_| 0.5 * u()),
        b2: 0.0,
    }
}

/// The perceptron's mean squared error `(1/n) Σ (ŷ(x) − y)²` over the data `(xs, ys)`.
#[catad::program]
fn perceptron_mse<S: Scalar>(
    w1: [[S; 2]; HIDDEN],
    b1: [S; HIDDEN],
    w2: [S; HIDDEN],
    b2: S,
    #[data] xs: Vec<[S; 2]>,
    #[data] ys: Vec<S>,
) -> S {
    let total = xs
        .iter()
        .zip(&ys)
        .map(|(x, y)| {
            let hidden = w1.zip_with(b1, |row, b| (row.dot(x) + b).tanh());
            let e = w2.dot(hidden) + b2 - y;
            e * e
        })
        .sum::<S>();
    total / (xs.len() as S)
}

/// [`perceptron_mse`] of the parameters as an [`Mlp`], the samples constants:
/// `perceptron_mse ∘ ((((w1 △ b1) △ w2) △ b2) △ xs) △ ys) ∘ repr`.
fn perceptron_loss<K, S>(data: &Samples) -> Hom<K, Mlp<S>, S>
where
    K: perceptron_mse + Program<S> + RepCat,
    S: Scalar,
{
    // Mlp's representation is (w1, (b1, (w2, b2))).
    let w1 = K::exl();
    let b1 = K::compose(K::exl(), K::exr());
    let w2 = K::compose(K::exl(), K::compose(K::exr(), K::exr()));
    let b2 = K::compose(K::exr(), K::compose(K::exr(), K::exr()));
    let xs: Vec<[S; 2]> = data.xs.iter().map(|x| x.map(S::from_f64)).collect();
    let ys: Vec<S> = data.ys.iter().copied().map(S::from_f64).collect();
    let arguments = K::fork(
        K::fork(
            K::fork(K::fork(K::fork(w1, b1), w2), b2),
            K::constant(Data::new(xs)),
        ),
        K::constant(Data::new(ys)),
    );
    K::compose(
        perceptron_mse::<K, S>(),
        K::compose(arguments, K::repr_c::<Mlp<S>>()),
    )
}

/// The perceptron's loss in plain Rust over the parameters' coordinates (`w1` row by row, `b1`,
/// `w2`, `b2`, the order of [`Mlp`]'s coordinates), generic so that echidna records the same code.
fn perceptron_generic<T: Float>(p: &[T], data: &Samples) -> T {
    let (w1, rest) = p.split_at(2 * HIDDEN);
    let (b1, rest) = rest.split_at(HIDDEN);
    let (w2, b2) = (&rest[..HIDDEN], rest[HIDDEN]);
    let mut total = T::zero();
    for (x, &y) in data.xs.iter().zip(&data.ys) {
        let (x0, x1) = (T::from(x[0]).unwrap(), T::from(x[1]).unwrap());
        let mut output = b2;
        for i in 0..HIDDEN {
            let h = (w1[2 * i] * x0 + w1[2 * i + 1] * x1 + b1[i]).tanh();
            output = output + w2[i] * h;
        }
        let e = output - T::from(y).unwrap();
        total = total + e * e;
    }
    total / T::from(data.xs.len()).unwrap()
}

/// [`perceptron_generic`] over num-dual's dual numbers.
fn perceptron_dual(p: &[Dual64], data: &Samples) -> Dual64 {
    let (w1, rest) = p.split_at(2 * HIDDEN);
    let (b1, rest) = rest.split_at(HIDDEN);
    let (w2, b2) = (&rest[..HIDDEN], rest[HIDDEN]);
    let mut total = Dual64::from(0.0);
    for (x, &y) in data.xs.iter().zip(&data.ys) {
        let mut output = b2;
        for i in 0..HIDDEN {
            let h = (w1[2 * i] * x[0] + w1[2 * i + 1] * x[1] + b1[i]).tanh();
            output += w2[i] * h;
        }
        let e = output - y;
        total += e * e;
    }
    total / data.xs.len() as f64
}

/// The gradient by forward passes of num-dual's dual numbers, one per coordinate of `p`.
fn perceptron_num_dual(p: &[f64], data: &Samples) -> (f64, Vec<f64>) {
    let mut value = 0.0;
    let grad = (0..p.len())
        .map(|i| {
            let duals: Vec<Dual64> = p
                .iter()
                .enumerate()
                .map(|(j, &x)| Dual64::new(x, if i == j { 1.0 } else { 0.0 }))
                .collect();
            let y = perceptron_dual(&duals, data);
            value = y.re;
            y.eps
        })
        .collect();
    (value, grad)
}

/// The perceptron's loss and its gradient by hand: backpropagation, sample by sample, as
/// `benches/data.rs`'s `perceptron_by_hand`.
fn perceptron_by_hand(p: &Mlp<f64>, data: &Samples) -> (f64, Mlp<f64>) {
    let scale = 2.0 / data.xs.len() as f64;
    let mut g = Mlp {
        w1: [[0.0; 2]; HIDDEN],
        b1: [0.0; HIDDEN],
        w2: [0.0; HIDDEN],
        b2: 0.0,
    };
    let mut total = 0.0;
    for (x, &y) in data.xs.iter().zip(&data.ys) {
        let hidden: [f64; HIDDEN] =
            std::array::from_fn(|i| (p.w1[i][0] * x[0] + p.w1[i][1] * x[1] + p.b1[i]).tanh());
        let output = hidden.iter().zip(&p.w2).map(|(h, w)| h * w).sum::<f64>() + p.b2;
        total += (output - y) * (output - y);
        let d_output = scale * (output - y);
        g.b2 += d_output;
        for (i, h) in hidden.iter().enumerate() {
            g.w2[i] += d_output * h;
            let d_in = d_output * p.w2[i] * (1.0 - h * h);
            g.b1[i] += d_in;
            g.w1[i][0] += d_in * x[0];
            g.w1[i][1] += d_in * x[1];
        }
    }
    (total / data.xs.len() as f64, g)
}

/// The value followed by the gradient's coordinates.
fn value_then(value: f64, gradient: &[f64]) -> Vec<f64> {
    std::iter::once(value)
        .chain(gradient.iter().copied())
        .collect()
}

fn bench_perceptron(c: &mut Criterion) {
    let mut group = c.benchmark_group("perceptron");
    let data = samples(128, 2018);
    let p = init(7);
    let coords = p.coords();
    let (y, g) = perceptron_by_hand(&p, &data);
    let want = value_then(y, &g.coords());
    let direct = perceptron_loss::<Reverse, f64>(&data);
    let staged = compile(&perceptron_loss::<Reverse, Sym>(&data));
    let tape = staged.gradient_tape(&p);
    let (mut workspace, mut out) = (tape.workspace(), vec![0.0; want.len()]);
    let (mut echidna_tape, _) = record(|x: &[BReverse<f64>]| perceptron_generic(x, &data), &coords);

    let direct_gradient = gradient(&direct, p.clone()).coords();
    assert_close(
        "perceptron direct",
        &value_then(direct.apply(p.clone()), &direct_gradient),
        &want,
    );
    let (v, g) = staged.value_and_gradient(&p);
    assert_close("perceptron staged", &value_then(v, &g.coords()), &want);
    tape.eval(&coords, &mut workspace, &mut out).unwrap();
    assert_close("perceptron tape", &out, &want);
    assert_close(
        "perceptron echidna",
        &echidna_tape.gradient(&coords),
        &want[1..],
    );
    let (v, g) = perceptron_num_dual(&coords, &data);
    assert_close("perceptron num_dual", &value_then(v, &g), &want);
    assert_close(
        "perceptron plain",
        &[perceptron_generic(&coords, &data)],
        &want[..1],
    );

    group.bench_function("plain", |b| {
        b.iter(|| perceptron_generic(black_box(&coords), &data))
    });
    group.bench_function("hand", |b| {
        b.iter(|| perceptron_by_hand(black_box(&p), &data))
    });
    group.bench_function("echidna", |b| {
        b.iter(|| echidna_tape.gradient(black_box(&coords)))
    });
    group.bench_function("num_dual", |b| {
        b.iter(|| perceptron_num_dual(black_box(&coords), &data))
    });
    group.bench_function("direct", |b| {
        b.iter(|| gradient(&direct, black_box(p.clone())))
    });
    group.bench_function("staged", |b| {
        b.iter(|| staged.value_and_gradient(black_box(&p)))
    });
    group.bench_function("tape", |b| {
        b.iter(|| tape.eval(black_box(&coords), &mut workspace, &mut out))
    });
    group.finish();
}

criterion_group!(benches, bench_perceptron);
criterion_main!(benches);
