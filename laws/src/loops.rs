//! The laws of loops ([`Loops`], with [`VecCat`] and [`IndexCat`]): how loops split and fuse.
//! Each compares two morphisms by [`Observe`], so in `Fun` it is an equation of values and in a
//! derivative category one of values and derivatives.

use crate::{At, Observe, close_slices, same_at};
use catad::prelude::*;

/// `fold f (e, (s, xs ++ ys)) = fold f (e, (fold f (e, (s, xs)), ys))`: a fold over a
/// concatenation is two folds.
///
/// The right side is a morphism from `(e, (s, (xs, ys)))`, whose coordinates are those of
/// `(e, (s, xs ++ ys))` in the same order, so the two observations (values, and derivatives
/// column by column) compare directly; `at.a` is `(e, (s, (xs, ys)))`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// // s ↦ s · e + a, Horner's step
/// let step = Reverse::compose(
///     Reverse::add_c(),
///     Reverse::fork(
///         Reverse::compose(Reverse::mul_c(), Reverse::fork(Reverse::compose(Reverse::exr(), Reverse::exl()), Reverse::compose(Reverse::exl(), Reverse::exl()))),
///         Reverse::exr(),
///     ),
/// );
/// let at = At::point((2.0, (1.0, (vec![3.0], vec![4.0, 5.0]))));
/// assert!(catad_laws::loops::fold_concat::<Reverse, f64, f64, f64, f64>(step, &at));
/// ```
pub fn fold_concat<K, S, E, T, A>(
    f: Hom<K, ((E, T), A), T>,
    at: &At<(E, (T, (Vec<A>, Vec<A>))), T>,
) -> bool
where
    K: Loops + Observe<S>,
    S: Scalar,
    E: Space<S>,
    T: Space<S>,
    A: Space<S>,
{
    let (e, (s, (xs, ys))) = at.a.clone();
    let joined = (e, (s, xs.into_iter().chain(ys).collect::<Vec<A>>()));
    let whole = K::fold(f.clone());
    let pieces = || K::compose(K::exr(), K::exr::<E, (T, (Vec<A>, Vec<A>))>());
    let first = K::compose(
        K::fold(f.clone()),
        K::fork(
            K::exl(),
            K::fork(
                K::compose(K::exl(), K::exr()),
                K::compose(K::exl(), pieces()),
            ),
        ),
    );
    let two = K::compose(
        K::fold(f),
        K::fork(K::exl(), K::fork(first, K::compose(K::exr(), pieces()))),
    );
    close_slices(
        &K::observe(&whole, &joined, &at.b),
        &K::observe(&two, &at.a, &at.b),
    )
}

/// Build fusion, `map_v f ∘ (exl △ build g) = build (f ∘ (exl △ g))`: mapping over a built
/// vector is building the mapped elements.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let g = Forward::compose(Forward::ix_to_scalar(), Forward::exr());
/// let f = Forward::mul_c();
/// let at = At::new((2.0, 3_usize), vec![0.0; 3]);
/// assert!(catad_laws::loops::build_fusion::<Forward, f64, f64, f64, f64>(f, g, &at));
/// ```
pub fn build_fusion<K, S, E, A, B>(
    f: Hom<K, (E, A), B>,
    g: Hom<K, (E, usize), A>,
    at: &At<(E, usize), Vec<B>>,
) -> bool
where
    K: Loops + VecCat + Observe<S>,
    S: Scalar,
    E: Space<S>,
    A: Space<S>,
    B: Space<S>,
{
    let mapped = K::compose(K::map_v(f.clone()), K::fork(K::exl(), K::build(g.clone())));
    let fused = K::build(K::compose(f, K::fork(K::exl(), g)));
    same_at::<K, S, _, _>(&mapped, &fused, at)
}

