//! [`Term`]: a program as data, typed by its domain and codomain.

use super::derive::{forward, reverse};
use super::eval::Runner;
use super::graph::Graph;
use super::split::split;
use super::tape::Tapes;
use crate::space::{Additive, Space};
use nalgebra::DMatrix;
use std::any::type_name;
use std::cell::{OnceCell, RefCell};
use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

/// A program from `A` to `B` as a [`Graph`] over the coordinates of `A` and `B`: a morphism of the
/// syntax category [`Syn`](super::Syn).
///
/// A term is run and differentiated by catad's own non-generic code: [`apply`](Term::apply),
/// [`jvp`](Term::jvp), [`vjp`](Term::vjp), [`gradient`](Term::gradient),
/// [`jacobian`](Term::jacobian), [`hvp`](Term::hvp) and [`hessian`](Term::hessian) evaluate the
/// graph or its derivative graph, each derivative made once and kept. [`forward`](Term::forward), [`reverse`](Term::reverse) and
/// [`gradient_term`](Term::gradient_term) give the derivatives as terms, which can be composed,
/// run and differentiated again.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
///
/// // magSqr (a, b) = a·a + b·b (paper §5), written once for every category.
/// fn mag_sqr<K: Cartesian + NumCat<f64>>() -> Hom<K, (f64, f64), f64> {
///     let sqr = || K::compose(K::mul_c(), K::dup());
///     K::compose(K::add_c(), K::cross(sqr(), sqr()))
/// }
///
/// let t = mag_sqr::<Syn>();
/// assert_eq!(t.apply((3.0, 4.0)), 25.0);
/// assert_eq!(t.gradient((3.0, 4.0)), (6.0, 8.0));
/// assert_eq!(t.jvp((3.0, 4.0), (1.0, 0.0)), (25.0, 6.0));
/// // The Hessian: the Jacobian of the gradient, itself a term.
/// let h = t.gradient_term().jacobian((3.0, 4.0));
/// assert_eq!(h, nalgebra::DMatrix::from_row_slice(2, 2, &[2.0, 0.0, 0.0, 2.0]));
/// ```
pub struct Term<A, B> {
    inner: Rc<Inner>,
    types: PhantomData<fn(A) -> B>,
}

/// A term's graph as built, and what is made of it once asked: the graph without dead nodes and
/// its derivative graphs, each ready to run.
#[derive(Default)]
struct Inner {
    built: Graph,
    live: OnceCell<Program>,
    forward: OnceCell<Program>,
    reverse: OnceCell<Program>,
    two_pass: OnceCell<TwoPass>,
    hvp: OnceCell<Program>,
}

/// The reverse derivative in two passes (see [`split`]), each compiled: `forward` from `a` to
/// `f a ++ r`, `backward` from `a ++ db ++ r` to `f′(a)ᵀ · db`.
pub(crate) struct TwoPass {
    forward: Program,
    backward: Program,
    values: usize,
    /// The tapes of [`Term`]'s own runs.
    tapes: RefCell<Tapes>,
}

/// What the forward pass keeps for the backward: the point, the residuals and the tapes.
pub(crate) struct Kept {
    point: Vec<f64>,
    residuals: Vec<f64>,
    tapes: Tapes,
}

impl TwoPass {
    fn new(reverse: &Graph, values: usize) -> TwoPass {
        let inputs = reverse.inputs() - values;
        let passes = split(reverse, inputs, values);
        TwoPass {
            forward: Program::new(passes.forward),
            backward: Program::new(passes.backward),
            values,
            tapes: RefCell::default(),
        }
    }

    /// The forward pass at the components `point`, kept for [`backward`](TwoPass::backward),
    /// its loops recorded in `tapes` (whose buffers are reused): the value's components and what
    /// is kept.
    pub(crate) fn record(&self, point: Vec<f64>, mut tapes: Tapes) -> (Vec<f64>, Kept) {
        let (value, residuals) = self.forward.runner.run_taped(&point, &mut tapes, |out| {
            let (value, residuals) = out.split_at(self.values);
            (value.to_vec(), residuals.to_vec())
        });
        let kept = Kept {
            point,
            residuals,
            tapes,
        };
        (value, kept)
    }

