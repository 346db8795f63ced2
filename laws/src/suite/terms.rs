//! The suite of the term laws ([`crate::terms`]): on random programs of every scalar kind, the
//! term built in `Syn` runs as the program in `Fun`, its derivatives are those of every mode, it
//! preserves composition, and its second derivatives agree in both orders.

use super::check::{Laws, defined};
use crate::modes::{Mode, ModeVisitor, Representation, for_each_mode};
use crate::program::{Curve, Field, Line, Nonlinear, Plane, Pt, RandomProgram};
use crate::{At, terms};
use catad::interpretations::{D, DMap};
use catad::prelude::*;
use catad::term::{Syn, Term};
use std::marker::PhantomData;

/// The term laws on random programs of [`Nonlinear`]: `ℝ → ℝ`, `ℝ² → ℝ`, `ℝ² → ℝ²`, `ℝ → ℝ²`, in
/// every mode of [`for_each_mode`]; composition on pairs of `ℝ → ℝ` programs; second derivatives
/// on `ℝ² → ℝ` programs without custom primitives (whose derivatives are first derivatives only).
///
/// ```no_run
/// catad_laws::suite::terms();
/// ```
pub fn terms() {
    let laws = Laws::new("Syn on Nonlinear programs");
    on_kind::<Line<Nonlinear>>(&laws.at("ℝ → ℝ"));
    on_kind::<Field<Nonlinear>>(&laws.at("ℝ² → ℝ"));
    on_kind::<Plane<Nonlinear>>(&laws.at("ℝ² → ℝ²"));
    on_kind::<Curve<Nonlinear>>(&laws.at("ℝ → ℝ²"));
    laws.check(
        terms::run_preserves_compose::<f64, f64, f64>,
        |law, (g, f, x): (Line<Nonlinear>, Line<Nonlinear>, Pt<f64>)| {
            let defined_at = f.eval(&x.0).and_then(|y| g.eval(&y)).is_some();
            defined(defined_at, || {
                law(&g.interpret::<Syn>(), &f.interpret::<Syn>(), &x.0)
            })
        },
    );
    laws.at("ℝ² → ℝ").check(
        terms::second_orders_agree::<(f64, f64)>,
        |law, (p, x): (Field<Nonlinear>, Pt<(f64, f64)>)| {
            let first_order_only = format!("{p:?}").contains("Softplus");
            defined(p.eval(&x.0).is_some() && !first_order_only, || {
                law(&p.interpret::<Syn>(), &x.0)
            })
        },
    );
}

/// The laws on programs of the kind `P`: against `Fun`, then against each mode.
fn on_kind<P: RandomProgram<Nonlinear>>(laws: &Laws) {
    laws.check(
        terms::runs_as_fun::<P::Dom, P::Cod>,
        |law, (p, x): (P, Pt<P::Dom>)| {
            defined(p.eval(&x.0).is_some(), || {
                law(
                    &p.interpret::<Syn>(),
                    &p.interpret::<Fun>(),
                    &At::point(x.0),
                )
            })
        },
    );
    for_each_mode(&mut InMode::<P>(laws.clone(), PhantomData));
}

/// The derivative laws of terms against one mode.
struct InMode<P>(Laws, PhantomData<P>);

impl<P: RandomProgram<Nonlinear>> ModeVisitor for InMode<P> {
    fn visit<K: Representation>(&mut self, mode: &Mode) {
        let laws = self.0.at(mode.name);
        against_mode::<P, K, _>(&laws, terms::forward_is_mode::<D<K>, P::Dom, P::Cod>);
        against_mode::<P, K, _>(&laws, terms::reverse_is_mode::<D<K>, P::Dom, P::Cod>);
    }
}

/// Checks `law`, a law relating a program's term to the program in `D<K>`.
fn against_mode<P, K, L>(laws: &Laws, law: L)
where
    P: RandomProgram<Nonlinear>,
    K: Representation,
    L: Fn(&Term<P::Dom, P::Cod>, &DMap<K, P::Dom, P::Cod>, &At<P::Dom, P::Cod>) -> bool + Copy,
{
    laws.check(law, |law, (p, x): (P, Pt<P::Dom>)| {
        defined(p.eval(&x.0).is_some(), || {
            law(
                &p.interpret::<Syn>(),
                &p.interpret::<D<K>>(),
                &At::point(x.0),
            )
        })
    });
}
