//! The categorical terms a program compiles to, their simplification by the category laws, and
//! their emission as Rust (calls to catad's vocabulary) and as the paper's notation.

use crate::types::Shape;
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use std::fmt;

/// A primitive of the numeric vocabulary (`NumCat`, `FractionalCat`, `FloatingCat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prim {
    Add,
    Sub,
    Mul,
    Div,
    Negate,
    Sin,
    Cos,
    Exp,
    Ln,
    Sqrt,
    Tanh,
    Recip,
    Powi(i32),
}

impl Prim {
    /// The name of the vocabulary method (`add_c`, …).
    fn method(self) -> &'static str {
        match self {
            Prim::Add => "add_c",
            Prim::Sub => "sub_c",
            Prim::Mul => "mul_c",
            Prim::Div => "div_c",
            Prim::Negate => "negate_c",
            Prim::Sin => "sin_c",
            Prim::Cos => "cos_c",
            Prim::Exp => "exp_c",
            Prim::Ln => "ln_c",
            Prim::Sqrt => "sqrt_c",
            Prim::Tanh => "tanh_c",
            Prim::Recip => "recip_c",
            Prim::Powi(_) => "powi_c",
        }
    }
}

/// A scalar comparison in a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Cmp {
    fn variant(self) -> &'static str {
        match self {
            Cmp::Lt => "Lt",
            Cmp::Le => "Le",
            Cmp::Gt => "Gt",
            Cmp::Ge => "Ge",
            Cmp::Eq => "Eq",
            Cmp::Ne => "Ne",
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
        }
    }
}

/// A morphism of the vocabulary, from the program's environment.
///
/// Spans point at the source syntax a node came from, so that type errors found by rustc in the
/// generated code point at the user's code; they take no part in equality.
#[derive(Clone, Debug)]
pub(crate) enum Term {
    Id,
    Exl,
    Exr,
    Dup,
    It,
    /// `g ∘ f`.
    Compose(Box<Term>, Box<Term>),
    /// `f △ g`.
    Fork(Box<Term>, Box<Term>),
    Prim(Prim, Span),
    /// `const_c(expr)`: a float literal or a constant.
    Const(TokenStream, Span),
    /// Another `#[catad::program]` function.
    Call(TokenStream, Span),
    /// `cond(p, then, otherwise)`.
    Cond(Box<Pred>, Box<Term>, Box<Term>),
    /// `fmap f` over vectors of the shape (`MonoidalI`).
    Fmap(Shape, Box<Term>),
    /// `zipI`: a pair of vectors to the vector of pairs (`ZipI`).
    Zip(Shape),
    /// `replI`: copies of the input, one per position (`CartesianI`).
    Repl(Shape),
    /// The sum of the elements (`SumCat`).
    Sum(Shape),
}

/// The test of a conditional: comparisons of scalar programs, which are run in `Fun`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Pred {
    Compare(Term, Cmp, Term),
    And(Box<Pred>, Box<Pred>),
    Or(Box<Pred>, Box<Pred>),
    Not(Box<Pred>),
}

impl PartialEq for Term {
    fn eq(&self, other: &Self) -> bool {
        use Term::*;
        match (self, other) {
            (Id, Id) | (Exl, Exl) | (Exr, Exr) | (Dup, Dup) | (It, It) => true,
            (Compose(g1, f1), Compose(g2, f2)) | (Fork(g1, f1), Fork(g2, f2)) => {
                g1 == g2 && f1 == f2
            }
            (Prim(p1, _), Prim(p2, _)) => p1 == p2,
            (Const(c1, _), Const(c2, _)) => c1.to_string() == c2.to_string(),
            (Call(p1, _), Call(p2, _)) => p1.to_string() == p2.to_string(),
            (Cond(p1, t1, e1), Cond(p2, t2, e2)) => p1 == p2 && t1 == t2 && e1 == e2,
            (Fmap(h1, f1), Fmap(h2, f2)) => h1 == h2 && f1 == f2,
            (Zip(h1), Zip(h2)) | (Repl(h1), Repl(h2)) | (Sum(h1), Sum(h2)) => h1 == h2,
            _ => false,
        }
    }
}

/// The factors of a composition, outermost first: `g ∘ f ↦ [g, f]`; `id` has none.
fn factors(t: Term) -> Vec<Term> {
    match t {
        Term::Id => Vec::new(),
        Term::Compose(g, f) => {
            let mut out = factors(*g);
            out.extend(factors(*f));
            out
        }
        other => vec![other],
    }
}

