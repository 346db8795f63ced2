//! Random vectors of every object type: a random *shape* ([`RandomShape`]; a length for each
//! run-time-length part), filled with random coordinates.
//!
//! ```
//! use catad::prelude::*;
//! use catad_laws::random::RandomShape;
//! use quickcheck::Gen;
//! let shape = <(f64, Vec<[f64; 2]>)>::random_shape(&mut Gen::new(10));
//! assert_eq!(shape.dim() % 2, 1);
//! assert!(shape.coords().iter().all(|x| *x == 0.0));
//! ```

use catad::prelude::*;
use catad::space::{Data, HasRep};
use frunk_core::hlist::{HCons, HNil};
use nalgebra::{DMatrix, DVector, SMatrix};
use quickcheck::{Arbitrary, Gen};
use std::fmt;

/// An object whose vectors can be drawn at random: first a shape, then its coordinates.
pub trait RandomShape: Additive {
    /// A vector of a random shape, every coordinate 0: a random length (0 to
    /// [`MAX_LENGTH`]) for each run-time-length part, the type's shape for the rest.
    fn random_shape(g: &mut Gen) -> Self;
}

/// The longest run-time-length vector of a random shape.
pub const MAX_LENGTH: usize = 3;

fn length(g: &mut Gen) -> usize {
    usize::from(u8::arbitrary(g)) % (MAX_LENGTH + 1)
}

impl RandomShape for f32 {
    fn random_shape(_: &mut Gen) -> Self {
        0.0
    }
}

impl RandomShape for f64 {
    fn random_shape(_: &mut Gen) -> Self {
        0.0
    }
}

impl RandomShape for () {
    fn random_shape(_: &mut Gen) -> Self {}
}

impl<A: RandomShape, B: RandomShape> RandomShape for (A, B) {
    fn random_shape(g: &mut Gen) -> Self {
        (A::random_shape(g), B::random_shape(g))
    }
}

impl<A: RandomShape, B: RandomShape, C: RandomShape> RandomShape for (A, B, C) {
    fn random_shape(g: &mut Gen) -> Self {
        (A::random_shape(g), B::random_shape(g), C::random_shape(g))
    }
}

impl<A: RandomShape, B: RandomShape, C: RandomShape, E: RandomShape> RandomShape for (A, B, C, E) {
    fn random_shape(g: &mut Gen) -> Self {
        let (a, b) = <(A, B)>::random_shape(g);
        let (c, e) = <(C, E)>::random_shape(g);
        (a, b, c, e)
    }
}

impl<T: RandomShape, const N: usize> RandomShape for [T; N] {
    fn random_shape(g: &mut Gen) -> Self {
        std::array::from_fn(|_| T::random_shape(g))
    }
}

impl<T: RandomShape> RandomShape for Vec<T> {
    fn random_shape(g: &mut Gen) -> Self {
        (0..length(g)).map(|_| T::random_shape(g)).collect()
    }
}

impl<T: RandomShape + PartialEq, const R: usize, const C: usize> RandomShape for SMatrix<T, R, C> {
    fn random_shape(g: &mut Gen) -> Self {
        SMatrix::from_fn(|_, _| T::random_shape(g))
    }
}

impl<T: RandomShape + PartialEq> RandomShape for DVector<T> {
    fn random_shape(g: &mut Gen) -> Self {
        let n = length(g);
        DVector::from_fn(n, |_, _| T::random_shape(g))
    }
}

impl<T: RandomShape + PartialEq> RandomShape for DMatrix<T> {
    fn random_shape(g: &mut Gen) -> Self {
        let (rows, columns) = (length(g), length(g));
        DMatrix::from_fn(rows, columns, |_, _| T::random_shape(g))
    }
}

/// Data have no coordinates: their value is their shape, drawn at random (coordinates in
/// `[-2, 2]`, in the shapes of `T`'s random shapes).
impl<T: RandomShape + Space<f64>> RandomShape for Data<T> {
    fn random_shape(g: &mut Gen) -> Self {
        let shape = T::random_shape(g);
        let coords: Vec<f64> = (0..shape.dim())
            .map(|_| f64::from(i8::arbitrary(g)) / 64.0)
            .collect();
        Data::new(shape.with_coords(&coords))
    }
}

impl RandomShape for HNil {
    fn random_shape(_: &mut Gen) -> Self {
        HNil
    }
}

impl<H: RandomShape, T: RandomShape> RandomShape for HCons<H, T> {
    fn random_shape(g: &mut Gen) -> Self {
        HCons {
            head: H::random_shape(g),
            tail: T::random_shape(g),
        }
    }
}

