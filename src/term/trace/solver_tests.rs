//! Loops of traced values and the optimisers built on them, checked in every mode.

use super::tests::{close, every_mode_gradient, t};
use super::{Traced, argmax, argmin, fixed_point, gradient_descent, iterate_while, root};
use crate::prelude::{Comparison, Scalar};
use crate::term::{Op, Term};

/// Whether the term has a loop node (so it was not unrolled).
fn has_a_loop<A, B>(term: &Term<A, B>) -> bool {
    term.graph()
        .nodes()
        .iter()
        .any(|op| matches!(op, Op::While(..)))
}

#[test]
fn recursion_on_a_traced_count_is_one_loop_node() {
    // Halve y, times x, while it is above 1: y · x^k · 2^-k for as many k as the input needs.
    let term = Term::<(f64, f64), f64>::trace(|(x, y)| {
        iterate_while(
            y,
            |&y| Traced::compare(y, Comparison::Gt, t(1.0)),
            |y| 0.5 * x * y,
        )
    });
    assert!(has_a_loop(&term));
    // One term for every count: 3 iterations at (1, 5), 6 at (1, 50), 6 at (1.5, 5).
    for ((x, y), k) in [((1.0, 5.0), 3), ((1.0, 50.0), 6), ((1.5, 5.0), 6)] {
        let r: f64 = 0.5 * x;
        let value = y * r.powi(k);
        let grad = (y * f64::from(k) * 0.5 * r.powi(k - 1), r.powi(k));
        every_mode_gradient(&term, (x, y), value, grad);
    }
}

#[test]
fn root_differentiates_its_argument_itself() {
    // √a as the root of x² − a: d/da √a = 1 / (2√a), through the Newton steps.
    let sqrt = Term::<f64, f64>::trace(|a| root(|x| x * x - a, t(1.0), 1e-12));
    assert!(has_a_loop(&sqrt));
    for a in [2.0, 9.0, 0.25] {
        every_mode_gradient(&sqrt, a, a.sqrt(), 0.5 / a.sqrt());
    }
    // Of constants, it is evaluated: the cube root of 10.
    let r = root(|x| x * x * x - 10.0, t(2.0), 1e-14).to_f64();
    assert!(close(r, 10.0_f64.cbrt()));
}

#[test]
fn fixed_point_is_differentiated_through_its_iterations() {
    // x = cos x + e: dx/de = 1 / (1 + sin x).
    let p = Term::<f64, f64>::trace(|e| fixed_point(|x| x.cos() + e, t(1.0), 1e-15));
    for e in [0.0, 0.3] {
        let x = p.apply(e);
        assert!((x - x.cos() - e).abs() < 1e-14);
        every_mode_gradient(&p, e, x, 1.0 / (1.0 + x.sin()));
    }
}

#[test]
fn argmin_nested_inside_argmax() {
    // min over x of eˣ − x·y is at x = ln y; the max over y of a · ln y − y is at y = a. So
    // a ↦ y* + x*(y*) = a + ln a, its derivative 1 + 1/a, both optimisers' steps differentiated.
    // The outer Newton step reads the inner argmin's second derivative, first at y = 1, where
    // the inner start x = 0 is the minimum itself.
    let term = Term::<f64, f64>::trace(|a| {
        let inner = |y: Traced| argmin(|x| x.exp() - x * y, t(0.0), 1e-13);
        let y = argmax(|y| a * inner(y) - y, t(1.0), 1e-13);
        y + inner(y)
    });
    for a in [2.0, 0.7] {
        every_mode_gradient(&term, a, a + a.ln(), 1.0 + 1.0 / a);
    }
}

#[test]
fn gradient_descent_differentiates_its_argument_itself() {
    // The bowl (x − e)² + 2(y + e)²: the line search halves t to ½ then ¼, and lands on the
    // minimum (e, −e) exactly, so x* − y* = 2e to rounding.
    let bowl = Term::<f64, f64>::trace(|e| {
        let f = |(x, y): (Traced, Traced)| (x - e) * (x - e) + 2.0 * (y + e) * (y + e);
        let (x, y) = gradient_descent(f, (t(0.0), t(0.0)), 1e-10);
        x - y
    });
    for e in [3.0, -1.5] {
        every_mode_gradient(&bowl, e, 2.0 * e, 2.0);
    }
    // A coupled bowl, whose steps only converge: its minimum, linear in e, is met to the line
    // search's accuracy (about 1e-8, see `gradient_descent`), while every mode agrees with the
    // term's own reverse derivative to rounding.
    let coupled = Term::<f64, f64>::trace(|e| {
        let f = |[x, y]: [Traced; 2]| {
            let (u, v) = (x - e, y + e);
            u * u + u * v + 2.0 * v * v + 0.1 * (x * x + y * y)
        };
        let [x, y] = gradient_descent(f, [t(0.0), t(0.0)], 1e-10);
        x + 3.0 * y
    });
    // ∇f = 0: 2.2 x + y = e and x + 4.2 y = −3e, so x* + 3y* = e · slope.
    let det = 2.2 * 4.2 - 1.0;
    let slope = (4.2 + 3.0) / det + 3.0 * (-2.2 * 3.0 - 1.0) / det;
    for e in [1.0, -2.0] {
        let (value, grad) = (coupled.apply(e), coupled.gradient(e));
        assert!((value - e * slope).abs() < 1e-7, "{value} vs {}", e * slope);
        assert!((grad - slope).abs() < 1e-6, "{grad} vs {slope}");
        every_mode_gradient(&coupled, e, value, grad);
    }
}
