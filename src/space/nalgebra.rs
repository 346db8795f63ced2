//! nalgebra's vectors and matrices: `SMatrix<T, R, C>` (and so `SVector<T, N>`), whose dimension
//! the type fixes, and `DVector<T>`, `DMatrix<T>`, whose dimension only a value knows (the empty
//! one is the zero of every shape, see [the module docs](super#run-time-lengths)).
//!
//! The element type is any object `T`, not only a scalar; coordinates are listed in nalgebra's
//! column-major storage order.
//!
//! ```
//! use catad::space::{Additive, Space};
//! use nalgebra::{DVector, Matrix2, Vector3};
//! let v = Vector3::new(1.0, 2.0, 3.0);
//! assert_eq!(v.plus(&v), Vector3::new(2.0, 4.0, 6.0));
//! assert_eq!(Space::dot(&v, &v), 14.0);
//! let m = Matrix2::new(1.0, 2.0, 3.0, 4.0);
//! assert_eq!(m.coords(), vec![1.0, 3.0, 2.0, 4.0]);
//! let d = DVector::from_vec(vec![1.0, 2.0]);
//! assert_eq!(d.plus(&DVector::zero()), d);
//! assert_eq!(<Matrix2<f64>>::DIM, Some(4));
//! ```

use super::vec::push_elements_as;
use super::{Additive, Scalar, Space, check_lengths, dim_times};
use nalgebra::{ArrayStorage, DMatrix, DVector, Dyn, SMatrix, U1, VecStorage};
use std::borrow::Cow;

/// The static matrix with the given column-major storage.
fn smatrix<T, const R: usize, const C: usize>(columns: [[T; R]; C]) -> SMatrix<T, R, C> {
    SMatrix::from_array_storage(ArrayStorage(columns))
}

impl<T: Additive, const R: usize, const C: usize> Additive for SMatrix<T, R, C> {
    const DIM: Option<usize> = dim_times(T::DIM, R * C);
    const COMPONENTS: Option<usize> = dim_times(T::COMPONENTS, R * C);

    fn zero() -> Self {
        smatrix(Additive::zero())
    }

    fn plus(&self, other: &Self) -> Self {
        smatrix(self.data.0.plus(&other.data.0))
    }
}

impl<S: Scalar, T: Space<S>, const R: usize, const C: usize> Space<S> for SMatrix<T, R, C> {
    fn scale(&self, s: S) -> Self {
        smatrix(self.data.0.scale(s))
    }
    fn dot(&self, other: &Self) -> S {
        self.data.0.dot(&other.data.0)
    }
    fn dim(&self) -> usize {
        self.data.0.dim()
    }
    fn push_coords(&self, out: &mut Vec<S>) {
        self.data.0.push_coords(out);
    }
    fn push_coords_as(&self, shape: &Self, out: &mut Vec<S>) {
        self.data.0.push_coords_as(&shape.data.0, out);
    }
    fn read_coords(&self, coords: &mut dyn Iterator<Item = S>) -> Self {
        smatrix(self.data.0.read_coords(coords))
    }
    fn push_components(&self, out: &mut Vec<S>) {
        self.data.0.push_components(out);
    }
    fn read_components(&self, components: &mut dyn Iterator<Item = S>) -> Self {
        smatrix(self.data.0.read_components(components))
    }
}

/// The dynamic vector with the given elements.
fn dvector<T>(elements: Vec<T>) -> DVector<T> {
    DVector::from_data(VecStorage::new(Dyn(elements.len()), U1, elements))
}

impl<T: Additive> Additive for DVector<T> {
    const DIM: Option<usize> = None;

    fn zero() -> Self {
        dvector(Vec::new())
    }

    fn plus(&self, other: &Self) -> Self {
        check_lengths("DVector::plus", self.nrows(), other.nrows());
        dvector(self.data.as_vec().plus(other.data.as_vec()))
    }

    fn plus_assign(&mut self, other: &Self) {
        check_lengths("DVector::plus", self.nrows(), other.nrows());
        if self.is_empty() {
            self.clone_from(other);
        } else {
            T::plus_each(self.as_mut_slice(), Cow::Borrowed(other.as_slice()));
        }
    }

    fn plus_owned(self, other: Self) -> Self {
        check_lengths("DVector::plus", self.nrows(), other.nrows());
        dvector(Vec::from(self.data).plus_owned(Vec::from(other.data)))
    }
}

impl<S: Scalar, T: Space<S>> Space<S> for DVector<T> {
    fn scale(&self, s: S) -> Self {
        dvector(self.data.as_vec().scale(s))
    }
    fn dot(&self, other: &Self) -> S {
        check_lengths("DVector::dot", self.nrows(), other.nrows());
        self.data.as_vec().dot(other.data.as_vec())
    }
    fn dim(&self) -> usize {
        self.data.as_vec().dim()
    }
    fn push_coords(&self, out: &mut Vec<S>) {
        self.data.as_vec().push_coords(out);
    }
    fn push_coords_as(&self, shape: &Self, out: &mut Vec<S>) {
        push_elements_as("DVector", self.data.as_vec(), shape.data.as_vec(), out);
    }
    fn read_coords(&self, coords: &mut dyn Iterator<Item = S>) -> Self {
        dvector(self.data.as_vec().read_coords(coords))
    }
    fn push_components(&self, out: &mut Vec<S>) {
        self.data.as_vec().push_components(out);
    }
    fn read_components(&self, components: &mut dyn Iterator<Item = S>) -> Self {
        dvector(self.data.as_vec().read_components(components))
    }
}

