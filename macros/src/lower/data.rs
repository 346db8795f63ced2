//! `#[data]` Vecs and the iterators over them, read element by element. A `#[data]` parameter
//! `xs` is a `catad::space::Data` handle, never copied whole nor differentiated:
//!
//! - `xs.len()` is `data_len ∘ xs`, and `xs[i]` is `data_at ∘ (xs △ i)`, a copy of one element;
//! - `xs.iter()` (`&xs` where an iterable is taken) is an iterator over the indices `0..n`,
//!   `n = data_len xs`, that reads `xs[i]` where its element is used; `.zip(&ys)` reads
//!   `(xs[i], ys[i])` over `zip_len ∘ (n △ data_len ys)` indices, `.enumerate()` reads
//!   `(i, xs[i])`;
//! - a closure `|x| body` of `map` or `fold`, and the body of a `for` loop, read their element
//!   first: `xs.iter().map(|x| body)` is `(0..n).map(|i| { let x = xs[i]; body })` (a `build`);
//!   `xs.iter().fold(s, |acc, x| body)` is `is.iter().fold(s, |a, i| { let x = xs[i]; let acc =
//!   a; body })` and `for x in &xs { body }` is `for i in is.iter() { let x = xs[i]; body }`
//!   (`fold`s), over the vector of indices `is = build exr ∘ (it △ n)`;
//! - any other method (`sum`, `collect`, …) collects the elements first, `(0..n).map(|i| xs[i])`.
//!
//! Data of another type (a hyper-parameter `#[data] lambda: f64`) is read whole where it is used
//! (`read`, see `Lowering::operand`).

use super::closures::check_closure;
use super::runtime::{FOLD, MAP, extreme, is_run_time_method};
use super::{Lowering, Typed};
use crate::env::Env;
use crate::reject::{Rejection, Unsupported};
use crate::term::{Loop, Op, Term};
use crate::types::{Ty, View};
use proc_macro2::{Ident, TokenStream};
use quote::quote_spanned;
use syn::spanned::Spanned;
use syn::{Block, Expr, Pat};

/// The index an iterator over data reads its elements at, bound by the closure or loop it
/// compiles to. One name serves every such iterator: each binds it afresh and reads its element
/// before the user's code runs, and the user's code cannot name it (`__catad_` is reserved).
const INDEX: &str = "__catad_i";

/// A `fold`'s accumulator while its element is read, bound again by its own pattern after.
const ACC: &str = "__catad_acc";

impl Lowering {
    /// A method of the `#[data]` Vec `xs`: `len`, and `iter` (or `into_iter`), which reads it
    /// element by element.
    pub(super) fn data_method(
        &mut self,
        call: &syn::ExprMethodCall,
        (xs, ty): Typed,
    ) -> syn::Result<Typed> {
        let name = call.method.to_string();
        match (name.as_str(), call.args.is_empty()) {
            ("len", true) => {
                let len = Term::op(Op::DataLen, call.method.span());
                Ok((Term::compose(len, xs), Ty::Index))
            }
            ("iter" | "into_iter", true) => data_view(&call.receiver, xs, ty),
            _ if is_run_time_method(&name)
                && !matches!(name.as_str(), "len" | "iter" | "into_iter" | "to_vec") =>
            {
                Err(Rejection::IterateFirst(name).at(&call.method))
            }
            _ => Err(Unsupported::DataVector.at(call)),
        }
    }

