//! `Delta`, linear maps as data with sharing (Krawiec et al., "Provably correct, asymptotically
//! efficient, higher-order reverse-mode automatic differentiation", §7–§9: delta terms with
//! explicit sharing, evaluated in linear time).
//!
//! A morphism `a ⊸ b` builds, from the tangent of `a`, the tangent of `b`: a node of a DAG of
//! linear operations (scalings, sums, pairs and their parts, vector elements, maps given by their
//! actions). A value used twice is one node with two children, never a copy; the DAG is evaluated
//! once, forward (a Jacobian-vector product) or backward with one accumulator per node (a
//! vector-Jacobian product), each node in turn, so both cost time linear in the DAG's size.
//!
//! With it, [`D<Delta>`](super::D) is reverse mode in which every use of a vector's element adds
//! into that vector's one accumulator: reading `xᵢ` costs O(1) in the reverse pass, where
//! [`Dual<AddFun>`](super::Dual) returns a whole one-hot vector per read.
//!
//! ```
//! use catad::interpretations::{D, Delta};
//! use catad::prelude::*;
//!
//! // magSqr (a, b) = a·a + b·b in reverse mode through the delta DAG.
//! let f = catad::paper::mag_sqr::<D<Delta>, f64>();
//! assert_eq!(vjp(&f, (3.0, 4.0), 1.0), (25.0, (6.0, 8.0)));
//! assert_eq!(jvp(&f, (3.0, 4.0), (1.0, 0.0)), (25.0, 6.0));
//! ```

mod ops;
mod tangent;

pub use tangent::Tan;

use super::LoopLinear;
use crate::space::{Additive, Container, HasRep, Scalar, Space};
use crate::stack;
use crate::vocabulary::{
    Cartesian, CartesianI, Category, Cocartesian, CocartesianI, FoldI, LazyCat, LinearCat,
    LinearFn, LinearMap, Monoidal, MonoidalI, RepCat, Scalable, UnfoldI, ZipI, check_shape,
    linear_fn, mat_vec,
};
use nalgebra::DMatrix;
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// The category of linear maps as shared DAGs of linear operations.
///
/// # Example
///
/// ```
/// use catad::interpretations::Delta;
/// use catad::prelude::*;
/// use catad::vocabulary::LinearMap;
/// let f = Delta::join(Delta::scale(2.0), Delta::scale(3.0));
/// assert_eq!(Delta::forward(&f, &(1.0, 1.0), &0.0), 5.0);
/// assert_eq!(Delta::transpose(&f, &1.0, &(0.0, 0.0)), (2.0, 3.0));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Delta;

/// A morphism of [`Delta`]: how the tangent of `b` is built from the tangent of `a`.
///
/// # Example
///
/// ```
/// use catad::interpretations::{Delta, DeltaMap};
/// use catad::prelude::*;
/// use catad::vocabulary::LinearMap;
/// let f: DeltaMap<(f64, f64), f64> = Delta::jam();
/// assert_eq!(Delta::forward(&f, &(1.0, 2.0), &0.0), 3.0);
/// ```
///
/// The map is `None` only while it is dropped.
pub struct DeltaMap<A: Additive, B: Additive>(Option<Rc<dyn Fn(&Tan<A>) -> Tan<B>>>);

impl<A: Additive, B: Additive> DeltaMap<A, B> {
    fn new(f: impl Fn(&Tan<A>) -> Tan<B> + 'static) -> Self {
        DeltaMap(Some(Rc::new(f)))
    }

    /// The tangent of the result, given the tangent of the argument. Maps call the maps they are
    /// made of, as deep as the program's chain of continuations is long; when the stack runs low
    /// ([`stack::grow`]), the call continues on a new segment on the heap.
    fn build(&self, a: &Tan<A>) -> Tan<B> {
        let f = self
            .0
            .as_ref()
            .expect("a map is only empty while it is dropped");
        stack::grow(|| f(a))
    }
}

impl<A: Additive, B: Additive> Clone for DeltaMap<A, B> {
    fn clone(&self) -> Self {
        DeltaMap(self.0.clone())
    }
}

