//! [`Syn`], the syntax category: its morphisms are [`Term`]s, so a program generic in its
//! category, instantiated at `Syn`, builds its own term (as ConCat's `Syn` and JAX's tracing to
//! a jaxpr do). Each combinator builds a graph from its arguments' graphs.

use super::cond::{Branches, Test};
use super::custom::{Custom, Use};
use super::graph::Graph;
use super::op::{Binary, Ix, Op, Unary, Wire};
use super::term::{Term, dim};
use super::while_loop::While;
use crate::space::{Additive, Scalar, Space};
use crate::vocabulary::{
    Cartesian, Category, Checkpoint, Cocartesian, Conditional, FloatingCat, FractionalCat,
    IndexCat, Loops, MinMaxCat, Monoidal, NumCat, Pred, Primitive, PrimitiveCat, Scalable,
};
use std::any::type_name;
use std::rc::Rc;

/// The syntax category: programs as [`Term`]s over `f64`, built by the vocabulary's own
/// combinators.
///
/// Its objects are those whose type fixes their dimension (scalars, tuples, arrays, structures
/// of them); a morphism into or out of a run-time-length vector panics when it is built, naming
/// the type. Its classes are the products and coproducts, the numeric and elementary functions
/// over `f64` with minima and maxima, scaling, custom primitives, checkpoints (a term keeps
/// every value its derivative needs, so a checkpoint is the program itself), conditionals,
/// `while` and counted loops, indices (`usize`, a wire of its own), the indexed classes over
/// containers of fixed size (`Arr<N>`, `SVec<N>`) and the representations of structures
/// (`HasRep`).
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
/// // cosSinProd (x, y) = (cos z, sin z) where z = x · y (paper §5).
/// fn cos_sin_prod<K: Cartesian + FloatingCat<f64>>() -> Hom<K, (f64, f64), (f64, f64)> {
///     K::compose(K::fork(K::cos_c(), K::sin_c()), K::mul_c())
/// }
/// let t = cos_sin_prod::<Syn>();
/// let x = (0.5, 2.0);
/// assert_eq!(t.apply(x), cos_sin_prod::<Fun>().apply(x));
/// assert!((t.jacobian(x) - jacobian(&cos_sin_prod::<Reverse>(), x)).norm() < 1e-15);
/// // `x · y` is one node, shared by `cos` and `sin`.
/// assert_eq!(t.graph().nodes().len(), 3);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Syn;

/// The term with `inputs` input coordinates and the outputs `outputs` makes in its graph.
pub(super) fn build<A: Additive, B: Additive>(
    outputs: impl FnOnce(&mut Graph) -> Vec<Wire>,
) -> Term<A, B> {
    let mut g = Graph::new(dim::<A>());
    let out = outputs(&mut g);
    Term::new(g.with_outputs(out))
}

/// The scalar operation `op` of the input's coordinates, in order.
fn scalar<A: Additive>(op: impl FnOnce(&mut Graph, &[Wire]) -> Op) -> Term<A, f64> {
    build(|g| {
        let inputs = g.input_wires();
        let op = op(g, &inputs);
        vec![g.push(op)]
    })
}

fn unary(u: Unary) -> Term<f64, f64> {
    scalar(|_, x| Op::Unary(u, x[0]))
}

fn binary(b: Binary) -> Term<(f64, f64), f64> {
    scalar(|_, x| Op::Binary(b, x[0], x[1]))
}

/// `n` zeros.
fn zeros(g: &mut Graph, n: usize) -> Vec<Wire> {
    vec![g.constant(0.0); n]
}

impl Category for Syn {
    type Hom<A: Additive, B: Additive> = Term<A, B>;

    fn id<A: Additive>() -> Term<A, A> {
        Term::new(Graph::identity(dim::<A>()))
    }

    /// `g ∘ f`: `g`'s nodes appended to `f`'s graph, reading `f`'s outputs.
    fn compose<A: Additive, B: Additive, C: Additive>(g: Term<B, C>, f: Term<A, B>) -> Term<A, C> {
        let mut graph = f.into_built();
        let middle = graph.outputs().to_vec();
        let out = graph.append(g.built(), &middle);
        Term::new(graph.with_outputs(out))
    }
}

