//! Linear regression by gradient descent: a user's struct of parameters (`#[derive(HasRep)]`), a
//! model and a per-sample squared error written as plain Rust with `#[catad::program]`, a mean
//! over the samples written with the categorical vocabulary around them (indexed products; the
//! samples are constants, which the macro cannot express for vectors), and the loss's gradient,
//! which comes back as the struct.
//!
//! 64 samples of `y = ⟨w*, x⟩ + b* + ε` (deterministic seed, `ε` uniform in ±0.05), 200 steps of
//! gradient descent from zero. The loss is printed as it falls (its curve written as SVG to
//! `target/plots/regression-MODE.svg`); the example panics (exit code
//! 101) unless it ends below [`THRESHOLD`], which is above the noise's variance
//! (0.1²/12 ≈ 8.3e-4) but far below the initial loss.
//!
//! Run with `cargo run --release --example regression [-- MODE]`, where `MODE` is the
//! representation of derivatives: `reverse` (the default, `D<Dual<AddFun>>`), `forward`
//! (`D<AddFun>`), `cont` (`ReverseCont<f64>`), `begin` (`ForwardBegin<f64>`), `mat`
//! (`D<Mat<f64>>`) or `cont-mat` (`D<Cont<Mat<f64>, f64>>`, continuations as row matrices).

#[path = "models/loss_plot.rs"]
mod loss_plot;
#[path = "models/regression.rs"]
mod model;

use catad::interpretations::Mat;
use catad::interpretations::{Cont, D, DMap};
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use model::{Linear, data, loss, truth};
use nalgebra::Vector3;

/// The number of samples.
const SAMPLES: usize = 64;

/// The seed of the synthetic data.
const SEED: u64 = 2018;

/// The number of gradient steps.
const STEPS: usize = 200;

/// The step size.
const RATE: f64 = 0.1;

/// The mean squared error training must reach.
const THRESHOLD: f64 = 2e-3;

/// Gradient descent on the loss `f`, whose derivatives are represented in `L`.
fn train<L: LinearMap<f64>>(mode: &str, f: &DMap<L, Linear, f64>) {
    let mut p = Linear {
        w: Vector3::zeros(),
        b: 0.0,
    };
    println!("linear regression, {SAMPLES} samples, mode {mode}");
    let mut last = f64::INFINITY;
    let mut losses = Vec::with_capacity(STEPS + 1);
    for step in 0..=STEPS {
        let (value, grad) = vjp(f, p.clone(), 1.0);
        if step % 20 == 0 {
            println!("  step {step:>3}  loss {value:.6}");
        }
        losses.push((step as f64, value));
        last = value;
        p = p.plus(&grad.scale(-RATE));
    }
    let plot = loss_plot::write("regression", mode, &losses);
    println!("  loss curve: {}", plot.display());
    let t = truth();
    println!("  learned w = {:.3?}, b = {:.3}", p.w.as_slice(), p.b);
    println!("  true    w = {:.3?}, b = {:.3}", t.w.as_slice(), t.b);
    assert!(
        last < THRESHOLD,
        "training failed: the loss ended at {last:.6}, not below {THRESHOLD}"
    );
    println!("  final loss {last:.6} < {THRESHOLD}: ok");
}

fn main() {
    let mode = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "reverse".to_string());
    let data = data(SAMPLES, SEED);
    match mode.as_str() {
        "reverse" => train(&mode, &loss::<Reverse>(&data)),
        "forward" => train(&mode, &loss::<Forward>(&data)),
        "cont" => train(&mode, &loss::<ReverseCont<f64>>(&data)),
        "begin" => train(&mode, &loss::<ForwardBegin<f64>>(&data)),
        "mat" => train(&mode, &loss::<D<Mat<f64>>>(&data)),
        "cont-mat" => train(&mode, &loss::<D<Cont<Mat<f64>, f64>>>(&data)),
        other => {
            eprintln!(
                "unknown mode `{other}`: choose reverse, forward, cont, begin, mat or cont-mat"
            );
            std::process::exit(2);
        }
    }
}
