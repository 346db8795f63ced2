//! The user-level entry points: mode aliases and `jvp`, `vjp`, `gradient`, `derivative`,
//! `jacobian`.
//!
//! Every entry point works for a morphism of [`D<K>`] for any linear-map representation `K`
//! ([`LinearMap`]): the mode is the type parameter, never a second implementation.
//!
//! ```
//! use catad::prelude::*;
//!
//! // magSqr (a, b) = a·a + b·b, written once for every category (paper §5).
//! fn mag_sqr<K: Cartesian + NumCat<f64>>() -> Hom<K, (f64, f64), f64> {
//!     let sqr = || K::compose(K::mul_c(), K::dup());
//!     K::compose(K::add_c(), K::fork(K::compose(sqr(), K::exl()), K::compose(sqr(), K::exr())))
//! }
//!
//! assert_eq!(jvp(&mag_sqr::<Forward>(), (3.0, 4.0), (1.0, 0.0)), (25.0, 6.0));
//! assert_eq!(vjp(&mag_sqr::<Reverse>(), (3.0, 4.0), 1.0), (25.0, (6.0, 8.0)));
//! assert_eq!(gradient(&mag_sqr::<ReverseCont<f64>>(), (3.0, 4.0)), (6.0, 8.0));
//! assert_eq!(jacobian(&mag_sqr::<ForwardBegin<f64>>(), (3.0, 4.0)).as_slice(), &[6.0, 8.0]);
//! ```

use crate::interpretations::{AddFun, Begin, Cont, D, DMap, Delta, Dual};
use crate::space::{Scalar, Space};
use crate::vocabulary::LinearMap;
use nalgebra::DMatrix;

/// Forward mode: derivatives as additive functions, `D<AddFun>`.
pub type Forward = D<AddFun>;

/// Reverse mode: derivatives as transposed additive functions, `D<Dual<AddFun>>` (paper §13).
pub type Reverse = D<Dual<AddFun>>;

/// Reverse mode through a shared DAG of linear operations, `D<Delta>` (Krawiec et al.): every
/// use of a value adds into that value's one accumulator, so reading an element `xs[i]` costs
/// O(1) in the reverse pass (in [`Reverse`] it returns a one-hot vector the length of `xs`).
/// The reverse mode for programs that index into vectors.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// // x₀ · x₂ read by projections from a vector of length 4.
/// let f = ReverseDelta::compose(
///     ReverseDelta::mul_c(),
///     ReverseDelta::fork(ReverseDelta::ex_at(VecLen(4), 0), ReverseDelta::ex_at(VecLen(4), 2)),
/// );
/// assert_eq!(gradient(&f, vec![3.0, 1.0, 5.0, 1.0]), vec![5.0, 0.0, 3.0, 0.0]);
/// ```
pub type ReverseDelta = D<Delta>;

/// Reverse mode by continuations with answer object `R`, `D<Cont<Dual<Delta>, R>>` (paper §12,
/// with §13's representation of a continuation `b ⊸ r` by its transpose `r ⊸ b`, and that
/// transpose a shared DAG of [`Delta`]).
///
/// A `cross` hands the continuation `h` to both of its sides (`unjoin`); `h` is
/// [shared](crate::vocabulary::Category::share), so its nodes are built once however many paths
/// reach it, and a gradient costs time linear in the size of the program, like [`Reverse`]. The
/// paper's own `D<Cont<AddFun, R>>`, with continuations as functions, re-evaluates `h` along every
/// path (exponential in the nesting of `cross`, see [`Cont`](crate::interpretations::Cont#cost));
/// it is still a category of catad, checked by the laws.
///
/// ```
/// use catad::prelude::*;
/// // Krawiec et al.'s sharing example: x₍ᵢ₊₁₎ = xᵢ + xᵢ through fork(id, id), 50 times, so
/// // 2⁵⁰ paths lead from x to the result.
/// type M = ReverseCont<f64>;
/// let double = M::compose(M::add_c(), M::fork(M::id(), M::id()));
/// let f = (1..50).fold(double.clone(), |f, _| M::compose(double.clone(), f));
/// assert_eq!(gradient(&f, 1.0), 2f64.powi(50));
/// ```
pub type ReverseCont<R> = D<Cont<Dual<Delta>, R>>;

/// Forward mode by right association with source object `R`, `D<Begin<Delta, R>>` (paper §14):
/// the beginnings `r ⊸ a` are shared DAGs of [`Delta`], so, as for [`ReverseCont`], a beginning
/// handed to both sides of a `cross` (`unfork`) is built once and a derivative costs time linear in
/// the program. The paper's `D<Begin<AddFun, R>>` re-evaluates the beginning along every path
/// ([`Begin`](crate::interpretations::Begin#cost)).
///
/// ```
/// use catad::prelude::*;
/// type M = ForwardBegin<f64>;
/// let double = M::compose(M::add_c(), M::fork(M::id(), M::id()));
/// let f = (1..50).fold(double.clone(), |f, _| M::compose(double.clone(), f));
/// assert_eq!(derivative(&f, 1.0), 2f64.powi(50));
/// ```
pub type ForwardBegin<R> = D<Begin<Delta, R>>;

