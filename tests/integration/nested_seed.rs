//! The nested problems of Siskind and Pearlmutter's slides (seed 003), with catad's derivative
//! operators and optimisers (`catad::nested`): function inversion by `root`, `argmin` as the root
//! of the derivative, a pair of interacting rational agents (an argmax inside an argmax), and
//! maximum likelihood. The agents are in `examples/nesting.rs`, which this runs.

use crate::macro_support::close;
use catad::interpretations::{AddFun, Begin, Cont, D, Delta, Dual};
use catad::nested::{Solver, argmin, gradient_descent, gradient_of, root};
use catad::prelude::*;
use catad::staged::Sym;
use catad::vocabulary::PrimitiveCat;
use std::rc::Rc;

/// `f x = x³ + x`, increasing, so invertible.
#[catad::program]
fn cubic<S: Scalar>(x: S) -> S {
    x * x * x + x
}

/// `f x − y`, whose root in `x` is `f⁻¹ y`.
#[catad::program]
fn cubic_residual<S: Scalar>(y: S, x: S) -> S {
    cubic(x) - y
}

catad::primitive! {
    /// The residual's gradient, in reverse mode.
    fn cubic_residual_gradient<S: Scalar>(y: S, x: S) -> (S, S) =
        gradient_of::<S, _, _>(&cubic_residual::<Reverse, Sym>());
}

/// `∂/∂x (f x − y)`, Newton's slope.
#[catad::program]
fn cubic_slope<S: Scalar>(y: S, x: S) -> S {
    let (_, d) = cubic_residual_gradient(y, x);
    d
}

/// `f⁻¹` as the program `(y, x₀) ↦ x` (the seed's `f⁻¹ y = Root (λx. f x − y) x₀`).
fn inverse<K: Program<f64> + Solver<f64>>() -> Hom<K, (f64, f64), f64> {
    root::<K, f64, f64>(cubic_residual::<K, f64>(), cubic_slope::<K, f64>(), 1e-13)
}

#[test]
fn function_inversion_by_root_and_its_derivative() {
    for y in [-3.0, 0.5, 10.0] {
        let x = inverse::<Fun>().apply((y, 0.0));
        assert!((cubic::<Fun, f64>().apply(x) - y).abs() < 1e-12);
        // (f⁻¹)′ y = 1 / f′ (f⁻¹ y), through the Newton steps, in every mode.
        let expected = 1.0 / (3.0 * x * x + 1.0);
        let by_mode = [
            gradient(&inverse::<Forward>(), (y, 0.0)).0,
            gradient(&inverse::<Reverse>(), (y, 0.0)).0,
            gradient(&inverse::<ReverseDelta>(), (y, 0.0)).0,
        ];
        for d in by_mode {
            assert!((d - expected).abs() < 1e-10, "{d} against {expected}");
        }
    }
}

#[path = "../../examples/nesting.rs"]
mod nesting;

#[test]
fn a_double_agent_an_argmax_inside_an_argmax() {
    nesting::main();
    let (a, b) = nesting::double_agent();
    // B answers best: ∂r_B/∂b = 0 at (a, b) …
    let db = nesting::b_slope::<Fun, f64>().apply((a, b));
    assert!(db.abs() < 1e-10, "∂r_B/∂b = {db}");
    // … and A's choice is stationary for A's reward with B's answer, by differences of values.
    let h = 1e-5;
    let value = |a: f64| nesting::leader::<Fun, f64>().apply(a);
    let da = (value(a + h) - value(a - h)) / (2.0 * h);
    assert!(da.abs() < 1e-7, "d r_A / da = {da} at a = {a}");
    assert!(
        value(a) > value(a + 1e-3) && value(a) > value(a - 1e-3),
        "a maximum"
    );
}

/// The log-likelihood of the rate `θ` of an exponential distribution for the samples `xs`.
#[catad::program]
fn log_likelihood<S: Scalar>(#[data] xs: Vec<S>, theta: S) -> S {
    xs.iter().map(|x| theta.ln() - theta * x).sum::<S>()
}

#[test]
fn maximum_likelihood_by_newton_on_nested_derivatives() {
    // The maximum of the log-likelihood: the root of its derivative in θ (a nested gradient),
    // by Newton's method, the slope of the derivative a gradient of that gradient.
    let staged = log_likelihood::<Reverse, Sym>();
    let slope = Fun::compose(
        Fun::exr(),
        Fun::primitive(Rc::new(gradient_of::<f64, _, _>(&staged))),
    );
    let slope_staged = Forward::compose(
        Forward::exr(),
        <Forward as PrimitiveCat<Sym>>::primitive(Rc::new(gradient_of::<Sym, _, _>(&staged))),
    );
    let curvature = Fun::compose(
        Fun::exr(),
        Fun::primitive(Rc::new(gradient_of::<f64, _, _>(&slope_staged))),
    );
    let xs = catad::space::Data::new(vec![0.5, 1.5, 2.0, 0.25]);
    let theta = argmin::<Fun, _, f64>(slope, curvature, 1e-14).apply((xs, 1.0));
    // θ = n / Σ x.
    assert!((theta - 4.0 / 4.25).abs() < 1e-12, "θ = {theta}");
}

/// The data of the supervised learning problem: a line `y ≈ a + b·x` through four points.
const XS: [f64; 4] = [-1.0, 0.0, 1.0, 2.0];
const YS: [f64; 4] = [0.5, 1.0, 2.5, 3.0];