    /// A method of an iterator over data, whose term computes the range `(0, n)`.
    pub(super) fn view_method(
        &mut self,
        env: &Env,
        call: &syn::ExprMethodCall,
        (range, ty): Typed,
    ) -> syn::Result<Typed> {
        let Ty::View(view) = ty else {
            return Err(Unsupported::DataIterator.at(&call.receiver));
        };
        let View { read, element } = *view;
        let args: Vec<&Expr> = call.args.iter().collect();
        let span = call.method.span();
        match (call.method.to_string().as_str(), args.as_slice()) {
            ("iter" | "into_iter" | "copied" | "cloned", []) => {
                Ok((range, Ty::View(Box::new(View { read, element }))))
            }
            ("count", []) => Ok((Term::compose(Term::Exr, range), Ty::Index)),
            ("enumerate", []) => {
                let index = Ident::new(INDEX, span);
                let read = quote_spanned!(span=> (#index, #read));
                let element = Ty::Pair(Box::new(Ty::Index), Box::new(element));
                Ok((range, Ty::View(Box::new(View { read, element }))))
            }
            ("zip", [other]) => {
                let (other_range, other_ty) = match self.operand(env, other)? {
                    (ys, Ty::Data(data)) => data_view(other, ys, Ty::Data(data))?,
                    (ys, ty @ Ty::View(_)) => (ys, ty),
                    _ => return Err(Unsupported::DataZip.at(other)),
                };
                let Ty::View(other_view) = other_ty else {
                    return Err(Unsupported::DataZip.at(other));
                };
                let lengths = Term::fork(
                    Term::compose(Term::Exr, range),
                    Term::compose(Term::Exr, other_range),
                );
                let n = Term::compose(Term::op(Op::ZipLen, span), lengths);
                let other_read = &other_view.read;
                let read = quote_spanned!(span=> (#read, #other_read));
                let element = Ty::Pair(Box::new(element), Box::new(other_view.element));
                let range = Term::fork(Term::index(0, span), n);
                Ok((range, Ty::View(Box::new(View { read, element }))))
            }
            ("map", [f]) => {
                let f = self.element_closure(env, f, &read)?;
                self.build(env, range, &f)
            }
            ("fold", [init, f]) if extreme(init, f, &self.types.scalar).is_none() => {
                let f = self.fold_closure(env, f, &read)?;
                self.fold(env, indices(range), Ty::Index, init, &f)
            }
            _ => {
                let index = Ident::new(INDEX, span);
                let elements: Expr = syn::parse_quote_spanned!(span=> |#index| #read);
                let elements = self.build(env, range, &elements)?;
                self.run_time_method(env, call, elements)
            }
        }
    }

    /// The function of `map` over data, which reads its element at the index:
    /// `|__catad_i| { let x = <read>; body }` for `|x| body`, `|__catad_i| f(<read>)` for a
    /// program `f`.
    fn element_closure(&self, env: &Env, f: &Expr, read: &TokenStream) -> syn::Result<Expr> {
        let index = Ident::new(INDEX, f.span());
        match f {
            Expr::Closure(closure) => {
                check_closure(closure, 1, &MAP)?;
                let (x, output, body) = (&closure.inputs[0], &closure.output, &closure.body);
                Ok(syn::parse_quote_spanned!(closure.span()=>
                    |#index| #output { let #x = #read; #body }
                ))
            }
            Expr::Path(path) if is_program(env, path) => {
                Ok(syn::parse_quote_spanned!(path.span()=> |#index| #path(#read)))
            }
            other => Err(Unsupported::FunctionArgument.at(other)),
        }
    }

    /// The function of `fold` over data: `|__catad_acc, __catad_i| { let x = <read>; let acc =
    /// __catad_acc; body }` for `|acc, x| body` (the element is read before `acc` is bound, which
    /// may share a name with the data), `|__catad_acc, __catad_i| f(__catad_acc, <read>)` for a
    /// program `f`.
    fn fold_closure(&self, env: &Env, f: &Expr, read: &TokenStream) -> syn::Result<Expr> {
        let (index, acc) = (Ident::new(INDEX, f.span()), Ident::new(ACC, f.span()));
        match f {
            Expr::Closure(closure) => {
                check_closure(closure, 2, &FOLD)?;
                let (a, x) = (&closure.inputs[0], &closure.inputs[1]);
                let (output, body) = (&closure.output, &closure.body);
                Ok(syn::parse_quote_spanned!(closure.span()=>
                    |#acc, #index| #output { let #x = #read; let #a = #acc; #body }
                ))
            }
            Expr::Path(path) if is_program(env, path) => {
                Ok(syn::parse_quote_spanned!(path.span()=>
                    |#acc, #index| #path(#acc, #read)
                ))
            }
            other => Err(Unsupported::FunctionArgument.at(other)),
        }
    }
}

/// The iterator over the `#[data]` Vec `xs`, written `receiver`: the range `(0, data_len xs)`,
/// reading `(receiver)[__catad_i]`.
pub(super) fn data_view(receiver: &Expr, xs: Term, ty: Ty) -> syn::Result<Typed> {
    let Ty::Data(data) = ty else {
        return Err(Unsupported::DataVector.at(receiver));
    };
    let Ty::Vec(element) = *data else {
        return Err(Unsupported::DataVector.at(receiver));
    };
    let span = receiver.span();
    let index = Ident::new(INDEX, span);
    let read = quote_spanned!(span=> (#receiver)[#index]);
    let n = Term::compose(Term::op(Op::DataLen, span), xs);
    let view = View {
        read,
        element: *element,
    };
    Ok((
        Term::fork(Term::index(0, span), n),
        Ty::View(Box::new(view)),
    ))
}

/// The vector of the indices of a view's range `(0, n)`: `build exr ∘ (it △ n)`. A loop over data
/// folds over it (a `fold` over `n` indices costs less than an `iterate` carrying the index in
/// its state).
pub(super) fn indices(range: Term) -> Term {
    let n = Term::compose(Term::Exr, range);
    let build = Term::looping(Loop::Build, Term::Exr);
    Term::compose(build, Term::fork(Term::It, n))
}

/// `for pat in <view> { body }` as a loop over the view's indices: the pattern `__catad_i`, and
/// the body `{ let pat = <read>; body }`.
pub(super) fn read_in_loop(view: &View, pat: &Pat, body: &Block) -> (Pat, Block) {
    let span = pat.span();
    let index = Ident::new(INDEX, span);
    let (read, stmts) = (&view.read, &body.stmts);
    (
        syn::parse_quote_spanned!(span=> #index),
        syn::parse_quote_spanned!(body.span()=> { let #pat = #read; #(#stmts)* }),
    )
}

/// Whether `path` may name a program: it is not a variable of the environment.
fn is_program(env: &Env, path: &syn::ExprPath) -> bool {
    path.path
        .get_ident()
        .is_none_or(|v| env.lookup(v).is_none())
}

#[cfg(test)]
mod tests {
    use crate::expand::tests::{compile, form};
    use quote::{ToTokens, quote};

    #[test]
    fn a_data_parameter_is_a_handle_in_the_domain_and_its_attribute_is_gone() {
        let program = compile(quote!(
            fn f(w: f64, #[data] xs: Vec<f64>) -> f64 {
                xs[0] * w
            }
        ));
        let code = program.to_token_stream().to_string();
        assert!(
            code.contains("(f64 , :: catad :: space :: Data < Vec < f64 > >)"),
            "{code}"
        );
        assert!(!code.contains("# [data]"), "{code}");
    }

    #[test]
    fn data_are_read_element_by_element() {
        let mapped = form(quote!(
            fn f(w: f64, #[data] xs: Vec<f64>) -> f64 {
                xs.iter().map(|x| x * w).sum::<f64>()
            }
        ));
        assert_eq!(
            mapped,
            "sum_v ∘ build(mul_c ∘ (exr △ exl ∘ exl ∘ exl) ∘ (id △ data_at ∘ (exr ∘ exl △ exr))) \
             ∘ (id △ data_len ∘ exr)"
        );
        let zipped = form(quote!(
            fn f(#[data] xs: Vec<f64>, #[data] ys: Vec<f64>) -> f64 {
                let mut s = 0.0;
                for (x, y) in xs.iter().zip(&ys) {
                    s += x * y;
                }
                s
            }
        ));
        assert!(
            zipped.contains("zip_len ∘ (data_len ∘ exl △ data_len ∘ exr)"),
            "{zipped}"
        );
        assert!(zipped.contains("fold("), "{zipped}");
        assert!(!zipped.contains("zip_v"), "{zipped}");
    }

    #[test]
    fn other_data_are_read_whole_where_they_are_used() {
        let scaled = form(quote!(
            fn f(x: f64, #[data] lambda: f64) -> f64 {
                lambda * x
            }
        ));
        assert_eq!(scaled, "mul_c ∘ (read ∘ exr △ exl)");
    }
}
