//! The nested problems of Siskind and Pearlmutter's slides (seed 003), with catad's derivative
//! operators and optimisers (`catad::nested`): function inversion by `root`, `argmin` as the root
//! of the derivative, a pair of interacting rational agents (an argmax inside an argmax), and
//! maximum likelihood. The agents are in `examples/nesting.rs`, which this runs.

use catad::nested::{Solver, argmin, gradient_of, root};
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
