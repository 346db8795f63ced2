//! Objects: finite-dimensional vector spaces.
//!
//! Every category in catad takes the same objects. [`Additive`] is what the categories
//! themselves need (a zero and an addition — the paper's `Additive` constraint, Fig. 1, which is what
//! `inl`, `inr` and `jam` use). [`Space`] adds the rest of a vector space over a scalar field `S`:
//! scaling, the dot product, the dimension and coordinates in a basis, which the entry points use to
//! build gradients and Jacobian matrices (§9, §13). Keeping the scalar out of `Additive` lets the
//! categorical vocabulary stay free of the scalar type, and lets `()` be a space over every field.
//!
//! Implemented for `f32`, `f64` ([`Scalar`]s), `usize` (indices and counts, of dimension 0: see
//! the `index` module's docs), [`Data<T>`] (data a program reads and does not differentiate, of
//! dimension 0), `()`, tuples up to arity 12 (beyond pairs through
//! [`HasRep`]), arrays `[T; N]`,
//! run-time-length vectors `Vec<T>`, nalgebra's matrices and vectors (`SMatrix`/`SVector`,
//! `DVector`, `DMatrix`), frunk's HLists, and every [`HasRep`] type: a user's struct with
//! `#[derive(HasRep)]`.
//!
//! # Run-time lengths
//!
//! `Vec<T>`, `DVector<T>` and `DMatrix<T>` know their length only at run time, but
//! [`Additive::zero`] has no value to ask. Their zero is therefore the *empty* vector, the zero of
//! every length: adding it to a vector of any length returns that vector, and its dot product with
//! anything is 0. Two non-empty vectors of different lengths never combine: the operation panics
//! with a message naming both lengths, and nothing is ever truncated.

mod array;
mod container;
mod data;
mod index;
mod nalgebra;
mod product;
pub(crate) mod real_field;
mod rep;
mod rescale;
mod scalar;
mod tuple;
mod vec;

pub use catad_macros::HasRep;
pub use container::{Arr, Container, DVecLen, SVec, VecLen};
pub use data::Data;
pub use rep::HasRep;
pub use rescale::Rescale;
pub use scalar::Scalar;
pub(crate) use scalar::{each, product};

