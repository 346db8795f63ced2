//! The compile errors: each names the offending syntax (by its span) and what is supported.

use quote::ToTokens;

/// What a program may contain, named by every error about something it may not.
pub(crate) const SUPPORTED: &str = "supported: `let` bindings (tuple patterns too), pairs, \
    arithmetic (+ - * / and unary -), float literals and constants, the methods sin, cos, exp, ln, \
    sqrt, tanh, recip and powi(integer literal), `.0`/`.1` of pairs, calls to other \
    #[catad::program] functions, if/else on comparisons of scalars, on vectors `map` and \
    `zip_with` (with a closure or a program), `sum` and `dot`, and on structs that derive \
    catad::HasRep field access `p.w` and literals `Params { w, b }`";

/// The types a program's parameters, result and annotations may have.
pub(crate) const SUPPORTED_TYPES: &str = "supported types: f64 or f32 (one of them per program), \
    `()`, pairs of supported types (nest pairs for more components, e.g. ((f64, f64), f64)), and \
    vectors of a length fixed by their type, [T; N] and nalgebra's SVector<T, N> (or VectorN<T>), \
    and structs that derive catad::HasRep";

/// The methods of the numeric vocabulary.
pub(crate) const SUPPORTED_METHODS: &str = "supported methods: sin, cos, exp, ln, sqrt, tanh, \
    recip, powi(integer literal) on scalars; map(|x| …), zip_with(ys, |x, y| …), sum(), dot(ys) on \
    vectors";

/// `catad::program does not support <what>; <SUPPORTED>`, spanned at `node`.
pub(crate) fn unsupported(node: impl ToTokens, what: &str) -> syn::Error {
    syn::Error::new_spanned(
        node,
        format!("catad::program does not support {what}; {SUPPORTED}"),
    )
}

/// A message spanned at `node`, followed by `supported` (one of the lists above).
pub(crate) fn with_list(node: impl ToTokens, message: &str, supported: &str) -> syn::Error {
    syn::Error::new_spanned(node, format!("{message}; {supported}"))
}
