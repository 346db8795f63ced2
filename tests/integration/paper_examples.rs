//! The paper's examples (§5 and Fig. 12, from `catad::paper`) give the answers derived by hand, in
//! every interpretation: `Fun` for the value, and `Forward`, `Reverse`, `ReverseCont<f64>`,
//! `ForwardBegin<f64>` and `D<Mat<f64>>` (generalized matrices) for the derivative, through every
//! entry point (`jvp`, `vjp`, `gradient`, `derivative`, `jacobian`).
//!
//! Each derivative check is one generic function over the linear-map representation `K` of a mode
//! `D<K>`; the `test_in_every_mode!` macro (`macro_support.rs`) instantiates it once per mode, as
//! one `#[test]` each, so every mode runs the very same assertions.
//!
//! Expected values are derived by hand in the comments. Where they are exact in binary floating
//! point they are compared exactly; elsewhere they are closed forms evaluated with `f64`'s own
//! functions and compared with a relative tolerance of 1e-12.

use catad::interpretations::D;
use catad::paper::{cos_sin_prod, cos_xyz, mag_sqr, sqr};
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use nalgebra::DMatrix;

/// The relative tolerance for closed forms evaluated with `f64` functions.
const REL_TOL: f64 = 1e-12;

/// A linear-map representation `K` whose `D<K>` interprets every example and every entry point.
trait Rep: LinearMap<f64> + Cartesian + Cocartesian + Scalable<f64> {}

impl<K: LinearMap<f64> + Cartesian + Cocartesian + Scalable<f64>> Rep for K {}

/// Asserts that `actual` and `expected` agree coordinate by coordinate within [`REL_TOL`] of
/// `expected` (so an expected 0 must be met exactly).
fn assert_close<V: Space<f64>>(actual: &V, expected: &V, what: &str) {
    let (a, e) = (actual.coords(), expected.coords());
    assert_eq!(a.len(), e.len(), "{what}: dimensions differ");
    for (i, (x, y)) in a.iter().zip(&e).enumerate() {
        assert!(
            (x - y).abs() <= REL_TOL * y.abs(),
            "{what}: coordinate {i} is {x}, expected {y} ({actual:?} vs {expected:?})"
        );
    }
}

