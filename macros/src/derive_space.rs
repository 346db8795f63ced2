//! `#[derive(HasRep)]`: a struct as an object, through the right-nested pairs of its fields.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, Ident, Type};

/// What the derive accepts, named by its errors.
const SUPPORTED: &str = "#[derive(HasRep)] supports structs (named fields, tuple structs and \
    unit structs) whose fields are all objects";

/// `()`, `x₁`, or `(x₁, (x₂, ⋯ (xₙ₋₁, xₙ)))`: the representation's shape, for types, values and
/// patterns alike.
fn nest(items: &[TokenStream]) -> TokenStream {
    match items {
        [] => quote!(()),
        [only] => only.clone(),
        [first, rest @ ..] => {
            let rest = nest(rest);
            quote!((#first, #rest))
        }
    }
}

/// The `impl catad::space::HasRep` for the struct `input`, or an error spanned at what is not
/// supported.
pub(crate) fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    let fields = match &input.data {
        Data::Struct(data) => &data.fields,
        Data::Enum(data) => {
            return Err(syn::Error::new(
                data.enum_token.span,
                format!("an enum is not a vector space (its variants do not add); {SUPPORTED}"),
            ));
        }
        Data::Union(data) => {
            return Err(syn::Error::new(
                data.union_token.span,
                format!("a union is not a vector space; {SUPPORTED}"),
            ));
        }
    };
    let name = &input.ident;
    let types: Vec<&Type> = fields.iter().map(|f| &f.ty).collect();
    let members: Vec<syn::Member> = fields.members().collect();
    let vars: Vec<Ident> = (0..members.len())
        .map(|i| format_ident!("field_{}", i))
        .collect();

    let rep = nest(&types.iter().map(|t| quote!(#t)).collect::<Vec<_>>());
    let tuple = nest(&vars.iter().map(|v| quote!(#v)).collect::<Vec<_>>());
    let build = match fields {
        Fields::Unit => quote!(#name),
        _ => quote!(#name { #(#members: #vars),* }),
    };
    // A struct without fields is represented by `()`, the value of a block without a result.
    let take_apart = if members.is_empty() {
        quote!(let _ = self;)
    } else {
        quote!(let #name { #(#members: #vars),* } = self; #tuple)
    };

    // Every field must be an object: a bound of the impl, spanned at the field's type so that
    // an error points at the offending field.
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let mut bounds: Vec<TokenStream> = where_clause
        .map(|w| w.predicates.iter().map(|p| quote!(#p)).collect())
        .unwrap_or_default();
    bounds.extend(
        types
            .iter()
            .map(|t| quote_spanned!(t.span()=> #t: ::catad::space::Additive)),
    );

    Ok(quote! {
        impl #impl_generics ::catad::space::HasRep for #name #ty_generics
        where
            #(#bounds,)*
        {
            type Rep = #rep;

            fn repr(self) -> Self::Rep {
                #take_apart
            }

            fn abst(rep: Self::Rep) -> Self {
                let #tuple = rep;
                #build
            }
        }
    })
}
