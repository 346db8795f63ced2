//! The paper's examples written as ordinary Rust with `#[catad::program]` (the programs of
//! `examples/tour.rs`) agree with the hand-written combinator versions in `catad::paper`, in `Fun`
//! and in every mode the tour shows (Forward, Reverse, ReverseCont, ForwardBegin, `D<Mat>`):
//! values, jvp, vjp, Jacobian, gradient and derivative. The tour itself runs here too.

use crate::macro_support::close;
use catad::interpretations::D;
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use nalgebra::DMatrix;

/// The tour, whose `programs` are the paper's examples (§5, Fig. 12) written as the paper writes
/// them, with `#[catad::program]`.
#[path = "../../examples/tour.rs"]
mod tour;

use tour::programs;

/// `catad::paper`'s programs, `cos_xyz` from the tuple of its parameters, as the macro's takes
/// them: after `repr_c`, the left-nested pairs the paper's takes.
mod paper {
    pub use catad::paper::{cos_sin_prod, mag_sqr, sqr};
    use catad::prelude::*;

    pub fn cos_xyz<K: Cartesian + FloatingCat<S> + RepCat, S: Scalar>() -> Hom<K, (S, S, S), S> {
        K::compose(catad::paper::cos_xyz::<K, S>(), K::repr_c())
    }
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
            in_every_mode!(|K, mode| agree_in(
                mode,
                &programs::$name::<D<K>>(),
                &paper::$name::<D<K>, f64>(),
                &a,
                &$db,
            ));
        }
    };
}

/// Gradients of scalar programs agree too, in every mode.
macro_rules! gradients_agree {
    ($name:ident, $points:expr) => {
        for a in $points {
            in_every_mode!(|K, mode| assert_close(
                &format!("{mode} gradient"),
                &gradient(&programs::$name::<D<K>>(), a.clone()),
                &gradient(&paper::$name::<D<K>, f64>(), a.clone()),
            ));
        }
    };
}

#[test]
fn sqr_agrees_in_every_mode() {
    let points = [-2.5, 0.0, 3.0];
    agree_everywhere!(sqr, points, 0.75);
    gradients_agree!(sqr, points);
    for x in points {
        in_every_mode!(|K, mode| assert_eq!(
            derivative(&programs::sqr::<D<K>>(), x),
            derivative(&paper::sqr::<D<K>, f64>(), x),
            "{mode} derivative at {x}"
        ));
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
    let points = [(0.0, 0.0, 5.0), (0.5, -1.0, 2.0), (1.0, 2.0, -0.5)];
    agree_everywhere!(cos_xyz, points, 1.25);
    gradients_agree!(cos_xyz, points);
}

#[test]
fn the_tour_runs_and_its_modes_agree() {
    // The tour panics if two modes' Jacobians, gradients or derivatives differ, or if a Jacobian
    // strays from finite differences.
    tour::main();
}
