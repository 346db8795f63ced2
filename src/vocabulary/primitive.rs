use super::{Category, Hom, LinearFn};
use crate::space::{Scalar, Space};
use std::fmt;
use std::rc::Rc;

/// A primitive operation with its derivative: how a new primitive joins catad, inside the library
/// or from a user (JAX's `custom_jvp`/`custom_vjp`, Krawiec et al.'s §10.1).
///
/// `linearize` returns the value at a point and the derivative there, as a [`LinearFn`]: the
/// derivative's action (a JVP) and its transpose's (a VJP). [`PrimitiveCat::primitive`] makes a
/// morphism of it in every program category; in a derivative category `D<K>` the derivative is
/// `K`'s [`linear`](super::LinearCat::linear) of the `LinearFn`, so one statement serves every
/// mode.
///
/// # Laws
///
/// - `value(a) = linearize(a).0`;
/// - the derivative is the derivative: `linearize(a).1.apply(da) = lim (value(a + h·da) −
///   value(a)) / h`, and its transpose is its adjoint (checked by catad-laws for every primitive
///   of the library).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::vocabulary::{PrimitiveCat, primitive};
///
/// // softplus x = ln(1 + eˣ), with its derivative the logistic function σ(x).
/// let softplus = || {
///     primitive(
///         "softplus",
///         |x: &f64| x.exp().ln_1p(),
///         |x: &f64| {
///             let s = 1.0 / (1.0 + (-x).exp());
///             (move |dx: &f64| s * dx, move |dy: &f64, acc: &mut f64| *acc += s * dy)
///         },
///     )
/// };
/// assert_eq!(Fun::primitive(softplus()).apply(0.0), 2.0_f64.ln());
/// assert_eq!(derivative(&Forward::primitive(softplus()), 0.0), 0.5);
/// assert_eq!(gradient(&Reverse::primitive(softplus()), 0.0), 0.5);
/// ```
pub trait Primitive<A, B>: 'static {
    /// The primitive's name, for messages and pictures.
    fn name(&self) -> &str;

    /// The value at `a`.
    fn value(&self, a: &A) -> B;

    /// The value at `a` and the derivative there.
    fn linearize(&self, a: &A) -> (B, Rc<dyn LinearFn<A, B>>);
}

impl<A: 'static, B: 'static> fmt::Debug for dyn Primitive<A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Primitive({})", self.name())
    }
}

/// A shared primitive is that primitive, so that what [`primitive`] returns can be declared with
/// `catad::primitive!`, which takes a value of a type that implements `Primitive`.
///
/// ```
/// use catad::vocabulary::{Primitive, primitive};
/// let double = primitive("double", |x: &f64| 2.0 * x, |_: &f64| {
///     (|dx: &f64| 2.0 * dx, |dy: &f64, acc: &mut f64| *acc += 2.0 * dy)
/// });
/// let shared: &dyn Primitive<f64, f64> = &double;
/// assert_eq!((shared.name(), shared.value(&3.0)), ("double", 6.0));
/// ```
impl<A: 'static, B: 'static> Primitive<A, B> for Rc<dyn Primitive<A, B>> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn value(&self, a: &A) -> B {
        (**self).value(a)
    }
    fn linearize(&self, a: &A) -> (B, Rc<dyn LinearFn<A, B>>) {
        (**self).linearize(a)
    }
}

/// The [`Primitive`] named `name` with the given value and derivative: `derivative(a)` returns
/// the derivative's action and its transpose's (adding into an accumulator) at `a`.
///
/// ```
/// use catad::prelude::*;
/// use catad::vocabulary::{Primitive, primitive};
/// let cube = primitive(
///     "cube",
///     |x: &f64| x * x * x,
///     |x: &f64| {
///         let d = 3.0 * x * x;
///         (move |dx: &f64| d * dx, move |dy: &f64, acc: &mut f64| *acc += d * dy)
///     },
/// );
/// assert_eq!(cube.value(&2.0), 8.0);
/// assert_eq!(cube.linearize(&2.0).1.apply(&1.0), 12.0);
/// ```
pub fn primitive<A: 'static, B: 'static, F, G>(
    name: &str,
    value: impl Fn(&A) -> B + 'static,
    derivative: impl Fn(&A) -> (F, G) + 'static,
) -> Rc<dyn Primitive<A, B>>
where
    F: Fn(&A) -> B + 'static,
    G: Fn(&B, &mut A) + 'static,
{
    Rc::new(Custom {
        name: name.to_string(),
        value,
        derivative,
    })
}

/// A [`Primitive`] from closures.
struct Custom<V, Dv> {
    name: String,
    value: V,
    derivative: Dv,
}

impl<A: 'static, B: 'static, V, Dv, F, G> Primitive<A, B> for Custom<V, Dv>
where
    V: Fn(&A) -> B + 'static,
    Dv: Fn(&A) -> (F, G) + 'static,
    F: Fn(&A) -> B + 'static,
    G: Fn(&B, &mut A) + 'static,
{
    fn name(&self) -> &str {
        &self.name
    }
    fn value(&self, a: &A) -> B {
        (self.value)(a)
    }
    fn linearize(&self, a: &A) -> (B, Rc<dyn LinearFn<A, B>>) {
        let (apply, transpose_add) = (self.derivative)(a);
        ((self.value)(a), super::linear_fn(apply, transpose_add))
    }
}

/// Primitives with their own derivatives: the programs' door to operations the vocabulary does
/// not spell (a matrix product, a cumulative sum, a user's special function).
///
/// Implemented by the categories that run programs: `Fun` runs the value, `D<K>` pairs it with
/// `K`'s [`linear`](super::LinearCat::linear) of the derivative.
///
/// # Laws
///
/// - in `Fun`, `primitive p = p.value`;
/// - in `D<K>`, `primitive p = D (λ a → let (b, f) = p.linearize a in (b, linear f))`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::vocabulary::{PrimitiveCat, primitive};
/// // x ↦ x³ as a primitive, composed with sin in reverse mode.
/// let cube = || primitive("cube", |x: &f64| x.powi(3), |x: &f64| {
///     let d = 3.0 * x * x;
///     (move |dx: &f64| d * dx, move |dy: &f64, acc: &mut f64| *acc += d * dy)
/// });
/// let f = Reverse::compose(Reverse::sin_c(), Reverse::primitive(cube()));
/// assert!((gradient(&f, 1.0) - 3.0 * 1.0_f64.cos()).abs() < 1e-15);
/// ```
pub trait PrimitiveCat<S: Scalar>: Category {
    /// The morphism computing `p`.
    fn primitive<A: Space<S>, B: Space<S>>(p: Rc<dyn Primitive<A, B>>) -> Hom<Self, A, B>;
}
