//! `Dual<K>`, the dual (opposite) category (paper Fig. 10): a morphism `a ⤳ b` is a morphism
//! `b ⤳ a` of `K`. With `K = AddFun`, [`D<Dual<AddFun>>`](super::D) is reverse-mode AD.

use super::LoopLinear;
use crate::space::{Additive, Container, HasRep, Scalar, Space, accumulate};
use crate::vocabulary::{
    Cartesian, CartesianI, Category, Cocartesian, CocartesianI, FoldI, Hom, LazyCat, LinearCat,
    LinearFn, LinearMap, Monoidal, MonoidalI, RepCat, Scalable, UnfoldI, ZipI,
};
use nalgebra::DMatrix;
use std::marker::PhantomData;
use std::rc::Rc;

/// The dual of `K`: sequential composition reversed, `Cartesian` and `Cocartesian` swapped,
/// matrices transposed.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// // exl in Dual<AddFun> is inl in AddFun, run backwards: a cotangent of `a` lands in (a, 0).
/// let exl: Hom<Dual<AddFun>, (f64, f64), f64> = Dual::<AddFun>::exl();
/// assert_eq!(exl.apply(1.0), (1.0, 0.0));
/// ```
#[derive(Debug)]
pub struct Dual<K>(PhantomData<K>);

impl<K: Category> Category for Dual<K> {
    type Hom<A: Additive, B: Additive> = Hom<K, B, A>;

    fn id<A: Additive>() -> Hom<K, A, A> {
        K::id()
    }

    /// `Dual g ∘ Dual f = Dual (f ∘ g)`.
    fn compose<A: Additive, B: Additive, C: Additive>(
        g: Hom<K, C, B>,
        f: Hom<K, B, A>,
    ) -> Hom<K, C, A> {
        K::compose(f, g)
    }

    /// The transposed map, shared in `K`.
    fn share<A: Additive, B: Additive>(f: Hom<K, B, A>) -> Hom<K, B, A> {
        K::share(f)
    }
}

impl<K: Monoidal> Monoidal for Dual<K> {
    fn cross<A: Additive, B: Additive, C: Additive, E: Additive>(
        f: Hom<K, C, A>,
        g: Hom<K, E, B>,
    ) -> Hom<K, (C, E), (A, B)> {
        K::cross(f, g)
    }
}

impl<K: Cocartesian> Cartesian for Dual<K> {
    fn exl<A: Additive, B: Additive>() -> Hom<K, A, (A, B)> {
        K::inl()
    }
    fn exr<A: Additive, B: Additive>() -> Hom<K, B, (A, B)> {
        K::inr()
    }
    fn dup<A: Additive>() -> Hom<K, (A, A), A> {
        K::jam()
    }
    fn it<A: Additive>() -> Hom<K, (), A> {
        K::ini()
    }
}

impl<K: Cartesian> Cocartesian for Dual<K> {
    fn inl<A: Additive, B: Additive>() -> Hom<K, (A, B), A> {
        K::exl()
    }
    fn inr<A: Additive, B: Additive>() -> Hom<K, (A, B), B> {
        K::exr()
    }
    fn jam<A: Additive>() -> Hom<K, A, (A, A)> {
        K::dup()
    }
    fn ini<A: Additive>() -> Hom<K, A, ()> {
        K::it()
    }
}

impl<K: Scalable<S>, S: Scalar> Scalable<S> for Dual<K> {
    fn scale(s: S) -> Hom<K, S, S> {
        K::scale(s)
    }
}

/// Forward and transpose swap; matrices transpose. Reading the matrix of `Dual<AddFun>` samples the
/// *codomain*, so it fills the Jacobian by rows.
impl<K: LinearMap<S>, S: Scalar> LinearMap<S> for Dual<K> {
    fn forward<A: Space<S>, B: Space<S>>(f: &Hom<K, B, A>, da: &A, b: &B) -> B {
        K::transpose(f, da, b)
    }

    fn transpose<A: Space<S>, B: Space<S>>(f: &Hom<K, B, A>, db: &B, a: &A) -> A {
        K::forward(f, db, a)
    }

    fn from_matrix<A: Space<S>, B: Space<S>>(m: DMatrix<S>, a: &A, b: &B) -> Hom<K, B, A> {
        K::from_matrix(m.transpose(), b, a)
    }

    fn to_matrix<A: Space<S>, B: Space<S>>(f: &Hom<K, B, A>, a: &A, b: &B) -> DMatrix<S> {
        K::to_matrix(f, b, a).transpose()
    }
}

/// Fig. 15: `crossI = Dual ∘ crossI ∘ fmap unDual`.
impl<K: MonoidalI<H>, H: Container> MonoidalI<H> for Dual<K> {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Hom<K, B, A>>,
    ) -> Hom<K, H::Obj<B>, H::Obj<A>> {
        K::cross_i::<B, A>(h, fs)
    }
}

