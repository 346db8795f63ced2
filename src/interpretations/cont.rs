//! `Cont<K, R>`, the continuation category transformer (paper Fig. 7): a morphism `a ⤳ b` is
//! `(b ⊸ r) → (a ⊸ r)`, composing with a continuation on the left, so every composition becomes
//! left-associated: reverse mode.

use super::LoopLinear;
use super::{AddFun, Func};
use crate::space::{Additive, Container, HasRep, Scalar, Space};
use crate::stack::Deep;
use crate::vocabulary::{
    Cartesian, CartesianI, Category, Cocartesian, CocartesianI, FoldI, Hom, LazyCat, LinearCat,
    LinearFn, LinearMap, Monoidal, MonoidalI, RepCat, Scalable, UnfoldI, ZipI,
    forward_via_transpose,
};
use nalgebra::DMatrix;
use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

/// The continuation category over `K` with answer object `R`.
///
/// The primitives are `cont` of `K`'s (Theorem 4: `cont` is a functor, so this is the paper's
/// instance); `cross` is the one operation that needs the `join`/`unjoin` isomorphism.
///
/// # Cost
///
/// `Cont f × Cont g` hands the continuation `h` to both sides (`h ∘ inl` and `h ∘ inr`, by
/// `unjoin`), so the map that results reaches `h` along every path through the program. When `K`
/// represents maps as functions ([`AddFun`], the paper's), every path runs `h` again: up to 4ⁿ
/// runs for `n` nested `cross`es (`fork` and `mul`'s derivative each contain one). When `K`'s maps
/// build data, `unjoin` [shares](crate::vocabulary::Category::share) `h` and it is built once:
/// [`ReverseCont`](crate::ad::ReverseCont) represents continuations by their transposes as shared
/// DAGs (`Cont<Dual<Delta>, R>`), and its gradients cost time linear in the program, like
/// [`Dual`](super::Dual)'s. Over matrices (`Cont<Mat<S>, S>`, where `h` is a value) there is no
/// such blow-up either.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// // ReverseCont<f64> = D<Cont<AddFun, f64>>: reverse mode by continuations.
/// let mul: Hom<ReverseCont<f64>, (f64, f64), f64> = ReverseCont::<f64>::mul_c();
/// assert_eq!(gradient(&mul, (3.0, 4.0)), (4.0, 3.0));
/// ```
#[derive(Debug)]
pub struct Cont<K, R>(PhantomData<(K, R)>);

/// A morphism of [`Cont<K, R>`](Cont): a map from continuations of `b` to continuations of `a`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::cont;
/// use catad::interpretations::AddFun;
/// let f = cont::<AddFun, f64, f64, f64>(AddFun::scale(3.0));
/// let h = f.apply(AddFun::scale(2.0)); // the continuation after f, composed with f
/// assert_eq!(h.apply(1.0), 6.0);
/// ```
pub struct ContMap<K: Category, R: Additive, A: Additive, B: Additive>(
    Rc<dyn Fn(Hom<K, B, R>) -> Hom<K, A, R>>,
    /// How deeply composites nest in the map (0 for a closure).
    u32,
);

impl<K: Category, R: Additive, A: Additive, B: Additive> ContMap<K, R, A, B> {
    /// Wraps a map on continuations.
    pub fn new(f: impl Fn(Hom<K, B, R>) -> Hom<K, A, R> + 'static) -> Self {
        ContMap(Rc::new(f), 0)
    }

    /// The composite of two maps, `f` of their parts: applied and dropped by recursion into
    /// them, as deep as a program composes, it checks the stack every few levels ([`Deep`]).
    fn of_parts<P: 'static>(
        parts: Deep<P>,
        f: impl Fn(&P, Hom<K, B, R>) -> Hom<K, A, R> + 'static,
    ) -> Self {
        let depth = parts.depth();
        ContMap(Rc::new(move |h| parts.run(|p| f(p, h))), depth)
    }

    /// Composes the continuation `h` after this morphism.
    pub fn apply(&self, h: Hom<K, B, R>) -> Hom<K, A, R> {
        (self.0)(h)
    }
}

impl<K: Category, R: Additive, A: Additive, B: Additive> Clone for ContMap<K, R, A, B> {
    fn clone(&self) -> Self {
        ContMap(Rc::clone(&self.0), self.1)
    }
}

impl<K: Category, R: Additive, A: Additive, B: Additive> fmt::Debug for ContMap<K, R, A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ContMap<{}, {}, {}, {}>",
            std::any::type_name::<K>(),
            std::any::type_name::<R>(),
            std::any::type_name::<A>(),
            std::any::type_name::<B>()
        )
    }
}

