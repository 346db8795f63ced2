//! The suites of the functor and calculus laws: one program interpreted in two categories, or a
//! derivative against calculus itself; on random scalar programs of every kind (`ℝ → ℝ`,
//! `ℝ² → ℝ`, `ℝ² → ℝ²`, `ℝ → ℝ²`), on random programs of a scalar and a run-time vector
//! (`ℝ × Vec<ℝ> → ℝ`), on random vector programs at a shape, and on the programs of the macro
//! corpus in every mode.

use super::check::{Checkable, Laws, at_vector, defined, short_name};
use super::modes::EveryMode;
use crate::calculus::{self, FD_TOLERANCE, STEP};
use crate::modes::{Mode, ModeVisitor, Representation, for_each_mode};
use crate::program::{
    Along, Curve, Field, Interprets, Line, Plane, Pt, RandomProgram, VecField, Vocabulary,
};
use crate::random::RandomShape;
use crate::vector::{InterpretsI, Shape, ShapeOver, VecMap, VecPt};
use crate::{At, Differentiable, Lift, Observe, functor};
use catad::interpretations::{AddFun, D, Func};
use catad::prelude::*;
use catad::staged::Sym;
use quickcheck::Arbitrary;
use std::fmt::Debug;
use std::marker::PhantomData;

/// A check to run on every kind of random scalar program.
trait OnPrograms<V: Vocabulary> {
    /// The check on programs of the kind `P`.
    fn run<P: RandomProgram<V>>(&self, laws: &Laws);
}

/// Runs `check` on every kind of program.
fn on_programs<V: Vocabulary>(check: &impl OnPrograms<V>, laws: &Laws) {
    check.run::<Line<V>>(&laws.at("ℝ → ℝ"));
    check.run::<Field<V>>(&laws.at("ℝ² → ℝ"));
    check.run::<Plane<V>>(&laws.at("ℝ² → ℝ²"));
    check.run::<Curve<V>>(&laws.at("ℝ → ℝ²"));
}

/// Random programs of the kind `P`, from `A` to `B`, as the derivative laws take them: their
/// guarded evaluation, and their interpretations in `Fun`, in `Forward` and in the derivative
/// category `C`.
struct Interpreted<P, C: Category, A: Additive, B: Additive> {
    eval: fn(&P, &A) -> Option<B>,
    in_fun: fn(&P) -> Hom<Fun, A, B>,
    in_forward: fn(&P) -> Hom<Forward, A, B>,
    in_c: fn(&P) -> Hom<C, A, B>,
}

/// The derivative laws of `C` on random programs, at random points where they are defined (and
/// directions of the points' shape): the primal is `Fun`, the value and Jacobian are Forward's,
/// the derivative satisfies the adjoint identity and agrees with finite differences where the
/// step resolves the function.
fn derivative_laws<C, P, A, B>(laws: &Laws, programs: Interpreted<P, C, A, B>)
where
    C: Differentiable<f64> + Observe<f64>,
    P: Arbitrary + Debug,
    A: Space<f64> + RandomShape,
    B: Space<f64> + RandomShape,
{
    let Interpreted {
        eval,
        in_fun,
        in_forward,
        in_c,
    } = programs;
    laws.check(
        functor::primal_is_fun::<C, f64, A, B>,
        |law, (p, x): (P, Pt<A>)| {
            defined(eval(&p, &x.0).is_some(), || {
                law(&in_c(&p), &in_fun(&p), &At::point(x.0))
            })
        },
    );
    laws.check(
        functor::representations_agree::<Forward, C, f64, A, B>,
        |law, (p, x): (P, Pt<A>)| {
            defined(eval(&p, &x.0).is_some(), || {
                law(&in_forward(&p), &in_c(&p), &At::point(x.0))
            })
        },
    );
    laws.check(
        calculus::derivative_adjoint::<C, f64, A, B>,
        |law, (p, x, db): (P, Along<A>, Pt<B>)| {
            defined(eval(&p, &x.at).is_some(), || {
                law(&in_c(&p), &x.at, &x.along, &db.0)
            })
        },
    );
    laws.check(
        calculus::finite_difference::<C, f64, A, B>,
        |law, (p, x): (P, Along<A>)| {
            let at = |t: f64| eval(&p, &x.at.plus(&x.along.scale(t))).map(|y| y.coords());
            defined(eval(&p, &x.at).is_some() && resolved_along(at), || {
                law(&in_c(&p), &At::point(x.at.clone()), &x.along)
            })
        },
    );
}

