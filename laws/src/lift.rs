use catad::interpretations::{AddFun, Begin, Cont, Dual, as_dual, begin, cont};
use catad::prelude::*;
use catad::vocabulary::LinearMap;

/// A functor from the category `K` to `Self`, one of the paper's constructions: `cont` into
/// `Cont<K, R>` (Theorem 4), `begin` into `Begin<K, R>` (§14), `asDual` from `Cont<AddFun, S>`
/// into `Dual<AddFun>` (Theorem 5, which reads the continuation at a point of the domain).
/// The functor laws check that interpreting a program in `Self` is lifting its interpretation in
/// `K`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Cont};
/// use catad::vocabulary::LinearMap;
/// use catad_laws::Lift;
/// let f = <Cont<AddFun, f64> as Lift<AddFun, f64>>::lift(&AddFun::scale(2.0), &0.0);
/// assert_eq!(Cont::<AddFun, f64>::forward(&f, &1.5, &0.0), 3.0);
/// ```
pub trait Lift<K: Category, S: Scalar>: Category {
    /// The image of `f`; `a` is a point of the domain.
    fn lift<A: Space<S>, B: Space<S>>(f: &Hom<K, A, B>, a: &A) -> Hom<Self, A, B>;
}

impl<K: LinearMap<S> + Cocartesian, R: Space<S>, S: Scalar> Lift<K, S> for Cont<K, R> {
    fn lift<A: Space<S>, B: Space<S>>(f: &Hom<K, A, B>, _: &A) -> Hom<Self, A, B> {
        cont(f.clone())
    }
}

impl<K: LinearMap<S> + Cartesian, R: Space<S>, S: Scalar> Lift<K, S> for Begin<K, R> {
    fn lift<A: Space<S>, B: Space<S>>(f: &Hom<K, A, B>, _: &A) -> Hom<Self, A, B> {
        begin(f.clone())
    }
}

impl<S: Scalar> Lift<Cont<AddFun, S>, S> for Dual<AddFun> {
    fn lift<A: Space<S>, B: Space<S>>(f: &Hom<Cont<AddFun, S>, A, B>, a: &A) -> Hom<Self, A, B> {
        as_dual(f.clone(), a)
    }
}
