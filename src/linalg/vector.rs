//! Vector operations on `DVector<S>`.

use super::{accumulate, each, filled, inner, linear, same_length};
use crate::space::{Additive, Scalar};
use crate::vocabulary::{Hom, LinearFn, Primitive, PrimitiveCat, linear_fn};
use nalgebra::{DVector, RealField};
use std::rc::Rc;

type V<S> = DVector<S>;

/// `⟨u, v⟩`, the inner product.
struct Dot;

impl<S: Scalar + RealField> Primitive<(V<S>, V<S>), S> for Dot {
    fn name(&self) -> &str {
        "dot"
    }
    fn value(&self, (u, v): &(V<S>, V<S>)) -> S {
        same_length("dot", u.len(), v.len());
        inner(u, v)
    }
    fn linearize(&self, a: &(V<S>, V<S>)) -> (S, Rc<dyn LinearFn<(V<S>, V<S>), S>>) {
        let value = self.value(a);
        // The point, shared by the derivative's action and its transpose's.
        let (u, v) = (Rc::new(a.0.clone()), Rc::new(a.1.clone()));
        let (u2, v2) = (u.clone(), v.clone());
        let n = u.len();
        let d = linear_fn(
            move |(du, dv): &(V<S>, V<S>)| inner(&filled(du, n), &v) + inner(&u, &filled(dv, n)),
            move |&dy: &S, acc: &mut (V<S>, V<S>)| {
                accumulate(&mut acc.0, each([&v2], |[x]| x * dy));
                accumulate(&mut acc.1, each([&u2], |[x]| x * dy));
            },
        );
        (value, d)
    }
}

crate::primitive! {
    /// `⟨u, v⟩ = Σᵢ uᵢ vᵢ`.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let (u, v) = (DVector::from_vec(vec![1.0, 2.0]), DVector::from_vec(vec![3.0, 4.0]));
    /// assert_eq!(linalg::dot::<Fun, f64>().apply((u.clone(), v.clone())), 11.0);
    /// assert_eq!(gradient(&linalg::dot::<Reverse, f64>(), (u.clone(), v.clone())), (v, u));
    /// ```
    pub fn dot<S: Scalar + RealField>(u: V<S>, v: V<S>) -> S = Dot;
}

/// `u + v`, or `u − v` where `SUBTRACT`.
struct Sum2<const SUBTRACT: bool>;

impl<S: Scalar + RealField, const SUBTRACT: bool> Primitive<(V<S>, V<S>), V<S>> for Sum2<SUBTRACT> {
    fn name(&self) -> &str {
        if SUBTRACT { "sub" } else { "add" }
    }
    fn value(&self, (u, v): &(V<S>, V<S>)) -> V<S> {
        same_length(if SUBTRACT { "sub" } else { "add" }, u.len(), v.len());
        each([u, v], |[a, b]| if SUBTRACT { a - b } else { a + b })
    }
    fn linearize(&self, a: &(V<S>, V<S>)) -> (V<S>, Rc<dyn LinearFn<(V<S>, V<S>), V<S>>>) {
        let n = a.0.len();
        let d = linear(
            move |(du, dv): &(V<S>, V<S>)| {
                let (du, dv) = (filled(du, n), filled(dv, n));
                each([&du, &dv], |[a, b]| if SUBTRACT { a - b } else { a + b })
            },
            |dy: &V<S>, acc: &mut (V<S>, V<S>)| {
                acc.0.plus_assign(dy);
                accumulate(
                    &mut acc.1,
                    if SUBTRACT {
                        each([dy], |[y]| -y)
                    } else {
                        dy.clone()
                    },
                );
            },
        );
        (self.value(a), d)
    }
}

crate::primitive! {
    /// `u + v`.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let u = DVector::from_vec(vec![1.0, 2.0]);
    /// assert_eq!(linalg::add::<Fun, f64>().apply((u.clone(), u)), DVector::from_vec(vec![2.0, 4.0]));
    /// ```
    pub fn add<S: Scalar + RealField>(u: V<S>, v: V<S>) -> V<S> = Sum2::<false>;
}

crate::primitive! {
    /// `u − v`.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let (u, v) = (DVector::from_vec(vec![3.0, 2.0]), DVector::from_vec(vec![1.0, 1.0]));
    /// assert_eq!(linalg::sub::<Fun, f64>().apply((u, v)), DVector::from_vec(vec![2.0, 1.0]));
    /// ```
    pub fn sub<S: Scalar + RealField>(u: V<S>, v: V<S>) -> V<S> = Sum2::<true>;
}

/// `s · v`.
struct Scale;

