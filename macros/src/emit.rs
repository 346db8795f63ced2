//! Terms as Rust: each node is a call of its vocabulary method, fully qualified
//! (`<K as ::catad::vocabulary::Cartesian>::exl()`), so that the generated code needs no `use`
//! and no name of the user's scope can change its meaning.

use crate::names::{COMPARE_INPUT, COMPARE_LHS, COMPARE_RHS, PROGRAM_FN, ident};
use crate::primitives::Operand;
use crate::term::{INDEX_BY, IndexBy, Indexed, Over, Pred, Term, Vocabulary};
use crate::types::{Shape, Types};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};

/// The category and scalar type terms are emitted in.
pub(crate) struct Emitter {
    category: TokenStream,
    scalar: Ident,
    /// Whether the scalar is the program's type parameter: constants are converted to it, and
    /// callees are given it.
    generic: bool,
}

impl Emitter {
    /// Terms in the category `k`, the program's type parameter, over the scalar of `types`.
    pub(crate) fn generic(k: &Ident, types: &Types) -> Emitter {
        Emitter {
            category: quote!(#k),
            scalar: ident(&types.scalar),
            generic: types.generic,
        }
    }

    /// Terms in `Fun`, over the same scalar: the operands of comparisons, which run as plain
    /// functions on the primal input.
    fn fun(&self) -> Emitter {
        Emitter {
            category: quote!(::catad::interpretations::Fun),
            scalar: self.scalar.clone(),
            generic: self.generic,
        }
    }

    /// `<K as ::catad::vocabulary::Class<…>>::method(args)`, for a term that is one vocabulary
    /// method; the shape's value is the first argument of an indexed operation.
    fn method(
        &self,
        t: &Term,
        shape: Option<&Shape>,
        args: &[TokenStream],
        span: Span,
    ) -> TokenStream {
        let v = t.vocabulary().expect("a node of the vocabulary");
        self.call(v, shape, args, span)
    }

    /// `<K as ::catad::vocabulary::Class<…>>::method(args)` for the method `v`.
    fn call(
        &self,
        v: Vocabulary,
        shape: Option<&Shape>,
        args: &[TokenStream],
        span: Span,
    ) -> TokenStream {
        let (k, class, method) = (&self.category, ident(v.class), Ident::new(v.method, span));
        let scalar = &self.scalar;
        let generics = match (v.over, shape) {
            (Over::Scalar, _) => quote!(<#scalar>),
            (Over::Shape, Some(h)) => {
                let h = h.ty();
                quote!(<#h>)
            }
            _ => TokenStream::new(),
        };
        let method = match v.over {
            Over::MethodScalar => quote!(#method::<#scalar>),
            _ => quote!(#method),
        };
        let shape = shape.map(Shape::value);
        let args = shape.iter().chain(args);
        quote_spanned!(span=> <#k as ::catad::vocabulary::#class #generics>::#method(#(#args),*))
    }

    /// The Rust expression building `t`.
    pub(crate) fn term(&self, t: &Term) -> TokenStream {
        let k = &self.category;
        let here = Span::call_site();
        match t {
            Term::Id | Term::Exl | Term::Exr | Term::Dup | Term::It => {
                self.method(t, None, &[], here)
            }
            Term::Compose(..) if t.as_index_by().is_some() => {
                let IndexBy { xs, i, rest, span } = t.as_index_by().expect("an indexing");
                let read = self.call(INDEX_BY, None, &[self.term(xs), self.term(i)], span);
                match rest {
                    Some(rest) => self.method(t, None, &[read, self.term(rest)], here),
                    None => read,
                }
            }
            Term::Compose(g, f) | Term::Fork(g, f) => {
                self.method(t, None, &[self.term(g), self.term(f)], here)
            }
            Term::Repr(n) | Term::Abst(n) => {
                // The tuple's type, which its representation does not determine.
                let (rep_cat, method) = (quote!(::catad::vocabulary::RepCat), t.vocabulary());
                let method = ident(method.expect("a method of RepCat").method);
                let tuple = (0..*n).map(|_| quote!(_));
                quote!(<#k as #rep_cat>::#method::<(#(#tuple),*)>())
            }
            Term::Prim(_, literals, span) => {
                let literals: Vec<TokenStream> = literals.iter().map(|n| quote!(#n)).collect();
                self.method(t, None, &literals, *span)
            }
            Term::Const(value, span) if self.generic => {
                let scalar = &self.scalar;
                let value = quote!(<#scalar as ::catad::space::Scalar>::from_f64(#value));
                self.method(t, None, &[value], *span)
            }
            Term::Const(value, span) | Term::ConstIx(value, span) => {
                self.method(t, None, std::slice::from_ref(value), *span)
            }
            Term::Op(_, span) => self.method(t, None, &[], *span),
            Term::Loop(_, f) => self.method(t, None, &[self.term(f)], here),
            Term::Call(path, span) => {
                let program = Ident::new(PROGRAM_FN, *span);
                let scalar = &self.scalar;
                let scalar = self.generic.then(|| quote_spanned!(*span=> ::<#scalar>));
                quote_spanned!(*span=> <#k as #path>::#program #scalar())
            }
            Term::Nested(d, mode, path, span) => {
                // The program staged in the mode over `Sym`, its derivative a primitive of `K`.
                let program = Ident::new(PROGRAM_FN, *span);
                let scalar = &self.scalar;
                let (operator, parameters) = d.operator();
                let operator = Ident::new(operator, *span);
                let inferred = (0..parameters).map(|_| quote!(_));
                quote_spanned!(*span=> <#k as ::catad::vocabulary::PrimitiveCat<#scalar>>::primitive(
                    ::std::rc::Rc::new(::catad::nested::#operator::<#scalar, #(#inferred),*>(
                        &<#mode as #path>::#program::<::catad::staged::Sym>(),
                    )),
                ))
            }
            Term::Cond(p, then, otherwise) => {
                let args = [self.pred(p), self.term(then), self.term(otherwise)];
                self.method(t, None, &args, here)
            }
            Term::While(p, f) => self.method(t, None, &[self.pred(p), self.term(f)], here),
            Term::Fmap(h, f) => self.method(t, Some(h), &[self.term(f)], here),
            Term::Indexed(Indexed::At(n), h) => self.method(t, Some(h), &[quote!(#n)], here),
            Term::Indexed(_, h) => self.method(t, Some(h), &[], here),
            Term::Field(ty, member) => {
                let function = crate::derive_space::field_function(member);
                quote!(<#ty>::#function::<#k>())
            }
            Term::Build(path, fields) => {
                // rustc checks the literal's field names on a plain struct literal that is never
                // run: `__catad_build` takes the fields by position.
                let members = fields.iter().map(|(member, _)| member);
                let terms = fields.iter().map(|(_, f)| self.term(f));
                let build = ident(crate::derive_space::BUILD);
                quote!({
                    #[allow(unreachable_code)]
                    let _ = || #path { #(#members: ::core::unreachable!()),* };
                    #path::#build::<#k, _>(#(#terms),*)
                })
            }
        }
    }

    /// The Rust expression building the `catad::vocabulary::Pred` `p`.
    fn pred(&self, p: &Pred) -> TokenStream {
        let pred = quote!(::catad::vocabulary::Pred);
        match p {
            Pred::Compare(lhs, op, rhs, on) => {
                let fun = self.fun();
                let (lhs, rhs) = (fun.term(lhs), fun.term(rhs));
                let op = ident(op.variant());
                let into_fn = quote!(::catad::interpretations::Func::into_fn);
                let comparison = quote!(::catad::vocabulary::Comparison::#op);
                match on {
                    Operand::Index => {
                        // `Pred::compare` compares scalars; indices are compared by `Comparison::test`.
                        let (l, r, a) =
                            (ident(COMPARE_LHS), ident(COMPARE_RHS), ident(COMPARE_INPUT));
                        let clone = quote!(::core::clone::Clone::clone);
                        quote!({
                            let #l = #into_fn(#lhs);
                            let #r = #into_fn(#rhs);
                            #pred::new(move |#a: &_| #comparison.test(#l(#clone(#a)), #r(#clone(#a))))
                        })
                    }
                    _ => quote!(#pred::compare(#into_fn(#lhs), #comparison, #into_fn(#rhs))),
                }
            }
            Pred::And(p, q) => {
                let (p, q) = (self.pred(p), self.pred(q));
                quote!(#pred::and(&#p, &#q))
            }
            Pred::Or(p, q) => {
                let (p, q) = (self.pred(p), self.pred(q));
                quote!(#pred::or(&#p, &#q))
            }
            Pred::Not(p) => {
                let p = self.pred(p);
                quote!(#pred::not(&#p))
            }
        }
    }
}
