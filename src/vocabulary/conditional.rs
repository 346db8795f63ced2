//! Conditionals: a program that chooses between two programs by a test on its input.
//!
//! The test is a [`Pred`], a plain (non-differentiable) predicate on the *primal* input; the
//! branches are morphisms of the category. A derivative category runs the test on the point where it
//! differentiates and returns the chosen branch's value and derivative, so the derivative of
//! `cond p f g` is `f`'s where `p` holds and `g`'s elsewhere. This is what `#[catad::program]`
//! compiles `if`/`else` into.

use super::{Category, Hom};
use crate::space::{Additive, Scalar, Space};
use std::fmt;
use std::rc::Rc;

/// A comparison of two scalars, the atoms of a [`Pred`].
///
/// ```
/// use catad::prelude::*;
/// assert!(Comparison::Lt.test(1.0, 2.0));
/// assert!(!Comparison::Ne.test(2.0, 2.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// `a < b`.
    Lt,
    /// `a <= b`.
    Le,
    /// `a > b`.
    Gt,
    /// `a >= b`.
    Ge,
    /// `a == b`.
    Eq,
    /// `a != b`.
    Ne,
}

impl Comparison {
    /// Compares `a` with `b`.
    ///
    /// ```
    /// use catad::prelude::*;
    /// assert!(Comparison::Ge.test(2.0_f32, 2.0));
    /// ```
    pub fn test<S: PartialOrd>(self, a: S, b: S) -> bool {
        match self {
            Comparison::Lt => a < b,
            Comparison::Le => a <= b,
            Comparison::Gt => a > b,
            Comparison::Ge => a >= b,
            Comparison::Eq => a == b,
            Comparison::Ne => a != b,
        }
    }
}

/// A predicate on the primal input `A`: the test of a [`Conditional::cond`].
///
/// A predicate is not a morphism (`bool` is not a vector space) and has no derivative: it only
/// chooses a branch. Build one from a closure, or from two programs in [`Fun`](crate::interpretations::Fun) and a
/// [`Comparison`], and combine them with [`and`](Pred::and), [`or`](Pred::or), [`not`](Pred::not).
///
/// A predicate built by [`compare`](Pred::compare) (and combinations of such) can also be tested
/// on the coordinates over `f64` of an `A` of fixed dimension ([`on_coords`](Pred::on_coords)),
/// which is how a [term](crate::term) tests it; one made by [`new`](Pred::new) from a closure
/// cannot.
///
/// ```
/// use catad::prelude::*;
/// let positive = Pred::compare(|x: f64| x, Comparison::Gt, |_| 0.0);
/// let small = Pred::new(|x: &f64| x.abs() < 1.0);
/// let p = positive.and(&small);
/// assert!(p.holds(&0.5));
/// assert!(!p.holds(&-0.5) && !p.holds(&2.0));
/// assert!(p.not().holds(&2.0));
/// ```
pub struct Pred<A> {
    holds: Rc<dyn Fn(&A) -> bool>,
    at_coords: Option<CoordTest>,
}

/// A predicate tested on a point's coordinates.
type CoordTest = Rc<dyn Fn(&[f64]) -> bool>;