impl<S: Scalar + RealField> Primitive<(S, V<S>), V<S>> for Scale {
    fn name(&self) -> &str {
        "scale"
    }
    fn value(&self, &(s, ref v): &(S, V<S>)) -> V<S> {
        each([v], |[x]| x * s)
    }
    fn linearize(&self, a: &(S, V<S>)) -> (V<S>, Rc<dyn LinearFn<(S, V<S>), V<S>>>) {
        // The point, shared by the derivative's action and its transpose's.
        let (s, v) = (a.0, Rc::new(a.1.clone()));
        let v2 = v.clone();
        let n = v.len();
        let d = linear(
            move |&(ds, ref dv): &(S, V<S>)| each([&v, &filled(dv, n)], |[x, dx]| x * ds + dx * s),
            move |dy: &V<S>, acc: &mut (S, V<S>)| {
                accumulate(&mut acc.0, inner(dy, &v2));
                accumulate(&mut acc.1, each([dy], |[y]| y * s));
            },
        );
        (self.value(a), d)
    }
}

crate::primitive! {
    /// `s · v`, a scalar times a vector.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let v = DVector::from_vec(vec![1.0, 2.0]);
    /// let f = Reverse::compose(linalg::sum::<Reverse, f64>(), linalg::scale::<Reverse, f64>());
    /// let (ds, dv) = gradient(&f, (3.0, v));
    /// assert_eq!((ds, dv), (3.0, DVector::from_vec(vec![3.0, 3.0])));
    /// ```
    pub fn scale<S: Scalar + RealField>(s: S, v: V<S>) -> V<S> = Scale;
}

/// `u ⊙ v`, elementwise.
struct Hadamard;

impl<S: Scalar + RealField> Primitive<(V<S>, V<S>), V<S>> for Hadamard {
    fn name(&self) -> &str {
        "hadamard"
    }
    fn value(&self, (u, v): &(V<S>, V<S>)) -> V<S> {
        same_length("hadamard", u.len(), v.len());
        each([u, v], |[a, b]| a * b)
    }
    fn linearize(&self, a: &(V<S>, V<S>)) -> (V<S>, Rc<dyn LinearFn<(V<S>, V<S>), V<S>>>) {
        let value = self.value(a);
        // The point, shared by the derivative's action and its transpose's.
        let (u, v) = (Rc::new(a.0.clone()), Rc::new(a.1.clone()));
        let (u2, v2) = (u.clone(), v.clone());
        let n = u.len();
        let d = linear(
            move |(du, dv): &(V<S>, V<S>)| {
                let (du, dv) = (filled(du, n), filled(dv, n));
                each([&du, &v, &u, &dv], |[du, v, u, dv]| du * v + u * dv)
            },
            move |dy: &V<S>, acc: &mut (V<S>, V<S>)| {
                accumulate(&mut acc.0, each([dy, &v2], |[y, v]| y * v));
                accumulate(&mut acc.1, each([dy, &u2], |[y, u]| y * u));
            },
        );
        (value, d)
    }
}

crate::primitive! {
    /// `u ⊙ v`, the elementwise product.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let (u, v) = (DVector::from_vec(vec![1.0, 2.0]), DVector::from_vec(vec![3.0, 4.0]));
    /// assert_eq!(linalg::hadamard::<Fun, f64>().apply((u, v)), DVector::from_vec(vec![3.0, 8.0]));
    /// ```
    pub fn hadamard<S: Scalar + RealField>(u: V<S>, v: V<S>) -> V<S> = Hadamard;
}

/// A linear map on one vector, given by its action and its transpose's, whose tangents are
/// filled to the point's length first.
struct LinearV<S: Scalar + RealField> {
    name: &'static str,
    apply: fn(&V<S>) -> V<S>,
    transpose: fn(&V<S>) -> V<S>,
}

impl<S: Scalar + RealField> Primitive<V<S>, V<S>> for LinearV<S> {
    fn name(&self) -> &str {
        self.name
    }
    fn value(&self, v: &V<S>) -> V<S> {
        (self.apply)(v)
    }
    fn linearize(&self, v: &V<S>) -> (V<S>, Rc<dyn LinearFn<V<S>, V<S>>>) {
        let n = v.len();
        let (apply, transpose) = (self.apply, self.transpose);
        let d = linear(
            move |dv: &V<S>| apply(&filled(dv, n)),
            move |dy: &V<S>, acc: &mut V<S>| accumulate(acc, transpose(dy)),
        );
        (self.value(v), d)
    }
}

/// The running sums `(v₀, v₀ + v₁, …)`.
fn running_sums<S: Scalar + RealField>(v: &V<S>) -> V<S> {
    let mut total = <S as Additive>::zero();
    V::from_iterator(
        v.len(),
        v.iter().map(|&x| {
            total += x;
            total
        }),
    )
}

