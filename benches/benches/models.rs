//! Models (`catad::staged`) beside plain Rust, hand-written derivatives, echidna's record-once
//! bytecode tape and num-dual, on the models of issue 9:
//!
//! - `perceptron`: the gradient of the mean squared error of a 2–8–1 tanh perceptron over 128
//!   samples (33 parameters), the network of `examples/models/perceptron.rs` on the same data
//!   (`data(128, 2018)`, `init(7)`); `summed` is the same loss as a sum over the samples of each
//!   one's share, a program of the parameters and one sample, staged once and run in lanes of
//!   samples (`Compiled::sum_value_and_gradient`);
//! - `gmm`: the gradient of GradBench's `gmm` objective, ADBench's log posterior of a Gaussian
//!   mixture with a Wishart prior (`γ = 1`, `m = 0`, GradBench's defaults), at d = 5 dimensions,
//!   k = 5 components and n = 100 points (105 parameters), drawn from a fixed seed. Small enough to
//!   stage: the staged gradient unrolls every scalar operation of every point and component into
//!   a tape of about 70,000 operations (the bench prints the count). `hand` is a port of
//!   GradBench's manual C++ gradient (`tools/manual/gmm_d.hpp`), `plain` of its C++ objective.
//!
//! In every group `plain` is the primal alone in plain Rust, the bar the others are read
//! against; `hand` a hand-written derivative; `echidna` the gradient from echidna's bytecode tape,
//! recorded once outside the timed loop (`BytecodeTape::gradient`); `num_dual` num-dual's dual
//! numbers (forward mode: one pass per parameter); `direct` catad's reverse mode (`Reverse`)
//! interpreted directly; `staged` the same program compiled once ([`compile`]), its value and
//! gradient from `Compiled::value_and_gradient` (taking and returning the user's struct); `tape`
//! the compiled tape evaluated into a reused workspace and output buffer. Every timed entry
//! returns the value and the derivative (`echidna` and `direct` the gradient alone), and is
//! checked against the hand-written one before timing, so no bench measures a wrong program.
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
//! coordinates (flat, in the order of the struct's coordinates), for `plain` and for echidna's
//! recording. num-dual's numbers are not `num_traits::Float`, so its entry runs its own copy of
//! the primal over `Dual64`, once per parameter (33 and 105 passes).
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

/// The value followed by the gradient's coordinates.
fn value_then(value: f64, gradient: &[f64]) -> Vec<f64> {
    std::iter::once(value)
        .chain(gradient.iter().copied())
        .collect()
}

/// The gradient by forward passes of num-dual's dual numbers, one per coordinate of `p`, of the
/// function `f` over them.
fn num_dual_gradient(p: &[f64], f: impl Fn(&[Dual64]) -> Dual64) -> (f64, Vec<f64>) {
    let mut value = 0.0;
    let grad = (0..p.len())
        .map(|i| {
            let duals: Vec<Dual64> = p
                .iter()
                .enumerate()
                .map(|(j, &x)| Dual64::new(x, if i == j { 1.0 } else { 0.0 }))
                .collect();
            let y = f(&duals);
            value = y.re;
            y.eps
        })
        .collect();
    (value, grad)
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
        .map(|(x, y)| perceptron_error(w1, b1, w2, b2, x, y))
        .sum::<S>();
    total / (xs.len() as S)
}

/// One sample's squared error `(ŷ(x) − y)²`: [`perceptron_mse`] is their mean.
#[catad::program]
fn perceptron_error<S: Scalar>(
    w1: [[S; 2]; HIDDEN],
    b1: [S; HIDDEN],
    w2: [S; HIDDEN],
    b2: S,
    x: [S; 2],
    y: S,
) -> S {
    let hidden = w1.zip_with(b1, |row, b| (row.dot(x) + b).tanh());
    let e = w2.dot(hidden) + b2 - y;
    e * e
}

