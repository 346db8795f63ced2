//! Second derivatives as entry points: `hessian`, `hvp` and `second_derivative`, forward mode over
//! the program's own.

use super::{derivative_of, gradient_of};
use crate::ad;
use crate::interpretations::{AddFun, D, DMap};
use crate::space::Rescale;
use crate::staged::{Sym, Value};
use crate::vocabulary::{LinearMap, PrimitiveCat};
use nalgebra::DMatrix;
use std::rc::Rc;

/// The Hessian of a scalar program `f` at `a`: the Jacobian, in forward mode, of `f`'s gradient
/// in `f`'s mode `K` (forward-over-reverse for a reverse-mode `f`), `dim a` rows by `dim a`
/// columns.
///
/// Each call stages `f`'s gradient afresh. To take many Hessians of one program, build the
/// gradient program once and take its Jacobian at each point, so that its tape is reused:
/// `jacobian(&Forward::primitive(Rc::new(gradient_of::<f64, _, _>(&f))), a)`.
///
/// The input may be the user's own struct when it is generic in its scalar: `f` is over
/// `Params<Sym>` and `a` a `Params<f64>` for a struct `Params<S>` that derives `HasRep` (see the
/// derive's "A struct generic in its scalar").
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::hessian;
/// // magSqr a b = a² + b²: the Hessian is 2·I.
/// let h = hessian(&catad::paper::mag_sqr::<Reverse, _>(), (3.0, 4.0));
/// assert_eq!(h.as_slice(), &[2.0, 0.0, 0.0, 2.0]);
/// ```
pub fn hessian<K, A>(f: &DMap<K, A, Sym>, a: Value<A>) -> DMatrix<f64>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
{
    let g = <D<AddFun> as PrimitiveCat<f64>>::primitive(Rc::new(gradient_of::<f64, K, A>(f)));
    ad::jacobian(&g, a)
}

/// The Hessian-vector product `∇²f(a) · v` of a scalar program `f`: the forward-mode derivative
/// of `f`'s gradient along `v` (forward-over-reverse for a reverse-mode `f`), in the time of a
/// few gradients, without the Hessian. Like [`hessian`], each call stages `f`'s gradient afresh.
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::hvp;
/// // cos (x + y·z), the paper's Fig. 12, at 0: the Hessian is −(1, z, y)ᵀ(1, z, y).
/// let f = catad::paper::cos_xyz::<Reverse, _>();
/// assert_eq!(hvp(&f, ((0.0, 0.0), 0.0), ((1.0, 0.0), 0.0)), ((-1.0, 0.0), 0.0));
/// ```
pub fn hvp<K, A>(f: &DMap<K, A, Sym>, a: Value<A>, v: Value<A>) -> Value<A>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
{
    let g = <D<AddFun> as PrimitiveCat<f64>>::primitive(Rc::new(gradient_of::<f64, K, A>(f)));
    ad::jvp(&g, a, v).1
}

/// The second derivative `f″(x)` of a scalar function `f`: the forward-mode derivative of `f`'s
/// derivative in `f`'s mode `K`. Like [`hessian`], each call stages `f`'s derivative afresh.
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::second_derivative;
/// // sin″ = −sin, by forward mode over reverse mode.
/// assert_eq!(second_derivative(&Reverse::sin_c(), 0.5), -(0.5_f64.sin()));
/// ```
pub fn second_derivative<K>(f: &DMap<K, Sym, Sym>, x: f64) -> f64
where
    K: LinearMap<Sym>,
{
    let d = <D<AddFun> as PrimitiveCat<f64>>::primitive(Rc::new(derivative_of::<f64, K>(f)));
    ad::derivative(&d, x)
}
