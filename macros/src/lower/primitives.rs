//! Operators, scalar methods and scalar functions: each is a row of the table of primitives,
//! chosen by its syntax and the type of its operands (scalars, or indices for `+ - * / %`),
//! composed after the fork of its operands; its integer-literal operands are arguments of its
//! vocabulary method.

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
        if Primitive::written(Syntax::Infix(&op)) {
            let lhs = self.expr(env, &b.left)?;
            let rhs = self.expr(env, &b.right)?;
            let operands = vec![(lhs, &*b.left), (rhs, &*b.right)];
            return self.arithmetic(Syntax::Infix(&op), operands, b.op.span(), &op);
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
        let operand = self.expr(env, &u.expr)?;
        self.arithmetic(Syntax::Prefix(op), vec![(operand, &*u.expr)], u.span(), op)
    }

    /// The operator written `syntax` on its lowered operands: an operation of `catad::linalg` if
    /// one of them is a `DVector` or a `DMatrix`, on indices if one of them is an index and the
    /// others may be, on scalars otherwise.
    fn arithmetic(
        &mut self,
        syntax: Syntax<'_>,
        operands: Vec<(Typed, &Expr)>,
        span: Span,
        op: &str,
    ) -> syn::Result<Typed> {
        let types = || operands.iter().map(|((_, ty), _)| ty);
        if types().any(|ty| matches!(ty, Ty::Linalg(_))) {
            return self.linalg(syntax, operands, span);
        }
        let on = if types().any(|ty| *ty == Ty::Index) && types().all(Ty::may_be_index) {
            Operand::Index
        } else {
            Operand::Scalar
        };
        let written = format!("`{op}`");
        let Some(p) = Primitive::find(syntax, on) else {
            return Err(match on {
                Operand::Index => Rejection::OnIndex(written).at_span(span),
                _ => Rejection::UnknownOperator(op.to_string()).at_span(span),
            });
        };
        let mut inputs = Vec::with_capacity(operands.len());
        for ((term, ty), e) in operands {
            check_operand(&ty, e, on, &written)?;
            inputs.push(term);
        }
        Ok(apply(p, inputs, Vec::new(), span))
    }

    /// `x.method(args)` for a scalar method of the table, on the lowered receiver `x`.
    pub(super) fn scalar_method(
        &mut self,
        env: &Env,
        call: &syn::ExprMethodCall,
        receiver: Typed,
    ) -> syn::Result<Typed> {
        let name = call.method.to_string();
        let Some(p) = Primitive::find(Syntax::Method(&name), Operand::Scalar) else {
            return Err(Rejection::UnknownMethod(name).at(&call.method));
        };
        let args: Vec<&Expr> = call.args.iter().collect();
        if args.len() + 1 != p.operands.len() {
            let wrong = Rejection::Arguments {
                name,
                usage: p.usage(),
            };
            return Err(if args.is_empty() {
                wrong.at(&call.method)
            } else {
                wrong.at(&call.args)
            });
        }
        let written = format!("`{name}`");
        check_operand(&receiver.1, &call.receiver, Operand::Scalar, &written)?;
        self.with_arguments(env, p, vec![receiver.0], &args, call.method.span())
    }

    /// `f(args)` for a primitive called by its path: a scalar method (`f64::max(a, b)`) or a
    /// function of the table (`libm::erf(x)`); `None` if the path is neither.
    pub(super) fn scalar_function(
        &mut self,
        env: &Env,
        call: &syn::ExprCall,
        path: &syn::Path,
    ) -> Option<syn::Result<Typed>> {
        let p = scalar_function(path, &self.types.scalar)?;
        let args: Vec<&Expr> = call.args.iter().collect();
        if args.len() != p.operands.len() {
            let name = crate::print::squashed(&path.to_token_stream());
            return Some(Err(Rejection::Arguments {
                name,
                usage: p.usage(),
            }
            .at(call)));
        }
        Some(self.with_arguments(env, p, Vec::new(), &args, path.span()))
    }

    /// The primitive `p` of `inputs` (its lowered first operands) and of the operands `args`,
    /// which follow them; its node at `span`.
    fn with_arguments(
        &mut self,
        env: &Env,
        p: &'static Primitive,
        mut inputs: Vec<Term>,
        args: &[&Expr],
        span: Span,
    ) -> syn::Result<Typed> {
        let written = format!("`{}`", p.name());
        let mut literals = Vec::new();
        for (kind, e) in p.operands[inputs.len()..].iter().zip(args) {
            match kind {
                Operand::IntLiteral => literals.push(int_literal(e).ok_or_else(|| {
                    Rejection::IntegerLiteralArgument {
                        name: written.trim_matches('`').to_string(),
                        usage: p.usage(),
                    }
                    .at(e)
                })??),
                on => {
                    let (term, ty) = self.expr(env, e)?;
                    check_operand(&ty, e, *on, &written)?;
                    inputs.push(term);
                }
            }
        }
        Ok(apply(p, inputs, literals, span))
    }
}

