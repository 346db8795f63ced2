//! `D<K>`, generalized differentiable functions (paper Fig. 6): `a → b × (a ⊸ b)`, with the linear
//! maps `⊸` represented in the category `K`.

use crate::category::{
    Cartesian, Category, Cocartesian, FloatingCat, FractionalCat, Hom, Monoidal, NumCat, Scalable,
    zero,
};
use crate::space::{Additive, Scalar};
use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

/// The category of differentiable functions whose derivatives are morphisms of `K`.
///
/// `D<AddFun>` is forward mode, `D<Dual<AddFun>>` reverse mode, `D<Cont<AddFun, R>>` reverse mode
/// by continuations, `D<Begin<AddFun, R>>` forward mode by right association (see [`crate::ad`]).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// let sqr = Forward::compose(Forward::mul_c(), Forward::dup());
/// let (y, dy) = sqr.linearize(3.0_f64);
/// assert_eq!((y, dy.apply(1.0)), (9.0, 6.0));
/// ```
pub struct D<K>(PhantomData<K>);

/// A morphism of [`D<K>`](D): a function returning its value and its derivative at a point.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// let f: DMap<AddFun, f64, f64> = Forward::sin_c();
/// assert_eq!(f.apply(0.0), 0.0);
/// assert_eq!(f.linearize(0.0).1.apply(2.0), 2.0);
/// ```
pub struct DMap<K: Category, A: Additive, B: Additive>(Rc<dyn Fn(A) -> (B, Hom<K, A, B>)>);

impl<K: Category, A: Additive, B: Additive> DMap<K, A, B> {
    /// Wraps a function that returns a value and the derivative at its argument.
    pub fn new(f: impl Fn(A) -> (B, Hom<K, A, B>) + 'static) -> Self {
        DMap(Rc::new(f))
    }

    /// The value and the derivative (a linear map in `K`) at `a`: the paper's `D⁺ f a`.
    pub fn linearize(&self, a: A) -> (B, Hom<K, A, B>) {
        (self.0)(a)
    }

    /// The value at `a` (the primal).
    pub fn apply(&self, a: A) -> B {
        self.linearize(a).0
    }
}

impl<K: Category, A: Additive, B: Additive> Clone for DMap<K, A, B> {
    fn clone(&self) -> Self {
        DMap(Rc::clone(&self.0))
    }
}

impl<K: Category, A: Additive, B: Additive> fmt::Debug for DMap<K, A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DMap<{}, {}, {}>",
            std::any::type_name::<K>(),
            std::any::type_name::<A>(),
            std::any::type_name::<B>()
        )
    }
}

/// `linearD f f' = D (λ a → (f a, f'))`: a linear function is its own derivative everywhere.
fn linear<K: Category, A: Additive, B: Additive>(
    f: impl Fn(A) -> B + 'static,
    df: Hom<K, A, B>,
) -> DMap<K, A, B> {
    DMap::new(move |a| (f(a), df.clone()))
}

/// A scalar primitive from its value and the scalar derivative at a point.
fn scalar<K: Scalable<S>, S: Scalar>(f: impl Fn(S) -> (S, S) + 'static) -> DMap<K, S, S> {
    DMap::new(move |a| {
        let (y, dy) = f(a);
        (y, K::scale(dy))
    })
}

impl<K: Category> Category for D<K> {
    type Hom<A: Additive, B: Additive> = DMap<K, A, B>;

    fn id<A: Additive>() -> DMap<K, A, A> {
        linear(|a| a, K::id())
    }

    fn compose<A: Additive, B: Additive, C: Additive>(
        g: DMap<K, B, C>,
        f: DMap<K, A, B>,
    ) -> DMap<K, A, C> {
        DMap::new(move |a| {
            let (b, df) = f.linearize(a);
            let (c, dg) = g.linearize(b);
            (c, K::compose(dg, df))
        })
    }
}

