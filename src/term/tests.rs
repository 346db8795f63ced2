use super::{Custom, FromTerm, Graph, Op, Syn, Term, Use};
use crate::prelude::*;
use crate::space::Space;
use crate::vocabulary::{Loops, MinMaxCat, Primitive, PrimitiveCat, primitive};
use std::cell::Cell;
use std::rc::Rc;

/// `f₀ = id`, `fₙ₊₁ = (y + y) where y = sin fₙ`: Krawiec et al.'s §7 example of sharing.
fn shared(depth: usize) -> Term<f64, f64> {
    (0..depth).fold(Syn::id(), |f, _| {
        let twice = Syn::compose(Syn::add_c(), Syn::dup());
        Syn::compose(twice, Syn::compose(Syn::sin_c(), f))
    })
}

#[test]
fn a_shared_value_is_one_node_and_its_derivative_is_linear_in_the_program() {
    let f = shared(50);
    assert_eq!(f.graph().nodes().len(), 100);
    // The reverse derivative: the primal's 100 nodes, and per level a cosine and two products
    // and a sum or so — linear, where unshared it would double with each level.
    let reverse = f.reverse();
    assert!(reverse.graph().nodes().len() <= 6 * 100, "{:?}", reverse);
    let (x, dx) = (0.3, 1e-6);
    let fd = (f.apply(x + dx) - f.apply(x - dx)) / (2.0 * dx);
    let g = f.gradient(x);
    assert!((g - fd).abs() <= 1e-6 * (1.0 + g.abs()), "{g} vs {fd}");
    assert!((g - f.jvp(x, 1.0).1).abs() <= 1e-15);
}

#[test]
fn identities_vanish_and_constants_fold() {
    let plus_zero = Syn::compose(Syn::add_c(), Syn::fork(Syn::id(), Syn::const_c(0.0)));
    assert_eq!(plus_zero.graph().nodes().len(), 0);
    assert!(plus_zero.built().rewrites().identities >= 1);
    let six = Syn::compose(
        Syn::mul_c(),
        Syn::fork(Syn::const_c::<f64>(2.0), Syn::const_c(3.0)),
    );
    assert_eq!(six.apply(1.0), 6.0);
    assert_eq!(six.graph().nodes().len(), 1);
    assert!(six.built().rewrites().folded >= 1);
}

#[test]
fn derivative_terms_differentiate_again() {
    let sin = Syn::sin_c();
    let (second, third) = (sin.gradient_term().gradient_term(), |x: f64| -x.cos());
    let x = 0.7;
    assert!((second.apply(x) + x.sin()).abs() < 1e-15);
    assert!((second.gradient(x) - third(x)).abs() < 1e-15);
    // The forward derivative is a term like any other: composed with `exr`, it is `f′(a) · da`.
    let slope = Syn::compose(Syn::exr(), sin.forward());
    assert_eq!(slope.apply((x, 2.0)), 2.0 * x.cos());
}

fn softplus() -> Term<f64, f64> {
    Syn::primitive(primitive(
        "softplus",
        |x: &f64| x.exp().ln_1p(),
        |x: &f64| {
            let slope = 1.0 / (1.0 + (-x).exp());
            (
                move |dx: &f64| slope * dx,
                move |dy: &f64, acc: &mut f64| *acc += slope * dy,
            )
        },
    ))
}

#[test]
fn a_custom_primitive_uses_its_own_derivative() {
    let f = Syn::compose(Syn::mul_c(), Syn::fork(softplus(), Syn::id()));
    let x = 0.5;
    let s = 1.0 / (1.0 + (-x).exp());
    let expected = s * x + x.exp().ln_1p();
    assert!((f.gradient(x) - expected).abs() < 1e-15);
    assert!((f.jvp(x, 1.0).1 - expected).abs() < 1e-15);
}

#[test]
#[should_panic(expected = "custom primitive `softplus`'s derivative is not defined")]
fn a_custom_primitive_has_no_second_derivative() {
    softplus().gradient_term().gradient(0.0);
}

