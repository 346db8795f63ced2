//! Structs in programs: a `#[derive(HasRep)]` struct as a parameter (field access `p.w`) and as a
//! result (a struct literal) of `#[catad::program]`s. The programs agree with the same programs
//! written with the combinators (`repr_c`, `abst_c`, the indexed vocabulary) in `Fun` and in every
//! mode, a gradient with respect to a struct comes back as the struct, and gradient descent with
//! them fits a linear model.

use crate::macro_support::close;
use catad::interpretations::D;
use catad::prelude::*;
use catad::space::{HasRep, SVec};
use nalgebra::{DMatrix, SVector, Vector3};

/// The parameters of a linear model `x ↦ ⟨w, x⟩ + b`.
#[derive(Clone, Debug, PartialEq, HasRep)]
struct Params {
    w: SVector<f64, 3>,
    b: f64,
}

/// The programs, written as ordinary Rust.
mod programs {
    use super::*;

    /// A penalty on the parameters alone: ½‖w‖² + (b − 1)².
    #[catad::program]
    pub fn penalty(p: Params) -> f64 {
        let w: SVector<f64, 3> = p.w;
        0.5 * w.dot(w) + (p.b - 1.0).powi(2)
    }

    /// The squared error of the model on one example `(x, y)`.
    #[catad::program]
    pub fn loss(p: Params, x: SVector<f64, 3>, y: f64) -> f64 {
        let e = p.w.dot(x) + p.b - y;
        e * e
    }

    /// A step of gradient descent, `p − rate · g`: a struct built from two structs.
    #[catad::program]
    pub fn step(p: Params, g: Params, rate: f64) -> Params {
        let (w, gw): (SVector<f64, 3>, SVector<f64, 3>) = (p.w, g.w);
        Params {
            w: w.zip_with(gw, |wi, gi| wi - rate * gi),
            b: p.b - rate * g.b,
        }
    }

    /// The penalty after a step. Its signature names no vector: it inherits the bounds of the
    /// programs it calls.
    #[catad::program]
    pub fn penalty_after_step(p: Params, g: Params, rate: f64) -> f64 {
        penalty(step(p, g, rate))
    }
}

/// The same programs, written with the combinators.
mod by_hand {
    use super::*;

    /// What the hand-written programs use.
    pub trait Cat: Program<f64> + ProgramI<SVec<3>> + RepCat {}

    impl<K: Program<f64> + ProgramI<SVec<3>> + RepCat> Cat for K {}

    fn w<K: Cat>() -> Hom<K, Params, SVector<f64, 3>> {
        K::compose(K::exl(), K::repr_c::<Params>())
    }

    fn b<K: Cat>() -> Hom<K, Params, f64> {
        K::compose(K::exr(), K::repr_c::<Params>())
    }

    /// `⟨u, v⟩ = sum_c ∘ fmap mul_c ∘ zipI`.
    fn dot<K: Cat>() -> Hom<K, (SVector<f64, 3>, SVector<f64, 3>), f64> {
        let products = K::compose(K::fmap(SVec::<3>, K::mul_c()), K::zip_i(SVec::<3>));
        K::compose(K::sum_c(SVec::<3>), products)
    }

    pub fn penalty<K: Cat>() -> Hom<K, Params, f64> {
        let ww = K::compose(dot::<K>(), K::compose(K::dup(), w::<K>()));
        let half_ww = K::compose(K::mul_c(), K::fork(K::const_c(0.5), ww));
        let b_1 = K::compose(K::sub_c(), K::fork(b::<K>(), K::const_c(1.0)));
        let bb = K::compose(K::powi_c(2), b_1);
        K::compose(K::add_c(), K::fork(half_ww, bb))
    }

    /// The domain is the tuple `(p, x, y)`, taken apart by `repr_c` into `((p, x), y)`.
    pub fn loss<K: Cat>() -> Hom<K, (Params, SVector<f64, 3>, f64), f64> {
        let p = || K::compose(K::exl(), K::exl());
        let x = K::compose(K::exr(), K::exl());
        let wx = K::compose(dot::<K>(), K::fork(K::compose(w::<K>(), p()), x));
        let prediction = K::compose(K::add_c(), K::fork(wx, K::compose(b::<K>(), p())));
        let e = K::compose(K::sub_c(), K::fork(prediction, K::exr()));
        let squared = K::compose(K::mul_c(), K::compose(K::dup(), e));
        K::compose(squared, K::repr_c())
    }

    pub fn step<K: Cat>() -> Hom<K, (Params, Params, f64), Params> {
        let (p, g) = (
            || K::compose(K::exl(), K::exl()),
            || K::compose(K::exr(), K::exl()),
        );
        let rate = || K::exr();
        // rate · gw, elementwise: the rate is replicated and zipped with gw.
        let scaled_gw = K::compose(
            K::fmap(SVec::<3>, K::mul_c()),
            K::compose(
                K::zip_i(SVec::<3>),
                K::fork(
                    K::compose(K::repl_i(SVec::<3>), rate()),
                    K::compose(w::<K>(), g()),
                ),
            ),
        );
        let new_w = K::compose(
            K::fmap(SVec::<3>, K::sub_c()),
            K::compose(
                K::zip_i(SVec::<3>),
                K::fork(K::compose(w::<K>(), p()), scaled_gw),
            ),
        );
        let rate_gb = K::compose(K::mul_c(), K::fork(rate(), K::compose(b::<K>(), g())));
        let new_b = K::compose(K::sub_c(), K::fork(K::compose(b::<K>(), p()), rate_gb));
        let stepped = K::compose(K::abst_c::<Params>(), K::fork(new_w, new_b));
        K::compose(stepped, K::repr_c())
    }