/// `cont f = Cont (∘ f)`: the functor from `K` to `Cont<K, R>` (Theorem 4).
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::cont;
/// use catad::interpretations::AddFun;
/// let f = cont::<AddFun, f64, f64, (f64, f64)>(AddFun::dup());
/// assert_eq!(f.apply(AddFun::jam()).apply(2.0), 4.0);
/// ```
pub fn cont<K: Category, R: Additive, A: Additive, B: Additive>(
    f: Hom<K, A, B>,
) -> ContMap<K, R, A, B> {
    ContMap::new(move |h| K::compose(h, f.clone()))
}

/// `asDual (Cont f) = Dual (dot⁻¹ ∘ f ∘ dot)`: the functor from `Cont<AddFun, S>` to
/// `Dual<AddFun>` (Theorem 5). `a` is any vector of the domain; `dot⁻¹` samples its basis.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::cont;
/// use catad::interpretations::{AddFun, Dual, as_dual};
/// let f = cont::<AddFun, f64, (f64, f64), f64>(AddFun::jam());
/// let d: Hom<Dual<AddFun>, (f64, f64), f64> = as_dual(f, &(0.0, 0.0));
/// assert_eq!(d.apply(1.0), (1.0, 1.0));
/// ```
pub fn as_dual<S: Scalar, A: Space<S>, B: Space<S>>(
    f: ContMap<AddFun, S, A, B>,
    a: &A,
) -> Hom<super::Dual<AddFun>, A, B> {
    let a = a.clone();
    Func::new(move |b: B| {
        let functional = f.apply(Func::new(move |x: B| b.dot(&x)));
        let coords: Vec<S> = a.basis().into_iter().map(|e| functional.apply(e)).collect();
        a.with_coords(&coords)
    })
}

impl<K: Category, R: Additive> Category for Cont<K, R> {
    type Hom<A: Additive, B: Additive> = ContMap<K, R, A, B>;

    fn id<A: Additive>() -> ContMap<K, R, A, A> {
        ContMap::new(|h| h)
    }

    /// `Cont g ∘ Cont f = Cont (f ∘ g)`.
    fn compose<A: Additive, B: Additive, C: Additive>(
        g: ContMap<K, R, B, C>,
        f: ContMap<K, R, A, B>,
    ) -> ContMap<K, R, A, C> {
        let depths = [g.1, f.1];
        ContMap::of_parts(Deep::new((g, f), depths), |(g, f), h| f.apply(g.apply(h)))
    }
}

impl<K: Cocartesian, R: Additive> Monoidal for Cont<K, R> {
    /// `Cont f × Cont g = Cont (join ∘ (f × g) ∘ unjoin)`.
    fn cross<A: Additive, B: Additive, C: Additive, E: Additive>(
        f: ContMap<K, R, A, C>,
        g: ContMap<K, R, B, E>,
    ) -> ContMap<K, R, (A, B), (C, E)> {
        let depths = [f.1, g.1];
        ContMap::of_parts(Deep::new((f, g), depths), |(f, g), h| {
            let (hc, he) = K::unjoin(h);
            K::join(f.apply(hc), g.apply(he))
        })
    }
}

impl<K: Cartesian + Cocartesian, R: Additive> Cartesian for Cont<K, R> {
    fn exl<A: Additive, B: Additive>() -> ContMap<K, R, (A, B), A> {
        cont(K::exl())
    }
    fn exr<A: Additive, B: Additive>() -> ContMap<K, R, (A, B), B> {
        cont(K::exr())
    }
    fn dup<A: Additive>() -> ContMap<K, R, A, (A, A)> {
        cont(K::dup())
    }
    fn it<A: Additive>() -> ContMap<K, R, A, ()> {
        cont(K::it())
    }
}

impl<K: Cocartesian, R: Additive> Cocartesian for Cont<K, R> {
    fn inl<A: Additive, B: Additive>() -> ContMap<K, R, A, (A, B)> {
        cont(K::inl())
    }
    fn inr<A: Additive, B: Additive>() -> ContMap<K, R, B, (A, B)> {
        cont(K::inr())
    }
    fn jam<A: Additive>() -> ContMap<K, R, (A, A), A> {
        cont(K::jam())
    }
    fn ini<A: Additive>() -> ContMap<K, R, (), A> {
        cont(K::ini())
    }
}

impl<K: Scalable<S>, S: Scalar, R: Additive> Scalable<S> for Cont<K, R> {
    fn scale(s: S) -> ContMap<K, R, S, S> {
        cont(K::scale(s))
    }
}