impl Monoidal for Syn {
    /// `f × g`: `g`'s nodes appended to `f`'s graph, reading new inputs after `f`'s.
    fn cross<A: Additive, B: Additive, C: Additive, D: Additive>(
        f: Term<A, C>,
        g: Term<B, D>,
    ) -> Term<(A, B), (C, D)> {
        let mut graph = f.into_built();
        let mut out = graph.outputs().to_vec();
        let right = graph.add_inputs(g.built().inputs());
        out.extend(graph.append(g.built(), &right));
        Term::new(graph.with_outputs(out))
    }
}

impl Cartesian for Syn {
    fn exl<A: Additive, B: Additive>() -> Term<(A, B), A> {
        build(|g| g.input_wires()[..dim::<A>()].to_vec())
    }
    fn exr<A: Additive, B: Additive>() -> Term<(A, B), B> {
        build(|g| g.input_wires()[dim::<A>()..].to_vec())
    }
    fn dup<A: Additive>() -> Term<A, (A, A)> {
        build(|g| g.input_wires().repeat(2))
    }
    fn it<A: Additive>() -> Term<A, ()> {
        build(|_| vec![])
    }
}

impl Cocartesian for Syn {
    fn inl<A: Additive, B: Additive>() -> Term<A, (A, B)> {
        build(|g| {
            let mut out = g.input_wires();
            out.extend(zeros(g, dim::<B>()));
            out
        })
    }
    fn inr<A: Additive, B: Additive>() -> Term<B, (A, B)> {
        build(|g| {
            let mut out = zeros(g, dim::<A>());
            out.extend(g.input_wires());
            out
        })
    }
    fn jam<A: Additive>() -> Term<(A, A), A> {
        build(|g| {
            let n = dim::<A>();
            (0..n)
                .map(|i| g.add(Wire::In(i as u32), Wire::In((n + i) as u32)))
                .collect()
        })
    }
    fn ini<A: Additive>() -> Term<(), A> {
        build(|g| zeros(g, dim::<A>()))
    }
}

impl NumCat<f64> for Syn {
    fn negate_c() -> Term<f64, f64> {
        unary(Unary::Neg)
    }
    fn add_c() -> Term<(f64, f64), f64> {
        binary(Binary::Add)
    }
    fn mul_c() -> Term<(f64, f64), f64> {
        binary(Binary::Mul)
    }
    fn const_c<A: Additive>(s: f64) -> Term<A, f64> {
        build(|g| vec![g.constant(s)])
    }
    fn sub_c() -> Term<(f64, f64), f64> {
        binary(Binary::Sub)
    }
}

impl FractionalCat<f64> for Syn {
    fn recip_c() -> Term<f64, f64> {
        unary(Unary::Recip)
    }
    fn div_c() -> Term<(f64, f64), f64> {
        binary(Binary::Div)
    }
}

impl FloatingCat<f64> for Syn {
    fn sin_c() -> Term<f64, f64> {
        unary(Unary::Sin)
    }
    fn cos_c() -> Term<f64, f64> {
        unary(Unary::Cos)
    }
    fn exp_c() -> Term<f64, f64> {
        unary(Unary::Exp)
    }
    fn ln_c() -> Term<f64, f64> {
        unary(Unary::Ln)
    }
    fn sqrt_c() -> Term<f64, f64> {
        unary(Unary::Sqrt)
    }
    fn tanh_c() -> Term<f64, f64> {
        unary(Unary::Tanh)
    }
    fn powi_c(n: i32) -> Term<f64, f64> {
        scalar(|_, x| Op::Powi(n, x[0]))
    }
    fn powf_c() -> Term<(f64, f64), f64> {
        binary(Binary::Powf)
    }
    fn sinh_c() -> Term<f64, f64> {
        unary(Unary::Sinh)
    }
    fn cosh_c() -> Term<f64, f64> {
        unary(Unary::Cosh)
    }
    fn log1p_c() -> Term<f64, f64> {
        unary(Unary::Log1p)
    }
    fn expm1_c() -> Term<f64, f64> {
        unary(Unary::Expm1)
    }
    fn erf_c() -> Term<f64, f64> {
        unary(Unary::Erf)
    }
    fn atan2_c() -> Term<(f64, f64), f64> {
        binary(Binary::Atan2)
    }
}

