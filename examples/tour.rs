//! A tour of catad: the paper's examples (§5 and Fig. 12), each written once as ordinary Rust, run
//! in every interpretation.
//!
//! The examples are plain functions over `f64` and pairs; `#[catad::program]` compiles each to the
//! categorical vocabulary (paper §5, after *Compiling to Categories*), making it a program generic in
//! the category `K`. For each example the tour prints the categorical form the macro produced, the
//! value (`Fun`), then in every mode of differentiation the value, a Jacobian-vector product (`jvp`)
//! and a vector-Jacobian product (`vjp`); then the Jacobian matrix (§9), the largest difference
//! between the modes' Jacobians, and the largest difference from central finite differences.
//! Gradients (§13) and a scalar derivative follow; then staging (§17), and the paper's figures of
//! programs and their derivatives, drawn from the staged programs and written as SVG files to
//! `target/figures/` (the folder is printed). Derivatives of derivatives are the second example,
//! `examples/nesting.rs`, which the tour points to.
//!
//! The tour checks what it shows: it panics, and so exits non-zero, if two modes' Jacobians differ by
//! more than 1e-12 or if a Jacobian strays from finite differences by more than 1e-6. The test
//! `tests/macros/macro_paper.rs` runs the tour too, and checks that these programs agree with the
//! hand-written combinator versions of `catad::paper` in every mode.
//!
//! Run with `cargo run --release --example tour`.

use catad::interpretations::D;
use catad::prelude::*;
use catad::staged::{Sym, compile};
use catad::term::FromTerm;
use catad_laws::modes::{Mode, ModeVisitor, Representation as Rep, for_each_mode};
use nalgebra::DMatrix;
use programs::{cos_sin_prod, cos_xyz, mag_sqr, sqr};

/// The paper's examples as the paper writes them (§5, Fig. 12), compiled to categories by
/// `#[catad::program]`: each is built once as a term, and becomes `fn name<K: FromTerm>() -> Hom<K,
/// Domain, Codomain>`, that term in every category.
pub mod programs {
    /// `sqr a = a · a`.
    #[catad::program]
    pub fn sqr(a: f64) -> f64 {
        a * a
    }

    /// `magSqr (a, b) = sqr a + sqr b`.
    #[catad::program]
    pub fn mag_sqr(a: f64, b: f64) -> f64 {
        sqr(a) + sqr(b)
    }

    /// `cosSinProd (x, y) = (cos z, sin z) where z = x · y`.
    #[catad::program]
    pub fn cos_sin_prod(x: f64, y: f64) -> (f64, f64) {
        let z = x * y;
        (z.cos(), z.sin())
    }

    /// `λ ((x, y), z) → cos (x + y · z)`: three parameters make the domain the tuple `(x, y, z)`.
    #[catad::program]
    pub fn cos_xyz(x: f64, y: f64, z: f64) -> f64 {
        (x + y * z).cos()
    }
}

/// The largest difference allowed between two modes' Jacobians.
const AGREEMENT: f64 = 1e-12;

/// The step of the central finite differences.
const FD_STEP: f64 = 1e-6;

/// The largest difference allowed between a Jacobian and central finite differences with step
/// [`FD_STEP`] (truncation error ~ h², rounding error ~ ε/h ≈ 1e-10).
const FD_AGREEMENT: f64 = 1e-6;