/// The derivatives of `C`, against `Fun`, `Forward` and calculus.
struct Derivatives<C>(PhantomData<C>);

impl<C, V> OnPrograms<V> for Derivatives<C>
where
    C: Differentiable<f64> + Checkable<V>,
    V: Vocabulary,
    Fun: Interprets<V>,
    Forward: Interprets<V>,
{
    fn run<P: RandomProgram<V>>(&self, laws: &Laws) {
        let programs = Interpreted::<P, C, P::Dom, P::Cod> {
            eval: P::eval,
            in_fun: P::interpret::<Fun>,
            in_forward: P::interpret::<Forward>,
            in_c: P::interpret::<C>,
        };
        derivative_laws(laws, programs);
    }
}

/// The derivatives of the derivative category `C` (such as `D<K>`) on programs of `V`: the primal
/// is `Fun`, the value and Jacobian are Forward's, the derivative satisfies the adjoint identity
/// and agrees with finite differences.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::derivatives::<Reverse, Nonlinear>();
/// ```
pub fn derivatives<C, V>()
where
    C: Differentiable<f64> + Checkable<V>,
    V: Vocabulary,
    Fun: Interprets<V>,
    Forward: Interprets<V>,
{
    on_programs(&Derivatives::<C>(PhantomData), &Laws::of::<C, V>());
}

/// The derivatives of `C` as [`derivatives`] checks them, on programs whose input holds a vector
/// of run-time length ([`VecField`]: built once, run at vectors of 0 to `V::ITERATIONS`
/// elements), with bodies of `V`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::Looping;
/// catad_laws::suite::run_time_vectors::<ReverseDelta, Looping>();
/// ```
pub fn run_time_vectors<C, V>()
where
    C: Differentiable<f64> + Checkable<V> + Program<f64>,
    V: Vocabulary,
    Fun: Interprets<V>,
    Forward: Interprets<V>,
{
    let programs = Interpreted::<VecField<V>, C, (f64, Vec<f64>), f64> {
        eval: VecField::<V>::eval,
        in_fun: VecField::<V>::interpret::<Fun>,
        in_forward: VecField::<V>::interpret::<Forward>,
        in_c: VecField::<V>::interpret::<C>,
    };
    derivative_laws(&Laws::of::<C, V>().at("ℝ × Vec<ℝ> → ℝ"), programs);
}

/// Staging `C` (a derivative category over `Sym`) against `Forward` over `f64`.
struct Staged<C>(PhantomData<C>);

impl<C, V> OnPrograms<V> for Staged<C>
where
    C: Checkable<V, Sym>,
    V: Vocabulary,
    Forward: Interprets<V>,
{
    fn run<P: RandomProgram<V>>(&self, laws: &Laws) {
        laws.check(
            functor::staged_is_direct::<C, Forward, P::Dom, P::Cod>,
            |law, (p, x): (P, Pt<P::Dom>)| {
                defined(p.eval(&x.0).is_some(), || {
                    let staged = p.interpret_over::<C, Sym>();
                    law(&staged, &p.interpret::<Forward>(), &At::point(x.0))
                })
            },
        );
    }
}

/// Staging is a functor: programs of `V` in the derivative category `C` over
/// [`Sym`](catad::staged::Sym), observed staged (recorded near the point, compiled to a tape, read
/// from the tape's run at the point: see [`Observe`]), have the value and Jacobian they have in
/// `Forward` over `f64` — every kind of random scalar program, at random points where it is
/// defined.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::staged_derivatives::<Reverse, Nonlinear>();
/// ```
pub fn staged_derivatives<C, V>()
where
    C: Checkable<V, Sym>,
    V: Vocabulary,
    Forward: Interprets<V>,
{
    on_programs(&Staged::<C>(PhantomData), &Laws::of::<C, V>().over::<Sym>());
}

/// [`staged_derivatives`] on programs whose input holds a vector of run-time length
/// ([`VecField`], at vectors of 0 to `V::ITERATIONS` elements): the vector's length is the
/// tape's shape.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::Looping;
/// catad_laws::suite::staged_run_time_vectors::<ReverseDelta, Looping>();
/// ```
pub fn staged_run_time_vectors<C, V>()
where
    C: Checkable<V, Sym> + Program<Sym>,
    V: Vocabulary,
    Forward: Interprets<V>,
{
    let laws = Laws::of::<C, V>().over::<Sym>().at("ℝ × Vec<ℝ> → ℝ");
    laws.check(
        functor::staged_is_direct::<C, Forward, (f64, Vec<f64>), f64>,
        |law, (p, x): (VecField<V>, Pt<(f64, Vec<f64>)>)| {
            defined(p.eval(&x.0).is_some(), || {
                let staged = p.interpret_over::<C, Sym>();
                law(&staged, &p.interpret::<Forward>(), &At::point(x.0))
            })
        },
    );
}

