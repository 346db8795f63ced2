//! `D`'s loops and run-time vectors: the body of a loop is linearized at each iteration's own
//! point, and the derivatives are combined by `K`'s indexed operations at the length the data has
//! (`VecLen(n)`), so one program serves every length and reverse mode through `n` iterations
//! costs time and memory linear in `n`.

use super::{D, DMap, constant};
use crate::interpretations::fun::{checked_index, same_length};
use crate::space::{Additive, Scalar, VecLen};
use crate::vocabulary::{
    Cartesian, CartesianI, Category, Cocartesian, CocartesianI, ConstantCat, FoldI, Hom, IndexCat,
    LazyCat, LinearCat, LinearFn, Loops, MonoidalI, Pred, Scalable, VecCat, ZipI, zero,
};
use std::rc::Rc;

/// What `D<K>` needs of `K` for loops and vectors: products, coproducts (for the zero
/// derivatives of counts and constants) and the indexed operations over run-time lengths; and,
/// where `K` can take one, a linear map given by its actions on vectors of any type.
///
/// Every representation in catad has them; [`Representation`] adds what the numeric primitives
/// need.
pub trait LoopLinear:
    Cartesian
    + Cocartesian
    + MonoidalI<VecLen>
    + CartesianI<VecLen>
    + CocartesianI<VecLen>
    + ZipI<VecLen>
    + FoldI<VecLen>
{
    /// The map acting as `f` on vectors of any [`Additive`] type, or `None` where `K` builds its
    /// maps from coordinates (matrices): what [`LinearCat::linear`] does, without asking that
    /// `A` and `B` be spaces over one scalar. A loop staged once for all its elements states its
    /// derivative so ([`crate::staged`]); `None` stages it element by element.
    ///
    /// ```
    /// use catad::interpretations::{AddFun, Dual, LoopLinear, Mat};
    /// use catad::vocabulary::linear_fn;
    /// let double = || linear_fn(|x: &f64| 2.0 * x, |dy: &f64, acc: &mut f64| *acc += 2.0 * dy);
    /// assert_eq!(AddFun::from_actions(double()).unwrap().apply(3.0), 6.0);
    /// assert_eq!(Dual::<AddFun>::from_actions(double()).unwrap().apply(1.0), 2.0);
    /// assert!(Mat::<f64>::from_actions(double()).is_none());
    /// ```
    fn from_actions<A: Additive, B: Additive>(
        f: Rc<dyn LinearFn<A, B>>,
    ) -> Option<Hom<Self, A, B>> {
        let _ = f;
        None
    }
}

/// `K`'s fold over `n` steps whose element is `()`: the derivative of `n` iterations of a body
/// `(e, s) ↦ s`, as a map from `(e, (s, n))`.
fn iterations<K: LoopLinear, E: Additive, S: Additive>(
    steps: Vec<Hom<K, (E, S), S>>,
) -> Hom<K, (E, (S, usize)), S> {
    let n = VecLen(steps.len());
    let steps = steps
        .into_iter()
        .map(|df| K::compose(df, K::exl()))
        .collect();
    let counts_carry_nothing = K::cross(K::id(), K::cross(K::id(), zero::<K, usize, Vec<()>>()));
    K::compose(K::fold_i(n, steps), counts_carry_nothing)
}

impl<K: LoopLinear> Loops for D<K> {
    fn fold<E: Additive, S: Additive, A: Additive>(
        f: DMap<K, ((E, S), A), S>,
    ) -> DMap<K, (E, (S, Vec<A>)), S> {
        DMap::new(move |(e, (s, xs)): (E, (S, Vec<A>))| {
            let n = VecLen(xs.len());
            let (s, derivatives) = DMap::fold_steps(xs.into_iter().map(|x| (&f, x)), e, s);
            (s, K::fold_i(n, derivatives))
        })
    }