/// One sample's share of the loss, `(ŷ(x) − y)² / n`, of the parameters as an [`Mlp`] and the
/// sample `(x, y)`: summed over the `n` samples, it is [`perceptron_loss`].
fn perceptron_share<K, S>(n: usize) -> Hom<K, (Mlp<S>, ([S; 2], S)), S>
where
    K: perceptron_error + Program<S> + RepCat,
    S: Scalar,
{
    // Mlp's representation is (w1, (b1, (w2, b2))).
    let params = K::compose(K::repr_c::<Mlp<S>>(), K::exl());
    let w1 = K::compose(K::exl(), params.clone());
    let b1 = K::compose(K::exl(), K::compose(K::exr(), params.clone()));
    let w2 = K::compose(
        K::exl(),
        K::compose(K::exr(), K::compose(K::exr(), params.clone())),
    );
    let b2 = K::compose(K::exr(), K::compose(K::exr(), K::compose(K::exr(), params)));
    let (x, y) = (
        K::compose(K::exl(), K::exr()),
        K::compose(K::exr(), K::exr()),
    );
    let arguments = K::fork(K::fork(K::fork(K::fork(K::fork(w1, b1), w2), b2), x), y);
    let arguments = K::compose(K::abst_c::<(_, _, _, _, _, _)>(), arguments);
    let error = K::compose(perceptron_error::<K, S>(), arguments);
    let share = K::const_c(S::from_f64(1.0 / n as f64));
    K::compose(K::mul_c(), K::fork(error, share))
}

/// [`perceptron_mse`] of the parameters as an [`Mlp`], the samples constants:
/// `perceptron_mse ∘ abst_c ∘ (((((w1 △ b1) △ w2) △ b2) △ xs) △ ys) ∘ repr_c`.
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
    let arguments = K::compose(K::abst_c::<(_, _, _, _, _, _)>(), arguments);
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
    let summed = compile(&perceptron_share::<Reverse, Sym>(data.xs.len()));
    let pairs: Vec<([f64; 2], f64)> = data
        .xs
        .iter()
        .copied()
        .zip(data.ys.iter().copied())
        .collect();

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
    let (v, g) = summed.sum_value_and_gradient(&p, &pairs);
    assert_close("perceptron summed", &value_then(v, &g.coords()), &want);
    assert_close(
        "perceptron echidna",
        &echidna_tape.gradient(&coords),
        &want[1..],
    );
    let (v, g) = num_dual_gradient(&coords, |p| perceptron_dual(p, &data));
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
        b.iter(|| num_dual_gradient(black_box(&coords), |p| perceptron_dual(p, &data)))
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
    group.bench_function("summed", |b| {
        b.iter(|| summed.sum_value_and_gradient(black_box(&p), &pairs))
    });
    group.finish();
}

/// The mixture's dimension.
const GMM_D: usize = 5;
/// The mixture's number of components.
const GMM_K: usize = 5;
/// The number of points.
const GMM_N: usize = 100;

/// A Gaussian mixture's parameters, in GradBench's layout.
#[derive(Clone, Debug, PartialEq, HasRep)]
struct Gmm<S: Scalar> {
    /// The weights' parametrization (`k`).
    alpha: Vec<S>,
    /// The means (`k × d`).
    mu: Vec<Vec<S>>,
    /// The logarithms of the precision factors' diagonals (`k × d`).
    q: Vec<Vec<S>>,
    /// The precision factors' strictly lower parts, column by column (`k × d(d−1)/2`).
    l: Vec<Vec<S>>,
}

/// The mixture's data: the points and the Wishart prior's hyper-parameters.
struct Points {
    /// The points (`n × d`).
    x: Vec<Vec<f64>>,
    /// The Wishart prior's precision.
    gamma: f64,
    /// The Wishart prior's extra degrees of freedom.
    m: usize,
}