/// `max_v` and `min_v` fold `max` and `min` over the vector's coordinates; their domain,
/// `Vec<f64>`, has no fixed dimension, so building either panics (see [`Syn`]).
impl MinMaxCat<f64> for Syn {
    fn abs_c() -> Term<f64, f64> {
        unary(Unary::Abs)
    }
    fn max_c() -> Term<(f64, f64), f64> {
        binary(Binary::Max)
    }
    fn min_c() -> Term<(f64, f64), f64> {
        binary(Binary::Min)
    }
    fn max_v() -> Term<Vec<f64>, f64> {
        extreme(Binary::Max)
    }
    fn min_v() -> Term<Vec<f64>, f64> {
        extreme(Binary::Min)
    }
}

/// The fold of `op` over the coordinates of a vector.
fn extreme(op: Binary) -> Term<Vec<f64>, f64> {
    build(|g| {
        let xs = g.input_wires();
        let (&first, rest) = xs
            .split_first()
            .expect("catad::term: the extreme of an empty vector is undefined");
        vec![rest.iter().fold(first, |m, &x| g.binary(op, m, x))]
    })
}

impl Scalable<f64> for Syn {
    fn scale(s: f64) -> Term<f64, f64> {
        scalar(|g, x| Op::Binary(Binary::Mul, g.constant(s), x[0]))
    }
}

/// A custom primitive is one node, running the primitive once, whose coordinates are its value's.
impl PrimitiveCat<f64> for Syn {
    fn primitive<A: Space<f64>, B: Space<f64>>(p: Rc<dyn Primitive<A, B>>) -> Term<A, B> {
        let custom = Rc::new(Custom::new(p));
        build(|g| {
            let args = g.input_wires().into();
            g.tuple(Op::Custom(custom, Use::Value, args))
        })
    }
}

impl Checkpoint for Syn {
    fn checkpoint<A: Additive, B: Additive>(f: Term<A, B>) -> Term<A, B> {
        f
    }
}

/// A conditional is a test node and a cond node running the branch it chooses; a predicate
/// made from a closure (`Pred::new`) cannot be tested in a term, and building it panics.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
/// // relu x = if x > 0 { x } else { 0 }
/// let positive = Pred::compare(|x: f64| x, Comparison::Gt, |_| 0.0);
/// let relu = Syn::cond(positive, Syn::id(), Syn::const_c(0.0));
/// assert_eq!((relu.apply(-2.0), relu.apply(3.0)), (0.0, 3.0));
/// assert_eq!((relu.gradient(-2.0), relu.gradient(3.0)), (0.0, 1.0));
/// ```
impl Conditional for Syn {
    fn cond<A: Additive, B: Additive>(
        p: Pred<A>,
        then: Term<A, B>,
        otherwise: Term<A, B>,
    ) -> Term<A, B> {
        let test = test_graph(&p);
        let branches = Rc::new(Branches::new(
            then.graph().clone(),
            otherwise.graph().clone(),
        ));
        build(|g| {
            let inputs = g.input_wires();
            let t = g.append(&test, &inputs)[0];
            g.cond(t, branches, &inputs)
        })
    }
}

/// The test of `p` as a graph of its input's coordinates, one output.
fn test_graph<A: Additive>(p: &Pred<A>) -> Graph {
    let mut g = Graph::new(dim::<A>());
    let t = g.push(Op::Test(Rc::new(Test::new(p)), g.input_wires().into()));
    g.with_outputs(vec![t])
}

/// The loops whose objects terms do not carry yet, by what they lack.
fn not_a_term<T>(loop_: &str) -> ! {
    panic!(
        "catad::term: `{loop_}` is not a term yet: {} is no object of terms (write the loop as \
         `for` over a range, `while`, `iterate` or `iterate_while`)",
        type_name::<T>()
    )
}

