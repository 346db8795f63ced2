//! The vocabulary [`Looping`]: [`Nonlinear`]'s primitives, and loops and run-time vectors as
//! primitives `ℝ → ℝ` and `ℝ² → ℝ` whose bodies are random [`Nonlinear`] programs, so that every
//! suite written for a vocabulary runs them.

use super::{
    Field, Grammar, Interprets, KINK, Line, MARGIN, Nonlinear, NonlinearBinary, NonlinearUnary,
    RandomProgram, Vocabulary, bounded,
};
use catad::prelude::*;
use quickcheck::{Arbitrary, Gen};

/// [`Nonlinear`] with loops and vectors whose length comes at run time, for the categories that
/// run every program (`Fun` and `D<K>` for every `K: catad::interpretations::Representation<f64>`):
/// `fold`, `iterate`, `iterate_while` (bounded by a count), `build`, `sum_build`, and `map_v`,
/// `zip_v`, `sum_v`, `index_v`, `len_v`, `max_v`, `min_v` over vectors built from the input.
///
/// A loop runs at most `N` times (`Vocabulary::ITERATIONS`); its bodies are [`Nonlinear`]
/// programs of depth 0 to `BODY`, so loops nest only inside checkpoints. `ReverseCont` and
/// `ForwardBegin` re-run their continuations along every path, a loop multiplying the cost by the
/// paths through its body once per iteration, so they get `Shallow<Looping<2, 1>, 3>`: one loop
/// per program, of at most two iterations over bodies of depth at most 1 (see
/// [`Shallow`](super::Shallow)). `D<Mat>` builds its maps from types, so it cannot run loops over
/// `Vec` and gets [`Nonlinear`].
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::{Line, Looping, RandomProgram};
/// use quickcheck::{Arbitrary, Gen};
/// let p = Line::<Looping>::arbitrary(&mut Gen::new(10));
/// if let Some(y) = p.eval(&0.5) {
///     assert!((p.interpret::<Fun>().apply(0.5) - y).abs() <= 1e-12 * (1.0 + y.abs()));
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Looping<const N: usize = 3, const BODY: usize = 2>;

/// Unary primitives of [`Looping`]: `x ↦ …`, `x` also the loops' environment; the vectors hold
/// `element (x + i/4)` at index `i`.
#[derive(Clone, Debug)]
pub enum LoopUnary {
    /// A primitive of [`Nonlinear`].
    Scalar(NonlinearUnary),
    /// `iterate body (x, (x, n))`: `s ↦ body (x, s)`, `n` times from `x`.
    Iterate {
        /// Iterations.
        n: usize,
        /// `(e, s) ↦ s'`.
        body: Field<Nonlinear>,
    },
    /// `fold (λ ((e, s), a) → body (s, e + a)) (x, (x, build element (x, n)))`.
    Fold {
        /// Elements.
        n: usize,
        /// The elements.
        element: Line<Nonlinear>,
        /// `(s, a) ↦ s'`.
        body: Field<Nonlinear>,
    },
    /// `sum_build element (x, n)`.
    SumBuild {
        /// Terms.
        n: usize,
        /// The terms.
        element: Line<Nonlinear>,
    },
    /// `sum_v (map_v body (x, build element (x, n)))`.
    MapSum {
        /// Elements.
        n: usize,
        /// The elements.
        element: Line<Nonlinear>,
        /// `(e, a) ↦ b`.
        body: Field<Nonlinear>,
    },
    /// `max_v` (or `min_v`) of `build element (x, n)`, `n ≥ 1`, where the extreme leads the rest
    /// by at least [`KINK`] (away from ties, the kinks).
    Extreme {
        /// `max_v` or `min_v`.
        largest: bool,
        /// Elements.
        n: usize,
        /// The elements.
        element: Line<Nonlinear>,
    },
    /// `index_v (build element (x, n), i)`, `i < n`.
    Index {
        /// Elements.
        n: usize,
        /// The index.
        i: usize,
        /// The elements.
        element: Line<Nonlinear>,
    },
    /// `x · len_v (build element (x, n))`.
    Length {
        /// Elements.
        n: usize,
        /// The elements.
        element: Line<Nonlinear>,
    },
    /// `iterate_while (λ (e, (s, k)) → k < n ∧ |s| < limit) (λ (e, (s, k)) → (body (e, s), k + 1))`
    /// from `(x, (x, 0))`, where `|s|` stays at least [`MARGIN`] from `limit`.
    While {
        /// The most iterations.
        n: usize,
        /// The bound on `|s|`.
        limit: f64,
        /// `(e, s) ↦ s'`.
        body: Field<Nonlinear>,
    },
    /// `checkpoint l`, `l` a random program with loops.
    Checkpoint(Box<Line<Looping<1>>>),
}

