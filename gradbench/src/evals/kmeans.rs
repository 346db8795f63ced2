//! `kmeans`: the cost `Σᵢ minⱼ ‖pᵢ − cⱼ‖²` of `k` centroids `C` for `n` points `P`, and Newton's
//! step direction `J / H` for it, where `J` is the cost's gradient by the centroids and `H` its
//! Hessian's diagonal (the Hessian is diagonal: each centroid's coordinate moves only its own
//! terms).
//!
//! Both run [`cost_on_vectors`], the cost on whole vectors (`catad::linalg`): each point's
//! squared distance to its nearest centroid, one primitive over the points' matrix
//! ([`linalg::nearest_distances_sqr`]), summed. `dir` reads the Hessian on its diagonal sparsity
//! pattern ([`SparseHessian`]), whose one colour asks for one Hessian-vector product, `H · 1`: the
//! gradient in [`Reverse`] mode over the dual numbers [`Tangent`], every centroid coordinate's
//! tangent 1 — forward mode over reverse mode, the Hessian's diagonal in the time of a few
//! gradients, never the `kd × kd` matrix (as Haskell ad's `hessianProduct'`, GradBench's Haskell
//! tool). `catad::linalg`'s primitives run over `Tangent<f64>` as over `f64` (it is a real field),
//! so their derivatives, computed on dual numbers, are differentiated once more; the search for
//! each point's nearest centroid runs on the values alone, in `f64` (`Scalar::exact_f64`), and
//! only the distances to the nearest carry tangents.
//!
//! [`cost`] is the same cost written on scalars, a `#[catad::program]`: the reference its
//! doctests and tests hold [`cost_on_vectors`] to, in value, gradient and `H · 1`.

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::linalg;
use catad::nested::{SparseHessian, Sparsity, Tangent};
use catad::prelude::*;
use nalgebra::{DMatrix, RealField};
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

/// [`cost`] on whole vectors, generic in its scalar: each point's squared distance to its
/// nearest centroid ([`linalg::nearest_distances_sqr`] over the points' matrix, held once as
/// plain numbers whatever the scalar, whose derivative reads only each point's nearest
/// centroid), summed — one primitive over all the points rather than a few per point, centroid
/// and coordinate.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Data;
/// use catad_gradbench::evals::kmeans::{cost, cost_on_vectors};
/// use nalgebra::DMatrix;
/// let points = vec![vec![0.0, 0.0], vec![3.0, 4.0], vec![1.0, 1.0]];
/// let centroids = vec![vec![0.0, 1.0], vec![3.0, 3.0]];
/// let matrix = DMatrix::from_fn(3, 2, |i, j| points[i][j]);
/// let f = cost_on_vectors::<Fun, f64>(matrix.clone());
/// assert_eq!(f.apply(centroids.clone()), 3.0);
/// // The same cost, and the same gradient as the program on scalars.
/// let g = gradient(&cost_on_vectors::<Reverse, f64>(matrix.clone()), centroids.clone());
/// let (_, h) = gradient(&cost::<Reverse, f64>(), (Data::new(points.clone()), centroids.clone()));
/// assert_eq!(g, h);
/// // And the same second derivative: over dual numbers whose tangents are 1, each gradient's
/// // tangents are H · 1 (here each centroid's 2 × its number of points).
/// use catad::nested::Tangent;
/// let dual = |v: &Vec<Vec<f64>>, t: f64| -> Vec<Vec<Tangent<f64>>> {
///     v.iter().map(|c| c.iter().map(|&x| Tangent::new(x, t)).collect()).collect()
/// };
/// let on_vectors = cost_on_vectors::<Reverse, Tangent<f64>>(matrix);
/// let g = gradient(&on_vectors, dual(&centroids, 1.0));
/// let on_scalars = cost::<Reverse, Tangent<f64>>();
/// let (_, h) = gradient(&on_scalars, (Data::new(dual(&points, 0.0)), dual(&centroids, 1.0)));
/// let parts = |g: Vec<Vec<Tangent<f64>>>| -> Vec<(f64, f64)> {
///     g.into_iter().flatten().map(|x| (x.value, x.tangent)).collect()
/// };
/// let (g, h) = (parts(g), parts(h));
/// assert_eq!(g, h);
/// assert_eq!(g.iter().map(|p| p.1).collect::<Vec<_>>(), [4.0, 4.0, 2.0, 2.0]);
/// ```
pub fn cost_on_vectors<K: Program<S>, S: Scalar + RealField>(
    points: DMatrix<f64>,
) -> Hom<K, Vec<Vec<S>>, S> {
    let vectors = K::compose(
        K::map_v(K::compose(linalg::from_vec::<K, S>(), K::exr())),
        K::fork(K::it(), K::id()),
    );
    K::compose(
        linalg::sum::<K, S>(),
        K::compose(linalg::nearest_distances_sqr::<K, S>(points), vectors),
    )
}

