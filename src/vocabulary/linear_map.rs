use super::{Category, Hom};
use crate::space::{Scalar, Space};
use nalgebra::DMatrix;

/// A category whose morphisms are linear maps that can be run and read back as matrices: the
/// representations of derivatives (paper §9, §12–§14).
///
/// Each method takes shape witnesses (any vector of the domain `a` or codomain `b`) so that spaces
/// whose dimension is known only at run time work too.
///
/// # Laws
///
/// - `forward(f, da) = J · da` and `transpose(f, db) = Jᵀ · db` for the one matrix
///   `J = to_matrix(f)`, so the adjoint identity `⟨db, forward(f, da)⟩ = ⟨transpose(f, db), da⟩` holds;
/// - `to_matrix(from_matrix(m)) = m`;
/// - `to_matrix` is a functor: `to_matrix(g ∘ f) = to_matrix(g) · to_matrix(f)`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::vocabulary::LinearMap;
/// let f = AddFun::fork(AddFun::scale(2.0), AddFun::scale(3.0));
/// assert_eq!(AddFun::forward(&f, &1.0, &(0.0, 0.0)), (2.0, 3.0));
/// assert_eq!(AddFun::transpose(&f, &(1.0, 1.0), &0.0), 5.0);
/// let m = AddFun::to_matrix(&f, &0.0, &(0.0, 0.0));
/// assert_eq!(m, nalgebra::DMatrix::from_row_slice(2, 1, &[2.0, 3.0]));
/// ```
pub trait LinearMap<S: Scalar>: Category {
    /// Applies the linear map: `f · da`. `b` is any vector of the codomain.
    fn forward<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, da: &A, b: &B) -> B;

    /// Applies the transpose (adjoint): `fᵀ · db`. `a` is any vector of the domain.
    fn transpose<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, db: &B, a: &A) -> A;

    /// The linear map whose matrix (in the standard bases) is `m`.
    ///
    /// # Panics
    ///
    /// If `m` is not `b.dim() × a.dim()`; the message names both shapes.
    fn from_matrix<A: Space<S>, B: Space<S>>(m: DMatrix<S>, a: &A, b: &B) -> Hom<Self, A, B>;

    /// The matrix of `f` in the standard bases, one column per basis vector of the domain.
    fn to_matrix<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A, b: &B) -> DMatrix<S> {
        let basis = a.basis();
        let columns: Vec<Vec<S>> = basis
            .iter()
            .map(|e| Self::forward(f, e, b).coords_as(b))
            .collect();
        DMatrix::from_fn(b.dim(), basis.len(), |i, j| columns[j][i])
    }
}

/// `fᵀ · db` computed from `forward` on a basis of the domain: `(fᵀ db)ᵢ = ⟨db, f eᵢ⟩`.
/// It costs one forward pass per dimension of the domain.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::vocabulary::transpose_via_forward;
/// let f = AddFun::fork(AddFun::scale(2.0), AddFun::scale(3.0));
/// assert_eq!(transpose_via_forward::<AddFun, f64, _, _>(&f, &(1.0, 1.0), &0.0), 5.0);
/// ```
pub fn transpose_via_forward<K: LinearMap<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: &Hom<K, A, B>,
    db: &B,
    a: &A,
) -> A {
    let coords: Vec<S> = a
        .basis()
        .iter()
        .map(|e| db.dot(&K::forward(f, e, db)))
        .collect();
    a.with_coords(&coords)
}

/// `f · da` computed from `transpose` on a basis of the codomain: `(f da)ⱼ = ⟨fᵀ eⱼ, da⟩`.
/// It costs one transpose pass per dimension of the codomain.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::vocabulary::forward_via_transpose;
/// let f = AddFun::join(AddFun::scale(2.0), AddFun::scale(3.0));
/// assert_eq!(forward_via_transpose::<AddFun, f64, _, _>(&f, &(1.0, 1.0), &0.0), 5.0);
/// ```
pub fn forward_via_transpose<K: LinearMap<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: &Hom<K, A, B>,
    da: &A,
    b: &B,
) -> B {
    let coords: Vec<S> = b
        .basis()
        .iter()
        .map(|e| K::transpose(f, e, da).dot(da))
        .collect();
    b.with_coords(&coords)
}

/// Checks that `m` is `b.dim() × a.dim()`, naming both shapes when it is not.
pub(crate) fn check_shape<S: Scalar, A: Space<S>, B: Space<S>>(m: &DMatrix<S>, a: &A, b: &B) {
    let expected = (b.dim(), a.dim());
    assert!(
        m.shape() == expected,
        "from_matrix: a {}×{} matrix cannot represent a linear map from dimension {} to dimension {} (expected {}×{})",
        m.nrows(),
        m.ncols(),
        expected.1,
        expected.0,
        expected.0,
        expected.1
    );
}

/// `m · x` for a matrix over a catad [`Scalar`] (which need not be nalgebra's).
pub(crate) fn mat_vec<S: Scalar>(m: &DMatrix<S>, x: &[S]) -> Vec<S> {
    m.row_iter()
        .map(|row| {
            row.iter()
                .zip(x)
                .fold(S::zero(), |acc, (&m, &x)| acc + m * x)
        })
        .collect()
}