#[test]
#[should_panic(expected = "alloc::vec::Vec<f64> has no fixed dimension")]
fn a_run_time_length_vector_is_no_object_of_terms() {
    let _ = Syn::max_v();
}

#[test]
fn nan_behaves_as_in_the_direct_modes() {
    let t = Syn::sqrt_c();
    assert!(t.apply(-1.0).is_nan());
    assert!(t.gradient(-1.0).is_nan());
    assert!(derivative(&Reverse::sqrt_c(), -1.0).is_nan());
    // max's derivative at a tie is half each, as D's.
    assert_eq!(Syn::max_c().gradient((1.0, 1.0)), (0.5, 0.5));
    assert_eq!(gradient(&Reverse::max_c(), (1.0, 1.0)), (0.5, 0.5));
}

/// `(r, θ) ↦ (r cos θ, r sin θ)` as a custom primitive, counting the runs of its value and of its
/// derivative (each linearisation).
fn polar(runs: Rc<Cell<(usize, usize)>>) -> Rc<dyn Primitive<(f64, f64), (f64, f64)>> {
    let (value_runs, derivative_runs) = (Rc::clone(&runs), runs);
    primitive(
        "polar",
        move |&(r, t): &(f64, f64)| {
            let (v, d) = value_runs.get();
            value_runs.set((v + 1, d));
            (r * t.cos(), r * t.sin())
        },
        move |&(r, t): &(f64, f64)| {
            let (v, d) = derivative_runs.get();
            derivative_runs.set((v, d + 1));
            let (c, s) = (t.cos(), t.sin());
            (
                move |&(dr, dt): &(f64, f64)| (c * dr - r * s * dt, s * dr + r * c * dt),
                move |&(dx, dy): &(f64, f64), acc: &mut (f64, f64)| {
                    acc.0 += c * dx + s * dy;
                    acc.1 += -r * s * dx + r * c * dy;
                },
            )
        },
    )
}

#[test]
fn a_custom_node_of_several_outputs_runs_its_primitive_once() {
    let runs = Rc::new(Cell::new((0, 0)));
    // f (r, θ) = x · y where (x, y) = polar (r, θ): both of the node's coordinates are read.
    let f = Syn::compose(Syn::mul_c(), Syn::primitive(polar(Rc::clone(&runs))));
    let g = Reverse::compose(
        Reverse::mul_c(),
        Reverse::primitive(polar(Rc::new(Cell::default()))),
    );
    let a = (2.0, 0.3);
    assert_eq!(f.graph().nodes().len(), 4, "{f:?}");
    assert_eq!(f.apply(a), 4.0 * 0.3f64.cos() * 0.3f64.sin());
    assert_eq!(runs.get(), (1, 0));
    let (value, grad) = f.value_and_gradient(a);
    // The reverse derivative runs the value node once and the transpose node once (for both
    // coordinates; a linearisation runs the value too).
    assert_eq!(runs.get(), (3, 1));
    let (expected_value, expected) = vjp(&g, a, 1.0);
    assert_eq!(value, expected_value);
    assert!((grad.0 - expected.0).abs() < 1e-15 && (grad.1 - expected.1).abs() < 1e-15);
    let (_, slope) = f.jvp(a, (1.0, 0.0));
    assert_eq!(runs.get(), (5, 2));
    assert!((slope - expected.0).abs() < 1e-15);
    let polar_term = Syn::primitive(polar(Rc::new(Cell::default())));
    let jacobian_error = polar_term.jacobian(a) - jacobian(&Reverse::primitive(polar(runs)), a);
    assert!(jacobian_error.norm() < 1e-15);
}

#[test]
#[should_panic(expected = "a node of several coordinates read other than through `Op::Out`")]
fn a_custom_node_is_read_through_its_coordinates() {
    let mut g = Graph::new(2);
    let p = Rc::new(Custom::new(polar(Rc::default())));
    let node = g.push(Op::Custom(p, Use::Value, g.input_wires().into()));
    g.mul(node, node);
}

