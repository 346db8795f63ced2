//! `SymCoords`: how a value made of symbolic scalars lists them and is made again from others —
//! what staging a loop once for all its elements asks of the types it carries
//! ([`Additive::symbolic`]).

use super::sym::Sym;
use crate::space::{Additive, Space};
use std::fmt;

/// The symbolic coordinates of the values of a type `T` made of [`Sym`]s: listed, and read back
/// into a value of the same shape.
///
/// Given by [`Additive::symbolic`]: `Some` for `Sym` and for the products, vectors and
/// structures made of it, `None` for every other type.
///
/// # Example
///
/// ```
/// use catad::space::Additive;
/// use catad::staged::Sym;
/// let coords = <(Sym, Vec<Sym>)>::symbolic().unwrap();
/// let x = (Sym::constant(1.0), vec![Sym::constant(2.0), Sym::constant(3.0)]);
/// let mut listed = Vec::new();
/// coords.push(&x, &mut listed);
/// assert_eq!(listed.iter().map(|s| s.value()).collect::<Vec<_>>(), [1.0, 2.0, 3.0]);
/// let doubled = coords.read(&x, &mut listed.iter().map(|&s| s + s));
/// assert_eq!(doubled.1[1].value(), 6.0);
/// assert!(<f64>::symbolic().is_none());
/// ```
pub struct SymCoords<T> {
    push_as: fn(&T, &T, &mut Vec<Sym>),
    read: fn(&T, &mut dyn Iterator<Item = Sym>) -> T,
}

impl<T> Clone for SymCoords<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for SymCoords<T> {}

impl<T> fmt::Debug for SymCoords<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SymCoords<{}>", std::any::type_name::<T>())
    }
}

impl<T: Space<Sym>> SymCoords<T> {
    /// A space over `Sym`'s own coordinates ([`Space::push_coords`], [`Space::read_coords`]).
    ///
    /// ```
    /// use catad::staged::{Sym, SymCoords};
    /// let mut listed = Vec::new();
    /// SymCoords::<Sym>::of().push(&Sym::constant(2.0), &mut listed);
    /// assert_eq!(listed.len(), 1);
    /// ```
    pub fn of() -> SymCoords<T> {
        SymCoords {
            push_as: T::push_coords_as,
            read: T::read_coords,
        }
    }
}

impl<T> SymCoords<T> {
    /// Coordinates listed by `push_as` and read back by `read`, each in the shape of the value
    /// it is given second (first).
    pub(crate) fn new(
        push_as: fn(&T, &T, &mut Vec<Sym>),
        read: fn(&T, &mut dyn Iterator<Item = Sym>) -> T,
    ) -> SymCoords<T> {
        SymCoords { push_as, read }
    }

    /// Appends the coordinates of `x` to `out`.
    pub fn push(&self, x: &T, out: &mut Vec<Sym>) {
        (self.push_as)(x, x, out)
    }

    /// Appends the coordinates of `x` read in the shape of `shape` to `out`
    /// ([`Space::push_coords_as`]): as many as `shape` has, zeros where `x` is the zero of
    /// every length (an empty vector).
    ///
    /// # Panics
    ///
    /// If a non-empty run-time vector has another length than its place in `shape`.
    pub fn push_as(&self, x: &T, shape: &T, out: &mut Vec<Sym>) {
        (self.push_as)(x, shape, out)
    }

    /// The value of `shape`'s shape whose coordinates `coords` gives, in the order of
    /// [`push`](SymCoords::push).
    pub fn read(&self, shape: &T, coords: &mut dyn Iterator<Item = Sym>) -> T {
        (self.read)(shape, coords)
    }
}

/// The coordinates of a part of a value whose type has them (checked when the whole's were
/// given).
pub(crate) fn part<T: Additive>() -> SymCoords<T> {
    T::symbolic().expect("a part of a symbolic value is symbolic")
}
