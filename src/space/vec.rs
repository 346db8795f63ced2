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
            self.iter().zip(other).map(|(a, b)| a.plus(b)).collect()
        }
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

    fn read_coords(&self, coords: &mut dyn Iterator<Item = S>) -> Self {
        self.iter().map(|x| x.read_coords(coords)).collect()
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
