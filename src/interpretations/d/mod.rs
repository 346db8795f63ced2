//! `D<K>`, generalized differentiable functions (paper Fig. 6): `a → b × (a ⊸ b)`, with the linear
//! maps `⊸` represented in the category `K`.
//!
//! All of `D`'s instances live in this module: the core classes and representations here, the
//! numeric primitives (each with its derivative) in `numeric.rs`, the indexed products
//! (Fig. 13) in `indexed.rs`, loops and run-time vectors in `loops.rs`, and data in `data.rs`.

mod data;
pub(crate) mod derivatives;
mod indexed;
mod loops;
mod map;
mod numeric;

pub use loops::{LoopLinear, Representation};
pub use map::DMap;

use crate::space::{Additive, HasRep, Scalar, Space};
use crate::vocabulary::{
    Cartesian, Category, Checkpoint, Cocartesian, Conditional, Hom, LazyCat, LinearCat, LinearFn,
    Monoidal, Pred, Primitive, PrimitiveCat, RepCat, Scalable,
};
use std::marker::PhantomData;
use std::rc::Rc;

/// The category of differentiable functions whose derivatives are morphisms of `K`.
///
/// `D<AddFun>` is forward mode, `D<Dual<AddFun>>` reverse mode, `D<Cont<K, R>>` reverse mode by
/// continuations, `D<Begin<K, R>>` forward mode by right association (see [`crate::ad`]).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// let sqr = Forward::compose(Forward::mul_c(), Forward::dup());
/// let (y, dy) = sqr.linearize(3.0_f64);
/// assert_eq!((y, dy.apply(1.0)), (9.0, 6.0));
/// ```
#[derive(Debug)]
pub struct D<K>(PhantomData<K>);

/// `linearD f f' = D (λ a → (f a, f'))`: a linear function is its own derivative everywhere.
///
/// Every linear primitive of every class is `D`'s through this one function.
fn linear<K: Category, A: Additive, B: Additive>(
    f: impl Fn(A) -> B + 'static,
    df: Hom<K, A, B>,
) -> DMap<K, A, B> {
    DMap::new(move |a| (f(a), df.clone()))
}

/// The constant `b`, whose derivative is `df` (zero) everywhere: it reads nothing of its argument.
fn constant<K: Category, A: Additive, B: Additive>(b: B, df: Hom<K, A, B>) -> DMap<K, A, B> {
    let (b_ref, df_ref) = (b.clone(), df.clone());
    DMap::with_ref(
        move |_| (b.clone(), df.clone()),
        move |_| (b_ref.clone(), df_ref.clone()),
    )
}

impl<K: Category> Category for D<K> {
    type Hom<A: Additive, B: Additive> = DMap<K, A, B>;

    fn id<A: Additive>() -> DMap<K, A, A> {
        DMap::projection(|a| a, |a| a, K::id())
    }

    fn compose<A: Additive, B: Additive, C: Additive>(
        g: DMap<K, B, C>,
        f: DMap<K, A, B>,
    ) -> DMap<K, A, C> {
        f.then(g)
    }
}

impl<K: Monoidal> Monoidal for D<K> {
    fn cross<A: Additive, B: Additive, C: Additive, E: Additive>(
        f: DMap<K, A, C>,
        g: DMap<K, B, E>,
    ) -> DMap<K, (A, B), (C, E)> {
        DMap::cross(f, g)
    }
}

impl<K: Cartesian> Cartesian for D<K> {
    fn exl<A: Additive, B: Additive>() -> DMap<K, (A, B), A> {
        DMap::projection(|(a, _)| a, |(a, _)| a, K::exl())
    }
    fn exr<A: Additive, B: Additive>() -> DMap<K, (A, B), B> {
        DMap::projection(|(_, b)| b, |(_, b)| b, K::exr())
    }
    fn dup<A: Additive>() -> DMap<K, A, (A, A)> {
        linear(|a: A| (a.clone(), a), K::dup())
    }
    fn it<A: Additive>() -> DMap<K, A, ()> {
        constant((), K::it())
    }

    /// `f △ g = D (λ a → ((f a, g a), f' a △ g' a))`: `K`'s own fork, which a representation may
    /// do better than `(f' × g') ∘ dup`. One side reads the argument borrowed (cloning only what
    /// it reads: a variable of a macro program's environment, not the environment), then the
    /// other takes it — `f` first where it borrows, else `g` where it does, and `g` first
    /// whenever `f` is a projection (`let`'s `id △ e`), which computes nothing and takes the
    /// argument after `g` has read it. The argument is cloned only where neither side borrows.
    fn fork<A: Additive, C: Additive, E: Additive>(
        f: DMap<K, A, C>,
        g: DMap<K, A, E>,
    ) -> DMap<K, A, (C, E)> {
        DMap::fork(f, g)
    }
}

impl<K: Cocartesian> Cocartesian for D<K> {
    fn inl<A: Additive, B: Additive>() -> DMap<K, A, (A, B)> {
        linear(|a| (a, B::zero()), K::inl())
    }
    fn inr<A: Additive, B: Additive>() -> DMap<K, B, (A, B)> {
        linear(|b| (A::zero(), b), K::inr())
    }
    fn jam<A: Additive>() -> DMap<K, (A, A), A> {
        linear(|(a, b): (A, A)| a.plus_owned(b), K::jam())
    }
    fn ini<A: Additive>() -> DMap<K, (), A> {
        linear(|()| A::zero(), K::ini())
    }
}