/// Dropping a map drops the maps it is made of, as deep as they nest: on a new stack segment when
/// the stack runs low, as building does.
impl<A: Additive, B: Additive> Drop for DeltaMap<A, B> {
    fn drop(&mut self) {
        if let Some(f) = self.0.take() {
            stack::grow(move || drop(f));
        }
    }
}

impl<A: Additive, B: Additive> fmt::Debug for DeltaMap<A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DeltaMap<{}, {}>",
            std::any::type_name::<A>(),
            std::any::type_name::<B>()
        )
    }
}

impl Category for Delta {
    type Hom<A: Additive, B: Additive> = DeltaMap<A, B>;

    fn id<A: Additive>() -> DeltaMap<A, A> {
        DeltaMap::new(Tan::clone)
    }

    fn compose<A: Additive, B: Additive, C: Additive>(
        g: DeltaMap<B, C>,
        f: DeltaMap<A, B>,
    ) -> DeltaMap<A, C> {
        DeltaMap::new(move |a| g.build(&f.build(a)))
    }

    /// A let-binding: the shared map remembers its last argument and result, so every use on one
    /// argument node returns the same result node, built once. Without it, `Cont`'s halves
    /// (`unjoin`) and `Begin`'s (`unfork`) would each build their own copy of the rest of the
    /// derivative, twice per `cross`: 2ⁿ copies at depth `n`.
    ///
    /// ```
    /// use catad::interpretations::Delta;
    /// use catad::prelude::*;
    /// use catad::vocabulary::LinearMap;
    /// let f = Delta::share(Delta::scale(3.0));
    /// // Both halves of the fork read the one scaling node.
    /// let twice = Delta::compose(Delta::jam(), Delta::fork(f.clone(), f));
    /// assert_eq!(Delta::forward(&twice, &1.0, &0.0), 6.0);
    /// assert_eq!(Delta::transpose(&twice, &1.0, &0.0), 6.0);
    /// ```
    fn share<A: Additive, B: Additive>(f: DeltaMap<A, B>) -> DeltaMap<A, B> {
        let last: RefCell<Option<(Tan<A>, Tan<B>)>> = RefCell::new(None);
        DeltaMap::new(move |a| {
            if let Some((input, output)) = &*last.borrow()
                && input.same(a)
            {
                return output.clone();
            }
            let output = f.build(a);
            *last.borrow_mut() = Some((a.clone(), output.clone()));
            output
        })
    }
}

impl Monoidal for Delta {
    fn cross<A: Additive, B: Additive, C: Additive, E: Additive>(
        f: DeltaMap<A, C>,
        g: DeltaMap<B, E>,
    ) -> DeltaMap<(A, B), (C, E)> {
        DeltaMap::new(move |p| ops::pair(f.build(&ops::exl(p)), g.build(&ops::exr(p))))
    }
}

impl Cartesian for Delta {
    fn exl<A: Additive, B: Additive>() -> DeltaMap<(A, B), A> {
        DeltaMap::new(ops::exl)
    }
    fn exr<A: Additive, B: Additive>() -> DeltaMap<(A, B), B> {
        DeltaMap::new(ops::exr)
    }
    fn dup<A: Additive>() -> DeltaMap<A, (A, A)> {
        DeltaMap::new(|a: &Tan<A>| ops::pair(a.clone(), a.clone()))
    }
    fn it<A: Additive>() -> DeltaMap<A, ()> {
        DeltaMap::new(|_| Tan::zero())
    }

    /// `f △ g` hands the one tangent to both: no copy.
    fn fork<A: Additive, C: Additive, D: Additive>(
        f: DeltaMap<A, C>,
        g: DeltaMap<A, D>,
    ) -> DeltaMap<A, (C, D)> {
        DeltaMap::new(move |a| ops::pair(f.build(a), g.build(a)))
    }
}

