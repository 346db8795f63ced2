//! The suite of the term laws ([`crate::terms`]): on random programs of every scalar kind and on
//! conditionals and loops of them, the term built in `Syn` runs as the program in `Fun`, its
//! derivatives are those of every mode, it preserves composition, and its second derivatives
//! agree in both orders; on random vector programs at fixed shapes, its derivatives are `Forward`'s and
//! `Reverse`'s.

use super::check::{Laws, at_vector, defined};
use crate::modes::{Mode, ModeVisitor, Representation, for_each_mode};
use crate::program::{
    Curve, Field, Interprets, KINK, Line, Nonlinear, Plane, Pt, RandomProgram, Test,
};
use crate::random::RandomShape;
use crate::vector::{InterpretsI, Shape, VecMap, VecPt};
use crate::{At, terms};
use catad::interpretations::{D, DMap};
use catad::prelude::*;
use catad::space::{Arr, SVec};
use catad::space::{Rescale, Space};
use catad::term::{Syn, Term};
use quickcheck::{Arbitrary, Gen};
use std::fmt::Debug;
use std::marker::PhantomData;

/// The term laws on random programs of [`Nonlinear`]: `ℝ → ℝ`, `ℝ² → ℝ`, `ℝ² → ℝ²`, `ℝ → ℝ²`, and
/// conditionals `cond p f g` of a random [`Test`] and branches `ℝ² → ℝ²`, in every mode of
/// [`for_each_mode`]; composition on pairs of `ℝ → ℝ` programs; second derivatives on `ℝ² → ℝ`
/// programs and conditionals of them; random `while` and counted loops (`iterate`) of `ℝ² → ℝ`
/// bodies, in the modes that loop, with their second derivatives; all without custom primitives
/// where second derivatives are checked (a primitive states its first derivative only); vector
/// programs at `Arr<3>` and `SVec<2>` against `Forward` and `Reverse`.
///
/// ```no_run
/// catad_laws::suite::terms();
/// ```
pub fn terms() {
    let laws = Laws::new("Syn on Nonlinear programs");
    on_kind::<Line<Nonlinear>>(&laws.at("ℝ → ℝ"));
    on_kind::<Field<Nonlinear>>(&laws.at("ℝ² → ℝ"));
    on_kind::<Plane<Nonlinear>>(&laws.at("ℝ² → ℝ²"));
    on_kind::<Curve<Nonlinear>>(&laws.at("ℝ → ℝ²"));
    laws.check(
        terms::run_preserves_compose::<f64, f64, f64>,
        |law, (g, f, x): (Line<Nonlinear>, Line<Nonlinear>, Pt<f64>)| {
            let defined_at = f.eval(&x.0).and_then(|y| g.eval(&y)).is_some();
            defined(defined_at, || {
                law(&g.interpret::<Syn>(), &f.interpret::<Syn>(), &x.0)
            })
        },
    );
    on_kind::<Cond<Plane<Nonlinear>>>(&laws.at("cond on ℝ² → ℝ²"));
    on_kind::<While>(&laws.at("while on ℝ × ℝ"));
    on_kind::<Iterate>(&laws.at("iterate on ℝ × ℝ"));
    on_vectors::<Arr<3>>(&laws.at("Arr<3>"));
    on_vectors::<SVec<2>>(&laws.at("SVec<2>"));
    laws.at("ℝ² → ℝ").check(
        terms::second_orders_agree::<(f64, f64)>,
        |law, (p, x): (Field<Nonlinear>, Pt<(f64, f64)>)| {
            let first_order_only = format!("{p:?}").contains("Softplus");
            defined(p.eval(&x.0).is_some() && !first_order_only, || {
                law(&p.interpret::<Syn>(), &x.0)
            })
        },
    );
    laws.at("while on ℝ × ℝ").check(
        terms::second_orders_agree::<(f64, f64)>,
        |law, (p, x): (While, Pt<(f64, f64)>)| {
            let first_order_only = format!("{p:?}").contains("Softplus");
            defined(p.guarded(&x.0).is_some() && !first_order_only, || {
                law(
                    &Syn::compose(Syn::exl(), Syn::fork(p.at::<Syn>(), Syn::id())),
                    &x.0,
                )
            })
        },
    );
    laws.at("iterate on ℝ × ℝ").check(
        terms::second_orders_agree::<(f64, f64)>,
        |law, (p, x): (Iterate, Pt<(f64, f64)>)| {
            let first_order_only = format!("{p:?}").contains("Softplus");
            defined(p.guarded(&x.0).is_some() && !first_order_only, || {
                law(&p.at::<Syn>(), &x.0)
            })
        },
    );
    laws.at("cond on ℝ² → ℝ").check(
        terms::second_orders_agree::<(f64, f64)>,
        |law, (p, x): (Cond<Field<Nonlinear>>, Pt<(f64, f64)>)| {
            let first_order_only = format!("{p:?}").contains("Softplus");
            defined(p.guarded(&x.0).is_some() && !first_order_only, || {
                law(&p.at::<Syn>(), &x.0)
            })
        },
    );
}

