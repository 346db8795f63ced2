//! The entry points of a [`Compiled`] program drawn: each tape as a [`Diagram`] whose bundles
//! are named after the entry point's arguments and results.

use super::Diagram;
use crate::space::{Rescale, Space};
use crate::staged::{Compiled, Sym, Value};
use crate::vocabulary::LinearMap;

impl<K, A, B> Compiled<K, A, B>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
    B: Rescale<Sym>,
    Value<A>: Rescale<f64, Over<Sym> = A, Over<f64> = Value<A>>,
    Value<B>: Rescale<f64, Over<Sym> = B, Over<f64> = Value<B>>,
{
    /// The program itself at `a` (paper Figs. 2 and 3): `a` in, `b` out.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::mag_sqr::<Forward, _>());
    /// let d = c.draw_apply(&(3.0, 4.0));
    /// assert_eq!((d.count("mul"), d.count("add")), (2, 1));
    /// ```
    pub fn draw_apply(&self, a: &Value<A>) -> Diagram {
        let tape = self.apply_tape(a);
        Diagram::of(&tape, &[("a", a.dim())], &[("b", tape.outputs())])
    }

    /// The value and the derivative along a tangent at `a`, as forward mode computes them
    /// (Figs. 4 and 5): `a` and the tangent `da` in, `b` and `db` out. The tangent's value
    /// does not matter: the tape takes it as an input.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::cos_sin_prod::<Forward, _>());
    /// let d = c.draw_jvp(&(1.0, 2.0), &(1.0, 0.0));
    /// // z = x·y and its derivative x·dy + y·dx, then sincos z shared by value and derivative.
    /// assert_eq!(d.count("sincos"), 1);
    /// ```
    pub fn draw_jvp(&self, a: &Value<A>, da: &Value<A>) -> Diagram {
        let tape = self.jvp_tape(a, da);
        let b = tape.outputs() / 2;
        Diagram::of(
            &tape,
            &[("a", a.dim()), ("da", a.dim())],
            &[("b", b), ("db", b)],
        )
    }

    /// The value and the cotangent `db` pulled back at `a`, as reverse mode computes them
    /// (Figs. 8, 9, 11 and 12): `a` and `db` in, `b` and `da` out.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::mag_sqr::<Reverse, _>());
    /// let d = c.draw_vjp(&(3.0, 4.0), &1.0);
    /// assert_eq!(d.nodes()[1].label(), "db");
    /// ```
    pub fn draw_vjp(&self, a: &Value<A>, db: &Value<B>) -> Diagram {
        let tape = self.vjp_tape(a, db);
        Diagram::of(
            &tape,
            &[("a", a.dim()), ("db", db.dim())],
            &[("b", db.dim()), ("da", a.dim())],
        )
    }

    /// The value's Jacobian matrix at `a`: `a` in, the entries out, column by column.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::mag_sqr::<Reverse, _>());
    /// // The 1×2 Jacobian (2a, 2b).
    /// let d = c.draw_jacobian(&(3.0, 4.0));
    /// assert_eq!(d.nodes().last().unwrap().inputs().len(), 2);
    /// ```
    pub fn draw_jacobian(&self, a: &Value<A>) -> Diagram {
        let tape = self.jacobian_tape(a);
        Diagram::of(&tape, &[("a", a.dim())], &[("jacobian", tape.outputs())])
    }
}

impl<K, A> Compiled<K, A, Sym>
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
    Value<A>: Rescale<f64, Over<Sym> = A, Over<f64> = Value<A>>,
{
    /// The value and the gradient of a scalar program at `a`: `a` in, the value `b` and the
    /// gradient out.
    ///
    /// ```
    /// use catad::prelude::*;
    /// let c = catad::staged::compile(&catad::paper::mag_sqr::<Reverse, _>());
    /// let d = c.draw_gradient(&(3.0, 4.0));
    /// let labels: Vec<&str> = d.nodes().iter().map(|n| n.label()).collect();
    /// // a·a + b·b, and the gradient (a + a, b + b).
    /// assert_eq!(labels, ["a", "mul", "mul", "add", "add", "add", "b", "gradient"]);
    /// ```
    pub fn draw_gradient(&self, a: &Value<A>) -> Diagram {
        let tape = self.gradient_tape(a);
        Diagram::of(&tape, &[("a", a.dim())], &[("b", 1), ("gradient", a.dim())])
    }
}
