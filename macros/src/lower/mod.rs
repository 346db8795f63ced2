//! Lowering: ordinary Rust expressions to categorical terms, following the lambda-to-categories
//! construction (Elliott, "Compiling to categories"). A variable is a projection from the
//! environment, `let` extends the environment (`body ∘ (id △ value)`), a tuple is a fork, a
//! primitive is composed after the fork of its operands, a call is a composition. The terms are
//! built as written; `simplify` rewrites them.

mod calls;
mod closures;
mod conditions;
mod data;
mod linalg;
mod methods;
mod primitives;
mod runtime;
mod statements;
mod structs;
mod vectors;

pub(crate) use linalg::usages as linalg_usages;

use crate::env::Env;
use crate::reject::{self, Rejection, Unsupported};
use crate::term::Term;
use crate::types::{MAX_TUPLE, Ty, Types};
use quote::{ToTokens, quote};
use syn::spanned::Spanned;
use syn::{Block, Expr, Lit, Stmt, UnOp};

/// Lowers the body of one program.
pub(crate) struct Lowering {
    pub(crate) types: Types,
    /// The program's own name: a program is built eagerly, so it cannot call itself.
    pub(crate) name: syn::Ident,
    /// The programs it calls, by path: their bounds join its own.
    pub(crate) callees: Vec<syn::Path>,
}

/// A term and the type of the value it computes.
pub(crate) type Typed = (Term, Ty);

