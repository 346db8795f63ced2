//! `Begin<K, R>`, the right-associating transformer (paper §14): a morphism `a ⤳ b` is
//! `(r ⊸ a) → (r ⊸ b)`, composing with a "beginning" on the right, so every composition becomes
//! right-associated: forward mode.

use super::LoopLinear;
use crate::space::{Additive, Container, HasRep, Scalar, Space};
use crate::stack::Deep;
use crate::vocabulary::{
    Cartesian, CartesianI, Category, Cocartesian, CocartesianI, FoldI, Hom, LazyCat, LinearCat,
    LinearFn, LinearMap, Monoidal, MonoidalI, RepCat, Scalable, UnfoldI, ZipI,
    transpose_via_forward,
};
use nalgebra::DMatrix;
use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

/// The right-associating category over `K` with source object `R`.
///
/// The primitives are `begin` of `K`'s (`begin` is a functor, so this is the homomorphic
/// specification); `cross` uses the `fork`/`unfork` isomorphism, dual to [`Cont`](super::Cont).
///
/// # Cost
///
/// As for [`Cont`](super::Cont#cost), dually: `Begin f × Begin g` hands the beginning `h` to both
/// sides (`unfork`). Over functions ([`AddFun`](super::AddFun), the paper's) running the map runs
/// `h` once per path, up to 4ⁿ times for `n` nested `cross`es; over shared DAGs
/// ([`ForwardBegin`](crate::ad::ForwardBegin) = `D<Begin<Delta, R>>`) `unfork`
/// [shares](crate::vocabulary::Category::share) `h`, which is built once, and a derivative costs
/// time linear in the program.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// let mul: Hom<ForwardBegin<f64>, (f64, f64), f64> = ForwardBegin::<f64>::mul_c();
/// assert_eq!(jvp(&mul, (3.0, 4.0), (1.0, 0.0)), (12.0, 4.0));
/// ```
#[derive(Debug)]
pub struct Begin<K, R>(PhantomData<(K, R)>);

/// A morphism of [`Begin<K, R>`](Begin): a map from beginnings `r ⊸ a` to beginnings `r ⊸ b`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::begin;
/// use catad::interpretations::AddFun;
/// let f = begin::<AddFun, f64, f64, f64>(AddFun::scale(3.0));
/// assert_eq!(f.apply(AddFun::scale(2.0)).apply(1.0), 6.0);
/// ```
pub struct BeginMap<K: Category, R: Additive, A: Additive, B: Additive>(
    Rc<dyn Fn(Hom<K, R, A>) -> Hom<K, R, B>>,
    /// How deeply composites nest in the map (0 for a closure).
    u32,
);

impl<K: Category, R: Additive, A: Additive, B: Additive> BeginMap<K, R, A, B> {
    /// Wraps a map on beginnings.
    pub fn new(f: impl Fn(Hom<K, R, A>) -> Hom<K, R, B> + 'static) -> Self {
        BeginMap(Rc::new(f), 0)
    }

    /// The composite of two maps, `f` of their parts: applied and dropped by recursion into
    /// them, as deep as a program composes, it checks the stack every few levels ([`Deep`]).
    fn of_parts<P: 'static>(
        parts: Deep<P>,
        f: impl Fn(&P, Hom<K, R, A>) -> Hom<K, R, B> + 'static,
    ) -> Self {
        let depth = parts.depth();
        BeginMap(Rc::new(move |h| parts.run(|p| f(p, h))), depth)
    }

    /// Composes this morphism after the beginning `h`.
    pub fn apply(&self, h: Hom<K, R, A>) -> Hom<K, R, B> {
        (self.0)(h)
    }
}

impl<K: Category, R: Additive, A: Additive, B: Additive> Clone for BeginMap<K, R, A, B> {
    fn clone(&self) -> Self {
        BeginMap(Rc::clone(&self.0), self.1)
    }
}

impl<K: Category, R: Additive, A: Additive, B: Additive> fmt::Debug for BeginMap<K, R, A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "BeginMap<{}, {}, {}, {}>",
            std::any::type_name::<K>(),
            std::any::type_name::<R>(),
            std::any::type_name::<A>(),
            std::any::type_name::<B>()
        )
    }
}

