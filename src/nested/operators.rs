//! The derivative operators that return programs: `gradient_of`, `jvp_of`, `vjp_of`,
//! `derivative_of`, `jacobian_of`.

use super::Nested;
use crate::ad;
use crate::interpretations::DMap;
use crate::space::Rescale;
use crate::staged::Sym;
use crate::vocabulary::LinearMap;
use nalgebra::DMatrix;

/// The gradient of `f` as a program `A → A`, run over the scalar `S`: `f`'s mode `K` computes it,
/// and the category the program is used in differentiates it again.
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::gradient_of;
/// use catad::staged::Sym;
/// use catad::vocabulary::PrimitiveCat;
/// use std::rc::Rc;
///
/// // f x = x³: the gradient 3x² in forward mode, differentiated in reverse mode: 6x.
/// let cube = Forward::compose(Forward::mul_c(), Forward::fork(Forward::id(), Forward::compose(Forward::mul_c(), Forward::dup())));
/// let g = Reverse::primitive(Rc::new(gradient_of::<f64, _, _>(&cube)));
/// assert_eq!(g.apply(2.0), 12.0);
/// assert_eq!(gradient(&g, 2.0), 12.0);
/// ```
pub fn gradient_of<S, K, A>(f: &DMap<K, A, Sym>) -> Nested<S, A, A>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
{
    let f = f.clone();
    Nested::new("gradient", move |a: A| (ad::gradient(&f, a.clone()), a))
}

/// The Jacobian-vector product of `f` as a program `(a, da) ↦ (f a, f′ a · da)`, run over the
/// scalar `S`, computed in `f`'s mode `K`.
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::jvp_of;
/// use catad::staged::Sym;
/// use catad::vocabulary::PrimitiveCat;
/// use std::rc::Rc;
///
/// let sin = Fun::primitive(Rc::new(jvp_of::<f64, _, Sym, Sym>(&Forward::sin_c())));
/// assert_eq!(sin.apply((0.0, 2.0)), (0.0, 2.0));
/// ```
pub fn jvp_of<S, K, A, B>(f: &DMap<K, A, B>) -> Nested<S, (A, A), (B, B)>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
    B: Rescale<Sym>,
{
    let f = f.clone();
    Nested::new("jvp", move |(a, da): (A, A)| {
        let (b, db) = ad::jvp(&f, a, da);
        ((b.clone(), db), (b.clone(), b))
    })
}

/// The vector-Jacobian product of `f` as a program `(a, db) ↦ (f a, f′ a ᵀ · db)`, run over the
/// scalar `S`, computed in `f`'s mode `K`.
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::vjp_of;
/// use catad::staged::Sym;
/// use catad::vocabulary::PrimitiveCat;
/// use std::rc::Rc;
///
/// let mul = Fun::primitive(Rc::new(vjp_of::<f64, _, (Sym, Sym), Sym>(&Reverse::mul_c())));
/// assert_eq!(mul.apply(((2.0, 3.0), 1.0)), (6.0, (3.0, 2.0)));
/// ```
pub fn vjp_of<S, K, A, B>(f: &DMap<K, A, B>) -> Nested<S, (A, B), (B, A)>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
    B: Rescale<Sym>,
{
    let f = f.clone();
    Nested::new("vjp", move |(a, db): (A, B)| {
        let (b, da) = ad::vjp(&f, a.clone(), db);
        ((b.clone(), da), (b, a))
    })
}

/// The derivative of a scalar function `f` as a program `x ↦ f′ x`, run over the scalar `S`,
/// computed in `f`'s mode `K`.
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::derivative_of;
/// use catad::vocabulary::PrimitiveCat;
/// use std::rc::Rc;
///
/// // sin″ = −sin: the derivative in reverse mode, differentiated in forward mode.
/// let cos = Forward::primitive(Rc::new(derivative_of::<f64, _>(&Reverse::sin_c())));
/// assert_eq!(derivative(&cos, 0.5), -(0.5_f64.sin()));
/// ```
pub fn derivative_of<S, K>(f: &DMap<K, Sym, Sym>) -> Nested<S, Sym, Sym>
where
    K: LinearMap<Sym>,
{
    let f = f.clone();
    Nested::new("derivative", move |x: Sym| (ad::derivative(&f, x), x))
}

/// The Jacobian matrix of `f` as a program `a ↦ f′ a`, `dim b` rows by `dim a` columns, run over
/// the scalar `S`, computed in `f`'s mode `K` (reverse modes by rows, forward modes by columns).
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::jacobian_of;
/// use catad::staged::Sym;
/// use catad::vocabulary::PrimitiveCat;
/// use std::rc::Rc;
///
/// // cosSinProd's Jacobian, a program: at (x, y) = (0, 2) it is [[0, 0], [2, 0]].
/// let f = catad::paper::cos_sin_prod::<Reverse, Sym>();
/// let j = Fun::primitive(Rc::new(jacobian_of::<f64, _, _, _>(&f)));
/// assert_eq!(j.apply((0.0, 2.0)).as_slice(), &[0.0, 2.0, 0.0, 0.0]);
/// ```
pub fn jacobian_of<S, K, A, B>(f: &DMap<K, A, B>) -> Nested<S, A, DMatrix<Sym>>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
    B: Rescale<Sym>,
{
    let f = f.clone();
    Nested::new("jacobian", move |a: A| {
        let j = ad::jacobian(&f, a);
        (j.clone(), j)
    })
}
