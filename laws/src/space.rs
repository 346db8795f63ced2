//! The [`Space`] laws: every object is a finite-dimensional vector space with an inner product,
//! an orthonormal standard basis and coordinates in it.
//!
//! Vectors are compared by their coordinates read in the shape of a vector of the same space
//! ([`Space::coords_as`]), so that the empty zero of a run-time-length vector equals the vector of
//! zeros of any length.
//!
//! ```
//! use catad_laws::space::{basis_orthonormal, dot_symmetric};
//! let (u, v) = ((1.0, vec![2.0, 3.0]), (0.5, vec![-1.0, 4.0]));
//! assert!(dot_symmetric::<f64, _>(&u, &v));
//! assert!(basis_orthonormal::<f64, _>(&u));
//! ```

use crate::{close, close_slices};
use catad::prelude::*;

/// `x` and `y` have the same coordinates, read in the shape of `shape`.
fn same<S: Scalar, T: Space<S>>(x: &T, y: &T, shape: &T) -> bool {
    close_slices(&x.coords_as(shape), &y.coords_as(shape))
}

/// `0 + u = u = u + 0`.
///
/// ```
/// assert!(catad_laws::space::zero_is_identity::<f64, _>(&vec![1.0, 2.0]));
/// ```
pub fn zero_is_identity<S: Scalar, T: Space<S>>(u: &T) -> bool {
    same(&T::zero().plus(u), u, u) && same(&u.plus(&T::zero()), u, u)
}

/// `u + v = v + u`.
///
/// ```
/// assert!(catad_laws::space::plus_commutes::<f64, _>(&(1.0, [2.0]), &(3.0, [4.0])));
/// ```
pub fn plus_commutes<S: Scalar, T: Space<S>>(u: &T, v: &T) -> bool {
    same(&u.plus(v), &v.plus(u), u)
}

/// `u + (v + w) = (u + v) + w`.
///
/// ```
/// assert!(catad_laws::space::plus_associates::<f32, _>(&1.0, &2.0, &3.0));
/// ```
pub fn plus_associates<S: Scalar, T: Space<S>>(u: &T, v: &T, w: &T) -> bool {
    same(&u.plus(&v.plus(w)), &u.plus(v).plus(w), u)
}

/// [`Additive::plus_assign`] and [`Additive::plus_owned`] add as [`Additive::plus`] does, with the
/// zero on either side too: `(u += v) = (u by value + v by value) = u + v`. (Their overrides, which
/// add in place or return a side unchanged, must agree with the definition they replace.)
///
/// ```
/// assert!(catad_laws::space::plus_in_place_and_by_value::<f64, _>(&vec![1.0], &vec![2.0]));
/// ```
pub fn plus_in_place_and_by_value<S: Scalar, T: Space<S>>(u: &T, v: &T) -> bool {
    let zero = T::zero();
    [(u, v), (&zero, u), (u, &zero), (&zero, &zero)]
        .into_iter()
        .all(|(a, b)| {
            let sum = a.plus(b);
            let mut in_place = a.clone();
            in_place.plus_assign(b);
            same(&in_place, &sum, u) && same(&a.clone().plus_owned(b.clone()), &sum, u)
        })
}

/// `1 · u = u`.
///
/// ```
/// assert!(catad_laws::space::scale_by_one::<f64, _>(&[1.0, 2.0]));
/// ```
pub fn scale_by_one<S: Scalar, T: Space<S>>(u: &T) -> bool {
    same(&u.scale(S::from_f64(1.0)), u, u)
}

/// `b · (a · u) = (a · b) · u`.
///
/// ```
/// assert!(catad_laws::space::scale_by_product::<f64, _>(&[1.0, 2.0], 3.0, -0.5));
/// ```
pub fn scale_by_product<S: Scalar, T: Space<S>>(u: &T, a: S, b: S) -> bool {
    same(&u.scale(a).scale(b), &u.scale(a * b), u)
}

