//! The squared distance from each row of a fixed matrix to the nearest of a run-time set of
//! points: `minⱼ ‖xᵢ − cⱼ‖²`, the k-means cost's terms, as one primitive.

use super::fixed::check_rows;
use super::{Datum, accumulate, linear};
use crate::space::{Additive, Scalar};
use crate::vocabulary::{Hom, LinearFn, Primitive, PrimitiveCat};
use nalgebra::{DMatrix, DVector, RealField};
use std::rc::Rc;

type V<S> = DVector<S>;

/// `(cⱼ)ⱼ ↦ (minⱼ ‖xᵢ − cⱼ‖²)ᵢ` for a fixed matrix `X` of rows `xᵢ`.
struct NearestSqr<D> {
    x: Rc<DMatrix<D>>,
    /// `X`'s values as `f64`s that compute and compare as the program's scalar does
    /// ([`Scalar::exact_f64`]), where they do: then the nearest centres are searched for in
    /// `f64`, and the scalar computes only each row's distance to its nearest.
    exact: Option<DMatrix<f64>>,
}

/// A term of the derivative: row `i`'s distance to centre `j`, with its share `1 / ties`.
type Term<S> = (usize, usize, S);

/// The rows taken together through every centre: a block's distances stay in the first-level
/// cache, and its part of `X` in the second, while the centres pass over it.
const BLOCK: usize = 256;

/// Each row's smallest squared distance to the centres over the scalar `T` (NaN where any is;
/// infinity where none is smaller), the first centre at that distance, and whether another
/// centre ties with it; `data` is `X`'s `n` rows by columns, its elements read through `lift`.
fn search<T: Scalar + RealField, X: Copy>(
    n: usize,
    data: &[X],
    lift: impl Fn(X) -> T,
    cs: &[&[T]],
) -> (Vec<T>, Vec<usize>, Vec<bool>) {
    let zero = <T as Additive>::zero();
    let mut best = vec![<T as Scalar>::from_f64(f64::INFINITY); n];
    let (mut first, mut tied) = (vec![0; n], vec![false; n]);
    let mut block = [zero; BLOCK];
    for start in (0..n).step_by(BLOCK) {
        let rows = start..n.min(start + BLOCK);
        let block = &mut block[..rows.len()];
        for (j, c) in cs.iter().enumerate() {
            block.fill(zero);
            for (l, &cl) in c.iter().enumerate() {
                let column = &data[l * n + rows.start..l * n + rows.end];
                for (o, &x) in block.iter_mut().zip(column) {
                    let t = lift(x) - cl;
                    *o += t * t;
                }
            }
            let smallest = best[rows.clone()].iter_mut();
            let at = first[rows.clone()].iter_mut().zip(&mut tied[rows.clone()]);
            for ((m, (f, t)), &x) in smallest.zip(at).zip(block.iter()) {
                if x < *m || Scalar::is_nan(x) {
                    (*m, *f, *t) = (x, j, false);
                } else if x == *m {
                    *t = true;
                }
            }
        }
    }
    (best, first, tied)
}

impl<D> NearestSqr<D> {
    /// Row `i`'s squared distance to `c`, summed in the order of [`search`], so that it is the
    /// distance the search compared.
    fn distance<S: Scalar + RealField>(&self, i: usize, c: &V<S>) -> S
    where
        D: Datum<S>,
    {
        (0..c.len()).fold(<S as Additive>::zero(), |sum, l| {
            let t = self.x[(i, l)].lift() - c[l];
            sum + t * t
        })
    }

    /// Each row's smallest distance (NaN where any is), the first centre at that distance, and
    /// whether another centre ties with it: searched for in `f64` where `X` and the centres have
    /// exact values, the scalar computing only each row's distance to its nearest centre.
    fn smallest<S: Scalar + RealField>(&self, cs: &[V<S>]) -> (V<S>, Vec<usize>, Vec<bool>)
    where
        D: Datum<S>,
    {
        assert!(
            !cs.is_empty(),
            "nearest_distances_sqr: no centres (it needs at least one)"
        );
        for c in cs {
            check_rows("nearest_distances_sqr", &self.x, c.len());
        }
        let exact = |c: &V<S>| {
            c.iter()
                .map(|x| x.exact_f64())
                .collect::<Option<Vec<f64>>>()
        };
        let exact_centres = (self.exact.as_ref())
            .and_then(|x| Some((x, cs.iter().map(exact).collect::<Option<Vec<_>>>()?)));
        let Some((x, centres)) = exact_centres else {
            let cs: Vec<&[S]> = cs.iter().map(|c| c.as_slice()).collect();
            let (best, first, tied) = search(self.x.nrows(), self.x.as_slice(), D::lift, &cs);
            return (V::from_vec(best), first, tied);
        };
        let centres: Vec<&[f64]> = centres.iter().map(Vec::as_slice).collect();
        let (best, first, tied) = search(x.nrows(), x.as_slice(), |x| x, &centres);
        // The search's infinity is where no centre was nearer: a constant, as the scalar's
        // search leaves it.
        let best = V::from_fn(best.len(), |i, _| match best[i] {
            f64::INFINITY => <S as Scalar>::from_f64(f64::INFINITY),
            _ => self.distance(i, &cs[first[i]]),
        });
        (best, first, tied)
    }