/// `begin f = Begin (f ∘)`: the functor from `K` to `Begin<K, R>`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::begin;
/// use catad::interpretations::AddFun;
/// let f = begin::<AddFun, f64, (f64, f64), f64>(AddFun::jam());
/// assert_eq!(f.apply(AddFun::dup()).apply(2.0), 4.0);
/// ```
pub fn begin<K: Category, R: Additive, A: Additive, B: Additive>(
    f: Hom<K, A, B>,
) -> BeginMap<K, R, A, B> {
    BeginMap::new(move |h| K::compose(f.clone(), h))
}

impl<K: Category, R: Additive> Category for Begin<K, R> {
    type Hom<A: Additive, B: Additive> = BeginMap<K, R, A, B>;

    fn id<A: Additive>() -> BeginMap<K, R, A, A> {
        BeginMap::new(|h| h)
    }

    /// `Begin g ∘ Begin f = Begin (g ∘ f)`.
    fn compose<A: Additive, B: Additive, C: Additive>(
        g: BeginMap<K, R, B, C>,
        f: BeginMap<K, R, A, B>,
    ) -> BeginMap<K, R, A, C> {
        let depths = [g.1, f.1];
        BeginMap::of_parts(Deep::new((g, f), depths), |(g, f), h| g.apply(f.apply(h)))
    }
}

impl<K: Cartesian, R: Additive> Monoidal for Begin<K, R> {
    /// `Begin f × Begin g = Begin (fork ∘ (f × g) ∘ unfork)`.
    fn cross<A: Additive, B: Additive, C: Additive, E: Additive>(
        f: BeginMap<K, R, A, C>,
        g: BeginMap<K, R, B, E>,
    ) -> BeginMap<K, R, (A, B), (C, E)> {
        let depths = [f.1, g.1];
        BeginMap::of_parts(Deep::new((f, g), depths), |(f, g), h| {
            let (ha, hb) = K::unfork(h);
            K::fork(f.apply(ha), g.apply(hb))
        })
    }
}

impl<K: Cartesian, R: Additive> Cartesian for Begin<K, R> {
    fn exl<A: Additive, B: Additive>() -> BeginMap<K, R, (A, B), A> {
        begin(K::exl())
    }
    fn exr<A: Additive, B: Additive>() -> BeginMap<K, R, (A, B), B> {
        begin(K::exr())
    }
    fn dup<A: Additive>() -> BeginMap<K, R, A, (A, A)> {
        begin(K::dup())
    }
    fn it<A: Additive>() -> BeginMap<K, R, A, ()> {
        begin(K::it())
    }
}

impl<K: Cartesian + Cocartesian, R: Additive> Cocartesian for Begin<K, R> {
    fn inl<A: Additive, B: Additive>() -> BeginMap<K, R, A, (A, B)> {
        begin(K::inl())
    }
    fn inr<A: Additive, B: Additive>() -> BeginMap<K, R, B, (A, B)> {
        begin(K::inr())
    }
    fn jam<A: Additive>() -> BeginMap<K, R, (A, A), A> {
        begin(K::jam())
    }
    fn ini<A: Additive>() -> BeginMap<K, R, (), A> {
        begin(K::ini())
    }
}

impl<K: Scalable<S>, S: Scalar, R: Additive> Scalable<S> for Begin<K, R> {
    fn scale(s: S) -> BeginMap<K, R, S, S> {
        begin(K::scale(s))
    }
}

/// The first basis vector of `R`, through which a beginning carries a tangent.
fn source_unit<S: Scalar, R: Space<S>>() -> R {
    R::zero().basis().into_iter().next().unwrap_or_else(|| {
        panic!(
            "the source object {} has dimension 0: a beginning from it carries no information",
            std::any::type_name::<R>()
        )
    })
}

