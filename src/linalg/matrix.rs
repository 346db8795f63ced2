//! Matrix operations on `DMatrix<S>` and `DVector<S>`.

use super::{accumulate, filled, filled_matrix, linear, summed};
use crate::space::Scalar;
use crate::vocabulary::{LinearFn, Primitive};
use nalgebra::{DMatrix, DVector, RealField};
use std::rc::Rc;

type V<S> = DVector<S>;
type M<S> = DMatrix<S>;

/// `A B` (`A`'s columns as many as `B`'s rows, which the caller checks): for a symbolic scalar
/// one call of [`Scalar::matrix_product`], which records it once; for any other, nalgebra's
/// product.
fn mul<S: Scalar + RealField>(a: &M<S>, b: &M<S>) -> M<S> {
    match S::symbolic() {
        Some(_) => {
            let shape = (a.nrows(), a.ncols(), b.ncols());
            let entries = S::matrix_product(a.as_slice(), b.as_slice(), shape);
            M::from_vec(a.nrows(), b.ncols(), entries)
        }
        None => a * b,
    }
}

/// `Aᵀ B`, as [`mul`] does `A B`.
fn tr_mul<S: Scalar + RealField>(a: &M<S>, b: &M<S>) -> M<S> {
    match S::symbolic() {
        Some(_) => mul(&a.transpose(), b),
        None => a.tr_mul(b),
    }
}

/// The sums of a matrix's columns: for a symbolic scalar `Mᵀ 1`, one product ([`tr_mul`]); for
/// any other, each column summed.
pub(super) fn column_sums<S: Scalar + RealField>(m: &M<S>) -> V<S> {
    match S::symbolic() {
        Some(_) => {
            let ones = M::from_element(m.nrows(), 1, <S as Scalar>::from_f64(1.0));
            V::from_column_slice(tr_mul(m, &ones).as_slice())
        }
        None => V::from_iterator(m.ncols(), m.column_iter().map(|c| c.sum())),
    }
}

/// A vector as a matrix of one column.
fn column<S: Scalar + RealField>(v: &V<S>) -> M<S> {
    M::from_column_slice(v.len(), 1, v.as_slice())
}

/// Panics, naming both shapes, unless `inner` is the matrix's inner dimension.
fn check_inner(op: &str, (rows, columns): (usize, usize), inner: usize) {
    assert!(
        columns == inner,
        "{op}: a {rows}×{columns} matrix does not take a vector of length {inner}"
    );
}

/// `M v`, or `Mᵀ v` where `TRANSPOSED`.
struct MatVec<const TRANSPOSED: bool>;

impl<const TRANSPOSED: bool> MatVec<TRANSPOSED> {
    /// `M v` or `Mᵀ v`: for a symbolic scalar a product of matrices ([`mul`], [`tr_mul`]).
    fn times<S: Scalar + RealField>(m: &M<S>, v: &V<S>) -> V<S> {
        match (S::symbolic(), TRANSPOSED) {
            (Some(_), false) => V::from_column_slice(mul(m, &column(v)).as_slice()),
            (Some(_), true) => V::from_column_slice(tr_mul(m, &column(v)).as_slice()),
            (None, false) => m * v,
            (None, true) => m.tr_mul(v),
        }
    }

    /// `dy vᵀ` (or `v dyᵀ` for `Mᵀ v`), `M`'s part of the transpose's work: for a symbolic
    /// scalar a product of matrices ([`mul`]).
    fn outer<S: Scalar + RealField>(v: &V<S>, dy: &V<S>) -> M<S> {
        let (left, right) = if TRANSPOSED { (v, dy) } else { (dy, v) };
        match S::symbolic() {
            Some(_) => mul(&column(left), &column(right).transpose()),
            None => left * right.transpose(),
        }
    }
}

