//! Which kind of unsupported syntax an expression or statement is, and where its error points:
//! at the keyword and header of a loop or `match`, not its whole body.

use super::Unsupported;
use quote::quote;
use syn::{Expr, Stmt};

/// The error for an expression of a kind a program may not contain.
pub(crate) fn expression(e: &Expr) -> syn::Error {
    match e {
        Expr::ForLoop(l) => {
            let (for_token, pat, in_token, iter) = (&l.for_token, &l.pat, &l.in_token, &l.expr);
            Unsupported::ForLoop.at(quote!(#for_token #pat #in_token #iter))
        }
        Expr::While(w) => {
            let (while_token, condition) = (&w.while_token, &w.cond);
            Unsupported::WhileLoop.at(quote!(#while_token #condition))
        }
        Expr::Loop(l) => Unsupported::Loop.at(l.loop_token),
        Expr::Match(m) => {
            let (match_token, scrutinee) = (&m.match_token, &m.expr);
            Unsupported::Match.at(quote!(#match_token #scrutinee))
        }
        Expr::Assign(a) => Unsupported::Assignment.at(a),
        Expr::Return(r) => Unsupported::Return.at(r),
        Expr::Closure(c) => Unsupported::Closure.at(c),
        Expr::Macro(m) => Unsupported::Macro.at(m),
        Expr::Array(a) => Unsupported::ArrayExpression.at(a),
        Expr::Try(t) => Unsupported::Try.at(t),
        Expr::Break(b) => Unsupported::Break.at(b),
        Expr::Continue(c) => Unsupported::Continue.at(c),
        Expr::Let(l) => Unsupported::LetExpression.at(l),
        Expr::Unsafe(u) => Unsupported::Unsafe.at(u),
        other => Unsupported::Expression.at(other),
    }
}

/// The error for a statement that is not `let` and not the block's result.
pub(crate) fn statement(stmt: &Stmt) -> syn::Error {
    match stmt {
        Stmt::Item(item) => Unsupported::Item.at(item),
        Stmt::Macro(mac) => Unsupported::Macro.at(mac),
        Stmt::Expr(e, _) => Unsupported::Statement.at(e),
        Stmt::Local(local) => Unsupported::Statement.at(local),
    }
}