/// The laws on programs of the kind `P`: against `Fun`, then against each mode.
fn on_kind<P: Checked>(laws: &Laws) {
    laws.check(
        terms::runs_as_fun::<P::Dom, P::Cod>,
        |law, (p, x): (P, Pt<P::Dom>)| {
            defined(p.guarded(&x.0).is_some(), || {
                law(&p.at::<Syn>(), &p.at::<Fun>(), &At::point(x.0))
            })
        },
    );
    for_each_mode(&mut InMode::<P>(laws.clone(), PhantomData));
}

/// The laws on vector programs ([`VecMap`]) at the fixed shape `H`: the term's forward
/// derivative against `Forward`'s, its reverse derivative against `Reverse`'s (each also checks
/// the value).
fn on_vectors<H: Shape>(laws: &Laws)
where
    Syn: InterpretsI<Nonlinear, H>,
    Forward: InterpretsI<Nonlinear, H>,
    Reverse: InterpretsI<Nonlinear, H>,
{
    laws.check(
        terms::forward_is_mode::<Forward, H::Obj<f64>, H::Obj<f64>>,
        |law, (p, x): (VecMap<Nonlinear>, VecPt)| {
            at_vector::<Syn, Nonlinear, H>(&p, &x, |t, h, xs| {
                law(&t, &p.interpret::<Forward, H>(h), &At::point(xs))
            })
        },
    );
    laws.check(
        terms::reverse_is_mode::<Reverse, H::Obj<f64>, H::Obj<f64>>,
        |law, (p, x): (VecMap<Nonlinear>, VecPt)| {
            at_vector::<Syn, Nonlinear, H>(&p, &x, |t, h, xs| {
                law(&t, &p.interpret::<Reverse, H>(h), &At::point(xs))
            })
        },
    );
}

/// The derivative laws of terms against one mode.
struct InMode<P>(Laws, PhantomData<P>);

impl<P: Checked> ModeVisitor for InMode<P> {
    fn visit<K: Representation>(&mut self, mode: &Mode) {
        // Loops are checked in the modes whose loops the suites check on any body (see `Mode`).
        if P::LOOPS && (mode.static_only || mode.shallow) {
            return;
        }
        let laws = self.0.at(mode.name);
        against_mode::<P, K, _>(&laws, terms::forward_is_mode::<D<K>, P::Dom, P::Cod>);
        against_mode::<P, K, _>(&laws, terms::interpretation_is_mode::<D<K>, P::Dom, P::Cod>);
        against_mode::<P, K, _>(&laws, terms::reverse_is_mode::<D<K>, P::Dom, P::Cod>);
    }
}