impl Points {
    /// The terms of the log posterior that depend on neither the parameters nor the points'
    /// values, for `k` components: `−n d/2 log 2π + k (n' d log(γ/√2) − log Γ_d(n'/2))`, with
    /// `n' = d + m + 1` and `log Γ_d(a) = d(d − 1)/4 log π + Σⱼ log Γ(a + (1 − j)/2)`.
    fn constant(&self, k: usize) -> f64 {
        let (n, d) = (self.x.len(), self.x[0].len());
        let dof = d + self.m + 1;
        // a + (1 − j)/2 with a = n'/2 is (n' + 1 − j)/2.
        let log_gamma_d = 0.25 * (d * (d - 1)) as f64 * std::f64::consts::PI.ln()
            + (1..=d).map(|j| ln_gamma_half(dof + 1 - j)).sum::<f64>();
        let c = (dof * d) as f64 * (self.gamma.ln() - 0.5 * 2f64.ln()) - log_gamma_d;
        -((n * d) as f64) * 0.5 * (2.0 * std::f64::consts::PI).ln() + k as f64 * c
    }
}

/// `log Γ(t/2)` for an integer `t ≥ 1`: from `Γ(1/2) = √π` or `Γ(1) = 1` by `Γ(x + 1) = x Γ(x)`.
fn ln_gamma_half(t: usize) -> f64 {
    let (mut x, mut sum) = if t % 2 == 1 {
        (0.5, 0.5 * std::f64::consts::PI.ln())
    } else {
        (1.0, 0.0)
    };
    while 2.0 * x < t as f64 {
        sum += f64::ln(x);
        x += 1.0;
    }
    sum
}

/// GradBench's data at `d`, `k`, `n` from `seed`: as its generator draws them (points, weights,
/// `q` and `l` about 0, means in `[0, 1)`), with uniform numbers for its normal ones; `γ = 1`,
/// `m = 0`, its defaults.
fn mixture(d: usize, k: usize, n: usize, seed: u64) -> (Points, Gmm<f64>) {
    let mut rng = Rng(seed);
    let mut rows = |rows: usize, cols: usize, lo: f64, hi: f64| -> Vec<Vec<f64>> {
        (0..rows)
            .map(|_| (0..cols).map(|_| rng.uniform(lo, hi)).collect())
            .collect()
    };
    let x = rows(n, d, -2.0, 2.0);
    let alpha = rows(1, k, -1.0, 1.0).remove(0);
    let mu = rows(k, d, 0.0, 1.0);
    let q = rows(k, d, -0.5, 0.5);
    let l = rows(k, d * (d - 1) / 2, -1.0, 1.0);
    let points = Points {
        x,
        gamma: 1.0,
        m: 0,
    };
    (points, Gmm { alpha, mu, q, l })
}

/// `log Σᵢ exp xᵢ`, the largest element taken out first.
#[catad::program]
fn lse<S: Scalar>(x: Vec<S>) -> S {
    let m = x.iter().copied().fold(S::NEG_INFINITY, S::max);
    m + x.iter().map(|xi| (xi - m).exp()).sum::<S>().ln()
}

