//! Training a classifier, its whole loss one `#[catad::program]` over run-time data: logistic
//! regression, `P(y = 1 | x) = σ(⟨w, x⟩ + b)`, fitted to labelled points by gradient descent on
//! the mean cross-entropy over the samples (plus a little weight decay). The samples, the number
//! of features and the number of samples are all read by the program when it runs: the mean is a
//! `zip`/`map`/`sum` over the data inside the program, not combinators around a per-sample one
//! (compare `examples/regression.rs`).
//!
//! The samples and their labels are `#[data]` parameters: the program reads them element by
//! element and is not differentiated with respect to them. Each call takes them as
//! [`Data`] handles, which share the data by pointer (no copy per call), and the gradient has
//! handles that carry nothing in their places (in reverse mode, the empty handle, the zero).
//!
//! 200 points in 3 dimensions from two overlapping clouds (deterministic). The gradient is
//! checked against central finite differences first; then [`STEPS`] steps of gradient descent
//! (the loss curve written as SVG to `target/plots/training-reverse.svg`),
//! the loss printed as it falls. The example panics (exit code 101) unless the gradient matches
//! and the trained classifier labels at least 90% of the points right.
//!
//! Run with `cargo run --example training`.

#[path = "models/loss_plot.rs"]
mod loss_plot;
#[path = "models/stream.rs"]
mod stream;

use catad::prelude::*;
use catad::space::Data;
use stream::stream;

/// The mean cross-entropy of the classifier `(w, b)` on the samples `(xs, ys)` (labels 0 or 1),
/// plus `0.001 ‖w‖²`. Each sample's term `−y ln σ(z) − (1 − y) ln(1 − σ(z)) = softplus(z) − y z`
/// is computed as `max(z, 0) + ln(1 + e^(−|z|)) − y z`, which does not overflow.
#[catad::program]
fn loss(w: Vec<f64>, b: f64, #[data] xs: Vec<Vec<f64>>, #[data] ys: Vec<f64>) -> f64 {
    let total = xs
        .iter()
        .zip(&ys)
        .map(|(x, y)| {
            let z = x.iter().zip(&w).map(|(xi, wi)| xi * wi).sum::<f64>() + b;
            z.max(0.0) + (-z.abs()).exp().ln_1p() - y * z
        })
        .sum::<f64>();
    total / (ys.len() as f64) + 0.001 * w.iter().map(|wi| wi * wi).sum::<f64>()
}

/// The number of steps of gradient descent.
const STEPS: usize = 60;

fn main() {
    let mut noise = stream(3);
    // Label 1 around (1, 1, −1), label 0 around (−1, 0, 1).
    let centres = [[-1.0, 0.0, 1.0], [1.0, 1.0, -1.0]];
    let ys: Vec<f64> = (0..200).map(|i| (i % 2) as f64).collect();
    let xs: Vec<Vec<f64>> = ys
        .iter()
        .map(|&y| {
            centres[y as usize]
                .iter()
                .map(|c| c + 1.2 * noise())
                .collect()
        })
        .collect();

    let value = loss::<Fun>();
    let reverse = loss::<Reverse>();
    let (mut w, mut b) = (vec![0.0; 3], 0.0);
    let (samples, labels) = (Data::new(xs), Data::new(ys));
    // The program's input: the parameters, and handles to the data (cloning one copies a pointer).
    let at = |w: &[f64], b: f64| (w.to_vec(), b, samples.clone(), labels.clone());

    // The gradient against central differences, at a point away from the start.
    let (w0, b0) = (vec![0.3, -0.2, 0.1], 0.05);
    let (gw, gb, no_samples, no_labels) = gradient(&reverse, at(&w0, b0));
    assert!(
        no_samples.is_empty() && no_labels.is_empty(),
        "nothing is differentiated with respect to data"
    );
    let h = 1e-6;
    let mut fd: Vec<f64> = (0..3)
        .map(|i| {
            let (mut up, mut down) = (w0.clone(), w0.clone());
            up[i] += h;
            down[i] -= h;
            (value.apply(at(&up, b0)) - value.apply(at(&down, b0))) / (2.0 * h)
        })
        .collect();
    fd.push((value.apply(at(&w0, b0 + h)) - value.apply(at(&w0, b0 - h))) / (2.0 * h));
    let error = gw
        .iter()
        .chain([&gb])
        .zip(&fd)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    println!("gradient vs finite differences: largest difference {error:.1e}");
    assert!(error < 1e-8, "the gradient matches finite differences");

    let rate = 0.5;
    let mut losses = Vec::with_capacity(STEPS + 1);
    for step in 0..=STEPS {
        let loss = value.apply(at(&w, b));
        if step % 10 == 0 {
            println!("step {step:2}: loss {loss:.4}");
        }
        losses.push((step as f64, loss));
        let (gw, gb, _, _) = gradient(&reverse, at(&w, b));
        w.iter_mut().zip(&gw).for_each(|(wi, gi)| *wi -= rate * gi);
        b -= rate * gb;
    }
    let plot = loss_plot::write("training", "reverse", &losses);
    println!("loss curve: {}", plot.display());
    let (xs, ys) = (samples.get(), labels.get());
    let right = xs
        .iter()
        .zip(ys)
        .filter(|(x, y)| {
            let z: f64 = x.iter().zip(&w).map(|(xi, wi)| xi * wi).sum::<f64>() + b;
            (z > 0.0) == (**y == 1.0)
        })
        .count();
    println!(
        "w = {w:.3?}, b = {b:.3}: {right} of {} points labelled right",
        ys.len()
    );
    assert!(
        right * 10 >= ys.len() * 9,
        "the classifier separates the clouds"
    );
}
