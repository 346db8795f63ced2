use super::{Traced, derivative, gradient, hessian, jvp, vjp};
use crate::ad;
use crate::interpretations::Fun;
use crate::prelude::{
    Comparison, Forward, ForwardBegin, MinMaxCat, Reverse, ReverseCont, ReverseDelta, Scalar, Space,
};
use crate::term::{FromTerm, Term};
use nalgebra::DMatrix;
use std::f64::consts::E;

pub(super) fn close(x: f64, y: f64) -> bool {
    (x - y).abs() <= 1e-12 * (1.0 + y.abs())
}

pub(super) fn t(x: f64) -> Traced {
    Traced::from(x)
}

/// The derivative operators, each forward or reverse, as functions of one scalar: nested in
/// every pair of them below.
type Operator = fn(&dyn Fn(Traced) -> Traced, Traced) -> Traced;

fn forward_op(f: &dyn Fn(Traced) -> Traced, x: Traced) -> Traced {
    derivative(f, x)
}

fn reverse_op(f: &dyn Fn(Traced) -> Traced, x: Traced) -> Traced {
    gradient(f, x)
}

const OPERATORS: [(&str, Operator); 2] = [("forward", forward_op), ("reverse", reverse_op)];

/// `check(outer, inner)` for every pair of modes.
fn every_pair(check: impl Fn(Operator, Operator) -> (f64, f64)) {
    for (outer_mode, outer) in OPERATORS {
        for (inner_mode, inner) in OPERATORS {
            let (got, expected) = check(outer, inner);
            assert!(
                close(got, expected),
                "{outer_mode} over {inner_mode}: {got} vs {expected}"
            );
        }
    }
}

#[test]
fn closure_derivatives_nest_without_perturbation_confusion() {
    // d/dx (x · d/dy (x + y) at y = 1) at x = 1 is 1: the inner derivative is 1, whatever x is;
    // confusing the two perturbations would make it 2.
    every_pair(|d, e| (d(&|x| x * e(&|y| x + y, t(1.0)), t(1.0)).to_f64(), 1.0));
    // d/dx (x · d/dy (x · y) at y = 2) at x = 1: x · x, so 2x = 2.
    every_pair(|d, e| (d(&|x| x * e(&|y| x * y, t(2.0)), t(1.0)).to_f64(), 2.0));
    // d/dx d/dy (x · y) = 1.
    every_pair(|d, e| (d(&|x| e(&|y| x * y, t(2.0)), t(1.0)).to_f64(), 1.0));
}

/// Manzyuk et al.'s `s u f x = f (x + u)`: its derivative at `u = 0`, a function-valued function
/// of `f`, written as Rust can, by the derivative of `u ↦ f (x + u)` at each `x`.
fn ds0(d: Operator, f: impl Fn(Traced) -> Traced) -> impl Fn(Traced) -> Traced {
    move |x| d(&|u| f(x + u), t(0.0))
}

#[test]
fn manzyuk_derivative_of_a_function_valued_function_applied_to_itself() {
    // (D s 0) ((D s 0) exp) 1 = exp″ 1 = e; tagging perturbations wrongly gives another number.
    every_pair(|d, e| (ds0(d, ds0(e, Scalar::exp))(t(1.0)).to_f64(), E));
    // Traced into a term: x ↦ exp″ x, whose derivative is exp x, in every mode.
    for (_, d) in OPERATORS {
        for (_, e) in OPERATORS {
            let term = Term::<f64, f64>::trace(|x| ds0(d, ds0(e, Scalar::exp))(x));
            for x in [0.0, 1.0, -0.5] {
                every_mode_gradient(&term, x, x.exp(), x.exp());
            }
        }
    }
}

/// `term` at `a` computes `value` and has the gradient `grad`, in every mode a term runs in.
pub(super) fn every_mode_gradient<A: Space<f64>>(term: &Term<A, f64>, a: A, value: f64, grad: A) {
    let coords = |x: &A| x.coords();
    let agree = |g: &A, mode: &str| {
        let (g, e) = (coords(g), coords(&grad));
        assert!(
            g.iter().zip(&e).all(|(x, y)| close(*x, *y)),
            "{mode}: {g:?} vs {e:?}"
        );
    };
    let at = || a.clone();
    assert!(
        close(term.apply(at()), value),
        "{} vs {value}",
        term.apply(at())
    );
    assert!(close(Fun::from_term(term).apply(at()), value));
    agree(&term.gradient(at()), "term, reverse");
    agree(&ad::gradient(&Reverse::from_term(term), at()), "Reverse");
    agree(
        &ad::gradient(&ReverseDelta::from_term(term), at()),
        "ReverseDelta",
    );
    agree(
        &ad::gradient(&ReverseCont::<f64>::from_term(term), at()),
        "ReverseCont",
    );
    let by_columns: Vec<f64> = A::zero()
        .basis()
        .into_iter()
        .map(|e| ad::jvp(&Forward::from_term(term), at(), e).1)
        .collect();
    agree(&A::zero().with_coords(&by_columns), "Forward");
    let forward_term: Vec<f64> = A::zero()
        .basis()
        .into_iter()
        .map(|e| term.jvp(at(), e).1)
        .collect();
    agree(&A::zero().with_coords(&forward_term), "term, forward");
    let j = ad::jacobian(&ForwardBegin::<f64>::from_term(term), at());
    agree(&A::zero().with_coords(j.as_slice()), "ForwardBegin");
}