/// The log posterior of the mixture `(alpha, mu, q, l)` given the points `x` and the Wishart
/// prior's `gamma` and `m`, but for [`Points::constant`]: ADBench's objective as GradBench's C++
/// reference computes it (the exponentials and sums of `q` once, then point by point and
/// component by component), each `‖Q_c (xᵢ − μ_c)‖²` row by row of `Q_c`.
#[catad::program]
fn gmm_log_posterior<S: Scalar>(
    alpha: Vec<S>,
    mu: Vec<Vec<S>>,
    q: Vec<Vec<S>>,
    l: Vec<Vec<S>>,
    #[data] x: Vec<Vec<S>>,
    #[data] gamma: S,
    #[data] m: S,
) -> S {
    let k = alpha.len();
    let d = q[0].len();
    let diagonals = q
        .iter()
        .map(|qc| qc.iter().map(|v| v.exp()).collect::<Vec<S>>())
        .collect::<Vec<Vec<S>>>();
    let sums = q.iter().map(|qc| qc.iter().sum::<S>()).collect::<Vec<S>>();
    let likelihood = x
        .iter()
        .map(|xi| {
            let main = (0..k)
                .map(|c| {
                    let centred = (0..d).map(|j| xi[j] - mu[c][j]).collect::<Vec<S>>();
                    // ‖Q_c (xᵢ − μ_c)‖², row by row of Q_c.
                    let quad = (0..d)
                        .map(|j| {
                            let below = (0..j)
                                .map(|a| l[c][a * d - a * (a + 1) / 2 + j - a - 1] * centred[a])
                                .sum::<S>();
                            (diagonals[c][j] * centred[j] + below).powi(2)
                        })
                        .sum::<S>();
                    alpha[c] + sums[c] - 0.5 * quad
                })
                .collect::<Vec<S>>();
            lse(main)
        })
        .sum::<S>();
    let prior = (0..k)
        .map(|c| {
            let frobenius = diagonals[c].iter().map(|v| v * v).sum::<S>()
                + l[c].iter().map(|v| v * v).sum::<S>();
            m * sums[c] - 0.5 * gamma * gamma * frobenius
        })
        .sum::<S>();
    likelihood - (x.len() as S) * lse(alpha) + prior
}

/// The log posterior of a [`Gmm`], the points and the prior constants:
/// `add ∘ (gmm_log_posterior ∘ abst_c ∘ ((((((alpha △ mu) △ q) △ l) △ x) △ γ) △ m) ∘ repr_c △
/// constant)`.
fn gmm_objective<K, S>(points: &Points, k: usize) -> Hom<K, Gmm<S>, S>
where
    K: gmm_log_posterior + Program<S> + RepCat,
    S: Scalar,
{
    // Gmm's representation is (alpha, (mu, (q, l))).
    let alpha = K::exl();
    let mu = K::compose(K::exl(), K::exr());
    let q = K::compose(K::exl(), K::compose(K::exr(), K::exr()));
    let l = K::compose(K::exr(), K::compose(K::exr(), K::exr()));
    let x: Vec<Vec<S>> = points
        .x
        .iter()
        .map(|xi| xi.iter().copied().map(S::from_f64).collect())
        .collect();
    let arguments = K::fork(
        K::fork(
            K::fork(
                K::fork(K::fork(K::fork(alpha, mu), q), l),
                K::constant(Data::new(x)),
            ),
            K::constant(Data::new(S::from_f64(points.gamma))),
        ),
        K::constant(Data::new(S::from_f64(points.m as f64))),
    );
    let arguments = K::compose(K::abst_c::<(_, _, _, _, _, _, _)>(), arguments);
    let log_posterior = K::compose(
        gmm_log_posterior::<K, S>(),
        K::compose(arguments, K::repr_c::<Gmm<S>>()),
    );
    K::compose(
        K::add_c(),
        K::fork(log_posterior, K::const_c(S::from_f64(points.constant(k)))),
    )
}

/// The flat parameters `(alpha, mu, q, l)` split into their parts, for `d` and `k`.
fn gmm_parts<T>(p: &[T], d: usize, k: usize) -> (&[T], &[T], &[T], &[T]) {
    let (alpha, rest) = p.split_at(k);
    let (mu, rest) = rest.split_at(k * d);
    let (q, l) = rest.split_at(k * d);
    (alpha, mu, q, l)
}

/// `log Σᵢ exp xᵢ`, the largest element taken out first, in plain Rust.
fn logsumexp<T: Float>(x: &[T]) -> T {
    let m = x.iter().fold(T::neg_infinity(), |a, &b| a.max(b));
    x.iter().fold(T::zero(), |s, &xi| s + (xi - m).exp()).ln() + m
}

