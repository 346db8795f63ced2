//! The condition of an `if`: comparisons of scalars or of indices, combined with `&&`, `||` and
//! `!`.

use super::Lowering;
use super::primitives::check_operand;
use crate::env::Env;
use crate::primitives::Operand;
use crate::reject::Unsupported;
use crate::term::{Cmp, Pred};
use crate::types::Ty;
use quote::ToTokens;
use syn::{BinOp, Expr, UnOp};

impl Lowering {
    /// The predicate a condition tests.
    pub(super) fn pred(&mut self, env: &Env, e: &Expr) -> syn::Result<Pred> {
        match e {
            Expr::Paren(p) => self.pred(env, &p.expr),
            Expr::Group(g) => self.pred(env, &g.expr),
            Expr::Unary(u) if matches!(u.op, UnOp::Not(_)) => {
                Ok(Pred::Not(Box::new(self.pred(env, &u.expr)?)))
            }
            Expr::Binary(b) if matches!(b.op, BinOp::And(_) | BinOp::Or(_)) => {
                let (p, q) = (self.pred(env, &b.left)?, self.pred(env, &b.right)?);
                let (p, q) = (Box::new(p), Box::new(q));
                Ok(match b.op {
                    BinOp::And(_) => Pred::And(p, q),
                    _ => Pred::Or(p, q),
                })
            }
            Expr::Binary(b) => {
                let op = b.op.to_token_stream().to_string();
                let Some(cmp) = Cmp::from_symbol(&op) else {
                    return Err(Unsupported::Condition.at(e));
                };
                let written = format!("`{op}`");
                let (lhs, lhs_ty) = self.expr(env, &b.left)?;
                let (rhs, rhs_ty) = self.expr(env, &b.right)?;
                let indices = [&lhs_ty, &rhs_ty];
                let on =
                    if indices.contains(&&Ty::Index) && indices.iter().all(|t| t.may_be_index()) {
                        Operand::Index
                    } else {
                        Operand::Scalar
                    };
                check_operand(&lhs_ty, &b.left, on, &written)?;
                check_operand(&rhs_ty, &b.right, on, &written)?;
                Ok(Pred::Compare(lhs, cmp, rhs, on))
            }
            Expr::Let(l) => Err(Unsupported::IfLet.at(l)),
            _ => Err(Unsupported::Condition.at(e)),
        }
    }
}