impl Cocartesian for Delta {
    fn inl<A: Additive, B: Additive>() -> DeltaMap<A, (A, B)> {
        DeltaMap::new(|a: &Tan<A>| ops::pair(a.clone(), Tan::zero()))
    }
    fn inr<A: Additive, B: Additive>() -> DeltaMap<B, (A, B)> {
        DeltaMap::new(|b: &Tan<B>| ops::pair(Tan::zero(), b.clone()))
    }
    fn jam<A: Additive>() -> DeltaMap<(A, A), A> {
        DeltaMap::new(|p| ops::sum([ops::exl(p), ops::exr(p)]))
    }
    fn ini<A: Additive>() -> DeltaMap<(), A> {
        DeltaMap::new(|_| Tan::zero())
    }

    /// `f ▽ g` sums the two results in one node.
    fn join<A: Additive, B: Additive, C: Additive>(
        f: DeltaMap<A, C>,
        g: DeltaMap<B, C>,
    ) -> DeltaMap<(A, B), C> {
        DeltaMap::new(move |p| ops::sum([f.build(&ops::exl(p)), g.build(&ops::exr(p))]))
    }
}

impl<S: Scalar> Scalable<S> for Delta {
    fn scale(s: S) -> DeltaMap<S, S> {
        DeltaMap::new(move |x| ops::scale(s, x))
    }
}

/// `crossI fs`: `fs[i]` on element `i`, collected.
impl<H: Container> MonoidalI<H> for Delta {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<DeltaMap<A, B>>,
    ) -> DeltaMap<H::Obj<A>, H::Obj<B>> {
        DeltaMap::new(move |xs| {
            let items = h.items(&fs).iter().enumerate();
            ops::collect(
                h,
                items.map(|(i, f)| f.build(&ops::index(h, xs, i))).collect(),
            )
        })
    }
}

/// `exI[i]` is element `i`; `replI` shares one tangent among the copies.
impl<H: Container> CartesianI<H> for Delta {
    fn ex_i<A: Additive>(h: H) -> H::Of<DeltaMap<H::Obj<A>, A>> {
        h.tabulate(|i| DeltaMap::new(move |xs| ops::index(h, xs, i)))
    }
    fn repl_i<A: Additive>(h: H) -> DeltaMap<A, H::Obj<A>> {
        DeltaMap::new(move |a| ops::replicate(h, a))
    }
    fn ex_at<A: Additive>(h: H, i: usize) -> DeltaMap<H::Obj<A>, A> {
        DeltaMap::new(move |xs| ops::index(h, xs, i))
    }
}

/// `inI[i]` puts the tangent at `i`; `jamI` sums the elements.
impl<H: Container> CocartesianI<H> for Delta {
    fn in_i<A: Additive>(h: H) -> H::Of<DeltaMap<A, H::Obj<A>>> {
        h.tabulate(|i| DeltaMap::new(move |a| ops::inject(h, i, a)))
    }
    fn jam_i<A: Additive>(h: H) -> DeltaMap<H::Obj<A>, A> {
        DeltaMap::new(move |xs| ops::jam(h, xs))
    }
    fn in_at<A: Additive>(h: H, i: usize) -> DeltaMap<A, H::Obj<A>> {
        DeltaMap::new(move |a| ops::inject(h, i, a))
    }
}

/// The steps in order, each fed the one environment node, the state so far and its element: a
/// chain of nodes built in a loop.
impl<H: Container> FoldI<H> for Delta {
    fn fold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        fs: H::Of<DeltaMap<((E, S), A), S>>,
    ) -> DeltaMap<(E, (S, H::Obj<A>)), S> {
        DeltaMap::new(move |t| {
            let (e, rest) = (ops::exl(t), ops::exr(t));
            let (s, xs) = (ops::exl(&rest), ops::exr(&rest));
            h.items(&fs).iter().enumerate().fold(s, |s, (i, f)| {
                f.build(&ops::pair(ops::pair(e.clone(), s), ops::index(h, &xs, i)))
            })
        })
    }
}

