//! The function of a `map`, `zip_with` or `fold`: a closure, compiled in the environment of the
//! variables it captures, or a function by its path (a program, or a scalar method such as
//! `f64::max`).

use super::{Lowering, Typed};
use crate::env::Env;
use crate::names::{argument, identifiers};
use crate::reject::{Rejection, Unsupported};
use crate::simplify::{compose, cond, factors, fork, from_factors, simplify};
use crate::term::{Indexed, Pred, Term};
use crate::types::{Shape, Ty};
use quote::ToTokens;
use syn::Expr;

/// A function argument compiled as the body of a loop of the vocabulary: `body`, a morphism from
/// an environment that holds the captured variables and the parameters, laid out as the loop
/// needs them; `capture`, which projects the captured variables out of the program's environment
/// (`it` if there is none); and the body's type.
pub(super) struct Body {
    pub(super) capture: Term,
    pub(super) body: Term,
    pub(super) ty: Ty,
}

/// How a method calls its function argument: its name, and an example closure.
pub(super) struct Calling {
    pub(super) method: &'static str,
    pub(super) example: &'static str,
}

impl Lowering {
    /// `fmap f ∘ elements`, for the vector `elements` of shape `h` and element type `a`, and `f`
    /// a closure of `arity` parameters (two for the pairs of `zip_with`) or a program.
    ///
    /// A closure's body is compiled in the environment of the variables it captures, `c`,
    /// extended by its parameters. If it uses only its parameters, it is a morphism `f :: a ⤳ b`
    /// and the result is `fmap f ∘ elements`. Otherwise it is `g :: (c, a) ⤳ b`, and every
    /// element is paired with a copy of the captured variables: `fmap g ∘ zipI ∘ (replI ∘ capture
    /// △ elements)`, where `capture` projects them out of the environment.
    pub(super) fn map(
        &mut self,
        env: &Env,
        h: &Shape,
        elements: Term,
        a: Ty,
        f: &Expr,
        arity: usize,
    ) -> syn::Result<Typed> {
        let fmap = |f: Term| Term::Fmap(h.clone(), Box::new(f));
        let closure = match f {
            Expr::Closure(closure) => closure,
            Expr::Path(path)
                if path
                    .path
                    .get_ident()
                    .is_none_or(|v| env.lookup(v).is_none()) =>
            {
                let (program, _) = self.callee(path)?;
                return Ok((
                    Term::compose(fmap(program), elements),
                    Ty::Vector(h.clone(), Box::new(Ty::Unknown)),
                ));
            }
            other => return Err(Unsupported::FunctionArgument.at(other)),
        };
        let calling = match arity {
            1 => Calling {
                method: "map",
                example: "|x| x * x",
            },
            _ => Calling {
                method: "zip_with",
                example: "|x, y| x * y",
            },
        };
        check_closure(closure, arity, &calling)?;
        let param = match (arity, &a) {
            (2, Ty::Pair(x, y)) => Env::Pair(
                Box::new(Env::bind(&closure.inputs[0], x, &mut self.types)?),
                Box::new(Env::bind(&closure.inputs[1], y, &mut self.types)?),
            ),
            _ => Env::bind(&closure.inputs[0], &a, &mut self.types)?,
        };
        let (captured, capture) = env.restrict(&identifiers(closure.body.to_token_stream()));
        let inner = Env::Pair(Box::new(captured), Box::new(param));
        let (g, b) = self.closure_body(&inner, closure)?;
        // Whether the body uses its captures shows only once it is simplified.
        let g = simplify(g);
        let term = match after_exr(&g) {
            Some(f) => Term::compose(fmap(f), elements),
            None => Term::compose(
                fmap(g),
                Term::compose(
                    Term::Indexed(Indexed::Zip, h.clone()),
                    Term::fork(
                        Term::compose(Term::Indexed(Indexed::Repl, h.clone()), capture),
                        elements,
                    ),
                ),
            ),
        };
        Ok((term, Ty::Vector(h.clone(), Box::new(b))))
    }
}

