//! Linear regression on synthetic data: the model, the data and the loss, written once for every
//! category (shared by `examples/regression.rs`, `benches/data.rs` and `tests/macros/macro_models.rs`).
//!
//! The model and one sample's squared error are `#[catad::program]`s, plain Rust compiled to
//! the categorical vocabulary. The data are not program inputs but constants baked into the loss,
//! and the macro has no vector constants, so the mean over the samples is written with the
//! combinators around the per-sample program: each sample's `x` and `y` are made constants, and
//! the errors are summed with `forkI` and `jamI`.

use catad::prelude::*;
use catad::space::{HasRep, SVec, VecLen};
use nalgebra::{SVector, Vector3};

/// The parameters: `ŷ = ⟨w, x⟩ + b`. Deriving `HasRep` makes them an object, so gradients come
/// back as a `Linear`.
#[derive(Clone, Debug, PartialEq, HasRep)]
pub struct Linear {
    /// The weights.
    pub w: SVector<f64, 3>,
    /// The bias.
    pub b: f64,
}

/// One observation.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The input.
    pub x: Vector3<f64>,
    /// The target.
    pub y: f64,
}

/// The parameters the data are drawn from.
pub fn truth() -> Linear {
    Linear {
        w: Vector3::new(2.0, -1.0, 0.5),
        b: 0.3,
    }
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

/// `n` samples `y = ⟨w*, x⟩ + b* + ε`, `x` uniform in `[-1, 1]³` and `ε` uniform in `[-0.05, 0.05]`.
pub fn data(n: usize, seed: u64) -> Vec<Sample> {
    let mut rng = Rng::new(seed);
    let t = truth();
    (0..n)
        .map(|_| {
            let x = Vector3::from_fn(|_, _| rng.uniform(-1.0, 1.0));
            let y = t.w.dot(&x) + t.b + rng.uniform(-0.05, 0.05);
            Sample { x, y }
        })
        .collect()
}

/// The model's prediction `⟨w, x⟩ + b` at one input.
#[catad::program]
pub fn predict(p: Linear, x: SVector<f64, 3>) -> f64 {
    p.w.dot(x) + p.b
}

/// One sample's squared error `(ŷ − y)²`.
#[catad::program]
pub fn squared_error(p: Linear, x: SVector<f64, 3>, y: f64) -> f64 {
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
fn sample_error<K: Model>(s: &Sample) -> Hom<K, Linear, f64> {
    let h = SVec::<3>;
    let x = K::fork_i(h, h.collect(s.x.iter().map(|&c| K::const_c(c))));
    let input = K::fork(K::fork(K::id(), x), K::const_c(s.y));
    let input = K::compose(K::abst_c::<(Linear, SVector<f64, 3>, f64)>(), input);
    K::compose(squared_error::<K>(), input)
}

/// The mean squared error over `data`: `(1/n) · sum ∘ forkI [squared error of each sample]`, the
/// sum over the samples written with the combinators around the per-sample program.
pub fn loss<K: Model>(data: &[Sample]) -> Hom<K, Linear, f64> {
    let h = VecLen(data.len());
    let errors = K::fork_i(h, data.iter().map(sample_error::<K>).collect());
    let mean = K::compose(K::scale(1.0 / data.len() as f64), K::jam_i(h));
    K::compose(mean, errors)
}
