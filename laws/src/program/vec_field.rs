//! Random programs whose input holds a vector of run-time length: [`VecField`], `ℝ × Vec<ℝ> → ℝ`,
//! built once and run at every length.

use super::looping::{body, extreme, fold_step};
use super::{
    Field, Grammar, Interprets, Line, RandomProgram, Shrinks, Vocabulary, bounded, shrink_part,
};
use catad::prelude::*;
use quickcheck::{Arbitrary, Gen};

/// A program `(x, xs) ↦ outer (left (x, xs), right (x, xs))` of a scalar `x` and a vector `xs`
/// whose length comes only when it runs: two [`Reduction`]s of the vector (loops over it, its
/// elements at constant and at run-time indices, its length) combined by a scalar program, so
/// that `xs` is used twice and its cotangents add. Bodies and `outer` are random programs of `V`
/// of depth 0 to 2 (at most `V::MAX_DEPTH`), as loop bodies are in [`Looping`](super::Looping).
///
/// Its guarded evaluator ([`eval`](VecField::eval)) is defined only at vectors of at most
/// `V::ITERATIONS` elements, as the loops of `V`'s programs are bounded (for the modes whose
/// cost is exponential in loop iterations, see [`Shallow`](super::Shallow)).
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::{Nonlinear, VecField};
/// use quickcheck::{Arbitrary, Gen};
/// let p = VecField::<Nonlinear>::arbitrary(&mut Gen::new(10));
/// for x in [(0.5, vec![]), (0.5, vec![1.0]), (0.5, vec![1.0, -0.25, 2.0])] {
///     if let Some(y) = p.eval(&x) {
///         assert!((p.interpret::<Reverse>().apply(x) - y).abs() <= 1e-12 * (1.0 + y.abs()));
///     }
/// }
/// ```
#[derive(Clone, Debug)]
pub struct VecField<V: Vocabulary> {
    /// The first reduction.
    pub left: Reduction<V>,
    /// The second reduction.
    pub right: Reduction<V>,
    /// `(l, r) ↦ y`, on the two reductions.
    pub outer: Field<V>,
}

/// A reduction `(x, xs) ↦ ℝ` of a scalar and a run-time vector, its bodies random programs of
/// `V`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::{Field, Nonlinear, NonlinearBinary, Reduction, VecField};
/// // (x, xs) ↦ x · len xs + xs[1]
/// let p = VecField::<Nonlinear> {
///     left: Reduction::Length,
///     right: Reduction::Index(1),
///     outer: Field::Binary(NonlinearBinary::Add, Box::new(Field::Exl), Box::new(Field::Exr)),
/// };
/// assert_eq!(p.eval(&(2.0, vec![1.0, 5.0])), Some(9.0));
/// assert_eq!(p.eval(&(2.0, vec![1.0])), None);
/// assert_eq!(p.interpret::<Fun>().apply((2.0, vec![1.0, 5.0])), 9.0);
/// ```
#[derive(Clone, Debug)]
pub enum Reduction<V: Vocabulary> {
    /// `l x`: the vector unused (its cotangent is zero).
    Scalar(Line<V>),
    /// `fold (λ ((e, s), a) → f (s, e + a)) (x, (x, xs))`.
    Fold(Field<V>),
    /// `sum_v (map_v f (x, xs))`.
    MapSum(Field<V>),
    /// `max_v (map_v f (x, xs))` (`largest`) or `min_v`, where `xs` is not empty and the extreme
    /// leads the rest by at least [`KINK`](super::KINK).
    Extreme {
        /// `max_v` or `min_v`.
        largest: bool,
        /// `(x, a) ↦ b`.
        f: Field<V>,
    },
    /// `index_v (xs, i)`, where `i < len xs`.
    Index(usize),
    /// `x · len_v xs`.
    Length,
    /// `iterate f (x, (x, len_v xs))`: as many iterations as elements.
    Iterate(Field<V>),
    /// `sum_build (λ ((x, xs), i) → f (x, index_v (xs, i))) ((x, xs), len_v xs)`: indexing at a
    /// run-time index.
    Build(Field<V>),
    /// `sum_v (map_v (f ∘ exr) (x, zip_v (xs, map_v g (x, xs))))`: each element with its image
    /// under `g`.
    Zip(Field<V>, Field<V>),
}

