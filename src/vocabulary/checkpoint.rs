use super::{Category, Hom};
use crate::space::Additive;
use std::rc::Rc;

/// Linear maps made when they are first needed: `lazy t` acts as `t()`, but calls `t` only when it
/// is applied, and again each time. A derivative that is recomputed rather than stored
/// ([`Checkpoint`]) is a lazy linear map.
///
/// # Laws
///
/// - `lazy (λ () → f) = f`.
///
/// # Example
///
/// ```
/// use catad::interpretations::AddFun;
/// use catad::prelude::*;
/// use catad::vocabulary::LazyCat;
/// let f = AddFun::lazy(std::rc::Rc::new(|| AddFun::scale(3.0)));
/// assert_eq!(f.apply(2.0), 6.0);
/// ```
pub trait LazyCat: Category {
    /// The morphism `thunk()`, made when applied.
    fn lazy<A: Additive, B: Additive>(thunk: Rc<dyn Fn() -> Hom<Self, A, B>>) -> Hom<Self, A, B>;
}

/// Checkpointing (JAX's `checkpoint`, "rematerialization"): a part of a program whose derivative
/// is recomputed when the derivative is applied, instead of being kept from the evaluation. It
/// trades time for memory: reverse mode through a checkpointed part keeps only its input, and
/// linearizes it again during the reverse pass.
///
/// # Laws
///
/// - `checkpoint f = f` (the same value and the same derivative; only when it is computed
///   differs).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::vocabulary::Checkpoint;
/// // exp ∘ sin, whose derivative at 0 is exp(sin 0) · cos 0 = 1
/// let f = Reverse::checkpoint(Reverse::compose(Reverse::exp_c(), Reverse::sin_c()));
/// assert_eq!(gradient(&f, 0.0), 1.0);
/// ```
pub trait Checkpoint: Category {
    /// `f`, its derivative recomputed when it is needed.
    fn checkpoint<A: Additive, B: Additive>(f: Hom<Self, A, B>) -> Hom<Self, A, B>;
}
