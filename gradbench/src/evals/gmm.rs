//! `gmm`: the log posterior of a Gaussian mixture model with a Wishart prior (ADBench), and its
//! gradient with respect to the weights `alpha`, the means `mu` and the precision factors `q`,
//! `l`.
//!
//! The objective is written numpy-style, on whole vectors and matrices: for each component `k`,
//! the main terms `βₖ = αₖ + Σ qₖ − ½ ‖Qₖ (xᵢ − μₖ)‖²` of all the points at once are one vector of
//! length `n`, made by `catad::linalg` primitives — the points centred on the mean
//! ([`linalg::rows_minus`], the points shared, never copied), one matrix product with `Qₖᵀ`, the
//! squared norms of its rows — so the number of primitives grows with `k`, not with the number of
//! points or dimensions. The components are a run-time vector the program maps over
//! ([`VecCat::map_v`]), and the log-sum-exp over components is taken element by element
//! ([`linalg::logsumexp_across`], each point's maximum taken out first, as the reference does).
//! The parts over scalars — the log-sum-exp of the weights and the Wishart prior — are
//! `#[catad::program]`s. The gradient is catad's [`gradient`] in [`Reverse`] mode; its reverse
//! pass keeps, per component, the centred points and their product with `Qₖᵀ` (the process peaks
//! at 300 MB at `d = 64`, `k = 100`, `n = 1000`).

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::linalg;
use catad::prelude::*;
use catad::space::HasRep;
use catad::vocabulary::RepCat;
use nalgebra::{DMatrix, DVector};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Instant;

type V = DVector<f64>;

/// The independent variables, in GradBench's layout.
#[derive(Clone, Debug, PartialEq, HasRep, Serialize, Deserialize)]
pub struct Params {
    /// The weights' parametrization (`k`).
    pub alpha: Vec<f64>,
    /// The means (`k × d`).
    pub mu: Vec<Vec<f64>>,
    /// The logarithms of the precision factors' diagonals (`k × d`).
    pub q: Vec<Vec<f64>>,
    /// The precision factors' strictly lower parts, column by column (`k × d(d−1)/2`).
    pub l: Vec<Vec<f64>>,
}

/// `log Σᵢ exp(xᵢ)`, with the maximum taken out first.
#[catad::program]
pub fn logsumexp(x: Vec<f64>) -> f64 {
    let m = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    m + x.iter().map(|xi| (xi - m).exp()).sum::<f64>().ln()
}

/// The Wishart prior's terms that depend on the parameters:
/// `Σₖ −½ γ² (‖exp qₖ‖² + ‖lₖ‖²) + m Σ qₖ`.
#[catad::program]
pub fn wishart_terms(q: Vec<Vec<f64>>, l: Vec<Vec<f64>>, gamma: f64, m: f64) -> f64 {
    let frobenius = q
        .iter()
        .zip(&l)
        .map(|(qk, lk)| {
            qk.iter().map(|x| (2.0 * x).exp()).sum::<f64>() + lk.iter().map(|x| x * x).sum::<f64>()
        })
        .sum::<f64>();
    let sum_q = q.iter().map(|qk| qk.iter().sum::<f64>()).sum::<f64>();
    m * sum_q - 0.5 * gamma * gamma * frobenius
}

/// The problem's data: the points and the prior's hyper-parameters, which are not
/// differentiated.
#[derive(Clone, Debug)]
pub struct Data {
    /// The points, one per row (`n × d`).
    pub x: DMatrix<f64>,
    /// The Wishart prior's extra degrees of freedom.
    pub m: usize,
    /// The Wishart prior's precision.
    pub gamma: f64,
}

impl Data {
    fn n(&self) -> usize {
        self.x.nrows()
    }

    fn d(&self) -> usize {
        self.x.ncols()
    }

    /// The terms that depend on neither the parameters nor the points' values:
    /// `−n d/2 log 2π + k (n' d log(γ/√2) − log Γ_d(n'/2))` with `n' = d + m + 1`.
    fn constant(&self, k: usize) -> f64 {
        let (n, d) = (self.n() as f64, self.d() as f64);
        let dof = d + self.m as f64 + 1.0;
        let log_gamma_d = 0.25 * d * (d - 1.0) * std::f64::consts::PI.ln()
            + (1..=self.d())
                .map(|j| libm::lgamma(0.5 * dof + 0.5 * (1.0 - j as f64)))
                .sum::<f64>();
        let c = dof * d * (self.gamma.ln() - 0.5 * 2f64.ln()) - log_gamma_d;
        -n * d * 0.5 * (2.0 * std::f64::consts::PI).ln() + k as f64 * c
    }
}

