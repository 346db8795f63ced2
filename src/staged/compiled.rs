//! `Compiled`: a program's entry points (`apply`, `gradient`, `jvp`, `vjp`, `jacobian`,
//! `derivative`), each recorded once into a [`Tape`] and then evaluated from the tape.

use super::recorder::{self, Recording};
use super::sum::Summed;
use super::sym::Sym;
use super::tape::{Tape, Workspace};
use crate::ad;
use crate::interpretations::DMap;
use crate::space::{Rescale, Space};
use crate::vocabulary::LinearMap;
use nalgebra::DMatrix;
use std::cell::RefCell;
use std::fmt;

/// The user's type for a program's symbolic type `A`: `(Sym, [Sym; 2])` is `(f64, [f64; 2])`.
pub type Value<A> = <A as Rescale<Sym>>::Over<f64>;

/// A program in the mode `K` from `A` to `B` (over [`Sym`]), its entry points compiled.
///
/// Made by [`compile`]. Each entry point records the program the first time it is called, at the
/// point it is called with, and evaluates the tape from then on. It records again where the
/// tape does not apply: at an input of another shape (another vector length, other
/// [`Data`](crate::space::Data)), or where the program takes another branch than where it was
/// recorded (a comparison answers differently). Only the last tape of each entry point is kept.
///
/// Takes and returns the user's own `f64` types ([`Value<A>`]).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::compile;
///
/// let f = catad::paper::cos_sin_prod::<Reverse, _>();
/// let c = compile(&f);
/// let direct = catad::paper::cos_sin_prod::<Reverse, f64>();
/// // The tape computes sin z and cos z with one libm `sincos`: equal up to rounding.
/// let close = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() + (a.1 - b.1).abs() < 1e-15;
/// for x in [(0.5, 2.0), (1.0, -3.0)] {
///     assert!(close(c.apply(&x), direct.apply(x)));
///     let ((y, dx), (y_direct, dx_direct)) = (c.vjp(&x, &(1.0, 0.5)), vjp(&direct, x, (1.0, 0.5)));
///     assert!(close(y, y_direct) && close(dx, dx_direct));
///     assert!((c.jacobian(&x) - jacobian(&direct, x)).norm() < 1e-14);
/// }
/// ```
pub struct Compiled<K: LinearMap<Sym>, A: Rescale<Sym>, B: Rescale<Sym>> {
    f: DMap<K, A, B>,
    simplify: bool,
    pub(super) entries: RefCell<Entries<Value<A>, Value<B>>>,
}

/// Compiles `f`: the entry points of the result record `f` over [`Sym`] once and then run the
/// recording, simplified (see [`crate::staged`]).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::compile;
///
/// let f = catad::paper::mag_sqr::<Reverse, _>();
/// let c = compile(&f);
/// assert_eq!(c.gradient(&(3.0, 4.0)), (6.0, 8.0));
/// assert_eq!(c.gradient(&(1.0, 2.0)), (2.0, 4.0));
/// ```
pub fn compile<K, A, B>(f: &DMap<K, A, B>) -> Compiled<K, A, B>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
    B: Rescale<Sym>,
{
    Compiled {
        f: f.clone(),
        simplify: true,
        entries: RefCell::new(Entries::default()),
    }
}

pub(super) struct Entries<A, B> {
    apply: Option<Entry<A, B>>,
    gradient: Option<Entry<A, (f64, A)>>,
    jvp: Option<Entry<(A, A), (B, B)>>,
    vjp: Option<Entry<(A, B), (B, A)>>,
    jacobian: Option<Entry<A, DMatrix<f64>>>,
    /// The tapes of [`Compiled::sum_apply`] and [`Compiled::sum_value_and_gradient`].
    pub(super) sum_apply: Option<Summed<A>>,
    pub(super) sum_gradient: Option<Summed<A>>,
}

