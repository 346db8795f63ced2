//! The suites of the classes on scalar programs: random programs `ℝ → ℝ`, `ℝ² → ℝ`, `ℝ² → ℝ²`,
//! `ℝ → ℝ²` of depth 4–6, at random points; and the category and conditional laws on the
//! programs of the macro corpus.

use super::check::{Checkable, Laws, at_vector, defined, short_name};
use super::modes::EveryMode;
use crate::modes::{Mode, ModeVisitor, Representation, for_each_mode};
use crate::program::{Curve, Field, Interprets, Line, Over, Plane, Pt, RandomProgram, Test};
use crate::program::{Vocabulary, over};
use crate::random::RandomShape;
use crate::vector::{InterpretsI, Shape, VecMap, VecPt};
use crate::{At, Observe, calculus, cartesian, category, cocartesian, conditional, linear_map};
use crate::{monoidal, rep, scalable};
use catad::interpretations::D;
use catad::prelude::*;
use catad::space::HasRep;
use catad::vocabulary::LinearMap;
use nalgebra::DMatrix;

/// A morphism of `K` from `A` to `B` (the programs' types over `f64`) over the scalar `S`.
type HomOver<K, A, B, S> = Hom<K, Over<A, S>, Over<B, S>>;

/// Checks a law of one program of the kind `P`, over the scalar `S`, at points where it is
/// defined.
fn one<K, V, S, P, L>(laws: &Laws, law: L)
where
    K: Interprets<V, S>,
    V: Vocabulary,
    S: Scalar,
    P: RandomProgram<V>,
    L: Copy + Fn(HomOver<K, P::Dom, P::Cod, S>, &At<Over<P::Dom, S>, Over<P::Cod, S>>) -> bool,
{
    laws.check(law, |law, (p, x): (P, Pt<P::Dom>)| {
        defined(p.eval(&x.0).is_some(), || {
            law(p.interpret_over::<K, S>(), &At::point(over::<_, S>(&x.0)))
        })
    });
}

/// Checks a law of two programs of the kinds `P` and `Q`, of one domain, over the scalar `S`, at
/// points where both are defined.
fn two<K, V, S, P, Q, B, L>(laws: &Laws, law: L)
where
    K: Interprets<V, S>,
    V: Vocabulary,
    S: Scalar,
    P: RandomProgram<V>,
    Q: RandomProgram<V, Dom = P::Dom>,
    B: Additive,
    L: Copy
        + Fn(
            HomOver<K, P::Dom, P::Cod, S>,
            HomOver<K, Q::Dom, Q::Cod, S>,
            &At<Over<P::Dom, S>, B>,
        ) -> bool,
{
    laws.check(law, |law, (p, q, x): (P, Q, Pt<P::Dom>)| {
        let (f, g) = (p.interpret_over::<K, S>(), q.interpret_over::<K, S>());
        let defined_at = p.eval(&x.0).is_some() && q.eval(&x.0).is_some();
        defined(defined_at, || law(f, g, &At::point(over::<_, S>(&x.0))))
    });
}

/// Checks a law of a conditional with a random test and branches of the kind `P`, over the
/// scalar `S`, at points where all three are defined.
fn branches<K, V, S, P, L>(laws: &Laws, law: L)
where
    K: Interprets<V, S>,
    V: Vocabulary,
    S: Scalar,
    Fun: Interprets<V, S>,
    P: RandomProgram<V, Dom = (f64, f64)>,
    L: Copy
        + Fn(
            &Pred<(S, S)>,
            HomOver<K, P::Dom, P::Cod, S>,
            HomOver<K, P::Dom, P::Cod, S>,
            &At<(S, S), Over<P::Cod, S>>,
        ) -> bool,
{
    laws.check(law, |law, (p, f, g, x): (Test<V>, P, P, Pt<P::Dom>)| {
        let defined_at = [f.eval(&x.0), g.eval(&x.0)].iter().all(Option::is_some);
        let (f, g) = (f.interpret_over::<K, S>(), g.interpret_over::<K, S>());
        defined(defined_at && p.eval(&x.0).is_some(), || {
            law(&p.pred(), f, g, &At::point(over::<_, S>(&x.0)))
        })
    });
}

