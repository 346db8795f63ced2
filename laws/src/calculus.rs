//! Checks against calculus itself: the adjoint identity and finite differences.

use crate::{At, Differentiable, close};
use catad::prelude::*;
use catad::vocabulary::LinearMap;

/// The adjoint identity `⟨db, f · da⟩ = ⟨fᵀ · db, da⟩` for a linear map of any representation.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// let f = AddFun::fork(AddFun::scale(2.0), AddFun::scale(-1.0));
/// assert!(catad_laws::calculus::adjoint_identity::<AddFun, f64, f64, (f64, f64)>(&f, &1.5, &(0.5, 3.0)));
/// ```
pub fn adjoint_identity<K, S, A, B>(f: &Hom<K, A, B>, da: &A, db: &B) -> bool
where
    K: LinearMap<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let pushed = K::forward(f, da, db);
    let pulled = K::transpose(f, db, da);
    close(db.dot(&pushed), pulled.dot(da))
}

/// The adjoint identity for the derivative of `f` at `a`, in a derivative category `C` (such as
/// `D<K>`).
///
/// ```
/// use catad::prelude::*;
/// let f = catad::paper::cos_sin_prod::<Reverse, f64>();
/// let law = catad_laws::calculus::derivative_adjoint::<Reverse, f64, (f64, f64), (f64, f64)>;
/// assert!(law(&f, &(0.5, 2.0), &(1.0, -1.0), &(0.25, 3.0)));
/// ```
pub fn derivative_adjoint<C, S, A, B>(f: &Hom<C, A, B>, a: &A, da: &A, db: &B) -> bool
where
    C: Differentiable<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let (_, df) = C::linearize(f, a);
    adjoint_identity::<C::Linear, S, A, B>(&df, da, db)
}

/// The step of [`finite_difference`], relative to the size of the direction.
pub const STEP: f64 = 1e-3;

/// The tolerance of [`finite_difference`], relative to `1 + |f a| + |f' a · da|`: the Richardson
/// extrapolation's truncation error is `O(STEP⁴)` and its rounding error `O(ε / STEP)`.
pub const FD_TOLERANCE: f64 = 1e-6;

/// `f' a · da` agrees with the central difference `(f (a + h·da) − f (a − h·da)) / 2h`, refined by
/// Richardson extrapolation (`(4 D(h/2) − D(h)) / 3`), at `at` (see [`At`]).
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let f = catad::paper::cos_xyz::<Forward, f64>();
/// let law = catad_laws::calculus::finite_difference::<Forward, f64, ((f64, f64), f64), f64>;
/// assert!(law(&f, &At::point(((0.5, 2.0), -1.0)), &((1.0, 0.5), 0.25)));
/// ```
pub fn finite_difference<C, S, A, B>(f: &Hom<C, A, B>, at: &At<A, B>, da: &A) -> bool
where
    C: Differentiable<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let (a, b) = (&at.a, &at.b);
    let (value, df) = C::linearize(f, a);
    let derivative = C::Linear::forward(&df, da, b).coords_as(b);
    let at = |x: A| C::linearize(f, &x).0.coords_as(b);
    let central = |h: f64| -> Vec<f64> {
        let step = S::from_f64(h);
        let (plus, minus) = (at(a.plus(&da.scale(step))), at(a.plus(&da.scale(-step))));
        plus.iter()
            .zip(&minus)
            .map(|(p, m)| (p.to_f64() - m.to_f64()) / (2.0 * h))
            .collect()
    };
    let (coarse, fine) = (central(STEP), central(STEP / 2.0));
    let size = |v: &[S]| v.iter().fold(0.0_f64, |m, x| m.max(x.to_f64().abs()));
    let scale = 1.0 + size(&value.coords_as(b)) + size(&derivative);
    derivative.len() == coarse.len()
        && derivative
            .iter()
            .zip(coarse.iter().zip(&fine))
            .all(|(d, (c, f))| ((4.0 * f - c) / 3.0 - d.to_f64()).abs() <= FD_TOLERANCE * scale)
}
