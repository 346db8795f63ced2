//! Run-time-length vectors `Vec<T>`: the product of `len` copies of `T`, with the empty vector as
//! the zero of every length (see [the module docs](super#run-time-lengths)).
//!
//! ```
//! use catad::space::{Additive, Space};
//! let v = vec![1.0, 2.0, 3.0];
//! assert_eq!(v.plus(&v), vec![2.0, 4.0, 6.0]);
//! assert_eq!(v.plus(&Vec::zero()), v);
//! assert_eq!(v.dot(&v), 14.0);
//! assert_eq!(v.dim(), 3);
//! ```
//!
//! Vectors of different non-zero lengths do not add:
//!
//! ```should_panic
//! use catad::space::Additive;
//! // panics: "Vec::plus: vectors of lengths 2 and 3 do not combine …"
//! vec![1.0, 2.0].plus(&vec![1.0, 2.0, 3.0]);
//! ```

use super::{Additive, Scalar, Space, check_lengths};
use crate::staged::{Sym, SymCoords, part};
use std::borrow::Cow;

impl<T: Additive> Additive for Vec<T> {
    const DIM: Option<usize> = None;

    fn zero() -> Self {
        Vec::new()
    }

    fn plus(&self, other: &Self) -> Self {
        check_lengths("Vec::plus", self.len(), other.len());
        if self.is_empty() {
            other.clone()
        } else if other.is_empty() {
            self.clone()
        } else {
            let mut sum = self.clone();
            T::plus_each(&mut sum, Cow::Borrowed(other));
            sum
        }
    }

    fn plus_assign(&mut self, other: &Self) {
        check_lengths("Vec::plus", self.len(), other.len());
        if self.is_empty() {
            self.clone_from(other);
        } else {
            T::plus_each(self, Cow::Borrowed(other));
        }
    }

    fn plus_owned(mut self, other: Self) -> Self {
        check_lengths("Vec::plus", self.len(), other.len());
        if self.is_empty() {
            other
        } else {
            if !other.is_empty() {
                T::plus_each(&mut self, Cow::Owned(other));
            }
            self
        }
    }

    // The coordinates of a `Vec<T>` are functions of `&Vec<T>`, as `SymCoords<Vec<T>>` holds.
    #[allow(clippy::ptr_arg)]
    fn symbolic() -> Option<SymCoords<Self>> {
        fn push_as<T: Additive>(xs: &Vec<T>, shape: &Vec<T>, out: &mut Vec<Sym>) {
            let part = part::<T>();
            if xs.is_empty() {
                let start = out.len();
                shape.iter().for_each(|x| part.push(x, out));
                out[start..].fill(Sym::constant(0.0));
            } else {
                check_lengths("Vec::push_coords_as", xs.len(), shape.len());
                for (x, s) in xs.iter().zip(shape) {
                    part.push_as(x, s, out);
                }
            }
        }
        fn read<T: Additive>(shape: &Vec<T>, coords: &mut dyn Iterator<Item = Sym>) -> Vec<T> {
            let part = part::<T>();
            shape.iter().map(|x| part.read(x, coords)).collect()
        }
        T::symbolic()?;
        Some(SymCoords::new(push_as::<T>, read::<T>))
    }
}

impl<S: Scalar, T: Space<S>> Space<S> for Vec<T> {
    fn scale(&self, s: S) -> Self {
        self.iter().map(|x| x.scale(s)).collect()
    }

    fn dot(&self, other: &Self) -> S {
        check_lengths("Vec::dot", self.len(), other.len());
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
        push_elements_as("Vec", self, shape, out);
    }
    fn read_coords(&self, coords: &mut dyn Iterator<Item = S>) -> Self {
        self.iter().map(|x| x.read_coords(coords)).collect()
    }
    fn push_components(&self, out: &mut Vec<S>) {
        for x in self {
            x.push_components(out);
        }
    }
    fn read_components(&self, components: &mut dyn Iterator<Item = S>) -> Self {
        self.iter().map(|x| x.read_components(components)).collect()
    }
}

/// The coordinates of the run-time vector `xs` read in the shape of `shape`: `shape.dim()` zeros
/// when `xs` is empty (the zero of every length), else element by element in the shapes of
/// `shape`'s elements, which must be as many.
pub(crate) fn push_elements_as<S: Scalar, T: Space<S>>(
    what: &str,
    xs: &[T],
    shape: &[T],
    out: &mut Vec<S>,
) {
    if xs.is_empty() {
        out.extend(
            shape
                .iter()
                .flat_map(|s| std::iter::repeat_n(S::zero(), s.dim())),
        );
    } else {
        assert!(
            xs.len() == shape.len() || shape.is_empty(),
            "{what}::coords_as: a vector of length {} read in the shape of a vector of length {}",
            xs.len(),
            shape.len()
        );
        if shape.is_empty() {
            xs.iter().for_each(|x| x.push_coords(out));
        } else {
            xs.iter()
                .zip(shape)
                .for_each(|(x, s)| x.push_coords_as(s, out));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_vector_is_the_zero_of_every_length() {
        let v = vec![1.0, -2.0];
        assert_eq!(Vec::zero().plus(&v), v);
        assert_eq!(v.plus(&Vec::zero()), v);
        assert_eq!(v.dot(&Vec::zero()), 0.0);
    }

    #[test]
    #[should_panic(expected = "Vec::dot: vectors of lengths 3 and 2")]
    fn dot_of_different_lengths_names_both() {
        let _ = vec![1.0, 2.0, 3.0].dot(&vec![1.0, 2.0]);
    }

    #[test]
    fn an_empty_vector_reads_as_zeros_of_the_shape() {
        let shape = vec![(1.0, 2.0), (3.0, 4.0)];
        assert_eq!(Vec::new().coords_as(&shape), vec![0.0; 4]);
        assert_eq!(shape.coords_as(&shape), shape.coords());
        let nested = vec![vec![1.0], Vec::new()];
        assert_eq!(
            nested.coords_as(&vec![vec![5.0], vec![6.0, 7.0]]),
            vec![1.0, 0.0, 0.0]
        );
    }

    #[test]
    #[should_panic(
        expected = "Vec::coords_as: a vector of length 2 read in the shape of a vector of length 3"
    )]
    fn a_vector_of_another_length_does_not_read_as_the_shape() {
        let _ = vec![1.0, 2.0].coords_as(&vec![0.0; 3]);
    }

    #[test]
    fn coordinates_follow_the_witness_shape() {
        let v = vec![(1.0, 2.0), (3.0, 4.0)];
        assert_eq!(v.coords(), vec![1.0, 2.0, 3.0, 4.0]);
        assert_eq!(
            v.with_coords(&[5.0, 6.0, 7.0, 8.0]),
            vec![(5.0, 6.0), (7.0, 8.0)]
        );
        assert_eq!(v.basis().len(), 4);
        assert_eq!(v.basis()[2], vec![(0.0, 0.0), (1.0, 0.0)]);
    }
}
