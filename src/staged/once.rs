//! A loop staged once for all its elements: `D<K>`'s `map_v` over values made of [`Sym`]s
//! records its body once, at the first element, as a [`Tape`] of its own, and runs that tape on
//! families of lanes ([`recorder::family`]) — each operation once for all the elements, one node
//! of the recording, without `D<K>` running the body again — and its derivative is the tape's
//! linearization on those families, given to `K` by its actions ([`LoopLinear::from_actions`]).
//!
//! So the recording holds the body's operations once, whatever the number of elements (the
//! tape runs each as one instruction for all of them). Where the elements take different
//! branches (a comparison, a value read as a number, answered differently by two lanes), the
//! attempt ends and the loop is staged element by element, as where `K` cannot take a map by
//! its actions (`Mat`).

use super::SymCoords;
use super::linearization::Linearization;
use super::recorder;
use super::sym::Sym;
use super::tape::Tape;
use crate::interpretations::{DMap, LoopLinear};
use crate::space::{Additive, accumulate};
use crate::vocabulary::{Hom, LinearFn, linear_fn};
use std::rc::Rc;

/// `map_v f` at `(e, xs)` staged once for all the elements of `xs`: the values and the
/// derivative, or `None` where the loop must be staged element by element (types not made of
/// `Sym`s, elements whose shape their type does not fix, no recording under way, fewer than
/// two elements, a `K` that takes no map by its actions, elements that take different
/// branches).
pub(crate) fn map_once<K: LoopLinear, E: Additive, A: Additive, B: Additive>(
    f: &DMap<K, (E, A), B>,
    e: &E,
    xs: &[A],
) -> Option<(Vec<B>, Hom<K, (E, Vec<A>), Vec<B>>)> {
    let coords = Coords {
        e: E::symbolic()?,
        a: A::symbolic()?,
        b: B::symbolic()?,
    };
    let probe = linear_fn(|_: &()| (), |_: &(), _: &mut ()| ());
    if A::DIM.is_none()
        || xs.len() < 2
        || !recorder::recording()
        || K::from_actions(probe).is_none()
    {
        return None;
    }
    let once = recorder::attempt(|| Once::stage(f, e, xs, coords)).flatten()?;
    let values = once.values();
    let derivative: Rc<dyn LinearFn<(E, Vec<A>), Vec<B>>> = Rc::new(once);
    Some((values, K::from_actions(derivative)?))
}

/// The symbolic coordinates of a loop's environment, element and result.
struct Coords<E, A, B> {
    e: SymCoords<E>,
    a: SymCoords<A>,
    b: SymCoords<B>,
}

impl<E, A, B> Clone for Coords<E, A, B> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E, A, B> Copy for Coords<E, A, B> {}

/// A loop's body run once on the families of its elements' coordinates: the linearization of
/// its tape there, whose values and partial derivatives are families, and the shapes to read
/// its elements in.
struct Once<E, A, B> {
    coords: Coords<E, A, B>,
    at: Linearization<Sym>,
    /// The environment, the first element and its result: the shapes of every element's.
    shapes: (E, A, B),
    /// The number of elements.
    len: usize,
    /// The number of coordinates of the environment.
    env_width: usize,
    /// The number of coordinates of an element's result.
    out_width: usize,
}

impl<E: Additive, A: Additive, B: Additive> Once<E, A, B> {
    /// Records `f`'s body at the first element, then runs its tape on the families of every
    /// element's coordinates; `None` where the tape's guards do not hold for every element.
    fn stage<K: LoopLinear>(
        f: &DMap<K, (E, A), B>,
        e: &E,
        xs: &[A],
        coords: Coords<E, A, B>,
    ) -> Option<Once<E, A, B>> {
        let mut env = Vec::new();
        coords.e.push(e, &mut env);
        let width = A::DIM.expect("an element's shape is its type's");
        let mut elements = Vec::with_capacity(width * xs.len());
        for x in xs {
            coords.a.push(x, &mut elements);
        }
        let first: Vec<f64> = env
            .iter()
            .chain(&elements[..width])
            .map(|s| s.value())
            .collect();
        let ((b, outputs), recording) = recorder::record(&first, recorder::simplifying(), |syms| {
            let (env_syms, a_syms) = syms.split_at(env.len());
            let e = coords.e.read(e, &mut env_syms.iter().copied());
            let a = coords.a.read(&xs[0], &mut a_syms.iter().copied());
            let b = f.linearize((e, a)).0;
            let mut outputs = Vec::new();
            coords.b.push(&b, &mut outputs);
            (b, outputs)
        });
        let tape = Tape::new(recording, first.len(), &outputs);
        let families = (0..width)
            .map(|j| recorder::family(elements.iter().skip(j).step_by(width).copied().collect()));
        let point: Vec<Sym> = env.iter().copied().chain(families).collect();
        let at = tape.linearize(&point).ok()?;
        Some(Once {
            coords,
            at,
            shapes: (e.clone(), xs[0].clone(), b),
            len: xs.len(),
            env_width: env.len(),
            out_width: outputs.len(),
        })
    }

