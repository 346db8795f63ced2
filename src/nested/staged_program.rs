//! `Nested`: a program given by what it computes over [`Sym`], staged at the points it is run
//! at, and a [`Primitive`] of every category — so a derivative can be taken of it again.

use crate::space::{Additive, Rescale, Scalar, Space};
use crate::staged::{Linearization, Sym, Tape};
use crate::vocabulary::{LinearFn, Primitive, linear_fn};
use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

/// What a [`Nested`] program computes over symbolic values: its value and the shape to read
/// the value's coordinates as.
type Body<X, Y> = Box<dyn Fn(X) -> (Y, Y)>;

/// A program from `X` to `Y` (symbolic types, run over the scalar `S`), staged: at the first point
/// it is run at, its body is recorded over [`Sym`] into a [`Tape`], and from then on the tape is
/// evaluated — recorded again where it does not apply (another branch, another shape). The tape
/// runs over any scalar and is linearized by [`Tape::linearize`], so `Nested` is a
/// [`Primitive`] whose derivative is exact in every mode: its value and derivative can be taken
/// inside a program that is itself differentiated.
///
/// Made by the derivative operators [`gradient_of`](super::gradient_of),
/// [`jvp_of`](super::jvp_of), [`vjp_of`](super::vjp_of) and
/// [`derivative_of`](super::derivative_of).
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::gradient_of;
/// use catad::staged::Sym;
/// use catad::vocabulary::PrimitiveCat;
///
/// // The gradient of a² + b² is (2a, 2b), a program again; its Jacobian is 2·I.
/// let grad = Forward::primitive(std::rc::Rc::new(gradient_of::<f64, _, _>(
///     &catad::paper::mag_sqr::<Reverse, Sym>(),
/// )));
/// assert_eq!(grad.apply((3.0, 4.0)), (6.0, 8.0));
/// assert_eq!(jacobian(&grad, (3.0, 4.0)).as_slice(), &[2.0, 0.0, 0.0, 2.0]);
/// ```
pub struct Nested<S, X, Y> {
    name: &'static str,
    body: Body<X, Y>,
    stage: RefCell<Option<Stage<X, Y>>>,
    scalar: PhantomData<fn() -> S>,
}

/// One recording of a [`Nested`] body: the input's shape it was recorded for, the shape of its
/// outputs, and the tape.
struct Stage<X, Y> {
    input: X,
    output: Y,
    tape: Tape,
}

impl<S, X, Y> Nested<S, X, Y> {
    /// The program named `name` that computes `body`'s value, read as the shape `body` returns
    /// beside it.
    pub(crate) fn new(name: &'static str, body: impl Fn(X) -> (Y, Y) + 'static) -> Self {
        Nested {
            name,
            body: Box::new(body),
            stage: RefCell::new(None),
            scalar: PhantomData,
        }
    }
}

impl<S, X, Y> fmt::Debug for Nested<S, X, Y> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Nested({})", self.name)
    }
}

impl<S, X, Y> Nested<S, X, Y>
where
    S: Scalar,
    X: Rescale<Sym>,
    Y: Rescale<Sym>,
{
    /// The tape linearized at `a` (staged first if no tape applies there), with the shapes of
    /// its input and output.
    fn linearize_at(&self, a: &X::Over<S>) -> (Linearization<S>, X, Y) {
        let coords = a.coords();
        let shape = X::unscale(a, &mut |s| Sym::constant(s.peek()));
        let mut stage = self.stage.borrow_mut();
        if let Some(s) = stage.as_ref().filter(|s| s.input.same_shape(&shape))
            && let Ok(l) = s.tape.linearize(&coords)
        {
            return (l, s.input.clone(), s.output.clone());
        }
        let point: Vec<f64> = coords.iter().map(|s| s.peek()).collect();
        let (tape, output) = Tape::record(&point, |inputs| {
            let x = shape.read_coords(&mut inputs.iter().copied());
            let (y, y_shape) = (self.body)(x);
            let mut outputs = Vec::new();
            y.push_coords_as(&y_shape, &mut outputs);
            (outputs, y_shape)
        });
        let s = stage.insert(Stage {
            input: shape,
            output,
            tape,
        });
        let l = s.tape.linearize(&coords).unwrap_or_else(|_| {
            panic!(
                "catad::nested: {} does not apply at the point it was staged at",
                self.name
            )
        });
        (l, s.input.clone(), s.output.clone())
    }
}

/// Reads coordinates as a value of the shape `shape` (a symbolic type) over `S`.
fn read<S: Scalar, X: Rescale<Sym>>(shape: &X, coords: Vec<S>) -> X::Over<S> {
    shape
        .rescale(&mut |_| S::zero())
        .read_coords(&mut coords.into_iter())
}

impl<S, X, Y> Primitive<X::Over<S>, Y::Over<S>> for Nested<S, X, Y>
where
    S: Scalar,
    X: Rescale<Sym>,
    Y: Rescale<Sym>,
{
    fn name(&self) -> &str {
        self.name
    }

    fn value(&self, a: &X::Over<S>) -> Y::Over<S> {
        let (l, _, output) = self.linearize_at(a);
        read(&output, l.outputs())
    }

    fn linearize(&self, a: &X::Over<S>) -> (Y::Over<S>, Rc<dyn LinearFn<X::Over<S>, Y::Over<S>>>) {
        let (l, input, output) = self.linearize_at(a);
        let b = read(&output, l.outputs());
        let (l, point, value) = (Rc::new(l), a.clone(), b.clone());
        let forward = l.clone();
        let derivative = linear_fn(
            move |da: &X::Over<S>| read(&output, forward.jvp(&da.coords_as(&point))),
            move |db: &Y::Over<S>, acc: &mut X::Over<S>| {
                acc.plus_assign(&read(&input, l.vjp(&db.coords_as(&value))));
            },
        );
        (b, derivative)
    }
}
