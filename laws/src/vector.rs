//! Random programs over vectors: a small grammar over `hℝ → hℝ` ([`VecMap`]) and `hℝ → ℝ`
//! ([`VecFold`]) built from the indexed vocabulary and the scalar programs of
//! [`program`](crate::program), interpreted generically into every category at any container
//! shape `h`, for vectors of any length.
//!
//! Each program also has a guarded evaluator on plain slices (`None` where a scalar primitive
//! leaves its safe domain, or a sum leaves `±BOUND`), the reference that the primal of every
//! derivative category is checked against.
//!
//! ```
//! use catad::prelude::*;
//! use catad::space::VecLen;
//! use catad_laws::program::Nonlinear;
//! use catad_laws::vector::{VecFold, VecPt};
//! use quickcheck::{Arbitrary, Gen};
//!
//! let mut g = Gen::new(10);
//! let (p, x) = (VecFold::<Nonlinear>::arbitrary(&mut g), VecPt::arbitrary(&mut g));
//! if let Some(y) = p.eval(&x.0) {
//!     let f = p.interpret::<Reverse, VecLen>(VecLen(x.0.len()));
//!     assert!((f.apply(x.0.clone()) - y).abs() <= 1e-9 * (1.0 + y.abs()));
//! }
//! ```

use crate::program::over;
use crate::program::{BOUND, Field, Interprets, Line, MIN_DEPTH, Pt, RandomProgram, Vocabulary};
use catad::prelude::*;
use catad::space::Rescale;
use catad::space::{Arr, DVecLen, SVec, VecLen};
use nalgebra::{DVector, SVector};
use quickcheck::{Arbitrary, Gen};

/// A category that runs the vector programs of the vocabulary `V` at the container shape `H`,
/// over the scalar `S` (`f64` unless given).
pub trait InterpretsI<V: Vocabulary, H: Container, S: Scalar = f64>:
    Interprets<V, S> + CartesianI<H> + CocartesianI<H> + ZipI<H>
{
}

impl<K, V, H, S> InterpretsI<V, H, S> for K
where
    K: Interprets<V, S> + CartesianI<H> + CocartesianI<H> + ZipI<H>,
    V: Vocabulary,
    H: Container,
    S: Scalar,
{
}

/// A program `hℝ → hℝ`.
#[derive(Clone, Debug)]
pub enum VecMap<V: Vocabulary> {
    /// `id`.
    Id,
    /// `crossI`, the scalar programs used in turn (`lines[i mod k]` at position `i`).
    Cross(Vec<Line<V>>),
    /// `fmap l`.
    Fmap(Line<V>),
    /// `ZipWith(f, p, q) = zipWith f ∘ (p △ q)`.
    ZipWith(Field<V>, Box<VecMap<V>>, Box<VecMap<V>>),
    /// `Compose(g, f) = g ∘ f`.
    Compose(Box<VecMap<V>>, Box<VecMap<V>>),
    /// `Spread(l, r) = replI ∘ l ∘ r`: every element depends on every input.
    Spread(Line<V>, Box<VecFold<V>>),
}

/// A program `hℝ → ℝ`.
#[derive(Clone, Debug)]
pub enum VecFold<V: Vocabulary> {
    /// `Sum(p) = jamI ∘ p`.
    Sum(Box<VecMap<V>>),
    /// `At(i, p) = exI[i mod n] ∘ p`.
    At(usize, Box<VecMap<V>>),
}

/// The nesting depth of the vector nodes of a freshly generated program (the scalar programs
/// inside nest as the vocabulary says): 2, or 1 for a shallow vocabulary (one whose programs all
/// have the least depth, for the categories whose cost grows with nesting).
fn vector_depth<V: Vocabulary>() -> usize {
    if V::MAX_DEPTH <= MIN_DEPTH { 1 } else { 2 }
}

fn boxed<T>(t: T) -> Box<T> {
    Box::new(t)
}

impl<V: Vocabulary> VecMap<V> {
    fn generate(g: &mut Gen, depth: usize) -> Self {
        let leaf = |g: &mut Gen| match u8::arbitrary(g) % 3 {
            0 => VecMap::Fmap(Line::arbitrary(g)),
            1 => VecMap::Cross(
                (0..1 + usize::from(u8::arbitrary(g)) % 3)
                    .map(|_| Line::arbitrary(g))
                    .collect(),
            ),
            _ => VecMap::Id,
        };
        if depth == 0 {
            return leaf(g);
        }
        let shallow = usize::from(u8::arbitrary(g)) % depth;
        match u8::arbitrary(g) % 4 {
            0 => VecMap::ZipWith(
                Field::arbitrary(g),
                boxed(Self::generate(g, depth - 1)),
                boxed(Self::generate(g, shallow)),
            ),
            1 => VecMap::Compose(
                boxed(Self::generate(g, depth - 1)),
                boxed(Self::generate(g, shallow)),
            ),
            2 => VecMap::Spread(Line::arbitrary(g), boxed(VecFold::generate(g, depth - 1))),
            _ => leaf(g),
        }
    }

