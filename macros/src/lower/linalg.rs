//! nalgebra's `DVector` and `DMatrix` in a program: their operators and methods are the
//! primitives of `catad::linalg`, each called as another program is called, after the fork of
//! its operands (`u + v` is `linalg::add ∘ (u △ v)`). One table says which function each operator
//! and method is, on which operands.

use super::{Lowering, Typed};
use crate::env::Env;
use crate::primitives::Syntax::{self, Infix, Method};
use crate::reject::Rejection;
use crate::term::Term;
use crate::types::{Linalg, Ty};
use proc_macro2::Span;
use syn::Expr;

/// What an operand or a result of an operation of `catad::linalg` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Scalar,
    Index,
    Vector,
    Matrix,
}

use Kind::{Index, Matrix, Scalar, Vector};

impl Kind {
    /// The kind of a value of type `ty`, if the macro can see it: `Err` for a type that is
    /// no operand of `catad::linalg`.
    fn of(ty: &Ty) -> Result<Option<Kind>, ()> {
        match ty {
            Ty::Scalar => Ok(Some(Scalar)),
            Ty::Index => Ok(Some(Index)),
            Ty::Linalg(Linalg::DVector) => Ok(Some(Vector)),
            Ty::Linalg(Linalg::DMatrix) => Ok(Some(Matrix)),
            Ty::Unknown => Ok(None),
            _ => Err(()),
        }
    }

    fn ty(self) -> Ty {
        match self {
            Scalar => Ty::Scalar,
            Index => Ty::Index,
            Vector => Ty::Linalg(Linalg::DVector),
            Matrix => Ty::Linalg(Linalg::DMatrix),
        }
    }
}

/// An operator or method of `DVector`s and `DMatrix`es, and the function of `catad::linalg` it is.
struct Operation {
    syntax: Syntax<'static>,
    /// The operands in the order Rust writes them (a method's receiver first).
    operands: &'static [Kind],
    /// The function of `catad::linalg`.
    function: &'static str,
    /// Whether the function takes the two operands the other way round (`v * s` is `scale(s, v)`).
    swapped: bool,
    result: Kind,
    /// How Rust writes it, for messages.
    usage: &'static str,
}

const fn op(
    syntax: Syntax<'static>,
    operands: &'static [Kind],
    function: &'static str,
    result: Kind,
    usage: &'static str,
) -> Operation {
    Operation {
        syntax,
        operands,
        function,
        swapped: false,
        result,
        usage,
    }
}

/// Every operation, one row each.
const OPERATIONS: &[Operation] = &[
    op(Infix("+"), &[Vector, Vector], "add", Vector, "u + v"),
    op(Infix("-"), &[Vector, Vector], "sub", Vector, "u - v"),
    op(Infix("*"), &[Scalar, Vector], "scale", Vector, "s * v"),
    Operation {
        swapped: true,
        ..op(Infix("*"), &[Vector, Scalar], "scale", Vector, "v * s")
    },
    op(Infix("*"), &[Matrix, Vector], "mat_vec", Vector, "m * v"),
    op(Infix("*"), &[Matrix, Matrix], "mat_mul", Matrix, "a * b"),
    op(Method("dot"), &[Vector, Vector], "dot", Scalar, "u.dot(&v)"),
    op(Method("sum"), &[Vector], "sum", Scalar, "v.sum()"),
    op(Method("len"), &[Vector], "len", Index, "v.len()"),
    op(
        Method("norm_squared"),
        &[Vector],
        "norm_sqr",
        Scalar,
        "v.norm_squared()",
    ),
    op(
        Method("component_mul"),
        &[Vector, Vector],
        "hadamard",
        Vector,
        "u.component_mul(&v)",
    ),
    op(
        Method("transpose"),
        &[Matrix],
        "transpose",
        Matrix,
        "m.transpose()",
    ),
    op(
        Method("tr_mul"),
        &[Matrix, Vector],
        "mat_t_vec",
        Vector,
        "m.tr_mul(&v)",
    ),
];

/// Whether `name` is a method of `DVector`s or `DMatrix`es that no other vector has: on a value
/// whose type the macro cannot see, it is one of `catad::linalg`'s.
pub(super) fn is_linalg_only_method(name: &str) -> bool {
    OPERATIONS.iter().any(|o| o.syntax == Method(name))
        && !super::vectors::is_vector_method(name)
        && !super::runtime::is_run_time_method(name)
}

/// The operations, for messages: `u + v, u - v, …`.
pub(crate) fn usages() -> String {
    let usages: Vec<&str> = OPERATIONS.iter().map(|o| o.usage).collect();
    usages.join(", ")
}

