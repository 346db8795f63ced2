//! `Fun`, the category of plain functions `(→)` (paper §4): evaluation, and the primal of every
//! derivative category. All of its instances are here: the core classes, the numeric operations,
//! the indexed products (Fig. 14), the sum of a vector, representations and conditionals.

use super::Func;
use crate::space::{Additive, Container, Data, HasRep, Scalar, Space};
use crate::vocabulary::{
    Cartesian, CartesianI, Category, Checkpoint, Conditional, ConstantCat, DataCat, FloatingCat,
    FoldI, FractionalCat, Hom, IndexCat, LinearCat, LinearFn, Loops, MinMaxCat, Monoidal,
    MonoidalI, NumCat, Pred, Primitive, PrimitiveCat, RepCat, SumCat, VecCat, ZipI,
};
use std::rc::Rc;

/// The category of plain functions: a program interpreted in `Fun` simply runs.
///
/// There is no `Cocartesian` instance (paper §4.4): functions into a product do not add.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// let sqr = Fun::compose(Fun::mul_c(), Fun::dup());
/// assert_eq!(sqr.apply(3.0_f64), 9.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Fun;

impl Category for Fun {
    type Hom<A: Additive, B: Additive> = Func<A, B>;

    fn id<A: Additive>() -> Func<A, A> {
        Func::projection(|a| a, |a| a)
    }

    fn compose<A: Additive, B: Additive, C: Additive>(g: Func<B, C>, f: Func<A, B>) -> Func<A, C> {
        f.then(g)
    }
}

impl Monoidal for Fun {
    fn cross<A: Additive, B: Additive, C: Additive, D: Additive>(
        f: Func<A, C>,
        g: Func<B, D>,
    ) -> Func<(A, B), (C, D)> {
        Func::cross(f, g)
    }
}

impl Cartesian for Fun {
    fn exl<A: Additive, B: Additive>() -> Func<(A, B), A> {
        Func::projection(|(a, _): (A, B)| a, |(a, _): &(A, B)| a)
    }
    fn exr<A: Additive, B: Additive>() -> Func<(A, B), B> {
        Func::projection(|(_, b): (A, B)| b, |(_, b): &(A, B)| b)
    }
    fn dup<A: Additive>() -> Func<A, (A, A)> {
        Func::new(|a: A| (a.clone(), a))
    }
    fn it<A: Additive>() -> Func<A, ()> {
        Func::with_ref(|_| (), |_| ())
    }
    /// `f △ g` without `dup`: one side reads the argument borrowed (cloning only what it reads:
    /// a variable of a macro program's environment, not the environment), then the other takes
    /// it — `f` first where it borrows, else `g` where it does, and `g` first whenever `f` is a
    /// projection (`let`'s `id △ e`), which computes nothing and takes the argument after `g`
    /// has read it. The argument is cloned only where neither side borrows.
    fn fork<A: Additive, C: Additive, D: Additive>(
        f: Func<A, C>,
        g: Func<A, D>,
    ) -> Func<A, (C, D)> {
        Func::fork(f, g)
    }
}

impl<S: Scalar> NumCat<S> for Fun {
    fn negate_c() -> Hom<Self, S, S> {
        Func::new(|a: S| -a)
    }
    fn add_c() -> Hom<Self, (S, S), S> {
        Func::new(|(a, b): (S, S)| a + b)
    }
    fn mul_c() -> Hom<Self, (S, S), S> {
        Func::new(|(a, b): (S, S)| a * b)
    }
    fn const_c<A: Additive>(s: S) -> Hom<Self, A, S> {
        Func::with_ref(move |_| s, move |_| s)
    }
    fn sub_c() -> Hom<Self, (S, S), S> {
        Func::new(|(a, b): (S, S)| a - b)
    }
}

impl<S: Scalar> FractionalCat<S> for Fun {
    fn recip_c() -> Hom<Self, S, S> {
        Func::new(|a: S| S::from_f64(1.0) / a)
    }
    fn div_c() -> Hom<Self, (S, S), S> {
        Func::new(|(a, b): (S, S)| a / b)
    }
}

