//! What a callee needs to be called from a program: the hidden trait named like it, which every
//! category that can run it implements. A caller adds the trait to its own bound and calls the
//! callee through it, `<K as name>::__catad_program()`, so that it inherits what the callee needs
//! without seeing its body, and a callee that does not exist is one error at the call. The trait
//! also holds the callee's categorical form, for `program_form!`. Programs and primitives emit it
//! alike.

use crate::names::{FORM_CONST, PROGRAM_FN, ident};
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};
use syn::{Generics, Visibility};

/// The hidden trait of the function `name<K: bound, …>() -> Hom<K, domain, codomain>`.
pub(crate) struct Callee<'a> {
    pub(crate) vis: &'a Visibility,
    pub(crate) name: &'a Ident,
    /// The category's type parameter of the function, the first of its parameters.
    pub(crate) category: &'a Ident,
    /// What a category needs to run the callee, the trait's supertraits.
    pub(crate) bound: &'a [TokenStream],
    /// The function's other generic parameters (the scalar type of a primitive or a program
    /// generic in it), which the trait's function takes too, and what they need of the category
    /// (`Self: PrimitiveCat<S>`, `Self: Program<S>`).
    pub(crate) generics: Option<(&'a Generics, TokenStream)>,
    pub(crate) domain: &'a TokenStream,
    pub(crate) codomain: &'a TokenStream,
    /// The categorical form, in the paper's notation.
    pub(crate) form: &'a str,
}

impl ToTokens for Callee<'_> {
    /// `trait name: bound { fn __catad_program<…>() -> Hom<Self, D, C> { name::<Self, …>() }
    /// const __CATAD_FORM: &str = form; }`, and its implementation for every category with the
    /// bound.
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let Callee {
            vis,
            name,
            category: k,
            bound,
            domain,
            codomain,
            form,
            ..
        } = self;
        let (params, needs, args) = match &self.generics {
            Some((generics, needs)) => {
                let params = &generics.params;
                let args = generics.type_params().map(|t| &t.ident);
                let predicates = generics.where_clause.iter().flat_map(|w| &w.predicates);
                (
                    quote!(<#params>),
                    quote!(where #needs, #(#predicates),*),
                    quote!(#(, #args)*),
                )
            }
            None => (TokenStream::new(), TokenStream::new(), TokenStream::new()),
        };
        let (program, form_const) = (ident(PROGRAM_FN), ident(FORM_CONST));
        tokens.extend(quote! {
            #[doc(hidden)]
            #[allow(non_camel_case_types, dead_code)]
            #vis trait #name: #(#bound)+* {
                fn #program #params() -> ::catad::vocabulary::Hom<Self, #domain, #codomain> #needs {
                    #name::<Self #args>()
                }
                const #form_const: &'static str = #form;
            }

            impl<#k: #(#bound)+*> #name for #k {}
        });
    }
}
