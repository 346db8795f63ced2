//! `Fun`, the category of plain functions `(→)` (paper §4): evaluation, and the primal of every
//! derivative category. All of its instances are here: the core classes, the numeric operations,
//! the indexed products (Fig. 14), the sum of a vector, representations and conditionals.

use super::Func;
use crate::space::{Additive, Container, HasRep, Scalar};
use crate::vocabulary::{
    Cartesian, CartesianI, Category, Conditional, FloatingCat, FractionalCat, Hom, Monoidal,
    MonoidalI, NumCat, Pred, RepCat, SumCat, ZipI,
};

/// The category of plain functions: a program interpreted in `Fun` simply runs.
///
/// There is no `Cocartesian` instance (paper §4.4): functions into a product do not add.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// let sqr = Fun::compose(Fun::mul_c(), Fun::dup());
/// assert_eq!(sqr.apply(3.0_f64), 9.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Fun;

impl Category for Fun {
    type Hom<A: Additive, B: Additive> = Func<A, B>;

    fn id<A: Additive>() -> Func<A, A> {
        Func::new(|a| a)
    }

    fn compose<A: Additive, B: Additive, C: Additive>(g: Func<B, C>, f: Func<A, B>) -> Func<A, C> {
        Func::new(move |a| g.apply(f.apply(a)))
    }
}

impl Monoidal for Fun {
    fn cross<A: Additive, B: Additive, C: Additive, D: Additive>(
        f: Func<A, C>,
        g: Func<B, D>,
    ) -> Func<(A, B), (C, D)> {
        Func::new(move |(a, b)| (f.apply(a), g.apply(b)))
    }
}

impl Cartesian for Fun {
    fn exl<A: Additive, B: Additive>() -> Func<(A, B), A> {
        Func::new(|(a, _)| a)
    }
    fn exr<A: Additive, B: Additive>() -> Func<(A, B), B> {
        Func::new(|(_, b)| b)
    }
    fn dup<A: Additive>() -> Func<A, (A, A)> {
        Func::new(|a: A| (a.clone(), a))
    }
    fn it<A: Additive>() -> Func<A, ()> {
        Func::new(|_| ())
    }
}

impl<S: Scalar> NumCat<S> for Fun {
    fn negate_c() -> Hom<Self, S, S> {
        Func::new(|a: S| -a)
    }
    fn add_c() -> Hom<Self, (S, S), S> {
        Func::new(|(a, b): (S, S)| a + b)
    }
    fn mul_c() -> Hom<Self, (S, S), S> {
        Func::new(|(a, b): (S, S)| a * b)
    }
    fn const_c<A: Additive>(s: S) -> Hom<Self, A, S> {
        Func::new(move |_| s)
    }
    fn sub_c() -> Hom<Self, (S, S), S> {
        Func::new(|(a, b): (S, S)| a - b)
    }
}

impl<S: Scalar> FractionalCat<S> for Fun {
    fn recip_c() -> Hom<Self, S, S> {
        Func::new(|a: S| S::from_f64(1.0) / a)
    }
    fn div_c() -> Hom<Self, (S, S), S> {
        Func::new(|(a, b): (S, S)| a / b)
    }
}

impl<S: Scalar> FloatingCat<S> for Fun {
    fn sin_c() -> Hom<Self, S, S> {
        Func::new(S::sin)
    }
    fn cos_c() -> Hom<Self, S, S> {
        Func::new(S::cos)
    }
    fn exp_c() -> Hom<Self, S, S> {
        Func::new(S::exp)
    }
    fn ln_c() -> Hom<Self, S, S> {
        Func::new(S::ln)
    }
    fn sqrt_c() -> Hom<Self, S, S> {
        Func::new(S::sqrt)
    }
    fn tanh_c() -> Hom<Self, S, S> {
        Func::new(S::tanh)
    }
    fn powi_c(n: i32) -> Hom<Self, S, S> {
        Func::new(move |a: S| a.powi(n))
    }
}

/// `crossI = zipWith ($)`: `fs[i]` on element `i`.
impl<H: Container> MonoidalI<H> for Fun {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Func<A, B>>,
    ) -> Func<H::Obj<A>, H::Obj<B>> {
        Func::new(move |xs: H::Obj<A>| h.zip_apply(&fs, &xs, |f: &Func<A, B>, x: A| f.apply(x)))
    }
}

/// `exI = tabulate (flip index)`, `replI = point`.
impl<H: Container> CartesianI<H> for Fun {
    fn ex_i<A: Additive>(h: H) -> H::Of<Func<H::Obj<A>, A>> {
        h.tabulate(|i| Func::new(move |xs: H::Obj<A>| h.index(&xs, i)))
    }
    fn repl_i<A: Additive>(h: H) -> Func<A, H::Obj<A>> {
        Func::new(move |a: A| h.replicate(&a))
    }
}

impl<H: Container> ZipI<H> for Fun {
    fn zip_i<A: Additive, B: Additive>(h: H) -> Func<(H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        Func::new(move |(xs, ys): (H::Obj<A>, H::Obj<B>)| h.zip(&xs, &ys))
    }
    fn unzip_i<A: Additive, B: Additive>(h: H) -> Func<H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        Func::new(move |pairs: H::Obj<(A, B)>| h.unzip(&pairs))
    }
}

/// Functions have no `jamI` (they are not cocartesian), but they add up a vector's elements.
impl<H: Container> SumCat<H> for Fun {
    fn sum_c<A: Additive>(h: H) -> Func<H::Obj<A>, A> {
        Func::new(move |xs: H::Obj<A>| h.sum(&xs))
    }
}

impl RepCat for Fun {
    fn repr_c<A: HasRep>() -> Func<A, A::Rep> {
        Func::new(A::repr)
    }
    fn abst_c<A: HasRep>() -> Func<A::Rep, A> {
        Func::new(A::abst)
    }
}

impl Conditional for Fun {
    fn cond<A: Additive, B: Additive>(
        p: Pred<A>,
        then: Func<A, B>,
        otherwise: Func<A, B>,
    ) -> Func<A, B> {
        Func::new(move |a| {
            if p.holds(&a) {
                then.apply(a)
            } else {
                otherwise.apply(a)
            }
        })
    }
}
