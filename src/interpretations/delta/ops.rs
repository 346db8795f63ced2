//! The nodes of the DAG and the constructors that make them. A constructor looks through the
//! structure it is given before it makes a node: the left part of a pair node is its left child,
//! element `i` of a collection is its `i`-th item, and the zero tangent stays zero. So projections
//! never copy a cotangent: each use of a value adds into that value's own accumulator.

use super::tangent::{Erased, Op, Tan};
use crate::space::{Additive, Container, HasRep, Scalar};
use crate::vocabulary::LinearFn;
use std::any::Any;
use std::rc::Rc;

/// `(x, y)`.
pub(super) struct PairOp<X: Additive, Y: Additive>(Tan<X>, Tan<Y>);

impl<X: Additive, Y: Additive> Op<(X, Y)> for PairOp<X, Y> {
    fn eval(&self) -> (X, Y) {
        (self.0.value(), self.1.value())
    }
    fn back(&self, c: &(X, Y)) {
        self.0.add(&c.0);
        self.1.add(&c.1);
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.0.push(out);
        self.1.push(out);
    }
}

/// The pair of two tangents.
pub(super) fn pair<X: Additive, Y: Additive>(x: Tan<X>, y: Tan<Y>) -> Tan<(X, Y)> {
    if x.is_zero() && y.is_zero() {
        Tan::zero()
    } else {
        Tan::node(PairOp(x, y))
    }
}

/// One part of a pair: `LEFT` selects the left.
struct PartOp<X: Additive, Y: Additive, const LEFT: bool>(Tan<(X, Y)>);

impl<X: Additive, Y: Additive> Op<X> for PartOp<X, Y, true> {
    fn eval(&self) -> X {
        self.0.value().0
    }
    fn back(&self, c: &X) {
        self.0.accumulate(|acc| acc.0.plus_assign(c));
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.0.push(out);
    }
}

impl<X: Additive, Y: Additive> Op<Y> for PartOp<X, Y, false> {
    fn eval(&self) -> Y {
        self.0.value().1
    }
    fn back(&self, c: &Y) {
        self.0.accumulate(|acc| acc.1.plus_assign(c));
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.0.push(out);
    }
}

/// The left part of a pair tangent.
pub(super) fn exl<X: Additive, Y: Additive>(p: &Tan<(X, Y)>) -> Tan<X> {
    if let Some(PairOp(x, _)) = p.op::<PairOp<X, Y>>() {
        x.clone()
    } else if p.is_zero() {
        Tan::zero()
    } else {
        p.projection(0, || Tan::node(PartOp::<X, Y, true>(p.clone())))
    }
}

/// The right part of a pair tangent.
pub(super) fn exr<X: Additive, Y: Additive>(p: &Tan<(X, Y)>) -> Tan<Y> {
    if let Some(PairOp(_, y)) = p.op::<PairOp<X, Y>>() {
        y.clone()
    } else if p.is_zero() {
        Tan::zero()
    } else {
        p.projection(1, || Tan::node(PartOp::<X, Y, false>(p.clone())))
    }
}

/// The sum of several tangents.
struct SumOp<A: Additive>(Vec<Tan<A>>);

impl<A: Additive> Op<A> for SumOp<A> {
    fn eval(&self) -> A {
        let mut total = A::zero();
        for t in &self.0 {
            total.plus_assign(&t.value());
        }
        total
    }
    fn back(&self, c: &A) {
        for t in &self.0 {
            t.add(c);
        }
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        for t in &self.0 {
            t.push(out);
        }
    }
}

/// The sum of the tangents (zeros dropped).
pub(super) fn sum<A: Additive>(terms: impl IntoIterator<Item = Tan<A>>) -> Tan<A> {
    let mut terms: Vec<Tan<A>> = terms.into_iter().filter(|t| !t.is_zero()).collect();
    match terms.len() {
        0 => Tan::zero(),
        1 => terms.pop().expect("one term"),
        _ => Tan::node(SumOp(terms)),
    }
}

/// `s · x`.
struct ScaleOp<S: Scalar>(S, Tan<S>);

impl<S: Scalar> Op<S> for ScaleOp<S> {
    fn eval(&self) -> S {
        self.0 * self.1.value()
    }
    fn back(&self, c: &S) {
        self.1.add(&(self.0 * *c));
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.1.push(out);
    }
}

/// `s · x`.
pub(super) fn scale<S: Scalar>(s: S, x: &Tan<S>) -> Tan<S> {
    if x.is_zero() {
        Tan::zero()
    } else {
        Tan::node(ScaleOp(s, x.clone()))
    }
}

/// A linear map given by its actions.
struct LinearOp<X: Additive, A: Additive>(Rc<dyn LinearFn<X, A>>, Tan<X>);

