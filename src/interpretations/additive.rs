//! `AddFun`, the category of additive functions `(→⁺)` (paper Fig. 1): the simplest representation
//! of linear maps, and with it [`D<AddFun>`](super::D) is forward-mode AD.

use super::LoopLinear;
use super::{Fun, Func};
use crate::space::{Additive, Container, HasRep, Scalar, Space, accumulate};
use crate::vocabulary::{
    Cartesian, CartesianI, Category, Cocartesian, CocartesianI, FoldI, LazyCat, LinearCat,
    LinearFn, LinearMap, Monoidal, MonoidalI, RepCat, Scalable, UnfoldI, ZipI, check_shape,
    mat_vec, transpose_via_forward,
};
use nalgebra::DMatrix;
use std::rc::Rc;

/// Additive functions: functions `f` with `f (a + b) = f a + f b` (and, over the reals, linear).
///
/// It is the user's obligation that a [`Func`] given to this category directly is linear; every
/// morphism built from the vocabulary is.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// let f = AddFun::join(AddFun::scale(2.0), AddFun::id());
/// assert_eq!(f.apply((1.0, 10.0)), 12.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct AddFun;

/// Additive functions compose, pair and project exactly as functions do: these instances are
/// [`Fun`]'s, restricted to additive maps (which they preserve). So a derivative that reads only
/// part of its argument — a loop step reading one element of the environment's tangent — reads
/// it borrowed (see [`Func`]), and `fold_i` lends the environment to such steps.
impl Category for AddFun {
    type Hom<A: Additive, B: Additive> = Func<A, B>;

    fn id<A: Additive>() -> Func<A, A> {
        Fun::id()
    }

    fn compose<A: Additive, B: Additive, C: Additive>(g: Func<B, C>, f: Func<A, B>) -> Func<A, C> {
        Fun::compose(g, f)
    }
}

impl Monoidal for AddFun {
    fn cross<A: Additive, B: Additive, C: Additive, D: Additive>(
        f: Func<A, C>,
        g: Func<B, D>,
    ) -> Func<(A, B), (C, D)> {
        Fun::cross(f, g)
    }
}

impl Cartesian for AddFun {
    fn exl<A: Additive, B: Additive>() -> Func<(A, B), A> {
        Fun::exl()
    }
    fn exr<A: Additive, B: Additive>() -> Func<(A, B), B> {
        Fun::exr()
    }
    fn dup<A: Additive>() -> Func<A, (A, A)> {
        Fun::dup()
    }
    fn it<A: Additive>() -> Func<A, ()> {
        Fun::it()
    }
    fn fork<A: Additive, C: Additive, D: Additive>(
        f: Func<A, C>,
        g: Func<A, D>,
    ) -> Func<A, (C, D)> {
        Fun::fork(f, g)
    }
}

impl Cocartesian for AddFun {
    fn inl<A: Additive, B: Additive>() -> Func<A, (A, B)> {
        Func::new(|a| (a, B::zero()))
    }
    fn inr<A: Additive, B: Additive>() -> Func<B, (A, B)> {
        Func::new(|b| (A::zero(), b))
    }
    fn jam<A: Additive>() -> Func<(A, A), A> {
        Func::new(|(a, b): (A, A)| a.plus_owned(b))
    }
    fn ini<A: Additive>() -> Func<(), A> {
        Func::new(|()| A::zero())
    }
}

impl<S: Scalar> Scalable<S> for AddFun {
    fn scale(s: S) -> Func<S, S> {
        Func::new(move |a: S| s * a)
    }
}

/// Fig. 14: as for functions, reading an empty vector (the zero of every length) as zeros.
impl<H: Container> MonoidalI<H> for AddFun {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Func<A, B>>,
    ) -> Func<H::Obj<A>, H::Obj<B>> {
        Func::new(move |xs: H::Obj<A>| h.zip_apply(&fs, &xs, |f: &Func<A, B>, x: A| f.apply(x)))
    }
}

/// Fig. 14: as for functions.
impl<H: Container> CartesianI<H> for AddFun {
    fn ex_i<A: Additive>(h: H) -> H::Of<Func<H::Obj<A>, A>> {
        h.tabulate(|i| Self::ex_at(h, i))
    }
    fn repl_i<A: Additive>(h: H) -> Func<A, H::Obj<A>> {
        Fun::repl_i(h)
    }
    fn ex_at<A: Additive>(h: H, i: usize) -> Func<H::Obj<A>, A> {
        Func::with_ref(move |xs| h.index(&xs, i), move |xs| h.index(xs, i))
    }
}

