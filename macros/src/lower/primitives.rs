//! Operators and scalar methods: each is a row of the table of primitives, composed after the
//! fork of its scalar operands; its integer-literal operands are arguments of its vocabulary
//! method.

use super::{Lowering, Typed};
use crate::env::Env;
use crate::primitives::{Operand, Primitive, Syntax};
use crate::reject::{Rejection, Unsupported};
use crate::term::Term;
use crate::types::Ty;
use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{BinOp, Expr, Lit, UnOp};

impl Lowering {
    /// `a ∘ b` for an operator `∘` of the table; assignments and comparisons are not values.
    pub(super) fn infix(&mut self, env: &Env, b: &syn::ExprBinary) -> syn::Result<Typed> {
        let op = b.op.to_token_stream().to_string();
        if let Some(p) = Primitive::find(Syntax::Infix(&op)) {
            return self.primitive(
                env,
                p,
                &[&b.left, &b.right],
                b.op.span(),
                &format!("`{op}`"),
            );
        }
        Err(match b.op {
            BinOp::AddAssign(_)
            | BinOp::SubAssign(_)
            | BinOp::MulAssign(_)
            | BinOp::DivAssign(_)
            | BinOp::RemAssign(_)
            | BinOp::BitXorAssign(_)
            | BinOp::BitAndAssign(_)
            | BinOp::BitOrAssign(_)
            | BinOp::ShlAssign(_)
            | BinOp::ShrAssign(_) => Unsupported::CompoundAssignment.at(b),
            BinOp::Lt(_)
            | BinOp::Le(_)
            | BinOp::Gt(_)
            | BinOp::Ge(_)
            | BinOp::Eq(_)
            | BinOp::Ne(_)
            | BinOp::And(_)
            | BinOp::Or(_) => Unsupported::Comparison.at(b),
            _ => Rejection::UnknownOperator(op).at(b.op),
        })
    }

    /// `-a`, and any prefix operator of the table.
    pub(super) fn prefix(&mut self, env: &Env, u: &syn::ExprUnary) -> syn::Result<Typed> {
        let op = match u.op {
            UnOp::Neg(_) => "-",
            _ => return Err(Unsupported::Operator.at(u)),
        };
        let p = Primitive::find(Syntax::Prefix(op)).expect("negation is a primitive");
        self.primitive(env, p, &[&u.expr], u.span(), &format!("`{op}`"))
    }

    /// `x.method(args)` for a scalar method of the table, or a vector method.
    pub(super) fn method(&mut self, env: &Env, call: &syn::ExprMethodCall) -> syn::Result<Typed> {
        let name = call.method.to_string();
        if let Some(turbofish) = &call.turbofish {
            return Err(Unsupported::MethodTypeArguments.at(turbofish));
        }
        if super::vectors::is_vector_method(&name) {
            return self.vector_method(env, call);
        }
        let Some(p) = Primitive::find(Syntax::Method(&name)) else {
            return Err(Rejection::UnknownMethod(name).at(&call.method));
        };
        if call.args.len() + 1 != p.operands.len() {
            let wrong = Rejection::Arguments {
                name,
                usage: p.usage(),
            };
            return Err(if call.args.is_empty() {
                wrong.at(&call.method)
            } else {
                wrong.at(&call.args)
            });
        }
        let operands: Vec<&Expr> = std::iter::once(&*call.receiver).chain(&call.args).collect();
        self.primitive(env, p, &operands, call.method.span(), &format!("`{name}`"))
    }

    /// The primitive `p` of `operands` (as Rust writes them: a method's receiver first), its
    /// node at `span`; `written` names it in messages.
    fn primitive(
        &mut self,
        env: &Env,
        p: &'static Primitive,
        operands: &[&Expr],
        span: Span,
        written: &str,
    ) -> syn::Result<Typed> {
        let mut inputs = Vec::new();
        let mut literals = Vec::new();
        for (kind, e) in p.operands.iter().zip(operands) {
            match kind {
                Operand::Scalar => inputs.push(self.scalar_operand(env, e, written)?.0),
                Operand::IntLiteral => literals.push(int_literal(e).ok_or_else(|| {
                    Rejection::IntegerLiteralArgument {
                        name: written.trim_matches('`').to_string(),
                        usage: p.usage(),
                    }
                    .at(e)
                })??),
            }
        }
        // Several scalar inputs are paired, left-nested, as a program's parameters are.
        let input = inputs
            .into_iter()
            .reduce(Term::fork)
            .expect("a primitive has a scalar operand");
        Ok((
            Term::compose(Term::Prim(p, literals, span), input),
            Ty::Scalar,
        ))
    }

    /// An operand that must be a scalar, of the operator or method `written`.
    pub(super) fn scalar_operand(
        &mut self,
        env: &Env,
        e: &Expr,
        written: &str,
    ) -> syn::Result<Typed> {
        let (f, ty) = self.expr(env, e)?;
        if let Ty::Vector(..) = ty {
            return Err(Rejection::ScalarOnVector(written.to_string()).at(e));
        }
        if !ty.may_be_scalar() {
            return Err(Rejection::ScalarOn {
                operator: written.to_string(),
                ty,
            }
            .at(e));
        }
        Ok((f, Ty::Scalar))
    }
}

/// An integer literal, possibly negated, that fits an `i32`; `None` if `e` is something else.
fn int_literal(e: &Expr) -> Option<syn::Result<i32>> {
    let (lit, negated) = match e {
        Expr::Lit(lit) => (&lit.lit, false),
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => match &*u.expr {
            Expr::Lit(lit) => (&lit.lit, true),
            _ => return None,
        },
        _ => return None,
    };
    let Lit::Int(int) = lit else {
        return None;
    };
    if !matches!(int.suffix(), "" | "i32") {
        return None;
    }
    Some(
        int.base10_parse::<i32>()
            .map(|n| if negated { -n } else { n }),
    )
}