/// A straight-line program: ADBench's hand-tracking-style rotation of a point by angles, calling
/// another program.
#[crate::program]
fn rotate(angle: f64, x: f64, y: f64) -> (f64, f64) {
    let (c, s) = (angle.cos(), angle.sin());
    (c * x - s * y, s * x + c * y)
}

#[crate::program]
fn rotated_distance(angle: f64, x: f64, y: f64) -> f64 {
    let (u, v) = rotate(angle, x, y);
    ((u - 1.0).powi(2) + (v - 2.0) * (v - 2.0)).sqrt()
}

#[test]
fn a_straight_line_macro_program_is_a_term() {
    let t = rotated_distance::<Syn>();
    let a = (0.3, 1.5, -0.7);
    assert_eq!(t.apply(a), rotated_distance::<Fun>().apply(a));
    let (value, grad) = t.value_and_gradient(a);
    let (expected_value, expected) = vjp(&rotated_distance::<Reverse>(), a, 1.0);
    assert_eq!(value, expected_value);
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-14 * (1.0 + y.abs());
    assert!(
        close(grad.0, expected.0) && close(grad.1, expected.1),
        "{grad:?}"
    );
    assert!(close(grad.2, expected.2), "{grad:?} vs {expected:?}");
    hessian_is_gradients_differences(&t, a);
}

/// The Hessian of `t` at `a` is the central differences of its gradient.
fn hessian_is_gradients_differences<A: Space<f64>>(t: &Term<A, f64>, a: A) {
    let (hessian, eps, x) = (t.hessian(a.clone()), 1e-6, a.coords());
    let at = |j: usize, e: f64| {
        let mut x = x.clone();
        x[j] += e;
        t.gradient(a.with_coords(&x)).coords()
    };
    for j in 0..x.len() {
        let (plus, minus) = (at(j, eps), at(j, -eps));
        for i in 0..x.len() {
            let fd = (plus[i] - minus[i]) / (2.0 * eps);
            assert!(
                (hessian[(i, j)] - fd).abs() < 1e-6,
                "∂²f/∂{i}∂{j}: {hessian} vs {fd}"
            );
        }
    }
}

/// `x · y > 1`, a test of the point.
fn above_hyperbola() -> Pred<(f64, f64)> {
    Pred::compare(|(x, y): (f64, f64)| x * y, Comparison::Gt, |_| 1.0)
}

/// `f (x, y) = sin x · y` where `x · y > 1`, else `x + y²`, in every conditional category.
fn piecewise<K: StraightLine<f64> + Conditional>() -> Hom<K, (f64, f64), f64> {
    let then = K::compose(K::mul_c(), K::cross(K::sin_c(), K::id()));
    let square = K::compose(K::mul_c(), K::dup());
    let otherwise = K::compose(K::add_c(), K::cross(K::id(), square));
    K::cond(above_hyperbola(), then, otherwise)
}

#[test]
fn a_conditional_term_runs_and_differentiates_the_branch_its_test_chooses() {
    let t = piecewise::<Syn>();
    for a in [(2.0, 0.75), (0.5, 0.5), (-1.5, -2.0)] {
        assert_eq!(t.apply(a), piecewise::<Fun>().apply(a));
        assert_eq!(t.vjp(a, 1.0), vjp(&piecewise::<Reverse>(), a, 1.0));
        assert_eq!(
            t.jvp(a, (0.5, -1.0)),
            jvp(&piecewise::<Forward>(), a, (0.5, -1.0))
        );
        hessian_is_gradients_differences(&t, a);
    }
    // The gradient is a term with a conditional too, and differentiates again.
    let (x, y) = (2.0_f64, 0.75);
    let hessian = t.gradient_term().jacobian((x, y));
    let expected = [-x.sin() * y, x.cos(), x.cos(), 0.0];
    assert_eq!(hessian, nalgebra::DMatrix::from_row_slice(2, 2, &expected));
}