    /// Each element's result.
    fn values(&self) -> Vec<B> {
        self.lanes_of(&self.at.outputs(), &self.shapes.2, self.coords.b)
    }

    /// The `len` values, of `shape`'s shape, whose coordinates are the lanes of `families`.
    fn lanes_of<T>(&self, families: &[Sym], shape: &T, coords: SymCoords<T>) -> Vec<T> {
        (0..self.len)
            .map(|i| coords.read(shape, &mut families.iter().map(|&x| recorder::lane(x, i))))
            .collect()
    }

    /// The `width` families of the coordinates of `xs`, one value of `shape`'s shape for each
    /// element (zeros where `xs` is the empty vector, the zero of every length).
    fn families_of<T>(&self, xs: &[T], shape: &T, coords: SymCoords<T>, width: usize) -> Vec<Sym> {
        if xs.is_empty() {
            return vec![Sym::constant(0.0); width];
        }
        crate::space::check_lengths("a staged loop's tangent", xs.len(), self.len);
        let mut all = Vec::with_capacity(width * self.len);
        for x in xs {
            coords.push_as(x, shape, &mut all);
        }
        (0..width)
            .map(|j| recorder::family(all.iter().skip(j).step_by(width).copied().collect()))
            .collect()
    }
}

/// The loop's derivative: the body's, applied to every element's tangent at once (a forward
/// sweep over families), and its transpose (a reverse sweep), the environment's cotangent the
/// sum of every element's.
impl<E: Additive, A: Additive, B: Additive> LinearFn<(E, Vec<A>), Vec<B>> for Once<E, A, B> {
    fn apply(&self, (de, das): &(E, Vec<A>)) -> Vec<B> {
        let (e, a, b) = &self.shapes;
        let mut tangent = Vec::new();
        self.coords.e.push_as(de, e, &mut tangent);
        let width = A::DIM.expect("an element's shape is its type's");
        tangent.extend(self.families_of(das, a, self.coords.a, width));
        self.lanes_of(&self.at.jvp(&tangent), b, self.coords.b)
    }

    fn transpose_add(&self, dbs: &Vec<B>, acc: &mut (E, Vec<A>)) {
        if dbs.is_empty() {
            return;
        }
        let (e, a, b) = &self.shapes;
        let cotangent = self.families_of(dbs, b, self.coords.b, self.out_width);
        let back = self.at.vjp(&cotangent);
        let (env, elements) = back.split_at(self.env_width);
        let len = Sym::constant(self.len as f64);
        let summed = env.iter().map(|&x| match recorder::width(x) {
            Some(_) => recorder::sum(x),
            None => len * x,
        });
        acc.0
            .plus_assign(&self.coords.e.read(e, &mut summed.into_iter()));
        accumulate(&mut acc.1, self.lanes_of(elements, a, self.coords.a));
    }
}

#[cfg(test)]
mod tests {
    use crate::interpretations::{AddFun, D, DMap, Delta, Dual, Representation};
    use crate::prelude::*;
    use crate::staged::{Sym, compile};
    use crate::vocabulary::LinearMap;
    use std::cell::Cell;
    use std::rc::Rc;

    /// `Σᵢ body(xᵢ)` in `D<K>`, with `body` counting the times it is linearized.
    fn sum_of<K: Representation<Sym>>(
        body: Hom<D<K>, Sym, Sym>,
        calls: &Rc<Cell<usize>>,
    ) -> Hom<D<K>, Vec<Sym>, Sym> {
        let calls = Rc::clone(calls);
        let counted = DMap::new(move |x: Sym| {
            calls.set(calls.get() + 1);
            body.linearize(x)
        });
        let map = D::<K>::map_v(D::<K>::compose(counted, D::<K>::exr()));
        D::<K>::compose(
            D::<K>::sum_v(),
            D::<K>::compose(map, D::<K>::fork(D::<K>::it(), D::<K>::id())),
        )
    }

    /// The gradient of `Σᵢ body(xᵢ)` staged in `D<K>`, and how many times `body` was linearized
    /// while it was staged.
    fn staged_gradient<K: Representation<Sym> + LinearMap<Sym>>(
        body: Hom<D<K>, Sym, Sym>,
        xs: &[f64],
    ) -> (Vec<f64>, usize) {
        let calls = Rc::new(Cell::new(0));
        let f = compile(&sum_of::<K>(body, &calls));
        let tape = f.gradient_tape(&xs.to_vec());
        let staged = calls.get();
        let mut out = vec![0.0; tape.outputs()];
        tape.eval(xs, &mut tape.workspace(), &mut out).unwrap();
        (out[1..].to_vec(), staged)
    }

