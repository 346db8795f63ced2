use super::{Category, Hom};
use crate::space::{Scalar, Space};
use std::fmt;
use std::rc::Rc;

/// A linear map given by how it acts on vectors and how its transpose acts: the one description
/// of a linear map that every representation can take (JAX calls the pair a primitive's JVP and
/// transpose rules).
///
/// [`LinearCat::linear`] turns it into a morphism of any linear-map category, so a primitive
/// states its derivative at a point once, as a `LinearFn`, for forward and reverse mode alike.
///
/// # Laws
///
/// - `apply` is linear;
/// - `transpose_add` adds the transpose: after `transpose_add(db, acc)`, `acc` has grown by
///   `fᵀ · db`, so that `⟨db, apply(da)⟩ = ⟨fᵀ · db, da⟩` (the adjoint identity).
///
/// # Example
///
/// ```
/// use catad::vocabulary::{LinearFn, linear_fn};
/// // The cumulative sum of a vector and its transpose, the reversed cumulative sum.
/// let cumsum = linear_fn(
///     |x: &Vec<f64>| x.iter().scan(0.0, |s, v| { *s += v; Some(*s) }).collect::<Vec<_>>(),
///     |dy: &Vec<f64>, acc: &mut Vec<f64>| {
///         acc.resize(dy.len(), 0.0);
///         let mut s = 0.0;
///         for i in (0..dy.len()).rev() {
///             s += dy[i];
///             acc[i] += s;
///         }
///     },
/// );
/// assert_eq!(cumsum.apply(&vec![1.0, 2.0, 3.0]), vec![1.0, 3.0, 6.0]);
/// assert_eq!(cumsum.transpose(&vec![1.0, 1.0, 1.0]), vec![3.0, 2.0, 1.0]);
/// ```
pub trait LinearFn<A, B>: 'static {
    /// `f · da`.
    fn apply(&self, da: &A) -> B;

    /// `acc += fᵀ · db`.
    ///
    /// `acc` may be the unshaped zero `A::zero()` (for a run-time vector, the empty one): an
    /// implementation that writes into parts of `acc` gives them their shape first. So may `db`
    /// (the cotangent of a discarded result): its transpose adds nothing.
    fn transpose_add(&self, db: &B, acc: &mut A);

    /// `fᵀ · db`, accumulated into a zero.
    fn transpose(&self, db: &B) -> A
    where
        A: crate::space::Additive,
    {
        let mut acc = A::zero();
        self.transpose_add(db, &mut acc);
        acc
    }
}

/// The [`LinearFn`] with the given actions of the map and of its transpose.
///
/// ```
/// use catad::vocabulary::{LinearFn, linear_fn};
/// let twice = linear_fn(|x: &f64| 2.0 * x, |dy: &f64, acc: &mut f64| *acc += 2.0 * dy);
/// assert_eq!((twice.apply(&3.0), twice.transpose(&1.0)), (6.0, 2.0));
/// ```
pub fn linear_fn<A: 'static, B: 'static>(
    apply: impl Fn(&A) -> B + 'static,
    transpose_add: impl Fn(&B, &mut A) + 'static,
) -> Rc<dyn LinearFn<A, B>> {
    Rc::new(Actions {
        apply,
        transpose_add,
    })
}

/// A [`LinearFn`] from two closures.
struct Actions<F, G> {
    apply: F,
    transpose_add: G,
}

impl<A: 'static, B: 'static, F, G> LinearFn<A, B> for Actions<F, G>
where
    F: Fn(&A) -> B + 'static,
    G: Fn(&B, &mut A) + 'static,
{
    fn apply(&self, da: &A) -> B {
        (self.apply)(da)
    }
    fn transpose_add(&self, db: &B, acc: &mut A) {
        (self.transpose_add)(db, acc)
    }
}

impl<A, B> fmt::Debug for dyn LinearFn<A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LinearFn<{}, {}>",
            std::any::type_name::<A>(),
            std::any::type_name::<B>()
        )
    }
}

/// Linear maps from their actions: every linear-map category represents a [`LinearFn`].
///
/// # Laws
///
/// - `linear f` acts as `f.apply`, and its transpose as `f.transpose_add` into a zero;
/// - `linear` is a functor on the maps it is given: `linear (g ∘ f) = linear g ∘ linear f` for
///   the composite `LinearFn`.
///
/// # Example
///
/// ```
/// use catad::interpretations::{AddFun, Dual};
/// use catad::prelude::*;
/// use catad::vocabulary::{LinearCat, linear_fn};
/// let half = || linear_fn(|x: &f64| x / 2.0, |dy: &f64, acc: &mut f64| *acc += dy / 2.0);
/// assert_eq!(AddFun::linear(half()).apply(3.0), 1.5);
/// // In the dual category the same map runs transposed.
/// assert_eq!(Dual::<AddFun>::linear(half()).apply(3.0), 1.5);
/// ```
pub trait LinearCat<S: Scalar>: Category {
    /// The morphism acting as `f`.
    fn linear<A: Space<S>, B: Space<S>>(f: Rc<dyn LinearFn<A, B>>) -> Hom<Self, A, B>;
}