    /// [`Self::smallest`], and its derivative's terms: for each row, the centres at its smallest
    /// distance, each with its share `1 / ties` (none for a NaN distance).
    fn nearest<S: Scalar + RealField>(&self, cs: &[V<S>]) -> (V<S>, Vec<Term<S>>)
    where
        D: Datum<S>,
    {
        let (best, first, tied) = self.smallest(cs);
        let one = <S as Scalar>::from_f64(1.0);
        let mut terms = Vec::with_capacity(best.len());
        for (i, &m) in best.iter().enumerate() {
            if Scalar::is_nan(m) {
                continue;
            }
            if !tied[i] {
                terms.push((first[i], i, one));
                continue;
            }
            let at: Vec<usize> = (0..cs.len())
                .filter(|&j| j == first[i] || self.distance(i, &cs[j]) == m)
                .collect();
            let share = <S as Scalar>::from_f64(1.0 / at.len() as f64);
            terms.extend(at.into_iter().map(|j| (j, i, share)));
        }
        (best, terms)
    }
}

impl<S: Scalar + RealField, D: Datum<S>> Primitive<Vec<V<S>>, V<S>> for NearestSqr<D> {
    fn name(&self) -> &str {
        "nearest_distances_sqr"
    }
    fn value(&self, cs: &Vec<V<S>>) -> V<S> {
        self.smallest(cs).0
    }
    fn linearize(&self, cs: &Vec<V<S>>) -> (V<S>, Rc<dyn LinearFn<Vec<V<S>>, V<S>>>) {
        // d‖xᵢ − cⱼ‖² = −2 ⟨xᵢ − cⱼ, dcⱼ⟩ for each nearest centre j, shared among ties: the
        // derivative reads and the transpose writes one centre's tangent per row (O(n d), where
        // the value is O(k n d)).
        let (value, terms) = self.nearest(cs);
        let minus_two = <S as Scalar>::from_f64(-2.0);
        let (x, x2) = (self.x.clone(), self.x.clone());
        let terms = Rc::new(terms);
        let terms2 = terms.clone();
        let centres = Rc::new(cs.clone());
        let centres2 = centres.clone();
        let (k, n, d) = (cs.len(), x.nrows(), x.ncols());
        let f = linear(
            move |dcs: &Vec<V<S>>| {
                let mut out = V::zeros(n);
                for &(j, i, share) in terms.iter() {
                    // An empty tangent (the zero of every length, or of every centre) adds nothing.
                    let Some(dc) = dcs.get(j).filter(|dc| !dc.is_empty()) else {
                        continue;
                    };
                    let c = &centres[j];
                    let along = (0..d).fold(<S as Additive>::zero(), |t, l| {
                        t + (x[(i, l)].lift() - c[l]) * dc[l]
                    });
                    out[i] += share * minus_two * along;
                }
                out
            },
            move |dy: &V<S>, acc: &mut Vec<V<S>>| {
                let mut back = vec![V::zeros(d); k];
                for &(j, i, share) in terms2.iter() {
                    let weight = share * minus_two * dy[i];
                    let (b, c) = (&mut back[j], &centres2[j]);
                    for l in 0..d {
                        b[l] += weight * (x2[(i, l)].lift() - c[l]);
                    }
                }
                accumulate(acc, back);
            },
        );
        (value, f)
    }
}

