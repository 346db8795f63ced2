//! Programs generic in their scalar, `#[catad::program] fn f<S: Scalar>(…)`: over `f64` they agree
//! with the hand-written `catad::paper` programs in `Fun`, `Forward` and `Reverse`, and over the
//! symbolic scalar `Sym` they are staged (`catad::staged::compile`), the tape's vjp and Jacobian
//! equal to the direct `f64` ones.

use crate::macro_support::close;
use catad::interpretations::{AddFun, DMap, Dual};
use catad::paper;
use catad::prelude::*;
use catad::space::{Data, Rescale};
use catad::staged::{Sym, Value, compile};
use std::f64::consts::PI;

/// The paper's `magSqr`, generic in its scalar.
#[catad::program]
fn mag_sqr<S: Scalar>(a: S, b: S) -> S {
    a * a + b * b
}

/// The paper's `cosSinProd`.
#[catad::program]
fn cos_sin_prod<S: catad::space::Scalar>(x: S, y: S) -> (S, S) {
    let z = x * y;
    (z.cos(), z.sin())
}

/// λ (x, y, z) → cos (x + y · z), the paper's Fig. 12 over the tuple of its parameters.
#[catad::program]
fn cos_xyz<T: Scalar>(x: T, y: T, z: T) -> T {
    (x + y * z).cos()
}

/// Literals, a constant, elementary functions, a conditional.
#[catad::program]
fn bump<S: Scalar>(x: S, y: S) -> S {
    let r = x * x + 2.0 * y;
    if r > 1.0 && x < 3.5 {
        r.sqrt() - (-x).exp() / PI
    } else {
        0.5 * r.powi(3) + y.sin().max(x.tanh())
    }
}

/// `sqr`, called by the programs below.
#[catad::program]
fn sqr<S: Scalar>(x: S) -> S {
    x * x
}

/// `magSqr` as the paper writes it, `sqr a + sqr b`: a generic program calls generic programs.
#[catad::program]
fn mag_sqr_by_calls<S: Scalar>(a: S, b: S) -> S {
    sqr(a) + sqr(b)
}

/// A program over `f64` calls generic programs: their scalar is inferred.
#[catad::program]
fn cos_xyz_sqr(x: f64, y: f64, z: f64) -> f64 {
    sqr(cos_xyz(x, y, z))
}

/// And so does a program over `f32`.
#[catad::program]
fn sqr_f32(x: f32) -> f32 {
    sqr(x)
}

/// ‖v − c‖², by `zip_with`, `map` and `sum` on arrays.
#[catad::program]
fn dist_sqr<S: Scalar>(v: [S; 3], c: [S; 3]) -> S {
    v.zip_with(c, |x, y| x - y).map(|d| d * d).sum()
}

/// The softmax-weighted mean of `v`: a closure that captures `beta`, `dot`, a call by `map`.
#[catad::program]
fn soft_mean<S: Scalar>(v: [S; 3], beta: S) -> S {
    let w = v.map(|x| (beta * x).exp());
    w.dot(v.map(sqr)) / w.sum()
}

/// Σ i·xᵢ², by a loop over a `Vec`; its maximum and Σ sin xᵢ, by iterator chains.
#[catad::program]
fn weighted<S: Scalar>(xs: Vec<S>) -> S {
    let mut total = 0.0;
    for i in 0..xs.len() {
        total += (i as S) * xs[i] * xs[i];
    }
    let top = xs.iter().fold(S::NEG_INFINITY, S::max);
    total + xs.iter().map(|x| x.sin()).sum::<S>() + S::max(top, 0.5)
}

/// The mean squared error of `a x` on data: `#[data]` parameters of the scalar type.
#[catad::program]
fn mse<S: Scalar>(a: S, #[data] xs: Vec<S>, #[data] ys: Vec<S>) -> S {
    let total = xs
        .iter()
        .zip(&ys)
        .map(|(x, y)| (a * x - y).powi(2))
        .sum::<S>();
    total / (xs.len() as S)
}

