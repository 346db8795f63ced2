//! The table of primitives: every operation a program writes as an operator or a scalar method,
//! with the vocabulary trait and method it compiles to. Lowering looks a primitive up here by its
//! syntax, emission names its trait and method, printing shows its method: adding a primitive is
//! adding a row.

/// How Rust writes a primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Syntax<'a> {
    /// A binary operator, `a + b`: its operands are the two sides.
    Infix(&'a str),
    /// A prefix operator, `-a`.
    Prefix(&'a str),
    /// A method, `a.sin()`, `a.powi(3)`: its operands are the receiver, then the arguments.
    Method(&'a str),
}

/// What one operand of a primitive is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operand {
    /// A scalar computed by the program: an input of the primitive's morphism (several are paired,
    /// left-nested, as a program's parameters are).
    Scalar,
    /// An integer literal, fixed when the program is built: an argument of the vocabulary method
    /// (`powi_c(3)`), not an input of the morphism.
    IntLiteral,
}

/// One primitive of the numeric vocabulary.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Primitive {
    /// How Rust writes it.
    pub(crate) syntax: Syntax<'static>,
    /// The trait of `catad::vocabulary` that has it, generic in the scalar type (`NumCat<S>`).
    pub(crate) class: &'static str,
    /// The trait's method that builds the morphism.
    pub(crate) method: &'static str,
    /// Its operands, in the order Rust writes them (a method's receiver first).
    pub(crate) operands: &'static [Operand],
}

use Operand::{IntLiteral, Scalar};
use Syntax::{Infix, Method, Prefix};

const fn row(
    syntax: Syntax<'static>,
    class: &'static str,
    method: &'static str,
    operands: &'static [Operand],
) -> Primitive {
    Primitive {
        syntax,
        class,
        method,
        operands,
    }
}

/// Every primitive, one row each.
pub(crate) const PRIMITIVES: &[Primitive] = &[
    row(Infix("+"), "NumCat", "add_c", &[Scalar, Scalar]),
    row(Infix("-"), "NumCat", "sub_c", &[Scalar, Scalar]),
    row(Infix("*"), "NumCat", "mul_c", &[Scalar, Scalar]),
    row(Infix("/"), "FractionalCat", "div_c", &[Scalar, Scalar]),
    row(Prefix("-"), "NumCat", "negate_c", &[Scalar]),
    row(Method("sin"), "FloatingCat", "sin_c", &[Scalar]),
    row(Method("cos"), "FloatingCat", "cos_c", &[Scalar]),
    row(Method("exp"), "FloatingCat", "exp_c", &[Scalar]),
    row(Method("ln"), "FloatingCat", "ln_c", &[Scalar]),
    row(Method("sqrt"), "FloatingCat", "sqrt_c", &[Scalar]),
    row(Method("tanh"), "FloatingCat", "tanh_c", &[Scalar]),
    row(Method("recip"), "FractionalCat", "recip_c", &[Scalar]),
    row(
        Method("powi"),
        "FloatingCat",
        "powi_c",
        &[Scalar, IntLiteral],
    ),
];

impl Primitive {
    /// The primitive written `syntax`, if there is one.
    pub(crate) fn find(syntax: Syntax<'_>) -> Option<&'static Primitive> {
        PRIMITIVES.iter().find(|p| p.syntax == syntax)
    }

    /// How Rust writes a call, for messages: `x.powi(n)`, `a + b`, `-a`.
    pub(crate) fn usage(&self) -> String {
        let args: Vec<&str> = self.operands[1..]
            .iter()
            .map(|o| match o {
                Scalar => "y",
                IntLiteral => "3",
            })
            .collect();
        match self.syntax {
            Infix(op) => format!("x {op} y"),
            Prefix(op) => format!("{op}x"),
            Method(name) => format!("x.{name}({})", args.join(", ")),
        }
    }

    /// The scalar methods, as a list for messages: `sin, cos, …, powi`.
    pub(crate) fn methods() -> String {
        let names: Vec<&str> = PRIMITIVES
            .iter()
            .filter_map(|p| match p.syntax {
                Method(name) => Some(name),
                _ => None,
            })
            .collect();
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn each_syntax_and_each_method_has_one_row() {
        let syntaxes: HashSet<_> = PRIMITIVES.iter().map(|p| p.syntax).collect();
        let methods: HashSet<_> = PRIMITIVES.iter().map(|p| p.method).collect();
        assert_eq!(syntaxes.len(), PRIMITIVES.len());
        assert_eq!(methods.len(), PRIMITIVES.len());
    }

    #[test]
    fn a_method_has_its_receiver_and_operators_have_their_sides() {
        for p in PRIMITIVES {
            assert_eq!(p.operands.first(), Some(&Scalar), "{p:?}");
            let arity = match p.syntax {
                Infix(_) => 2,
                Prefix(_) => 1,
                Method(_) => p.operands.len(),
            };
            assert_eq!(p.operands.len(), arity, "{p:?}");
            assert!(
                ["NumCat", "FractionalCat", "FloatingCat"].contains(&p.class),
                "{p:?}"
            );
        }
    }

    #[test]
    fn primitives_are_found_by_their_syntax() {
        let powi = Primitive::find(Method("powi")).unwrap();
        assert_eq!(
            (powi.method, powi.operands),
            ("powi_c", &[Scalar, IntLiteral][..])
        );
        assert_eq!(powi.usage(), "x.powi(3)");
        assert_eq!(Primitive::find(Infix("-")).unwrap().method, "sub_c");
        assert_eq!(Primitive::find(Prefix("-")).unwrap().usage(), "-x");
        assert!(Primitive::find(Method("abs")).is_none());
        assert!(Primitive::methods().starts_with("sin, cos"));
    }
}