/// A random shape of a [`HasRep`] type, through its representation: how a user's
/// `#[derive(HasRep)]` struct implements [`RandomShape`].
///
/// ```
/// use catad::space::{Data, HasRep};
/// use catad_laws::random::{RandomShape, rep_shape};
///
/// #[derive(Clone, Debug, HasRep)]
/// struct Line {
///     slope: f64,
///     at: Vec<f64>,
/// }
///
/// impl RandomShape for Line {
///     fn random_shape(g: &mut quickcheck::Gen) -> Self {
///         rep_shape(g)
///     }
/// }
/// ```
pub fn rep_shape<T: HasRep>(g: &mut Gen) -> T
where
    T::Rep: RandomShape,
{
    T::abst(T::Rep::random_shape(g))
}

/// A coordinate on the grid of quarters in `[-2, 2]`: sums and products of a few of them are
/// exact in `f32` and `f64` alike.
fn quarter(g: &mut Gen) -> f64 {
    f64::from(u8::arbitrary(g) % 17) / 4.0 - 2.0
}

/// Strictly smaller quarters (so shrinking terminates): zero, and half rounded to a quarter.
fn shrink_quarter(x: f64) -> Vec<f64> {
    let half = (x * 2.0).trunc() / 4.0;
    match x {
        0.0 => vec![],
        _ if half == 0.0 => vec![0.0],
        _ => vec![0.0, half],
    }
}

/// Three vectors `u`, `v`, `w` of one random shape of `T` and two scalars `a`, `b`, all with
/// coordinates on the grid of quarters in `[-2, 2]` (so that the [`Space`](crate::space) laws are
/// exact in every scalar type); shrinks coordinates towards 0.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::random::Vectors;
/// use quickcheck::{Arbitrary, Gen};
/// let x = Vectors::<Vec<f64>, f64>::arbitrary(&mut Gen::new(10));
/// assert_eq!(x.u.dim(), x.w.dim());
/// ```
#[derive(Clone)]
pub struct Vectors<T, S> {
    /// The first vector.
    pub u: T,
    /// The second vector, of `u`'s shape.
    pub v: T,
    /// The third vector, of `u`'s shape.
    pub w: T,
    /// The first scalar.
    pub a: S,
    /// The second scalar.
    pub b: S,
}

impl<T: fmt::Debug, S: fmt::Debug> fmt::Debug for Vectors<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Vectors { u, v, w, a, b } = self;
        write!(f, "u = {u:?}, v = {v:?}, w = {w:?}, a = {a:?}, b = {b:?}")
    }
}

impl<T: RandomShape + Space<S>, S: Scalar> Arbitrary for Vectors<T, S> {
    fn arbitrary(g: &mut Gen) -> Self {
        let shape = T::random_shape(g);
        let vector = |g: &mut Gen| {
            let coords: Vec<S> = (0..shape.dim()).map(|_| S::from_f64(quarter(g))).collect();
            shape.with_coords(&coords)
        };
        let (u, v, w) = (vector(g), vector(g), vector(g));
        let (a, b) = (S::from_f64(quarter(g)), S::from_f64(quarter(g)));
        Vectors { u, v, w, a, b }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        // All five as one list of coordinates, shrunk one at a time.
        let parts = [&self.u, &self.v, &self.w].map(Space::coords);
        let mut flat: Vec<f64> = parts.iter().flatten().map(|x| x.to_f64()).collect();
        flat.extend([self.a.to_f64(), self.b.to_f64()]);
        let this = self.clone();
        let rebuild = move |flat: &[f64]| {
            let n = this.u.dim();
            let read = |v: &T, i: usize| {
                v.with_coords(
                    &flat[i * n..(i + 1) * n]
                        .iter()
                        .map(|&x| S::from_f64(x))
                        .collect::<Vec<_>>(),
                )
            };
            Vectors {
                u: read(&this.u, 0),
                v: read(&this.v, 1),
                w: read(&this.w, 2),
                a: S::from_f64(flat[3 * n]),
                b: S::from_f64(flat[3 * n + 1]),
            }
        };
        Box::new(shrink_each(flat, shrink_quarter).map(move |flat| rebuild(&flat)))
    }
}

/// The lists with one coordinate of `xs` replaced by one of its shrinks.
pub(crate) fn shrink_each(
    xs: Vec<f64>,
    shrink: fn(f64) -> Vec<f64>,
) -> impl Iterator<Item = Vec<f64>> {
    (0..xs.len()).flat_map(move |i| {
        let xs = xs.clone();
        shrink(xs[i]).into_iter().map(move |x| {
            let mut ys = xs.clone();
            ys[i] = x;
            ys
        })
    })
}