/// The log posterior in plain Rust over the flat parameters (`alpha`, then `mu`, `q` and `l`
/// component by component, the order of [`Gmm`]'s coordinates), GradBench's C++ `gmm::objective`
/// line by line, generic so that echidna records the same code.
fn gmm_generic<T: Float>(p: &[T], points: &Points, k: usize) -> T {
    let d = points.x[0].len();
    let l_size = d * (d - 1) / 2;
    let (alpha, mu, q, l) = gmm_parts(p, d, k);
    let diagonals: Vec<T> = q.iter().map(|v| v.exp()).collect();
    let sums: Vec<T> = q
        .chunks(d)
        .map(|qc| qc.iter().fold(T::zero(), |s, &v| s + v))
        .collect();
    let half = T::from(0.5).unwrap();
    let (mut centred, mut product) = (vec![T::zero(); d], vec![T::zero(); d]);
    let mut main = vec![T::zero(); k];
    let mut likelihood = T::zero();
    for xi in &points.x {
        for c in 0..k {
            for j in 0..d {
                centred[j] = T::from(xi[j]).unwrap() - mu[c * d + j];
            }
            // Q_c (xᵢ − μ_c): the diagonal, then the strictly lower part column by column.
            for j in 0..d {
                product[j] = diagonals[c * d + j] * centred[j];
            }
            let mut lower = l[c * l_size..].iter();
            for (a, &centred_a) in centred.iter().enumerate() {
                for (p_j, &l_ja) in product[a + 1..].iter_mut().zip(&mut lower) {
                    *p_j = *p_j + l_ja * centred_a;
                }
            }
            let quad = product.iter().fold(T::zero(), |s, &v| s + v * v);
            main[c] = alpha[c] + sums[c] - half * quad;
        }
        likelihood = likelihood + logsumexp(&main);
    }
    let (gamma, m) = (T::from(points.gamma).unwrap(), T::from(points.m).unwrap());
    let mut prior = T::zero();
    for c in 0..k {
        let frobenius = diagonals[c * d..(c + 1) * d]
            .iter()
            .chain(&l[c * l_size..(c + 1) * l_size])
            .fold(T::zero(), |s, &v| s + v * v);
        prior = prior + m * sums[c] - half * gamma * gamma * frobenius;
    }
    let n = T::from(points.x.len()).unwrap();
    likelihood - n * logsumexp(alpha) + prior + T::from(points.constant(k)).unwrap()
}

/// [`logsumexp`] over num-dual's dual numbers, the largest by its real part.
fn logsumexp_dual(x: &[Dual64]) -> Dual64 {
    let m = x
        .iter()
        .copied()
        .fold(Dual64::from(f64::NEG_INFINITY), |a, b| {
            if b.re > a.re { b } else { a }
        });
    x.iter().map(|&xi| (xi - m).exp()).sum::<Dual64>().ln() + m
}

/// [`gmm_generic`] over num-dual's dual numbers.
fn gmm_dual(p: &[Dual64], points: &Points, k: usize) -> Dual64 {
    let d = points.x[0].len();
    let l_size = d * (d - 1) / 2;
    let (alpha, mu, q, l) = gmm_parts(p, d, k);
    let diagonals: Vec<Dual64> = q.iter().map(|v| v.exp()).collect();
    let sums: Vec<Dual64> = q.chunks(d).map(|qc| qc.iter().copied().sum()).collect();
    let zero = Dual64::from(0.0);
    let (mut centred, mut product) = (vec![zero; d], vec![zero; d]);
    let mut main = vec![zero; k];
    let mut likelihood = zero;
    for xi in &points.x {
        for c in 0..k {
            for j in 0..d {
                centred[j] = Dual64::from(xi[j]) - mu[c * d + j];
            }
            for j in 0..d {
                product[j] = diagonals[c * d + j] * centred[j];
            }
            let mut lower = l[c * l_size..].iter();
            for (a, &centred_a) in centred.iter().enumerate() {
                for (p_j, &l_ja) in product[a + 1..].iter_mut().zip(&mut lower) {
                    *p_j += l_ja * centred_a;
                }
            }
            let quad = product.iter().map(|&v| v * v).sum::<Dual64>();
            main[c] = alpha[c] + sums[c] - quad * 0.5;
        }
        likelihood += logsumexp_dual(&main);
    }
    let (gamma, m) = (points.gamma, points.m as f64);
    let mut prior = zero;
    for c in 0..k {
        let frobenius = diagonals[c * d..(c + 1) * d]
            .iter()
            .chain(&l[c * l_size..(c + 1) * l_size])
            .map(|&v| v * v)
            .sum::<Dual64>();
        prior += sums[c] * m - frobenius * (0.5 * gamma * gamma);
    }
    let n = points.x.len() as f64;
    likelihood - logsumexp_dual(alpha) * n + prior + points.constant(k)
}

