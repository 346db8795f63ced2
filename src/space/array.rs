//! Fixed-length arrays `[T; N]`: the product of `N` copies of `T`.
//!
//! ```
//! use catad::space::{Additive, Space};
//! let v = [[1.0, 2.0], [3.0, 4.0]];
//! assert_eq!(v.dim(), 4);
//! assert_eq!(v.plus(&v), [[2.0, 4.0], [6.0, 8.0]]);
//! assert_eq!(v.scale(0.5), [[0.5, 1.0], [1.5, 2.0]]);
//! ```

use super::{Additive, Scalar, Space, dim_times};

impl<T: Additive, const N: usize> Additive for [T; N] {
    const DIM: Option<usize> = dim_times(T::DIM, N);
    const COMPONENTS: Option<usize> = dim_times(T::COMPONENTS, N);
    fn zero() -> Self {
        std::array::from_fn(|_| T::zero())
    }
    fn plus(&self, other: &Self) -> Self {
        std::array::from_fn(|i| self[i].plus(&other[i]))
    }
    fn plus_assign(&mut self, other: &Self) {
        for (a, b) in self.iter_mut().zip(other) {
            a.plus_assign(b);
        }
    }
    fn plus_owned(self, other: Self) -> Self {
        let mut others = other.into_iter();
        self.map(|a| a.plus_owned(others.next().expect("arrays of one length")))
    }
}

impl<S: Scalar, T: Space<S>, const N: usize> Space<S> for [T; N] {
    fn scale(&self, s: S) -> Self {
        std::array::from_fn(|i| self[i].scale(s))
    }
    fn dot(&self, other: &Self) -> S {
        self.iter()
            .zip(other)
            .fold(S::zero(), |acc, (a, b)| acc + a.dot(b))
    }
    fn dim(&self) -> usize {
        self.iter().map(Space::dim).sum()
    }
    fn push_coords(&self, out: &mut Vec<S>) {
        for x in self {
            x.push_coords(out);
        }
    }
    fn push_coords_as(&self, shape: &Self, out: &mut Vec<S>) {
        for (x, s) in self.iter().zip(shape) {
            x.push_coords_as(s, out);
        }
    }
    fn read_coords(&self, coords: &mut dyn Iterator<Item = S>) -> Self {
        std::array::from_fn(|i| self[i].read_coords(coords))
    }
    fn push_components(&self, out: &mut Vec<S>) {
        for x in self {
            x.push_components(out);
        }
    }
    fn read_components(&self, components: &mut dyn Iterator<Item = S>) -> Self {
        std::array::from_fn(|i| self[i].read_components(components))
    }
}