impl<S: Scalar> FloatingCat<S> for Fun {
    fn sin_c() -> Hom<Self, S, S> {
        Func::new(S::sin)
    }
    fn cos_c() -> Hom<Self, S, S> {
        Func::new(S::cos)
    }
    fn exp_c() -> Hom<Self, S, S> {
        Func::new(S::exp)
    }
    fn ln_c() -> Hom<Self, S, S> {
        Func::new(S::ln)
    }
    fn sqrt_c() -> Hom<Self, S, S> {
        Func::new(S::sqrt)
    }
    fn tanh_c() -> Hom<Self, S, S> {
        Func::new(S::tanh)
    }
    fn powi_c(n: i32) -> Hom<Self, S, S> {
        Func::new(move |a: S| a.powi(n))
    }
    fn powf_c() -> Hom<Self, (S, S), S> {
        Func::new(|(x, y): (S, S)| x.powf(y))
    }
    fn sinh_c() -> Hom<Self, S, S> {
        Func::new(S::sinh)
    }
    fn cosh_c() -> Hom<Self, S, S> {
        Func::new(S::cosh)
    }
    fn log1p_c() -> Hom<Self, S, S> {
        Func::new(S::ln_1p)
    }
    fn expm1_c() -> Hom<Self, S, S> {
        Func::new(S::exp_m1)
    }
    fn erf_c() -> Hom<Self, S, S> {
        Func::new(S::erf)
    }
    fn atan2_c() -> Hom<Self, (S, S), S> {
        Func::new(|(y, x): (S, S)| y.atan2(x))
    }
}

impl<S: Scalar> MinMaxCat<S> for Fun {
    fn abs_c() -> Func<S, S> {
        Func::new(S::abs)
    }
    fn max_c() -> Func<(S, S), S> {
        Func::new(|(a, b): (S, S)| a.larger(b))
    }
    fn min_c() -> Func<(S, S), S> {
        Func::new(|(a, b): (S, S)| a.smaller(b))
    }
    fn max_v() -> Func<Vec<S>, S> {
        Func::new(|xs: Vec<S>| extreme("max_v", &xs, S::larger))
    }
    fn min_v() -> Func<Vec<S>, S> {
        Func::new(|xs: Vec<S>| extreme("min_v", &xs, S::smaller))
    }
}

/// The larger of two scalars; NaN if either is (a NaN `a` fails `b > a` and is kept).
pub(crate) fn larger<S: Scalar>(a: S, b: S) -> S {
    if b > a || b.is_nan() { b } else { a }
}

/// The smaller of two scalars; NaN if either is (a NaN `a` fails `b < a` and is kept).
pub(crate) fn smaller<S: Scalar>(a: S, b: S) -> S {
    if b < a || b.is_nan() { b } else { a }
}

/// The largest (or smallest) element, by `pick`; an empty vector is an error naming `op`.
pub(crate) fn extreme<S: Scalar>(op: &str, xs: &[S], pick: fn(S, S) -> S) -> S {
    let (&first, rest) = xs
        .split_first()
        .unwrap_or_else(|| panic!("{op}: the extreme of an empty vector is undefined"));
    rest.iter().fold(first, |m, &x| pick(m, x))
}

/// `crossI = zipWith ($)`: `fs[i]` on element `i`.
impl<H: Container> MonoidalI<H> for Fun {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Func<A, B>>,
    ) -> Func<H::Obj<A>, H::Obj<B>> {
        Func::new(move |xs: H::Obj<A>| {
            h.check_exact(&xs);
            h.zip_apply(&fs, &xs, |f: &Func<A, B>, x: A| f.apply(x))
        })
    }
}

/// `exI = tabulate (flip index)`, `replI = point`.
impl<H: Container> CartesianI<H> for Fun {
    fn ex_i<A: Additive>(h: H) -> H::Of<Func<H::Obj<A>, A>> {
        h.tabulate(|i| Self::ex_at(h, i))
    }
    fn repl_i<A: Additive>(h: H) -> Func<A, H::Obj<A>> {
        Func::new(move |a: A| h.replicate(&a))
    }
    fn ex_at<A: Additive>(h: H, i: usize) -> Func<H::Obj<A>, A> {
        Func::new(move |xs: H::Obj<A>| {
            h.check_exact(&xs);
            h.index(&xs, i)
        })
    }
}

impl<H: Container> ZipI<H> for Fun {
    fn zip_i<A: Additive, B: Additive>(h: H) -> Func<(H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        Func::new(move |(xs, ys): (H::Obj<A>, H::Obj<B>)| {
            h.check_exact(&xs);
            h.check_exact(&ys);
            h.zip(&xs, &ys)
        })
    }
    fn unzip_i<A: Additive, B: Additive>(h: H) -> Func<H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        Func::new(move |pairs: H::Obj<(A, B)>| {
            h.check_exact(&pairs);
            h.unzip(&pairs)
        })
    }
}