/// The first basis vector of `R`, through which a continuation carries a covector.
fn answer_unit<S: Scalar, R: Space<S>>() -> R {
    R::zero().basis().into_iter().next().unwrap_or_else(|| {
        panic!(
            "the answer object {} has dimension 0: a continuation into it carries no information",
            std::any::type_name::<R>()
        )
    })
}

/// The transpose feeds the continuation `x ↦ ⟨db, x⟩ · e₀` into `R` and reads the result back
/// through `K`; the forward map samples the codomain's basis. `R` must have a static shape
/// (`R::zero()`) and dimension at least 1.
impl<K, S, R> LinearMap<S> for Cont<K, R>
where
    K: LinearMap<S> + Cocartesian,
    S: Scalar,
    R: Space<S>,
{
    fn forward<A: Space<S>, B: Space<S>>(f: &ContMap<K, R, A, B>, da: &A, b: &B) -> B {
        forward_via_transpose::<Self, S, A, B>(f, da, b)
    }

    fn transpose<A: Space<S>, B: Space<S>>(f: &ContMap<K, R, A, B>, db: &B, a: &A) -> A {
        let e0: R = answer_unit();
        let (e0_coords, db_coords) = (e0.coords(), db.coords());
        let h = K::from_matrix(
            DMatrix::from_fn(e0.dim(), db.dim(), |i, j| e0_coords[i] * db_coords[j]),
            db,
            &e0,
        );
        K::transpose(&f.apply(h), &e0, a)
    }

    fn from_matrix<A: Space<S>, B: Space<S>>(m: DMatrix<S>, a: &A, b: &B) -> ContMap<K, R, A, B> {
        cont(K::from_matrix(m, a, b))
    }

    fn to_matrix<A: Space<S>, B: Space<S>>(f: &ContMap<K, R, A, B>, a: &A, b: &B) -> DMatrix<S> {
        let rows: Vec<Vec<S>> = b
            .basis()
            .iter()
            .map(|e| Self::transpose(f, e, a).coords_as(a))
            .collect();
        DMatrix::from_fn(rows.len(), a.dim(), |i, j| rows[i][j])
    }
}

/// `crossI fs = Cont (joinI ∘ crossI fs ∘ unjoinI)`: split the continuation of `h b` into one per
/// element, run each `fs[i]` on its own, and join the results, as the binary `×` does with
/// `join`/`unjoin`.
impl<K: CocartesianI<H>, R: Additive, H: Container> MonoidalI<H> for Cont<K, R> {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<ContMap<K, R, A, B>>,
    ) -> ContMap<K, R, H::Obj<A>, H::Obj<B>> {
        ContMap::new(move |k: Hom<K, H::Obj<B>, R>| {
            let ks = K::unjoin_i::<B, R>(h, k);
            let ks = h.items(&ks);
            let parts = h.items(&fs).iter().zip(ks).map(|(f, k)| f.apply(k.clone()));
            K::join_i::<A, R>(h, h.collect(parts))
        })
    }
}

/// `exI = fmap cont exI`, `replI = cont replI`.
impl<K: CartesianI<H> + CocartesianI<H>, R: Additive, H: Container> CartesianI<H> for Cont<K, R> {
    fn ex_i<A: Additive>(h: H) -> H::Of<ContMap<K, R, H::Obj<A>, A>> {
        h.map(&K::ex_i::<A>(h), |f| cont::<K, R, H::Obj<A>, A>(f.clone()))
    }
    fn repl_i<A: Additive>(h: H) -> ContMap<K, R, A, H::Obj<A>> {
        cont::<K, R, A, H::Obj<A>>(K::repl_i::<A>(h))
    }
    fn ex_at<A: Additive>(h: H, i: usize) -> ContMap<K, R, H::Obj<A>, A> {
        cont::<K, R, H::Obj<A>, A>(K::ex_at::<A>(h, i))
    }
}

/// `inI = fmap cont inI`, `jamI = cont jamI`.
impl<K: CocartesianI<H>, R: Additive, H: Container> CocartesianI<H> for Cont<K, R> {
    fn in_i<A: Additive>(h: H) -> H::Of<ContMap<K, R, A, H::Obj<A>>> {
        h.map(&K::in_i::<A>(h), |f| cont::<K, R, A, H::Obj<A>>(f.clone()))
    }
    fn jam_i<A: Additive>(h: H) -> ContMap<K, R, H::Obj<A>, A> {
        cont::<K, R, H::Obj<A>, A>(K::jam_i::<A>(h))
    }
    fn in_at<A: Additive>(h: H, i: usize) -> ContMap<K, R, A, H::Obj<A>> {
        cont::<K, R, A, H::Obj<A>>(K::in_at::<A>(h, i))
    }
}

