use super::{Cartesian, Hom};
use crate::space::{Additive, Data};

/// Reading data ([`Data`]): inputs a program reads but is not differentiated with respect to, a
/// data set, its labels, a hyper-parameter. Every operation's derivative is zero.
///
/// A data set is read element by element: `data_at` copies the one element it reads, never the
/// whole data set, so a program that iterates its samples (`data_len`, then `data_at` at each
/// index of a loop) reads each once and copies nothing else; the handle itself is a pointer.
/// `read` copies the whole value: it is for a hyper-parameter or a small datum.
///
/// # Laws
///
/// With `d = Data::new(xs)`:
///
/// - `read d = xs`;
/// - `data_len d = len_v xs` and `data_at (d, i) = index_v (xs, i)` (an index past the end is
///   an error naming the index and the length);
/// - `zip_len (m, n) = n` if `m = n`, an error naming both otherwise;
/// - in a derivative category, the derivative of each is zero.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Data;
/// // The mean of the data, xs[0] + … + xs[n−1] over n, read by index.
/// let xs = Data::new(vec![1.0, 2.0, 6.0]);
/// let at = Fun::data_at::<f64>();
/// let n = Fun::data_len::<f64>().apply(xs.clone());
/// let total: f64 = (0..n).map(|i| at.apply((xs.clone(), i))).sum();
/// assert_eq!(total / n as f64, 3.0);
/// assert_eq!(Fun::read::<f64>().apply(Data::new(0.5)), 0.5);
/// // ∂/∂w (w · ys[1]) is ys[1]; the data's own gradient is the empty handle, the zero.
/// let ys = Data::new(vec![2.0, 3.0]);
/// let f = Reverse::compose(
///     Reverse::mul_c(),
///     Reverse::cross(Reverse::id(), Reverse::compose(Reverse::data_at(), Reverse::fork(Reverse::id(), Reverse::const_ix(1)))),
/// );
/// let (dw, dys) = gradient(&f, (4.0, ys));
/// assert_eq!(dw, 3.0);
/// assert!(dys.is_empty());
/// ```
pub trait DataCat: Cartesian {
    /// `read d`, the value `d` holds, whole.
    fn read<T: Additive>() -> Hom<Self, Data<T>, T>;

    /// `data_len d`, the length of the data set `d`.
    fn data_len<T: Additive>() -> Hom<Self, Data<Vec<T>>, usize>;

    /// `data_at (d, i)`, the element `i` of the data set `d` (a copy of that element alone); an
    /// index past the end is an error naming the index and the length.
    fn data_at<T: Additive>() -> Hom<Self, (Data<Vec<T>>, usize), T>;

    /// `zip_len (m, n)`: the length of two data sets iterated together, `n` when both have
    /// length `n`; different lengths are an error naming both.
    fn zip_len() -> Hom<Self, (usize, usize), usize>;
}