/// The [`Category`] laws of `K` on programs of `V`, over the scalar `S` (over
/// [`Sym`](catad::staged::Sym), a derivative category's programs are staged: see [`Observe`]).
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::category::<Fun, Nonlinear, f64>();
/// ```
pub fn category<K: Checkable<V, S>, V: Vocabulary, S: Scalar>() {
    let laws = Laws::of::<K, V>().over::<S>();
    one::<K, V, S, Field<V>, _>(&laws, category::left_identity::<K, S, _, _>);
    one::<K, V, S, Plane<V>, _>(&laws, category::right_identity::<K, S, _, _>);
    one::<K, V, S, Plane<V>, _>(&laws, category::share_identity::<K, S, _, _>);
    laws.check(
        category::compose_assoc::<K, S, _, _, _, _>,
        |law, (f, g, h, x): (Curve<V>, Plane<V>, Field<V>, Pt<f64>)| {
            let defined_at = f
                .eval(&x.0)
                .and_then(|y| g.eval(&y))
                .and_then(|z| h.eval(&z));
            let (f, g) = (f.interpret_over::<K, S>(), g.interpret_over::<K, S>());
            let h = h.interpret_over::<K, S>();
            defined(defined_at.is_some(), || {
                law(f, g, h, &At::point(over::<_, S>(&x.0)))
            })
        },
    );
}

/// The [`Monoidal`] laws of `K` on programs of `V`, over the scalar `S`.
///
/// ```
/// use catad::interpretations::{Begin, Delta};
/// use catad_laws::program::Linear;
/// catad_laws::suite::monoidal::<Begin<Delta, f64>, Linear, f64>();
/// ```
pub fn monoidal<K: Checkable<V, S>, V: Vocabulary, S: Scalar>() {
    let laws = Laws::of::<K, V>().over::<S>();
    laws.check(
        monoidal::cross_id::<K, S, S, S>,
        |law, x: Pt<(f64, f64)>| Some(law(&over::<_, S>(&x.0))),
    );
    laws.check(
        monoidal::cross_compose::<K, S, _, _, _, _, _, _>,
        |law, (f, g, h, k, x): (Line<V>, Field<V>, Line<V>, Line<V>, Pt<(f64, f64)>)| {
            let (a, b) = x.0;
            let defined_at = f.eval(&a).and_then(|c| h.eval(&c)).is_some()
                && g.eval(&(b, b)).and_then(|e| k.eval(&e)).is_some();
            defined(defined_at, || {
                let g = K::compose(g.interpret_over::<K, S>(), K::dup());
                let (f, h) = (f.interpret_over::<K, S>(), h.interpret_over::<K, S>());
                let k = k.interpret_over::<K, S>();
                law(f, g, h, k, &At::point(over::<_, S>(&x.0)))
            })
        },
    );
}

/// The [`Cartesian`] laws of `K` on programs of `V`, over the scalar `S`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::cartesian::<Reverse, Nonlinear, f64>();
/// ```
pub fn cartesian<K: Checkable<V, S>, V: Vocabulary, S: Scalar>() {
    let laws = Laws::of::<K, V>().over::<S>();
    two::<K, V, S, Line<V>, Curve<V>, _, _>(&laws, cartesian::exl_fork::<K, S, _, _, _>);
    two::<K, V, S, Curve<V>, Line<V>, _, _>(&laws, cartesian::exr_fork::<K, S, _, _, _>);
    one::<K, V, S, Plane<V>, _>(&laws, cartesian::fork_unfork::<K, S, _, _, _>);
}

/// The [`Cocartesian`] laws of `K` on programs of `V`, over the scalar `S`: they hold for
/// additive morphisms, so in a derivative category `V` is [`Linear`](crate::program::Linear).
///
/// ```
/// use catad::interpretations::{Cont, Delta, Dual};
/// use catad_laws::program::Linear;
/// catad_laws::suite::cocartesian::<Cont<Dual<Delta>, f64>, Linear, f64>();
/// ```
pub fn cocartesian<K: Checkable<V, S> + Cocartesian, V: Vocabulary, S: Scalar>() {
    let laws = Laws::of::<K, V>().over::<S>();
    laws.check(
        cocartesian::join_inl::<K, S, _, _, _>,
        |law, (f, g, x): (Field<V>, Line<V>, Pt<(f64, f64)>)| {
            defined(f.eval(&x.0).is_some() && g.eval(&x.0.1).is_some(), || {
                let (f, g) = (f.interpret_over::<K, S>(), g.interpret_over::<K, S>());
                law(f, g, &At::point(over::<_, S>(&x.0)))
            })
        },
    );
    laws.check(
        cocartesian::join_inr::<K, S, _, _, _>,
        |law, (f, g, x): (Curve<V>, Plane<V>, Pt<(f64, f64)>)| {
            defined(f.eval(&x.0.0).is_some() && g.eval(&x.0).is_some(), || {
                let (f, g) = (f.interpret_over::<K, S>(), g.interpret_over::<K, S>());
                law(f, g, &At::point(over::<_, S>(&x.0)))
            })
        },
    );
    one::<K, V, S, Plane<V>, _>(&laws, cocartesian::join_unjoin::<K, S, _, _, _>);
}