/// The steps from the last to the first; the environment's parts summed in one node, the elements
/// collected.
impl<H: Container> UnfoldI<H> for Delta {
    fn unfold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        gs: H::Of<DeltaMap<S, ((E, S), A)>>,
    ) -> DeltaMap<S, (E, (S, H::Obj<A>))> {
        DeltaMap::new(move |s: &Tan<S>| {
            let (mut env, mut elements) = (Vec::new(), Vec::new());
            let s = h.items(&gs).iter().rev().fold(s.clone(), |s, g| {
                let out = g.build(&s);
                let es = ops::exl(&out);
                env.push(ops::exl(&es));
                elements.push(ops::exr(&out));
                ops::exr(&es)
            });
            elements.reverse();
            ops::pair(ops::sum(env), ops::pair(s, ops::collect(h, elements)))
        })
    }
}

impl<H: Container> ZipI<H> for Delta {
    fn zip_i<A: Additive, B: Additive>(h: H) -> DeltaMap<(H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        DeltaMap::new(move |p| ops::zip(h, &ops::exl(p), &ops::exr(p)))
    }
    fn unzip_i<A: Additive, B: Additive>(h: H) -> DeltaMap<H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        DeltaMap::new(move |ps| ops::unzip(h, ps))
    }
}

impl RepCat for Delta {
    fn repr_c<A: HasRep>() -> DeltaMap<A, A::Rep> {
        DeltaMap::new(ops::repr)
    }
    fn abst_c<A: HasRep>() -> DeltaMap<A::Rep, A> {
        DeltaMap::new(ops::abst::<A>)
    }
}

/// The nodes are built from the map made on demand (the DAG keeps them until it is evaluated).
impl LazyCat for Delta {
    fn lazy<A: Additive, B: Additive>(thunk: Rc<dyn Fn() -> DeltaMap<A, B>>) -> DeltaMap<A, B> {
        DeltaMap::new(move |a| thunk().build(a))
    }
}

/// A node applying the map.
impl LoopLinear for Delta {
    fn from_actions<A: Additive, B: Additive>(f: Rc<dyn LinearFn<A, B>>) -> Option<DeltaMap<A, B>> {
        Some(DeltaMap::new(move |a| ops::linear(Rc::clone(&f), a)))
    }
}

impl<S: Scalar> LinearCat<S> for Delta {
    fn linear<A: Space<S>, B: Space<S>>(f: Rc<dyn LinearFn<A, B>>) -> DeltaMap<A, B> {
        DeltaMap::new(move |a| ops::linear(Rc::clone(&f), a))
    }
}

/// Forward: the DAG built from an input node, evaluated in creation order. Transpose: evaluated in
/// reverse creation order, each node's cotangent accumulated before it is pushed to its parents.
/// A zero result reads as the zero of the witness's shape.
impl<S: Scalar> LinearMap<S> for Delta {
    fn forward<A: Space<S>, B: Space<S>>(f: &DeltaMap<A, B>, da: &A, b: &B) -> B {
        let input = Tan::input();
        let output = f.build(&input);
        output
            .forward_from(&input, da.clone())
            .unwrap_or_else(|| b.scale(S::zero()))
    }

    fn transpose<A: Space<S>, B: Space<S>>(f: &DeltaMap<A, B>, db: &B, a: &A) -> A {
        let input = Tan::input();
        let output = f.build(&input);
        output
            .backward_to(&input, db)
            .unwrap_or_else(|| a.scale(S::zero()))
    }

    fn from_matrix<A: Space<S>, B: Space<S>>(m: DMatrix<S>, a: &A, b: &B) -> DeltaMap<A, B> {
        check_shape(&m, a, b);
        let (m, mt) = (Rc::new(m.clone()), Rc::new(m.transpose()));
        let (a1, b1, a2, b2) = (a.clone(), b.clone(), a.clone(), b.clone());
        Self::linear(linear_fn(
            move |x: &A| b1.with_coords(&mat_vec(&m, &x.coords_as(&a1))),
            move |y: &B, acc: &mut A| {
                acc.plus_assign(&a2.with_coords(&mat_vec(&mt, &y.coords_as(&b2))));
            },
        ))
    }
}
