//! The environment: the variables in scope, laid out as the nested pairs a program's morphisms
//! start from. A variable is the projection to its place; `let` pairs the environment with the new
//! bindings. A tuple of more than two bound by a pattern is reached through its representation,
//! the left-nested pairs: its projections start with `repr_c`.

use crate::reject::{Rejection, Unsupported};
use crate::term::Term;
use crate::types::{MAX_TUPLE, Ty, Types};
use std::collections::HashSet;
use syn::{Ident, Pat};

/// The shape of an environment value.
#[derive(Clone)]
pub(crate) enum Env {
    /// A variable, its type, and whether it is `mut` (may be assigned).
    Var(Ident, Ty, bool),
    /// A value no name refers to (`_`, `()`).
    Ignored,
    /// `(older, newer)`: `let` puts its bindings on the right.
    Pair(Box<Env>, Box<Env>),
    /// A tuple of `n` components, whose representation (`repr_c`) is the left-nested pairs laid
    /// out as the inner environment.
    Tuple(usize, Box<Env>),
}

impl Env {
    /// The projection to the innermost binding of `name` and its type. Later bindings are on the
    /// right, so the right is searched first: that is shadowing.
    pub(crate) fn lookup(&self, name: &Ident) -> Option<(Term, Ty)> {
        let mut steps = Vec::new();
        let ty = self.find(name, &mut steps)?;
        Some((Term::projection(steps), ty))
    }

    /// Whether the innermost binding of `name` is `mut`.
    pub(crate) fn is_mutable(&self, name: &Ident) -> bool {
        match self {
            Env::Var(var, _, mutable) if var == name => *mutable,
            Env::Var(..) | Env::Ignored => false,
            Env::Tuple(_, inner) => inner.is_mutable(name),
            Env::Pair(older, newer) => {
                if newer.lookup(name).is_some() {
                    newer.is_mutable(name)
                } else {
                    older.is_mutable(name)
                }
            }
        }
    }

    /// The type of the innermost binding of `name`, and in `steps` the projections to it from
    /// the root, outermost last.
    fn find(&self, name: &Ident, steps: &mut Vec<Term>) -> Option<Ty> {
        let within = |step: Term, inner: &Env, steps: &mut Vec<Term>| {
            steps.push(step);
            let found = inner.find(name, steps);
            if found.is_none() {
                steps.pop();
            }
            found
        };
        match self {
            Env::Var(var, ty, _) if var == name => Some(ty.clone()),
            Env::Var(..) | Env::Ignored => None,
            Env::Tuple(n, inner) => within(Term::Repr(*n), inner, steps),
            Env::Pair(older, newer) => {
                within(Term::Exr, newer, steps).or_else(|| within(Term::Exl, older, steps))
            }
        }
    }

    /// The part of the environment that holds the variables named in `names`, and the morphism
    /// that projects it out of the whole: what a closure captures, when `names` are the
    /// identifiers its body mentions. (A name the body rebinds is kept too, which costs a copy,
    /// never a wrong value.)
    pub(crate) fn restrict(&self, names: &HashSet<String>) -> (Env, Term) {
        match self {
            Env::Var(var, ..) if names.contains(&var.to_string()) => (self.clone(), Term::Id),
            Env::Var(..) | Env::Ignored => (Env::Ignored, Term::Id),
            Env::Tuple(n, inner) => match inner.restrict(names) {
                (Env::Ignored, _) => (Env::Ignored, Term::Id),
                (inner, to_inner) => (inner, Term::compose(to_inner, Term::Repr(*n))),
            },
            Env::Pair(older, newer) => {
                let (older, to_older) = older.restrict(names);
                let (newer, to_newer) = newer.restrict(names);
                let to_older = Term::compose(to_older, Term::Exl);
                let to_newer = Term::compose(to_newer, Term::Exr);
                match (older, newer) {
                    (Env::Ignored, Env::Ignored) => (Env::Ignored, Term::Id),
                    (Env::Ignored, newer) => (newer, to_newer),
                    (older, Env::Ignored) => (older, to_older),
                    (older, newer) => (
                        Env::Pair(Box::new(older), Box::new(newer)),
                        Term::fork(to_older, to_newer),
                    ),
                }
            }
        }
    }

    /// The left-nested pairs `((e1, e2), e3)` of `envs`; `Ignored` for none.
    pub(crate) fn nested(envs: Vec<Env>) -> Env {
        envs.into_iter()
            .reduce(|older, newer| Env::Pair(Box::new(older), Box::new(newer)))
            .unwrap_or(Env::Ignored)
    }