impl<V: Vocabulary> VecField<V> {
    /// The program as a morphism of `K`.
    pub fn interpret<K: Interprets<V> + Program<f64>>(&self) -> Hom<K, (f64, Vec<f64>), f64> {
        self.interpret_over::<K, f64>()
    }

    /// The program as a morphism of `K` over the scalar `S`.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::Sym;
    /// use catad_laws::program::{Nonlinear, VecField};
    /// use quickcheck::{Arbitrary, Gen};
    /// use catad_laws::At;
    /// use catad_laws::functor::staged_is_direct;
    /// let p = VecField::<Nonlinear>::arbitrary(&mut Gen::new(10));
    /// let x = (0.5, vec![0.25, -0.5]);
    /// if p.eval(&x).is_some() {
    ///     let law = staged_is_direct::<Reverse, Forward, (f64, Vec<f64>), f64>;
    ///     let staged = p.interpret_over::<Reverse, Sym>();
    ///     assert!(law(&staged, &p.interpret::<Forward>(), &At::point(x)));
    /// }
    /// ```
    pub fn interpret_over<K, S>(&self) -> Hom<K, (S, Vec<S>), S>
    where
        K: Interprets<V, S> + Program<S>,
        S: Scalar,
    {
        let left = self.left.interpret_over::<K, S>();
        let right = self.right.interpret_over::<K, S>();
        K::compose(self.outer.interpret_over::<K, S>(), K::fork(left, right))
    }

    /// Guarded evaluation: `None` where a primitive leaves its safe domain, or `xs` has more than
    /// `V::ITERATIONS` elements.
    pub fn eval(&self, (x, xs): &(f64, Vec<f64>)) -> Option<f64> {
        if xs.len() > V::ITERATIONS {
            return None;
        }
        let (l, r) = (self.left.eval(*x, xs)?, self.right.eval(*x, xs)?);
        self.outer.eval(&(l, r))
    }
}

impl<V: Vocabulary> Reduction<V> {
    /// The reduction as a morphism of `K` over the scalar `S`.
    fn interpret_over<K: Interprets<V, S> + Program<S>, S: Scalar>(
        &self,
    ) -> Hom<K, (S, Vec<S>), S> {
        let len = || K::compose(K::len_v(), K::exr::<S, Vec<S>>());
        match self {
            Reduction::Scalar(l) => K::compose(l.interpret_over::<K, S>(), K::exl()),
            Reduction::Fold(f) => K::compose(
                K::fold(fold_step::<K, S>(f.interpret_over::<K, S>())),
                K::fork(K::exl(), K::fork(K::exl(), K::exr())),
            ),
            Reduction::MapSum(f) => K::compose(K::sum_v(), K::map_v(f.interpret_over::<K, S>())),
            Reduction::Extreme { largest, f } => {
                let extreme = if *largest { K::max_v() } else { K::min_v() };
                K::compose(extreme, K::map_v(f.interpret_over::<K, S>()))
            }
            Reduction::Index(i) => K::compose(K::index_v(), K::fork(K::exr(), K::const_ix(*i))),
            Reduction::Length => K::compose(
                K::mul_c(),
                K::fork(K::exl(), K::compose(K::ix_to_scalar(), len())),
            ),
            Reduction::Iterate(f) => K::compose(
                K::iterate(f.interpret_over::<K, S>()),
                K::fork(K::exl(), K::fork(K::exl(), len())),
            ),
            Reduction::Build(f) => {
                // ((x, xs), i) ↦ f (x, xs[i])
                let at = K::compose(K::index_v(), K::cross(K::exr(), K::id()));
                let element = K::compose(
                    f.interpret_over::<K, S>(),
                    K::fork(K::compose(K::exl(), K::exl()), at),
                );
                K::compose(
                    catad::vocabulary::sum_build::<K, (S, Vec<S>), S>(element),
                    K::fork(K::id(), len()),
                )
            }
            Reduction::Zip(f, g) => {
                let pairs = K::compose(
                    K::zip_v(),
                    K::fork(K::exr(), K::map_v(g.interpret_over::<K, S>())),
                );
                let terms = K::map_v(K::compose(f.interpret_over::<K, S>(), K::exr()));
                K::compose(K::sum_v(), K::compose(terms, K::fork(K::exl(), pairs)))
            }
        }
    }

