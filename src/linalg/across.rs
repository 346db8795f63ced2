//! Reductions across a run-time vector of vectors, element by element.

use super::{accumulate, each, filled, linear, same_length, summed};
use crate::space::Scalar;
use crate::vocabulary::{LinearFn, Primitive};
use nalgebra::{DVector, RealField};
use std::rc::Rc;

type V<S> = DVector<S>;

/// `log Σₖ exp vₖ`, element by element.
struct LogSumExp;

/// The vectors' common length; an error naming both lengths where two differ, and naming the
/// operation where there are no vectors.
fn common_length<S: Scalar + RealField>(op: &str, vs: &[V<S>]) -> usize {
    let first = vs
        .first()
        .unwrap_or_else(|| panic!("{op}: no vectors (it needs at least one)"));
    for v in vs {
        same_length(op, first.len(), v.len());
    }
    first.len()
}

/// Each element's maximum `m` over the vectors, the exponentials `exp(vₖ − m)` and their sum `t`:
/// the log-sum-exp is `m + log t` (so that large elements do not overflow), and its derivative
/// the weights `exp(vₖ − m) / t`. The work is done on whole vectors ([`each`], the maximum by
/// [`Scalar::larger`], which asks no question), so that a symbolic scalar records it once for
/// all the elements, with one guard: that every maximum is finite.
struct Shifted<S: Scalar + RealField> {
    top: V<S>,
    exps: Vec<V<S>>,
    total: V<S>,
}

impl<S: Scalar + RealField> Shifted<S> {
    fn new(vs: &[V<S>]) -> Self {
        let n = common_length("logsumexp_across", vs);
        let top = (vs[1..].iter()).fold(vs[0].clone(), |top, v| {
            each([&top, v], |[m, x]| Scalar::larger(m, x))
        });
        let exps: Vec<V<S>> = (vs.iter())
            .map(|v| each([v, &top], |[x, m]| Scalar::exp(x - m)))
            .collect();
        let total = summed(n, exps.iter().map(|e| e.as_slice().to_vec()));
        Shifted { top, exps, total }
    }

    /// `m + log t`; an infinite maximum is the value itself.
    fn value(&self) -> V<S> {
        let infinity = <S as Scalar>::from_f64(f64::INFINITY);
        each([&self.top, &self.total], |[m, t]| {
            if Scalar::abs(m) < infinity {
                m + Scalar::ln(t)
            } else {
                m
            }
        })
    }
}

impl<S: Scalar + RealField> Primitive<Vec<V<S>>, V<S>> for LogSumExp {
    fn name(&self) -> &str {
        "logsumexp_across"
    }
    fn value(&self, vs: &Vec<V<S>>) -> V<S> {
        Shifted::new(vs).value()
    }
    fn linearize(&self, vs: &Vec<V<S>>) -> (V<S>, Rc<dyn LinearFn<Vec<V<S>>, V<S>>>) {
        let shifted = Shifted::new(vs);
        let value = shifted.value();
        // The softmax weights exp(vₖ − m) / t, one vector per input vector.
        let Shifted { exps, total, .. } = shifted;
        let weights: Vec<V<S>> = (exps.iter())
            .map(|e| each([e, &total], |[e, t]| e / t))
            .collect();
        let weights = Rc::new(weights);
        let weights2 = weights.clone();
        let n = value.len();
        let d = linear(
            move |dvs: &Vec<V<S>>| {
                let terms = (weights.iter().zip(dvs)).map(|(w, dv)| {
                    let (w, dv) = (w.as_slice(), filled(dv, n));
                    S::elementwise([w, dv.as_slice()], |[w, dv]| w * dv)
                });
                summed(n, terms)
            },
            move |dy: &V<S>, acc: &mut Vec<V<S>>| {
                let back = weights2.iter().map(|w| each([w, dy], |[w, y]| w * y));
                accumulate(acc, back.collect());
            },
        );
        (value, d)
    }
}