impl<S: Scalar + RealField, const TRANSPOSED: bool> Primitive<(M<S>, V<S>), V<S>>
    for MatVec<TRANSPOSED>
{
    fn name(&self) -> &str {
        if TRANSPOSED { "mat_t_vec" } else { "mat_vec" }
    }
    fn value(&self, (m, v): &(M<S>, V<S>)) -> V<S> {
        let shape = if TRANSPOSED {
            (m.ncols(), m.nrows())
        } else {
            m.shape()
        };
        check_inner(Primitive::<(M<S>, V<S>), V<S>>::name(self), shape, v.len());
        Self::times(m, v)
    }
    fn linearize(&self, a: &(M<S>, V<S>)) -> (V<S>, Rc<dyn LinearFn<(M<S>, V<S>), V<S>>>) {
        let value = self.value(a);
        // The point, shared by the derivative's action and its transpose's.
        let (m, v) = (Rc::new(a.0.clone()), Rc::new(a.1.clone()));
        let (m2, v2) = (m.clone(), v.clone());
        let shape = m.shape();
        let d = linear(
            move |(dm, dv): &(M<S>, V<S>)| {
                let mut out = Self::times(&filled_matrix(dm, shape), &v);
                accumulate(&mut out, Self::times(&m, &filled(dv, v.len())));
                out
            },
            move |dy: &V<S>, acc: &mut (M<S>, V<S>)| {
                // d(M v) = dM v + M dv: ∂/∂M = dy vᵀ, ∂/∂v = Mᵀ dy (and the transposes for Mᵀ v).
                accumulate(&mut acc.0, Self::outer(&v2, dy));
                let back = if TRANSPOSED {
                    MatVec::<false>::times(&m2, dy)
                } else {
                    MatVec::<true>::times(&m2, dy)
                };
                accumulate(&mut acc.1, back);
            },
        );
        (value, d)
    }
}

crate::primitive! {
    /// `M v`, a matrix times a vector.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::{DMatrix, DVector};
    /// let m = DMatrix::from_row_slice(2, 2, &[1.0, 2.0, 3.0, 4.0]);
    /// let v = DVector::from_vec(vec![1.0, 1.0]);
    /// assert_eq!(linalg::mat_vec::<Fun, f64>().apply((m, v)), DVector::from_vec(vec![3.0, 7.0]));
    /// ```
    pub fn mat_vec<S: Scalar + RealField>(m: M<S>, v: V<S>) -> V<S> = MatVec::<false>;
}

crate::primitive! {
    /// `Mᵀ v`, a transposed matrix times a vector.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::{DMatrix, DVector};
    /// let m = DMatrix::from_row_slice(2, 2, &[1.0, 2.0, 3.0, 4.0]);
    /// let v = DVector::from_vec(vec![1.0, 1.0]);
    /// assert_eq!(linalg::mat_t_vec::<Fun, f64>().apply((m, v)), DVector::from_vec(vec![4.0, 6.0]));
    /// ```
    pub fn mat_t_vec<S: Scalar + RealField>(m: M<S>, v: V<S>) -> V<S> = MatVec::<true>;
}

/// The squared norms of a matrix's rows.
struct RowNormsSqr;

impl<S: Scalar + RealField> Primitive<M<S>, V<S>> for RowNormsSqr {
    fn name(&self) -> &str {
        "row_norms_sqr"
    }
    fn value(&self, m: &M<S>) -> V<S> {
        let squares = columns(m).map(|c| S::elementwise([c], |[x]| x * x));
        summed(m.nrows(), squares)
    }
    fn linearize(&self, m: &M<S>) -> (V<S>, Rc<dyn LinearFn<M<S>, V<S>>>) {
        let two = <S as Scalar>::from_f64(2.0);
        let twice = Rc::new(M::from_vec(
            m.nrows(),
            m.ncols(),
            S::elementwise([m.as_slice()], |[x]| two * x),
        ));
        let twice2 = twice.clone();
        let shape = m.shape();
        let d = linear(
            move |dm: &M<S>| {
                let dm = filled_matrix(dm, shape);
                let terms = columns(&twice)
                    .zip(columns(&dm))
                    .map(|(c, dc)| S::elementwise([c, dc], |[c, dc]| c * dc));
                summed(shape.0, terms)
            },
            move |dy: &V<S>, acc: &mut M<S>| {
                let mut back = Vec::with_capacity(shape.0 * shape.1);
                for c in columns(&twice2) {
                    back.extend(S::elementwise([c, dy.as_slice()], |[c, y]| c * y));
                }
                accumulate(acc, M::from_vec(shape.0, shape.1, back));
            },
        );
        (self.value(m), d)
    }
}

