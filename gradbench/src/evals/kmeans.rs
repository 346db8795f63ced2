//! `kmeans`: the cost `Σᵢ minⱼ ‖pᵢ − cⱼ‖²` of `k` centroids `C` for `n` points `P`, and Newton's
//! step direction `J / H` for it, where `J` is the cost's gradient by the centroids and `H` its
//! Hessian's diagonal (the Hessian is diagonal: each centroid's coordinate moves only its own
//! terms).
//!
//! The cost is a `#[catad::program]` generic in its scalar, the points its data, each point's
//! distance to its nearest centroid a checkpoint ([`nearest`]): kept, the reverse pass would hold
//! every point's `k · d` partial derivatives (890 MB at `k = 100`, `n = 1000`, `d = 16`, some 90 GB
//! at the eval's largest size); checkpointed, it holds each point's input (70 MB there), and is
//! no slower. `dir` reads the
//! Hessian on its diagonal sparsity pattern ([`SparseHessian`]), whose one colour asks for one
//! Hessian-vector product, `H · 1`: the gradient in [`Reverse`] mode over the dual numbers
//! [`Tangent`], every centroid coordinate's tangent 1 — forward mode over reverse mode, the
//! Hessian's diagonal in the time of a few gradients, never the `kd × kd` matrix (as Haskell ad's
//! `hessianProduct'`, GradBench's Haskell tool).

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::nested::{SparseHessian, Sparsity, Tangent};
use catad::prelude::*;
use catad::space::Data;
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

/// `minⱼ ‖p − cⱼ‖²`: a point's squared distance to its nearest centroid. A checkpoint: reverse
/// mode keeps its input rather than its derivative (the `k · d` partial derivatives of every
/// point's distances), and linearizes it again when the gradient is taken.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::kmeans::nearest;
/// let centroids = vec![vec![0.0, 1.0], vec![3.0, 3.0]];
/// assert_eq!(nearest::<Fun, f64>().apply((vec![3.0, 4.0], centroids)), 1.0);
/// ```
#[catad::program(checkpoint)]
pub fn nearest<S: Scalar>(p: Vec<S>, centroids: Vec<Vec<S>>) -> S {
    centroids
        .iter()
        .map(|c| c.iter().zip(&p).map(|(x, y)| (x - y) * (x - y)).sum::<S>())
        .fold(S::INFINITY, S::min)
}

/// `Σᵢ minⱼ ‖pᵢ − cⱼ‖²`: each point's squared distance to its nearest centroid, summed.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Data;
/// use catad_gradbench::evals::kmeans::cost;
/// let points = Data::new(vec![vec![0.0, 0.0], vec![3.0, 4.0]]);
/// let centroids = vec![vec![0.0, 1.0], vec![3.0, 3.0]];
/// assert_eq!(cost::<Fun, f64>().apply((points, centroids)), 2.0);
/// ```
#[catad::program]
pub fn cost<S: Scalar>(#[data] points: Vec<Vec<S>>, centroids: Vec<Vec<S>>) -> S {
    points.iter().map(|p| nearest(p, centroids)).sum::<S>()
}

/// The eval's input: the points and the centroids, one per row.
#[derive(Deserialize)]
struct Input {
    points: Vec<Vec<f64>>,
    centroids: Vec<Vec<f64>>,
}

/// `J / H` at the centroids. `H`'s diagonal is a [`SparseHessian`] on the [`Sparsity::diagonal`]
/// pattern, whose one colour asks for one Hessian-vector product `H · 1`: the gradient by
/// [`Reverse`] mode over [`Tangent`]s whose tangents are the product's vector, so that each
/// coordinate's value is `J`'s and its tangent `(H · v)`'s. `J` is kept from that pass.
fn direction(points: &Data<Vec<Vec<Tangent<f64>>>>, centroids: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let f = cost::<Reverse, Tangent<f64>>();
    let d = centroids.first().map_or(0, Vec::len);
    let mut j = Vec::new();
    let h = SparseHessian::by_products(Sparsity::diagonal(centroids.len() * d), |v| {
        let along = centroids
            .iter()
            .zip(v.chunks(d.max(1)))
            .map(|(c, v)| c.iter().zip(v).map(|(&x, &v)| Tangent::new(x, v)).collect())
            .collect();
        let (_, g) = gradient(&f, (points.clone(), along));
        let g: Vec<Tangent<f64>> = g.into_iter().flatten().collect();
        j = g.iter().map(|x| x.value).collect();
        g.iter().map(|x| x.tangent).collect()
    });
    j.iter()
        .zip(h.diagonal())
        .map(|(j, h)| j / h)
        .collect::<Vec<f64>>()
        .chunks(d.max(1))
        .map(<[f64]>::to_vec)
        .collect()
}

/// `cost` or `dir` at `input`.
///
/// ```
/// use catad_gradbench::evals::kmeans;
/// let input = serde_json::json!({
///     "points": [[0.0, 0.0], [2.0, 0.0], [10.0, 10.0]],
///     "centroids": [[1.0, 1.0], [9.0, 9.0]],
/// });
/// // The first centroid's points average (1, 0): J / H = c − mean = (0, 1); the second's, (−1, −1).
/// let dir = kmeans::evaluate("dir", input).unwrap().output;
/// assert_eq!(dir, serde_json::json!([[0.0, 1.0], [-1.0, -1.0]]));
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let Input { points, centroids } = parse("kmeans", input)?;
    let begin = Instant::now();
    match function {
        "cost" => {
            let (f, points) = (cost::<Fun, f64>(), Data::new(points));
            measure(runs, begin.elapsed(), || {
                f.apply((points.clone(), centroids.clone()))
            })
        }
        "dir" => {
            let points = Data::new(
                points
                    .iter()
                    .map(|p| p.iter().map(|&x| Tangent::constant(x)).collect())
                    .collect(),
            );
            measure(runs, begin.elapsed(), || direction(&points, &centroids))
        }
        _ => Err(no_function("kmeans", function)),
    }
}
