//! Tuples of up to twelve components in programs: as parameters, results, `let` patterns, tuple
//! expressions and fields. A gradient with respect to a tuple comes back as the tuple, and every
//! mode, the term and the staged tape agree with the hand derivatives.

use catad::prelude::*;
use catad::staged::{Sym, compile};
use catad::term::Syn;

/// The programs, written as ordinary Rust.
mod programs {
    use super::*;

    /// `a b + c³`, its components taken by a pattern.
    #[catad::program]
    pub fn triple(v: (f64, f64, f64)) -> f64 {
        let (a, b, c) = v;
        a * b + c.powi(3)
    }

    /// A tuple of three results: `(x y, sin x, y²)`.
    #[catad::program]
    pub fn spread(x: f64, y: f64) -> (f64, f64, f64) {
        (x * y, x.sin(), y * y)
    }

    /// The sum of [`spread`]'s components, destructured from a call.
    #[catad::program]
    pub fn spread_sum(x: f64, y: f64) -> f64 {
        let (p, s, q) = spread(x, y);
        p + s + q
    }

    /// `Σ (i + 1) vᵢ²` over twelve components, read by field.
    #[catad::program]
    pub fn weighted_squares(
        v: (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64),
    ) -> f64 {
        v.0 * v.0
            + 2.0 * v.1 * v.1
            + 3.0 * v.2 * v.2
            + 4.0 * v.3 * v.3
            + 5.0 * v.4 * v.4
            + 6.0 * v.5 * v.5
            + 7.0 * v.6 * v.6
            + 8.0 * v.7 * v.7
            + 9.0 * v.8 * v.8
            + 10.0 * v.9 * v.9
            + 11.0 * v.10 * v.10
            + 12.0 * v.11 * v.11
    }

    /// A tuple of a vector, a pair and a scalar, rebuilt in another order: components of
    /// different types.
    #[catad::program]
    pub fn rotate<S: Scalar>(t: ([S; 2], (S, S), S)) -> (S, [S; 2], (S, S)) {
        let (v, p, s) = t;
        (s * s, v, (p.1, p.0 * s))
    }

    /// The sum of [`rotate`]'s scalars.
    #[catad::program]
    pub fn rotate_sum<S: Scalar>(t: ([S; 2], (S, S), S)) -> S {
        let (s, v, p): (S, [S; 2], (S, S)) = rotate(t);
        s + v.sum() + p.0 + p.1
    }
}

use programs::*;

const TWELVE: (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) = (
    1.0, -2.0, 0.5, 3.0, -1.5, 2.5, 0.25, -0.75, 4.0, -3.5, 1.25, 2.0,
);

#[test]
fn a_gradient_with_respect_to_a_tuple_is_the_tuple() {
    let at = (2.0, 3.0, 0.5);
    assert_eq!(triple::<Fun>().apply(at), 6.125);
    assert_eq!(gradient(&triple::<Reverse>(), at), (3.0, 2.0, 0.75));
    assert_eq!(triple::<Syn>().gradient(at), (3.0, 2.0, 0.75));
    for (i, e) in [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)]
        .into_iter()
        .enumerate()
    {
        let (_, d) = jvp(&triple::<Forward>(), at, e);
        assert_eq!(d, [3.0, 2.0, 0.75][i]);
    }
}

#[test]
fn twelve_components_agree_with_the_hand_gradient_in_every_mode() {
    let v = TWELVE;
    let coords = v.coords();
    let hand: Vec<f64> = (0..12)
        .map(|i| 2.0 * (i as f64 + 1.0) * coords[i])
        .collect();
    let value: f64 = (0..12)
        .map(|i| (i as f64 + 1.0) * coords[i] * coords[i])
        .sum();
    assert_eq!(weighted_squares::<Fun>().apply(v), value);
    let reverse = gradient(&weighted_squares::<Reverse>(), v);
    assert_eq!(reverse.coords(), hand);
    assert_eq!(reverse.11, 48.0);
    assert_eq!(weighted_squares::<Syn>().gradient(v).coords(), hand);
    for (i, e) in v.basis().into_iter().enumerate() {
        let (_, d) = jvp(&weighted_squares::<Forward>(), v, e);
        assert_eq!(d, hand[i], "coordinate {i}");
    }
}

#[test]
fn a_tuple_result_has_the_hand_jacobian() {
    let (x, y) = (0.5, 2.0);
    assert_eq!(spread::<Fun>().apply((x, y)), (1.0, x.sin(), 4.0));
    let hand = [y, x, x.cos(), 0.0, 0.0, 2.0 * y];
    for j in [
        jacobian(&spread::<Reverse>(), (x, y)),
        jacobian(&spread::<Forward>(), (x, y)),
        spread::<Syn>().jacobian((x, y)),
    ] {
        assert_eq!(j.shape(), (3, 2));
        for (k, h) in hand.iter().enumerate() {
            assert!((j[(k / 2, k % 2)] - h).abs() < 1e-15, "{j}");
        }
    }
    let (gx, gy) = gradient(&spread_sum::<Reverse>(), (x, y));
    assert!((gx - (y + x.cos())).abs() < 1e-15);
    assert!((gy - (x + 2.0 * y)).abs() < 1e-15);
}

#[test]
fn tuples_of_vectors_and_pairs_run_staged() {
    let t = ([1.0, 2.0], (3.0, 4.0), 0.5);
    assert_eq!(
        rotate::<Fun, f64>().apply(t),
        (0.25, [1.0, 2.0], (4.0, 1.5))
    );
    // s² + v₀ + v₁ + p₁ + p₀ s: ∂/∂v = (1, 1), ∂/∂p = (s, 1), ∂/∂s = 2s + p₀.
    let hand = ([1.0, 1.0], (0.5, 1.0), 4.0);
    assert_eq!(gradient(&rotate_sum::<Reverse, f64>(), t), hand);
    let staged = compile(&rotate_sum::<Reverse, Sym>());
    assert_eq!(staged.gradient(&t), hand);
}
