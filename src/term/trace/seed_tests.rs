//! The seeds' remaining examples as ordinary Rust, traced and checked in every mode: Krawiec et
//! al.'s quaternion rotation (their Fig. 12), Siskind's rational agent and double agent,
//! maximum likelihood, and the Knossos notes' example procedures (their Fig. 22). Where a seed
//! leaves constants open, the test says which it chose, and why the answer is what it is.

use super::tests::{close, every_mode_gradient, every_mode_jacobian, t};
use super::{Traced, argmax, gradient_descent, root};
use crate::space::{HasRep, Scalar};
use crate::term::Term;
use nalgebra::DMatrix;
use std::ops::Add;

/// Krawiec et al.'s `vec3`, generic in the scalar.
#[derive(Clone, Copy, Debug, PartialEq, HasRep)]
struct Vec3<S> {
    x: S,
    y: S,
    z: S,
}

/// Krawiec et al.'s `quaternion`: `(x, y, z)` its vector part, `w` its scalar part.
#[derive(Clone, Copy, Debug, PartialEq, HasRep)]
struct Quaternion<S> {
    x: S,
    y: S,
    z: S,
    w: S,
}

/// Their `(++)`, vector addition, as Rust's `+`.
impl<S: Scalar> Add for Vec3<S> {
    type Output = Vec3<S>;
    fn add(self, q: Vec3<S>) -> Vec3<S> {
        Vec3 {
            x: self.x + q.x,
            y: self.y + q.y,
            z: self.z + q.z,
        }
    }
}

impl<S: Scalar> Vec3<S> {
    fn dot(self, q: Vec3<S>) -> S {
        self.x * q.x + self.y * q.y + self.z * q.z
    }

    fn scale(self, k: S) -> Vec3<S> {
        Vec3 {
            x: k * self.x,
            y: k * self.y,
            z: k * self.z,
        }
    }

    fn cross(self, b: Vec3<S>) -> Vec3<S> {
        Vec3 {
            x: self.y * b.z - self.z * b.y,
            y: self.z * b.x - self.x * b.z,
            z: self.x * b.y - self.y * b.x,
        }
    }
}

/// Their `rotate_vec_by_quat`, line for line: `2(u·v)u + (s² − u·u)v + 2s(u × v)`.
fn rotate_vec_by_quat<S: Scalar>(v: Vec3<S>, q: Quaternion<S>) -> Vec3<S> {
    let u = Vec3 {
        x: q.x,
        y: q.y,
        z: q.z,
    };
    let s = q.w;
    u.scale(S::from_f64(2.0) * u.dot(v))
        + v.scale(s * s - u.dot(u))
        + u.cross(v).scale(S::from_f64(2.0) * s)
}

fn quaternion(x: f64, y: f64, z: f64, w: f64) -> Quaternion<f64> {
    Quaternion { x, y, z, w }
}

fn vec3(x: f64, y: f64, z: f64) -> Vec3<f64> {
    Vec3 { x, y, z }
}

#[test]
fn quaternion_rotate_vec_by_quat_krawiec_fig_12() {
    // What their Fig. 12 differentiates: q, v ↦ (rotate_vec_by_quat v q).x, its seven
    // derivative entries (qx, qy, qz, qw, vx, vy, vz). Their figure gives the Delta, not the
    // numbers; these are its closed form (∂/∂qx = 2 u·v, ∂/∂vx = 2ux² + s² − u·u, …).
    let x_part =
        Term::<(Quaternion<f64>, Vec3<f64>), f64>::trace(|(q, v)| rotate_vec_by_quat(v, q).x);
    let paper = (quaternion(1.1, 2.2, 3.3, 4.4), vec3(5.5, 6.6, 7.7));
    let entries = (
        quaternion(91.96, 58.08, -77.44, 38.72),
        vec3(4.84, -24.2, 26.62),
    );
    every_mode_gradient(&x_part, paper, 71.874, entries);
    // The same point scaled to integers (degree 2 in q, 1 in v): exact.
    let at = (quaternion(1.0, 2.0, 3.0, 4.0), vec3(5.0, 6.0, 7.0));
    let entries = (quaternion(76.0, 48.0, -64.0, 32.0), vec3(4.0, -20.0, 22.0));
    every_mode_gradient(&x_part, at, 54.0, entries);
    // The whole rotation by a unit quaternion, 120° about (1, 1, 1): x ↦ y, and its Jacobian,
    // whose v-block is the rotation matrix.
    let rotate =
        Term::<(Quaternion<f64>, Vec3<f64>), Vec3<f64>>::trace(|(q, v)| rotate_vec_by_quat(v, q));
    let at = (quaternion(0.5, 0.5, 0.5, 0.5), vec3(1.0, 0.0, 0.0));
    assert_eq!(rotate.apply(at), vec3(0.0, 1.0, 0.0));
    #[rustfmt::skip]
    let jacobian = DMatrix::from_row_slice(3, 7, &[
        1.0, -1.0, -1.0,  1.0, 0.0, 0.0, 1.0,
        1.0,  1.0,  1.0,  1.0, 1.0, 0.0, 0.0,
        1.0, -1.0,  1.0, -1.0, 0.0, 1.0, 0.0,
    ]);
    every_mode_jacobian(&rotate, at, &jacobian);
}

