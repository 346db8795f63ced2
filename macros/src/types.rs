//! The types of a program's values: one scalar type, `()`, and pairs.

use crate::errors::{SUPPORTED_TYPES, with_list};
use std::fmt;
use syn::Type;

/// The type of a program's value, as far as the macro knows it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ty {
    Scalar,
    Unit,
    Pair(Box<Ty>, Box<Ty>),
    /// The result of a call to another program: rustc checks its uses.
    Unknown,
}

impl Ty {
    /// The most precise type that is both `self` and `other`, if they are compatible.
    pub(crate) fn unify(&self, other: &Ty) -> Option<Ty> {
        match (self, other) {
            (Ty::Unknown, t) | (t, Ty::Unknown) => Some(t.clone()),
            (Ty::Scalar, Ty::Scalar) => Some(Ty::Scalar),
            (Ty::Unit, Ty::Unit) => Some(Ty::Unit),
            (Ty::Pair(a1, b1), Ty::Pair(a2, b2)) => {
                Some(Ty::Pair(Box::new(a1.unify(a2)?), Box::new(b1.unify(b2)?)))
            }
            _ => None,
        }
    }

    /// Whether a value of this type may be an operand of arithmetic or of a comparison.
    pub(crate) fn may_be_scalar(&self) -> bool {
        matches!(self, Ty::Scalar | Ty::Unknown)
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Scalar => write!(f, "a scalar"),
            Ty::Unit => write!(f, "`()`"),
            Ty::Pair(..) => write!(f, "a pair"),
            Ty::Unknown => write!(f, "a program's result"),
        }
    }
}

/// The program's scalar type, `f64` or `f32`, fixed by the first one its signature names.
#[derive(Clone)]
pub(crate) struct ScalarType {
    pub(crate) name: &'static str,
    determined: bool,
}

impl ScalarType {
    /// No scalar seen yet; `f64` unless the signature says otherwise.
    pub(crate) fn undetermined() -> Self {
        ScalarType {
            name: "f64",
            determined: false,
        }
    }

    /// The type named by `ty`, recording (or checking) the scalar type it uses.
    pub(crate) fn parse(&mut self, ty: &Type) -> syn::Result<Ty> {
        match ty {
            Type::Paren(inner) => self.parse(&inner.elem),
            Type::Group(inner) => self.parse(&inner.elem),
            Type::Tuple(tuple) => match tuple.elems.len() {
                0 => Ok(Ty::Unit),
                2 => Ok(Ty::Pair(
                    Box::new(self.parse(&tuple.elems[0])?),
                    Box::new(self.parse(&tuple.elems[1])?),
                )),
                n => Err(with_list(
                    tuple,
                    &format!(
                        "catad::program does not support tuples of {n} components: the \
                         categorical product is a pair"
                    ),
                    SUPPORTED_TYPES,
                )),
            },
            Type::Path(path) if path.qself.is_none() => {
                let name = match path.path.get_ident() {
                    Some(ident) if ident == "f64" => "f64",
                    Some(ident) if ident == "f32" => "f32",
                    _ => return Err(unsupported_type(ty)),
                };
                if !self.determined {
                    self.name = name;
                    self.determined = true;
                } else if self.name != name {
                    return Err(with_list(
                        ty,
                        &format!(
                            "catad::program does not support mixing scalar types: this \
                                 program is over {}, not {name}",
                            self.name
                        ),
                        SUPPORTED_TYPES,
                    ));
                }
                Ok(Ty::Scalar)
            }
            Type::Reference(_) | Type::Ptr(_) => Err(with_list(
                ty,
                "catad::program does not support references or pointers",
                SUPPORTED_TYPES,
            )),
            _ => Err(unsupported_type(ty)),
        }
    }
}

fn unsupported_type(ty: &Type) -> syn::Error {
    with_list(
        ty,
        "catad::program does not support this type (vectors and structs are not supported yet)",
        SUPPORTED_TYPES,
    )
}