    /// The environment bound by the pattern `pat` for a value of type `ty`.
    pub(crate) fn bind(pat: &Pat, ty: &Ty, types: &mut Types) -> syn::Result<Env> {
        match pat {
            Pat::Ident(p) => {
                if let Some(by_ref) = &p.by_ref {
                    return Err(Unsupported::RefBinding.at(by_ref));
                }
                if let Some((at, sub)) = &p.subpat {
                    return Err(Unsupported::AtPattern.at(quote::quote!(#at #sub)));
                }
                Ok(Env::Var(
                    p.ident.clone(),
                    ty.clone(),
                    p.mutability.is_some(),
                ))
            }
            Pat::Wild(_) => Ok(Env::Ignored),
            Pat::Paren(p) => Env::bind(&p.pat, ty, types),
            Pat::Type(p) => {
                let annotated = types.parse(&p.ty)?;
                let Some(ty) = annotated.unify(ty) else {
                    return Err(Rejection::Annotation(ty.clone()).at(&p.ty));
                };
                Env::bind(&p.pat, &ty, types)
            }
            Pat::Tuple(tuple) => match (tuple.elems.len(), ty) {
                (0, Ty::Unit | Ty::Unknown) => Ok(Env::Ignored),
                (2, Ty::Pair(..) | Ty::Unknown) => {
                    let (left, right) = match ty {
                        Ty::Pair(left, right) => ((**left).clone(), (**right).clone()),
                        _ => (Ty::Unknown, Ty::Unknown),
                    };
                    Ok(Env::Pair(
                        Box::new(Env::bind(&tuple.elems[0], &left, types)?),
                        Box::new(Env::bind(&tuple.elems[1], &right, types)?),
                    ))
                }
                (3..=MAX_TUPLE, Ty::Tuple(..) | Ty::Unknown) => {
                    let components = match ty {
                        Ty::Tuple(components) if components.len() == tuple.elems.len() => {
                            components.clone()
                        }
                        Ty::Unknown => vec![Ty::Unknown; tuple.elems.len()],
                        _ => return Err(Rejection::TuplePattern(ty.clone()).at(tuple)),
                    };
                    let bound = (tuple.elems.iter().zip(&components))
                        .map(|(p, t)| Env::bind(p, t, types))
                        .collect::<syn::Result<Vec<_>>>()?;
                    Ok(Env::Tuple(bound.len(), Box::new(Env::nested(bound))))
                }
                (0 | 2..=MAX_TUPLE, _) => Err(Rejection::TuplePattern(ty.clone()).at(tuple)),
                (n, _) => Err(Rejection::Tuple {
                    n,
                    of: "tuple patterns",
                }
                .at(tuple)),
            },
            // `|&x| …`: objects are values, so the reference reads the value.
            Pat::Reference(p) if p.mutability.is_none() => Env::bind(&p.pat, ty, types),
            Pat::Reference(p) => Err(Unsupported::ReferencePattern.at(p)),
            Pat::Struct(p) => Err(Unsupported::StructPattern.at(p)),
            Pat::TupleStruct(p) => Err(Unsupported::TupleStructPattern.at(p)),
            Pat::Slice(p) => Err(Unsupported::SlicePattern.at(p)),
            Pat::Rest(p) => Err(Unsupported::RestPattern.at(p)),
            other => Err(Unsupported::Pattern.at(other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simplify::simplify;
    use syn::parse_quote;

    #[test]
    fn later_bindings_shadow_earlier_ones() {
        let mut types = Types::new();
        let params: Pat = parse_quote!((x, y));
        let pair = Ty::Pair(Box::new(Ty::Scalar), Box::new(Ty::Scalar));
        let env = Env::bind(&params, &pair, &mut types).unwrap();
        let shadow: Pat = parse_quote!(x);
        let env = Env::Pair(
            Box::new(env),
            Box::new(Env::bind(&shadow, &Ty::Scalar, &mut types).unwrap()),
        );
        let x: Ident = parse_quote!(x);
        let y: Ident = parse_quote!(y);
        let z: Ident = parse_quote!(z);
        let place = |name: &Ident| simplify(env.lookup(name).unwrap().0).to_string();
        assert_eq!(place(&x), "exr");
        assert_eq!(place(&y), "exr ∘ exl");
        assert!(env.lookup(&z).is_none());
    }

    #[test]
    fn annotations_refine_unknown_types() {
        let mut types = Types::new();
        let stmt: syn::Stmt = parse_quote!(let (a, b): (f64, (f64, f64)) = f(x););
        let syn::Stmt::Local(local) = stmt else {
            panic!("a let statement parses as a local")
        };
        let env = Env::bind(&local.pat, &Ty::Unknown, &mut types).unwrap();
        let b: Ident = parse_quote!(b);
        let (term, ty) = env.lookup(&b).unwrap();
        assert_eq!(simplify(term).to_string(), "exr");
        assert_eq!(ty, Ty::Pair(Box::new(Ty::Scalar), Box::new(Ty::Scalar)));
    }
}
