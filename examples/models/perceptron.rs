//! A two-layer perceptron on synthetic data: the model, the data and the loss, written once for
//! every category (shared by `examples/perceptron.rs` and `benches/data.rs`).

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

/// What a category needs to run the loss.
pub trait Model:
    CartesianI<VecLen>
    + CocartesianI<VecLen>
    + CocartesianI<Arr<HIDDEN>>
    + ZipI<Arr<HIDDEN>>
    + CocartesianI<Arr<2>>
    + Cartesian
    + FloatingCat<f64>
    + Scalable<f64>
    + RepCat
{
}

impl<K> Model for K where
    K: CartesianI<VecLen>
        + CocartesianI<VecLen>
        + CocartesianI<Arr<HIDDEN>>
        + ZipI<Arr<HIDDEN>>
        + CocartesianI<Arr<2>>
        + Cartesian
        + FloatingCat<f64>
        + Scalable<f64>
        + RepCat
{
}

/// A hidden layer's vector.
type Hidden = [f64; HIDDEN];

/// The rows of `W₁`.
type Rows = [[f64; 2]; HIDDEN];

/// The representation of [`Mlp`]: `(w₁, (b₁, (w₂, b₂)))`.
type Rep = (Rows, (Hidden, (Hidden, f64)));

/// One sample's squared error `(ŷ − y)²`.
fn squared_error<K: Model>(s: &Sample) -> Hom<K, Mlp, f64> {
    let h = Arr::<HIDDEN>;
    // The fields, as projections out of the representation.
    let rest = || K::exr::<Rows, (Hidden, (Hidden, f64))>();
    let tail = || K::compose(K::exr::<Hidden, (Hidden, f64)>(), rest());
    let w1 = K::exl::<Rows, (Hidden, (Hidden, f64))>();
    let b1 = K::compose(K::exl::<Hidden, (Hidden, f64)>(), rest());
    let w2 = K::compose(K::exl::<Hidden, f64>(), tail());
    let b2 = K::compose(K::exr::<Hidden, f64>(), tail());
    // W₁ x + b₁, with ⟨row, x⟩ for every row (x a constant), then tanh.
    let w1x = K::compose(K::fmap(h, dot_with::<K, Arr<2>, f64>(Arr, &s.x)), w1);
    let add = zip_with::<K, Arr<HIDDEN>, f64, f64, f64>(h, K::add_c());
    let hidden = K::compose(K::fmap(h, K::tanh_c()), K::compose(add, K::fork(w1x, b1)));
    // ⟨w₂, hidden⟩ + b₂ − y, squared.
    let w2_hidden = K::compose(dot::<K, Arr<HIDDEN>, f64>(h), K::fork(w2, hidden));
    let output = K::compose(K::add_c(), K::fork(w2_hidden, b2));
    let error = K::compose(K::sub_c(), K::fork(output, K::const_c::<Rep>(s.y)));
    let square = K::compose(K::mul_c(), K::dup());
    K::compose(K::compose(square, error), K::repr_c::<Mlp>())
}

/// The mean squared error over `data`: `(1/n) · sum ∘ forkI [squared error of each sample]`.
pub fn loss<K: Model>(data: &[Sample]) -> Hom<K, Mlp, f64> {
    let h = VecLen(data.len());
    let errors = K::fork_i(h, data.iter().map(squared_error::<K>).collect());
    let mean = K::compose(K::scale(1.0 / data.len() as f64), sum::<K, VecLen, f64>(h));
    K::compose(mean, errors)
}
