//! A two-layer perceptron on synthetic data: the model, the data and the loss, written once for
//! every category (shared by `examples/perceptron.rs`, `benches/data.rs` and
//! `tests/macros/macro_models.rs`).
//!
//! The network and one sample's squared error are `#[catad::program]`s, plain Rust compiled to
//! the categorical vocabulary. The data are not program inputs but constants baked into the loss,
//! and the macro has no vector constants, so the mean over the samples is written with the
//! combinators around the per-sample program: each sample's `x` and `y` are made constants, and
//! the errors are summed with `forkI` and `jamI`.

use catad::prelude::*;
use catad::space::{Arr, HasRep, VecLen};

/// The width of the hidden layer.
pub const HIDDEN: usize = 8;

/// The parameters: `ŷ = ⟨w₂, tanh (W₁ x + b₁)⟩ + b₂`, with `W₁` as its rows.
#[derive(Clone, Debug, PartialEq, HasRep)]
pub struct Mlp {
    /// The hidden layer's weights, one row per hidden unit.
    pub w1: [[f64; 2]; HIDDEN],
    /// The hidden layer's biases.
    pub b1: [f64; HIDDEN],
    /// The output weights.
    pub w2: [f64; HIDDEN],
    /// The output bias.
    pub b2: f64,
}

/// One observation.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The input.
    pub x: [f64; 2],
    /// The target.
    pub y: f64,
}

/// A deterministic stream of uniform numbers in `[0, 1)` (SplitMix64).
pub struct Rng(u64);

impl Rng {
    /// The stream from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next number, uniform in `[lo, hi)`.
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        lo + (hi - lo) * (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The function the network learns.
pub fn target(x: [f64; 2]) -> f64 {
    (2.0 * x[0]).sin() * x[1].cos()
}

/// `n` samples of [`target`] at points uniform in `[-1, 1]²`.
pub fn data(n: usize, seed: u64) -> Vec<Sample> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let x = [rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0)];
            Sample { x, y: target(x) }
        })
        .collect()
}

/// Small random initial parameters.
pub fn init(seed: u64) -> Mlp {
    let mut rng = Rng::new(seed);
    let mut u = || rng.uniform(-1.0, 1.0);
    Mlp {
        w1: std::array::from_fn(|_| [u(), u()]),
        b1: std::array::from_fn(|_| u()),
        w2: std::array::from_fn(|_| 0.5 * u()),
        b2: 0.0,
    }
}

/// The network's output `⟨w₂, tanh (W₁ x + b₁)⟩ + b₂` at one input.
#[catad::program]
pub fn predict(p: Mlp, x: [f64; 2]) -> f64 {
    let (w1, b1): ([[f64; 2]; HIDDEN], [f64; HIDDEN]) = (p.w1, p.b1);
    let hidden: [f64; HIDDEN] = w1.zip_with(b1, |row, b| (row.dot(x) + b).tanh());
    p.w2.dot(hidden) + p.b2
}

/// One sample's squared error `(ŷ − y)²`.
#[catad::program]
pub fn squared_error(p: Mlp, x: [f64; 2], y: f64) -> f64 {
    let e = predict(p, x) - y;
    e * e
}

/// What a category needs to run the loss: the vocabulary of [`squared_error`] (its trait, which
/// the macro generates), `RepCat` for its domain's tuple, and the indexed products over the
/// samples.
pub trait Model:
    squared_error + RepCat + CartesianI<VecLen> + CocartesianI<VecLen> + Scalable<f64>
{
}

impl<K> Model for K where
    K: squared_error + RepCat + CartesianI<VecLen> + CocartesianI<VecLen> + Scalable<f64>
{
}

/// [`squared_error`] at the sample `s`: `squared_error ∘ abst_c ∘ ((id △ x) △ y)`, with the
/// sample's `x` and `y` constants. `#[catad::program]` has no vector constants, so the sample is fixed here,
/// with the combinators: `x` is `forkI` of its elements' constants.
fn sample_error<K: Model>(s: &Sample) -> Hom<K, Mlp, f64> {
    let h = Arr::<2>;
    let x = K::fork_i(h, s.x.map(|c| K::const_c(c)));
    let input = K::fork(K::fork(K::id(), x), K::const_c(s.y));
    let input = K::compose(K::abst_c::<(Mlp, [f64; 2], f64)>(), input);
    K::compose(squared_error::<K>(), input)
}

/// The mean squared error over `data`: `(1/n) · sum ∘ forkI [squared error of each sample]`, the
/// sum over the samples written with the combinators around the per-sample program.
pub fn loss<K: Model>(data: &[Sample]) -> Hom<K, Mlp, f64> {
    let h = VecLen(data.len());
    let errors = K::fork_i(h, data.iter().map(sample_error::<K>).collect());
    let mean = K::compose(K::scale(1.0 / data.len() as f64), K::jam_i(h));
    K::compose(mean, errors)
}
