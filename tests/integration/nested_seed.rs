//! The nested problems of Siskind and Pearlmutter's slides (seed 003), with catad's derivative
//! operators and optimisers (`catad::nested`): function inversion by `root`, `argmin` as the root
//! of the derivative, a pair of interacting rational agents (an argmax inside an argmax), and
//! maximum likelihood.

use catad::nested::{Solver, argmin, derivative_of, gradient_of, root};
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

/// Agent B's reward for B's action `b` after A's action `a`.
#[catad::program]
fn reward_b<S: Scalar>(a: S, b: S) -> S {
    let gap = b - a.sin();
    -(gap * gap) - b * b * b * b / 4.0
}

catad::primitive! {
    /// B's reward's gradient, in reverse mode.
    fn reward_b_gradient<S: Scalar>(a: S, b: S) -> (S, S) =
        gradient_of::<S, _, _>(&reward_b::<Reverse, Sym>());
}

/// `∂r_B/∂b`.
#[catad::program]
fn b_slope<S: Scalar>(a: S, b: S) -> S {
    let (_, d) = reward_b_gradient(a, b);
    d
}

catad::primitive! {
    /// The gradient of `∂r_B/∂b`, in forward mode: a second derivative by nesting.
    fn b_slope_gradient<S: Scalar>(a: S, b: S) -> (S, S) =
        gradient_of::<S, _, _>(&b_slope::<Forward, Sym>());
}

/// `∂²r_B/∂b²`.
#[catad::program]
fn b_curvature<S: Scalar>(a: S, b: S) -> S {
    let (_, d) = b_slope_gradient(a, b);
    d
}

/// Agent A's reward for `a`, B answering `b`.
#[catad::program]
fn reward_a<S: Scalar>(a: S, b: S) -> S {
    -((a - 1.0) * (a - 1.0)) - (b - 1.0) * (b - 1.0) + a * b
}

/// B's best response to `a`: the argmax of `r_B(a, ·)` by Newton from 0.
fn response<K: Program<S> + Solver<S>, S: Scalar>() -> Hom<K, S, S> {
    let best = argmin::<K, S, S>(b_slope::<K, S>(), b_curvature::<K, S>(), 1e-13);
    K::compose(best, K::fork(K::id(), K::const_c(S::from_f64(0.0))))
}

/// A's reward for `a` when B answers best: `r_A(a, argmax_b r_B(a, b))`.
fn leader<K: Program<S> + Solver<S>, S: Scalar>() -> Hom<K, S, S> {
    K::compose(reward_a::<K, S>(), K::fork(K::id(), response::<K, S>()))
}

/// The derivative of `leader` as a program `((), a) ↦ …` in `K`, staged in reverse mode.
fn leader_slope<K: PrimitiveCat<S> + Cartesian, S: Scalar>() -> Hom<K, ((), S), S> {
    let d = derivative_of::<S, _>(&leader::<Reverse, Sym>());
    K::compose(K::primitive(Rc::new(d)), K::exr())
}

#[test]
fn a_double_agent_an_argmax_inside_an_argmax() {
    // A's second derivative: the derivative (in forward mode) of A's derivative (in reverse
    // mode), itself taken through B's Newton iterations on B's nested derivatives.
    let slope = leader_slope::<Fun, f64>();
    let first = leader_slope::<Forward, Sym>();
    let second = derivative_of::<f64, _>(&Forward::compose(
        first,
        Forward::fork(Forward::it(), Forward::id()),
    ));
    let curvature = Fun::compose(Fun::primitive(Rc::new(second)), Fun::exr());
    let a = argmin::<Fun, (), f64>(slope, curvature, 1e-12).apply(((), 0.5));
    let b = response::<Fun, f64>().apply(a);
    // B answers best: ∂r_B/∂b = 0 at (a, b) …
    let db = b_slope::<Fun, f64>().apply((a, b));
    assert!(db.abs() < 1e-10, "∂r_B/∂b = {db}");
    // … and A's choice is stationary for A's reward with B's answer, by differences of values.
    let h = 1e-5;
    let value = |a: f64| leader::<Fun, f64>().apply(a);
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