/// The [`Scalable`] laws of `K`, over the scalar `S`.
///
/// ```
/// use catad::interpretations::{AddFun, Dual};
/// catad_laws::suite::scalable::<Dual<Dual<AddFun>>, f64>();
/// ```
pub fn scalable<K: Scalable<S> + Observe<S>, S: Scalar>() {
    let laws = Laws::new(short_name::<K>()).over::<S>();
    let s = |x: Pt<f64>| S::from_f64(x.0);
    laws.check(
        scalable::scale_compose::<K, S>,
        |law, (a, b, x): (Pt<f64>, Pt<f64>, Pt<f64>)| Some(law(s(a), s(b), &s(x))),
    );
    laws.check(scalable::scale_one::<K, S>, |law, x: Pt<f64>| {
        Some(law(&s(x)))
    });
}

/// The [`Conditional`] laws of `K` on programs of `V`, over the scalar `S`: branches `ℝ² → ℝ²`
/// and `ℝ² → ℝ`, tests comparing two more programs (run in `Fun`).
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::conditional::<Forward, Nonlinear, f64>();
/// ```
pub fn conditional<K, V, S>()
where
    K: Checkable<V, S> + Conditional,
    V: Vocabulary,
    S: Scalar,
    Fun: Interprets<V, S>,
{
    let laws = Laws::of::<K, V>().over::<S>();
    branches::<K, V, S, Plane<V>, _>(&laws, conditional::cond_chooses::<K, S, _, _>);
    laws.check(
        conditional::cond_idempotent::<K, S, _, _>,
        |law, (p, f, x): (Test<V>, Field<V>, Pt<(f64, f64)>)| {
            defined(p.eval(&x.0).is_some() && f.eval(&x.0).is_some(), || {
                law(
                    &p.pred(),
                    f.interpret_over::<K, S>(),
                    &At::point(over::<_, S>(&x.0)),
                )
            })
        },
    );
    branches::<K, V, S, Field<V>, _>(&laws, conditional::cond_not::<K, S, _, _>);
}

/// The [`RepCat`] laws of `K` at the object `A`.
///
/// ```
/// use catad::interpretations::AddFun;
/// /// catad_laws::suite::rep_cat::<AddFun, HList![f64, Vec<f64>, (f64, f64)]>();
/// ```
pub fn rep_cat<K, A>()
where
    K: RepCat + Observe<f64>,
    A: HasRep + RandomShape + Space<f64>,
    A::Rep: RandomShape + Space<f64>,
{
    let laws = Laws::new(short_name::<K>()).at(&short_name::<A>());
    laws.check(rep::repr_abst::<K, f64, A>, |law, r: Pt<A::Rep>| {
        Some(law(&r.0))
    });
    laws.check(rep::abst_repr::<K, f64, A>, |law, a: Pt<A>| Some(law(&a.0)));
}

