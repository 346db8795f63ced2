//! Nested derivatives (`catad::nested`): derivatives taken inside programs that are themselves
//! differentiated, through the macro, in every pair of inner and outer modes — with no
//! perturbation confusion — and second and third derivatives against their closed forms and
//! finite differences.

use crate::macro_support::close;
use catad::interpretations::{AddFun, Begin, Cont, D, DMap, Delta, Dual, Mat};
use catad::nested::{
    Sparsity, Tangent, derivative_of, gradient_of, hessian, hvp, jvp_of, second_derivative,
    sparse_hessian, vjp_of,
};
use catad::prelude::*;
use catad::staged::Sym;
use catad::vocabulary::{LinearMap, PrimitiveCat};
use std::rc::Rc;

#[catad::program]
fn sum<S: Scalar>(x: S, y: S) -> S {
    x + y
}

#[catad::program]
fn prod<S: Scalar>(x: S, y: S) -> S {
    x * y
}

/// Rosenbrock's function with a conditional, for Hessians off a diagonal.
#[catad::program]
fn rosenbrock<S: Scalar>(x: S, y: S) -> S {
    let a = 1.0 - x;
    let b = y - x * x;
    if x > 0.0 {
        a * a + 100.0 * b * b
    } else {
        a * a + 100.0 * b * b + (x * y).sin()
    }
}

/// For each representation of the inner derivative's linear maps (over `Sym`), a module with the
/// inner derivatives as primitives and the outer programs that call them.
macro_rules! inner_mode {
    ($module:ident, $k:ty) => {
        mod $module {
            use super::*;

            catad::primitive! {
                /// (∂/∂x, ∂/∂y) (x + y), in the inner mode.
                pub fn grad_sum<S: Scalar>(x: S, y: S) -> (S, S) =
                    gradient_of::<S, _, _>(&sum::<D<$k>, Sym>());
            }

            catad::primitive! {
                /// (∂/∂x, ∂/∂y) (x · y), in the inner mode.
                pub fn grad_prod<S: Scalar>(x: S, y: S) -> (S, S) =
                    gradient_of::<S, _, _>(&prod::<D<$k>, Sym>());
            }

            /// x · d/dy (x + y) at y = 1: 1 for every x; a tool that confuses the two
            /// perturbations answers 2.
            #[catad::program]
            pub fn confusion<S: Scalar>(x: S) -> S {
                let (_, dy) = grad_sum(x, 1.0);
                x * dy
            }

            /// x · d/dy (x · y) at y = 2: the inner function captures x, so this is x², whose
            /// derivative is 2x.
            #[catad::program]
            pub fn captured<S: Scalar>(x: S) -> S {
                let (_, dy) = grad_prod(x, 2.0);
                x * dy
            }
        }
    };
}

inner_mode!(inner_forward, AddFun);
inner_mode!(inner_reverse, Dual<AddFun>);
inner_mode!(inner_delta, Delta);
inner_mode!(inner_cont, Cont<Dual<Delta>, Sym>);
inner_mode!(inner_begin, Begin<Delta, Sym>);
inner_mode!(inner_matrices, Mat<Sym>);

/// Runs `$check` with `$outer` each outer mode's representation of linear maps, and `$inner`
/// each inner mode's module.
macro_rules! every_pair {
    (|$outer:ident, $inner:ident, $name:ident| $check:expr) => {
        in_every_mode!(|$outer, $name| {
            {
                use inner_forward as $inner;
                $check;
            }
            {
                use inner_reverse as $inner;
                $check;
            }
            {
                use inner_delta as $inner;
                $check;
            }
            {
                use inner_cont as $inner;
                $check;
            }
            {
                use inner_begin as $inner;
                $check;
            }
            {
                use inner_matrices as $inner;
                $check;
            }
        })
    };
}

