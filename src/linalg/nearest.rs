//! The squared distance from each row of a fixed matrix to the nearest of a run-time set of
//! points: `minⱼ ‖xᵢ − cⱼ‖²`, the k-means cost's terms, as one primitive.

use super::fixed::check_rows;
use super::{Datum, linear};
use crate::space::{Additive, Scalar};
use crate::vocabulary::{Hom, LinearFn, Primitive, PrimitiveCat};
use nalgebra::{DMatrix, DVector, RealField};
use std::rc::Rc;

type V<S> = DVector<S>;

/// `(cⱼ)ⱼ ↦ (minⱼ ‖xᵢ − cⱼ‖²)ᵢ` for a fixed matrix `X` of rows `xᵢ`.
struct NearestSqr<D>(Rc<DMatrix<D>>);

/// A term of the derivative: row `i`'s distance to centre `j`, with its share `1 / ties`.
type Term<S> = (usize, usize, S);

/// The rows taken together through every centre: a block's distances stay in the first-level
/// cache, and its part of `X` in the second, while the centres pass over it.
const BLOCK: usize = 256;

impl<D> NearestSqr<D> {
    /// Each row's smallest distance (NaN where any is), the first centre at that distance, and
    /// whether another centre ties with it.
    fn smallest<S: Scalar + RealField>(&self, cs: &[V<S>]) -> (V<S>, Vec<usize>, Vec<bool>)
    where
        D: Datum<S>,
    {
        assert!(
            !cs.is_empty(),
            "nearest_distances_sqr: no centres (it needs at least one)"
        );
        for c in cs {
            check_rows("nearest_distances_sqr", &self.0, c.len());
        }
        let zero = <S as Additive>::zero();
        let n = self.0.nrows();
        let data = self.0.as_slice();
        let mut best = V::from_element(n, <S as Scalar>::from_f64(f64::INFINITY));
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
                        let t = x.lift() - cl;
                        *o += t * t;
                    }
                }
                let smallest = best.as_mut_slice()[rows.clone()].iter_mut();
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
            // Summed in the order of `smallest`, so that a tie found there is found again.
            let x = &self.0;
            let distance = |c: &V<S>| {
                (0..c.len()).fold(<S as Additive>::zero(), |sum, l| {
                    let t = x[(i, l)].lift() - c[l];
                    sum + t * t
                })
            };
            let at: Vec<usize> = (0..cs.len())
                .filter(|&j| j == first[i] || distance(&cs[j]) == m)
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
        let (x, x2) = (self.0.clone(), self.0.clone());
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
                acc.plus_assign(&back);
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
/// `O(n d)` where the value is `O(k n d)`. No centres at all, or a centre whose length is not
/// `X`'s number of columns, are an error naming them.
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
    K::primitive(Rc::new(NearestSqr(Rc::new(x))))
}