    fn iterate<E: Additive, S: Additive>(f: DMap<K, (E, S), S>) -> DMap<K, (E, (S, usize)), S> {
        DMap::new(move |(e, (s, n)): (E, (S, usize))| {
            let mut derivatives = Vec::with_capacity(n);
            let mut step = f.in_env(e);
            let s = (0..n).fold(s, |s, _| {
                let (s, df) = step(s);
                derivatives.push(df);
                s
            });
            (s, iterations::<K, E, S>(derivatives))
        })
    }

    fn iterate_while<E: Additive, S: Additive>(
        p: Pred<(E, S)>,
        f: DMap<K, (E, S), S>,
    ) -> DMap<K, (E, S), S> {
        DMap::new(move |mut state: (E, S)| {
            let mut derivatives = Vec::new();
            while p.holds(&state) {
                let (s, df) = f.linearize_ref(&state);
                derivatives.push(df);
                state.1 = s;
            }
            let no_count = K::cross(K::id(), K::fork(K::id(), zero::<K, S, usize>()));
            (
                state.1,
                K::compose(iterations::<K, E, S>(derivatives), no_count),
            )
        })
    }

    fn build<E: Additive, B: Additive>(f: DMap<K, (E, usize), B>) -> DMap<K, (E, usize), Vec<B>> {
        DMap::new(move |(e, n): (E, usize)| {
            let (values, derivatives): (Vec<B>, Vec<_>) = (0..n).map(f.in_env(e)).unzip();
            (values, K::fork_i(VecLen(n), derivatives))
        })
    }
}

impl<K: LoopLinear> VecCat for D<K> {
    /// The derivative pairs each element's tangent with a copy of the environment's (`replI`,
    /// which the reverse representations transpose to a sum) and runs each element's derivative
    /// on its own (`crossI`).
    fn map_v<E: Additive, A: Additive, B: Additive>(
        f: DMap<K, (E, A), B>,
    ) -> DMap<K, (E, Vec<A>), Vec<B>> {
        DMap::new(move |(e, xs): (E, Vec<A>)| {
            if let Some(staged) = crate::staged::map_once(&f, &e, &xs) {
                return staged;
            }
            let h = VecLen(xs.len());
            let (values, derivatives): (Vec<B>, Vec<_>) = xs.into_iter().map(f.in_env(e)).unzip();
            let pairs = K::compose(K::zip_i(h), K::cross(K::repl_i(h), K::fmap(h, K::id())));
            (values, K::compose(K::cross_i(h, derivatives), pairs))
        })
    }

    fn zip_v<A: Additive, B: Additive>() -> DMap<K, (Vec<A>, Vec<B>), Vec<(A, B)>> {
        DMap::new(|(xs, ys): (Vec<A>, Vec<B>)| {
            same_length("zip_v", xs.len(), ys.len());
            let h = VecLen(xs.len());
            (xs.into_iter().zip(ys).collect(), K::zip_i(h))
        })
    }

    fn sum_v<A: Additive>() -> DMap<K, Vec<A>, A> {
        DMap::new(|xs: Vec<A>| {
            let h = VecLen(xs.len());
            let total = A::sum_of(&xs);
            (total, K::jam_i(h))
        })
    }

    fn index_v<A: Additive>() -> DMap<K, (Vec<A>, usize), A> {
        DMap::new(|(xs, i): (Vec<A>, usize)| {
            let x = checked_index(&xs, i).clone();
            (x, K::compose(K::ex_at(VecLen(xs.len()), i), K::exl()))
        })
    }

    fn len_v<A: Additive>() -> DMap<K, Vec<A>, usize> {
        DMap::new(|xs: Vec<A>| (xs.len(), zero::<K, Vec<A>, usize>()))
    }

