//! The laws of the indexed classes (paper §15): [`MonoidalI`], [`CartesianI`], [`CocartesianI`],
//! [`ZipI`] and [`SumCat`].
//!
//! Vectors of run-time length (`Vec`, `DVector`) have no zero of their own length, so every
//! predicate here is observed at a point with a witness of its codomain's shape ([`At`]), as
//! [`Observe`] needs; a law whose codomain is its domain takes the point as the witness.
//!
//! ```
//! use catad::prelude::*;
//! use catad::interpretations::AddFun;
//! use catad::space::VecLen;
//! use catad_laws::At;
//! use catad_laws::indexed::ex_fork_i;
//! let fs = vec![AddFun::scale(2.0), AddFun::scale(3.0), AddFun::id()];
//! assert!(ex_fork_i::<AddFun, VecLen, f64, f64, f64>(VecLen(3), fs, &At::point(1.5)));
//! ```

use crate::{At, Observe, same_at};
use catad::prelude::*;
use catad::vocabulary::{unzip_by_projections, zip_by_projections};

/// `a`, as a point and as the witness of its own shape.
fn at_itself<A: Clone>(a: &A) -> At<A, A> {
    At::new(a.clone(), a.clone())
}

/// `crossI (point id) = id`, at `xs`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// let law = catad_laws::indexed::cross_i_id::<Reverse, Arr<2>, f64, f64>;
/// assert!(law(Arr, &[1.0, 2.0]));
/// ```
pub fn cross_i_id<K, H, S, A>(h: H, xs: &H::Obj<A>) -> bool
where
    K: MonoidalI<H> + Observe<S>,
    H: Container<Obj<A>: Space<S>>,
    S: Scalar,
    A: Space<S>,
{
    let ids = h.tabulate(|_| K::id::<A>());
    same_at::<K, S, H::Obj<A>, H::Obj<A>>(&K::cross_i::<A, A>(h, ids), &K::id(), &at_itself(xs))
}

/// `crossI gs ∘ crossI fs = crossI (zipWith (∘) gs fs)`, observed at `at`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad_laws::At;
/// let law = catad_laws::indexed::cross_i_compose::<Fun, VecLen, f64, f64, f64, f64>;
/// let (fs, gs) = (vec![Fun::sin_c(), Fun::exp_c()], vec![Fun::cos_c(), Fun::id()]);
/// assert!(law(VecLen(2), fs, gs, &At::new(vec![0.5, 1.0], vec![0.0; 2])));
/// ```
pub fn cross_i_compose<K, H, S, A, B, C>(
    h: H,
    fs: H::Of<Hom<K, A, B>>,
    gs: H::Of<Hom<K, B, C>>,
    at: &At<H::Obj<A>, H::Obj<C>>,
) -> bool
where
    K: MonoidalI<H> + Observe<S>,
    H: Container<Obj<A>: Space<S>, Obj<C>: Space<S>>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    C: Space<S>,
{
    let (f_items, g_items) = (h.items(&fs), h.items(&gs));
    let pointwise = h.tabulate(|i| K::compose::<A, B, C>(g_items[i].clone(), f_items[i].clone()));
    let sequential = K::compose::<H::Obj<A>, H::Obj<B>, H::Obj<C>>(
        K::cross_i::<B, C>(h, h.map(&gs, Clone::clone)),
        K::cross_i::<A, B>(h, h.map(&fs, Clone::clone)),
    );
    same_at::<K, S, H::Obj<A>, H::Obj<C>>(&sequential, &K::cross_i::<A, C>(h, pointwise), at)
}

/// `fmap id = id`, at `xs`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::space::VecLen;
/// assert!(catad_laws::indexed::fmap_id::<AddFun, VecLen, f64, f64>(VecLen(2), &vec![1.0, 2.0]));
/// ```
pub fn fmap_id<
    K: MonoidalI<H> + Observe<S>,
    H: Container<Obj<A>: Space<S>>,
    S: Scalar,
    A: Space<S>,
>(
    h: H,
    xs: &H::Obj<A>,
) -> bool {
    let fmap = K::fmap::<A, A>(h, K::id());
    same_at::<K, S, H::Obj<A>, H::Obj<A>>(&fmap, &K::id(), &at_itself(xs))
}