    #[test]
    fn a_loop_is_staged_by_running_its_body_once() {
        let xs: Vec<f64> = (0..50).map(|i| (i as f64 * 0.37).sin()).collect();
        let expected: Vec<f64> = xs.iter().map(|x| x.exp()).collect();
        let close = |g: &[f64]| {
            g.iter()
                .zip(&expected)
                .all(|(g, e)| (g - e).abs() <= 1e-14 * e)
        };
        let (g, calls) = staged_gradient::<Dual<AddFun>>(Reverse::exp_c(), &xs);
        assert!(close(&g) && calls == 1, "Reverse: {calls} calls, {g:?}");
        let (g, calls) = staged_gradient::<AddFun>(Forward::exp_c(), &xs);
        assert!(close(&g) && calls == 1, "Forward: {calls} calls");
        let (g, calls) = staged_gradient::<Delta>(ReverseDelta::exp_c(), &xs);
        assert!(close(&g) && calls == 1, "ReverseDelta: {calls} calls");
    }

    #[test]
    fn elements_that_branch_apart_are_staged_one_by_one() {
        let mixed = [-1.5, 2.0, -0.25, 3.0];
        let (g, calls) = staged_gradient::<Dual<AddFun>>(Reverse::abs_c(), &mixed);
        assert_eq!(g, [-1.0, 1.0, -1.0, 1.0]);
        assert_eq!(calls, 1 + mixed.len(), "one attempt, then each element");
        let positive = [1.5, 2.0, 0.25, 3.0];
        let (g, calls) = staged_gradient::<Dual<AddFun>>(Reverse::abs_c(), &positive);
        assert_eq!((g, calls), (vec![1.0; 4], 1));
    }

    #[test]
    fn a_tape_staged_once_checks_every_element_branch() {
        let calls = Rc::new(Cell::new(0));
        let f = compile(&sum_of::<Dual<AddFun>>(Reverse::abs_c(), &calls));
        let tape = f.gradient_tape(&vec![1.0, 2.0, 3.0]);
        let mut out = [0.0; 4];
        let mut workspace = tape.workspace();
        assert!(
            tape.eval(&[4.0, 5.0, 6.0], &mut workspace, &mut out)
                .is_ok()
        );
        assert_eq!(out, [15.0, 1.0, 1.0, 1.0]);
        assert!(
            tape.eval(&[4.0, -5.0, 6.0], &mut workspace, &mut out)
                .is_err()
        );
        assert_eq!(f.gradient(&vec![4.0, -5.0, 6.0]), [1.0, -1.0, 1.0]);
    }

    /// `Σᵢ a·exp(xᵢ) + a²`: a loop whose body reads its environment, one of its results the same
    /// for every element.
    #[crate::program]
    fn scaled<S: Scalar>(a: S, x: Vec<S>) -> S {
        x.iter().map(|xi| a * xi.exp() + a * a).sum::<S>()
    }

    #[test]
    fn a_question_asked_of_a_loop_is_recorded_once_and_checked_for_every_element() {
        let calls = Rc::new(Cell::new(0));
        let f = compile(&sum_of::<Dual<AddFun>>(Reverse::abs_c(), &calls));
        let tape = |n: usize| f.gradient_tape(&(1..=n).map(|i| i as f64).collect());
        let (ten, thousand) = (tape(10), tape(1000));
        assert_eq!(ten.recorded() - 10, thousand.recorded() - 1000);
        assert_eq!((ten.guards(), thousand.guards()), (10, 1000));
    }

    #[test]
    fn a_loop_s_recording_is_the_size_of_its_text() {
        let point = |n: usize| (0.7, (0..n).map(|i| (i as f64 * 0.37).sin()).collect());
        // The values recorded for a gradient's tape, its inputs (one node each) aside, and the
        // instructions the tape runs.
        let operations = |tape: crate::staged::Tape, n: usize| {
            assert!(
                tape.len() >= n,
                "{} operations for {n} elements",
                tape.len()
            );
            (tape.recorded() - (n + 1), tape.runs())
        };
        let recorded = |n: usize| {
            let reverse = compile(&scaled::<Reverse, Sym>()).gradient_tape(&point(n));
            let delta = compile(&scaled::<ReverseDelta, Sym>()).gradient_tape(&point(n));
            let cont = compile(&scaled::<ReverseCont<Sym>, Sym>()).gradient_tape(&point(n));
            [reverse, delta, cont].map(|tape| operations(tape, n))
        };
        assert_eq!(recorded(10), recorded(1000));
    }

    #[test]
    fn the_environment_cotangent_sums_every_element_s() {
        let (a, xs) = (0.7, vec![0.1, -0.4, 1.3, 2.0]);
        let point = (a, xs.clone());
        let sum_exp: f64 = xs.iter().map(|x| x.exp()).sum();
        let expected = (
            sum_exp + 2.0 * a * xs.len() as f64,
            xs.iter().map(|x| a * x.exp()),
        );
        for (da, dx) in [
            compile(&scaled::<Reverse, Sym>()).gradient(&point),
            compile(&scaled::<ReverseCont<Sym>, Sym>()).gradient(&point),
            compile(&scaled::<Forward, Sym>()).gradient(&point),
            compile(&scaled::<ForwardBegin<Sym>, Sym>()).gradient(&point),
        ] {
            assert!((da - expected.0).abs() <= 1e-13 * expected.0);
            for (d, e) in dx.iter().zip(expected.1.clone()) {
                assert!((d - e).abs() <= 1e-14 * e.abs());
            }
        }
    }
}