/// `sum_build f = exl ∘ iterate (λ (e, (t, i)) → (t + f (e, i), i + 1)) ∘ (λ (e, n) → (e, ((0, 0), n)))`:
/// `sum_build` (defined as `sum_v ∘ build`) adds `f (e, i)` for `i < n`, as a loop that
/// accumulates does.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let f = Reverse::compose(Reverse::mul_c(), Reverse::fork(Reverse::exl(), Reverse::compose(Reverse::ix_to_scalar(), Reverse::exr())));
/// assert!(catad_laws::loops::sum_build_accumulates::<Reverse, f64, f64>(f, &At::point((1.5, 4))));
/// ```
pub fn sum_build_accumulates<K, S, E>(f: Hom<K, (E, usize), S>, at: &At<(E, usize), S>) -> bool
where
    K: Loops + VecCat + IndexCat + ConstantCat + NumCat<S> + Observe<S>,
    S: Scalar + Space<S>,
    E: Space<S>,
{
    let index = || K::compose(K::exr(), K::exr::<E, (S, usize)>());
    let term = K::compose(f.clone(), K::fork(K::exl(), index()));
    let step = K::fork(
        K::compose(K::add_c(), K::fork(K::compose(K::exl(), K::exr()), term)),
        K::compose(K::add_ix(), K::fork(index(), K::const_ix(1))),
    );
    let start = K::fork(
        K::exl(),
        K::fork(K::fork(K::constant(S::zero()), K::const_ix(0)), K::exr()),
    );
    let accumulated = K::compose(K::exl(), K::compose(K::iterate(step), start));
    same_at::<K, S, _, _>(
        &catad::vocabulary::sum_build::<K, E, S>(f),
        &accumulated,
        at,
    )
}

/// `index_by xs i = index_v ∘ (xs △ i)`: the indexing a program's `xs[i]` compiles to reads
/// what the composite it stands for does, where a category overrides it to read the vector in
/// place (`xs` a projection) and where it falls back to the composite (any other `xs`).
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let (xs, i) = (ReverseDelta::exr::<f64, Vec<f64>>(), ReverseDelta::const_ix(1));
/// let law = catad_laws::loops::index_by_is_index_v_of_fork::<ReverseDelta, f64, _, f64>;
/// assert!(law(xs, i, &At::point((2.0, vec![1.0, 3.0]))));
/// ```
pub fn index_by_is_index_v_of_fork<K, S, E, A>(
    xs: Hom<K, E, Vec<A>>,
    i: Hom<K, E, usize>,
    at: &At<E, A>,
) -> bool
where
    K: VecCat + Observe<S>,
    S: Scalar,
    E: Space<S>,
    A: Space<S>,
{
    let composite = K::compose(K::index_v(), K::fork(xs.clone(), i.clone()));
    same_at::<K, S, _, _>(&K::index_by(xs, i), &composite, at)
}

/// `iterate f (e, (s, m + n)) = iterate f (e, (iterate f (e, (s, m)), n))`: `m + n` iterations
/// are `n` after `m`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let f = Forward::compose(Forward::mul_c(), Forward::fork(Forward::exl(), Forward::compose(Forward::sin_c(), Forward::exr())));
/// let law = catad_laws::loops::iterate_add::<Forward, f64, f64, f64>;
/// assert!(law(f, &At::point((0.5, (1.0, (2, 3))))));
/// ```
pub fn iterate_add<K, S, E, T>(f: Hom<K, (E, T), T>, at: &At<(E, (T, (usize, usize))), T>) -> bool
where
    K: Loops + IndexCat + Observe<S>,
    S: Scalar,
    E: Space<S>,
    T: Space<S>,
{
    let counts = || K::compose(K::exr(), K::exr::<E, (T, (usize, usize))>());
    let state = || K::compose(K::exl(), K::exr::<E, (T, (usize, usize))>());
    let at_once = K::compose(
        K::iterate(f.clone()),
        K::fork(
            K::exl(),
            K::fork(state(), K::compose(K::add_ix(), counts())),
        ),
    );
    let first = K::compose(
        K::iterate(f.clone()),
        K::fork(K::exl(), K::fork(state(), K::compose(K::exl(), counts()))),
    );
    let in_turn = K::compose(
        K::iterate(f),
        K::fork(K::exl(), K::fork(first, K::compose(K::exr(), counts()))),
    );
    same_at::<K, S, _, _>(&at_once, &in_turn, at)
}
