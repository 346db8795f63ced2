//! A term interpreted in any category: the term is a [`Primitive`] — its value from its graph, its
//! derivative at a point the linear map its forward graph applies and its reverse graph transposes
//! — so every category that runs primitives runs it ([`Term::interpret`]). This is the functor out
//! of terms: `Fun` runs the graph, each `D<K>` takes the term's own derivatives as its linear maps.
//! [`FromTerm`] names the categories a `#[catad::program]` built as a term runs in: these, and
//! [`Syn`] itself.

use super::syn::Syn;
use super::tape::Tapes;
use super::term::{Kept, Term, components, from_components};
use crate::interpretations::{D, Fun};
use crate::space::Space;
use crate::vocabulary::{Category, Hom, LinearCat, LinearFn, Primitive, PrimitiveCat};
use std::cell::RefCell;
use std::rc::Rc;

/// A category a term is interpreted in: the functor out of [`Syn`] into it.
///
/// Law: `from_term` preserves what a term computes — in `Fun` its value, in each `D<K>` its value
/// and derivative — and in `Syn` it is the identity. A `#[catad::program]` over `f64` whose body
/// is a term is built once, at `Syn`, and is `K::from_term` of that term in every `K`.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::{FromTerm, Syn};
/// let t = catad::paper::mag_sqr::<Syn, f64>();
/// assert_eq!(Fun::from_term(&t).apply((3.0, 4.0)), 25.0);
/// assert_eq!(gradient(&Reverse::from_term(&t), (3.0, 4.0)), (6.0, 8.0));
/// ```
pub trait FromTerm: Category {
    /// The term `t` in this category.
    fn from_term<A: Space<f64>, B: Space<f64>>(t: &Term<A, B>) -> Hom<Self, A, B>;
}

impl FromTerm for Syn {
    fn from_term<A: Space<f64>, B: Space<f64>>(t: &Term<A, B>) -> Term<A, B> {
        t.clone()
    }
}

impl FromTerm for Fun {
    fn from_term<A: Space<f64>, B: Space<f64>>(t: &Term<A, B>) -> Hom<Fun, A, B> {
        t.interpret::<Fun>()
    }
}

impl<K: LinearCat<f64>> FromTerm for D<K> {
    fn from_term<A: Space<f64>, B: Space<f64>>(t: &Term<A, B>) -> Hom<D<K>, A, B> {
        t.interpret::<D<K>>()
    }
}

impl<A: Space<f64>, B: Space<f64>> Term<A, B> {
    /// The term in the category `K`: a morphism that computes the term's value and, in a
    /// derivative category, the term's derivative.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::term::Syn;
    /// // magSqr as a term, then in reverse mode beside a program of that mode.
    /// let t = catad::paper::mag_sqr::<Syn, f64>();
    /// let twice = Reverse::fork(t.interpret::<Reverse>(), Reverse::const_c(2.0));
    /// let f = Reverse::compose(Reverse::mul_c(), twice);
    /// assert_eq!(gradient(&f, (3.0, 4.0)), (12.0, 16.0));
    /// ```
    pub fn interpret<K: PrimitiveCat<f64>>(&self) -> Hom<K, A, B> {
        K::primitive(Rc::new(self.clone()))
    }
}

/// A term runs as a primitive: its derivative at `a` is the forward pass of its reverse
/// derivative, run once at `a`, whose value is the term's; it applies the forward graph at `a` and
/// transposes through the backward pass.
impl<A: Space<f64>, B: Space<f64>> Primitive<A, B> for Term<A, B> {
    fn name(&self) -> &str {
        "term"
    }

    fn value(&self, a: &A) -> B {
        self.apply(a.clone())
    }

    fn linearize(&self, a: &A) -> (B, Rc<dyn LinearFn<A, B>>) {
        let (value, kept) = self.two_pass().record(components(a), Tapes::default());
        let at = At {
            term: self.clone(),
            a: a.clone(),
            kept: RefCell::new(kept),
        };
        (from_components(&value), Rc::new(at))
    }
}

/// A term's derivative at the point `a`, and what its reverse derivative's forward pass kept
/// there.
struct At<A, B> {
    term: Term<A, B>,
    a: A,
    kept: RefCell<Kept>,
}

impl<A: Space<f64>, B: Space<f64>> LinearFn<A, B> for At<A, B> {
    fn apply(&self, da: &A) -> B {
        self.term.jvp(self.a.clone(), da.clone()).1
    }

    fn transpose_add(&self, db: &B, acc: &mut A) {
        let kept = &mut *self.kept.borrow_mut();
        let da: A = self
            .term
            .two_pass()
            .backward(kept, &components(db), from_components);
        acc.plus_assign(&da);
    }
}