/// `exp` on each element.
fn exp_v<K: Program<f64> + RepCat>() -> Hom<K, V, V> {
    linalg::map::<K, f64>("exp", f64::exp, f64::exp)
}

/// `f` and `g` of one input, combined by `op`.
fn both<K: Program<f64> + RepCat, A: Space<f64>, B: Space<f64>, C: Space<f64>, R: Space<f64>>(
    op: Hom<K, (B, C), R>,
    f: Hom<K, A, B>,
    g: Hom<K, A, C>,
) -> Hom<K, A, R> {
    K::compose(op, K::fork(f, g))
}

/// A component's parameters `((αₖ, μₖ), (qₖ, lₖ))`.
type Component = ((f64, Vec<f64>), (Vec<f64>, Vec<f64>));

/// The components of the parameters, as one run-time vector.
fn components<K: Program<f64> + RepCat>() -> Hom<K, Params, Vec<Component>> {
    // Params' representation is (alpha, (mu, (q, l))).
    let alpha = K::exl();
    let mu = K::compose(K::exl(), K::exr());
    let q = K::compose(K::exl(), K::compose(K::exr(), K::exr()));
    let l = K::compose(K::exr(), K::compose(K::exr(), K::exr()));
    let zipped = K::compose(
        K::zip_v(),
        K::fork(
            K::compose(K::zip_v(), K::fork(alpha, mu)),
            K::compose(K::zip_v(), K::fork(q, l)),
        ),
    );
    K::compose(zipped, K::repr_c::<Params>())
}

/// A component's main terms over all the points: `βₖ = αₖ + Σ qₖ − ½ ‖Qₖ (xᵢ − μₖ)‖²`, a vector
/// of length `n`. The points centred on `μₖ` are the rows of `X − 1 μₖᵀ`, so `Qₖ (xᵢ − μₖ)` is row
/// `i` of `(X − 1 μₖᵀ) Qₖᵀ`: one matrix product for all the points, and the squared norms of its
/// rows.
fn main_terms<K: Program<f64> + RepCat>(data: &Data) -> Hom<K, Component, V> {
    let ones = V::from_element(data.n(), 1.0);
    let alpha = K::compose(K::exl(), K::exl());
    let mu = K::compose(linalg::from_vec::<K, f64>(), K::compose(K::exr(), K::exl()));
    let q = K::compose(linalg::from_vec::<K, f64>(), K::compose(K::exl(), K::exr()));
    let l = K::compose(linalg::from_vec::<K, f64>(), K::compose(K::exr(), K::exr()));
    let factor = both::<K, _, _, _, _>(
        linalg::unpack_lower::<K, f64>(),
        K::compose(exp_v::<K>(), q.clone()),
        l,
    );
    let centred = K::compose(linalg::rows_minus::<K, f64>(data.x.clone()), mu);
    let image = both::<K, _, _, _, _>(
        linalg::mat_mul::<K, f64>(),
        centred,
        K::compose(linalg::transpose::<K, f64>(), factor),
    );
    let quadratic = K::compose(linalg::row_norms_sqr::<K, f64>(), image);
    let offset = both::<K, _, _, _, _>(K::add_c(), alpha, K::compose(linalg::sum::<K, f64>(), q));
    let offset = both::<K, _, _, _, _>(linalg::scale::<K, f64>(), offset, K::constant(ones));
    both::<K, _, _, _, _>(
        linalg::sub::<K, f64>(),
        offset,
        both::<K, _, _, _, _>(linalg::scale::<K, f64>(), K::const_c(0.5), quadratic),
    )
}

/// `Σᵢ log Σₖ exp βᵢₖ` from the components' main terms: their log-sum-exp element by element
/// (each point's maximum over the components taken out first, as the reference does), summed.
fn log_likelihood_terms<K: Program<f64> + RepCat>() -> Hom<K, Vec<V>, f64> {
    K::compose(
        linalg::sum::<K, f64>(),
        linalg::logsumexp_across::<K, f64>(),
    )
}

