use super::{Syn, Term};
use crate::prelude::*;
use crate::vocabulary::{MinMaxCat, PrimitiveCat, primitive};

/// `f₀ = id`, `fₙ₊₁ = (y + y) where y = sin fₙ`: Krawiec et al.'s §7 example of sharing.
fn shared(depth: usize) -> Term<f64, f64> {
    (0..depth).fold(Syn::id(), |f, _| {
        let twice = Syn::compose(Syn::add_c(), Syn::dup());
        Syn::compose(twice, Syn::compose(Syn::sin_c(), f))
    })
}

#[test]
fn a_shared_value_is_one_node_and_its_derivative_is_linear_in_the_program() {
    let f = shared(50);
    assert_eq!(f.graph().nodes().len(), 100);
    // The reverse derivative: the primal's 100 nodes, and per level a cosine and two products
    // and a sum or so — linear, where unshared it would double with each level.
    let reverse = f.reverse();
    assert!(reverse.graph().nodes().len() <= 6 * 100, "{:?}", reverse);
    let (x, dx) = (0.3, 1e-6);
    let fd = (f.apply(x + dx) - f.apply(x - dx)) / (2.0 * dx);
    let g = f.gradient(x);
    assert!((g - fd).abs() <= 1e-6 * (1.0 + g.abs()), "{g} vs {fd}");
    assert!((g - f.jvp(x, 1.0).1).abs() <= 1e-15);
}

#[test]
fn identities_vanish_and_constants_fold() {
    let plus_zero = Syn::compose(Syn::add_c(), Syn::fork(Syn::id(), Syn::const_c(0.0)));
    assert_eq!(plus_zero.graph().nodes().len(), 0);
    assert!(plus_zero.built().rewrites().identities >= 1);
    let six = Syn::compose(
        Syn::mul_c(),
        Syn::fork(Syn::const_c::<f64>(2.0), Syn::const_c(3.0)),
    );
    assert_eq!(six.apply(1.0), 6.0);
    assert_eq!(six.graph().nodes().len(), 1);
    assert!(six.built().rewrites().folded >= 1);
}

#[test]
fn derivative_terms_differentiate_again() {
    let sin = Syn::sin_c();
    let (second, third) = (sin.gradient_term().gradient_term(), |x: f64| -x.cos());
    let x = 0.7;
    assert!((second.apply(x) + x.sin()).abs() < 1e-15);
    assert!((second.gradient(x) - third(x)).abs() < 1e-15);
    // The forward derivative is a term like any other: composed with `exr`, it is `f′(a) · da`.
    let slope = Syn::compose(Syn::exr(), sin.forward());
    assert_eq!(slope.apply((x, 2.0)), 2.0 * x.cos());
}

fn softplus() -> Term<f64, f64> {
    Syn::primitive(primitive(
        "softplus",
        |x: &f64| x.exp().ln_1p(),
        |x: &f64| {
            let slope = 1.0 / (1.0 + (-x).exp());
            (
                move |dx: &f64| slope * dx,
                move |dy: &f64, acc: &mut f64| *acc += slope * dy,
            )
        },
    ))
}

#[test]
fn a_custom_primitive_uses_its_own_derivative() {
    let f = Syn::compose(Syn::mul_c(), Syn::fork(softplus(), Syn::id()));
    let x = 0.5;
    let s = 1.0 / (1.0 + (-x).exp());
    let expected = s * x + x.exp().ln_1p();
    assert!((f.gradient(x) - expected).abs() < 1e-15);
    assert!((f.jvp(x, 1.0).1 - expected).abs() < 1e-15);
}

#[test]
#[should_panic(expected = "custom primitive `softplus`'s derivative is not defined")]
fn a_custom_primitive_has_no_second_derivative() {
    softplus().gradient_term().gradient(0.0);
}

#[test]
#[should_panic(expected = "alloc::vec::Vec<f64> has no fixed dimension")]
fn a_run_time_length_vector_is_no_object_of_terms() {
    let _ = Syn::max_v();
}

#[test]
fn nan_behaves_as_in_the_direct_modes() {
    let t = Syn::sqrt_c();
    assert!(t.apply(-1.0).is_nan());
    assert!(t.gradient(-1.0).is_nan());
    assert!(derivative(&Reverse::sqrt_c(), -1.0).is_nan());
    // max's derivative at a tie is half each, as D's.
    assert_eq!(Syn::max_c().gradient((1.0, 1.0)), (0.5, 0.5));
    assert_eq!(gradient(&Reverse::max_c(), (1.0, 1.0)), (0.5, 0.5));
}