/// Checks `law`, a law relating a program's term to the program in `D<K>`.
fn against_mode<P, K, L>(laws: &Laws, law: L)
where
    P: Checked,
    K: Representation,
    L: Fn(&Term<P::Dom, P::Cod>, &DMap<K, P::Dom, P::Cod>, &At<P::Dom, P::Cod>) -> bool + Copy,
{
    laws.check(law, |law, (p, x): (P, Pt<P::Dom>)| {
        defined(p.guarded(&x.0).is_some(), || {
            law(&p.at::<Syn>(), &p.at::<D<K>>(), &At::point(x.0))
        })
    });
}

/// The categories the term laws run programs in: `Syn`, `Fun` and each mode's `D<K>`.
trait Runs:
    Interprets<Nonlinear> + Conditional + Loops + IndexCat + NumCat<f64> + FloatingCat<f64>
{
}

impl<K> Runs for K where
    K: Interprets<Nonlinear> + Conditional + Loops + IndexCat + NumCat<f64> + FloatingCat<f64>
{
}

/// A random program whose term the laws check: a [`RandomProgram`], a [`Cond`] of two, or a
/// [`While`] or [`Iterate`] loop of one.
trait Checked: Arbitrary + Debug {
    /// The domain.
    type Dom: Space<f64> + RandomShape + Rescale<f64, Over<f64> = Self::Dom>;
    /// The codomain.
    type Cod: Space<f64> + RandomShape + Rescale<f64, Over<f64> = Self::Cod>;
    /// Whether the program loops.
    const LOOPS: bool = false;
    /// The program in the category `K`.
    fn at<K: Runs>(&self) -> Hom<K, Self::Dom, Self::Cod>;
    /// Guarded evaluation: `None` where the program leaves its safe domain.
    fn guarded(&self, x: &Self::Dom) -> Option<Self::Cod>;
}

impl<P: RandomProgram<Nonlinear>> Checked for P {
    type Dom = P::Dom;
    type Cod = P::Cod;
    fn at<K: Runs>(&self) -> Hom<K, P::Dom, P::Cod> {
        self.interpret::<K>()
    }
    fn guarded(&self, x: &P::Dom) -> Option<P::Cod> {
        self.eval(x)
    }
}

/// `cond test then otherwise`: a random conditional of two programs of the kind `P`.
#[derive(Clone, Debug)]
struct Cond<P> {
    test: Test<Nonlinear>,
    then: P,
    otherwise: P,
}

impl<P: RandomProgram<Nonlinear, Dom = (f64, f64)>> Checked for Cond<P> {
    type Dom = (f64, f64);
    type Cod = P::Cod;
    fn at<K: Runs>(&self) -> Hom<K, (f64, f64), P::Cod> {
        K::cond(
            self.test.pred(),
            self.then.interpret::<K>(),
            self.otherwise.interpret::<K>(),
        )
    }

    /// Defined where the test and both branches are, so that no case is decided by a branch's
    /// domain.
    fn guarded(&self, x: &(f64, f64)) -> Option<P::Cod> {
        let (then, otherwise) = (self.then.eval(x)?, self.otherwise.eval(x)?);
        Some(if self.test.eval(x)? { then } else { otherwise })
    }
}

