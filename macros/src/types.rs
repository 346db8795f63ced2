//! The types of a program's values: one scalar type, indices (`usize`), `()`, pairs, tuples of up
//! to [`MAX_TUPLE`] components, vectors of a static length and of a run-time length, and structs.

use crate::reject::{Rejection, Unsupported};
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};
use std::fmt;
use syn::{GenericArgument, PathArguments, Type};

/// The most components a tuple may have (the tuples `catad::space` makes objects).
pub(crate) const MAX_TUPLE: usize = 12;

/// The type of a program's value, as far as the macro knows it.
#[derive(Clone, Debug)]
pub(crate) enum Ty {
    Scalar,
    /// `usize`: an index or a count, of dimension 0.
    Index,
    Unit,
    Pair(Box<Ty>, Box<Ty>),
    /// A tuple of 3 to [`MAX_TUPLE`] components: an object through its representation, the
    /// left-nested pairs of its components.
    Tuple(Vec<Ty>),
    /// A vector of the shape, with elements of the type.
    Vector(Shape, Box<Ty>),
    /// `Vec<T>`: a vector whose length is read from the data at run time.
    Vec(Box<Ty>),
    /// nalgebra's `DVector` or `DMatrix` of the scalar type: a vector or matrix of a run-time
    /// shape, worked on whole by the operations of `catad::linalg`.
    Linalg(Linalg),
    /// An iterator over the elements of a run-time vector (`xs.iter()`, `….map(…)`): its term
    /// computes the `Vec` it would collect to.
    Iter(Box<Ty>),
    /// A range of indices `a..b`: its term computes the pair `(a, b)`.
    Range,
    /// A `#[data]` parameter of the type (a `catad::space::Data` handle). Only a `Vec`'s stays
    /// data in a term, read by element; other data are read whole where they are used.
    Data(Box<Ty>),
    /// An iterator over data (`xs.iter()` of a `#[data]` Vec, zipped, enumerated), read element
    /// by element: its term computes the range of indices `(0, n)`.
    View(Box<View>),
    /// A struct, an object through `#[derive(HasRep)]`, named by its type.
    Struct(TokenStream),
    /// The result of a call to another program, or a struct's field: rustc checks its uses.
    Unknown,
}

impl PartialEq for Ty {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Ty::Scalar, Ty::Scalar)
            | (Ty::Index, Ty::Index)
            | (Ty::Unit, Ty::Unit)
            | (Ty::Range, Ty::Range)
            | (Ty::Unknown, Ty::Unknown) => true,
            (Ty::Linalg(a), Ty::Linalg(b)) => a == b,
            (Ty::Pair(a1, b1), Ty::Pair(a2, b2)) => a1 == a2 && b1 == b2,
            (Ty::Tuple(a), Ty::Tuple(b)) => a == b,
            (Ty::Vec(a1), Ty::Vec(a2))
            | (Ty::Iter(a1), Ty::Iter(a2))
            | (Ty::Data(a1), Ty::Data(a2)) => a1 == a2,
            (Ty::View(v1), Ty::View(v2)) => v1 == v2,
            (Ty::Vector(h1, a1), Ty::Vector(h2, a2)) => h1 == h2 && a1 == a2,
            (Ty::Struct(s1), Ty::Struct(s2)) => s1.to_string() == s2.to_string(),
            _ => false,
        }
    }
}

impl Ty {
    /// The most precise type that is both `self` and `other`, if they are compatible.
    pub(crate) fn unify(&self, other: &Ty) -> Option<Ty> {
        match (self, other) {
            (Ty::Unknown, t) | (t, Ty::Unknown) => Some(t.clone()),
            (Ty::Scalar, Ty::Scalar) => Some(Ty::Scalar),
            (Ty::Index, Ty::Index) => Some(Ty::Index),
            (Ty::Unit, Ty::Unit) => Some(Ty::Unit),
            (Ty::Range, Ty::Range) => Some(Ty::Range),
            (Ty::Linalg(a), Ty::Linalg(b)) if a == b => Some(self.clone()),
            (Ty::Vec(a1), Ty::Vec(a2)) => Some(Ty::Vec(Box::new(a1.unify(a2)?))),
            (Ty::Iter(a1), Ty::Iter(a2)) => Some(Ty::Iter(Box::new(a1.unify(a2)?))),
            (Ty::Data(a1), Ty::Data(a2)) => Some(Ty::Data(Box::new(a1.unify(a2)?))),
            (Ty::View(v1), Ty::View(v2)) if v1 == v2 => Some(self.clone()),
            (Ty::Pair(a1, b1), Ty::Pair(a2, b2)) => {
                Some(Ty::Pair(Box::new(a1.unify(a2)?), Box::new(b1.unify(b2)?)))
            }
            (Ty::Tuple(a), Ty::Tuple(b)) if a.len() == b.len() => Some(Ty::Tuple(
                a.iter()
                    .zip(b)
                    .map(|(a, b)| a.unify(b))
                    .collect::<Option<_>>()?,
            )),
            (Ty::Vector(h1, a1), Ty::Vector(h2, a2)) if h1.agrees(h2) => {
                Some(Ty::Vector(h1.clone(), Box::new(a1.unify(a2)?)))
            }
            // A struct may be named by several paths: rustc compares them.
            (Ty::Struct(_), Ty::Struct(_)) => Some(self.clone()),
            _ => None,
        }
    }

