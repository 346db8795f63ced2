//! The laws of terms: a program's term, built in the syntax category [`Syn`], is the free
//! category's image of the program, and each interpretation of the term is the functor out of it —
//! so interpreting the term must give what the program gives when instantiated in that category
//! directly. Stated for running (`Fun`), for the forward and the reverse derivative (each mode
//! `D<K>`), for the term interpreted in each mode, for composition, and for second derivatives (a
//! derivative term differentiated again).

use crate::{At, Observe, close_slices, same_at};
use catad::interpretations::Func;
use catad::prelude::*;
use catad::term::{Syn, Term};

/// `run ⟦p⟧_Syn = ⟦p⟧_Fun`: the term runs as the program does in `Fun`.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
/// use catad_laws::{At, terms::runs_as_fun};
/// assert!(runs_as_fun(&Syn::sin_c(), &Fun::sin_c(), &At::point(0.5)));
/// ```
pub fn runs_as_fun<A: Space<f64>, B: Space<f64>>(
    term: &Term<A, B>,
    in_fun: &Func<A, B>,
    at: &At<A, B>,
) -> bool {
    close_slices(
        &term.apply(at.a.clone()).coords_as(&at.b),
        &Fun::observe(in_fun, &at.a, &at.b),
    )
}

/// The value and Jacobian at `a` of the term's forward derivative ([`Term::jvp`], a column per
/// basis vector) are those of the program in the derivative category `C` (as [`Observe`]
/// reads them: the value, then the matrix by columns).
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
/// use catad_laws::{At, terms::forward_is_mode};
/// let law = forward_is_mode::<Reverse, (f64, f64), f64>;
/// assert!(law(&Syn::mul_c(), &Reverse::mul_c(), &At::point((2.0, 3.0))));
/// ```
pub fn forward_is_mode<C: Observe<f64>, A: Space<f64>, B: Space<f64>>(
    term: &Term<A, B>,
    in_c: &Hom<C, A, B>,
    at: &At<A, B>,
) -> bool {
    let mut seen = term.apply(at.a.clone()).coords_as(&at.b);
    for e in at.a.basis() {
        seen.extend(term.jvp(at.a.clone(), e).1.coords_as(&at.b));
    }
    close_slices(&seen, &C::observe(in_c, &at.a, &at.b))
}

/// The value and Jacobian at `a` of the term's reverse derivative ([`Term::vjp`], a row per
/// basis vector of the codomain) are those of the program in the derivative category `C`.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
/// use catad_laws::{At, terms::reverse_is_mode};
/// let law = reverse_is_mode::<Forward, f64, (f64, f64)>;
/// assert!(law(&Syn::dup(), &Forward::dup(), &At::point(2.0)));
/// ```
pub fn reverse_is_mode<C: Observe<f64>, A: Space<f64>, B: Space<f64>>(
    term: &Term<A, B>,
    in_c: &Hom<C, A, B>,
    at: &At<A, B>,
) -> bool {
    let rows: Vec<Vec<f64>> =
        at.b.basis()
            .into_iter()
            .map(|e| term.vjp(at.a.clone(), e).1.coords())
            .collect();
    let mut seen = term.apply(at.a.clone()).coords_as(&at.b);
    for j in 0..at.a.dim() {
        seen.extend(rows.iter().map(|row| row[j]));
    }
    close_slices(&seen, &C::observe(in_c, &at.a, &at.b))
}

/// `⟦t⟧_C = ⟦p⟧_C` where `t` is `p`'s term: the term interpreted in the category `C`
/// ([`Term::interpret`]) is, observed at `a` (value and, in a derivative category, Jacobian),
/// the program instantiated in `C` — the functor out of terms agrees with the program's
/// interpretation.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
/// use catad_laws::{At, terms::interpretation_is_mode};
/// let law = interpretation_is_mode::<Reverse, (f64, f64), f64>;
/// assert!(law(&Syn::mul_c(), &Reverse::mul_c(), &At::point((2.0, 3.0))));
/// ```
pub fn interpretation_is_mode<C, A, B>(
    term: &Term<A, B>,
    in_c: &Hom<C, A, B>,
    at: &At<A, B>,
) -> bool
where
    C: Observe<f64> + PrimitiveCat<f64>,
    A: Space<f64>,
    B: Space<f64>,
{
    same_at::<C, f64, A, B>(&term.interpret::<C>(), in_c, at)
}

/// `run (g ∘ f) = run g ∘ run f`: running preserves composition.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
/// use catad_laws::terms::run_preserves_compose;
/// assert!(run_preserves_compose(&Syn::exp_c(), &Syn::sin_c(), &0.5));
/// ```
pub fn run_preserves_compose<A: Space<f64>, B: Space<f64>, C: Space<f64>>(
    g: &Term<B, C>,
    f: &Term<A, B>,
    a: &A,
) -> bool {
    let whole = Syn::compose(g.clone(), f.clone()).apply(a.clone());
    let stepwise = g.apply(f.apply(a.clone()));
    close_slices(&whole.coords(), &stepwise.coords())
}

/// Forward over reverse is reverse over forward: the Hessian of a scalar term at `a`
/// ([`Term::hessian`], the forward derivative of its gradient term), equals, by columns, the
/// reverse derivative of its forward derivative at `(a, eⱼ)` — two different transformations of
/// the term, each a term differentiated again.
///
/// ```
/// use catad::prelude::*;
/// use catad::term::Syn;
/// use catad_laws::terms::second_orders_agree;
/// assert!(second_orders_agree(&Syn::mul_c(), &(2.0, 3.0)));
/// ```
pub fn second_orders_agree<A: Space<f64>>(term: &Term<A, f64>, a: &A) -> bool {
    let over_reverse = term.hessian(a.clone());
    let forward = term.forward();
    let over_forward: Vec<f64> = a
        .basis()
        .into_iter()
        .flat_map(|e| forward.vjp((a.clone(), e), (0.0, 1.0)).1.0.coords())
        .collect();
    close_slices(over_reverse.as_slice(), &over_forward)
}