/// How near a Newton solve ends.
const EPS: f64 = 1e-12;

/// `y ↦ x` with `p(x) = y`: the inverse of `p`, a function made from a function (Siskind's
/// `f⁻¹ y = Root (λx |f x − y|) x₀ ε`, without the `|·|`, whose Newton steps are the same but
/// which has no derivative at the root itself).
fn inverse(p: impl Fn(Traced) -> Traced) -> impl Fn(Traced) -> Traced {
    move |y| root(|x| p(x) - y, t(0.0), EPS)
}

/// The perception of the agents below: `s³ + s`, increasing, so that it has an inverse.
fn perceive(s: Traced) -> Traced {
    s * s * s + s
}

/// A reward for observing what `target` is perceived as: `−(o − p(target))²`.
fn reward(target: f64) -> impl Fn(Traced) -> Traced {
    move |o| {
        let miss = o - perceive(t(target));
        -(miss * miss)
    }
}

/// Siskind's `AGENT w p r o = Argmax (λa. r (p (w (p⁻¹ o) a))) a₀ ε`: the action an agent takes
/// from its observation `o`, inverting its perception to estimate the state.
fn agent(
    world: impl Fn(Traced, Traced) -> Traced,
    perception: impl Fn(Traced) -> Traced + Copy,
    reward: impl Fn(Traced) -> Traced,
    o: Traced,
) -> Traced {
    let state = inverse(perception)(o);
    argmax(|a| reward(perception(world(state, a))), t(0.0), EPS)
}

#[test]
fn rational_agent_inverts_its_perception_and_chooses_by_argmax() {
    // The slides leave w, p and r open; ours: w(s, a) = s + a, p(s) = s³ + s, a reward for
    // perceiving the state 2. The agent infers ŝ = p⁻¹(o) and moves to 2: a* = 2 − p⁻¹(o), and
    // da*/do = −1 / p′(ŝ) = −1 / (3ŝ² + 1). At o = 2 (ŝ = 1) that is 1 and −1/4; at o = 10
    // (ŝ = 2) it is 0 — the start a₀ = 0 itself — and −1/13.
    let action = Term::<f64, f64>::trace(|o| agent(|s, a| s + a, perceive, reward(2.0), o));
    every_mode_gradient(&action, 2.0, 1.0, -0.25);
    every_mode_gradient(&action, 10.0, 0.0, -1.0 / 13.0);
}

/// Siskind's `DoubleAgent`: agent A acts, modelling agent B, who answers A's action by the
/// rational agent's reasoning in A's model of B's world (`w_AB`), perception and reward; A's
/// action maximises A's reward of the state after both.
fn double_agent(o: Traced) -> Traced {
    let world_a = |s: Traced, a: Traced| s + a;
    // A believes B overrates its own action (with w_AB = w_A, B would undo any a, and A's
    // objective would be flat).
    let world_ab = |s: Traced, a: Traced| s + 2.0 * a;
    let state = inverse(perceive)(o);
    let outcome = |a: Traced| {
        let moved = world_a(state, a);
        let answer = agent(world_ab, perceive, reward(0.0), perceive(moved));
        reward(3.0)(perceive(world_a(moved, answer)))
    };
    argmax(outcome, t(0.0), EPS)
}

#[test]
fn rational_agent_double_agent_models_the_other_agent() {
    // B answers a by a′ = (0 − s₁)/2, s₁ = ŝ + a, so the state after both is s₁/2, and A
    // reaches its target 3 with a* = 6 − ŝ: at o = 2 (ŝ = 1) a* = 5 (B answers −3), and
    // da*/do = −1 / p′(ŝ) = −1/4, through the outer argmax, B's argmax inside it, and the
    // three inversions.
    let action = Term::<f64, f64>::trace(double_agent);
    every_mode_gradient(&action, 2.0, 5.0, -0.25);
}

