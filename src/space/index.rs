//! Indices and counts, `usize`: discrete objects, whose tangent space has dimension 0.
//!
//! A loop counter, a vector's length or a position in it flows through a program like any other
//! value, but nothing is differentiated with respect to it: its derivative is always zero, so a
//! `usize` contributes no coordinates to a gradient or a Jacobian ([`Space::dim`] is 0) and its
//! tangents and cotangents are the zero, `0`. [`Additive::plus`] is the addition of counts, which
//! keeps `0` the identity; [`Space::read_coords`] reads no coordinate and returns the witness
//! itself, so an index survives a round trip through coordinates. Its *component* (what a term
//! computes with, [`Space::push_components`]) is its value.
//!
//! ```
//! use catad::space::{Additive, Space};
//! assert_eq!(<usize as Additive>::DIM, Some(0));
//! assert_eq!(Space::<f64>::dim(&7_usize), 0);
//! assert_eq!(Space::<f64>::coords(&7_usize), Vec::<f64>::new());
//! assert_eq!((2.0, 7_usize).with_coords(&[3.0]), (3.0, 7));
//! ```

use super::{Additive, Scalar, Space};

impl Additive for usize {
    const DIM: Option<usize> = Some(0);
    const COMPONENTS: Option<usize> = Some(1);

    fn zero() -> Self {
        0
    }

    fn plus(&self, other: &Self) -> Self {
        self.wrapping_add(*other)
    }
}

impl<S: Scalar> Space<S> for usize {
    fn scale(&self, _: S) -> Self {
        *self
    }
    fn dot(&self, _: &Self) -> S {
        S::zero()
    }
    fn dim(&self) -> usize {
        0
    }
    fn push_coords(&self, _: &mut Vec<S>) {}
    fn read_coords(&self, _: &mut dyn Iterator<Item = S>) -> Self {
        *self
    }
    fn push_components(&self, out: &mut Vec<S>) {
        out.push(S::from_f64(*self as f64));
    }
    fn read_components(&self, components: &mut dyn Iterator<Item = S>) -> Self {
        let x = components
            .next()
            .expect("catad::space: an index's component is missing")
            .to_f64();
        assert!(
            x >= 0.0 && x.fract() == 0.0 && x <= usize::MAX as f64,
            "catad::space: an index's component is {x}, no count"
        );
        x as usize
    }
}