#[test]
fn a_conditional_runs_only_the_chosen_branch() {
    let runs = Rc::new(Cell::new((0, 0)));
    let radius = Syn::compose(Syn::exl(), Syn::primitive(polar(Rc::clone(&runs))));
    let t = Syn::cond(above_hyperbola(), radius, Syn::exr());
    assert_eq!(t.apply((0.5, 0.5)), 0.5);
    assert_eq!(runs.get(), (0, 0));
    assert_eq!(t.apply((3.0, 4.0)), 3.0 * 4.0_f64.cos());
    assert_eq!(runs.get(), (1, 0));
}

#[test]
fn a_conditional_of_a_constant_test_is_its_branch() {
    let point = Syn::fork(Syn::const_c(0.5), Syn::const_c(0.5));
    let constant = Syn::compose(piecewise::<Syn>(), point);
    assert_eq!(constant.graph().nodes().len(), 1, "{constant:?}");
    assert_eq!(constant.apply(()), 0.75);
}

#[test]
#[should_panic(expected = "cannot be tested in a term")]
fn a_closure_cannot_be_the_test_of_a_term() {
    Syn::cond(Pred::new(|x: &f64| *x > 0.0), Syn::id(), Syn::negate_c());
}

/// Huber's loss of a residual `r`: quadratic within `delta`, linear beyond.
#[crate::program]
fn huber(r: f64, delta: f64) -> f64 {
    if r.abs() <= delta {
        0.5 * r * r
    } else {
        delta * (r.abs() - 0.5 * delta)
    }
}

#[test]
fn a_macro_program_with_a_conditional_is_a_term() {
    let t = huber::<Syn>();
    for a in [(0.5, 1.0), (-3.0, 1.0), (2.0, 1.5)] {
        assert_eq!(t.apply(a), huber::<Fun>().apply(a));
        assert_eq!(t.vjp(a, 1.0), vjp(&huber::<Reverse>(), a, 1.0));
        hessian_is_gradients_differences(&t, a);
    }
}

/// Newton's iteration for `√a` from `y`: `y ↦ (y + a/y) / 2` while `|y² − a| > 10⁻¹²`, in the
/// environment `a`.
fn newton_sqrt<K: StraightLine<f64> + Loops>() -> Hom<K, (f64, f64), f64> {
    let far = Pred::compare(
        |(a, y): (f64, f64)| (y * y - a).abs(),
        Comparison::Gt,
        |_| 1e-12,
    );
    let quotient = K::compose(K::div_c(), K::fork(K::exl(), K::exr()));
    let sum = K::compose(K::add_c(), K::fork(K::exr(), quotient));
    let half = K::compose(K::mul_c(), K::fork(K::const_c(0.5), sum));
    K::iterate_while(far, half)
}

#[test]
fn a_while_loop_term_runs_and_differentiates_as_the_loop_does() {
    let t = newton_sqrt::<Syn>();
    for a in [(2.0, 1.0), (9.0, 4.0), (0.25, 3.0)] {
        assert_eq!(t.apply(a), newton_sqrt::<Fun>().apply(a));
        let (value, grad) = t.vjp(a, 1.0);
        let (expected_value, expected) = vjp(&newton_sqrt::<Reverse>(), a, 1.0);
        assert_eq!(value, expected_value);
        let close = |x: f64, y: f64| (x - y).abs() <= 1e-14 * (1.0 + y.abs());
        assert!(
            close(grad.0, expected.0) && close(grad.1, expected.1),
            "{grad:?} vs {expected:?}"
        );
        let (_, tangent) = t.jvp(a, (0.5, -1.0));
        let (_, expected) = jvp(&newton_sqrt::<Forward>(), a, (0.5, -1.0));
        assert!(close(tangent, expected), "{tangent} vs {expected}");
    }
    // The derivatives of a loop are loops, and differentiate again: the Hessian (forward over
    // reverse), and the Jacobian of the forward term, against central differences.
    hessian_is_gradients_differences(&t, (2.0, 1.0));
    hessian_is_gradients_differences(&t, (0.25, 3.0));
    // Converged, the loop is √a: d²/da² √a = −¼ a^(−3/2).
    let h = t.hessian((2.0, 1.0))[(0, 0)];
    assert!((h + 0.25 * 2.0_f64.powf(-1.5)).abs() < 1e-9, "{h}");
    let forward = t.forward();
    let ((a, y), eps) = ((2.0, 1.0), 1e-6);
    let jacobian = forward.jacobian(((a, y), (1.0, 0.0)));
    let slope = |a: f64| t.jvp((a, y), (1.0, 0.0)).1;
    let fd = (slope(a + eps) - slope(a - eps)) / (2.0 * eps);
    assert!((jacobian[(1, 0)] - fd).abs() < 1e-6, "{jacobian} vs {fd}");
}

