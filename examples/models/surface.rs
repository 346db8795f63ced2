//! A parametric surface ℝ² → ℝ³, the torus, written once for every category (shared by
//! `examples/surface_normals.rs` and `benches/data.rs`).

use catad::prelude::*;
use catad::space::SVec;
use nalgebra::SVector;

/// The distance from the centre of the torus to the centre of its tube.
pub const MAJOR: f64 = 2.0;

/// The radius of the tube.
pub const MINOR: f64 = 0.5;

/// What a category needs to run the surface.
pub trait Surface:
    CartesianI<SVec<2>> + CartesianI<SVec<3>> + Cartesian + FloatingCat<f64> + Scalable<f64>
{
}

impl<K> Surface for K where
    K: CartesianI<SVec<2>> + CartesianI<SVec<3>> + Cartesian + FloatingCat<f64> + Scalable<f64>
{
}

/// `(u, v) ↦ ((R + r cos v) cos u, (R + r cos v) sin u, r sin v)`, through `exI` and `forkI`.
pub fn torus<K: Surface>() -> Hom<K, SVector<f64, 2>, SVector<f64, 3>> {
    let [u, v] = K::ex_i::<f64>(SVec::<2>);
    let ring = K::compose(
        K::add_c(),
        K::fork(
            K::const_c(MAJOR),
            K::compose(K::scale(MINOR), K::compose(K::cos_c(), v.clone())),
        ),
    );
    let around = |trig: Hom<K, f64, f64>| {
        K::compose(
            K::mul_c(),
            K::fork(ring.clone(), K::compose(trig, u.clone())),
        )
    };
    let x = around(K::cos_c());
    let y = around(K::sin_c());
    let z = K::compose(K::scale(MINOR), K::compose(K::sin_c(), v));
    K::fork_i(SVec::<3>, [x, y, z])
}