/// Binary primitives of [`Looping`].
#[derive(Clone, Debug)]
pub enum LoopBinary {
    /// A primitive of [`Nonlinear`].
    Scalar(NonlinearBinary),
    /// `(x, y) ↦ sum_v (map_v body ((x, y), zip_v (build left (x, n), build right (y, n))))`,
    /// `body` on the pairs.
    Zip {
        /// Elements.
        n: usize,
        /// The elements of the first vector.
        left: Line<Nonlinear>,
        /// The elements of the second vector.
        right: Line<Nonlinear>,
        /// `(a, b) ↦ c`.
        body: Field<Nonlinear>,
    },
}

/// A loop body: a program of depth 0 to `most`.
pub(super) fn body<T: Grammar>(g: &mut Gen, most: usize) -> T {
    let depth = usize::from(u8::arbitrary(g)) % (most + 1);
    T::generate(g, depth)
}

/// A count in `lo..=hi`.
fn count(g: &mut Gen, lo: usize, hi: usize) -> usize {
    lo + usize::from(u8::arbitrary(g)) % (hi + 1 - lo)
}

impl<const N: usize, const BODY: usize> Vocabulary for Looping<N, BODY> {
    type Unary = LoopUnary;
    type Binary = LoopBinary;
    const ITERATIONS: usize = N;

    fn unary(g: &mut Gen) -> LoopUnary {
        use LoopUnary::*;
        let (n, element) = (count(g, 0, N), body(g, BODY));
        match u8::arbitrary(g) % 45 {
            0 => Iterate {
                n,
                body: body(g, BODY),
            },
            1 => Fold {
                n,
                element,
                body: body(g, BODY),
            },
            2 => SumBuild { n, element },
            3 => MapSum {
                n,
                element,
                body: body(g, BODY),
            },
            4 => Extreme {
                largest: bool::arbitrary(g),
                n: count(g, 1, N.max(1)),
                element,
            },
            5 => {
                let n = count(g, 1, N.max(1));
                let i = count(g, 0, n - 1);
                Index { n, i, element }
            }
            6 => Length { n, element },
            7 => While {
                n,
                limit: count(g, 1, 3) as f64,
                body: body(g, BODY),
            },
            8 => Checkpoint(Box::new(body(g, BODY))),
            _ => Scalar(<Nonlinear as Vocabulary>::unary(g)),
        }
    }

    fn binary(g: &mut Gen) -> LoopBinary {
        if u8::arbitrary(g) % 6 == 0 {
            LoopBinary::Zip {
                n: count(g, 0, N),
                left: body(g, BODY),
                right: body(g, BODY),
                body: body(g, BODY),
            }
        } else {
            LoopBinary::Scalar(<Nonlinear as Vocabulary>::binary(g))
        }
    }

