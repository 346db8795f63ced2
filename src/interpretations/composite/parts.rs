//! What a [`Map`](super::Map) is made of.

use crate::space::Additive;
use crate::vocabulary::{Category, Hom};

/// What a [`Map`](super::Map) is made of: the function, and, for one that reads only part of its
/// argument (a projection, a constant, their composites and pairs), the same function of a
/// borrowed argument, which clones only the parts it reads. One shared object, so that a map of
/// a plain closure costs what the closure does, and a composite, pair or fork keeps its two
/// parts and finds its borrowed form from theirs.
pub(super) trait Parts<K: Category, A: Additive, B: Additive> {
    /// The value and the derivative at `a`.
    fn eval(&self, a: A) -> (B, Hom<K, A, B>);

    /// The same at a borrowed `a`, where the map reads only part of it; `None` where `a` must
    /// be cloned whole.
    fn eval_borrowed(&self, a: &A) -> Option<(B, Hom<K, A, B>)>;

    /// For a projection (`exl`, `exr`, `id` and their composites), the part it projects,
    /// borrowed; `None` for any other map.
    fn view<'a>(&self, _: &'a A) -> Option<&'a B> {
        None
    }

    /// For a projection, its derivative, the same everywhere; `None` for any other map.
    fn constant_derivative(&self) -> Option<Hom<K, A, B>> {
        None
    }

    /// Whether [`eval_borrowed`](Parts::eval_borrowed) is `Some` (as it is for every
    /// projection).
    fn borrows(&self) -> bool;

    /// How deeply composites nest in the map (0 for a closure): run and dropped by recursion,
    /// they check the stack every few levels ([`Deep`](crate::stack::Deep)).
    fn depth(&self) -> u32 {
        0
    }
}