/// A checkpoint, called in a loop.
#[catad::program(checkpoint)]
fn step<S: Scalar>(a: S, y: S) -> S {
    let z = (a * y).sin();
    y + z * z
}

#[catad::program]
fn run<S: Scalar>(a: S, y: S) -> S {
    let mut y = y;
    for _ in 0..3 {
        y = step(a, y);
    }
    y
}

fn bump_f64(x: f64, y: f64) -> f64 {
    let r = x * x + 2.0 * y;
    if r > 1.0 && x < 3.5 {
        r.sqrt() - (-x).exp() / PI
    } else {
        0.5 * r.powi(3) + y.sin().max(x.tanh())
    }
}

fn assert_close<V: Space<f64>>(what: &str, a: &V, b: &V) {
    assert!(close(&a.coords(), &b.coords()), "{what}: {a:?} vs {b:?}");
}

/// Two programs, one by the macro, one by hand (or the same program), agree at `a` in value,
/// jvp along every basis vector (Forward) and vjp along `db` (Reverse).
fn agree<A: Space<f64>, B: Space<f64>>(
    by_macro: (Hom<Fun, A, B>, Hom<Forward, A, B>, Hom<Reverse, A, B>),
    by_hand: (Hom<Fun, A, B>, Hom<Forward, A, B>, Hom<Reverse, A, B>),
    a: &A,
    db: &B,
) {
    assert_close(
        "Fun",
        &by_macro.0.apply(a.clone()),
        &by_hand.0.apply(a.clone()),
    );
    for da in a.basis() {
        let (m, h) = (
            jvp(&by_macro.1, a.clone(), da.clone()),
            jvp(&by_hand.1, a.clone(), da),
        );
        assert_close("Forward value", &m.0, &h.0);
        assert_close("Forward jvp", &m.1, &h.1);
    }
    let (m, h) = (
        vjp(&by_macro.2, a.clone(), db.clone()),
        vjp(&by_hand.2, a.clone(), db.clone()),
    );
    assert_close("Reverse value", &m.0, &h.0);
    assert_close("Reverse vjp", &m.1, &h.1);
}

/// The program recorded over `Sym` in reverse mode and compiled to a tape has the vjp along `db`
/// and the Jacobian of the program run directly over `f64`, at every point.
fn staged_agrees<A, B>(
    staged: &DMap<Dual<AddFun>, A, B>,
    direct: &Hom<Reverse, Value<A>, Value<B>>,
    points: &[Value<A>],
    db: &Value<B>,
) where
    A: Rescale<Sym>,
    B: Rescale<Sym>,
    Value<A>: Rescale<f64, Over<Sym> = A, Over<f64> = Value<A>> + Space<f64>,
    Value<B>: Rescale<f64, Over<Sym> = B, Over<f64> = Value<B>> + Space<f64>,
{
    let compiled = compile(staged);
    for a in points {
        let (y, dx) = compiled.vjp(a, db);
        let (y_direct, dx_direct) = vjp(direct, a.clone(), db.clone());
        assert_close("staged value", &y, &y_direct);
        assert_close("staged vjp", &dx, &dx_direct);
        let (j, j_direct) = (compiled.jacobian(a), jacobian(direct, a.clone()));
        assert!(
            close(j.as_slice(), j_direct.as_slice()),
            "staged Jacobian {j} vs {j_direct}"
        );
    }
}

/// [`staged_agrees`] for the program `$f`, over `Sym` and over `f64`.
macro_rules! staged_agrees {
    ($f:ident, $points:expr, $db:expr) => {
        staged_agrees(&$f::<Reverse, Sym>(), &$f::<Reverse, f64>(), &$points, &$db)
    };
}