/// `log Σᵢ exp xᵢ` and its gradient (the softmax of `x`), as the C++ `logsumexp_d`.
fn logsumexp_d(x: &[f64], grad: &mut [f64]) -> f64 {
    let m = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for (g, &xi) in grad.iter_mut().zip(x) {
        *g = (xi - m).exp();
        sum += *g;
    }
    for g in grad.iter_mut() {
        *g /= sum;
    }
    sum.ln() + m
}

/// The log posterior and its gradient (flat, as [`gmm_generic`]'s parameters) by hand: a port of
/// GradBench's manual C++ gradient (`tools/manual/gmm_d.hpp`, `gmm_objective_d`).
fn gmm_by_hand(p: &[f64], points: &Points, k: usize) -> (f64, Vec<f64>) {
    let d = points.x[0].len();
    let l_size = d * (d - 1) / 2;
    let (alpha, mu, q, l) = gmm_parts(p, d, k);
    let diagonals: Vec<f64> = q.iter().map(|v| v.exp()).collect();
    let sums: Vec<f64> = q.chunks(d).map(|qc| qc.iter().sum()).collect();
    let mut grad = vec![0.0; p.len()];
    let (mut centred, mut product) = (vec![0.0; d], vec![0.0; d]);
    let (mut main, mut weights) = (vec![0.0; k], vec![0.0; k]);
    let mut mu_d = vec![0.0; k * d];
    let mut q_d = vec![0.0; k * d];
    let mut l_d = vec![0.0; k * l_size];
    let mut likelihood = 0.0;
    for xi in &points.x {
        for c in 0..k {
            let (diagonal, lc) = (&diagonals[c * d..(c + 1) * d], &l[c * l_size..]);
            for j in 0..d {
                centred[j] = xi[j] - mu[c * d + j];
                product[j] = diagonal[j] * centred[j];
            }
            let mut lower = lc.iter();
            for (a, &centred_a) in centred.iter().enumerate() {
                for (p_j, &l_ja) in product[a + 1..].iter_mut().zip(&mut lower) {
                    *p_j += l_ja * centred_a;
                }
            }
            // ∂/∂μ_c of −½‖Q_c (xᵢ − μ_c)‖²: Q_cᵀ Q_c (xᵢ − μ_c).
            let mut lower = lc.iter();
            for (a, mu_d_a) in mu_d[c * d..(c + 1) * d].iter_mut().enumerate() {
                let below = product[a + 1..].iter().zip(&mut lower);
                *mu_d_a =
                    diagonal[a] * product[a] + below.map(|(p_j, l_ja)| l_ja * p_j).sum::<f64>();
            }
            for j in 0..d {
                q_d[c * d + j] = 1.0 - diagonal[j] * centred[j] * product[j];
            }
            let mut lower_d = l_d[c * l_size..(c + 1) * l_size].iter_mut();
            for (a, &centred_a) in centred.iter().enumerate() {
                for (&p_j, l_d_ja) in product[a + 1..].iter().zip(&mut lower_d) {
                    *l_d_ja = -centred_a * p_j;
                }
            }
            main[c] = alpha[c] + sums[c] - 0.5 * product.iter().map(|v| v * v).sum::<f64>();
        }
        likelihood += logsumexp_d(&main, &mut weights);
        let (alpha_d, rest) = grad.split_at_mut(k);
        let (mu_g, rest) = rest.split_at_mut(k * d);
        let (q_g, l_g) = rest.split_at_mut(k * d);
        for c in 0..k {
            let w = weights[c];
            alpha_d[c] += w;
            for j in c * d..(c + 1) * d {
                mu_g[j] += w * mu_d[j];
                q_g[j] += w * q_d[j];
            }
            for j in c * l_size..(c + 1) * l_size {
                l_g[j] += w * l_d[j];
            }
        }
    }
    let n = points.x.len() as f64;
    let lse_alpha = logsumexp_d(alpha, &mut weights);
    let (gamma, m) = (points.gamma, points.m as f64);
    let (alpha_d, rest) = grad.split_at_mut(k);
    let (_, rest) = rest.split_at_mut(k * d);
    let (q_g, l_g) = rest.split_at_mut(k * d);
    let mut prior = 0.0;
    for c in 0..k {
        alpha_d[c] -= n * weights[c];
        let mut frobenius = 0.0;
        for j in c * d..(c + 1) * d {
            q_g[j] -= gamma * gamma * diagonals[j] * diagonals[j] - m;
            frobenius += diagonals[j] * diagonals[j];
        }
        for j in c * l_size..(c + 1) * l_size {
            l_g[j] -= gamma * gamma * l[j];
            frobenius += l[j] * l[j];
        }
        prior += m * sums[c] - 0.5 * gamma * gamma * frobenius;
    }
    let value = likelihood - n * lse_alpha + prior + points.constant(k);
    (value, grad)
}

