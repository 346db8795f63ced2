//! Custom primitives, `catad::primitive!`: a function signature and a value whose type implements
//! `catad::vocabulary::Primitive` (its value and its hand-written derivative) become the builder
//! of the primitive, `fn name<K: PrimitiveCat<S>>() -> Hom<K, Domain, Codomain>`, and the hidden
//! trait a program calls it through, as it calls another program.

use crate::callee::Callee;
use crate::names::{fresh, ident, identifiers};
use crate::parse::{check_header, data_attribute, domain};
use crate::reject::{Rejection, Unsupported};
use crate::types::Types;
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};
use syn::parse::{Parse, ParseStream};
use syn::{Attribute, Expr, FnArg, GenericParam, ReturnType, Signature, Token, Visibility};

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
        let data = sig.inputs.iter().find_map(|input| match input {
            FnArg::Typed(param) => data_attribute(param),
            FnArg::Receiver(_) => None,
        });
        if let Some(data) = data {
            return Err(Unsupported::DataOnPrimitive.at(data));
        }
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
                    return Err(Unsupported::WhereClause.at(where_clause));
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
                let scalar = ident(&types.scalar);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(input: TokenStream) -> String {
        expand(input).unwrap().to_string()
    }

    #[test]
    fn a_primitive_is_a_builder_and_the_trait_a_program_calls_it_through() {
        let code = expanded(quote!(
            /// Docs.
            pub fn softplus(x: f64) -> f64 = Softplus;
        ));
        let bound = ":: catad :: vocabulary :: PrimitiveCat < f64 >";
        assert!(
            code.contains(&format!("pub trait softplus : {bound} {{")),
            "{code}"
        );
        assert!(code.contains("fn __catad_program () -> :: catad :: vocabulary :: Hom < Self , f64 , f64 > { softplus :: < Self > () }"), "{code}");
        assert!(
            code.contains("const __CATAD_FORM : & 'static str = \"softplus\""),
            "{code}"
        );
        assert!(
            code.contains(&format!("impl < K : {bound} > softplus for K {{ }}")),
            "{code}"
        );
        assert!(
            code.contains("# [doc = r\" Docs.\"] pub fn softplus < K"),
            "{code}"
        );
        assert!(
            code.contains(&format!(
                "< K as {bound} > :: primitive :: < f64 , f64 > (:: std :: rc :: Rc :: new (Softplus) ,)"
            )),
            "{code}"
        );
    }

    #[test]
    fn parameters_make_a_tuple_and_the_scalar_comes_from_the_signature() {
        let code = expanded(quote!(
            fn f(a: f32, b: [f32; 2], c: f32) -> f32 = F;
            fn g() -> f64 = G;
        ));
        assert!(
            code.contains("Hom < Self , (f32 , [f32 ; 2] , f32) , f32 >"),
            "{code}"
        );
        assert!(
            code.contains("trait f : :: catad :: vocabulary :: PrimitiveCat < f32 >"),
            "{code}"
        );
        assert!(code.contains("Hom < K , () , f64 >"), "{code}");
    }

    #[test]
    fn a_primitive_generic_in_its_scalar_takes_it_after_the_category() {
        let code = expanded(quote!(
            pub fn dot<S: Scalar + RealField>(u: V<S>, v: V<S>) -> S = Dot;
        ));
        assert!(
            code.contains("pub trait dot : :: catad :: vocabulary :: Category {"),
            "{code}"
        );
        assert!(
            code.contains(
                "fn __catad_program < S : Scalar + RealField > () -> :: catad :: vocabulary :: Hom < Self , (V < S > , V < S >) , S > where Self : :: catad :: vocabulary :: PrimitiveCat < S > , { dot :: < Self , S > () }"
            ),
            "{code}"
        );
        assert!(
            code.contains("pub fn dot < K : :: catad :: vocabulary :: PrimitiveCat < S > , S : Scalar + RealField > ()"),
            "{code}"
        );
    }

    #[test]
    fn the_category_avoids_the_names_of_the_input() {
        let code = expanded(quote!(
            fn f(x: [f64; K]) -> f64 = Sum::<K>;
        ));
        assert!(code.contains("fn f < __CatadK :"), "{code}");
    }

    #[test]
    fn what_a_primitive_cannot_be_is_an_error() {
        for input in [
            quote!(fn f<S, T>(x: S) -> T = F;),
            quote!(fn f<'a>(x: f64) -> f64 = F;),
            quote!(fn f(x: f64) -> f64 where f64: Copy = F;),
            quote!(fn f(x: f64) = F;),
            quote!(const fn f(x: f64) -> f64 = F;),
            quote!(fn f(x: &f64) -> f64 = F;),
            quote!(
                fn f(x: f64) -> f64 {
                    x
                }
            ),
        ] {
            assert!(expand(input.clone()).is_err(), "{input}");
        }
    }

    #[test]
    fn data_parameters_are_for_programs_not_primitives() {
        let error = expand(quote!(fn f(x: f64, #[data] c: f64) -> f64 = F;)).unwrap_err();
        let message = error.to_string();
        assert!(
            message.contains("`#[data]` on a primitive's parameter"),
            "{message}"
        );
    }
}
