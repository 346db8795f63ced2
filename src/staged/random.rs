//! A property on random straight-line programs: what a recording computes at its own point is
//! what plain `f64` evaluation computes, and its tape — simplified or not — computes the program
//! at every other point where it does not report [`Diverged`](super::Diverged); and what the
//! rules cost in length.

use super::recorder::record;
use super::tape::Tape;
use crate::space::Scalar;
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// A random expression in three variables.
#[derive(Clone, Debug)]
enum Expr {
    Var(usize),
    Const(f64),
    Unary(Unary, Box<Expr>),
    Binary(Binary, Box<Expr>, Box<Expr>),
    /// `if a > b { a } else { b }`: a comparison, so a guard.
    Max(Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug)]
enum Unary {
    Sin,
    Cos,
    Tanh,
    Neg,
    Abs,
    /// `exp(tanh x)`: bounded.
    ExpTanh,
    /// `sqrt(1 + x²)`: defined everywhere.
    Hypot,
}

#[derive(Clone, Copy, Debug)]
enum Binary {
    Add,
    Sub,
    Mul,
}

impl Expr {
    fn eval<S: Scalar>(&self, xs: &[S]) -> S {
        match self {
            Expr::Var(i) => xs[*i],
            Expr::Const(c) => S::from_f64(*c),
            Expr::Unary(op, e) => {
                let x = e.eval(xs);
                match op {
                    Unary::Sin => x.sin(),
                    Unary::Cos => x.cos(),
                    Unary::Tanh => x.tanh(),
                    Unary::Neg => -x,
                    Unary::Abs => x.abs(),
                    Unary::ExpTanh => x.tanh().exp(),
                    Unary::Hypot => (S::from_f64(1.0) + x * x).sqrt(),
                }
            }
            Expr::Binary(op, a, b) => {
                let (a, b) = (a.eval(xs), b.eval(xs));
                match op {
                    Binary::Add => a + b,
                    Binary::Sub => a - b,
                    Binary::Mul => a * b,
                }
            }
            Expr::Max(a, b) => {
                let (a, b) = (a.eval(xs), b.eval(xs));
                if a > b { a } else { b }
            }
        }
    }

    fn random(g: &mut Gen, depth: usize) -> Expr {
        let leaf = depth == 0 || u8::arbitrary(g) % 4 == 0;
        let sub = |g: &mut Gen| Box::new(Expr::random(g, depth.saturating_sub(1)));
        match (leaf, u8::arbitrary(g) % 10) {
            (true, k) if k < 7 => Expr::Var(usize::from(k % 3)),
            (true, k) => Expr::Const(f64::from(k) - 8.0 + f64::from(u8::arbitrary(g) % 4) / 4.0),
            (false, k) if k < 5 => {
                let ops = [
                    Unary::Sin,
                    Unary::Cos,
                    Unary::Tanh,
                    Unary::Neg,
                    Unary::Abs,
                    Unary::ExpTanh,
                    Unary::Hypot,
                ];
                Expr::Unary(*g.choose(&ops).unwrap(), sub(g))
            }
            (false, 9) => Expr::Max(sub(g), sub(g)),
            (false, _) => {
                let ops = [Binary::Add, Binary::Sub, Binary::Mul];
                Expr::Binary(*g.choose(&ops).unwrap(), sub(g), sub(g))
            }
        }
    }
}

/// A program (a few expressions sharing their variables, three inputs) and two points.
#[derive(Clone, Debug)]
pub(crate) struct Case {
    exprs: Vec<Expr>,
    at: [f64; 3],
    elsewhere: [f64; 3],
}

impl Arbitrary for Case {
    fn arbitrary(g: &mut Gen) -> Case {
        let point = |g: &mut Gen| [(); 3].map(|_| f64::from(i8::arbitrary(g)) / 64.0);
        let outputs = 1 + usize::from(u8::arbitrary(g) % 3);
        Case {
            exprs: (0..outputs).map(|_| Expr::random(g, 6)).collect(),
            at: point(g),
            elsewhere: point(g),
        }
    }
}

/// The tape of `case`'s program recorded at its point, and the values recorded.
pub(crate) fn tape(case: &Case, simplify: bool) -> (Tape, Vec<f64>) {
    let (outputs, recording) = record(&case.at, simplify, |xs| {
        case.exprs.iter().map(|e| e.eval(xs)).collect::<Vec<_>>()
    });
    let values = outputs.iter().map(|s| s.value()).collect();
    (Tape::new(recording, 3, &outputs), values)
}

fn run(tape: &Tape, x: &[f64]) -> Option<Vec<f64>> {
    let mut out = vec![0.0; tape.outputs()];
    tape.eval(x, &mut tape.workspace(), &mut out).ok()?;
    Some(out)
}

/// Within a relative 1e-12: the rules reassociate a few products and sums.
fn close(a: &[f64], b: &[f64]) -> bool {
    a.iter()
        .zip(b)
        .all(|(a, b)| (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0))
}

fn tapes_compute_the_program(case: Case) -> bool {
    let direct = |x: &[f64; 3]| case.exprs.iter().map(|e| e.eval(x)).collect::<Vec<f64>>();
    let (simplified, recorded) = tape(&case, true);
    let (plain, plain_recorded) = tape(&case, false);
    // Recording computes the program at its point; each tape applies there and agrees.
    let at = direct(&case.at);
    let here = [run(&simplified, &case.at), run(&plain, &case.at)];
    let agree_here = close(&recorded, &at)
        && plain_recorded == at
        && here
            .iter()
            .all(|t| t.as_deref().is_some_and(|t| close(t, &at)));
    // Elsewhere, a tape either reports a changed branch or computes the program.
    let there = direct(&case.elsewhere);
    let agree_there = [&simplified, &plain]
        .into_iter()
        .filter_map(|t| run(t, &case.elsewhere))
        .all(|t| close(&t, &there));
    // Both tapes took their branches from the same comparisons.
    let same_branches =
        run(&simplified, &case.elsewhere).is_some() == run(&plain, &case.elsewhere).is_some();
    agree_here && agree_there && same_branches
}

#[test]
fn tapes_compute_the_program_they_record() {
    QuickCheck::new()
        .tests(500)
        .quickcheck(tapes_compute_the_program as fn(Case) -> bool);
}

/// Simplification shortens a tape but for the reassociating rules: `newest_factor_last` and
/// `distribute` each add at most one operation where the product they take apart is also used
/// elsewhere (they trade it for a shorter critical path, or a product fewer when it is not).
#[test]
fn simplification_lengthens_a_tape_only_by_reassociating() {
    fn bounded(case: Case) -> bool {
        let (simplified, plain) = (tape(&case, true).0, tape(&case, false).0);
        let reassociations: usize = simplified
            .rewrites()
            .iter()
            .filter(|(rule, _)| ["newest_factor_last", "distribute"].contains(rule))
            .map(|(_, n)| n)
            .sum();
        simplified.len() <= plain.len() + reassociations
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(bounded as fn(Case) -> bool);
}