use std::borrow::Cow;
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
    /// The dimension when the type alone fixes it: `Some(1)` for a scalar, `Some(0)` for `()`, the
    /// sum of the components' for a tuple, `N` times the element's for `[T; N]`; `None` for a
    /// run-time-length vector (`Vec`, `DVector`), whose dimension only a value knows.
    ///
    /// Representations that build linear maps from types alone, such as
    /// [`Mat`](crate::interpretations::Mat), read it.
    ///
    /// ```
    /// use catad::space::Additive;
    /// assert_eq!(<(f64, [f64; 3])>::DIM, Some(4));
    /// assert_eq!(<Vec<f64>>::DIM, None);
    /// ```
    const DIM: Option<usize>;

    /// The number of components when the type alone fixes it: the coordinates and the indices
    /// (`usize`s, which have no coordinate), so `Some(1)` for `usize` and `DIM` for a type that
    /// holds no index. What a program's term carries of a value: see
    /// [`Space::push_components`].
    ///
    /// ```
    /// use catad::space::Additive;
    /// assert_eq!(<(f64, usize)>::DIM, Some(1));
    /// assert_eq!(<(f64, usize)>::COMPONENTS, Some(2));
    /// ```
    const COMPONENTS: Option<usize> = Self::DIM;

    /// The additive identity.
    fn zero() -> Self;
    /// The sum `self + other`.
    fn plus(&self, other: &Self) -> Self;

    /// `self += other`, in place: how reverse mode accumulates the contributions of a value's uses.
    ///
    /// The provided definition is `*self = self.plus(other)`; run-time vectors and the products
    /// that hold them add element by element without allocating.
    ///
    /// ```
    /// use catad::space::Additive;
    /// let mut acc = <(f64, Vec<f64>)>::zero();
    /// acc.plus_assign(&(1.0, vec![1.0, 2.0]));
    /// acc.plus_assign(&(2.0, vec![10.0, 20.0]));
    /// assert_eq!(acc, (3.0, vec![11.0, 22.0]));
    /// ```
    fn plus_assign(&mut self, other: &Self) {
        *self = self.plus(other);
    }

    /// The sum of `xs`, added in order to the zero: what `sum_v` computes.
    ///
    /// The provided definition adds them one by one; a symbolic scalar
    /// ([`Sym`](crate::staged::Sym)) records the sum of a loop staged once for all its elements
    /// as one operation.
    ///
    /// ```
    /// use catad::space::Additive;
    /// assert_eq!(<(f64, f64)>::sum_of(&[(1.0, 2.0), (3.0, 4.0)]), (4.0, 6.0));
    /// assert_eq!(f64::sum_of(&[]), 0.0);
    /// ```
    fn sum_of(xs: &[Self]) -> Self {
        xs.iter().fold(Self::zero(), |mut acc, x| {
            acc.plus_assign(x);
            acc
        })
    }

    /// `xs[i] += ys[i]` for every `i`, the two of one length: how a vector adds another in place
    /// (`Vec`'s, `DVector`'s and `DMatrix`'s [`plus_assign`](Additive::plus_assign) and
    /// [`plus_owned`](Additive::plus_owned)). `ys` is lent or given; given elements are added by
    /// value ([`plus_owned`](Additive::plus_owned)), so that adding to a zero copies nothing.
    ///
    /// The provided definition adds element by element; a symbolic scalar
    /// ([`Sym`](crate::staged::Sym)) records the additions once for all the elements, as
    /// [`Scalar::elementwise`] does, where most of them are not additions of a zero.
    ///
    /// ```
    /// use catad::space::Additive;
    /// use std::borrow::Cow;
    /// let mut xs = [1.0, 2.0];
    /// f64::plus_each(&mut xs, Cow::Borrowed(&[10.0, 20.0]));
    /// assert_eq!(xs, [11.0, 22.0]);
    /// ```
    fn plus_each(xs: &mut [Self], ys: Cow<'_, [Self]>) {
        match ys {
            Cow::Borrowed(ys) => xs.iter_mut().zip(ys).for_each(|(x, y)| x.plus_assign(y)),
            Cow::Owned(ys) => xs.iter_mut().zip(ys).for_each(|(x, y)| accumulate(x, y)),
        }
    }

    /// `self + other`, consuming both: how a derivative adds values it owns (a reverse pass
    /// joining the cotangents of a value's two uses).
    ///
    /// The provided definition adds `other` into `self` in place; run-time vectors, and the
    /// products and arrays that hold them, return one side unchanged where the other is the zero
    /// (the empty vector), so adding a zero copies nothing. It equals [`Additive::plus`].
    ///
    /// ```
    /// use catad::space::Additive;
    /// let v = vec![1.0, 2.0];
    /// assert_eq!(v.clone().plus_owned(v.clone()), v.plus(&v));
    /// let (zero, w) = (<(Vec<f64>, f64)>::zero(), (vec![3.0], 1.0));
    /// assert_eq!(zero.plus_owned(w.clone()), w);
    /// ```
    fn plus_owned(mut self, other: Self) -> Self {
        self.plus_assign(&other);
        self
    }

    /// The symbolic coordinates of a type made of [`Sym`](crate::staged::Sym)s (a product,
    /// vector or structure of them), `None` for any other: a loop over values of such types is
    /// staged once for all its elements ([`crate::staged`]), a loop over others element by
    /// element. The provided definition is `None`.
    ///
    /// ```
    /// use catad::space::Additive;
    /// use catad::staged::Sym;
    /// assert!(<(Sym, Vec<Sym>)>::symbolic().is_some());
    /// assert!(<(Sym, f64)>::symbolic().is_none());
    /// ```
    fn symbolic() -> Option<crate::staged::SymCoords<Self>> {
        None
    }
}

/// `acc += x`, taking `x` by value ([`Additive::plus_owned`]): an accumulator that is still the
/// zero takes `x` itself, not a copy.
pub(crate) fn accumulate<A: Additive>(acc: &mut A, x: A) {
    *acc = take(acc).plus_owned(x);
}

