//! The names the macros generate, chosen so that they never capture or shadow the user's.
//!
//! - A generated type parameter (the category `K`, the derive's environment `E`) is named with
//!   its usual letter unless the input mentions that identifier anywhere, and is renamed
//!   otherwise: the user's code can only refer to a name it mentions, so a parameter named by an
//!   identifier the input never mentions captures nothing.
//! - Generated items live in a namespace of their own: the hidden associated items of a
//!   program's trait ([`PROGRAM_FN`], [`FORM_CONST`]) and of a derived struct
//!   (`__catad_field_<field>`, `__catad_build`). Associated items cannot collide with the items
//!   of the user's module.
//! - A variable the generated code must bind (a parameter of the derive's functions, the operands
//!   of a comparison of indices) has the prefix `__catad_`, which the macros reserve: a binding may not share a constant's name, and
//!   hygiene does not keep them apart. Everything else is named by absolute path (`::catad::…`,
//!   `::core::…`).
//!
//! The one name a program shares with the user is its own: the trait that carries its bound is
//! named like the function (traits and functions live in different namespaces), so that every
//! path or `use` that reaches the function reaches its bound too.

use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use std::collections::HashSet;

/// The associated function of a program's trait that builds the program: callers call a program
/// through its trait, `<K as name>::__catad_program()`, so that a callee that does not exist is
/// one error at the call.
pub(crate) const PROGRAM_FN: &str = "__catad_program";

/// The associated constant of a program's trait that holds its categorical form.
pub(crate) const FORM_CONST: &str = "__CATAD_FORM";

/// The function, inside a program built as a term, that builds its body in any category with
/// its bound, and the thread-local term it builds at `Syn`, once: block-scoped items of the
/// generated body, which the user's code never reaches.
pub(crate) const SYNTAX_FN: &str = "__catad_syntax";
pub(crate) const TERM_STATIC: &str = "__CATAD_TERM";

/// The one argument `#[catad::program(…)]` takes, and the vocabulary method it calls.
pub(crate) const CHECKPOINT: &str = "checkpoint";

/// Every identifier in `tokens`, at any depth.
pub(crate) fn identifiers(tokens: TokenStream) -> HashSet<String> {
    let mut names = HashSet::new();
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => {
                names.insert(ident.to_string());
            }
            TokenTree::Group(group) => names.extend(identifiers(group.stream())),
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
    names
}

/// A type parameter named `letter`, or `__Catad<letter>`, `__Catad<letter>1`, … if `mentioned`
/// (the identifiers of the input) has that name.
pub(crate) fn fresh(letter: &str, mentioned: &HashSet<String>) -> Ident {
    let name = std::iter::once(letter.to_string())
        .chain((0..).map(|i| match i {
            0 => format!("__Catad{letter}"),
            i => format!("__Catad{letter}{i}"),
        }))
        .find(|name| !mentioned.contains(name))
        .expect("the candidates never run out");
    Ident::new(&name, Span::call_site())
}

/// The variables of a comparison of indices, `Pred::new(move |__catad_input| lhs(…) < rhs(…))`,
/// which `Pred::compare` (for scalars) binds for the generated code.
pub(crate) const COMPARE_LHS: &str = "__catad_lhs";
/// See [`COMPARE_LHS`].
pub(crate) const COMPARE_RHS: &str = "__catad_rhs";
/// See [`COMPARE_LHS`].
pub(crate) const COMPARE_INPUT: &str = "__catad_input";

/// The `i`-th parameter of the closure a function argument given by its path is compiled as,
/// `|__catad_arg0, __catad_arg1| f(__catad_arg0, __catad_arg1)`: a name no user's program binds.
pub(crate) fn argument(i: usize) -> Ident {
    Ident::new(&format!("__catad_arg{i}"), Span::call_site())
}

/// An identifier generated for the macros' own use, at the call site.
pub(crate) fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn a_parameter_avoids_every_identifier_of_the_input() {
        let none = identifiers(quote!(
            fn f(x: [f64; N]) -> f64 {
                x.sum()
            }
        ));
        assert_eq!(fresh("K", &none), "K");
        let k = identifiers(quote!(
            fn f(x: [f64; K]) -> f64 {
                x.sum() * __CatadK
            }
        ));
        assert_eq!(fresh("K", &k), "__CatadK1");
        let nested = identifiers(quote!({ (K) }));
        assert_eq!(fresh("K", &nested), "__CatadK");
    }
}
