// The corpus of `#[catad::program]`s over run-time data, checked by `mod.rs` beside it
// (each program against the same function run as plain Rust, in every mode). Each program names
// the shapes of its sample points (`#[shapes(…)]`), and, where it is not smooth or not defined
// everywhere, a guard on its domain (`#[domain(…)]`) that keeps the points where derivatives are
// checked. A `#[data]` parameter's value is fixed by the shapes: only the other parameters'
// coordinates are sampled.

use catad::space::{Data, HasRep};

/// A struct in a vector.
#[derive(Clone, Debug, PartialEq, HasRep)]
pub struct Point(f64, f64);

/// Whether `v` is at least 0.05 from `boundary`: beyond the reach of central differences.
fn away(v: f64, boundary: f64) -> bool {
    (v - boundary).abs() > 0.05
}

/// Whether the largest (`sign` 1) or smallest (`sign` −1) element is unique by 0.05.
fn clear_extreme(xs: &[f64], sign: f64) -> bool {
    let mut sorted: Vec<f64> = xs.iter().map(|x| sign * x).collect();
    sorted.sort_by(|a, b| b.total_cmp(a));
    sorted.len() < 2 || away(sorted[0], sorted[1])
}

/// What the programs call besides each other: custom primitives (`catad::primitive!`), with their
/// derivatives written by hand, `catad::linalg`, and a checkpointed program; and their plain
/// functions, which the twins call.
mod callees {
    use catad::space::Additive;
    use catad::vocabulary::{LinearFn, Primitive, linear_fn, primitive};
    use nalgebra::DVector;
    use std::rc::Rc;

    /// softplus x = ln(1 + eˣ), whose derivative is the logistic function σ(x).
    pub struct Softplus;

    impl Primitive<f64, f64> for Softplus {
        fn name(&self) -> &str {
            "softplus"
        }
        fn value(&self, x: &f64) -> f64 {
            plain::softplus(*x)
        }
        fn linearize(&self, x: &f64) -> (f64, Rc<dyn LinearFn<f64, f64>>) {
            let s = 1.0 / (1.0 + (-x).exp());
            let d = linear_fn(
                move |dx: &f64| s * dx,
                move |dy: &f64, acc: &mut f64| *acc += s * dy,
            );
            (self.value(x), d)
        }
    }

    catad::primitive! {
        /// A scalar primitive, of a type that implements `Primitive`.
        pub fn softplus(x: f64) -> f64 = Softplus;

        /// A primitive on a `DVector`, from closures: its derivative is the softmax. A tangent
        /// may be the empty vector, the zero of every length, and the accumulator too, which
        /// `plus_assign` accepts.
        pub fn log_sum_exp(v: DVector<f64>) -> f64 = primitive(
            "log_sum_exp",
            |v: &DVector<f64>| plain::log_sum_exp(v.clone()),
            |v: &DVector<f64>| {
                let softmax = v.map(|x| (x - plain::log_sum_exp(v.clone())).exp());
                let transpose = softmax.clone();
                (
                    move |dv: &DVector<f64>| if dv.is_empty() { 0.0 } else { softmax.dot(dv) },
                    move |dy: &f64, acc: &mut DVector<f64>| acc.plus_assign(&(&transpose * *dy)),
                )
            },
        );
    }

    /// `catad::linalg`, which the programs call by its path.
    pub use catad::linalg;

    /// A step of Euler's method for `y' = x ⊙ y`, checkpointed: reverse mode keeps its input, and
    /// linearizes it again when its derivative is applied.
    #[catad::program(checkpoint)]
    pub fn euler_step(x: DVector<f64>, h: f64, y: DVector<f64>) -> DVector<f64> {
        &y + h * &x.component_mul(&y)
    }

    /// The primitives' values, as plain functions.
    pub mod plain {
        use nalgebra::DVector;

        /// `catad::linalg`'s operations, as plain functions.
        pub mod linalg {
            use nalgebra::DVector;

            pub fn hadamard(u: DVector<f64>, v: DVector<f64>) -> DVector<f64> {
                u.component_mul(&v)
            }