impl Lowering {
    /// The operator or method written `syntax` whose operands (lowered, with the syntax they were
    /// written with) include a `DVector` or `DMatrix`, or a value of a hidden type with a method
    /// only they have: `f ∘ (a △ b)` for the function `f` of `catad::linalg` the table gives.
    pub(super) fn linalg(
        &mut self,
        syntax: Syntax<'_>,
        operands: Vec<(Typed, &Expr)>,
        span: Span,
    ) -> syn::Result<Typed> {
        let written = match syntax {
            Infix(name) | Method(name) | Syntax::Prefix(name) | Syntax::Function(name) => name,
        };
        let types: Vec<Ty> = operands.iter().map(|((_, ty), _)| ty.clone()).collect();
        let unsupported = || {
            Rejection::LinalgOperation {
                written: written.to_string(),
                operands: types.clone(),
            }
            .at_span(span)
        };
        let kinds = types
            .iter()
            .map(Kind::of)
            .collect::<Result<Vec<_>, ()>>()
            .map_err(|()| unsupported())?;
        let mut rows = OPERATIONS.iter().filter(|o| {
            o.syntax == syntax
                && o.operands.len() == kinds.len()
                && o.operands
                    .iter()
                    .zip(&kinds)
                    .all(|(want, have)| have.is_none_or(|have| have == *want))
        });
        let operation = match (rows.next(), rows.next()) {
            (Some(operation), None) => operation,
            (None, _) => return Err(unsupported()),
            (Some(_), Some(_)) => {
                let hidden = operands
                    .iter()
                    .find(|((_, ty), _)| *ty == Ty::Unknown)
                    .map(|(_, e)| *e)
                    .expect("several rows fit only an operand of a hidden type");
                return Err(Rejection::LinalgOfUnknown(written.to_string()).at(hidden));
            }
        };
        let mut inputs: Vec<Term> = operands.into_iter().map(|((term, _), _)| term).collect();
        if operation.swapped {
            inputs.reverse();
        }
        let input = inputs
            .into_iter()
            .reduce(Term::fork)
            .expect("an operation has operands");
        let path = syn::parse_str::<syn::Path>(&format!("::catad::linalg::{}", operation.function))
            .expect("a path");
        let function = self.call_path(path, span);
        Ok((Term::compose(function, input), operation.result.ty()))
    }

    /// `x.method(args)` for a method of `catad::linalg`'s table, on the lowered receiver `x`.
    pub(super) fn linalg_method(
        &mut self,
        env: &Env,
        call: &syn::ExprMethodCall,
        receiver: Typed,
    ) -> syn::Result<Typed> {
        let name = call.method.to_string();
        if !OPERATIONS.iter().any(|o| o.syntax == Method(&name)) {
            // Before its arguments, which may be closures that only other methods take.
            return Err(Rejection::LinalgOperation {
                written: name,
                operands: vec![receiver.1],
            }
            .at(&call.method));
        }
        let mut operands = vec![(receiver, &*call.receiver)];
        for arg in &call.args {
            operands.push((self.expr(env, arg)?, arg));
        }
        self.linalg(Method(&name), operands, call.method.span())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expand::Program;
    use proc_macro2::TokenStream;
    use quote::{ToTokens, quote};
    use std::collections::HashSet;

    #[test]
    fn each_syntax_on_each_kind_of_operands_has_one_row() {
        let rows: HashSet<_> = OPERATIONS.iter().map(|o| (o.syntax, o.operands)).collect();
        assert_eq!(rows.len(), OPERATIONS.len());
        for o in OPERATIONS {
            let arity = match o.syntax {
                Infix(_) => 2,
                _ => o.operands.len(),
            };
            assert_eq!(o.operands.len(), arity, "{}", o.usage);
            assert!(!o.swapped || o.operands.len() == 2, "{}", o.usage);
        }
    }

    #[test]
    fn operators_on_vectors_call_catad_linalg() {
        let program = Program::compile(
            TokenStream::new(),
            quote!(
                fn f(u: DVector<f64>, v: nalgebra::DVector<f64>, s: f64) -> f64 {
                    (s * u - &v * 2.0).dot(&v) + u.len() as f64
                }
            ),
        )
        .unwrap();
        assert_eq!(
            program.body().unwrap().term.to_string(),
            "add_c ∘ (linalg::dot ∘ (linalg::sub ∘ (linalg::scale ∘ (exr △ exl ∘ exl) \
             △ linalg::scale ∘ (const_c(2.0) △ exr ∘ exl)) △ exr ∘ exl) \
             △ ix_to_scalar ∘ linalg::len ∘ exl ∘ exl) ∘ repr_c"
        );
        let code = program.to_token_stream().to_string();
        for function in ["dot", "sub", "scale", "len"] {
            let bound = format!(":: catad :: linalg :: {function}");
            assert!(code.contains(&format!("+ {bound}")), "{bound} in {code}");
        }
    }

    #[test]
    fn a_method_only_catad_linalg_has_is_its_on_a_hidden_value() {
        let program = Program::compile(
            TokenStream::new(),
            quote!(
                fn f(v: DVector<f64>) -> DVector<f64> {
                    g(v).component_mul(&v)
                }
            ),
        )
        .unwrap();
        assert_eq!(
            program.body().unwrap().term.to_string(),
            "linalg::hadamard ∘ (g △ id)"
        );
    }
}