/// `term`'s Jacobian at `a` is `expected` in every mode a term runs in.
pub(super) fn every_mode_jacobian<A: Space<f64>, B: Space<f64>>(
    term: &Term<A, B>,
    a: A,
    expected: &DMatrix<f64>,
) {
    let agree = |j: DMatrix<f64>, mode: &str| {
        assert!(
            j.shape() == expected.shape()
                && j.iter().zip(expected.iter()).all(|(x, y)| close(*x, *y)),
            "{mode}: {j} vs {expected}"
        );
    };
    let at = || a.clone();
    agree(term.jacobian(at()), "term");
    agree(ad::jacobian(&Reverse::from_term(term), at()), "Reverse");
    agree(
        ad::jacobian(&ReverseDelta::from_term(term), at()),
        "ReverseDelta",
    );
    agree(
        ad::jacobian(&ReverseCont::<f64>::from_term(term), at()),
        "ReverseCont",
    );
    agree(ad::jacobian(&Forward::from_term(term), at()), "Forward");
    agree(
        ad::jacobian(&ForwardBegin::<f64>::from_term(term), at()),
        "ForwardBegin",
    );
}

#[test]
fn closure_nested_derivatives_trace_into_a_term() {
    // f (x, y) = x · d/dz (x · z²) at z = y = x · 2xy = 2x²y.
    let term = Term::<(f64, f64), f64>::trace(|(x, y)| x * derivative(|z| x * z * z, y));
    for (x, y) in [(1.0, 2.0), (-0.5, 3.0)] {
        every_mode_gradient(&term, (x, y), 2.0 * x * x * y, (4.0 * x * y, 2.0 * x * x));
    }
    // Its Hessian: [[4y, 4x], [4x, 0]], forward over reverse over the inner forward.
    let h = term.hessian((1.0, 2.0));
    assert_eq!(
        h,
        nalgebra::DMatrix::from_row_slice(2, 2, &[8.0, 4.0, 4.0, 0.0])
    );
}

/// A closure made by a function and returned: `z ↦ k · z`.
fn scaler(k: Traced) -> impl Fn(Traced) -> Traced {
    move |z| k * z
}

/// `f ∘ f`, a higher-order helper generic in the scalar.
fn twice<S: Scalar>(f: impl Fn(S) -> S) -> impl Fn(S) -> S {
    move |x| f(f(x))
}

#[test]
fn closure_bound_passed_returned_and_captured() {
    // twice (scaler x) y + (|z| z · sin x) y = x² y + y sin x.
    let term = Term::<(f64, f64), f64>::trace(|(x, y)| {
        let wiggle = |z: Traced| z * x.sin();
        let fs: [&dyn Fn(Traced) -> Traced; 2] = [&twice(scaler(x)), &wiggle];
        fs.iter().map(|f| f(y)).fold(t(0.0), |a, b| a + b)
    });
    for (x, y) in [(0.5, 2.0), (1.5, -1.0)] {
        let value = x * x * y + y * x.sin();
        every_mode_gradient(
            &term,
            (x, y),
            value,
            (2.0 * x * y + y * x.cos(), x * x + x.sin()),
        );
    }
}

/// A user's sum type, matched on as Rust matches.
#[derive(Clone, Copy)]
enum Shape<S> {
    Circle { r: S },
    Rectangle { w: S, h: S },
    Nothing,
}

impl<S: Scalar> Shape<S> {
    fn area(self) -> Option<S> {
        match self {
            Shape::Circle { r } => Some(S::from_f64(std::f64::consts::PI) * r * r),
            Shape::Rectangle { w, h } => Some(w * h),
            Shape::Nothing => None,
        }
    }
}

