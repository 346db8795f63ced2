//! Operations with a fixed matrix — data, such as a model's points, rather than a variable — that
//! its value and every derivative share, never copy, and never differentiate by. Its elements are
//! [`Datum`]s: plain numbers whatever the program's scalar, or dual numbers that carry an outer
//! derivative's tangents.

use super::matrix::column_sums;
use super::{Datum, accumulate, filled, linear};
use crate::space::{Additive, Scalar};
use crate::vocabulary::{Hom, LinearFn, Primitive, PrimitiveCat};
use nalgebra::{DMatrix, DVector, RealField};
use std::rc::Rc;

/// Panics, naming both shapes, unless the rows of `x` have the vector's length.
pub(super) fn check_rows<T>(op: &str, x: &DMatrix<T>, length: usize) {
    let (rows, columns) = x.shape();
    assert!(
        columns == length,
        "{op}: the rows of a {rows}×{columns} matrix do not take a vector of length {length}"
    );
}

/// `v ↦ X − 1 vᵀ` for a fixed matrix `X`.
struct RowsMinus<D>(Rc<DMatrix<D>>);

impl<S: Scalar + RealField, D: Datum<S>> Primitive<DVector<S>, DMatrix<S>> for RowsMinus<D> {
    fn name(&self) -> &str {
        "rows_minus"
    }
    fn value(&self, v: &DVector<S>) -> DMatrix<S> {
        check_rows("rows_minus", &self.0, v.len());
        let (rows, columns) = self.0.shape();
        let mut centred = Vec::with_capacity(rows * columns);
        for (x, &vj) in self.0.column_iter().zip(v.iter()) {
            let x = x.as_slice().iter().map(|x| x.lift());
            match S::symbolic() {
                // A column at once, so that a symbolic scalar records it once.
                Some(_) => centred.extend(S::elementwise([&x.collect::<Vec<S>>()], |[x]| x - vj)),
                None => centred.extend(x.map(|x| x - vj)),
            }
        }
        DMatrix::from_vec(rows, columns, centred)
    }
    fn linearize(&self, v: &DVector<S>) -> (DMatrix<S>, Rc<dyn LinearFn<DVector<S>, DMatrix<S>>>) {
        let (rows, columns) = self.0.shape();
        let d = linear(
            move |dv: &DVector<S>| {
                let minus: Vec<S> = filled(dv, columns).iter().map(|&x| -x).collect();
                DMatrix::from_fn(rows, columns, |_, j| minus[j])
            },
            move |dy: &DMatrix<S>, acc: &mut DVector<S>| {
                let sums = column_sums(dy);
                accumulate(
                    acc,
                    DVector::from_vec(S::elementwise([sums.as_slice()], |[x]| -x)),
                );
            },
        );
        (self.value(v), d)
    }
}

/// `v ↦ X − 1 vᵀ`: `v` subtracted from each row of a fixed matrix `X` (such as data points centred
/// on a mean). Its derivative is `dv ↦ −1 dvᵀ`, and its transpose sums the columns.
///
/// ```
/// use catad::linalg;
/// use catad::prelude::*;
/// use nalgebra::{DMatrix, DVector};
/// let x = DMatrix::from_row_slice(2, 2, &[1.0, 2.0, 3.0, 4.0]);
/// let v = DVector::from_vec(vec![1.0, 1.0]);
/// let centred = linalg::rows_minus::<Fun, f64>(x.clone()).apply(v.clone());
/// assert_eq!(centred, DMatrix::from_row_slice(2, 2, &[0.0, 1.0, 2.0, 3.0]));
/// // ∂/∂v Σᵢ ‖xᵢ − v‖² = −2 Σᵢ (xᵢ − v) = (−4, −8)
/// let spread = Reverse::compose(
///     linalg::sum::<Reverse, f64>(),
///     Reverse::compose(linalg::row_norms_sqr::<Reverse, f64>(), linalg::rows_minus::<Reverse, f64>(x)),
/// );
/// assert_eq!(gradient(&spread, v), DVector::from_vec(vec![-4.0, -8.0]));
/// ```
pub fn rows_minus<K: PrimitiveCat<S>, S: Scalar + RealField>(
    x: DMatrix<impl Datum<S>>,
) -> Hom<K, DVector<S>, DMatrix<S>> {
    K::primitive(Rc::new(RowsMinus(Rc::new(x))))
}

