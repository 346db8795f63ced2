//! The machinery shared by the morphisms built from closures that see their argument: [`Func`],
//! the functions of [`Fun`](super::Fun) and [`AddFun`](super::AddFun), and [`DMap`], the
//! differentiable maps of [`D<K>`](super::D).
//!
//! Both are a [`Map<K, A, B>`](Map): a shared function returning its value in `B` and its
//! derivative there, a morphism of `K`. For `DMap<K, A, B>` that is the linear map at the point;
//! for `Func<A, B>` it is `()`, the one morphism of the [`Indiscrete`] category, which costs
//! nothing. A map may also run
//! from a borrowed argument, cloning only the parts it reads (a projection, a constant, their
//! composites and pairs), and a projection may lend the part it projects: so `f △ g` runs `g`
//! borrowed and moves the argument into `f` instead of cloning it (`dup`), and a projection of a
//! macro program's environment clones the variable it reads, not the environment. What the
//! parts of a composite can do is found when it is made and kept in its type, as const-generic
//! flags (`Then`, `Cross`, `Fork`), so that running it asks nothing at
//! run time.
//!
//! [`Func`]: super::Func
//! [`DMap`]: super::DMap

mod cross;
mod fork;
mod indiscrete;
mod leaves;
mod loops;
mod parts;
mod then;

pub(crate) use indiscrete::Indiscrete;

use crate::space::Additive;
use crate::vocabulary::{Category, Hom};
use parts::Parts;
use std::rc::Rc;

/// A shared function from `A`, returning its value and its derivative, a morphism of `K` (one
/// reference-counted object, so that cloning it is an increment).
pub(crate) struct Map<K: Category, A: Additive, B: Additive>(Rc<dyn Parts<K, A, B>>);

impl<K: Category, A: Additive, B: Additive> Map<K, A, B> {
    /// The value and the derivative at `a`.
    pub(crate) fn eval(&self, a: A) -> (B, Hom<K, A, B>) {
        self.0.eval(a)
    }

    /// [`eval`](Map::eval) at a borrowed `a`, cloning only the parts of `a` the map reads.
    pub(crate) fn eval_ref(&self, a: &A) -> (B, Hom<K, A, B>) {
        self.0
            .eval_borrowed(a)
            .unwrap_or_else(|| self.0.eval(a.clone()))
    }

    /// Whether the map reads a borrowed argument without cloning it whole. A composite or pair
    /// of maps that do not gains nothing from a borrowed form, so none is built.
    pub(crate) fn borrows(&self) -> bool {
        self.0.borrows()
    }

    /// For a projection (`exl`, `exr`, `id` and their composites), its derivative, the same
    /// everywhere; `None` for a map that is no projection.
    pub(crate) fn projection_derivative(&self) -> Option<Hom<K, A, B>> {
        self.0.constant_derivative()
    }

    /// Whether the map is a projection: it computes nothing, so when it runs does not matter.
    pub(crate) fn is_projection(&self) -> bool {
        self.projection_derivative().is_some()
    }

    /// The part a projection projects, borrowed.
    pub(crate) fn view<'a>(&self, a: &'a A) -> &'a B {
        self.0
            .view(a)
            .expect("catad: a projection's view, asked of a map that is no projection")
    }

    /// How deeply composites nest in the map.
    fn depth(&self) -> u32 {
        self.0.depth()
    }
}

impl<K: Category, A: Additive, B: Additive> Clone for Map<K, A, B> {
    fn clone(&self) -> Self {
        Map(Rc::clone(&self.0))
    }
}
