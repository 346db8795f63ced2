//! Checks against calculus itself: the adjoint identity and finite differences.

use crate::close;
use catad::interpretations::DMap;
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

/// The adjoint identity for the derivative of `f` at `a`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// let f = catad::paper::cos_sin_prod::<Reverse, f64>();
/// let law = catad_laws::calculus::derivative_adjoint::<Dual<AddFun>, f64, (f64, f64), (f64, f64)>;
/// assert!(law(&f, &(0.5, 2.0), &(1.0, -1.0), &(0.25, 3.0)));
/// ```
pub fn derivative_adjoint<K, S, A, B>(f: &DMap<K, A, B>, a: &A, da: &A, db: &B) -> bool
where
    K: LinearMap<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let (_, df) = f.linearize(a.clone());
    adjoint_identity::<K, S, A, B>(&df, da, db)
}

/// The step of [`finite_difference`], relative to the size of the direction.
pub const STEP: f64 = 1e-3;

/// The tolerance of [`finite_difference`], relative to `1 + |f a| + |f' a · da|`: the Richardson
/// extrapolation's truncation error is `O(STEP⁴)` and its rounding error `O(ε / STEP)`.
pub const FD_TOLERANCE: f64 = 1e-6;

/// `f' a · da` agrees with the central difference `(f (a + h·da) − f (a − h·da)) / 2h`, refined by
/// Richardson extrapolation (`(4 D(h/2) − D(h)) / 3`).
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// let f = catad::paper::cos_xyz::<Forward, f64>();
/// let law = catad_laws::calculus::finite_difference::<AddFun, f64, ((f64, f64), f64), f64>;
/// assert!(law(&f, &((0.5, 2.0), -1.0), &((1.0, 0.5), 0.25)));
/// ```
pub fn finite_difference<K, S, A, B>(f: &DMap<K, A, B>, a: &A, da: &A) -> bool
where
    K: LinearMap<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let (b, db) = jvp(f, a.clone(), da.clone());
    let central = |h: f64| -> Vec<f64> {
        let step = S::from_f64(h);
        let plus = f.apply(a.plus(&da.scale(step))).coords();
        let minus = f.apply(a.plus(&da.scale(-step))).coords();
        plus.iter()
            .zip(&minus)
            .map(|(p, m)| (p.to_f64() - m.to_f64()) / (2.0 * h))
            .collect()
    };
    let (coarse, fine) = (central(STEP), central(STEP / 2.0));
    let size = |v: &B| {
        v.coords()
            .iter()
            .fold(0.0_f64, |m, x| m.max(x.to_f64().abs()))
    };
    let scale = 1.0 + size(&b) + size(&db);
    db.coords()
        .iter()
        .zip(coarse.iter().zip(&fine))
        .all(|(d, (c, f))| ((4.0 * f - c) / 3.0 - d.to_f64()).abs() <= FD_TOLERANCE * scale)
}