#[test]
fn no_perturbation_confusion_in_any_pair_of_modes() {
    every_pair!(|K, inner, outer| {
        for x in [-2.0, 0.0, 0.5, 3.0] {
            let f = inner::confusion::<D<K>, f64>();
            assert_eq!(f.apply(x), x, "{outer} over {}", stringify!(inner));
            assert_eq!(derivative(&f, x), 1.0, "{outer} over {}", stringify!(inner));
        }
    });
}

#[test]
fn an_inner_derivative_may_capture_the_outer_variable() {
    every_pair!(|K, inner, outer| {
        for x in [-2.0, 0.0, 0.5, 3.0] {
            let f = inner::captured::<D<K>, f64>();
            assert_eq!(f.apply(x), x * x, "{outer}");
            assert_eq!(derivative(&f, x), 2.0 * x, "{outer}");
        }
    });
}

/// The Hessian of Rosenbrock's function at `$at`: the Jacobian in the outer mode `D<$k>` of the
/// gradient in the inner mode `D<$i>`.
macro_rules! hessian_in {
    ($k:ty, $i:ty, $at:expr) => {{
        let g = D::<$k>::primitive(Rc::new(gradient_of::<f64, _, _>(
            &rosenbrock::<D<$i>, Sym>(),
        )));
        jacobian(&g, $at).as_slice().to_vec()
    }};
}

/// Rosenbrock's Hessian by hand (the branch at x > 0).
fn rosenbrock_hessian(x: f64, y: f64) -> Vec<f64> {
    let xy = 1200.0 * x * x - 400.0 * y + 2.0;
    vec![xy, -400.0 * x, -400.0 * x, 200.0]
}

#[test]
fn hessians_agree_in_every_pair_of_modes_and_with_their_closed_form() {
    for at in [(0.5, 1.5), (2.0, -1.0)] {
        let expected = rosenbrock_hessian(at.0, at.1);
        in_every_mode!(|K, outer| {
            for (inner, h) in [
                ("Forward", hessian_in!(K, AddFun, at)),
                ("Reverse", hessian_in!(K, Dual<AddFun>, at)),
                ("ReverseDelta", hessian_in!(K, Delta, at)),
                ("ReverseCont", hessian_in!(K, Cont<Dual<Delta>, Sym>, at)),
            ] {
                assert!(close(&h, &expected), "{outer} over {inner}: {h:?}");
            }
        });
    }
}

#[test]
fn hessians_agree_with_finite_differences_of_the_gradient_across_a_branch() {
    // At x < 0 the program takes its other branch: the staged gradient is staged again there.
    let f = rosenbrock::<Reverse, Sym>();
    let direct = rosenbrock::<Reverse, f64>();
    for (x, y) in [(0.7, 0.2), (-0.6, 0.9), (-1.3, -0.4)] {
        let h = hessian(&f, (x, y));
        let step = 1e-6;
        let columns = [(step, 0.0), (0.0, step)].map(|(dx, dy)| {
            let (a, b) = (
                gradient(&direct, (x + dx, y + dy)),
                gradient(&direct, (x - dx, y - dy)),
            );
            [(a.0 - b.0) / (2.0 * step), (a.1 - b.1) / (2.0 * step)]
        });
        for (c, column) in columns.iter().enumerate() {
            for (r, fd) in column.iter().enumerate() {
                let exact = h[(r, c)];
                assert!(
                    (exact - fd).abs() <= 1e-5 * (1.0 + exact.abs()),
                    "H[{r},{c}] at ({x}, {y}): {exact} by nesting, {fd} by differences"
                );
            }
        }
        assert_eq!(h, h.transpose(), "a Hessian is symmetric");
        let v = (0.3, -1.1);
        let hv = hvp(&f, (x, y), v);
        let product = &h * nalgebra::DVector::from_vec(vec![v.0, v.1]);
        assert!(close(&[hv.0, hv.1], product.as_slice()));
    }
}

#[catad::program]
fn quartic<S: Scalar>(x: S) -> S {
    x * x * x * x
}

