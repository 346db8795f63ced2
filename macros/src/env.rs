//! The environment: the variables in scope, laid out as the nested pairs a program's morphisms
//! start from. A variable is the projection to its place; `let` pairs the environment with the new
//! bindings.

use crate::errors::{SUPPORTED_TYPES, unsupported, with_list};
use crate::ir::{Term, compose, fork, projection};
use crate::types::{Ty, Types};
use std::collections::HashSet;
use syn::{Ident, Pat};

/// The shape of an environment value.
#[derive(Clone)]
pub(crate) enum Env {
    /// A variable and its type.
    Var(Ident, Ty),
    /// A value no name refers to (`_`, `()`).
    Ignored,
    /// `(older, newer)`: `let` puts its bindings on the right.
    Pair(Box<Env>, Box<Env>),
}

impl Env {
    /// The projection to the innermost binding of `name` and its type. Later bindings are on the
    /// right, so the right is searched first: that is shadowing.
    pub(crate) fn lookup(&self, name: &Ident) -> Option<(Term, Ty)> {
        let mut steps = Vec::new();
        let ty = self.find(name, &mut steps)?;
        Some((projection(&steps), ty))
    }

    fn find(&self, name: &Ident, steps: &mut Vec<bool>) -> Option<Ty> {
        match self {
            Env::Var(var, ty) if var == name => Some(ty.clone()),
            Env::Var(..) | Env::Ignored => None,
            Env::Pair(older, newer) => {
                steps.push(true);
                if let Some(ty) = newer.find(name, steps) {
                    return Some(ty);
                }
                steps.pop();
                steps.push(false);
                if let Some(ty) = older.find(name, steps) {
                    return Some(ty);
                }
                steps.pop();
                None
            }
        }
    }

    /// The part of the environment that holds the variables named in `names`, and the morphism
    /// that projects it out of the whole: what a closure captures, when `names` are the
    /// identifiers its body mentions. (A name the body rebinds is kept too, which costs a copy,
    /// never a wrong value.)
    pub(crate) fn restrict(&self, names: &HashSet<String>) -> (Env, Term) {
        match self {
            Env::Var(var, _) if names.contains(&var.to_string()) => (self.clone(), Term::Id),
            Env::Var(..) | Env::Ignored => (Env::Ignored, Term::Id),
            Env::Pair(older, newer) => {
                let (older, to_older) = older.restrict(names);
                let (newer, to_newer) = newer.restrict(names);
                let to_older = compose(to_older, Term::Exl);
                let to_newer = compose(to_newer, Term::Exr);
                match (older, newer) {
                    (Env::Ignored, Env::Ignored) => (Env::Ignored, Term::Id),
                    (Env::Ignored, newer) => (newer, to_newer),
                    (older, Env::Ignored) => (older, to_older),
                    (older, newer) => (
                        Env::Pair(Box::new(older), Box::new(newer)),
                        fork(to_older, to_newer),
                    ),
                }
            }
        }
    }

    /// The environment bound by the pattern `pat` for a value of type `ty`.
    pub(crate) fn bind(pat: &Pat, ty: &Ty, types: &mut Types) -> syn::Result<Env> {
        match pat {
            Pat::Ident(p) => {
                if let Some(by_ref) = &p.by_ref {
                    return Err(unsupported(by_ref, "references (`ref`)"));
                }
                if let Some(mutability) = &p.mutability {
                    return Err(unsupported(mutability, "mutation (`mut`)"));
                }
                if let Some((at, sub)) = &p.subpat {
                    return Err(unsupported(quote::quote!(#at #sub), "`@` patterns"));
                }
                Ok(Env::Var(p.ident.clone(), ty.clone()))
            }
            Pat::Wild(_) => Ok(Env::Ignored),
            Pat::Paren(p) => Env::bind(&p.pat, ty, types),
            Pat::Type(p) => {
                let annotated = types.parse(&p.ty)?;
                let Some(ty) = annotated.unify(ty) else {
                    return Err(with_list(
                        &p.ty,
                        &format!("this annotation does not match the value, which is {ty}"),
                        SUPPORTED_TYPES,
                    ));
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
                (0 | 2, _) => Err(with_list(
                    tuple,
                    &format!("this tuple pattern does not match the value, which is {ty}"),
                    SUPPORTED_TYPES,
                )),
                (n, _) => Err(unsupported(
                    tuple,
                    &format!(
                        "tuple patterns of {n} components (the categorical product is a pair)"
                    ),
                )),
            },
            Pat::Reference(p) => Err(unsupported(p, "references")),
            Pat::Struct(p) => Err(unsupported(
                p,
                "struct patterns: take a struct's fields with `p.w`",
            )),
            Pat::TupleStruct(p) => Err(unsupported(
                p,
                "tuple-struct patterns: take a struct's fields with `p.0`",
            )),
            Pat::Slice(p) => Err(unsupported(
                p,
                "slice patterns: a program works on whole vectors, with map, zip_with, sum and dot",
            )),
            Pat::Rest(p) => Err(unsupported(p, "`..` in patterns")),
            other => Err(unsupported(other, "this pattern")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        assert_eq!(env.lookup(&x).unwrap().0.to_string(), "exr");
        assert_eq!(env.lookup(&y).unwrap().0.to_string(), "exr ∘ exl");
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
        assert_eq!(term.to_string(), "exr");
        assert_eq!(ty, Ty::Pair(Box::new(Ty::Scalar), Box::new(Ty::Scalar)));
    }
}
