use catad::interpretations::{AddFun, Begin, Cont, D, DMap, Delta, Dual, Func, Mat, MatMap};
use catad::prelude::*;
use catad::staged::{Sym, Tape};
use catad::vocabulary::LinearMap;
use nalgebra::RealField;

/// Extensional observation of a morphism, so that two morphisms of the same category can be
/// compared: at a point `a` of the domain, given a *codomain witness* `b`, any vector of the
/// codomain's shape.
///
/// - [`Fun`] and the syntax category [`Syn`](catad::term::Syn): the value at `a`;
/// - linear-map categories ([`AddFun`], [`Dual`], [`Cont`], [`Begin`], [`Mat`], [`Delta`]): the
///   matrix, whose columns `a` and rows `b` shape;
/// - [`D<K>`](D): the value at `a` followed by the matrix of the derivative there; over [`Sym`],
///   staged (recorded and read from the [`Tape`]).
///
/// Values are read in the witness's shape ([`Space::coords_as`]), so that an empty run-time
/// vector (the zero of every length) and a vector of zeros observe alike. A codomain whose shape
/// the type fixes (`f64`, tuples, arrays) takes any witness, such as its zero; a run-time-length
/// codomain (`Vec`, `DVector`) needs a vector of the right length, since its zero is empty and
/// would make every matrix empty.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad_laws::Observe;
/// assert_eq!(Forward::observe(&Forward::sin_c(), &0.0, &0.0), vec![0.0, 1.0]);
/// let repl = AddFun::repl_i::<f64>(catad::space::VecLen(2));
/// assert_eq!(<AddFun as Observe<f64>>::observe(&repl, &0.0, &vec![0.0; 2]), vec![1.0, 1.0]);
/// ```
pub trait Observe<S: Scalar>: Category {
    /// The observation of `f` at `a`, as a flat list of scalars; `b` has the codomain's shape.
    fn observe<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A, b: &B) -> Vec<S>;
}

/// A term ([`Syn`](catad::term::Syn)) is observed as `Fun` is: by its value at `a`.
impl Observe<f64> for catad::term::Syn {
    fn observe<A: Space<f64>, B: Space<f64>>(
        f: &catad::term::Term<A, B>,
        a: &A,
        b: &B,
    ) -> Vec<f64> {
        f.apply(a.clone()).coords_as(b)
    }
}

impl<S: Scalar> Observe<S> for Fun {
    fn observe<A: Space<S>, B: Space<S>>(f: &Func<A, B>, a: &A, b: &B) -> Vec<S> {
        f.apply(a.clone()).coords_as(b)
    }
}

impl<K: LinearMap<f64>> Observe<f64> for D<K> {
    fn observe<A: Space<f64>, B: Space<f64>>(f: &DMap<K, A, B>, a: &A, b: &B) -> Vec<f64> {
        value_and_matrix::<K, f64, A, B>(f, a, b)
    }
}

/// Over [`Sym`], a differentiable function is observed *staged*: its value and the matrix of its
/// derivative are recorded with the coordinates as symbolic inputs — at a point near `a` (each
/// coordinate [`ELSEWHERE`] further), so that a tape that kept a value of where it was recorded
/// as a constant is caught — compiled to a [`Tape`] (simplified, common subexpressions shared,
/// dead code dropped, slots reused), and read from the tape run at `a`, as
/// [`catad::staged::compile`]'s entry points run a tape recorded at another point. Where the
/// program branches otherwise there than at `a` (a guard fails), it is recorded at `a`. So a law
/// observed over `Sym` holds of the staged programs.
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::Sym;
/// use catad_laws::Observe;
/// let at = |x: f64| Sym::constant(x);
/// let seen = Reverse::observe(&Reverse::sin_c(), &at(0.0), &at(0.0));
/// assert_eq!(seen.iter().map(|s| s.value()).collect::<Vec<_>>(), [0.0, 1.0]);
/// ```
impl<K: LinearMap<Sym>> Observe<Sym> for D<K> {
    fn observe<A: Space<Sym>, B: Space<Sym>>(f: &DMap<K, A, B>, a: &A, b: &B) -> Vec<Sym> {
        let point: Vec<f64> = a.coords().into_iter().map(Sym::value).collect();
        let record = |at: &[f64]| {
            let (tape, ()) = Tape::record(at, |x| {
                let x = a.read_coords(&mut x.iter().copied());
                (value_and_matrix::<K, Sym, A, B>(f, &x, b), ())
            });
            tape
        };
        let run = |tape: &Tape| {
            let mut out = vec![0.0; tape.outputs()];
            tape.eval(&point, &mut tape.workspace(), &mut out)
                .map(|()| out)
        };
        let elsewhere: Vec<f64> = point.iter().map(|x| x + ELSEWHERE).collect();
        let out = run(&record(&elsewhere))
            .or_else(|_| run(&record(&point)))
            .expect("a tape applies at the point it was recorded at");
        out.into_iter().map(Sym::constant).collect()
    }
}