/// Something to do in every mode: the generic method is called once per mode by [`each_mode`].
trait InEachMode {
    /// What one mode produces.
    type Out;
    /// Runs in the mode `D<K>`, called `name`.
    fn run<K: Rep>(&mut self, name: &'static str) -> Self::Out;
}

/// Runs `task` in every mode of `catad_laws::modes::for_each_mode` (catad's modes; the law suites
/// run these and the paper's over functions), in its order (whose names are the aliases of
/// `src/ad.rs`), naming each.
fn each_mode<T: InEachMode>(task: &mut T) -> Vec<(&'static str, T::Out)> {
    /// The results of `task`, mode by mode.
    struct Collect<'t, T: InEachMode>(&'t mut T, Vec<(&'static str, T::Out)>);
    impl<T: InEachMode> ModeVisitor for Collect<'_, T> {
        fn visit<K: Rep>(&mut self, mode: &Mode) {
            let out = self.0.run::<K>(mode.name);
            self.1.push((mode.name, out));
        }
    }
    let mut collect = Collect(task, Vec::new());
    for_each_mode(&mut collect);
    collect.1
}

/// The modes, each with what its linear maps are and the paper section it comes from.
fn modes() -> Vec<Mode> {
    /// The modes' descriptions.
    struct Describe(Vec<Mode>);
    impl ModeVisitor for Describe {
        fn visit<K: Rep>(&mut self, mode: &Mode) {
            self.0.push(*mode);
        }
    }
    let mut describe = Describe(Vec::new());
    for_each_mode(&mut describe);
    describe.0
}

/// One of the paper's examples: a generic program and where to look at it.
trait Example {
    /// The domain.
    type A: Space<f64>;
    /// The codomain.
    type B: Space<f64>;
    /// The paper's section or figure.
    const PAPER: &'static str;
    /// The definition as the paper writes it.
    const DEFINITION: &'static str;
    /// The categorical form `#[catad::program]` compiles the definition to.
    const CATEGORICAL: &'static str;
    /// The point `a`.
    fn at() -> Self::A;
    /// The tangent `da` for the jvp.
    fn tangent() -> Self::A;
    /// The cotangent `db` for the vjp.
    fn cotangent() -> Self::B;
    /// The program, in the category `K`.
    fn program<K: Program<f64> + FromTerm>() -> Hom<K, Self::A, Self::B>;
}

/// `sqr a = a · a` (§5).
struct Sqr;

impl Example for Sqr {
    type A = f64;
    type B = f64;
    const PAPER: &'static str = "§5";
    const DEFINITION: &'static str = "sqr a = a · a";
    const CATEGORICAL: &'static str = catad::program_form!(programs::sqr);
    fn at() -> f64 {
        3.0
    }
    fn tangent() -> f64 {
        1.0
    }
    fn cotangent() -> f64 {
        1.0
    }
    fn program<K: Program<f64> + FromTerm>() -> Hom<K, f64, f64> {
        sqr::<K>()
    }
}

/// `magSqr (a, b) = sqr a + sqr b` (§5, Fig. 2).
struct MagSqr;

impl Example for MagSqr {
    type A = (f64, f64);
    type B = f64;
    const PAPER: &'static str = "§5, Fig. 2";
    const DEFINITION: &'static str = "magSqr (a, b) = sqr a + sqr b";
    const CATEGORICAL: &'static str = catad::program_form!(programs::mag_sqr);
    fn at() -> (f64, f64) {
        (3.0, 4.0)
    }
    fn tangent() -> (f64, f64) {
        (1.0, 0.0)
    }
    fn cotangent() -> f64 {
        1.0
    }
    fn program<K: Program<f64> + FromTerm>() -> Hom<K, (f64, f64), f64> {
        mag_sqr::<K>()
    }
}

/// `cosSinProd (x, y) = (cos z, sin z) where z = x · y` (§5, Fig. 3).
struct CosSinProd;

impl Example for CosSinProd {
    type A = (f64, f64);
    type B = (f64, f64);
    const PAPER: &'static str = "§5, Fig. 3";
    const DEFINITION: &'static str = "cosSinProd (x, y) = (cos z, sin z) where z = x · y";
    const CATEGORICAL: &'static str = catad::program_form!(programs::cos_sin_prod);
    fn at() -> (f64, f64) {
        (0.5, 2.0)
    }
    fn tangent() -> (f64, f64) {
        (1.0, 1.0)
    }
    fn cotangent() -> (f64, f64) {
        (1.0, 0.0)
    }
    fn program<K: Program<f64> + FromTerm>() -> Hom<K, (f64, f64), (f64, f64)> {
        cos_sin_prod::<K>()
    }
}

/// `λ ((x, y), z) → cos (x + y · z)` (Fig. 12).
struct CosXyz;

impl Example for CosXyz {
    type A = (f64, f64, f64);
    type B = f64;
    const PAPER: &'static str = "Fig. 12";
    const DEFINITION: &'static str = "λ ((x, y), z) → cos (x + y · z)";
    const CATEGORICAL: &'static str = catad::program_form!(programs::cos_xyz);
    fn at() -> (f64, f64, f64) {
        (0.5, 2.0, 0.25)
    }
    fn tangent() -> (f64, f64, f64) {
        (1.0, 0.0, 0.0)
    }
    fn cotangent() -> f64 {
        1.0
    }
    fn program<K: Program<f64> + FromTerm>() -> Hom<K, (f64, f64, f64), f64> {
        cos_xyz::<K>()
    }
}

/// Prints one mode's value, jvp and vjp of the example `P`, and returns its Jacobian.
struct Derivatives<P>(std::marker::PhantomData<P>);

impl<P: Example> InEachMode for Derivatives<P> {
    type Out = DMatrix<f64>;