            pub fn cumsum(v: DVector<f64>) -> DVector<f64> {
                let mut total = 0.0;
                v.map(|x| {
                    total += x;
                    total
                })
            }

            pub fn shift(v: DVector<f64>) -> DVector<f64> {
                DVector::from_fn(v.len(), |i, _| if i == 0 { 0.0 } else { v[i - 1] })
            }

            pub fn dot(u: DVector<f64>, v: DVector<f64>) -> f64 {
                u.dot(&v)
            }

            pub fn sum(v: DVector<f64>) -> f64 {
                v.sum()
            }
        }

        pub fn softplus(x: f64) -> f64 {
            x.exp().ln_1p()
        }

        pub fn log_sum_exp(v: DVector<f64>) -> f64 {
            let m = v.max();
            m + v.map(|x| (x - m).exp()).sum().ln()
        }

        pub fn euler_step(x: DVector<f64>, h: f64, y: DVector<f64>) -> DVector<f64> {
            &y + h * &x.component_mul(&y)
        }
    }
}

run_time! {
    /// LogSumExp with the max trick: `max_v`, and a closure that captures it.
    #[shapes(vec![0.0; 1], vec![0.0; 4], vec![0.0; 7])]
    #[domain(|x: &Vec<f64>| clear_extreme(x, 1.0))]
    fn lse(x: Vec<f64>) -> f64 {
        let m = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        m + x.iter().map(|xi| (xi - m).exp()).sum::<f64>().ln()
    }

    /// The smallest element, and the mean: `min_v`, `len` as a scalar.
    #[shapes(vec![0.0; 2], vec![0.0; 5])]
    #[domain(|x: &Vec<f64>| clear_extreme(x, -1.0))]
    fn min_and_mean(x: Vec<f64>) -> (f64, f64) {
        let lowest = x.iter().copied().fold(f64::INFINITY, f64::min);
        (lowest, x.iter().sum::<f64>() / (x.len() as f64))
    }

    /// `zip` and `map` of pairs: the inner product, `&` and `*` reading values.
    #[shapes((vec![0.0; 3], vec![0.0; 3]), (vec![0.0; 6], vec![0.0; 6]))]
    fn inner(x: Vec<f64>, y: Vec<f64>) -> f64 {
        x.iter().zip(&y).map(|(a, b)| *a * *b).sum::<f64>()
    }

    /// `fold` with a closure, a `&x` pattern, and a vector result by `collect`.
    #[shapes((vec![0.0; 4], 0.0), (vec![0.0; 2], 0.0))]
    fn folds(x: Vec<f64>, s: f64) -> (f64, Vec<f64>) {
        let p = x.iter().fold(s, |acc, &xi| acc * xi.sin() + 0.5);
        (p, x.iter().map(|xi| xi * p).collect::<Vec<_>>())
    }

    /// `build` over `0..n`: indices, `i as f64`, and a vector result.
    #[shapes(vec![0.0; 1], vec![0.0; 5])]
    fn weighted(x: Vec<f64>) -> Vec<f64> {
        let n = x.len();
        (0..n).map(|i| x[i] * (i as f64 + 1.0)).collect()
    }

    /// Index arithmetic: `+ %` (a cyclic difference) and `-` from a start of 1.
    #[shapes(vec![0.0; 2], vec![0.0; 6])]
    fn differences(x: Vec<f64>) -> (Vec<f64>, Vec<f64>) {
        let n = x.len();
        let cyclic = (0..n).map(|i| x[(i + 1) % n] - x[i]).collect::<Vec<f64>>();
        let forward = (1..n).map(|i| x[i] - x[i - 1]).collect::<Vec<f64>>();
        (cyclic, forward)
    }

    /// A comparison of indices in a condition, `/` on indices, and `..=`.
    #[shapes(vec![0.0; 3], vec![0.0; 6])]
    fn halves(x: Vec<f64>) -> Vec<f64> {
        let n = x.len();
        (0..=n - 1).map(|i| if i < n / 2 { x[i] } else { -x[i] * x[n - 1 - i] }).collect()
    }

    /// `fold` over a range: the index and the accumulator are the loop's state.
    #[shapes(vec![0.0; 1], vec![0.0; 5])]
    fn range_fold(x: Vec<f64>) -> f64 {
        (0..x.len()).fold(1.0, |acc, i| acc * 0.5 + x[i] * (i as f64))
    }

    /// `enumerate`.
    #[shapes(vec![0.0; 4], vec![0.0; 2])]
    fn enumerated(x: Vec<f64>) -> f64 {
        x.iter().enumerate().map(|(i, xi)| xi.powi(2) * (i as f64)).sum::<f64>()
    }

    /// A count in the domain: a `usize` parameter, of dimension 0.
    #[shapes((vec![0.0; 5], 2_usize), (vec![0.0; 5], 4_usize), (vec![0.0; 3], 1_usize))]
    fn rotate(x: Vec<f64>, k: usize) -> Vec<f64> {
        let n = x.len();
        (0..n).map(|i| x[(i + k) % n] * 2.0).collect()
    }

    /// Vectors of vectors: row sums.
    #[shapes(vec![vec![0.0; 3], vec![0.0; 3]], vec![vec![0.0; 2]; 4])]
    fn row_sums(m: Vec<Vec<f64>>) -> Vec<f64> {
        m.iter().map(|row| row.iter().sum::<f64>() * row[0]).collect()
    }

    /// Vectors of structs.
    #[shapes(vec![Point(0.0, 0.0); 3])]
    fn points(ps: Vec<Point>) -> f64 {
        ps.iter().map(|p| p.0 * p.1.exp()).sum::<f64>()
    }

    /// An element of a fixed-length vector, by a literal index.
    #[shapes(([0.0; 3], vec![0.0; 2]))]
    fn fixed_index(v: [f64; 3], x: Vec<f64>) -> f64 {
        v[0] * v[2] + x[1] * v[1]
    }

    /// abs, max, min (as methods and by path), powf, atan2, sinh, cosh, ln_1p, exp_m1, erf.
    #[shapes((0.0, 0.0))]
    #[domain(|&(x, y): &(f64, f64)| away(x, 0.0) && away(x, y) && away(y, 0.0))]
    fn numeric(x: f64, y: f64) -> f64 {
        let a = x.abs().powf(y) + x.max(y) * f64::min(x, y);
        let b = y.atan2(x) + x.sinh() * y.cosh() + (x * x).ln_1p() + y.exp_m1();
        a + b * libm::erf(x)
    }

    /// Assignments outside loops, `+=` and an `if` without `else`: each a new binding.
    #[shapes((0.0, 0.0))]
    #[domain(|&(_, y): &(f64, f64)| away(y, 0.0))]
    fn reassigned(x: f64, y: f64) -> f64 {
        let mut z = x * y;
        z += 1.0;
        z = z.sin() * z;
        if y > 0.0 {
            z -= y;
        }
        z
    }

    /// `for` over ranges (from 0 and from 1): the variables the body assigns are the state.
    #[shapes(vec![0.0; 1], vec![0.0; 3], vec![0.0; 5])]
    fn for_range(x: Vec<f64>) -> f64 {
        let n = x.len();
        let mut acc = 1.0;
        for i in 0..n {
            acc = acc * 0.5 + x[i] * (i as f64);
        }
        let mut diffs = 0.0;
        for i in 1..n {
            let d = x[i] - x[i - 1];
            diffs += d * d;
        }
        acc + diffs
    }

    /// `for` over a vector's elements: two variables, `*=`, and an `if` statement with `else`.
    #[shapes((vec![0.0; 2], 0.0), (vec![0.0; 5], 0.0))]
    #[domain(|(x, _): &(Vec<f64>, f64)| x.iter().all(|xi| away(*xi, 0.0)))]
    fn for_each(x: Vec<f64>, s: f64) -> (f64, f64) {
        let mut sum = 0.0;
        let mut prod = s;
        for xi in x.iter() {
            sum += xi * xi;
            if *xi > 0.0 {
                prod *= xi.sin();
            } else {
                prod = xi - prod;
            }
        }
        (sum, prod)
    }

    /// Nested `for` loops over a vector of vectors, a `let` inside the body.
    #[shapes(vec![vec![0.0; 2]; 1], vec![vec![0.0; 2]; 2], vec![vec![0.0; 4]; 3])]
    fn nested_for(m: Vec<Vec<f64>>) -> f64 {
        let mut total = 0.0;
        for row in m.iter() {
            let mut r = 1.0;
            for v in row.iter() {
                r += v * v;
            }
            total += r.sqrt();
        }
        total
    }

    /// `while` on an index: the index and the accumulator are the state.
    #[shapes(vec![0.0; 1], vec![0.0; 4])]
    fn while_index(x: Vec<f64>) -> f64 {
        let n = x.len();
        let mut i = 0;
        let mut total = 0.0;
        while i < n {
            total = total * x[i].cos() + x[i];
            i += 1;
        }
        total
    }

    /// `while` on a scalar: halve until at most 1, counting the halvings.
    #[shapes(0.0)]
    #[domain(|x: &f64| [1.0, 3.0_f64.sqrt()].iter().all(|b| away(x.abs(), *b)))]
    fn halvings(x: f64) -> f64 {
        let mut y = x * x + 1.0;
        let mut k = 0.0;
        while y > 1.0 {
            y *= 0.5;
            k += 1.0;
        }
        y + k
    }

    /// `DVector` and `DMatrix` operators and methods, each an operation of `catad::linalg`: `+`,
    /// `-`, a scalar times a vector on either side, a matrix times a vector and a matrix,
    /// `transpose`, `tr_mul`, `dot`, `norm_squared`, `component_mul` and `sum`.
    #[shapes(
        (DMatrix::zeros(2, 3), DVector::zeros(3), 0.0),
        (DMatrix::zeros(4, 2), DVector::zeros(2), 0.0),
    )]
    fn linear_algebra(m: DMatrix<f64>, v: DVector<f64>, s: f64) -> (f64, DVector<f64>) {
        let mv = &m * &v;
        let back = m.tr_mul(&mv);
        let gram = &m.transpose() * &m;
        let w = s * &back - &v * 0.5 + &gram * &v;
        let q = w.dot(&v) + mv.norm_squared() * s + w.component_mul(&v).sum();
        (q, w)
    }

    /// `catad::linalg`'s functions called by their paths (the twin calls plain functions of the
    /// same paths), with `nalgebra::` paths in the signature.
    #[shapes((DVector::zeros(3), DVector::zeros(3)), (DVector::zeros(1), DVector::zeros(1)))]
    fn linalg_calls(u: nalgebra::DVector<f64>, v: nalgebra::DVector<f64>) -> f64 {
        let c: DVector<f64> = linalg::cumsum(linalg::hadamard(u.clone(), v.clone()));
        linalg::dot(c, linalg::shift(u)) + linalg::sum(v)
    }

    /// A loop whose state is a `DVector`: Euler steps of `y' = x ⊙ y`, one written out, the others
    /// by a checkpointed program.
    #[shapes((DVector::zeros(3), 3_usize), (DVector::zeros(2), 1_usize))]
    fn euler(x: DVector<f64>, steps: usize) -> DVector<f64> {
        let h = 1.0 / (steps as f64);
        let mut y = &x + h * &x.component_mul(&x);
        for _ in 1..steps {
            y = euler_step(x.clone(), h, y);
        }
        y
    }

    /// Custom primitives called like programs: a scalar one and one on a `DVector`.
    #[shapes((0.0, DVector::zeros(3)), (0.0, DVector::zeros(1)))]
    #[domain(|(_, v): &(f64, DVector<f64>)| v.len() < 2 || clear_extreme(v.as_slice(), 1.0))]
    fn custom_primitives(x: f64, v: DVector<f64>) -> f64 {
        softplus(2.0 * x) * log_sum_exp(&v * x.sin()) + softplus(-x)
    }

    /// A classifier's whole loss over data, `examples/training.rs`'s (checked here in every
    /// mode): `#[data]` samples and labels iterated together (`xs.iter().zip(&ys)`), the mean over
    /// the samples (`ys.len()`), weight decay.
    #[shapes(
        (
            vec![0.0; 2],
            0.0,
            Data::new(vec![vec![0.5, -1.0], vec![1.5, 0.25], vec![-0.75, 2.0]]),
            Data::new(vec![1.0, 0.0, 1.0]),
        ),
        (vec![0.0; 1], 0.0, Data::new(vec![vec![-1.5]]), Data::new(vec![0.0])),
    )]
    fn logistic(w: Vec<f64>, b: f64, #[data] xs: Vec<Vec<f64>>, #[data] ys: Vec<f64>) -> f64 {
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

    /// A hyper-parameter (`#[data] lambda: f64`, read where it is used, inside a loop and out)
    /// and `for x in &xs` over data.
    #[shapes(
        (vec![0.0; 3], Data::new(0.25), Data::new(vec![1.0, -2.0, 0.5])),
        (vec![0.0; 1], Data::new(2.0), Data::new(vec![0.5])),
    )]
    fn ridge(w: Vec<f64>, #[data] lambda: f64, #[data] xs: Vec<f64>) -> f64 {
        let mut fit = 0.0;
        for x in &xs {
            let p = w.iter().map(|wi| wi * x).sum::<f64>();
            fit += (p - x).powi(2) + lambda * p * p;
        }
        fit * lambda
    }

    /// Data read by index (`xs[i]`, `xs.len()`) over a range and from a closure over a vector's
    /// elements; a `usize` datum.
    #[shapes(
        (vec![0.0; 2], Data::new(vec![0.5, -1.5, 2.0]), Data::new(1_usize)),
        (vec![0.0; 1], Data::new(vec![1.25]), Data::new(3_usize)),
    )]
    fn by_index(w: Vec<f64>, #[data] xs: Vec<f64>, #[data] k: usize) -> f64 {
        let n = xs.len();
        let a = (0..n).map(|i| xs[i] * w[(i + k) % w.len()]).sum::<f64>();
        a * w.iter().enumerate().map(|(i, wi)| wi.sin() * xs[i % n]).sum::<f64>()
    }

    /// Data enumerated and folded, and counted.
    #[shapes((0.0, Data::new(vec![0.5, -1.5, 2.0])), (0.0, Data::new(vec![1.25])))]
    fn enumerated_data(s: f64, #[data] xs: Vec<f64>) -> f64 {
        let b = xs.iter().enumerate().fold(s, |acc, (i, x)| acc * 0.5 + x * (i as f64 + s));
        b * (xs.iter().count() as f64)
    }

    /// Two data sets iterated together by `for (x, y) in xs.iter().zip(ys.iter())`, and the sum
    /// and the largest of the data (their elements collected first).
    #[shapes(
        (0.0, Data::new(vec![0.5, -1.0, 1.5]), Data::new(vec![2.0, 0.25, -0.5])),
        (0.0, Data::new(vec![1.25]), Data::new(vec![-1.0])),
    )]
    fn paired(s: f64, #[data] xs: Vec<f64>, #[data] ys: Vec<f64>) -> f64 {
        let mut acc = s;
        for (x, y) in xs.iter().zip(ys.iter()) {
            acc = acc * x + y.sin() * s;
        }
        let top = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        acc + top * ys.iter().sum::<f64>() * s
    }

    /// Rows of data in nested loops: `for row in xs.iter()` with an iterator chain inside, and
    /// `xs[0][0]`.
    #[shapes(
        (vec![0.0; 2], Data::new(vec![vec![0.5, -1.0], vec![1.0, 1.0], vec![-0.5, 0.0]])),
        (vec![0.0; 1], Data::new(vec![vec![1.0]])),
    )]
    fn centred(mu: Vec<f64>, #[data] xs: Vec<Vec<f64>>) -> f64 {
        let mut total = 0.0;
        for row in xs.iter() {
            let d = row.iter().zip(&mu).map(|(x, m)| (x - m).powi(2)).sum::<f64>();
            total += (-d).exp();
        }
        total + xs[0][0] * mu[0]
    }
}