/// Asserts that `actual` is the `rows × cols` matrix with the given row-major entries, each within
/// [`REL_TOL`] of the expected entry.
fn assert_matrix_close(actual: &DMatrix<f64>, rows: usize, cols: usize, expected: &[f64]) {
    assert_eq!(actual.shape(), (rows, cols), "Jacobian shape");
    let expected = DMatrix::from_row_slice(rows, cols, expected);
    for ((i, j), (x, y)) in (0..rows)
        .flat_map(|i| (0..cols).map(move |j| (i, j)))
        .map(|(i, j)| ((i, j), (actual[(i, j)], expected[(i, j)])))
    {
        assert!(
            (x - y).abs() <= REL_TOL * y.abs(),
            "Jacobian entry ({i}, {j}) is {x}, expected {y}:{actual}expected{expected}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// sqr a = a · a
//
// Value a²; derivative d/da (a · a) = a + a = 2a (product rule), so
//   at a = 3:    sqr 3 = 9,       sqr' 3 = 6,
//   at a = -0.5: sqr -0.5 = 0.25, sqr' -0.5 = -1.
// jvp scales the tangent: sqr' 3 · 2 = 12; vjp scales the cotangent: 6 · 0.5 = 3.
// All of these are exact in binary floating point.

#[test]
fn sqr_value_in_fun() {
    let f = sqr::<Fun, f64>();
    assert_eq!(f.apply(3.0), 9.0);
    assert_eq!(f.apply(-0.5), 0.25);
}

fn sqr_derivatives<K: Rep>() {
    let f = sqr::<D<K>, f64>();
    assert_eq!(f.apply(3.0), 9.0);
    assert_eq!(derivative(&f, 3.0), 6.0);
    assert_eq!(derivative(&f, -0.5), -1.0);
    assert_eq!(jvp(&f, 3.0, 2.0), (9.0, 12.0));
    assert_eq!(vjp(&f, 3.0, 0.5), (9.0, 3.0));
    assert_eq!(gradient(&f, -0.5), -1.0);
    assert_eq!(jacobian(&f, 3.0), DMatrix::from_row_slice(1, 1, &[6.0]));
}

test_in_every_mode!(sqr_derivative, |K, _mode| sqr_derivatives::<K>());

// ---------------------------------------------------------------------------------------------
// magSqr (a, b) = a² + b²
//
// ∂/∂a = 2a, ∂/∂b = 2b, so at (3, 4): value 9 + 16 = 25, gradient (6, 8), Jacobian [6 8] (1×2).
// jvp along (da, db) is 6·da + 8·db: (1, 0) ↦ 6, (0, 1) ↦ 8, (0.5, -0.25) ↦ 3 - 2 = 1.
// vjp of the cotangent 2 is 2 · (6, 8) = (12, 16).
// At (-1.5, 0.25): value 2.25 + 0.0625 = 2.3125, gradient (-3, 0.5).
// All exact in binary floating point.

#[test]
fn mag_sqr_value_in_fun() {
    let f = mag_sqr::<Fun, f64>();
    assert_eq!(f.apply((3.0, 4.0)), 25.0);
    assert_eq!(f.apply((-1.5, 0.25)), 2.3125);
}

fn mag_sqr_derivatives<K: Rep>() {
    let f = mag_sqr::<D<K>, f64>();
    assert_eq!(f.apply((3.0, 4.0)), 25.0);
    assert_eq!(jvp(&f, (3.0, 4.0), (1.0, 0.0)), (25.0, 6.0));
    assert_eq!(jvp(&f, (3.0, 4.0), (0.0, 1.0)), (25.0, 8.0));
    assert_eq!(jvp(&f, (3.0, 4.0), (0.5, -0.25)), (25.0, 1.0));
    assert_eq!(vjp(&f, (3.0, 4.0), 2.0), (25.0, (12.0, 16.0)));
    assert_eq!(gradient(&f, (3.0, 4.0)), (6.0, 8.0));
    assert_eq!(gradient(&f, (-1.5, 0.25)), (-3.0, 0.5));
    assert_eq!(
        jacobian(&f, (3.0, 4.0)),
        DMatrix::from_row_slice(1, 2, &[6.0, 8.0])
    );
}

test_in_every_mode!(mag_sqr_derivative, |K, _mode| mag_sqr_derivatives::<K>());

// ---------------------------------------------------------------------------------------------
// cosSinProd (x, y) = (cos z, sin z) where z = x · y
//
// Chain rule through z = xy (∂z/∂x = y, ∂z/∂y = x):
//   ∂/∂x cos z = -sin z · y,   ∂/∂y cos z = -sin z · x,
//   ∂/∂x sin z =  cos z · y,   ∂/∂y sin z =  cos z · x,
// so the Jacobian is [[-y sin z, -x sin z], [y cos z, x cos z]].
//
// At (0, 2): z = 0, value (1, 0), Jacobian [[0, 0], [2, 0]] (exact).
// At (0.5, 2): z = 1, value (cos 1, sin 1), Jacobian [[-2 sin 1, -0.5 sin 1], [2 cos 1, 0.5 cos 1]]
// (closed form). jvp along (1, 1) sums the columns: (-2.5 sin 1, 2.5 cos 1); vjp of (1, 0) is the
// first row, of (0, 1) the second, and of (1, -1) their difference
// (-2 sin 1 - 2 cos 1, -0.5 sin 1 - 0.5 cos 1).

#[test]
fn cos_sin_prod_value_in_fun() {
    let f = cos_sin_prod::<Fun, f64>();
    assert_eq!(f.apply((0.0, 2.0)), (1.0, 0.0));
    assert_close(
        &f.apply((0.5, 2.0)),
        &(1f64.cos(), 1f64.sin()),
        "value at (0.5, 2)",
    );
}

fn cos_sin_prod_derivatives<K: Rep>() {
    let f = cos_sin_prod::<D<K>, f64>();
    let (s, c) = (1f64.sin(), 1f64.cos());

    assert_eq!(jvp(&f, (0.0, 2.0), (1.0, 0.0)), ((1.0, 0.0), (0.0, 2.0)));
    assert_eq!(jvp(&f, (0.0, 2.0), (0.0, 1.0)), ((1.0, 0.0), (0.0, 0.0)));
    assert_matrix_close(&jacobian(&f, (0.0, 2.0)), 2, 2, &[0.0, 0.0, 2.0, 0.0]);

    let at = (0.5, 2.0);
    assert_close(&f.apply(at), &(c, s), "value at (0.5, 2)");
    let (y, dy) = jvp(&f, at, (1.0, 1.0));
    assert_close(&y, &(c, s), "jvp value");
    assert_close(&dy, &(-2.5 * s, 2.5 * c), "jvp along (1, 1)");
    assert_close(
        &vjp(&f, at, (1.0, 0.0)).1,
        &(-2.0 * s, -0.5 * s),
        "vjp of (1, 0)",
    );
    assert_close(
        &vjp(&f, at, (0.0, 1.0)).1,
        &(2.0 * c, 0.5 * c),
        "vjp of (0, 1)",
    );
    assert_close(
        &vjp(&f, at, (1.0, -1.0)).1,
        &(-2.0 * s - 2.0 * c, -0.5 * s - 0.5 * c),
        "vjp of (1, -1)",
    );
    assert_matrix_close(
        &jacobian(&f, at),
        2,
        2,
        &[-2.0 * s, -0.5 * s, 2.0 * c, 0.5 * c],
    );
}

test_in_every_mode!(
    cos_sin_prod_derivative,
    |K, _mode| cos_sin_prod_derivatives::<K>()
);

// ---------------------------------------------------------------------------------------------
// Fig. 12: λ ((x, y), z) → cos (x + y · z)
//
// With u = x + yz (∂u/∂x = 1, ∂u/∂y = z, ∂u/∂z = y):
//   ∂/∂x cos u = -sin u,   ∂/∂y cos u = -sin u · z,   ∂/∂z cos u = -sin u · y.
//
// At ((0, 0), 5): u = 0, value 1, gradient ((0, 0), 0) (exact: sin 0 = 0).
// At ((0.5, 2), 0.25): u = 0.5 + 0.5 = 1, value cos 1,
//   gradient ((-sin 1, -0.25 sin 1), -2 sin 1), Jacobian [-sin 1, -0.25 sin 1, -2 sin 1] (1×3).
//   jvp along ((1, 0), 0) is ∂/∂x = -sin 1; along ((1, 4), 0.5) it is
//   -sin 1 · (1 + 4 · 0.25 + 0.5 · 2) = -3 sin 1. vjp of 2 doubles the gradient.

#[test]
fn cos_xyz_value_in_fun() {
    let f = cos_xyz::<Fun, f64>();
    assert_eq!(f.apply(((0.0, 0.0), 5.0)), 1.0);
    assert_close(
        &f.apply(((0.5, 2.0), 0.25)),
        &1f64.cos(),
        "value at ((0.5, 2), 0.25)",
    );
}

fn cos_xyz_derivatives<K: Rep>() {
    let f = cos_xyz::<D<K>, f64>();
    let s = 1f64.sin();

    assert_eq!(gradient(&f, ((0.0, 0.0), 5.0)), ((0.0, 0.0), 0.0));

    let at = ((0.5, 2.0), 0.25);
    assert_close(&f.apply(at), &1f64.cos(), "value");
    assert_close(&gradient(&f, at), &((-s, -0.25 * s), -2.0 * s), "gradient");
    assert_close(&jvp(&f, at, ((1.0, 0.0), 0.0)).1, &-s, "jvp along x");
    assert_close(
        &jvp(&f, at, ((1.0, 4.0), 0.5)).1,
        &(-3.0 * s),
        "jvp along ((1, 4), 0.5)",
    );
    let (y, dx) = vjp(&f, at, 2.0);
    assert_close(&y, &1f64.cos(), "vjp value");
    assert_close(&dx, &((-2.0 * s, -0.5 * s), -4.0 * s), "vjp of 2");
    assert_matrix_close(&jacobian(&f, at), 1, 3, &[-s, -0.25 * s, -2.0 * s]);
}

test_in_every_mode!(cos_xyz_derivative, |K, _mode| cos_xyz_derivatives::<K>());
