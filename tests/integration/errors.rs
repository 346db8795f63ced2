//! Bad data gets a clear error, never a wrong answer: NaN inputs name their coordinate, the
//! extreme of an empty vector is refused, and vectors or tangents of the wrong length name both
//! lengths, at the entry points and in every program category.

use catad::prelude::*;
use catad::space::VecLen;

/// `Σ exp(xᵢ)·xᵢ` over a run-time vector.
fn sum_exp_x<K: Program<f64>>() -> Hom<K, Vec<f64>, f64> {
    let term = K::compose(
        K::mul_c(),
        K::fork(K::compose(K::exp_c(), K::exr()), K::exr()),
    );
    K::compose(
        K::sum_v(),
        K::compose(K::map_v(term), K::fork(K::const_c(0.0), K::id())),
    )
}

#[test]
#[should_panic(expected = "the input has NaN at coordinate 2")]
fn gradient_refuses_nan_naming_the_coordinate() {
    // `gradient` is `vjp` at the cotangent 1, and the message names `vjp`.
    let _ = gradient(&sum_exp_x::<Reverse>(), vec![0.0, 1.0, f64::NAN]);
}

#[test]
#[should_panic(expected = "jvp: the input has NaN at coordinate 1")]
fn jvp_refuses_nan_naming_the_coordinate() {
    let _ = jvp(&Forward::mul_c(), (1.0, f64::NAN), (1.0, 0.0));
}

#[test]
#[should_panic(expected = "jacobian: the input has NaN at coordinate 0")]
fn jacobian_refuses_nan_naming_the_coordinate() {
    let _ = jacobian(&ReverseDelta::sin_c(), f64::NAN);
}

#[test]
#[should_panic(expected = "max_v: the extreme of an empty vector is undefined")]
fn max_of_an_empty_vector_is_refused_in_fun() {
    let _ = Fun::max_v().apply(Vec::<f64>::new());
}

#[test]
#[should_panic(expected = "min_v: the extreme of an empty vector is undefined")]
fn min_of_an_empty_vector_is_refused_in_reverse_mode() {
    // Inside a program: the minimum of the vector a map builds, at the empty vector.
    let f = Reverse::compose(
        Reverse::min_v(),
        Reverse::compose(
            Reverse::map_v(Reverse::compose(
                Reverse::sin_c(),
                Reverse::exr::<f64, f64>(),
            )),
            Reverse::fork(Reverse::const_c(0.0), Reverse::id()),
        ),
    );
    let _ = f.apply(Vec::<f64>::new());
}

#[test]
#[should_panic(expected = "zip_v: vectors of lengths 2 and 3 do not combine")]
fn zipped_vectors_of_two_lengths_name_both() {
    let _ = ReverseDelta::zip_v::<f64, f64>().apply((vec![1.0, 2.0], vec![1.0, 2.0, 3.0]));
}

#[test]
#[should_panic(expected = "index_v: index 3 is out of bounds for a vector of length 3")]
fn an_index_past_the_end_names_it_and_the_length() {
    let _ = Forward::index_v::<f64>().apply((vec![1.0, 2.0, 3.0], 3));
}

#[test]
#[should_panic(expected = "a vector of length 4 where the program expects length 2")]
fn an_input_of_another_length_than_the_shape_names_both() {
    let f = Reverse::compose(
        Reverse::sum_c(VecLen(2)),
        Reverse::fmap(VecLen(2), Reverse::exp_c()),
    );
    let _ = gradient(&f, vec![1.0, 2.0, 3.0, 4.0]);
}

#[test]
// A run-time vector of a tangent is read in the shape of the point's, which names both lengths.
#[should_panic(expected = "a vector of length 2 read in the shape of a vector of length 3")]
fn a_tangent_of_another_dimension_names_both() {
    let _ = jvp(&sum_exp_x::<Forward>(), vec![1.0, 2.0, 3.0], vec![1.0, 0.0]);
}

#[test]
#[should_panic(expected = "a vector of length 1 read in the shape of a vector of length 2")]
fn a_cotangent_of_another_dimension_names_both() {
    let f = Reverse::map_v(Reverse::compose(
        Reverse::sin_c(),
        Reverse::exr::<f64, f64>(),
    ));
    let _ = vjp(&f, (0.0, vec![1.0, 2.0]), vec![1.0]);
}