    /// Whether a value of this type may be an operand of arithmetic or of a comparison.
    pub(crate) fn may_be_scalar(&self) -> bool {
        matches!(self, Ty::Scalar | Ty::Unknown)
    }

    /// Whether a value of this type may be an index.
    pub(crate) fn may_be_index(&self) -> bool {
        matches!(self, Ty::Index | Ty::Unknown)
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Scalar => write!(f, "a scalar"),
            Ty::Index => write!(f, "an index (usize)"),
            Ty::Unit => write!(f, "`()`"),
            Ty::Pair(..) => write!(f, "a pair"),
            Ty::Tuple(components) => write!(f, "a tuple of {}", components.len()),
            Ty::Vector(h, _) => write!(f, "a vector of shape {h}"),
            Ty::Vec(_) => write!(f, "a Vec"),
            Ty::Linalg(Linalg::DVector) => write!(f, "a DVector"),
            Ty::Linalg(Linalg::DMatrix) => write!(f, "a DMatrix"),
            Ty::Iter(_) => write!(f, "an iterator"),
            Ty::Range => write!(f, "a range"),
            Ty::Data(_) => write!(f, "a #[data] Vec"),
            Ty::View(_) => write!(f, "an iterator over data"),
            Ty::Struct(name) => write!(f, "the struct `{}`", name.to_string().replace(' ', "")),
            Ty::Unknown => write!(f, "a value of a type the macro cannot see"),
        }
    }
}

/// The objects of `catad::linalg`: nalgebra's vectors and matrices of a run-time shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Linalg {
    DVector,
    DMatrix,
}

/// How an iterator over data reads its elements: `read`, an expression of the index
/// `__catad_i` (`xs[__catad_i]`, `(xs[__catad_i], ys[__catad_i])`, …), lowered where an element is
/// used, and the elements' type.
#[derive(Clone, Debug)]
pub(crate) struct View {
    pub(crate) read: TokenStream,
    pub(crate) element: Ty,
}

impl PartialEq for View {
    fn eq(&self, other: &Self) -> bool {
        self.read.to_string() == other.read.to_string() && self.element == other.element
    }
}

/// Which container a vector is: the shape types of `catad::space`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Container {
    /// `[T; N]`, shape `Arr<N>`.
    Array,
    /// nalgebra's `SVector<T, N>`, shape `SVec<N>`.
    SVector,
}

/// The shape of a vector: its container and its length, a constant expression.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    container: Container,
    len: TokenStream,
}

impl PartialEq for Shape {
    fn eq(&self, other: &Self) -> bool {
        self.container == other.container && self.len.to_string() == other.len.to_string()
    }
}

impl Shape {
    /// The shape of arrays `[T; len]`.
    #[cfg(test)]
    pub(crate) fn array(len: TokenStream) -> Shape {
        Shape {
            container: Container::Array,
            len,
        }
    }

    /// Whether two vectors may have the same shape: the same container, and lengths that are
    /// written the same or not both literals (rustc compares `N` with `3`).
    pub(crate) fn agrees(&self, other: &Shape) -> bool {
        let literal = |len: &TokenStream| syn::parse2::<syn::LitInt>(len.clone()).is_ok();
        self.container == other.container
            && (self == other || !literal(&self.len) || !literal(&other.len))
    }

