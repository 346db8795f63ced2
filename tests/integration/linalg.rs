//! `catad::linalg`'s operations on matrices of data and across vectors, checked against calculus
//! on random points: each derivative agrees with finite differences (forward mode), its transpose
//! is its adjoint (in `ReverseDelta`, whose derivatives apply the stated action forward and the
//! stated transpose backward, so that the identity compares the two), and each value agrees with a
//! plain computation.

use catad::linalg;
use catad::prelude::*;
use catad_laws::At;
use catad_laws::calculus::{derivative_adjoint, finite_difference};
use nalgebra::{DMatrix, DVector};

/// The number of random points of each property.
const CASES: usize = 200;

/// A generator of numbers in `[−2, 2)`, deterministic (a linear congruential generator).
struct Numbers(u64);

impl Numbers {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        4.0 * ((self.0 >> 11) as f64 / (1u64 << 53) as f64) - 2.0
    }
    fn vector(&mut self, n: usize) -> DVector<f64> {
        DVector::from_fn(n, |_, _| self.next())
    }
    fn matrix(&mut self, rows: usize, columns: usize) -> DMatrix<f64> {
        DMatrix::from_fn(rows, columns, |_, _| self.next())
    }
    /// A size in `1..=4`.
    fn size(&mut self) -> usize {
        1 + ((self.next() + 2.0) as usize).min(3)
    }
}

/// One primitive's calculus at `a`: its forward derivative agrees with finite differences along
/// `da`, and its derivative's transpose in `ReverseDelta` is its adjoint for `db`.
fn calculus<A: Space<f64>, B: Space<f64>>(
    forward: Hom<Forward, A, B>,
    reverse: Hom<ReverseDelta, A, B>,
    (a, da, db): (&A, &A, &B),
) {
    let at = At::new(a.clone(), db.clone());
    assert!(finite_difference::<Forward, f64, A, B>(&forward, &at, da));
    assert!(derivative_adjoint::<ReverseDelta, f64, A, B>(
        &reverse, a, da, db
    ));
}

#[test]
fn rows_minus_is_the_data_less_the_vector_and_differentiates_by_it() {
    let mut r = Numbers(1);
    for _ in 0..CASES {
        let (rows, columns) = (r.size(), r.size());
        let (x, v, dv) = (
            r.matrix(rows, columns),
            r.vector(columns),
            r.vector(columns),
        );
        let dy = r.matrix(rows, columns);
        let value = linalg::rows_minus::<Fun, f64>(x.clone()).apply(v.clone());
        assert_eq!(
            value,
            DMatrix::from_fn(rows, columns, |i, j| x[(i, j)] - v[j])
        );
        calculus(
            linalg::rows_minus::<Forward, f64>(x.clone()),
            linalg::rows_minus::<ReverseDelta, f64>(x),
            (&v, &dv, &dy),
        );
    }
}

#[test]
fn distances_sqr_is_each_rows_distance_and_differentiates() {
    let mut r = Numbers(5);
    for _ in 0..CASES {
        let (rows, columns) = (r.size(), r.size());
        let (x, c, dc) = (
            r.matrix(rows, columns),
            r.vector(columns),
            r.vector(columns),
        );
        let dy = r.vector(rows);
        let value = linalg::distances_sqr::<Fun, f64>(x.clone()).apply(c.clone());
        let plain = DVector::from_fn(rows, |i, _| (x.row(i).transpose() - &c).norm_squared());
        assert!((value - plain).amax() <= 1e-12);
        calculus(
            linalg::distances_sqr::<Forward, f64>(x.clone()),
            linalg::distances_sqr::<ReverseDelta, f64>(x),
            (&c, &dc, &dy),
        );
    }
}

