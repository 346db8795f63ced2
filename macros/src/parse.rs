//! Parsing: the attribute and the function it is on, checked, and the function's signature read
//! as a program's: its parameters' patterns and types, its domain and codomain.

use crate::names::{CHECKPOINT, fresh, identifiers};
use crate::reject::{Rejection, Unsupported};
use crate::scalar_param::scalar_parameter;
use crate::types::{MAX_TUPLE, Ty, Types};
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};
use syn::{FnArg, Item, ItemFn, Pat, ReturnType, TypeParam};

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
    /// `()`, `T1`, or the tuple `(T1, T2, T3)` of the parameter types.
    pub(crate) domain: TokenStream,
    /// The result type as written.
    pub(crate) codomain: TokenStream,
    /// The category's type parameter: `K`, unless the function mentions `K`.
    pub(crate) category: Ident,
    /// The scalar type parameter of a program generic in its scalar (`S: Scalar`), emitted after
    /// the category's.
    pub(crate) scalar: Option<TypeParam>,
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
        let scalar = scalar_parameter(&function.sig.generics)?;
        check_header(&function.sig)?;
        let ReturnType::Type(_, result) = &function.sig.output else {
            return Err(Rejection::NoResultType.at(&function.sig.ident));
        };
        let mut types = match &scalar {
            Some(param) => Types::generic(&param.ident),
            None => Types::new(),
        };
        let mut params = Vec::new();
        for input in &function.sig.inputs {
            let FnArg::Typed(param) = input else {
                return Err(Unsupported::SelfParameter.at(input));
            };
            let ty = types.parse(&param.ty)?;
            let ty = if is_data(param)? {
                Ty::Data(Box::new(ty))
            } else {
                ty
            };
            params.push(((*param.pat).clone(), ty));
        }
        let declared = types.parse(result)?;
        let codomain = result.to_token_stream();
        let domain = domain(&function.sig)?;
        let mut function = function;
        for input in &mut function.sig.inputs {
            if let FnArg::Typed(param) = input {
                param.attrs.retain(|a| !a.path().is_ident("data"));
            }
        }
        Ok(Signature {
            codomain,
            domain,
            function,
            types,
            params,
            result: declared,
            category,
            scalar,
            checkpoint,
        })
    }
}

/// The domain of a function of these parameters: `()` for none, `T1` for one, and for several
/// their tuple `(T1, T2, T3)`, of at most [`MAX_TUPLE`] (a program reaches its parameters through
/// the tuple's representation, the left-nested pairs `((T1, T2), T3)`, as uncurrying
/// `a → b → c → d` twice gives `((a × b) × c) → d`). A `#[data]` parameter's place holds
/// `catad::space::Data<T>`.
pub(crate) fn domain(sig: &syn::Signature) -> syn::Result<TokenStream> {
    let n = sig.inputs.len();
    if n > MAX_TUPLE {
        let of = "parameter lists";
        return Err(Rejection::Tuple { n, of }.at(&sig.inputs));
    }
    let mut types = Vec::with_capacity(n);
    for input in &sig.inputs {
        let FnArg::Typed(param) = input else {
            return Err(Unsupported::SelfParameter.at(input));
        };
        let written = &param.ty;
        let ty = if is_data(param)? {
            quote!(::catad::space::Data<#written>)
        } else {
            written.to_token_stream()
        };
        types.push(ty);
    }
    Ok(match types.as_slice() {
        [one] => one.clone(),
        several => quote!((#(#several),*)),
    })
}

/// Whether a parameter is marked `#[data]`: data the program reads and is not differentiated with
/// respect to, its type wrapped in `catad::space::Data`. The attribute is the macro's own: the
/// parameter list is not emitted, so it never reaches rustc. A `#[data]` parameter is a name.
fn is_data(param: &syn::PatType) -> syn::Result<bool> {
    let Some(attr) = data_attribute(param) else {
        return Ok(false);
    };
    if !matches!(attr.meta, syn::Meta::Path(_)) {
        return Err(Unsupported::DataArguments.at(&attr.meta));
    }
    match &*param.pat {
        Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => Ok(true),
        other => Err(Unsupported::DataPattern.at(other)),
    }
}

/// A parameter's `#[data]` attribute, if it has one.
pub(crate) fn data_attribute(param: &syn::PatType) -> Option<&syn::Attribute> {
    param.attrs.iter().find(|a| a.path().is_ident("data"))
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