/// The running sums from the end, the transpose of [`running_sums`].
fn running_sums_from_the_end<S: Scalar + RealField>(v: &V<S>) -> V<S> {
    let mut out = v.clone();
    let mut total = <S as Additive>::zero();
    for x in out.iter_mut().rev() {
        total += *x;
        *x = total;
    }
    out
}

crate::primitive! {
    /// The cumulative sum `(v₀, v₀ + v₁, …, Σ v)`.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let v = DVector::from_vec(vec![1.0, 2.0, 3.0]);
    /// assert_eq!(linalg::cumsum::<Fun, f64>().apply(v.clone()), DVector::from_vec(vec![1.0, 3.0, 6.0]));
    /// let last = Reverse::compose(
    ///     linalg::dot::<Reverse, f64>(),
    ///     Reverse::fork(linalg::cumsum::<Reverse, f64>(), Reverse::constant(v.clone())),
    /// );
    /// // ∂/∂v ⟨cumsum v, c⟩ = the running sums of c from the end
    /// assert_eq!(gradient(&last, v), DVector::from_vec(vec![6.0, 5.0, 3.0]));
    /// ```
    pub fn cumsum<S: Scalar + RealField>(v: V<S>) -> V<S> = LinearV {
        name: "cumsum",
        apply: running_sums,
        transpose: running_sums_from_the_end,
    };
}

/// Each element moved one place down, a zero entering at the top.
fn shifted_down<S: Scalar + RealField>(v: &V<S>) -> V<S> {
    let mut out = V::from_element(v.len(), <S as Additive>::zero());
    if let Some(last) = v.len().checked_sub(1) {
        out.as_mut_slice()[1..].copy_from_slice(&v.as_slice()[..last]);
    }
    out
}

/// Each element moved one place up, a zero entering at the bottom: the transpose of
/// [`shifted_down`].
fn shifted_up<S: Scalar + RealField>(v: &V<S>) -> V<S> {
    let mut out = V::from_element(v.len(), <S as Additive>::zero());
    if let Some(last) = v.len().checked_sub(1) {
        out.as_mut_slice()[..last].copy_from_slice(&v.as_slice()[1..]);
    }
    out
}

crate::primitive! {
    /// `(0, v₀, …, vₙ₋₂)`: each element one place down, the last dropped.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let v = DVector::from_vec(vec![1.0, 2.0, 3.0]);
    /// assert_eq!(linalg::shift::<Fun, f64>().apply(v), DVector::from_vec(vec![0.0, 1.0, 2.0]));
    /// ```
    pub fn shift<S: Scalar + RealField>(v: V<S>) -> V<S> = LinearV {
        name: "shift",
        apply: shifted_down,
        transpose: shifted_up,
    };
}

/// `Σᵢ vᵢ`.
struct Total;

impl<S: Scalar + RealField> Primitive<V<S>, S> for Total {
    fn name(&self) -> &str {
        "sum"
    }
    fn value(&self, v: &V<S>) -> S {
        <S as Additive>::sum_of(v.as_slice())
    }
    fn linearize(&self, v: &V<S>) -> (S, Rc<dyn LinearFn<V<S>, S>>) {
        let n = v.len();
        let d = linear_fn(
            |dv: &V<S>| <S as Additive>::sum_of(dv.as_slice()),
            move |dy: &S, acc: &mut V<S>| accumulate(acc, V::from_element(n, *dy)),
        );
        (self.value(v), d)
    }
}

crate::primitive! {
    /// `Σᵢ vᵢ`, the sum of the elements.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let v = DVector::from_vec(vec![1.0, 2.0]);
    /// assert_eq!(gradient(&linalg::sum::<Reverse, f64>(), v), DVector::from_vec(vec![1.0, 1.0]));
    /// ```
    pub fn sum<S: Scalar + RealField>(v: V<S>) -> S = Total;
}

/// `‖v‖² = ⟨v, v⟩`.
struct NormSqr;

impl<S: Scalar + RealField> Primitive<V<S>, S> for NormSqr {
    fn name(&self) -> &str {
        "norm_sqr"
    }
    fn value(&self, v: &V<S>) -> S {
        inner(v, v)
    }
    fn linearize(&self, v: &V<S>) -> (S, Rc<dyn LinearFn<V<S>, S>>) {
        let two = <S as Scalar>::from_f64(2.0);
        let twice = Rc::new(each([v], |[x]| x * two));
        let twice2 = twice.clone();
        let n = v.len();
        let d = linear_fn(
            move |dv: &V<S>| inner(&filled(dv, n), &twice),
            move |&dy: &S, acc: &mut V<S>| accumulate(acc, each([&twice2], |[x]| x * dy)),
        );
        (self.value(v), d)
    }
}

