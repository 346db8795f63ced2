use super::{CartesianI, CocartesianI};
use crate::space::{Additive, Container};
use crate::vocabulary::{Cartesian, Category, Cocartesian, Hom, zero};

/// Indexed folds: a state threaded through one step per element of a vector, each step also
/// seeing an environment (Knossos' `fold`, paper §15's indexed style: a collection of steps, as
/// `crossI` takes a collection of morphisms).
///
/// `fold_i h fs (e, (s₀, xs)) = sₙ` where `sᵢ₊₁ = fs[i] ((e, sᵢ), xs[i])`.
///
/// This is what the derivative of every loop is: a derivative category linearizes each step at
/// its own point and folds the linear steps in `K`. It runs the steps one after another in a
/// loop, never by nesting `n` compositions (which would recurse `n` deep).
///
/// # Laws
///
/// - `fold_i h fs` equals its unrolling: for `h` of length 1,
///   `fold_i h [f] = f ∘ ((exl △ (exl ∘ exr)) △ (exI[0] ∘ exr ∘ exr))`, and a fold over
///   `n` steps is the fold over the last `n − 1` after the first;
/// - `fold_i h fs` with `h` of length 0 is `exl ∘ exr` (the initial state).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad::vocabulary::FoldI;
/// // s ↦ ((s + x₀)·e + x₁)·e: Horner's scheme as a fold, e the environment.
/// let step = || Fun::compose(
///     Fun::mul_c(),
///     Fun::fork(
///         Fun::compose(Fun::add_c(), Fun::cross(Fun::exr(), Fun::id())),
///         Fun::compose(Fun::exl(), Fun::exl()),
///     ),
/// );
/// let horner = Fun::fold_i(VecLen(2), vec![step(), step()]);
/// assert_eq!(horner.apply((10.0, (1.0, vec![2.0, 3.0]))), ((1.0 + 2.0) * 10.0 + 3.0) * 10.0);
/// ```
pub trait FoldI<H: Container>: Category {
    /// `fold_i h fs`: `fs[i]` on the environment, the state and element `i`, in order.
    fn fold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        fs: H::Of<Hom<Self, ((E, S), A), S>>,
    ) -> Hom<Self, (E, (S, H::Obj<A>)), S>;
}

/// The transposes of indexed folds: a state threaded backwards through the steps, each emitting a
/// contribution to the environment (summed) and one element. In a linear-map category,
/// `unfold_i` of the transposed steps is the transpose of `fold_i`, and the dual category swaps
/// the two, as it swaps `exI` and `inI`.
///
/// `unfold_i h gs sₙ = (Σᵢ eᵢ, (s₀, xs))` where `((eᵢ, sᵢ), xs[i]) = gs[i] sᵢ₊₁`, for `i` from
/// `n − 1` down to 0.
///
/// # Laws
///
/// - in a linear-map category, `unfold_i h (fmap transpose fs) = transpose (fold_i h fs)`;
/// - for `h` of length 0, `unfold_i h gs = 0 △ (id △ 0)`: `s ↦ (0, (s, []))`.
///
/// # Example
///
/// ```
/// use catad::interpretations::AddFun;
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad::vocabulary::{UnfoldI, zero};
/// // The transpose of "add each element to the state": every element receives the final
/// // cotangent, and so does the initial state.
/// let back = || AddFun::fork(AddFun::fork(zero::<AddFun, f64, f64>(), AddFun::id()), AddFun::id());
/// let g = AddFun::unfold_i(VecLen(2), vec![back(), back()]);
/// assert_eq!(g.apply(5.0), (0.0, (5.0, vec![5.0, 5.0])));
/// ```
pub trait UnfoldI<H: Container>: Category {
    /// `unfold_i h gs`: `gs[i]` from the last step to the first.
    fn unfold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        gs: H::Of<Hom<Self, S, ((E, S), A)>>,
    ) -> Hom<Self, S, (E, (S, H::Obj<A>))>;
}

/// `fold_i` by unrolling: the composition of the steps, each fed the environment, the state and its
/// element through projections. The specification of [`FoldI::fold_i`] (and a quadratic one in the
/// reverse representations, whose projections are injections); every instance is checked against
/// it.
///
/// ```
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad::vocabulary::fold_by_unrolling;
/// let add = || Fun::compose(Fun::add_c(), Fun::cross(Fun::exr(), Fun::id()));
/// let f = fold_by_unrolling::<Fun, VecLen, f64, f64, f64>(VecLen(3), vec![add(), add(), add()]);
/// assert_eq!(f.apply((0.0, (1.0, vec![1.0, 2.0, 3.0]))), 7.0);
/// ```
pub fn fold_by_unrolling<K, H, E, S, A>(
    h: H,
    fs: H::Of<Hom<K, ((E, S), A), S>>,
) -> Hom<K, (E, (S, H::Obj<A>)), S>
where
    K: Cartesian + CartesianI<H>,
    H: Container,
    E: Additive,
    S: Additive,
    A: Additive,
{
    let ex = K::ex_i::<A>(h);
    let env = || K::exl::<E, (S, H::Obj<A>)>();
    let xs = || K::compose(K::exr::<S, H::Obj<A>>(), K::exr::<E, (S, H::Obj<A>)>());
    let mut state = K::compose(K::exl::<S, H::Obj<A>>(), K::exr::<E, (S, H::Obj<A>)>());
    for (f, ex) in h.items(&fs).iter().zip(h.items(&ex)) {
        let element = K::compose(ex.clone(), xs());
        state = K::compose(f.clone(), K::fork(K::fork(env(), state), element));
    }
    state
}

/// `unfold_i` by unrolling: the steps from the last to the first, each step's environment
/// contribution and element added (`jam`) to what the earlier steps give. The specification of
/// [`UnfoldI::unfold_i`].
///
/// ```
/// use catad::interpretations::AddFun;
/// use catad::prelude::*;
/// use catad::space::VecLen;
/// use catad::vocabulary::{unfold_by_unrolling, zero};
/// let back = || AddFun::fork(AddFun::fork(zero::<AddFun, f64, f64>(), AddFun::id()), AddFun::id());
/// let g = unfold_by_unrolling::<AddFun, VecLen, f64, f64, f64>(VecLen(2), vec![back(), back()]);
/// assert_eq!(g.apply(5.0), (0.0, (5.0, vec![5.0, 5.0])));
/// ```
pub fn unfold_by_unrolling<K, H, E, S, A>(
    h: H,
    gs: H::Of<Hom<K, S, ((E, S), A)>>,
) -> Hom<K, S, (E, (S, H::Obj<A>))>
where
    K: Cartesian + Cocartesian + CocartesianI<H>,
    H: Container,
    E: Additive,
    S: Additive,
    A: Additive,
{
    let inj = K::in_i::<A>(h);
    // out: the state before the steps still to undo ↦ their contributions and the first state.
    let mut out: Hom<K, S, (E, (S, H::Obj<A>))> = K::fork(
        zero::<K, S, E>(),
        K::fork(K::id(), zero::<K, S, H::Obj<A>>()),
    );
    for (g, inj) in h.items(&gs).iter().zip(h.items(&inj)) {
        let earlier = K::compose(out, K::compose(K::exr(), K::exl::<(E, S), A>()));
        let own = K::fork(
            K::compose(K::exl(), K::exl::<(E, S), A>()),
            K::fork(
                zero::<K, ((E, S), A), S>(),
                K::compose(inj.clone(), K::exr::<(E, S), A>()),
            ),
        );
        out = K::compose(K::jam(), K::compose(K::fork(earlier, own), g.clone()));
    }
    out
}
