//! Containers: the representable functors `h` of the indexed (bi)products (paper §10, §15).
//!
//! A [`Container`] value is a *shape*: how many positions the functor has. The paper's `h a` is
//! [`Container::Obj<A>`](Container::Obj) (an object: `n` copies of `a`), and a collection of
//! morphisms `h (a ⤳ b)` is [`Container::Of<Hom<K, A, B>>`](Container::Of).
//!
//! | shape | `Of<T>` | `Obj<A>` | length |
//! |---|---|---|---|
//! | [`Arr<N>`] | `[T; N]` | `[A; N]` | the type's |
//! | [`SVec<N>`] | `[T; N]` | `nalgebra::SVector<A, N>` | the type's |
//! | [`VecLen`]`(n)` | `Vec<T>` | `Vec<A>` | the value's |
//! | [`DVecLen`]`(n)` | `Vec<T>` | `nalgebra::DVector<A>` | the value's |
//!
//! Run-time-length shapes carry their length, so that operations without a vector at hand (such
//! as `repl_i`, which makes a vector out of one element) know how long to make it. A run-time
//! vector is read through [`Container::elements`]: it must have the shape's length, or be empty
//! (the zero of every length); any other length panics, naming both.
//!
//! ```
//! use catad::space::{Arr, Container, VecLen};
//! let squares: [usize; 4] = Arr::<4>.tabulate(|i| i * i);
//! assert_eq!(squares, [0, 1, 4, 9]);
//! assert_eq!(VecLen(3).tabulate_obj(|i| i as f64), vec![0.0, 1.0, 2.0]);
//! assert_eq!(VecLen(2).elements(&Vec::<f64>::new()).as_ref(), &[0.0, 0.0]);
//! ```

use super::Additive;
use nalgebra::{ArrayStorage, DVector, Dyn, SMatrix, SVector, U1, VecStorage};
use std::borrow::Cow;
use std::fmt::Debug;

