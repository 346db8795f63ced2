//! The [`LinearMap`] laws: one matrix `J = to_matrix f` is what `forward` applies, what
//! `from_matrix` reads back, and what composition multiplies. (The adjoint identity, which ties
//! `transpose` to `forward`, is in [`calculus`](crate::calculus).)

use crate::{At, close_slices};
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use nalgebra::DMatrix;

/// `J · a = forward f a`: the matrix applies as the map does, at the vector `at.a` (see [`At`]).
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// use catad_laws::At;
/// let f = Dual::<AddFun>::join(AddFun::scale(2.0), AddFun::scale(-1.0));
/// let law = catad_laws::linear_map::matrix_applies::<Dual<AddFun>, f64, (f64, f64), f64>;
/// assert!(law(&f, &At::point((1.5, 0.5))));
/// ```
pub fn matrix_applies<K: LinearMap<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: &Hom<K, A, B>,
    at: &At<A, B>,
) -> bool {
    let (a, b) = (&at.a, &at.b);
    let product = times(
        &K::to_matrix(f, a, b),
        &DMatrix::from_column_slice(a.dim(), 1, &a.coords()),
    );
    close_slices(product.as_slice(), &K::forward(f, a, b).coords_as(b))
}

/// `to_matrix (from_matrix m) = m`, for a `dim b × dim a` matrix `m`, `at` shaping `a` and `b`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Mat;
/// use catad_laws::At;
/// let m = nalgebra::DMatrix::from_row_slice(2, 1, &[2.0, 3.0]);
/// let law = catad_laws::linear_map::matrix_roundtrip::<Mat<f64>, f64, f64, (f64, f64)>;
/// assert!(law(&m, &At::point(0.0)));
/// ```
pub fn matrix_roundtrip<K, S, A, B>(m: &DMatrix<S>, at: &At<A, B>) -> bool
where
    K: LinearMap<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let f = K::from_matrix::<A, B>(m.clone(), &at.a, &at.b);
    close_slices(K::to_matrix(&f, &at.a, &at.b).as_slice(), m.as_slice())
}

/// `to_matrix (g ∘ f) = to_matrix g · to_matrix f`: `to_matrix` is a functor. `at` shapes the
/// domain and the codomain, `b` the object between.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad_laws::At;
/// let (f, g) = (AddFun::dup(), AddFun::join(AddFun::id(), AddFun::scale(-1.0)));
/// let law = catad_laws::linear_map::matrix_compose::<AddFun, f64, f64, (f64, f64), f64>;
/// assert!(law(f, g, &At::point(0.0), &(0.0, 0.0)));
/// ```
pub fn matrix_compose<K, S, A, B, C>(f: Hom<K, A, B>, g: Hom<K, B, C>, at: &At<A, C>, b: &B) -> bool
where
    K: LinearMap<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    C: Space<S>,
{
    let (a, c) = (&at.a, &at.b);
    let product = times(&K::to_matrix(&g, b, c), &K::to_matrix(&f, a, b));
    let composed = K::to_matrix(&K::compose(g, f), a, c);
    close_slices(composed.as_slice(), product.as_slice())
}

/// The matrix product `x · y`, in `S`'s own arithmetic.
fn times<S: Scalar>(x: &DMatrix<S>, y: &DMatrix<S>) -> DMatrix<S> {
    DMatrix::from_fn(x.nrows(), y.ncols(), |i, j| {
        (0..x.ncols()).fold(S::zero(), |sum, k| sum + x[(i, k)] * y[(k, j)])
    })
}
