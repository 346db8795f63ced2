//! Functor (homomorphism) checks: the paper's theorems that each interpretation is a functor, stated
//! on one program interpreted in two categories.

use crate::{Observe, close_slices, same_at};
use catad::interpretations::{
    AddFun, Begin, BeginMap, Cont, ContMap, D, DMap, Dual, Func, as_dual, begin, cont,
};
use catad::prelude::*;
use catad::vocabulary::LinearMap;

/// The primal of `D<K>` is `Fun`: `fst ∘ D̂ f = f` (paper §4.1).
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// let law = catad_laws::functor::primal_is_fun::<Dual<AddFun>, f64, f64, f64>;
/// assert!(law(&Reverse::sin_c(), &Fun::sin_c(), &0.5));
/// ```
pub fn primal_is_fun<K, S, A, B>(in_d: &DMap<K, A, B>, in_fun: &Func<A, B>, a: &A) -> bool
where
    K: Category,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    close_slices(
        &in_d.apply(a.clone()).coords(),
        &in_fun.apply(a.clone()).coords(),
    )
}

/// `cont` is a homomorphism (Theorem 4): interpreting a program in `Cont<K, R>` gives `cont` of its
/// interpretation in `K`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Cont;
/// use catad::interpretations::AddFun;
/// let law = catad_laws::functor::cont_homomorphism::<AddFun, f64, f64, f64, (f64, f64)>;
/// assert!(law(&Cont::<AddFun, f64>::dup(), &AddFun::dup(), &1.0));
/// ```
pub fn cont_homomorphism<K, R, S, A, B>(
    in_cont: &ContMap<K, R, A, B>,
    in_k: &Hom<K, A, B>,
    a: &A,
) -> bool
where
    K: LinearMap<S> + Cocartesian,
    R: Space<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    same_at::<Cont<K, R>, S, A, B>(in_cont, &cont(in_k.clone()), a)
}

/// `begin` is a homomorphism (paper §14): interpreting a program in `Begin<K, R>` gives `begin` of
/// its interpretation in `K`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Begin;
/// use catad::interpretations::AddFun;
/// let law = catad_laws::functor::begin_homomorphism::<AddFun, f64, f64, f64, (f64, f64)>;
/// assert!(law(&Begin::<AddFun, f64>::dup(), &AddFun::dup(), &1.0));
/// ```
pub fn begin_homomorphism<K, R, S, A, B>(
    in_begin: &BeginMap<K, R, A, B>,
    in_k: &Hom<K, A, B>,
    a: &A,
) -> bool
where
    K: LinearMap<S> + Cartesian,
    R: Space<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    same_at::<Begin<K, R>, S, A, B>(in_begin, &begin(in_k.clone()), a)
}

/// `asDual` is a homomorphism (Theorem 5): interpreting a program in `Dual<AddFun>` gives `asDual`
/// of its interpretation in `Cont<AddFun, S>`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{Cont, Dual};
/// use catad::interpretations::AddFun;
/// let law = catad_laws::functor::as_dual_homomorphism::<f64, (f64, f64), f64>;
/// assert!(law(&Dual::<AddFun>::exl(), &Cont::<AddFun, f64>::exl(), &(1.0, 2.0)));
/// ```
pub fn as_dual_homomorphism<S, A, B>(
    in_dual: &Hom<Dual<AddFun>, A, B>,
    in_cont: &ContMap<AddFun, S, A, B>,
    a: &A,
) -> bool
where
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    same_at::<Dual<AddFun>, S, A, B>(in_dual, &as_dual(in_cont.clone(), a), a)
}

/// Two representations of derivatives give the same value and the same Jacobian (§7: `D<K>` is
/// generic in `K`).
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// let law = catad_laws::functor::derivatives_agree::<AddFun, Dual<AddFun>, f64, f64, f64>;
/// assert!(law(&Forward::exp_c(), &Reverse::exp_c(), &0.5));
/// ```
pub fn derivatives_agree<K1, K2, S, A, B>(f1: &DMap<K1, A, B>, f2: &DMap<K2, A, B>, a: &A) -> bool
where
    K1: LinearMap<S>,
    K2: LinearMap<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    close_slices(&D::<K1>::observe(f1, a), &D::<K2>::observe(f2, a))
}
