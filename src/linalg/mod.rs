//! Linear algebra on nalgebra's run-time vectors and matrices (`DVector<S>`, `DMatrix<S>`), as
//! primitives of every program category.
//!
//! Each operation is a [`Primitive`](crate::vocabulary::Primitive): its value, and its derivative
//! at a point as a [`LinearFn`] (the derivative's action and its transpose's), stated once and
//! read by every mode. They work on whole vectors, so a program that multiplies a matrix by a
//! vector costs one primitive, not one per element, in every mode. They run over any real field
//! among catad's scalars — `f64`, the dual numbers [`Tangent<f64>`](crate::nested::Tangent)
//! (whose gradients carry Hessian-vector products), the symbolic [`Sym`](crate::staged::Sym).
//!
//! Every function here returns a program, generic in the category like any other:
//!
//! ```
//! use catad::linalg;
//! use catad::prelude::*;
//! use nalgebra::{DMatrix, DVector};
//!
//! // ‖M v‖², differentiated with respect to both the matrix and the vector.
//! fn energy<K: Program<f64>>() -> Hom<K, (DMatrix<f64>, DVector<f64>), f64> {
//!     K::compose(linalg::norm_sqr::<K, f64>(), linalg::mat_vec::<K, f64>())
//! }
//! let m = DMatrix::from_row_slice(2, 2, &[1.0, 2.0, 0.0, 1.0]);
//! let v = DVector::from_vec(vec![1.0, 1.0]);
//! assert_eq!(energy::<Fun>().apply((m.clone(), v.clone())), 10.0); // M v = (3, 1)
//! let (dm, dv) = gradient(&energy::<Reverse>(), (m, v));
//! // ∂/∂M = 2 (M v) vᵀ, ∂/∂v = 2 Mᵀ (M v)
//! assert_eq!(dm, DMatrix::from_row_slice(2, 2, &[6.0, 6.0, 2.0, 2.0]));
//! assert_eq!(dv, DVector::from_vec(vec![6.0, 14.0]));
//! ```
//!
//! Shapes that do not combine (vectors of two lengths, a matrix whose columns are not the
//! vector's length) are an error naming both shapes.

mod across;
mod fixed;
mod matrix;
mod nearest;
mod shape;
mod vector;

pub use across::{logsumexp_across, min_across};
pub use fixed::{distances_sqr, rows_minus};
pub use matrix::{mat_mul, mat_t_vec, mat_vec, row_norms_sqr, transpose, unpack_lower};
pub use nearest::nearest_distances_sqr;
pub use shape::{len, unit, zeros};
pub use vector::{
    add, cumsum, dot, from_vec, hadamard, map, norm_sqr, scale, shift, sub, sum, to_vec,
};

use crate::space::{Additive, Scalar, accumulate};
use crate::vocabulary::{LinearFn, linear_fn};
use nalgebra::{DMatrix, DVector, RealField};
use std::borrow::Cow;
use std::rc::Rc;

/// `f` of the vectors' `i`-th elements, for every `i` (the vectors of one length): one call of
/// [`Scalar::elementwise`] for the whole vectors, which a symbolic scalar records once.
fn each<S: Scalar + RealField, const N: usize>(
    vectors: [&DVector<S>; N],
    f: impl Fn([S; N]) -> S,
) -> DVector<S> {
    DVector::from_vec(S::elementwise(vectors.map(|v| v.as_slice()), f))
}

/// The sum of vectors of length `n` (columns of a matrix, terms across vectors), added as whole
/// vectors ([`Additive::plus_each`]) from the first, which a symbolic scalar records once each:
/// `n` zeros where there are none.
fn summed<S: Scalar + RealField>(n: usize, mut vs: impl Iterator<Item = Vec<S>>) -> DVector<S> {
    let Some(first) = vs.next() else {
        return DVector::zeros(n);
    };
    let mut sum = DVector::from_vec(first);
    for v in vs {
        S::plus_each(sum.as_mut_slice(), Cow::Owned(v));
    }
    sum
}