crate::primitive! {
    /// `(‖m₀‖², ‖m₁‖², …)`, the squared Euclidean norms of a matrix's rows `mᵢ`.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::{DMatrix, DVector};
    /// let m = DMatrix::from_row_slice(2, 2, &[3.0, 4.0, 1.0, 0.0]);
    /// assert_eq!(linalg::row_norms_sqr::<Fun, f64>().apply(m.clone()), DVector::from_vec(vec![25.0, 1.0]));
    /// // ∂/∂M Σᵢ ‖mᵢ‖² = 2 M
    /// let total = Reverse::compose(linalg::sum::<Reverse, f64>(), linalg::row_norms_sqr::<Reverse, f64>());
    /// assert_eq!(gradient(&total, m.clone()), m * 2.0);
    /// ```
    pub fn row_norms_sqr<S: Scalar + RealField>(m: M<S>) -> V<S> = RowNormsSqr;
}

/// The columns of a matrix, as slices of its entries.
fn columns<S: Scalar + RealField>(m: &M<S>) -> impl Iterator<Item = &[S]> {
    let rows = m.nrows();
    (0..m.ncols()).map(move |j| &m.as_slice()[rows * j..rows * (j + 1)])
}

/// `A B`.
struct MatMul;

impl<S: Scalar + RealField> Primitive<(M<S>, M<S>), M<S>> for MatMul {
    fn name(&self) -> &str {
        "mat_mul"
    }
    fn value(&self, (a, b): &(M<S>, M<S>)) -> M<S> {
        assert!(
            a.ncols() == b.nrows(),
            "mat_mul: a {}×{} matrix does not multiply a {}×{} matrix",
            a.nrows(),
            a.ncols(),
            b.nrows(),
            b.ncols()
        );
        mul(a, b)
    }
    fn linearize(&self, p: &(M<S>, M<S>)) -> (M<S>, Rc<dyn LinearFn<(M<S>, M<S>), M<S>>>) {
        let value = self.value(p);
        // The point, shared by the derivative's action and its transpose's.
        let (a, b) = (Rc::new(p.0.clone()), Rc::new(p.1.clone()));
        let (a2, b2) = (a.clone(), b.clone());
        let (sa, sb) = (a.shape(), b.shape());
        let d = linear(
            move |(da, db): &(M<S>, M<S>)| {
                let mut out = mul(&filled_matrix(da, sa), &b);
                accumulate(&mut out, mul(&a, &filled_matrix(db, sb)));
                out
            },
            move |dy: &M<S>, acc: &mut (M<S>, M<S>)| {
                accumulate(&mut acc.0, mul(dy, &b2.transpose()));
                accumulate(&mut acc.1, tr_mul(&a2, dy));
            },
        );
        (value, d)
    }
}

crate::primitive! {
    /// `A B`, the matrix product.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DMatrix;
    /// let a = DMatrix::from_row_slice(1, 2, &[1.0, 2.0]);
    /// let b = DMatrix::from_row_slice(2, 1, &[3.0, 4.0]);
    /// assert_eq!(linalg::mat_mul::<Fun, f64>().apply((a, b))[(0, 0)], 11.0);
    /// ```
    pub fn mat_mul<S: Scalar + RealField>(a: M<S>, b: M<S>) -> M<S> = MatMul;
}

/// `Mᵀ`.
struct Transpose;