/// How much further than the point observed each coordinate is where a staged observation
/// records its tape (see [`Observe`]).
pub const ELSEWHERE: f64 = 0.125;

/// `f`'s value at `a` followed by the matrix of its derivative there.
fn value_and_matrix<K: LinearMap<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: &DMap<K, A, B>,
    a: &A,
    b: &B,
) -> Vec<S> {
    let (value, df) = f.linearize(a.clone());
    let mut out = value.coords_as(b);
    out.extend(K::to_matrix(&df, a, b).iter().copied());
    out
}

/// The matrix of a linear map, flattened.
fn matrix<K: LinearMap<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: &Hom<K, A, B>,
    a: &A,
    b: &B,
) -> Vec<S> {
    K::to_matrix(f, a, b).iter().copied().collect()
}

impl<S: Scalar> Observe<S> for AddFun {
    fn observe<A: Space<S>, B: Space<S>>(f: &Func<A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

impl<K: LinearMap<S>, S: Scalar> Observe<S> for Dual<K> {
    fn observe<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

impl<K: LinearMap<S> + Cocartesian, S: Scalar, R: Space<S>> Observe<S> for Cont<K, R> {
    fn observe<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

impl<K: LinearMap<S> + Cartesian, S: Scalar, R: Space<S>> Observe<S> for Begin<K, R> {
    fn observe<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

impl<S: Scalar> Observe<S> for Delta {
    fn observe<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

impl<S: Scalar + RealField> Observe<S> for Mat<S> {
    fn observe<A: Space<S>, B: Space<S>>(f: &MatMap<S, A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

/// The relative tolerance of [`close`]: a few hundred ulps of `f64`, far below any real bug.
pub const TOLERANCE: f64 = 1e-9;

/// `|x - y| ≤ TOLERANCE · (1 + max(|x|, |y|))`: equality up to rounding.
///
/// ```
/// assert!(catad_laws::close(0.1 + 0.2, 0.3));
/// assert!(!catad_laws::close(1.0, 1.001));
/// ```
pub fn close<S: Scalar>(x: S, y: S) -> bool {
    let (x, y) = (x.to_f64(), y.to_f64());
    (x - y).abs() <= TOLERANCE * (1.0 + x.abs().max(y.abs()))
}

/// [`close`] elementwise, and the lengths equal.
///
/// ```
/// assert!(catad_laws::close_slices(&[1.0, 2.0], &[1.0, 2.0 + 1e-15]));
/// assert!(!catad_laws::close_slices(&[1.0], &[1.0, 2.0]));
/// ```
pub fn close_slices<S: Scalar>(x: &[S], y: &[S]) -> bool {
    x.len() == y.len() && x.iter().zip(y).all(|(&a, &b)| close(a, b))
}

/// Where a law is observed: a point `a` of the domain, and a vector `b` of the codomain's shape
/// (the codomain witness of [`Observe`]).
///
/// ```
/// use catad_laws::At;
/// let at = At::new(0.5, vec![0.0; 3]);
/// assert_eq!(at.b.len(), 3);
/// assert_eq!(At::<f64, (f64, f64)>::point(0.5).b, (0.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct At<A, B> {
    /// The point of the domain.
    pub a: A,
    /// A vector of the codomain's shape.
    pub b: B,
}

impl<A, B> At<A, B> {
    /// At the point `a`, the codomain shaped like `b`.
    pub fn new(a: A, b: B) -> Self {
        At { a, b }
    }
}

impl<A, B: Additive> At<A, B> {
    /// At the point `a`, for a codomain whose shape its type fixes (`f64`, tuples, arrays): the
    /// witness is its zero.
    pub fn point(a: A) -> Self {
        At { a, b: B::zero() }
    }
}

/// `f` and `g` are observed equal at `at`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let f = Fun::compose(Fun::id(), Fun::sin_c());
/// assert!(catad_laws::same_at::<Fun, f64, f64, f64>(&f, &Fun::sin_c(), &At::point(0.5)));
/// ```
pub fn same_at<K: Observe<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: &Hom<K, A, B>,
    g: &Hom<K, A, B>,
    at: &At<A, B>,
) -> bool {
    close_slices(&K::observe(f, &at.a, &at.b), &K::observe(g, &at.a, &at.b))
}