fn bench_gmm(c: &mut Criterion) {
    let mut group = c.benchmark_group("gmm");
    let (points, p) = mixture(GMM_D, GMM_K, GMM_N, 31337);
    let coords = p.coords();
    let (y, g) = gmm_by_hand(&coords, &points, GMM_K);
    let want = value_then(y, &g);
    let direct = gmm_objective::<Reverse, f64>(&points, GMM_K);
    let staged = compile(&gmm_objective::<Reverse, Sym>(&points, GMM_K));
    let tape = staged.gradient_tape(&p);
    let (mut workspace, mut out) = (tape.workspace(), vec![0.0; want.len()]);
    let (mut echidna_tape, _) = record(
        |x: &[BReverse<f64>]| gmm_generic(x, &points, GMM_K),
        &coords,
    );
    println!(
        "gmm: d = {GMM_D}, k = {GMM_K}, n = {GMM_N}: {} parameters, a gradient tape of {} operations",
        coords.len(),
        tape.len()
    );

    let direct_gradient = gradient(&direct, p.clone()).coords();
    assert_close(
        "gmm direct",
        &value_then(direct.apply(p.clone()), &direct_gradient),
        &want,
    );
    let (v, g) = staged.value_and_gradient(&p);
    assert_close("gmm staged", &value_then(v, &g.coords()), &want);
    tape.eval(&coords, &mut workspace, &mut out).unwrap();
    assert_close("gmm tape", &out, &want);
    assert_close("gmm echidna", &echidna_tape.gradient(&coords), &want[1..]);
    let (v, g) = num_dual_gradient(&coords, |p| gmm_dual(p, &points, GMM_K));
    assert_close("gmm num_dual", &value_then(v, &g), &want);
    assert_close(
        "gmm plain",
        &[gmm_generic(&coords, &points, GMM_K)],
        &want[..1],
    );

    group.bench_function("plain", |b| {
        b.iter(|| gmm_generic(black_box(&coords), &points, GMM_K))
    });
    group.bench_function("hand", |b| {
        b.iter(|| gmm_by_hand(black_box(&coords), &points, GMM_K))
    });
    group.bench_function("echidna", |b| {
        b.iter(|| echidna_tape.gradient(black_box(&coords)))
    });
    group.bench_function("num_dual", |b| {
        b.iter(|| num_dual_gradient(black_box(&coords), |p| gmm_dual(p, &points, GMM_K)))
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

criterion_group!(benches, bench_perceptron, bench_gmm);
criterion_main!(benches);