impl<A, B> Default for Entries<A, B> {
    fn default() -> Self {
        Entries {
            apply: None,
            gradient: None,
            jvp: None,
            vjp: None,
            jacobian: None,
            sum_apply: None,
            sum_gradient: None,
        }
    }
}

/// One entry point's tape, recorded at `at`, whose outputs are the coordinates of `out`.
struct Entry<X, Y> {
    at: X,
    out: Y,
    tape: Tape,
    workspace: Workspace,
    input: Vec<f64>,
    output: Vec<f64>,
}

impl<X: Rescale<f64>, Y: Rescale<f64, Over<f64> = Y>> Entry<X, Y> {
    /// The entry's result at `x`: from the tape if it applies there, else from a new recording.
    fn run(slot: &mut Option<Self>, x: &X, record: impl Fn(&X) -> (Recording, Vec<Sym>, Y)) -> Y {
        if let Some(y) = slot
            .as_mut()
            .filter(|e| e.at.same_shape(x))
            .and_then(|e| e.eval(x))
        {
            return y;
        }
        let (recording, outputs, out) = record(x);
        let tape = Tape::new(recording, x.dim(), &outputs);
        let entry = slot.insert(Entry {
            at: x.clone(),
            out,
            workspace: tape.workspace(),
            input: Vec::with_capacity(tape.inputs()),
            output: vec![0.0; tape.outputs()],
            tape,
        });
        entry
            .eval(x)
            .expect("catad::staged: a tape applies at the point it was recorded at")
    }

    fn eval(&mut self, x: &X) -> Option<Y> {
        self.input.clear();
        x.push_coords(&mut self.input);
        self.tape
            .eval(&self.input, &mut self.workspace, &mut self.output)
            .ok()?;
        let mut values = self.output.iter().copied();
        Some(self.out.rescale(&mut |_| {
            values
                .next()
                .expect("catad::staged: a tape has an output for each coordinate")
        }))
    }
}

/// Records `body` run on `x` made symbolic; its results are the coordinates of what it returns.
fn record<X, R>(x: &X, simplify: bool, body: impl FnOnce(X::Over<Sym>) -> R) -> (Recording, R)
where
    X: Rescale<f64>,
{
    let (result, recording) = recorder::record(&x.coords(), simplify, |inputs| {
        let shape = x.rescale(&mut Sym::constant);
        body(shape.read_coords(&mut inputs.iter().copied()))
    });
    (recording, result)
}