/// `c ↦ (‖xᵢ − c‖²)ᵢ` for a fixed matrix `X` of rows `xᵢ`.
struct DistancesSqr<D>(Rc<DMatrix<D>>);

impl<S: Scalar + RealField, D: Datum<S>> Primitive<DVector<S>, DVector<S>> for DistancesSqr<D> {
    fn name(&self) -> &str {
        "distances_sqr"
    }
    fn value(&self, c: &DVector<S>) -> DVector<S> {
        check_rows("distances_sqr", &self.0, c.len());
        let mut out = DVector::zeros(self.0.nrows());
        for (column, &cj) in self.0.column_iter().zip(c.iter()) {
            out.zip_apply(&column, |o, x| {
                let t = x.lift() - cj;
                *o += t * t;
            });
        }
        out
    }
    fn linearize(&self, c: &DVector<S>) -> (DVector<S>, Rc<dyn LinearFn<DVector<S>, DVector<S>>>) {
        // d‖xᵢ − c‖² = −2 ⟨xᵢ − c, dc⟩: the derivative is dc ↦ −2 (X dc − 1 ⟨c, dc⟩), its
        // transpose dy ↦ −2 (Xᵀ dy − c Σ dy).
        let minus_two = <S as Scalar>::from_f64(-2.0);
        let (x, x2) = (self.0.clone(), self.0.clone());
        let point = Rc::new(c.clone());
        let point2 = point.clone();
        let columns = x.ncols();
        let d = linear(
            move |dc: &DVector<S>| {
                let dc = filled(dc, columns);
                let along = point.dot(&dc);
                let mut out = DVector::from_element(x.nrows(), -along);
                for (column, &dcl) in x.column_iter().zip(dc.iter()) {
                    out.zip_apply(&column, |o, x| *o += x.lift() * dcl);
                }
                out * minus_two
            },
            move |dy: &DVector<S>, acc: &mut DVector<S>| {
                let along = x2.column_iter().map(|column| {
                    column
                        .iter()
                        .zip(dy.iter())
                        .fold(<S as Additive>::zero(), |t, (x, &y)| t + x.lift() * y)
                });
                let back =
                    (DVector::from_iterator(columns, along) - &*point2 * dy.sum()) * minus_two;
                accumulate(acc, back);
            },
        );
        (self.value(c), d)
    }
}

/// `c ↦ (‖xᵢ − c‖²)ᵢ`: the squared Euclidean distances from a point `c` to each row `xᵢ` of a
/// fixed matrix `X` (such as data points), in one pass over `X` — what
/// [`row_norms_sqr`](super::row_norms_sqr) after [`rows_minus`] computes, without the matrix of
/// differences. Its derivative is `dc ↦ −2 (X dc − 1 ⟨c, dc⟩)`.
///
/// ```
/// use catad::linalg;
/// use catad::prelude::*;
/// use nalgebra::{DMatrix, DVector};
/// let x = DMatrix::from_row_slice(2, 2, &[0.0, 0.0, 3.0, 4.0]);
/// let c = DVector::from_vec(vec![0.0, 1.0]);
/// let d = linalg::distances_sqr::<Fun, f64>(x.clone()).apply(c.clone());
/// assert_eq!(d, DVector::from_vec(vec![1.0, 18.0]));
/// // ∂/∂c Σᵢ ‖xᵢ − c‖² = −2 Σᵢ (xᵢ − c) = (−6, −4)
/// let total = Reverse::compose(linalg::sum::<Reverse, f64>(), linalg::distances_sqr::<Reverse, f64>(x));
/// assert_eq!(gradient(&total, c), DVector::from_vec(vec![-6.0, -4.0]));
/// ```
pub fn distances_sqr<K: PrimitiveCat<S>, S: Scalar + RealField>(
    x: DMatrix<impl Datum<S>>,
) -> Hom<K, DVector<S>, DVector<S>> {
    K::primitive(Rc::new(DistancesSqr(Rc::new(x))))
}
