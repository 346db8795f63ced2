//! Nested derivatives (`catad::nested`): a Hessian, a Newton solve differentiated through its
//! steps, and a nested argmin — an argmax inside an argmax, Siskind and Pearlmutter's pair of
//! interacting rational agents — each with a derivative taken inside a program that is itself
//! differentiated.
//!
//! The tour points here. Run with `cargo run --release --example nesting`; the test
//! `tests/integration/nested_seed.rs` runs it and checks the agents' answers.

use catad::nested::{Solver, argmin, derivative_of, gradient_of, hessian, root};
use catad::prelude::*;
use catad::staged::Sym;
use catad::vocabulary::PrimitiveCat;
use std::rc::Rc;

/// `x² − a`, whose root in `x` is `√a`.
#[catad::program]
fn residual<S: Scalar>(a: S, x: S) -> S {
    x * x - a
}

catad::primitive! {
    /// The residual's gradient, in reverse mode: Newton's slope, nested.
    fn residual_gradient<S: Scalar>(a: S, x: S) -> (S, S) =
        gradient_of::<S, _, _>(&residual::<Reverse, Sym>());
}

/// `∂/∂x (x² − a)`.
#[catad::program]
fn slope<S: Scalar>(a: S, x: S) -> S {
    let (_, d) = residual_gradient(a, x);
    d
}

/// `√a` by Newton's method from `x₀`: the program `(a, x₀) ↦ √a`.
fn square_root<K: Program<f64> + Solver<f64>>() -> Hom<K, (f64, f64), f64> {
    root::<K, f64, f64>(residual::<K, f64>(), slope::<K, f64>(), 1e-13)
}

/// Agent B's reward for B's action `b` after A's action `a`.
#[catad::program]
pub fn reward_b<S: Scalar>(a: S, b: S) -> S {
    let gap = b - a.sin();
    -(gap * gap) - b * b * b * b / 4.0
}

catad::primitive! {
    /// B's reward's gradient, in reverse mode.
    pub fn reward_b_gradient<S: Scalar>(a: S, b: S) -> (S, S) =
        gradient_of::<S, _, _>(&reward_b::<Reverse, Sym>());
}

/// `∂r_B/∂b`.
#[catad::program]
pub fn b_slope<S: Scalar>(a: S, b: S) -> S {
    let (_, d) = reward_b_gradient(a, b);
    d
}

catad::primitive! {
    /// The gradient of `∂r_B/∂b`, in forward mode: a second derivative by nesting.
    pub fn b_slope_gradient<S: Scalar>(a: S, b: S) -> (S, S) =
        gradient_of::<S, _, _>(&b_slope::<Forward, Sym>());
}

/// `∂²r_B/∂b²`.
#[catad::program]
pub fn b_curvature<S: Scalar>(a: S, b: S) -> S {
    let (_, d) = b_slope_gradient(a, b);
    d
}

/// Agent A's reward for `a`, B answering `b`.
#[catad::program]
pub fn reward_a<S: Scalar>(a: S, b: S) -> S {
    -((a - 1.0) * (a - 1.0)) - (b - 1.0) * (b - 1.0) + a * b
}

/// B's best response to `a`: the argmax of `r_B(a, ·)` by Newton from 0.
pub fn response<K: Program<S> + Solver<S>, S: Scalar>() -> Hom<K, S, S> {
    let best = argmin::<K, S, S>(b_slope::<K, S>(), b_curvature::<K, S>(), 1e-13);
    K::compose(best, K::fork(K::id(), K::const_c(S::from_f64(0.0))))
}

/// A's reward for `a` when B answers best: `r_A(a, argmax_b r_B(a, b))`.
pub fn leader<K: Program<S> + Solver<S>, S: Scalar>() -> Hom<K, S, S> {
    K::compose(reward_a::<K, S>(), K::fork(K::id(), response::<K, S>()))
}

/// The derivative of `leader` as a program `((), a) ↦ …` in `K`, staged in reverse mode.
pub fn leader_slope<K: PrimitiveCat<S> + Cartesian, S: Scalar>() -> Hom<K, ((), S), S> {
    let d = derivative_of::<S, _>(&leader::<Reverse, Sym>());
    K::compose(K::primitive(Rc::new(d)), K::exr())
}

/// The two agents' actions: A's `a` maximising A's reward when B answers best, and B's answer.
pub fn double_agent() -> (f64, f64) {
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
    (a, response::<Fun, f64>().apply(a))
}

pub fn main() {
    println!("catad nesting: derivatives inside programs that are differentiated again");

    let f = catad::paper::cos_xyz::<Reverse, Sym>();
    let at = ((0.5, 1.0), 2.0);
    let h = hessian(&f, at);
    println!("\n═══ The Hessian of cos (x + y·z) at (0.5, 1, 2): Forward over Reverse");
    println!("{h:.6}");
    assert!(
        (h.clone() - h.transpose()).norm() < 1e-12,
        "a Hessian is symmetric"
    );

    println!("═══ √2 by Newton's method, its slope a nested derivative");
    let x = square_root::<Fun>().apply((2.0, 1.0));
    let (d, _) = gradient(&square_root::<Reverse>(), (2.0, 1.0));
    println!("  √2 = {x:.15}, and d√a/da through the Newton steps = {d:.15}");
    assert!((x - 2.0_f64.sqrt()).abs() < 1e-15 && (d - 0.5 / x).abs() < 1e-12);

    println!("═══ A nested argmin: agent A's best action when agent B answers best");
    let (a, b) = double_agent();
    println!("  A plays a = {a:.12}, B answers b = {b:.12}");
    println!(
        "  ∂r_B/∂b there = {:.1e}",
        b_slope::<Fun, f64>().apply((a, b))
    );
}