/// The program `$f::<K, S>()` over `f64`, in `Fun`, `Forward` and `Reverse`.
macro_rules! modes {
    ($($f:ident)::+) => {
        (
            $($f)::+::<Fun, f64>(),
            $($f)::+::<Forward, f64>(),
            $($f)::+::<Reverse, f64>(),
        )
    };
}

#[test]
fn mag_sqr_is_the_papers_over_f64_and_staged() {
    let points = [(3.0, 4.0), (-1.5, 0.25), (0.0, 0.0)];
    for a in &points {
        agree(modes!(mag_sqr), modes!(paper::mag_sqr), a, &-2.0);
    }
    staged_agrees!(mag_sqr, points, 1.0);
    let staged = compile(&mag_sqr::<Reverse, Sym>());
    assert_eq!(staged.gradient(&(3.0, 4.0)), (6.0, 8.0));
    assert_eq!(
        catad::program_form!(mag_sqr),
        "add_c ∘ (mul_c ∘ dup ∘ exl △ mul_c ∘ dup ∘ exr)"
    );
}

#[test]
fn cos_sin_prod_is_the_papers_over_f64_and_staged() {
    let points = [(0.5, 2.0), (-1.0, 0.3), (2.0, -2.0)];
    for a in &points {
        agree(
            modes!(cos_sin_prod),
            modes!(paper::cos_sin_prod),
            a,
            &(0.5, -1.5),
        );
    }
    staged_agrees!(cos_sin_prod, points, (0.5, -1.5));
}

/// The paper's `cos_xyz`, whose domain is the left-nested pairs, after `repr_c` of the tuple.
fn paper_cos_xyz<K: Cartesian + FloatingCat<S> + RepCat, S: Scalar>() -> Hom<K, (S, S, S), S> {
    K::compose(paper::cos_xyz::<K, S>(), K::repr_c())
}

#[test]
fn cos_xyz_is_the_papers_over_f64_and_staged() {
    let points = [(0.0, 0.0, 5.0), (0.5, -1.0, 2.0), (1.0, 2.0, -0.5)];
    for a in &points {
        agree(modes!(cos_xyz), modes!(paper_cos_xyz), a, &1.25);
    }
    staged_agrees!(cos_xyz, points, 1.0);
}

#[test]
fn literals_functions_and_conditionals_over_f64_f32_and_staged() {
    // Both branches: the first two points take `then`, the last two `else`.
    let points = [(1.5, 0.5), (-2.0, 0.25), (0.25, -0.5), (4.0, 1.0)];
    let h = 1e-6;
    for &(x, y) in &points {
        assert_eq!(bump::<Fun, f64>().apply((x, y)), bump_f64(x, y));
        let dx = (bump_f64(x + h, y) - bump_f64(x - h, y)) / (2.0 * h);
        let dy = (bump_f64(x, y + h) - bump_f64(x, y - h)) / (2.0 * h);
        let forward = gradient(&bump::<Forward, f64>(), (x, y));
        let reverse = gradient(&bump::<Reverse, f64>(), (x, y));
        assert_close("Forward and Reverse", &forward, &reverse);
        let scale = 1.0 + dx.abs().max(dy.abs());
        assert!((reverse.0 - dx).abs().max((reverse.1 - dy).abs()) < 1e-5 * scale);
        let single = f64::from(bump::<Fun, f32>().apply((x as f32, y as f32)));
        assert!((single - bump_f64(x, y)).abs() < 1e-5 * scale);
    }
    // The tape is recorded again at a point on the other side of a branch.
    staged_agrees!(bump, points, 1.0);
}

#[test]
fn generic_programs_call_generic_programs_over_their_scalar() {
    let points = [(3.0, 4.0), (-1.5, 0.25)];
    for a in &points {
        agree(modes!(mag_sqr_by_calls), modes!(paper::mag_sqr), a, &0.5);
    }
    staged_agrees!(mag_sqr_by_calls, points, 1.0);
    assert_eq!(
        catad::program_form!(mag_sqr_by_calls),
        "add_c ∘ (sqr ∘ exl △ sqr ∘ exr)"
    );
}