    /// The shape type: `::catad::space::Arr<N>` or `::catad::space::SVec<N>`.
    pub(crate) fn ty(&self) -> TokenStream {
        let len = self.const_arg();
        match self.container {
            Container::Array => quote!(::catad::space::Arr<#len>),
            Container::SVector => quote!(::catad::space::SVec<#len>),
        }
    }

    /// The shape value: `::catad::space::Arr::<N>` or `::catad::space::SVec::<N>`.
    pub(crate) fn value(&self) -> TokenStream {
        let len = self.const_arg();
        match self.container {
            Container::Array => quote!(::catad::space::Arr::<#len>),
            Container::SVector => quote!(::catad::space::SVec::<#len>),
        }
    }

    /// The length as a const generic argument: braced unless it is a literal or a path.
    fn const_arg(&self) -> TokenStream {
        let len = &self.len;
        let simple = syn::parse2::<syn::LitInt>(len.clone()).is_ok()
            || syn::parse2::<syn::Path>(len.clone()).is_ok();
        if simple {
            quote!(#len)
        } else {
            quote!({ #len })
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let len = self.len.to_string().replace(' ', "");
        match self.container {
            Container::Array => write!(f, "Arr<{len}>"),
            Container::SVector => write!(f, "SVec<{len}>"),
        }
    }
}

/// What a program's signature and annotations say about its types: the scalar type, `f64` or
/// `f32`, fixed by the first one named, or the program's type parameter; the shapes of the
/// vectors named, each of which adds a bound `ProgramI<shape>` to the program; and whether a
/// struct is named, which adds `RepCat`.
#[derive(Clone)]
pub(crate) struct Types {
    pub(crate) scalar: String,
    determined: bool,
    /// Whether the scalar is the program's type parameter (`fn f<S: Scalar>`).
    pub(crate) generic: bool,
    pub(crate) shapes: Vec<Shape>,
    pub(crate) structs: bool,
}

impl Types {
    /// No scalar seen yet (`f64` unless the signature says otherwise), no vector, no struct.
    pub(crate) fn new() -> Self {
        Types {
            scalar: "f64".into(),
            determined: false,
            generic: false,
            shapes: Vec::new(),
            structs: false,
        }
    }

    /// The types of a program generic in its scalar, the type parameter `scalar`.
    pub(crate) fn generic(scalar: &Ident) -> Self {
        Types {
            scalar: scalar.to_string(),
            determined: true,
            generic: true,
            ..Types::new()
        }
    }

    /// The type named by `ty`, recording (or checking) the scalar type and the vector shapes it
    /// uses.
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
                1 => Err(Rejection::Tuple { n: 1, of: "tuples" }.at(tuple)),
                n if n > MAX_TUPLE => Err(Rejection::Tuple { n, of: "tuples" }.at(tuple)),
                _ => Ok(Ty::Tuple(
                    tuple
                        .elems
                        .iter()
                        .map(|t| self.parse(t))
                        .collect::<syn::Result<_>>()?,
                )),
            },
            Type::Array(array) => {
                let element = self.parse(&array.elem)?;
                Ok(self.vector(Container::Array, array.len.to_token_stream(), element))
            }
            Type::Path(path)
                if self.generic && path.qself.is_none() && path.path.is_ident(&self.scalar) =>
            {
                Ok(Ty::Scalar)
            }
            Type::Path(path) if path.qself.is_none() => {
                let last = path.path.segments.last().expect("a path has a segment");
                let name = last.ident.to_string();
                match (name.as_str(), &last.arguments) {
                    ("f64" | "f32", PathArguments::None) if path.path.segments.len() == 1 => {
                        self.scalar(ty, &name)
                    }
                    ("usize", PathArguments::None) if path.path.segments.len() == 1 => {
                        Ok(Ty::Index)
                    }
                    ("Vec", PathArguments::AngleBracketed(args)) if args.args.len() == 1 => {
                        match &args.args[0] {
                            GenericArgument::Type(element) => {
                                Ok(Ty::Vec(Box::new(self.parse(element)?)))
                            }
                            _ => Err(unsupported_type(ty)),
                        }
                    }
                    ("SVector", PathArguments::AngleBracketed(args)) if args.args.len() == 2 => {
                        self.monomorphic(ty, "nalgebra's SVector")?;
                        let element = match &args.args[0] {
                            GenericArgument::Type(element) => self.parse(element)?,
                            _ => return Err(unsupported_type(ty)),
                        };
                        let len = match &args.args[1] {
                            GenericArgument::Const(len) => len.to_token_stream(),
                            GenericArgument::Type(Type::Path(len)) => len.to_token_stream(),
                            _ => return Err(unsupported_type(ty)),
                        };
                        Ok(self.vector(Container::SVector, len, element))
                    }
                    (alias, PathArguments::AngleBracketed(args))
                        if args.args.len() == 1 && nalgebra_vector_length(alias).is_some() =>
                    {
                        self.monomorphic(ty, "nalgebra's SVector")?;
                        let element = match &args.args[0] {
                            GenericArgument::Type(element) => self.parse(element)?,
                            _ => return Err(unsupported_type(ty)),
                        };
                        let len = nalgebra_vector_length(alias).expect("checked in the guard");
                        let len = proc_macro2::Literal::usize_unsuffixed(len);
                        Ok(self.vector(Container::SVector, quote!(#len), element))
                    }
                    ("DVector" | "DMatrix", PathArguments::AngleBracketed(args))
                        if args.args.len() == 1 =>
                    {
                        self.monomorphic(ty, &format!("nalgebra's {name}"))?;
                        let of = if name == "DVector" {
                            Linalg::DVector
                        } else {
                            Linalg::DMatrix
                        };
                        match &args.args[0] {
                            GenericArgument::Type(element)
                                if matches!(self.parse(element)?, Ty::Scalar) =>
                            {
                                Ok(Ty::Linalg(of))
                            }
                            _ => Err(Unsupported::LinalgElement.at(&args.args[0])),
                        }
                    }
                    ("DVector" | "DMatrix", _) => Err(Unsupported::LinalgElement.at(ty)),
                    ("f64" | "f32" | "usize" | "SVector" | "Vec", _) => Err(unsupported_type(ty)),
                    _ => {
                        self.monomorphic(ty, "structs")?;
                        self.structs = true;
                        Ok(Ty::Struct(ty.to_token_stream()))
                    }
                }
            }
            // `Vec<_>` in an annotation or a turbofish: the element's type comes from the value.
            Type::Infer(_) => Ok(Ty::Unknown),
            Type::Reference(_) | Type::Ptr(_) => Err(Unsupported::ReferenceType.at(ty)),
            _ => Err(unsupported_type(ty)),
        }
    }

    fn scalar(&mut self, ty: &Type, name: &str) -> syn::Result<Ty> {
        if !self.determined {
            self.scalar = name.into();
            self.determined = true;
        } else if self.scalar != name {
            return Err(Rejection::MixedScalars {
                first: self.scalar.clone(),
                second: name.into(),
            }
            .at(ty));
        }
        Ok(Ty::Scalar)
    }

    /// An error at `ty`, `what`, if the program is generic in its scalar: nalgebra's types and
    /// structs are over `f64` or `f32`.
    fn monomorphic(&self, ty: &Type, what: &str) -> syn::Result<()> {
        if self.generic {
            return Err(Rejection::NotGeneric(what.into()).at(ty));
        }
        Ok(())
    }

    fn vector(&mut self, container: Container, len: TokenStream, element: Ty) -> Ty {
        let shape = Shape { container, len };
        if !self.shapes.contains(&shape) {
            self.shapes.push(shape.clone());
        }
        Ty::Vector(shape, Box::new(element))
    }
}

/// The length of nalgebra's aliases `Vector1<T>` … `Vector6<T>` for `SVector<T, N>`.
fn nalgebra_vector_length(alias: &str) -> Option<usize> {
    let len: usize = alias.strip_prefix("Vector")?.parse().ok()?;
    (1..=6).contains(&len).then_some(len)
}

fn unsupported_type(ty: &Type) -> syn::Error {
    Unsupported::Type.at(ty)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(types: &mut Types, ty: TokenStream) -> syn::Result<Ty> {
        types.parse(&syn::parse2(ty).unwrap())
    }

    #[test]
    fn a_generic_programs_scalar_is_its_type_parameter() {
        let mut types = Types::generic(&Ident::new("T", proc_macro2::Span::call_site()));
        assert_eq!(parse(&mut types, quote!(T)).unwrap(), Ty::Scalar);
        let pair = parse(&mut types, quote!((T, [T; 3]))).unwrap();
        assert!(matches!(pair, Ty::Pair(_, b) if matches!(*b, Ty::Vector(..))));
        let vec = parse(&mut types, quote!(Vec<Vec<T>>)).unwrap();
        assert_eq!(vec, Ty::Vec(Box::new(Ty::Vec(Box::new(Ty::Scalar)))));
        assert_eq!(types.shapes, vec![Shape::array(quote!(3))]);
        let rejected = [
            (
                quote!(f64),
                "mixing scalar types: this program is over T, not f64",
            ),
            (quote!(S), "structs in a program generic in its scalar"),
            (
                quote!(SVector<T, 2>),
                "nalgebra's SVector in a program generic",
            ),
            (
                quote!(Vector2<T>),
                "nalgebra's SVector in a program generic",
            ),
            (
                quote!(DMatrix<T>),
                "nalgebra's DMatrix in a program generic",
            ),
        ];
        for (ty, error) in rejected {
            let message = parse(&mut types, ty).unwrap_err().to_string();
            assert!(message.contains(error), "{message}");
        }
        assert!(!types.structs);
    }

    #[test]
    fn a_monomorphic_programs_scalar_is_the_first_named() {
        let mut types = Types::new();
        assert_eq!(parse(&mut types, quote!(f32)).unwrap(), Ty::Scalar);
        assert_eq!(types.scalar, "f32");
        assert!(!types.generic);
        // A type named like a scalar parameter is a struct in a program over f32.
        assert_eq!(parse(&mut types, quote!(S)).unwrap(), Ty::Struct(quote!(S)));
        let message = parse(&mut types, quote!(f64)).unwrap_err().to_string();
        assert!(
            message.contains("this program is over f32, not f64"),
            "{message}"
        );
    }
}