    /// The program as a morphism of `K` at the shape `h`.
    pub fn interpret<K: InterpretsI<V, H>, H: Container>(
        &self,
        h: H,
    ) -> Hom<K, H::Obj<f64>, H::Obj<f64>> {
        self.interpret_over::<K, H, f64>(h)
    }

    /// The program as a morphism of `K` at the shape `h`, over the scalar `S`.
    pub fn interpret_over<K: InterpretsI<V, H, S>, H: Container, S: Scalar>(
        &self,
        h: H,
    ) -> Hom<K, H::Obj<S>, H::Obj<S>> {
        type Pair<H, S> = (<H as Container>::Obj<S>, <H as Container>::Obj<S>);
        match self {
            VecMap::Id => K::id::<H::Obj<S>>(),
            VecMap::Cross(lines) => {
                let fs = h.tabulate(|i| lines[i % lines.len()].interpret_over::<K, S>());
                K::cross_i::<S, S>(h, fs)
            }
            VecMap::Fmap(l) => K::fmap::<S, S>(h, l.interpret_over::<K, S>()),
            VecMap::ZipWith(f, p, q) => K::compose::<H::Obj<S>, Pair<H, S>, H::Obj<S>>(
                zip_with::<K, H, S, S, S>(h, f.interpret_over::<K, S>()),
                K::fork::<H::Obj<S>, H::Obj<S>, H::Obj<S>>(
                    p.interpret_over::<K, H, S>(h),
                    q.interpret_over::<K, H, S>(h),
                ),
            ),
            VecMap::Compose(g, f) => K::compose::<H::Obj<S>, H::Obj<S>, H::Obj<S>>(
                g.interpret_over::<K, H, S>(h),
                f.interpret_over::<K, H, S>(h),
            ),
            VecMap::Spread(l, r) => K::compose::<H::Obj<S>, S, H::Obj<S>>(
                K::repl_i::<S>(h),
                K::compose::<H::Obj<S>, S, S>(
                    l.interpret_over::<K, S>(),
                    r.interpret_over::<K, H, S>(h),
                ),
            ),
        }
    }

    /// Guarded evaluation on a plain vector.
    pub fn eval(&self, x: &[f64]) -> Option<Vec<f64>> {
        match self {
            VecMap::Id => Some(x.to_vec()),
            VecMap::Cross(lines) => x
                .iter()
                .enumerate()
                .map(|(i, xi)| lines[i % lines.len()].eval(xi))
                .collect(),
            VecMap::Fmap(l) => x.iter().map(|xi| l.eval(xi)).collect(),
            VecMap::ZipWith(f, p, q) => {
                let (a, b) = (p.eval(x)?, q.eval(x)?);
                a.iter().zip(&b).map(|(&a, &b)| f.eval(&(a, b))).collect()
            }
            VecMap::Compose(g, f) => g.eval(&f.eval(x)?),
            VecMap::Spread(l, r) => Some(vec![l.eval(&r.eval(x)?)?; x.len()]),
        }
    }
}

impl<V: Vocabulary> VecFold<V> {
    fn generate(g: &mut Gen, depth: usize) -> Self {
        if bool::arbitrary(g) {
            VecFold::Sum(boxed(VecMap::generate(g, depth)))
        } else {
            VecFold::At(
                usize::from(u8::arbitrary(g)),
                boxed(VecMap::generate(g, depth)),
            )
        }
    }

    /// The program as a morphism of `K` at the shape `h`, which has at least one position.
    pub fn interpret<K: InterpretsI<V, H>, H: Container>(&self, h: H) -> Hom<K, H::Obj<f64>, f64> {
        self.interpret_over::<K, H, f64>(h)
    }

    /// The program as a morphism of `K` at the shape `h`, over the scalar `S`.
    pub fn interpret_over<K: InterpretsI<V, H, S>, H: Container, S: Scalar>(
        &self,
        h: H,
    ) -> Hom<K, H::Obj<S>, S> {
        match self {
            VecFold::Sum(p) => K::compose::<H::Obj<S>, H::Obj<S>, S>(
                K::jam_i::<S>(h),
                p.interpret_over::<K, H, S>(h),
            ),
            VecFold::At(i, p) => {
                let projections = K::ex_i::<S>(h);
                let ex = h.items(&projections)[i % h.size()].clone();
                K::compose::<H::Obj<S>, H::Obj<S>, S>(ex, p.interpret_over::<K, H, S>(h))
            }
        }
    }