#[test]
fn a_third_derivative_by_staging_a_nested_derivative_again() {
    // d/dx x⁴ = 4x³ in reverse mode, run over symbolic scalars in forward mode…
    let first =
        <Forward as PrimitiveCat<Sym>>::primitive(Rc::new(derivative_of::<Sym, _>(&quartic::<
            Reverse,
            Sym,
        >())));
    // …whose derivative 12x² is staged in turn, and differentiated in reverse mode: 24x.
    let second = Reverse::primitive(Rc::new(derivative_of::<f64, _>(&first)));
    for x in [-1.5, 0.0, 2.0] {
        assert_eq!(second.apply(x), 12.0 * x * x);
        assert_eq!(derivative(&second, x), 24.0 * x);
    }
}

#[test]
fn jvp_and_vjp_programs_are_adjoint_in_every_outer_mode() {
    // ⟨jvp(a, da), db⟩ = ⟨da, vjp(a, db)⟩, and both are differentiated again exactly: the
    // derivative of (a ↦ ⟨f′ a · da, db⟩) is the same from either program.
    let f = catad::paper::cos_sin_prod::<Reverse, Sym>();
    in_every_mode!(|K, outer| {
        let jvp = D::<K>::primitive(Rc::new(jvp_of::<f64, _, _, _>(&f)));
        let vjp = D::<K>::primitive(Rc::new(vjp_of::<f64, _, _, _>(&f)));
        let (a, da, db) = ((0.4, 1.3), (1.0, -2.0), (0.5, 3.0));
        let (_, tangent) = jvp.apply((a, da));
        let (_, cotangent) = vjp.apply((a, db));
        let left = tangent.0 * db.0 + tangent.1 * db.1;
        let right = da.0 * cotangent.0 + da.1 * cotangent.1;
        assert!(close(&[left], &[right]), "{outer}");
        let by_jvp = jacobian(&jvp, (a, da));
        let by_vjp = jacobian(&vjp, (a, db));
        // Row 2 of each (the tangent's first coordinate / the cotangent's) through ∂/∂a.
        let d_left: Vec<f64> = (0..2)
            .map(|c| by_jvp[(2, c)] * db.0 + by_jvp[(3, c)] * db.1)
            .collect();
        let d_right: Vec<f64> = (0..2)
            .map(|c| da.0 * by_vjp[(2, c)] + da.1 * by_vjp[(3, c)])
            .collect();
        assert!(close(&d_left, &d_right), "{outer}: {d_left:?} {d_right:?}");
    });
}

/// Runs `$check` with `$k` each mode's representation of linear maps over dual numbers.
macro_rules! over_tangents {
    (|$k:ident, $name:ident| $check:expr) => {{
        {
            type $k = AddFun;
            let $name = "Forward";
            $check;
        }
        {
            type $k = Dual<AddFun>;
            let $name = "Reverse";
            $check;
        }
        {
            type $k = Delta;
            let $name = "ReverseDelta";
            $check;
        }
    }};
}

#[test]
fn dual_number_scalars_nest_forward_mode_outside_any_mode_without_confusion() {
    over_tangents!(|K, inner| {
        for x in [-2.0, 0.5, 3.0] {
            // x · d/dy (x + y) at y = 1, the outer derivative in the tangent of x.
            let x = Tangent::new(x, 1.0);
            let (_, dy) = gradient(&sum::<D<K>, Tangent<f64>>(), (x, Tangent::constant(1.0)));
            assert_eq!((x * dy).tangent, 1.0, "forward over {inner}");
            // x · d/dy (x · y) at y = 2 is x², its derivative 2x.
            let (_, dy) = gradient(&prod::<D<K>, Tangent<f64>>(), (x, Tangent::constant(2.0)));
            assert_eq!((x * dy).tangent, 2.0 * x.value, "forward over {inner}");
        }
    });
}