    /// The backward pass at the cotangent's components `bar`, from what its forward pass kept:
    /// `read` of the cotangent's components.
    pub(crate) fn backward<T>(
        &self,
        kept: &mut Kept,
        bar: &[f64],
        read: impl FnOnce(&[f64]) -> T,
    ) -> T {
        let inputs = [&kept.point[..], bar, &kept.residuals].concat();
        self.backward
            .runner
            .run_taped(&inputs, &mut kept.tapes, read)
    }
}

/// A graph ready to run: compiled, with the slots its runs reuse.
struct Program {
    graph: Graph,
    runner: Runner,
}

impl Program {
    fn new(graph: Graph) -> Program {
        Program {
            runner: Runner::new(&graph),
            graph,
        }
    }

    /// `f` of the outputs at the coordinates `inputs`.
    fn run<T>(&self, inputs: &[f64], f: impl FnOnce(&[f64]) -> T) -> T {
        self.runner.run(inputs, f)
    }

    /// A derivative's columns: at `point` followed by each of `seeds` in turn, `read` of the
    /// outputs.
    fn sweep<T>(
        &self,
        point: &[f64],
        seeds: Vec<Vec<f64>>,
        mut read: impl FnMut(&[f64]) -> T,
    ) -> Vec<T> {
        let mut inputs = point.to_vec();
        seeds
            .into_iter()
            .map(|seed| {
                inputs.truncate(point.len());
                inputs.extend(seed);
                self.run(&inputs, &mut read)
            })
            .collect()
    }
}

/// The components of each unit vector of `T`'s coordinates: the tangents a derivative's matrix is
/// swept with (an index's tangent is 0).
fn unit_components<T: Space<f64>>() -> Vec<Vec<f64>> {
    T::zero().basis().iter().map(components).collect()
}

/// The coordinates of the `T` whose components are `xs`.
fn coords_of<T: Space<f64>>(xs: &[f64]) -> Vec<f64> {
    from_components::<T>(xs).coords()
}

/// The `T` whose components are `xs`.
pub(crate) fn from_components<T: Space<f64>>(xs: &[f64]) -> T {
    T::zero().read_components(&mut xs.iter().copied())
}

/// The components of `x`: what a term reads of it (see [`Space::push_components`]).
pub(crate) fn components<T: Space<f64>>(x: &T) -> Vec<f64> {
    let mut out = Vec::with_capacity(dim::<T>());
    x.push_components(&mut out);
    out
}

impl<A, B> Clone for Term<A, B> {
    fn clone(&self) -> Self {
        Term {
            inner: Rc::clone(&self.inner),
            types: PhantomData,
        }
    }
}

impl<A, B> fmt::Debug for Term<A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Term<{}, {}> ", type_name::<A>(), type_name::<B>())?;
        self.graph().fmt(f)
    }
}

/// The number of components of `T` (its coordinates and indices, see
/// [`Space::push_components`]), which a term's object must fix.
///
/// # Panics
///
/// If `T`'s type does not fix it (a run-time-length vector), naming `T`.
pub(crate) fn dim<T: Additive>() -> usize {
    T::COMPONENTS.unwrap_or_else(|| {
        panic!(
            "catad::term: {} has no fixed dimension; a term's objects are those whose type fixes \
             it (scalars, indices, tuples, arrays and structures of them)",
            type_name::<T>()
        )
    })
}

impl<A, B> Term<A, B> {
    /// The graph as built, to extend: taken if this is the term's only handle, else copied.
    pub(crate) fn into_built(self) -> Graph {
        match Rc::try_unwrap(self.inner) {
            Ok(inner) => inner.built,
            Err(shared) => shared.built.clone(),
        }
    }

    /// The graph as built (nodes no output reads included).
    pub(crate) fn built(&self) -> &Graph {
        &self.inner.built
    }

    /// The graph the term computes: the nodes its outputs depend on.
    pub fn graph(&self) -> &Graph {
        &self.live().graph
    }

    fn live(&self) -> &Program {
        self.inner
            .live
            .get_or_init(|| Program::new(self.inner.built.pruned()))
    }

    fn forward_graph(&self) -> &Program {
        self.inner
            .forward
            .get_or_init(|| Program::new(forward(&self.live().graph)))
    }

    fn reverse_graph(&self) -> &Program {
        self.inner
            .reverse
            .get_or_init(|| Program::new(reverse(&self.live().graph)))
    }

