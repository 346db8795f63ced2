//! Parsing: the attribute and the function it is on, checked, and the function's signature read
//! as a program's: its parameters' patterns and types, its domain and codomain.

use crate::names::{CHECKPOINT, fresh, identifiers};
use crate::reject::{Rejection, Unsupported};
use crate::types::{Ty, Types};
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};
use syn::{FnArg, Item, ItemFn, Pat, ReturnType};

/// A function accepted as a program, before its body is lowered.
pub(crate) struct Signature {
    /// The function as written.
    pub(crate) function: ItemFn,
    /// The scalar type, the vector shapes and whether structs are named, so far.
    pub(crate) types: Types,
    /// Each parameter's pattern and type.
    pub(crate) params: Vec<(Pat, Ty)>,
    /// The declared result.
    pub(crate) result: Ty,
    /// `()`, `T1`, or the left-nested pairs `((T1, T2), T3)` of the parameter types.
    pub(crate) domain: TokenStream,
    /// The result type as written.
    pub(crate) codomain: TokenStream,
    /// The category's type parameter: `K`, unless the function mentions `K`.
    pub(crate) category: Ident,
    /// `#[catad::program(checkpoint)]`: the program's derivative is recomputed when it is applied
    /// rather than kept from the evaluation (`catad::vocabulary::Checkpoint`).
    pub(crate) checkpoint: bool,
}

impl Signature {
    /// `#[catad::program(<attr>)] <item>`, if it is a function whose signature a program can
    /// have; `<attr>` is empty or `checkpoint`.
    pub(crate) fn parse(attr: TokenStream, item: TokenStream) -> syn::Result<Signature> {
        let checkpoint = match syn::parse2::<Option<Ident>>(attr.clone()) {
            Ok(None) => false,
            Ok(Some(word)) if word == CHECKPOINT => true,
            _ => return Err(Rejection::AttributeArguments.at(attr)),
        };
        let category = fresh("K", &identifiers(item.clone()));
        let function = match syn::parse2::<Item>(item)? {
            Item::Fn(function) => function,
            other => return Err(Rejection::NotAFunction.at(other)),
        };
        let generics = &function.sig.generics;
        if !generics.params.is_empty() || generics.where_clause.is_some() {
            return Err(Unsupported::Generics.at(generics));
        }
        check_header(&function.sig)?;
        let ReturnType::Type(_, result) = &function.sig.output else {
            return Err(Rejection::NoResultType.at(&function.sig.ident));
        };
        let mut types = Types::new();
        let mut params = Vec::new();
        for input in &function.sig.inputs {
            let FnArg::Typed(param) = input else {
                return Err(Unsupported::SelfParameter.at(input));
            };
            params.push(((*param.pat).clone(), types.parse(&param.ty)?));
        }
        let declared = types.parse(result)?;
        Ok(Signature {
            codomain: result.to_token_stream(),
            domain: domain(&function.sig)?,
            function,
            types,
            params,
            result: declared,
            category,
            checkpoint,
        })
    }
}

/// The domain of a function of these parameters: `()` for none, `T1` for one, and for several the
/// left-nested pairs `((T1, T2), T3)`, as uncurrying `a → b → c → d` twice gives
/// `((a × b) × c) → d`.
pub(crate) fn domain(sig: &syn::Signature) -> syn::Result<TokenStream> {
    let mut domain: Option<TokenStream> = None;
    for input in &sig.inputs {
        let FnArg::Typed(param) = input else {
            return Err(Unsupported::SelfParameter.at(input));
        };
        let ty = &param.ty;
        domain = Some(match domain {
            None => quote!(#ty),
            Some(domain) => quote!((#domain, #ty)),
        });
    }
    Ok(domain.unwrap_or_else(|| quote!(())))
}

/// Rejects what a generated function cannot keep: qualifiers, variadics.
pub(crate) fn check_header(sig: &syn::Signature) -> syn::Result<()> {
    if let Some(constness) = &sig.constness {
        return Err(Unsupported::ConstFn.at(constness));
    }
    if let Some(asyncness) = &sig.asyncness {
        return Err(Unsupported::AsyncFn.at(asyncness));
    }
    if let Some(unsafety) = &sig.unsafety {
        return Err(Unsupported::UnsafeFn.at(unsafety));
    }
    if let Some(abi) = &sig.abi {
        return Err(Unsupported::ExternFn.at(abi));
    }
    if let Some(variadic) = &sig.variadic {
        return Err(Unsupported::Variadic.at(variadic));
    }
    Ok(())
}
