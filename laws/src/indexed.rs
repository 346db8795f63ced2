//! The laws of the indexed classes (paper §15): [`MonoidalI`], [`CartesianI`], [`CocartesianI`],
//! [`ZipI`], and `Mat` as a functor from additive functions.
//!
//! Vectors of run-time length (`Vec`, `DVector`) have no zero of their own length, so the linear
//! maps into them cannot be observed through `B::zero()` as [`Observe`](crate::Observe) does:
//! every predicate here takes a *witness* of its codomain's shape, and compares morphisms with
//! [`ObserveAt`].
//!
//! ```
//! use catad::prelude::*;
//! use catad::interpretations::AddFun;
//! use catad::space::VecLen;
//! use catad_laws::indexed::ex_fork_i;
//! let fs = vec![AddFun::scale(2.0), AddFun::scale(3.0), AddFun::id()];
//! assert!(ex_fork_i::<AddFun, VecLen, f64, f64, f64>(VecLen(3), fs, &1.5, &0.0));
//! ```

use crate::{Observe, close_slices};
use catad::interpretations::{AddFun, Begin, Cont, D, DMap, Dual, Func};
use catad::interpretations::{Mat, MatMap};
use catad::prelude::*;
use catad::vocabulary::LinearMap;
use catad::vocabulary::{unzip_by_projections, zip_by_projections};
use nalgebra::RealField;

/// Extensional observation of a morphism at a point `a`, given a vector `b` of its codomain (whose
/// shape a run-time-length codomain needs): a plain function by its value, a linear map by its
/// matrix, a differentiable function by its value and the matrix of its derivative.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::space::VecLen;
/// use catad_laws::indexed::ObserveAt;
/// let repl = AddFun::repl_i::<f64>(VecLen(2));
/// assert_eq!(<AddFun as ObserveAt<f64>>::observe_at(&repl, &0.0, &vec![0.0; 2]), vec![1.0, 1.0]);
/// ```
pub trait ObserveAt<S: Scalar>: Category {
    /// The observation of `f` at `a`; `b` is any vector of the codomain.
    fn observe_at<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A, b: &B) -> Vec<S>;
}

/// The matrix of a linear map, flattened.
fn matrix<K: LinearMap<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: &Hom<K, A, B>,
    a: &A,
    b: &B,
) -> Vec<S> {
    K::to_matrix(f, a, b).iter().copied().collect()
}

impl<S: Scalar> ObserveAt<S> for Fun {
    fn observe_at<A: Space<S>, B: Space<S>>(f: &Func<A, B>, a: &A, _b: &B) -> Vec<S> {
        f.apply(a.clone()).coords()
    }
}

/// The primal gives the codomain's shape.
impl<K: LinearMap<S>, S: Scalar> ObserveAt<S> for D<K> {
    fn observe_at<A: Space<S>, B: Space<S>>(f: &DMap<K, A, B>, a: &A, _b: &B) -> Vec<S> {
        <D<K> as Observe<S>>::observe::<A, B>(f, a)
    }
}

