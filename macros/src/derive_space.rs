//! `#[derive(HasRep)]`: a struct as an object, through the right-nested pairs of its fields.

use crate::names::{fresh, identifiers};
use crate::reject::Rejection;
use proc_macro2::{Group, TokenStream, TokenTree};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, GenericParam, Ident, Type};

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
        Data::Enum(data) => return Err(Rejection::DeriveEnum.at_span(data.enum_token.span)),
        Data::Union(data) => return Err(Rejection::DeriveUnion.at_span(data.union_token.span)),
    };
    let name = &input.ident;
    let types: Vec<&Type> = fields.iter().map(|f| &f.ty).collect();
    let members: Vec<syn::Member> = fields.members().collect();

    let rep = nest(&types.iter().map(|t| quote!(#t)).collect::<Vec<_>>());
    // The fields move in and out of the representation by their places, binding no variable
    // but the representation, whose name has the prefix the macros reserve.
    let n = members.len();
    let rep_var = format_ident!("__catad_rep");
    let place = |i: usize| {
        let mut place = quote!(#rep_var);
        for _ in 0..i {
            place = quote!(#place.1);
        }
        if i + 1 < n {
            place = quote!(#place.0);
        }
        place
    };
    let places: Vec<TokenStream> = (0..n).map(place).collect();
    let build = match fields {
        Fields::Unit => quote!(#name),
        _ => quote!(#name { #(#members: #places),* }),
    };
    let take_apart = nest(&members.iter().map(|m| quote!(self.#m)).collect::<Vec<_>>());

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

    let programs = program_support(input, &types, &members, &bounds);
    let rescale = rescale(input, &members);
    Ok(quote! {
        #programs

        #rescale

        impl #impl_generics ::catad::space::HasRep for #name #ty_generics
        where
            #(#bounds,)*
        {
            type Rep = #rep;

            #[allow(clippy::unused_unit)]
            fn repr(self) -> Self::Rep {
                #take_apart
            }

            #[allow(unused_variables)]
            fn abst(#rep_var: Self::Rep) -> Self {
                #build
            }
        }
    })
}

/// The scalars `catad::space::Rescale` is implemented for by themselves (`scalar_rescale!` in
/// src/space/rescale.rs): a struct generic in its scalar is rescaled at each of them.
fn scalars() -> [TokenStream; 3] {
    [
        quote!(::core::primitive::f32),
        quote!(::core::primitive::f64),
        quote!(::catad::staged::Sym),
    ]
}

/// `tokens` with every identifier `param` replaced by `by`, at any depth.
fn substitute(tokens: TokenStream, param: &Ident, by: &TokenStream) -> TokenStream {
    tokens
        .into_iter()
        .flat_map(|token| match token {
            TokenTree::Ident(ident) if ident == *param => by.clone(),
            TokenTree::Group(group) => {
                let mut inner =
                    Group::new(group.delimiter(), substitute(group.stream(), param, by));
                inner.set_span(group.span());
                TokenTree::Group(inner).into_token_stream()
            }
            other => other.into_token_stream(),
        })
        .collect()
}

/// For a struct with exactly one type parameter, its scalar (`Params<S>`): one
/// `impl catad::space::Rescale<s> for Params<s>` with `Over<T> = Params<T>` per scalar `s` that
/// rescales itself, field by field through each field's own `Rescale`, so that a program over
/// the struct can be staged over `Sym` and run on the struct over `f64`. Nothing for other
/// structs.
///
/// One impl per scalar, not `impl<S> Rescale<S> for Params<S>`: in a generic impl the field
/// `b: S` rescales to `<S as Rescale<S>>::Over<T>`, which Rust cannot normalise to `T`.
fn rescale(input: &DeriveInput, members: &[syn::Member]) -> TokenStream {
    let generics = &input.generics;
    let mut type_params = generics.type_params();
    let (Some(param), None) = (type_params.next(), type_params.next()) else {
        return TokenStream::new();
    };
    let param = &param.ident;
    let name = &input.ident;
    let mentioned = identifiers(input.to_token_stream());
    let t = fresh("T", &mentioned);
    let (f, over, other) = (
        format_ident!("__catad_f"),
        format_ident!("__catad_over"),
        format_ident!("__catad_other"),
    );
    // The struct's other parameters (lifetimes, constants) stay parameters of the impl.
    let kept: Vec<TokenStream> = generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Type(_) => None,
            GenericParam::Lifetime(l) => Some(quote!(#l)),
            GenericParam::Const(c) => {
                let (ident, ty) = (&c.ident, &c.ty);
                Some(quote!(const #ident: #ty))
            }
        })
        .collect();
    let args = |scalar: &TokenStream| -> Vec<TokenStream> {
        generics
            .params
            .iter()
            .map(|p| match p {
                GenericParam::Type(_) => scalar.clone(),
                GenericParam::Lifetime(l) => l.lifetime.to_token_stream(),
                GenericParam::Const(c) => c.ident.to_token_stream(),
            })
            .collect()
    };
    let over_args = args(&quote!(#t));
    let impls = scalars().into_iter().map(|s| {
        let self_args = args(&s);
        let same_shape = members
            .iter()
            .map(|m| quote!(::catad::space::Rescale::<#s>::same_shape(&self.#m, &#other.#m)))
            .reduce(|all, one| quote!(#all && #one))
            .unwrap_or_else(|| quote!(true));
        let predicates = generics
            .where_clause
            .iter()
            .flat_map(|w| &w.predicates)
            .map(|p| substitute(p.to_token_stream(), param, &s));
        quote! {
            impl<#(#kept),*> ::catad::space::Rescale<#s> for #name<#(#self_args),*>
            where
                #(#predicates,)*
            {
                type Over<#t: ::catad::space::Scalar> = #name<#(#over_args),*>;

                fn rescale<#t: ::catad::space::Scalar>(
                    &self,
                    #f: &mut impl ::core::ops::FnMut(#s) -> #t,
                ) -> Self::Over<#t> {
                    #name {
                        #(#members: ::catad::space::Rescale::<#s>::rescale(&self.#members, #f),)*
                    }
                }

                fn unscale<#t: ::catad::space::Scalar>(
                    #over: &Self::Over<#t>,
                    #f: &mut impl ::core::ops::FnMut(#t) -> #s,
                ) -> Self {
                    #name {
                        #(#members: ::catad::space::Rescale::<#s>::unscale(&#over.#members, #f),)*
                    }
                }

                fn same_shape(&self, #other: &Self) -> ::core::primitive::bool {
                    #same_shape
                }
            }
        }
    });
    quote!(#(#impls)*)
}

/// The name of the projection to the field `member` (a name or an index):
/// `__catad_field_<member>`.
pub(crate) fn field_function(member: &TokenStream) -> Ident {
    let member = member.to_string();
    format_ident!(
        "__catad_field_{}",
        member.strip_prefix("r#").unwrap_or(&member)
    )
}

/// The name of the function that builds the struct from its fields.
pub(crate) const BUILD: &str = "__catad_build";

/// The fields in the order `__catad_build` takes them: by name (as `str`s compare), so that a
/// struct literal, whose fields come in any order, can pass them without knowing the
/// declaration; by index for a tuple struct.
pub(crate) fn build_order(members: &[syn::Member]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..members.len()).collect();
    order.sort_by_key(|&i| match &members[i] {
        syn::Member::Named(name) => (name.to_string(), 0),
        syn::Member::Unnamed(index) => (String::new(), index.index),
    });
    order
}

/// What `#[catad::program]` compiles field access (`p.w`) and struct literals (`Params { w, b }`)
/// to: hidden associated functions, one projection per field (`__catad_field_w ∘ …`, which is
/// `exl ∘ exr ∘ … ∘ reprC`) and `__catad_build` (`abstC ∘ (… △ …)`).
fn program_support(
    input: &DeriveInput,
    types: &[&Type],
    members: &[syn::Member],
    bounds: &[TokenStream],
) -> TokenStream {
    let (name, vis) = (&input.ident, &input.vis);
    let (impl_generics, ty_generics, _) = input.generics.split_for_impl();
    let n = members.len();
    // The category and the environment, named apart from every name the struct mentions.
    let mentioned = identifiers(input.to_token_stream());
    let (k, e) = (fresh("K", &mentioned), fresh("E", &mentioned));
    let cartesian = quote!(<#k as ::catad::vocabulary::Cartesian>);
    let category = quote!(<#k as ::catad::vocabulary::Category>);
    let cat = quote!(#k: ::catad::vocabulary::Cartesian + ::catad::vocabulary::RepCat);
    // Field i of the right-nested pairs: exl ∘ exrⁱ, or exrⁿ⁻¹ for the last.
    let projection = |i: usize| {
        let mut term = quote!(<#k as ::catad::vocabulary::RepCat>::repr_c::<Self>());
        for _ in 0..i {
            term = quote!(#category::compose(#cartesian::exr(), #term));
        }
        if i + 1 < n {
            term = quote!(#category::compose(#cartesian::exl(), #term));
        }
        term
    };
    let fields = members
        .iter()
        .zip(types)
        .enumerate()
        .map(|(i, (member, ty))| {
            let function = field_function(&member.to_token_stream());
            let projection = projection(i);
            quote! {
                #[doc(hidden)]
                #vis fn #function<#cat>() -> ::catad::vocabulary::Hom<#k, Self, #ty> {
                    #projection
                }
            }
        });
    let order = build_order(members);
    let args: Vec<Ident> = (0..n)
        .map(|i| format_ident!("__catad_field_{}", i))
        .collect();
    let params = order.iter().map(|&i| {
        let (arg, ty) = (&args[i], types[i]);
        quote!(#arg: ::catad::vocabulary::Hom<#k, #e, #ty>)
    });
    let rep = match args.split_last() {
        None => quote!(#cartesian::it()),
        Some((last, init)) => init.iter().rev().fold(
            quote!(#last),
            |rest, arg| quote!(#cartesian::fork(#arg, #rest)),
        ),
    };
    let build = format_ident!("{}", BUILD);
    quote! {
        // Used by the programs that take the struct apart or build it, if any.
        #[allow(dead_code)]
        impl #impl_generics #name #ty_generics
        where
            #(#bounds,)*
        {
            #(#fields)*

            #[doc(hidden)]
            #vis fn #build<#cat, #e: ::catad::space::Additive>(#(#params),*)
                -> ::catad::vocabulary::Hom<#k, #e, Self>
            {
                #category::compose(<#k as ::catad::vocabulary::RepCat>::abst_c::<Self>(), #rep)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scalar_parameter_is_substituted_at_any_depth() {
        let param = format_ident!("S");
        let by = quote!(::core::primitive::f64);
        let predicate = quote!([S; N]: Bound<(S, Vec<S>)>);
        assert_eq!(
            substitute(predicate, &param, &by).to_string(),
            quote!([::core::primitive::f64; N]: Bound<(::core::primitive::f64, Vec<::core::primitive::f64>)>)
                .to_string()
        );
    }
}
