//! Conditionals: a program that chooses between two programs by a test on its input.
//!
//! The test is a [`Pred`], a plain (non-differentiable) predicate on the *primal* input; the
//! branches are morphisms of the category. A derivative category runs the test on the point where it
//! differentiates and returns the chosen branch's value and derivative, so the derivative of
//! `cond p f g` is `f`'s where `p` holds and `g`'s elsewhere. This is what `#[catad::program]`
//! compiles `if`/`else` into.

use super::{Cartesian, Category, FloatingCat, Hom};
use crate::cats::{D, DMap, Fun, Func};
use crate::space::{Additive, Scalar};
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
/// chooses a branch. Build one from a closure, or from two programs in [`Fun`] and a
/// [`Comparison`], and combine them with [`and`](Pred::and), [`or`](Pred::or), [`not`](Pred::not).
///
/// ```
/// use catad::prelude::*;
/// let positive = Pred::compare(Fun::id(), Comparison::Gt, Fun::const_c(0.0));
/// let small = Pred::new(|x: &f64| x.abs() < 1.0);
/// let p = positive.and(&small);
/// assert!(p.holds(&0.5));
/// assert!(!p.holds(&-0.5) && !p.holds(&2.0));
/// assert!(p.not().holds(&2.0));
/// ```
pub struct Pred<A>(Rc<dyn Fn(&A) -> bool>);

impl<A: 'static> Pred<A> {
    /// The predicate that holds where `f` returns `true`.
    ///
    /// ```
    /// use catad::prelude::*;
    /// assert!(Pred::new(|x: &f64| *x > 1.0).holds(&2.0));
    /// ```
    pub fn new(f: impl Fn(&A) -> bool + 'static) -> Self {
        Pred(Rc::new(f))
    }

    /// `lhs a <op> rhs a`: compares the values of two programs run as plain functions.
    ///
    /// ```
    /// use catad::prelude::*;
    /// // x < y on pairs (x, y)
    /// let below = Pred::compare(Fun::exl(), Comparison::Lt, Fun::exr());
    /// assert!(below.holds(&(1.0, 2.0)) && !below.holds(&(2.0, 1.0)));
    /// ```
    pub fn compare<S: Scalar>(lhs: Hom<Fun, A, S>, op: Comparison, rhs: Hom<Fun, A, S>) -> Self
    where
        A: Additive,
    {
        Pred::new(move |a: &A| op.test(lhs.apply(a.clone()), rhs.apply(a.clone())))
    }

    /// Whether the predicate holds at `a`.
    ///
    /// ```
    /// use catad::prelude::*;
    /// assert!(!Pred::new(|x: &f64| x.is_nan()).holds(&0.0));
    /// ```
    pub fn holds(&self, a: &A) -> bool {
        (self.0)(a)
    }

    /// Holds where both `self` and `other` hold (`other` is tested only where `self` holds).
    ///
    /// ```
    /// use catad::prelude::*;
    /// let unit = Pred::new(|x: &f64| *x >= 0.0).and(&Pred::new(|x: &f64| *x <= 1.0));
    /// assert!(unit.holds(&0.5) && !unit.holds(&1.5));
    /// ```
    pub fn and(&self, other: &Pred<A>) -> Pred<A> {
        let (p, q) = (self.clone(), other.clone());
        Pred::new(move |a| p.holds(a) && q.holds(a))
    }

    /// Holds where `self` or `other` holds (`other` is tested only where `self` does not).
    ///
    /// ```
    /// use catad::prelude::*;
    /// let outside = Pred::new(|x: &f64| *x < 0.0).or(&Pred::new(|x: &f64| *x > 1.0));
    /// assert!(outside.holds(&1.5) && !outside.holds(&0.5));
    /// ```
    pub fn or(&self, other: &Pred<A>) -> Pred<A> {
        let (p, q) = (self.clone(), other.clone());
        Pred::new(move |a| p.holds(a) || q.holds(a))
    }

    /// Holds where `self` does not.
    ///
    /// ```
    /// use catad::prelude::*;
    /// assert!(Pred::new(|x: &f64| *x < 0.0).not().holds(&1.0));
    /// ```
    pub fn not(&self) -> Pred<A> {
        let p = self.clone();
        Pred::new(move |a| !p.holds(a))
    }
}

