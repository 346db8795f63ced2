//! Sharing is explicit: a `let`-bound value used several times is computed once and duplicated
//! (`dup`), never recomputed. Shown by running programs in a counting category: plain functions
//! whose primitives count their evaluations. The programs are generic in their scalar, so that
//! they run in any category of the vocabulary, this one included (a program over `f64` is built
//! as a term and runs in the categories terms are interpreted in).

use catad::interpretations::Func;
use catad::prelude::*;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// Plain functions (`Fun`'s morphisms) whose numeric primitives and `dup` count their evaluations.
struct Counting;

thread_local! {
    static EVALUATIONS: RefCell<BTreeMap<&'static str, usize>> = const { RefCell::new(BTreeMap::new()) };
}

fn counted<A: Additive, B: Additive>(name: &'static str, f: Func<A, B>) -> Func<A, B> {
    Func::new(move |a| {
        EVALUATIONS.with(|e| *e.borrow_mut().entry(name).or_default() += 1);
        f.apply(a)
    })
}

/// Runs `f` at `x` and returns its value and the evaluations of each primitive it made.
fn run<A: Additive, B: Additive>(
    f: Hom<Counting, A, B>,
    x: A,
) -> (B, BTreeMap<&'static str, usize>) {
    EVALUATIONS.with(|e| e.borrow_mut().clear());
    let y = f.apply(x);
    (y, EVALUATIONS.with(|e| e.borrow().clone()))
}

impl Category for Counting {
    type Hom<A: Additive, B: Additive> = Func<A, B>;
    fn id<A: Additive>() -> Func<A, A> {
        Fun::id()
    }
    fn compose<A: Additive, B: Additive, C: Additive>(g: Func<B, C>, f: Func<A, B>) -> Func<A, C> {
        Fun::compose(g, f)
    }
}

impl Monoidal for Counting {
    fn cross<A: Additive, B: Additive, C: Additive, E: Additive>(
        f: Func<A, C>,
        g: Func<B, E>,
    ) -> Func<(A, B), (C, E)> {
        Fun::cross(f, g)
    }
}

impl Cartesian for Counting {
    fn exl<A: Additive, B: Additive>() -> Func<(A, B), A> {
        Fun::exl()
    }
    fn exr<A: Additive, B: Additive>() -> Func<(A, B), B> {
        Fun::exr()
    }
    fn dup<A: Additive>() -> Func<A, (A, A)> {
        counted("dup", Fun::dup())
    }
    fn it<A: Additive>() -> Func<A, ()> {
        Fun::it()
    }
}

impl NumCat<f64> for Counting {
    fn negate_c() -> Func<f64, f64> {
        counted("negate", Fun::negate_c())
    }
    fn add_c() -> Func<(f64, f64), f64> {
        counted("add", Fun::add_c())
    }
    fn mul_c() -> Func<(f64, f64), f64> {
        counted("mul", Fun::mul_c())
    }
    fn const_c<A: Additive>(s: f64) -> Func<A, f64> {
        Fun::const_c(s)
    }
}

impl FractionalCat<f64> for Counting {
    fn recip_c() -> Func<f64, f64> {
        counted("recip", Fun::recip_c())
    }
}

impl FloatingCat<f64> for Counting {
    fn sin_c() -> Func<f64, f64> {
        counted("sin", Fun::sin_c())
    }
    fn cos_c() -> Func<f64, f64> {
        counted("cos", Fun::cos_c())
    }
    fn exp_c() -> Func<f64, f64> {
        counted("exp", Fun::exp_c())
    }
    fn ln_c() -> Func<f64, f64> {
        counted("ln", Fun::ln_c())
    }
    fn sqrt_c() -> Func<f64, f64> {
        counted("sqrt", Fun::sqrt_c())
    }
    fn tanh_c() -> Func<f64, f64> {
        counted("tanh", Fun::tanh_c())
    }
    fn powi_c(n: i32) -> Func<f64, f64> {
        counted("powi", Fun::powi_c(n))
    }
    fn powf_c() -> Func<(f64, f64), f64> {
        counted("powf", Fun::powf_c())
    }
    fn sinh_c() -> Func<f64, f64> {
        counted("sinh", Fun::sinh_c())
    }
    fn cosh_c() -> Func<f64, f64> {
        counted("cosh", Fun::cosh_c())
    }
    fn log1p_c() -> Func<f64, f64> {
        counted("log1p", Fun::log1p_c())
    }
    fn expm1_c() -> Func<f64, f64> {
        counted("expm1", Fun::expm1_c())
    }
    fn erf_c() -> Func<f64, f64> {
        counted("erf", Fun::erf_c())
    }
    fn atan2_c() -> Func<(f64, f64), f64> {
        counted("atan2", Fun::atan2_c())
    }
}