impl<K: Monoidal> Monoidal for D<K> {
    fn cross<A: Additive, B: Additive, C: Additive, E: Additive>(
        f: DMap<K, A, C>,
        g: DMap<K, B, E>,
    ) -> DMap<K, (A, B), (C, E)> {
        DMap::new(move |(a, b)| {
            let (c, df) = f.linearize(a);
            let (e, dg) = g.linearize(b);
            ((c, e), K::cross(df, dg))
        })
    }
}

impl<K: Cartesian> Cartesian for D<K> {
    fn exl<A: Additive, B: Additive>() -> DMap<K, (A, B), A> {
        linear(|(a, _)| a, K::exl())
    }
    fn exr<A: Additive, B: Additive>() -> DMap<K, (A, B), B> {
        linear(|(_, b)| b, K::exr())
    }
    fn dup<A: Additive>() -> DMap<K, A, (A, A)> {
        linear(|a: A| (a.clone(), a), K::dup())
    }
    fn it<A: Additive>() -> DMap<K, A, ()> {
        linear(|_| (), K::it())
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
        linear(|(a, b): (A, A)| a.plus(&b), K::jam())
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

impl<K, S> NumCat<S> for D<K>
where
    K: Cartesian + Cocartesian + Scalable<S>,
    S: Scalar,
{
    fn negate_c() -> DMap<K, S, S> {
        let minus_one = S::from_f64(-1.0);
        linear(|a: S| -a, K::scale(minus_one))
    }
    fn add_c() -> DMap<K, (S, S), S> {
        linear(|(a, b): (S, S)| a + b, K::jam())
    }
    /// `mul = D (λ (a, b) → (a · b, scale b ▽ scale a))`.
    fn mul_c() -> DMap<K, (S, S), S> {
        DMap::new(|(a, b): (S, S)| (a * b, K::join(K::scale(b), K::scale(a))))
    }
    fn const_c<A: Additive>(s: S) -> DMap<K, A, S> {
        linear(move |_| s, zero::<K, A, S>())
    }
    fn sub_c() -> DMap<K, (S, S), S> {
        let minus_one = S::from_f64(-1.0);
        linear(
            |(a, b): (S, S)| a - b,
            K::join(K::id(), K::scale(minus_one)),
        )
    }
}

impl<K, S> FractionalCat<S> for D<K>
where
    K: Cartesian + Cocartesian + Scalable<S>,
    S: Scalar,
{
    fn recip_c() -> DMap<K, S, S> {
        scalar(|a: S| {
            let r = S::from_f64(1.0) / a;
            (r, -(r * r))
        })
    }
    /// `div = D (λ (a, b) → (a / b, scale (1/b) ▽ scale (-a/b²)))`.
    fn div_c() -> DMap<K, (S, S), S> {
        DMap::new(|(a, b): (S, S)| {
            let r = S::from_f64(1.0) / b;
            let q = a * r;
            (q, K::join(K::scale(r), K::scale(-(q * r))))
        })
    }
}

impl<K, S> FloatingCat<S> for D<K>
where
    K: Cartesian + Cocartesian + Scalable<S>,
    S: Scalar,
{
    fn sin_c() -> DMap<K, S, S> {
        scalar(|a: S| (a.sin(), a.cos()))
    }
    fn cos_c() -> DMap<K, S, S> {
        scalar(|a: S| (a.cos(), -a.sin()))
    }
    fn exp_c() -> DMap<K, S, S> {
        scalar(|a: S| {
            let e = a.exp();
            (e, e)
        })
    }
    fn ln_c() -> DMap<K, S, S> {
        scalar(|a: S| (a.ln(), S::from_f64(1.0) / a))
    }
    fn sqrt_c() -> DMap<K, S, S> {
        scalar(|a: S| {
            let r = a.sqrt();
            (r, S::from_f64(0.5) / r)
        })
    }
    fn tanh_c() -> DMap<K, S, S> {
        scalar(|a: S| {
            let t = a.tanh();
            (t, S::from_f64(1.0) - t * t)
        })
    }
    fn powi_c(n: i32) -> DMap<K, S, S> {
        scalar(move |a: S| {
            let dy = if n == 0 {
                S::zero()
            } else {
                S::from_f64(f64::from(n)) * a.powi(n - 1)
            };
            (a.powi(n), dy)
        })
    }
}