/// [`staged_derivatives`] on vector programs of `V` at the shape `H` ([`VecMap`], the indexed
/// vocabulary: `crossI`, `fmap`, `zipWith`, `replI`, `jamI`, `exI`).
///
/// ```
/// use catad::prelude::*;
/// use catad::space::DVecLen;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::staged_vector_derivatives::<Reverse, Nonlinear, DVecLen>();
/// ```
pub fn staged_vector_derivatives<C, V, H>()
where
    C: Checkable<V, Sym> + InterpretsI<V, H, Sym>,
    V: Vocabulary,
    H: ShapeOver<Sym>,
    Forward: InterpretsI<V, H>,
{
    let laws = Laws::of::<C, V>().at(&short_name::<H>()).over::<Sym>();
    laws.check(
        functor::staged_is_direct::<C, Forward, H::Obj<f64>, H::Obj<f64>>,
        |law, (p, x): (VecMap<V>, VecPt)| {
            let (h, xs) = H::shaped(&x);
            defined(p.eval(&h.plain(&xs)).is_some(), || {
                let staged = p.interpret_over::<C, H, Sym>(h);
                law(
                    &staged,
                    &p.interpret::<Forward, H>(h),
                    &At::new(xs.clone(), xs),
                )
            })
        },
    );
}

/// The law `law` between the interpretations in `K1` and in `K2` of random programs of the kind
/// `P`, at random points.
fn related<K1, K2, V, P, L>(laws: &Laws, law: L)
where
    K1: Interprets<V>,
    K2: Interprets<V>,
    V: Vocabulary,
    P: RandomProgram<V>,
    L: Copy + Fn(&Hom<K1, P::Dom, P::Cod>, &Hom<K2, P::Dom, P::Cod>, &At<P::Dom, P::Cod>) -> bool,
{
    laws.check(law, |law, (p, x): (P, Pt<P::Dom>)| {
        defined(p.eval(&x.0).is_some(), || {
            let (in_k1, in_k2) = (p.interpret::<K1>(), p.interpret::<K2>());
            law(&in_k1, &in_k2, &At::point(x.0))
        })
    });
}

/// The lift from `K` to `T`.
struct Lifted<K, T>(PhantomData<(K, T)>);

impl<K, T, V> OnPrograms<V> for Lifted<K, T>
where
    K: Interprets<V>,
    T: Lift<K, f64> + Checkable<V>,
    V: Vocabulary,
{
    fn run<P: RandomProgram<V>>(&self, laws: &Laws) {
        related::<T, K, V, P, _>(laws, functor::lift_commutes::<K, T, f64, P::Dom, P::Cod>);
    }
}

/// `T` is the image of a functor from `K` ([`Lift`]: `cont`, `begin`, `asDual`), on programs of
/// `V`.
///
/// ```
/// use catad::interpretations::{AddFun, Cont, Dual, Mat};
/// use catad_laws::program::{Linear, Shallow};
/// catad_laws::suite::lift::<Mat<f64>, Cont<Mat<f64>, f64>, Shallow<Linear>>();
/// catad_laws::suite::lift::<Cont<AddFun, f64>, Dual<AddFun>, Shallow<Linear>>();
/// ```
pub fn lift<K, T, V>()
where
    K: Interprets<V>,
    T: Lift<K, f64> + Checkable<V>,
    V: Vocabulary,
{
    let laws = Laws::of::<T, V>().at(&format!("from {}", short_name::<K>()));
    on_programs(&Lifted::<K, T>(PhantomData), &laws);
}

/// The observations of `K1` and `K2` of one program.
struct Agree<K1, K2>(PhantomData<(K1, K2)>);

impl<K1, K2, V> OnPrograms<V> for Agree<K1, K2>
where
    K1: Checkable<V>,
    K2: Checkable<V>,
    V: Vocabulary,
{
    fn run<P: RandomProgram<V>>(&self, laws: &Laws) {
        let law = functor::representations_agree::<K1, K2, f64, P::Dom, P::Cod>;
        related::<K1, K2, V, P, _>(laws, law);
    }
}