/// A representable functor with a shape: `n` positions, indexed `0..n`.
///
/// # Laws
///
/// - `h.items(&h.tabulate(f))[i] = f(i)` for `i < h.size()`, and
///   `h.elements(&h.tabulate_obj(f))[i] = f(i)`;
/// - `h.elements(&Obj::zero())` is `h.size()` zeros.
///
/// The provided methods [`index`](Container::index), [`replicate`](Container::replicate),
/// [`inject`](Container::inject), [`sum`](Container::sum), [`zip`](Container::zip) and
/// [`unzip`](Container::unzip) are the functions the indexed vocabulary means in `Fun` and `AddFun`
/// (paper Fig. 14).
///
/// # Example
///
/// ```
/// use catad::space::{Container, SVec};
/// let v = SVec::<3>.tabulate_obj(|i| i as f64);
/// assert_eq!(v, nalgebra::Vector3::new(0.0, 1.0, 2.0));
/// assert_eq!(SVec::<3>.elements(&v).as_ref(), &[0.0, 1.0, 2.0]);
/// assert_eq!(SVec::<3>.sum(&v), 3.0);
/// assert_eq!(SVec::<3>.index(&v, 2), 2.0);
/// assert_eq!(SVec::<3>.inject(1, &5.0), nalgebra::Vector3::new(0.0, 5.0, 0.0));
/// ```
pub trait Container: Copy + Debug + 'static {
    /// `h t`: a collection of `size` values of any type, typically morphisms.
    type Of<T>;
    /// `h a`: the object of `size` copies of the object `a`.
    type Obj<A: Additive>: Additive;

    /// The number of positions.
    fn size(self) -> usize;

    /// The collection whose item at `i` is `f(i)`.
    fn tabulate<T>(self, f: impl FnMut(usize) -> T) -> Self::Of<T>;

    /// The items of a collection of this shape, in index order.
    ///
    /// # Panics
    ///
    /// If a run-time collection does not have `size` items; the message names both lengths.
    fn items<T>(self, xs: &Self::Of<T>) -> &[T];

    /// The object whose element at `i` is `f(i)`.
    fn tabulate_obj<A: Additive>(self, f: impl FnMut(usize) -> A) -> Self::Obj<A>;

    /// The `size` elements of an object of this shape: a run-time vector must have this length or
    /// be empty (the zero of every length, read as `size` zeros).
    ///
    /// # Panics
    ///
    /// If a run-time vector has another length; the message names both.
    fn elements<A: Additive>(self, xs: &Self::Obj<A>) -> Cow<'_, [A]>;

    /// The number of elements `xs` holds: `size` for a shape whose type fixes the length, the
    /// vector's own length for a run-time vector (0 for the empty zero).
    fn length<A: Additive>(self, xs: &Self::Obj<A>) -> usize;

    /// Checks that a value given to a program has exactly the shape's length: the empty vector
    /// stands for zero only inside linear maps, never for a program's input.
    ///
    /// # Panics
    ///
    /// If the lengths differ; the message names both.
    ///
    /// ```should_panic
    /// use catad::space::{Container, VecLen};
    /// // panics: "a vector of length 0 where the program expects length 3"
    /// VecLen(3).check_exact(&Vec::<f64>::new());
    /// ```
    fn check_exact<A: Additive>(self, xs: &Self::Obj<A>) {
        let (got, expected) = (self.length(xs), self.size());
        assert!(
            got == expected,
            "a vector of length {got} where the program expects length {expected}"
        );
    }

    /// The collection of the items of `it`, which yields exactly `size` of them.
    ///
    /// # Panics
    ///
    /// If `it` yields fewer than `size` items.
    fn collect<T>(self, it: impl IntoIterator<Item = T>) -> Self::Of<T> {
        let mut it = it.into_iter();
        self.tabulate(|i| {
            it.next().unwrap_or_else(|| {
                panic!("collect: {} items for a shape of length {}", i, self.size())
            })
        })
    }

    /// The object with the elements of `it`, which yields exactly `size` of them.
    ///
    /// # Panics
    ///
    /// If `it` yields fewer than `size` elements.
    fn collect_obj<A: Additive>(self, it: impl IntoIterator<Item = A>) -> Self::Obj<A> {
        let mut it = it.into_iter();
        self.tabulate_obj(|i| {
            it.next().unwrap_or_else(|| {
                panic!(
                    "collect_obj: {} elements for a shape of length {}",
                    i,
                    self.size()
                )
            })
        })
    }

    /// `fmap` on collections: the collection of `f(x)` for the items `x` of `xs`.
    fn map<T, U>(self, xs: &Self::Of<T>, f: impl FnMut(&T) -> U) -> Self::Of<U> {
        self.collect(self.items(xs).iter().map(f))
    }

    /// `zipWith apply fs xs`: the object of `apply(fs[i], xs[i])`, the meaning of `crossI` in
    /// function-like categories.
    fn zip_apply<T, A: Additive, B: Additive>(
        self,
        fs: &Self::Of<T>,
        xs: &Self::Obj<A>,
        mut apply: impl FnMut(&T, A) -> B,
    ) -> Self::Obj<B> {
        let xs = self.elements(xs);
        self.collect_obj(
            self.items(fs)
                .iter()
                .zip(xs.iter())
                .map(|(f, x)| apply(f, x.clone())),
        )
    }

    /// `index xs i`: the element at position `i`, the meaning of `exI` at `i`.
    fn index<A: Additive>(self, xs: &Self::Obj<A>, i: usize) -> A {
        self.elements(xs)[i].clone()
    }

    /// `point a`: `size` copies of `a`, the meaning of `replI`.
    fn replicate<A: Additive>(self, a: &A) -> Self::Obj<A> {
        self.tabulate_obj(|_| a.clone())
    }

    /// `a` at position `i` and zeros elsewhere, the meaning of `inI` at `i`.
    fn inject<A: Additive>(self, i: usize, a: &A) -> Self::Obj<A> {
        self.tabulate_obj(|j| if i == j { a.clone() } else { A::zero() })
    }

    /// `xs[i] += a`, in place where the object allows it: how reverse mode accumulates into one
    /// element. An empty run-time vector (the zero of every length) first becomes `size` zeros.
    ///
    /// The provided definition adds the injection of `a` at `i` (a whole vector); run-time vectors
    /// and arrays add into the one element.
    ///
    /// ```
    /// use catad::space::{Container, VecLen};
    /// let mut acc: Vec<f64> = Vec::new();
    /// VecLen(3).add_at(&mut acc, 1, &2.0);
    /// VecLen(3).add_at(&mut acc, 1, &0.5);
    /// assert_eq!(acc, vec![0.0, 2.5, 0.0]);
    /// ```
    fn add_at<A: Additive>(self, xs: &mut Self::Obj<A>, i: usize, a: &A) {
        xs.plus_assign(&self.inject(i, a));
    }

    /// The sum of the elements, the meaning of `jamI`.
    fn sum<A: Additive>(self, xs: &Self::Obj<A>) -> A {
        A::sum_of(&self.elements(xs))
    }

    /// Pairs up the elements of two objects of this shape.
    fn zip<A: Additive, B: Additive>(
        self,
        xs: &Self::Obj<A>,
        ys: &Self::Obj<B>,
    ) -> Self::Obj<(A, B)> {
        let (xs, ys) = (self.elements(xs), self.elements(ys));
        self.tabulate_obj(|i| (xs[i].clone(), ys[i].clone()))
    }

    /// Splits an object of pairs into the two objects of their components.
    fn unzip<A: Additive, B: Additive>(
        self,
        pairs: &Self::Obj<(A, B)>,
    ) -> (Self::Obj<A>, Self::Obj<B>) {
        let pairs = self.elements(pairs);
        (
            self.collect_obj(pairs.iter().map(|p| p.0.clone())),
            self.collect_obj(pairs.iter().map(|p| p.1.clone())),
        )
    }
}

