//! Data, `Data<T>`: a value a program reads but is never differentiated with respect to (a data
//! set, its labels, a hyper-parameter), shared by pointer.
//!
//! A program takes its data set as a `Data<Vec<…>>` input, so that a gradient is taken with
//! respect to the other inputs only (as JAX's `argnums`), and the data are neither copied per call
//! nor differentiated: cloning a `Data` copies a pointer, and the program reads it element by
//! element ([`DataCat`](crate::vocabulary::DataCat)), copying only the elements it reads.
//!
//! Like `usize` (see the `index` module's docs), `Data<T>` is an object of dimension 0: it
//! contributes no coordinates to a gradient or a Jacobian. Its zero is the *empty* handle, which
//! holds no value; [`Additive::plus`] keeps whichever side holds data (the left one if both do:
//! handles of one space are interchangeable), so the empty handle is the identity;
//! [`Space::read_coords`] reads no coordinate and returns the witness itself. So a tangent or a
//! cotangent in a data's place is a handle that carries nothing: a gradient holds there the empty
//! handle, or (in a mode that reads its result back from coordinates in the shape of the point)
//! the point's own handle, never a copy of the data.
//!
//! The entry points check a point for NaN by its coordinates: data, which have none, are not
//! read (that would read the whole data set at every call).
//!
//! ```
//! use catad::space::{Additive, Data, Space};
//! let xs = Data::new(vec![vec![1.0, 2.0], vec![3.0, 4.0]]);
//! assert_eq!(<Data<Vec<Vec<f64>>> as Additive>::DIM, Some(0));
//! assert_eq!(Space::<f64>::dim(&xs), 0);
//! assert_eq!(Space::<f64>::coords(&xs), Vec::<f64>::new());
//! assert_eq!(xs.get()[1][0], 3.0);
//! // A point of (f64, Data<…>) has the coordinates of its f64 alone.
//! assert_eq!((2.0, xs.clone()).coords(), vec![2.0]);
//! assert_eq!((2.0, xs.clone()).with_coords(&[5.0]), (5.0, xs.clone()));
//! assert!(Data::<Vec<f64>>::zero().is_empty());
//! ```

use super::{Additive, Scalar, Space};
use std::fmt;
use std::rc::Rc;

/// A handle to data a program reads but does not differentiate: a data set, labels, a
/// hyper-parameter. Cloning it copies a pointer, never the data.
///
/// The empty handle, [`Additive::zero`], holds no value: a tangent or a cotangent in a data's
/// place (the derivative with respect to data is zero).
///
/// ```
/// use catad::space::Data;
/// let ys = Data::new(vec![0.0, 1.0, 1.0]);
/// let shared = ys.clone();
/// assert_eq!(shared.get().len(), 3);
/// assert_eq!(shared, ys);
/// assert_eq!(format!("{:?}", Data::new(2.5)), "Data(2.5)");
/// ```
pub struct Data<T>(Option<Rc<T>>);

impl<T> Data<T> {
    /// A handle to `value`.
    ///
    /// ```
    /// use catad::space::Data;
    /// assert_eq!(*Data::new(0.1).get(), 0.1);
    /// ```
    pub fn new(value: T) -> Self {
        Data(Some(Rc::new(value)))
    }

    /// The value, if the handle holds one (`None` for the empty handle, the zero).
    ///
    /// ```
    /// use catad::space::{Additive, Data};
    /// assert_eq!(Data::new(3_usize).value(), Some(&3));
    /// assert_eq!(Data::<usize>::zero().value(), None);
    /// ```
    pub fn value(&self) -> Option<&T> {
        self.0.as_deref()
    }

    /// The value.
    ///
    /// # Panics
    ///
    /// If the handle is empty (the zero of `Data`, a tangent or a cotangent, holds no value).
    ///
    /// ```
    /// use catad::space::Data;
    /// assert_eq!(Data::new(vec![1.0, 2.0]).get()[1], 2.0);
    /// ```
    pub fn get(&self) -> &T {
        self.value().expect(
            "Data: the empty handle (the zero of Data, a tangent or a cotangent) holds no value",
        )
    }

    /// Whether the handle is empty: the zero, holding no value.
    ///
    /// ```
    /// use catad::space::{Additive, Data};
    /// assert!(!Data::new(1.0).is_empty());
    /// assert!(Data::<f64>::zero().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// Whether both are the same handle: clones of one `Data::new`, or both empty.
    pub(crate) fn same_handle(&self, other: &Data<T>) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl<T> Clone for Data<T> {
    fn clone(&self) -> Self {
        Data(self.0.clone())
    }
}

impl<T> From<T> for Data<T> {
    fn from(value: T) -> Self {
        Data::new(value)
    }
}

impl<T: fmt::Debug> fmt::Debug for Data<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value() {
            Some(value) => f.debug_tuple("Data").field(value).finish(),
            None => f.write_str("Data(empty)"),
        }
    }
}

/// Two handles are equal when both are empty or both hold equal values (a handle equals its
/// clones without comparing the values).
impl<T: PartialEq> PartialEq for Data<T> {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Rc::ptr_eq(a, b) || a == b,
            _ => false,
        }
    }
}

impl<T: fmt::Debug + 'static> Additive for Data<T> {
    const DIM: Option<usize> = Some(0);

    fn zero() -> Self {
        Data(None)
    }

    fn plus(&self, other: &Self) -> Self {
        if self.is_empty() {
            other.clone()
        } else {
            self.clone()
        }
    }
}

impl<S: Scalar, T: fmt::Debug + 'static> Space<S> for Data<T> {
    fn scale(&self, _: S) -> Self {
        self.clone()
    }
    fn dot(&self, _: &Self) -> S {
        S::zero()
    }
    fn dim(&self) -> usize {
        0
    }
    fn push_coords(&self, _: &mut Vec<S>) {}
    fn read_coords(&self, _: &mut dyn Iterator<Item = S>) -> Self {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_handle_is_the_identity_and_plus_keeps_the_data() {
        let xs = Data::new(vec![1.0, 2.0]);
        assert_eq!(Data::zero().plus(&xs), xs);
        assert_eq!(xs.plus(&Data::zero()), xs);
        assert!(Data::<Vec<f64>>::zero().plus(&Data::zero()).is_empty());
        let mut acc = Data::zero();
        acc.plus_assign(&xs);
        assert_eq!(acc, xs);
    }

    #[test]
    fn a_clone_shares_the_value() {
        let xs = Data::new(vec![1.0; 4]);
        let ys = xs.clone();
        assert!(std::ptr::eq(xs.get(), ys.get()));
        assert_eq!(format!("{:?}", Data::<f64>::zero()), "Data(empty)");
        assert_ne!(Data::new(1.0), Data::zero());
    }

    #[test]
    #[should_panic(expected = "Data: the empty handle")]
    fn the_empty_handle_has_no_value() {
        let _ = Data::<f64>::zero().get();
    }
}