    fn eval_unary(u: &LoopUnary, x: f64) -> Option<f64> {
        use LoopUnary::*;
        bounded(match u {
            Scalar(u) => Nonlinear::eval_unary(u, x)?,
            Iterate { n, body } => (0..*n).try_fold(x, |s, _| body.eval(&(x, s)))?,
            Fold { n, element, body } => elements(element, x, *n)?
                .into_iter()
                .try_fold(x, |s, a| body.eval(&(s, bounded(x + a)?)))?,
            SumBuild { n, element } => elements(element, x, *n)?.iter().sum(),
            MapSum { n, element, body } => {
                let mapped: Option<Vec<f64>> = elements(element, x, *n)?
                    .into_iter()
                    .map(|a| body.eval(&(x, a)))
                    .collect();
                mapped?.iter().sum()
            }
            Extreme {
                largest,
                n,
                element,
            } => extreme(&elements(element, x, *n)?, *largest)?,
            Index { n, i, element } => elements(element, x, *n)?[*i],
            Length { n, element } => {
                elements(element, x, *n)?;
                x * *n as f64
            }
            While { n, limit, body } => {
                let (mut s, mut k) = (x, 0);
                loop {
                    if (s.abs() - limit).abs() < MARGIN {
                        return None;
                    }
                    if !(k < *n && s.abs() < *limit) {
                        break s;
                    }
                    s = body.eval(&(x, s))?;
                    k += 1;
                }
            }
            Checkpoint(l) => l.eval(&x)?,
        })
    }

    fn eval_binary(b: &LoopBinary, x: f64, y: f64) -> Option<f64> {
        match b {
            LoopBinary::Scalar(b) => Nonlinear::eval_binary(b, x, y),
            LoopBinary::Zip {
                n,
                left,
                right,
                body,
            } => {
                let (xs, ys) = (elements(left, x, *n)?, elements(right, y, *n)?);
                let terms: Option<Vec<f64>> =
                    xs.into_iter().zip(ys).map(|p| body.eval(&p)).collect();
                bounded(terms?.iter().sum())
            }
        }
    }
    fn unary_loops(u: &LoopUnary) -> usize {
        match u {
            LoopUnary::Scalar(_) => 0,
            LoopUnary::Checkpoint(l) => l.loops(),
            _ => 1,
        }
    }

    fn binary_loops(b: &LoopBinary) -> usize {
        usize::from(matches!(b, LoopBinary::Zip { .. }))
    }
}

/// `max_v xs` (`largest`) or `min_v xs`, where `xs` is not empty and its extreme leads the rest by
/// at least [`KINK`].
pub(super) fn extreme(xs: &[f64], largest: bool) -> Option<f64> {
    let sign = if largest { 1.0 } else { -1.0 };
    let m = xs.iter().fold(f64::NEG_INFINITY, |m, x| m.max(sign * x));
    let leaders = xs.iter().filter(|x| sign * *x > m - KINK).count();
    (leaders == 1).then_some(sign * m)
}

/// `((e, s), a) ↦ body (s, e + a)`: the step of a fold whose body sees the element shifted by the
/// environment.
pub(super) fn fold_step<K: Program<S>, S: Scalar>(
    body: Hom<K, (S, S), S>,
) -> Hom<K, ((S, S), S), S> {
    let sum = K::compose(
        K::add_c(),
        K::fork(K::compose(K::exl(), K::exl()), K::exr()),
    );
    K::compose(body, K::fork(K::compose(K::exr(), K::exl()), sum))
}

/// The elements `element (x + i/4)` for `i < n`, where all are defined.
fn elements(element: &Line<Nonlinear>, x: f64, n: usize) -> Option<Vec<f64>> {
    (0..n)
        .map(|i| element.eval(&bounded(x + i as f64 / 4.0)?))
        .collect()
}

/// `(e, i) ↦ element (e + i/4)`.
fn element_at<K: Program<S>, S: Scalar>(element: &Line<Nonlinear>) -> Hom<K, (S, usize), S> {
    let quarter_i = K::compose(
        K::mul_c(),
        K::fork(
            K::const_c(S::from_f64(0.25)),
            K::compose(K::ix_to_scalar(), K::exr()),
        ),
    );
    let at = K::compose(K::add_c(), K::fork(K::exl(), quarter_i));
    K::compose(element.interpret_over::<K, S>(), at)
}

/// `x ↦ build element (x, n)`.
fn vector<K: Program<S>, S: Scalar>(element: &Line<Nonlinear>, n: usize) -> Hom<K, S, Vec<S>> {
    K::compose(
        K::build(element_at::<K, S>(element)),
        K::fork(K::id(), K::const_ix(n)),
    )
}