#[test]
fn a_loop_runs_until_its_test_fails() {
    let t = newton_sqrt::<Syn>();
    // At the root the test fails at once: no iteration, the state is the initial one.
    assert_eq!(t.apply((4.0, 2.0)), 2.0);
    assert_eq!(t.gradient((4.0, 2.0)), (0.0, 1.0));
    assert!((t.apply((2.0, 1.0)) - 2.0_f64.sqrt()).abs() < 1e-15);
}

/// `s ↦ s + e · sin s`, `n` times in the environment `e`: a counted loop.
fn sine_steps<K: StraightLine<f64> + Loops>() -> Hom<K, (f64, (f64, usize)), f64> {
    let step = K::compose(
        K::add_c(),
        K::fork(
            K::exr(),
            K::compose(K::mul_c(), K::cross(K::id(), K::sin_c())),
        ),
    );
    K::iterate(step)
}

#[test]
fn a_counted_loop_term_runs_and_differentiates_as_the_loop_does() {
    let t = sine_steps::<Syn>();
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-14 * (1.0 + y.abs());
    for a in [
        (0.3, (1.0, 0)),
        (0.3, (1.0, 1)),
        (-0.7, (2.0, 5)),
        (1.1, (0.4, 12)),
    ] {
        assert_eq!(t.apply(a), sine_steps::<Fun>().apply(a));
        let (value, grad) = t.vjp(a, 1.0);
        let (expected_value, expected) = vjp(&sine_steps::<Reverse>(), a, 1.0);
        assert_eq!(value, expected_value);
        assert!(
            close(grad.0, expected.0) && close(grad.1.0, expected.1.0) && grad.1.1 == 0,
            "{grad:?} vs {expected:?}"
        );
        let (_, tangent) = t.jvp(a, (0.5, (-1.0, 0)));
        let (_, expected) = jvp(&sine_steps::<Forward>(), a, (0.5, (-1.0, 0)));
        assert!(close(tangent, expected), "{tangent} vs {expected}");
        // The count has no coordinate: the Jacobian and Hessian are over (e, s).
        assert_eq!(t.jacobian(a).shape(), (1, 2));
        hessian_is_gradients_differences(&t, a);
    }
}

/// `s ↦ x + y where (x, y) = polar (s, e)`, `n` times in the environment `e`: a loop whose body
/// counts its runs.
fn polar_steps<K: StraightLine<f64> + Loops + PrimitiveCat<f64>>(
    runs: Rc<Cell<(usize, usize)>>,
) -> Hom<K, (f64, (f64, usize)), f64> {
    let step = K::compose(K::add_c(), K::compose(K::primitive(polar(runs)), K::swap()));
    K::iterate(step)
}