/// `⟨u, v⟩`: for a symbolic scalar, the products of the elements (one [`each`]) summed in order
/// ([`Additive::sum_of`]), each one node; for any other, nalgebra's inner product.
fn inner<S: Scalar + RealField>(u: &DVector<S>, v: &DVector<S>) -> S {
    match S::symbolic() {
        Some(_) => <S as Additive>::sum_of(each([u, v], |[a, b]| a * b).as_slice()),
        None => u.dot(v),
    }
}

/// Panics, naming both lengths, unless two vectors have one length.
fn same_length(op: &str, m: usize, n: usize) {
    assert!(
        m == n,
        "{op}: vectors of lengths {m} and {n} do not combine (their lengths must be equal)"
    );
}

/// An element of a fixed data matrix in a program over the scalar `S`: a plain number (`f64`,
/// whatever `S`: over dual numbers, data costs no tangents), or, in a program over dual numbers
/// [`Tangent<S>`](crate::nested::Tangent), a dual number itself (so that data may carry the
/// tangents of a derivative taken outside the program).
///
/// ```
/// use catad::linalg::Datum;
/// use catad::nested::Tangent;
/// let x: Tangent<f64> = 2.0.lift();
/// assert_eq!((x.value, x.tangent), (2.0, 0.0));
/// assert_eq!(Tangent::new(2.0, 1.0).lift().tangent, 1.0);
/// ```
pub trait Datum<S>: nalgebra::Scalar + Copy {
    /// The element as a scalar of the program.
    fn lift(self) -> S;
}

impl<S: Scalar + RealField> Datum<S> for f64 {
    fn lift(self) -> S {
        <S as Scalar>::from_f64(self)
    }
}

/// A run-time-shaped value that may be the unshaped zero: the empty vector or matrix, which is
/// the zero of every shape (a discarded result's cotangent is one).
trait Unshaped {
    /// Whether `self` is the empty value, the zero of every shape.
    fn is_unshaped(&self) -> bool;
}

impl<S: Scalar + RealField> Unshaped for DVector<S> {
    fn is_unshaped(&self) -> bool {
        self.is_empty()
    }
}

impl<S: Scalar + RealField> Unshaped for DMatrix<S> {
    fn is_unshaped(&self) -> bool {
        self.is_empty()
    }
}

impl<T> Unshaped for Vec<T> {
    fn is_unshaped(&self) -> bool {
        self.is_empty()
    }
}

/// The [`LinearFn`] of a primitive with a run-time-shaped result: as [`linear_fn`], except that
/// the transpose of the unshaped zero adds nothing, so that a transpose never meets a cotangent
/// of a shape other than its result's (and a discarded result costs no work backwards).
fn linear<A: 'static, B: Unshaped + 'static>(
    apply: impl Fn(&A) -> B + 'static,
    transpose_add: impl Fn(&B, &mut A) + 'static,
) -> Rc<dyn LinearFn<A, B>> {
    linear_fn(apply, move |db: &B, acc: &mut A| {
        if !db.is_unshaped() {
            transpose_add(db, acc)
        }
    })
}

/// A tangent in the shape of its point: the empty vector (the zero of every length) becomes `n`
/// zeros.
fn filled<S: Scalar + RealField>(v: &DVector<S>, n: usize) -> Cow<'_, DVector<S>> {
    if v.is_empty() && n > 0 {
        Cow::Owned(DVector::zeros(n))
    } else {
        Cow::Borrowed(v)
    }
}

/// A matrix tangent in the shape `(rows, columns)` of its point: the empty matrix (the zero of
/// every shape) becomes zeros.
fn filled_matrix<S: Scalar + RealField>(
    m: &DMatrix<S>,
    (rows, columns): (usize, usize),
) -> Cow<'_, DMatrix<S>> {
    if m.is_empty() && rows * columns > 0 {
        Cow::Owned(DMatrix::zeros(rows, columns))
    } else {
        Cow::Borrowed(m)
    }
}