#[test]
fn hessian_vector_products_over_dual_numbers_agree_with_the_staged_ones() {
    let v = (0.3, -1.1);
    for (x, y) in [(0.7, 0.2), (-0.6, 0.9)] {
        let staged = hvp(&rosenbrock::<Reverse, Sym>(), (x, y), v);
        over_tangents!(|K, inner| {
            let at = (Tangent::new(x, v.0), Tangent::new(y, v.1));
            let (gx, gy) = gradient(&rosenbrock::<D<K>, Tangent<f64>>(), at);
            assert!(
                close(&[gx.tangent, gy.tangent], &[staged.0, staged.1]),
                "forward over {inner}"
            );
        });
    }
}

/// `x · d/dy (x + y)` at `y = 1`, the inner gradient called in the program by its operator.
#[catad::program]
fn confusion_by_call<S: Scalar>(x: S) -> S {
    let (_, dy) = gradient::<Forward>(sum, x, 1.0);
    x * dy
}

/// `4x³`, the derivative of `x⁴` in reverse mode, called in the program.
#[catad::program]
fn quartic_slope<S: Scalar>(x: S) -> S {
    derivative::<Reverse>(quartic, x)
}

/// `12x²`: the derivative of `quartic_slope`, itself a program with a derivative inside.
#[catad::program]
fn quartic_curvature<S: Scalar>(x: S) -> S {
    derivative::<Forward>(quartic_slope, x)
}

/// `x · ∂/∂y (x + y)` at `y = 1`, the inner derivative a Jacobian-vector product along `(0, 1)`.
#[catad::program]
fn confusion_by_jvp<S: Scalar>(x: S) -> S {
    let (_, dz) = jvp::<Reverse>(sum, (x, 1.0), (0.0, 1.0));
    x * dz
}

/// `∂/∂a (a · b)` at `(x, x²)`, by a vector-Jacobian product with the cotangent 1: `x²`.
#[catad::program]
fn pulled_back<S: Scalar>(x: S) -> S {
    let (_, (da, _)) = vjp::<Forward>(prod, (x, x * x), 1.0);
    da
}

#[test]
fn programs_call_derivatives_of_programs_by_their_operators() {
    assert_eq!(
        catad::program_form!(confusion_by_call),
        "mul_c ∘ (exl △ exr ∘ exr) ∘ (id △ gradient::<Forward>(sum) ∘ (id △ const_c(1.0)))"
    );
    assert_eq!(
        catad::program_form!(pulled_back),
        "exl ∘ exr ∘ vjp::<Forward>(prod) ∘ ((id △ mul_c ∘ dup) △ const_c(1.0))"
    );
}

/// `f` has the value and the derivative `closed_form(x)` at a few points (exact in binary, as the
/// closed forms are), in the outer mode `outer`.
#[track_caller]
fn has_closed_form<K>(outer: &str, f: DMap<K, f64, f64>, closed_form: fn(f64) -> (f64, f64))
where
    K: LinearMap<f64>,
{
    for x in [-1.5, 0.5, 2.0] {
        let (value, slope) = closed_form(x);
        assert_eq!(f.apply(x), value, "{outer} at {x}");
        assert_eq!(derivative(&f, x), slope, "{outer}: the derivative at {x}");
    }
}

// The programs that call a derivative, a jvp or a vjp of a program have their values and
// derivatives in closed form, in each outer mode.
test_in_every_mode!(
    programs_call_derivatives_jvp_and_vjp_of_programs,
    |K, outer| {
        // x · d/dy (x + y) at y = 1 is x; a tool that confuses the two perturbations answers 2x.
        has_closed_form(outer, confusion_by_call::<D<K>, f64>(), |x| (x, 1.0));
        has_closed_form(outer, confusion_by_jvp::<D<K>, f64>(), |x| (x, 1.0));
        has_closed_form(outer, pulled_back::<D<K>, f64>(), |x| (x * x, 2.0 * x));
        has_closed_form(outer, quartic_slope::<D<K>, f64>(), |x| {
            (4.0 * x * x * x, 12.0 * x * x)
        });
        // The third derivative, by a third mode: three levels of nesting.
        has_closed_form(outer, quartic_curvature::<D<K>, f64>(), |x| {
            (12.0 * x * x, 24.0 * x)
        });
    }
);

