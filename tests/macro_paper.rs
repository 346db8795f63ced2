//! The paper's examples written as ordinary Rust with `#[catad::program]` agree with the
//! hand-written combinator versions in `catad::paper`, in every mode (Forward, Reverse, ReverseCont,
//! ForwardBegin, `D<Mat>`): values, jvp, vjp, gradient and Jacobian.

use catad::cats::Mat;
use catad::paper;
use catad::prelude::*;
use nalgebra::DMatrix;

/// The paper's examples (§5, Fig. 12), as the paper writes them.
mod programs {
    /// `sqr a = a · a`.
    #[catad::program]
    pub fn sqr(a: f64) -> f64 {
        a * a
    }

    /// `magSqr (a, b) = sqr a + sqr b`.
    #[catad::program]
    pub fn mag_sqr(a: f64, b: f64) -> f64 {
        sqr(a) + sqr(b)
    }

    /// `cosSinProd (x, y) = (cos z, sin z) where z = x · y`.
    #[catad::program]
    pub fn cos_sin_prod(x: f64, y: f64) -> (f64, f64) {
        let z = x * y;
        (z.cos(), z.sin())
    }

    /// `λ ((x, y), z) → cos (x + y · z)`: three parameters make the domain `((x, y), z)`.
    #[catad::program]
    pub fn cos_xyz(x: f64, y: f64, z: f64) -> f64 {
        (x + y * z).cos()
    }
}

const TOLERANCE: f64 = 1e-12;

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x - y).abs() <= TOLERANCE * (1.0 + x.abs().max(y.abs())))
}

fn assert_close<V: Space<f64>>(what: &str, a: &V, b: &V) {
    assert!(
        close(&a.coords(), &b.coords()),
        "{what}: macro {a:?} vs hand-written {b:?}"
    );
}

fn assert_matrices_close(what: &str, a: &DMatrix<f64>, b: &DMatrix<f64>) {
    assert_eq!(a.shape(), b.shape(), "{what}: shapes");
    assert!(
        close(a.as_slice(), b.as_slice()),
        "{what}: macro {a} vs hand-written {b}"
    );
}

/// Both forms of one program, interpreted in one derivative category, agree at `a` in value, jvp
/// along every `da`, vjp along every `db` and Jacobian.
fn agree_in<K, A, B>(
    mode: &str,
    by_macro: &Hom<D<K>, A, B>,
    by_hand: &Hom<D<K>, A, B>,
    a: &A,
    db: &B,
) where
    K: LinearMap<f64>,
    A: Space<f64>,
    B: Space<f64>,
{
    for da in a.basis() {
        let (m, h) = (
            jvp(by_macro, a.clone(), da.clone()),
            jvp(by_hand, a.clone(), da),
        );
        assert_close(&format!("{mode} jvp value"), &m.0, &h.0);
        assert_close(&format!("{mode} jvp"), &m.1, &h.1);
    }
    for db in db.basis().into_iter().chain([db.clone()]) {
        let (m, h) = (
            vjp(by_macro, a.clone(), db.clone()),
            vjp(by_hand, a.clone(), db),
        );
        assert_close(&format!("{mode} vjp value"), &m.0, &h.0);
        assert_close(&format!("{mode} vjp"), &m.1, &h.1);
    }
    assert_matrices_close(
        &format!("{mode} jacobian"),
        &jacobian(by_macro, a.clone()),
        &jacobian(by_hand, a.clone()),
    );
}

/// The two forms agree in `Fun` and in every derivative mode, at every point.
macro_rules! agree_everywhere {
    ($name:ident, $points:expr, $db:expr) => {
        for a in $points {
            assert_close(
                "Fun",
                &programs::$name::<Fun>().apply(a.clone()),
                &paper::$name::<Fun, f64>().apply(a.clone()),
            );
            agree_in(
                "Forward",
                &programs::$name::<Forward>(),
                &paper::$name::<Forward, f64>(),
                &a,
                &$db,
            );
            agree_in(
                "Reverse",
                &programs::$name::<Reverse>(),
                &paper::$name::<Reverse, f64>(),
                &a,
                &$db,
            );
            agree_in(
                "ReverseCont",
                &programs::$name::<ReverseCont<f64>>(),
                &paper::$name::<ReverseCont<f64>, f64>(),
                &a,
                &$db,
            );
            agree_in(
                "D<Mat>",
                &programs::$name::<D<Mat<f64>>>(),
                &paper::$name::<D<Mat<f64>>, f64>(),
                &a,
                &$db,
            );
            agree_in(
                "ForwardBegin",
                &programs::$name::<ForwardBegin<f64>>(),
                &paper::$name::<ForwardBegin<f64>, f64>(),
                &a,
                &$db,
            );
        }
    };
}

/// Gradients of scalar programs agree too, in both reverse modes.
macro_rules! gradients_agree {
    ($name:ident, $points:expr) => {
        for a in $points {
            assert_close(
                "Reverse gradient",
                &gradient(&programs::$name::<Reverse>(), a.clone()),
                &gradient(&paper::$name::<Reverse, f64>(), a.clone()),
            );
            assert_close(
                "ReverseCont gradient",
                &gradient(&programs::$name::<ReverseCont<f64>>(), a.clone()),
                &gradient(&paper::$name::<ReverseCont<f64>, f64>(), a.clone()),
            );
        }
    };
}

#[test]
fn sqr_agrees_in_every_mode() {
    let points = [-2.5, 0.0, 3.0];
    agree_everywhere!(sqr, points, 0.75);
    gradients_agree!(sqr, points);
    for x in points {
        assert_eq!(
            derivative(&programs::sqr::<Forward>(), x),
            derivative(&paper::sqr::<Forward, f64>(), x)
        );
    }
}

#[test]
fn mag_sqr_agrees_in_every_mode() {
    let points = [(3.0, 4.0), (-1.5, 0.25), (0.0, 0.0)];
    agree_everywhere!(mag_sqr, points, -2.0);
    gradients_agree!(mag_sqr, points);
    assert_eq!(
        gradient(&programs::mag_sqr::<Reverse>(), (3.0, 4.0)),
        (6.0, 8.0)
    );
}

#[test]
fn cos_sin_prod_agrees_in_every_mode() {
    let points = [(0.5, 2.0), (-1.0, 0.3), (2.0, -2.0)];
    agree_everywhere!(cos_sin_prod, points, (0.5, -1.5));
}

#[test]
fn cos_xyz_agrees_in_every_mode() {
    let points = [((0.0, 0.0), 5.0), ((0.5, -1.0), 2.0), ((1.0, 2.0), -0.5)];
    agree_everywhere!(cos_xyz, points, 1.25);
    gradients_agree!(cos_xyz, points);
}