    /// Guarded evaluation.
    fn eval(&self, x: f64, xs: &[f64]) -> Option<f64> {
        let each =
            |f: &Field<V>| -> Option<Vec<f64>> { xs.iter().map(|a| f.eval(&(x, *a))).collect() };
        bounded(match self {
            Reduction::Scalar(l) => l.eval(&x)?,
            Reduction::Fold(f) => xs
                .iter()
                .try_fold(x, |s, a| f.eval(&(s, bounded(x + a)?)))?,
            Reduction::MapSum(f) => each(f)?.iter().sum(),
            Reduction::Extreme { largest, f } => extreme(&each(f)?, *largest)?,
            Reduction::Index(i) => *xs.get(*i)?,
            Reduction::Length => x * xs.len() as f64,
            Reduction::Iterate(f) => xs.iter().try_fold(x, |s, _| f.eval(&(x, s)))?,
            Reduction::Build(f) => each(f)?.iter().sum(),
            Reduction::Zip(f, g) => {
                let terms: Option<Vec<f64>> = xs
                    .iter()
                    .zip(each(g)?)
                    .map(|(a, b)| f.eval(&(*a, b)))
                    .collect();
                terms?.iter().sum()
            }
        })
    }
}

/// A body: a program of `V` of depth 0 to 2, at most `V::MAX_DEPTH`.
fn small<V: Vocabulary, T: Grammar>(g: &mut Gen) -> T {
    body(g, V::MAX_DEPTH.min(2))
}

impl<V: Vocabulary> Arbitrary for Reduction<V> {
    fn arbitrary(g: &mut Gen) -> Self {
        match u8::arbitrary(g) % 9 {
            0 => Reduction::Scalar(small::<V, _>(g)),
            1 => Reduction::Fold(small::<V, _>(g)),
            2 => Reduction::MapSum(small::<V, _>(g)),
            3 => Reduction::Extreme {
                largest: bool::arbitrary(g),
                f: small::<V, _>(g),
            },
            4 => Reduction::Index(usize::from(u8::arbitrary(g) % 3)),
            5 => Reduction::Length,
            6 => Reduction::Iterate(small::<V, _>(g)),
            7 => Reduction::Build(small::<V, _>(g)),
            _ => Reduction::Zip(small::<V, _>(g), small::<V, _>(g)),
        }
    }

    /// The vector unused, then the bodies shrunk.
    fn shrink(&self) -> Shrinks<Self> {
        let bodies: Shrinks<Self> = match self {
            Reduction::Scalar(l) => Box::new(l.shrink().map(Reduction::Scalar)),
            Reduction::Fold(f) => Box::new(f.shrink().map(Reduction::Fold)),
            Reduction::MapSum(f) => Box::new(f.shrink().map(Reduction::MapSum)),
            Reduction::Extreme { largest, f } => {
                let largest = *largest;
                Box::new(f.shrink().map(move |f| Reduction::Extreme { largest, f }))
            }
            Reduction::Iterate(f) => Box::new(f.shrink().map(Reduction::Iterate)),
            Reduction::Build(f) => Box::new(f.shrink().map(Reduction::Build)),
            Reduction::Zip(f, h) => {
                let h = h.clone();
                Box::new(f.shrink().map(move |f| Reduction::Zip(f, h.clone())))
            }
            Reduction::Index(_) | Reduction::Length => Box::new(std::iter::empty()),
        };
        let unused = !matches!(self, Reduction::Scalar(Line::Id));
        Box::new(
            unused
                .then(|| Reduction::Scalar(Line::Id))
                .into_iter()
                .chain(bodies),
        )
    }
}

impl<V: Vocabulary> Arbitrary for VecField<V> {
    fn arbitrary(g: &mut Gen) -> Self {
        VecField {
            left: Reduction::arbitrary(g),
            right: Reduction::arbitrary(g),
            outer: small::<V, _>(g),
        }
    }

    fn shrink(&self) -> Shrinks<Self> {
        let lefts = shrink_part(self, &self.left, |p, left| VecField { left, ..p });
        let rights = shrink_part(self, &self.right, |p, right| VecField { right, ..p });
        let outers = shrink_part(self, &self.outer, |p, outer| VecField { outer, ..p });
        Box::new(lefts.chain(rights).chain(outers))
    }
}
