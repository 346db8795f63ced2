//! Functor checks and calculus on random programs of depth 4–6 over ℝ→ℝ, ℝ²→ℝ and ℝ²→ℝ²:
//!
//! - the primal of every `D<K>` is `Fun`;
//! - `cont` (Theorem 4), `begin` (§14) and `asDual` (Theorem 5) are homomorphisms;
//! - every representation of derivatives gives the same Jacobian;
//! - the adjoint identity holds for every linear map and every derivative;
//! - derivatives agree with central finite differences.

mod support;

use catad::interpretations::{AddFun, Begin, BeginMap, Cont, ContMap, D, DMap, Dual};
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use catad_laws::calculus::{adjoint_identity, derivative_adjoint, finite_difference};
use catad_laws::functor::{
    as_dual_homomorphism, begin_homomorphism, cont_homomorphism, derivatives_agree, primal_is_fun,
};
use catad_laws::program::{
    Field, Interprets, Line, Linear, Nonlinear, Plane, Pt, RandomProgram, Shallow, Vocabulary,
};
use quickcheck::{Arbitrary, TestResult};
use support::{check, guarded};

/// A random direction (tangent or cotangent) with coordinates in `[-2, 2]`.
type Dir<T> = Pt<T>;

fn primal<K, V, P>(p: P, x: Pt<P::Dom>) -> TestResult
where
    K: LinearMap<f64>,
    V: Vocabulary,
    D<K>: Interprets<V> + Category<Hom<P::Dom, P::Cod> = DMap<K, P::Dom, P::Cod>>,
    Forward: Interprets<V>,
    Fun: Interprets<V>,
    P: RandomProgram<V>,
{
    guarded(p.eval(&x.0).is_some(), || {
        primal_is_fun::<K, f64, _, _>(&p.interpret::<D<K>>(), &p.interpret::<Fun>(), &x.0)
    })
}

fn agree<K, V, P>(p: P, x: Pt<P::Dom>) -> TestResult
where
    K: LinearMap<f64>,
    V: Vocabulary,
    D<K>: Interprets<V> + Category<Hom<P::Dom, P::Cod> = DMap<K, P::Dom, P::Cod>>,
    Forward: Interprets<V>,
    Fun: Interprets<V>,
    P: RandomProgram<V>,
{
    guarded(p.eval(&x.0).is_some(), || {
        derivatives_agree::<AddFun, K, f64, _, _>(
            &p.interpret::<Forward>(),
            &p.interpret::<D<K>>(),
            &x.0,
        )
    })
}

fn adjoint_of_derivative<K, V, P>(
    p: P,
    x: Pt<P::Dom>,
    da: Dir<P::Dom>,
    db: Dir<P::Cod>,
) -> TestResult
where
    K: LinearMap<f64>,
    V: Vocabulary,
    D<K>: Interprets<V> + Category<Hom<P::Dom, P::Cod> = DMap<K, P::Dom, P::Cod>>,
    Forward: Interprets<V>,
    Fun: Interprets<V>,
    P: RandomProgram<V>,
{
    guarded(p.eval(&x.0).is_some(), || {
        derivative_adjoint::<K, f64, _, _>(&p.interpret::<D<K>>(), &x.0, &da.0, &db.0)
    })
}

fn adjoint_of_linear<K, V, P>(p: P, da: Dir<P::Dom>, db: Dir<P::Cod>) -> bool
where
    K: LinearMap<f64> + Interprets<V>,
    V: Vocabulary,
    P: RandomProgram<V>,
{
    adjoint_identity::<K, f64, _, _>(&p.interpret::<K>(), &da.0, &db.0)
}

fn finite_differences<K, V, P>(p: P, x: Pt<P::Dom>, da: Dir<P::Dom>) -> TestResult
where
    K: LinearMap<f64>,
    V: Vocabulary,
    D<K>: Interprets<V> + Category<Hom<P::Dom, P::Cod> = DMap<K, P::Dom, P::Cod>>,
    Forward: Interprets<V>,
    Fun: Interprets<V>,
    P: RandomProgram<V>,
{
    guarded(p.eval(&x.0).is_some(), || {
        finite_difference::<K, f64, _, _>(&p.interpret::<D<K>>(), &x.0, &da.0)
    })
}

fn cont_functor<R: Space<f64>, V: Vocabulary, P: RandomProgram<V>>(p: P, x: Pt<P::Dom>) -> bool
where
    AddFun: Interprets<V>,
    Cont<AddFun, R>:
        Interprets<V> + Category<Hom<P::Dom, P::Cod> = ContMap<AddFun, R, P::Dom, P::Cod>>,
{
    cont_homomorphism::<AddFun, R, f64, _, _>(
        &p.interpret::<Cont<AddFun, R>>(),
        &p.interpret::<AddFun>(),
        &x.0,
    )
}

fn cont_dual_functor<V: Vocabulary, P: RandomProgram<V>>(p: P, x: Pt<P::Dom>) -> bool
where
    Dual<AddFun>: Interprets<V>,
    Cont<Dual<AddFun>, f64>: Interprets<V>,
{
    cont_homomorphism::<Dual<AddFun>, f64, f64, _, _>(
        &p.interpret::<Cont<Dual<AddFun>, f64>>(),
        &p.interpret::<Dual<AddFun>>(),
        &x.0,
    )
}

fn begin_functor<R: Space<f64>, V: Vocabulary, P: RandomProgram<V>>(p: P, x: Pt<P::Dom>) -> bool
where
    AddFun: Interprets<V>,
    Begin<AddFun, R>:
        Interprets<V> + Category<Hom<P::Dom, P::Cod> = BeginMap<AddFun, R, P::Dom, P::Cod>>,
{
    begin_homomorphism::<AddFun, R, f64, _, _>(
        &p.interpret::<Begin<AddFun, R>>(),
        &p.interpret::<AddFun>(),
        &x.0,
    )
}

