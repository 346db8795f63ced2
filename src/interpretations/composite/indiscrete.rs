//! The indiscrete category, in which a plain function's derivative is `()`.

use crate::space::Additive;
use crate::vocabulary::{Cartesian, Category, Hom, Monoidal};

/// The indiscrete category: one morphism, `()`, between any two objects, so that every law holds
/// trivially. A [`Map`](super::Map) whose derivatives are its morphisms returns its value and
/// nothing more: a plain function, [`Func`](crate::interpretations::Func).
#[derive(Debug)]
pub(crate) struct Indiscrete;

impl Category for Indiscrete {
    type Hom<A: Additive, B: Additive> = ();

    fn id<A: Additive>() -> Hom<Self, A, A> {}

    fn compose<A: Additive, B: Additive, C: Additive>(
        (): Hom<Self, B, C>,
        (): Hom<Self, A, B>,
    ) -> Hom<Self, A, C> {
    }
}

impl Monoidal for Indiscrete {
    fn cross<A: Additive, B: Additive, C: Additive, D: Additive>(
        (): Hom<Self, A, C>,
        (): Hom<Self, B, D>,
    ) -> Hom<Self, (A, B), (C, D)> {
    }
}

impl Cartesian for Indiscrete {
    fn exl<A: Additive, B: Additive>() -> Hom<Self, (A, B), A> {}
    fn exr<A: Additive, B: Additive>() -> Hom<Self, (A, B), B> {}
    fn dup<A: Additive>() -> Hom<Self, A, (A, A)> {}
    fn it<A: Additive>() -> Hom<Self, A, ()> {}
}