/// `fmap (g ∘ f) = fmap g ∘ fmap f`, observed at `at`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// use catad_laws::At;
/// let law = catad_laws::indexed::fmap_compose::<Forward, Arr<2>, f64, f64, f64, f64>;
/// assert!(law(Arr, Forward::sin_c(), Forward::exp_c(), &At::point([0.5, 1.0])));
/// ```
pub fn fmap_compose<K, H, S, A, B, C>(
    h: H,
    f: Hom<K, A, B>,
    g: Hom<K, B, C>,
    at: &At<H::Obj<A>, H::Obj<C>>,
) -> bool
where
    K: MonoidalI<H> + Observe<S>,
    H: Container<Obj<A>: Space<S>, Obj<C>: Space<S>>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    C: Space<S>,
{
    let fused = K::fmap::<A, C>(h, K::compose::<A, B, C>(g.clone(), f.clone()));
    let apart =
        K::compose::<H::Obj<A>, H::Obj<B>, H::Obj<C>>(K::fmap::<B, C>(h, g), K::fmap::<A, B>(h, f));
    same_at::<K, S, H::Obj<A>, H::Obj<C>>(&fused, &apart, at)
}

/// `picked(i) = fs[i]` at every position `i` of `h`.
fn at_every_position<K: Observe<S>, H: Container, S: Scalar, A: Space<S>, B: Space<S>>(
    h: H,
    picked: impl Fn(usize) -> Hom<K, A, B>,
    fs: &H::Of<Hom<K, A, B>>,
    at: &At<A, B>,
) -> bool {
    let fs = h.items(fs);
    (0..h.size()).all(|i| same_at::<K, S, A, B>(&picked(i), &fs[i], at))
}

/// `exI[i] ∘ forkI fs = fs[i]` for every position `i`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// use catad_laws::At;
/// let law = catad_laws::indexed::ex_fork_i::<Fun, Arr<2>, f64, f64, f64>;
/// assert!(law(Arr, [Fun::sin_c(), Fun::cos_c()], &At::point(0.5)));
/// ```
pub fn ex_fork_i<
    K: CartesianI<H> + Observe<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
>(
    h: H,
    fs: H::Of<Hom<K, A, B>>,
    at: &At<A, B>,
) -> bool {
    let fork = K::fork_i::<A, B>(h, h.map(&fs, Clone::clone));
    let projections = K::ex_i::<B>(h);
    let picked = |i: usize| K::compose(h.items(&projections)[i].clone(), fork.clone());
    at_every_position::<K, H, S, A, B>(h, picked, &fs, at)
}

/// `forkI (unforkI h f) = f`: a map into an indexed product is determined by its components.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad_laws::At;
/// let f = Reverse::fork_i(VecLen(2), vec![Reverse::sin_c(), Reverse::exp_c()]);
/// let law = catad_laws::indexed::fork_unfork_i::<Reverse, VecLen, f64, f64, f64>;
/// assert!(law(VecLen(2), f, &At::new(0.5, vec![0.0; 2])));
/// ```
pub fn fork_unfork_i<K, H, S, A, B>(h: H, f: Hom<K, A, H::Obj<B>>, at: &At<A, H::Obj<B>>) -> bool
where
    K: CartesianI<H> + Observe<S>,
    H: Container<Obj<B>: Space<S>>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let parts = K::unfork_i::<A, B>(h, f.clone());
    same_at::<K, S, A, H::Obj<B>>(&K::fork_i::<A, B>(h, parts), &f, at)
}

/// `joinI fs ∘ inI[i] = fs[i]` for every position `i`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// use catad::space::VecLen;
/// use catad_laws::At;
/// let law = catad_laws::indexed::join_in_i::<Dual<AddFun>, VecLen, f64, f64, f64>;
/// let fs = vec![Dual::<AddFun>::scale(2.0), Dual::<AddFun>::id()];
/// assert!(law(VecLen(2), fs, &At::point(0.5)));
/// ```
pub fn join_in_i<K, H, S, A, B>(h: H, fs: H::Of<Hom<K, A, B>>, at: &At<A, B>) -> bool
where
    K: CocartesianI<H> + Observe<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let join = K::join_i::<A, B>(h, h.map(&fs, Clone::clone));
    let injections = K::in_i::<A>(h);
    let picked = |i: usize| K::compose(join.clone(), h.items(&injections)[i].clone());
    at_every_position::<K, H, S, A, B>(h, picked, &fs, at)
}

/// `joinI (unjoinI h f) = f`: a linear map out of an indexed product is determined by its
/// restrictions to the positions.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::space::Arr;
/// use catad_laws::At;
/// let law = catad_laws::indexed::join_unjoin_i::<AddFun, Arr<3>, f64, f64, f64>;
/// assert!(law(Arr, AddFun::jam_i(Arr::<3>), &At::point([1.0, 2.0, 3.0])));
/// ```
pub fn join_unjoin_i<
    K: CocartesianI<H> + Observe<S>,
    H: Container<Obj<A>: Space<S>>,
    S: Scalar,
    A,
    B,
>(
    h: H,
    f: Hom<K, H::Obj<A>, B>,
    at: &At<H::Obj<A>, B>,
) -> bool
where
    A: Space<S>,
    B: Space<S>,
{
    let parts = K::unjoin_i::<A, B>(h, f.clone());
    same_at::<K, S, H::Obj<A>, B>(&K::join_i::<A, B>(h, parts), &f, at)
}