/// The [`LinearMap`] laws of `K` on programs of `V`: its matrix applies as the map does, is read
/// back by `from_matrix` and multiplies under composition, and its transpose is its adjoint.
///
/// ```
/// use catad::interpretations::Mat;
/// use catad_laws::program::Linear;
/// catad_laws::suite::linear_map::<Mat<f64>, Linear>();
/// ```
pub fn linear_map<K: LinearMap<f64> + Interprets<V>, V: Vocabulary>() {
    let laws = Laws::of::<K, V>();
    laws.check(
        linear_map::matrix_applies::<K, f64, _, _>,
        |law, (f, da): (Plane<V>, Pt<(f64, f64)>)| {
            defined(f.eval(&(0.0, 0.0)).is_some(), || {
                law(&f.interpret::<K>(), &At::point(da.0))
            })
        },
    );
    laws.check(
        linear_map::matrix_roundtrip::<K, f64, (f64, f64), ((f64, f64), f64)>,
        |law, m: Pt<[f64; 6]>| {
            let m = DMatrix::from_row_slice(3, 2, &m.0);
            Some(law(&m, &At::point((0.0, 0.0))))
        },
    );
    laws.check(
        linear_map::matrix_compose::<K, f64, _, _, _>,
        |law, (f, g): (Curve<V>, Plane<V>)| {
            let defined_at = f.eval(&0.0).and_then(|y| g.eval(&y)).is_some();
            defined(defined_at, || {
                let (f, g) = (f.interpret::<K>(), g.interpret::<K>());
                law(f, g, &At::point(0.0), &(0.0, 0.0))
            })
        },
    );
    laws.check(
        calculus::adjoint_identity::<K, f64, _, _>,
        |law, (f, da, db): (Field<V>, Pt<(f64, f64)>, Pt<f64>)| {
            defined(f.eval(&(0.0, 0.0)).is_some(), || {
                law(&f.interpret::<K>(), &da.0, &db.0)
            })
        },
    );
}

/// The [`LinearMap`] laws of `K` on vector programs of `V` at the shape `H`, as
/// [`linear_map`](linear_map()) states them on scalar ones.
///
/// ```
/// use catad::interpretations::{Cont, Delta, Dual};
/// use catad::space::VecLen;
/// use catad_laws::program::Linear;
/// catad_laws::suite::linear_map_i::<Cont<Dual<Delta>, f64>, Linear, VecLen>();
/// ```
pub fn linear_map_i<K, V, H>()
where
    K: LinearMap<f64> + Scalable<f64> + InterpretsI<V, H>,
    V: Vocabulary,
    H: Shape,
{
    let laws = Laws::of::<K, V>().at(&short_name::<H>());
    laws.check(
        linear_map::matrix_applies::<K, f64, H::Obj<f64>, H::Obj<f64>>,
        |law, (f, x, dx): (VecMap<V>, VecPt, VecPt)| {
            at_vector::<K, V, H>(&f, &x, |f, h, xs| {
                law(&f, &At::new(h.object(&x.fit(&dx)), xs))
            })
        },
    );
    laws.check(
        linear_map::matrix_roundtrip::<K, f64, H::Obj<f64>, H::Obj<f64>>,
        |law, (x, y): (VecPt, VecPt)| {
            let h = H::shape_of(&x);
            let n = h.size();
            let m = DMatrix::from_fn(n, n, |i, j| y.0[(i * n + j) % y.0.len()]);
            let xs = h.object(&x);
            Some(law(&m, &At::new(xs.clone(), xs)))
        },
    );
    laws.check(
        linear_map::matrix_compose::<K, f64, _, _, _>,
        |law, (f, c, x): (VecMap<V>, Pt<f64>, VecPt)| {
            at_vector::<K, V, H>(&f, &x, |f, h, xs| {
                let g = K::fmap::<f64, f64>(h, K::scale(c.0));
                law(f, g, &At::new(xs.clone(), xs.clone()), &xs)
            })
        },
    );
    laws.check(
        calculus::adjoint_identity::<K, f64, H::Obj<f64>, H::Obj<f64>>,
        |law, (f, x, dy): (VecMap<V>, VecPt, VecPt)| {
            at_vector::<K, V, H>(&f, &x, |f, h, xs| law(&f, &xs, &h.object(&x.fit(&dy))))
        },
    );
}

/// The [`Conditional`] laws in `Fun` and in every mode of [`modes`](crate::modes), with the
/// branches `f` and `g` (programs written once, such as the macro corpus's) and the test `p`, at
/// random points.
///
/// ```
/// use catad::interpretations::{D, DMap, Func};
/// use catad::prelude::*;
/// use catad_laws::modes::Representation;
/// use catad_laws::suite::EveryMode;
///
/// /// `sin`, written once.
/// struct Sin;
/// impl EveryMode for Sin {
///     type A = f64;
///     type B = f64;
///     fn in_fun(&self) -> Func<f64, f64> {
///         Fun::sin_c()
///     }
///     fn in_mode<K: Representation>(&self) -> DMap<K, f64, f64> {
///         D::<K>::sin_c()
///     }
/// }
///
/// let positive = Pred::new(|x: &f64| *x > 0.0);
/// catad_laws::suite::cond_in_every_mode(&positive, &Sin, &Sin);
/// ```
pub fn cond_in_every_mode<F, G>(p: &Pred<F::A>, f: &F, g: &G)
where
    F: EveryMode,
    G: EveryMode<A = F::A, B = F::B>,
{
    struct Cond<'a, F: EveryMode, G>(&'a Pred<F::A>, &'a F, &'a G);
    impl<F: EveryMode, G: EveryMode<A = F::A, B = F::B>> ModeVisitor for Cond<'_, F, G> {
        fn visit<K: Representation>(&mut self, mode: &Mode) {
            let Cond(p, f, g) = *self;
            let laws = Laws::new(mode.name);
            cond_laws::<D<K>, _, _>(&laws, p, f.in_mode::<K>(), g.in_mode::<K>());
        }
    }
    cond_laws::<Fun, _, _>(&Laws::new("Fun"), p, f.in_fun(), g.in_fun());
    for_each_mode(&mut Cond(p, f, g));
}