#[test]
fn programs_over_f64_and_f32_call_generic_programs() {
    let at = (0.5, -1.0, 2.0);
    let c = (-1.5_f64).cos();
    assert_eq!(cos_xyz_sqr::<Fun>().apply(at), c * c);
    // d/dz cos²(x + y z) = −2 cos · sin · y.
    let (_, _, dz) = gradient(&cos_xyz_sqr::<Reverse>(), at);
    assert!((dz - 2.0 * c * (-1.5_f64).sin()).abs() < 1e-15);
    assert_eq!(derivative(&sqr_f32::<Forward>(), 3.0_f32), 6.0);
}

#[test]
fn arrays_over_f64_and_staged() {
    let (v, c) = ([1.0, 2.0, 3.0], [0.0, 2.0, 5.0]);
    assert_eq!(dist_sqr::<Fun, f64>().apply((v, c)), 5.0);
    let expected = ([2.0, 0.0, -4.0], [-2.0, 0.0, 4.0]);
    assert_eq!(gradient(&dist_sqr::<Reverse, f64>(), (v, c)), expected);
    assert_eq!(gradient(&dist_sqr::<Forward, f64>(), (v, c)), expected);
    let points = [(v, c), ([0.5, -1.0, 2.0], [1.0, 1.0, 1.0])];
    staged_agrees!(dist_sqr, points, 1.0);
    let points = [([1.0, 2.0, 3.0], 0.0), ([0.5, -1.0, 2.0], 1.5)];
    staged_agrees!(soft_mean, points, 1.0);
    // At β = 0 the weights are uniform: the mean of the squares, 14/3.
    assert!((soft_mean::<Fun, f64>().apply(points[0]) - 14.0 / 3.0).abs() < 1e-12);
}

#[test]
fn vecs_loops_and_iterators_over_f64_and_staged() {
    let xs = vec![1.0, -2.0, 3.0];
    let sines: f64 = xs.iter().map(|x: &f64| x.sin()).sum();
    assert_eq!(weighted::<Fun, f64>().apply(xs.clone()), 22.0 + sines + 3.0);
    // ∂/∂xᵢ = 2i·xᵢ + cos xᵢ, and 1 more at the maximum.
    let g = gradient(&weighted::<Reverse, f64>(), xs.clone());
    let expected = [
        1.0_f64.cos(),
        -4.0 + 2.0_f64.cos(),
        12.0 + 3.0_f64.cos() + 1.0,
    ];
    assert!(close(&g, &expected), "{g:?}");
    let points = [xs, vec![0.25, 0.5], vec![-1.0, -2.0, -0.5, 4.0]];
    staged_agrees!(weighted, points, 1.0);
}

#[test]
fn data_over_f64_and_staged() {
    let (xs, ys) = (
        Data::new(vec![0.0, 1.0, 2.0]),
        Data::new(vec![1.0, 3.0, 5.0]),
    );
    let at = (2.0, xs.clone(), ys.clone());
    assert_eq!(mse::<Fun, f64>().apply(at.clone()), 1.0);
    // Every residual a x − y is −1: ∂/∂a = mean(2 (a x − y) x) = −2 (0 + 1 + 2) / 3.
    let (da, _, _) = gradient(&mse::<Reverse, f64>(), at.clone());
    assert_eq!(da, -2.0);
    let staged = compile(&mse::<Reverse, Sym>());
    let (staged_da, _, _) = staged.gradient(&at);
    assert_eq!(staged_da, da);
}

#[test]
fn checkpoints_over_f64_and_staged() {
    let points = [(0.5, 1.0), (-1.0, 2.0)];
    for &a in &points {
        let reverse = gradient(&run::<Reverse, f64>(), a);
        assert_close(
            "Forward and Reverse",
            &gradient(&run::<Forward, f64>(), a),
            &reverse,
        );
    }
    staged_agrees!(run, points, 1.0);
}
