//! Tangents as nodes of a shared DAG, and its two evaluations: forward (each node's tangent from
//! its parents', in creation order) and backward (each node's cotangent pushed into its parents'
//! accumulators, in reverse creation order). Creation order is a topological order: a node is made
//! after its parents.

use crate::space::Additive;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::{Rc, Weak};

/// The tangent of an `A`: a node of a linear DAG whose value, once the DAG's input is given, is a
/// vector of `A` — or the zero, which has no node.
///
/// Tangents are shared, never copied: cloning one clones a reference, so a value used twice is one
/// node with two children, and its cotangent is accumulated once.
pub struct Tan<A: Additive>(Option<Rc<dyn Node<A>>>);

impl<A: Additive> Clone for Tan<A> {
    fn clone(&self) -> Self {
        Tan(self.0.clone())
    }
}

impl<A: Additive> fmt::Debug for Tan<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            None => write!(f, "Tan<{}>(0)", std::any::type_name::<A>()),
            Some(n) => write!(f, "Tan<{}>(#{})", std::any::type_name::<A>(), n.id()),
        }
    }
}

/// What a node computes: its tangent from its parents' (forward) and its parents' cotangents from
/// its own (backward).
pub(super) trait Op<A: Additive>: 'static {
    /// The tangent, from the parents' tangents (which are already evaluated).
    fn eval(&self) -> A;
    /// Adds this node's cotangent's contributions into the parents' accumulators.
    fn back(&self, cotangent: &A);
    /// The parents, for the traversal.
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>);
    /// For a node whose tangent is a vector built from element tangents (a collection, a
    /// replication, a zip), element `i` as a boxed `Tan` of the element type.
    fn element(&self, _i: usize) -> Option<Box<dyn Any>> {
        None
    }
}

/// A node of any type, as the traversal sees it.
pub(super) trait Erased {
    fn id(&self) -> u64;
    /// Marks the node seen in traversal `epoch`; whether it already was.
    fn mark(&self, epoch: u64) -> bool;
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>);
    fn forward(&self);
    fn backward(&self);
    fn clear(&self);
}

/// A node whose tangent is an `A`.
pub(super) trait Node<A: Additive>: Erased {
    /// The operation, for the structural shortcuts (a projection of a pair node is its part).
    fn op(&self) -> &dyn Any;
    /// The evaluated tangent.
    fn value(&self) -> A;
    /// Runs `f` on the evaluated tangent, in place.
    fn read(&self, f: &mut dyn FnMut(&A));
    /// Runs `f` on the accumulator, which starts as `A::zero()`.
    fn accumulate(&self, f: &mut dyn FnMut(&mut A));
    /// The accumulated cotangent, taken out.
    fn take_cotangent(&self) -> Option<A>;
    /// Sets the tangent of an input node.
    fn set_value(&self, a: A);
    /// Element `i` of this node's vector, if the node is built from its elements.
    fn element(&self, i: usize) -> Option<Box<dyn Any>>;
    /// A slot where projections of this node remember themselves (held weakly), so that every
    /// projection of one node is one node with one accumulator.
    fn memo(&self) -> &RefCell<Option<Box<dyn Any>>>;
}

struct Cell_<A, O> {
    id: u64,
    seen: Cell<u64>,
    value: RefCell<Option<A>>,
    cotangent: RefCell<Option<A>>,
    memo: RefCell<Option<Box<dyn Any>>>,
    op: O,
}

thread_local! {
    static NEXT_ID: Cell<u64> = const { Cell::new(0) };
    static NEXT_EPOCH: Cell<u64> = const { Cell::new(0) };
    static DROPPING: Cell<bool> = const { Cell::new(false) };
    static GRAVEYARD: RefCell<Vec<Rc<dyn Erased>>> = const { RefCell::new(Vec::new()) };
}

fn next_id() -> u64 {
    NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    })
}

impl<A: Additive, O: Op<A>> Erased for Cell_<A, O> {
    fn id(&self) -> u64 {
        self.id
    }
    fn mark(&self, epoch: u64) -> bool {
        self.seen.replace(epoch) == epoch
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.op.parents(out);
    }
    fn forward(&self) {
        if self.value.borrow().is_none() {
            let v = self.op.eval();
            *self.value.borrow_mut() = Some(v);
        }
    }
    fn backward(&self) {
        let cotangent = self.cotangent.borrow_mut().take();
        if let Some(c) = cotangent {
            self.op.back(&c);
        }
    }
    fn clear(&self) {
        self.value.borrow_mut().take();
        self.cotangent.borrow_mut().take();
    }
}

