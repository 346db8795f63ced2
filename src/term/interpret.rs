//! A term interpreted in any category: the term is a [`Primitive`] — its value from its graph, its
//! derivative at a point the linear map its forward graph applies and its reverse graph transposes
//! — so every category that runs primitives runs it ([`Term::interpret`]). This is the functor out
//! of terms: `Fun` runs the graph, each `D<K>` takes the term's own derivatives as its linear maps.

use super::term::Term;
use crate::space::Space;
use crate::vocabulary::{Hom, LinearFn, Primitive, PrimitiveCat};
use std::rc::Rc;

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

/// A term runs as a primitive: its derivative at `a` applies the forward graph at `a` and
/// transposes through the reverse graph at `a`.
impl<A: Space<f64>, B: Space<f64>> Primitive<A, B> for Term<A, B> {
    fn name(&self) -> &str {
        "term"
    }

    fn value(&self, a: &A) -> B {
        self.apply(a.clone())
    }

    fn linearize(&self, a: &A) -> (B, Rc<dyn LinearFn<A, B>>) {
        let at = At {
            term: self.clone(),
            a: a.clone(),
        };
        (self.apply(a.clone()), Rc::new(at))
    }
}

/// A term's derivative at the point `a`.
struct At<A, B> {
    term: Term<A, B>,
    a: A,
}

impl<A: Space<f64>, B: Space<f64>> LinearFn<A, B> for At<A, B> {
    fn apply(&self, da: &A) -> B {
        self.term.jvp(self.a.clone(), da.clone()).1
    }

    fn transpose_add(&self, db: &B, acc: &mut A) {
        acc.plus_assign(&self.term.vjp(self.a.clone(), db.clone()).1);
    }
}
