//! `Rescale`: the same shape of value over another scalar.

use super::{Additive, Data, Scalar, Space};
use nalgebra::{ArrayStorage, DMatrix, DVector, SMatrix};

/// A value built from scalars `S` whose shape can be rebuilt over another scalar `T`: `(f64,
/// [f64; 3])` over [`Sym`](crate::staged::Sym) is `(Sym, [Sym; 3])`.
///
/// This is how a compiled program ([`crate::staged`]) takes and returns the user's own `f64`
/// types while it records the program over symbolic scalars.
///
/// Implemented for the scalars (`f32`, `f64`, `Sym`), `()`, `usize`, tuples up to arity 12,
/// arrays, `Vec`, nalgebra's `SMatrix` (and `SVector`), `DVector` and `DMatrix` of scalars,
/// [`Data`] (whose contents become constants of the other scalar), and a user's struct generic in
/// its scalar that derives [`HasRep`](macro@super::HasRep) (`Params<S>` over `Params<T>`).
///
/// # Laws
///
/// Rescaling keeps the shape: `x.rescale(f).dim() == x.dim()`, and the coordinates of
/// `x.rescale(f)` are `f` of the coordinates of `x`, in order (except in [`Data`], which has
/// none).
///
/// # Example
///
/// ```
/// use catad::space::{Rescale, Space};
/// let x = (1.5_f64, [2.0_f64, 3.0]);
/// let y: (f32, [f32; 2]) = x.rescale(&mut |v| v as f32);
/// assert_eq!(y, (1.5, [2.0, 3.0]));
/// assert!(vec![1.0_f64, 2.0].same_shape(&vec![3.0, 4.0]));
/// assert!(!vec![1.0_f64].same_shape(&vec![3.0, 4.0]));
/// ```
pub trait Rescale<S: Scalar>: Space<S> {
    /// The same shape over `T`.
    type Over<T: Scalar>: Space<T>;

    /// The same value with every scalar `s` replaced by `f(s)`.
    fn rescale<T: Scalar>(&self, f: &mut impl FnMut(S) -> T) -> Self::Over<T>;

    /// The value of this type with `over`'s shape, every scalar `t` replaced by `f(t)`: the way
    /// back from [`rescale`](Rescale::rescale).
    ///
    /// ```
    /// use catad::space::Rescale;
    /// let y = <(f64, Vec<f64>)>::unscale(&(1.5_f32, vec![2.0_f32]), &mut |v| f64::from(v));
    /// assert_eq!(y, (1.5, vec![2.0]));
    /// ```
    fn unscale<T: Scalar>(over: &Self::Over<T>, f: &mut impl FnMut(T) -> S) -> Self;

    /// Whether `other` has this value's shape (the lengths of its vectors) and its data: what a
    /// compiled program must be recompiled for.
    fn same_shape(&self, other: &Self) -> bool;
}

macro_rules! scalar_rescale {
    ($($t:ty),*) => {$(
        impl Rescale<$t> for $t {
            type Over<T: Scalar> = T;
            #[inline]
            fn rescale<T: Scalar>(&self, f: &mut impl FnMut($t) -> T) -> T {
                f(*self)
            }
            #[inline]
            fn unscale<T: Scalar>(over: &T, f: &mut impl FnMut(T) -> $t) -> $t {
                f(*over)
            }
            #[inline]
            fn same_shape(&self, _: &Self) -> bool {
                true
            }
        }
    )*};
}

scalar_rescale!(f32, f64, crate::staged::Sym);

impl<S: Scalar> Rescale<S> for () {
    type Over<T: Scalar> = ();
    fn rescale<T: Scalar>(&self, _: &mut impl FnMut(S) -> T) {}
    fn unscale<T: Scalar>(_: &(), _: &mut impl FnMut(T) -> S) {}
    fn same_shape(&self, _: &Self) -> bool {
        true
    }
}

impl<S: Scalar> Rescale<S> for usize {
    type Over<T: Scalar> = usize;
    fn rescale<T: Scalar>(&self, _: &mut impl FnMut(S) -> T) -> usize {
        *self
    }
    fn unscale<T: Scalar>(over: &usize, _: &mut impl FnMut(T) -> S) -> usize {
        *over
    }
    fn same_shape(&self, other: &Self) -> bool {
        self == other
    }
}

macro_rules! tuple_rescale {
    ($($t:ident $i:tt),+) => {
        impl<S: Scalar, $($t: Rescale<S>),+> Rescale<S> for ($($t,)+) {
            type Over<T: Scalar> = ($($t::Over<T>,)+);
            fn rescale<T: Scalar>(&self, f: &mut impl FnMut(S) -> T) -> Self::Over<T> {
                ($(self.$i.rescale(f),)+)
            }
            fn unscale<T: Scalar>(over: &Self::Over<T>, f: &mut impl FnMut(T) -> S) -> Self {
                ($($t::unscale(&over.$i, f),)+)
            }
            fn same_shape(&self, other: &Self) -> bool {
                true $(&& self.$i.same_shape(&other.$i))+
            }
        }
    };
}

