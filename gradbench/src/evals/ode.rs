//! `ode`: cmpad's `an_ode`, the system `y₀' = x₀`, `yᵢ' = xᵢ yᵢ₋₁` from `y(0) = 0` to `t = 2`,
//! integrated by `s` steps of the classical Runge–Kutta method, as GradBench's `ode.hpp` does it.
//! `gradient` is the gradient of the last element of `y(2)` with respect to `x`.
//!
//! The vectors are `DVector`s and each step is whole-vector algebra from [`catad::linalg`]
//! (`x ⊙ (shift y + e₀)`, `y + c k`), each one primitive with its derivative, not one per element;
//! the `s` steps are a run-time loop ([`Loops::iterate`]), so one program serves every `n` and
//! `s`. `#[catad::program]` does not take `DVector` parameters, so the program is written in the
//! categorical vocabulary directly. The gradient is catad's [`vjp`] in [`Reverse`] mode with the
//! cotangent `eₙ₋₁` (the last element's gradient), through a checkpointed step: reverse mode keeps
//! each step's input, not its intermediate vectors, and linearizes the step again on the way back.

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::linalg;
use catad::prelude::*;
use nalgebra::DVector;
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

type V = DVector<f64>;

/// The coefficients `x` and the vector `e₀ = (1, 0, …, 0)` of their length.
type Coefficients = (V, V);

/// The context of a step: the coefficients, the step `h` and the state `y`.
type Step = ((Coefficients, f64), V);

/// A step's context after its first stage binds `k₁`; the next ones bind `k₂`, `k₃`, `k₄`.
type Stage1 = (Step, V);
/// The context with `k₁`, `k₂`.
type Stage2 = (Stage1, V);
/// The context with `k₁`, `k₂`, `k₃`.
type Stage3 = (Stage2, V);
/// The context with `k₁` … `k₄`.
type Stage4 = (Stage3, V);

/// `body ∘ (id △ value)`: `value` computed once and handed to `body` beside the context.
fn bind<K: Cartesian, G: Additive, T: Additive, R: Additive>(
    value: Hom<K, G, T>,
    body: Hom<K, (G, T), R>,
) -> Hom<K, G, R> {
    K::compose::<G, (G, T), R>(body, K::fork::<G, G, T>(K::id::<G>(), value))
}

/// `op ∘ (a △ b)`, a binary operation on two vectors of the context `G`.
fn vector_op<K: Program<f64>, G: Additive, A: Additive>(
    op: Hom<K, (A, V), V>,
    a: Hom<K, G, A>,
    b: Hom<K, G, V>,
) -> Hom<K, G, V> {
    K::compose::<G, (A, V), V>(op, K::fork::<G, A, V>(a, b))
}

/// `a + b`.
fn add<K: Program<f64>, G: Additive>(a: Hom<K, G, V>, b: Hom<K, G, V>) -> Hom<K, G, V> {
    vector_op::<K, G, V>(linalg::add::<K, f64>(), a, b)
}

/// `c · v`.
fn scale<K: Program<f64>, G: Additive>(c: Hom<K, G, f64>, v: Hom<K, G, V>) -> Hom<K, G, V> {
    vector_op::<K, G, f64>(linalg::scale::<K, f64>(), c, v)
}

/// The constant `c`.
fn constant<K: Program<f64>, G: Additive>(c: f64) -> Hom<K, G, f64> {
    K::const_c::<G>(c)
}

/// `f ∘ at`: what `f` reads from a step's context, read where `at` finds that context.
fn read<K: Program<f64>, G: Additive, R: Additive>(
    f: Hom<K, Step, R>,
    at: &Hom<K, G, Step>,
) -> Hom<K, G, R> {
    K::compose::<G, Step, R>(f, at.clone())
}

/// The right-hand side `z = x ⊙ (shift y + e₀)`: `z₀ = x₀`, `zᵢ = xᵢ yᵢ₋₁`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ode::rhs;
/// use nalgebra::DVector;
/// let (x, e0) = (DVector::from_vec(vec![2.0, 3.0, 4.0]), DVector::from_vec(vec![1.0, 0.0, 0.0]));
/// let z = rhs::<Fun>().apply(((x, e0), DVector::from_vec(vec![5.0, 6.0, 7.0])));
/// assert_eq!(z, DVector::from_vec(vec![2.0, 15.0, 24.0]));
/// ```
pub fn rhs<K: Program<f64>>() -> Hom<K, (Coefficients, V), V> {
    type G = (Coefficients, V);
    let x = K::compose::<G, Coefficients, V>(K::exl::<V, V>(), K::exl::<Coefficients, V>());
    let e0 = K::compose::<G, Coefficients, V>(K::exr::<V, V>(), K::exl::<Coefficients, V>());
    let shifted = K::compose::<G, V, V>(linalg::shift::<K, f64>(), K::exr::<Coefficients, V>());
    vector_op::<K, G, V>(linalg::hadamard::<K, f64>(), x, add::<K, G>(shifted, e0))
}

