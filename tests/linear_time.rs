//! Reverse mode through a loop costs time and memory linear in the number of iterations.
//!
//! Counted, not timed: a counting global allocator records the allocations and bytes a gradient
//! makes, which are deterministic (timings on a shared machine are not). A fold of 10⁵ iterations
//! must allocate about ten times what a fold of 10⁴ does — never a hundred times — in each
//! reverse mode (and a maximum that 10⁴ elements share, ten times what one 10³ share; and a loop
//! reading each of 10⁵ elements by index, as a function and in `ReverseDelta`, ten times what one
//! over 10⁴ does), and so must one Jacobian-vector product in `ForwardBegin` (its beginnings, like
//! `ReverseCont`'s continuations, are shared: over functions both would be exponential). The one test of this binary runs alone, so nothing else allocates meanwhile; run
//! it with `--nocapture` to see the counts and the wall-clock times. It also checks that a
//! staged gradient (`catad::staged`) evaluates without allocating at all.

use catad::interpretations::{AddFun, Begin, Cont, D, Delta, Dual, Representation};
use catad::prelude::*;
use catad::staged::{Sym, compile};
use catad::vocabulary::LinearMap;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The system allocator, counting allocations and bytes.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
static BYTES: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the counters only observe.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's layout is passed on as given.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// `(e, xs) ↦ fold (λ ((e, s), x) → s · e + sin x) (e, (1, xs))`: a recurrence through every
/// element, so the gradient with respect to `e` and every `xᵢ` needs the whole loop reversed.
fn recurrence<K: Program<S>, S: Scalar>() -> Hom<K, (S, Vec<S>), S> {
    let s = || K::compose(K::exr(), K::exl());
    let e = || K::compose(K::exl(), K::exl());
    let step = K::compose(
        K::add_c(),
        K::fork(
            K::compose(K::mul_c(), K::fork(s(), e())),
            K::compose(K::sin_c(), K::exr()),
        ),
    );
    K::compose(
        K::fold(step),
        K::cross(K::id(), K::fork(K::const_c(S::from_f64(1.0)), K::id())),
    )
}

/// The recurrence's point at `n` elements.
fn point(n: usize) -> (f64, Vec<f64>) {
    (0.999, (0..n).map(|i| (i % 13) as f64 * 0.01).collect())
}

/// One gradient at `n` elements.
fn one_gradient<K: Representation<f64> + LinearMap<f64>>(n: usize) {
    let (de, dxs) = gradient(&recurrence::<D<K>, f64>(), point(n));
    assert!(de.is_finite() && dxs.len() == n);
}

/// One Jacobian-vector product at `n` elements, along `e` (a forward mode's gradient takes one
/// per element, so it is quadratic in `n` by design; one product is what must be linear).
fn one_jvp<K: Representation<f64> + LinearMap<f64>>(n: usize) {
    let (y, dy) = jvp(&recurrence::<D<K>, f64>(), point(n), (1.0, vec![0.0; n]));
    assert!(y.is_finite() && dy.is_finite());
}

/// The allocations and bytes of `run(n)`, and its time.
fn measure(n: usize, run: fn(usize)) -> (usize, usize, f64) {
    let (a0, b0) = (
        ALLOCATIONS.load(Ordering::Relaxed),
        BYTES.load(Ordering::Relaxed),
    );
    let start = Instant::now();
    run(n);
    let seconds = start.elapsed().as_secs_f64();
    let (a1, b1) = (
        ALLOCATIONS.load(Ordering::Relaxed),
        BYTES.load(Ordering::Relaxed),
    );
    (a1 - a0, b1 - b0, seconds)
}

/// `Σᵢ xs[i]²` by a loop over the indices, reading the vector element by element as programs
/// written with indices do.
#[catad::program]
fn sum_of_squares<S: Scalar>(xs: Vec<S>) -> S {
    let mut s: S = 0.0;
    for i in 0..xs.len() {
        s = s + xs[i] * xs[i];
    }
    s
}

/// The loop's point at `n` elements.
fn squares_point(n: usize) -> Vec<f64> {
    (0..n).map(|i| (i % 7) as f64).collect()
}

/// The loop run as a plain function.
fn one_indexed_primal(n: usize) {
    let total = sum_of_squares::<Fun, f64>().apply(squares_point(n));
    assert_eq!(total, squares_point(n).iter().map(|x| x * x).sum::<f64>());
}

/// The loop's gradient in `ReverseDelta`, where reading an element costs O(1) in the reverse
/// pass.
fn one_indexed_gradient(n: usize) {
    let g = gradient(&sum_of_squares::<ReverseDelta, f64>(), squares_point(n));
    assert!(g.iter().zip(squares_point(n)).all(|(g, x)| *g == 2.0 * x));
}

