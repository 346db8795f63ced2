use catad::interpretations::{AddFun, Begin, Cont, D, DMap, Dual, Func};
use catad::prelude::*;
use catad::vocabulary::LinearMap;

/// Extensional observation of a morphism, so that two morphisms of the same category can be
/// compared.
///
/// - [`Fun`]: the value at the point;
/// - linear-map categories ([`AddFun`], [`Dual`], [`Cont`], [`Begin`]): the matrix (the point only
///   gives the domain's shape, the codomain's comes from `B::zero()`);
/// - [`D<K>`](D): the value at the point followed by the matrix of the derivative there.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::Observe;
/// assert_eq!(<Forward as Observe<f64>>::observe(&Forward::sin_c(), &0.0), vec![0.0, 1.0]);
/// ```
pub trait Observe<S: Scalar>: Category {
    /// The observation of `f` at `a`, as a flat list of scalars.
    fn observe<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A) -> Vec<S>;
}

impl<S: Scalar> Observe<S> for Fun {
    fn observe<A: Space<S>, B: Space<S>>(f: &Func<A, B>, a: &A) -> Vec<S> {
        f.apply(a.clone()).coords()
    }
}

impl<K: LinearMap<S>, S: Scalar> Observe<S> for D<K> {
    fn observe<A: Space<S>, B: Space<S>>(f: &DMap<K, A, B>, a: &A) -> Vec<S> {
        let (b, df) = f.linearize(a.clone());
        let mut out = b.coords();
        out.extend(K::to_matrix(&df, a, &b).iter().copied());
        out
    }
}

/// The matrix of a linear map, flattened.
fn matrix<K: LinearMap<S>, S: Scalar, A: Space<S>, B: Space<S>>(f: &Hom<K, A, B>, a: &A) -> Vec<S> {
    K::to_matrix(f, a, &B::zero()).iter().copied().collect()
}

impl<S: Scalar> Observe<S> for AddFun {
    fn observe<A: Space<S>, B: Space<S>>(f: &Func<A, B>, a: &A) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a)
    }
}

impl<K: LinearMap<S>, S: Scalar> Observe<S> for Dual<K> {
    fn observe<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a)
    }
}

impl<K: LinearMap<S> + Cocartesian, S: Scalar, R: Space<S>> Observe<S> for Cont<K, R> {
    fn observe<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a)
    }
}

impl<K: LinearMap<S> + Cartesian, S: Scalar, R: Space<S>> Observe<S> for Begin<K, R> {
    fn observe<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a)
    }
}

/// The relative tolerance of [`close`]: a few hundred ulps of `f64`, far below any real bug.
pub const TOLERANCE: f64 = 1e-9;

/// `|x - y| ≤ TOLERANCE · (1 + max(|x|, |y|))`: equality up to rounding.
///
/// ```
/// assert!(catad_laws::close(0.1 + 0.2, 0.3));
/// assert!(!catad_laws::close(1.0, 1.001));
/// ```
pub fn close<S: Scalar>(x: S, y: S) -> bool {
    let (x, y) = (x.to_f64(), y.to_f64());
    (x - y).abs() <= TOLERANCE * (1.0 + x.abs().max(y.abs()))
}

/// [`close`] elementwise, and the lengths equal.
///
/// ```
/// assert!(catad_laws::close_slices(&[1.0, 2.0], &[1.0, 2.0 + 1e-15]));
/// assert!(!catad_laws::close_slices(&[1.0], &[1.0, 2.0]));
/// ```
pub fn close_slices<S: Scalar>(x: &[S], y: &[S]) -> bool {
    x.len() == y.len() && x.iter().zip(y).all(|(&a, &b)| close(a, b))
}

/// `f` and `g` are observed equal at `a`.
///
/// ```
/// use catad::prelude::*;
/// let f = Fun::compose(Fun::id(), Fun::sin_c());
/// assert!(catad_laws::same_at::<Fun, f64, f64, f64>(&f, &Fun::sin_c(), &0.5));
/// ```
pub fn same_at<K: Observe<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: &Hom<K, A, B>,
    g: &Hom<K, A, B>,
    a: &A,
) -> bool {
    close_slices(&K::observe(f, a), &K::observe(g, a))
}