    /// The reverse derivative in two passes.
    pub(crate) fn two_pass(&self) -> &TwoPass {
        self.inner.two_pass.get_or_init(|| {
            let values = self.live().graph.outputs().len();
            TwoPass::new(&self.reverse_graph().graph, values)
        })
    }

    /// The gradient's graph, for a term with one output: the reverse derivative with the
    /// cotangent 1.
    fn gradient_graph(&self) -> Graph {
        let reverse = &self.reverse_graph().graph;
        let mut g = Graph::new(reverse.inputs() - 1);
        let mut inputs = g.input_wires();
        inputs.push(g.constant(1.0));
        let outputs = g.append(reverse, &inputs);
        g.with_outputs(outputs[1..].to_vec()).pruned()
    }

    /// The forward derivative of the gradient: `(a, v) ↦ (∇f a, ∇²f(a) · v)`.
    fn hvp_graph(&self) -> &Program {
        self.inner
            .hvp
            .get_or_init(|| Program::new(forward(&self.gradient_graph())))
    }
}

impl<A: Additive, B: Additive> Term<A, B> {
    /// The term of `graph`, which must read `A`'s coordinates and compute `B`'s.
    pub(crate) fn new(graph: Graph) -> Self {
        let (a, b) = (dim::<A>(), dim::<B>());
        assert!(
            graph.inputs() == a && graph.outputs().len() == b,
            "catad::term: a graph from {} to {} coordinates is no term from {} ({a}) to {} ({b})",
            graph.inputs(),
            graph.outputs().len(),
            type_name::<A>(),
            type_name::<B>(),
        );
        Term {
            inner: Rc::new(Inner {
                built: graph,
                ..Inner::default()
            }),
            types: PhantomData,
        }
    }

    /// The forward derivative as a term: `(a, da) ↦ (f a, f′(a) · da)`.
    pub fn forward(&self) -> Term<(A, A), (B, B)> {
        Term::new(self.forward_graph().graph.clone())
    }

    /// The reverse derivative as a term: `(a, db) ↦ (f a, f′(a)ᵀ · db)`.
    pub fn reverse(&self) -> Term<(A, B), (B, A)> {
        Term::new(self.reverse_graph().graph.clone())
    }
}

/// A term reads and makes values by their components, so that indices (`usize`s) flow through it
/// as scalars; derivatives' matrices are over coordinates only, as every mode's.
impl<A: Space<f64>, B: Space<f64>> Term<A, B> {
    /// The value at `a`.
    pub fn apply(&self, a: A) -> B {
        self.live().run(&components(&a), from_components)
    }

    /// The value at `a` and the derivative there applied to `da`, from the forward derivative.
    pub fn jvp(&self, a: A, da: A) -> (B, B) {
        let mut inputs = components(&a);
        da.push_components(&mut inputs);
        let m = dim::<B>();
        self.forward_graph().run(&inputs, |out| {
            (from_components(&out[..m]), from_components(&out[m..]))
        })
    }

    /// The value at `a` and the transposed derivative there applied to `db`, from the reverse
    /// derivative.
    pub fn vjp(&self, a: A, db: B) -> (B, A) {
        let passes = self.two_pass();
        let (value, mut kept) = passes.record(components(&a), passes.tapes.take());
        let da = passes.backward(&mut kept, &components(&db), from_components);
        passes.tapes.replace(kept.tapes);
        (from_components(&value), da)
    }

    /// The Jacobian at `a`, `dim B × dim A`: a row per output coordinate from the reverse
    /// derivative where there are fewer outputs than inputs, else a column per input coordinate
    /// from the forward derivative.
    pub fn jacobian(&self, a: A) -> DMatrix<f64> {
        self.value_and_jacobian(a).1
    }

