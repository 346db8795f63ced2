//! Ordinary Rust expressions to categorical terms, following the lambda-to-categories
//! construction (Elliott, "Compiling to categories"): a variable is a projection from the
//! environment, `let` extends the environment (`body ∘ (id △ value)`), a tuple is a fork, a call
//! is a composition.

use crate::env::Env;
use crate::errors::{SUPPORTED_METHODS, unsupported, with_list};
use crate::ir::{Cmp, Pred, Prim, Term, after_exr, compose, cond, fork};
use crate::types::{Shape, Ty, Types};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use std::collections::HashSet;
use syn::spanned::Spanned;
use syn::{BinOp, Block, Expr, Lit, Member, Stmt, UnOp};

/// Translates the body of one program.
pub(crate) struct Translator {
    pub(crate) types: Types,
    /// The program's own name: a program is built eagerly, so it cannot call itself.
    pub(crate) name: syn::Ident,
    /// The programs it calls, by path: their bounds join its own.
    pub(crate) callees: Vec<syn::Path>,
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
                let bound = Env::bind(&local.pat, &ty, &mut self.types)?;
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
            Expr::Field(field) => self.field(env, field),
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
            Expr::Closure(c) => Err(unsupported(
                c,
                "closures outside `map` and `zip_with` (a program is not a value)",
            )),
            Expr::Match(m) => {
                let (match_token, scrutinee) = (&m.match_token, &m.expr);
                Err(unsupported(
                    quote!(#match_token #scrutinee),
                    "`match` (use if/else on comparisons)",
                ))
            }
            Expr::Macro(m) => Err(unsupported(m, "macros")),
            Expr::Index(i) => Err(unsupported(
                i,
                "indexing: a program works on whole vectors, with map, zip_with, sum and dot",
            )),
            Expr::Array(a) => Err(unsupported(
                a,
                "array expressions: a program's vectors come from its parameters",
            )),
            Expr::Struct(s) => self.literal_struct(env, s),
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

    /// `e.0`, `e.1` of a pair; `e.field` (or `e.0`, …) of a struct.
    fn field(&mut self, env: &Env, field: &syn::ExprField) -> syn::Result<Typed> {
        let (f, ty) = self.expr(env, &field.base)?;
        match (ty, &field.member) {
            (Ty::Struct(name), member) => Ok((
                compose(Term::Field(name, member.to_token_stream()), f),
                Ty::Unknown,
            )),
            (ty @ (Ty::Pair(..) | Ty::Unknown), Member::Unnamed(index)) if index.index < 2 => {
                let right = index.index == 1;
                let ty = match ty {
                    Ty::Pair(a, b) => *if right { b } else { a },
                    _ => Ty::Unknown,
                };
                let projection = if right { Term::Exr } else { Term::Exl };
                Ok((compose(projection, f), ty))
            }
            (Ty::Pair(..), Member::Unnamed(index)) => Err(unsupported(
                index,
                "tuple fields other than .0 and .1 (a pair has two)",
            )),
            (Ty::Unknown, member) => Err(unsupported(
                member,
                "fields of a value whose type the macro cannot see (a program's result or a \
                 field): bind it with its struct type first, e.g. `let p: Params = …;`",
            )),
            (other, _) => Err(unsupported(
                &field.base,
                &format!(
                    "fields of {other}: `.0`/`.1` select the components of a pair, and named \
                     fields those of a struct that derives catad::HasRep"
                ),
            )),
        }
    }

    /// `Params { w: e1, b: e2 }`: the struct built from its fields' programs, given in the order
    /// `#[derive(HasRep)]`'s `__catad_build` takes them.
    fn literal_struct(&mut self, env: &Env, s: &syn::ExprStruct) -> syn::Result<Typed> {
        if let Some(qself) = &s.qself {
            return Err(unsupported(&qself.ty, "qualified paths in struct literals"));
        }
        if let Some(rest) = &s.rest {
            return Err(unsupported(
                rest,
                "struct update syntax (`..`): name every field",
            ));
        }
        let members: Vec<Member> = s.fields.iter().map(|f| f.member.clone()).collect();
        let mut fields = Vec::with_capacity(members.len());
        for i in crate::derive_space::build_order(&members) {
            let (term, _) = self.expr(env, &s.fields[i].expr)?;
            fields.push((members[i].to_token_stream(), term));
        }
        self.types.structs = true;
        let path = s.path.to_token_stream();
        Ok((Term::Build(path.clone(), fields), Ty::Struct(path)))
    }

    /// A float literal as a constant, negated when it follows a unary minus.
    fn literal(&self, lit: &Lit, negated: bool) -> syn::Result<Term> {
        match lit {
            Lit::Float(float) => {
                let suffix = float.suffix();
                if !suffix.is_empty() && suffix != self.types.scalar {
                    return Err(unsupported(
                        float,
                        &format!("{suffix} literals in a program over {}", self.types.scalar),
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
        if let Ty::Vector(..) = ty {
            return Err(unsupported(
                e,
                &format!(
                    "{operator} on a vector: it takes scalars (apply it to each element with \
                     `map` or `zip_with`)"
                ),
            ));
        }
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
        if matches!(name.as_str(), "map" | "zip_with" | "sum" | "dot") {
            return self.vector_method(env, call);
        }
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

    /// `xs.map(f)`, `xs.zip_with(ys, f)`, `xs.sum()`, `xs.dot(ys)` on vectors of a static shape.
    fn vector_method(&mut self, env: &Env, call: &syn::ExprMethodCall) -> syn::Result<Typed> {
        let name = call.method.to_string();
        if let Some(turbofish) = &call.turbofish {
            return Err(unsupported(turbofish, "type arguments on methods"));
        }
        let (xs, xs_ty) = self.expr(env, &call.receiver)?;
        let args: Vec<&Expr> = call.args.iter().collect();
        match (name.as_str(), args.as_slice()) {
            ("sum", []) => {
                let (h, a) = vector(&call.receiver, &xs_ty, None, &name)?;
                Ok((compose(Term::Sum(h), xs), a))
            }
            ("map", [f]) => {
                let (h, a) = vector(&call.receiver, &xs_ty, None, &name)?;
                self.map(env, &h, xs, a, f, 1)
            }
            ("zip_with", [ys, f]) => {
                let (ys_term, ys_ty) = self.expr(env, ys)?;
                let (h, a, b) = two_vectors(&call.receiver, &xs_ty, ys, &ys_ty, &name)?;
                let pairs = compose(Term::Zip(h.clone()), fork(xs, ys_term));
                self.map(env, &h, pairs, Ty::Pair(Box::new(a), Box::new(b)), f, 2)
            }
            ("dot", [ys]) => {
                let (ys_term, ys_ty) = self.expr(env, ys)?;
                let (h, a, b) = two_vectors(&call.receiver, &xs_ty, ys, &ys_ty, &name)?;
                for (operand, ty) in [(&*call.receiver, a), (*ys, b)] {
                    if !ty.may_be_scalar() {
                        return Err(unsupported(
                            operand,
                            &format!(
                                "`dot` of vectors whose elements are {ty}: it takes vectors of scalars"
                            ),
                        ));
                    }
                }
                let products = compose(
                    Term::Fmap(
                        h.clone(),
                        Box::new(Term::Prim(Prim::Mul, call.method.span())),
                    ),
                    compose(Term::Zip(h.clone()), fork(xs, ys_term)),
                );
                Ok((compose(Term::Sum(h), products), Ty::Scalar))
            }
            _ => Err(with_list(
                call,
                &format!(
                    "catad::program: `{name}` takes {}",
                    match name.as_str() {
                        "sum" => "no arguments: `xs.sum()`",
                        "map" => "a closure or a program: `xs.map(|x| x * x)`",
                        "zip_with" => {
                            "a vector and a closure or a program: `xs.zip_with(ys, |x, y| x * y)`"
                        }
                        _ => "a vector: `xs.dot(ys)`",
                    }
                ),
                SUPPORTED_METHODS,
            )),
        }
    }

    /// `fmap f ∘ elements`, for the vector `elements` of shape `h` and element type `a`, and `f`
    /// a closure of `arity` parameters (two for the pairs of `zip_with`) or a program.
    ///
    /// A closure's body is compiled in the environment of the variables it captures, `c`,
    /// extended by its parameters. If it uses only its parameters, it is a morphism `f :: a ⤳ b`
    /// and the result is `fmap f ∘ elements`. Otherwise it is `g :: (c, a) ⤳ b`, and every
    /// element is paired with a copy of the captured variables: `fmap g ∘ zipI ∘ (replI ∘ capture
    /// △ elements)`, where `capture` projects them out of the environment.
    fn map(
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
                let (program, _) = self.call_path(path)?;
                return Ok((
                    compose(fmap(program), elements),
                    Ty::Vector(h.clone(), Box::new(Ty::Unknown)),
                ));
            }
            other => {
                return Err(unsupported(
                    other,
                    "this function argument: `map` and `zip_with` take a closure, e.g. \
                     `|x| x * x`, or a #[catad::program] by its path",
                ));
            }
        };
        check_closure(closure, arity)?;
        let param = match (arity, &a) {
            (2, Ty::Pair(x, y)) => Env::Pair(
                Box::new(Env::bind(&closure.inputs[0], x, &mut self.types)?),
                Box::new(Env::bind(&closure.inputs[1], y, &mut self.types)?),
            ),
            _ => Env::bind(&closure.inputs[0], &a, &mut self.types)?,
        };
        let (captured, capture) = env.restrict(&identifiers(closure.body.to_token_stream()));
        let inner = Env::Pair(Box::new(captured), Box::new(param));
        let (g, b) = self.expr(&inner, &closure.body)?;
        let b = match &closure.output {
            syn::ReturnType::Default => b,
            syn::ReturnType::Type(_, declared) => {
                let declared_ty = self.types.parse(declared)?;
                declared_ty.unify(&b).ok_or_else(|| {
                    unsupported(
                        declared,
                        &format!("a closure whose body is {b}, not {declared_ty}"),
                    )
                })?
            }
        };
        let term = match after_exr(&g) {
            Some(f) => compose(fmap(f), elements),
            None => compose(
                fmap(g),
                compose(
                    Term::Zip(h.clone()),
                    fork(compose(Term::Repl(h.clone()), capture), elements),
                ),
            ),
        };
        Ok((term, Ty::Vector(h.clone(), Box::new(b))))
    }

    fn call(&mut self, env: &Env, call: &syn::ExprCall) -> syn::Result<Typed> {
        let Expr::Path(callee) = &*call.func else {
            return Err(unsupported(
                &call.func,
                "calls of anything but a #[catad::program] function by its path",
            ));
        };
        let (program, ty) = self.call_path(callee)?;
        let mut args = Vec::with_capacity(call.args.len());
        for arg in &call.args {
            args.push(self.expr(env, arg)?.0);
        }
        // Several arguments make a left-nested tuple, as several parameters do.
        let input = args.into_iter().reduce(fork).unwrap_or(Term::It);
        Ok((compose(program, input), ty))
    }

    /// Another program, named by its path: a morphism from its parameters.
    fn call_path(&mut self, callee: &syn::ExprPath) -> syn::Result<Typed> {
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
        let named = path.to_token_stream().to_string();
        if !self
            .callees
            .iter()
            .any(|c| c.to_token_stream().to_string() == named)
        {
            self.callees.push(path.clone());
        }
        Ok((Term::Call(path.to_token_stream(), path.span()), Ty::Unknown))
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

/// Every identifier in `tokens`: a superset of the variables an expression uses.
fn identifiers(tokens: TokenStream) -> HashSet<String> {
    let mut names = HashSet::new();
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => {
                names.insert(ident.to_string());
            }
            TokenTree::Group(group) => names.extend(identifiers(group.stream())),
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
    names
}

/// The shape and element type of the vector `e` of type `ty`, the receiver or argument of the
/// vector method `method`; the shape may come from `other`, the other vector of a `zip_with` or
/// `dot`, when `ty` is not known to the macro.
fn vector(e: &Expr, ty: &Ty, other: Option<&Ty>, method: &str) -> syn::Result<(Shape, Ty)> {
    match (ty, other) {
        (Ty::Vector(h, a), _) => Ok((h.clone(), (**a).clone())),
        (Ty::Unknown, Some(Ty::Vector(h, _))) => Ok((h.clone(), Ty::Unknown)),
        (Ty::Unknown, _) => Err(unsupported(
            e,
            &format!(
                "`{method}` on a value whose type the macro cannot see (a program's result or a \
                 field): bind it with a type, e.g. `let v: [f64; 3] = …;`"
            ),
        )),
        (other, _) => Err(unsupported(
            e,
            &format!("`{method}` on {other}: it takes vectors ([T; N] or SVector<T, N>)"),
        )),
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
        return Err(unsupported(
            ys,
            &format!("`{method}` of vectors of different shapes, {h} and {h2}"),
        ));
    }
    Ok((h, a, b))
}

/// A closure `map` or `zip_with` can compile: `arity` parameters, and none of `async`, `static`
/// or `for<…>`.
fn check_closure(closure: &syn::ExprClosure, arity: usize) -> syn::Result<()> {
    if let Some(lifetimes) = &closure.lifetimes {
        return Err(unsupported(lifetimes, "`for<…>` on closures"));
    }
    if let Some(asyncness) = &closure.asyncness {
        return Err(unsupported(asyncness, "`async` closures"));
    }
    if let Some(movability) = &closure.movability {
        return Err(unsupported(movability, "`static` closures"));
    }
    if closure.inputs.len() != arity {
        let (method, example) = if arity == 1 {
            ("map", "|x| x * x")
        } else {
            ("zip_with", "|x, y| x * y")
        };
        return Err(unsupported(
            &closure.inputs,
            &format!(
                "a closure of {} parameters in `{method}`: it takes {arity}, e.g. `{example}`",
                closure.inputs.len()
            ),
        ));
    }
    Ok(())
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