/// `c · h`, `h` read from the step's context.
fn times_h<K: Program<f64>, G: Additive>(c: f64, at: &Hom<K, G, Step>) -> Hom<K, G, f64> {
    let h = K::compose::<Step, (Coefficients, f64), f64>(
        K::exr::<Coefficients, f64>(),
        K::exl::<(Coefficients, f64), V>(),
    );
    K::compose::<G, (f64, f64), f64>(
        K::mul_c(),
        K::fork::<G, f64, f64>(constant::<K, G>(c), read::<K, G, f64>(h, at)),
    )
}

/// `f(y + c · k)`, the coefficients and `y` read from the step's context.
fn stage<K: Program<f64>, G: Additive>(
    at: &Hom<K, G, Step>,
    c: Hom<K, G, f64>,
    k: Hom<K, G, V>,
) -> Hom<K, G, V> {
    let y = read::<K, G, V>(K::exr::<(Coefficients, f64), V>(), at);
    rhs_at::<K, G>(at, add::<K, G>(scale::<K, G>(c, k), y))
}

/// `f(y)`, the coefficients read from the step's context.
fn rhs_at<K: Program<f64>, G: Additive>(at: &Hom<K, G, Step>, y: Hom<K, G, V>) -> Hom<K, G, V> {
    let coefficients = K::compose::<Step, (Coefficients, f64), Coefficients>(
        K::exl::<Coefficients, f64>(),
        K::exl::<(Coefficients, f64), V>(),
    );
    K::compose::<G, (Coefficients, V), V>(
        rhs::<K>(),
        K::fork::<G, Coefficients, V>(read::<K, G, Coefficients>(coefficients, at), y),
    )
}

/// One step of the classical Runge–Kutta method, of `(((x, e₀), h), y)`:
/// `k₁ = f(y)`, `k₂ = f(y + h/2 k₁)`, `k₃ = f(y + h/2 k₂)`, `k₄ = f(y + h k₃)`,
/// `y + h/6 (k₁ + 2 k₂ + 2 k₃ + k₄)`. Each `kᵢ` is computed once and bound in the context.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ode::rk4_step;
/// use nalgebra::DVector;
/// // y₀' = x₀ = 3 from y₀ = 1: one step of 0.5 reaches 2.5.
/// let x = (DVector::from_vec(vec![3.0]), DVector::from_vec(vec![1.0]));
/// let y = rk4_step::<Fun>().apply(((x, 0.5), DVector::from_vec(vec![1.0])));
/// assert_eq!(y, DVector::from_vec(vec![2.5]));
/// ```
pub fn rk4_step<K: Program<f64>>() -> Hom<K, Step, V> {
    // The step's context, read in each stage's.
    let at0 = K::id::<Step>();
    let at1 = K::exl::<Step, V>();
    let at2 = K::compose::<Stage2, Stage1, Step>(at1.clone(), K::exl::<Stage1, V>());
    let at3 = K::compose::<Stage3, Stage2, Step>(at2.clone(), K::exl::<Stage2, V>());
    let k1 = rhs_at::<K, Step>(&at0, K::exr::<(Coefficients, f64), V>());
    let k2 = stage::<K, Stage1>(&at1, times_h::<K, Stage1>(0.5, &at1), K::exr::<Step, V>());
    let k3 = stage::<K, Stage2>(&at2, times_h::<K, Stage2>(0.5, &at2), K::exr::<Stage1, V>());
    let k4 = stage::<K, Stage3>(&at3, times_h::<K, Stage3>(1.0, &at3), K::exr::<Stage2, V>());
    // In ((((step, k₁), k₂), k₃), k₄): y + h/6 (k₁ + 2 k₂ + 2 k₃ + k₄).
    let to3 = K::exl::<Stage3, V>();
    let to2 = K::compose::<Stage4, Stage3, Stage2>(K::exl::<Stage2, V>(), to3.clone());
    let to1 = K::compose::<Stage4, Stage2, Stage1>(K::exl::<Stage1, V>(), to2.clone());
    let at4 = K::compose::<Stage4, Stage1, Step>(K::exl::<Step, V>(), to1.clone());
    let k1_ = K::compose::<Stage4, Stage1, V>(K::exr::<Step, V>(), to1);
    let k2_ = K::compose::<Stage4, Stage2, V>(K::exr::<Stage1, V>(), to2);
    let k3_ = K::compose::<Stage4, Stage3, V>(K::exr::<Stage2, V>(), to3);
    let k4_ = K::exr::<Stage3, V>();
    let two = || constant::<K, Stage4>(2.0);
    let sum = add::<K, Stage4>(
        add::<K, Stage4>(k1_, scale::<K, Stage4>(two(), k2_)),
        add::<K, Stage4>(scale::<K, Stage4>(two(), k3_), k4_),
    );
    let y = read::<K, Stage4, V>(K::exr::<(Coefficients, f64), V>(), &at4);
    let next = add::<K, Stage4>(
        scale::<K, Stage4>(times_h::<K, Stage4>(1.0 / 6.0, &at4), sum),
        y,
    );
    bind::<K, Step, V, V>(
        k1,
        bind::<K, Stage1, V, V>(
            k2,
            bind::<K, Stage2, V, V>(k3, bind::<K, Stage3, V, V>(k4, next)),
        ),
    )
}

