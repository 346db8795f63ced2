//! LogSumExp, `log Σᵢ exp xᵢ`, over a vector whose length is known only when the program runs:
//! one `#[catad::program]` over `Vec<f64>`, with the usual maximum taken out first so that large
//! elements do not overflow, built once and run at every length.
//!
//! Its gradient is the softmax, `exp(xᵢ − lse x)`. The example takes it by reverse mode
//! (`Reverse`, and `ReverseDelta`, where reading an element costs O(1)) at vectors of 1, 5 and
//! 1000 elements, checks both against central finite differences and against the softmax, and
//! shows that a vector of huge elements (where the naive `ln(Σ exp)` is infinite) is fine. It
//! panics (exit code 101) if a check fails.
//!
//! Run with `cargo run --example lse`.

use catad::prelude::*;

/// `log Σᵢ exp xᵢ`, computed as `m + log Σᵢ exp(xᵢ − m)` with `m` the largest element.
#[catad::program]
fn lse(x: Vec<f64>) -> f64 {
    let m = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    m + x.iter().map(|xi| (xi - m).exp()).sum::<f64>().ln()
}

/// The gradient of `f` at `x` by central differences of step `h`.
fn finite_differences(f: &impl Fn(Vec<f64>) -> f64, x: &[f64], h: f64) -> Vec<f64> {
    (0..x.len())
        .map(|i| {
            let (mut up, mut down) = (x.to_vec(), x.to_vec());
            up[i] += h;
            down[i] -= h;
            (f(up) - f(down)) / (2.0 * h)
        })
        .collect()
}

/// The largest difference between two vectors.
fn distance(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

fn main() {
    // Built once: the programs know nothing of the lengths they will see.
    let value = lse::<Fun>();
    let reverse = lse::<Reverse>();
    let delta = lse::<ReverseDelta>();
    for n in [1, 5, 1000] {
        let x: Vec<f64> = (0..n)
            .map(|i| ((i * 7919) % 13) as f64 * 0.3 - 1.5)
            .collect();
        let y = value.apply(x.clone());
        let g = gradient(&reverse, x.clone());
        let g_delta = gradient(&delta, x.clone());
        let softmax: Vec<f64> = x.iter().map(|xi| (xi - y).exp()).collect();
        let fd = finite_differences(&|v| value.apply(v), &x, 1e-5);
        let (e_softmax, e_fd) = (distance(&g, &softmax), distance(&g, &fd));
        println!(
            "n = {n:4}: lse = {y:.6}, gradient sums to {:.12}, |grad − softmax| = {e_softmax:.1e}, \
             |grad − finite differences| = {e_fd:.1e}",
            g.iter().sum::<f64>()
        );
        assert_eq!(g.len(), n, "the gradient has the input's shape");
        assert!(e_softmax < 1e-12, "the gradient is the softmax");
        assert!(e_fd < 1e-8, "the gradient matches finite differences");
        assert!(distance(&g, &g_delta) < 1e-12, "both reverse modes agree");
    }
    // Elements whose exponentials overflow: the maximum taken out keeps the result finite.
    let big = vec![1000.0, 1000.0];
    let y = value.apply(big.clone());
    let g = gradient(&reverse, big);
    println!("lse [1000, 1000] = {y} (1000 + ln 2), gradient {g:?}");
    assert!((y - (1000.0 + 2f64.ln())).abs() < 1e-12);
    assert_eq!(g, vec![0.5, 0.5]);
}