#[test]
fn enum_values_and_match_trace_into_terms() {
    // The total area of a circle of radius a and a b × 2b rectangle; `Nothing` adds none.
    let term = Term::<(f64, f64), f64>::trace(|(a, b)| {
        let shapes = [
            Shape::Circle { r: a },
            Shape::Nothing,
            Shape::Rectangle { w: b, h: 2.0 * b },
        ];
        shapes
            .iter()
            .filter_map(|s| s.area())
            .fold(t(0.0), |x, y| x + y)
    });
    let pi = std::f64::consts::PI;
    for (a, b) in [(1.0, 2.0), (0.5, -3.0)] {
        every_mode_gradient(
            &term,
            (a, b),
            pi * a * a + 2.0 * b * b,
            (2.0 * pi * a, 4.0 * b),
        );
    }
}

/// `xⁿ` by repeated squaring: recursion on a count the trace knows.
fn power<S: Scalar>(x: S, n: u32) -> S {
    match n {
        0 => S::from_f64(1.0),
        n if n % 2 == 0 => power(x * x, n / 2),
        n => x * power(x, n - 1),
    }
}

#[test]
fn recursion_on_a_known_count_traces_into_a_term() {
    let term = Term::<f64, f64>::trace(|x| power(x, 13));
    for x in [1.1, -0.7] {
        every_mode_gradient(&term, x, x.powi(13), 13.0 * x.powi(12));
    }
    // Shared squares: 13 = 1101₂ takes 3 squarings and 3 products, not 12 products.
    assert!(term.graph().nodes().len() <= 6, "{:?}", term.graph());
}

/// The Huber loss at δ = 1, its sides chosen by a cond node.
fn huber(r: Traced) -> Traced {
    Traced::compare(r.abs(), Comparison::Le, t(1.0)).select(0.5 * r * r, r.abs() - 0.5)
}

#[test]
fn a_selected_term_holds_on_both_sides_of_its_test() {
    let term = Term::<f64, f64>::trace(huber);
    for (r, value, slope) in [(0.5, 0.125, 0.5), (-3.0, 2.5, -1.0), (2.0, 1.5, 1.0)] {
        every_mode_gradient(&term, r, value, slope);
    }
    // A pair chosen at once, and the conditions' algebra.
    let pick = Term::<(f64, f64), (f64, f64)>::trace(|(a, b)| {
        let lt = Traced::compare(a, Comparison::Lt, b);
        let both = lt.and(Traced::compare(a, Comparison::Gt, t(0.0)));
        (
            both.select((a, b), (b, a)).0,
            (!lt).or(both).select(a * b, a + b),
        )
    });
    assert_eq!(pick.apply((1.0, 2.0)), (1.0, 2.0));
    assert_eq!(pick.apply((-1.0, 2.0)), (2.0, 1.0));
    assert_eq!(pick.apply((3.0, 2.0)), (2.0, 6.0));
    // Of constants, the side is chosen at once.
    assert_eq!(huber(t(4.0)).to_f64(), 3.5);
}

#[test]
fn larger_and_smaller_of_traced_values_are_nodes() {
    // max(a, b) + 2 min(a, b), asking no question at trace time; through `Fun`'s `max_c` too.
    let term = Term::<(f64, f64), f64>::trace(|(a, b)| a.larger(b) + 2.0 * a.smaller(b));
    let via_fun = Term::<(f64, f64), f64>::trace(|p| Fun::max_c().apply(p));
    for (a, b) in [(1.0, 3.0), (4.0, -2.0)] {
        let (grad, value) = if a > b {
            ((1.0, 2.0), a + 2.0 * b)
        } else {
            ((2.0, 1.0), b + 2.0 * a)
        };
        every_mode_gradient(&term, (a, b), value, grad);
        let max_grad = if a > b { (1.0, 0.0) } else { (0.0, 1.0) };
        every_mode_gradient(&via_fun, (a, b), a.max(b), max_grad);
    }
}

/// A user's struct generic in its scalar, an object through its coordinates.
#[derive(Clone, Debug, PartialEq, crate::space::HasRep)]
struct Line<S> {
    slope: S,
    offset: S,
}

#[test]
fn a_users_struct_and_nalgebra_vectors_are_traced() {
    use nalgebra::Vector2;
    // The squared error of a line at x = 2 against y = 1, with a weight vector's squared norm.
    let term = Term::<(Line<f64>, Vector2<f64>), f64>::trace(|(line, w)| {
        let r = line.slope * 2.0 + line.offset - 1.0;
        r * r + w.dot(&w)
    });
    let (line, w) = (
        Line {
            slope: 0.5,
            offset: 1.0,
        },
        Vector2::new(3.0, -1.0),
    );
    let grad = term.gradient((line.clone(), w));
    assert_eq!(
        grad,
        (
            Line {
                slope: 4.0,
                offset: 2.0
            },
            Vector2::new(6.0, -2.0)
        )
    );
    assert_eq!(term.apply((line, w)), 1.0 + 10.0);
}