impl<S: Scalar> ObserveAt<S> for AddFun {
    fn observe_at<A: Space<S>, B: Space<S>>(f: &Func<A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

impl<K: LinearMap<S>, S: Scalar> ObserveAt<S> for Dual<K> {
    fn observe_at<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

impl<K: LinearMap<S> + Cocartesian, S: Scalar, R: Space<S>> ObserveAt<S> for Cont<K, R> {
    fn observe_at<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

impl<K: LinearMap<S> + Cartesian, S: Scalar, R: Space<S>> ObserveAt<S> for Begin<K, R> {
    fn observe_at<A: Space<S>, B: Space<S>>(f: &Hom<Self, A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

impl<S: Scalar + RealField> ObserveAt<S> for Mat<S> {
    fn observe_at<A: Space<S>, B: Space<S>>(f: &MatMap<S, A, B>, a: &A, b: &B) -> Vec<S> {
        matrix::<Self, S, A, B>(f, a, b)
    }
}

/// `f` and `g` are observed equal at `a`, `b` a vector of their codomain.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad_laws::indexed::same_at_shape;
/// let f = AddFun::compose(AddFun::jam(), AddFun::dup());
/// assert!(same_at_shape::<AddFun, f64, f64, f64>(&f, &AddFun::scale(2.0), &1.0, &0.0));
/// ```
pub fn same_at_shape<K: ObserveAt<S>, S: Scalar, A: Space<S>, B: Space<S>>(
    f: &Hom<K, A, B>,
    g: &Hom<K, A, B>,
    a: &A,
    b: &B,
) -> bool {
    close_slices(
        &K::observe_at::<A, B>(f, a, b),
        &K::observe_at::<A, B>(g, a, b),
    )
}

/// `crossI (point id) = id`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// let law = catad_laws::indexed::cross_i_id::<Reverse, Arr<2>, f64, f64>;
/// assert!(law(Arr, &[1.0, 2.0]));
/// ```
pub fn cross_i_id<K, H, S, A>(h: H, xs: &H::Obj<A>) -> bool
where
    K: MonoidalI<H> + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    H::Obj<A>: Space<S>,
{
    let ids = h.tabulate(|_| K::id::<A>());
    same_at_shape::<K, S, H::Obj<A>, H::Obj<A>>(&K::cross_i::<A, A>(h, ids), &K::id(), xs, xs)
}

/// `crossI gs ∘ crossI fs = crossI (zipWith (∘) gs fs)`. `ys` is a vector of the codomain.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// let law = catad_laws::indexed::cross_i_compose::<Fun, VecLen, f64, f64, f64, f64>;
/// let (fs, gs) = (vec![Fun::sin_c(), Fun::exp_c()], vec![Fun::cos_c(), Fun::id()]);
/// assert!(law(VecLen(2), fs, gs, &vec![0.5, 1.0], &vec![0.0; 2]));
/// ```
pub fn cross_i_compose<K, H, S, A, B, C>(
    h: H,
    fs: H::Of<Hom<K, A, B>>,
    gs: H::Of<Hom<K, B, C>>,
    xs: &H::Obj<A>,
    ys: &H::Obj<C>,
) -> bool
where
    K: MonoidalI<H> + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    C: Space<S>,
    H::Obj<A>: Space<S>,
    H::Obj<C>: Space<S>,
{
    let (f_items, g_items) = (h.items(&fs), h.items(&gs));
    let pointwise = h.tabulate(|i| K::compose::<A, B, C>(g_items[i].clone(), f_items[i].clone()));
    let sequential = K::compose::<H::Obj<A>, H::Obj<B>, H::Obj<C>>(
        K::cross_i::<B, C>(h, h.map(&gs, Clone::clone)),
        K::cross_i::<A, B>(h, h.map(&fs, Clone::clone)),
    );
    same_at_shape::<K, S, H::Obj<A>, H::Obj<C>>(
        &sequential,
        &K::cross_i::<A, C>(h, pointwise),
        xs,
        ys,
    )
}

/// `fmap id = id`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::space::VecLen;
/// assert!(catad_laws::indexed::fmap_id::<AddFun, VecLen, f64, f64>(VecLen(2), &vec![1.0, 2.0]));
/// ```
pub fn fmap_id<K, H, S, A>(h: H, xs: &H::Obj<A>) -> bool
where
    K: MonoidalI<H> + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    H::Obj<A>: Space<S>,
{
    same_at_shape::<K, S, H::Obj<A>, H::Obj<A>>(&K::fmap::<A, A>(h, K::id()), &K::id(), xs, xs)
}

/// `fmap (g ∘ f) = fmap g ∘ fmap f`. `ys` is a vector of the codomain.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// let law = catad_laws::indexed::fmap_compose::<Forward, Arr<2>, f64, f64, f64, f64>;
/// assert!(law(Arr, Forward::sin_c(), Forward::exp_c(), &[0.5, 1.0], &[0.0; 2]));
/// ```
pub fn fmap_compose<K, H, S, A, B, C>(
    h: H,
    f: Hom<K, A, B>,
    g: Hom<K, B, C>,
    xs: &H::Obj<A>,
    ys: &H::Obj<C>,
) -> bool
where
    K: MonoidalI<H> + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    C: Space<S>,
    H::Obj<A>: Space<S>,
    H::Obj<C>: Space<S>,
{
    let fused = K::fmap::<A, C>(h, K::compose::<A, B, C>(g.clone(), f.clone()));
    let apart =
        K::compose::<H::Obj<A>, H::Obj<B>, H::Obj<C>>(K::fmap::<B, C>(h, g), K::fmap::<A, B>(h, f));
    same_at_shape::<K, S, H::Obj<A>, H::Obj<C>>(&fused, &apart, xs, ys)
}

/// `exI[i] ∘ forkI fs = fs[i]` for every position `i`. `b` is a vector of the codomain of `fs`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Arr;
/// let law = catad_laws::indexed::ex_fork_i::<Fun, Arr<2>, f64, f64, f64>;
/// assert!(law(Arr, [Fun::sin_c(), Fun::cos_c()], &0.5, &0.0));
/// ```
pub fn ex_fork_i<K, H, S, A, B>(h: H, fs: H::Of<Hom<K, A, B>>, a: &A, b: &B) -> bool
where
    K: CartesianI<H> + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let fork = K::fork_i::<A, B>(h, h.map(&fs, Clone::clone));
    let projections = K::ex_i::<B>(h);
    h.items(&projections)
        .iter()
        .zip(h.items(&fs))
        .all(|(ex, f)| {
            let picked = K::compose::<A, H::Obj<B>, B>(ex.clone(), fork.clone());
            same_at_shape::<K, S, A, B>(&picked, f, a, b)
        })
}

/// `forkI (unforkI h f) = f`: a map into an indexed product is determined by its components.
/// `ys` is a vector of the codomain.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// let f = Reverse::fork_i(VecLen(2), vec![Reverse::sin_c(), Reverse::exp_c()]);
/// let law = catad_laws::indexed::fork_unfork_i::<Reverse, VecLen, f64, f64, f64>;
/// assert!(law(VecLen(2), f, &0.5, &vec![0.0; 2]));
/// ```
pub fn fork_unfork_i<K, H, S, A, B>(h: H, f: Hom<K, A, H::Obj<B>>, a: &A, ys: &H::Obj<B>) -> bool
where
    K: CartesianI<H> + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    H::Obj<B>: Space<S>,
{
    let parts = K::unfork_i::<A, B>(h, f.clone());
    same_at_shape::<K, S, A, H::Obj<B>>(&K::fork_i::<A, B>(h, parts), &f, a, ys)
}

/// `joinI fs ∘ inI[i] = fs[i]` for every position `i`. `b` is a vector of the codomain of `fs`.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::{AddFun, Dual};
/// use catad::space::VecLen;
/// let law = catad_laws::indexed::join_in_i::<Dual<AddFun>, VecLen, f64, f64, f64>;
/// assert!(law(VecLen(2), vec![Dual::<AddFun>::scale(2.0), Dual::<AddFun>::id()], &0.5, &0.0));
/// ```
pub fn join_in_i<K, H, S, A, B>(h: H, fs: H::Of<Hom<K, A, B>>, a: &A, b: &B) -> bool
where
    K: CocartesianI<H> + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
{
    let join = K::join_i::<A, B>(h, h.map(&fs, Clone::clone));
    let injections = K::in_i::<A>(h);
    h.items(&injections)
        .iter()
        .zip(h.items(&fs))
        .all(|(inj, f)| {
            let picked = K::compose::<A, H::Obj<A>, B>(join.clone(), inj.clone());
            same_at_shape::<K, S, A, B>(&picked, f, a, b)
        })
}

/// `joinI (unjoinI h f) = f`: a linear map out of an indexed product is determined by its
/// restrictions to the positions. `b` is a vector of the codomain.
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// use catad::space::Arr;
/// let law = catad_laws::indexed::join_unjoin_i::<AddFun, Arr<3>, f64, f64, f64>;
/// assert!(law(Arr, AddFun::jam_i(Arr::<3>), &[1.0, 2.0, 3.0], &0.0));
/// ```
pub fn join_unjoin_i<K, H, S, A, B>(h: H, f: Hom<K, H::Obj<A>, B>, xs: &H::Obj<A>, b: &B) -> bool
where
    K: CocartesianI<H> + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    H::Obj<A>: Space<S>,
{
    let parts = K::unjoin_i::<A, B>(h, f.clone());
    same_at_shape::<K, S, H::Obj<A>, B>(&K::join_i::<A, B>(h, parts), &f, xs, b)
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
    K: ZipI<H> + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    H::Obj<A>: Space<S>,
    H::Obj<B>: Space<S>,
{
    let round = K::compose::<(H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>(
        K::unzip_i::<A, B>(h),
        K::zip_i::<A, B>(h),
    );
    same_at_shape::<K, S, (H::Obj<A>, H::Obj<B>), (H::Obj<A>, H::Obj<B>)>(
        &round,
        &K::id(),
        pair,
        pair,
    )
}

/// `zipI ∘ unzipI = id`, at a vector of pairs of shape `h`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// let law = catad_laws::indexed::zip_unzip::<Reverse, VecLen, f64, f64, f64>;
/// assert!(law(VecLen(2), &vec![(1.0, 2.0), (3.0, 4.0)]));
/// ```
pub fn zip_unzip<K, H, S, A, B>(h: H, pairs: &H::Obj<(A, B)>) -> bool
where
    K: ZipI<H> + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    H::Obj<(A, B)>: Space<S>,
{
    let round = K::compose::<H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>(
        K::zip_i::<A, B>(h),
        K::unzip_i::<A, B>(h),
    );
    same_at_shape::<K, S, H::Obj<(A, B)>, H::Obj<(A, B)>>(&round, &K::id(), pairs, pairs)
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
    K: ZipI<H> + CartesianI<H> + Cartesian + ObserveAt<S>,
    H: Container,
    S: Scalar,
    A: Space<S>,
    B: Space<S>,
    H::Obj<A>: Space<S>,
    H::Obj<B>: Space<S>,
    H::Obj<(A, B)>: Space<S>,
{
    let (xs, ys) = (h.elements(&pair.0), h.elements(&pair.1));
    let pairs = h.tabulate_obj(|i| (xs[i].clone(), ys[i].clone()));
    let zip_same = same_at_shape::<K, S, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>(
        &K::zip_i::<A, B>(h),
        &zip_by_projections::<K, H, A, B>(h),
        pair,
        &pairs,
    );
    let unzip_same = same_at_shape::<K, S, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>(
        &K::unzip_i::<A, B>(h),
        &unzip_by_projections::<K, H, A, B>(h),
        &pairs,
        pair,
    );
    zip_same && unzip_same
}

/// `Mat` is a functor: the matrix of `g ∘ f` is the product of the matrices of `g` and `f`.
///
/// ```
/// use catad::interpretations::Mat;
/// use catad::prelude::*;
/// let f = Mat::<f64>::fork(Mat::scale(2.0), Mat::scale(3.0));
/// let g = Mat::<f64>::join(Mat::id(), Mat::scale(-1.0));
/// assert!(catad_laws::indexed::mat_compose::<f64, f64, (f64, f64), f64>(&f, &g));
/// ```
pub fn mat_compose<S, A, B, C>(f: &MatMap<S, A, B>, g: &MatMap<S, B, C>) -> bool
where
    S: Scalar + RealField,
    A: Additive,
    B: Additive,
    C: Additive,
{
    let composed = Mat::<S>::compose::<A, B, C>(g.clone(), f.clone()).matrix();
    let product = g.matrix() * f.matrix();
    close_slices(composed.as_slice(), product.as_slice())
}

/// `Mat` agrees with the linear-map representation `K` on one program interpreted in both: the
/// same matrix, read directly from `Mat` and by sampling `K`. `b` is a vector of the codomain.
///
/// ```
/// use catad::interpretations::Mat;
/// use catad::prelude::*;
/// use catad::interpretations::AddFun;
/// let law = catad_laws::indexed::mat_agrees::<AddFun, f64, f64, (f64, f64)>;
/// assert!(law(&Mat::dup(), &AddFun::dup(), &0.0, &(0.0, 0.0)));
/// ```
pub fn mat_agrees<K, S, A, B>(in_mat: &MatMap<S, A, B>, in_k: &Hom<K, A, B>, a: &A, b: &B) -> bool
where
    K: LinearMap<S>,
    S: Scalar + RealField,
    A: Space<S>,
    B: Space<S>,
{
    close_slices(
        in_mat.matrix().as_slice(),
        K::to_matrix(in_k, a, b).as_slice(),
    )
}