tuple_rescale!(A 0);
tuple_rescale!(A 0, B 1);
tuple_rescale!(A 0, B 1, C 2);
tuple_rescale!(A 0, B 1, C 2, D 3);
tuple_rescale!(A 0, B 1, C 2, D 3, E 4);
tuple_rescale!(A 0, B 1, C 2, D 3, E 4, F 5);
tuple_rescale!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple_rescale!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
tuple_rescale!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
tuple_rescale!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
tuple_rescale!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, L 10);
tuple_rescale!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, L 10, M 11);

impl<S: Scalar, A: Rescale<S>, const N: usize> Rescale<S> for [A; N] {
    type Over<T: Scalar> = [A::Over<T>; N];
    fn rescale<T: Scalar>(&self, f: &mut impl FnMut(S) -> T) -> Self::Over<T> {
        std::array::from_fn(|i| self[i].rescale(f))
    }
    fn unscale<T: Scalar>(over: &Self::Over<T>, f: &mut impl FnMut(T) -> S) -> Self {
        std::array::from_fn(|i| A::unscale(&over[i], f))
    }
    fn same_shape(&self, other: &Self) -> bool {
        self.iter().zip(other).all(|(a, b)| a.same_shape(b))
    }
}

impl<S: Scalar, A: Rescale<S>> Rescale<S> for Vec<A> {
    type Over<T: Scalar> = Vec<A::Over<T>>;
    fn rescale<T: Scalar>(&self, f: &mut impl FnMut(S) -> T) -> Self::Over<T> {
        self.iter().map(|a| a.rescale(f)).collect()
    }
    fn unscale<T: Scalar>(over: &Self::Over<T>, f: &mut impl FnMut(T) -> S) -> Self {
        over.iter().map(|a| A::unscale(a, f)).collect()
    }
    fn same_shape(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a.same_shape(b))
    }
}

impl<S: Scalar, A: Rescale<S>, const R: usize, const C: usize> Rescale<S> for SMatrix<A, R, C> {
    type Over<T: Scalar> = SMatrix<A::Over<T>, R, C>;
    fn rescale<T: Scalar>(&self, f: &mut impl FnMut(S) -> T) -> Self::Over<T> {
        SMatrix::from_array_storage(ArrayStorage(self.data.0.rescale(f)))
    }
    fn unscale<T: Scalar>(over: &Self::Over<T>, f: &mut impl FnMut(T) -> S) -> Self {
        SMatrix::from_array_storage(ArrayStorage(<[[A; R]; C]>::unscale(&over.data.0, f)))
    }
    fn same_shape(&self, other: &Self) -> bool {
        self.data.0.same_shape(&other.data.0)
    }
}

impl<S: Scalar> Rescale<S> for DVector<S> {
    type Over<T: Scalar> = DVector<T>;
    fn rescale<T: Scalar>(&self, f: &mut impl FnMut(S) -> T) -> DVector<T> {
        self.map(f)
    }
    fn unscale<T: Scalar>(over: &DVector<T>, f: &mut impl FnMut(T) -> S) -> Self {
        over.map(f)
    }
    fn same_shape(&self, other: &Self) -> bool {
        self.len() == other.len()
    }
}

impl<S: Scalar> Rescale<S> for DMatrix<S> {
    type Over<T: Scalar> = DMatrix<T>;
    fn rescale<T: Scalar>(&self, f: &mut impl FnMut(S) -> T) -> DMatrix<T> {
        self.map(f)
    }
    fn unscale<T: Scalar>(over: &DMatrix<T>, f: &mut impl FnMut(T) -> S) -> Self {
        over.map(f)
    }
    fn same_shape(&self, other: &Self) -> bool {
        self.shape() == other.shape()
    }
}

impl<S: Scalar, A: Rescale<S>> Rescale<S> for Data<A> {
    type Over<T: Scalar> = Data<A::Over<T>>;
    /// The data's contents over `T`, as constants: data are not the program's input.
    fn rescale<T: Scalar>(&self, _: &mut impl FnMut(S) -> T) -> Self::Over<T> {
        match self.value() {
            None => Additive::zero(),
            Some(a) => Data::new(a.rescale(&mut |s: S| T::from_f64(s.to_f64()))),
        }
    }
    /// The data's contents over `S`, as constants.
    fn unscale<T: Scalar>(over: &Self::Over<T>, _: &mut impl FnMut(T) -> S) -> Self {
        match over.value() {
            None => Additive::zero(),
            Some(a) => Data::new(A::unscale(a, &mut |t: T| S::from_f64(t.peek()))),
        }
    }
    /// The same handle, or data with the same shape and values.
    fn same_shape(&self, other: &Self) -> bool {
        match (self.value(), other.value()) {
            (None, None) => true,
            (Some(a), Some(b)) => {
                self.same_handle(other) || (a.same_shape(b) && a.coords() == b.coords())
            }
            _ => false,
        }
    }
}