    /// Where `xs` is a projection, reads its vector borrowed, only the element cloned, with the
    /// derivative `exAt i ∘ ∂xs` (an index has none).
    fn index_by<E: Additive, A: Additive>(
        xs: DMap<K, E, Vec<A>>,
        i: DMap<K, E, usize>,
    ) -> DMap<K, E, A> {
        let Some(dxs) = xs.projection_derivative() else {
            return Self::compose(Self::index_v(), Self::fork(xs, i));
        };
        let read = Rc::new(move |e: &E| {
            let (v, i) = (xs.view(e), i.linearize_ref(e).0);
            let x = checked_index(v, i).clone();
            (x, K::compose(K::ex_at(VecLen(v.len()), i), dxs.clone()))
        });
        let by_ref = Rc::clone(&read);
        DMap::with_ref(move |e| read(&e), move |e| by_ref(e))
    }
}

/// Counts carry no derivative: each operation's is zero.
impl<K: Cartesian + Cocartesian> IndexCat for D<K> {
    fn const_ix<A: Additive>(n: usize) -> DMap<K, A, usize> {
        constant(n, zero::<K, A, usize>())
    }
    fn add_ix() -> DMap<K, (usize, usize), usize> {
        without_derivative::<K, _, usize>(crate::interpretations::Fun::add_ix())
    }
    fn sub_ix() -> DMap<K, (usize, usize), usize> {
        without_derivative::<K, _, usize>(crate::interpretations::Fun::sub_ix())
    }
    fn mul_ix() -> DMap<K, (usize, usize), usize> {
        without_derivative::<K, _, usize>(crate::interpretations::Fun::mul_ix())
    }
    fn div_ix() -> DMap<K, (usize, usize), usize> {
        without_derivative::<K, _, usize>(crate::interpretations::Fun::div_ix())
    }
    fn rem_ix() -> DMap<K, (usize, usize), usize> {
        without_derivative::<K, _, usize>(crate::interpretations::Fun::rem_ix())
    }
    fn ix_to_scalar<S: Scalar>() -> DMap<K, usize, S> {
        DMap::new(|i: usize| (S::from_f64(i as f64), zero::<K, usize, S>()))
    }
}

/// An operation that carries no derivative (on counts, on data) as a morphism of `D<K>`: `Fun`'s
/// value, a zero derivative.
pub(super) fn without_derivative<K: Cartesian + Cocartesian, A: Additive, B: Additive>(
    f: crate::interpretations::Func<A, B>,
) -> DMap<K, A, B> {
    DMap::new(move |a| (f.apply(a), zero::<K, A, B>()))
}

/// A constant's derivative is zero.
impl<K: Cartesian + Cocartesian> ConstantCat for D<K> {
    fn constant<E: Additive, A: Additive>(a: A) -> DMap<K, E, A> {
        constant(a, zero::<K, E, A>())
    }
}

/// A representation of linear maps in which `D<K>` runs every program: `K` with [`LoopLinear`],
/// scaling by `S`, maps given by their actions ([`LinearCat`]) and maps made on demand
/// ([`LazyCat`], for checkpoints). With `K: Representation<S>`,
/// `D<K>` is a [`Program<S>`](crate::vocabulary::Program), so code generic in the mode needs this
/// one bound.
///
/// ```
/// use catad::interpretations::{D, Representation};
/// use catad::prelude::*;
/// fn slope<K: Representation<f64> + catad::vocabulary::LinearMap<f64>>(x: f64) -> f64 {
///     fn square<P: Program<f64>>() -> Hom<P, f64, f64> {
///         P::compose(P::mul_c(), P::dup())
///     }
///     derivative(&square::<D<K>>(), x)
/// }
/// assert_eq!(slope::<catad::interpretations::AddFun>(3.0), 6.0);
/// assert_eq!(slope::<catad::interpretations::Delta>(3.0), 6.0);
/// ```
pub trait Representation<S: Scalar>: LoopLinear + Scalable<S> + LinearCat<S> + LazyCat {}

impl<K: LoopLinear + Scalable<S> + LinearCat<S> + LazyCat, S: Scalar> Representation<S> for K {}