impl<K, A, B> Compiled<K, A, B>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
    B: Rescale<Sym>,
    Value<A>: Rescale<f64, Over<Sym> = A, Over<f64> = Value<A>>,
    Value<B>: Rescale<f64, Over<Sym> = B, Over<f64> = Value<B>>,
{
    /// The same program, compiled without the simplification rules and without sharing common
    /// subexpressions: what the rules are checked against.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::compile;
    /// let f = catad::paper::mag_sqr::<Reverse, _>();
    /// let (plain, simplified) = (compile(&f).without_simplification(), compile(&f));
    /// assert_eq!(plain.gradient(&(3.0, 4.0)), simplified.gradient(&(3.0, 4.0)));
    /// assert!(plain.gradient_tape(&(3.0, 4.0)).len() > simplified.gradient_tape(&(3.0, 4.0)).len());
    /// ```
    pub fn without_simplification(self) -> Self {
        Compiled {
            simplify: false,
            entries: RefCell::new(Entries::default()),
            ..self
        }
    }

    /// The program's value at `a`.
    pub fn apply(&self, a: &Value<A>) -> Value<B> {
        let mut entries = self.entries.borrow_mut();
        Entry::run(&mut entries.apply, a, |a| self.record_apply(a))
    }

    /// The recording of the program's value at `a`: its outputs, and the value.
    pub(super) fn record_apply(&self, a: &Value<A>) -> (Recording, Vec<Sym>, Value<B>) {
        let (recording, (outputs, out)) = record(a, self.simplify, |a| {
            let b = self.f.apply(a);
            let mut outputs = Vec::new();
            let out = outputs_of(&b, &b, &mut outputs);
            (outputs, out)
        });
        (recording, outputs, out)
    }

    /// The value and the derivative along `da` at `a` ([`crate::ad::jvp`]).
    pub fn jvp(&self, a: &Value<A>, da: &Value<A>) -> (Value<B>, Value<B>) {
        let mut entries = self.entries.borrow_mut();
        let x = (a.clone(), da.clone());
        Entry::run(&mut entries.jvp, &x, |x| {
            let (recording, (outputs, out)) = record(x, self.simplify, |(a, da)| {
                let (b, db) = ad::jvp(&self.f, a, da);
                let mut outputs = Vec::new();
                let out = (
                    outputs_of(&b, &b, &mut outputs),
                    outputs_of(&db, &b, &mut outputs),
                );
                (outputs, out)
            });
            (recording, outputs, out)
        })
    }

    /// The value and the cotangent `db` pulled back at `a` ([`crate::ad::vjp`]).
    pub fn vjp(&self, a: &Value<A>, db: &Value<B>) -> (Value<B>, Value<A>) {
        let mut entries = self.entries.borrow_mut();
        let x = (a.clone(), db.clone());
        Entry::run(&mut entries.vjp, &x, |x| {
            let (recording, (outputs, out)) = record(x, self.simplify, |(a, db)| {
                let (b, da) = ad::vjp(&self.f, a.clone(), db);
                let mut outputs = Vec::new();
                let out = (
                    outputs_of(&b, &b, &mut outputs),
                    outputs_of(&da, &a, &mut outputs),
                );
                (outputs, out)
            });
            (recording, outputs, out)
        })
    }

    /// The tape of [`Compiled::apply`] at `a`: its inputs the coordinates of `a`, its outputs
    /// the result's.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::mag_sqr::<Forward, _>());
    /// assert_eq!(c.apply_tape(&(3.0, 4.0)).len(), 3); // two products and a sum
    /// ```
    pub fn apply_tape(&self, a: &Value<A>) -> Tape {
        self.apply(a);
        self.tape(|e| e.apply.as_ref().map(|e| &e.tape))
    }

    /// The tape of [`Compiled::jvp`] at `a` along `da`: its inputs the coordinates of `a`,
    /// then `da`'s; its outputs the result's, then its derivative's.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::mag_sqr::<Forward, _>());
    /// let tape = c.jvp_tape(&(3.0, 4.0), &(1.0, 0.0));
    /// assert_eq!((tape.inputs(), tape.outputs()), (4, 2));
    /// ```
    pub fn jvp_tape(&self, a: &Value<A>, da: &Value<A>) -> Tape {
        self.jvp(a, da);
        self.tape(|e| e.jvp.as_ref().map(|e| &e.tape))
    }

    /// The tape of [`Compiled::vjp`] at `a` for `db`: its inputs the coordinates of `a`, then
    /// `db`'s; its outputs the result's, then the pulled-back cotangent's.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::mag_sqr::<Reverse, _>());
    /// let tape = c.vjp_tape(&(3.0, 4.0), &1.0);
    /// assert_eq!((tape.inputs(), tape.outputs()), (3, 3));
    /// ```
    pub fn vjp_tape(&self, a: &Value<A>, db: &Value<B>) -> Tape {
        self.vjp(a, db);
        self.tape(|e| e.vjp.as_ref().map(|e| &e.tape))
    }

    /// The tape of [`Compiled::jacobian`] at `a`: its inputs the coordinates of `a`, its outputs
    /// the Jacobian's entries column by column.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::cos_sin_prod::<Reverse, _>());
    /// assert_eq!(c.jacobian_tape(&(1.0, 2.0)).outputs(), 4);
    /// ```
    pub fn jacobian_tape(&self, a: &Value<A>) -> Tape {
        self.jacobian(a);
        self.tape(|e| e.jacobian.as_ref().map(|e| &e.tape))
    }

    /// The Jacobian matrix at `a` ([`crate::ad::jacobian`]).
    pub fn jacobian(&self, a: &Value<A>) -> DMatrix<f64> {
        let mut entries = self.entries.borrow_mut();
        Entry::run(&mut entries.jacobian, a, |a| {
            let (recording, (outputs, out)) = record(a, self.simplify, |a| {
                let m = ad::jacobian(&self.f, a);
                (m.iter().copied().collect::<Vec<_>>(), m.map(|s| s.value()))
            });
            (recording, outputs, out)
        })
    }
}

