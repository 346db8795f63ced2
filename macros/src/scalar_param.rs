//! A program generic in its scalar: `fn f<S: Scalar>(…)`. Its one type parameter is the scalar
//! type, bounded by `catad::space::Scalar` alone; it is emitted after the category's,
//! `fn f<K: Program<S>, S: Scalar>()`, so that `f::<Fun, f64>()` reads as the paper's programs do.
//! Anything else in a program's generics (lifetimes, const parameters, a second type parameter,
//! other bounds, a `where` clause) is rejected at that syntax.

use crate::reject::{Rejection, Unsupported};
use syn::{GenericParam, Generics, Path, TraitBoundModifier, TypeParam, TypeParamBound};

/// The scalar type parameter of a program's generics: `None` for a program over `f64` or `f32`
/// (no generics), the parameter for `<S: Scalar>`, an error at what a program cannot have.
pub(crate) fn scalar_parameter(generics: &Generics) -> syn::Result<Option<TypeParam>> {
    if let Some(where_clause) = &generics.where_clause {
        return Err(Unsupported::WhereClause.at(where_clause));
    }
    let mut scalar: Option<&TypeParam> = None;
    for param in &generics.params {
        match param {
            GenericParam::Lifetime(lifetime) => {
                return Err(Unsupported::LifetimeParameter.at(lifetime));
            }
            GenericParam::Const(constant) => {
                return Err(Unsupported::ConstParameter.at(constant));
            }
            GenericParam::Type(ty) => {
                if let Some(first) = scalar {
                    return Err(Rejection::SecondTypeParameter {
                        first: first.ident.to_string(),
                        second: ty.ident.to_string(),
                    }
                    .at(ty));
                }
                if !bounded_by_scalar(ty) {
                    return Err(Rejection::ScalarBound(ty.ident.to_string()).at(ty));
                }
                scalar = Some(ty);
            }
        }
    }
    Ok(scalar.cloned())
}

/// Whether the parameter is `S: Scalar`, with no other bound, default or attribute.
fn bounded_by_scalar(ty: &TypeParam) -> bool {
    let mut bounds = ty.bounds.iter();
    let only = match (bounds.next(), bounds.next()) {
        (Some(TypeParamBound::Trait(bound)), None) => bound,
        _ => return false,
    };
    ty.attrs.is_empty()
        && ty.default.is_none()
        && only.lifetimes.is_none()
        && matches!(only.modifier, TraitBoundModifier::None)
        && is_scalar_trait(&only.path)
}

/// Whether `path` names `catad::space::Scalar`: `Scalar`, or a path from `catad` ending in it
/// (`catad::space::Scalar`, `catad::prelude::Scalar`).
fn is_scalar_trait(path: &Path) -> bool {
    let segments: Vec<_> = path.segments.iter().collect();
    let plain = segments.iter().all(|s| s.arguments.is_none());
    let last = segments.last().is_some_and(|s| s.ident == "Scalar");
    let from_catad = segments.len() == 1 || segments[0].ident == "catad";
    plain && last && from_catad
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn generics(item: proc_macro2::TokenStream) -> Generics {
        syn::parse2::<syn::ItemFn>(item).unwrap().sig.generics
    }

    fn first_line(error: syn::Error) -> String {
        error.to_string().lines().next().unwrap().to_string()
    }

    #[test]
    fn the_scalar_parameter_is_the_one_type_parameter_bounded_by_scalar() {
        let none = generics(quote!(
            fn f(x: f64) -> f64 {}
        ));
        assert!(scalar_parameter(&none).unwrap().is_none());
        for item in [
            quote!(
                fn f<S: Scalar>(x: S) -> S {}
            ),
            quote!(
                fn f<T: catad::space::Scalar>(x: T) -> T {}
            ),
            quote!(
                fn f<F: ::catad::prelude::Scalar>(x: F) -> F {}
            ),
        ] {
            let param = scalar_parameter(&generics(item)).unwrap().unwrap();
            assert!(["S", "T", "F"].contains(&param.ident.to_string().as_str()));
        }
    }

    #[test]
    fn other_generics_are_rejected_at_their_syntax() {
        let cases = [
            (
                quote!(
                    fn f<S: Scalar>(x: S) -> S
                    where
                        S: Copy,
                    {
                    }
                ),
                "catad::program does not support `where` clauses",
            ),
            (
                quote!(
                    fn f<'a, S: Scalar>(x: S) -> S {}
                ),
                "catad::program does not support lifetime parameters",
            ),
            (
                quote!(
                    fn f<S: Scalar, const N: usize>(x: [S; N]) -> S {}
                ),
                "catad::program does not support const generic parameters",
            ),
            (
                quote!(
                    fn f<S: Scalar, T: Scalar>(x: S) -> T {}
                ),
                "catad::program takes one type parameter, the scalar `S`: `T` is a second",
            ),
            (
                quote!(
                    fn f<T>(x: f64) -> f64 {}
                ),
                "catad::program: the type parameter `T` is the scalar type, bounded by `Scalar` alone",
            ),
            (
                quote!(
                    fn f<S: Scalar + Copy>(x: S) -> S {}
                ),
                "catad::program: the type parameter `S` is the scalar type, bounded by `Scalar` alone",
            ),
            (
                quote!(
                    fn f<S: nalgebra::Scalar>(x: S) -> S {}
                ),
                "catad::program: the type parameter `S` is the scalar type, bounded by `Scalar` alone",
            ),
            (
                quote!(
                    fn f<S: Scalar = f64>(x: S) -> S {}
                ),
                "catad::program: the type parameter `S` is the scalar type, bounded by `Scalar` alone",
            ),
        ];
        for (item, expected) in cases {
            let Err(error) = scalar_parameter(&generics(item)) else {
                panic!("`{expected}` expected");
            };
            assert_eq!(first_line(error), expected);
        }
    }
}
