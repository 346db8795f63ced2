//! A property on random straight-line programs: what a recording computes at its own point is
//! what plain `f64` evaluation computes, and its tape — simplified or not — computes the program
//! at every other point where it does not report [`Diverged`](super::Diverged); and what the
//! rules cost in length.

use super::recorder::record;
use super::tape::Tape;
use crate::space::Scalar;
use crate::vocabulary::{Cartesian, FloatingCat, Hom, MinMaxCat};
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

    /// Whether the expression is at a kink at `xs` — a `max` at a tie or an `abs` at 0, within
    /// `1e-9` — where it need not have a second derivative: the derivative takes one side there
    /// (abs′ 0 = 0, the subgradient), while a difference quotient of the gradient sees both, and
    /// may see a smooth function (`√(1 + |x|²)`) or one branch on both sides of a tie.
    fn at_a_kink(&self, xs: &[f64]) -> bool {
        match self {
            Expr::Var(_) | Expr::Const(_) => false,
            Expr::Unary(Unary::Abs, e) => e.eval(xs).abs() <= 1e-9 || e.at_a_kink(xs),
            Expr::Unary(_, e) => e.at_a_kink(xs),
            Expr::Binary(_, a, b) => a.at_a_kink(xs) || b.at_a_kink(xs),
            Expr::Max(a, b) => {
                (a.eval(xs) - b.eval(xs)).abs() <= 1e-9 || a.at_a_kink(xs) || b.at_a_kink(xs)
            }
        }
    }

    /// The expression as a program of the variables `(x₀, (x₁, x₂))` in the category `K`.
    fn program<K, S>(&self) -> Hom<K, (S, (S, S)), S>
    where
        K: Cartesian + FloatingCat<S> + MinMaxCat<S>,
        S: Scalar,
    {
        let of = |op: Hom<K, S, S>, e: &Expr| K::compose(op, e.program::<K, S>());
        match self {
            Expr::Var(0) => K::exl(),
            Expr::Var(1) => K::compose(K::exl(), K::exr()),
            Expr::Var(_) => K::compose(K::exr(), K::exr()),
            Expr::Const(c) => K::const_c(S::from_f64(*c)),
            Expr::Unary(op, e) => match op {
                Unary::Sin => of(K::sin_c(), e),
                Unary::Cos => of(K::cos_c(), e),
                Unary::Tanh => of(K::tanh_c(), e),
                Unary::Neg => of(K::negate_c(), e),
                Unary::Abs => of(K::abs_c(), e),
                Unary::ExpTanh => of(K::compose(K::exp_c(), K::tanh_c()), e),
                Unary::Hypot => {
                    let square = K::compose(K::mul_c(), K::dup());
                    let one_plus =
                        K::compose(K::add_c(), K::fork(K::const_c(S::from_f64(1.0)), square));
                    of(K::compose(K::sqrt_c(), one_plus), e)
                }
            },
            Expr::Binary(op, a, b) => {
                let op = match op {
                    Binary::Add => K::add_c(),
                    Binary::Sub => K::sub_c(),
                    Binary::Mul => K::mul_c(),
                };
                K::compose(op, K::fork(a.program::<K, S>(), b.program::<K, S>()))
            }
            Expr::Max(a, b) => K::compose(
                K::max_c(),
                K::fork(a.program::<K, S>(), b.program::<K, S>()),
            ),
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

impl Case {
    /// The program's first output as a program of `(x₀, (x₁, x₂))` in the category `K`: what
    /// the expression computes, written in the vocabulary.
    pub(crate) fn first_program<K, S>(&self) -> Hom<K, (S, (S, S)), S>
    where
        K: Cartesian + FloatingCat<S> + MinMaxCat<S>,
        S: Scalar,
    {
        self.exprs[0].program::<K, S>()
    }

    /// Whether the first output is at a kink at the point (see [`Expr::at_a_kink`]).
    pub(crate) fn first_at_a_kink(&self) -> bool {
        self.exprs[0].at_a_kink(&self.at)
    }

    /// The point the program is recorded at.
    pub(crate) fn point(&self) -> [f64; 3] {
        self.at
    }

    /// Another point, where the program may take other branches.
    pub(crate) fn elsewhere(&self) -> [f64; 3] {
        self.elsewhere
    }
}

/// The central difference quotient of `f` at `x` along `v`, where it is stable: where halving
/// the step changes it by less than `1e-4` relative (no kink or branch within the step), and
/// `f` applies at every point it is sampled at.
pub(crate) fn difference(
    f: impl Fn(&[f64]) -> Option<Vec<f64>>,
    x: &[f64],
    v: &[f64],
) -> Option<Vec<f64>> {
    let quotient = |h: f64| -> Option<Vec<f64>> {
        let at = |s: f64| -> Vec<f64> { x.iter().zip(v).map(|(x, v)| x + s * h * v).collect() };
        let (plus, minus) = (f(&at(1.0))?, f(&at(-1.0))?);
        Some(
            plus.iter()
                .zip(&minus)
                .map(|(p, m)| (p - m) / (2.0 * h))
                .collect(),
        )
    };
    let (coarse, fine) = (quotient(2e-6)?, quotient(1e-6)?);
    let stable = coarse
        .iter()
        .zip(&fine)
        .all(|(c, f)| (c - f).abs() <= 1e-4 * (1.0 + f.abs()));
    stable.then_some(fine)
}

/// Within `1e-5` relative: a derivative against a difference quotient.
pub(crate) fn near(exact: &[f64], approximate: &[f64]) -> bool {
    exact
        .iter()
        .zip(approximate)
        .all(|(e, a)| (e - a).abs() <= 1e-5 * (1.0 + e.abs().max(a.abs())))
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

/// A linearized tape's derivative: its forward sweep is the difference quotient of the tape
/// (where that is stable), and its reverse sweep is the forward sweep's adjoint,
/// `⟨jvp da, db⟩ = ⟨da, vjp db⟩`.
#[test]
fn linearized_tapes_sweep_their_derivative() {
    fn derivative(case: Case, da: (i8, i8, i8), db: (i8, i8, i8)) -> bool {
        let (tape, _) = tape(&case, true);
        let Ok(at) = tape.linearize(&case.at) else {
            return false;
        };
        let da = [da.0, da.1, da.2].map(|d| f64::from(d) / 32.0);
        let db: Vec<f64> = [db.0, db.1, db.2][..tape.outputs()]
            .iter()
            .map(|&d| f64::from(d) / 32.0)
            .collect();
        let (tangent, cotangent) = (at.jvp(&da), at.vjp(&db));
        let dot = |a: &[f64], b: &[f64]| -> (f64, f64) {
            let terms = a.iter().zip(b).map(|(x, y)| x * y);
            (terms.clone().sum(), terms.map(f64::abs).sum())
        };
        let ((left, left_size), (right, right_size)) = (dot(&tangent, &db), dot(&da, &cotangent));
        let adjoint = (left - right).abs() <= 1e-12 * (1.0 + left_size.max(right_size));
        // At a kink the tangent takes the subgradient, which a difference quotient need not see.
        let at_a_kink = case.exprs.iter().any(|e| e.at_a_kink(&case.at));
        let differences = difference(|x| tape.eval_over(x).ok(), &case.at, &da);
        adjoint && (at_a_kink || differences.is_none_or(|d| near(&tangent, &d)))
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(derivative as fn(Case, (i8, i8, i8), (i8, i8, i8)) -> bool);
}
