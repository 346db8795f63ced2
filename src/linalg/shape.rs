//! Lengths and the vectors a length determines: `len`, `zeros`, `unit`. Their values depend on
//! shapes alone (a length is a `usize`, of dimension 0), so their derivatives are zero.

use crate::space::{Additive, Scalar};
use crate::vocabulary::{LinearFn, Primitive, linear_fn};
use nalgebra::{DVector, RealField};
use std::rc::Rc;

type V<S> = DVector<S>;

/// A function of shapes, whose derivative is zero.
struct Shaped<A, B> {
    name: &'static str,
    value: fn(&A) -> B,
}

impl<A: Additive, B: Additive> Primitive<A, B> for Shaped<A, B> {
    fn name(&self) -> &str {
        self.name
    }
    fn value(&self, a: &A) -> B {
        (self.value)(a)
    }
    fn linearize(&self, a: &A) -> (B, Rc<dyn LinearFn<A, B>>) {
        let zero = linear_fn(|_: &A| B::zero(), |_: &B, _: &mut A| {});
        (self.value(a), zero)
    }
}

/// The unit vector `eᵢ` of length `n`.
fn unit_vector<S: Scalar + RealField>(&(n, i): &(usize, usize)) -> V<S> {
    assert!(
        i < n,
        "unit: position {i} is not in a vector of length {n} (positions 0 to {n} − 1)"
    );
    V::from_fn(n, |j, _| {
        <S as Scalar>::from_f64(if j == i { 1.0 } else { 0.0 })
    })
}

crate::primitive! {
    /// The length of `v`, an index (of dimension 0: nothing is differentiated with respect to
    /// it); `v.len()` in a program.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// assert_eq!(linalg::len::<Fun, f64>().apply(DVector::from_vec(vec![1.0, 2.0])), 2);
    /// ```
    pub fn len<S: Scalar + RealField>(v: V<S>) -> usize = Shaped {
        name: "len",
        value: |v: &V<S>| v.len(),
    };

    /// The zero vector of length `n`.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// assert_eq!(linalg::zeros::<Fun, f64>().apply(2), DVector::from_vec(vec![0.0, 0.0]));
    /// ```
    pub fn zeros<S: Scalar + RealField>(n: usize) -> V<S> = Shaped {
        name: "zeros",
        value: |n: &usize| V::zeros(*n),
    };

    /// The unit vector `eᵢ` of length `n`: `1` at position `i`, `0` elsewhere. A position outside
    /// the vector is an error naming both.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let e1 = linalg::unit::<Fun, f64>().apply((3, 1));
    /// assert_eq!(e1, DVector::from_vec(vec![0.0, 1.0, 0.0]));
    /// ```
    pub fn unit<S: Scalar + RealField>(n: usize, i: usize) -> V<S> = Shaped {
        name: "unit",
        value: unit_vector,
    };
}