/// How a sequence of statements ends.
pub(super) enum End<'a> {
    /// With its last statement, an expression without `;`: the result of a program's block or
    /// of a branch.
    Result(&'a Block),
    /// With a value read from the environment the statements leave: the state a loop's body
    /// computes, whose statements all assign.
    State(&'a dyn Fn(&Env) -> Typed),
}

impl Lowering {
    /// A lowering for the program `name`, whose signature gave `types`.
    pub(crate) fn new(name: syn::Ident, types: Types) -> Lowering {
        Lowering {
            types,
            name,
            callees: Vec::new(),
        }
    }

    /// A block: `let` statements and statements that assign, then the result expression.
    pub(crate) fn block(&mut self, env: &Env, block: &Block) -> syn::Result<Typed> {
        self.sequence(env, &block.stmts, &End::Result(block))
    }

    /// Statements, each a morphism of the environment the ones before leave, and their `end`.
    fn sequence(&mut self, env: &Env, stmts: &[Stmt], end: &End) -> syn::Result<Typed> {
        match (stmts, end) {
            ([], End::Result(block)) => Err(Unsupported::BlockWithoutResult.at(block)),
            ([], End::State(state)) => Ok(state(env)),
            ([Stmt::Expr(result, None)], End::Result(_)) => self.expr(env, result),
            ([Stmt::Local(local), rest @ ..], _) => {
                if let Some(init) = local.init.as_ref().and_then(|init| init.diverge.as_ref()) {
                    return Err(Unsupported::LetElse.at(&init.1));
                }
                let Some(init) = &local.init else {
                    return Err(Unsupported::LetWithoutValue.at(local));
                };
                let (value, ty) = self.expr(env, &init.expr)?;
                let bound = Env::bind(&local.pat, &ty, &mut self.types)?;
                self.then(env, (bound, value), rest, end)
            }
            ([stmt @ Stmt::Expr(e, _), rest @ ..], _) => {
                if let Some(binding) = self.assigning(env, e)? {
                    return self.then(env, binding, rest, end);
                }
                // Report what is wrong inside the statement first (a loop, an assignment, …).
                self.expr(env, e)?;
                Err(reject::statement(stmt))
            }
            ([stmt, ..], _) => Err(reject::statement(stmt)),
        }
    }

    /// The statements `rest` after a binding (of `bound`, computed by `value`), as `let` makes
    /// them: `rest ∘ (id △ value)`, in the environment extended by `bound`.
    fn then(
        &mut self,
        env: &Env,
        (bound, value): (Env, Term),
        rest: &[Stmt],
        end: &End,
    ) -> syn::Result<Typed> {
        let extended = Env::Pair(Box::new(env.clone()), Box::new(bound));
        let (body, ty) = self.sequence(&extended, rest, end)?;
        Ok((Term::compose(body, Term::fork(Term::Id, value)), ty))
    }

    /// An expression, as a morphism from the environment, and its type: a value, never a
    /// `#[data]` Vec or an iterator over data, which only their readers take ([`Self::operand`]).
    pub(crate) fn expr(&mut self, env: &Env, e: &Expr) -> syn::Result<Typed> {
        let (term, ty) = self.operand(env, e)?;
        match ty {
            Ty::Data(_) => Err(Unsupported::DataVector.at(e)),
            Ty::View(_) => Err(Unsupported::DataIterator.at(e)),
            ty => Ok((term, ty)),
        }
    }

    /// An expression that may also be a `#[data]` Vec or an iterator over data: the receiver of
    /// a method, the vector of an index, the iterable of a `for` loop or of `zip`. A variable
    /// that holds other data is read (`read`) where it is used.
    pub(super) fn operand(&mut self, env: &Env, e: &Expr) -> syn::Result<Typed> {
        match e {
            Expr::Paren(p) => self.operand(env, &p.expr),
            Expr::Group(g) => self.operand(env, &g.expr),
            Expr::Lit(lit) => self.literal(&lit.lit, false),
            Expr::Path(path) => {
                if path.qself.is_none()
                    && let Some(ident) = path.path.get_ident()
                    && let Some(var) = env.lookup(ident)
                {
                    return Ok(match var {
                        (term, Ty::Data(ty)) if !matches!(*ty, Ty::Vec(_)) => {
                            let read = Term::op(crate::term::Op::Read, ident.span());
                            (Term::compose(read, term), *ty)
                        }
                        var => var,
                    });
                }
                Ok((Term::Const(path.to_token_stream(), path.span()), Ty::Scalar))
            }
            Expr::Tuple(tuple) => match tuple.elems.len() {
                0 => Ok((Term::It, Ty::Unit)),
                2 => {
                    let (f, a) = self.expr(env, &tuple.elems[0])?;
                    let (g, b) = self.expr(env, &tuple.elems[1])?;
                    Ok((Term::fork(f, g), Ty::Pair(Box::new(a), Box::new(b))))
                }
                n @ 3..=MAX_TUPLE => {
                    let (mut terms, mut types) = (Vec::with_capacity(n), Vec::with_capacity(n));
                    for e in &tuple.elems {
                        let (f, a) = self.expr(env, e)?;
                        terms.push(f);
                        types.push(a);
                    }
                    Ok((Term::tuple(terms), Ty::Tuple(types)))
                }
                n => Err(Rejection::Tuple { n, of: "tuples" }.at(tuple)),
            },
            Expr::Unary(u) => match u.op {
                UnOp::Neg(_) => {
                    if let Expr::Lit(lit) = &*u.expr {
                        return self.literal(&lit.lit, true);
                    }
                    self.prefix(env, u)
                }
                UnOp::Not(_) => Err(Unsupported::NotOutsideCondition.at(u)),
                // Objects are values: reading through a reference reads the value.
                UnOp::Deref(_) => self.operand(env, &u.expr),
                _ => Err(Unsupported::Operator.at(u)),
            },
            Expr::Reference(r) => match &r.mutability {
                Some(mutability) => {
                    let and = r.and_token;
                    Err(Unsupported::MutBorrow.at(quote!(#and #mutability)))
                }
                None => self.operand(env, &r.expr),
            },
            Expr::Index(i) => self.index(env, i),
            Expr::Range(r) => self.range(env, r),
            Expr::Cast(c) => self.cast(env, c),
            Expr::Binary(b) => self.infix(env, b),
            Expr::MethodCall(call) => self.method(env, call),
            Expr::Call(call) => self.call(env, call),
            Expr::Field(field) => self.field(env, field),
            Expr::Struct(s) => self.literal_struct(env, s),
            Expr::Block(b) => {
                if let Some(label) = &b.label {
                    return Err(Unsupported::Label.at(label));
                }
                self.block(env, &b.block)
            }
            Expr::If(i) => {
                let Some((_, otherwise)) = &i.else_branch else {
                    return Err(Unsupported::IfWithoutElse.at(quote!(#i)));
                };
                let p = self.pred(env, &i.cond)?;
                let (then, a) = self.block(env, &i.then_branch)?;
                let (otherwise_term, b) = self.expr(env, otherwise)?;
                let Some(ty) = a.unify(&b) else {
                    return Err(Rejection::BranchTypes {
                        then: a,
                        otherwise: b,
                    }
                    .at(otherwise));
                };
                Ok((Term::cond(p, then, otherwise_term), ty))
            }
            other => Err(reject::expression(other)),
        }
    }

    /// A float literal as a scalar constant, negated when it follows a unary minus, or an
    /// integer literal as an index.
    fn literal(&self, lit: &Lit, negated: bool) -> syn::Result<Typed> {
        match lit {
            Lit::Float(float) => {
                let suffix = float.suffix();
                if !suffix.is_empty() && suffix != self.types.scalar {
                    return Err(Rejection::LiteralSuffix {
                        suffix: suffix.to_string(),
                        scalar: self.types.scalar.clone(),
                    }
                    .at(float));
                }
                let value = if negated {
                    quote!(-#float)
                } else {
                    quote!(#float)
                };
                Ok((Term::Const(value, float.span()), Ty::Scalar))
            }
            Lit::Int(int) if !negated && matches!(int.suffix(), "" | "usize") => {
                Ok((Term::index(int.base10_parse()?, int.span()), Ty::Index))
            }
            Lit::Int(int) => Err(Rejection::IntegerLiteral(int.base10_digits().into()).at(int)),
            other => Err(Unsupported::Literal.at(other)),
        }
    }
}