/// The items of a run-time collection checked against a shape's length, which they must have.
fn check_items<T>(n: usize, xs: &[T]) -> &[T] {
    assert!(
        xs.len() == n,
        "a collection of {} items where the shape has length {n}",
        xs.len()
    );
    xs
}

/// The elements of a run-time vector checked against a shape's length: borrowed when the length is
/// right, `n` zeros when the vector is empty, a panic naming both lengths otherwise.
fn checked<'a, A: Additive>(what: &str, n: usize, xs: &'a [A]) -> Cow<'a, [A]> {
    if xs.len() == n {
        Cow::Borrowed(xs)
    } else if xs.is_empty() {
        Cow::Owned(vec![A::zero(); n])
    } else {
        panic!(
            "{what} of length {} where the shape has length {n} (a run-time vector must have the \
             shape's length, or be empty, the zero of every length)",
            xs.len()
        )
    }
}

/// The shape of fixed-length arrays `[T; N]`.
///
/// ```
/// use catad::space::{Arr, Container};
/// assert_eq!(Arr::<3>.size(), 3);
/// assert_eq!(Arr::<3>.tabulate_obj(|i| i as f64), [0.0, 1.0, 2.0]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arr<const N: usize>;

impl<const N: usize> Container for Arr<N> {
    type Of<T> = [T; N];
    type Obj<A: Additive> = [A; N];

    fn size(self) -> usize {
        N
    }
    fn tabulate<T>(self, f: impl FnMut(usize) -> T) -> [T; N] {
        std::array::from_fn(f)
    }
    fn items<T>(self, xs: &[T; N]) -> &[T] {
        xs
    }
    fn tabulate_obj<A: Additive>(self, f: impl FnMut(usize) -> A) -> [A; N] {
        std::array::from_fn(f)
    }
    fn elements<A: Additive>(self, xs: &[A; N]) -> Cow<'_, [A]> {
        Cow::Borrowed(xs)
    }
    fn length<A: Additive>(self, _: &[A; N]) -> usize {
        N
    }
    fn add_at<A: Additive>(self, xs: &mut [A; N], i: usize, a: &A) {
        xs[i].plus_assign(a);
    }
}

/// The shape of nalgebra's static vectors `SVector<A, N>`; collections of morphisms are arrays.
///
/// ```
/// use catad::space::{Container, SVec};
/// use nalgebra::Vector2;
/// assert_eq!(SVec::<2>.tabulate_obj(|i| i as f64 + 1.0), Vector2::new(1.0, 2.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SVec<const N: usize>;

impl<const N: usize> Container for SVec<N> {
    type Of<T> = [T; N];
    type Obj<A: Additive> = SVector<A, N>;

    fn size(self) -> usize {
        N
    }
    fn tabulate<T>(self, f: impl FnMut(usize) -> T) -> [T; N] {
        std::array::from_fn(f)
    }
    fn items<T>(self, xs: &[T; N]) -> &[T] {
        xs
    }
    fn tabulate_obj<A: Additive>(self, f: impl FnMut(usize) -> A) -> SVector<A, N> {
        SMatrix::from_array_storage(ArrayStorage([std::array::from_fn(f)]))
    }
    fn length<A: Additive>(self, _: &SVector<A, N>) -> usize {
        N
    }
    fn elements<A: Additive>(self, xs: &SVector<A, N>) -> Cow<'_, [A]> {
        let [column] = &xs.data.0;
        Cow::Borrowed(column)
    }
}

/// The shape of run-time-length vectors `Vec<A>`: the length.
///
/// ```
/// use catad::space::{Container, VecLen};
/// assert_eq!(VecLen(2).tabulate(|i| i), vec![0, 1]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VecLen(pub usize);

