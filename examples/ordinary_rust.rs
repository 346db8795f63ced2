//! Ordinary Rust differentiated: a function written over catad's traced scalar — with a closure
//! passed and captured, a user's `enum` matched on, a recursive helper, a derivative of a
//! closure and an optimiser that differentiates its argument — runs once and yields a term
//! (`Term::trace`). The term then runs in every mode of differentiation, and the example checks
//! that every mode's gradient agrees with the term's own and with finite differences.
//!
//! The term runs compiled: its graph, and each derivative's, is flattened once into a program
//! of slots (catad's term evaluator) that every later call reuses; a loop (`iterate_while`, the
//! optimisers) stays one loop node, so the term holds at every input, whatever the loop's count.
//!
//! Run with `cargo run --release --example ordinary_rust`.

use catad::interpretations::D;
use catad::prelude::*;
use catad::term::trace::{Traced, argmin, derivative};
use catad::term::{FromTerm, Term};
use catad_laws::modes::{Mode, ModeVisitor, Representation, for_each_mode};

/// A user's sum type: a piece of a path.
enum Segment<S> {
    Line { length: S },
    Arc { radius: S, angle: S },
    Pause,
}

impl<S: Scalar> Segment<S> {
    /// How far the piece goes: a line its length, an arc its radius times its angle.
    fn length(&self) -> S {
        match self {
            Segment::Line { length } => *length,
            Segment::Arc { radius, angle } => *radius * *angle,
            Segment::Pause => S::from_f64(0.0),
        }
    }
}

/// `x + 1 / (x + 1 / (… x))`, `depth` fractions deep: recursion on a count.
fn continued<S: Scalar>(x: S, depth: u32) -> S {
    match depth {
        0 => x,
        _ => x + S::from_f64(1.0) / continued(x, depth - 1),
    }
}

/// The cost of a path at the point `(a, b)`: each segment's length through a price closure,
/// plus a derivative of a closure that captures `a`, plus the `t` minimising
/// `(t − a)² + cosh(t²/2 − b)`, found by `argmin` of a closure (Newton's method on its
/// derivative, differentiated through its steps).
fn cost((a, b): (Traced, Traced)) -> Traced {
    let path = [
        Segment::Line { length: a },
        Segment::Arc {
            radius: b,
            angle: a * b,
        },
        Segment::Pause,
    ];
    let price = |length: Traced| length * continued(b, 3);
    let travel: Traced = path
        .iter()
        .map(|s| price(s.length()))
        .fold(0.0.into(), |x, y| x + y);
    let wobble = derivative(|t| (a * t).sin(), b);
    let nearest = argmin(
        |t| (t - a) * (t - a) + (t * t / 2.0 - b).cosh(),
        0.0.into(),
        1e-13,
    );
    travel + wobble + nearest
}

/// The point and the finite-difference step the example checks at.
const AT: (f64, f64) = (0.7, 1.3);
const STEP: f64 = 1e-6;

/// Prints one mode's gradient of the term and returns it.
struct Gradients<'a>(&'a Term<(f64, f64), f64>, Vec<(&'static str, (f64, f64))>);

impl ModeVisitor for Gradients<'_> {
    fn visit<K: Representation>(&mut self, mode: &Mode) {
        let g = gradient(&D::<K>::from_term(self.0), AT);
        println!("  {:<18} {g:?}", mode.name);
        self.1.push((mode.name, g));
    }
}

fn main() {
    let term = Term::<(f64, f64), f64>::trace(cost);
    println!(
        "cost traced into a term of {} nodes",
        term.graph().nodes().len()
    );
    println!("value at {AT:?}: {}", term.apply(AT));

    let own = term.gradient(AT);
    println!("gradient, in every mode:\n  {:<18} {own:?}", "term");
    let mut modes = Gradients(&term, Vec::new());
    for_each_mode(&mut modes);

    let fd = |e: (f64, f64)| {
        let at = |s: f64| (AT.0 + s * e.0, AT.1 + s * e.1);
        (term.apply(at(STEP)) - term.apply(at(-STEP))) / (2.0 * STEP)
    };
    let by_differences = (fd((1.0, 0.0)), fd((0.0, 1.0)));
    println!("  {:<18} {by_differences:?}", "finite diff.");

    let off = |g: (f64, f64), h: (f64, f64)| (g.0 - h.0).abs().max((g.1 - h.1).abs());
    for (name, g) in &modes.1 {
        assert!(
            off(*g, own) < 1e-12,
            "{name} differs from the term: {g:?} vs {own:?}"
        );
    }
    assert!(
        off(own, by_differences) < 1e-6,
        "finite differences disagree"
    );
    // One term at every point: the argmin's loop runs as many steps as each point needs.
    let elsewhere = (-0.4, 2.0);
    println!(
        "value and gradient at {elsewhere:?}: {:?}",
        term.value_and_gradient(elsewhere)
    );
    println!("every mode agrees with the term, and with finite differences to 1e-6");
}
