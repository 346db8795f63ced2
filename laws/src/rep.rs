//! The [`RepCat`] laws: `reprC` and `abstC` are inverse isomorphisms between an object and its
//! representation.

use crate::{At, Observe, same_at};
use catad::prelude::*;
use catad::space::HasRep;

/// `reprC ∘ abstC = id`, at a representation `r`.
///
/// ```
/// use catad::prelude::*;
/// use frunk_core::{HList, hlist};
/// let law = catad_laws::rep::repr_abst::<Reverse, f64, HList![f64, [f64; 2]]>;
/// assert!(law(&(1.0, hlist![[2.0, 3.0]])));
/// ```
pub fn repr_abst<K: RepCat + Observe<S>, S: Scalar, A: HasRep<Rep: Space<S>>>(r: &A::Rep) -> bool {
    let round = K::compose(K::repr_c::<A>(), K::abst_c::<A>());
    same_at::<K, S, A::Rep, A::Rep>(&round, &K::id(), &At::new(r.clone(), r.clone()))
}

/// `abstC ∘ reprC = id`, at an object `a`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Mat;
/// use frunk_core::{HList, hlist};
/// let law = catad_laws::rep::abst_repr::<Mat<f64>, f64, HList![f64, (f64, f64)]>;
/// assert!(law(&hlist![1.0, (2.0, 3.0)]));
/// ```
pub fn abst_repr<K: RepCat + Observe<S>, S: Scalar, A: HasRep<Rep: Space<S>>>(a: &A) -> bool {
    let round = K::compose(K::abst_c::<A>(), K::repr_c::<A>());
    same_at::<K, S, A, A>(&round, &K::id(), &At::new(a.clone(), a.clone()))
}
