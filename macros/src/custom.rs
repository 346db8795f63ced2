//! Custom primitives, `catad::primitive!`: a function signature and a value whose type implements
//! `catad::vocabulary::Primitive` (its value and its hand-written derivative) become the builder
//! of the primitive, `fn name<K: PrimitiveCat<S>>() -> Hom<K, Domain, Codomain>`, and the hidden
//! trait a program calls it through, as it calls another program.

use crate::callee::Callee;
use crate::names::{fresh, ident, identifiers};
use crate::parse::{check_header, domain};
use crate::reject::{Rejection, Unsupported};
use crate::types::Types;
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};
use syn::parse::{Parse, ParseStream};
use syn::{Attribute, Expr, GenericParam, ReturnType, Signature, Token, Visibility};

/// The declarations of one `catad::primitive!`.
struct Declarations(Vec<Declaration>);

/// `#[attrs] vis fn name<S: …>(params) -> Codomain = value;`.
struct Declaration {
    attrs: Vec<Attribute>,
    vis: Visibility,
    sig: Signature,
    value: Expr,
}

impl Parse for Declarations {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut declarations = Vec::new();
        while !input.is_empty() {
            let attrs = input.call(Attribute::parse_outer)?;
            let vis = input.parse()?;
            let sig = input.parse()?;
            input.parse::<Token![=]>()?;
            let value = input.parse()?;
            input.parse::<Token![;]>()?;
            declarations.push(Declaration {
                attrs,
                vis,
                sig,
                value,
            });
        }
        Ok(Declarations(declarations))
    }
}

/// `catad::primitive! { <input> }`: the builders and traits of its declarations, or the first
/// error.
pub(crate) fn expand(input: TokenStream) -> syn::Result<TokenStream> {
    // The category's parameter is named by no identifier of the input, so that it captures none.
    let k = fresh("K", &identifiers(input.clone()));
    let Declarations(declarations) = syn::parse2(input)?;
    let mut tokens = TokenStream::new();
    for declaration in &declarations {
        tokens.extend(declaration.expand(&k)?);
    }
    Ok(tokens)
}

impl Declaration {
    /// The builder and the trait, with the category's parameter `k`.
    fn expand(&self, k: &Ident) -> syn::Result<TokenStream> {
        let Declaration {
            attrs,
            vis,
            sig,
            value,
            ..
        } = self;
        check_header(sig)?;
        let ReturnType::Type(_, result) = &sig.output else {
            return Err(Rejection::NoResultType.at(&sig.ident));
        };
        let (name, domain, codomain) = (&sig.ident, domain(sig)?, result.to_token_stream());
        let scalar = self.scalar()?;
        let primitive_cat = quote!(::catad::vocabulary::PrimitiveCat<#scalar>);
        let generic = !sig.generics.params.is_empty();
        let bound = if generic {
            vec![quote!(::catad::vocabulary::Category)]
        } else {
            vec![primitive_cat.clone()]
        };
        let callee = Callee {
            vis,
            name,
            category: k,
            bound: &bound,
            generics: generic.then(|| (&sig.generics, quote!(Self: #primitive_cat))),
            domain: &domain,
            codomain: &codomain,
            form: &name.to_string(),
        };
        let params = &sig.generics.params;
        let where_clause = &sig.generics.where_clause;
        Ok(quote! {
            #callee

            #(#attrs)*
            #vis fn #name<#k: #primitive_cat, #params>()
                -> ::catad::vocabulary::Hom<#k, #domain, #codomain>
                #where_clause
            {
                <#k as #primitive_cat>::primitive::<#domain, #codomain>(
                    ::std::rc::Rc::new(#value),
                )
            }
        })
    }

    /// The scalar type: the one type parameter, or else the one the signature names (`f64` if it
    /// names none). Anything but a type parameter is rejected.
    fn scalar(&self) -> syn::Result<TokenStream> {
        let generics = &self.sig.generics;
        let mut params = generics.params.iter();
        match (params.next(), params.next()) {
            (None, None) => {
                if let Some(where_clause) = &generics.where_clause {
                    return Err(Unsupported::Generics.at(where_clause));
                }
                let mut types = Types::new();
                for input in &self.sig.inputs {
                    if let syn::FnArg::Typed(param) = input {
                        types.parse(&param.ty)?;
                    }
                }
                if let ReturnType::Type(_, result) = &self.sig.output {
                    types.parse(result)?;
                }
                let scalar = ident(types.scalar);
                Ok(quote!(#scalar))
            }
            (Some(GenericParam::Type(param)), None) => {
                let scalar = &param.ident;
                Ok(quote!(#scalar))
            }
            _ => Err(Rejection::PrimitiveGenerics.at(generics)),
        }
    }
}