/// The [`Conditional`] laws in `C` for the branches `f`, `g` and the test `p`.
fn cond_laws<C, A, B>(laws: &Laws, p: &Pred<A>, f: Hom<C, A, B>, g: Hom<C, A, B>)
where
    C: Conditional + Observe<f64>,
    A: Space<f64> + RandomShape,
    B: Space<f64>,
{
    laws.check(
        conditional::cond_chooses::<C, f64, A, B>,
        |law, x: Pt<A>| Some(law(p, f.clone(), g.clone(), &At::point(x.0))),
    );
    laws.check(
        conditional::cond_idempotent::<C, f64, A, B>,
        |law, x: Pt<A>| Some(law(p, g.clone(), &At::point(x.0))),
    );
    laws.check(conditional::cond_not::<C, f64, A, B>, |law, x: Pt<A>| {
        Some(law(p, f.clone(), g.clone(), &At::point(x.0)))
    });
}

/// Associativity of composition, `h ∘ (g ∘ f) = (h ∘ g) ∘ f`, in `Fun` and in every mode of
/// [`modes`](crate::modes), for programs written once (such as the macro corpus's), at random
/// points.
///
/// ```
/// use catad::interpretations::{D, DMap, Func};
/// use catad::prelude::*;
/// use catad_laws::modes::Representation;
/// use catad_laws::suite::EveryMode;
///
/// /// `sin`, written once.
/// struct Sin;
/// impl EveryMode for Sin {
///     type A = f64;
///     type B = f64;
///     fn in_fun(&self) -> Func<f64, f64> {
///         Fun::sin_c()
///     }
///     fn in_mode<K: Representation>(&self) -> DMap<K, f64, f64> {
///         D::<K>::sin_c()
///     }
/// }
///
/// catad_laws::suite::compose_assoc_in_every_mode(&Sin, &Sin, &Sin);
/// ```
pub fn compose_assoc_in_every_mode<F, G, H>(f: &F, g: &G, h: &H)
where
    F: EveryMode,
    G: EveryMode<A = F::B>,
    H: EveryMode<A = G::B>,
{
    struct Assoc<'a, F, G, H>(&'a F, &'a G, &'a H);
    impl<F, G, H> ModeVisitor for Assoc<'_, F, G, H>
    where
        F: EveryMode,
        G: EveryMode<A = F::B>,
        H: EveryMode<A = G::B>,
    {
        fn visit<K: Representation>(&mut self, mode: &Mode) {
            let Assoc(f, g, h) = *self;
            let (f, g, h) = (f.in_mode::<K>(), g.in_mode::<K>(), h.in_mode::<K>());
            assoc_law::<D<K>, _, _, _, _>(&Laws::new(mode.name), f, g, h);
        }
    }
    assoc_law::<Fun, _, _, _, _>(&Laws::new("Fun"), f.in_fun(), g.in_fun(), h.in_fun());
    for_each_mode(&mut Assoc(f, g, h));
}

/// Associativity in `C` for `f`, `g` and `h`.
fn assoc_law<C, A, B, E, F>(laws: &Laws, f: Hom<C, A, B>, g: Hom<C, B, E>, h: Hom<C, E, F>)
where
    C: Observe<f64>,
    A: Space<f64> + RandomShape,
    B: Space<f64>,
    E: Space<f64>,
    F: Space<f64>,
{
    laws.check(
        category::compose_assoc::<C, f64, A, B, E, F>,
        |law, x: Pt<A>| Some(law(f.clone(), g.clone(), h.clone(), &At::point(x.0))),
    );
}