impl<A: Additive, O: Op<A>> Node<A> for Cell_<A, O> {
    fn op(&self) -> &dyn Any {
        &self.op
    }
    fn value(&self) -> A {
        self.value.borrow().clone().unwrap_or_else(A::zero)
    }
    fn read(&self, f: &mut dyn FnMut(&A)) {
        match &*self.value.borrow() {
            Some(a) => f(a),
            None => f(&A::zero()),
        }
    }
    fn accumulate(&self, f: &mut dyn FnMut(&mut A)) {
        let mut slot = self.cotangent.borrow_mut();
        f(slot.get_or_insert_with(A::zero));
    }
    fn take_cotangent(&self) -> Option<A> {
        self.cotangent.borrow_mut().take()
    }
    fn set_value(&self, a: A) {
        *self.value.borrow_mut() = Some(a);
    }
    fn element(&self, i: usize) -> Option<Box<dyn Any>> {
        self.op.element(i)
    }
    fn memo(&self) -> &RefCell<Option<Box<dyn Any>>> {
        &self.memo
    }
}

impl<A: Additive> Tan<A> {
    /// The zero tangent.
    pub(super) fn zero() -> Self {
        Tan(None)
    }

    /// A new node computing `op`.
    pub(super) fn node(op: impl Op<A>) -> Self {
        Tan(Some(Rc::new(Cell_ {
            id: next_id(),
            seen: Cell::new(0),
            value: RefCell::new(None),
            cotangent: RefCell::new(None),
            memo: RefCell::new(None),
            op,
        })))
    }

    /// An input: a node without parents, whose tangent is set from outside.
    pub(super) fn input() -> Self {
        Tan::node(Input)
    }

    /// Whether both are the same node (or both zero).
    pub(super) fn same(&self, other: &Tan<A>) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// Whether this is the zero tangent.
    pub(super) fn is_zero(&self) -> bool {
        self.0.is_none()
    }