impl<P: Arbitrary> Arbitrary for Cond<P> {
    fn arbitrary(g: &mut Gen) -> Self {
        Cond {
            test: Test::arbitrary(g),
            then: P::arbitrary(g),
            otherwise: P::arbitrary(g),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let (test, then, otherwise) =
            (self.test.clone(), self.then.clone(), self.otherwise.clone());
        let tests = {
            let (then, otherwise) = (then.clone(), otherwise.clone());
            test.shrink().map(move |test| Cond {
                test,
                then: then.clone(),
                otherwise: otherwise.clone(),
            })
        };
        let thens = {
            let (test, otherwise) = (test.clone(), otherwise.clone());
            then.shrink().map(move |then| Cond {
                test: test.clone(),
                then,
                otherwise: otherwise.clone(),
            })
        };
        let otherwises = otherwise.shrink().map(move |otherwise| Cond {
            test: test.clone(),
            then: then.clone(),
            otherwise,
        });
        Box::new(tests.chain(thens).chain(otherwises))
    }
}

/// `while s < limit { s = s + ½ + tanh² (step (e, s)) }` in the environment `e`, from `(e, s)`:
/// a random loop that ends, each iteration adding at least ½, at most 26 iterations from the
/// points the laws draw.
#[derive(Clone, Debug)]
struct While {
    step: Field<Nonlinear>,
    limit: f64,
}

impl While {
    /// The loop's iteration: `s + ½ + tanh² (step (e, s))`.
    fn next(&self, (e, s): (f64, f64)) -> Option<f64> {
        let t = self.step.eval(&(e, s))?.tanh();
        Some(s + 0.5 + t * t)
    }
}

impl Checked for While {
    type Dom = (f64, f64);
    type Cod = f64;
    const LOOPS: bool = true;
    fn at<K: Runs>(&self) -> Hom<K, (f64, f64), f64> {
        let limit = self.limit;
        let below = Pred::compare(|(_, s): (f64, f64)| s, Comparison::Lt, move |_| limit);
        let t = K::compose(K::tanh_c(), self.step.interpret::<K>());
        let increment = K::compose(
            K::add_c(),
            K::fork(
                K::const_c(0.5),
                K::compose(K::mul_c(), K::fork(t.clone(), t)),
            ),
        );
        K::iterate_while(below, K::compose(K::add_c(), K::fork(K::exr(), increment)))
    }

    /// Defined where every iteration is, and no state is within [`KINK`] of the limit, where
    /// the number of iterations could differ with rounding.
    fn guarded(&self, &(e, s): &(f64, f64)) -> Option<f64> {
        let mut s = s;
        loop {
            if (s - self.limit).abs() < KINK {
                return None;
            }
            if s >= self.limit {
                return Some(s);
            }
            s = self.next((e, s))?;
        }
    }
}

impl Arbitrary for While {
    fn arbitrary(g: &mut Gen) -> Self {
        While {
            step: Field::arbitrary(g),
            limit: *g.choose(&[-1.5, 0.5, 2.5]).expect("three limits"),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let limit = self.limit;
        Box::new(self.step.shrink().map(move |step| While { step, limit }))
    }
}

/// `s ↦ s + tanh (step (e, s))`, `count` times in the environment `e`, from `(e, s)`: a random
/// counted loop of at most 6 iterations, the count an index computed in the program.
#[derive(Clone, Debug)]
struct Iterate {
    step: Field<Nonlinear>,
    count: usize,
}

impl Checked for Iterate {
    type Dom = (f64, f64);
    type Cod = f64;
    const LOOPS: bool = true;
    fn at<K: Runs>(&self) -> Hom<K, (f64, f64), f64> {
        let t = K::compose(K::tanh_c(), self.step.interpret::<K>());
        let body = K::compose(K::add_c(), K::fork(K::exr(), t));
        let count = K::fork(K::exr(), K::const_ix(self.count));
        K::compose(K::iterate(body), K::fork(K::exl(), count))
    }

    fn guarded(&self, &(e, s): &(f64, f64)) -> Option<f64> {
        (0..self.count).try_fold(s, |s, _| Some(s + self.step.eval(&(e, s))?.tanh()))
    }
}

impl Arbitrary for Iterate {
    fn arbitrary(g: &mut Gen) -> Self {
        Iterate {
            step: Field::arbitrary(g),
            count: usize::arbitrary(g) % 7,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let count = self.count;
        let steps = self.step.shrink().map(move |step| Iterate { step, count });
        let step = self.step.clone();
        let counts = (0..count).rev().map(move |count| Iterate {
            step: step.clone(),
            count,
        });
        Box::new(counts.chain(steps))
    }
}
