//! The suite of the vector-space laws of an object type.

use super::check::{Laws, short_name};
use crate::random::{RandomShape, Vectors};
use crate::space;
use catad::prelude::*;

/// The [`Space`] laws of the object `T` over the scalars `S`, on random vectors of random shapes
/// (random lengths for the run-time-length parts) with coordinates on a grid of quarters, where
/// the laws hold exactly in every scalar type.
///
/// ```
/// use nalgebra::DMatrix;
/// catad_laws::suite::space::<(f32, [f32; 2]), f32>();
/// catad_laws::suite::space::<DMatrix<f64>, f64>();
/// ```
pub fn space<T: RandomShape + Space<S>, S: Scalar>() {
    let laws = Laws::new(format!("{} over {}", short_name::<T>(), short_name::<S>()));
    laws.check(space::zero_is_identity::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u))
    });
    laws.check(space::plus_commutes::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u, &x.v))
    });
    laws.check(space::plus_associates::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u, &x.v, &x.w))
    });
    laws.check(
        space::plus_in_place_and_by_value::<S, T>,
        |law, x: Vectors<T, S>| Some(law(&x.u, &x.v)),
    );
    laws.check(space::scale_by_one::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u))
    });
    laws.check(space::scale_by_product::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u, x.a, x.b))
    });
    laws.check(space::scale_distributes::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u, &x.v, x.a))
    });
    laws.check(space::scale_adds::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u, x.a, x.b))
    });
    laws.check(space::dot_bilinear::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u, &x.v, &x.w, x.a))
    });
    laws.check(space::dot_symmetric::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u, &x.v))
    });
    laws.check(space::basis_orthonormal::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u))
    });
    laws.check(space::basis_spans::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u))
    });
    laws.check(space::coords_roundtrip::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u))
    });
    laws.check(space::coords_as_shape::<S, T>, |law, x: Vectors<T, S>| {
        Some(law(&x.u))
    });
}
