use super::{Cartesian, Hom, Pred, VecCat};
use crate::space::Additive;

/// Loops whose number of iterations is known only at run time (Knossos' `fold`, `nTimes`,
/// `build`): a body written once and run `n` times, `n` read from the data.
///
/// Only categories whose morphisms see their input implement it (`Fun`, and `D<K>` for every
/// representation `K` that folds, see [`FoldI`](super::FoldI)), as with
/// [`Conditional`](super::Conditional). In `D<K>` each iteration's body is linearized at its own
/// point and the derivatives are folded by `K`, so reverse mode through a loop of `n` iterations
/// costs time and memory linear in `n`.
///
/// # Laws
///
/// - `fold f (e, (s, xs)) = foldl (λ s x → f ((e, s), x)) s xs`, and so
///   `fold f (e, (s, xs ++ ys)) = fold f (e, (fold f (e, (s, xs)), ys))`;
/// - `iterate f (e, (s, n)) = fⁿ s` (with `f` applied as `s ↦ f (e, s)`), so
///   `iterate f (e, (s, m + n)) = iterate f (e, (iterate f (e, (s, m)), n))`;
/// - `iterate_while p f (e, s)` applies `f` while `p (e, s)` holds: `iterate_while p f = id` where
///   `p` fails at once;
/// - `build f (e, n)[i] = f (e, i)`, and `len (build f (e, n)) = n`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// // xⁿ by iterating s ↦ s · x, for a run-time n.
/// let times_x = || Fun::compose(Fun::mul_c(), Fun::swap());
/// let power = Fun::compose(
///     Fun::iterate(times_x()),
///     Fun::fork(Fun::exl(), Fun::fork(Fun::const_c(1.0), Fun::exr())),
/// );
/// assert_eq!(power.apply((2.0, 10_usize)), 1024.0);
/// ```
pub trait Loops: Cartesian {
    /// `fold f (e, (s, xs))`: `f` on the environment, the state and each element in turn.
    fn fold<E: Additive, S: Additive, A: Additive>(
        f: Hom<Self, ((E, S), A), S>,
    ) -> Hom<Self, (E, (S, Vec<A>)), S>;

    /// `iterate f (e, (s, n))`: `f` on the environment and the state, `n` times.
    fn iterate<E: Additive, S: Additive>(f: Hom<Self, (E, S), S>) -> Hom<Self, (E, (S, usize)), S>;

    /// `iterate_while p f (e, s)`: `f` on the environment and the state as long as `p` holds of
    /// them. It does not end if `p` never fails.
    fn iterate_while<E: Additive, S: Additive>(
        p: Pred<(E, S)>,
        f: Hom<Self, (E, S), S>,
    ) -> Hom<Self, (E, S), S>;

    /// `build f (e, n) = [f (e, 0), …, f (e, n − 1)]`.
    fn build<E: Additive, B: Additive>(
        f: Hom<Self, (E, usize), B>,
    ) -> Hom<Self, (E, usize), Vec<B>>;
}

/// `sum_build f (e, n) = Σᵢ f (e, i)`: Knossos' `sumbuild`, the sum of a `build`.
///
/// ```
/// use catad::prelude::*;
/// use catad::vocabulary::sum_build;
/// // Σ_{i<n} i²
/// let square = Fun::compose(Fun::mul_c(), Fun::dup());
/// let f = sum_build::<Fun, (), f64>(Fun::compose(square, Fun::compose(Fun::ix_to_scalar(), Fun::exr())));
/// assert_eq!(f.apply(((), 4)), 14.0);
/// ```
pub fn sum_build<K: Loops + VecCat, E: Additive, B: Additive>(
    f: Hom<K, (E, usize), B>,
) -> Hom<K, (E, usize), B> {
    K::compose(K::sum_v(), K::build(f))
}