/// The forward map feeds the beginning `r ↦ ⟨e₀, r⟩ · da` and reads the result back through `K`;
/// the transpose samples the domain's basis. `R` must have a static shape (`R::zero()`) and
/// dimension at least 1.
impl<K, S, R> LinearMap<S> for Begin<K, R>
where
    K: LinearMap<S> + Cartesian,
    S: Scalar,
    R: Space<S>,
{
    fn forward<A: Space<S>, B: Space<S>>(f: &BeginMap<K, R, A, B>, da: &A, b: &B) -> B {
        let e0: R = source_unit();
        let (e0_coords, da_coords) = (e0.coords(), da.coords());
        let h = K::from_matrix(
            DMatrix::from_fn(da.dim(), e0.dim(), |i, j| da_coords[i] * e0_coords[j]),
            &e0,
            da,
        );
        K::forward(&f.apply(h), &e0, b)
    }

    fn transpose<A: Space<S>, B: Space<S>>(f: &BeginMap<K, R, A, B>, db: &B, a: &A) -> A {
        transpose_via_forward::<Self, S, A, B>(f, db, a)
    }

    fn from_matrix<A: Space<S>, B: Space<S>>(m: DMatrix<S>, a: &A, b: &B) -> BeginMap<K, R, A, B> {
        begin(K::from_matrix(m, a, b))
    }
}

/// `crossI fs = Begin (forkI ∘ crossI fs ∘ unforkI)`: split the beginning of `h a` into one per
/// element, run each `fs[i]` on its own, and fork the results, as the binary `×` does with
/// `fork`/`unfork`.
impl<K: CartesianI<H>, R: Additive, H: Container> MonoidalI<H> for Begin<K, R> {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<BeginMap<K, R, A, B>>,
    ) -> BeginMap<K, R, H::Obj<A>, H::Obj<B>> {
        BeginMap::new(move |b: Hom<K, R, H::Obj<A>>| {
            let bs = K::unfork_i::<R, A>(h, b);
            let bs = h.items(&bs);
            let parts = h.items(&fs).iter().zip(bs).map(|(f, b)| f.apply(b.clone()));
            K::fork_i::<R, B>(h, h.collect(parts))
        })
    }
}

/// `exI = fmap begin exI`, `replI = begin replI`.
impl<K: CartesianI<H>, R: Additive, H: Container> CartesianI<H> for Begin<K, R> {
    fn ex_i<A: Additive>(h: H) -> H::Of<BeginMap<K, R, H::Obj<A>, A>> {
        h.map(&K::ex_i::<A>(h), |f| begin::<K, R, H::Obj<A>, A>(f.clone()))
    }
    fn repl_i<A: Additive>(h: H) -> BeginMap<K, R, A, H::Obj<A>> {
        begin::<K, R, A, H::Obj<A>>(K::repl_i::<A>(h))
    }
    fn ex_at<A: Additive>(h: H, i: usize) -> BeginMap<K, R, H::Obj<A>, A> {
        begin::<K, R, H::Obj<A>, A>(K::ex_at::<A>(h, i))
    }
}

/// `inI = fmap begin inI`, `jamI = begin jamI`.
impl<K: CartesianI<H> + CocartesianI<H>, R: Additive, H: Container> CocartesianI<H>
    for Begin<K, R>
{
    fn in_i<A: Additive>(h: H) -> H::Of<BeginMap<K, R, A, H::Obj<A>>> {
        h.map(&K::in_i::<A>(h), |f| begin::<K, R, A, H::Obj<A>>(f.clone()))
    }
    fn jam_i<A: Additive>(h: H) -> BeginMap<K, R, H::Obj<A>, A> {
        begin::<K, R, H::Obj<A>, A>(K::jam_i::<A>(h))
    }
    fn in_at<A: Additive>(h: H, i: usize) -> BeginMap<K, R, A, H::Obj<A>> {
        begin::<K, R, A, H::Obj<A>>(K::in_at::<A>(h, i))
    }
}

