// The corpus of `#[catad::program]`s, included by `mod.rs`, whose `corpus!` receives every
// function with its docs and, where the function is not smooth or not defined everywhere,
// `#[domain(guard)]`, a test on the domain that keeps the points where derivatives are checked.
// `interpretations!` and `domain!` below are for `corpus!`.

use catad::space::HasRep;
use nalgebra::SVector;

/// A constant the programs use by name.
const SCALE: f64 = 1.5;

/// The parameters of an affine map, an object through `#[derive(HasRep)]`.
#[derive(Clone, Debug, PartialEq, HasRep)]
struct Affine {
    w: [f64; 2],
    b: f64,
}

/// A tuple struct.
#[derive(Clone, Debug, PartialEq, HasRep)]
struct Point(f64, f64);

/// Whether `v` is at least 0.05 from `boundary`: far beyond the reach of either suite's finite
/// differences (steps of at most 1e-3 along directions of length at most 2 per coordinate).
fn away(v: f64, boundary: f64) -> bool {
    (v - boundary).abs() > 0.05
}

/// One program in `Fun` and every mode: what `interpretations!` builds.
struct Interpretations<A: ::catad::space::Space<f64>, B: ::catad::space::Space<f64>> {
    fun: ::catad::vocabulary::Hom<::catad::interpretations::Fun, A, B>,
    forward: ::catad::vocabulary::Hom<::catad::ad::Forward, A, B>,
    reverse: ::catad::vocabulary::Hom<::catad::ad::Reverse, A, B>,
    reverse_cont: ::catad::vocabulary::Hom<::catad::ad::ReverseCont<f64>, A, B>,
    forward_begin: ::catad::vocabulary::Hom<::catad::ad::ForwardBegin<f64>, A, B>,
    matrix: ::catad::vocabulary::Hom<
        ::catad::interpretations::D<::catad::interpretations::Mat<f64>>,
        A,
        B,
    >,
    delta: ::catad::vocabulary::Hom<::catad::ad::ReverseDelta, A, B>,
}

/// `programs::$name` in `Fun` and every mode, for the includers' `corpus!`.
macro_rules! interpretations {
    ($name:ident) => {
        Interpretations {
            fun: programs::$name::<::catad::interpretations::Fun>(),
            forward: programs::$name::<::catad::ad::Forward>(),
            reverse: programs::$name::<::catad::ad::Reverse>(),
            reverse_cont: programs::$name::<::catad::ad::ReverseCont<f64>>(),
            forward_begin: programs::$name::<::catad::ad::ForwardBegin<f64>>(),
            matrix: programs::$name::<
                ::catad::interpretations::D<::catad::interpretations::Mat<f64>>,
            >(),
            delta: programs::$name::<::catad::ad::ReverseDelta>(),
        }
    };
}

/// A program's domain guard, for the includers' `corpus!`: everywhere unless the corpus names one.
macro_rules! domain {
    () => {
        |_: &_| true
    };
    ($guard:expr) => {
        $guard
    };
}

