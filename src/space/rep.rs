//! Objects by representation: a type is an object when it is isomorphic to one (ConCat's
//! `HasRep`). A user's struct becomes a vector space through its fields, with
//! `#[derive(HasRep)]` (the derive macro is `catad::space::HasRep`, beside the trait), and frunk's HLists are objects through
//! their pairs.
//!
//! Every [`HasRep`] type is [`Additive`] and a [`Space`] through its representation, and the
//! categories convert between the two with [`RepCat`](crate::vocabulary::RepCat), so a program can
//! take a struct apart and a gradient comes back as the struct.
//!
//! ```
//! use catad::prelude::*;
//! use catad::space::HasRep;
//! use frunk_core::hlist;
//!
//! let v = hlist![1.0, [2.0, 3.0]];
//! assert_eq!(v.dim(), 3);
//! assert_eq!(v.plus(&v), hlist![2.0, [4.0, 6.0]]);
//! assert_eq!(v.clone().repr(), (1.0, hlist![[2.0, 3.0]]));
//! ```

use super::{Additive, Scalar, Space};
use crate::staged::{Sym, SymCoords, part};
use frunk_core::hlist::{HCons, HNil};
use std::fmt::Debug;

/// A type isomorphic to an object, its representation: `abst (repr x) = x` and
/// `repr (abst r) = r`.
///
/// Implementing it makes the type an object ([`Additive`], and a [`Space`] whenever the
/// representation is), with the representation's zero, addition, scaling, dot product and
/// coordinates. `#[derive(HasRep)]` implements it for a struct with named or unnamed fields: the
/// representation of fields `f₁ … fₙ` is `()` for none, `F₁` for one, and the right-nested pairs
/// `(F₁, (F₂, ⋯ (Fₙ₋₁, Fₙ)))` for more, in declaration order.
///
/// # Laws
///
/// - `T::abst(x.repr()) == x` and `T::abst(r).repr() == r`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::space::HasRep;
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct Point {
///     x: f64,
///     y: f64,
/// }
///
/// impl HasRep for Point {
///     type Rep = (f64, f64);
///     fn repr(self) -> (f64, f64) {
///         (self.x, self.y)
///     }
///     fn abst((x, y): (f64, f64)) -> Self {
///         Point { x, y }
///     }
/// }
///
/// let p = Point { x: 3.0, y: 4.0 };
/// assert_eq!(p.dot(&p), 25.0);
/// assert_eq!(p.scale(2.0), Point { x: 6.0, y: 8.0 });
/// ```
pub trait HasRep: Clone + Debug + 'static {
    /// The representation: an object.
    type Rep: Additive;

    /// The representation of `self`.
    fn repr(self) -> Self::Rep;

    /// The value represented by `rep`.
    fn abst(rep: Self::Rep) -> Self;
}

impl<T: HasRep> Additive for T {
    const DIM: Option<usize> = T::Rep::DIM;
    const COMPONENTS: Option<usize> = T::Rep::COMPONENTS;

    fn zero() -> Self {
        T::abst(T::Rep::zero())
    }

    fn plus(&self, other: &Self) -> Self {
        T::abst(self.clone().repr().plus(&other.clone().repr()))
    }

    fn plus_owned(self, other: Self) -> Self {
        T::abst(self.repr().plus_owned(other.repr()))
    }

    fn symbolic() -> Option<SymCoords<Self>> {
        fn push_as<T: HasRep>(x: &T, shape: &T, out: &mut Vec<Sym>) {
            part::<T::Rep>().push_as(&x.clone().repr(), &shape.clone().repr(), out);
        }
        fn read<T: HasRep>(shape: &T, coords: &mut dyn Iterator<Item = Sym>) -> T {
            T::abst(part::<T::Rep>().read(&shape.clone().repr(), coords))
        }
        T::Rep::symbolic()?;
        Some(SymCoords::new(push_as::<T>, read::<T>))
    }
}

impl<S: Scalar, T: HasRep> Space<S> for T
where
    T::Rep: Space<S>,
{
    fn scale(&self, s: S) -> Self {
        T::abst(self.clone().repr().scale(s))
    }
    fn dot(&self, other: &Self) -> S {
        self.clone().repr().dot(&other.clone().repr())
    }
    fn dim(&self) -> usize {
        self.clone().repr().dim()
    }
    fn push_coords(&self, out: &mut Vec<S>) {
        self.clone().repr().push_coords(out);
    }
    fn push_coords_as(&self, shape: &Self, out: &mut Vec<S>) {
        self.clone()
            .repr()
            .push_coords_as(&shape.clone().repr(), out);
    }
    fn read_coords(&self, coords: &mut dyn Iterator<Item = S>) -> Self {
        T::abst(self.clone().repr().read_coords(coords))
    }
    fn push_components(&self, out: &mut Vec<S>) {
        self.clone().repr().push_components(out);
    }
    fn read_components(&self, components: &mut dyn Iterator<Item = S>) -> Self {
        T::abst(self.clone().repr().read_components(components))
    }
}

/// The empty HList is represented by `()`.
impl HasRep for HNil {
    type Rep = ();
    fn repr(self) {}
    fn abst((): ()) -> Self {
        HNil
    }
}

/// An HList cell is represented by the pair of its head and its tail.
impl<H: Additive, T: Additive> HasRep for HCons<H, T> {
    type Rep = (H, T);
    fn repr(self) -> (H, T) {
        (self.head, self.tail)
    }
    fn abst((head, tail): (H, T)) -> Self {
        HCons { head, tail }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use frunk_core::hlist;

    #[test]
    fn hlists_are_spaces_through_their_pairs() {
        let v = hlist![1.0, (2.0, 3.0), [4.0]];
        assert_eq!(<HCons<f64, HNil>>::DIM, Some(1));
        assert_eq!(v.coords(), vec![1.0, 2.0, 3.0, 4.0]);
        assert_eq!(
            v.with_coords(&[5.0, 6.0, 7.0, 8.0]),
            hlist![5.0, (6.0, 7.0), [8.0]]
        );
        assert_eq!(v.scale(2.0), hlist![2.0, (4.0, 6.0), [8.0]]);
        assert_eq!(HNil.plus(&HNil), HNil);
    }

    #[test]
    fn run_time_lengths_survive_the_representation() {
        let v = hlist![vec![1.0, 2.0], 3.0];
        assert_eq!(<HCons<Vec<f64>, HCons<f64, HNil>>>::DIM, None);
        assert_eq!(v.dim(), 3);
        assert_eq!(v.basis().len(), 3);
        assert_eq!(<HCons<Vec<f64>, HCons<f64, HNil>>>::zero().plus(&v), v);
    }
}