/// Moves `a` out, leaving its zero (a fold moves its state and element out of the argument it
/// lends its steps).
pub(crate) fn take<A: Additive>(a: &mut A) -> A {
    std::mem::replace(a, A::zero())
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
/// assert_eq!(v.with_coords(&[4.0, 5.0, 6.0]), (4.0, [5.0, 6.0]));
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

    /// Appends the components of `self` to `out`: its coordinates and, in their places, its
    /// indices, each as the scalar of its value. A term computes with indices as with scalars
    /// (an index's derivative is zero), so this is what it reads of a value.
    ///
    /// The provided definition is [`push_coords`](Space::push_coords), right for a space that
    /// holds no index.
    ///
    /// ```
    /// use catad::space::Space;
    /// let mut out = Vec::new();
    /// (2.5, 7_usize).push_components(&mut out);
    /// assert_eq!(out, vec![2.5, 7.0]);
    /// ```
    fn push_components(&self, out: &mut Vec<S>) {
        self.push_coords(out);
    }

    /// Builds a value of `self`'s shape from the next components (see
    /// [`push_components`](Space::push_components)); an index is its component's value.
    ///
    /// # Panics
    ///
    /// If `components` runs out first, or an index's component is no count.
    ///
    /// ```
    /// use catad::space::{Additive, Space};
    /// let x = <(f64, usize)>::zero().read_components(&mut [2.5, 7.0].into_iter());
    /// assert_eq!(x, (2.5, 7));
    /// ```
    fn read_components(&self, components: &mut dyn Iterator<Item = S>) -> Self {
        self.read_coords(components)
    }

    /// Appends the coordinates of `self` read in the shape of `shape`: those of
    /// [`push_coords`](Space::push_coords), except that an empty run-time vector in `self` (the
    /// zero of every length) stands for as many zeros as `shape` has in its place.
    ///
    /// The provided definition is `push_coords`, right for a space with one shape; a space with
    /// run-time-length parts, or with components that may have them, reads each part in its
    /// shape's.
    ///
    /// # Panics
    ///
    /// If a non-empty run-time vector has another length than its place in `shape`.
    fn push_coords_as(&self, shape: &Self, out: &mut Vec<S>) {
        let _ = shape;
        self.push_coords(out);
    }

    /// The coordinates of `self` in the standard basis.
    fn coords(&self) -> Vec<S> {
        let mut out = Vec::with_capacity(self.dim());
        self.push_coords(&mut out);
        out
    }

    /// The coordinates of `self` read in the shape of `shape`, `shape.dim()` of them: how a linear
    /// map given by a matrix reads its argument, which may be a zero without a length.
    ///
    /// ```
    /// use catad::space::{Additive, Space};
    /// let zero = <(f64, Vec<f64>)>::zero();
    /// assert_eq!(zero.coords(), vec![0.0]);
    /// assert_eq!(zero.coords_as(&(1.0, vec![2.0, 3.0])), vec![0.0, 0.0, 0.0]);
    /// ```
    fn coords_as(&self, shape: &Self) -> Vec<S> {
        let mut out = Vec::with_capacity(shape.dim());
        self.push_coords_as(shape, &mut out);
        out
    }

    /// The vector of `self`'s shape with the given coordinates.
    ///
    /// # Panics
    ///
    /// If `coords.len()` is not `self.dim()`; the message names both sizes.
    fn with_coords(&self, coords: &[S]) -> Self
    where
        S: Clone,
    {
        let dim = self.dim();
        assert_eq!(
            coords.len(),
            dim,
            "with_coords: got {} coordinates for a space of dimension {}",
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
                self.with_coords(&unit)
            })
            .collect()
    }
}

/// The static dimension of a product: `Some(a + b)` when both are static, else `None`.
///
/// ```
/// use catad::space::dim_sum;
/// assert_eq!(dim_sum(Some(2), Some(3)), Some(5));
/// assert_eq!(dim_sum(Some(2), None), None);
/// ```
pub const fn dim_sum(a: Option<usize>, b: Option<usize>) -> Option<usize> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a + b),
        _ => None,
    }
}

/// The static dimension of `n` copies of a space: `Some(n · d)` when `d` is static, else `None`.
///
/// ```
/// use catad::space::dim_times;
/// assert_eq!(dim_times(Some(2), 3), Some(6));
/// assert_eq!(dim_times(None, 3), None);
/// ```
pub const fn dim_times(d: Option<usize>, n: usize) -> Option<usize> {
    match d {
        Some(d) => Some(d * n),
        None => None,
    }
}

/// Checks that two run-time lengths can be combined elementwise: equal, or one of them 0 (the
/// empty vector is the zero of every length). Panics naming both lengths otherwise.
pub(crate) fn check_lengths(op: &str, m: usize, n: usize) {
    assert!(
        m == n || m == 0 || n == 0,
        "{op}: vectors of lengths {m} and {n} do not combine (lengths must be equal, or one vector \
         empty, the zero of every length)"
    );
}

/// Reads one coordinate, panicking with a clear message when there are too few.
pub(crate) fn next_coord<S>(coords: &mut dyn Iterator<Item = S>) -> S {
    coords
        .next()
        .expect("read_coords: fewer coordinates than the space's dimension")
}