fn as_dual_functor<V: Vocabulary, P: RandomProgram<V>>(p: P, x: Pt<P::Dom>) -> bool
where
    Dual<AddFun>: Interprets<V>,
    Cont<AddFun, f64>: Interprets<V>,
{
    as_dual_homomorphism::<f64, _, _>(
        &p.interpret::<Dual<AddFun>>(),
        &p.interpret::<Cont<AddFun, f64>>(),
        &x.0,
    )
}

/// One test per program shape (ℝ→ℝ, ℝ²→ℝ, ℝ²→ℝ²) for a property generic in the program.
macro_rules! per_shape {
    ($name:ident, $property:ident :: < $($arg:ty,)* ; $v:ty >, $arity:tt) => {
        mod $name {
            use super::*;
            #[test]
            fn line() {
                check($property::<$($arg,)* $v, Line<$v>> as per_shape!(@fn $arity));
            }
            #[test]
            fn field() {
                check($property::<$($arg,)* $v, Field<$v>> as per_shape!(@fn $arity));
            }
            #[test]
            fn plane() {
                check($property::<$($arg,)* $v, Plane<$v>> as per_shape!(@fn $arity));
            }
        }
    };
    (@fn 2) => { fn(_, _) -> _ };
    (@fn 3) => { fn(_, _, _) -> _ };
    (@fn 4) => { fn(_, _, _, _) -> _ };
}

mod primal_is_fun {
    use super::*;
    per_shape!(forward, primal::<AddFun, ; Nonlinear>, 2);
    per_shape!(reverse, primal::<Dual<AddFun>, ; Nonlinear>, 2);
    per_shape!(reverse_cont, primal::<Cont<AddFun, f64>, ; Shallow<Nonlinear>>, 2);
    per_shape!(forward_begin, primal::<Begin<AddFun, f64>, ; Shallow<Nonlinear>>, 2);
}

mod homomorphisms {
    use super::*;
    per_shape!(cont, cont_functor::<f64, ; Shallow<Linear>>, 2);
    per_shape!(cont_pair, cont_functor::<(f64, f64), ; Shallow<Linear>>, 2);
    per_shape!(cont_dual, cont_dual_functor::<; Shallow<Linear>>, 2);
    per_shape!(begin, begin_functor::<f64, ; Shallow<Linear>>, 2);
    per_shape!(begin_pair, begin_functor::<(f64, f64), ; Shallow<Linear>>, 2);
    per_shape!(as_dual, as_dual_functor::<; Shallow<Linear>>, 2);
}

mod all_modes_agree_with_forward {
    use super::*;
    per_shape!(reverse, agree::<Dual<AddFun>, ; Nonlinear>, 2);
    per_shape!(reverse_cont, agree::<Cont<AddFun, f64>, ; Shallow<Nonlinear>>, 2);
    per_shape!(reverse_cont_pair, agree::<Cont<AddFun, (f64, f64)>, ; Shallow<Nonlinear>>, 2);
    per_shape!(cont_dual, agree::<Cont<Dual<AddFun>, f64>, ; Shallow<Nonlinear>>, 2);
    per_shape!(forward_begin, agree::<Begin<AddFun, f64>, ; Shallow<Nonlinear>>, 2);
    per_shape!(dual_dual, agree::<Dual<Dual<AddFun>>, ; Nonlinear>, 2);
}

mod adjoint {
    use super::*;
    per_shape!(forward, adjoint_of_derivative::<AddFun, ; Nonlinear>, 4);
    per_shape!(reverse, adjoint_of_derivative::<Dual<AddFun>, ; Nonlinear>, 4);
    per_shape!(reverse_cont, adjoint_of_derivative::<Cont<AddFun, f64>, ; Shallow<Nonlinear>>, 4);
    per_shape!(reverse_cont_pair, adjoint_of_derivative::<Cont<AddFun, (f64, f64)>, ; Shallow<Nonlinear>>, 4);
    per_shape!(forward_begin, adjoint_of_derivative::<Begin<AddFun, f64>, ; Shallow<Nonlinear>>, 4);
    per_shape!(linear_add_fun, adjoint_of_linear::<AddFun, ; Linear>, 3);
    per_shape!(linear_dual, adjoint_of_linear::<Dual<AddFun>, ; Linear>, 3);
    per_shape!(linear_cont, adjoint_of_linear::<Cont<AddFun, f64>, ; Shallow<Linear>>, 3);
    per_shape!(linear_begin, adjoint_of_linear::<Begin<AddFun, f64>, ; Shallow<Linear>>, 3);
}

mod finite_differences {
    use super::*;
    per_shape!(forward, finite_differences::<AddFun, ; Nonlinear>, 3);
    per_shape!(reverse, finite_differences::<Dual<AddFun>, ; Nonlinear>, 3);
    per_shape!(reverse_cont, finite_differences::<Cont<AddFun, f64>, ; Shallow<Nonlinear>>, 3);
    per_shape!(forward_begin, finite_differences::<Begin<AddFun, f64>, ; Shallow<Nonlinear>>, 3);
}

/// The guard is not vacuous: most random nonlinear programs are defined at most points.
#[test]
fn most_cases_are_defined() {
    let mut g = quickcheck::Gen::new(100);
    let defined = (0..1000)
        .filter(|_| {
            let p = Field::<Nonlinear>::arbitrary(&mut g);
            p.eval(&Pt::<(f64, f64)>::arbitrary(&mut g).0).is_some()
        })
        .count();
    assert!(
        defined > 500,
        "only {defined} of 1000 random programs were defined at a random point"
    );
}