impl Lowering {
    /// The function argument `f` of the method `calling`, of parameters of the types `params`,
    /// compiled in the environment `layout(captured, parameters)`: a closure, or a function by
    /// its path, compiled as the closure that calls it, `|a, b| f(a, b)`.
    pub(super) fn function(
        &mut self,
        env: &Env,
        f: &Expr,
        calling: &Calling,
        params: &[Ty],
        layout: impl FnOnce(Env, Vec<Env>) -> Env,
    ) -> syn::Result<Body> {
        let called;
        let closure = match f {
            Expr::Closure(closure) => closure,
            Expr::Path(path)
                if path
                    .path
                    .get_ident()
                    .is_none_or(|v| env.lookup(v).is_none()) =>
            {
                let args: Vec<syn::Ident> = (0..params.len()).map(argument).collect();
                called = syn::parse_quote!(|#(#args),*| #path(#(#args),*));
                &called
            }
            other => return Err(Unsupported::FunctionArgument.at(other)),
        };
        check_closure(closure, params.len(), calling)?;
        let mut bound = Vec::with_capacity(params.len());
        for (pat, ty) in closure.inputs.iter().zip(params) {
            bound.push(Env::bind(pat, ty, &mut self.types)?);
        }
        let (captured, capture) = env.restrict(&identifiers(closure.body.to_token_stream()));
        let capture = match captured {
            Env::Ignored => Term::It,
            _ => capture,
        };
        let (body, ty) = self.closure_body(&layout(captured, bound), closure)?;
        Ok(Body { capture, body, ty })
    }

    /// A closure's body in the environment `inner`, and its type, checked against the declared
    /// one.
    fn closure_body(&mut self, inner: &Env, closure: &syn::ExprClosure) -> syn::Result<Typed> {
        let (g, b) = self.expr(inner, &closure.body)?;
        let b = match &closure.output {
            syn::ReturnType::Default => b,
            syn::ReturnType::Type(_, declared) => {
                let declared_ty = self.types.parse(declared)?;
                declared_ty.unify(&b).ok_or_else(|| {
                    Rejection::ClosureResult {
                        body: b,
                        declared: declared_ty,
                    }
                    .at(declared)
                })?
            }
        };
        Ok((g, b))
    }
}

/// A closure a method can compile: `arity` parameters, and none of `async`, `static` or `for<…>`.
pub(super) fn check_closure(
    closure: &syn::ExprClosure,
    arity: usize,
    calling: &Calling,
) -> syn::Result<()> {
    if let Some(lifetimes) = &closure.lifetimes {
        return Err(Unsupported::ClosureLifetimes.at(lifetimes));
    }
    if let Some(asyncness) = &closure.asyncness {
        return Err(Unsupported::AsyncClosure.at(asyncness));
    }
    if let Some(movability) = &closure.movability {
        return Err(Unsupported::StaticClosure.at(movability));
    }
    if closure.inputs.len() != arity {
        return Err(Rejection::ClosureArity {
            given: closure.inputs.len(),
            expected: arity,
            method: calling.method,
            example: calling.example,
        }
        .at(&closure.inputs));
    }
    Ok(())
}

/// The term `t'` with `t = t' ∘ exr`, if there is one: a simplified term of an environment
/// `(e, a)` that only uses `a` (a closure that captures nothing), as a term of `a`.
fn after_exr(t: &Term) -> Option<Term> {
    let mut fs = factors(t.clone());
    let first = fs.pop()?;
    let first = match first {
        Term::Exr => Term::Id,
        Term::Const(..) | Term::ConstIx(..) | Term::It => first,
        Term::Fork(f, g) => fork(after_exr(&f)?, after_exr(&g)?),
        Term::Cond(p, then, otherwise) => cond(
            pred_after_exr(&p)?,
            after_exr(&then)?,
            after_exr(&otherwise)?,
        ),
        Term::Build(name, fields) => Term::Build(
            name,
            fields
                .into_iter()
                .map(|(member, f)| Some((member, after_exr(&f)?)))
                .collect::<Option<_>>()?,
        ),
        _ => return None,
    };
    Some(compose(from_factors(fs), first))
}

/// The predicate `p'` with `p = p' ∘ exr`, if there is one (see [`after_exr`]).
fn pred_after_exr(p: &Pred) -> Option<Pred> {
    Some(match p {
        Pred::Compare(lhs, op, rhs, on) => {
            Pred::Compare(after_exr(lhs)?, *op, after_exr(rhs)?, *on)
        }
        Pred::And(p, q) => Pred::And(Box::new(pred_after_exr(p)?), Box::new(pred_after_exr(q)?)),
        Pred::Or(p, q) => Pred::Or(Box::new(pred_after_exr(p)?), Box::new(pred_after_exr(q)?)),
        Pred::Not(p) => Pred::Not(Box::new(pred_after_exr(p)?)),
    })
}
