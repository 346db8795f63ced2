//! Linear regression on synthetic data: the model, the data and the loss, written once for every
//! category (shared by `examples/regression.rs` and `benches/data.rs`).

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

/// What a category needs to run the loss.
pub trait Model:
    CartesianI<VecLen>
    + CocartesianI<VecLen>
    + CocartesianI<SVec<3>>
    + Cartesian
    + NumCat<f64>
    + Scalable<f64>
    + RepCat
{
}

impl<K> Model for K where
    K: CartesianI<VecLen>
        + CocartesianI<VecLen>
        + CocartesianI<SVec<3>>
        + Cartesian
        + NumCat<f64>
        + Scalable<f64>
        + RepCat
{
}

/// `(⟨w, x⟩ + b − y)²`: one sample's squared error, with `⟨·, x⟩` a constant linear functional.
fn squared_error<K: Model>(s: &Sample) -> Hom<K, Linear, f64> {
    let prediction = K::compose(
        K::add_c(),
        K::cross(dot_with::<K, SVec<3>, f64>(SVec, &s.x), K::id()),
    );
    let error = K::compose(K::sub_c(), K::fork(prediction, K::const_c(s.y)));
    let square = K::compose(K::mul_c(), K::dup());
    K::compose(square, K::compose(error, K::repr_c::<Linear>()))
}

/// The mean squared error over `data`: `(1/n) · sum ∘ forkI [squared error of each sample]`.
pub fn loss<K: Model>(data: &[Sample]) -> Hom<K, Linear, f64> {
    let h = VecLen(data.len());
    let errors = K::fork_i(h, data.iter().map(squared_error::<K>).collect());
    let mean = K::compose(K::scale(1.0 / data.len() as f64), sum::<K, VecLen, f64>(h));
    K::compose(mean, errors)
}