/// Fig. 14: `inI` puts its argument at one position and zeros elsewhere, `jamI = sum`.
impl<H: Container> CocartesianI<H> for AddFun {
    fn in_i<A: Additive>(h: H) -> H::Of<Func<A, H::Obj<A>>> {
        h.tabulate(|i| Func::new(move |a: A| h.inject(i, &a)))
    }
    fn jam_i<A: Additive>(h: H) -> Func<H::Obj<A>, A> {
        Func::new(move |xs: H::Obj<A>| h.sum(&xs))
    }
    fn in_at<A: Additive>(h: H, i: usize) -> Func<A, H::Obj<A>> {
        Func::new(move |a: A| h.inject(i, &a))
    }
}

/// As for functions, reading an empty vector as zeros.
impl<H: Container> FoldI<H> for AddFun {
    fn fold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        fs: H::Of<Func<((E, S), A), S>>,
    ) -> Func<(E, (S, H::Obj<A>)), S> {
        Func::new(move |(e, (s, xs)): (E, (S, H::Obj<A>))| {
            let xs = h.elements(&xs);
            Func::fold_steps(h.items(&fs).iter().zip(xs.iter().cloned()), e, s)
        })
    }
}

/// The steps from the last to the first, in a loop; the environment's contributions summed in
/// place.
impl<H: Container> UnfoldI<H> for AddFun {
    fn unfold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        gs: H::Of<Func<S, ((E, S), A)>>,
    ) -> Func<S, (E, (S, H::Obj<A>))> {
        Func::new(move |s: S| {
            let mut env = E::zero();
            let mut elements = Vec::with_capacity(h.size());
            let s = h.items(&gs).iter().rev().fold(s, |s, g| {
                let ((e, s), a) = g.apply(s);
                accumulate(&mut env, e);
                elements.push(a);
                s
            });
            elements.reverse();
            (env, (s, h.collect_obj(elements)))
        })
    }
}

/// As for functions.
impl<H: Container> ZipI<H> for AddFun {
    fn zip_i<A: Additive, B: Additive>(h: H) -> Func<(H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        Func::new(move |(xs, ys): (H::Obj<A>, H::Obj<B>)| h.zip(&xs, &ys))
    }
    fn unzip_i<A: Additive, B: Additive>(h: H) -> Func<H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        Func::new(move |pairs: H::Obj<(A, B)>| h.unzip(&pairs))
    }
}

/// As for functions: both conversions are linear.
impl RepCat for AddFun {
    fn repr_c<A: HasRep>() -> Func<A, A::Rep> {
        Fun::repr_c::<A>()
    }
    fn abst_c<A: HasRep>() -> Func<A::Rep, A> {
        Fun::abst_c::<A>()
    }
}

/// A linear map given by its action acts by it.
impl<S: Scalar> LinearCat<S> for AddFun {
    fn linear<A: Space<S>, B: Space<S>>(f: Rc<dyn LinearFn<A, B>>) -> Func<A, B> {
        Fun::linear(f)
    }
}

/// A linear map given by its actions acts by the first.
impl LoopLinear for AddFun {
    fn from_actions<A: Additive, B: Additive>(f: Rc<dyn LinearFn<A, B>>) -> Option<Func<A, B>> {
        Some(Func::acting(f))
    }
}

/// The map is made each time it is applied.
impl LazyCat for AddFun {
    fn lazy<A: Additive, B: Additive>(thunk: Rc<dyn Fn() -> Func<A, B>>) -> Func<A, B> {
        Func::new(move |a| thunk().apply(a))
    }
}

/// Forward application is just application; the transpose samples the domain's basis (§9).
impl<S: Scalar> LinearMap<S> for AddFun {
    fn forward<A: Space<S>, B: Space<S>>(f: &Func<A, B>, da: &A, _b: &B) -> B {
        f.apply(da.clone())
    }

    fn transpose<A: Space<S>, B: Space<S>>(f: &Func<A, B>, db: &B, a: &A) -> A {
        transpose_via_forward::<Self, S, A, B>(f, db, a)
    }

    fn from_matrix<A: Space<S>, B: Space<S>>(m: DMatrix<S>, a: &A, b: &B) -> Func<A, B> {
        check_shape(&m, a, b);
        let (a, b) = (a.clone(), b.clone());
        Func::new(move |x: A| b.with_coords(&mat_vec(&m, &x.coords_as(&a))))
    }
}
