//! Whole-vector work staged once: an operation on every element of vectors of [`Sym`]s
//! ([`Scalar::elementwise`](crate::space::Scalar::elementwise), and the additions of
//! [`Additive::plus_each`](crate::space::Additive::plus_each) where most elements need one)
//! is recorded once on the vectors as families of lanes ([`recorder::family`]: a vector of
//! inputs is a range of them, a vector that is a family's lanes in order is the family), one
//! node whatever their length, and its result read lane by lane; a matrix product
//! ([`Scalar::matrix_product`](crate::space::Scalar::matrix_product)) is one node on the
//! families of the matrices' entries. `catad::linalg`'s vector and matrix primitives do their
//! work so, their derivatives too, so that a program on whole vectors and matrices is staged at
//! the size of its text.

use super::recorder;
use super::sym::Sym;

/// `f` of the operands' `i`-th elements for every `i`, recorded once on the operands as
/// families; `None` where it is done element by element instead: fewer than two elements, no
/// recording under way, or an operand's elements not values of their own (the lanes of a loop
/// staged once), or elements that answer a question `f` asks (a comparison) differently.
pub(super) fn elementwise<const N: usize>(
    operands: [&[Sym]; N],
    f: impl Fn([Sym; N]) -> Sym,
) -> Option<Vec<Sym>> {
    let n = operands.first()?.len();
    if n < 2 || !recorder::recording() {
        return None;
    }
    recorder::attempt(|| {
        let result = f(operands.map(|v| recorder::family(v.to_vec())));
        (0..n).map(|i| recorder::lane(result, i)).collect()
    })
}

/// `xs[i] + ys[i]` for every `i`, recorded once as [`elementwise`] does, where most of the
/// elements need an addition; `None` where they are added element by element: a family's
/// operation adds in every lane, where one by one the addition of a zero (most of a sparse
/// cotangent's elements) records nothing.
pub(super) fn plus_each(xs: &[Sym], ys: &[Sym]) -> Option<Vec<Sym>> {
    let zero = |x: &Sym| x.is_constant() && x.value() == 0.0;
    let needed = (xs.iter().zip(ys))
        .filter(|&(x, y)| !zero(x) && !zero(y))
        .count();
    if 2 * needed <= xs.len() {
        return None;
    }
    elementwise([xs, ys], |[x, y]| x + y)
}

