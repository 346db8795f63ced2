use super::{Category, Hom};
use crate::space::HasRep;

/// Conversions between an object and its representation (ConCat's `RepCat`): how a program takes
/// a struct apart into its fields and builds one from them.
///
/// Both are linear isomorphisms, so every category has them: in a derivative category each is its
/// own derivative, and `Dual` swaps them.
///
/// # Laws
///
/// - `reprC ∘ abstC = id`
/// - `abstC ∘ reprC = id`
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use frunk_core::{HList, hlist};
///
/// // The first field of an HList, through its representation.
/// type Row = HList![f64, [f64; 2]];
/// let head = Reverse::compose(Reverse::exl(), Reverse::repr_c::<Row>());
/// let x = hlist![1.0, [2.0, 3.0]];
/// assert_eq!(head.apply(x.clone()), 1.0);
/// assert_eq!(gradient(&head, x), hlist![1.0, [0.0, 0.0]]);
/// ```
pub trait RepCat: Category {
    /// `reprC`: an object to its representation.
    fn repr_c<A: HasRep>() -> Hom<Self, A, A::Rep>;

    /// `abstC`: a representation to its object.
    fn abst_c<A: HasRep>() -> Hom<Self, A::Rep, A>;
}
