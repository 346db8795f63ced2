//! Ordinary Rust expressions to categorical terms, following the lambda-to-categories
//! construction (Elliott, "Compiling to categories"): a variable is a projection from the
//! environment, `let` extends the environment (`body ∘ (id △ value)`), a tuple is a fork, a call
//! is a composition.

use crate::env::Env;
use crate::errors::{SUPPORTED_METHODS, unsupported, with_list};
use crate::ir::{Cmp, Pred, Prim, Term, compose, cond, fork};
use crate::types::{ScalarType, Ty};
use proc_macro2::Span;
use quote::{ToTokens, quote};
use syn::spanned::Spanned;
use syn::{BinOp, Block, Expr, Lit, Member, Stmt, UnOp};

/// Translates the body of one program.
pub(crate) struct Translator {
    pub(crate) scalar: ScalarType,
    /// The program's own name: a program is built eagerly, so it cannot call itself.
    pub(crate) name: syn::Ident,
}

type Typed = (Term, Ty);

impl Translator {
    /// A block: `let` statements, then the result expression.
    pub(crate) fn block(&mut self, env: &Env, block: &Block) -> syn::Result<Typed> {
        self.stmts(env, &block.stmts, block)
    }

    fn stmts(&mut self, env: &Env, stmts: &[Stmt], block: &Block) -> syn::Result<Typed> {
        match stmts {
            [] => Err(unsupported(
                block,
                "a block without a result: end it with the result expression, without `;`",
            )),
            [Stmt::Expr(result, None)] => self.expr(env, result),
            [Stmt::Local(local), rest @ ..] => {
                if let Some(init) = local.init.as_ref().and_then(|init| init.diverge.as_ref()) {
                    return Err(unsupported(&init.1, "`let … else`"));
                }
                let Some(init) = &local.init else {
                    return Err(unsupported(local, "`let` without a value"));
                };
                let (value, ty) = self.expr(env, &init.expr)?;
                let bound = Env::bind(&local.pat, &ty, &mut self.scalar)?;
                let extended = Env::Pair(Box::new(env.clone()), Box::new(bound));
                let (body, ty) = self.stmts(&extended, rest, block)?;
                Ok((compose(body, fork(Term::Id, value)), ty))
            }
            [Stmt::Expr(e, _), ..] => {
                // Report what is wrong inside the statement first (a loop, an assignment, …).
                self.expr(env, e)?;
                Err(unsupported(
                    e,
                    "statements other than `let`: a program is pure, its block is `let` \
                     bindings and a final result expression",
                ))
            }
            [Stmt::Item(item), ..] => Err(unsupported(item, "items (fn, const, use, …) in a body")),
            [Stmt::Macro(mac), ..] => Err(unsupported(mac, "macros")),
        }
    }