/// `(cⱼ)ⱼ ↦ (minⱼ ‖xᵢ − cⱼ‖²)ᵢ`: the squared Euclidean distance from each row `xᵢ` of a fixed
/// matrix `X` (such as data points) to the nearest of the centres `c₀, c₁, …` — the terms of
/// k-means' cost. It is [`min_across`](super::min_across) of each centre's
/// [`distances_sqr`](super::distances_sqr), with the same derivative (the nearest centre's,
/// shared equally among ties; none where a distance is NaN), without the `k` vectors of
/// distances: `X` is read in blocks of rows that stay in cache while every centre passes over
/// them, and the derivative reads, and its transpose writes, only each row's nearest centre,
/// `O(n d)` where the value is `O(k n d)`. Where the scalar's values are `f64` arithmetic
/// ([`Scalar::exact_f64`]: `f64`, and dual numbers over it), the nearest centres are searched for
/// in `f64` and the scalar computes only each row's distance to its nearest: over dual numbers
/// (a Hessian-vector product), the search carries no tangents. No centres at all, or a centre
/// whose length is not `X`'s number of columns, are an error naming them.
///
/// `X`'s elements are [`Datum`]s: plain numbers (`f64`, whatever the program's scalar: over dual
/// numbers the data costs no tangents), or dual numbers that carry the tangents of a derivative
/// taken outside the program.
///
/// ```
/// use catad::linalg;
/// use catad::prelude::*;
/// use nalgebra::{DMatrix, DVector};
/// let x = DMatrix::from_row_slice(3, 2, &[0.0, 0.0, 3.0, 4.0, 1.0, 0.0]);
/// let cs = vec![DVector::from_vec(vec![0.0, 1.0]), DVector::from_vec(vec![3.0, 3.0])];
/// let d = linalg::nearest_distances_sqr::<Fun, f64>(x.clone()).apply(cs.clone());
/// assert_eq!(d, DVector::from_vec(vec![1.0, 1.0, 2.0]));
/// // Each centre's gradient comes from its own rows: −2 Σ (xᵢ − cⱼ).
/// let total = Reverse::compose(
///     linalg::sum::<Reverse, f64>(),
///     linalg::nearest_distances_sqr::<Reverse, f64>(x),
/// );
/// let g = gradient(&total, cs);
/// assert_eq!(g, vec![DVector::from_vec(vec![-2.0, 4.0]), DVector::from_vec(vec![0.0, -2.0])]);
/// ```
pub fn nearest_distances_sqr<K: PrimitiveCat<S>, S: Scalar + RealField>(
    x: DMatrix<impl Datum<S>>,
) -> Hom<K, Vec<DVector<S>>, DVector<S>> {
    let exact = x
        .iter()
        .map(|&d| d.lift().exact_f64())
        .collect::<Option<Vec<f64>>>()
        .map(|values| DMatrix::from_vec(x.nrows(), x.ncols(), values));
    K::primitive(Rc::new(NearestSqr {
        x: Rc::new(x),
        exact,
    }))
}

#[cfg(test)]
mod tests {
    use super::{NearestSqr, V};
    use crate::nested::Tangent;
    use nalgebra::DMatrix;
    use std::rc::Rc;

    /// Numbers that tie, round, overflow to infinity when squared, or are NaN, often: small
    /// integers, tenths, ±10²⁰⁰ and NaN (a linear congruential generator, deterministic).
    struct Awkward(u64);

    impl Awkward {
        fn next(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            match (self.0 >> 33) % 16 {
                0 => f64::NAN,
                1 => 1e200,
                2 => -1e200,
                r @ 3..10 => r as f64 - 6.0,
                r => r as f64 * 0.1 + 1.0 / 3.0,
            }
        }
    }

    /// Over dual numbers, the search in `f64` finds what the dual numbers' own search finds:
    /// the same distances, values and tangents to the bit (the constant infinity where no centre
    /// is nearer), the same first nearest centres and the same ties.
    #[test]
    fn searching_exact_values_finds_what_the_scalar_finds() {
        let mut r = Awkward(11);
        for case in 0..500 {
            let (k, rows, columns) = (1 + case % 4, 1 + case % 7, case % 5);
            let x = DMatrix::from_fn(rows, columns, |_, _| r.next());
            let cs: Vec<V<Tangent<f64>>> = (0..k)
                .map(|_| V::from_fn(columns, |_, _| Tangent::new(r.next(), r.next())))
                .collect();
            let exact = NearestSqr {
                x: Rc::new(x.clone()),
                exact: Some(x.clone()),
            };
            let scalar = NearestSqr {
                x: Rc::new(x),
                exact: None,
            };
            let (a, b) = (exact.smallest(&cs), scalar.smallest(&cs));
            let bits = |v: &V<Tangent<f64>>| -> Vec<(u64, u64)> {
                v.iter()
                    .map(|t| (t.value.to_bits(), t.tangent.to_bits()))
                    .collect()
            };
            assert_eq!(bits(&a.0), bits(&b.0), "case {case}");
            assert_eq!((a.1, a.2), (b.1, b.2), "case {case}");
        }
    }
}