#[test]
fn row_norms_sqr_is_each_rows_norm_and_differentiates() {
    let mut r = Numbers(2);
    for _ in 0..CASES {
        let (rows, columns) = (r.size(), r.size());
        let (m, dm, dy) = (
            r.matrix(rows, columns),
            r.matrix(rows, columns),
            r.vector(rows),
        );
        let value = linalg::row_norms_sqr::<Fun, f64>().apply(m.clone());
        assert_eq!(
            value,
            DVector::from_fn(rows, |i, _| m.row(i).norm_squared())
        );
        calculus(
            linalg::row_norms_sqr::<Forward, f64>(),
            linalg::row_norms_sqr::<ReverseDelta, f64>(),
            (&m, &dm, &dy),
        );
    }
}

#[test]
fn logsumexp_across_is_each_elements_log_sum_exp_and_differentiates() {
    let mut r = Numbers(3);
    for _ in 0..CASES {
        let (k, n) = (r.size(), r.size());
        let vs: Vec<_> = (0..k).map(|_| r.vector(n)).collect();
        let dvs: Vec<_> = (0..k).map(|_| r.vector(n)).collect();
        let dy = r.vector(n);
        let value = linalg::logsumexp_across::<Fun, f64>().apply(vs.clone());
        let plain = DVector::from_fn(n, |i, _| vs.iter().map(|v| v[i].exp()).sum::<f64>().ln());
        assert!((value - plain).amax() <= 1e-12);
        calculus(
            linalg::logsumexp_across::<Forward, f64>(),
            linalg::logsumexp_across::<ReverseDelta, f64>(),
            (&vs, &dvs, &dy),
        );
    }
}

#[test]
fn min_across_is_each_elements_minimum_and_differentiates() {
    let mut r = Numbers(4);
    for _ in 0..CASES {
        let (k, n) = (r.size(), r.size());
        let vs: Vec<_> = (0..k).map(|_| r.vector(n)).collect();
        let dvs: Vec<_> = (0..k).map(|_| r.vector(n)).collect();
        let dy = r.vector(n);
        let value = linalg::min_across::<Fun, f64>().apply(vs.clone());
        let plain = DVector::from_fn(n, |i, _| {
            vs.iter().map(|v| v[i]).fold(f64::INFINITY, f64::min)
        });
        assert_eq!(value, plain);
        // Finite differences step 10⁻³ along directions of size up to 2: they hold where no two
        // vectors' elements are within 10⁻² (where the smallest one does not change).
        let apart = (0..n).all(|i| {
            vs.iter()
                .enumerate()
                .all(|(a, u)| vs[a + 1..].iter().all(|v| (u[i] - v[i]).abs() > 1e-2))
        });
        if apart {
            calculus(
                linalg::min_across::<Forward, f64>(),
                linalg::min_across::<ReverseDelta, f64>(),
                (&vs, &dvs, &dy),
            );
        } else {
            let g = linalg::min_across::<ReverseDelta, f64>();
            assert!(derivative_adjoint::<ReverseDelta, f64, _, _>(
                &g, &vs, &dvs, &dy
            ));
        }
    }
}

#[test]
fn min_across_shares_a_tie_and_propagates_nan() {
    let tie = vec![
        DVector::from_vec(vec![2.0, f64::NAN]),
        DVector::from_vec(vec![2.0, 1.0]),
    ];
    let m = linalg::min_across::<Fun, f64>().apply(tie);
    assert!(m[0] == 2.0 && m[1].is_nan());
    let total = Reverse::compose(
        linalg::sum::<Reverse, f64>(),
        linalg::min_across::<Reverse, f64>(),
    );
    let g = gradient(&total, vec![DVector::from_vec(vec![2.0]); 2]);
    assert_eq!(g, vec![DVector::from_vec(vec![0.5]); 2]);
}