/// The loop's Jacobian-vector product in `Forward` along `xs` itself: each step's derivative reads
/// one element of the environment's tangent, which the loop lends it.
fn one_indexed_jvp(n: usize) {
    let xs = squares_point(n);
    let (_, dy) = jvp(&sum_of_squares::<Forward, f64>(), xs.clone(), xs.clone());
    assert_eq!(dy, xs.iter().map(|x| 2.0 * x * x).sum::<f64>());
}

/// One gradient of the largest element of a constant vector of `n` elements: every element ties,
/// and each gets an `n`-th of the derivative.
fn one_tied_maximum<K: Representation<f64> + LinearMap<f64>>(n: usize) {
    let g = gradient(&D::<K>::max_v(), vec![1.0; n]);
    let share = 1.0 / n as f64;
    assert!(g.len() == n && g.iter().all(|&gi| gi == share));
}

/// Checks one mode: the counts of `run` at `10 · small` are at most 12 times those at `small`.
fn linear_in(mode: &str, small: usize, run: fn(usize)) {
    let large = 10 * small;
    let (a_small, b_small, t_small) = measure(small, run);
    let (a_large, b_large, t_large) = measure(large, run);
    println!(
        "{mode:<14} n = {small}: {a_small} allocations, {b_small} bytes, {t_small:.3} s; \
         n = {large}: {a_large} allocations, {b_large} bytes, {t_large:.3} s"
    );
    assert!(
        a_large <= 12 * a_small && b_large <= 12 * b_small,
        "{mode}: ten times the size made {:.1} times the allocations and {:.1} times the bytes",
        a_large as f64 / a_small as f64,
        b_large as f64 / b_small as f64
    );
}

#[test]
fn derivatives_through_a_fold_are_linear_in_time_and_memory() {
    // The gradient is right (against forward mode) before it is counted.
    let at = (0.9, vec![0.1, 0.2, 0.3, 0.4]);
    let expected = gradient(&recurrence::<Forward, f64>(), at.clone());
    for g in [
        gradient(&recurrence::<Reverse, f64>(), at.clone()),
        gradient(&recurrence::<ReverseDelta, f64>(), at.clone()),
        gradient(&recurrence::<ReverseCont<f64>, f64>(), at.clone()),
        gradient(&recurrence::<ForwardBegin<f64>, f64>(), at.clone()),
    ] {
        assert!((g.0 - expected.0).abs() < 1e-12);
        assert!(
            g.1.iter()
                .zip(&expected.1)
                .all(|(a, b)| (a - b).abs() < 1e-12)
        );
    }
    linear_in("Reverse", 10_000, one_gradient::<Dual<AddFun>>);
    linear_in("ReverseDelta", 10_000, one_gradient::<Delta>);
    linear_in(
        "ReverseCont",
        10_000,
        one_gradient::<Cont<Dual<Delta>, f64>>,
    );
    linear_in("ForwardBegin", 10_000, one_jvp::<Begin<Delta, f64>>);
    // A maximum shared by every element: one map for all the ties, not a projection each
    // (which in reverse mode made a vector of n elements per tie).
    linear_in("Reverse ties", 1_000, one_tied_maximum::<Dual<AddFun>>);
    // A loop reading `xs[i]` for every `i`: the vector is read in place, not copied per read
    // (nor is the loop's environment copied per iteration).
    linear_in("Fun xs[i]", 10_000, one_indexed_primal);
    linear_in("Delta xs[i]", 10_000, one_indexed_gradient);
    linear_in("Forward xs[i]", 10_000, one_indexed_jvp);
    staged_evaluation_allocates_nothing();
}

/// A staged gradient, once its tape and workspace are made, evaluates without allocating.
fn staged_evaluation_allocates_nothing() {
    let xs: Vec<f64> = (0..1000).map(|i| (i % 13) as f64 * 0.01).collect();
    let at = (0.999, xs);
    let tape = compile(&recurrence::<Reverse, Sym>()).gradient_tape(&at);
    let (mut workspace, mut out) = (tape.workspace(), vec![0.0; tape.outputs()]);
    let input = at.coords();
    let direct = gradient(&recurrence::<Reverse, f64>(), at.clone());
    tape.eval(&input, &mut workspace, &mut out).unwrap();
    let expected = [
        vec![recurrence::<Fun, f64>().apply(at.clone()), direct.0],
        direct.1,
    ]
    .concat();
    assert!(
        out.iter()
            .zip(&expected)
            .all(|(a, b)| (a - b).abs() <= 1e-12 * b.abs().max(1.0))
    );
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for _ in 0..100 {
        tape.eval(&input, &mut workspace, &mut out).unwrap();
    }
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
    println!(
        "staged         n = 1000: {} operations, {allocations} allocations in 100 evaluations",
        tape.len()
    );
    assert_eq!(allocations, 0, "a staged evaluation allocated");
}