impl<X: Additive, A: Additive> Op<A> for LinearOp<X, A> {
    fn eval(&self) -> A {
        self.0.apply(&self.1.value())
    }
    fn back(&self, c: &A) {
        self.1.accumulate(|acc| self.0.transpose_add(c, acc));
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.1.push(out);
    }
}

/// `f · x`.
pub(super) fn linear<X: Additive, A: Additive>(f: Rc<dyn LinearFn<X, A>>, x: &Tan<X>) -> Tan<A> {
    if x.is_zero() {
        Tan::zero()
    } else {
        Tan::node(LinearOp(f, x.clone()))
    }
}

/// A collection of tangents of shape `h`.
struct CollectOp<H: Container, A: Additive>(H, Vec<Tan<A>>);

impl<H: Container, A: Additive> Op<H::Obj<A>> for CollectOp<H, A> {
    fn eval(&self) -> H::Obj<A> {
        self.0.collect_obj(self.1.iter().map(Tan::value))
    }
    fn back(&self, c: &H::Obj<A>) {
        for (t, c) in self.1.iter().zip(self.0.elements(c).iter()) {
            t.add(c);
        }
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        for t in &self.1 {
            t.push(out);
        }
    }
    fn element(&self, i: usize) -> Option<Box<dyn Any>> {
        Some(Box::new(self.1[i].clone()))
    }
}

/// The vector of shape `h` of the given tangents.
pub(super) fn collect<H: Container, A: Additive>(h: H, items: Vec<Tan<A>>) -> Tan<H::Obj<A>> {
    if items.iter().all(Tan::is_zero) {
        Tan::zero()
    } else {
        Tan::node(CollectOp(h, items))
    }
}

/// `size` copies of one tangent.
struct ReplicateOp<H: Container, A: Additive>(H, Tan<A>);

impl<H: Container, A: Additive> Op<H::Obj<A>> for ReplicateOp<H, A> {
    fn eval(&self) -> H::Obj<A> {
        self.0.replicate(&self.1.value())
    }
    fn back(&self, c: &H::Obj<A>) {
        self.1.add(&self.0.sum(c));
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.1.push(out);
    }
    fn element(&self, _: usize) -> Option<Box<dyn Any>> {
        Some(Box::new(self.1.clone()))
    }
}

/// `size` copies of `x`, sharing its node.
pub(super) fn replicate<H: Container, A: Additive>(h: H, x: &Tan<A>) -> Tan<H::Obj<A>> {
    if x.is_zero() {
        Tan::zero()
    } else {
        Tan::node(ReplicateOp(h, x.clone()))
    }
}

/// `x` at position `i`, zero elsewhere.
struct InjectOp<H: Container, A: Additive>(H, usize, Tan<A>);

impl<H: Container, A: Additive> Op<H::Obj<A>> for InjectOp<H, A> {
    fn eval(&self) -> H::Obj<A> {
        self.0.inject(self.1, &self.2.value())
    }
    fn back(&self, c: &H::Obj<A>) {
        self.2.add(&self.0.index(c, self.1));
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.2.push(out);
    }
    fn element(&self, i: usize) -> Option<Box<dyn Any>> {
        Some(Box::new(if i == self.1 {
            self.2.clone()
        } else {
            Tan::<A>::zero()
        }))
    }
}

/// `x` at position `i` of a vector of shape `h`.
pub(super) fn inject<H: Container, A: Additive>(h: H, i: usize, x: &Tan<A>) -> Tan<H::Obj<A>> {
    if x.is_zero() {
        Tan::zero()
    } else {
        Tan::node(InjectOp(h, i, x.clone()))
    }
}

/// Element `i`.
struct IndexOp<H: Container, A: Additive>(H, usize, Tan<H::Obj<A>>);

impl<H: Container, A: Additive> Op<A> for IndexOp<H, A> {
    fn eval(&self) -> A {
        self.2.read(|xs| self.0.index(xs, self.1))
    }
    fn back(&self, c: &A) {
        self.2.accumulate(|acc| self.0.add_at(acc, self.1, c));
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.2.push(out);
    }
}

/// Element `i` of a vector tangent of shape `h`: the element itself when the vector is built from
/// its elements (a collection, a replication, an injection, a zip), otherwise a node that adds into
/// the vector's accumulator at `i`.
pub(super) fn index<H: Container, A: Additive>(h: H, xs: &Tan<H::Obj<A>>, i: usize) -> Tan<A> {
    if xs.is_zero() {
        Tan::zero()
    } else if let Some(x) = xs.element::<A>(i) {
        x
    } else {
        Tan::node(IndexOp(h, i, xs.clone()))
    }
}

/// The sum of the elements.
struct JamOp<H: Container, A: Additive>(H, Tan<H::Obj<A>>);

impl<H: Container, A: Additive> Op<A> for JamOp<H, A> {
    fn eval(&self) -> A {
        self.0.sum(&self.1.value())
    }
    fn back(&self, c: &A) {
        self.1.add(&self.0.replicate(c));
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.1.push(out);
    }
}