impl<A> Clone for Pred<A> {
    fn clone(&self) -> Self {
        Pred(Rc::clone(&self.0))
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
/// Only categories whose morphisms see the primal input implement it ([`Fun`] and [`D<K>`](D));
/// the linear-map categories do not, since a derivative never branches.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// // relu x = if x > 0 { x } else { 0 }, in every conditional category.
/// fn relu<K: Program<f64>>() -> Hom<K, f64, f64> {
///     let positive = Pred::compare(Fun::id(), Comparison::Gt, Fun::const_c(0.0));
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

/// The vocabulary `#[catad::program]` compiles to: products, the numeric operations over `S`, and
/// conditionals. It is an alias (implemented for every category that has all three), so a
/// program's bound is one word.
///
/// ```
/// use catad::prelude::*;
/// // sqr x = x · x, for every category that can run a program.
/// fn sqr<K: Program<f64>>() -> Hom<K, f64, f64> {
///     K::compose(K::mul_c(), K::dup())
/// }
/// assert_eq!(sqr::<Fun>().apply(3.0), 9.0);
/// assert_eq!(derivative(&sqr::<ReverseCont<f64>>(), 3.0), 6.0);
/// ```
pub trait Program<S: Scalar>: Cartesian + FloatingCat<S> + Conditional {}

impl<K: Cartesian + FloatingCat<S> + Conditional, S: Scalar> Program<S> for K {}

impl Conditional for Fun {
    fn cond<A: Additive, B: Additive>(
        p: Pred<A>,
        then: Func<A, B>,
        otherwise: Func<A, B>,
    ) -> Func<A, B> {
        Func::new(move |a| {
            if p.holds(&a) {
                then.apply(a)
            } else {
                otherwise.apply(a)
            }
        })
    }
}

impl<K: Category> Conditional for D<K> {
    fn cond<A: Additive, B: Additive>(
        p: Pred<A>,
        then: DMap<K, A, B>,
        otherwise: DMap<K, A, B>,
    ) -> DMap<K, A, B> {
        DMap::new(move |a| {
            if p.holds(&a) {
                then.linearize(a)
            } else {
                otherwise.linearize(a)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    /// `|x|` as a conditional program.
    fn abs<K: Program<f64>>() -> Hom<K, f64, f64> {
        let negative = Pred::compare(Fun::id(), Comparison::Lt, Fun::const_c(0.0));
        K::cond(negative, K::negate_c(), K::id())
    }

    #[test]
    fn cond_agrees_with_the_chosen_branch_in_value_and_derivative() {
        for x in [-2.0, -0.5, 0.5, 2.0] {
            assert_eq!(abs::<Fun>().apply(x), x.abs());
            let slope = if x < 0.0 { -1.0 } else { 1.0 };
            assert_eq!(jvp(&abs::<Forward>(), x, 1.0), (x.abs(), slope));
            assert_eq!(vjp(&abs::<Reverse>(), x, 1.0), (x.abs(), slope));
            assert_eq!(derivative(&abs::<ForwardBegin<f64>>(), x), slope);
            assert_eq!(gradient(&abs::<ReverseCont<f64>>(), x), slope);
        }
    }

    #[test]
    fn predicates_combine_and_compare() {
        let x = || Fun::exl::<f64, f64>();
        let y = || Fun::exr::<f64, f64>();
        let lt = Pred::compare(x(), Comparison::Lt, y());
        let eq = Pred::compare(x(), Comparison::Eq, y());
        let le = lt.or(&eq);
        assert!(le.holds(&(1.0, 1.0)) && le.holds(&(0.0, 1.0)) && !le.holds(&(2.0, 1.0)));
        assert!(le.not().holds(&(2.0, 1.0)));
        assert!(!lt.and(&eq).holds(&(1.0, 1.0)));
        let ops = [
            Comparison::Lt,
            Comparison::Le,
            Comparison::Gt,
            Comparison::Ge,
            Comparison::Eq,
            Comparison::Ne,
        ];
        let at_1_2: Vec<bool> = ops.iter().map(|op| op.test(1.0, 2.0)).collect();
        assert_eq!(at_1_2, [true, true, false, false, false, true]);
        assert!(format!("{lt:?}").starts_with("Pred<"));
    }
}