/// A fold splits the beginning of its input (`unfork`) into those of the environment, the first
/// state and the elements, and hands each step the beginnings of its inputs, first to last.
impl<K, R, H> FoldI<H> for Begin<K, R>
where
    K: Cartesian + CartesianI<H>,
    R: Additive,
    H: Container,
{
    fn fold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        fs: H::Of<BeginMap<K, R, ((E, S), A), S>>,
    ) -> BeginMap<K, R, (E, (S, H::Obj<A>)), S> {
        BeginMap::new(move |b: Hom<K, R, (E, (S, H::Obj<A>))>| {
            let (b_e, b_rest) = K::unfork(b);
            let (mut state, b_xs) = K::unfork(b_rest);
            let b_as = K::unfork_i(h, b_xs);
            for (f, b_a) in h.items(&fs).iter().zip(h.items(&b_as)) {
                state = f.apply(K::fork(K::fork(b_e.clone(), state), b_a.clone()));
            }
            state
        })
    }
}

/// An unfold hands the last step the beginning of the final state and walks back, splitting each
/// step's output; the environment's beginnings are summed (`jamI ∘ forkI`), the elements' forked
/// (`forkI`).
impl<K, R, H> UnfoldI<H> for Begin<K, R>
where
    K: Cartesian + CartesianI<H> + CocartesianI<H>,
    R: Additive,
    H: Container,
{
    fn unfold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        gs: H::Of<BeginMap<K, R, S, ((E, S), A)>>,
    ) -> BeginMap<K, R, S, (E, (S, H::Obj<A>))> {
        BeginMap::new(move |b: Hom<K, R, S>| {
            let (mut env, mut elements) = (Vec::new(), Vec::new());
            let mut state = b;
            for g in h.items(&gs).iter().rev() {
                let (b_es, b_a) = K::unfork(g.apply(state));
                let (b_e, b_s) = K::unfork(b_es);
                env.push(b_e);
                elements.push(b_a);
                state = b_s;
            }
            elements.reverse();
            let env = K::compose(K::jam_i(h), K::fork_i(h, h.collect(env)));
            K::fork(env, K::fork(state, K::fork_i(h, h.collect(elements))))
        })
    }
}

/// `zipI = begin zipI`, `unzipI = begin unzipI`.
impl<K: ZipI<H>, R: Additive, H: Container> ZipI<H> for Begin<K, R> {
    fn zip_i<A: Additive, B: Additive>(
        h: H,
    ) -> BeginMap<K, R, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        begin::<K, R, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>(K::zip_i::<A, B>(h))
    }
    fn unzip_i<A: Additive, B: Additive>(
        h: H,
    ) -> BeginMap<K, R, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        begin::<K, R, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>(K::unzip_i::<A, B>(h))
    }
}

/// `reprC = begin reprC`, `abstC = begin abstC`.
impl<K: RepCat + Cartesian, R: Additive> RepCat for Begin<K, R> {
    fn repr_c<A: HasRep>() -> BeginMap<K, R, A, A::Rep> {
        begin::<K, R, A, A::Rep>(K::repr_c::<A>())
    }
    fn abst_c<A: HasRep>() -> BeginMap<K, R, A::Rep, A> {
        begin::<K, R, A::Rep, A>(K::abst_c::<A>())
    }
}

/// `linear = begin ∘ linear`.
impl<K: LinearCat<S> + Cartesian, S: Scalar, R: Additive> LinearCat<S> for Begin<K, R> {
    fn linear<A: Space<S>, B: Space<S>>(f: Rc<dyn LinearFn<A, B>>) -> BeginMap<K, R, A, B> {
        begin(K::linear(f))
    }
}

/// `begin ∘ fromActions`.
impl<K: LoopLinear, R: Additive> LoopLinear for Begin<K, R> {
    fn from_actions<A: Additive, B: Additive>(
        f: Rc<dyn LinearFn<A, B>>,
    ) -> Option<BeginMap<K, R, A, B>> {
        K::from_actions(f).map(begin)
    }
}

/// The beginning is handed to the map made on demand.
impl<K: Category, R: Additive> LazyCat for Begin<K, R> {
    fn lazy<A: Additive, B: Additive>(
        thunk: Rc<dyn Fn() -> BeginMap<K, R, A, B>>,
    ) -> BeginMap<K, R, A, B> {
        BeginMap::new(move |h| thunk().apply(h))
    }
}