    /// The operation of this node, if it is one of type `O`.
    pub(super) fn op<O: 'static>(&self) -> Option<&O> {
        self.0.as_ref().and_then(|n| n.op().downcast_ref::<O>())
    }

    /// Element `i`, if this node is built from its elements and they are `Tan<E>`s.
    pub(super) fn element<E: Additive>(&self, i: usize) -> Option<Tan<E>> {
        let boxed = self.0.as_ref()?.element(i)?;
        Some(*boxed.downcast::<Tan<E>>().ok()?)
    }

    /// The projection `key` of this node, made by `make` once: later calls return the same node
    /// while it lives (it is remembered weakly, so that the parent does not keep its child alive).
    pub(super) fn projection<P: Additive>(
        &self,
        key: usize,
        make: impl FnOnce() -> Tan<P>,
    ) -> Tan<P> {
        let Some(node) = &self.0 else {
            return Tan::zero();
        };
        let mut memo = node.memo().borrow_mut();
        let slots = memo
            .get_or_insert_with(|| Box::new(Vec::<(usize, Box<dyn Any>)>::new()))
            .downcast_mut::<Vec<(usize, Box<dyn Any>)>>()
            .expect("a node's memo is a list of projections");
        let known = slots.iter().find(|(k, _)| *k == key).and_then(|(_, weak)| {
            weak.downcast_ref::<Weak<dyn Node<P>>>()
                .and_then(Weak::upgrade)
        });
        if let Some(live) = known {
            return Tan(Some(live));
        }
        let made = make();
        if let Some(n) = &made.0 {
            slots.retain(|(k, _)| *k != key);
            slots.push((key, Box::new(Rc::downgrade(n))));
        }
        made
    }

    /// The evaluated tangent (zero for the zero tangent).
    pub(super) fn value(&self) -> A {
        self.0.as_ref().map_or_else(A::zero, |n| n.value())
    }

    /// `f` of the evaluated tangent, read in place: element `i` of a vector costs O(1), where
    /// [`value`](Self::value) copies the vector.
    pub(super) fn read<R>(&self, f: impl FnOnce(&A) -> R) -> R {
        let Some(n) = &self.0 else {
            return f(&A::zero());
        };
        let (mut f, mut out) = (Some(f), None);
        n.read(&mut |a| out = f.take().map(|f| f(a)));
        out.expect("a node reads its value once")
    }

    /// `acc += c`, unless this is the zero tangent (whose cotangent nobody reads).
    pub(super) fn add(&self, c: &A) {
        if let Some(n) = &self.0 {
            n.accumulate(&mut |acc| acc.plus_assign(c));
        }
    }

    /// Runs `f` on the accumulator, unless this is the zero tangent.
    pub(super) fn accumulate(&self, mut f: impl FnMut(&mut A)) {
        if let Some(n) = &self.0 {
            n.accumulate(&mut f);
        }
    }

    /// Adds this node to the traversal's list of parents.
    pub(super) fn push(&self, out: &mut Vec<Rc<dyn Erased>>) {
        if let Some(n) = &self.0 {
            out.push(Rc::clone(n) as Rc<dyn Erased>);
        }
    }

    /// The tangent of this node when `input` has tangent `da`: the DAG evaluated forward.
    pub(super) fn forward_from<X: Additive>(&self, input: &Tan<X>, da: X) -> Option<A> {
        let node = self.0.as_ref()?;
        let nodes = reachable(Rc::clone(node) as Rc<dyn Erased>);
        if let Some(i) = &input.0 {
            i.set_value(da);
        }
        for n in &nodes {
            n.forward();
        }
        let out = node.value();
        for n in &nodes {
            n.clear();
        }
        Some(out)
    }

    /// The cotangent of `input` when this node has cotangent `db`: the DAG evaluated backward,
    /// each node's accumulated cotangent pushed into its parents once.
    pub(super) fn backward_to<X: Additive>(&self, input: &Tan<X>, db: &A) -> Option<X> {
        let node = self.0.as_ref()?;
        let nodes = reachable(Rc::clone(node) as Rc<dyn Erased>);
        node.accumulate(&mut |acc| acc.plus_assign(db));
        for n in nodes.iter().rev() {
            if n.id() != input.0.as_ref().map_or(u64::MAX, |i| i.id()) {
                n.backward();
            }
        }
        let out = input.0.as_ref().and_then(|i| i.take_cotangent());
        for n in &nodes {
            n.clear();
        }
        out
    }
}

/// The nodes reachable from `root`, parents before children (a topological order): an iterative
/// depth-first search that emits a node once all its parents are out.
fn reachable(root: Rc<dyn Erased>) -> Vec<Rc<dyn Erased>> {
    let epoch = NEXT_EPOCH.with(|e| {
        let v = e.get() + 1;
        e.set(v);
        v
    });
    let mut out = Vec::new();
    let mut parents = Vec::new();
    // (node, whether its parents are already pushed)
    let mut stack = vec![(root, false)];
    while let Some((n, expanded)) = stack.pop() {
        if expanded {
            out.push(n);
            continue;
        }
        if n.mark(epoch) {
            continue;
        }
        n.parents(&mut parents);
        stack.push((n, true));
        stack.extend(parents.drain(..).map(|p| (p, false)));
    }
    out
}

/// A node dropped by its last tangent drops its parents in a loop, not by recursion: a loop of a
/// million steps makes a chain of a million nodes, which a recursive drop would overflow the
/// stack on.
impl<A: Additive> Drop for Tan<A> {
    fn drop(&mut self) {
        let Some(node) = self.0.take() else { return };
        if Rc::strong_count(&node) > 1 {
            return;
        }
        GRAVEYARD.with(|g| g.borrow_mut().push(node as Rc<dyn Erased>));
        if DROPPING.with(|d| d.replace(true)) {
            return;
        }
        while let Some(next) = GRAVEYARD.with(|g| g.borrow_mut().pop()) {
            drop(next);
        }
        DROPPING.with(|d| d.set(false));
    }
}

/// An input of the DAG: no parents; its tangent is set from outside.
struct Input;

impl<A: Additive> Op<A> for Input {
    fn eval(&self) -> A {
        A::zero()
    }
    fn back(&self, _: &A) {}
    fn parents(&self, _: &mut Vec<Rc<dyn Erased>>) {}
}