/// The representation of linear maps `K` gives every program of `V` `AddFun`'s matrix.
///
/// ```
/// use catad::interpretations::{AddFun, Dual, Mat};
/// use catad_laws::program::Linear;
/// catad_laws::suite::representations::<Dual<Mat<f64>>, Linear>();
/// ```
pub fn representations<K, V>()
where
    K: Checkable<V>,
    V: Vocabulary,
    AddFun: Interprets<V>,
{
    on_programs(&Agree::<AddFun, K>(PhantomData), &Laws::of::<K, V>());
}

/// The derivatives of `C` (such as `D<K>`) on vector programs of `V` at the shape `H`: the primal
/// is the programs' plain evaluation, the value and Jacobian are Forward's, the derivative
/// satisfies the adjoint identity and agrees with finite differences where the step resolves
/// the function.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::DVecLen;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::vector_derivatives::<Reverse, Nonlinear, DVecLen>();
/// ```
pub fn vector_derivatives<C, V, H>()
where
    C: Differentiable<f64> + Observe<f64> + InterpretsI<V, H>,
    V: Vocabulary,
    H: Shape,
    Forward: InterpretsI<V, H>,
{
    let laws = Laws::of::<C, V>().at(&short_name::<H>());
    laws.check(
        functor::primal_is_fun::<C, f64, H::Obj<f64>, H::Obj<f64>>,
        |law, (p, x): (VecMap<V>, VecPt)| {
            at_vector::<C, V, H>(&p, &x, |in_c, h, xs| {
                let plain = p.clone();
                let in_fun = Func::new(move |xs| {
                    let ys = plain.eval(&h.plain(&xs));
                    h.collect_obj(ys.expect("evaluated where defined"))
                });
                law(&in_c, &in_fun, &At::new(xs.clone(), xs))
            })
        },
    );
    vector_agree::<Forward, C, V, H>(&laws);
    laws.check(
        calculus::derivative_adjoint::<C, f64, H::Obj<f64>, H::Obj<f64>>,
        |law, (p, x, dx, dy): (VecMap<V>, VecPt, VecPt, VecPt)| {
            at_vector::<C, V, H>(&p, &x, |in_c, h, xs| {
                let (dxs, dys) = (h.object(&x.fit(&dx)), h.object(&x.fit(&dy)));
                law(&in_c, &xs, &dxs, &dys)
            })
        },
    );
    laws.check(
        calculus::finite_difference::<C, f64, H::Obj<f64>, H::Obj<f64>>,
        |law, (p, x, dx): (VecMap<V>, VecPt, VecPt)| {
            let h = H::shape_of(&x);
            let (xs, dxs) = (h.object(&x), h.object(&x.fit(&dx)));
            defined(resolved(&p, &h.plain(&xs), &h.plain(&dxs)), || {
                law(&p.interpret::<C, H>(h), &At::new(xs.clone(), xs), &dxs)
            })
        },
    );
}

/// Whether finite differences resolve `p` at `x` along `dx`: `p` is defined along the steps, and
/// the Richardson estimates at `STEP` and at `STEP / 2` differ by at most half the law's
/// tolerance (else the function curves too fast for the step, and the case is not judged).
fn resolved<V: Vocabulary>(p: &VecMap<V>, x: &[f64], dx: &[f64]) -> bool {
    resolved_along(|t: f64| -> Option<Vec<f64>> {
        p.eval(&x.iter().zip(dx).map(|(x, d)| x + t * d).collect::<Vec<_>>())
    })
}

/// Whether central differences resolve `t ↦ at(t)` at `t = 0`: the Richardson estimates at the
/// steps `STEP` and `STEP / 2` agree to within half the tolerance of the finite-difference law, so
/// that the law compares a derivative with a reference that is itself accurate (a program whose
/// higher derivatives are large at the point is skipped there, not given a wider tolerance).
fn resolved_along(at: impl Fn(f64) -> Option<Vec<f64>>) -> bool {
    let central = |step: f64| -> Option<Vec<f64>> {
        let (plus, minus) = (at(step)?, at(-step)?);
        Some(
            plus.iter()
                .zip(&minus)
                .map(|(p, m)| (p - m) / (2.0 * step))
                .collect(),
        )
    };
    let richardson = |step: f64| -> Option<Vec<f64>> {
        let (coarse, fine) = (central(step)?, central(step / 2.0)?);
        Some(
            coarse
                .iter()
                .zip(&fine)
                .map(|(c, f)| (4.0 * f - c) / 3.0)
                .collect(),
        )
    };
    let (Some(y), Some(r1), Some(r2)) = (at(0.0), richardson(STEP), richardson(STEP / 2.0)) else {
        return false;
    };
    let size = |v: &[f64]| v.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    let scale = 1.0 + size(&y) + size(&r2);
    r1.iter()
        .zip(&r2)
        .all(|(a, b)| (a - b).abs() <= FD_TOLERANCE * scale / 2.0)
}

