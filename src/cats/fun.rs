//! `Fun`, the category of plain functions `(→)` (paper §4): evaluation, and the primal of every
//! derivative category.

use super::Func;
use crate::category::{Cartesian, Category, FloatingCat, FractionalCat, Hom, Monoidal, NumCat};
use crate::space::{Additive, Scalar};

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
