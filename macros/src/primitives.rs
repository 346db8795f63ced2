//! The table of primitives: every operation a program writes as an operator, a scalar method or a
//! scalar function, with the vocabulary trait and method it compiles to. Lowering looks a
//! primitive up here by its syntax and the type of its operands, emission names its trait and
//! method, printing shows its method: adding a primitive is adding a row.

use crate::term::Over;

/// How Rust writes a primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Syntax<'a> {
    /// A binary operator, `a + b`: its operands are the two sides.
    Infix(&'a str),
    /// A prefix operator, `-a`.
    Prefix(&'a str),
    /// A method, `a.sin()`, `a.powi(3)`: its operands are the receiver, then the arguments. It may
    /// also be called by its path, `f64::max(a, b)`.
    Method(&'a str),
    /// A function called by its path, `libm::erf(x)`: its operands are the arguments.
    Function(&'a str),
}

/// What one operand of a primitive is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Operand {
    /// A scalar computed by the program: an input of the primitive's morphism (two are paired).
    Scalar,
    /// An index (`usize`) computed by the program, an input as a scalar is.
    Index,
    /// An integer literal, fixed when the program is built: an argument of the vocabulary method
    /// (`powi_c(3)`), not an input of the morphism.
    IntLiteral,
}

/// One primitive of the numeric vocabulary.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Primitive {
    /// How Rust writes it.
    pub(crate) syntax: Syntax<'static>,
    /// The trait of `catad::vocabulary` that has it (`NumCat<S>`, `IndexCat`).
    pub(crate) class: &'static str,
    /// What the trait is generic in: the scalar type, or nothing.
    pub(crate) over: Over,
    /// The trait's method that builds the morphism.
    pub(crate) method: &'static str,
    /// Its operands, in the order Rust writes them (a method's receiver first).
    pub(crate) operands: &'static [Operand],
}

use Operand::{Index, IntLiteral, Scalar};
use Syntax::{Function, Infix, Method, Prefix};

/// A row over the scalar type.
const fn row(
    syntax: Syntax<'static>,
    class: &'static str,
    method: &'static str,
    operands: &'static [Operand],
) -> Primitive {
    Primitive {
        syntax,
        class,
        over: Over::Scalar,
        method,
        operands,
    }
}

/// A row of index arithmetic (`IndexCat`, generic in nothing).
const fn index(op: &'static str, method: &'static str) -> Primitive {
    Primitive {
        syntax: Infix(op),
        class: "IndexCat",
        over: Over::Nothing,
        method,
        operands: &[Index, Index],
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
    row(Method("powf"), "FloatingCat", "powf_c", &[Scalar, Scalar]),
    row(Method("sinh"), "FloatingCat", "sinh_c", &[Scalar]),
    row(Method("cosh"), "FloatingCat", "cosh_c", &[Scalar]),
    row(Method("ln_1p"), "FloatingCat", "log1p_c", &[Scalar]),
    row(Method("exp_m1"), "FloatingCat", "expm1_c", &[Scalar]),
    row(Method("atan2"), "FloatingCat", "atan2_c", &[Scalar, Scalar]),
    row(Method("abs"), "MinMaxCat", "abs_c", &[Scalar]),
    row(Method("max"), "MinMaxCat", "max_c", &[Scalar, Scalar]),
    row(Method("min"), "MinMaxCat", "min_c", &[Scalar, Scalar]),
    row(Function("libm::erf"), "FloatingCat", "erf_c", &[Scalar]),
    index("+", "add_ix"),
    index("-", "sub_ix"),
    index("*", "mul_ix"),
    index("/", "div_ix"),
    index("%", "rem_ix"),
];

impl Primitive {
    /// The primitive written `syntax` whose first operand is `on` (a scalar or an index), if there
    /// is one.
    pub(crate) fn find(syntax: Syntax<'_>, on: Operand) -> Option<&'static Primitive> {
        PRIMITIVES
            .iter()
            .find(|p| p.syntax == syntax && p.operands[0] == on)
    }

    /// Whether some primitive is written `syntax`.
    pub(crate) fn written(syntax: Syntax<'_>) -> bool {
        PRIMITIVES.iter().any(|p| p.syntax == syntax)
    }

    /// The type of its result: an index for index arithmetic, a scalar otherwise.
    pub(crate) fn result(&self) -> Operand {
        self.operands[0]
    }

    /// How Rust names it, for messages: `+`, `sin`, `libm::erf`.
    pub(crate) fn name(&self) -> &'static str {
        match self.syntax {
            Infix(name) | Prefix(name) | Method(name) | Function(name) => name,
        }
    }

    /// How Rust writes a call, for messages: `x.powi(n)`, `a + b`, `-a`, `libm::erf(x)`.
    pub(crate) fn usage(&self) -> String {
        let args: Vec<&str> = self.operands[1..]
            .iter()
            .map(|o| match o {
                Scalar | Index => "y",
                IntLiteral => "3",
            })
            .collect();
        match self.syntax {
            Infix(op) => format!("x {op} y"),
            Prefix(op) => format!("{op}x"),
            Method(name) => format!("x.{name}({})", args.join(", ")),
            Function(path) => format!("{path}(x{})", ", y".repeat(args.len())),
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

    /// The operators on indices, for messages: `+ - * / %`.
    pub(crate) fn index_operators() -> String {
        let ops: Vec<&str> = PRIMITIVES
            .iter()
            .filter_map(|p| match (p.syntax, p.operands[0]) {
                (Infix(op), Index) => Some(op),
                _ => None,
            })
            .collect();
        ops.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn each_syntax_on_each_operand_and_each_method_has_one_row() {
        let syntaxes: HashSet<_> = PRIMITIVES
            .iter()
            .map(|p| (p.syntax, p.operands[0]))
            .collect();
        let methods: HashSet<_> = PRIMITIVES.iter().map(|p| p.method).collect();
        assert_eq!(syntaxes.len(), PRIMITIVES.len());
        assert_eq!(methods.len(), PRIMITIVES.len());
    }

    #[test]
    fn a_method_has_its_receiver_and_operators_have_their_sides() {
        for p in PRIMITIVES {
            assert!(matches!(p.operands.first(), Some(Scalar | Index)), "{p:?}");
            let arity = match p.syntax {
                Infix(_) => 2,
                Prefix(_) => 1,
                Method(_) | Function(_) => p.operands.len(),
            };
            assert_eq!(p.operands.len(), arity, "{p:?}");
            let classes = ["NumCat", "FractionalCat", "FloatingCat", "MinMaxCat"];
            match p.operands[0] {
                Index => assert_eq!((p.class, p.over), ("IndexCat", Over::Nothing), "{p:?}"),
                _ => assert!(
                    classes.contains(&p.class) && p.over == Over::Scalar,
                    "{p:?}"
                ),
            }
            // Index arithmetic takes indices only, scalar arithmetic no index.
            assert!(
                p.operands[1..]
                    .iter()
                    .all(|o| *o == IntLiteral || *o == p.operands[0]),
                "{p:?}"
            );
        }
    }

    #[test]
    fn primitives_are_found_by_their_syntax_and_operands() {
        let powi = Primitive::find(Method("powi"), Scalar).unwrap();
        assert_eq!(
            (powi.method, powi.operands),
            ("powi_c", &[Scalar, IntLiteral][..])
        );
        assert_eq!(powi.usage(), "x.powi(3)");
        assert_eq!(Primitive::find(Infix("-"), Scalar).unwrap().method, "sub_c");
        assert_eq!(Primitive::find(Infix("-"), Index).unwrap().method, "sub_ix");
        assert_eq!(Primitive::find(Infix("%"), Index).unwrap().result(), Index);
        assert!(Primitive::find(Infix("%"), Scalar).is_none());
        assert!(Primitive::written(Infix("%")));
        assert_eq!(Primitive::find(Prefix("-"), Scalar).unwrap().usage(), "-x");
        assert_eq!(
            Primitive::find(Function("libm::erf"), Scalar)
                .unwrap()
                .usage(),
            "libm::erf(x)"
        );
        assert_eq!(
            Primitive::find(Method("atan2"), Scalar).unwrap().usage(),
            "x.atan2(y)"
        );
        assert!(Primitive::find(Method("floor"), Scalar).is_none());
        assert!(Primitive::methods().starts_with("sin, cos"));
        assert_eq!(Primitive::index_operators(), "+ - * / %");
    }

    #[test]
    fn the_guide_lists_every_scalar_method_and_function() {
        let guide = include_str!("../../docs/macro.md");
        // The Rust column of the table of the translation.
        let rust: Vec<&str> = guide
            .lines()
            .skip_while(|l| !l.starts_with("| Rust | categorical form |"))
            .take_while(|l| l.starts_with('|'))
            .filter_map(|l| l.split(" | ").next())
            .collect();
        for p in PRIMITIVES.iter().filter(|p| p.operands[0] == Scalar) {
            let written = match p.syntax {
                Method(name) => [format!("`{name}`"), format!(".{name}(")],
                Function(path) => [format!("`{path}("), format!("`{path}(")],
                Infix(_) | Prefix(_) => continue,
            };
            let listed = |cell: &&str| written.iter().any(|w| cell.contains(w.as_str()));
            assert!(
                rust.iter().any(listed),
                "the guide's table lacks {}",
                written[0]
            );
        }
    }
}