/// `f ∘ (id △ g)`: `f` given the input, as its environment, and `g` of it.
fn with_env<K: Cartesian, A: Additive, B: Additive, C: Additive>(
    f: Hom<K, (A, B), C>,
    g: Hom<K, A, B>,
) -> Hom<K, A, C> {
    K::compose(f, K::fork(K::id(), g))
}

/// `x` as the initial state of a loop over `count`: `x ↦ (x, count x)`.
fn from_x<K: Cartesian, X: Additive, C: Additive>(count: Hom<K, X, C>) -> Hom<K, X, (X, C)> {
    K::fork(K::id(), count)
}

impl<K, S, const N: usize, const BODY: usize> Interprets<Looping<N, BODY>, S> for K
where
    K: Program<S>,
    S: Scalar,
{
    fn unary(u: &LoopUnary) -> Hom<K, S, S> {
        use LoopUnary::*;
        match u {
            Scalar(u) => <K as Interprets<Nonlinear, S>>::unary(u),
            Iterate { n, body } => with_env::<K, _, _, _>(
                K::iterate(body.interpret_over::<K, S>()),
                from_x::<K, _, _>(K::const_ix(*n)),
            ),
            Fold { n, element, body } => with_env::<K, _, _, _>(
                K::fold(fold_step::<K, S>(body.interpret_over::<K, S>())),
                from_x::<K, _, _>(vector::<K, S>(element, *n)),
            ),
            SumBuild { n, element } => K::compose(
                catad::vocabulary::sum_build::<K, S, S>(element_at::<K, S>(element)),
                K::fork(K::id(), K::const_ix(*n)),
            ),
            MapSum { n, element, body } => K::compose(
                K::sum_v(),
                with_env::<K, _, _, _>(
                    K::map_v(body.interpret_over::<K, S>()),
                    vector::<K, S>(element, *n),
                ),
            ),
            Extreme {
                largest,
                n,
                element,
            } => {
                let extreme = if *largest { K::max_v() } else { K::min_v() };
                K::compose(extreme, vector::<K, S>(element, *n))
            }
            Index { n, i, element } => K::compose(
                K::index_v(),
                K::fork(vector::<K, S>(element, *n), K::const_ix(*i)),
            ),
            Length { n, element } => {
                let len = K::compose(K::ix_to_scalar(), K::len_v());
                let len = K::compose(len, vector::<K, S>(element, *n));
                K::compose(K::mul_c(), K::fork(K::id(), len))
            }
            While { n, limit, body } => {
                let (n, limit) = (*n, *limit);
                let going = Pred::new(move |(_, (s, k)): &(S, (S, usize))| {
                    *k < n && s.abs() < S::from_f64(limit)
                });
                // (e, (s, k)) ↦ (body (e, s), k + 1)
                let step = K::fork(
                    K::compose(body.interpret_over::<K, S>(), K::cross(K::id(), K::exl())),
                    K::compose(
                        K::add_ix(),
                        K::fork(K::compose(K::exr(), K::exr()), K::const_ix(1)),
                    ),
                );
                let start = from_x::<K, _, _>(from_x::<K, _, _>(K::const_ix(0)));
                K::compose(K::exl(), K::compose(K::iterate_while(going, step), start))
            }
            Checkpoint(l) => K::checkpoint(l.interpret_over::<K, S>()),
        }
    }

    fn binary(b: &LoopBinary) -> Hom<K, (S, S), S> {
        match b {
            LoopBinary::Scalar(b) => <K as Interprets<Nonlinear, S>>::binary(b),
            LoopBinary::Zip {
                n,
                left,
                right,
                body,
            } => {
                let vectors = K::compose(
                    K::zip_v(),
                    K::cross(vector::<K, S>(left, *n), vector::<K, S>(right, *n)),
                );
                let terms = K::map_v(K::compose(body.interpret_over::<K, S>(), K::exr()));
                K::compose(K::sum_v(), with_env::<K, _, _, _>(terms, vectors))
            }
        }
    }
}