/// The log posterior of the parameters given the data.
pub fn objective<K: Program<f64> + RepCat>(data: &Data, k: usize) -> Hom<K, Params, f64> {
    let n = data.n() as f64;
    let betas = K::compose(
        K::map_v(K::compose(main_terms::<K>(data), K::exr())),
        K::fork(K::it(), components::<K>()),
    );
    let likelihood = K::compose(log_likelihood_terms::<K>(), betas);
    let weights = K::compose(
        K::compose(
            K::compose(K::mul_c(), K::fork(K::id(), K::const_c(-n))),
            logsumexp::<K>(),
        ),
        K::compose(K::exl(), K::repr_c::<Params>()),
    );
    let q = K::compose(
        K::compose(K::exl(), K::exr()),
        K::compose(K::exr(), K::repr_c::<Params>()),
    );
    let l = K::compose(
        K::compose(K::exr(), K::exr()),
        K::compose(K::exr(), K::repr_c::<Params>()),
    );
    let prior = K::compose(
        wishart_terms::<K>(),
        K::compose(
            K::abst_c::<(_, _, _, _)>(),
            K::fork(
                K::fork(K::fork(q, l), K::const_c(data.gamma)),
                K::const_c(data.m as f64),
            ),
        ),
    );
    let constant = data.constant(k);
    let total = both::<K, _, _, _, _>(
        K::add_c(),
        both::<K, _, _, _, _>(K::add_c(), likelihood, weights),
        prior,
    );
    K::compose(
        K::compose(K::add_c(), K::fork(K::id(), K::const_c(constant))),
        total,
    )
}

/// The eval's input.
#[derive(Clone, Debug, Deserialize)]
struct Input {
    d: usize,
    k: usize,
    n: usize,
    x: Vec<Vec<f64>>,
    m: usize,
    gamma: f64,
    #[serde(flatten)]
    params: Params,
}

impl Input {
    fn data(&self) -> Result<Data, String> {
        let (n, d, k) = (self.n, self.d, self.k);
        let ok = self.x.len() == n
            && self.x.iter().all(|xi| xi.len() == d)
            && self.params.alpha.len() == k
            && [&self.params.mu, &self.params.q]
                .iter()
                .all(|v| v.len() == k && v.iter().all(|r| r.len() == d))
            && self.params.l.len() == k
            && self.params.l.iter().all(|r| r.len() == d * (d - 1) / 2);
        if !ok || k == 0 || n == 0 || d == 0 {
            return Err(format!(
                "gmm: the input's shapes do not match d = {d}, k = {k}, n = {n}"
            ));
        }
        Ok(Data {
            x: DMatrix::from_fn(n, d, |i, j| self.x[i][j]),
            m: self.m,
            gamma: self.gamma,
        })
    }
}

/// `objective` (the log posterior) or `jacobian` (its gradient) at `input`.
///
/// ```
/// use catad_gradbench::evals::gmm;
/// let input = serde_json::json!({
///     "d": 2, "k": 2, "n": 3, "m": 0, "gamma": 1.0,
///     "x": [[0.1, 0.2], [-0.3, 0.4], [0.5, -0.6]],
///     "alpha": [0.1, -0.2], "mu": [[0.0, 0.1], [0.2, 0.3]],
///     "q": [[0.1, 0.2], [-0.1, 0.0]], "l": [[0.3], [-0.2]],
/// });
/// let o = gmm::evaluate("objective", input.clone()).unwrap().output;
/// assert!(o.as_f64().unwrap().is_finite());
/// let j = gmm::evaluate("jacobian", input.clone()).unwrap().output;
/// assert_eq!(j["l"][1].as_array().unwrap().len(), 1);
/// // Shapes that do not match d, k and n are an error naming them.
/// let mut bad = input;
/// bad["k"] = 3.into();
/// assert!(gmm::evaluate("objective", bad).unwrap_err().contains("k = 3"));
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let input: Input = parse("gmm", input)?;
    let start = Instant::now();
    let data = input.data()?;
    match function {
        "objective" => {
            let f = objective::<Fun>(&data, input.k);
            measure(runs, start.elapsed(), || f.apply(input.params.clone()))
        }
        "jacobian" => {
            let f = objective::<Reverse>(&data, input.k);
            measure(runs, start.elapsed(), || gradient(&f, input.params.clone()))
        }
        _ => Err(no_function("gmm", function)),
    }
}