/// The Jacobian-vector product: `(f a, f' a · da)`.
///
/// ```
/// use catad::prelude::*;
/// let f = Forward::compose(Forward::sin_c(), Forward::mul_c());
/// let (y, dy) = jvp(&f, (0.0, 2.0), (1.0, 0.0));
/// assert_eq!((y, dy), (0.0, 2.0));
/// ```
pub fn jvp<K, S, A, B>(f: &DMap<K, A, B>, a: A, da: A) -> (B, B)
where
    K: LinearMap<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    check_input("jvp", &a);
    check_tangent("jvp", &a, &da);
    let (b, df) = f.linearize(a);
    let db = shaped(K::forward(&df, &da, &b), &b);
    (b, db)
}

/// The vector-Jacobian product: `(f a, (f' a)ᵀ · db)`.
///
/// ```
/// use catad::prelude::*;
/// let f = Reverse::compose(Reverse::sin_c(), Reverse::mul_c());
/// assert_eq!(vjp(&f, (0.0, 2.0), 1.0), (0.0, (2.0, 0.0)));
/// ```
pub fn vjp<K, S, A, B>(f: &DMap<K, A, B>, a: A, db: B) -> (B, A)
where
    K: LinearMap<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    check_input("vjp", &a);
    let (b, df) = f.linearize(a.clone());
    check_tangent("vjp", &b, &db);
    let da = shaped(K::transpose(&df, &db, &a), &a);
    (b, da)
}

/// The gradient of a scalar-valued function: `(f' a)ᵀ · 1`, a vector of the domain's own type.
///
/// ```
/// use catad::prelude::*;
/// assert_eq!(gradient(&Reverse::mul_c(), (3.0, 4.0)), (4.0, 3.0));
/// ```
pub fn gradient<K, S, A>(f: &DMap<K, A, S>, a: A) -> A
where
    K: LinearMap<S>,
    S: Scalar,
    A: Space<S>,
{
    vjp(f, a, S::from_f64(1.0)).1
}

/// The derivative of a scalar function at `x`: `f' x · 1`.
///
/// ```
/// use catad::prelude::*;
/// assert_eq!(derivative(&Forward::exp_c(), 0.0), 1.0);
/// ```
pub fn derivative<K, S>(f: &DMap<K, S, S>, x: S) -> S
where
    K: LinearMap<S>,
    S: Scalar,
{
    jvp(f, x, S::from_f64(1.0)).1
}

/// The Jacobian matrix of `f` at `a`, `dim b` rows by `dim a` columns (paper §9): forward
/// representations fill it by columns, reverse ones ([`Dual`], [`Cont`]) by rows.
///
/// ```
/// use catad::prelude::*;
/// let swap = Reverse::swap::<f64, f64>();
/// let j = jacobian(&swap, (1.0, 2.0));
/// assert_eq!(j, nalgebra::DMatrix::from_row_slice(2, 2, &[0.0, 1.0, 1.0, 0.0]));
/// ```
pub fn jacobian<K, S, A, B>(f: &DMap<K, A, B>, a: A) -> DMatrix<S>
where
    K: LinearMap<S>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    check_input("jacobian", &a);
    let (b, df) = f.linearize(a.clone());
    K::to_matrix(&df, &a, &b)
}

/// Panics, naming the entry point and the coordinate, if the point has a NaN coordinate: a
/// derivative at NaN is undefined, and a NaN read as a number would give a wrong answer.
pub(crate) fn check_input<S: Scalar, A: Space<S>>(op: &str, a: &A) {
    if let Some(i) = a.coords().iter().position(|x| x.is_nan()) {
        panic!("{op}: the input has NaN at coordinate {i} (a derivative at NaN is undefined)");
    }
}

/// Panics, naming both dimensions, if a tangent does not have its point's dimension (the empty
/// run-time vector, the zero of every length, is accepted where the point has a vector).
fn check_tangent<S: Scalar, A: Space<S>>(op: &str, a: &A, da: &A) {
    let (point, tangent) = (a.dim(), da.coords_as(a).len());
    assert!(
        point == tangent,
        "{op}: a tangent of dimension {tangent} for a point of dimension {point}"
    );
}

/// `v` in the shape of `witness`: an empty run-time vector inside `v` (the zero of every length)
/// becomes zeros of the witness's length, so results always have the shape of their point.
fn shaped<S: Scalar, A: Space<S>>(v: A, witness: &A) -> A {
    if v.dim() == witness.dim() {
        v
    } else {
        witness.with_coords(&v.coords_as(witness))
    }
}