    /// An expression, as a morphism from the environment, and its type.
    pub(crate) fn expr(&mut self, env: &Env, e: &Expr) -> syn::Result<Typed> {
        match e {
            Expr::Paren(p) => self.expr(env, &p.expr),
            Expr::Group(g) => self.expr(env, &g.expr),
            Expr::Lit(lit) => Ok((self.literal(&lit.lit, false)?, Ty::Scalar)),
            Expr::Path(path) => {
                if path.qself.is_none()
                    && let Some(ident) = path.path.get_ident()
                    && let Some(var) = env.lookup(ident)
                {
                    return Ok(var);
                }
                Ok((Term::Const(path.to_token_stream(), path.span()), Ty::Scalar))
            }
            Expr::Tuple(tuple) => match tuple.elems.len() {
                0 => Ok((Term::It, Ty::Unit)),
                2 => {
                    let (f, a) = self.expr(env, &tuple.elems[0])?;
                    let (g, b) = self.expr(env, &tuple.elems[1])?;
                    Ok((fork(f, g), Ty::Pair(Box::new(a), Box::new(b))))
                }
                n => Err(unsupported(
                    tuple,
                    &format!("tuples of {n} components (the categorical product is a pair)"),
                )),
            },
            Expr::Unary(u) => match u.op {
                UnOp::Neg(_) => {
                    if let Expr::Lit(lit) = &*u.expr {
                        return Ok((self.literal(&lit.lit, true)?, Ty::Scalar));
                    }
                    let (f, ty) = self.scalar_operand(env, &u.expr, "`-`")?;
                    Ok((compose(Term::Prim(Prim::Negate, u.span()), f), ty))
                }
                UnOp::Not(_) => Err(unsupported(u, "`!` outside the condition of an `if`")),
                UnOp::Deref(_) => Err(unsupported(u, "references (`*`)")),
                _ => Err(unsupported(u, "this operator")),
            },
            Expr::Binary(b) => self.binary(env, b),
            Expr::MethodCall(call) => self.method(env, call),
            Expr::Call(call) => self.call(env, call),
            Expr::Field(field) => {
                let (f, ty) = self.expr(env, &field.base)?;
                let right = match &field.member {
                    Member::Unnamed(index) if index.index < 2 => index.index == 1,
                    Member::Unnamed(index) => {
                        return Err(unsupported(index, "tuple fields other than .0 and .1"));
                    }
                    Member::Named(name) => {
                        return Err(unsupported(
                            name,
                            "named fields (structs are not supported yet)",
                        ));
                    }
                };
                let ty = match ty {
                    Ty::Pair(a, b) => *if right { b } else { a },
                    Ty::Unknown => Ty::Unknown,
                    other => {
                        return Err(unsupported(
                            &field.base,
                            &format!("`.0`/`.1` of {other}: they select the components of a pair"),
                        ));
                    }
                };
                let projection = if right { Term::Exr } else { Term::Exl };
                Ok((compose(projection, f), ty))
            }
            Expr::Block(b) => {
                if let Some(label) = &b.label {
                    return Err(unsupported(label, "labels"));
                }
                self.block(env, &b.block)
            }
            Expr::If(i) => {
                let Some((_, otherwise)) = &i.else_branch else {
                    return Err(unsupported(
                        quote!(#i),
                        "`if` without `else`: a program always has a result, so both branches are needed",
                    ));
                };
                let p = self.pred(env, &i.cond)?;
                let (then, a) = self.block(env, &i.then_branch)?;
                let (otherwise_term, b) = self.expr(env, otherwise)?;
                let Some(ty) = a.unify(&b) else {
                    return Err(unsupported(
                        otherwise,
                        &format!("branches of different types: `then` is {a}, `else` is {b}"),
                    ));
                };
                Ok((cond(p, then, otherwise_term), ty))
            }
            Expr::ForLoop(l) => {
                let (for_token, pat, in_token, iter) = (&l.for_token, &l.pat, &l.in_token, &l.expr);
                Err(unsupported(
                    quote!(#for_token #pat #in_token #iter),
                    "`for` loops",
                ))
            }
            Expr::While(w) => {
                let (while_token, condition) = (&w.while_token, &w.cond);
                Err(unsupported(
                    quote!(#while_token #condition),
                    "`while` loops",
                ))
            }
            Expr::Loop(l) => Err(unsupported(l.loop_token, "`loop`")),
            Expr::Assign(a) => Err(unsupported(a, "mutation (assignment)")),
            Expr::Reference(r) => Err(unsupported(r, "references (`&`)")),
            Expr::Return(r) => Err(unsupported(
                r,
                "`return`: a program's result is its body's final expression",
            )),
            Expr::Closure(c) => Err(unsupported(c, "closures")),
            Expr::Match(m) => {
                let (match_token, scrutinee) = (&m.match_token, &m.expr);
                Err(unsupported(
                    quote!(#match_token #scrutinee),
                    "`match` (use if/else on comparisons)",
                ))
            }
            Expr::Macro(m) => Err(unsupported(m, "macros")),
            Expr::Index(i) => Err(unsupported(i, "indexing (vectors are not supported yet)")),
            Expr::Array(a) => Err(unsupported(a, "arrays (vectors are not supported yet)")),
            Expr::Struct(s) => Err(unsupported(
                s,
                "struct expressions (structs are not supported yet)",
            )),
            Expr::Cast(c) => Err(unsupported(c, "casts (`as`)")),
            Expr::Try(t) => Err(unsupported(t, "`?` (early return)")),
            Expr::Break(b) => Err(unsupported(b, "`break`")),
            Expr::Continue(c) => Err(unsupported(c, "`continue`")),
            Expr::Range(r) => Err(unsupported(r, "ranges")),
            Expr::Let(l) => Err(unsupported(l, "`let` in an expression (`if let`)")),
            Expr::Unsafe(u) => Err(unsupported(u, "`unsafe`")),
            other => Err(unsupported(other, "this expression")),
        }
    }

    /// A float literal as a constant, negated when it follows a unary minus.
    fn literal(&self, lit: &Lit, negated: bool) -> syn::Result<Term> {
        match lit {
            Lit::Float(float) => {
                let suffix = float.suffix();
                if !suffix.is_empty() && suffix != self.scalar.name {
                    return Err(unsupported(
                        float,
                        &format!("{suffix} literals in a program over {}", self.scalar.name),
                    ));
                }
                let value = if negated {
                    quote!(-#float)
                } else {
                    quote!(#float)
                };
                Ok(Term::Const(value, float.span()))
            }
            Lit::Int(int) => Err(unsupported(
                int,
                &format!(
                    "integer literals as scalars: write `{}.0`",
                    int.base10_digits()
                ),
            )),
            other => Err(unsupported(other, "this literal")),
        }
    }

    /// An operand that must be a scalar.
    fn scalar_operand(&mut self, env: &Env, e: &Expr, operator: &str) -> syn::Result<Typed> {
        let (f, ty) = self.expr(env, e)?;
        if !ty.may_be_scalar() {
            return Err(unsupported(
                e,
                &format!("{operator} on {ty}: it takes scalars"),
            ));
        }
        Ok((f, Ty::Scalar))
    }

    fn binary(&mut self, env: &Env, b: &syn::ExprBinary) -> syn::Result<Typed> {
        let prim = match b.op {
            BinOp::Add(_) => Prim::Add,
            BinOp::Sub(_) => Prim::Sub,
            BinOp::Mul(_) => Prim::Mul,
            BinOp::Div(_) => Prim::Div,
            BinOp::AddAssign(_)
            | BinOp::SubAssign(_)
            | BinOp::MulAssign(_)
            | BinOp::DivAssign(_)
            | BinOp::RemAssign(_)
            | BinOp::BitXorAssign(_)
            | BinOp::BitAndAssign(_)
            | BinOp::BitOrAssign(_)
            | BinOp::ShlAssign(_)
            | BinOp::ShrAssign(_) => {
                return Err(unsupported(b, "mutation (compound assignment)"));
            }
            BinOp::Lt(_)
            | BinOp::Le(_)
            | BinOp::Gt(_)
            | BinOp::Ge(_)
            | BinOp::Eq(_)
            | BinOp::Ne(_)
            | BinOp::And(_)
            | BinOp::Or(_) => {
                return Err(unsupported(
                    b,
                    "comparisons and `&&`/`||` outside the condition of an `if`",
                ));
            }
            op => {
                let op = op.to_token_stream().to_string();
                return Err(unsupported(b.op, &format!("the operator `{op}`")));
            }
        };
        let operator = format!("`{}`", b.op.to_token_stream());
        let (f, _) = self.scalar_operand(env, &b.left, &operator)?;
        let (g, _) = self.scalar_operand(env, &b.right, &operator)?;
        Ok((
            compose(Term::Prim(prim, b.op.span()), fork(f, g)),
            Ty::Scalar,
        ))
    }

    fn method(&mut self, env: &Env, call: &syn::ExprMethodCall) -> syn::Result<Typed> {
        let name = call.method.to_string();
        let prim = match name.as_str() {
            "sin" => Prim::Sin,
            "cos" => Prim::Cos,
            "exp" => Prim::Exp,
            "ln" => Prim::Ln,
            "sqrt" => Prim::Sqrt,
            "tanh" => Prim::Tanh,
            "recip" => Prim::Recip,
            "powi" => Prim::Powi(0),
            _ => {
                return Err(with_list(
                    &call.method,
                    &format!("catad::program does not support the method `{name}`"),
                    SUPPORTED_METHODS,
                ));
            }
        };
        if let Some(turbofish) = &call.turbofish {
            return Err(unsupported(turbofish, "type arguments on methods"));
        }
        let prim = match (prim, call.args.len()) {
            (Prim::Powi(_), 1) => Prim::Powi(power(&call.args[0])?),
            (Prim::Powi(_), _) => return Err(power_error(call)),
            (prim, 0) => prim,
            (_, _) => {
                return Err(with_list(
                    &call.args,
                    &format!("catad::program: the method `{name}` takes no arguments"),
                    SUPPORTED_METHODS,
                ));
            }
        };
        let (f, _) = self.scalar_operand(env, &call.receiver, &format!("`{name}`"))?;
        Ok((compose(Term::Prim(prim, call.method.span()), f), Ty::Scalar))
    }

    fn call(&mut self, env: &Env, call: &syn::ExprCall) -> syn::Result<Typed> {
        let Expr::Path(callee) = &*call.func else {
            return Err(unsupported(
                &call.func,
                "calls of anything but a #[catad::program] function by its path",
            ));
        };
        let path = &callee.path;
        if path.is_ident(&self.name) {
            return Err(unsupported(
                callee,
                "recursion: a program is a finite term, built when it is called",
            ));
        }
        if callee.qself.is_some() || path.segments.iter().any(|s| !s.arguments.is_none()) {
            return Err(unsupported(
                callee,
                "type arguments on calls: a program is called by its path, e.g. `sqr(x)`",
            ));
        }
        if path.segments.len() > 1
            && matches!(path.segments[0].ident.to_string().as_str(), "f32" | "f64")
        {
            return Err(unsupported(
                callee,
                "calls of scalar functions by path: write them as methods, e.g. `x.sin()`",
            ));
        }
        let mut args = Vec::with_capacity(call.args.len());
        for arg in &call.args {
            args.push(self.expr(env, arg)?.0);
        }
        // Several arguments make a left-nested tuple, as several parameters do.
        let input = args.into_iter().reduce(fork).unwrap_or(Term::It);
        Ok((
            compose(Term::Call(path.to_token_stream(), path.span()), input),
            Ty::Unknown,
        ))
    }

    /// The condition of an `if`: comparisons of scalars, combined with `&&`, `||` and `!`.
    fn pred(&mut self, env: &Env, e: &Expr) -> syn::Result<Pred> {
        match e {
            Expr::Paren(p) => self.pred(env, &p.expr),
            Expr::Group(g) => self.pred(env, &g.expr),
            Expr::Unary(u) if matches!(u.op, UnOp::Not(_)) => {
                Ok(Pred::Not(Box::new(self.pred(env, &u.expr)?)))
            }
            Expr::Binary(b) => {
                let cmp = match b.op {
                    BinOp::And(_) => {
                        let (p, q) = (self.pred(env, &b.left)?, self.pred(env, &b.right)?);
                        return Ok(Pred::And(Box::new(p), Box::new(q)));
                    }
                    BinOp::Or(_) => {
                        let (p, q) = (self.pred(env, &b.left)?, self.pred(env, &b.right)?);
                        return Ok(Pred::Or(Box::new(p), Box::new(q)));
                    }
                    BinOp::Lt(_) => Cmp::Lt,
                    BinOp::Le(_) => Cmp::Le,
                    BinOp::Gt(_) => Cmp::Gt,
                    BinOp::Ge(_) => Cmp::Ge,
                    BinOp::Eq(_) => Cmp::Eq,
                    BinOp::Ne(_) => Cmp::Ne,
                    _ => return Err(condition_error(e)),
                };
                let operator = format!("`{}`", b.op.to_token_stream());
                let (lhs, _) = self.scalar_operand(env, &b.left, &operator)?;
                let (rhs, _) = self.scalar_operand(env, &b.right, &operator)?;
                Ok(Pred::Compare(lhs, cmp, rhs))
            }
            Expr::Let(l) => Err(unsupported(l, "`if let`")),
            _ => Err(condition_error(e)),
        }
    }
}

/// The exponent of `powi`: an integer literal, possibly negated.
fn power(arg: &Expr) -> syn::Result<i32> {
    let (lit, negated) = match arg {
        Expr::Lit(lit) => (&lit.lit, false),
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => match &*u.expr {
            Expr::Lit(lit) => (&lit.lit, true),
            _ => return Err(power_arg_error(arg)),
        },
        _ => return Err(power_arg_error(arg)),
    };
    let Lit::Int(int) = lit else {
        return Err(power_arg_error(arg));
    };
    if !matches!(int.suffix(), "" | "i32") {
        return Err(power_arg_error(arg));
    }
    let n: i32 = int.base10_parse()?;
    Ok(if negated { -n } else { n })
}

fn power_arg_error(arg: &Expr) -> syn::Error {
    with_list(
        arg,
        "catad::program: the exponent of `powi` must be an integer literal, e.g. `x.powi(3)`",
        SUPPORTED_METHODS,
    )
}

fn power_error(call: &syn::ExprMethodCall) -> syn::Error {
    let span: Span = call.method.span();
    syn::Error::new(
        span,
        format!(
            "catad::program: `powi` takes one integer literal, e.g. `x.powi(3)`; {SUPPORTED_METHODS}"
        ),
    )
}

fn condition_error(e: &Expr) -> syn::Error {
    unsupported(
        e,
        "this condition: a condition compares scalars (<, <=, >, >=, ==, !=), combined with &&, || and !",
    )
}