corpus! {
    /// `mul ∘ dup`.
    fn square(x: f64) -> f64 {
        x * x
    }

    /// Powers, literals, `-` and `*`.
    fn poly(x: f64) -> f64 {
        3.0 * x.powi(3) - 2.0 * x + 1.5
    }

    /// Division.
    fn rational(x: f64, y: f64) -> f64 {
        (x * y + 1.0) / (x * x + y * y + 1.0)
    }

    /// Unary minus of a variable, of a literal and of an expression.
    fn negations(x: f64, y: f64) -> f64 {
        -x * -2.5 + -(y - x)
    }

    /// sin, cos, tanh, exp.
    fn elementary(x: f64) -> f64 {
        x.sin() + x.cos() * x.tanh() + (x * 0.5).exp()
    }

    /// ln, sqrt, recip: guarded to positive arguments.
    #[domain(|&(x, y): &(f64, f64)| x > 0.1 && y > 0.1)]
    fn logs(x: f64, y: f64) -> f64 {
        x.ln() * y.sqrt() + x.recip()
    }

    /// Negative, zero and unit powers.
    #[domain(|x: &f64| x.abs() > 0.2)]
    fn powers(x: f64) -> f64 {
        x.powi(-2) + x.powi(0) + x.powi(1)
    }

    /// A constant item and a constant path.
    fn constants(x: f64) -> f64 {
        SCALE * x + std::f64::consts::PI
    }

    /// `let` bindings used several times.
    fn lets(x: f64, y: f64) -> f64 {
        let s = x + y;
        let d = x - y;
        s * d + s
    }

    /// A later `let` shadows an earlier one, and a parameter.
    fn shadowing(x: f64) -> f64 {
        let x = x.sin();
        let x = x * x;
        x + 1.0
    }

    /// A tuple pattern and tuple results.
    fn tuple_let(x: f64, y: f64) -> (f64, f64) {
        let (c, s) = (x.cos(), y.sin());
        (c * s, c - s)
    }

    /// Type annotations on `let`.
    fn annotated(x: f64) -> f64 {
        let y: f64 = x.exp();
        let (a, b): (f64, f64) = (y, x);
        a * b
    }

    /// A pair parameter, `.0`/`.1`, and a nested pair result.
    fn fields(p: (f64, f64), q: f64) -> (f64, (f64, f64)) {
        let r = (p.1, p.0 * q);
        (r.0 + r.1, r)
    }

    /// Blocks as values.
    fn nested_block(x: f64) -> f64 {
        let y = {
            let t = x * 2.0;
            t.sin()
        };
        let z = {
            let u = x + 1.0;
            u * u
        };
        y * z
    }

    /// Calls with one and two arguments.
    fn calls(x: f64, y: f64) -> f64 {
        square(x) + rational(x, y) * poly(y)
    }

    /// Three parameters: the domain is their tuple `(x, y, z)` (paper Fig. 12).
    fn three(x: f64, y: f64, z: f64) -> f64 {
        (x + y * z).cos()
    }

    /// A call with three arguments.
    fn call_three(a: f64, b: f64) -> f64 {
        three(a, b, a * b)
    }

    /// A tuple pattern as a parameter.
    fn tuple_params(((x, y), z): ((f64, f64), f64), w: f64) -> f64 {
        x * w + y * z
    }

    /// A tuple of three as a parameter (by its pattern), as a value (by its fields) and as the
    /// result.
    fn triples((x, y, z): (f64, f64, f64), w: f64) -> (f64, f64, f64) {
        let t = (x * w, y * z, z + w);
        (t.2, t.0, t.1 * x)
    }

    /// `if`/`else` with `>`.
    #[domain(|&x: &f64| away(x, 0.0))]
    fn relu(x: f64) -> f64 {
        if x > 0.0 { x } else { 0.0 }
    }

    /// An `else if` chain with `<` and `<=`: the Huber-like smooth absolute value.
    #[domain(|&x: &f64| away(x, -1.0) && away(x, 1.0))]
    fn piecewise(x: f64) -> f64 {
        if x < -1.0 {
            -x - 0.5
        } else if x <= 1.0 {
            0.5 * x * x
        } else {
            x - 0.5
        }
    }

    /// A jump at `x = 1`: the boundary value tells `<=` from `<`.
    #[domain(|&x: &f64| away(x, 1.0))]
    fn step(x: f64) -> f64 {
        if x <= 1.0 { x } else { 2.0 * x }
    }

    /// `&&`, `||`, `!`, `>=`, `!=`.
    #[domain(|&(x, y): &(f64, f64)| away(x, 0.0) && away(y, 0.5) && away(y, 1.0))]
    fn logic(x: f64, y: f64) -> f64 {
        if (x >= 0.0 && y != 0.5) || !(y > 1.0) { x * y } else { x + y }
    }

    /// `==`, a conditional as a `let` value, a method in a condition.
    #[domain(|&x: &f64| away(x.sin(), 0.0))]
    fn cond_value(x: f64) -> (f64, f64) {
        let s = if x.sin() == 0.0 { 1.0 } else { x.sin() };
        (s, s * x)
    }

    /// A call in a condition, and pair-valued branches.
    #[domain(|&(x, y): &(f64, f64)| away(x * x, y))]
    fn branch_pairs(x: f64, y: f64) -> (f64, f64) {
        if square(x) < y { (x, y) } else { (y, x) }
    }

    /// No parameter: the domain is `()`.
    fn constant_program() -> f64 {
        2.0 * SCALE
    }

    /// `()` as a value.
    fn unit_out(x: f64) -> ((), f64) {
        ((), x * 2.0)
    }

    /// A wildcard `let` and an unused parameter.
    fn ignored(x: f64, _y: f64) -> f64 {
        let _ = x.exp();
        x.tanh()
    }

    /// A conditional inside a branch and inside an operand.
    #[domain(|&(x, y): &(f64, f64)| away(x, y) && away(x, 0.0) && away(y, 0.0))]
    fn nested_cond(x: f64, y: f64) -> f64 {
        let m = if x < y { if x < 0.0 { -x } else { x } } else { y };
        m * (if y > 0.0 { y } else { 1.0 }) + 1.0
    }

    /// `sum ∘ fmap (mul ∘ dup)`: ‖v‖² of an array.
    fn norm_sqr(v: [f64; 3]) -> f64 {
        v.map(|x| x * x).sum()
    }

    /// A closure that captures a parameter and a `let` variable.
    fn scaled(v: [f64; 3], s: f64) -> [f64; 3] {
        let t = s.tanh();
        v.map(|x| t * x.sin() + s)
    }

    /// `zip_with` with a closure, and `dot`.
    fn weighted(u: [f64; 3], v: [f64; 3]) -> f64 {
        u.zip_with(v, |a, b| a * b.exp()).sum() + u.dot(v)
    }

    /// A `let` and a conditional in a closure that captures: a leaky ReLU of residuals.
    #[domain(|(u, v, t): &([f64; 3], [f64; 3], f64)| {
        u.iter().zip(v).all(|(a, b)| away(a - b * t, 0.0))
    })]
    fn residuals(u: [f64; 3], v: [f64; 3], t: f64) -> [f64; 3] {
        u.zip_with(v, |a, b| {
            let r = a - b * t;
            if r > 0.0 { r } else { 0.1 * r }
        })
    }

    /// nalgebra vectors, `map` by a program's name, consecutive maps (fused) and `zip_with`.
    fn svector_maps(v: SVector<f64, 2>) -> SVector<f64, 2> {
        v.map(square).map(|x| x + 1.0).zip_with(v, |a, b| a * b)
    }

    /// Vectors of vectors: `sum` inside `map`.
    fn row_sums(m: [[f64; 2]; 3]) -> [f64; 3] {
        m.map(|row| row.sum())
    }

    /// Vectors of pairs, a tuple pattern as a closure parameter, and the sum of pairs.
    fn pair_sum(u: [f64; 3], v: [f64; 3]) -> (f64, f64) {
        u.zip_with(v, |a, b| (a * b, a - b))
            .map(|(p, d)| (p, d * d))
            .sum()
    }

    /// A vector passed to another program, and a sum in a condition.
    #[domain(|v: &[f64; 3]| away(v.iter().sum::<f64>(), 0.0))]
    fn vector_calls(v: [f64; 3]) -> f64 {
        if v.sum() > 0.0 {
            norm_sqr(v)
        } else {
            -norm_sqr(v).sqrt()
        }
    }

    /// A program's vector result, typed by an annotation, and `dot` with it.
    fn annotated_vector(v: [f64; 3], c: f64) -> f64 {
        let w: [f64; 3] = scaled(v, c);
        w.dot(v) * c
    }

    /// A struct parameter: field access, and `dot` taking its shape from the other vector.
    fn affine(p: Affine, x: [f64; 2]) -> f64 {
        p.w.dot(x) + p.b
    }

    /// A struct result: a literal with its fields out of declaration order, and a field bound
    /// with its type for `map`.
    fn rescaled(p: Affine, s: f64) -> Affine {
        let w: [f64; 2] = p.w;
        Affine {
            b: p.b * s.exp(),
            w: w.map(|wi| wi * s),
        }
    }

    /// Structs through calls, a tuple struct's fields, and a closure that captures a struct.
    fn struct_calls(p: Affine, q: Point) -> f64 {
        let r: Affine = rescaled(p, q.0);
        let x: [f64; 2] = r.w;
        x.map(|wi| wi * q.1).sum() + affine(r, x)
    }

    /// A struct's field in a condition.
    #[domain(|(p, _): &(Affine, f64)| away(p.b, 0.0))]
    fn clipped(p: Affine, s: f64) -> f64 {
        if p.b > 0.0 { p.b * s } else { s.sin() }
    }
}