/// A fold hands the continuation of the final state to the last step and walks back: each step
/// splits the continuation of its input (`unjoin`) into those of the environment, the previous
/// state and its element; the environment's are summed (`joinI ∘ replI`), the elements' joined
/// (`joinI`).
impl<K, R, H> FoldI<H> for Cont<K, R>
where
    K: Cartesian + Cocartesian + CartesianI<H> + CocartesianI<H>,
    R: Additive,
    H: Container,
{
    fn fold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        fs: H::Of<ContMap<K, R, ((E, S), A), S>>,
    ) -> ContMap<K, R, (E, (S, H::Obj<A>)), S> {
        ContMap::new(move |k: Hom<K, S, R>| {
            let (mut env, mut elements) = (Vec::new(), Vec::new());
            let mut state = k;
            for f in h.items(&fs).iter().rev() {
                let (k_es, k_a) = K::unjoin(f.apply(state));
                let (k_e, k_s) = K::unjoin(k_es);
                env.push(k_e);
                elements.push(k_a);
                state = k_s;
            }
            elements.reverse();
            let env = K::compose(K::join_i(h, h.collect(env)), K::repl_i(h));
            K::join(env, K::join(state, K::join_i(h, h.collect(elements))))
        })
    }
}

/// An unfold hands its steps the continuations of their outputs, from the first step's (which
/// the final continuation gives) to the last's.
impl<K, R, H> UnfoldI<H> for Cont<K, R>
where
    K: Cocartesian + CocartesianI<H>,
    R: Additive,
    H: Container,
{
    fn unfold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        gs: H::Of<ContMap<K, R, S, ((E, S), A)>>,
    ) -> ContMap<K, R, S, (E, (S, H::Obj<A>))> {
        ContMap::new(move |k: Hom<K, (E, (S, H::Obj<A>)), R>| {
            let (k_e, k_rest) = K::unjoin(k);
            let (mut state, k_xs) = K::unjoin(k_rest);
            let k_as = K::unjoin_i(h, k_xs);
            for (g, k_a) in h.items(&gs).iter().zip(h.items(&k_as)) {
                state = g.apply(K::join(K::join(k_e.clone(), state), k_a.clone()));
            }
            state
        })
    }
}

/// `zipI = cont zipI`, `unzipI = cont unzipI`.
impl<K: ZipI<H>, R: Additive, H: Container> ZipI<H> for Cont<K, R> {
    fn zip_i<A: Additive, B: Additive>(
        h: H,
    ) -> ContMap<K, R, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        cont::<K, R, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>(K::zip_i::<A, B>(h))
    }
    fn unzip_i<A: Additive, B: Additive>(
        h: H,
    ) -> ContMap<K, R, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        cont::<K, R, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>(K::unzip_i::<A, B>(h))
    }
}

/// `reprC = cont reprC`, `abstC = cont abstC`.
impl<K: RepCat + Cocartesian, R: Additive> RepCat for Cont<K, R> {
    fn repr_c<A: HasRep>() -> ContMap<K, R, A, A::Rep> {
        cont::<K, R, A, A::Rep>(K::repr_c::<A>())
    }
    fn abst_c<A: HasRep>() -> ContMap<K, R, A::Rep, A> {
        cont::<K, R, A::Rep, A>(K::abst_c::<A>())
    }
}

/// `linear = cont ∘ linear`.
impl<K: LinearCat<S> + Cocartesian, S: Scalar, R: Additive> LinearCat<S> for Cont<K, R> {
    fn linear<A: Space<S>, B: Space<S>>(f: Rc<dyn LinearFn<A, B>>) -> ContMap<K, R, A, B> {
        cont(K::linear(f))
    }
}

/// `cont ∘ fromActions`.
impl<K: LoopLinear, R: Additive> LoopLinear for Cont<K, R> {
    fn from_actions<A: Additive, B: Additive>(
        f: Rc<dyn LinearFn<A, B>>,
    ) -> Option<ContMap<K, R, A, B>> {
        K::from_actions(f).map(cont)
    }
}

/// The continuation is handed to the map made on demand.
impl<K: Category, R: Additive> LazyCat for Cont<K, R> {
    fn lazy<A: Additive, B: Additive>(
        thunk: Rc<dyn Fn() -> ContMap<K, R, A, B>>,
    ) -> ContMap<K, R, A, B> {
        ContMap::new(move |h| thunk().apply(h))
    }
}
