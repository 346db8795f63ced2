//! Statements that assign `let mut` variables: an assignment, an `if` without a result, and the
//! loops `for` and `while`. Each is a new binding of the variables it assigns, its *state*, as
//! `let` is (`rest ∘ (id △ state)`), so a program stays a term without mutation:
//!
//! - `x = e;` is `let x = e;`, and `x += e;` is `let x = x + e;`;
//! - `if c { … }` (with or without `else`) computes the new state in each branch:
//!   `cond(c, then, otherwise)`, where a missing `else` keeps the state as it is;
//! - `for i in a..b { … }` is `exl ∘ iterate (body △ i + 1) ∘ (c △ ((s △ a) △ (b − a)))`, the
//!   index in the state beside the variables (as `(a..b).fold`);
//! - `for x in xs.iter() { … }` is `fold body ∘ (c △ (s △ xs))`, and over a `#[data]` Vec
//!   (`for x in &xs`) a loop over its indices that reads `let x = xs[i];` first (see `data`);
//! - `while p { … }` is `iterate_while p body ∘ (c △ s)`;
//!
//! where `s` is the state before the statement, `c` the other variables the loop reads, and
//! `body` the block run on them, ending with the new state.

use super::data::{data_view, indices, read_in_loop};
use super::runtime::{iterate_range, pair};
use super::{End, Lowering, Typed};
use crate::env::Env;
use crate::names::identifiers;
use crate::reject::{Rejection, Unsupported};
use crate::term::{Loop, Term};
use crate::types::Ty;
use quote::{ToTokens, quote};
use std::collections::HashSet;
use syn::{BinOp, Block, Expr, Ident, Pat, Stmt};

/// The variables a statement assigns, in the order they are first assigned, with their types:
/// the state it computes (`()` if it assigns none).
struct State(Vec<(Ident, Ty)>);

/// `x`, `(x, y)`, `((x, y), z)`, … of `items` by `pair`, or `none` if there is no item.
fn nest<T>(items: impl Iterator<Item = T>, none: T, pair: impl Fn(T, T) -> T) -> T {
    items.reduce(pair).unwrap_or(none)
}

impl State {
    /// The environment that binds the state's variables.
    fn env(&self) -> Env {
        let vars = self.0.iter();
        let vars = vars.map(|(name, ty)| Env::Var(name.clone(), ty.clone(), true));
        nest(vars, Env::Ignored, pair)
    }

    /// The state's type.
    fn ty(&self) -> Ty {
        let tys = self.0.iter().map(|(_, ty)| ty.clone());
        nest(tys, Ty::Unit, |older, newer| {
            Ty::Pair(Box::new(older), Box::new(newer))
        })
    }

    /// The morphism that reads the state from the environment `env`.
    fn read(&self, env: &Env) -> Term {
        let reads = self.0.iter();
        let reads =
            reads.map(|(name, _)| env.lookup(name).expect("a state variable is in scope").0);
        nest(reads, Term::It, Term::fork)
    }

    /// Its variables' names.
    fn names(&self) -> HashSet<String> {
        self.0.iter().map(|(name, _)| name.to_string()).collect()
    }
}