impl<S: Scalar + RealField> Primitive<M<S>, M<S>> for Transpose {
    fn name(&self) -> &str {
        "transpose"
    }
    fn value(&self, m: &M<S>) -> M<S> {
        m.transpose()
    }
    fn linearize(&self, m: &M<S>) -> (M<S>, Rc<dyn LinearFn<M<S>, M<S>>>) {
        let shape = m.shape();
        let d = linear(
            move |dm: &M<S>| filled_matrix(dm, shape).transpose(),
            |dy: &M<S>, acc: &mut M<S>| accumulate(acc, dy.transpose()),
        );
        (m.transpose(), d)
    }
}

crate::primitive! {
    /// `Mᵀ`, the transpose.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DMatrix;
    /// let m = DMatrix::from_row_slice(1, 2, &[1.0, 2.0]);
    /// assert_eq!(linalg::transpose::<Fun, f64>().apply(m).shape(), (2, 1));
    /// ```
    pub fn transpose<S: Scalar + RealField>(m: M<S>) -> M<S> = Transpose;
}

/// The lower-triangular matrix with a given diagonal and strictly-lower part.
struct UnpackLower;

/// The number `d` with `d (d − 1) / 2 = packed`, for a strict lower triangle of `d` rows.
fn side(diagonal: usize, packed: usize, op: &str) -> usize {
    assert!(
        diagonal * diagonal.saturating_sub(1) / 2 == packed,
        "{op}: a diagonal of length {diagonal} takes a strict lower part of {} entries, not {packed}",
        diagonal * diagonal.saturating_sub(1) / 2
    );
    diagonal
}

/// The entries `(row, column)` of the strict lower triangle of a `d × d` matrix, column by column.
fn lower_positions(d: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..d).flat_map(move |j| (j + 1..d).map(move |i| (i, j)))
}

fn unpack<S: Scalar + RealField>(diagonal: &V<S>, lower: &V<S>) -> M<S> {
    let d = side(diagonal.len(), lower.len(), "unpack_lower");
    let mut m = M::from_diagonal(diagonal);
    for ((i, j), &x) in lower_positions(d).zip(lower.iter()) {
        m[(i, j)] = x;
    }
    m
}

impl<S: Scalar + RealField> Primitive<(V<S>, V<S>), M<S>> for UnpackLower {
    fn name(&self) -> &str {
        "unpack_lower"
    }
    fn value(&self, (diagonal, lower): &(V<S>, V<S>)) -> M<S> {
        unpack(diagonal, lower)
    }
    fn linearize(&self, a: &(V<S>, V<S>)) -> (M<S>, Rc<dyn LinearFn<(V<S>, V<S>), M<S>>>) {
        let (d, p) = (a.0.len(), a.1.len());
        let f = linear(
            move |(dd, dl): &(V<S>, V<S>)| unpack(&filled(dd, d), &filled(dl, p)),
            move |dy: &M<S>, acc: &mut (V<S>, V<S>)| {
                accumulate(&mut acc.0, dy.diagonal());
                let lower = lower_positions(d).map(|(i, j)| dy[(i, j)]);
                accumulate(&mut acc.1, V::from_iterator(p, lower));
            },
        );
        (self.value(a), f)
    }
}

crate::primitive! {
    /// The `d × d` lower-triangular matrix with diagonal `diag` (length `d`) and strict lower part
    /// `lower` (length `d (d − 1) / 2`, packed column by column): `L[i][j] = lower[k]` for the `k`-th
    /// entry below the diagonal counted down each column in turn.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::{DMatrix, DVector};
    /// let diag = DVector::from_vec(vec![1.0, 2.0, 3.0]);
    /// let lower = DVector::from_vec(vec![4.0, 5.0, 6.0]);
    /// let l = linalg::unpack_lower::<Fun, f64>().apply((diag, lower));
    /// assert_eq!(l, DMatrix::from_row_slice(3, 3, &[1.0, 0.0, 0.0, 4.0, 2.0, 0.0, 5.0, 6.0, 3.0]));
    /// ```
    pub fn unpack_lower<S: Scalar + RealField>(diagonal: V<S>, lower: V<S>) -> M<S> = UnpackLower;
}
