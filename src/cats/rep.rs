//! The [`RepCat`] instances: an object and its representation in every category (`Mat`'s is in
//! [`mat`](super::mat)).
//!
//! ```
//! use catad::prelude::*;
//! use frunk_core::{HList, hlist};
//!
//! type P = HList![f64, f64];
//! // hlist![a, b] ↦ a · b, in every mode: `repr` gives (a, hlist![b]), and `exl ∘ repr` gives b.
//! fn prod<K: Cartesian + NumCat<f64> + RepCat>() -> Hom<K, P, f64> {
//!     let b = K::compose(K::exl(), K::repr_c::<HList![f64]>());
//!     K::compose(K::mul_c(), K::compose(K::second(b), K::repr_c::<P>()))
//! }
//! let x = hlist![3.0, 4.0];
//! assert_eq!(gradient(&prod::<Reverse>(), x), hlist![4.0, 3.0]);
//! assert_eq!(gradient(&prod::<Forward>(), x), hlist![4.0, 3.0]);
//! assert_eq!(gradient(&prod::<ReverseCont<f64>>(), x), hlist![4.0, 3.0]);
//! assert_eq!(gradient(&prod::<ForwardBegin<f64>>(), x), hlist![4.0, 3.0]);
//! ```

use super::{AddFun, Begin, BeginMap, Cont, ContMap, D, DMap, Dual, Fun, Func, begin, cont};
use crate::category::{Cartesian, Category, Cocartesian, Hom, RepCat};
use crate::space::{Additive, HasRep};

impl RepCat for Fun {
    fn repr_c<A: HasRep>() -> Func<A, A::Rep> {
        Func::new(A::repr)
    }
    fn abst_c<A: HasRep>() -> Func<A::Rep, A> {
        Func::new(A::abst)
    }
}

impl RepCat for AddFun {
    fn repr_c<A: HasRep>() -> Func<A, A::Rep> {
        Func::new(A::repr)
    }
    fn abst_c<A: HasRep>() -> Func<A::Rep, A> {
        Func::new(A::abst)
    }
}

/// `linearD f f'`: a linear map, its own derivative everywhere.
fn linear_d<K: Category, A: Additive, B: Additive>(
    f: impl Fn(A) -> B + 'static,
    df: Hom<K, A, B>,
) -> DMap<K, A, B> {
    DMap::new(move |a: A| (f(a), df.clone()))
}

/// `reprC = linearD repr reprC`, `abstC = linearD abst abstC`.
impl<K: RepCat> RepCat for D<K> {
    fn repr_c<A: HasRep>() -> DMap<K, A, A::Rep> {
        linear_d::<K, A, A::Rep>(A::repr, K::repr_c::<A>())
    }
    fn abst_c<A: HasRep>() -> DMap<K, A::Rep, A> {
        linear_d::<K, A::Rep, A>(A::abst, K::abst_c::<A>())
    }
}

/// The transpose of `reprC` is `abstC`: `reprC = Dual abstC`, `abstC = Dual reprC`.
impl<K: RepCat> RepCat for Dual<K> {
    fn repr_c<A: HasRep>() -> Hom<K, A::Rep, A> {
        K::abst_c::<A>()
    }
    fn abst_c<A: HasRep>() -> Hom<K, A, A::Rep> {
        K::repr_c::<A>()
    }
}

/// `reprC = cont reprC`, `abstC = cont abstC`.
impl<K: RepCat + Cocartesian, R: Additive> RepCat for Cont<K, R> {
    fn repr_c<A: HasRep>() -> ContMap<K, R, A, A::Rep> {
        cont::<K, R, A, A::Rep>(K::repr_c::<A>())
    }
    fn abst_c<A: HasRep>() -> ContMap<K, R, A::Rep, A> {
        cont::<K, R, A::Rep, A>(K::abst_c::<A>())
    }
}

/// `reprC = begin reprC`, `abstC = begin abstC`.
impl<K: RepCat + Cartesian, R: Additive> RepCat for Begin<K, R> {
    fn repr_c<A: HasRep>() -> BeginMap<K, R, A, A::Rep> {
        begin::<K, R, A, A::Rep>(K::repr_c::<A>())
    }
    fn abst_c<A: HasRep>() -> BeginMap<K, R, A::Rep, A> {
        begin::<K, R, A::Rep, A>(K::abst_c::<A>())
    }
}