/// The sum of the elements of a vector tangent of shape `h`.
pub(super) fn jam<H: Container, A: Additive>(h: H, xs: &Tan<H::Obj<A>>) -> Tan<A> {
    if xs.is_zero() {
        Tan::zero()
    } else if let Some(CollectOp(_, items)) = xs.op::<CollectOp<H, A>>() {
        sum(items.iter().cloned())
    } else {
        Tan::node(JamOp(h, xs.clone()))
    }
}

/// Pairs of corresponding elements.
struct ZipOp<H: Container, X: Additive, Y: Additive>(H, Tan<H::Obj<X>>, Tan<H::Obj<Y>>);

impl<H: Container, X: Additive, Y: Additive> Op<H::Obj<(X, Y)>> for ZipOp<H, X, Y> {
    fn eval(&self) -> H::Obj<(X, Y)> {
        self.0.zip(&self.1.value(), &self.2.value())
    }
    fn back(&self, c: &H::Obj<(X, Y)>) {
        let (x, y) = self.0.unzip(c);
        self.1.add(&x);
        self.2.add(&y);
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.1.push(out);
        self.2.push(out);
    }
    fn element(&self, i: usize) -> Option<Box<dyn Any>> {
        Some(Box::new(pair(
            index(self.0, &self.1, i),
            index(self.0, &self.2, i),
        )))
    }
}

/// The vector of pairs of the elements of `xs` and `ys`.
pub(super) fn zip<H: Container, X: Additive, Y: Additive>(
    h: H,
    xs: &Tan<H::Obj<X>>,
    ys: &Tan<H::Obj<Y>>,
) -> Tan<H::Obj<(X, Y)>> {
    if xs.is_zero() && ys.is_zero() {
        Tan::zero()
    } else {
        Tan::node(ZipOp(h, xs.clone(), ys.clone()))
    }
}

/// The two vectors of the parts of a vector of pairs.
struct UnzipOp<H: Container, X: Additive, Y: Additive>(H, Tan<H::Obj<(X, Y)>>);

impl<H: Container, X: Additive, Y: Additive> Op<(H::Obj<X>, H::Obj<Y>)> for UnzipOp<H, X, Y> {
    fn eval(&self) -> (H::Obj<X>, H::Obj<Y>) {
        self.0.unzip(&self.1.value())
    }
    fn back(&self, c: &(H::Obj<X>, H::Obj<Y>)) {
        self.1.add(&self.0.zip(&c.0, &c.1));
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.1.push(out);
    }
}

/// The two vectors of the parts of a vector of pairs, looking through a zip.
pub(super) fn unzip<H: Container, X: Additive, Y: Additive>(
    h: H,
    ps: &Tan<H::Obj<(X, Y)>>,
) -> Tan<(H::Obj<X>, H::Obj<Y>)> {
    if ps.is_zero() {
        Tan::zero()
    } else if let Some(ZipOp(_, xs, ys)) = ps.op::<ZipOp<H, X, Y>>() {
        pair(xs.clone(), ys.clone())
    } else {
        Tan::node(UnzipOp(h, ps.clone()))
    }
}

/// A value's representation (`TO_REP`) or the value of a representation.
struct RepOp<A: HasRep, const TO_REP: bool>(Tan<A>, Tan<A::Rep>);

impl<A: HasRep> Op<A::Rep> for RepOp<A, true> {
    fn eval(&self) -> A::Rep {
        self.0.value().repr()
    }
    fn back(&self, c: &A::Rep) {
        self.0.add(&A::abst(c.clone()));
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.0.push(out);
    }
}

impl<A: HasRep> Op<A> for RepOp<A, false> {
    fn eval(&self) -> A {
        A::abst(self.1.value())
    }
    fn back(&self, c: &A) {
        self.1.add(&c.clone().repr());
    }
    fn parents(&self, out: &mut Vec<Rc<dyn Erased>>) {
        self.1.push(out);
    }
}

/// The tangent of a value's representation.
pub(super) fn repr<A: HasRep>(x: &Tan<A>) -> Tan<A::Rep> {
    if let Some(RepOp(_, rep)) = x.op::<RepOp<A, false>>() {
        rep.clone()
    } else if x.is_zero() {
        Tan::zero()
    } else {
        Tan::node(RepOp::<A, true>(x.clone(), Tan::zero()))
    }
}

/// The tangent of the value a representation stands for.
pub(super) fn abst<A: HasRep>(rep: &Tan<A::Rep>) -> Tan<A> {
    if let Some(RepOp(x, _)) = rep.op::<RepOp<A, true>>() {
        x.clone()
    } else if rep.is_zero() {
        Tan::zero()
    } else {
        Tan::node(RepOp::<A, false>(Tan::zero(), rep.clone()))
    }
}