#[test]
fn nearest_distances_sqr_is_min_across_of_the_distances_and_differentiates() {
    let mut r = Numbers(6);
    for _ in 0..CASES {
        let (k, rows, columns) = (r.size(), r.size(), r.size());
        let x = r.matrix(rows, columns);
        let cs: Vec<_> = (0..k).map(|_| r.vector(columns)).collect();
        let dcs: Vec<_> = (0..k).map(|_| r.vector(columns)).collect();
        let dy = r.vector(rows);
        // The composite it fuses, in value and in every derivative.
        let composite = |x: &DMatrix<f64>| {
            let each = Reverse::compose(
                linalg::distances_sqr::<Reverse, f64>(x.clone()),
                Reverse::exr(),
            );
            let all = Reverse::compose(
                Reverse::map_v(each),
                Reverse::fork(Reverse::it(), Reverse::id()),
            );
            Reverse::compose(linalg::min_across::<Reverse, f64>(), all)
        };
        let fused = linalg::nearest_distances_sqr::<Reverse, f64>(x.clone());
        let (value, back) = vjp(&fused, cs.clone(), dy.clone());
        let (plain, plain_back) = vjp(&composite(&x), cs.clone(), dy.clone());
        assert_eq!(value, plain);
        for (b, p) in back.iter().zip(&plain_back) {
            assert!((b - p).amax() <= 1e-12, "{b} against {p}");
        }
        // Finite differences step 10⁻³ along directions of size up to 2: they hold where no two
        // centres' distances to a row are within 10⁻¹ (where the nearest one does not change).
        let distances: Vec<_> = cs
            .iter()
            .map(|c| linalg::distances_sqr::<Fun, f64>(x.clone()).apply(c.clone()))
            .collect();
        let apart = (0..rows).all(|i| {
            distances.iter().enumerate().all(|(a, u)| {
                distances[a + 1..]
                    .iter()
                    .all(|v| (u[i] - v[i]).abs() > 1e-1)
            })
        });
        let reverse = linalg::nearest_distances_sqr::<ReverseDelta, f64>(x.clone());
        if apart {
            calculus(
                linalg::nearest_distances_sqr::<Forward, f64>(x),
                reverse,
                (&cs, &dcs, &dy),
            );
        } else {
            assert!(derivative_adjoint::<ReverseDelta, f64, _, _>(
                &reverse, &cs, &dcs, &dy
            ));
        }
    }
}

#[test]
fn nearest_distances_sqr_takes_data_of_the_programs_scalar_and_its_tangents() {
    use catad::nested::Tangent;
    let mut r = Numbers(7);
    for _ in 0..CASES {
        let (k, rows, columns) = (r.size(), r.size(), r.size());
        let (x, dx) = (r.matrix(rows, columns), r.matrix(rows, columns));
        let cs: Vec<_> = (0..k).map(|_| r.vector(columns)).collect();
        let on_numbers =
            |x: DMatrix<f64>| linalg::nearest_distances_sqr::<Fun, f64>(x).apply(cs.clone());
        // The data's tangents carry through: the derivative by the data, against differences.
        let data = x.zip_map(&dx, Tangent::new);
        let centres = cs.iter().map(|c| c.map(Tangent::constant)).collect();
        let y = linalg::nearest_distances_sqr::<Fun, Tangent<f64>>(data).apply(centres);
        let h = 1e-6;
        let slope = (on_numbers(&x + &dx * h) - on_numbers(&x - &dx * h)) / (2.0 * h);
        assert_eq!(y.map(|y| y.value), on_numbers(x));
        assert!((y.map(|y| y.tangent) - slope).amax() <= 1e-6);
    }
}