crate::primitive! {
    /// `log Σₖ exp vₖ` of vectors `v₀, v₁, …` of one length, element by element (numpy's
    /// `logsumexp(axis=0)`): each element's maximum is taken out first, so that large elements do
    /// not overflow. The derivative is the softmax weights `exp(vₖ − log Σₖ exp vₖ)`. No vectors
    /// at all, or vectors of two lengths, are an error naming them.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let vs = vec![DVector::from_vec(vec![0.0, 1000.0]), DVector::from_vec(vec![0.0, 1000.0])];
    /// let l = linalg::logsumexp_across::<Fun, f64>().apply(vs.clone());
    /// let ln2 = 2f64.ln();
    /// assert_eq!(l, DVector::from_vec(vec![ln2, 1000.0 + ln2]));
    /// // Two equal vectors share each element's derivative equally.
    /// let total = Reverse::compose(linalg::sum::<Reverse, f64>(), linalg::logsumexp_across::<Reverse, f64>());
    /// assert_eq!(gradient(&total, vs), vec![DVector::from_vec(vec![0.5, 0.5]); 2]);
    /// ```
    pub fn logsumexp_across<S: Scalar + RealField>(vs: Vec<V<S>>) -> V<S> = LogSumExp;
}

/// `minₖ vₖ`, element by element.
struct MinAcross;

/// Each element's minimum over the vectors, NaN where any is.
fn smallest<S: Scalar + RealField>(vs: &[V<S>]) -> V<S> {
    common_length("min_across", vs);
    let mut smallest = vs[0].clone();
    for v in &vs[1..] {
        smallest.zip_apply(v, |m, x| {
            if x < *m || Scalar::is_nan(x) {
                *m = x;
            }
        });
    }
    smallest
}

/// [`smallest`], and its derivative's terms: for each element, the vectors where it is smallest,
/// each with its share `1 / ties`.
fn minimum<S: Scalar + RealField>(vs: &[V<S>]) -> (V<S>, Vec<(usize, usize, S)>) {
    let smallest = smallest(vs);
    let mut shares = Vec::with_capacity(smallest.len());
    for (i, &m) in smallest.iter().enumerate() {
        let at = || vs.iter().enumerate().filter(move |(_, v)| v[i] == m);
        let share = <S as Scalar>::from_f64(1.0 / at().count().max(1) as f64);
        shares.extend(at().map(|(k, _)| (k, i, share)));
    }
    (smallest, shares)
}

impl<S: Scalar + RealField> Primitive<Vec<V<S>>, V<S>> for MinAcross {
    fn name(&self) -> &str {
        "min_across"
    }
    fn value(&self, vs: &Vec<V<S>>) -> V<S> {
        smallest(vs)
    }
    fn linearize(&self, vs: &Vec<V<S>>) -> (V<S>, Rc<dyn LinearFn<Vec<V<S>>, V<S>>>) {
        let (value, shares) = minimum(vs);
        let shares = Rc::new(shares);
        let shares2 = shares.clone();
        let (k, n) = (vs.len(), value.len());
        let d = linear(
            move |dvs: &Vec<V<S>>| {
                // An empty tangent (the zero of every length, or of every vector) adds nothing.
                let mut out = V::zeros(n);
                for &(j, i, share) in shares.iter() {
                    if let Some(dv) = dvs.get(j).filter(|dv| !dv.is_empty()) {
                        out[i] += share * dv[i];
                    }
                }
                out
            },
            move |dy: &V<S>, acc: &mut Vec<V<S>>| {
                let mut back = vec![V::zeros(n); k];
                for &(j, i, share) in shares2.iter() {
                    back[j][i] += share * dy[i];
                }
                accumulate(acc, back);
            },
        );
        (value, d)
    }
}

crate::primitive! {
    /// `minₖ vₖ` of vectors `v₀, v₁, …` of one length, element by element (NaN where any element
    /// is), with the subgradient of [`min_v`](crate::vocabulary::MinMaxCat::min_v) at each
    /// element: the smallest element's derivative, shared equally among ties. No vectors at all,
    /// or vectors of two lengths, are an error naming them.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let vs = vec![DVector::from_vec(vec![1.0, 5.0, 2.0]), DVector::from_vec(vec![3.0, 4.0, 2.0])];
    /// let m = linalg::min_across::<Fun, f64>().apply(vs.clone());
    /// assert_eq!(m, DVector::from_vec(vec![1.0, 4.0, 2.0]));
    /// let total = Reverse::compose(linalg::sum::<Reverse, f64>(), linalg::min_across::<Reverse, f64>());
    /// let shares = vec![DVector::from_vec(vec![1.0, 0.0, 0.5]), DVector::from_vec(vec![0.0, 1.0, 0.5])];
    /// assert_eq!(gradient(&total, vs), shares);
    /// ```
    pub fn min_across<S: Scalar + RealField>(vs: Vec<V<S>>) -> V<S> = MinAcross;
}