impl<K: Scalable<S>, S: Scalar> Scalable<S> for D<K> {
    fn scale(s: S) -> DMap<K, S, S> {
        linear(move |a: S| s * a, K::scale(s))
    }
}

/// `reprC = linearD repr reprC`, `abstC = linearD abst abstC`.
impl<K: RepCat> RepCat for D<K> {
    fn repr_c<A: HasRep>() -> DMap<K, A, A::Rep> {
        linear::<K, A, A::Rep>(A::repr, K::repr_c::<A>())
    }
    fn abst_c<A: HasRep>() -> DMap<K, A::Rep, A> {
        linear::<K, A::Rep, A>(A::abst, K::abst_c::<A>())
    }
}

impl<K: Category> Conditional for D<K> {
    fn cond<A: Additive, B: Additive>(
        p: Pred<A>,
        then: DMap<K, A, B>,
        otherwise: DMap<K, A, B>,
    ) -> DMap<K, A, B> {
        DMap::new(move |a| {
            if p.holds(&a) {
                then.linearize(a)
            } else {
                otherwise.linearize(a)
            }
        })
    }
}

/// `fromActions f = linearD f.apply (fromActions f)`, where `K` takes it.
impl<K: LoopLinear> LoopLinear for D<K> {
    fn from_actions<A: Additive, B: Additive>(f: Rc<dyn LinearFn<A, B>>) -> Option<DMap<K, A, B>> {
        let df = K::from_actions(Rc::clone(&f))?;
        Some(linear(move |a: A| f.apply(&a), df))
    }
}

/// `linear f = linearD f.apply (linear f)`: a linear map is its own derivative.
impl<K: LinearCat<S>, S: Scalar> LinearCat<S> for D<K> {
    fn linear<A: Space<S>, B: Space<S>>(f: Rc<dyn LinearFn<A, B>>) -> DMap<K, A, B> {
        let g = Rc::clone(&f);
        linear(move |a: A| g.apply(&a), K::linear(f))
    }
}

/// `primitive p = D (λ a → let (b, f) = p.linearize a in (b, linear f))`.
impl<K: LinearCat<S>, S: Scalar> PrimitiveCat<S> for D<K> {
    fn primitive<A: Space<S>, B: Space<S>>(p: Rc<dyn Primitive<A, B>>) -> DMap<K, A, B> {
        DMap::new(move |a: A| {
            let (b, df) = p.linearize(&a);
            (b, K::linear(df))
        })
    }
}

/// The value now; the derivative made again, at the same point, when it is applied.
impl<K: LazyCat> Checkpoint for D<K> {
    fn checkpoint<A: Additive, B: Additive>(f: DMap<K, A, B>) -> DMap<K, A, B> {
        DMap::new(move |a: A| {
            let b = f.linearize(a.clone()).0;
            let f = f.clone();
            (b, K::lazy(Rc::new(move || f.linearize(a.clone()).1)))
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    /// `|x|` as a conditional program.
    fn abs<K: Program<f64>>() -> Hom<K, f64, f64> {
        let negative = Pred::compare(|x: f64| x, Comparison::Lt, |_| 0.0);
        K::cond(negative, K::negate_c(), K::id())
    }

    #[test]
    fn cond_agrees_with_the_chosen_branch_in_value_and_derivative() {
        for x in [-2.0, -0.5, 0.5, 2.0] {
            assert_eq!(abs::<Fun>().apply(x), x.abs());
            let slope = if x < 0.0 { -1.0 } else { 1.0 };
            assert_eq!(jvp(&abs::<Forward>(), x, 1.0), (x.abs(), slope));
            assert_eq!(vjp(&abs::<Reverse>(), x, 1.0), (x.abs(), slope));
            assert_eq!(derivative(&abs::<ForwardBegin<f64>>(), x), slope);
            assert_eq!(gradient(&abs::<ReverseCont<f64>>(), x), slope);
        }
    }

    #[test]
    fn predicates_combine_and_compare() {
        let x = || Fun::exl::<f64, f64>();
        let y = || Fun::exr::<f64, f64>();
        let lt = Pred::compare(x().into_fn(), Comparison::Lt, y().into_fn());
        let eq = Pred::compare(x().into_fn(), Comparison::Eq, y().into_fn());
        let le = lt.or(&eq);
        assert!(le.holds(&(1.0, 1.0)) && le.holds(&(0.0, 1.0)) && !le.holds(&(2.0, 1.0)));
        assert!(le.not().holds(&(2.0, 1.0)));
        assert!(!lt.and(&eq).holds(&(1.0, 1.0)));
        let ops = [
            Comparison::Lt,
            Comparison::Le,
            Comparison::Gt,
            Comparison::Ge,
            Comparison::Eq,
            Comparison::Ne,
        ];
        let at_1_2: Vec<bool> = ops.iter().map(|op| op.test(1.0, 2.0)).collect();
        assert_eq!(at_1_2, [true, true, false, false, false, true]);
        assert!(format!("{lt:?}").starts_with("Pred<"));
    }
}