    fn run<K: Rep>(&mut self, name: &'static str) -> DMatrix<f64> {
        let f = P::program::<D<K>>();
        let (value, jvp) = jvp(&f, P::at(), P::tangent());
        let (_, vjp) = vjp(&f, P::at(), P::cotangent());
        let (value, jvp, vjp) = (show(&value), show(&jvp), show(&vjp));
        println!("  {name:<18} {value:<22} {jvp:<24} {vjp}");
        jacobian(&f, P::at())
    }
}

/// Prints one mode's gradient (§13) of the scalar-valued example `P`, and returns its coordinates.
struct Gradient<P>(std::marker::PhantomData<P>);

impl<P: Example<B = f64>> InEachMode for Gradient<P> {
    type Out = Vec<f64>;

    fn run<K: Rep>(&mut self, name: &'static str) -> Vec<f64> {
        let g = gradient(&P::program::<D<K>>(), P::at());
        println!("    {name:<18} {}", show(&g));
        g.coords()
    }
}

/// Prints one mode's derivative of the scalar function `sqr` at 3, and returns it.
struct SqrDerivative;

impl InEachMode for SqrDerivative {
    type Out = f64;

    fn run<K: Rep>(&mut self, name: &'static str) -> f64 {
        let d = derivative(&sqr::<D<K>>(), 3.0);
        println!("  {name:<18} sqr' 3 = {d}");
        d
    }
}

/// `v`'s debug form with six decimals, trailing zeros dropped: `(0.540302, 25)`.
fn show<V: std::fmt::Debug>(v: &V) -> String {
    let mut out = String::new();
    let mut number = String::new();
    for c in format!("{v:.6?}").chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || c == '.' {
            number.push(c);
            continue;
        }
        if number.contains('.') {
            out.push_str(number.trim_end_matches('0').trim_end_matches('.'));
        } else {
            out.push_str(&number);
        }
        number.clear();
        out.push(c);
    }
    out.pop();
    out
}

/// The Jacobian of `P` at `P::at()` by central finite differences on the `Fun` interpretation,
/// one column per basis vector of the domain.
fn finite_differences<P: Example>() -> DMatrix<f64> {
    let f = P::program::<Fun>();
    let a = P::at();
    let columns: Vec<Vec<f64>> = a
        .basis()
        .iter()
        .map(|e| {
            let (up, down) = (
                f.apply(a.plus(&e.scale(FD_STEP))),
                f.apply(a.plus(&e.scale(-FD_STEP))),
            );
            up.plus(&down.scale(-1.0)).scale(0.5 / FD_STEP).coords()
        })
        .collect();
    let rows = columns.first().map_or(0, Vec::len);
    DMatrix::from_fn(rows, columns.len(), |i, j| columns[j][i])
}

/// The largest absolute difference between `reference` and any of `others`, entrywise.
fn max_difference<'a>(reference: &[f64], others: impl IntoIterator<Item = &'a [f64]>) -> f64 {
    others
        .into_iter()
        .flat_map(|other| {
            assert_eq!(other.len(), reference.len(), "results of different shapes");
            other.iter().zip(reference).map(|(x, y)| (x - y).abs())
        })
        .fold(0.0, f64::max)
}

/// Walks through one example in every mode; returns the largest difference from the first mode.
fn walk<P: Example>() -> f64 {
    println!("\n── {}: {}", P::PAPER, P::DEFINITION);
    println!("   compiled by #[catad::program] to: {}", P::CATEGORICAL);
    println!(
        "   at a = {:?}, tangent da = {:?}, cotangent db = {:?}\n",
        P::at(),
        P::tangent(),
        P::cotangent()
    );
    println!(
        "  {:<18} {:<22} {:<24} vjp (f' a)ᵀ · db",
        "mode", "value f a", "jvp f' a · da"
    );
    println!(
        "  {:<18} {}",
        "Fun",
        show(&P::program::<Fun>().apply(P::at()))
    );
    let jacobians = each_mode(&mut Derivatives::<P>(std::marker::PhantomData));

    let (reference_name, reference) = &jacobians[0];
    print!("\n  Jacobian (§9), {reference_name}:{reference:.6}");
    let spread = max_difference(
        reference.as_slice(),
        jacobians[1..].iter().map(|(_, j)| j.as_slice()),
    );
    println!("  max |J(mode) − J({reference_name})| over all modes: {spread:.3e}");
    let fd = max_difference(reference.as_slice(), [finite_differences::<P>().as_slice()]);
    println!("  max |J − central differences (h = {FD_STEP:e})|: {fd:.3e}");

    assert!(
        spread <= AGREEMENT,
        "{}: the modes' Jacobians differ by {spread:e} > {AGREEMENT:e}",
        P::DEFINITION
    );
    assert!(
        fd <= FD_AGREEMENT,
        "{}: the Jacobian differs from finite differences by {fd:e} > {FD_AGREEMENT:e}",
        P::DEFINITION
    );
    spread
}

