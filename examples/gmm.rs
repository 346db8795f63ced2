//! A Gaussian mixture model's log posterior (GradBench's `gmm`, after ADBench) as one
//! `#[catad::program]` over run-time data: the weights, means and precision factors of `k`
//! components in `d` dimensions and `n` points, all `Vec`s whose lengths the program reads when it
//! runs. The body is the textbook formula written with loops over components, dimensions and
//! points (iterator chains, indexing, the max trick of [`lse`]), nothing vectorised by hand.
//!
//! Component `c` has the weight `softmax(α)_c`, the mean `μ_c` and the precision matrix
//! `Q_cᵀ Q_c`, where `Q_c` is lower triangular with diagonal `exp q_c` and the strictly lower part
//! `l_c` (packed column by column). Up to constants, the log posterior (with a Wishart prior,
//! `γ = 1`, `m = 0`) is
//! `Σᵢ lse_c(α_c + Σ q_c − ½ ‖Q_c (xᵢ − μ_c)‖²) − n lse(α) − ½ Σ_c (‖exp q_c‖² + ‖l_c‖²)`.
//!
//! The example draws 3 clusters of 15 points in 2 dimensions, checks catad's gradient (reverse
//! mode) of the log posterior with respect to the parameters against central finite
//! differences, then fits the mixture by [`STEPS`] steps of gradient ascent and prints the
//! log posterior as it rises. It panics (exit code 101) if the gradient is off or the fit does
//! not improve. The points are a `#[data]` parameter: the program reads them point by point and
//! is not differentiated with respect to them, and each call shares them by pointer (a
//! [`Data`] handle).
//!
//! Run with `cargo run --example gmm`.

#[path = "models/stream.rs"]
mod stream;

use catad::prelude::*;
use catad::space::Data;
use stream::stream;

/// `log Σᵢ exp xᵢ`, the largest element taken out first.
#[catad::program]
fn lse(x: Vec<f64>) -> f64 {
    let m = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    m + x.iter().map(|xi| (xi - m).exp()).sum::<f64>().ln()
}

/// The log posterior of the mixture `(alpha, mu, q, l)` given the points `x`, up to constants.
#[catad::program]
fn log_posterior(
    alpha: Vec<f64>,
    mu: Vec<Vec<f64>>,
    q: Vec<Vec<f64>>,
    l: Vec<Vec<f64>>,
    #[data] x: Vec<Vec<f64>>,
) -> f64 {
    let k = alpha.len();
    let d = x[0].len();
    let likelihood = x
        .iter()
        .map(|xi| {
            let beta = (0..k)
                .map(|c| {
                    // ‖Q_c (xᵢ − μ_c)‖², row by row of Q_c.
                    let quad = (0..d)
                        .map(|j| {
                            let diagonal = q[c][j].exp() * (xi[j] - mu[c][j]);
                            let below = (0..j)
                                .map(|a| {
                                    l[c][a * d - a * (a + 1) / 2 + j - a - 1] * (xi[a] - mu[c][a])
                                })
                                .sum::<f64>();
                            (diagonal + below).powi(2)
                        })
                        .sum::<f64>();
                    alpha[c] + q[c].iter().sum::<f64>() - 0.5 * quad
                })
                .collect::<Vec<f64>>();
            lse(beta)
        })
        .sum::<f64>();
    let prior = q
        .iter()
        .zip(&l)
        .map(|(qc, lc)| {
            qc.iter().map(|v| (2.0 * v).exp()).sum::<f64>() + lc.iter().map(|v| v * v).sum::<f64>()
        })
        .sum::<f64>();
    likelihood - (x.len() as f64) * lse(alpha) - 0.5 * prior
}

/// The program's input: `(alpha, mu, q, l, x)`.
type Input = (
    Vec<f64>,
    Vec<Vec<f64>>,
    Vec<Vec<f64>>,
    Vec<Vec<f64>>,
    Data<Vec<Vec<f64>>>,
);