#[test]
fn a_loop_of_a_reverse_derivative_runs_forward_once() {
    let runs = Rc::new(Cell::new((0, 0)));
    let t = polar_steps::<Syn>(Rc::clone(&runs));
    let a = (0.3, (1.5, 4));
    let (value, grad) = t.value_and_gradient(a);
    // The loop is recorded once, a value per step, and each step's transpose linearises the
    // primitive once (a value and a derivative): not a run for the value and another for the
    // transpose.
    assert_eq!(runs.get(), (8, 4));
    let (expected_value, expected) = vjp(&polar_steps::<Reverse>(Rc::default()), a, 1.0);
    assert_eq!(value, expected_value);
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-14 * (1.0 + y.abs());
    assert!(
        close(grad.0, expected.0) && close(grad.1.0, expected.1.0),
        "{grad:?}"
    );
    // In a mode, the term's linearisation is that forward pass, and its transpose the backward.
    runs.set((0, 0));
    assert_eq!(gradient(&Reverse::from_term(&t), a), grad);
    assert_eq!(runs.get(), (8, 4));
    // A Jacobian by rows (two outputs, three input coordinates) runs the forward pass once for
    // both rows.
    let twice = Syn::compose(
        Syn::fork(Syn::id(), Syn::scale(2.0)),
        Syn::compose(t, Syn::exl::<_, f64>()),
    );
    runs.set((0, 0));
    let rows = twice.jacobian((a, 0.0));
    assert_eq!(runs.get(), (12, 8));
    assert!(close(rows[(1, 0)], 2.0 * grad.0) && close(rows[(1, 1)], 2.0 * grad.1.0));
    assert_eq!((rows[(0, 2)], rows[(1, 2)]), (0.0, 0.0));
}

#[test]
#[should_panic(expected = "the index difference of 2 and 3 is undefined")]
fn an_index_below_zero_is_an_error_as_for_usize() {
    Syn::sub_ix().apply((2, 3));
}

/// The distance a projectile with drag `k`, launched at `angle` at 10 m/s, flies in 100 Euler steps
/// of 10 ms; generic in its scalar, so that it runs in each mode as that mode's program.
#[crate::program]
fn projectile<S: Scalar>(angle: S, k: S) -> S {
    let dt = 0.01;
    let mut x = 0.0;
    let mut vx = 10.0 * angle.cos();
    let mut vy = 10.0 * angle.sin();
    for _ in 0..100 {
        let speed = (vx * vx + vy * vy).sqrt();
        vx = vx - dt * k * speed * vx;
        vy = vy - dt * (9.81 + k * speed * vy);
        x = x + dt * vx;
    }
    x
}

#[test]
fn a_macro_program_with_a_for_loop_is_a_term() {
    let t = projectile::<Syn, f64>();
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-13 * (1.0 + y.abs());
    for a in [(0.6, 0.1), (1.0, 0.02)] {
        assert_eq!(t.apply(a), projectile::<Fun, f64>().apply(a));
        let (value, grad) = t.vjp(a, 1.0);
        let (expected_value, expected) = vjp(&projectile::<Reverse, f64>(), a, 1.0);
        assert_eq!(value, expected_value);
        assert!(
            close(grad.0, expected.0) && close(grad.1, expected.1),
            "{grad:?} vs {expected:?}"
        );
        hessian_is_gradients_differences(&t, a);
    }
}

/// The same projectile over `f64`: the macro builds it as a term, once, and runs that term in
/// every category.
#[crate::program]
fn projectile_f64(angle: f64, k: f64) -> f64 {
    let dt = 0.01;
    let mut x = 0.0;
    let mut vx = 10.0 * angle.cos();
    let mut vy = 10.0 * angle.sin();
    for _ in 0..100 {
        let speed = (vx * vx + vy * vy).sqrt();
        vx = vx - dt * k * speed * vx;
        vy = vy - dt * (9.81 + k * speed * vy);
        x = x + dt * vx;
    }
    x
}

