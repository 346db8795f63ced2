//! `D`'s numeric primitives (paper Fig. 6, §4.4): each nonlinear primitive is its value and its
//! derivative at a point, a scaling or a join of scalings in `K`.

use super::{D, DMap, constant, derivatives, linear};
use crate::interpretations::fun::{extreme, larger, smaller};
use crate::space::{Additive, Scalar, VecLen};
use crate::vocabulary::{
    Cartesian, CartesianI, Cocartesian, CocartesianI, FloatingCat, FractionalCat, MinMaxCat,
    NumCat, Scalable, dot_with, zero,
};

/// A scalar primitive from its value and the scalar derivative at a point.
fn scalar<K: Scalable<S>, S: Scalar>(f: impl Fn(S) -> (S, S) + 'static) -> DMap<K, S, S> {
    DMap::new(move |a| {
        let (y, dy) = f(a);
        (y, K::scale(dy))
    })
}

/// A binary primitive from its value and partial derivatives at a point: the join of two
/// scalings.
fn binary<K, S>(f: impl Fn(S, S) -> (S, [S; 2]) + 'static) -> DMap<K, (S, S), S>
where
    K: Cocartesian + Scalable<S>,
    S: Scalar,
{
    DMap::new(move |(a, b)| {
        let (y, [da, db]) = f(a, b);
        (y, K::join(K::scale(da), K::scale(db)))
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
        binary(derivatives::mul)
    }
    fn const_c<A: Additive>(s: S) -> DMap<K, A, S> {
        constant(s, zero::<K, A, S>())
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
        scalar(derivatives::recip)
    }
    /// `div = D (λ (a, b) → (a / b, scale (1/b) ▽ scale (-a/b²)))`.
    fn div_c() -> DMap<K, (S, S), S> {
        binary(derivatives::div)
    }
}

impl<K, S> FloatingCat<S> for D<K>
where
    K: Cartesian + Cocartesian + Scalable<S>,
    S: Scalar,
{
    fn sin_c() -> DMap<K, S, S> {
        scalar(derivatives::sin)
    }
    fn cos_c() -> DMap<K, S, S> {
        scalar(derivatives::cos)
    }
    fn exp_c() -> DMap<K, S, S> {
        scalar(derivatives::exp)
    }
    fn ln_c() -> DMap<K, S, S> {
        scalar(derivatives::ln)
    }
    fn sqrt_c() -> DMap<K, S, S> {
        scalar(derivatives::sqrt)
    }
    fn tanh_c() -> DMap<K, S, S> {
        scalar(derivatives::tanh)
    }
    fn powi_c(n: i32) -> DMap<K, S, S> {
        scalar(move |a: S| derivatives::powi(a, n))
    }
    /// `∂/∂x xʸ = y xʸ⁻¹`, `∂/∂y xʸ = xʸ ln x` (taken as 0 where `xʸ = 0`).
    fn powf_c() -> DMap<K, (S, S), S> {
        binary(derivatives::powf)
    }
    fn sinh_c() -> DMap<K, S, S> {
        scalar(derivatives::sinh)
    }
    fn cosh_c() -> DMap<K, S, S> {
        scalar(derivatives::cosh)
    }
    fn log1p_c() -> DMap<K, S, S> {
        scalar(derivatives::log1p)
    }
    fn expm1_c() -> DMap<K, S, S> {
        scalar(derivatives::expm1)
    }
    /// `erf′ x = 2/√π · e^{−x²}`.
    fn erf_c() -> DMap<K, S, S> {
        scalar(derivatives::erf)
    }
    /// `∂ atan2(y, x) = (x dy − y dx) / (x² + y²)`.
    fn atan2_c() -> DMap<K, (S, S), S> {
        binary(derivatives::atan2)
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
        scalar(derivatives::abs)
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

/// The derivative of the extreme `m` of `xs`: the projection on the element equal to `m`, or,
/// where several are, the mean of the elements equal to `m` — `dotWith w` with `w` a share on
/// each of them and 0 elsewhere, one map whatever their number (a projection per tie would
/// cost a vector of `xs`' length each in reverse mode: quadratic in a constant vector's length).
fn ties<K, S>(xs: &[S], m: S) -> <K as crate::vocabulary::Category>::Hom<Vec<S>, S>
where
    K: Cartesian + Cocartesian + Scalable<S> + CartesianI<VecLen> + CocartesianI<VecLen>,
    S: Scalar,
{
    let h = VecLen(xs.len());
    let tied: Vec<bool> = xs.iter().map(|&x| x == m).collect();
    let count = tied.iter().filter(|&&t| t).count();
    if count == 1 {
        return K::ex_at::<S>(h, tied.iter().position(|&t| t).expect("one tie"));
    }
    let share = S::from_f64(1.0 / count.max(1) as f64);
    let weights: Vec<S> = tied
        .into_iter()
        .map(|t| if t { share } else { S::zero() })
        .collect();
    dot_with::<K, VecLen, S>(h, &weights)
}