    /// Guarded evaluation on a plain vector, which has at least one element.
    pub fn eval(&self, x: &[f64]) -> Option<f64> {
        match self {
            VecFold::Sum(p) => {
                let sum: f64 = p.eval(x)?.iter().sum();
                (sum.abs() <= BOUND).then_some(sum)
            }
            VecFold::At(i, p) => Some(p.eval(x)?[i % x.len()]),
        }
    }
}

impl<V: Vocabulary> Arbitrary for VecMap<V> {
    fn arbitrary(g: &mut Gen) -> Self {
        Self::generate(g, vector_depth::<V>())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let children: Vec<Self> = match self {
            VecMap::Id => return Box::new(std::iter::empty()),
            VecMap::Cross(_) | VecMap::Fmap(_) | VecMap::Spread(_, _) => vec![],
            VecMap::ZipWith(_, p, q) => vec![(**p).clone(), (**q).clone()],
            VecMap::Compose(g, f) => vec![(**g).clone(), (**f).clone()],
        };
        Box::new(std::iter::once(VecMap::Id).chain(children))
    }
}

impl<V: Vocabulary> Arbitrary for VecFold<V> {
    fn arbitrary(g: &mut Gen) -> Self {
        Self::generate(g, vector_depth::<V>())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        match self {
            VecFold::Sum(p) => Box::new((**p).shrink().map(|p| VecFold::Sum(boxed(p)))),
            VecFold::At(i, p) => {
                let i = *i;
                Box::new((**p).shrink().map(move |p| VecFold::At(i, boxed(p))))
            }
        }
    }
}

/// A random vector of 1 to 5 coordinates in `[-2, 2]`; shrinks to shorter vectors.
#[derive(Clone, Debug)]
pub struct VecPt(pub Vec<f64>);

impl VecPt {
    /// The array of `N` coordinates, repeating the vector's as needed.
    ///
    /// ```
    /// use catad_laws::vector::VecPt;
    /// assert_eq!(VecPt(vec![1.0, 2.0]).array::<3>(), [1.0, 2.0, 1.0]);
    /// ```
    pub fn array<const N: usize>(&self) -> [f64; N] {
        std::array::from_fn(|i| self.0[i % self.0.len()])
    }
}

impl Arbitrary for VecPt {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = 1 + usize::from(u8::arbitrary(g)) % 5;
        VecPt((0..n).map(|_| Pt::<f64>::arbitrary(g).0).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let n = self.0.len();
        let shorter = (n > 1).then(|| VecPt(self.0[..n - 1].to_vec()));
        Box::new(shorter.into_iter())
    }
}

impl VecPt {
    /// `other`'s coordinates, repeated or cut to the length of `self`.
    ///
    /// ```
    /// use catad_laws::vector::VecPt;
    /// assert_eq!(VecPt(vec![1.0, 2.0, 3.0]).fit(&VecPt(vec![4.0, 5.0])).0, vec![4.0, 5.0, 4.0]);
    /// ```
    pub fn fit(&self, other: &VecPt) -> VecPt {
        VecPt(
            (0..self.0.len())
                .map(|i| other.0[i % other.0.len()])
                .collect(),
        )
    }
}

/// A container shape of the suites, whose objects of scalars and of pairs are vector spaces, and
/// how a random vector becomes one of its objects: a run-time shape takes the vector's length, a
/// static one repeats or cuts the vector to its own.
///
/// ```
/// use catad::space::{Arr, VecLen};
/// use catad_laws::vector::{Shape, VecPt};
/// let x = VecPt(vec![1.0, 2.0]);
/// assert_eq!(VecLen::shape_of(&x).object(&x), vec![1.0, 2.0]);
/// assert_eq!(Arr::<3>::shape_of(&x).object(&x), [1.0, 2.0, 1.0]);
/// ```
pub trait Shape: Container<Obj<f64>: Space<f64>, Obj<(f64, f64)>: Space<f64>> {
    /// Whether the shape fixes the length (`Arr<N>`, `SVec<N>`), rather than taking the
    /// vector's.
    const FIXED: bool;
    /// The shape for the vector `x`.
    fn shape_of(x: &VecPt) -> Self;
    /// The object of the shape with the coordinates of `x` (repeated or cut as needed).
    fn object(&self, x: &VecPt) -> Self::Obj<f64>;
    /// The shape for the vector `x`, and `x` as its object.
    ///
    /// ```
    /// use catad::space::{Arr, VecLen};
    /// use catad_laws::vector::{Shape, VecPt};
    /// let x = VecPt(vec![1.0, 2.0]);
    /// assert_eq!(VecLen::shaped(&x), (VecLen(2), vec![1.0, 2.0]));
    /// assert_eq!(Arr::<3>::shaped(&x).1, [1.0, 2.0, 1.0]);
    /// ```
    fn shaped(x: &VecPt) -> (Self, Self::Obj<f64>) {
        let h = Self::shape_of(x);
        (h, h.object(x))
    }
    /// The plain coordinates of an object.
    fn plain(&self, xs: &Self::Obj<f64>) -> Vec<f64> {
        self.elements(xs).to_vec()
    }
}