/// `p ∘ (x1 △ x2 △ …)`, its inputs paired, left-nested, as a program's parameters are.
fn apply(p: &'static Primitive, inputs: Vec<Term>, literals: Vec<i32>, span: Span) -> Typed {
    let input = inputs
        .into_iter()
        .reduce(Term::fork)
        .expect("a primitive has an input");
    let ty = match p.result() {
        Operand::Index => Ty::Index,
        _ => Ty::Scalar,
    };
    (Term::compose(Term::Prim(p, literals, span), input), ty)
}

/// The primitive a path names, if it names one: `f64::max` (a scalar method by its path, for the
/// program's scalar type) or a function of the table (`libm::erf`).
pub(super) fn scalar_function(path: &syn::Path, scalar: &str) -> Option<&'static Primitive> {
    let written = crate::print::squashed(&path.to_token_stream());
    let written = written.trim_start_matches("::");
    if let Some(p) = Primitive::find(Syntax::Function(written), Operand::Scalar) {
        return Some(p);
    }
    let method = written
        .strip_prefix(scalar)
        .or_else(|| written.strip_prefix(&format!("std::{scalar}")))
        .or_else(|| written.strip_prefix(&format!("core::{scalar}")))?
        .strip_prefix("::")?;
    Primitive::find(Syntax::Method(method), Operand::Scalar)
}

/// Checks that an operand of type `ty`, written `e`, fits a primitive `written` on `on` (scalars
/// or indices).
pub(super) fn check_operand(ty: &Ty, e: &Expr, on: Operand, written: &str) -> syn::Result<()> {
    match (on, ty) {
        (Operand::Scalar, Ty::Index) => Err(match integer_literal(e) {
            Some(digits) => Rejection::IntegerLiteral(digits).at(e),
            None => Rejection::IndexAsScalar(written.to_string()).at(e),
        }),
        (_, Ty::Vector(..) | Ty::Vec(_) | Ty::Iter(_)) => {
            Err(Rejection::ScalarOnVector(written.to_string()).at(e))
        }
        (Operand::Index, ty) if !ty.may_be_index() => Err(Rejection::ScalarOn {
            operator: written.to_string(),
            ty: ty.clone(),
        }
        .at(e)),
        (_, ty) if !ty.may_be_scalar() && !ty.may_be_index() => Err(Rejection::ScalarOn {
            operator: written.to_string(),
            ty: ty.clone(),
        }
        .at(e)),
        _ => Ok(()),
    }
}

/// The digits of `e` if it is an integer literal (what a scalar context rejects).
pub(super) fn integer_literal(e: &Expr) -> Option<String> {
    match e {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(int), ..
        }) => Some(int.base10_digits().to_string()),
        Expr::Paren(p) => integer_literal(&p.expr),
        _ => None,
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
