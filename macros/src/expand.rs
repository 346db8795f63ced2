//! The pipeline and its output: a function is parsed, its body lowered to a term, the term
//! simplified and emitted, inside the generated generic program and the hidden trait that carries
//! its bound. A program whose body is rejected still gets its signature, bound and trait, with
//! an `unreachable!()` body, so that the one error is the rejection, not its callers' failures.

use crate::callee::Callee;
use crate::emit::Emitter;
use crate::env::Env;
use crate::lower::Lowering;
use crate::names::{CHECKPOINT, FORM_CONST, SYNTAX_FN, TERM_STATIC, ident};
use crate::parse::Signature;
use crate::reject::Rejection;
use crate::simplify::simplify;
use crate::term::Term;
use crate::types::Types;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::ItemFn;

/// A program: its signature, and its body compiled, or the error that rejects it.
pub(crate) struct Program {
    signature: Signature,
    body: syn::Result<Body>,
}

/// A compiled body.
pub(crate) struct Body {
    /// The simplified term.
    pub(crate) term: Term,
    /// The types the program names, its signature's and its body's.
    types: Types,
    /// The programs it calls.
    callees: Vec<syn::Path>,
}

impl Program {
    /// Compiles `#[catad::program(<attr>)] <item>`: an error if the signature is not a program's;
    /// otherwise the program, whose body may be rejected.
    pub(crate) fn compile(attr: TokenStream, item: TokenStream) -> syn::Result<Program> {
        let signature = Signature::parse(attr, item)?;
        let body = lower(&signature);
        Ok(Program { signature, body })
    }

    /// The compiled body, or the error that rejects it.
    #[cfg(test)]
    pub(crate) fn body(&self) -> Result<&Body, &syn::Error> {
        self.body.as_ref()
    }
}

/// Lowers the body of `signature` in the environment of its parameters, checks its result and
/// simplifies it.
fn lower(signature: &Signature) -> syn::Result<Body> {
    let mut lowering = Lowering::new(
        signature.function.sig.ident.clone(),
        signature.types.clone(),
    );
    let mut params = Vec::with_capacity(signature.params.len());
    for (pat, ty) in &signature.params {
        params.push(Env::bind(pat, ty, &mut lowering.types)?);
    }
    let n = params.len();
    let (term, ty) = lowering.block(&Env::nested(params), &signature.function.block)?;
    // The domain of several parameters is their tuple, taken apart into its pairs once.
    let term = if n > 2 {
        Term::compose(term, Term::Repr(n))
    } else {
        term
    };
    if ty.unify(&signature.result).is_none() {
        return Err(Rejection::Result {
            body: ty,
            declared: signature.result.clone(),
        }
        .at(&signature.codomain));
    }
    Ok(Body {
        term: simplify(term),
        types: lowering.types,
        callees: lowering.callees,
    })
}

