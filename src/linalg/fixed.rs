//! Operations with a fixed matrix — data, such as a model's points, rather than a variable — that
//! its value and every derivative share, never copy, and never differentiate by.

use super::{filled, filled_matrix};
use crate::space::{Additive, Scalar};
use crate::vocabulary::{Hom, LinearFn, Primitive, PrimitiveCat, linear_fn};
use nalgebra::{DMatrix, DVector, RealField};
use std::rc::Rc;

/// `v ↦ X − 1 vᵀ` for a fixed matrix `X`.
struct RowsMinus<S: Scalar + RealField>(Rc<DMatrix<S>>);

impl<S: Scalar + RealField> Primitive<DVector<S>, DMatrix<S>> for RowsMinus<S> {
    fn name(&self) -> &str {
        "rows_minus"
    }
    fn value(&self, v: &DVector<S>) -> DMatrix<S> {
        let (rows, columns) = self.0.shape();
        assert!(
            columns == v.len(),
            "rows_minus: the rows of a {rows}×{columns} matrix do not take a vector of length {}",
            v.len()
        );
        let mut out = (*self.0).clone();
        for (mut column, &x) in out.column_iter_mut().zip(v.iter()) {
            column.add_scalar_mut(-x);
        }
        out
    }
    fn linearize(&self, v: &DVector<S>) -> (DMatrix<S>, Rc<dyn LinearFn<DVector<S>, DMatrix<S>>>) {
        let (rows, columns) = self.0.shape();
        let d = linear_fn(
            move |dv: &DVector<S>| {
                let dv = filled(dv, columns);
                DMatrix::from_fn(rows, columns, |_, j| -dv[j])
            },
            move |dy: &DMatrix<S>, acc: &mut DVector<S>| {
                let dy = filled_matrix(dy, (rows, columns));
                acc.plus_assign(&DVector::from_iterator(
                    columns,
                    dy.column_iter().map(|c| -c.sum()),
                ));
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
    x: DMatrix<S>,
) -> Hom<K, DVector<S>, DMatrix<S>> {
    K::primitive(Rc::new(RowsMinus(Rc::new(x))))
}
