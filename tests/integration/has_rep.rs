//! A user's structs as objects through `#[derive(HasRep)]`: their shape, their vector space, and
//! gradients that come back as the struct in every mode.

use catad::interpretations::D;
use catad::interpretations::Mat;
use catad::nested::{gradient_of, hessian};
use catad::prelude::*;
use catad::space::{HasRep, Rescale, SVec};
use catad::staged::{Sym, compile};
use catad::vocabulary::PrimitiveCat;
use nalgebra::{DMatrix, DVector, SVector, Vector3};
use std::rc::Rc;

#[derive(Clone, Debug, PartialEq, HasRep)]
struct Params {
    w: SVector<f64, 3>,
    b: f64,
}

#[derive(Clone, Debug, PartialEq, HasRep)]
struct Pair<T>(T, T);

#[derive(Clone, Debug, PartialEq, HasRep)]
struct Nothing;

#[derive(Clone, Debug, PartialEq, HasRep)]
struct Net {
    layer: Params,
    scale: Pair<f64>,
    bias: [f64; 2],
}

fn params() -> Params {
    Params {
        w: Vector3::new(1.0, 2.0, 3.0),
        b: 0.5,
    }
}

#[test]
fn the_representation_is_the_right_nested_pairs_of_the_fields() {
    assert_eq!(params().repr(), (Vector3::new(1.0, 2.0, 3.0), 0.5));
    assert_eq!(Pair(1.0, 2.0).repr(), (1.0, 2.0));
    let net = Net {
        layer: params(),
        scale: Pair(4.0, 5.0),
        bias: [6.0, 7.0],
    };
    assert_eq!(net.clone().repr(), (params(), (Pair(4.0, 5.0), [6.0, 7.0])));
    assert_eq!(Net::abst(net.clone().repr()), net);
    assert_eq!(Nothing.repr(), ());
}

#[test]
fn derived_structs_are_vector_spaces() {
    assert_eq!(Params::DIM, Some(4));
    assert_eq!(Net::DIM, Some(8));
    assert_eq!(Nothing::DIM, Some(0));
    let net = Net {
        layer: params(),
        scale: Pair(4.0, 5.0),
        bias: [6.0, 7.0],
    };
    assert_eq!(net.coords(), vec![1.0, 2.0, 3.0, 0.5, 4.0, 5.0, 6.0, 7.0]);
    assert_eq!(net.with_coords(&net.coords()), net);
    assert_eq!(net.basis().len(), 8);
    assert_eq!(
        net.dot(&net),
        net.coords().iter().map(|c| c * c).sum::<f64>()
    );
    let twice = net.plus(&net);
    assert_eq!(twice, net.scale(2.0));
    assert_eq!(Net::zero().plus(&net), net);
}

/// The data point `(x, y)` the losses are taken at.
fn data_point() -> (Vector3<f64>, f64) {
    (Vector3::new(1.0, 0.0, -1.0), 1.0)
}

/// The gradient `(∂/∂w, ∂/∂b)` of the loss at the data point, at `w = (1, 2, 3)`, `b = 0.5`: the
/// error is 1 − 3 + 0.5 − 1 = −2.5, so `∂/∂w = 2 · (−2.5) · x` and `∂/∂b = 2 · (−2.5)`.
fn the_gradient() -> (Vector3<f64>, f64) {
    (Vector3::new(-5.0, 0.0, 5.0), -5.0)
}

/// `(⟨w, x⟩ + b − y)²` for one data point `(x, y)`.
fn loss<K>(x: Vector3<f64>, y: f64) -> Hom<K, Params, f64>
where
    K: CocartesianI<SVec<3>> + Cartesian + NumCat<f64> + Scalable<f64> + RepCat,
{
    let prediction = K::compose(
        K::add_c(),
        K::cross(dot_with::<K, SVec<3>, f64>(SVec, &x), K::id()),
    );
    let error = K::compose(K::sub_c(), K::fork(prediction, K::const_c(y)));
    let square = K::compose(K::mul_c(), K::dup());
    K::compose(square, K::compose(error, K::repr_c::<Params>()))
}

#[test]
fn gradients_come_back_as_the_struct_in_every_mode() {
    let ((x, y), (w, b)) = (data_point(), the_gradient());
    let expected = Params { w, b };
    in_every_mode!(|K, mode| {
        let got = gradient(&loss::<D<K>>(x, y), params());
        assert_eq!(got, expected, "{mode}");
    });
}

#[test]
fn repr_and_abst_are_inverse_in_every_category() {
    let p = params();
    let round = Fun::compose(Fun::abst_c::<Params>(), Fun::repr_c::<Params>());
    assert_eq!(round.apply(p.clone()), p);
    let back = Reverse::compose(Reverse::repr_c::<Params>(), Reverse::abst_c::<Params>());
    let r = p.clone().repr();
    assert_eq!(jacobian(&back, r), nalgebra::DMatrix::identity(4, 4));
    let mat = Mat::<f64>::compose(Mat::abst_c::<Params>(), Mat::repr_c::<Params>());
    assert_eq!(mat.matrix(), nalgebra::DMatrix::identity(4, 4));
}