impl Container for VecLen {
    type Of<T> = Vec<T>;
    type Obj<A: Additive> = Vec<A>;

    fn size(self) -> usize {
        self.0
    }
    fn tabulate<T>(self, f: impl FnMut(usize) -> T) -> Vec<T> {
        (0..self.0).map(f).collect()
    }
    fn items<T>(self, xs: &Vec<T>) -> &[T] {
        check_items(self.0, xs)
    }
    fn tabulate_obj<A: Additive>(self, f: impl FnMut(usize) -> A) -> Vec<A> {
        (0..self.0).map(f).collect()
    }
    fn elements<A: Additive>(self, xs: &Vec<A>) -> Cow<'_, [A]> {
        checked("a Vec", self.0, xs)
    }
    fn length<A: Additive>(self, xs: &Vec<A>) -> usize {
        xs.len()
    }
    fn add_at<A: Additive>(self, xs: &mut Vec<A>, i: usize, a: &A) {
        if xs.is_empty() {
            xs.resize(self.0, A::zero());
        }
        checked("a Vec", self.0, xs);
        xs[i].plus_assign(a);
    }
}

/// The shape of nalgebra's dynamic vectors `DVector<A>`: the length. Collections of morphisms are
/// `Vec`s.
///
/// ```
/// use catad::space::{Container, DVecLen};
/// use nalgebra::DVector;
/// assert_eq!(DVecLen(2).tabulate_obj(|i| i as f64), DVector::from_vec(vec![0.0, 1.0]));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DVecLen(pub usize);

impl Container for DVecLen {
    type Of<T> = Vec<T>;
    type Obj<A: Additive> = DVector<A>;

    fn size(self) -> usize {
        self.0
    }
    fn tabulate<T>(self, f: impl FnMut(usize) -> T) -> Vec<T> {
        (0..self.0).map(f).collect()
    }
    fn items<T>(self, xs: &Vec<T>) -> &[T] {
        check_items(self.0, xs)
    }
    fn tabulate_obj<A: Additive>(self, f: impl FnMut(usize) -> A) -> DVector<A> {
        let elements: Vec<A> = (0..self.0).map(f).collect();
        DVector::from_data(VecStorage::new(Dyn(elements.len()), U1, elements))
    }
    fn length<A: Additive>(self, xs: &DVector<A>) -> usize {
        xs.nrows()
    }
    fn elements<A: Additive>(self, xs: &DVector<A>) -> Cow<'_, [A]> {
        checked("a DVector", self.0, xs.data.as_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "a Vec of length 3 where the shape has length 2")]
    fn a_run_time_vector_of_another_length_is_refused() {
        VecLen(2).elements(&vec![1.0, 2.0, 3.0]);
    }

    #[test]
    #[should_panic(expected = "a DVector of length 1 where the shape has length 4")]
    fn a_dynamic_vector_of_another_length_is_refused() {
        DVecLen(4).elements(&DVector::from_vec(vec![1.0]));
    }

    #[test]
    fn the_empty_vector_reads_as_zeros() {
        assert_eq!(
            DVecLen(3).elements(&DVector::<f64>::zero()).as_ref(),
            &[0.0; 3]
        );
        assert_eq!(
            VecLen(0).elements(&Vec::<f64>::new()).as_ref(),
            &[] as &[f64]
        );
    }

    #[test]
    fn zip_and_unzip_are_inverse() {
        let (xs, ys) = (vec![1.0, 2.0], vec![3.0, 4.0]);
        let pairs = VecLen(2).zip(&xs, &ys);
        assert_eq!(pairs, vec![(1.0, 3.0), (2.0, 4.0)]);
        assert_eq!(VecLen(2).unzip(&pairs), (xs, ys));
        assert_eq!(
            VecLen(2).zip(&Vec::new(), &vec![5.0, 6.0]),
            vec![(0.0, 5.0), (0.0, 6.0)]
        );
    }

    #[test]
    fn map_keeps_the_shape() {
        let xs = VecLen(3).tabulate(|i| i);
        assert_eq!(VecLen(3).map(&xs, |x| 2 * x), vec![0, 2, 4]);
        assert_eq!(Arr::<2>.map(&[1, 2], |x| x + 1), [2, 3]);
    }

    #[test]
    #[should_panic(expected = "a collection of 2 items where the shape has length 3")]
    fn a_run_time_collection_must_have_the_shape_length() {
        VecLen(3).items(&vec![1, 2]);
    }
}
