//! Data (`catad::space::Data`, `DataCat`, `#[data]`): the entry points take a data input as an
//! object of dimension 0 (no coordinate in a gradient, a Jacobian, a tangent), a program reads a
//! data set element by element and never copies it whole, and bad reads name what is wrong.

use super::counted::{Counted, clones};
use catad::prelude::*;
use catad::space::Data;

/// `w · Σᵢ xs[i]² + b`, the samples `#[data]`.
#[catad::program]
fn weighted(w: f64, b: f64, #[data] xs: Vec<f64>) -> f64 {
    w * xs.iter().map(|x| x * x).sum::<f64>() + b
}

#[test]
fn the_entry_points_see_no_coordinate_of_data() {
    let xs = Data::new(vec![1.0, 2.0]);
    let at = (3.0, 0.5, xs.clone());
    assert_eq!(weighted::<Fun>().apply(at.clone()), 15.5);
    // The gradient has the empty handle, the zero, in the data's place.
    let (dw, db, dxs) = gradient(&weighted::<Reverse>(), at.clone());
    assert_eq!((dw, db), (5.0, 1.0));
    assert!(dxs.is_empty());
    // Two columns, w's and b's; the data adds none.
    let j = jacobian(&weighted::<ReverseDelta>(), at.clone());
    assert_eq!(j.shape(), (1, 2));
    assert_eq!(j, jacobian(&weighted::<Forward>(), at.clone()));
    // A tangent's data place may be the empty handle or the data itself.
    assert_eq!(
        jvp(&weighted::<Forward>(), at.clone(), (1.0, 0.0, Data::zero())),
        (15.5, 5.0)
    );
    assert_eq!(
        jvp(&weighted::<Forward>(), at.clone(), (0.0, 1.0, xs.clone())),
        (15.5, 1.0)
    );
    // Every mode's gradient holds a handle of dimension 0 in the data's place: the empty one, or
    // the data's own, read back from the point; never a copy.
    let shared = |d: &Data<Vec<f64>>| d.value().is_none_or(|v| std::ptr::eq(v, xs.get()));
    let (value, (dw, db, dxs)) = vjp(&weighted::<ReverseCont<f64>>(), at.clone(), 2.0);
    assert_eq!((value, dw, db), (15.5, 10.0, 2.0));
    assert!(shared(&dxs));
    for (_, _, dxs) in [
        gradient(&weighted::<ReverseDelta>(), at.clone()),
        gradient(&weighted::<ForwardBegin<f64>>(), at.clone()),
        gradient(&weighted::<Forward>(), at),
    ] {
        assert!(shared(&dxs));
    }
}

#[test]
fn reading_an_element_copies_that_element_alone() {
    // w · xs[7].1, the data 1000 elements (counted, x): the reverse pass copies one of them.
    let read = Reverse::compose(
        Reverse::data_at::<(Counted, f64)>(),
        Reverse::fork(Reverse::exr(), Reverse::const_ix(7)),
    );
    let f = Reverse::compose(
        Reverse::mul_c(),
        Reverse::fork(Reverse::exl(), Reverse::compose(Reverse::exr(), read)),
    );
    let xs: Vec<(Counted, f64)> = (0..1000).map(|i| (Counted(0.0), f64::from(i))).collect();
    let xs = Data::new(xs);
    let mut dw = 0.0;
    assert_eq!(clones(|| dw = gradient(&f, (2.0, xs)).0), 1);
    assert_eq!(dw, 7.0);
}

#[test]
#[should_panic(expected = "data_at: index 3 is out of bounds for data of length 3")]
fn an_index_past_the_end_of_data_names_it_and_the_length() {
    let _ = Forward::data_at::<f64>().apply((Data::new(vec![1.0, 2.0, 3.0]), 3));
}

#[test]
#[should_panic(expected = "zip_len: data sets of lengths 2 and 3 do not zip")]
fn data_zipped_at_two_lengths_name_both() {
    #[catad::program]
    fn dot(#[data] xs: Vec<f64>, #[data] ys: Vec<f64>) -> f64 {
        xs.iter().zip(&ys).map(|(x, y)| x * y).sum::<f64>()
    }
    let _ = dot::<Reverse>().apply((Data::new(vec![1.0, 2.0]), Data::new(vec![1.0, 2.0, 3.0])));
}

#[test]
#[should_panic(expected = "Data: the empty handle (the zero of Data, a tangent or a cotangent)")]
fn the_empty_handle_is_not_data_to_read() {
    let _ = Fun::read::<f64>().apply(Data::zero());
}
