//! Calls of other programs and of primitives: a call is the callee composed after its arguments.

use super::{Lowering, Typed};
use crate::env::Env;
use crate::reject::Unsupported;
use crate::term::{Derivative, Term};
use crate::types::Ty;
use proc_macro2::Span;
use quote::ToTokens;
use syn::Expr;
use syn::spanned::Spanned;

impl Lowering {
    /// `f(a, b, …)`: `f ∘ (a △ b △ …)`.
    pub(super) fn call(&mut self, env: &Env, call: &syn::ExprCall) -> syn::Result<Typed> {
        let Expr::Path(callee) = &*call.func else {
            return Err(Unsupported::Callee.at(&call.func));
        };
        if callee.qself.is_none()
            && let Some(primitive) = self.scalar_function(env, call, &callee.path)
        {
            return primitive;
        }
        if let Some(nested) = self.nested(env, call, callee)? {
            return Ok(nested);
        }
        let (program, ty) = self.callee(callee)?;
        let mut args = Vec::with_capacity(call.args.len());
        for arg in &call.args {
            args.push(self.expr(env, arg)?.0);
        }
        // Several arguments make a tuple, as several parameters do.
        Ok((Term::compose(program, Term::tuple(args)), ty))
    }

    /// `gradient::<M>(f, a, b, …)`, `derivative::<M>(f, x)`, `jvp::<M>(f, a, da)` or
    /// `vjp::<M>(f, a, db)`: the derivative of the program `f` in the mode `M`, a program again
    /// (`catad::nested`), composed after the arguments.
    /// `None` where the callee is not a derivative operator with a mode.
    fn nested(
        &mut self,
        env: &Env,
        call: &syn::ExprCall,
        callee: &syn::ExprPath,
    ) -> syn::Result<Option<Typed>> {
        let Some(last) = callee.path.segments.last() else {
            return Ok(None);
        };
        let (Some(derivative), syn::PathArguments::AngleBracketed(generics)) =
            (Derivative::named(&last.ident.to_string()), &last.arguments)
        else {
            return Ok(None);
        };
        let (Some(syn::GenericArgument::Type(mode)), 1) =
            (generics.args.first(), generics.args.len())
        else {
            return Err(Unsupported::NestedMode.at(generics));
        };
        let mut args = call.args.iter();
        let Some(Expr::Path(program)) = args.next() else {
            return Err(Unsupported::NestedProgram.at(call));
        };
        if program.qself.is_some() || program.path.segments.iter().any(|s| !s.arguments.is_none()) {
            return Err(Unsupported::NestedProgram.at(program));
        }
        if derivative.arity().is_some_and(|n| n != call.args.len() - 1) {
            return Err(Unsupported::NestedArguments.at(&call.args));
        }
        let mut inputs = Vec::with_capacity(call.args.len());
        for arg in args {
            inputs.push(self.expr(env, arg)?.0);
        }
        let input = Term::tuple(inputs);
        let term = Term::Nested(
            derivative,
            mode.to_token_stream(),
            program.path.to_token_stream(),
            call.span(),
        );
        Ok(Some((Term::compose(term, input), Ty::Unknown)))
    }

    /// Another program, named by its path: a morphism from its parameters. Its path joins the
    /// callees, whose bounds the program inherits.
    pub(super) fn callee(&mut self, callee: &syn::ExprPath) -> syn::Result<Typed> {
        let path = &callee.path;
        if path.is_ident(&self.name) {
            return Err(Unsupported::Recursion.at(callee));
        }
        if callee.qself.is_some() || path.segments.iter().any(|s| !s.arguments.is_none()) {
            return Err(Unsupported::CallTypeArguments.at(callee));
        }
        let first = path.segments[0].ident.to_string();
        if path.segments.len() > 1
            && (matches!(first.as_str(), "f32" | "f64") || first == self.types.scalar)
        {
            return Err(Unsupported::ScalarFunctionPath.at(callee));
        }
        Ok((self.call_path(path.clone(), path.span()), Ty::Unknown))
    }

    /// The callee at `path` (a program or a primitive), which joins the callees.
    pub(super) fn call_path(&mut self, path: syn::Path, span: Span) -> Term {
        let named = path.to_token_stream().to_string();
        let term = Term::Call(path.to_token_stream(), span);
        if !self
            .callees
            .iter()
            .any(|c| c.to_token_stream().to_string() == named)
        {
            self.callees.push(path);
        }
        term
    }
}

#[cfg(test)]
mod tests {
    use crate::expand::tests::{compile, form};
    use quote::{ToTokens, quote};

    #[test]
    fn a_derivative_of_a_program_is_composed_after_its_arguments() {
        let slope = form(quote!(
            fn slope<S: Scalar>(x: S, y: S) -> S {
                let (_, d) = gradient::<Reverse>(m::product, y, x);
                d
            }
        ));
        assert_eq!(slope, "exr ∘ gradient::<Reverse>(m::product) ∘ (exr △ exl)");
        let code = compile(quote!(
            fn slope<S: Scalar>(x: S) -> S {
                derivative::<Forward>(cube, x)
            }
        ))
        .to_token_stream()
        .to_string();
        assert!(
            code.contains(":: catad :: nested :: derivative_of :: < S , _ >"),
            "{code}"
        );
        assert!(
            code.contains(
                "< Forward as cube > :: __catad_program :: < :: catad :: staged :: Sym >"
            ),
            "{code}"
        );
    }

    #[test]
    fn jvp_and_vjp_take_a_point_and_a_tangent_or_cotangent() {
        let tangent = form(quote!(
            fn tangent<S: Scalar>(x: S, y: S) -> S {
                let (_, dz) = jvp::<Forward>(product, (x, y), (1.0, 0.0));
                dz
            }
        ));
        assert_eq!(
            tangent,
            "exr ∘ jvp::<Forward>(product) ∘ (id △ (const_c(1.0) △ const_c(0.0)))"
        );
        let code = compile(quote!(
            fn pulled<S: Scalar>(x: S) -> S {
                let (_, dx) = vjp::<Reverse>(cube, x, 1.0);
                dx
            }
        ))
        .to_token_stream()
        .to_string();
        assert!(
            code.contains(":: catad :: nested :: vjp_of :: < S , _ , _ , _ >"),
            "{code}"
        );
        for body in [
            quote!(jvp::<Forward>(product, x)),
            quote!(vjp::<Reverse>(product, x, 1.0, 2.0)),
        ] {
            let program = compile(quote!(
                fn g(x: f64) -> f64 {
                    #body
                }
            ));
            let error = program.body().err().map(|e| e.to_string());
            assert!(
                error
                    .as_deref()
                    .is_some_and(|e| e.contains("number of arguments")),
                "{body}: {error:?}"
            );
        }
    }

    #[test]
    fn a_derivative_names_its_mode_and_its_program() {
        for body in [
            quote!(gradient::<Reverse, Forward>(f, x)),
            quote!(gradient::<Reverse>()),
            quote!(gradient::<Reverse>(x * x, x)),
            quote!(gradient::<Reverse>(f::<Forward>, x)),
        ] {
            let program = compile(quote!(
                fn g(x: f64) -> f64 {
                    #body
                }
            ));
            let error = program.body().err().map(|e| e.to_string());
            assert!(
                error.as_deref().is_some_and(|e| e.contains("derivative")),
                "{body}: {error:?}"
            );
        }
    }
}
