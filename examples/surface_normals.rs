//! The normals of a parametric surface from its Jacobian (paper §9): the torus
//! `f (u, v) = ((R + r cos v) cos u, (R + r cos v) sin u, r sin v)`, written once against the
//! categorical vocabulary (`exI` takes `u` and `v` apart, `forkI` builds the point).
//!
//! `D<Mat<f64>>` gives the 3×2 Jacobian directly, with no basis sampling; its columns are the
//! partial derivatives `∂f/∂u` and `∂f/∂v`, tangent to the surface, and their cross product is
//! normal to it. The example prints the point and the unit normal on a grid of parameters, checks
//! the normals against the torus's known normal `(cos v cos u, cos v sin u, sin v)` and the
//! Jacobian against the other modes', and panics (exit code 101) if either differs by more than
//! [`AGREEMENT`].
//!
//! Run with `cargo run --release --example surface_normals`.

#[path = "models/surface.rs"]
mod model;

use catad::interpretations::Mat;
use catad::interpretations::{D, DMap};
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use model::{MAJOR, MINOR, torus};
use nalgebra::{DMatrix, Vector2, Vector3};
use std::f64::consts::PI;

/// The largest difference allowed between a computed and a known normal, and between two modes'
/// Jacobians.
const AGREEMENT: f64 = 1e-12;

/// The torus's outward unit normal at `(u, v)`.
fn known_normal(u: f64, v: f64) -> Vector3<f64> {
    Vector3::new(v.cos() * u.cos(), v.cos() * u.sin(), v.sin())
}

/// The unit normal from a 3×2 Jacobian: the normalised cross product of its columns.
fn normal(j: &DMatrix<f64>) -> Vector3<f64> {
    let du = Vector3::new(j[(0, 0)], j[(1, 0)], j[(2, 0)]);
    let dv = Vector3::new(j[(0, 1)], j[(1, 1)], j[(2, 1)]);
    du.cross(&dv).normalize()
}

fn main() {
    let surface = torus::<D<Mat<f64>>>();
    let others = [
        ("forward", jacobian_fn(torus::<Forward>())),
        ("reverse", jacobian_fn(torus::<Reverse>())),
        ("cont", jacobian_fn(torus::<ReverseCont<f64>>())),
        ("begin", jacobian_fn(torus::<ForwardBegin<f64>>())),
    ];
    println!("torus R = {MAJOR}, r = {MINOR}: normals from the Jacobian of D<Mat<f64>>");
    println!(
        "{:>6} {:>6}   {:>28}   {:>28}",
        "u", "v", "point", "unit normal"
    );
    let (mut worst_normal, mut worst_mode) = (0.0_f64, 0.0_f64);
    for i in 0..6 {
        for k in 0..4 {
            let (u, v) = (
                2.0 * PI * f64::from(i) / 6.0,
                2.0 * PI * f64::from(k) / 4.0 + 0.3,
            );
            let p = Vector2::new(u, v);
            let (point, df) = surface.linearize(p);
            let j = df.matrix();
            let n = normal(&j);
            println!(
                "{u:>6.3} {v:>6.3}   ({:>8.4}, {:>8.4}, {:>8.4})   ({:>8.4}, {:>8.4}, {:>8.4})",
                point.x, point.y, point.z, n.x, n.y, n.z
            );
            worst_normal = worst_normal.max((n - known_normal(u, v)).norm());
            for (_, jacobian_of) in &others {
                worst_mode = worst_mode.max((jacobian_of(p) - &j).norm());
            }
        }
    }
    println!("largest difference from the known normal: {worst_normal:.2e}");
    println!(
        "largest difference from the Jacobians of {}: {worst_mode:.2e}",
        others.map(|(name, _)| name).join(", ")
    );
    assert!(
        worst_normal <= AGREEMENT,
        "a normal differs from the torus's by {worst_normal:.2e} > {AGREEMENT:.0e}"
    );
    assert!(
        worst_mode <= AGREEMENT,
        "the modes' Jacobians differ by {worst_mode:.2e} > {AGREEMENT:.0e}"
    );
}

/// The Jacobian of a differentiable map, as a function of the point.
fn jacobian_fn<L: LinearMap<f64>>(
    f: DMap<L, Vector2<f64>, Vector3<f64>>,
) -> Box<dyn Fn(Vector2<f64>) -> DMatrix<f64>> {
    Box::new(move |p| jacobian(&f, p))
}
