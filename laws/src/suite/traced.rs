//! The suite of traced programs: ordinary Rust — closures bound, passed and returned, recursion,
//! a select on a traced comparison — over random programs run as Rust functions of catad's
//! traced scalar ([`Traced`]), traced into a term ([`Term::trace`]). Each must run as, and
//! differentiate in every mode as, the same program written in the vocabulary: tracing is the
//! functor from Rust functions to terms, and the interpretations the functors out of terms.

use super::check::{Laws, defined};
use crate::modes::{Mode, ModeVisitor, Representation, for_each_mode};
use crate::program::{Field, Interprets, KINK, Nonlinear, Pt, RandomProgram};
use crate::{At, terms};
use catad::interpretations::{D, DMap};
use catad::prelude::*;
use catad::term::Term;
use catad::term::trace::Traced;
use quickcheck::{Arbitrary, Gen};

/// A random field `p(e, s)` as a Rust function of traced scalars.
fn run(p: &Field<Nonlinear>) -> impl Fn(Traced, Traced) -> Traced {
    let f = p.interpret_over::<Fun, Traced>();
    move |e, s| f.apply((e, s))
}

/// `x ↦ g (f x)`: a closure made from two and returned.
fn then<S: Scalar>(f: impl Fn(S) -> S, g: impl Fn(S) -> S) -> impl Fn(S) -> S {
    move |x| g(f(x))
}

/// `f` applied `n` times, by recursion.
fn repeat<S: Scalar>(f: &dyn Fn(S) -> S, n: u8, x: S) -> S {
    match n {
        0 => x,
        n => f(repeat(f, n - 1, x)),
    }
}

/// Ordinary Rust over random fields `ℝ² → ℝ` of an environment `e` and a state `s`, one
/// variant per feature of the host language it traces.
#[derive(Clone, Debug)]
pub enum Hosted {
    /// `let f = |e, s| p(e, s); f(e, s)`: a closure bound and called.
    Closure(Field<Nonlinear>),
    /// `then(|s| p(e, s), |s| q(e, s))(s)`: closures capturing `e`, passed to a helper that
    /// returns their composite: `q(e, p(e, s))`.
    Returned(Field<Nonlinear>, Field<Nonlinear>),
    /// `repeat(&|s| p(e, s), n, s)`: recursion, `p(e, ·)` applied `n` times.
    Recursion(Field<Nonlinear>, u8),
    /// `e > c` chooses `p(e, s)` or `q(e, s)`: a select on a traced comparison, both sides in
    /// the term.
    Select(f64, Field<Nonlinear>, Field<Nonlinear>),
}

impl Hosted {
    /// The term Rust traces.
    pub fn traced(&self) -> Term<(f64, f64), f64> {
        Term::trace(|(e, s)| match self {
            Hosted::Closure(p) => {
                let f = run(p);
                f(e, s)
            }
            Hosted::Returned(p, q) => {
                let (p, q) = (run(p), run(q));
                then(|s| p(e, s), |s| q(e, s))(s)
            }
            Hosted::Recursion(p, n) => {
                let p = run(p);
                repeat(&|s| p(e, s), *n, s)
            }
            Hosted::Select(c, p, q) => {
                let (p, q) = (run(p), run(q));
                Traced::compare(e, Comparison::Gt, Traced::from(*c)).select(p(e, s), q(e, s))
            }
        })
    }

    /// The same program in the vocabulary, in the category `K`.
    pub fn at<K: Interprets<Nonlinear> + Conditional>(&self) -> Hom<K, (f64, f64), f64> {
        // `(e, s) ↦ p(e, f(e, s))`.
        let after = |p: &Field<Nonlinear>, f: Hom<K, (f64, f64), f64>| {
            K::compose(p.interpret::<K>(), K::fork(K::exl(), f))
        };
        match self {
            Hosted::Closure(p) => p.interpret::<K>(),
            Hosted::Returned(p, q) => after(q, p.interpret::<K>()),
            Hosted::Recursion(p, n) => (0..*n).fold(K::exr(), |f, _| after(p, f)),
            Hosted::Select(c, p, q) => {
                let c = *c;
                let above = Pred::compare(|(e, _): (f64, f64)| e, Comparison::Gt, move |_| c);
                K::cond(above, p.interpret::<K>(), q.interpret::<K>())
            }
        }
    }

