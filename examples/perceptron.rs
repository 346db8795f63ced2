//! A two-layer perceptron trained by gradient descent: `ŷ = ⟨w₂, tanh (W₁ x + b₁)⟩ + b₂` with 8
//! hidden units, its parameters a user's struct (`#[derive(HasRep)]`), the network and a
//! per-sample squared error written as plain Rust with `#[catad::program]` (the layer a `zip_with`
//! of `dot`s over arrays), the mean over the samples written with the categorical vocabulary
//! around them (indexed products; the samples are constants, which the macro cannot express for
//! vectors), its gradient a struct of the same type.
//!
//! 128 samples of `y = sin(2x₁) · cos(x₂)` at random points of `[-1, 1]²` (deterministic seeds),
//! [`STEPS`] steps of gradient descent from small random weights. The loss is printed as it falls
//! (and its curve written as SVG to `target/plots/perceptron-MODE.svg`);
//! the example panics (exit code 101) unless it ends below a hundredth of the variance of the
//! targets (the loss of the best constant prediction).
//!
//! Every mode computes the same gradients, but not at the same speed: one gradient takes 1.9 ms
//! in `reverse`, 13 ms in `forward` and in `mat`, 24 ms in `cont`, 67 ms in `cont-mat` and 0.57 s
//! in `begin` (`cargo bench -p catad-benches --bench data -- perceptron`; training `reverse` for
//! the 1000 steps takes 1.9 s, `cont` 33 s). The per-sample program takes each sample's input as
//! an argument (a constant made with `forkI`), so it multiplies by it as by a variable, where
//! hand-written combinators scale by constants: this costs 1.5 to 2.5 times as much in each mode.
//! `cont` and `begin` keep continuations (beginnings) as shared DAGs of linear maps, built once
//! per gradient (`begin`, a forward mode, builds and runs one per parameter, 33 of them); the
//! paper's continuations as functions re-run at every fork, and one gradient of this network
//! took over a minute that way. `cont-mat` keeps continuations as matrices.
//!
//! Run with `cargo run --release --example perceptron [-- MODE]`, where `MODE` is the
//! representation of derivatives: `reverse` (the default, `D<Dual<AddFun>>`), `forward`
//! (`D<AddFun>`), `cont` (`ReverseCont<f64>`), `begin` (`ForwardBegin<f64>`), `mat`
//! (`D<Mat<f64>>`) or `cont-mat` (`D<Cont<Mat<f64>, f64>>`, continuations as row matrices).

#[path = "models/loss_plot.rs"]
mod loss_plot;
#[path = "models/perceptron.rs"]
mod model;

use catad::interpretations::Mat;
use catad::interpretations::{Cont, D, DMap};
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use model::{HIDDEN, Mlp, Sample, data, init, loss};

/// The number of samples.
const SAMPLES: usize = 128;

/// The seed of the synthetic data.
const DATA_SEED: u64 = 2018;

/// The seed of the initial weights.
const INIT_SEED: u64 = 7;

/// The number of gradient steps.
const STEPS: usize = 1000;

/// The step size.
const RATE: f64 = 0.5;

/// The variance of the targets, the loss of the best constant prediction.
fn variance(data: &[Sample]) -> f64 {
    let n = data.len() as f64;
    let mean = data.iter().map(|s| s.y).sum::<f64>() / n;
    data.iter().map(|s| (s.y - mean).powi(2)).sum::<f64>() / n
}

/// Gradient descent on the loss `f`, whose derivatives are represented in `L`.
fn train<L: LinearMap<f64>>(mode: &str, f: &DMap<L, Mlp, f64>, threshold: f64) {
    let mut p = init(INIT_SEED);
    println!("two-layer perceptron, {HIDDEN} hidden units, {SAMPLES} samples, mode {mode}");
    let mut last = f64::INFINITY;
    let mut losses = Vec::with_capacity(STEPS + 1);
    for step in 0..=STEPS {
        let (value, grad) = vjp(f, p.clone(), 1.0);
        if step % 100 == 0 {
            println!("  step {step:>4}  loss {value:.6}");
        }
        losses.push((step as f64, value));
        last = value;
        p = p.plus(&grad.scale(-RATE));
    }
    let plot = loss_plot::write("perceptron", mode, &losses);
    println!("  loss curve: {}", plot.display());
    assert!(
        last < threshold,
        "training failed: the loss ended at {last:.6}, not below {threshold:.6}"
    );
    println!("  final loss {last:.6} < {threshold:.6}: ok");
}

fn main() {
    let mode = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "reverse".to_string());
    let data = data(SAMPLES, DATA_SEED);
    let threshold = variance(&data) / 100.0;
    match mode.as_str() {
        "reverse" => train(&mode, &loss::<Reverse>(&data), threshold),
        "forward" => train(&mode, &loss::<Forward>(&data), threshold),
        "cont" => train(&mode, &loss::<ReverseCont<f64>>(&data), threshold),
        "begin" => train(&mode, &loss::<ForwardBegin<f64>>(&data), threshold),
        "mat" => train(&mode, &loss::<D<Mat<f64>>>(&data), threshold),
        "cont-mat" => train(&mode, &loss::<D<Cont<Mat<f64>, f64>>>(&data), threshold),
        other => {
            eprintln!(
                "unknown mode `{other}`: choose reverse, forward, cont, begin, mat or cont-mat"
            );
            std::process::exit(2);
        }
    }
}