impl<K: LinearMap<Sym>, A: Rescale<Sym>, B: Rescale<Sym>> Compiled<K, A, B> {
    /// A copy of the tape `entry` picks, once its entry point has run.
    fn tape(&self, entry: impl Fn(&Entries<Value<A>, Value<B>>) -> Option<&Tape>) -> Tape {
        entry(&self.entries.borrow())
            .expect("catad::staged: an entry point keeps the tape it ran")
            .clone()
    }
}

/// The coordinates of `y` shaped like `shape`, appended to `outputs`, and `y`'s value.
fn outputs_of<Y: Rescale<Sym>>(y: &Y, shape: &Y, outputs: &mut Vec<Sym>) -> Y::Over<f64> {
    let start = outputs.len();
    y.push_coords_as(shape, outputs);
    shape
        .rescale(&mut |_| 0.0)
        .read_coords(&mut outputs[start..].iter().map(|s| s.value()))
}

impl<K, A> Compiled<K, A, Sym>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
    Value<A>: Rescale<f64, Over<Sym> = A, Over<f64> = Value<A>>,
{
    /// The gradient of a scalar program at `a` ([`crate::ad::gradient`]).
    pub fn gradient(&self, a: &Value<A>) -> Value<A> {
        self.value_and_gradient(a).1
    }

    /// The value and the gradient of a scalar program at `a`, from one tape.
    pub fn value_and_gradient(&self, a: &Value<A>) -> (f64, Value<A>) {
        let mut entries = self.entries.borrow_mut();
        Entry::run(&mut entries.gradient, a, |a| self.record_gradient(a))
    }

    /// The recording of the value and the gradient at `a`: its outputs (the value, then the
    /// gradient's coordinates), and both.
    pub(super) fn record_gradient(&self, a: &Value<A>) -> (Recording, Vec<Sym>, (f64, Value<A>)) {
        let (recording, (outputs, out)) = record(a, self.simplify, |a| {
            let (b, da) = ad::vjp(&self.f, a.clone(), Sym::constant(1.0));
            let mut outputs = vec![b];
            let out = (b.value(), outputs_of(&da, &a, &mut outputs));
            (outputs, out)
        });
        (recording, outputs, out)
    }

    /// The tape of the gradient, recorded at `a` (or the one recorded already, if it applies
    /// there): its inputs the coordinates of `a`, its outputs the value and the gradient's
    /// coordinates. A tape is `Send + Sync`, for evaluation in batches or by hand.
    pub fn gradient_tape(&self, a: &Value<A>) -> Tape {
        self.value_and_gradient(a);
        self.tape(|e| e.gradient.as_ref().map(|e| &e.tape))
    }
}

impl<K: LinearMap<Sym>> Compiled<K, Sym, Sym> {
    /// The derivative of a scalar function at `x` ([`crate::ad::derivative`]).
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&Forward::sin_c());
    /// assert_eq!(c.derivative(0.0), 1.0);
    /// ```
    pub fn derivative(&self, x: f64) -> f64 {
        self.jvp(&x, &1.0).1
    }
}

impl<K: LinearMap<Sym>, A: Rescale<Sym>, B: Rescale<Sym>> fmt::Debug for Compiled<K, A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Compiled({:?})", self.f)
    }
}