impl MinMaxCat<f64> for Counting {
    fn abs_c() -> Func<f64, f64> {
        counted("abs", Fun::abs_c())
    }
    fn max_c() -> Func<(f64, f64), f64> {
        counted("max", Fun::max_c())
    }
    fn min_c() -> Func<(f64, f64), f64> {
        counted("min", Fun::min_c())
    }
    fn max_v() -> Func<Vec<f64>, f64> {
        counted("max_v", Fun::max_v())
    }
    fn min_v() -> Func<Vec<f64>, f64> {
        counted("min_v", Fun::min_v())
    }
}

/// Loops, vectors, indices, data, constants, primitives and checkpoints run as in `Fun`,
/// uncounted.
impl Loops for Counting {
    fn fold<E: Additive, S: Additive, A: Additive>(
        f: Func<((E, S), A), S>,
    ) -> Func<(E, (S, Vec<A>)), S> {
        Fun::fold(f)
    }
    fn iterate<E: Additive, S: Additive>(f: Func<(E, S), S>) -> Func<(E, (S, usize)), S> {
        Fun::iterate(f)
    }
    fn iterate_while<E: Additive, S: Additive>(
        p: Pred<(E, S)>,
        f: Func<(E, S), S>,
    ) -> Func<(E, S), S> {
        Fun::iterate_while(p, f)
    }
    fn build<E: Additive, B: Additive>(f: Func<(E, usize), B>) -> Func<(E, usize), Vec<B>> {
        Fun::build(f)
    }
}

impl VecCat for Counting {
    fn map_v<E: Additive, A: Additive, B: Additive>(
        f: Func<(E, A), B>,
    ) -> Func<(E, Vec<A>), Vec<B>> {
        Fun::map_v(f)
    }
    fn zip_v<A: Additive, B: Additive>() -> Func<(Vec<A>, Vec<B>), Vec<(A, B)>> {
        Fun::zip_v()
    }
    fn sum_v<A: Additive>() -> Func<Vec<A>, A> {
        Fun::sum_v()
    }
    fn index_v<A: Additive>() -> Func<(Vec<A>, usize), A> {
        Fun::index_v()
    }
    fn len_v<A: Additive>() -> Func<Vec<A>, usize> {
        Fun::len_v()
    }
}

impl IndexCat for Counting {
    fn const_ix<A: Additive>(n: usize) -> Func<A, usize> {
        Fun::const_ix(n)
    }
    fn add_ix() -> Func<(usize, usize), usize> {
        Fun::add_ix()
    }
    fn sub_ix() -> Func<(usize, usize), usize> {
        Fun::sub_ix()
    }
    fn mul_ix() -> Func<(usize, usize), usize> {
        Fun::mul_ix()
    }
    fn div_ix() -> Func<(usize, usize), usize> {
        Fun::div_ix()
    }
    fn rem_ix() -> Func<(usize, usize), usize> {
        Fun::rem_ix()
    }
    fn ix_to_scalar<S: Scalar>() -> Func<usize, S> {
        Fun::ix_to_scalar()
    }
}

impl ConstantCat for Counting {
    fn constant<E: Additive, A: Additive>(a: A) -> Func<E, A> {
        Fun::constant(a)
    }
}

impl DataCat for Counting {
    fn read<T: Additive>() -> Func<catad::space::Data<T>, T> {
        Fun::read()
    }
    fn data_len<T: Additive>() -> Func<catad::space::Data<Vec<T>>, usize> {
        Fun::data_len()
    }
    fn data_at<T: Additive>() -> Func<(catad::space::Data<Vec<T>>, usize), T> {
        Fun::data_at()
    }
    fn zip_len() -> Func<(usize, usize), usize> {
        Fun::zip_len()
    }
}