/// The representation of linear maps `K` gives every vector program of `V` at the shape `H`
/// `AddFun`'s matrix.
///
/// ```
/// use catad::interpretations::Mat;
/// use catad::space::Arr;
/// use catad_laws::program::Linear;
/// catad_laws::suite::vector_representations::<Mat<f64>, Linear, Arr<3>>();
/// ```
pub fn vector_representations<K, V, H>()
where
    K: Observe<f64> + InterpretsI<V, H>,
    V: Vocabulary,
    H: Shape,
    AddFun: InterpretsI<V, H>,
{
    vector_agree::<AddFun, K, V, H>(&Laws::of::<K, V>().at(&short_name::<H>()));
}

/// `K1` and `K2` give every vector program of `V` at the shape `H` the same observation.
fn vector_agree<K1, K2, V, H>(laws: &Laws)
where
    K1: Observe<f64> + InterpretsI<V, H>,
    K2: Observe<f64> + InterpretsI<V, H>,
    V: Vocabulary,
    H: Shape,
{
    laws.check(
        functor::representations_agree::<K1, K2, f64, H::Obj<f64>, H::Obj<f64>>,
        |law, (p, x): (VecMap<V>, VecPt)| {
            at_vector::<K2, V, H>(&p, &x, |in_k2, h, xs| {
                law(&p.interpret::<K1, H>(h), &in_k2, &At::new(xs.clone(), xs))
            })
        },
    );
}

/// The functor and calculus laws of one program, written once and given in `Fun` and in every
/// mode of [`modes`](crate::modes) (as the macro corpus gives its programs), at random points
/// that `domain` keeps: in each mode the primal is `Fun`'s value, the value and Jacobian are
/// Forward's, and the derivative satisfies the adjoint identity and agrees with finite
/// differences.
///
/// ```
/// use catad::interpretations::{D, DMap, Func};
/// use catad::prelude::*;
/// use catad_laws::modes::Representation;
/// use catad_laws::suite::EveryMode;
///
/// /// `x ↦ x · x`, written once.
/// struct Square;
/// impl EveryMode for Square {
///     type A = f64;
///     type B = f64;
///     fn in_fun(&self) -> Func<f64, f64> {
///         catad::paper::sqr::<Fun, f64>()
///     }
///     fn in_mode<K: Representation>(&self) -> DMap<K, f64, f64> {
///         catad::paper::sqr::<D<K>, f64>()
///     }
/// }
///
/// catad_laws::suite::program_in_every_mode(&Square, |_| true);
/// ```
pub fn program_in_every_mode<P: EveryMode>(program: &P, domain: impl Fn(&P::A) -> bool) {
    struct InMode<'a, P: EveryMode, F>(&'a P, &'a F);
    impl<P: EveryMode, F: Fn(&P::A) -> bool> ModeVisitor for InMode<'_, P, F> {
        fn visit<K: Representation>(&mut self, mode: &Mode) {
            let InMode(program, domain) = *self;
            let (fun, forward, f) = (
                program.in_fun(),
                program.in_mode::<AddFun>(),
                program.in_mode::<K>(),
            );
            let laws = Laws::new(mode.name);
            laws.check(
                functor::primal_is_fun::<D<K>, f64, P::A, P::B>,
                |law, a: Pt<P::A>| defined(domain(&a.0), || law(&f, &fun, &At::point(a.0))),
            );
            laws.check(
                functor::representations_agree::<Forward, D<K>, f64, P::A, P::B>,
                |law, a: Pt<P::A>| defined(domain(&a.0), || law(&forward, &f, &At::point(a.0))),
            );
            laws.check(
                calculus::derivative_adjoint::<D<K>, f64, P::A, P::B>,
                |law, (a, da, db): (Pt<P::A>, Pt<P::A>, Pt<P::B>)| {
                    defined(domain(&a.0), || law(&f, &a.0, &da.0, &db.0))
                },
            );
            laws.check(
                calculus::finite_difference::<D<K>, f64, P::A, P::B>,
                |law, (a, da): (Pt<P::A>, Pt<P::A>)| {
                    defined(domain(&a.0), || law(&f, &At::point(a.0), &da.0))
                },
            );
        }
    }
    for_each_mode(&mut InMode(program, &domain));
}