/// `a · (u + v) = a · u + a · v`.
///
/// ```
/// assert!(catad_laws::space::scale_distributes::<f64, _>(&vec![1.0], &vec![2.0], 3.0));
/// ```
pub fn scale_distributes<S: Scalar, T: Space<S>>(u: &T, v: &T, a: S) -> bool {
    same(&u.plus(v).scale(a), &u.scale(a).plus(&v.scale(a)), u)
}

/// `(a + b) · u = a · u + b · u`.
///
/// ```
/// assert!(catad_laws::space::scale_adds::<f64, _>(&(1.0, 2.0), 3.0, 4.0));
/// ```
pub fn scale_adds<S: Scalar, T: Space<S>>(u: &T, a: S, b: S) -> bool {
    same(&u.scale(a + b), &u.scale(a).plus(&u.scale(b)), u)
}

/// `⟨a · u + v, w⟩ = a ⟨u, w⟩ + ⟨v, w⟩`: the inner product is linear in its first argument, and
/// so, being symmetric ([`dot_symmetric`]), bilinear.
///
/// ```
/// let law = catad_laws::space::dot_bilinear::<f64, [f64; 2]>;
/// assert!(law(&[1.0, 2.0], &[3.0, 4.0], &[5.0, 6.0], 2.0));
/// ```
pub fn dot_bilinear<S: Scalar, T: Space<S>>(u: &T, v: &T, w: &T, a: S) -> bool {
    close(u.scale(a).plus(v).dot(w), a * u.dot(w) + v.dot(w))
}

/// `⟨u, v⟩ = ⟨v, u⟩`.
///
/// ```
/// assert!(catad_laws::space::dot_symmetric::<f64, _>(&[1.0, 2.0], &[3.0, 4.0]));
/// ```
pub fn dot_symmetric<S: Scalar, T: Space<S>>(u: &T, v: &T) -> bool {
    close(u.dot(v), v.dot(u))
}

/// `u`'s space has `dim u` basis vectors, and `⟨eᵢ, eⱼ⟩ = δᵢⱼ`.
///
/// ```
/// assert!(catad_laws::space::basis_orthonormal::<f64, _>(&(1.0, vec![2.0, 3.0])));
/// ```
pub fn basis_orthonormal<S: Scalar, T: Space<S>>(u: &T) -> bool {
    let basis = u.basis();
    basis.len() == u.dim()
        && basis.iter().enumerate().all(|(i, e)| {
            basis.iter().enumerate().all(|(j, f)| {
                let delta = if i == j { 1.0 } else { 0.0 };
                close(e.dot(f), S::from_f64(delta))
            })
        })
}

/// `u = Σᵢ ⟨u, eᵢ⟩ eᵢ`: the basis spans the space.
///
/// ```
/// assert!(catad_laws::space::basis_spans::<f64, _>(&[1.0, -2.0, 0.5]));
/// ```
pub fn basis_spans<S: Scalar, T: Space<S>>(u: &T) -> bool {
    let sum = u
        .basis()
        .iter()
        .fold(T::zero(), |sum, e| sum.plus(&e.scale(u.dot(e))));
    same(&sum, u, u)
}

/// `read_coords (coords u) = u`, with `dim u` coordinates.
///
/// ```
/// assert!(catad_laws::space::coords_roundtrip::<f64, _>(&(vec![1.0, 2.0], 3.0)));
/// ```
pub fn coords_roundtrip<S: Scalar, T: Space<S>>(u: &T) -> bool {
    let coords = u.coords();
    coords.len() == u.dim() && same(&u.with_coords(&coords), u, u)
}

/// `coords_as u u = coords u`, and `coords_as 0 u` is `dim u` zeros: the empty zero of a run-time
/// vector reads as the zeros of the witness's shape.
///
/// ```
/// assert!(catad_laws::space::coords_as_shape::<f64, _>(&vec![1.0, 2.0]));
/// ```
pub fn coords_as_shape<S: Scalar, T: Space<S>>(u: &T) -> bool {
    let zeros = vec![S::zero(); u.dim()];
    close_slices(&u.coords_as(u), &u.coords()) && close_slices(&T::zero().coords_as(u), &zeros)
}