/// The eval's input: the points and the centroids, one per row.
#[derive(Deserialize)]
struct Input {
    points: Vec<Vec<f64>>,
    centroids: Vec<Vec<f64>>,
}

/// `J / H` at the centroids, from `f`, [`cost_on_vectors`] over [`Tangent`]s. `H`'s diagonal is
/// a [`SparseHessian`] on the [`Sparsity::diagonal`] pattern, whose one colour asks for one
/// Hessian-vector product `H · 1`: the gradient by [`Reverse`] mode over [`Tangent`]s whose
/// tangents are the product's vector, so that each coordinate's value is `J`'s and its tangent
/// `(H · v)`'s. `J` is kept from that pass.
fn direction(
    f: &Hom<Reverse, Vec<Vec<Tangent<f64>>>, Tangent<f64>>,
    centroids: &[Vec<f64>],
) -> Vec<Vec<f64>> {
    let d = centroids.first().map_or(0, Vec::len);
    let mut j = Vec::new();
    let h = SparseHessian::by_products(Sparsity::diagonal(centroids.len() * d), |v| {
        let along = centroids
            .iter()
            .zip(v.chunks(d.max(1)))
            .map(|(c, v)| c.iter().zip(v).map(|(&x, &v)| Tangent::new(x, v)).collect())
            .collect();
        let g = gradient(f, along);
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

/// The points as the rows of a matrix; an error naming both lengths where two points differ in
/// length.
fn matrix(points: &[Vec<f64>]) -> Result<DMatrix<f64>, String> {
    let d = points.first().map_or(0, Vec::len);
    if let Some((i, p)) = points.iter().enumerate().find(|(_, p)| p.len() != d) {
        return Err(format!(
            "kmeans: point {i} has {} coordinates where point 0 has {d}",
            p.len()
        ));
    }
    Ok(DMatrix::from_fn(points.len(), d, |i, j| points[i][j]))
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
/// let dir = kmeans::evaluate("dir", input.clone()).unwrap().output;
/// assert_eq!(dir, serde_json::json!([[0.0, 1.0], [-1.0, -1.0]]));
/// // Each point's squared distance to its nearest centroid: 2 + 2 + 2.
/// assert_eq!(kmeans::evaluate("cost", input).unwrap().output, serde_json::json!(6.0));
/// let ragged = serde_json::json!({"points": [[0.0, 0.0], [1.0]], "centroids": [[0.0, 0.0]]});
/// let error = kmeans::evaluate("cost", ragged).unwrap_err();
/// assert_eq!(error, "kmeans: point 1 has 1 coordinates where point 0 has 2");
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let Input { points, centroids } = parse("kmeans", input)?;
    let begin = Instant::now();
    match function {
        "cost" => {
            let f = cost_on_vectors::<Fun, f64>(matrix(&points)?);
            measure(runs, begin.elapsed(), || f.apply(centroids.clone()))
        }
        "dir" => {
            let f = cost_on_vectors::<Reverse, Tangent<f64>>(matrix(&points)?);
            measure(runs, begin.elapsed(), || direction(&f, &centroids))
        }
        _ => Err(no_function("kmeans", function)),
    }
}
