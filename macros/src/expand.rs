//! From a function to its generated generic program.

use crate::env::Env;
use crate::errors::{SUPPORTED_TYPES, unsupported, with_list};
use crate::ir::{Cat, Term};
use crate::translate::Translator;
use crate::types::Types;
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::{FnArg, Item, ItemFn, ReturnType, Signature};

/// A compiled program: the original function's header and the term its body compiles to.
pub(crate) struct Program {
    function: ItemFn,
    types: Types,
    callees: Vec<syn::Path>,
    domain: TokenStream,
    codomain: TokenStream,
    pub(crate) term: Term,
}

impl Program {
    /// Compiles `#[catad::program(<attr>)] <item>`.
    pub(crate) fn compile(attr: TokenStream, item: TokenStream) -> syn::Result<Program> {
        if !attr.is_empty() {
            return Err(syn::Error::new_spanned(
                attr,
                "#[catad::program] takes no arguments",
            ));
        }
        let function = match syn::parse2::<Item>(item)? {
            Item::Fn(function) => function,
            other => {
                return Err(syn::Error::new_spanned(
                    other,
                    "#[catad::program] applies to a function whose parameters and result are \
                     scalars or pairs",
                ));
            }
        };
        check_header(&function.sig)?;
        let ReturnType::Type(_, result) = &function.sig.output else {
            return Err(with_list(
                &function.sig.ident,
                "catad::program needs the result type, e.g. `-> f64`",
                SUPPORTED_TYPES,
            ));
        };

        let mut types = Types::new();
        let mut params = Vec::new();
        for input in &function.sig.inputs {
            let FnArg::Typed(param) = input else {
                return Err(unsupported(input, "`self` parameters"));
            };
            let ty = types.parse(&param.ty)?;
            params.push((param, ty));
        }
        let declared = types.parse(result)?;

        // Several parameters make a left-nested tuple: (a, b, c) ↦ ((a, b), c), as uncurrying
        // `a → b → c → d` twice gives `((a × b) × c) → d`.
        let mut env = Env::Ignored;
        let mut domain = quote!(());
        for (i, (param, ty)) in params.into_iter().enumerate() {
            let bound = Env::bind(&param.pat, &ty, &mut types)?;
            let param_ty = &param.ty;
            if i == 0 {
                env = bound;
                domain = quote!(#param_ty);
            } else {
                env = Env::Pair(Box::new(env), Box::new(bound));
                domain = quote!((#domain, #param_ty));
            }
        }

        let mut translator = Translator {
            types,
            name: function.sig.ident.clone(),
            callees: Vec::new(),
        };
        let (term, ty) = translator.block(&env, &function.block)?;
        if ty.unify(&declared).is_none() {
            return Err(with_list(
                result,
                &format!(
                    "catad::program: the body's result is {ty}, but the declared result is {declared}"
                ),
                SUPPORTED_TYPES,
            ));
        }
        Ok(Program {
            types: translator.types,
            callees: translator.callees,
            domain,
            codomain: result.to_token_stream(),
            function,
            term,
        })
    }
}

/// Rejects what a generated program cannot keep: generics, qualifiers, variadics.
fn check_header(sig: &Signature) -> syn::Result<()> {
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        return Err(unsupported(
            &sig.generics,
            "generic programs: the generated function is generic over the category, and the \
             scalar type is f64 or f32",
        ));
    }
    if let Some(constness) = &sig.constness {
        return Err(unsupported(constness, "`const fn`"));
    }
    if let Some(asyncness) = &sig.asyncness {
        return Err(unsupported(asyncness, "`async fn`"));
    }
    if let Some(unsafety) = &sig.unsafety {
        return Err(unsupported(unsafety, "`unsafe fn`"));
    }
    if let Some(abi) = &sig.abi {
        return Err(unsupported(abi, "`extern` functions"));
    }
    if let Some(variadic) = &sig.variadic {
        return Err(unsupported(variadic, "variadic functions"));
    }
    Ok(())
}

impl ToTokens for Program {
    /// `fn name<K: Program<S>>() -> Hom<K, Domain, Codomain> { <term in K> }`, keeping the
    /// original's attributes and visibility; a documented function's docs gain its categorical
    /// form. Each vector shape `H` the program names adds the bound `ProgramI<H>`, a struct adds
    /// `RepCat`, and each program it calls adds that program's bound.
    ///
    /// A program's bound is also a trait named like the function (traits and functions live in
    /// different namespaces), which every category with the bound implements: a caller adds the
    /// trait of each program it calls to its own bound, and so inherits what the callee needs
    /// without seeing its body.
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let ItemFn {
            attrs, vis, sig, ..
        } = &self.function;
        let name = &sig.ident;
        let scalar = syn::Ident::new(self.types.scalar, Span::call_site());
        let mut bound = vec![quote!(::catad::vocabulary::Program<#scalar>)];
        bound.extend(self.types.shapes.iter().map(|h| {
            let h = h.ty();
            quote!(::catad::vocabulary::ProgramI<#h>)
        }));
        if self.types.structs {
            bound.push(quote!(::catad::vocabulary::RepCat));
        }
        bound.extend(self.callees.iter().map(ToTokens::to_token_stream));
        let (domain, codomain) = (&self.domain, &self.codomain);
        let documented = attrs.iter().any(|a| a.path().is_ident("doc"));
        let form = documented.then(|| {
            let line = format!(" Compiled by `#[catad::program]` to `{}`.", self.term);
            quote!(#[doc = ""] #[doc = #line])
        });
        let imports = self.term.has_cond().then(|| {
            quote! {
                // The operands of comparisons run in `Fun`, whose methods come from these traits.
                #[allow(unused_imports)]
                use ::catad::vocabulary::{
                    Cartesian as _, Category as _, FloatingCat as _, FractionalCat as _,
                    NumCat as _,
                };
            }
        });
        let body = self.term.emit(Cat::Generic);
        tokens.extend(quote! {
            #[doc(hidden)]
            #[allow(non_camel_case_types, dead_code)]
            #vis trait #name: #(#bound)+* {}

            impl<K: #(#bound)+*> #name for K {}

            #(#attrs)*
            #form
            #vis fn #name<K: #(#bound)+*>()
                -> ::catad::vocabulary::Hom<K, #domain, #codomain>
            {
                #imports
                #body
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(item: TokenStream) -> String {
        Program::compile(TokenStream::new(), item)
            .unwrap()
            .term
            .to_string()
    }

    #[test]
    fn the_paper_examples_compile_to_the_paper_forms() {
        let mag_sqr = form(quote!(
            fn mag_sqr(a: f64, b: f64) -> f64 {
                a * a + b * b
            }
        ));
        assert_eq!(mag_sqr, "add_c ∘ (mul_c ∘ dup ∘ exl △ mul_c ∘ dup ∘ exr)");
        let cos_sin_prod = form(quote!(
            fn cos_sin_prod(x: f64, y: f64) -> (f64, f64) {
                let z = x * y;
                (z.cos(), z.sin())
            }
        ));
        assert_eq!(cos_sin_prod, "(cos_c △ sin_c) ∘ mul_c");
        let cos_xyz = form(quote!(
            fn cos_xyz(((x, y), z): ((f64, f64), f64)) -> f64 {
                (x + y * z).cos()
            }
        ));
        assert_eq!(
            cos_xyz,
            "cos_c ∘ add_c ∘ (exl ∘ exl △ mul_c ∘ (exr ∘ exl △ exr))"
        );
    }

    #[test]
    fn three_parameters_nest_to_the_left() {
        let program = Program::compile(
            TokenStream::new(),
            quote!(
                fn f(x: f64, y: f64, z: f64) -> f64 {
                    x + y * z
                }
            ),
        )
        .unwrap();
        assert_eq!(program.domain.to_string(), "((f64 , f64) , f64)");
        assert_eq!(
            program.term.to_string(),
            "add_c ∘ (exl ∘ exl △ mul_c ∘ (exr ∘ exl △ exr))"
        );
    }

    #[test]
    fn a_let_bound_value_is_computed_once_however_often_it_is_used() {
        let shared = form(quote!(
            fn f(x: f64) -> f64 {
                let y = x.sin();
                y * y + y
            }
        ));
        assert_eq!(shared, "add_c ∘ (mul_c ∘ dup △ id) ∘ sin_c");
        assert_eq!(shared.matches("sin_c").count(), 1);
    }

    #[test]
    fn unused_bindings_and_constants_drop_their_inputs() {
        let unused = form(quote!(
            fn f(x: f64) -> f64 {
                let _y = x.exp();
                2.0
            }
        ));
        assert_eq!(unused, "const_c(2.0)");
    }

    #[test]
    fn conditionals_and_calls() {
        let relu = form(quote!(
            fn f(x: f64) -> f64 {
                if x > 0.0 && !(x >= 10.0) {
                    sqr(x)
                } else {
                    -1.5
                }
            }
        ));
        assert_eq!(
            relu,
            "cond((id > const_c(0.0)) && (!(id >= const_c(10.0))), sqr, const_c(-1.5))"
        );
    }

    #[test]
    fn vector_methods_compile_to_the_indexed_vocabulary() {
        let norm_sqr = form(quote!(
            fn norm_sqr(v: [f64; 3]) -> f64 {
                v.map(|x| x * x).sum()
            }
        ));
        assert_eq!(norm_sqr, "sum_c ∘ fmap(mul_c ∘ dup)");
        let dot = form(quote!(
            fn dot(u: [f64; 3], v: [f64; 3]) -> f64 {
                u.dot(v)
            }
        ));
        assert_eq!(dot, "sum_c ∘ fmap(mul_c) ∘ zip_i");
        let zip = form(quote!(
            fn f(u: SVector<f64, 2>, v: SVector<f64, 2>) -> SVector<f64, 2> {
                u.zip_with(v, |a, b| a - b.sin())
            }
        ));
        assert_eq!(zip, "fmap(sub_c ∘ (exl △ sin_c ∘ exr)) ∘ zip_i");
        let by_name = form(quote!(
            fn f(v: [f64; 3]) -> [f64; 3] {
                v.map(sqr)
            }
        ));
        assert_eq!(by_name, "fmap(sqr)");
    }

    #[test]
    fn consecutive_maps_fuse() {
        let fused = form(quote!(
            fn f(v: [f64; 3]) -> [f64; 3] {
                v.map(|x| x.sin()).map(|y| y * 2.0)
            }
        ));
        assert_eq!(fused, "fmap(mul_c ∘ (id △ const_c(2.0)) ∘ sin_c)");
    }

    #[test]
    fn a_closure_is_paired_with_copies_of_what_it_captures_only() {
        // `v` is in the environment but not captured: only `c` is replicated.
        let scaled = form(quote!(
            fn scaled(v: [f64; 3], c: f64) -> [f64; 3] {
                v.map(|x| c * x)
            }
        ));
        assert_eq!(scaled, "fmap(mul_c) ∘ zip_i ∘ (repl_i ∘ exr △ exl)");
        // A parameter that shadows a variable of the environment is not a capture.
        let shadowed = form(quote!(
            fn f(x: f64, v: [f64; 3]) -> [f64; 3] {
                v.map(|x| x + 1.0)
            }
        ));
        assert_eq!(shadowed, "fmap(add_c ∘ (id △ const_c(1.0))) ∘ exr");
    }

    #[test]
    fn a_program_inherits_the_bounds_of_the_programs_it_calls() {
        let program = Program::compile(
            TokenStream::new(),
            quote!(
                pub(crate) fn f(x: f64, v: [f64; 2]) -> f64 {
                    model::g(x) + sqr(x) * sqr(v.sum())
                }
            ),
        )
        .unwrap();
        let code = program.to_token_stream().to_string();
        let bound = ":: catad :: vocabulary :: Program < f64 > + :: catad :: vocabulary :: ProgramI < \
                     :: catad :: space :: Arr < 2 > > + model :: g + sqr";
        assert!(
            code.contains(&format!("pub (crate) trait f : {bound} {{ }}")),
            "{code}"
        );
        assert!(
            code.contains(&format!("impl < K : {bound} > f for K {{ }}")),
            "{code}"
        );
        assert!(
            code.contains(&format!("pub (crate) fn f < K : {bound} > ()")),
            "{code}"
        );
    }

    #[test]
    fn vector_shapes_become_bounds() {
        let program = Program::compile(
            TokenStream::new(),
            quote!(
                fn f(u: [f64; 3], v: nalgebra::SVector<f64, 2>, w: [[f64; 2]; N]) -> f64 {
                    let z: Vector2<f64> = v;
                    u.sum() + z.sum()
                }
            ),
        )
        .unwrap();
        let code = program.to_token_stream().to_string();
        let bounds = [
            "ProgramI < :: catad :: space :: Arr < 3 > >",
            "ProgramI < :: catad :: space :: SVec < 2 > >",
            "ProgramI < :: catad :: space :: Arr < 2 > >",
            "ProgramI < :: catad :: space :: Arr < N > >",
        ];
        for bound in bounds {
            assert!(code.contains(bound), "{bound} in {code}");
        }
        let function = &code[code.find("fn f <").unwrap()..];
        assert_eq!(function.matches("ProgramI").count(), 4, "{code}");
    }

    /// Code without whitespace or trailing commas, which rustfmt adds and token streams lack.
    fn squash(code: &str) -> String {
        let mut squashed: String = code.split_whitespace().collect();
        for (trailing, close) in [(",)", ")"), (",}", "}"), (",>", ">")] {
            while squashed.contains(trailing) {
                squashed = squashed.replace(trailing, close);
            }
        }
        squashed
    }

    #[test]
    fn the_guide_shows_the_real_expansions() {
        let guide = include_str!("../../docs/macro.md");
        let examples = [
            quote!(
                fn mag_sqr(a: f64, b: f64) -> f64 {
                    a * a + b * b
                }
            ),
            quote!(
                fn relu(x: f64) -> f64 {
                    if x > 0.0 { x } else { 0.0 }
                }
            ),
            quote!(
                fn dist_sqr(v: [f64; 3], c: [f64; 3]) -> f64 {
                    v.zip_with(c, |x, y| x - y).map(|d| d * d).sum()
                }
            ),
        ];
        for item in examples {
            let program = Program::compile(TokenStream::new(), item).unwrap();
            let code = program.to_token_stream().to_string();
            assert!(
                squash(guide).contains(&squash(&code)),
                "docs/macro.md should show the expansion\n{code}"
            );
            let form = program.term.to_string();
            assert!(guide.contains(&form), "docs/macro.md should show `{form}`");
        }
    }

    #[test]
    fn the_tour_shows_the_real_forms() {
        let tour = include_str!("../../examples/tour.rs");
        let file = syn::parse_file(tour).unwrap();
        let programs = file
            .items
            .iter()
            .find_map(|item| match item {
                Item::Mod(m) if m.ident == "programs" => m.content.as_ref(),
                _ => None,
            })
            .expect("the tour has a `programs` module")
            .1
            .iter()
            .filter_map(|item| match item {
                Item::Fn(f) => Some(f.clone()),
                _ => None,
            });
        let mut forms = 0;
        for mut function in programs {
            function.attrs.retain(|a| !a.path().is_ident("catad"));
            let form = form(function.to_token_stream());
            assert!(
                tour.contains(&format!("\"{form}\"")),
                "examples/tour.rs should show `{form}` for `{}`",
                function.sig.ident
            );
            forms += 1;
        }
        assert_eq!(forms, 4, "the tour's four examples");
    }

    #[test]
    fn documented_programs_show_their_form() {
        let program = Program::compile(
            TokenStream::new(),
            quote!(
                /// Squares.
                pub fn sqr(x: f32) -> f32 {
                    x * x
                }
            ),
        )
        .unwrap();
        let code = program.to_token_stream().to_string();
        assert!(code.contains("Program < f32 >"), "{code}");
        assert!(code.contains("Compiled by `#[catad::program]` to `mul_c ∘ dup`."));
        let function = &code[code.find("# [doc = r\" Squares.\"]").unwrap()..];
        assert!(function.contains("pub fn sqr"), "{code}");
    }
}
