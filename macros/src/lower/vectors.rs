//! The vector methods (paper §15): `xs.map(f)` is `fmap f ∘ xs`, `xs.zip_with(ys, f)` is
//! `fmap f ∘ zipI ∘ (xs △ ys)`, `xs.sum()` is `sum_c ∘ xs`, and `xs.dot(ys)` is the sum of the
//! products of the pairs.

use super::{Lowering, Typed};
use crate::env::Env;
use crate::primitives::{Operand, Primitive, Syntax};
use crate::reject::Rejection;
use crate::term::{Indexed, Term};
use crate::types::{Shape, Ty};
use syn::Expr;

/// Each vector method and how it is called.
const VECTOR_METHODS: [(&str, &str); 4] = [
    ("map", "xs.map(|x| x * x)"),
    ("zip_with", "xs.zip_with(ys, |x, y| x * y)"),
    ("sum", "xs.sum()"),
    ("dot", "xs.dot(ys)"),
];

/// Whether `name` is a vector method.
pub(super) fn is_vector_method(name: &str) -> bool {
    VECTOR_METHODS.iter().any(|(method, _)| *method == name)
}

impl Lowering {
    /// `xs.map(f)`, `xs.zip_with(ys, f)`, `xs.sum()`, `xs.dot(ys)` on vectors of a static shape,
    /// on the lowered receiver `xs`.
    pub(super) fn vector_method(
        &mut self,
        env: &Env,
        call: &syn::ExprMethodCall,
        (xs, xs_ty): Typed,
    ) -> syn::Result<Typed> {
        let name = call.method.to_string();
        let args: Vec<&Expr> = call.args.iter().collect();
        match (name.as_str(), args.as_slice()) {
            ("sum", []) => {
                let (h, a) = vector(&call.receiver, &xs_ty, None, &name)?;
                Ok((Term::compose(Term::Indexed(Indexed::Sum, h), xs), a))
            }
            ("map", [f]) => {
                let (h, a) = vector(&call.receiver, &xs_ty, None, &name)?;
                self.map(env, &h, xs, a, f, 1)
            }
            ("zip_with", [ys, f]) => {
                let (ys_term, ys_ty) = self.expr(env, ys)?;
                let (h, a, b) = two_vectors(&call.receiver, &xs_ty, ys, &ys_ty, &name)?;
                let pairs = Term::compose(
                    Term::Indexed(Indexed::Zip, h.clone()),
                    Term::fork(xs, ys_term),
                );
                self.map(env, &h, pairs, Ty::Pair(Box::new(a), Box::new(b)), f, 2)
            }
            ("dot", [ys]) => {
                let (ys_term, ys_ty) = self.expr(env, ys)?;
                let (h, a, b) = two_vectors(&call.receiver, &xs_ty, ys, &ys_ty, &name)?;
                for (operand, ty) in [(&*call.receiver, a), (*ys, b)] {
                    if !ty.may_be_scalar() {
                        return Err(Rejection::DotOf(ty).at(operand));
                    }
                }
                let mul = Primitive::find(Syntax::Infix("*"), Operand::Scalar)
                    .expect("multiplication is a primitive");
                let products = Term::compose(
                    Term::Fmap(h.clone(), Box::new(Term::prim(mul, call.method.span()))),
                    Term::compose(
                        Term::Indexed(Indexed::Zip, h.clone()),
                        Term::fork(xs, ys_term),
                    ),
                );
                Ok((
                    Term::compose(Term::Indexed(Indexed::Sum, h), products),
                    Ty::Scalar,
                ))
            }
            _ => {
                let usage = VECTOR_METHODS
                    .iter()
                    .find(|(method, _)| *method == name)
                    .map(|(_, usage)| usage.to_string())
                    .unwrap_or_default();
                Err(Rejection::Arguments { name, usage }.at(call))
            }
        }
    }
}

/// The shape and element type of the vector `e` of type `ty`, the receiver or argument of the
/// vector method `method`; the shape may come from `other`, the other vector of a `zip_with` or
/// `dot`, when `ty` is not known to the macro.
fn vector(e: &Expr, ty: &Ty, other: Option<&Ty>, method: &str) -> syn::Result<(Shape, Ty)> {
    match (ty, other) {
        (Ty::Vector(h, a), _) => Ok((h.clone(), (**a).clone())),
        (Ty::Unknown, Some(Ty::Vector(h, _))) => Ok((h.clone(), Ty::Unknown)),
        (Ty::Unknown, _) => Err(Rejection::VectorOfUnknownShape(method.to_string()).at(e)),
        (other, _) => Err(Rejection::VectorMethodOn {
            method: method.to_string(),
            ty: other.clone(),
        }
        .at(e)),
    }
}

/// The shape and element types of the vectors `xs` and `ys` that `zip_with` or `dot` pairs up:
/// each may take its shape from the other, and the shapes must agree.
fn two_vectors(
    xs: &Expr,
    xs_ty: &Ty,
    ys: &Expr,
    ys_ty: &Ty,
    method: &str,
) -> syn::Result<(Shape, Ty, Ty)> {
    let (h, a) = vector(xs, xs_ty, Some(ys_ty), method)?;
    let (h2, b) = vector(ys, ys_ty, Some(xs_ty), method)?;
    if !h.agrees(&h2) {
        return Err(Rejection::ShapesDiffer {
            method: method.to_string(),
            left: h.to_string(),
            right: h2.to_string(),
        }
        .at(ys));
    }
    Ok((h, a, b))
}
