//! Programs nested deeper than a thread's stack: a chain of composed steps, or of composed
//! projections, is applied, differentiated, staged and dropped by recursion into its composites,
//! as deep as it is long.

use catad::prelude::*;
use catad::staged::{Sym, compile};

/// The step's constant: small, so that neither the values nor the derivative vanish or blow up
/// over many steps.
const C: f64 = 1e-4;

/// `x ↦ x + C·sin x`, composed `n` times, each step composed onto the chain so far: composites
/// nested `n` deep.
fn chain<K: Cartesian + FloatingCat<S>, S: Scalar>(n: usize) -> Hom<K, S, S> {
    let step = || {
        K::compose(
            K::add_c(),
            K::fork(
                K::id(),
                K::compose(K::mul_c(), K::fork(K::const_c(S::from_f64(C)), K::sin_c())),
            ),
        )
    };
    (1..n).fold(step(), |acc, _| K::compose(step(), acc))
}

/// The chain's value and derivative by a plain loop.
fn by_hand(n: usize, mut x: f64) -> (f64, f64) {
    let mut dx = 1.0;
    for _ in 0..n {
        dx *= 1.0 + C * x.cos();
        x += C * x.sin();
    }
    (x, dx)
}

/// Runs `body` on a thread of a 1 MiB stack (the chain's recursion, unoptimised, needs several
/// times that).
fn on_small_stack(body: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(1024 * 1024)
        .spawn(body)
        .expect("a thread")
        .join()
        .expect("the chain runs");
}

/// Agreement with the plain loop: the same operations, the derivative's factors multiplied in
/// another order (reverse mode from the end), each product rounding by at most half an ulp.
fn close(x: f64, y: f64) -> bool {
    (x - y).abs() <= 1e-12 * y.abs()
}

const STEPS: usize = 20_000;

#[test]
fn a_chain_deeper_than_the_stack_runs_in_every_mode() {
    on_small_stack(|| {
        let x = 0.5;
        let (value, slope) = by_hand(STEPS, x);
        assert!(close(chain::<Fun, f64>(STEPS).apply(x), value));
        assert!(close(derivative(&chain::<Forward, f64>(STEPS), x), slope));
        assert!(close(gradient(&chain::<Reverse, f64>(STEPS), x), slope));
        assert!(close(
            gradient(&chain::<ReverseDelta, f64>(STEPS), x),
            slope
        ));
        assert!(close(
            gradient(&chain::<ReverseCont<f64>, f64>(STEPS), x),
            slope
        ));
        assert!(close(
            derivative(&chain::<ForwardBegin<f64>, f64>(STEPS), x),
            slope
        ));
    });
}

/// `id` composed `n` times on pairs: a projection whose composites nest `n` deep.
fn ids<K: Cartesian, S: Scalar>(n: usize) -> Hom<K, (S, S), (S, S)> {
    (0..n).fold(K::id(), |acc, _| K::compose(K::id(), acc))
}

/// `sin(x)·y + (x + y)`, each of `x`, `y` and the pair read through [`ids`]: `sin` and the
/// product read their parts of the argument in place (a projection's view), the sum takes the
/// pair by value.
fn reads<K: Cartesian + FloatingCat<S>, S: Scalar>(n: usize) -> Hom<K, (S, S), S> {
    let sin_x = K::compose(K::sin_c(), K::compose(K::exl(), ids::<K, S>(n)));
    let y = K::compose(K::exr(), ids::<K, S>(n));
    let product = K::compose(K::mul_c(), K::fork(sin_x, y));
    let sum = K::compose(K::add_c(), ids::<K, S>(n));
    K::compose(K::add_c(), K::fork(product, sum))
}

#[test]
fn a_projection_deeper_than_the_stack_reads_in_every_mode() {
    on_small_stack(|| {
        let (x, y) = (0.5, 3.0);
        let value = x.sin() * y + (x + y);
        let (dx, dy) = (x.cos() * y + 1.0, x.sin() + 1.0);
        let both = |(a, b): (f64, f64)| close(a, dx) && close(b, dy);
        assert!(close(reads::<Fun, f64>(STEPS).apply((x, y)), value));
        assert!(both(gradient(&reads::<Reverse, f64>(STEPS), (x, y))));
        assert!(both(gradient(
            &reads::<ReverseCont<f64>, f64>(STEPS),
            (x, y)
        )));
        let forward = jacobian(&reads::<Forward, f64>(STEPS), (x, y));
        assert!(both((forward[0], forward[1])));
        let (v, g) = compile(&reads::<Reverse, Sym>(STEPS)).value_and_gradient(&(x, y));
        assert!(close(v, value) && both(g), "{v}, {g:?}");
    });
}

#[test]
fn a_chain_deeper_than_the_stack_is_staged() {
    on_small_stack(|| {
        let compiled = compile(&chain::<Reverse, Sym>(STEPS));
        for x in [0.5, 2.0] {
            let (value, slope) = by_hand(STEPS, x);
            let (v, g) = compiled.value_and_gradient(&x);
            assert!(close(v, value) && close(g, slope), "at {x}: {v}, {g}");
        }
    });
}
