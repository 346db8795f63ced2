//! `D`'s numeric primitives (paper Fig. 6, §4.4): each nonlinear primitive is its value and its
//! derivative at a point, a scaling or a join of scalings in `K`.

use super::{D, DMap, linear};
use crate::interpretations::fun::{extreme, larger, smaller};
use crate::space::{Additive, Scalar, VecLen};
use crate::vocabulary::{
    Cartesian, CartesianI, Cocartesian, CocartesianI, FloatingCat, FractionalCat, MinMaxCat,
    NumCat, Scalable, zero,
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
    /// `∂/∂x xʸ = y xʸ⁻¹`, `∂/∂y xʸ = xʸ ln x` (taken as 0 where `xʸ = 0`).
    fn powf_c() -> DMap<K, (S, S), S> {
        DMap::new(|(x, y): (S, S)| {
            let v = x.powf(y);
            let dx = y * x.powf(y - S::from_f64(1.0));
            let dy = if v == S::zero() {
                S::zero()
            } else {
                v * x.ln()
            };
            (v, K::join(K::scale(dx), K::scale(dy)))
        })
    }
    fn sinh_c() -> DMap<K, S, S> {
        scalar(|a: S| (a.sinh(), a.cosh()))
    }
    fn cosh_c() -> DMap<K, S, S> {
        scalar(|a: S| (a.cosh(), a.sinh()))
    }
    fn log1p_c() -> DMap<K, S, S> {
        scalar(|a: S| (a.ln_1p(), S::from_f64(1.0) / (S::from_f64(1.0) + a)))
    }
    fn expm1_c() -> DMap<K, S, S> {
        scalar(|a: S| (a.exp_m1(), a.exp()))
    }
    /// `erf′ x = 2/√π · e^{−x²}`.
    fn erf_c() -> DMap<K, S, S> {
        scalar(|a: S| {
            let two_over_root_pi = S::from_f64(std::f64::consts::FRAC_2_SQRT_PI);
            (a.erf(), two_over_root_pi * (-(a * a)).exp())
        })
    }
    /// `∂ atan2(y, x) = (x dy − y dx) / (x² + y²)`.
    fn atan2_c() -> DMap<K, (S, S), S> {
        DMap::new(|(y, x): (S, S)| {
            let r2 = x * x + y * y;
            (y.atan2(x), K::join(K::scale(x / r2), K::scale(-y / r2)))
        })
    }
}

/// The subgradients stated on [`MinMaxCat`]: `sign x` (0 at 0) for `abs`, the larger argument's
/// derivative for `max` (half each at a tie), the largest element's for `max_v` (shared among
/// ties).
impl<K, S> MinMaxCat<S> for D<K>
where
    K: Cartesian + Cocartesian + Scalable<S> + CartesianI<VecLen> + CocartesianI<VecLen>,
    S: Scalar,
{
    fn abs_c() -> DMap<K, S, S> {
        scalar(|a: S| {
            let sign = if a > S::zero() {
                S::from_f64(1.0)
            } else if a < S::zero() {
                S::from_f64(-1.0)
            } else {
                S::zero()
            };
            (a.abs(), sign)
        })
    }
    fn max_c() -> DMap<K, (S, S), S> {
        DMap::new(|(a, b): (S, S)| (larger(a, b), pick::<K, S>(a, b)))
    }
    fn min_c() -> DMap<K, (S, S), S> {
        DMap::new(|(a, b): (S, S)| (smaller(a, b), pick::<K, S>(b, a)))
    }
    fn max_v() -> DMap<K, Vec<S>, S> {
        DMap::new(|xs: Vec<S>| {
            let m = extreme("max_v", &xs, larger);
            (m, ties::<K, S>(&xs, m))
        })
    }
    fn min_v() -> DMap<K, Vec<S>, S> {
        DMap::new(|xs: Vec<S>| {
            let m = extreme("min_v", &xs, smaller);
            (m, ties::<K, S>(&xs, m))
        })
    }
}

/// The derivative of the choice of `a` over `b` (`a` wins where it is larger): `1 ▽ 0`, `0 ▽ 1`,
/// or `½ ▽ ½` at a tie.
fn pick<K: Cocartesian + Scalable<S>, S: Scalar>(
    a: S,
    b: S,
) -> <K as crate::vocabulary::Category>::Hom<(S, S), S> {
    let (one, half, none) = (S::from_f64(1.0), S::from_f64(0.5), S::zero());
    let (da, db) = if a > b {
        (one, none)
    } else if b > a {
        (none, one)
    } else {
        (half, half)
    };
    K::join(K::scale(da), K::scale(db))
}

/// The derivative of the extreme `m` of `xs`: the mean of the projections on the elements equal
/// to `m`.
fn ties<K, S>(xs: &[S], m: S) -> <K as crate::vocabulary::Category>::Hom<Vec<S>, S>
where
    K: Cartesian + Cocartesian + Scalable<S> + CartesianI<VecLen> + CocartesianI<VecLen>,
    S: Scalar,
{
    let h = VecLen(xs.len());
    let at: Vec<usize> = (0..xs.len()).filter(|&i| xs[i] == m).collect();
    let share = S::from_f64(1.0 / at.len().max(1) as f64);
    if let [i] = at[..] {
        return K::ex_at::<S>(h, i);
    }
    let k = VecLen(at.len());
    let projections = at.iter().map(|&i| K::ex_at::<S>(h, i)).collect();
    let total = K::compose(K::jam_i(k), K::fork_i(k, projections));
    K::compose(K::scale(share), total)
}