/// The dynamic matrix of the given shape with the given column-major elements.
fn dmatrix<T>((rows, columns): (usize, usize), elements: Vec<T>) -> DMatrix<T> {
    DMatrix::from_data(VecStorage::new(Dyn(rows), Dyn(columns), elements))
}

/// The shape two dynamic matrices combine to: their common shape, or the other's when one has no
/// elements (the zero of every shape). Panics naming both shapes otherwise.
fn common_shape<T>(op: &str, a: &DMatrix<T>, b: &DMatrix<T>) -> (usize, usize) {
    let (sa, sb) = (a.shape(), b.shape());
    if a.is_empty() {
        sb
    } else if b.is_empty() || sa == sb {
        sa
    } else {
        panic!(
            "{op}: matrices of shapes {}×{} and {}×{} do not combine (shapes must be equal, or \
             one matrix empty, the zero of every shape)",
            sa.0, sa.1, sb.0, sb.1
        )
    }
}

impl<T: Additive> Additive for DMatrix<T> {
    const DIM: Option<usize> = None;

    fn zero() -> Self {
        dmatrix((0, 0), Vec::new())
    }

    fn plus(&self, other: &Self) -> Self {
        let shape = common_shape("DMatrix::plus", self, other);
        dmatrix(shape, self.data.as_vec().plus(other.data.as_vec()))
    }

    fn plus_assign(&mut self, other: &Self) {
        common_shape("DMatrix::plus", self, other);
        if self.is_empty() {
            self.clone_from(other);
        } else {
            T::plus_each(self.as_mut_slice(), Cow::Borrowed(other.as_slice()));
        }
    }

    fn plus_owned(self, other: Self) -> Self {
        let shape = common_shape("DMatrix::plus", &self, &other);
        dmatrix(
            shape,
            Vec::from(self.data).plus_owned(Vec::from(other.data)),
        )
    }
}

impl<S: Scalar, T: Space<S>> Space<S> for DMatrix<T> {
    fn scale(&self, s: S) -> Self {
        dmatrix(self.shape(), self.data.as_vec().scale(s))
    }
    fn dot(&self, other: &Self) -> S {
        common_shape("DMatrix::dot", self, other);
        self.data.as_vec().dot(other.data.as_vec())
    }
    fn dim(&self) -> usize {
        self.data.as_vec().dim()
    }
    fn push_coords(&self, out: &mut Vec<S>) {
        self.data.as_vec().push_coords(out);
    }
    fn push_coords_as(&self, shape: &Self, out: &mut Vec<S>) {
        push_elements_as("DMatrix", self.data.as_vec(), shape.data.as_vec(), out);
    }
    fn read_coords(&self, coords: &mut dyn Iterator<Item = S>) -> Self {
        dmatrix(self.shape(), self.data.as_vec().read_coords(coords))
    }
    fn push_components(&self, out: &mut Vec<S>) {
        self.data.as_vec().push_components(out);
    }
    fn read_components(&self, components: &mut dyn Iterator<Item = S>) -> Self {
        dmatrix(self.shape(), self.data.as_vec().read_components(components))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::{SVector, Vector2};

    #[test]
    fn static_vectors_of_objects_are_objects() {
        let v: SVector<(f64, f64), 2> = smatrix([[(1.0, 2.0), (3.0, 4.0)]]);
        assert_eq!(<SVector<(f64, f64), 2>>::DIM, Some(4));
        assert_eq!(v.dim(), 4);
        assert_eq!(v.plus(&v).data.0, [[(2.0, 4.0), (6.0, 8.0)]]);
        assert_eq!(v.coords(), vec![1.0, 2.0, 3.0, 4.0]);
    }

    #[test]
    fn static_vector_basis_is_the_standard_one() {
        let basis = Vector2::new(7.0, 8.0).basis();
        assert_eq!(basis, vec![Vector2::new(1.0, 0.0), Vector2::new(0.0, 1.0)]);
    }

    #[test]
    fn empty_dynamic_vector_is_the_zero() {
        let d = DVector::from_vec(vec![1.0, 2.0, 3.0]);
        assert_eq!(DVector::zero().plus(&d), d);
        assert_eq!(Space::dot(&d, &DVector::zero()), 0.0);
        assert_eq!(d.scale(2.0), DVector::from_vec(vec![2.0, 4.0, 6.0]));
    }

    #[test]
    #[should_panic(expected = "DVector::plus: vectors of lengths 2 and 3")]
    fn dynamic_vectors_of_different_lengths_do_not_add() {
        DVector::from_vec(vec![1.0, 2.0]).plus(&DVector::from_vec(vec![1.0, 2.0, 3.0]));
    }

    #[test]
    #[should_panic(expected = "DMatrix::plus: matrices of shapes 2×3 and 3×2")]
    fn dynamic_matrices_of_different_shapes_do_not_add() {
        DMatrix::<f64>::zeros(2, 3).plus(&DMatrix::zeros(3, 2));
    }

    #[test]
    fn dynamic_matrix_coordinates_are_column_major() {
        let m = DMatrix::from_row_slice(2, 2, &[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(m.coords(), vec![1.0, 3.0, 2.0, 4.0]);
        assert_eq!(m.with_coords(&m.coords()), m);
        assert_eq!(m.plus(&DMatrix::zero()), m);
        assert_eq!(Space::dot(&m, &m), 30.0);
    }
}