impl Lowering {
    /// A statement that assigns variables, as the new binding of its state: the environment it
    /// binds and the morphism computing it, or `None` if `e` assigns nothing.
    pub(super) fn assigning(&mut self, env: &Env, e: &Expr) -> syn::Result<Option<(Env, Term)>> {
        let (state, value) = match e {
            Expr::Assign(a) => {
                let (name, ty) = self.target(env, &a.left)?;
                let value = self.assigned_value(env, &a.right, &name, &ty)?;
                (State(vec![(name, ty)]), value)
            }
            Expr::Binary(b) if compound(&b.op).is_some() => {
                let (name, ty) = self.target(env, &b.left)?;
                let op = compound(&b.op).expect("checked in the guard");
                let binary = Expr::Binary(syn::ExprBinary {
                    attrs: Vec::new(),
                    left: b.left.clone(),
                    op,
                    right: b.right.clone(),
                });
                let value = self.assigned_value(env, &binary, &name, &ty)?;
                (State(vec![(name, ty)]), value)
            }
            // Each is lowered before it is found to assign nothing, so that an error inside it
            // (a `break`, an assignment to a place) is the one reported.
            Expr::If(i) => {
                let state = self.state(env, e)?;
                let value = self.if_statement(env, i, &state)?;
                if state.0.is_empty() {
                    return Ok(None);
                }
                (state, value)
            }
            Expr::ForLoop(l) => {
                let state = self.state(env, e)?;
                let value = self.for_loop(env, l, &state)?;
                let (keyword, pat, in_token) = (&l.for_token, &l.pat, &l.in_token);
                (stateful(state, quote!(#keyword #pat #in_token))?, value)
            }
            Expr::While(w) => {
                let state = self.state(env, e)?;
                let value = self.while_loop(env, w, &state)?;
                let (keyword, cond) = (&w.while_token, &w.cond);
                (stateful(state, quote!(#keyword #cond))?, value)
            }
            _ => return Ok(None),
        };
        Ok(Some((state.env(), value)))
    }

    /// The variable an assignment assigns, and its type: a `let mut` variable.
    fn target(&self, env: &Env, place: &Expr) -> syn::Result<(Ident, Ty)> {
        let Expr::Path(path) = place else {
            return Err(Unsupported::AssignmentPlace.at(place));
        };
        let Some(name) = path.path.get_ident().filter(|_| path.qself.is_none()) else {
            return Err(Unsupported::AssignmentPlace.at(place));
        };
        match env.lookup(name) {
            Some((_, ty)) if env.is_mutable(name) => Ok((name.clone(), ty)),
            _ => Err(Rejection::NotMutable(name.to_string()).at(name)),
        }
    }

    /// The value assigned to `name`, of its type `ty`.
    fn assigned_value(&mut self, env: &Env, e: &Expr, name: &Ident, ty: &Ty) -> syn::Result<Term> {
        let (value, value_ty) = self.expr(env, e)?;
        if ty.unify(&value_ty).is_none() {
            return Err(Rejection::Reassigned {
                name: name.to_string(),
                was: ty.clone(),
                now: value_ty,
            }
            .at(e));
        }
        Ok(value)
    }

    /// The variables of `env` that the statement `e` assigns.
    fn state(&self, env: &Env, e: &Expr) -> syn::Result<State> {
        let mut names = Vec::new();
        assigned_in_expr(e, &HashSet::new(), &mut names);
        let mut state = Vec::with_capacity(names.len());
        for name in names {
            let (name, ty) = self.target(env, &syn::parse_quote!(#name))?;
            state.push((name, ty));
        }
        Ok(State(state))
    }

    /// A block that ends with the new `state`, as a morphism from `env`.
    fn state_block(&mut self, env: &Env, block: &Block, state: &State) -> syn::Result<Term> {
        let end = |env: &Env| (state.read(env), state.ty());
        let (term, _) = self.sequence(env, &block.stmts, &End::State(&end))?;
        Ok(term)
    }

    /// `if c { … } else { … }` as a statement: the state either branch leaves.
    fn if_statement(&mut self, env: &Env, i: &syn::ExprIf, state: &State) -> syn::Result<Term> {
        let p = self.pred(env, &i.cond)?;
        let then = self.state_block(env, &i.then_branch, state)?;
        let otherwise = match i.else_branch.as_ref().map(|(_, e)| &**e) {
            None => state.read(env),
            Some(Expr::If(nested)) => self.if_statement(env, nested, state)?,
            Some(Expr::Block(b)) => self.state_block(env, &b.block, state)?,
            Some(other) => return Err(Unsupported::Expression.at(other)),
        };
        Ok(Term::cond(p, then, otherwise))
    }

    /// The variables a loop reads besides its state, and the projection to them (`it` if none).
    fn loop_capture(env: &Env, read: proc_macro2::TokenStream, state: &State) -> (Env, Term) {
        let mut names = identifiers(read);
        names.retain(|name| !state.names().contains(name));
        let (captured, capture) = env.restrict(&names);
        match captured {
            Env::Ignored => (Env::Ignored, Term::It),
            _ => (captured, capture),
        }
    }

    /// `for pat in iterable { body }`, over a range, a run-time vector or data.
    fn for_loop(&mut self, env: &Env, l: &syn::ExprForLoop, state: &State) -> syn::Result<Term> {
        if let Some(label) = &l.label {
            return Err(Unsupported::Label.at(label));
        }
        let (iterable, ty) = match self.operand(env, &l.expr)? {
            (xs, ty @ Ty::Data(_)) => data_view(&l.expr, xs, ty)?,
            lowered => lowered,
        };
        if let Ty::View(view) = &ty {
            let (pat, body) = read_in_loop(view, &l.pat, &l.body);
            let indices = (indices(iterable), Ty::Iter(Box::new(Ty::Index)));
            return self.for_over(env, (&pat, &body, &l.expr), indices, state);
        }
        self.for_over(env, (&l.pat, &l.body, &l.expr), (iterable, ty), state)
    }

    /// The loop `for pat in iterable { body }`, its iterable lowered.
    fn for_over(
        &mut self,
        env: &Env,
        (pat, body, written): (&Pat, &Block, &Expr),
        (iterable, ty): Typed,
        state: &State,
    ) -> syn::Result<Term> {
        let (captured, capture) = Self::loop_capture(env, quote!(#body), state);
        let s = state.read(env);
        match ty {
            Ty::Range => {
                let index = Env::bind(pat, &Ty::Index, &mut self.types)?;
                let inner = pair(captured, pair(state.env(), index));
                let step = self.state_block(&inner, body, state)?;
                Ok(iterate_range(step, capture, s, iterable))
            }
            Ty::Vec(a) | Ty::Iter(a) => {
                let element = Env::bind(pat, &a, &mut self.types)?;
                let inner = pair(pair(captured, state.env()), element);
                let step = self.state_block(&inner, body, state)?;
                let fold = Term::looping(Loop::Fold, step);
                Ok(Term::compose(
                    fold,
                    Term::fork(capture, Term::fork(s, iterable)),
                ))
            }
            other => Err(Rejection::ForOver(other).at(written)),
        }
    }

    /// `while cond { body }`.
    fn while_loop(&mut self, env: &Env, w: &syn::ExprWhile, state: &State) -> syn::Result<Term> {
        if let Some(label) = &w.label {
            return Err(Unsupported::Label.at(label));
        }
        let (cond, body) = (&w.cond, &w.body);
        let (captured, capture) = Self::loop_capture(env, quote!(#cond #body), state);
        let inner = pair(captured, state.env());
        let p = self.pred(&inner, cond)?;
        let step = self.state_block(&inner, body, state)?;
        let s = state.read(env);
        Ok(Term::compose(
            Term::While(Box::new(p), Box::new(step)),
            Term::fork(capture, s),
        ))
    }
}

/// The state of a loop, which must assign a variable; `header` is where to point if not.
fn stateful(state: State, header: proc_macro2::TokenStream) -> syn::Result<State> {
    if state.0.is_empty() {
        return Err(Unsupported::LoopWithoutState.at(header));
    }
    Ok(state)
}

/// `op` without its `=`, if it is a compound assignment: `+=` is `+`.
fn compound(op: &BinOp) -> Option<BinOp> {
    let written = op.to_token_stream().to_string();
    let plain = written.strip_suffix('=')?;
    if plain.is_empty() || ["=", "!", "<", ">"].contains(&plain) {
        return None;
    }
    let span = op.to_token_stream().into_iter().next()?.span();
    let tokens: proc_macro2::TokenStream = plain.parse().ok()?;
    let tokens = tokens.into_iter().map(|mut t| {
        t.set_span(span);
        t
    });
    syn::parse2(tokens.collect()).ok()
}

/// Adds to `names` the variables declared outside `e` (not in `local`) that the statement `e`
/// assigns, each once, in order.
fn assigned_in_expr(e: &Expr, local: &HashSet<String>, names: &mut Vec<Ident>) {
    let mut assign = |place: &Expr| {
        if let Expr::Path(path) = place
            && let Some(name) = path.path.get_ident()
            && !local.contains(&name.to_string())
            && !names.contains(name)
        {
            names.push(name.clone());
        }
    };
    match e {
        Expr::Assign(a) => assign(&a.left),
        Expr::Binary(b) if compound(&b.op).is_some() => assign(&b.left),
        Expr::Paren(p) => assigned_in_expr(&p.expr, local, names),
        Expr::Block(b) => assigned_in_block(&b.block, local.clone(), names),
        Expr::If(i) => {
            assigned_in_block(&i.then_branch, local.clone(), names);
            if let Some((_, otherwise)) = &i.else_branch {
                assigned_in_expr(otherwise, local, names);
            }
        }
        Expr::ForLoop(l) => {
            let mut local = local.clone();
            local.extend(bound_by(&l.pat));
            assigned_in_block(&l.body, local, names);
        }
        Expr::While(w) => assigned_in_block(&w.body, local.clone(), names),
        _ => {}
    }
}

/// [`assigned_in_expr`] for each statement of a block, whose `let`s declare local variables.
fn assigned_in_block(block: &Block, mut local: HashSet<String>, names: &mut Vec<Ident>) {
    for stmt in &block.stmts {
        match stmt {
            Stmt::Local(l) => local.extend(bound_by(&l.pat)),
            Stmt::Expr(e, _) => assigned_in_expr(e, &local, names),
            Stmt::Item(_) | Stmt::Macro(_) => {}
        }
    }
}

/// The names a pattern binds (and any other identifier in it, such as a type's: harmless, as
/// only variables are assigned).
fn bound_by(pat: &Pat) -> HashSet<String> {
    identifiers(pat.to_token_stream())
}
