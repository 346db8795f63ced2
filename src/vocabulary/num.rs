use super::{Hom, Monoidal};
use crate::space::{Additive, Scalar};

/// Arithmetic on scalars (paper §4.5, `NumCat`), and constants.
///
/// # Laws
///
/// Each interpretation agrees with the scalar operation it names; for derivative categories the
/// laws are the functor laws checked by `catad_laws::functor` (the primal is `Fun`'s).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// assert_eq!(Fun::mul_c().apply((3.0_f64, 4.0)), 12.0);
/// assert_eq!(Fun::sub_c().apply((3.0_f64, 4.0)), -1.0);
/// assert_eq!(Fun::const_c(7.0_f64).apply(()), 7.0);
/// ```
pub trait NumCat<S: Scalar>: Monoidal {
    /// `negate a = -a`.
    fn negate_c() -> Hom<Self, S, S>;
    /// `add (a, b) = a + b`.
    fn add_c() -> Hom<Self, (S, S), S>;
    /// `mul (a, b) = a · b`.
    fn mul_c() -> Hom<Self, (S, S), S>;
    /// `const s = λ _ → s`, from any object.
    fn const_c<A: Additive>(s: S) -> Hom<Self, A, S>;

    /// `sub = add ∘ (id × negate)`.
    fn sub_c() -> Hom<Self, (S, S), S> {
        Self::compose(Self::add_c(), Self::second(Self::negate_c()))
    }
}