/// Functions have no `jamI` (they are not cocartesian), but they add up a vector's elements.
impl<H: Container> SumCat<H> for Fun {
    fn sum_c<A: Additive>(h: H) -> Func<H::Obj<A>, A> {
        Func::new(move |xs: H::Obj<A>| {
            h.check_exact(&xs);
            h.sum(&xs)
        })
    }
}

impl RepCat for Fun {
    fn repr_c<A: HasRep>() -> Func<A, A::Rep> {
        Func::new(A::repr)
    }
    fn abst_c<A: HasRep>() -> Func<A::Rep, A> {
        Func::new(A::abst)
    }
}

impl Conditional for Fun {
    fn cond<A: Additive, B: Additive>(
        p: Pred<A>,
        then: Func<A, B>,
        otherwise: Func<A, B>,
    ) -> Func<A, B> {
        Func::new(move |a| {
            if p.holds(&a) {
                then.apply(a)
            } else {
                otherwise.apply(a)
            }
        })
    }
}

/// A linear map is a function.
impl<S: Scalar> LinearCat<S> for Fun {
    fn linear<A: Space<S>, B: Space<S>>(f: Rc<dyn LinearFn<A, B>>) -> Func<A, B> {
        Func::acting(f)
    }
}

/// A primitive runs its value.
impl<S: Scalar> PrimitiveCat<S> for Fun {
    fn primitive<A: Space<S>, B: Space<S>>(p: Rc<dyn Primitive<A, B>>) -> Func<A, B> {
        Func::new(move |a: A| p.value(&a))
    }
}

/// `fold_i`: the steps in order, in a loop.
impl<H: Container> FoldI<H> for Fun {
    fn fold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        fs: H::Of<Func<((E, S), A), S>>,
    ) -> Func<(E, (S, H::Obj<A>)), S> {
        Func::new(move |(e, (s, xs)): (E, (S, H::Obj<A>))| {
            h.check_exact(&xs);
            let xs = h.elements(&xs);
            Func::fold_steps(h.items(&fs).iter().zip(xs.iter().cloned()), e, s)
        })
    }
}

impl Loops for Fun {
    fn fold<E: Additive, S: Additive, A: Additive>(
        f: Func<((E, S), A), S>,
    ) -> Func<(E, (S, Vec<A>)), S> {
        Func::new(move |(e, (s, xs)): (E, (S, Vec<A>))| {
            Func::fold_steps(xs.into_iter().map(|x| (&f, x)), e, s)
        })
    }

    fn iterate<E: Additive, S: Additive>(f: Func<(E, S), S>) -> Func<(E, (S, usize)), S> {
        Func::new(move |(e, (s, n)): (E, (S, usize))| {
            let mut step = f.in_env(e);
            (0..n).fold(s, |s, _| step(s))
        })
    }

    fn iterate_while<E: Additive, S: Additive>(
        p: Pred<(E, S)>,
        f: Func<(E, S), S>,
    ) -> Func<(E, S), S> {
        Func::new(move |mut state: (E, S)| {
            while p.holds(&state) {
                state.1 = f.apply_ref(&state);
            }
            state.1
        })
    }

    fn build<E: Additive, B: Additive>(f: Func<(E, usize), B>) -> Func<(E, usize), Vec<B>> {
        Func::new(move |(e, n): (E, usize)| (0..n).map(f.in_env(e)).collect())
    }
}

impl VecCat for Fun {
    fn map_v<E: Additive, A: Additive, B: Additive>(
        f: Func<(E, A), B>,
    ) -> Func<(E, Vec<A>), Vec<B>> {
        Func::new(move |(e, xs): (E, Vec<A>)| xs.into_iter().map(f.in_env(e)).collect())
    }

    fn zip_v<A: Additive, B: Additive>() -> Func<(Vec<A>, Vec<B>), Vec<(A, B)>> {
        Func::new(|(xs, ys): (Vec<A>, Vec<B>)| {
            same_length("zip_v", xs.len(), ys.len());
            xs.into_iter().zip(ys).collect()
        })
    }

    fn sum_v<A: Additive>() -> Func<Vec<A>, A> {
        Func::new(|xs: Vec<A>| A::sum_of(&xs))
    }