#[test]
fn an_f64_macro_program_runs_as_its_term_in_every_mode() {
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-13 * (1.0 + y.abs());
    let pairs = |x: (f64, f64), y: (f64, f64)| close(x.0, y.0) && close(x.1, y.1);
    for a in [(0.6, 0.1), (1.0, 0.02)] {
        let value = projectile::<Fun, f64>().apply(a);
        assert_eq!(projectile_f64::<Fun>().apply(a), value);
        assert_eq!(projectile_f64::<Syn>().apply(a), value);
        let grad = gradient(&projectile::<Reverse, f64>(), a);
        for g in [
            gradient(&projectile_f64::<Reverse>(), a),
            gradient(&projectile_f64::<ReverseDelta>(), a),
            gradient(&projectile_f64::<ReverseCont<f64>>(), a),
            projectile_f64::<Syn>().gradient(a),
        ] {
            assert!(pairs(g, grad), "{g:?} vs {grad:?}");
        }
        let da = (0.5, -2.0);
        let expected = jvp(&projectile::<Forward, f64>(), a, da).1;
        let tangent = jvp(&projectile_f64::<Forward>(), a, da).1;
        assert!(close(tangent, expected), "{tangent} vs {expected}");
        let j = jacobian(&projectile_f64::<ForwardBegin<f64>>(), a);
        assert!(close(j[(0, 0)], grad.0) && close(j[(0, 1)], grad.1), "{j}");
    }
}

/// Halvings of `x² + 1` until it is at most 1, by a `while` loop.
#[crate::program]
fn halvings<S: Scalar>(x: S) -> S {
    let mut y = x * x + 1.0;
    while y > 1.0 {
        y = 0.5 * y;
    }
    y
}

#[test]
fn a_macro_program_with_a_while_loop_is_a_term() {
    let t = halvings::<Syn, f64>();
    for x in [0.3, -2.5, 7.0] {
        assert_eq!(t.apply(x), halvings::<Fun, f64>().apply(x));
        assert_eq!(t.vjp(x, 1.0), vjp(&halvings::<Reverse, f64>(), x, 1.0));
        hessian_is_gradients_differences(&t, x);
    }
}

/// A neuron's parameters: a user's struct with a vector field.
#[derive(Clone, Debug, PartialEq, crate::space::HasRep)]
struct Neuron {
    w: nalgebra::SVector<f64, 2>,
    b: f64,
}

/// A neuron's squared error on the point `x` of label `y`: (tanh(w · x + b) − y)².
#[crate::program]
fn neuron_loss(p: Neuron, x: nalgebra::SVector<f64, 2>, y: f64) -> f64 {
    let w: nalgebra::SVector<f64, 2> = p.w;
    ((w.dot(x) + p.b).tanh() - y).powi(2)
}

#[test]
fn a_macro_program_of_structs_and_fixed_vectors_is_a_term() {
    let t = neuron_loss::<Syn>();
    let (w, b, x, y) = (
        nalgebra::Vector2::new(0.5, -1.5),
        0.25,
        nalgebra::Vector2::new(1.0, 2.0),
        0.3,
    );
    let a = (Neuron { w, b }, x, y);
    // By hand: with t = tanh(w · x + b), the loss (t − y)² and its partials 2 (t − y) (1 − t²)
    // times x, 1 and w, and −2 (t − y).
    let th = (w.dot(&x) + b).tanh();
    let (loss, r) = ((th - y).powi(2), 2.0 * (th - y) * (1.0 - th * th));
    let expected = [r * x[0], r * x[1], r, r * w[0], r * w[1], -2.0 * (th - y)];
    assert_eq!(t.apply(a.clone()), loss);
    assert_eq!(neuron_loss::<Fun>().apply(a.clone()), loss);
    let close = |x: &[f64], y: &[f64]| x.iter().zip(y).all(|(a, b)| (a - b).abs() < 1e-14);
    for grad in [
        t.vjp(a.clone(), 1.0).1,
        vjp(&neuron_loss::<Reverse>(), a.clone(), 1.0).1,
    ] {
        assert!(close(&grad.coords(), &expected), "{grad:?} vs {expected:?}");
    }
    hessian_is_gradients_differences(&t, a);
}