/// The composition of factors (outermost first), associated to the right.
fn from_factors(mut fs: Vec<Term>) -> Term {
    let Some(mut acc) = fs.pop() else {
        return Term::Id;
    };
    while let Some(g) = fs.pop() {
        acc = Term::Compose(Box::new(g), Box::new(acc));
    }
    acc
}

/// `g ∘ f`, simplified by laws that never duplicate work:
/// `id ∘ f = f ∘ id = f`, `exl ∘ (f △ g) = f`, `exr ∘ (f △ g) = g`, `exl ∘ dup = exr ∘ dup = id`,
/// `const c ∘ f = const c`, `it ∘ f = it`, and `fmap g ∘ fmap f = fmap (g ∘ f)` (one pass over a
/// vector instead of two).
pub(crate) fn compose(g: Term, f: Term) -> Term {
    let mut fs = factors(g);
    fs.extend(factors(f));
    let mut i = 0;
    while i < fs.len() {
        if matches!(fs[i], Term::Const(..) | Term::It) {
            fs.truncate(i + 1);
            break;
        }
        match &fs[i..] {
            [
                projection @ (Term::Exl | Term::Exr),
                Term::Fork(left, right),
                ..,
            ] => {
                let kept = if *projection == Term::Exl {
                    left
                } else {
                    right
                };
                let kept = factors((**kept).clone());
                fs.splice(i..=i + 1, kept);
                i = i.saturating_sub(1);
            }
            [Term::Exl | Term::Exr, Term::Dup, ..] => {
                fs.drain(i..=i + 1);
                i = i.saturating_sub(1);
            }
            [Term::Fmap(h, g), Term::Fmap(h2, f), ..] if h == h2 => {
                let fused = Term::Fmap(h.clone(), Box::new(compose((**g).clone(), (**f).clone())));
                fs.splice(i..=i + 1, [fused]);
            }
            _ => i += 1,
        }
    }
    from_factors(fs)
}

/// `f △ g`, simplified by `exl △ exr = id`, `id △ id = dup` and, so that a shared input is
/// computed once, `(f ∘ h) △ (g ∘ h) = (f △ g) ∘ h`.
pub(crate) fn fork(f: Term, g: Term) -> Term {
    if f == Term::Exl && g == Term::Exr {
        return Term::Id;
    }
    if f == Term::Id && g == Term::Id {
        return Term::Dup;
    }
    let mut fs = factors(f);
    let mut gs = factors(g);
    let mut shared = Vec::new();
    while let (Some(a), Some(b)) = (fs.last(), gs.last()) {
        if a != b {
            break;
        }
        gs.pop();
        shared.push(fs.pop().expect("checked non-empty"));
    }
    if shared.is_empty() {
        return Term::Fork(Box::new(from_factors(fs)), Box::new(from_factors(gs)));
    }
    shared.reverse();
    compose(
        fork(from_factors(fs), from_factors(gs)),
        from_factors(shared),
    )
}

/// The conditional `cond(p, then, otherwise)`; equal branches need no test.
pub(crate) fn cond(p: Pred, then: Term, otherwise: Term) -> Term {
    if then == otherwise {
        then
    } else {
        Term::Cond(Box::new(p), Box::new(then), Box::new(otherwise))
    }
}

/// The term `t'` with `t = t' ∘ exr`, if there is one: a term of an environment `(e, a)` that only
/// uses `a` (a closure that captures nothing), as a term of `a`.
pub(crate) fn after_exr(t: &Term) -> Option<Term> {
    let mut fs = factors(t.clone());
    let first = fs.pop()?;
    let first = match first {
        Term::Exr => Term::Id,
        Term::Const(..) | Term::It => first,
        Term::Fork(f, g) => fork(after_exr(&f)?, after_exr(&g)?),
        Term::Cond(p, then, otherwise) => {
            cond(p.after_exr()?, after_exr(&then)?, after_exr(&otherwise)?)
        }
        _ => return None,
    };
    Some(compose(from_factors(fs), first))
}

/// A projection from an environment of nested pairs: `steps` from the root, `true` for right.
pub(crate) fn projection(steps: &[bool]) -> Term {
    steps.iter().fold(Term::Id, |acc, &right| {
        compose(if right { Term::Exr } else { Term::Exl }, acc)
    })
}

/// The category a term is emitted in.
#[derive(Clone, Copy)]
pub(crate) enum Cat {
    /// The program's type parameter `K`.
    Generic,
    /// `::catad::cats::Fun`, for the operands of comparisons.
    Fun,
}

impl Cat {
    fn ty(self) -> TokenStream {
        match self {
            Cat::Generic => quote!(K),
            Cat::Fun => quote!(::catad::cats::Fun),
        }
    }
}