/// `y(2)` for the coefficients `x`, after `s` Runge–Kutta steps from `y(0) = 0`, for any length
/// of `x` and any `s` (the steps are a run-time loop).
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ode::ode;
/// use nalgebra::DVector;
/// // y₀ = 2 x₀ exactly; y₁ = x₁ x₀ t²/2 = 2 x₀ x₁, exact for Runge–Kutta (a polynomial of degree 2).
/// let y = ode::<Fun>().apply((DVector::from_vec(vec![0.5, 3.0]), 4));
/// assert!((y[0] - 1.0).abs() < 1e-12 && (y[1] - 3.0).abs() < 1e-12);
/// ```
pub fn ode<K: Program<f64>>() -> Hom<K, (V, usize), V> {
    type G = (V, usize);
    let x = || K::exl::<V, usize>();
    let steps = || K::exr::<V, usize>();
    let of_x = |f: Hom<K, V, V>| K::compose::<G, V, V>(f, x());
    let ones = || of_x(linalg::map::<K, f64>("one", |_| 1.0, |_| 0.0));
    let zeros = of_x(linalg::map::<K, f64>("zero", |_| 0.0, |_| 0.0));
    // e₀ = 1 − shift 1 = (1, 0, …, 0), of x's length.
    let e0 = vector_op::<K, G, V>(
        linalg::sub::<K, f64>(),
        ones(),
        K::compose::<G, V, V>(linalg::shift::<K, f64>(), ones()),
    );
    let h = K::compose::<G, (f64, f64), f64>(
        K::div_c(),
        K::fork::<G, f64, f64>(
            constant::<K, G>(2.0),
            K::compose::<G, usize, f64>(K::ix_to_scalar::<f64>(), steps()),
        ),
    );
    let context = K::fork::<G, Coefficients, f64>(K::fork::<G, V, V>(x(), e0), h);
    K::compose::<G, ((Coefficients, f64), (V, usize)), V>(
        K::iterate::<(Coefficients, f64), V>(K::checkpoint::<Step, V>(rk4_step::<K>())),
        K::fork::<G, (Coefficients, f64), (V, usize)>(
            context,
            K::fork::<G, V, usize>(zeros, steps()),
        ),
    )
}

/// The eval's input: the coefficients and the number of steps.
#[derive(Debug, Deserialize)]
struct Input {
    x: Vec<f64>,
    s: usize,
}

/// `primal` (`y(2)`) or `gradient` (the gradient of its last element with respect to `x`, by
/// [`vjp`] in [`Reverse`] mode) at `input`. The program is built once per evaluation, before the
/// timed runs.
///
/// ```
/// use catad_gradbench::evals::ode;
/// let input = serde_json::json!({"x": [0.5, 3.0], "s": 4});
/// let y = ode::evaluate("primal", input.clone()).unwrap().output;
/// assert!((y[1].as_f64().unwrap() - 3.0).abs() < 1e-12);
/// // ∂y₁/∂x = (2 x₁, 2 x₀)
/// let g = ode::evaluate("gradient", input).unwrap().output;
/// assert!((g[0].as_f64().unwrap() - 6.0).abs() < 1e-12 && (g[1].as_f64().unwrap() - 1.0).abs() < 1e-12);
/// assert!(ode::evaluate("gradient", serde_json::json!({"x": [], "s": 1})).is_err());
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let Input { x, s } = parse("ode", input)?;
    if x.is_empty() {
        return Err("ode: x is empty, so y has no last element".to_string());
    }
    let n = x.len();
    let x = V::from_vec(x);
    let start = Instant::now();
    match function {
        "primal" => {
            let f = ode::<Fun>();
            measure(runs, start.elapsed(), || {
                f.apply((x.clone(), s)).as_slice().to_vec()
            })
        }
        "gradient" => {
            let f = ode::<Reverse>();
            let last = V::from_fn(n, |i, _| if i + 1 == n { 1.0 } else { 0.0 });
            measure(runs, start.elapsed(), || {
                let (_, (dx, _)) = vjp(&f, (x.clone(), s), last.clone());
                dx.as_slice().to_vec()
            })
        }
        _ => Err(no_function("ode", function)),
    }
}
