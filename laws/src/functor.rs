//! Functor (homomorphism) checks: the paper's theorems that each interpretation is a functor, stated
//! on one program interpreted in two categories.

use crate::program::{Over, over};
use crate::{At, Differentiable, Lift, Observe, close_slices, same_at};
use catad::prelude::*;
use catad::space::Rescale;
use catad::staged::Sym;

/// The primal of a derivative category `C` (such as `D<K>`) is `Fun`: `fst ∘ D̂ f = f` (paper
/// §4.1). `b` has the codomain's shape (see [`Observe`]).
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let law = catad_laws::functor::primal_is_fun::<Reverse, f64, f64, f64>;
/// assert!(law(&Reverse::sin_c(), &Fun::sin_c(), &At::point(0.5)));
/// ```
pub fn primal_is_fun<C: Differentiable<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    in_d: &Hom<C, A, B>,
    in_fun: &Hom<Fun, A, B>,
    at: &At<A, B>,
) -> bool {
    let primal = C::linearize(in_d, &at.a).0.coords_as(&at.b);
    close_slices(&primal, &Fun::observe(in_fun, &at.a, &at.b))
}

/// Interpreting commutes with the functor from `K` to `T` ([`Lift`]): interpreting a program in
/// `T` gives the lift of its interpretation in `K`. `cont` (Theorem 4), `begin` (§14) and `asDual` (Theorem 5)
/// are homomorphisms.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Cont, Dual};
/// use catad_laws::At;
/// use catad_laws::functor::lift_commutes;
/// let cont = lift_commutes::<AddFun, Cont<AddFun, f64>, f64, f64, (f64, f64)>;
/// assert!(cont(&Cont::<AddFun, f64>::dup(), &AddFun::dup(), &At::point(1.0)));
/// let as_dual = lift_commutes::<Cont<AddFun, f64>, Dual<AddFun>, f64, (f64, f64), f64>;
/// assert!(as_dual(&Dual::<AddFun>::exl(), &Cont::<AddFun, f64>::exl(), &At::point((1.0, 2.0))));
/// ```
pub fn lift_commutes<K, T, S, A, B>(in_t: &Hom<T, A, B>, in_k: &Hom<K, A, B>, at: &At<A, B>) -> bool
where
    K: Category,
    T: Lift<K, S> + Observe<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    same_at::<T, S, A, B>(in_t, &T::lift(in_k, &at.a), at)
}

/// Two representations of one kind of morphism give a program the same observation (see
/// [`Observe`]): two representations of linear maps (`AddFun`, `Dual`, `Cont`, `Begin`, `Mat`)
/// the same matrix, each a functor from the same linear maps (§8, §10); two derivative
/// categories (`D<K>` for two representations `K`, §7) the same value and Jacobian.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Mat};
/// use catad_laws::At;
/// use catad_laws::functor::representations_agree;
/// let linear = representations_agree::<AddFun, Mat<f64>, f64, f64, (f64, f64)>;
/// assert!(linear(&AddFun::dup(), &Mat::dup(), &At::point(0.0)));
/// let modes = representations_agree::<Forward, Reverse, f64, f64, f64>;
/// assert!(modes(&Forward::exp_c(), &Reverse::exp_c(), &At::point(0.5)));
/// ```
pub fn representations_agree<K1, K2, S, A, B>(
    f1: &Hom<K1, A, B>,
    f2: &Hom<K2, A, B>,
    at: &At<A, B>,
) -> bool
where
    K1: Observe<S>,
    K2: Observe<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    close_slices(
        &K1::observe(f1, &at.a, &at.b),
        &K2::observe(f2, &at.a, &at.b),
    )
}

/// Staging is the direct interpretation: a program in the category `C` over [`Sym`], observed
/// staged (recorded, compiled to a tape, read from the tape's run: see [`Observe`]), has the
/// value and derivative matrix of the same program in `K` over `f64` (a mode's reference,
/// `Forward`), at `at`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// use catad_laws::functor::staged_is_direct;
/// let law = staged_is_direct::<Reverse, Forward, (f64, f64), f64>;
/// assert!(law(&Reverse::mul_c(), &Forward::mul_c(), &At::point((3.0, 4.0))));
/// ```
pub fn staged_is_direct<C, K, A, B>(
    staged: &Hom<C, Over<A, Sym>, Over<B, Sym>>,
    direct: &Hom<K, A, B>,
    at: &At<A, B>,
) -> bool
where
    C: Observe<Sym>,
    K: Observe<f64>,
    A: Rescale<f64>,
    B: Rescale<f64>,
{
    let seen = C::observe(staged, &over(&at.a), &over(&at.b));
    let seen: Vec<f64> = seen.into_iter().map(Sym::value).collect();
    close_slices(&seen, &K::observe(direct, &at.a, &at.b))
}