#[test]
fn nearest_distances_sqr_stages_and_records_again_where_the_nearest_centre_changes() {
    use catad::staged::{Sym, compile};
    let x = DMatrix::from_row_slice(3, 2, &[0.0, 0.0, 3.0, 4.0, 1.0, 0.0]);
    let total = |x: &DMatrix<f64>| {
        Reverse::compose(
            linalg::sum::<Reverse, f64>(),
            linalg::nearest_distances_sqr::<Reverse, f64>(x.clone()),
        )
    };
    let staged = compile(&<Reverse as Category>::compose(
        linalg::sum::<Reverse, Sym>(),
        linalg::nearest_distances_sqr::<Reverse, Sym>(x.clone()),
    ));
    let centres = |a: f64| {
        vec![
            DVector::from_vec(vec![0.0, 1.0]),
            DVector::from_vec(vec![a, 3.0]),
        ]
    };
    // Row 1, (3, 4), is nearest the second centre at a = 3 and a = 3.5, the first at a = 8.
    for a in [3.0, 3.5, 8.0, 3.0] {
        let (value, g) = staged.value_and_gradient(&centres(a));
        let direct = total(&x);
        assert_eq!(value, direct.apply(centres(a)));
        assert_eq!(g, gradient(&direct, centres(a)));
    }
}

/// The message of a panic, formatted or literal.
fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    match payload.downcast::<String>() {
        Ok(message) => *message,
        Err(payload) => payload
            .downcast::<&str>()
            .map_or_else(|_| String::new(), |m| m.to_string()),
    }
}

#[test]
fn nearest_distances_sqr_shares_a_tie_propagates_nan_and_names_what_it_refuses() {
    let x = DMatrix::from_row_slice(2, 1, &[0.0, f64::NAN]);
    let cs = vec![DVector::from_vec(vec![-1.0]), DVector::from_vec(vec![1.0])];
    let d = linalg::nearest_distances_sqr::<Fun, f64>(x.clone()).apply(cs.clone());
    assert!(d[0] == 1.0 && d[1].is_nan());
    let total = Reverse::compose(
        linalg::sum::<Reverse, f64>(),
        linalg::nearest_distances_sqr::<Reverse, f64>(x),
    );
    // Row 0 is as near to both centres: each takes half of −2 (0 − cⱼ) = 2cⱼ; row 1 adds
    // nothing.
    let g = gradient(&total, cs);
    assert_eq!(
        g,
        vec![DVector::from_vec(vec![-1.0]), DVector::from_vec(vec![1.0])]
    );
    let x = DMatrix::<f64>::zeros(2, 3);
    let none = std::panic::catch_unwind(|| {
        linalg::nearest_distances_sqr::<Fun, f64>(x.clone()).apply(Vec::new())
    });
    let message = panic_message(none.unwrap_err());
    assert!(
        message.contains("nearest_distances_sqr: no centres"),
        "{message}"
    );
    let wrong = std::panic::catch_unwind(|| {
        linalg::nearest_distances_sqr::<Fun, f64>(x).apply(vec![DVector::zeros(2)])
    });
    let message = panic_message(wrong.unwrap_err());
    let named = message.contains("nearest_distances_sqr") && message.contains("2×3 matrix");
    assert!(named && message.contains("length 2"), "{message}");
}

/// `exr ∘ (f △ id)` pulls a cotangent back unchanged, in the mode `$mode`, at `$a`: `f`'s result
/// is discarded, so its cotangent is the zero of every shape (for a run-time vector, the empty
/// one), which `f`'s transpose must take as zero of its point's shape.
macro_rules! discarded {
    ($failures:ident, $mode:ty: $($f:expr, $a:expr;)*) => {{
        type M = $mode;
        $({
            let a = $a;
            let pulled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let p = M::compose(M::exr(), M::fork($f, M::id()));
                vjp(&p, a.clone(), a.clone()).1
            }));
            if pulled.as_ref().ok() != Some(&a) {
                $failures.push(format!("{} in {}", stringify!($f), stringify!($mode)));
            }
        })*
    }};
}