#[test]
fn maximum_likelihood_by_gradient_ascent_and_argmax() {
    // A Bernoulli sample x ∈ {0, 1}⁴, its likelihood the product ∏ p^xᵢ (1 − p)^(1 − xᵢ) as the
    // slides write it, maximised by Newton on its derivative: p̂ = mean x, dp̂/dxᵢ = 1/4.
    let bernoulli = Term::<[f64; 4], f64>::trace(|xs| {
        let likelihood = |p: Traced| {
            xs.iter()
                .map(|&x| p.powf(x) * (1.0 - p).powf(1.0 - x))
                .fold(t(1.0), |l, px| l * px)
        };
        argmax(likelihood, t(0.6), EPS)
    });
    every_mode_gradient(&bernoulli, [1.0, 1.0, 0.0, 1.0], 0.75, [0.25; 4]);
    // A Gaussian sample's (μ, σ) by gradient ascent on the log-likelihood (the product's
    // gradient is its own times the log's, too small for a first step of 1): μ̂ = 3,
    // σ̂ = √3.5 for the data [1, 2, 3, 6], and the estimates move with the data as dμ̂/dxᵢ = 1/4,
    // dσ̂/dxᵢ = (xᵢ − μ̂) / (4σ̂). Met to the line search's accuracy (about 1e-8); every mode
    // agrees with the term's own reverse derivative to rounding.
    let estimate = |pick: fn((Traced, Traced)) -> Traced| {
        Term::<[f64; 4], f64>::trace(move |xs| {
            let minus_log_likelihood = |(mu, sigma): (Traced, Traced)| {
                let squares = xs
                    .iter()
                    .map(|&x| (x - mu) * (x - mu))
                    .fold(t(0.0), |a, b| a + b);
                4.0 * sigma.ln() + squares / (2.0 * sigma * sigma)
            };
            pick(gradient_descent(
                minus_log_likelihood,
                (t(2.5), t(2.0)),
                1e-10,
            ))
        })
    };
    let data = [1.0, 2.0, 3.0, 6.0];
    let sigma = 3.5_f64.sqrt();
    for (term, value, grad) in [
        (estimate(|(mu, _)| mu), 3.0, [0.25; 4]),
        (
            estimate(|(_, sigma)| sigma),
            sigma,
            data.map(|x| (x - 3.0) / (4.0 * sigma)),
        ),
    ] {
        let (got, slope) = (term.apply(data), term.gradient(data));
        assert!((got - value).abs() < 1e-7, "{got} vs {value}");
        assert!(
            slope.iter().zip(&grad).all(|(a, b)| (a - b).abs() < 1e-6),
            "{slope:?} vs {grad:?}"
        );
        every_mode_gradient(&term, data, got, slope);
    }
}

#[test]
fn knossos_fig_22_example_procedures() {
    // "y = 5 + 6": a term of no input.
    let constant = Term::<(), f64>::trace(|()| t(5.0) + t(6.0));
    assert_eq!((constant.apply(()), constant.gradient(())), (11.0, ()));
    // "(x, y) = (r cos θ, r sin θ)": its Jacobian [[cos θ, −r sin θ], [sin θ, r cos θ]].
    let polar =
        Term::<(f64, f64), (f64, f64)>::trace(|(r, theta)| (r * theta.cos(), r * theta.sin()));
    for (r, theta) in [(2.0_f64, 0.0_f64), (2.0, 0.5)] {
        let (c, s) = (theta.cos(), theta.sin());
        let jacobian = DMatrix::from_row_slice(2, 2, &[c, -r * s, s, r * c]);
        every_mode_jacobian(&polar, (r, theta), &jacobian);
    }
    // "r = x² + sin xy + 1": its gradient (2x + y cos xy, x cos xy).
    let r = Term::<(f64, f64), f64>::trace(|(x, y)| x * x + (x * y).sin() + 1.0);
    for (x, y) in [
        (1.0_f64, 0.0_f64),
        (2.0, 0.0),
        (1.0, std::f64::consts::PI),
        (0.5, 2.0),
    ] {
        let c = (x * y).cos();
        every_mode_gradient(
            &r,
            (x, y),
            x * x + (x * y).sin() + 1.0,
            (2.0 * x + y * c, x * c),
        );
    }
}

#[test]
fn knossos_2019_f2_and_krawiec_sharing() {
    // The 2019 notes' `f2 x = let y = x·x; z = x + y in y·z` = x³ + x⁴: its derivative is
    // 3x² + 4x³ (44 at 2), where the notes print 4x² + 4x³ for the optimised one (48 at 2).
    let f2 = Term::<f64, f64>::trace(|x| {
        let y = x * x;
        let z = x + y;
        y * z
    });
    for x in [1.0_f64, 2.0, 3.0] {
        every_mode_gradient(&f2, x, x.powi(3) + x.powi(4), 3.0 * x * x + 4.0 * x.powi(3));
    }
    // Krawiec et al.'s `let x₁ = x + x in let x₂ = x₁ + x₁ in … xₙ + xₙ`: sixty doublings,
    // derivative 2⁶¹, and a term and a derivative of sixty-odd nodes, not 2⁶⁰.
    let doubled = Term::<f64, f64>::trace(|x| (0..60).fold(x, |x, _| x + x));
    every_mode_gradient(&doubled, 1.5, 1.5 * 2f64.powi(60), 2f64.powi(60));
    assert!(doubled.graph().nodes().len() <= 60);
    assert!(doubled.reverse().graph().nodes().len() <= 4 * 60);
    assert!(close(doubled.gradient(1.0), 2f64.powi(60)));
}
