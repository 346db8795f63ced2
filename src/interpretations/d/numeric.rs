//! `D`'s numeric primitives (paper Fig. 6, §4.4): each nonlinear primitive is its value and its
//! derivative at a point, a scaling or a join of scalings in `K`.

use super::{D, DMap, linear};
use crate::space::{Additive, Scalar};
use crate::vocabulary::{
    Cartesian, Cocartesian, FloatingCat, FractionalCat, NumCat, Scalable, zero,
};

/// A scalar primitive from its value and the scalar derivative at a point.
fn scalar<K: Scalable<S>, S: Scalar>(f: impl Fn(S) -> (S, S) + 'static) -> DMap<K, S, S> {
    DMap::new(move |a| {
        let (y, dy) = f(a);
        (y, K::scale(dy))
    })
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