/// `<K as ::catad::category::Trait<Shape>>::method(shape)`: the indexed operations are named with
/// their trait, as `K` has the trait once per shape.
fn indexed(k: &TokenStream, class: &str, h: &Shape, method: &str) -> TokenStream {
    let class = syn::Ident::new(class, Span::call_site());
    let method = syn::Ident::new(method, Span::call_site());
    let (ty, value) = (h.ty(), h.value());
    quote!(<#k as ::catad::category::#class<#ty>>::#method(#value))
}

impl Term {
    /// Whether the term contains a conditional (whose test needs `Fun`'s methods in scope).
    pub(crate) fn has_cond(&self) -> bool {
        match self {
            Term::Compose(g, f) | Term::Fork(g, f) => g.has_cond() || f.has_cond(),
            Term::Fmap(_, f) => f.has_cond(),
            Term::Cond(..) => true,
            _ => false,
        }
    }

    /// The Rust expression building this morphism in `cat`.
    pub(crate) fn emit(&self, cat: Cat) -> TokenStream {
        let k = cat.ty();
        match self {
            Term::Id => quote!(#k::id()),
            Term::Exl => quote!(#k::exl()),
            Term::Exr => quote!(#k::exr()),
            Term::Dup => quote!(#k::dup()),
            Term::It => quote!(#k::it()),
            Term::Compose(g, f) => {
                let (g, f) = (g.emit(cat), f.emit(cat));
                quote!(#k::compose(#g, #f))
            }
            Term::Fork(f, g) => {
                let (f, g) = (f.emit(cat), g.emit(cat));
                quote!(#k::fork(#f, #g))
            }
            Term::Prim(p, span) => {
                let method = syn::Ident::new(p.method(), *span);
                match p {
                    Prim::Powi(n) => quote_spanned!(*span=> #k::#method(#n)),
                    _ => quote_spanned!(*span=> #k::#method()),
                }
            }
            Term::Const(value, span) => quote_spanned!(*span=> #k::const_c(#value)),
            Term::Call(path, span) => quote_spanned!(*span=> #path::<#k>()),
            Term::Cond(p, then, otherwise) => {
                let (p, then, otherwise) = (p.emit(), then.emit(cat), otherwise.emit(cat));
                quote!(#k::cond(#p, #then, #otherwise))
            }
            Term::Fmap(h, f) => {
                let (ty, value, f) = (h.ty(), h.value(), f.emit(cat));
                quote!(<#k as ::catad::category::MonoidalI<#ty>>::fmap(#value, #f))
            }
            Term::Zip(h) => indexed(&k, "ZipI", h, "zip_i"),
            Term::Repl(h) => indexed(&k, "CartesianI", h, "repl_i"),
            Term::Sum(h) => indexed(&k, "SumCat", h, "sum_c"),
        }
    }
}

impl Pred {
    /// The predicate `p'` with `p = p' ∘ exr`, if there is one (see [`after_exr`]).
    fn after_exr(&self) -> Option<Pred> {
        Some(match self {
            Pred::Compare(lhs, op, rhs) => Pred::Compare(after_exr(lhs)?, *op, after_exr(rhs)?),
            Pred::And(p, q) => Pred::And(Box::new(p.after_exr()?), Box::new(q.after_exr()?)),
            Pred::Or(p, q) => Pred::Or(Box::new(p.after_exr()?), Box::new(q.after_exr()?)),
            Pred::Not(p) => Pred::Not(Box::new(p.after_exr()?)),
        })
    }

    /// The Rust expression building this `catad::category::Pred`.
    fn emit(&self) -> TokenStream {
        match self {
            Pred::Compare(lhs, op, rhs) => {
                let (lhs, rhs) = (lhs.emit(Cat::Fun), rhs.emit(Cat::Fun));
                let op = syn::Ident::new(op.variant(), Span::call_site());
                quote!(::catad::category::Pred::compare(
                    #lhs,
                    ::catad::category::Comparison::#op,
                    #rhs
                ))
            }
            Pred::And(p, q) => {
                let (p, q) = (p.emit(), q.emit());
                quote!(#p.and(&#q))
            }
            Pred::Or(p, q) => {
                let (p, q) = (p.emit(), q.emit());
                quote!(#p.or(&#q))
            }
            Pred::Not(p) => {
                let p = p.emit();
                quote!(#p.not())
            }
        }
    }
}

/// The paper's notation: `∘` binds tighter than `△`, as in the paper (`infixr 9 ∘`, `infixr 3 △`).
impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Id => write!(f, "id"),
            Term::Exl => write!(f, "exl"),
            Term::Exr => write!(f, "exr"),
            Term::Dup => write!(f, "dup"),
            Term::It => write!(f, "it"),
            Term::Compose(..) => {
                let parts: Vec<String> = factors(self.clone())
                    .iter()
                    .map(|t| match t {
                        Term::Fork(..) => format!("({t})"),
                        _ => t.to_string(),
                    })
                    .collect();
                write!(f, "{}", parts.join(" ∘ "))
            }
            Term::Fork(l, r) => {
                let side = |t: &Term| match t {
                    Term::Fork(..) => format!("({t})"),
                    _ => t.to_string(),
                };
                write!(f, "{} △ {}", side(l), side(r))
            }
            Term::Prim(Prim::Powi(n), _) => write!(f, "powi_c({n})"),
            Term::Prim(p, _) => write!(f, "{}", p.method()),
            Term::Const(value, _) => {
                let value = value.to_string().replace(' ', "");
                write!(f, "const_c({value})")
            }
            Term::Call(path, _) => {
                let path = path.to_string().replace(' ', "");
                write!(f, "{path}")
            }
            Term::Cond(p, then, otherwise) => write!(f, "cond({p}, {then}, {otherwise})"),
            Term::Fmap(_, g) => write!(f, "fmap({g})"),
            Term::Zip(_) => write!(f, "zip_i"),
            Term::Repl(_) => write!(f, "repl_i"),
            Term::Sum(_) => write!(f, "sum_c"),
        }
    }
}

impl fmt::Display for Pred {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pred::Compare(lhs, op, rhs) => write!(f, "{lhs} {} {rhs}", op.symbol()),
            Pred::And(p, q) => write!(f, "({p}) && ({q})"),
            Pred::Or(p, q) => write!(f, "({p}) || ({q})"),
            Pred::Not(p) => write!(f, "!({p})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prim(p: Prim) -> Term {
        Term::Prim(p, Span::call_site())
    }

    #[test]
    fn projections_through_forks_and_dup_vanish() {
        let f = prim(Prim::Sin);
        let g = prim(Prim::Cos);
        let both = fork(f.clone(), g.clone());
        assert_eq!(compose(Term::Exl, both.clone()), f);
        assert_eq!(compose(Term::Exr, both), g);
        assert_eq!(compose(Term::Exl, Term::Dup), Term::Id);
        assert_eq!(compose(Term::Id, f.clone()), f);
        assert_eq!(compose(f.clone(), Term::Id), f);
    }

    #[test]
    fn a_projection_reaches_through_nested_compositions() {
        // exl ∘ exl ∘ ((sin △ cos) △ exp) = sin, while exl ∘ exr ∘ (…) keeps `exl ∘ exp`.
        let inner = fork(fork(prim(Prim::Sin), prim(Prim::Cos)), prim(Prim::Exp));
        let picked = compose(Term::Exl, compose(Term::Exl, inner.clone()));
        assert_eq!(picked, prim(Prim::Sin));
        let stuck = compose(Term::Exl, compose(Term::Exr, inner));
        assert_eq!(stuck.to_string(), "exl ∘ exp_c");
    }

    #[test]
    fn constants_and_it_forget_their_input() {
        let c = Term::Const(quote!(2.0), Span::call_site());
        assert_eq!(compose(c.clone(), prim(Prim::Sin)), c);
        assert_eq!(compose(Term::It, prim(Prim::Sin)), Term::It);
    }

    #[test]
    fn forks_share_a_common_input() {
        assert_eq!(fork(Term::Exl, Term::Exr), Term::Id);
        assert_eq!(fork(Term::Exl, Term::Exl).to_string(), "dup ∘ exl");
        let mul = compose(prim(Prim::Mul), Term::Id);
        let shared = fork(
            compose(prim(Prim::Cos), mul.clone()),
            compose(prim(Prim::Sin), mul),
        );
        assert_eq!(shared.to_string(), "(cos_c △ sin_c) ∘ mul_c");
    }

    #[test]
    fn equal_branches_need_no_test() {
        let p = Pred::Compare(Term::Id, Cmp::Lt, Term::Id);
        assert_eq!(
            cond(p.clone(), prim(Prim::Sin), prim(Prim::Sin)),
            prim(Prim::Sin)
        );
        let c = cond(p, prim(Prim::Sin), prim(Prim::Cos));
        assert_eq!(c.to_string(), "cond(id < id, sin_c, cos_c)");
        assert!(c.has_cond());
    }

    #[test]
    fn projections_follow_their_steps() {
        assert_eq!(projection(&[]), Term::Id);
        assert_eq!(projection(&[true, false]).to_string(), "exl ∘ exr");
    }
}