impl<A: 'static> Pred<A> {
    /// The predicate that holds where `f` returns `true`.
    ///
    /// ```
    /// use catad::prelude::*;
    /// assert!(Pred::new(|x: &f64| *x > 1.0).holds(&2.0));
    /// ```
    pub fn new(f: impl Fn(&A) -> bool + 'static) -> Self {
        Pred {
            holds: Rc::new(f),
            at_coords: None,
        }
    }

    /// `lhs a <op> rhs a`: compares the values of two plain functions of the input, such as two
    /// programs run in `Fun`.
    ///
    /// ```
    /// use catad::prelude::*;
    /// // x < y on pairs (x, y)
    /// let below = Pred::compare(|(x, _): (f64, f64)| x, Comparison::Lt, |(_, y)| y);
    /// assert!(below.holds(&(1.0, 2.0)) && !below.holds(&(2.0, 1.0)));
    /// // the operands may be programs, run as plain functions
    /// let (lhs, rhs) = (Fun::sin_c(), Fun::const_c(0.5));
    /// let high = Pred::compare(move |x| lhs.apply(x), Comparison::Gt, move |x| rhs.apply(x));
    /// assert!(high.holds(&1.0) && !high.holds(&0.0));
    /// ```
    pub fn compare<S: Scalar>(
        lhs: impl Fn(A) -> S + 'static,
        op: Comparison,
        rhs: impl Fn(A) -> S + 'static,
    ) -> Self
    where
        A: Space<S>,
    {
        let test = Rc::new(move |a: A| op.test(lhs(a.clone()), rhs(a)));
        let at = Rc::clone(&test);
        let shape = A::zero();
        Pred {
            holds: Rc::new(move |a: &A| test(a.clone())),
            at_coords: Some(Rc::new(move |xs: &[f64]| {
                at(shape.read_components(&mut xs.iter().map(|&x| S::from_f64(x))))
            })),
        }
    }

    /// Whether the predicate holds at `a`.
    ///
    /// ```
    /// use catad::prelude::*;
    /// assert!(!Pred::new(|x: &f64| x.is_nan()).holds(&0.0));
    /// ```
    pub fn holds(&self, a: &A) -> bool {
        (self.holds)(a)
    }

    /// The predicate as a test of a point of `A` by its coordinates over `f64`, if it can be
    /// tested so: `None` for a predicate made from a closure by [`new`](Pred::new).
    ///
    /// ```
    /// use catad::prelude::*;
    /// let below = Pred::compare(|(x, _): (f64, f64)| x, Comparison::Lt, |(_, y)| y);
    /// let test = below.not().on_coords().unwrap();
    /// assert!(!test(&[1.0, 2.0]) && test(&[2.0, 1.0]));
    /// assert!(Pred::new(|x: &f64| *x > 0.0).on_coords().is_none());
    /// ```
    pub fn on_coords(&self) -> Option<Rc<dyn Fn(&[f64]) -> bool>> {
        self.at_coords.clone()
    }

    /// `f (self a) (other a)`, where `f` may not ask for its second argument (`&&`, `||`); on
    /// coordinates where both can be tested there.
    fn join(&self, other: &Pred<A>, f: fn(bool, &dyn Fn() -> bool) -> bool) -> Pred<A> {
        let (p, q) = (Rc::clone(&self.holds), Rc::clone(&other.holds));
        let at_coords = match (&self.at_coords, &other.at_coords) {
            (Some(p), Some(q)) => {
                let (p, q) = (Rc::clone(p), Rc::clone(q));
                Some(Rc::new(move |xs: &[f64]| f(p(xs), &|| q(xs))) as CoordTest)
            }
            _ => None,
        };
        Pred {
            holds: Rc::new(move |a: &A| f(p(a), &|| q(a))),
            at_coords,
        }
    }

    /// Holds where both `self` and `other` hold (`other` is tested only where `self` holds).
    ///
    /// ```
    /// use catad::prelude::*;
    /// let unit = Pred::new(|x: &f64| *x >= 0.0).and(&Pred::new(|x: &f64| *x <= 1.0));
    /// assert!(unit.holds(&0.5) && !unit.holds(&1.5));
    /// ```
    pub fn and(&self, other: &Pred<A>) -> Pred<A> {
        self.join(other, |p, q| p && q())
    }

    /// Holds where `self` or `other` holds (`other` is tested only where `self` does not).
    ///
    /// ```
    /// use catad::prelude::*;
    /// let outside = Pred::new(|x: &f64| *x < 0.0).or(&Pred::new(|x: &f64| *x > 1.0));
    /// assert!(outside.holds(&1.5) && !outside.holds(&0.5));
    /// ```
    pub fn or(&self, other: &Pred<A>) -> Pred<A> {
        self.join(other, |p, q| p || q())
    }

    /// Holds where `self` does not.
    ///
    /// ```
    /// use catad::prelude::*;
    /// assert!(Pred::new(|x: &f64| *x < 0.0).not().holds(&1.0));
    /// ```
    pub fn not(&self) -> Pred<A> {
        let p = Rc::clone(&self.holds);
        let at_coords = self
            .at_coords
            .clone()
            .map(|q| Rc::new(move |xs: &[f64]| !q(xs)) as CoordTest);
        Pred {
            holds: Rc::new(move |a: &A| !p(a)),
            at_coords,
        }
    }
}

impl<A> Clone for Pred<A> {
    fn clone(&self) -> Self {
        Pred {
            holds: Rc::clone(&self.holds),
            at_coords: self.at_coords.clone(),
        }
    }
}

impl<A> fmt::Debug for Pred<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pred<{}>", std::any::type_name::<A>())
    }
}

/// Choice between two morphisms by a predicate on the primal input.
///
/// # Laws
///
/// - `cond p f g` agrees with `f` where `p` holds and with `g` elsewhere: for every `a`,
///   `cond p f g a = if p a { f a } else { g a }`; in a derivative category this holds for the
///   value *and* the derivative at `a` (the derivative is the chosen branch's derivative);
/// - hence `cond p f f = f`, and `cond (not p) f g = cond p g f`.
///
/// Only categories whose morphisms see the primal input implement it
/// ([`Fun`](crate::interpretations::Fun) and [`D<K>`](crate::interpretations::D)); the linear-map
/// categories do not, since a derivative never branches.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// // relu x = if x > 0 { x } else { 0 }, in every conditional category.
/// fn relu<K: Program<f64>>() -> Hom<K, f64, f64> {
///     let positive = Pred::compare(|x: f64| x, Comparison::Gt, |_| 0.0);
///     K::cond(positive, K::id(), K::const_c(0.0))
/// }
/// assert_eq!(relu::<Fun>().apply(-2.0), 0.0);
/// assert_eq!(derivative(&relu::<Forward>(), 3.0), 1.0);
/// assert_eq!(derivative(&relu::<Reverse>(), -3.0), 0.0);
/// ```
pub trait Conditional: Category {
    /// `cond p f g`: `f` where `p` holds, `g` elsewhere.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let negative = Pred::new(|x: &f64| *x < 0.0);
    /// let abs = Reverse::cond(negative, Reverse::negate_c(), Reverse::id());
    /// assert_eq!(vjp(&abs, -2.0, 1.0), (2.0, -1.0));
    /// ```
    fn cond<A: Additive, B: Additive>(
        p: Pred<A>,
        then: Hom<Self, A, B>,
        otherwise: Hom<Self, A, B>,
    ) -> Hom<Self, A, B>;
}