    fn index_v<A: Additive>() -> Func<(Vec<A>, usize), A> {
        Func::new(|(xs, i): (Vec<A>, usize)| checked_index(&xs, i).clone())
    }

    /// Where `xs` is a projection, reads its vector borrowed: only the element is cloned.
    fn index_by<E: Additive, A: Additive>(xs: Func<E, Vec<A>>, i: Func<E, usize>) -> Func<E, A> {
        if !xs.is_projection() {
            return Fun::compose(Fun::index_v(), Fun::fork(xs, i));
        }
        let read = move |e: &E| checked_index(xs.view(e), i.apply_ref(e)).clone();
        let read = Rc::new(read);
        let by_ref = Rc::clone(&read);
        Func::with_ref(move |e| read(&e), move |e| by_ref(e))
    }

    fn len_v<A: Additive>() -> Func<Vec<A>, usize> {
        Func::new(|xs: Vec<A>| xs.len())
    }
}

impl IndexCat for Fun {
    fn const_ix<A: Additive>(n: usize) -> Func<A, usize> {
        Func::with_ref(move |_| n, move |_| n)
    }
    fn add_ix() -> Func<(usize, usize), usize> {
        Func::new(|(i, j): (usize, usize)| i + j)
    }
    fn sub_ix() -> Func<(usize, usize), usize> {
        Func::new(|(i, j): (usize, usize)| {
            i.checked_sub(j)
                .unwrap_or_else(|| panic!("sub_ix: {i} − {j} is below zero"))
        })
    }
    fn mul_ix() -> Func<(usize, usize), usize> {
        Func::new(|(i, j): (usize, usize)| i * j)
    }
    fn div_ix() -> Func<(usize, usize), usize> {
        Func::new(|(i, j): (usize, usize)| {
            i.checked_div(j)
                .unwrap_or_else(|| panic!("div_ix: {i} / {j} divides by zero"))
        })
    }
    fn rem_ix() -> Func<(usize, usize), usize> {
        Func::new(|(i, j): (usize, usize)| {
            i.checked_rem(j)
                .unwrap_or_else(|| panic!("rem_ix: {i} % {j} divides by zero"))
        })
    }
    fn ix_to_scalar<S: Scalar>() -> Func<usize, S> {
        Func::new(|i: usize| S::from_f64(i as f64))
    }
}

impl ConstantCat for Fun {
    fn constant<E: Additive, A: Additive>(a: A) -> Func<E, A> {
        let by_ref = a.clone();
        Func::with_ref(move |_| a.clone(), move |_| by_ref.clone())
    }
}

impl DataCat for Fun {
    fn read<T: Additive>() -> Func<Data<T>, T> {
        Func::new(|d: Data<T>| d.get().clone())
    }

    fn data_len<T: Additive>() -> Func<Data<Vec<T>>, usize> {
        Func::new(|d: Data<Vec<T>>| d.get().len())
    }

    fn data_at<T: Additive>() -> Func<(Data<Vec<T>>, usize), T> {
        Func::new(|(d, i): (Data<Vec<T>>, usize)| checked_data_at(d.get(), i).clone())
    }

    fn zip_len() -> Func<(usize, usize), usize> {
        Func::new(|(m, n): (usize, usize)| {
            assert!(
                m == n,
                "zip_len: data sets of lengths {m} and {n} do not zip (their lengths must be equal)"
            );
            n
        })
    }
}

/// `xs[i]` of a data set, or a panic naming the index and the length.
fn checked_data_at<A>(xs: &[A], i: usize) -> &A {
    xs.get(i).unwrap_or_else(|| {
        panic!(
            "data_at: index {i} is out of bounds for data of length {}",
            xs.len()
        )
    })
}

/// Panics, naming both, unless two vectors that combine elementwise have one length.
pub(crate) fn same_length(op: &str, m: usize, n: usize) {
    assert!(
        m == n,
        "{op}: vectors of lengths {m} and {n} do not combine (their lengths must be equal)"
    );
}

/// `xs[i]`, or a panic naming the index and the length.
pub(crate) fn checked_index<A>(xs: &[A], i: usize) -> &A {
    xs.get(i).unwrap_or_else(|| {
        panic!(
            "index_v: index {i} is out of bounds for a vector of length {}",
            xs.len()
        )
    })
}

/// A plain function keeps no derivative: checkpointing changes nothing.
impl Checkpoint for Fun {
    fn checkpoint<A: Additive, B: Additive>(f: Func<A, B>) -> Func<A, B> {
        f
    }
}