/// `unzipI ∘ zipI = id`, at a pair of vectors of shape `h`.
///
/// ```
/// use catad::interpretations::Mat;
/// use catad::prelude::*;
/// use catad::space::Arr;
/// let law = catad_laws::indexed::unzip_zip::<Mat<f64>, Arr<2>, f64, f64, f64>;
/// assert!(law(Arr, &([1.0, 2.0], [3.0, 4.0])));
/// ```
pub fn unzip_zip<K, H, S, A, B>(h: H, pair: &(H::Obj<A>, H::Obj<B>)) -> bool
where
    K: ZipI<H> + Observe<S>,
    H: Container<Obj<A>: Space<S>, Obj<B>: Space<S>>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let round = K::compose::<(H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>(
        K::unzip_i::<A, B>(h),
        K::zip_i::<A, B>(h),
    );
    same_at::<K, S, (H::Obj<A>, H::Obj<B>), _>(&round, &K::id(), &at_itself(pair))
}

/// `zipI ∘ unzipI = id`, at a vector of pairs of shape `h`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// let law = catad_laws::indexed::zip_unzip::<Reverse, VecLen, f64, f64, f64>;
/// assert!(law(VecLen(2), &vec![(1.0, 2.0), (3.0, 4.0)]));
/// ```
pub fn zip_unzip<K: ZipI<H> + Observe<S>, H: Container<Obj<(A, B)>: Space<S>>, S: Scalar, A, B>(
    h: H,
    pairs: &H::Obj<(A, B)>,
) -> bool
where
    A: Space<S>,
    B: Space<S>,
{
    let round = K::compose::<H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>(
        K::zip_i::<A, B>(h),
        K::unzip_i::<A, B>(h),
    );
    same_at::<K, S, H::Obj<(A, B)>, H::Obj<(A, B)>>(&round, &K::id(), &at_itself(pairs))
}

/// `zipI = forkI (zipWith (×) exI exI)` and `unzipI = fmap exl △ fmap exr`: each instance's
/// `zip` and `unzip` are the ones the rest of the vocabulary determines.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// use catad::space::VecLen;
/// let law = catad_laws::indexed::zip_is_derived::<Dual<AddFun>, VecLen, f64, f64, f64>;
/// assert!(law(VecLen(2), &(vec![1.0, 2.0], vec![3.0, 4.0])));
/// ```
pub fn zip_is_derived<K, H, S, A, B>(h: H, pair: &(H::Obj<A>, H::Obj<B>)) -> bool
where
    K: ZipI<H> + CartesianI<H> + Cartesian + Observe<S>,
    H: Container<Obj<A>: Space<S>, Obj<B>: Space<S>, Obj<(A, B)>: Space<S>>,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let (xs, ys) = (h.elements(&pair.0), h.elements(&pair.1));
    let pairs = h.tabulate_obj(|i| (xs[i].clone(), ys[i].clone()));
    let zip_same = same_at::<K, S, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>(
        &K::zip_i::<A, B>(h),
        &zip_by_projections::<K, H, A, B>(h),
        &At::new(pair.clone(), pairs.clone()),
    );
    let unzip_same = same_at::<K, S, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>(
        &K::unzip_i::<A, B>(h),
        &unzip_by_projections::<K, H, A, B>(h),
        &At::new(pairs, pair.clone()),
    );
    zip_same && unzip_same
}

/// `sum_c ∘ forkI fs = add ∘ (⋯ add ∘ (add ∘ (0 △ fs[0]) △ fs[1]) ⋯ △ fs[n-1])`: the indexed sum
/// adds the parts, in value and (in a derivative category) derivative.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad_laws::At;
/// let law = catad_laws::indexed::sum_c_adds::<Reverse, VecLen, f64, f64>;
/// assert!(law(VecLen(2), vec![Reverse::sin_c(), Reverse::exp_c()], &At::point(0.5)));
/// ```
pub fn sum_c_adds<K, H, S, A>(h: H, fs: H::Of<Hom<K, A, S>>, at: &At<A, S>) -> bool
where
    K: SumCat<H> + CartesianI<H> + Cartesian + NumCat<S> + Observe<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
{
    let fork = K::fork_i::<A, S>(h, h.map(&fs, Clone::clone));
    let sum = K::compose::<A, H::Obj<S>, S>(K::sum_c::<S>(h), fork);
    let added = h
        .items(&fs)
        .iter()
        .fold(K::const_c::<A>(S::zero()), |acc, f| {
            K::compose(K::add_c(), K::fork(acc, f.clone()))
        });
    same_at::<K, S, A, S>(&sum, &added, at)
}