/// The chained Rosenbrock function `Σᵢ (1 − xᵢ₋₁)² + 100 (xᵢ − xᵢ₋₁²)²`: a tridiagonal Hessian.
#[catad::program]
fn chained_rosenbrock<S: Scalar>(xs: Vec<S>) -> S {
    let mut total = 0.0;
    for i in 1..xs.len() {
        let a = 1.0 - xs[i - 1];
        let b = xs[i] - xs[i - 1] * xs[i - 1];
        total += a * a + 100.0 * b * b;
    }
    total
}

#[test]
fn sparse_hessians_equal_the_dense_hessian_from_one_product_per_colour() {
    let x: Vec<f64> = (0..7).map(|i| 0.3 * f64::from(i) - 0.8).collect();
    let band = Sparsity::new(7, (0..7).flat_map(|i| [(i, i), (i, (i + 1).min(6))]));
    assert_eq!(
        band.colours().len(),
        3,
        "a tridiagonal pattern has three colours"
    );
    let dense = hessian(&chained_rosenbrock::<Reverse, Sym>(), x.clone());
    for (inner, sparse) in [
        (
            "Reverse",
            sparse_hessian(
                &chained_rosenbrock::<Reverse, Sym>(),
                x.clone(),
                band.clone(),
            ),
        ),
        (
            "Forward",
            sparse_hessian(
                &chained_rosenbrock::<Forward, Sym>(),
                x.clone(),
                band.clone(),
            ),
        ),
    ] {
        assert_eq!(sparse.to_dense(), dense, "over {inner}");
    }
    // Off the band the Hessian is zero; on it, the closed form of each term's second derivatives.
    for i in 0..7 {
        for j in 0..7 {
            let expected = match (i, j) {
                (i, j) if i == j => {
                    let left = if i > 0 { 200.0 } else { 0.0 };
                    let right = if i < 6 {
                        1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0
                    } else {
                        0.0
                    };
                    left + right
                }
                (i, j) if i.abs_diff(j) == 1 => -400.0 * x[i.min(j)],
                _ => 0.0,
            };
            assert!(
                close(&[dense[(i, j)]], &[expected]),
                "H[{i},{j}] = {}",
                dense[(i, j)]
            );
        }
    }
}

#[test]
#[should_panic(expected = "where the sparsity pattern has none")]
fn a_pattern_that_misses_entries_is_an_error_not_a_wrong_hessian() {
    // The chain's Hessian is tridiagonal; the pattern's one colour (all columns) reaches every
    // row, so the missing entries cannot be seen, but a pattern of the even coordinates alone
    // leaves the odd rows unreached, where the product shows the band.
    let x = vec![0.5, -0.25, 1.0, 0.75];
    let evens = Sparsity::new(4, [(0, 0), (2, 2)]);
    sparse_hessian(&chained_rosenbrock::<Reverse, Sym>(), x, evens);
}

#[test]
#[should_panic(expected = "the sparsity pattern is 3 × 3, the point has 4 coordinates")]
fn a_pattern_of_another_size_is_an_error_naming_both() {
    sparse_hessian(
        &chained_rosenbrock::<Reverse, Sym>(),
        vec![0.0; 4],
        Sparsity::diagonal(3),
    );
}

#[test]
fn second_derivatives_of_scalar_functions_in_every_inner_mode() {
    for x in [-1.5, 0.25, 2.0] {
        let expected = 12.0 * x * x;
        for (inner, d2) in [
            ("Forward", second_derivative(&quartic::<Forward, Sym>(), x)),
            ("Reverse", second_derivative(&quartic::<Reverse, Sym>(), x)),
            (
                "ReverseDelta",
                second_derivative(&quartic::<D<Delta>, Sym>(), x),
            ),
            (
                "ReverseCont",
                second_derivative(&quartic::<ReverseCont<Sym>, Sym>(), x),
            ),
        ] {
            assert!(close(&[d2], &[expected]), "over {inner} at {x}: {d2}");
        }
    }
}