/// Fig. 15: `exI = fmap Dual inI`, `replI = Dual jamI`.
impl<K: CocartesianI<H>, H: Container> CartesianI<H> for Dual<K> {
    fn ex_i<A: Additive>(h: H) -> H::Of<Hom<K, A, H::Obj<A>>> {
        K::in_i::<A>(h)
    }
    fn repl_i<A: Additive>(h: H) -> Hom<K, H::Obj<A>, A> {
        K::jam_i::<A>(h)
    }
    fn ex_at<A: Additive>(h: H, i: usize) -> Hom<K, A, H::Obj<A>> {
        K::in_at::<A>(h, i)
    }
}

/// Fig. 15: `inI = fmap Dual exI`, `jamI = Dual replI`.
impl<K: CartesianI<H>, H: Container> CocartesianI<H> for Dual<K> {
    fn in_i<A: Additive>(h: H) -> H::Of<Hom<K, H::Obj<A>, A>> {
        K::ex_i::<A>(h)
    }
    fn jam_i<A: Additive>(h: H) -> Hom<K, A, H::Obj<A>> {
        K::repl_i::<A>(h)
    }
    fn in_at<A: Additive>(h: H, i: usize) -> Hom<K, H::Obj<A>, A> {
        K::ex_at::<A>(h, i)
    }
}

/// A fold runs its transposed steps backwards: `foldI = Dual unfoldI`.
impl<K: UnfoldI<H>, H: Container> FoldI<H> for Dual<K> {
    fn fold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        fs: H::Of<Hom<K, S, ((E, S), A)>>,
    ) -> Hom<K, S, (E, (S, H::Obj<A>))> {
        K::unfold_i(h, fs)
    }
}

/// `unfoldI = Dual foldI`.
impl<K: FoldI<H>, H: Container> UnfoldI<H> for Dual<K> {
    fn unfold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        gs: H::Of<Hom<K, ((E, S), A), S>>,
    ) -> Hom<K, (E, (S, H::Obj<A>)), S> {
        K::fold_i(h, gs)
    }
}

/// `zip` and `unzip` are each other's transposes: `zipI = Dual unzipI`, `unzipI = Dual zipI`.
impl<K: ZipI<H>, H: Container> ZipI<H> for Dual<K> {
    fn zip_i<A: Additive, B: Additive>(h: H) -> Hom<K, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        K::unzip_i::<A, B>(h)
    }
    fn unzip_i<A: Additive, B: Additive>(h: H) -> Hom<K, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        K::zip_i::<A, B>(h)
    }
}

/// The transpose of `reprC` is `abstC`: `reprC = Dual abstC`, `abstC = Dual reprC`.
impl<K: RepCat> RepCat for Dual<K> {
    fn repr_c<A: HasRep>() -> Hom<K, A::Rep, A> {
        K::abst_c::<A>()
    }
    fn abst_c<A: HasRep>() -> Hom<K, A, A::Rep> {
        K::repr_c::<A>()
    }
}

/// `linear f = Dual (linear fᵀ)`: the transpose's action is given with the map's.
impl<K: LinearCat<S>, S: Scalar> LinearCat<S> for Dual<K> {
    fn linear<A: Space<S>, B: Space<S>>(f: Rc<dyn LinearFn<A, B>>) -> Hom<K, B, A> {
        K::linear(Rc::new(Transposed(f)))
    }
}

/// `Dual (fromActions fᵀ)`.
impl<K: LoopLinear + UnfoldI<crate::space::VecLen>> LoopLinear for Dual<K> {
    fn from_actions<A: Additive, B: Additive>(f: Rc<dyn LinearFn<A, B>>) -> Option<Hom<K, B, A>> {
        K::from_actions(Rc::new(Transposed(f)))
    }
}

/// The transpose of a [`LinearFn`]: its action is the transpose's, and its transpose the action.
struct Transposed<A, B>(Rc<dyn LinearFn<A, B>>);

impl<A: Additive, B: Additive> LinearFn<B, A> for Transposed<A, B> {
    fn apply(&self, db: &B) -> A {
        self.0.transpose(db)
    }
    fn transpose_add(&self, da: &A, acc: &mut B) {
        accumulate(acc, self.0.apply(da));
    }
}

/// `lazy = Dual ∘ lazy`.
impl<K: LazyCat> LazyCat for Dual<K> {
    fn lazy<A: Additive, B: Additive>(thunk: Rc<dyn Fn() -> Hom<K, B, A>>) -> Hom<K, B, A> {
        K::lazy(thunk)
    }
}