impl PrimitiveCat<f64> for Counting {
    fn primitive<A: Space<f64>, B: Space<f64>>(
        p: std::rc::Rc<dyn catad::vocabulary::Primitive<A, B>>,
    ) -> Func<A, B> {
        Fun::primitive(p)
    }
}

impl Checkpoint for Counting {
    fn checkpoint<A: Additive, B: Additive>(f: Func<A, B>) -> Func<A, B> {
        f
    }
}

impl Conditional for Counting {
    fn cond<A: Additive, B: Additive>(
        p: Pred<A>,
        then: Func<A, B>,
        otherwise: Func<A, B>,
    ) -> Func<A, B> {
        Fun::cond(p, then, otherwise)
    }
}

fn counts(pairs: &[(&'static str, usize)]) -> BTreeMap<&'static str, usize> {
    pairs.iter().copied().collect()
}

#[catad::program]
fn shared_sin<S: Scalar>(x: S) -> S {
    let y = x.sin();
    y * y + y
}

#[test]
fn a_let_bound_value_is_computed_once() {
    // add_c ∘ (mul_c ∘ dup △ id) ∘ sin_c: one sin, shared by a dup.
    let (y, made) = run(shared_sin::<Counting, f64>(), 0.5);
    let s = 0.5_f64.sin();
    assert_eq!(y, s * s + s);
    assert_eq!(
        made,
        counts(&[("add", 1), ("dup", 2), ("mul", 1), ("sin", 1)])
    );
}

#[catad::program]
fn repeated_sin<S: Scalar>(x: S) -> S {
    x.sin() * x.sin() + (x + 1.0).sin()
}

#[test]
fn equal_operands_are_shared_and_different_ones_are_not() {
    // `(f ∘ h) △ (g ∘ h) = (f △ g) ∘ h`: the two `x.sin()` operands become one `sin` and a `dup`;
    // `(x + 1.0).sin()` is another computation, and the counter sees it.
    let (y, made) = run(repeated_sin::<Counting, f64>(), 0.5);
    assert_eq!(y, 0.5_f64.sin() * 0.5_f64.sin() + 1.5_f64.sin());
    assert_eq!(made["sin"], 2);
}

#[catad::program]
fn branchy<S: Scalar>(x: S) -> S {
    let y = x.exp();
    if y > 2.0 { y * y } else { y + 1.0 }
}

#[test]
fn a_value_used_in_the_condition_and_both_branches_is_computed_once() {
    for x in [0.0, 1.0] {
        let (y, made) = run(branchy::<Counting, f64>(), x);
        let e = x.exp();
        assert_eq!(y, if e > 2.0 { e * e } else { e + 1.0 });
        assert_eq!(made["exp"], 1, "at {x}: {made:?}");
    }
}

#[catad::program]
fn cube<S: Scalar>(x: S) -> S {
    x * x * x
}

#[catad::program]
fn shared_call<S: Scalar>(x: S, y: S) -> S {
    let c = cube(x + y);
    c * c - c.recip()
}

#[test]
fn a_called_program_bound_once_runs_once() {
    let (v, made) = run(shared_call::<Counting, f64>(), (0.5, 1.0));
    let c = 1.5_f64 * 1.5 * 1.5;
    assert_eq!(v, c * c - 1.0 / c);
    // x + y, cube's two multiplications, c * c, and c - 1/c (sub = add ∘ (id × negate)): the
    // argument and cube each run once; `dup` twice in cube (x feeds two multiplications, x * x
    // both operands of one) and twice here (c feeds `*` and `recip`, and both operands of `*`).
    assert_eq!(
        made,
        counts(&[
            ("add", 2),
            ("dup", 4),
            ("mul", 3),
            ("negate", 1),
            ("recip", 1)
        ])
    );
}

#[test]
fn sharing_holds_in_the_derivative_too() {
    // The same term runs in every category: the derivative of the shared form is right.
    let x = 0.5_f64;
    let expected = 2.0 * x.sin() * x.cos() + x.cos();
    assert!((derivative(&shared_sin::<Forward, f64>(), x) - expected).abs() < 1e-12);
    assert!((derivative(&shared_sin::<Reverse, f64>(), x) - expected).abs() < 1e-12);
}
