//! Matrix operations on `DMatrix<S>` and `DVector<S>`.

use super::{accumulate, filled, filled_matrix, linear};
use crate::space::Scalar;
use crate::vocabulary::{LinearFn, Primitive};
use nalgebra::{DMatrix, DVector, RealField};
use std::rc::Rc;

type V<S> = DVector<S>;
type M<S> = DMatrix<S>;

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
    /// `M v` or `Mᵀ v`.
    fn times<S: Scalar + RealField>(m: &M<S>, v: &V<S>) -> V<S> {
        if TRANSPOSED { m.tr_mul(v) } else { m * v }
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
                Self::times(&filled_matrix(dm, shape), &v) + Self::times(&m, &filled(dv, v.len()))
            },
            move |dy: &V<S>, acc: &mut (M<S>, V<S>)| {
                // d(M v) = dM v + M dv: ∂/∂M = dy vᵀ, ∂/∂v = Mᵀ dy (and the transposes for Mᵀ v).
                let outer = if TRANSPOSED {
                    &*v2 * dy.transpose()
                } else {
                    dy * v2.transpose()
                };
                accumulate(&mut acc.0, outer);
                let back = if TRANSPOSED { &*m2 * dy } else { m2.tr_mul(dy) };
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
        let mut out = V::zeros(m.nrows());
        for column in m.column_iter() {
            out += column.component_mul(&column);
        }
        out
    }
    fn linearize(&self, m: &M<S>) -> (V<S>, Rc<dyn LinearFn<M<S>, V<S>>>) {
        let twice = Rc::new(m * <S as Scalar>::from_f64(2.0));
        let twice2 = twice.clone();
        let shape = m.shape();
        let d = linear(
            move |dm: &M<S>| {
                let dm = filled_matrix(dm, shape);
                let mut out = V::zeros(shape.0);
                for (c, dc) in twice.column_iter().zip(dm.column_iter()) {
                    out += c.component_mul(&dc);
                }
                out
            },
            move |dy: &V<S>, acc: &mut M<S>| {
                let mut back = (*twice2).clone();
                for mut column in back.column_iter_mut() {
                    column.component_mul_assign(dy);
                }
                accumulate(acc, back);
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
        a * b
    }
    fn linearize(&self, p: &(M<S>, M<S>)) -> (M<S>, Rc<dyn LinearFn<(M<S>, M<S>), M<S>>>) {
        let value = self.value(p);
        // The point, shared by the derivative's action and its transpose's.
        let (a, b) = (Rc::new(p.0.clone()), Rc::new(p.1.clone()));
        let (a2, b2) = (a.clone(), b.clone());
        let (sa, sb) = (a.shape(), b.shape());
        let d = linear(
            move |(da, db): &(M<S>, M<S>)| {
                &*filled_matrix(da, sa) * &*b + &*a * &*filled_matrix(db, sb)
            },
            move |dy: &M<S>, acc: &mut (M<S>, M<S>)| {
                accumulate(&mut acc.0, dy * b2.transpose());
                accumulate(&mut acc.1, a2.tr_mul(dy));
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
