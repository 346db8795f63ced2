use super::{Category, Hom};
use crate::space::Additive;

/// Constants of any object: data a program holds (a vector of samples, a table), with zero
/// derivative.
///
/// # Laws
///
/// - `constant a ∘ f = constant a`;
/// - in a derivative category, the derivative of `constant a` is zero.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// let table = Fun::constant::<f64, Vec<f64>>(vec![1.0, 2.0]);
/// assert_eq!(table.apply(7.0), vec![1.0, 2.0]);
/// ```
pub trait ConstantCat: Category {
    /// The morphism that is constantly `a`.
    fn constant<E: Additive, A: Additive>(a: A) -> Hom<Self, E, A>;
}