/// The bound a category needs to run a program: `StraightLine<S>` and each class beyond it that
/// the body uses ([`Term::classes`]; `RepCat` for a tuple of more than two), `ProgramI<H>` for
/// each vector shape `H` it names, `RepCat` if it names a struct, and the trait of each program it calls. The first element is
/// `StraightLine<S>`.
fn bound(types: &Types, term: Option<&Term>, callees: &[syn::Path]) -> Vec<TokenStream> {
    let scalar = ident(&types.scalar);
    let mut bound = vec![quote!(::catad::vocabulary::StraightLine<#scalar>)];
    let mut classes = std::collections::BTreeSet::new();
    if let Some(term) = term {
        term.classes(&mut classes);
    }
    let rep_cat = classes.contains("RepCat");
    bound.extend(classes.into_iter().map(|class| {
        let class = ident(class);
        quote!(::catad::vocabulary::#class)
    }));
    bound.extend(types.shapes.iter().map(|h| {
        let h = h.ty();
        quote!(::catad::vocabulary::ProgramI<#h>)
    }));
    if types.structs && !rep_cat {
        bound.push(quote!(::catad::vocabulary::RepCat));
    }
    bound.extend(callees.iter().map(ToTokens::to_token_stream));
    bound
}

/// The hidden trait's supertraits: the program's bound, but for a program generic in its scalar,
/// whose `StraightLine<S>` cannot be a supertrait (the trait is not generic: its function is,
/// with `where Self: StraightLine<S>`), so that a caller over any scalar calls it; `Category`
/// stands in.
fn trait_bound(bound: &[TokenStream], generic: bool) -> Vec<TokenStream> {
    if !generic {
        return bound.to_vec();
    }
    let mut supertraits = vec![quote!(::catad::vocabulary::Category)];
    supertraits.extend(bound[1..].iter().cloned());
    supertraits
}

impl ToTokens for Program {
    /// `fn name<K: StraightLine<S> + …>() -> Hom<K, Domain, Codomain> { <term in K> }`, keeping the
    /// original's attributes and visibility; a documented function's docs gain its categorical
    /// form.
    ///
    /// A program over `f64` that `Syn` builds ([`Program::is_syntax`]) is built there once per
    /// thread, and is `K::from_term` of that term in every `K`: `fn name<K: FromTerm>()`, its
    /// body the term's, so that a user's crate compiles it in one category whatever it runs in.
    ///
    /// A program's bound is also a trait named like the function (traits and functions live in
    /// different namespaces), which every category with the bound implements and callers call it
    /// through ([`Callee`]).
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let ItemFn {
            attrs, vis, sig, ..
        } = &self.signature.function;
        let (name, k) = (&sig.ident, &self.signature.category);
        let (domain, codomain) = (&self.signature.domain, &self.signature.codomain);
        let syntax = self.is_syntax();
        let (bound, form, body) = match &self.body {
            Ok(body) => {
                let mut term = Emitter::generic(k, &body.types).term(&body.term);
                let mut form = body.term.to_string();
                if self.signature.checkpoint {
                    let checkpoint = ident(CHECKPOINT);
                    term = quote!(<#k as ::catad::vocabulary::Checkpoint>::#checkpoint(#term));
                    form = format!("{checkpoint}({form})");
                }
                (
                    bound(&body.types, Some(&body.term), &body.callees),
                    form,
                    term,
                )
            }
            Err(error) => {
                error.to_compile_error().to_tokens(tokens);
                let unreachable = quote!(::core::unreachable!());
                (
                    bound(&self.signature.types, None, &[]),
                    String::new(),
                    unreachable,
                )
            }
        };
        let documented = attrs.iter().any(|a| a.path().is_ident("doc"));
        let form_doc = (documented && self.body.is_ok()).then(|| {
            let line = format!(" Compiled by `#[catad::program]` to `{form}`.");
            quote!(#[doc = ""] #[doc = #line])
        });
        let scalar = self.signature.scalar.as_ref();
        let generics = scalar.map(|param| {
            let s = &param.ident;
            let generics: syn::Generics = syn::parse_quote!(<#param>);
            (
                generics,
                quote!(Self: ::catad::vocabulary::StraightLine<#s>),
            )
        });
        let from_term = quote!(::catad::term::FromTerm);
        let (bound, body) = if syntax {
            let (syntax_fn, term) = (ident(SYNTAX_FN), ident(TERM_STATIC));
            let built = quote! {
                fn #syntax_fn<#k: #(#bound)+*>()
                    -> ::catad::vocabulary::Hom<#k, #domain, #codomain>
                {
                    #body
                }
                ::std::thread_local! {
                    static #term: ::catad::term::Term<#domain, #codomain> =
                        #syntax_fn::<::catad::term::Syn>();
                }
                #term.with(<#k as #from_term>::from_term)
            };
            (vec![from_term], built)
        } else {
            (bound, body)
        };
        Callee {
            vis,
            name,
            category: k,
            bound: &trait_bound(&bound, scalar.is_some()),
            generics: generics.as_ref().map(|(g, needs)| (g, needs.clone())),
            domain,
            codomain,
            form: &form,
        }
        .to_tokens(tokens);
        let scalar = scalar.map(|param| quote!(, #param));
        tokens.extend(quote! {
            #(#attrs)*
            #form_doc
            #vis fn #name<#k: #(#bound)+* #scalar>()
                -> ::catad::vocabulary::Hom<#k, #domain, #codomain>
            {
                #body
            }
        });
    }
}

impl Program {
    /// Whether the program is built once as a term, at `Syn`, and runs in every category as
    /// that term (`catad::term::FromTerm`): a program over `f64` whose body `Syn` builds
    /// ([`Term::is_syntax`]).
    fn is_syntax(&self) -> bool {
        self.signature.scalar.is_none()
            && self
                .body
                .as_ref()
                .is_ok_and(|body| body.types.scalar == "f64" && body.term.is_syntax())
    }
}

/// `program_form!(path)`: the categorical form of the program at `path`, a `&'static str`.
pub(crate) fn program_form(input: TokenStream) -> syn::Result<TokenStream> {
    let path: syn::Path = syn::parse2(input)?;
    let form = ident(FORM_CONST);
    Ok(quote!(<::catad::interpretations::Fun as #path>::#form))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use syn::Item;

    /// The program `item`, whose signature must be accepted.
    pub(crate) fn compile(item: TokenStream) -> Program {
        Program::compile(TokenStream::new(), item).unwrap()
    }

    /// The categorical form of `item`, whose body must be accepted.
    pub(crate) fn form(item: TokenStream) -> String {
        compile(item).body().unwrap().term.to_string()
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
    fn three_parameters_are_a_tuple_reached_through_its_pairs() {
        let program = compile(quote!(
            fn f(x: f64, y: f64, z: f64) -> f64 {
                x + y * z
            }
        ));
        assert_eq!(program.signature.domain.to_string(), "(f64 , f64 , f64)");
        assert_eq!(
            program.body().unwrap().term.to_string(),
            "add_c ∘ (exl ∘ exl △ mul_c ∘ (exr ∘ exl △ exr)) ∘ repr_c"
        );
        let twelve = (0..12).map(|i| quote::format_ident!("x{i}"));
        let program = compile(quote!(
            fn f(#(#twelve: f64),*) -> f64 {
                x0 * x11
            }
        ));
        let form = program.body().unwrap().term.to_string();
        assert_eq!(
            form,
            "mul_c ∘ (exl ∘ exl ∘ exl ∘ exl ∘ exl ∘ exl ∘ exl ∘ exl ∘ exl ∘ exl ∘ exl △ exr) ∘ repr_c"
        );
        let thirteen = (0..13).map(|i| quote::format_ident!("x{i}"));
        let error = Program::compile(
            TokenStream::new(),
            quote!(fn f(#(#thirteen: f64),*) -> f64 { x0 }),
        )
        .err()
        .map(|e| e.to_string());
        let expected = "catad::program supports parameter lists of 2 to 12 components, not 13";
        assert!(
            error.as_deref().is_some_and(|e| e.contains(expected)),
            "{error:?}"
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
        let program = compile(quote!(
            pub(crate) fn f(x: f64, v: [f64; 2]) -> f64 {
                model::g(x) + sqr(x) * sqr(v.sum())
            }
        ));
        let code = program.to_token_stream().to_string();
        let bound = ":: catad :: vocabulary :: StraightLine < f64 > + :: catad :: vocabulary :: \
                     ProgramI < :: catad :: space :: Arr < 2 > > + model :: g + sqr";
        assert!(
            code.contains(&format!("pub (crate) trait f : {bound} {{")),
            "{code}"
        );
        // Callees are called through their traits.
        assert!(
            code.contains("< K as model :: g > :: __catad_program ()"),
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
    fn a_program_is_bound_by_the_classes_its_body_uses() {
        let bound_of = |item| {
            let code = compile(item).to_token_stream().to_string();
            let function = &code[code.find("fn f <").unwrap()..];
            function[..function.find("()").unwrap()].to_string()
        };
        // A program `Syn` builds runs as its term in every category with terms; the body is
        // built by a function bound by its classes.
        let straight = quote!(
            fn f(x: f64, y: f64) -> f64 {
                (x * y).sin().max(y)
            }
        );
        assert_eq!(
            bound_of(straight.clone()),
            "fn f < K : :: catad :: term :: FromTerm > "
        );
        let code = compile(straight).to_token_stream().to_string();
        assert!(
            code.contains(
                "fn __catad_syntax < K : :: catad :: vocabulary :: StraightLine < f64 > > ()"
            ),
            "{code}"
        );
        let looping = bound_of(quote!(
            fn f(x: f64, xs: Vec<f64>) -> f64 {
                let mut s = x;
                for i in 0..xs.len() {
                    if s > 1.0 {
                        s = s * xs[i];
                    }
                }
                s
            }
        ));
        let classes = ["Conditional", "IndexCat", "Loops", "VecCat"];
        let expected: Vec<String> = classes
            .iter()
            .map(|c| format!(" + :: catad :: vocabulary :: {c}"))
            .collect();
        assert_eq!(
            looping,
            format!(
                "fn f < K : :: catad :: vocabulary :: StraightLine < f64 >{} > ",
                expected.concat()
            )
        );
    }

    #[test]
    fn vector_shapes_become_bounds() {
        let program = compile(quote!(
            fn f(u: [f64; 3], v: nalgebra::SVector<f64, 2>, w: [[f64; 2]; N]) -> f64 {
                let z: Vector2<f64> = v;
                u.sum() + z.sum()
            }
        ));
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
        // Built as a term: the function that builds its body carries the bound.
        let function = &code[code.find("fn __catad_syntax <").unwrap()..];
        let bound = &function[..function.find("->").unwrap()];
        assert_eq!(bound.matches("ProgramI").count(), 4, "{code}");
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
            let program = compile(item);
            let code = program.to_token_stream().to_string();
            assert!(
                squash(guide).contains(&squash(&code)),
                "docs/macro.md should show the expansion\n{code}"
            );
            let form = program.body().unwrap().term.to_string();
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
            // The tour shows the form as a string, or reads it with `program_form!`.
            let name = &function.sig.ident;
            let read = format!("program_form!(programs::{name})");
            assert!(
                tour.contains(&format!("\"{form}\"")) || tour.contains(&read),
                "examples/tour.rs should show `{form}` for `{name}`"
            );
            forms += 1;
        }
        assert_eq!(forms, 4, "the tour's four examples");
    }

    #[test]
    fn documented_programs_show_their_form() {
        let program = compile(quote!(
            /// Squares.
            pub fn sqr(x: f32) -> f32 {
                x * x
            }
        ));
        let code = program.to_token_stream().to_string();
        assert!(code.contains("StraightLine < f32 >"), "{code}");
        assert!(code.contains("const __CATAD_FORM : & 'static str = \"mul_c ∘ dup\""));
        assert!(code.contains("Compiled by `#[catad::program]` to `mul_c ∘ dup`."));
        let function = &code[code.find("# [doc = r\" Squares.\"]").unwrap()..];
        assert!(function.contains("pub fn sqr"), "{code}");
    }

    #[test]
    fn an_indexing_is_emitted_as_index_by() {
        // `x[i + 1]` squared: `mul_c ∘ dup ∘ index_v ∘ (x △ i + 1)`, the indexing one method,
        // so that the categories that can read the vector in place do.
        let program = compile(quote!(
            fn f<S: Scalar>(x: Vec<S>, i: usize) -> S {
                x[i + 1] * x[i + 1]
            }
        ));
        let code = program.to_token_stream().to_string();
        let form = "mul_c ∘ dup ∘ index_v ∘ (exl △ add_ix ∘ (exr △ const_ix(1)))";
        assert!(code.contains(&format!("\"{form}\"")), "{code}");
        assert!(code.contains("VecCat > :: index_by ("), "{code}");
        assert!(!code.contains("VecCat > :: index_v"), "{code}");
    }

    #[test]
    fn every_primitive_is_emitted_as_its_vocabulary_method() {
        use crate::primitives::Operand;
        for p in crate::primitives::PRIMITIVES {
            let call: syn::Expr = syn::parse_str(&p.usage()).unwrap();
            let ty = match p.operands[0] {
                Operand::Index => quote!(usize),
                _ => quote!(f64),
            };
            let program = compile(quote!(
                fn f(x: #ty, y: #ty) -> #ty {
                    #call
                }
            ));
            let code = program.to_token_stream().to_string();
            let class = match p.over {
                crate::term::Over::Scalar => format!("{} < f64 >", p.class),
                _ => p.class.to_string(),
            };
            let expected = format!("< K as :: catad :: vocabulary :: {class} > :: {}", p.method);
            assert!(code.contains(&expected), "{expected} in {code}");
            assert!(program.body().unwrap().term.to_string().contains(p.method));
        }
    }

    #[test]
    fn the_generated_code_imports_nothing_and_qualifies_every_method() {
        let code = compile(quote!(
            fn f(x: f64, v: [f64; 2]) -> f64 {
                if x.sin() > 0.0 && !(x < -1.0) {
                    v.map(|y| y * x).sum()
                } else {
                    g(x)
                }
            }
        ))
        .to_token_stream()
        .to_string();
        assert!(!code.contains("use "), "{code}");
        // Every method is called on a type given as `<… as Trait>`, or on a struct's path.
        for call in code.split(":: ").skip(1) {
            let method = call.split_whitespace().next().unwrap();
            assert!(
                !method.ends_with("_c") || code.contains(&format!("> :: {method}")),
                "{method} in {code}"
            );
        }
        assert!(!code.contains("K :: "), "{code}");
        assert!(
            code.contains(":: catad :: vocabulary :: Pred :: and (&"),
            "{code}"
        );
    }

    #[test]
    fn the_category_is_renamed_when_the_function_mentions_its_name() {
        let code = compile(quote!(
            fn f(v: [f64; K]) -> f64 {
                v.sum() * K
            }
        ))
        .to_token_stream()
        .to_string();
        assert!(code.contains("fn f < __CatadK :"), "{code}");
        assert!(code.contains("Arr < K >"), "{code}");
        assert!(code.contains("const_c (K)"), "{code}");
    }

    #[test]
    fn a_rejected_body_keeps_its_signature_and_bound() {
        let program = compile(quote!(
            /// Loops.
            pub fn f(v: [f64; 3]) -> f64 {
                for x in v {}
                1.0
            }
        ));
        let error = program.body().err().unwrap().to_string();
        assert!(
            error.starts_with("catad::program does not support `for` over"),
            "{error}"
        );
        let code = program.to_token_stream().to_string();
        assert!(code.contains("compile_error !"), "{code}");
        assert!(code.contains("pub trait f : :: catad :: vocabulary :: StraightLine < f64 > + :: catad :: vocabulary :: ProgramI"), "{code}");
        assert!(code.contains("impl < K :"), "{code}");
        assert!(code.contains("{ :: core :: unreachable ! () }"), "{code}");
        assert!(!code.contains("Compiled by"), "{code}");
    }

    #[test]
    fn a_program_generic_in_its_scalar_takes_it_after_the_category() {
        let program = compile(quote!(
            pub fn f<S: Scalar>(x: S, v: [S; 2]) -> S {
                if x > 0.5 { g(x) * 2.0 } else { v.sum() }
            }
        ));
        let code = program.to_token_stream().to_string();
        let rest = ":: catad :: vocabulary :: Conditional + :: catad :: vocabulary :: ProgramI < \
                    :: catad :: space :: Arr < 2 > > + g";
        let function = format!(
            "pub fn f < K : :: catad :: vocabulary :: StraightLine < S > + {rest} , S : Scalar > () \
             -> :: catad :: vocabulary :: Hom < K , (S , [S ; 2]) , S >"
        );
        assert!(code.contains(&function), "{code}");
        // The trait is not generic: its function is, so that callers over any scalar call it.
        let supertraits = format!(":: catad :: vocabulary :: Category + {rest}");
        assert!(
            code.contains(&format!("pub trait f : {supertraits} {{")),
            "{code}"
        );
        assert!(
            code.contains(
                "fn __catad_program < S : Scalar > () -> :: catad :: vocabulary :: Hom < Self , \
                 (S , [S ; 2]) , S > where Self : :: catad :: vocabulary :: StraightLine < S > , \
                 { f :: < Self , S > () }"
            ),
            "{code}"
        );
        assert!(
            code.contains(&format!("impl < K : {supertraits} > f for K {{ }}")),
            "{code}"
        );
        // Constants are converted to the scalar; callees are given it.
        let constant = "const_c (< S as :: catad :: space :: Scalar > :: from_f64 (2.0))";
        assert!(code.contains(constant), "{code}");
        assert!(
            code.contains("< K as g > :: __catad_program :: < S > ()"),
            "{code}"
        );
        assert!(code.contains("NumCat < S > > :: mul_c ()"), "{code}");
        let form = program.body().unwrap().term.to_string();
        assert_eq!(
            form,
            "cond(exl > const_c(0.5), mul_c ∘ (g ∘ exl △ const_c(2.0)), sum_c ∘ exr)"
        );
    }

    #[test]
    fn a_generic_program_names_the_category_apart_from_its_scalar() {
        let code = compile(quote!(
            fn f<K: Scalar>(x: K) -> K {
                x
            }
        ))
        .to_token_stream()
        .to_string();
        assert!(
            code.contains(
                "fn f < __CatadK : :: catad :: vocabulary :: StraightLine < K > , K : Scalar > ()"
            ),
            "{code}"
        );
    }

    #[test]
    fn a_generic_program_names_only_its_scalar_and_generic_vectors() {
        for (item, error) in [
            (
                quote!(
                    fn f<S: Scalar>(x: f64) -> S {
                        x
                    }
                ),
                "catad::program does not support mixing scalar types: this program is over S, not f64",
            ),
            (
                quote!(
                    fn f<S: Scalar>(p: Params) -> S {
                        p.w
                    }
                ),
                "catad::program does not support structs in a program generic in its scalar",
            ),
            (
                quote!(
                    fn f<S: Scalar>(v: DVector<S>) -> S {
                        v.sum()
                    }
                ),
                "catad::program does not support nalgebra's DVector in a program generic in its scalar",
            ),
            (
                quote!(
                    fn f<S: Scalar>(x: S) -> S {
                        2.0f64 * x
                    }
                ),
                "catad::program does not support f64 literals in a program over S",
            ),
        ] {
            let message = match Program::compile(TokenStream::new(), item) {
                Err(signature) => signature.to_string(),
                Ok(program) => program.body().err().expect("rejected").to_string(),
            };
            assert!(message.starts_with(error), "{message}");
        }
    }

    #[test]
    fn a_rejected_signature_is_only_an_error() {
        for item in [
            quote!(
                fn f<T>(x: f64) -> f64 {
                    x
                }
            ),
            quote!(
                fn f(x: &f64) -> f64 {
                    1.0
                }
            ),
            quote!(
                struct S;
            ),
        ] {
            assert!(Program::compile(TokenStream::new(), item).is_err());
        }
        assert!(
            Program::compile(
                quote!(f32),
                quote!(
                    fn f(x: f32) -> f32 {
                        x
                    }
                )
            )
            .is_err()
        );
    }

    #[test]
    fn a_checkpointed_program_is_its_body_checkpointed() {
        let program = Program::compile(
            quote!(checkpoint),
            quote!(
                fn sqr(x: f64) -> f64 {
                    x * x
                }
            ),
        )
        .unwrap();
        let code = program.to_token_stream().to_string();
        assert!(
            code.contains("{ < K as :: catad :: vocabulary :: Checkpoint > :: checkpoint (< K as"),
            "{code}"
        );
        assert!(code.contains("\"checkpoint(mul_c ∘ dup)\""), "{code}");
        for attr in [
            quote!(checkpoint(x)),
            quote!(checkpoint, checkpoint),
            quote!(1),
        ] {
            let item = quote!(
                fn f(x: f64) -> f64 {
                    x
                }
            );
            assert!(Program::compile(attr, item).is_err());
        }
    }

    #[test]
    fn program_form_reads_the_constant_of_the_programs_trait() {
        let form = program_form(quote!(model::sqr)).unwrap().to_string();
        assert_eq!(
            form,
            "< :: catad :: interpretations :: Fun as model :: sqr > :: __CATAD_FORM"
        );
        assert!(program_form(quote!(1 + 2)).is_err());
    }

    #[test]
    fn the_guide_lists_every_law() {
        let guide = include_str!("../../docs/macro.md");
        let rules = crate::simplify::ADJACENT.iter().map(|r| (r.name, r.law));
        let rules = rules.chain(crate::simplify::FORKS.iter().map(|r| (r.name, r.law)));
        for (name, law) in rules.chain(crate::simplify::CHOICES.iter().map(|r| (r.name, r.law))) {
            assert!(
                guide.contains(&format!("| `{name}` | `{law}` |")),
                "docs/macro.md should list {name}: {law}"
            );
        }
    }
}
