//! The paper's example programs (§5, Fig. 12), written once for every category.
//!
//! Each is generic in the category `K` and the scalar `S`; choose `K` to run it ([`Fun`]), to
//! differentiate it forwards ([`Forward`]) or backwards ([`Reverse`]), and so on.
//!
//! ```
//! use catad::prelude::*;
//! use catad::paper::mag_sqr;
//! assert_eq!(mag_sqr::<Fun, f64>().apply((3.0, 4.0)), 25.0);
//! assert_eq!(gradient(&mag_sqr::<Reverse, f64>(), (3.0, 4.0)), (6.0, 8.0));
//! ```
//!
//! The paper's pictures of these programs and their derivatives are [`figures`].
//!
//! [`Fun`]: crate::interpretations::Fun
//! [`Forward`]: crate::ad::Forward
//! [`Reverse`]: crate::ad::Reverse

mod figures;

pub use figures::{Figure, figures};

use crate::space::Scalar;
use crate::vocabulary::{Cartesian, FloatingCat, Hom, NumCat};

/// `sqr a = a · a`, as `mul ∘ dup`.
///
/// ```
/// use catad::prelude::*;
/// use catad::paper::sqr;
/// assert_eq!(derivative(&sqr::<Forward, f64>(), 3.0), 6.0);
/// ```
pub fn sqr<K: Cartesian + NumCat<S>, S: Scalar>() -> Hom<K, S, S> {
    K::compose(K::mul_c(), K::dup())
}

/// `magSqr (a, b) = sqr a + sqr b`, as `add ∘ (sqr ∘ exl △ sqr ∘ exr)` (paper §5, Fig. 2).
///
/// ```
/// use catad::prelude::*;
/// use catad::paper::mag_sqr;
/// assert_eq!(jvp(&mag_sqr::<Forward, f64>(), (3.0, 4.0), (1.0, 0.0)), (25.0, 6.0));
/// ```
pub fn mag_sqr<K: Cartesian + NumCat<S>, S: Scalar>() -> Hom<K, (S, S), S> {
    K::compose(
        K::add_c(),
        K::fork(
            K::compose(sqr::<K, S>(), K::exl()),
            K::compose(sqr::<K, S>(), K::exr()),
        ),
    )
}

/// `cosSinProd (x, y) = (cos z, sin z) where z = x · y`, as `(cos △ sin) ∘ mul` (paper §5, Fig. 3).
///
/// ```
/// use catad::prelude::*;
/// use catad::paper::cos_sin_prod;
/// assert_eq!(cos_sin_prod::<Fun, f64>().apply((0.0, 2.0)), (1.0, 0.0));
/// ```
pub fn cos_sin_prod<K: Cartesian + FloatingCat<S>, S: Scalar>() -> Hom<K, (S, S), (S, S)> {
    K::compose(K::fork(K::cos_c(), K::sin_c()), K::mul_c())
}

/// `λ ((x, y), z) → cos (x + y · z)`, as `cos ∘ add ∘ (exl ∘ exl △ mul ∘ (exr ∘ exl △ exr))`
/// (paper Fig. 12).
///
/// ```
/// use catad::prelude::*;
/// use catad::paper::cos_xyz;
/// assert_eq!(cos_xyz::<Fun, f64>().apply(((0.0, 0.0), 5.0)), 1.0);
/// ```
pub fn cos_xyz<K: Cartesian + FloatingCat<S>, S: Scalar>() -> Hom<K, ((S, S), S), S> {
    let x = K::compose(K::exl(), K::exl());
    let y = K::compose(K::exr(), K::exl());
    let yz = K::compose(K::mul_c(), K::fork(y, K::exr()));
    K::compose(K::cos_c(), K::compose(K::add_c(), K::fork(x, yz)))
}