/// Ridge regression's error `Σᵢ (a + b·xᵢ − yᵢ)² + λ (a² + b²)` of the line `w = (a, b)`.
#[catad::program]
fn ridge<S: Scalar>(lambda: S, w: (S, S)) -> S {
    let (a, b) = w;
    let r0 = a - b - 0.5;
    let r1 = a - 1.0;
    let r2 = a + b - 2.5;
    let r3 = a + 2.0 * b - 3.0;
    r0 * r0 + r1 * r1 + r2 * r2 + r3 * r3 + lambda * (a * a + b * b)
}

/// The fitted line `(λ, w₀) ↦ w` by gradient descent on the error (the seed's "Supervised Machine
/// Learning": `GradientDescent Error, w₀, ε`), its gradient a nested derivative.
fn fit<K: Program<f64> + Solver<f64>>() -> Hom<K, (f64, (f64, f64)), (f64, f64)> {
    let error_gradient = K::compose(
        K::exr(),
        K::primitive(Rc::new(gradient_of::<f64, _, _>(&ridge::<Reverse, Sym>()))),
    );
    gradient_descent::<K, _, _, _>(ridge::<K, f64>(), error_gradient, 1e-8)
}

/// The closed form: `(XᵀX + λI) w = Xᵀy`, and `dw/dλ = −(XᵀX + λI)⁻¹ w`.
fn ridge_solution(lambda: f64) -> (nalgebra::Vector2<f64>, nalgebra::Vector2<f64>) {
    let (mut gram, mut rhs) = (
        nalgebra::Matrix2::<f64>::zeros(),
        nalgebra::Vector2::zeros(),
    );
    for (x, y) in XS.iter().zip(YS) {
        let row = nalgebra::Vector2::new(1.0, *x);
        gram += row * row.transpose();
        rhs += row * y;
    }
    let system = gram + nalgebra::Matrix2::identity() * lambda;
    let inverse = system
        .try_inverse()
        .expect("the Gram matrix plus λI is invertible");
    let w = inverse * rhs;
    (w, -(inverse * w))
}

#[test]
fn supervised_learning_by_gradient_descent_and_its_derivative_in_the_regulariser() {
    let (lambda, start) = (0.5, (0.0, 0.0));
    let (w, dw) = ridge_solution(lambda);
    // Every mode but D<Mat>, whose matrices are sized by types, while a loop's derivative runs
    // over the count of its iterations, known only at run time.
    macro_rules! in_modes_with_loops {
        (|$k:ident, $mode:ident| $body:block) => {{
            {
                type $k = AddFun;
                let $mode = "Forward";
                $body
            }
            {
                type $k = Dual<AddFun>;
                let $mode = "Reverse";
                $body
            }
            {
                type $k = Cont<Dual<Delta>, f64>;
                let $mode = "ReverseCont";
                $body
            }
            {
                type $k = Begin<Delta, f64>;
                let $mode = "ForwardBegin";
                $body
            }
            {
                type $k = Delta;
                let $mode = "ReverseDelta";
                $body
            }
        }};
    }
    in_modes_with_loops!(|K, mode| {
        // The descent stops at a step of ε = 1e-8 (about √ulp: closer, the line search compares
        // values that differ by rounding alone); the fitted line is then within ε of the closed
        // form, and its derivative, converging with it, within 10ε (measured in Forward mode:
        // 1.6e-10 and 1.1e-8).
        let fitted = fit::<D<K>>().apply((lambda, start));
        let near = |a: f64, b: f64, within: f64| (a - b).abs() <= within;
        assert!(
            near(fitted.0, w[0], 1e-8) && near(fitted.1, w[1], 1e-8),
            "{mode}: {fitted:?}, the closed form {w:?}"
        );
        // Differentiated through every step: dw/dλ, and (at convergence) no dependence on w₀.
        let j = jacobian(&fit::<D<K>>(), (lambda, start));
        assert!(
            near(j[(0, 0)], dw[0], 1e-7) && near(j[(1, 0)], dw[1], 1e-7),
            "{mode}: {j}, the closed form {dw:?}"
        );
        assert!(
            j.columns(1, 2).iter().all(|d| d.abs() < 1e-7),
            "{mode}: {j}"
        );
    });
}

/// The error at the fitted line, `λ ↦ E(λ, w*(λ))`: a gradient descent inside a program that is
/// differentiated again.
fn fitted_error<K: Program<f64> + Solver<f64>>() -> Hom<K, f64, f64> {
    let start = K::fork(K::id(), K::fork(K::const_c(0.0), K::const_c(0.0)));
    let fitted = K::compose(fit::<K>(), start);
    K::compose(ridge::<K, f64>(), K::fork(K::id(), fitted))
}

#[test]
fn the_fitted_error_moves_with_the_regulariser_as_the_envelope_theorem_says() {
    // At a minimum, dE/dλ = ∂E/∂λ = ‖w*‖²: the descent's own derivative cancels.
    for lambda in [0.1, 0.5, 2.0] {
        let (w, _) = ridge_solution(lambda);
        let expected = w.norm_squared();
        for (mode, d) in [
            ("Forward", derivative(&fitted_error::<Forward>(), lambda)),
            ("Reverse", derivative(&fitted_error::<Reverse>(), lambda)),
        ] {
            assert!(
                close(&[d], &[expected]),
                "{mode} at λ = {lambda}: {d}, ‖w*‖² = {expected}"
            );
        }
    }
}