/// A [`Shape`] whose objects of scalars and of pairs over the scalar `S` are vector spaces too
/// (every shape of the suites, over `f64` and over [`Sym`](catad::staged::Sym)).
///
/// ```
/// use catad::space::VecLen;
/// use catad::staged::Sym;
/// use catad_laws::vector::{Shape, ShapeOver, VecPt};
/// let x = VecPt(vec![1.0, 2.0]);
/// let h = VecLen::shape_of(&x);
/// let xs: Vec<Sym> = h.over(&h.object(&x));
/// assert_eq!(xs[1].value(), 2.0);
/// ```
pub trait ShapeOver<S: Scalar>:
    Shape
    + Container<
        Obj<S>: Space<S>,
        Obj<(S, S)>: Space<S>,
        Obj<f64>: Rescale<f64, Over<S> = Self::Obj<S>>,
    >
{
    /// The object `xs` over `S`: each element [`Scalar::from_f64`].
    fn over(&self, xs: &Self::Obj<f64>) -> Self::Obj<S> {
        over::<_, S>(xs)
    }
}

impl<H, S> ShapeOver<S> for H
where
    H: Shape
        + Container<
            Obj<S>: Space<S>,
            Obj<(S, S)>: Space<S>,
            Obj<f64>: Rescale<f64, Over<S> = H::Obj<S>>,
        >,
    S: Scalar,
{
}

impl Shape for VecLen {
    const FIXED: bool = false;
    fn shape_of(x: &VecPt) -> Self {
        VecLen(x.0.len())
    }
    fn object(&self, x: &VecPt) -> Vec<f64> {
        x.0.clone()
    }
}

impl Shape for DVecLen {
    const FIXED: bool = false;
    fn shape_of(x: &VecPt) -> Self {
        DVecLen(x.0.len())
    }
    fn object(&self, x: &VecPt) -> DVector<f64> {
        DVector::from_vec(x.0.clone())
    }
}

impl<const N: usize> Shape for Arr<N> {
    const FIXED: bool = true;
    fn shape_of(_: &VecPt) -> Self {
        Arr
    }
    fn object(&self, x: &VecPt) -> [f64; N] {
        x.array::<N>()
    }
}

impl<const N: usize> Shape for SVec<N> {
    const FIXED: bool = true;
    fn shape_of(_: &VecPt) -> Self {
        SVec
    }
    fn object(&self, x: &VecPt) -> SVector<f64, N> {
        SVector::from(x.array::<N>())
    }
}

/// One to five random scalar programs, used in turn at the positions of a vector (`lines[i mod k]`
/// at position `i`); shrinks to fewer and smaller programs.
///
/// ```
/// use catad_laws::program::{Line, Nonlinear};
/// use catad_laws::vector::Lines;
/// let lines = Lines::<Nonlinear>(vec![Line::Id]);
/// assert!(matches!(lines.at(3), Line::Id));
/// ```
#[derive(Clone, Debug)]
pub struct Lines<V: Vocabulary>(pub Vec<Line<V>>);

impl<V: Vocabulary> Lines<V> {
    /// The program at position `i`.
    pub fn at(&self, i: usize) -> Line<V> {
        self.0[i % self.0.len()].clone()
    }
}

impl<V: Vocabulary> Arbitrary for Lines<V> {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = 1 + usize::from(u8::arbitrary(g)) % 5;
        Lines((0..n).map(|_| Line::arbitrary(g)).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let lines = self.0.clone();
        let fewer = (lines.len() > 1).then(|| Lines(lines[..lines.len() - 1].to_vec()));
        let smaller = (0..lines.len()).flat_map(move |i| {
            let lines = lines.clone();
            lines[i].shrink().map(move |line| {
                let mut lines = lines.clone();
                lines[i] = line;
                Lines(lines)
            })
        });
        Box::new(fewer.into_iter().chain(smaller))
    }
}