#[test]
fn a_discarded_result_sends_back_zero() {
    let u = DVector::from_vec(vec![1.0, -2.0]);
    let m = DMatrix::from_row_slice(2, 2, &[3.0, 4.0, 1.0, 0.0]);
    let vs = vec![u.clone(), u.clone() * 3.0];
    let mut failures = Vec::new();
    macro_rules! every_primitive {
        ($mode:ty) => {
            discarded!(failures, $mode:
                linalg::add::<M, f64>(), (u.clone(), u.clone());
                linalg::sub::<M, f64>(), (u.clone(), u.clone());
                linalg::hadamard::<M, f64>(), (u.clone(), u.clone());
                linalg::scale::<M, f64>(), (2.0, u.clone());
                linalg::cumsum::<M, f64>(), u.clone();
                linalg::shift::<M, f64>(), u.clone();
                linalg::map::<M, f64>("exp", f64::exp, f64::exp), u.clone();
                linalg::from_vec::<M, f64>(), vec![1.0, 2.0];
                linalg::to_vec::<M, f64>(), u.clone();
                linalg::mat_vec::<M, f64>(), (m.clone(), u.clone());
                linalg::mat_t_vec::<M, f64>(), (m.clone(), u.clone());
                linalg::mat_mul::<M, f64>(), (m.clone(), m.clone());
                linalg::transpose::<M, f64>(), m.clone();
                linalg::row_norms_sqr::<M, f64>(), m.clone();
                linalg::unpack_lower::<M, f64>(), (u.clone(), DVector::from_vec(vec![5.0]));
                linalg::rows_minus::<M, f64>(m.clone()), u.clone();
                linalg::distances_sqr::<M, f64>(m.clone()), u.clone();
                linalg::nearest_distances_sqr::<M, f64>(m.clone()), vs.clone();
                linalg::logsumexp_across::<M, f64>(), vs.clone();
                linalg::min_across::<M, f64>(), vs.clone();
            )
        };
    }
    every_primitive!(Reverse);
    every_primitive!(ReverseDelta);
    every_primitive!(ReverseCont<f64>);
    every_primitive!(Forward);
    every_primitive!(ForwardBegin<f64>);
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn logsumexp_across_takes_out_the_maximum_and_names_what_it_refuses() {
    let large = vec![
        DVector::from_vec(vec![1000.0]),
        DVector::from_vec(vec![999.0]),
    ];
    let l = linalg::logsumexp_across::<Fun, f64>().apply(large);
    assert_eq!(l[0], 1000.0 + (1.0 + (-1.0f64).exp()).ln());
    let none =
        std::panic::catch_unwind(|| linalg::logsumexp_across::<Fun, f64>().apply(Vec::new()));
    let message = *none.unwrap_err().downcast::<String>().unwrap();
    assert!(
        message.contains("logsumexp_across: no vectors"),
        "{message}"
    );
    let two = vec![
        DVector::from_vec(vec![1.0]),
        DVector::from_vec(vec![1.0, 2.0]),
    ];
    let lengths = std::panic::catch_unwind(|| linalg::logsumexp_across::<Fun, f64>().apply(two));
    let message = *lengths.unwrap_err().downcast::<String>().unwrap();
    assert!(message.contains("lengths 1 and 2"), "{message}");
}

/// The message with which `f` refuses a vector of length 2.
fn refusal<B: Space<f64>>(f: Hom<Fun, DVector<f64>, B>) -> String {
    let wrong =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f.apply(DVector::zeros(2))));
    *wrong.unwrap_err().downcast::<String>().unwrap()
}

#[test]
fn the_operations_on_fixed_data_name_both_shapes() {
    let x = DMatrix::<f64>::zeros(2, 3);
    let rows_minus = refusal(linalg::rows_minus::<Fun, f64>(x.clone()));
    let distances = refusal(linalg::distances_sqr::<Fun, f64>(x));
    for (message, name) in [(rows_minus, "rows_minus"), (distances, "distances_sqr")] {
        let named = message.contains(name) && message.contains("2×3 matrix");
        assert!(named && message.contains("length 2"), "{message}");
    }
}