/// The product of the `rows × inner` matrix `a` and the `inner × columns` matrix `b`, each
/// column by column, recorded as one node on the matrices as families of their entries
/// ([`recorder::product`]), its entries read lane by lane; `None` where it is done entry by entry
/// instead: a product of fewer than two entries or over no inner index, no recording under way,
/// or entries that are not values of their own (the lanes of a loop staged once).
pub(super) fn matrix_product(
    a: &[Sym],
    b: &[Sym],
    (rows, inner, columns): (usize, usize, usize),
) -> Option<Vec<Sym>> {
    if rows * columns < 2 || inner == 0 || !recorder::recording() {
        return None;
    }
    recorder::attempt(|| {
        let (a, b) = (recorder::family(a.to_vec()), recorder::family(b.to_vec()));
        let entries = recorder::product(a, b, rows, inner, columns);
        (0..rows * columns)
            .map(|i| recorder::lane(entries, i))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use crate::linalg;
    use crate::prelude::*;
    use crate::staged::{Sym, Tape, compile};
    use nalgebra::{DMatrix, DVector, RealField};

    type V<S> = DVector<S>;

    /// `f` and `g` of one input, combined by `op`.
    fn both<K: Program<S>, S: Scalar, A: Space<S>, B: Space<S>, C: Space<S>, R: Space<S>>(
        op: Hom<K, (B, C), R>,
        f: Hom<K, A, B>,
        g: Hom<K, A, C>,
    ) -> Hom<K, A, R> {
        K::compose(op, K::fork(f, g))
    }

    /// `‖exp(u) ⊙ v − 2u‖² + ⟨u, u + v⟩ + ⟨u, shift(exp v)⟩ + Σ v`: every vector primitive of
    /// `linalg` that works element by element, on whole vectors, and a shift.
    fn whole<K: Program<S>, S: Scalar + RealField>() -> Hom<K, (V<S>, V<S>), S> {
        let exp = linalg::map::<K, S>("exp", Scalar::exp, Scalar::exp);
        let exp_v = linalg::map::<K, S>("exp", Scalar::exp, Scalar::exp);
        let product: Hom<K, (V<S>, V<S>), V<S>> = both::<K, S, _, _, _, _>(
            linalg::hadamard::<K, S>(),
            K::compose(exp, K::exl()),
            K::exr(),
        );
        let twice: Hom<K, (V<S>, V<S>), V<S>> = both::<K, S, _, _, _, _>(
            linalg::scale::<K, S>(),
            K::const_c(<S as Scalar>::from_f64(2.0)),
            K::exl(),
        );
        let residual: Hom<K, (V<S>, V<S>), S> = K::compose(
            linalg::norm_sqr::<K, S>(),
            both::<K, S, _, _, _, _>(linalg::sub::<K, S>(), product, twice),
        );
        let inner: Hom<K, (V<S>, V<S>), S> =
            both::<K, S, _, _, _, _>(linalg::dot::<K, S>(), K::exl(), linalg::add::<K, S>());
        let terms: Hom<K, (V<S>, V<S>), S> = both::<K, S, _, _, _, _>(K::add_c(), residual, inner);
        // `⟨u, shift(exp v)⟩`: the shifted vector gathers the lanes of `exp v`.
        let shifted: Hom<K, (V<S>, V<S>), S> = both::<K, S, _, _, _, _>(
            linalg::dot::<K, S>(),
            K::exl(),
            K::compose(linalg::shift::<K, S>(), K::compose(exp_v, K::exr())),
        );
        let terms: Hom<K, (V<S>, V<S>), S> = both::<K, S, _, _, _, _>(K::add_c(), terms, shifted);
        both::<K, S, _, _, _, _>(
            K::add_c(),
            terms,
            K::compose(linalg::sum::<K, S>(), K::exr()),
        )
    }

    fn point(n: usize) -> (V<f64>, V<f64>) {
        let u = V::from_fn(n, |i, _| (i as f64 * 0.37).sin());
        let v = V::from_fn(n, |i, _| (i as f64 * 0.91).cos());
        (u, v)
    }

    #[test]
    fn a_whole_vector_program_s_recording_is_the_size_of_its_text() {
        // The values recorded for a gradient's tape, its 2n inputs aside, and its instructions.
        let sizes = |tape: Tape, n: usize| (tape.recorded() - 2 * n, tape.runs());
        let recorded = |n: usize| {
            let x = point(n);
            [
                compile(&whole::<Reverse, Sym>()).gradient_tape(&x),
                compile(&whole::<ReverseDelta, Sym>()).gradient_tape(&x),
                compile(&whole::<ReverseCont<Sym>, Sym>()).gradient_tape(&x),
            ]
            .map(|tape| sizes(tape, n))
        };
        assert_eq!(recorded(10), recorded(1000));
    }

    #[test]
    fn whole_vector_work_staged_computes_what_it_does_directly() {
        let direct = whole::<Reverse, f64>();
        for n in [1, 2, 7] {
            let x = point(n);
            let (value, (du, dv)) = (direct.apply(x.clone()), gradient(&direct, x.clone()));
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-13 * (1.0 + b.abs());
            for (y, (gu, gv)) in [
                compile(&whole::<Reverse, Sym>()).value_and_gradient(&x),
                compile(&whole::<ReverseCont<Sym>, Sym>()).value_and_gradient(&x),
                compile(&whole::<Forward, Sym>()).value_and_gradient(&x),
                compile(&whole::<ForwardBegin<Sym>, Sym>()).value_and_gradient(&x),
            ] {
                assert!(close(y, value), "n = {n}: {y} against {value}");
                assert!(
                    gu.iter().zip(&du).all(|(&a, &b)| close(a, b)),
                    "n = {n}: {gu} against {du}"
                );
                assert!(
                    gv.iter().zip(&dv).all(|(&a, &b)| close(a, b)),
                    "n = {n}: {gv} against {dv}"
                );
            }
        }
    }

    type M<S> = DMatrix<S>;

    /// `(μ, (q, (l, w)))` at `d = 3` for `n` points.
    type Parameters<S> = (V<S>, (V<S>, (V<S>, V<S>)));

    /// `n` points of 3 coordinates, of 4 values in all (so that the constants a recording holds
    /// are the same at every `n`).
    fn data(n: usize) -> M<f64> {
        M::from_fn(n, 3, |i, j| [0.5, -1.0, 2.0, 0.25][(i + 2 * j) % 4])
    }

    fn parameters(n: usize) -> Parameters<f64> {
        let v = |len: usize, k: f64| V::from_fn(len, |i, _| (k * (i + 1) as f64).sin());
        (v(3, 0.3), (v(3, 0.7), (v(3, 1.1), v(n, 0.9))))
    }

    /// With `Y = (X − 1 μᵀ) Lᵀ` for `L` the lower-triangular matrix of diagonal `exp q` and
    /// strict lower part `l` (GMM's main terms): `Σ ‖yᵢ‖² + ⟨w, Y μ⟩ + Σ Yᵀ w + Σ L μ`. Every
    /// matrix primitive of `linalg`, and a product whose first factor's columns are values of
    /// every kind (a family's lanes, inputs, zeros).
    fn matrices<K: Program<S>, S: Scalar + RealField>(x: &M<f64>) -> Hom<K, Parameters<S>, S> {
        let mu = || K::exl();
        let q = K::compose(K::exl(), K::exr());
        let l = K::compose(K::exl(), K::compose(K::exr(), K::exr()));
        let w = || K::compose(K::exr(), K::compose(K::exr(), K::exr()));
        let exp = linalg::map::<K, S>("exp", Scalar::exp, Scalar::exp);
        let factor: Hom<K, Parameters<S>, M<S>> =
            both::<K, S, _, _, _, _>(linalg::unpack_lower::<K, S>(), K::compose(exp, q), l);
        let centred = K::compose(linalg::rows_minus::<K, S>(x.clone()), mu());
        let image: Hom<K, Parameters<S>, M<S>> = both::<K, S, _, _, _, _>(
            linalg::mat_mul::<K, S>(),
            centred,
            K::compose(linalg::transpose::<K, S>(), factor.clone()),
        );
        let mixed = K::compose(
            linalg::sum::<K, S>(),
            both::<K, S, _, _, _, _>(linalg::mat_vec::<K, S>(), factor, mu()),
        );
        let norms = K::compose(
            linalg::sum::<K, S>(),
            K::compose(linalg::row_norms_sqr::<K, S>(), image.clone()),
        );
        let along: Hom<K, Parameters<S>, V<S>> =
            both::<K, S, _, _, _, _>(linalg::mat_vec::<K, S>(), image.clone(), mu());
        let weighted = both::<K, S, _, _, _, _>(linalg::dot::<K, S>(), w(), along);
        let back: Hom<K, Parameters<S>, V<S>> =
            both::<K, S, _, _, _, _>(linalg::mat_t_vec::<K, S>(), image, w());
        let terms = both::<K, S, _, _, _, _>(K::add_c(), norms, weighted);
        let terms = both::<K, S, _, _, _, _>(K::add_c(), terms, mixed);
        both::<K, S, _, _, _, _>(K::add_c(), terms, K::compose(linalg::sum::<K, S>(), back))
    }

    #[test]
    fn a_matrix_program_s_recording_is_the_size_of_its_text() {
        // The values recorded for a gradient's tape, its inputs aside: the same at 10 and 1000
        // points (a product over the points as inner index is as many runs as points, so the
        // tape's instructions are not).
        let recorded = |n: usize| {
            let (x, p) = (data(n), parameters(n));
            [
                compile(&matrices::<Reverse, Sym>(&x)).gradient_tape(&p),
                compile(&matrices::<ReverseDelta, Sym>(&x)).gradient_tape(&p),
                compile(&matrices::<ReverseCont<Sym>, Sym>(&x)).gradient_tape(&p),
            ]
            .map(|tape| tape.recorded() - (n + 9))
        };
        assert_eq!(recorded(10), recorded(1000));
    }

    #[test]
    fn matrix_work_staged_computes_what_it_does_directly() {
        for n in [1, 2, 7] {
            let (x, p) = (data(n), parameters(n));
            let direct = matrices::<Reverse, f64>(&x);
            let (value, gradient) = (direct.apply(p.clone()), gradient(&direct, p.clone()));
            let close = |a: &V<f64>, b: &V<f64>| {
                (a.iter().zip(b)).all(|(&a, &b)| (a - b).abs() <= 1e-12 * (1.0 + b.abs()))
            };
            for (y, (mu, (q, (l, w)))) in [
                compile(&matrices::<Reverse, Sym>(&x)).value_and_gradient(&p),
                compile(&matrices::<ReverseCont<Sym>, Sym>(&x)).value_and_gradient(&p),
                compile(&matrices::<Forward, Sym>(&x)).value_and_gradient(&p),
                compile(&matrices::<ForwardBegin<Sym>, Sym>(&x)).value_and_gradient(&p),
            ] {
                assert!(
                    (y - value).abs() <= 1e-12 * (1.0 + value.abs()),
                    "n = {n}: {y} against {value}"
                );
                let (dmu, (dq, (dl, dw))) = &gradient;
                for (got, expected) in [(mu, dmu), (q, dq), (l, dl), (w, dw)] {
                    assert!(close(&got, expected), "n = {n}: {got} against {expected}");
                }
            }
        }
    }

    /// `Σ logsumexp_across(vs)`.
    fn log_sum_exp<K: Program<S>, S: Scalar + RealField>() -> Hom<K, Vec<V<S>>, S> {
        K::compose(linalg::sum::<K, S>(), linalg::logsumexp_across::<K, S>())
    }

    /// Three vectors of `n`, the largest of the three at each element the one `shift` says.
    fn vectors(n: usize, shift: usize) -> Vec<V<f64>> {
        (0..3)
            .map(|k| {
                V::from_fn(n, |i, _| {
                    if (i + shift) % 3 == k {
                        40.0
                    } else {
                        (i + k) as f64 * 0.3
                    }
                })
            })
            .collect()
    }

    #[test]
    fn a_log_sum_exp_across_vectors_is_staged_once_without_comparisons() {
        // The maxima are taken by `Scalar::larger`, which records no guard: the one guard is
        // that they are finite (checked at each element), and the tape recorded at one point
        // holds at another whose maxima are elsewhere.
        let tape = |n: usize| compile(&log_sum_exp::<Reverse, Sym>()).gradient_tape(&vectors(n, 0));
        let sizes = |n: usize| {
            let tape = tape(n);
            assert_eq!(tape.guards(), n, "one guard, at each of the {n} elements");
            tape.recorded() - 3 * n
        };
        assert_eq!(sizes(10), sizes(1000));
        let direct = log_sum_exp::<Reverse, f64>();
        let (n, at) = (7, vectors(7, 1));
        let (tape, inputs) = (tape(n), at.iter().flat_map(|v| v.iter().copied()));
        let mut out = vec![0.0; 1 + 3 * n];
        tape.eval(&inputs.collect::<Vec<_>>(), &mut tape.workspace(), &mut out)
            .expect("no guard fails where the maxima move");
        let expected = gradient(&direct, at.clone());
        let expected = std::iter::once(direct.apply(at))
            .chain(expected.iter().flat_map(|v| v.iter().copied()));
        assert!(
            out.iter()
                .zip(expected)
                .all(|(&a, b)| (a - b).abs() <= 1e-13 * (1.0 + b.abs()))
        );
    }

    #[test]
    fn a_log_sum_exp_across_vectors_staged_computes_what_it_does_directly() {
        let direct = log_sum_exp::<Reverse, f64>();
        for n in [1, 2, 7] {
            let vs = vectors(n, 2);
            let (value, expected) = (direct.apply(vs.clone()), gradient(&direct, vs.clone()));
            for (y, g) in [
                compile(&log_sum_exp::<Reverse, Sym>()).value_and_gradient(&vs),
                compile(&log_sum_exp::<ReverseCont<Sym>, Sym>()).value_and_gradient(&vs),
                compile(&log_sum_exp::<Forward, Sym>()).value_and_gradient(&vs),
                compile(&log_sum_exp::<ForwardBegin<Sym>, Sym>()).value_and_gradient(&vs),
            ] {
                assert!(
                    (y - value).abs() <= 1e-13 * (1.0 + value.abs()),
                    "n = {n}: {y} against {value}"
                );
                let close = (g.iter().flatten().zip(expected.iter().flatten()))
                    .all(|(&a, &b)| (a - b).abs() <= 1e-13 * (1.0 + b.abs()));
                assert!(close, "n = {n}: {g:?} against {expected:?}");
            }
        }
    }

    /// Where an entry of a factor comes from: an input, the exponential of an input (a lane of
    /// the family of their exponentials), or a constant.
    #[derive(Clone, Copy, Debug)]
    enum Entry {
        Input(usize),
        Exp(usize),
        Const(f64),
    }

    /// A product's shape `(rows, inner, columns)`, its factors' entries (of `m` inputs, in any
    /// order), and two points: where it is recorded and where its tape is run.
    #[derive(Clone, Debug)]
    struct Factors {
        shape: (usize, usize, usize),
        entries: Vec<Entry>,
        points: [Vec<f64>; 2],
    }

    impl quickcheck::Arbitrary for Factors {
        fn arbitrary(g: &mut quickcheck::Gen) -> Factors {
            let mut dim = || 1 + usize::arbitrary(g) % 4;
            let shape = (dim(), dim(), dim());
            let m = 1 + usize::arbitrary(g) % 6;
            let count = shape.0 * shape.1 + shape.1 * shape.2;
            let entries = (0..count)
                .map(|_| match u8::arbitrary(g) % 3 {
                    0 => Entry::Input(usize::arbitrary(g) % m),
                    1 => Entry::Exp(usize::arbitrary(g) % m),
                    _ => Entry::Const(f64::from(i8::arbitrary(g)) / 8.0),
                })
                .collect();
            let mut point = || (0..m).map(|_| f64::from(i8::arbitrary(g)) / 32.0).collect();
            Factors {
                shape,
                entries,
                points: [point(), point()],
            }
        }
    }

    impl Factors {
        /// The factors' entries, `A`'s then `B`'s, over the inputs `x` and their exponentials.
        fn of<S: Scalar>(&self, x: &[S], exps: &[S]) -> Vec<S> {
            (self.entries.iter())
                .map(|&e| match e {
                    Entry::Input(i) => x[i],
                    Entry::Exp(i) => exps[i],
                    Entry::Const(c) => S::from_f64(c),
                })
                .collect()
        }
    }

    /// A product recorded (one node, the tape's runs reading its factors' entries wherever they
    /// are) computes at another point what `f64`'s product does there.
    fn a_staged_product_is_the_product(f: Factors) -> bool {
        let (rows, inner, _) = f.shape;
        let split = rows * inner;
        let (tape, ()) = Tape::record(&f.points[0], |x| {
            let exps = Sym::elementwise([x], |[v]| v.exp());
            let entries = f.of(x, &exps);
            let (a, b) = entries.split_at(split);
            (Sym::matrix_product(a, b, f.shape), ())
        });
        let x = &f.points[1];
        let exps: Vec<f64> = x.iter().map(|v| v.exp()).collect();
        let entries = f.of(x, &exps);
        let expected = f64::matrix_product(&entries[..split], &entries[split..], f.shape);
        let mut out = vec![0.0; expected.len()];
        tape.eval(x, &mut tape.workspace(), &mut out).is_ok()
            && (out.iter().zip(&expected)).all(|(a, b)| (a - b).abs() <= 1e-14 * (1.0 + b.abs()))
    }

    #[test]
    fn staged_products_are_products() {
        quickcheck::QuickCheck::new()
            .tests(300)
            .quickcheck(a_staged_product_is_the_product as fn(Factors) -> bool);
    }

    #[test]
    fn products_larger_than_a_block_of_the_tape_are_products() {
        // A tape computes a product's columns in blocks of about 4096 entries: here by many
        // columns, by many rows (a block a column), and with a single inner index.
        for shape in [(3, 3, 1500), (5000, 2, 2), (2, 1, 3000)] {
            let count = shape.0 * shape.1 + shape.1 * shape.2;
            let entries = (0..count)
                .map(|i| match i % 3 {
                    0 => Entry::Input(i % 5),
                    1 => Entry::Exp(i % 4),
                    _ => Entry::Const((i % 17) as f64 / 8.0),
                })
                .collect();
            let points = [
                vec![0.1, -0.2, 0.3, 0.25, -0.5],
                vec![0.4, 0.3, -0.1, -0.6, 0.2],
            ];
            let f = Factors {
                shape,
                entries,
                points,
            };
            assert!(a_staged_product_is_the_product(f), "{shape:?}");
        }
    }

    #[test]
    fn elements_that_branch_apart_are_staged_one_by_one() {
        // `|x|` by a comparison: elements of both signs answer it differently, so the map is
        // recorded element by element, a guard on each, and the tape holds where they do.
        fn abs<S: Scalar>(x: S) -> S {
            if x < S::zero() { -x } else { x }
        }
        fn sign<S: Scalar>(x: S) -> S {
            S::from_f64(if x < S::zero() { -1.0 } else { 1.0 })
        }
        let staged = compile(&Reverse::compose(
            linalg::sum::<Reverse, Sym>(),
            linalg::map::<Reverse, Sym>("abs", abs, sign),
        ));
        let x = V::from_vec(vec![-1.5, 2.0, 0.5]);
        let tape = staged.gradient_tape(&x);
        assert_eq!(tape.guards(), 3);
        assert_eq!(
            staged.value_and_gradient(&x),
            (4.0, V::from_vec(vec![-1.0, 1.0, 1.0]))
        );
    }
}
