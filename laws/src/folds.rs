//! The laws of the indexed folds ([`FoldI`], [`UnfoldI`]): each equals its unrolling (its
//! specification, [`fold_by_unrolling`] and [`unfold_by_unrolling`]), and in a linear-map
//! category unfolding the transposed steps transposes the fold (so `Dual`, which swaps the two,
//! transposes).
//!
//! ```
//! use catad::interpretations::AddFun;
//! use catad::prelude::*;
//! use catad::space::VecLen;
//! use catad_laws::At;
//! use catad_laws::folds::{fold_i_unrolls, unfold_transposes_fold};
//! // ((e, s), a) ↦ 2s + a − e
//! let step = || AddFun::join(AddFun::join(AddFun::scale(-1.0), AddFun::scale(2.0)), AddFun::id());
//! let at = At::point((1.0, (0.5, vec![1.0, 2.0])));
//! assert!(fold_i_unrolls::<AddFun, VecLen, f64, f64, f64, f64>(VecLen(2), vec![step(), step()], &at));
//! let law = unfold_transposes_fold::<AddFun, VecLen, f64, f64, f64, f64>;
//! assert!(law(VecLen(2), vec![step(), step()], &at));
//! ```

use crate::{At, Observe, close_slices, same_at};
use catad::prelude::*;
use catad::vocabulary::{FoldI, LinearMap, UnfoldI, fold_by_unrolling, unfold_by_unrolling};

/// `fold_i h fs = fold_by_unrolling h fs`: the fold runs its steps in order, each on the
/// environment, the state so far and its element; over no elements it is the initial state.
/// `at.a = (e, (s, xs))`.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad_laws::At;
/// // ((e, s), a) ↦ e · s + a
/// let step = || Forward::compose(
///     Forward::add_c(),
///     Forward::cross(Forward::mul_c(), Forward::id()),
/// );
/// let law = catad_laws::folds::fold_i_unrolls::<Forward, VecLen, f64, f64, f64, f64>;
/// assert!(law(VecLen(2), vec![step(), step()], &At::point((2.0, (1.0, vec![3.0, 4.0])))));
/// assert!(law(VecLen(0), vec![], &At::point((2.0, (1.0, vec![])))));
/// ```
pub fn fold_i_unrolls<K, H, S, E, T, A>(
    h: H,
    fs: H::Of<Hom<K, ((E, T), A), T>>,
    at: &At<(E, (T, H::Obj<A>)), T>,
) -> bool
where
    K: FoldI<H> + Cartesian + CartesianI<H> + Observe<S>,
    H: Container<Obj<A>: Space<S>>,
    S: Scalar,
    E: Space<S>,
    T: Space<S>,
    A: Space<S>,
{
    let unrolled = fold_by_unrolling::<K, H, E, T, A>(h, h.map(&fs, Clone::clone));
    same_at::<K, S, _, _>(&K::fold_i(h, fs), &unrolled, at)
}

/// `unfold_i h gs = unfold_by_unrolling h gs`: the unfold runs its steps from the last to the
/// first, summing what each gives the environment; over no elements it is `s ↦ (0, (s, []))`.
/// `at.a` is the final state, `at.b = (e, (s, xs))` shapes the codomain.
///
/// ```
/// use catad::interpretations::Delta;
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad_laws::At;
/// // s ↦ ((s, 3s), −s)
/// let step = || Delta::fork(Delta::fork(Delta::id(), Delta::scale(3.0)), Delta::scale(-1.0));
/// let law = catad_laws::folds::unfold_i_unrolls::<Delta, VecLen, f64, f64, f64, f64>;
/// assert!(law(VecLen(2), vec![step(), step()], &At::new(1.0, (0.0, (0.0, vec![0.0; 2])))));
/// ```
pub fn unfold_i_unrolls<K, H, S, E, T, A>(
    h: H,
    gs: H::Of<Hom<K, T, ((E, T), A)>>,
    at: &At<T, (E, (T, H::Obj<A>))>,
) -> bool
where
    K: UnfoldI<H> + Cartesian + Cocartesian + CocartesianI<H> + Observe<S>,
    H: Container<Obj<A>: Space<S>>,
    S: Scalar,
    E: Space<S>,
    T: Space<S>,
    A: Space<S>,
{
    let unrolled = unfold_by_unrolling::<K, H, E, T, A>(h, h.map(&gs, Clone::clone));
    same_at::<K, S, _, _>(&K::unfold_i(h, gs), &unrolled, at)
}

/// `unfold_i h (fmap transpose fs) = transpose (fold_i h fs)`, in a linear-map category: the
/// unfold of the transposed steps (each read back from its transposed matrix) has the transposed
/// matrix of the fold. `at.a = (e, (s, xs))` shapes the fold's domain (each step's element is
/// shaped by its own `xs[i]`), `at.b` its codomain.
///
/// ```
/// use catad::interpretations::{AddFun, Dual};
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad_laws::At;
/// type K = Dual<AddFun>;
/// // ((e, s), a) ↦ e + s − a, in the transposed representation
/// let step = || K::join(K::jam(), K::scale(-1.0));
/// let law = catad_laws::folds::unfold_transposes_fold::<K, VecLen, f64, f64, f64, f64>;
/// assert!(law(VecLen(3), vec![step(), step(), step()], &At::point((1.0, (2.0, vec![0.0; 3])))));
/// ```
pub fn unfold_transposes_fold<K, H, S, E, T, A>(
    h: H,
    fs: H::Of<Hom<K, ((E, T), A), T>>,
    at: &At<(E, (T, H::Obj<A>)), T>,
) -> bool
where
    K: FoldI<H> + UnfoldI<H> + LinearMap<S>,
    H: Container<Obj<A>: Space<S>>,
    S: Scalar,
    E: Space<S>,
    T: Space<S>,
    A: Space<S>,
{
    let ((e, (s, xs)), t) = (&at.a, &at.b);
    let elements = h.elements(xs);
    let transposed = h.collect(h.items(&fs).iter().zip(elements.iter()).map(|(f, x)| {
        let step = ((e.clone(), s.clone()), x.clone());
        let m = K::to_matrix(f, &step, t).transpose();
        K::from_matrix::<T, ((E, T), A)>(m, t, &step)
    }));
    let fold = K::to_matrix(&K::fold_i(h, fs), &at.a, t).transpose();
    let unfold = K::to_matrix(&K::unfold_i(h, transposed), t, &at.a);
    close_slices(unfold.as_slice(), fold.as_slice())
}
