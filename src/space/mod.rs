//! Objects: finite-dimensional vector spaces.
//!
//! Every category in catad takes the same objects (DESIGN §2). [`Additive`] is what the categories
//! themselves need (a zero and an addition — the paper's `Additive` constraint, Fig. 1, which is what
//! `inl`, `inr` and `jam` use). [`Space`] adds the rest of a vector space over a scalar field `S`:
//! scaling, the dot product, the dimension and coordinates in a basis, which the entry points use to
//! build gradients and Jacobian matrices (§9, §13). Keeping the scalar out of `Additive` lets the
//! categorical vocabulary stay free of the scalar type, and lets `()` be a space over every field.
//!
//! Implemented for `f32`, `f64` ([`Scalar`]s), `()`, tuples up to arity 4 and arrays `[T; N]`.

mod array;
mod product;
mod scalar;

pub use scalar::Scalar;

use std::fmt::Debug;

/// A commutative monoid: the objects of every catad category.
///
/// # Laws
///
/// - `zero().plus(a) == a == a.plus(zero())`
/// - `a.plus(b) == b.plus(a)`
/// - `a.plus(b.plus(c)) == a.plus(b).plus(c)`
///
/// # Example
///
/// ```
/// use catad::space::Additive;
/// assert_eq!((1.0, 2.0).plus(&(3.0, 4.0)), (4.0, 6.0));
/// assert_eq!(<(f64, f64)>::zero(), (0.0, 0.0));
/// ```
pub trait Additive: Clone + Debug + 'static {
    /// The additive identity.
    fn zero() -> Self;
    /// The sum `self + other`.
    fn plus(&self, other: &Self) -> Self;
}

/// A finite-dimensional vector space over the scalar field `S`.
///
/// A value of the space also serves as a *shape witness*: [`Space::dim`], [`Space::basis`] and
/// [`Space::read_coords`] take `&self`, so that spaces whose dimension is known only at run time can
/// implement the trait.
///
/// # Laws
///
/// - `Additive` laws, and `v.scale(1) == v`, `v.scale(a).scale(b) == v.scale(a * b)`,
///   `(u + v).scale(a) == u.scale(a) + v.scale(a)`;
/// - `dot` is bilinear and symmetric;
/// - `basis()` has `dim()` vectors, orthonormal under `dot`;
/// - `v.read_coords(v.coords()) == v` and `v.coords().len() == v.dim()`.
///
/// # Example
///
/// ```
/// use catad::space::Space;
/// let v = (1.0, [2.0, 3.0]);
/// assert_eq!(v.dim(), 3);
/// assert_eq!(v.dot(&v), 14.0);
/// assert_eq!(v.coords(), vec![1.0, 2.0, 3.0]);
/// assert_eq!(v.from_coords(&[4.0, 5.0, 6.0]), (4.0, [5.0, 6.0]));
/// assert_eq!(v.basis()[1], (0.0, [1.0, 0.0]));
/// ```
pub trait Space<S>: Additive {
    /// Scalar multiplication `s · self`.
    fn scale(&self, s: S) -> Self;
    /// The inner product `⟨self, other⟩`.
    fn dot(&self, other: &Self) -> S;
    /// The dimension of the space `self` belongs to.
    fn dim(&self) -> usize;
    /// Appends the coordinates of `self` in the standard basis to `out`.
    fn push_coords(&self, out: &mut Vec<S>);
    /// Builds a vector of `self`'s shape from the next `self.dim()` coordinates.
    ///
    /// # Panics
    ///
    /// If `coords` runs out first.
    fn read_coords(&self, coords: &mut dyn Iterator<Item = S>) -> Self;

    /// The coordinates of `self` in the standard basis.
    fn coords(&self) -> Vec<S> {
        let mut out = Vec::with_capacity(self.dim());
        self.push_coords(&mut out);
        out
    }

    /// The vector of `self`'s shape with the given coordinates.
    ///
    /// # Panics
    ///
    /// If `coords.len()` is not `self.dim()`; the message names both sizes.
    fn from_coords(&self, coords: &[S]) -> Self
    where
        S: Clone,
    {
        let dim = self.dim();
        assert_eq!(
            coords.len(),
            dim,
            "from_coords: got {} coordinates for a space of dimension {}",
            coords.len(),
            dim
        );
        self.read_coords(&mut coords.iter().cloned())
    }

    /// The standard basis of the space `self` belongs to: `dim()` unit vectors.
    fn basis(&self) -> Vec<Self>
    where
        S: Scalar,
    {
        let dim = self.dim();
        (0..dim)
            .map(|i| {
                let unit: Vec<S> = (0..dim)
                    .map(|j| S::from_f64(if i == j { 1.0 } else { 0.0 }))
                    .collect();
                self.from_coords(&unit)
            })
            .collect()
    }
}

/// Reads one coordinate, panicking with a clear message when there are too few.
pub(crate) fn next_coord<S>(coords: &mut dyn Iterator<Item = S>) -> S {
    coords
        .next()
        .expect("read_coords: fewer coordinates than the space's dimension")
}
