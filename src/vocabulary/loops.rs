use super::{Cartesian, Category, Hom, Pred};
use crate::space::{Additive, Scalar};

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

/// Programs over run-time-length vectors `Vec<A>`: the operations that read a vector's length
/// from the vector itself, so that one program serves every length.
///
/// Implemented by the categories that see their input (`Fun`, `D<K>`). Vectors that combine
/// elementwise must have one length: another length is an error naming both.
///
/// # Laws
///
/// - `map_v f (e, xs)[i] = f (e, xs[i])` and `len (map_v f (e, xs)) = len xs`;
/// - `zip_v (xs, ys)[i] = (xs[i], ys[i])`;
/// - `sum_v xs = Σᵢ xs[i]`, `index_v (xs, i) = xs[i]`, `len_v xs = len xs`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// // Σᵢ e · xᵢ² for any length.
/// let body = Fun::compose(
///     Fun::mul_c(),
///     Fun::cross(Fun::id(), Fun::compose(Fun::mul_c(), Fun::dup())),
/// );
/// let f = Fun::compose(Fun::sum_v(), Fun::map_v(body));
/// assert_eq!(f.apply((2.0, vec![1.0, 2.0, 3.0])), 28.0);
/// assert_eq!(f.apply((2.0, vec![])), 0.0);
/// ```
pub trait VecCat: Cartesian {
    /// `map_v f (e, xs) = [f (e, x) | x ← xs]`.
    fn map_v<E: Additive, A: Additive, B: Additive>(
        f: Hom<Self, (E, A), B>,
    ) -> Hom<Self, (E, Vec<A>), Vec<B>>;

    /// `zip_v (xs, ys) = [(x, y) | (x, y) ← xs ⊗ ys]`; the lengths must agree.
    fn zip_v<A: Additive, B: Additive>() -> Hom<Self, (Vec<A>, Vec<B>), Vec<(A, B)>>;

    /// `sum_v xs = Σᵢ xs[i]`.
    fn sum_v<A: Additive>() -> Hom<Self, Vec<A>, A>;

    /// `index_v (xs, i) = xs[i]`; an index past the end is an error naming it and the length.
    fn index_v<A: Additive>() -> Hom<Self, (Vec<A>, usize), A>;

    /// `len_v xs`, the length.
    fn len_v<A: Additive>() -> Hom<Self, Vec<A>, usize>;
}

/// Arithmetic on indices and counts (`usize`), which carry no derivative, and their conversion to
/// scalars (`i as f64`, whose derivative is zero).
///
/// # Laws
///
/// `add_ix`, `sub_ix`, `mul_ix`, `div_ix`, `rem_ix` are `usize`'s `+ - * / %` (`sub_ix` and `div_ix`
/// are errors where `usize`'s are: below zero, by zero); `const_ix n` is constantly `n`;
/// `ix_to_scalar i = i as S`.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// // i·(i − 1)/2, the start of row i of a packed triangle.
/// let f = Fun::compose(
///     Fun::div_ix(),
///     Fun::fork(
///         Fun::compose(Fun::mul_ix(), Fun::fork(Fun::id(), Fun::compose(Fun::sub_ix(), Fun::fork(Fun::id(), Fun::const_ix(1))))),
///         Fun::const_ix(2),
///     ),
/// );
/// assert_eq!(f.apply(5_usize), 10);
/// ```
pub trait IndexCat: Cartesian {
    /// `n`, whatever the input.
    fn const_ix<A: Additive>(n: usize) -> Hom<Self, A, usize>;
    /// `i + j`.
    fn add_ix() -> Hom<Self, (usize, usize), usize>;
    /// `i − j`.
    fn sub_ix() -> Hom<Self, (usize, usize), usize>;
    /// `i · j`.
    fn mul_ix() -> Hom<Self, (usize, usize), usize>;
    /// `i / j`, rounded down.
    fn div_ix() -> Hom<Self, (usize, usize), usize>;
    /// `i % j`.
    fn rem_ix() -> Hom<Self, (usize, usize), usize>;
    /// `i as S`.
    fn ix_to_scalar<S: Scalar>() -> Hom<Self, usize, S>;
}

/// Constants of any object: data a program holds (a vector of samples, a table), with zero
/// derivative.
///
/// # Laws
///
/// - `constant a ∘ f = constant a`;
/// - in a derivative category, the derivative of `constant a` is zero.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// let table = Fun::constant::<f64, Vec<f64>>(vec![1.0, 2.0]);
/// assert_eq!(table.apply(7.0), vec![1.0, 2.0]);
/// ```
pub trait ConstantCat: Category {
    /// The morphism that is constantly `a`.
    fn constant<E: Additive, A: Additive>(a: A) -> Hom<Self, E, A>;
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