crate::primitive! {
    /// `‖v‖²`, the squared Euclidean norm.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// let v = DVector::from_vec(vec![3.0, 4.0]);
    /// assert_eq!(linalg::norm_sqr::<Fun, f64>().apply(v.clone()), 25.0);
    /// assert_eq!(gradient(&linalg::norm_sqr::<Reverse, f64>(), v), DVector::from_vec(vec![6.0, 8.0]));
    /// ```
    pub fn norm_sqr<S: Scalar + RealField>(v: V<S>) -> S = NormSqr;
}

/// A scalar function applied to each element, with its derivative.
struct Elementwise<S> {
    name: &'static str,
    f: fn(S) -> S,
    df: fn(S) -> S,
}

impl<S: Scalar + RealField> Primitive<V<S>, V<S>> for Elementwise<S> {
    fn name(&self) -> &str {
        self.name
    }
    fn value(&self, v: &V<S>) -> V<S> {
        let f = self.f;
        each([v], |[x]| f(x))
    }
    fn linearize(&self, v: &V<S>) -> (V<S>, Rc<dyn LinearFn<V<S>, V<S>>>) {
        let df = self.df;
        let slopes = Rc::new(each([v], |[x]| df(x)));
        let slopes2 = slopes.clone();
        let n = v.len();
        let d = linear(
            move |dv: &V<S>| each([&filled(dv, n), &slopes], |[dx, s]| dx * s),
            move |dy: &V<S>, acc: &mut V<S>| accumulate(acc, each([dy, &slopes2], |[y, s]| y * s)),
        );
        (self.value(v), d)
    }
}

/// `f` on each element, with `df` its derivative: one primitive for the whole vector, whose
/// derivative is the diagonal of `df` at the elements.
///
/// ```
/// use catad::linalg;
/// use catad::prelude::*;
/// use nalgebra::DVector;
/// let exp = || linalg::map::<Reverse, f64>("exp", f64::exp, f64::exp);
/// let v = DVector::from_vec(vec![0.0, 1.0]);
/// let g = gradient(&Reverse::compose(linalg::sum::<Reverse, f64>(), exp()), v);
/// assert_eq!(g, DVector::from_vec(vec![1.0, 1.0_f64.exp()]));
/// ```
pub fn map<K: PrimitiveCat<S>, S: Scalar + RealField>(
    name: &'static str,
    f: fn(S) -> S,
    df: fn(S) -> S,
) -> Hom<K, V<S>, V<S>> {
    K::primitive(Rc::new(Elementwise { name, f, df }))
}

/// The conversion of a `Vec` into a `DVector`, and back.
struct Convert<const TO_VEC: bool>;

impl<S: Scalar + RealField> Primitive<Vec<S>, V<S>> for Convert<false> {
    fn name(&self) -> &str {
        "from_vec"
    }
    fn value(&self, v: &Vec<S>) -> V<S> {
        V::from_vec(v.clone())
    }
    fn linearize(&self, v: &Vec<S>) -> (V<S>, Rc<dyn LinearFn<Vec<S>, V<S>>>) {
        let n = v.len();
        let d = linear(
            move |dv: &Vec<S>| filled(&V::from_vec(dv.clone()), n).into_owned(),
            |dy: &V<S>, acc: &mut Vec<S>| accumulate(acc, dy.as_slice().to_vec()),
        );
        (self.value(v), d)
    }
}

impl<S: Scalar + RealField> Primitive<V<S>, Vec<S>> for Convert<true> {
    fn name(&self) -> &str {
        "to_vec"
    }
    fn value(&self, v: &V<S>) -> Vec<S> {
        v.as_slice().to_vec()
    }
    fn linearize(&self, v: &V<S>) -> (Vec<S>, Rc<dyn LinearFn<V<S>, Vec<S>>>) {
        let n = v.len();
        let d = linear(
            move |dv: &V<S>| filled(dv, n).as_slice().to_vec(),
            |dy: &Vec<S>, acc: &mut V<S>| accumulate(acc, V::from_vec(dy.clone())),
        );
        (self.value(v), d)
    }
}

crate::primitive! {
    /// A `Vec<S>` as a `DVector<S>`.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// assert_eq!(linalg::from_vec::<Fun, f64>().apply(vec![1.0, 2.0]), DVector::from_vec(vec![1.0, 2.0]));
    /// ```
    pub fn from_vec<S: Scalar + RealField>(v: Vec<S>) -> V<S> = Convert::<false>;
}

crate::primitive! {
    /// A `DVector<S>` as a `Vec<S>`.
    ///
    /// ```
    /// use catad::linalg;
    /// use catad::prelude::*;
    /// use nalgebra::DVector;
    /// assert_eq!(linalg::to_vec::<Fun, f64>().apply(DVector::from_vec(vec![1.0, 2.0])), vec![1.0, 2.0]);
    /// ```
    pub fn to_vec<S: Scalar + RealField>(v: V<S>) -> Vec<S> = Convert::<true>;
}