/// `iterate_while` is a loop node, holding its test and body as graphs, and `iterate` a loop node
/// of a counter ([`While::counted`]). `fold` and `build` read or make run-time-length vectors, so
/// building either panics, naming the type.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
/// // Halve y while it is above 1, in the environment x: y ↦ y · x while y > 1.
/// let above_one = Pred::compare(|(_, y): (f64, f64)| y, Comparison::Gt, |_| 1.0);
/// let halve = Syn::iterate_while(above_one, Syn::mul_c());
/// assert_eq!(halve.apply((0.5, 5.0)), 0.625);
/// // Three iterations: d/dy = x³, d/dx = 3x²·y.
/// assert_eq!(halve.gradient((0.5, 5.0)), (3.75, 0.125));
/// // y ↦ y · x, n times: d/dx (x³ y) = 3x²y.
/// let power = Syn::iterate(Syn::mul_c());
/// assert_eq!(power.apply((0.5, (5.0, 3))), 0.625);
/// assert_eq!(power.gradient((0.5, (5.0, 3))), (3.75, (0.125, 0)));
/// ```
impl Loops for Syn {
    fn fold<E: Additive, S: Additive, A: Additive>(
        _: Term<((E, S), A), S>,
    ) -> Term<(E, (S, Vec<A>)), S> {
        not_a_term::<Vec<A>>("fold")
    }

    fn iterate<E: Additive, S: Additive>(f: Term<(E, S), S>) -> Term<(E, (S, usize)), S> {
        let (n, m) = (dim::<E>(), dim::<S>());
        let l = Rc::new(While::counted(n, f.graph()));
        build(|g| {
            let x = g.input_wires();
            let (e, s, count) = (&x[..n], &x[n..n + m], x[n + m]);
            let start = g.constant(0.0);
            let args = [e, &[count], s, &[start]].concat();
            let mut out = g.tuple(Op::While(l, args.into()));
            out.pop();
            out
        })
    }

    fn iterate_while<E: Additive, S: Additive>(
        p: Pred<(E, S)>,
        f: Term<(E, S), S>,
    ) -> Term<(E, S), S> {
        let l = Rc::new(While {
            env: dim::<E>(),
            test: test_graph(&p),
            body: f.graph().clone(),
        });
        build(|g| {
            let args = g.input_wires().into();
            g.tuple(Op::While(l, args))
        })
    }

    fn build<E: Additive, B: Additive>(_: Term<(E, usize), B>) -> Term<(E, usize), Vec<B>> {
        not_a_term::<Vec<B>>("build")
    }
}

/// An index is a wire like a scalar's, carrying an integral `f64`; its operations are nodes whose
/// derivative is zero, and `ix_to_scalar` reads it as a scalar whose derivative is zero.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
/// // x · i for the index i: its gradient in x is i, in i none (the index's zero).
/// let times = Syn::compose(Syn::mul_c(), Syn::cross(Syn::id(), Syn::ix_to_scalar::<f64>()));
/// assert_eq!(times.apply((1.5, 4)), 6.0);
/// assert_eq!(times.gradient((1.5, 4)), (4.0, 0));
/// ```
impl IndexCat for Syn {
    fn const_ix<A: Additive>(n: usize) -> Term<A, usize> {
        build(|g| vec![g.constant(n as f64)])
    }
    fn add_ix() -> Term<(usize, usize), usize> {
        index(Ix::Add)
    }
    fn sub_ix() -> Term<(usize, usize), usize> {
        index(Ix::Sub)
    }
    fn mul_ix() -> Term<(usize, usize), usize> {
        index(Ix::Mul)
    }
    fn div_ix() -> Term<(usize, usize), usize> {
        index(Ix::Div)
    }
    fn rem_ix() -> Term<(usize, usize), usize> {
        index(Ix::Rem)
    }
    fn ix_to_scalar<S: Scalar>() -> Term<usize, S> {
        build(|g| vec![g.unary(Unary::Detach, Wire::In(0))])
    }
}

/// The index operation `op` of a pair of indices.
fn index(op: Ix) -> Term<(usize, usize), usize> {
    build(|g| vec![g.push(Op::Index(op, Wire::In(0), Wire::In(1)))])
}