    /// The value at `a` and the [`jacobian`](Term::jacobian) there. Where the Jacobian is taken
    /// by rows, the value is the reverse derivative's forward pass's, which the rows need anyway,
    /// so that a caller wanting both runs the program once, not twice.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::term::Syn;
    ///
    /// // (x, y) ↦ (x·y, x + y): two outputs of two inputs, a column per input.
    /// fn both<K: Cartesian + NumCat<f64>>() -> Hom<K, (f64, f64), (f64, f64)> {
    ///     K::fork(K::mul_c(), K::add_c())
    /// }
    /// // (x, y) ↦ x·y: one output of two, a row.
    /// let (value, j) = Syn::compose(Syn::exl(), both::<Syn>()).value_and_jacobian((3.0, 4.0));
    /// assert_eq!((value, j), (12.0, nalgebra::DMatrix::from_row_slice(1, 2, &[4.0, 3.0])));
    /// let (value, j) = both::<Syn>().value_and_jacobian((3.0, 4.0));
    /// assert_eq!(value, (12.0, 7.0));
    /// assert_eq!(j, nalgebra::DMatrix::from_row_slice(2, 2, &[4.0, 3.0, 1.0, 1.0]));
    /// ```
    pub fn value_and_jacobian(&self, a: A) -> (B, DMatrix<f64>) {
        let (n, m) = (a.dim(), B::zero().dim());
        let point = components(&a);
        if m < n {
            let passes = self.two_pass();
            let (value, mut kept) = passes.record(point, passes.tapes.take());
            let rows: Vec<Vec<f64>> = unit_components::<B>()
                .iter()
                .map(|bar| passes.backward(&mut kept, bar, coords_of::<A>))
                .collect();
            passes.tapes.replace(kept.tapes);
            let j = DMatrix::from_fn(m, n, |i, j| rows[i][j]);
            (from_components(&value), j)
        } else {
            // Each column's run computes the value too: it is read from the first.
            let (b, mut value) = (dim::<B>(), None);
            let columns = self
                .forward_graph()
                .sweep(&point, unit_components::<A>(), |out| {
                    value.get_or_insert_with(|| from_components(&out[..b]));
                    coords_of::<B>(&out[b..])
                });
            let value = value.unwrap_or_else(|| self.live().run(&point, from_components));
            (value, DMatrix::from_fn(m, n, |i, j| columns[j][i]))
        }
    }
}

impl<A: Space<f64>> Term<A, f64> {
    /// The value and the gradient at `a`, in `A`'s own type.
    pub fn value_and_gradient(&self, a: A) -> (f64, A) {
        self.vjp(a, 1.0)
    }

    /// The gradient at `a`, in `A`'s own type.
    pub fn gradient(&self, a: A) -> A {
        self.vjp(a, 1.0).1
    }

    /// The gradient as a term `A → A`: the reverse derivative with the cotangent 1, which can be
    /// differentiated again (its Jacobian is the Hessian).
    pub fn gradient_term(&self) -> Term<A, A> {
        Term::new(self.gradient_graph())
    }

    /// The gradient at `a` and the Hessian there applied to `v`, forward over reverse: the
    /// forward derivative of the gradient's term, made once and kept.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::term::Syn;
    /// // f (x, y) = x² y: ∇f = (2xy, x²), ∇²f = [[2y, 2x], [2x, 0]].
    /// let f = Syn::compose(Syn::mul_c(), Syn::cross(Syn::compose(Syn::mul_c(), Syn::dup()), Syn::id()));
    /// assert_eq!(f.hvp((3.0, 2.0), (1.0, 0.0)), ((12.0, 9.0), (4.0, 6.0)));
    /// ```
    pub fn hvp(&self, a: A, v: A) -> (A, A) {
        let mut inputs = components(&a);
        v.push_components(&mut inputs);
        let n = dim::<A>();
        self.hvp_graph().run(&inputs, |out| {
            (from_components(&out[..n]), from_components(&out[n..]))
        })
    }

    /// The Hessian at `a`, `dim A × dim A`: a column per coordinate of `A` from
    /// [`hvp`](Term::hvp)'s graph.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::term::Syn;
    /// let sin_of_product = Syn::compose(Syn::sin_c(), Syn::mul_c());
    /// let (x, y) = (0.5_f64, 2.0_f64);
    /// let h = sin_of_product.hessian((x, y));
    /// let s = (x * y).sin();
    /// assert!((h[(0, 0)] + y * y * s).abs() < 1e-15);
    /// assert!((h[(0, 1)] - ((x * y).cos() - x * y * s)).abs() < 1e-15);
    /// assert_eq!(h[(0, 1)], h[(1, 0)]);
    /// ```
    pub fn hessian(&self, a: A) -> DMatrix<f64> {
        let n = a.dim();
        let n_components = dim::<A>();
        let columns = self
            .hvp_graph()
            .sweep(&components(&a), unit_components::<A>(), |out| {
                coords_of::<A>(&out[n_components..])
            });
        DMatrix::from_fn(n, n, |i, j| columns[j][i])
    }
}