/// The parameters as one flat vector `(alpha, mu, q, l)`, for finite differences and steps.
fn flatten(input: &Input) -> Vec<f64> {
    let (alpha, mu, q, l, _) = input;
    let rows = mu.iter().chain(q).chain(l).flatten();
    alpha.iter().chain(rows).copied().collect()
}

/// The parameters of `flat` (as [`flatten`] lays them out) in the shape of `like`, with its points.
fn unflatten(like: &Input, flat: &[f64]) -> Input {
    let (alpha, mu, q, l, x) = like;
    let mut it = flat.iter().copied();
    let mut take = |rows: &Vec<Vec<f64>>| -> Vec<Vec<f64>> {
        rows.iter()
            .map(|r| r.iter().map(|_| it.next().unwrap()).collect())
            .collect()
    };
    let alpha = vec![alpha.clone()];
    let alpha = take(&alpha).remove(0);
    let (mu, q, l) = (take(mu), take(q), take(l));
    (alpha, mu, q, l, x.clone())
}

/// The number of steps of gradient ascent.
const STEPS: usize = 40;

fn main() {
    let (k, d, per_cluster) = (3, 2, 15);
    let mut noise = stream(7);
    let centres = [[-2.0, 0.0], [2.0, 1.0], [0.0, -2.5]];
    let x: Vec<Vec<f64>> = (0..k * per_cluster)
        .map(|i| (0..d).map(|j| centres[i % k][j] + 0.5 * noise()).collect())
        .collect();
    let alpha = vec![0.0; k];
    // The means start at the first k points (one from each cluster, as drawn).
    let mu: Vec<Vec<f64>> = x[..k].to_vec();
    let q = vec![vec![0.0; d]; k];
    let l = vec![vec![0.0; d * (d - 1) / 2]; k];
    let mut input: Input = (alpha, mu, q, l, Data::new(x));

    let value = log_posterior::<Fun>();
    let reverse = log_posterior::<Reverse>();

    // The gradient against central differences.
    let g = flatten(&gradient(&reverse, input.clone()));
    let p = flatten(&input);
    let h = 1e-6;
    let fd: Vec<f64> = (0..p.len())
        .map(|i| {
            let (mut up, mut down) = (p.clone(), p.clone());
            up[i] += h;
            down[i] -= h;
            (value.apply(unflatten(&input, &up)) - value.apply(unflatten(&input, &down)))
                / (2.0 * h)
        })
        .collect();
    let error = g
        .iter()
        .zip(&fd)
        .map(|(a, b)| (a - b).abs() / b.abs().max(1.0))
        .fold(0.0, f64::max);
    println!(
        "{} parameters; gradient vs finite differences: largest relative difference {error:.1e}",
        p.len()
    );
    assert!(error < 1e-6, "the gradient matches finite differences");

    // Gradient ascent, the rate halved after a step that would lower the log posterior and
    // grown after one that raises it.
    let start = value.apply(input.clone());
    println!("step  0: log posterior {start:.4}");
    let (mut rate, mut current) = (0.01, start);
    for step in 1..=STEPS {
        let g = flatten(&gradient(&reverse, input.clone()));
        let p: Vec<f64> = flatten(&input)
            .iter()
            .zip(&g)
            .map(|(p, g)| p + rate * g)
            .collect();
        let candidate = unflatten(&input, &p);
        let next = value.apply(candidate.clone());
        if next > current {
            (input, current, rate) = (candidate, next, rate * 1.5);
        } else {
            rate *= 0.5;
        }
        if step % 10 == 0 {
            println!("step {step:2}: log posterior {current:.4}");
        }
    }
    assert!(
        current > start + 20.0,
        "the fit improves: {start} to {current}"
    );
    let mu = &input.1;
    println!("fitted means: {mu:.2?} (the clusters' centres: {centres:?})");
}