    /// Guarded evaluation: defined where every program it runs is, and, for a select, both sides
    /// are and `e` is at least [`KINK`] from the threshold.
    pub fn guarded(&self, &(e, s): &(f64, f64)) -> Option<f64> {
        match self {
            Hosted::Closure(p) => p.eval(&(e, s)),
            Hosted::Returned(p, q) => q.eval(&(e, p.eval(&(e, s))?)),
            Hosted::Recursion(p, n) => (0..*n).try_fold(s, |s, _| p.eval(&(e, s))),
            Hosted::Select(c, p, q) => {
                let (then, otherwise) = (p.eval(&(e, s))?, q.eval(&(e, s))?);
                ((e - c).abs() >= KINK).then_some(if e > *c { then } else { otherwise })
            }
        }
    }
}

impl Arbitrary for Hosted {
    fn arbitrary(g: &mut Gen) -> Self {
        let p = Field::arbitrary(g);
        match u8::arbitrary(g) % 4 {
            0 => Hosted::Closure(p),
            1 => Hosted::Returned(p, Field::arbitrary(g)),
            2 => Hosted::Recursion(p, u8::arbitrary(g) % 4),
            _ => Hosted::Select(
                *g.choose(&[-0.5, 0.0, 0.5]).expect("three thresholds"),
                p,
                Field::arbitrary(g),
            ),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        match self.clone() {
            Hosted::Closure(p) => Box::new(p.shrink().map(Hosted::Closure)),
            Hosted::Returned(p, q) => Box::new(
                std::iter::once(Hosted::Closure(p.clone()))
                    .chain(q.shrink().map(move |q| Hosted::Returned(p.clone(), q))),
            ),
            Hosted::Recursion(p, n) => Box::new(
                (0..n)
                    .rev()
                    .map({
                        let p = p.clone();
                        move |n| Hosted::Recursion(p.clone(), n)
                    })
                    .chain(p.shrink().map(move |p| Hosted::Recursion(p, n))),
            ),
            Hosted::Select(_, p, q) => {
                Box::new([Hosted::Closure(p), Hosted::Closure(q)].into_iter())
            }
        }
    }
}

/// The laws of traced programs, on random [`Hosted`] programs: the traced term runs as the
/// program in `Fun`, and its forward and reverse derivatives and its interpretation are those
/// of the program in each mode of [`for_each_mode`].
///
/// ```no_run
/// catad_laws::suite::traced();
/// ```
pub fn traced() {
    let laws = Laws::new("traced ordinary Rust on ℝ² → ℝ");
    laws.check(
        terms::runs_as_fun::<(f64, f64), f64>,
        |law, (p, x): (Hosted, Pt<(f64, f64)>)| {
            defined(p.guarded(&x.0).is_some(), || {
                law(&p.traced(), &p.at::<Fun>(), &At::point(x.0))
            })
        },
    );
    for_each_mode(&mut InMode(laws));
}

/// The derivative laws of traced terms against one mode.
struct InMode(Laws);

impl ModeVisitor for InMode {
    fn visit<K: Representation>(&mut self, mode: &Mode) {
        let laws = self.0.at(mode.name);
        against_mode::<K, _>(&laws, terms::forward_is_mode::<D<K>, (f64, f64), f64>);
        against_mode::<K, _>(
            &laws,
            terms::interpretation_is_mode::<D<K>, (f64, f64), f64>,
        );
        against_mode::<K, _>(&laws, terms::reverse_is_mode::<D<K>, (f64, f64), f64>);
    }
}

/// Checks `law`, relating a traced term to the program written in `D<K>`.
fn against_mode<K, L>(laws: &Laws, law: L)
where
    K: Representation,
    L: Fn(&Term<(f64, f64), f64>, &DMap<K, (f64, f64), f64>, &At<(f64, f64), f64>) -> bool + Copy,
{
    laws.check(law, |law, (p, x): (Hosted, Pt<(f64, f64)>)| {
        defined(p.guarded(&x.0).is_some(), || {
            law(&p.traced(), &p.at::<D<K>>(), &At::point(x.0))
        })
    });
}