    pub fn penalty_after_step<K: Cat>() -> Hom<K, (Params, Params, f64), f64> {
        K::compose(penalty::<K>(), step::<K>())
    }
}

fn params(w: [f64; 3], b: f64) -> Params {
    Params {
        w: Vector3::from(w),
        b,
    }
}

/// The macro's and the hand-written program agree in `Fun` and, in value and Jacobian, in every
/// mode, at every point.
macro_rules! agree_everywhere {
    ($name:ident, $points:expr) => {
        for a in $points {
            let at = format!("{} at {a:?}", stringify!($name));
            let (m, h) = (
                programs::$name::<Fun>().apply(a.clone()),
                by_hand::$name::<Fun>().apply(a.clone()),
            );
            assert!(close(&m.coords(), &h.coords()), "{at}: Fun {m:?} vs {h:?}");
            in_every_mode!(|K, mode| {
                let (m, h) = (programs::$name::<D<K>>(), by_hand::$name::<D<K>>());
                let (vm, vh) = (m.apply(a.clone()), h.apply(a.clone()));
                assert!(close(&vm.coords(), &vh.coords()), "{at}: {mode} value");
                let (jm, jh): (DMatrix<f64>, DMatrix<f64>) =
                    (jacobian(&m, a.clone()), jacobian(&h, a.clone()));
                assert_eq!(jm.shape(), jh.shape(), "{at}: {mode} Jacobian shape");
                assert!(
                    close(jm.as_slice(), jh.as_slice()),
                    "{at}: {mode} Jacobian {jm} vs {jh}"
                );
            });
        }
    };
}

#[test]
fn field_access_agrees_with_repr_in_every_mode() {
    let points = [
        params([1.0, -2.0, 0.5], 3.0),
        params([0.0, 0.25, -1.0], -0.5),
    ];
    agree_everywhere!(penalty, points.clone());
    let x = Vector3::new(0.5, 1.5, -2.0);
    agree_everywhere!(loss, points.clone().map(|p| (p, x, 0.75)));
}

#[test]
fn struct_literals_agree_with_abst_in_every_mode() {
    let (p, g) = (params([1.0, -2.0, 0.5], 3.0), params([0.5, 0.5, -1.0], 2.0));
    let points = [(p.clone(), g.clone(), 0.1), (g, p, -0.3)];
    agree_everywhere!(step, points.clone());
    agree_everywhere!(penalty_after_step, points);
}

#[test]
fn a_struct_literal_builds_the_struct() {
    let (p, g) = (params([1.0, -2.0, 0.5], 3.0), params([0.5, 0.5, -1.0], 2.0));
    let stepped = programs::step::<Fun>().apply((p, g, 0.5));
    assert_eq!(stepped, params([0.75, -2.25, 1.0], 2.0));
}

#[test]
fn the_gradient_with_respect_to_a_struct_is_the_struct_in_every_mode() {
    let p = params([1.0, -2.0, 0.5], 3.0);
    // ∇(½‖w‖² + (b − 1)²) = (w, 2(b − 1)).
    let expected = params([1.0, -2.0, 0.5], 4.0);
    in_every_mode!(|K, mode| {
        let g: Params = gradient(&programs::penalty::<D<K>>(), p.clone());
        assert!(close(&g.coords(), &expected.coords()), "{mode}: {g:?}");
    });
    // The loss's gradient has the domain's shape (Params, x, y); its first part is a Params.
    let (x, y) = (Vector3::new(0.5, 1.5, -2.0), 0.75);
    let e = p.w.dot(&x) + p.b - y;
    let (g, _, _) = gradient(&programs::loss::<Reverse>(), (p.clone(), x, y));
    let expected = Params {
        w: x * (2.0 * e),
        b: 2.0 * e,
    };
    assert!(close(&g.coords(), &expected.coords()), "{g:?}");
}

#[test]
fn gradient_descent_with_programs_fits_a_linear_model() {
    // Noise-free examples of y = ⟨(1, −2, 0.5), x⟩ + 3.
    let truth = params([1.0, -2.0, 0.5], 3.0);
    let xs = [
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
        [1.0, 1.0, 1.0],
        [-1.0, 0.5, 2.0],
    ]
    .map(Vector3::from);
    let examples: Vec<(SVector<f64, 3>, f64)> =
        xs.iter().map(|x| (*x, truth.w.dot(x) + truth.b)).collect();
    let (loss, step) = (programs::loss::<Reverse>(), programs::step::<Fun>());
    let total = |p: &Params| -> f64 {
        examples
            .iter()
            .map(|(x, y)| loss.apply((p.clone(), *x, *y)))
            .sum()
    };
    let mut p = Params::zero();
    let start = total(&p);
    for _ in 0..2000 {
        let g = examples.iter().fold(Params::zero(), |acc, (x, y)| {
            let (g, _, _) = gradient(&loss, (p.clone(), *x, *y));
            acc.plus(&g)
        });
        p = step.apply((p, g, 0.05));
    }
    assert!(total(&p) < 1e-20 * start.max(1.0), "loss {}", total(&p));
    let error = p.plus(&truth.scale(-1.0));
    assert!(error.dot(&error).sqrt() < 1e-9, "{p:?}");
}