#[test]
fn first_class_operators_take_and_give_every_shape() {
    let f = |(a, b): (Traced, Traced)| (a * b, a + b.exp());
    let (y, dy) = jvp(f, (t(2.0), t(0.0)), (t(1.0), t(-1.0)));
    assert_eq!((y.0.to_f64(), y.1.to_f64()), (0.0, 3.0));
    assert_eq!((dy.0.to_f64(), dy.1.to_f64()), (-2.0, 0.0));
    let (y, da) = vjp(f, (t(2.0), t(0.0)), (t(1.0), t(1.0)));
    assert_eq!((y.0.to_f64(), y.1.to_f64()), (0.0, 3.0));
    assert_eq!((da.0.to_f64(), da.1.to_f64()), (1.0, 3.0));
    // The Hessian of a² b as the gradient of a gradient's coordinate, every operator a closure.
    let g = |v: [Traced; 2]| gradient(|[a, b]: [Traced; 2]| a * a * b, v);
    let row = gradient(|v: [Traced; 2]| g(v)[0], [t(3.0), t(2.0)]);
    assert_eq!(row.map(Scalar::to_f64), [4.0, 6.0]);
}

#[test]
fn hessian_of_a_closure_is_differentiated_again() {
    // f(a, b) = a² b + a sin b; inside a trace, the Hessian's (0, 1) entry 2a + cos b, whose
    // gradient is (2, −sin b), in every mode.
    let f = |[a, b]: [Traced; 2]| a * a * b + a * b.sin();
    let entry = Term::<(f64, f64), f64>::trace(|(a, b)| hessian(f, [a, b])[0][1]);
    for (a, b) in [(3.0_f64, 2.0_f64), (-1.0, 0.5)] {
        every_mode_gradient(&entry, (a, b), 2.0 * a + b.cos(), (2.0, -b.sin()));
    }
    // Of constants, its value: [[2b, 2a + cos b], [2a + cos b, −a sin b]].
    let h = hessian(f, [t(3.0), t(2.0)]);
    let rows: Vec<[f64; 2]> = h.iter().map(|row| row.map(Scalar::to_f64)).collect();
    let c = 6.0 + 2.0_f64.cos();
    assert_eq!(rows, [[4.0, c], [c, -3.0 * 2.0_f64.sin()]]);
}

#[test]
#[should_panic(expected = "a comparison (`<`, `>`, …) of a traced value cannot be traced")]
fn comparing_traced_values_is_refused_naming_what_to_write() {
    Term::<f64, f64>::trace(|x| if x > t(0.0) { x } else { -x });
}

#[test]
#[should_panic(expected = "`to_f64` of a traced value cannot be traced")]
fn turning_a_traced_value_into_a_count_is_refused() {
    Term::<f64, f64>::trace(|x| power(x, x.to_f64() as u32));
}

#[test]
#[should_panic(expected = "used after the trace that made it ended")]
fn a_traced_value_kept_past_its_trace_is_refused() {
    let mut kept = None;
    Term::<f64, f64>::trace(|x| {
        kept = Some(x);
        x
    });
    Term::<f64, f64>::trace(|x| x * kept.expect("kept"));
}

#[test]
fn a_panic_in_a_trace_ends_it() {
    let caught = std::panic::catch_unwind(|| Term::<f64, f64>::trace(|x| x * t(x.to_f64())));
    assert!(caught.is_err());
    // The next trace starts from no trace under way: it captures nothing.
    assert_eq!(Term::<f64, f64>::trace(|x| x * x).gradient(3.0), 6.0);
}

#[test]
#[should_panic(expected = "a cotangent of 1 coordinates at a point of 2")]
fn a_cotangent_of_another_dimension_is_refused_naming_both() {
    vjp(|v: Vec<Traced>| v, vec![t(1.0), t(2.0)], vec![t(1.0)]);
}

#[test]
#[should_panic(expected = "holds indices")]
fn an_index_in_a_traced_terms_input_is_refused() {
    Term::<(f64, usize), f64>::trace(|(x, _)| x);
}

#[test]
#[should_panic(expected = "read 1 of that trace's values; pass them as inputs")]
fn a_term_traced_inside_a_trace_has_only_its_inputs() {
    Term::<f64, f64>::trace(|x| {
        let inner = Term::<f64, f64>::trace(|y| x * y);
        x * inner.apply(2.0)
    });
}