/// Prints the gradient of `P` in every mode; returns the largest difference from the first mode.
fn gradients<P: Example<B = f64>>() -> f64 {
    println!("  {} at {:?}:", P::DEFINITION, P::at());
    let grads = each_mode(&mut Gradient::<P>(std::marker::PhantomData));
    max_difference(&grads[0].1, grads[1..].iter().map(|(_, g)| g.as_slice()))
}

pub fn main() {
    println!(
        "catad tour: \"The Simple Essence of Automatic Differentiation\" (Elliott, ICFP 2018)"
    );
    println!(
        "Each example is ordinary Rust that #[catad::program] compiles to one generic program;"
    );
    println!("the category it is read in gives its meaning.");
    println!(
        "Fun runs it (§4); the modes D<K> differentiate it, with linear maps represented in K:"
    );
    let modes = modes();
    for mode in &modes {
        println!("  {:<18} = {}", mode.name, mode.about);
    }

    println!("\n═══ Values, jvp, vjp and Jacobians (§5, Fig. 12, §9)");
    let spreads = [
        walk::<Sqr>(),
        walk::<MagSqr>(),
        walk::<CosSinProd>(),
        walk::<CosXyz>(),
    ];

    println!("\n═══ Gradients in the domain's own type (§13)");
    let gradient_spreads = [gradients::<MagSqr>(), gradients::<CosXyz>()];

    println!("\n═══ The derivative of a scalar function (§2)");
    let derivatives = each_mode(&mut SqrDerivative);
    let derivative_spread = max_difference(
        &[derivatives[0].1],
        derivatives[1..]
            .iter()
            .map(|(_, d)| std::slice::from_ref(d)),
    );

    let worst = spreads
        .into_iter()
        .chain(gradient_spreads)
        .chain([derivative_spread])
        .fold(0.0, f64::max);
    assert!(
        worst <= AGREEMENT,
        "the modes disagree by {worst:e} > {AGREEMENT:e}"
    );
    println!(
        "\n═══ All {} modes agree: the largest difference from Forward is {worst:.3e} (≤ {AGREEMENT:e}).",
        modes.len()
    );

    staged();
    pictures();
    println!(
        "\n═══ Derivatives of derivatives — a Hessian, a Newton solve, a nested argmin: \
         cargo run --example nesting"
    );
}

/// The paper's figures (Figs. 2–5, 8, 9, 11, 12 and a Jacobian in `D<Mat>`), drawn from the
/// staged programs and written as SVG under `target/figures/`.
fn pictures() {
    println!("\n═══ Pictures (Figs. 2–5, 8–12): each program and derivative as it runs");
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/figures");
    std::fs::create_dir_all(&folder).expect("creating target/figures");
    println!("  written to {}:", folder.display());
    for figure in catad::paper::figures() {
        let file = format!("{}.svg", figure.name);
        std::fs::write(folder.join(&file), figure.diagram.to_svg()).expect("writing a figure");
        let boxes = figure.diagram.nodes().len();
        println!("    {file:<36} {boxes:>2} boxes  {}", figure.caption);
    }
}

/// Staging (§17): programs generic in their scalar, recorded once over `Sym` in reverse mode,
/// then evaluated from their tapes at other points.
fn staged() {
    println!("\n═══ Staging (§17): the derivative recorded once as a flat program");
    let cos_sin_prod = compile(&catad::paper::cos_sin_prod::<Reverse, Sym>());
    let direct = catad::paper::cos_sin_prod::<Reverse, f64>();
    let mut worst: f64 = 0.0;
    for x in [(0.5, 2.0), (1.5, -0.25), (-2.0, 3.0)] {
        worst = worst.max((cos_sin_prod.jacobian(&x) - jacobian(&direct, x)).norm());
    }
    let mag_sqr = compile(&catad::paper::mag_sqr::<Reverse, Sym>());
    let tape = mag_sqr.gradient_tape(&(3.0, 4.0));
    println!(
        "  magSqr's value and gradient: {} operations {:?}",
        tape.len(),
        tape.ops().map(|op| op.name()).collect::<Vec<_>>()
    );
    println!("  at (1, 2): {:?}", mag_sqr.value_and_gradient(&(1.0, 2.0)));
    assert!(
        worst <= AGREEMENT,
        "staged and direct disagree by {worst:e}"
    );
    println!(
        "  cosSinProd's staged Jacobian = the direct one at three points (largest difference {worst:.3e})"
    );
}