/// A struct generic in its scalar: over `Sym` a program over it is staged (its Hessian, its
/// gradient as a program, its compilation), over `f64` it is the user's value.
#[derive(Clone, Debug, PartialEq, HasRep)]
struct Affine<S: Scalar> {
    w: SVector<S, 3>,
    b: S,
}

/// A struct over a struct generic in its scalar, with a field whose length comes at run time.
#[derive(Clone, Debug, PartialEq, HasRep)]
struct Model<S>
where
    S: Scalar,
{
    affine: Affine<S>,
    gains: Vec<S>,
}

/// A struct generic in its scalar and a length, bounded in a `where` clause: the length stays a
/// parameter of its `Rescale`.
#[derive(Clone, Debug, PartialEq, HasRep)]
struct Weights<S, const N: usize>([S; N])
where
    S: Scalar;

fn affine() -> Affine<f64> {
    Affine {
        w: Vector3::new(1.0, 2.0, 3.0),
        b: 0.5,
    }
}

/// `(⟨w, x⟩ + b − y)²` for one data point `(x, y)`, over any scalar.
fn least_squares<K, S>(x: Vector3<f64>, y: f64) -> Hom<K, Affine<S>, S>
where
    K: CocartesianI<SVec<3>> + Cartesian + NumCat<S> + Scalable<S> + RepCat,
    S: Scalar,
{
    let prediction = K::compose(
        K::add_c(),
        K::cross(
            dot_with::<K, SVec<3>, S>(SVec, &x.map(S::from_f64)),
            K::id(),
        ),
    );
    let error = K::compose(K::sub_c(), K::fork(prediction, K::const_c(S::from_f64(y))));
    let square = K::compose(K::mul_c(), K::dup());
    K::compose(square, K::compose(error, K::repr_c::<Affine<S>>()))
}

#[test]
fn a_struct_generic_in_its_scalar_is_rescaled_field_by_field() {
    let a = affine();
    let over_f32: Affine<f32> = a.rescale(&mut |v| v as f32);
    assert_eq!(
        over_f32,
        Affine {
            w: Vector3::new(1.0, 2.0, 3.0),
            b: 0.5
        }
    );
    assert_eq!(
        Affine::<f64>::unscale(&over_f32, &mut |v| f64::from(v) * 2.0),
        Affine {
            w: Vector3::new(2.0, 4.0, 6.0),
            b: 1.0
        }
    );
    let pair: Pair<Sym> = Pair(1.0, 2.0).rescale(&mut Sym::constant);
    assert_eq!(
        Pair::<f64>::unscale(&pair, &mut |s: Sym| s.value()),
        Pair(1.0, 2.0)
    );
    let model = Model {
        affine: a.clone(),
        gains: vec![1.0, 2.0],
    };
    let longer = Model {
        affine: a,
        gains: vec![1.0, 2.0, 3.0],
    };
    let weights: Weights<f32, 2> = Weights([1.5, -2.0]).rescale(&mut |v: f64| v as f32);
    assert_eq!(weights, Weights([1.5, -2.0]));
    assert!(model.same_shape(&model.scale(2.0)));
    assert!(!model.same_shape(&longer));
}

#[test]
fn the_hessian_of_a_struct_generic_in_its_scalar_is_its_closed_form() {
    let (x, y) = data_point();
    // The loss is (⟨z, p⟩ − y)² with z = (x, 1): its Hessian is 2·zzᵀ.
    let z = DVector::from_vec(vec![1.0, 0.0, -1.0, 1.0]);
    let expected: DMatrix<f64> = &z * z.transpose() * 2.0;
    let h = hessian(&least_squares::<Reverse, Sym>(x, y), affine());
    assert_eq!(h, expected);
    assert_eq!(
        hessian(&least_squares::<Forward, Sym>(x, y), affine()),
        expected
    );
}

#[test]
fn the_gradient_program_of_a_struct_generic_in_its_scalar_returns_the_struct() {
    let ((x, y), (w, b)) = (data_point(), the_gradient());
    let expected = Affine { w, b };
    assert_eq!(
        gradient(&least_squares::<Reverse, f64>(x, y), affine()),
        expected
    );
    let g = Forward::primitive(Rc::new(gradient_of::<f64, _, _>(&least_squares::<
        Reverse,
        Sym,
    >(x, y))));
    let at: Affine<f64> = g.apply(affine());
    assert_eq!(at, expected);
    let compiled = compile(&least_squares::<Reverse, Sym>(x, y));
    assert_eq!(compiled.value_and_gradient(&affine()), (6.25, expected));
}
