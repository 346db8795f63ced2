//! The rejections: every compile error the macros produce, one variant each. A message is one
//! short, specific line (under 120 characters), then, where there is one, a `help` line saying
//! what to write instead, and a `note` pointing to the guide, which lists what a program may
//! contain.

mod syntax;

pub(crate) use syntax::{expression, statement};

use crate::primitives::Primitive;
use crate::types::{MAX_TUPLE, Ty};
use proc_macro2::Span;
use quote::ToTokens;

/// Where the full list of what a program may contain is.
const GUIDE: &str =
    "what a program may contain: the docs of `catad::program` (guide: docs/macro.md)";

/// What a loop is, for messages.
const LOOP_STATEMENT: &str =
    "a loop is a statement that assigns `let mut` variables, e.g. `for x in xs.iter() { s += x; }`";

/// What a vector method does, for messages.
const ON_VECTORS: &str =
    "a program works on whole vectors, with `map`, `zip_with`, `sum` and `dot`";

/// How data are read, for messages.
const DATA_READS: &str =
    "a #[data] Vec is read by element: `xs[i]`, `xs.len()`, `xs.iter()…`, `for x in &xs { … }`";

/// Declares [`Unsupported`]: syntax a program may not contain, what it is called and what to
/// write instead.
macro_rules! unsupported {
    ($($(#[$doc:meta])* $variant:ident => $what:literal $(, $help:expr)?;)*) => {
        /// Syntax a program may not contain.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Unsupported {
            $($(#[$doc])* $variant,)*
        }

        impl Unsupported {
            /// Every variant.
            #[cfg(test)]
            pub(crate) const ALL: &[Unsupported] = &[$(Unsupported::$variant),*];

            /// What it is, after "does not support".
            fn what(self) -> &'static str {
                match self {
                    $(Unsupported::$variant => $what,)*
                }
            }

            /// What to write instead.
            fn help(self) -> Option<&'static str> {
                match self {
                    $(Unsupported::$variant => None$(.or(Some($help)))?,)*
                }
            }
        }
    };
}

unsupported! {
    BlockWithoutResult => "a block without a result",
        "end it with the result: an expression without `;`";
    LetElse => "`let … else`", "a program's patterns always match: `let (a, b) = …;`";
    LetWithoutValue => "`let` without a value", "give the binding its value: `let y = …;`";
    Statement => "statements other than `let`",
        "a program is pure: its block is `let` bindings and a final result expression";
    Item => "items (fn, const, use, …) in a body", "define them outside the program";
    Macro => "macros";
    NotOutsideCondition => "`!` outside the condition of an `if`";
    MutBorrow => "mutable references (`&mut`)", "a program takes and returns values";
    RefBinding => "references (`ref`)", "a program takes and returns values";
    ReferencePattern => "`&mut` in patterns", "a program takes and returns values";
    ReferenceType => "references or pointers", "a program takes and returns values";
    Operator => "this operator";
    Label => "labels";
    IfWithoutElse => "`if` without `else`", "a program always has a result: write both branches";
    ForLoop => "`for` loops as values", LOOP_STATEMENT;
    WhileLoop => "`while` loops as values", LOOP_STATEMENT;
    Loop => "`loop`", "write the condition that ends it: `while cond { … }`";
    LoopWithoutState => "a loop that assigns no variable", LOOP_STATEMENT;
    Assignment => "assignments as values", "assign in a statement of its own: `x = …;`";
    CompoundAssignment => "compound assignments as values",
        "assign in a statement of its own: `x += …;`";
    AssignmentPlace => "assignments to this place",
        "assign a `let mut` variable: `let mut v = …; v = …;` (a vector is built whole, with `map`)";
    Return => "`return`", "a program's result is its body's final expression";
    Try => "`?` (early return)", "a program's result is its body's final expression";
    Break => "`break`", "a loop runs all its iterations: end it with `while`'s condition";
    Continue => "`continue`", "put the rest of the body under an `if`";
    Closure => "closures outside `map` and `zip_with`",
        "a program is not a value: define another #[catad::program] and call it";
    Match => "`match`", "use `if`/`else` on comparisons";
    IndexOfUnknown => "indexing a value whose type the macro cannot see",
        "bind it with its type first, e.g. `let v: Vec<f64> = …;`";
    OpenRange => "open ranges", "a range has both bounds: `a..b` or `a..=b`";
    ArrayExpression => "array expressions", "a program's vectors come from its parameters";
    IfLet => "`if let`", "a condition compares scalars";
    LetExpression => "`let` in an expression";
    Unsafe => "`unsafe`";
    Expression => "this expression";
    Comparison => "comparisons and `&&`/`||` outside the condition of an `if`",
        "a comparison chooses a branch: `if x < y { … } else { … }`";
    Condition => "this condition",
        "a condition compares scalars (<, <=, >, >=, ==, !=), combined with &&, || and !";
    QualifiedStruct => "qualified paths in struct literals";
    StructUpdate => "struct update syntax (`..`)", "name every field";
    Literal => "this literal", "scalars are float literals (`2.0`) or constants";
    MethodTypeArguments => "type arguments on methods";
    FunctionArgument => "this function argument",
        "`map` and `zip_with` take a closure, e.g. `|x| x * x`, or a #[catad::program] by its path";
    ClosureLifetimes => "`for<…>` on closures";
    AsyncClosure => "`async` closures";
    StaticClosure => "`static` closures";
    Callee => "calls of anything but a #[catad::program] by its path";
    Recursion => "recursion", "a program is a finite term, built when it is called";
    CallTypeArguments => "type arguments on calls", "call a program by its path, e.g. `sqr(x)`";
    NestedMode => "this derivative's mode",
        "name the mode of the derivative, one type, e.g. `gradient::<Reverse>(f, x, y)`";
    NestedProgram => "this derivative of a program",
        "name the program first, by its path, then its arguments, e.g. `gradient::<Reverse>(f, x, y)`";
    NestedArguments => "this number of arguments to `jvp` or `vjp`",
        "pass the program, its point and a tangent (`jvp`) or cotangent (`vjp`), e.g. `jvp::<Forward>(f, (x, y), (1.0, 0.0))`";
    ScalarFunctionPath => "this scalar function",
        "the scalar functions are the methods, e.g. `f64::max(a, b)`, and `libm::erf(x)`";
    FieldOfUnknown => "fields of a value whose type the macro cannot see",
        "bind it with its type first, e.g. `let p: Params = …;` or `let t: (f64, f64, f64) = …;`";
    PairField => "a field past a tuple's last",
        "a tuple of n components has the fields .0 to .(n - 1)";
    StructPattern => "struct patterns", "take a struct's fields with `p.w`";
    TupleStructPattern => "tuple-struct patterns", "take a struct's fields with `p.0`";
    SlicePattern => "slice patterns", ON_VECTORS;
    RestPattern => "`..` in patterns";
    AtPattern => "`@` patterns";
    Pattern => "this pattern";
    DataArguments => "arguments to `#[data]`", "mark a parameter as data with `#[data]` alone";
    DataPattern => "`#[data]` on a pattern", "a #[data] parameter is a name: `#[data] xs: Vec<f64>`";
    DataVector => "this use of a #[data] Vec", DATA_READS;
    DataOnPrimitive => "`#[data]` on a primitive's parameter",
        "a primitive is differentiated in all its parameters: read the data in the program that calls it";
    DataIterator => "an iterator over data outside its chain",
        "use it where it is made: `xs.iter().zip(&ys).map(…)`, `for x in xs.iter() { … }`";
    DataZip => "zipping a #[data] Vec with another vector",
        "zip data with data; or iterate the vector and index the data: \
         `v.iter().enumerate().map(|(i, vi)| … xs[i] …)`";
    WhereClause => "`where` clauses", "bound the scalar type where it is declared: `fn f<S: Scalar>(…)`";
    LifetimeParameter => "lifetime parameters",
        "a program takes values; its one type parameter is its scalar: `fn f<S: Scalar>(…)`";
    ConstParameter => "const generic parameters",
        "a vector's length is a literal or a constant: `[S; N]`, with `const N: usize = 3;`";
    ConstFn => "`const fn`";
    AsyncFn => "`async fn`";
    UnsafeFn => "`unsafe fn`";
    ExternFn => "`extern` functions";
    Variadic => "variadic functions";
    SelfParameter => "`self` parameters";
    LinalgElement => "DVector or DMatrix of anything but the scalar type",
        "write `DVector<f64>` (the program's scalar); a vector of other values is a `Vec<T>`";
    Type => "this type",
        "a program's types are f64 or f32, usize, (), pairs, [T; N], SVector<T, N>, Vec<T>, \
         DVector<f64>, DMatrix<f64> and HasRep structs";
}

/// Why the macros reject their input.
#[derive(Clone, Debug)]
pub(crate) enum Rejection {
    /// Syntax a program may not contain.
    Unsupported(Unsupported),
    /// `#[catad::program(…)]` other than `checkpoint`.
    AttributeArguments,
    /// `#[catad::program]` on something else than a function.
    NotAFunction,
    /// `fn f(…)` without `-> R`.
    NoResultType,
    /// A tuple of one component or of more than `MAX_TUPLE`: in an expression, a pattern, a type
    /// or a parameter list.
    Tuple { n: usize, of: &'static str },
    /// An operator no primitive has (`%`, `<<`, …).
    UnknownOperator(String),
    /// `2` where a scalar is needed.
    IntegerLiteral(String),
    /// `1.0f32` in a program over `f64`.
    LiteralSuffix { suffix: String, scalar: String },
    /// `f32` in a program over `f64`, or in a program generic in its scalar `S`.
    MixedScalars { first: String, second: String },
    /// A second type parameter: a program's one type parameter is its scalar.
    SecondTypeParameter { first: String, second: String },
    /// A type parameter bounded otherwise than by `Scalar` alone.
    ScalarBound(String),
    /// A type that only a program over `f64` or `f32` may name (nalgebra's, a struct), in a
    /// program generic in its scalar.
    NotGeneric(String),
    /// A vector where a primitive takes a scalar.
    ScalarOnVector(String),
    /// An index where a primitive takes a scalar.
    IndexAsScalar(String),
    /// An operator that indices do not have (`-i`).
    OnIndex(String),
    /// An index of another type than `usize`.
    IndexOf(Ty),
    /// `xs[i]` of a value that is not a vector.
    IndexingOf(Ty),
    /// `xs[i]` of a vector of a fixed length, `i` not a literal.
    FixedIndex,
    /// `e as T` other than between indices and scalars.
    Cast { from: Ty, to: Ty },
    /// A method of iterators on a `Vec` itself.
    IterateFirst(String),
    /// A method that iterators, vectors and ranges do not have.
    UnknownIteratorMethod { name: String, ty: Ty },
    /// `zip` over a value that is not a vector.
    NotIterable { method: String, ty: Ty },
    /// `for` over a value that is not a range or a run-time vector.
    ForOver(Ty),
    /// An assignment to a variable that is not `let mut`.
    NotMutable(String),
    /// An assignment of a value of another type than the variable's.
    Reassigned { name: String, was: Ty, now: Ty },
    /// The maximum or minimum of a vector whose elements are not scalars.
    ExtremeOf(Ty),
    /// A `fold` whose body's type is not its initial value's.
    FoldState { init: Ty, body: Ty },
    /// Another value where a primitive takes a scalar.
    ScalarOn { operator: String, ty: Ty },
    /// A method that is neither a primitive nor a vector method.
    UnknownMethod(String),
    /// A method or vector method called with the wrong arguments.
    Arguments { name: String, usage: String },
    /// A primitive's integer-literal argument given something else.
    IntegerLiteralArgument { name: String, usage: String },
    /// A vector method on a value of a type the macro cannot see.
    VectorOfUnknownShape(String),
    /// A vector method on something else than a vector.
    VectorMethodOn { method: String, ty: Ty },
    /// `zip_with` or `dot` of vectors of different shapes.
    ShapesDiffer {
        method: String,
        left: String,
        right: String,
    },
    /// `dot` of vectors of non-scalars.
    DotOf(Ty),
    /// A closure with the wrong number of parameters.
    ClosureArity {
        given: usize,
        expected: usize,
        method: &'static str,
        example: &'static str,
    },
    /// A closure whose declared result is not its body's.
    ClosureResult { body: Ty, declared: Ty },
    /// `if` branches of different types.
    BranchTypes { then: Ty, otherwise: Ty },
    /// `.field` of something else than a pair or a struct.
    FieldsOf(Ty),
    /// A type annotation that does not fit the value.
    Annotation(Ty),
    /// A tuple pattern that does not fit the value.
    TuplePattern(Ty),
    /// A body whose result is not the declared one.
    Result { body: Ty, declared: Ty },
    /// An operator or method that `catad::linalg` does not have on these operands.
    LinalgOperation { written: String, operands: Vec<Ty> },
    /// An operator or method of `catad::linalg` on an operand whose type the macro cannot see,
    /// where its type decides which.
    LinalgOfUnknown(String),
    /// A `catad::primitive!` generic in more than its scalar type.
    PrimitiveGenerics,
    /// `#[derive(HasRep)]` on an enum.
    DeriveEnum,
    /// `#[derive(HasRep)]` on a union.
    DeriveUnion,
}

impl Rejection {
    /// The message's first line.
    fn headline(&self) -> String {
        let program = "catad::program";
        match self {
            Rejection::Unsupported(u) => format!("{program} does not support {}", u.what()),
            Rejection::AttributeArguments => {
                "#[catad::program] takes no arguments but `checkpoint`".into()
            }
            Rejection::NotAFunction => "#[catad::program] applies to functions".into(),
            Rejection::NoResultType => format!("{program} needs the result type, e.g. `-> f64`"),
            Rejection::Tuple { n, of } => {
                format!("{program} supports {of} of 2 to {MAX_TUPLE} components, not {n}")
            }
            Rejection::UnknownOperator(op) => {
                format!("{program} does not support the operator `{op}`")
            }
            Rejection::IntegerLiteral(_) => {
                format!("{program} does not support integer literals as scalars")
            }
            Rejection::LiteralSuffix { suffix, scalar } => {
                format!("{program} does not support {suffix} literals in a program over {scalar}")
            }
            Rejection::MixedScalars { first, second } => format!(
                "{program} does not support mixing scalar types: this program is over {first}, \
                 not {second}"
            ),
            Rejection::SecondTypeParameter { first, second } => {
                format!(
                    "{program} takes one type parameter, the scalar `{first}`: `{second}` is a second"
                )
            }
            Rejection::ScalarBound(name) => format!(
                "{program}: the type parameter `{name}` is the scalar type, bounded by `Scalar` alone"
            ),
            Rejection::NotGeneric(what) => {
                format!("{program} does not support {what} in a program generic in its scalar")
            }
            Rejection::ScalarOnVector(operator) => {
                format!("{program} does not support {operator} on a vector")
            }
            Rejection::IndexAsScalar(operator) => {
                format!("{program} does not support {operator} on an index where it takes scalars")
            }
            Rejection::OnIndex(operator) => {
                format!("{program} does not support {operator} on indices")
            }
            Rejection::IndexOf(ty) => format!("{program}: an index is a usize, not {ty}"),
            Rejection::IndexingOf(ty) => format!("{program} does not support indexing {ty}"),
            Rejection::FixedIndex => {
                format!("{program}: a vector of a fixed length is indexed by a literal")
            }
            Rejection::Cast { from, to } => {
                format!("{program} does not support casting {from} to {to}")
            }
            Rejection::IterateFirst(method) => {
                format!("{program}: a Vec has no `{method}`, its iterator has")
            }
            Rejection::UnknownIteratorMethod { name, ty } => {
                format!("{program} does not support the method `{name}` on {ty}")
            }
            Rejection::NotIterable { method, ty } => {
                format!("{program}: `{method}` takes a vector, not {ty}")
            }
            Rejection::ForOver(ty) => format!("{program} does not support `for` over {ty}"),
            Rejection::NotMutable(name) => {
                format!("{program}: `{name}` is assigned but is not a `let mut` variable")
            }
            Rejection::Reassigned { was, now, .. } => {
                format!("{program}: the value is {now}, the variable {was}")
            }
            Rejection::ExtremeOf(ty) => {
                format!("{program}: the maximum or minimum of a vector whose elements are {ty}")
            }
            Rejection::FoldState { init, body } => {
                format!("{program}: the state is {init}, the closure {body}")
            }
            Rejection::ScalarOn { operator, ty } => {
                format!("{program} does not support {operator} on {ty}: it takes scalars")
            }
            Rejection::UnknownMethod(name) => {
                format!("{program} does not support the method `{name}`")
            }
            Rejection::Arguments { name, .. } => {
                format!("{program}: wrong arguments to `{name}`")
            }
            Rejection::IntegerLiteralArgument { name, .. } => {
                format!("{program}: the argument of `{name}` must be an integer literal")
            }
            Rejection::VectorOfUnknownShape(method) => format!(
                "{program} does not support `{method}` on a value whose type the macro cannot see"
            ),
            Rejection::VectorMethodOn { method, ty } => {
                format!("{program} does not support `{method}` on {ty}")
            }
            Rejection::ShapesDiffer {
                method,
                left,
                right,
            } => {
                format!("{program}: `{method}` of vectors of different shapes, {left} and {right}")
            }
            Rejection::DotOf(ty) => {
                format!("{program}: `dot` of vectors whose elements are {ty}")
            }
            Rejection::ClosureArity { given, method, .. } => {
                format!("{program}: a closure of {given} parameters in `{method}`")
            }
            Rejection::ClosureResult { body, declared } => {
                format!("{program}: the closure is {body}, its result {declared}")
            }
            Rejection::BranchTypes { then, otherwise } => {
                format!("{program}: `then` is {then}, `else` is {otherwise}")
            }
            Rejection::FieldsOf(ty) => format!("{program} does not support fields of {ty}"),
            Rejection::Annotation(ty) => {
                format!("{program}: this annotation does not match the value, which is {ty}")
            }
            Rejection::TuplePattern(ty) => {
                format!("{program}: this tuple pattern does not match the value, which is {ty}")
            }
            Rejection::Result { body, declared } => {
                format!("{program}: the body is {body}, but `->` says {declared}")
            }
            Rejection::LinalgOperation { written, operands } => {
                let operands: Vec<String> = operands.iter().map(Ty::to_string).collect();
                let on = operands.join(" and ");
                format!("{program} does not support `{written}` on {on}")
            }
            Rejection::LinalgOfUnknown(written) => {
                format!(
                    "{program} cannot tell which `{written}` this is: this operand's type is hidden"
                )
            }
            Rejection::PrimitiveGenerics => {
                "catad::primitive! takes one generic parameter at most: the scalar type".into()
            }
            Rejection::DeriveEnum => "#[derive(HasRep)] does not support enums".into(),
            Rejection::DeriveUnion => "#[derive(HasRep)] does not support unions".into(),
        }
    }

    /// What to write instead, if the first line does not say it.
    fn help(&self) -> Option<String> {
        let tuple =
            "nest tuples, e.g. ((a, b, c), d), or gather components in an array or a struct";
        let scalars = "it takes scalars: apply it to each element with `map` or `zip_with`";
        let object = "a vector space: #[derive(HasRep)] supports structs whose fields are objects";
        Some(match self {
            Rejection::Unsupported(u) => return u.help().map(str::to_string),
            Rejection::AttributeArguments => {
                "write `#[catad::program]`, or `#[catad::program(checkpoint)]`".into()
            }
            Rejection::NotAFunction => {
                "its parameters and result are scalars, pairs, vectors and structs".into()
            }
            Rejection::Tuple { .. } => tuple.into(),
            Rejection::SecondTypeParameter { .. } => {
                "a program is generic in the category already, and may be in its scalar".into()
            }
            Rejection::ScalarBound(name) => {
                format!("write `fn f<{name}: Scalar>(…)`, with `catad::space::Scalar`")
            }
            Rejection::NotGeneric(_) => {
                "a generic program's types are its scalar, usize, (), pairs, [T; N] and Vec<T>: \
                write this one over f64 or f32"
                    .into()
            }
            Rejection::UnknownOperator(_) => format!(
                "the operators are + - * / and unary - on scalars, {} on indices",
                Primitive::index_operators()
            ),
            Rejection::IntegerLiteral(digits) => format!("write `{digits}.0`"),
            Rejection::ScalarOnVector(_) => scalars.into(),
            Rejection::IndexAsScalar(_) => "convert the index to a scalar: `i as f64`".into(),
            Rejection::OnIndex(_) => format!(
                "indices (usize) have {}, comparisons, and `as f64`",
                Primitive::index_operators()
            ),
            Rejection::IndexOf(_) => "index with a usize: `xs[i]`, `i` a usize or a literal".into(),
            Rejection::IndexingOf(Ty::Linalg(_)) => {
                "make it a Vec first: `let xs: Vec<f64> = linalg::to_vec(v);`, then `xs[i]`".into()
            }
            Rejection::IndexingOf(_) => {
                "a Vec<T> is indexed by a usize, a [T; N] or SVector<T, N> by a literal".into()
            }
            Rejection::FixedIndex => {
                "index a Vec<T> at run time, or work on the whole vector with `map`".into()
            }
            Rejection::Cast { .. } => {
                "casts convert indices to scalars: `i as f64` (a scalar has no index)".into()
            }
            Rejection::IterateFirst(method) => format!("write `xs.iter().{method}(…)`"),
            Rejection::UnknownIteratorMethod { .. } => {
                "the methods are len, iter, map, zip, enumerate, sum, fold, collect, count".into()
            }
            Rejection::NotIterable { .. } => {
                "it takes a Vec<T> or its iterator: `ys.iter()`, `&ys`".into()
            }
            Rejection::ForOver(_) => "`for` runs over a range `a..b` or a Vec<T> (`xs.iter()`); \
                a vector of a fixed length works whole, with `map`, `sum`, `dot`"
                .into(),
            Rejection::NotMutable(name) => format!("declare it `let mut {name} = …;`"),
            Rejection::Reassigned { name, .. } => {
                format!("`{name}` keeps the type it was declared with")
            }
            Rejection::ExtremeOf(_) => "it takes a vector of scalars".into(),
            Rejection::UnknownMethod(_) => format!(
                "the methods are {} on scalars, and map, zip_with, sum, dot on vectors",
                Primitive::methods()
            ),
            Rejection::Arguments { usage, .. }
            | Rejection::IntegerLiteralArgument { usage, .. } => {
                format!("write `{usage}`")
            }
            Rejection::VectorOfUnknownShape(_) => {
                "bind it with its type first, e.g. `let v: [f64; 3] = …;` or `Vec<f64>`".into()
            }
            Rejection::VectorMethodOn { .. } => "it takes vectors: [T; N] or SVector<T, N>".into(),
            Rejection::DotOf(_) => "it takes vectors of scalars".into(),
            Rejection::ClosureArity {
                expected,
                method,
                example,
                ..
            } => {
                let parameters = match expected {
                    1 => "one parameter".to_string(),
                    2 => "two parameters".to_string(),
                    n => format!("{n} parameters"),
                };
                format!("`{method}` takes a closure of {parameters}, e.g. `{example}`")
            }
            Rejection::FieldsOf(_) => {
                "`.0`/`.1` select a pair's components, named fields a HasRep struct's".into()
            }
            Rejection::LinalgOperation { .. } => format!(
                "on DVector and DMatrix a program has {}; `linalg::to_vec(v)` is a Vec<f64>",
                crate::lower::linalg_usages()
            ),
            Rejection::LinalgOfUnknown(_) => {
                "bind it with its type first, e.g. `let v: DVector<f64> = …;`".into()
            }
            Rejection::PrimitiveGenerics => {
                "write `fn dot<S: Scalar>(u: DVector<S>, v: DVector<S>) -> S = Dot;` \
                or the scalar type itself, `f64`"
                    .into()
            }
            Rejection::DeriveEnum => format!("an enum is not {object}"),
            Rejection::DeriveUnion => format!("a union is not {object}"),
            _ => return None,
        })
    }

    /// The whole message: the first line, the help, and the pointer to the guide.
    pub(crate) fn message(&self) -> String {
        let mut message = self.headline();
        if let Some(help) = self.help() {
            message.push_str("\n= help: ");
            message.push_str(&help);
        }
        if !matches!(self, Rejection::DeriveEnum | Rejection::DeriveUnion) {
            message.push_str("\n= note: ");
            message.push_str(GUIDE);
        }
        message
    }

    /// The error, spanned at `node`.
    pub(crate) fn at(&self, node: impl ToTokens) -> syn::Error {
        syn::Error::new_spanned(node, self.message())
    }

    /// The error, at `span`.
    pub(crate) fn at_span(&self, span: Span) -> syn::Error {
        syn::Error::new(span, self.message())
    }
}

impl From<Unsupported> for Rejection {
    fn from(u: Unsupported) -> Rejection {
        Rejection::Unsupported(u)
    }
}

/// `Unsupported::X.at(node)`, for the common case.
impl Unsupported {
    pub(crate) fn at(self, node: impl ToTokens) -> syn::Error {
        Rejection::Unsupported(self).at(node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    /// One of each rejection, with long but plausible values; the `match` breaks the build when
    /// a variant is added without a sample here.
    fn samples() -> Vec<Rejection> {
        let long_struct = Ty::Struct(quote!(model::layers::Parameters));
        let shape = "SVec<{INPUTS*2}>".to_string();
        let vector = Ty::Vector(
            crate::types::Shape::array(quote!({ INPUTS * 2 })),
            Box::new(Ty::Scalar),
        );
        let mut samples: Vec<Rejection> = Unsupported::ALL
            .iter()
            .map(|u| Rejection::Unsupported(*u))
            .collect();
        samples.extend([
            Rejection::AttributeArguments,
            Rejection::NotAFunction,
            Rejection::NoResultType,
            Rejection::Tuple {
                n: 13,
                of: "tuple patterns",
            },
            Rejection::UnknownOperator("<<=".into()),
            Rejection::IntegerLiteral("1000000".into()),
            Rejection::LiteralSuffix {
                suffix: "f32".into(),
                scalar: "ScalarTypeWithALongName".into(),
            },
            Rejection::MixedScalars {
                first: "ScalarTypeWithALongName".into(),
                second: "f32".into(),
            },
            Rejection::SecondTypeParameter {
                first: "ScalarTypeWithALongName".into(),
                second: "AnotherTypeWithALongName".into(),
            },
            Rejection::ScalarBound("ScalarTypeWithALongName".into()),
            Rejection::NotGeneric("the struct `model::layers::Parameters`".into()),
            Rejection::ScalarOnVector("`recip`".into()),
            Rejection::IndexAsScalar("`atan2`".into()),
            Rejection::OnIndex("`-`".into()),
            Rejection::IndexOf(long_struct.clone()),
            Rejection::IndexingOf(long_struct.clone()),
            Rejection::FixedIndex,
            Rejection::Cast {
                from: long_struct.clone(),
                to: vector.clone(),
            },
            Rejection::IterateFirst("enumerate".into()),
            Rejection::UnknownIteratorMethod {
                name: "sum_of_squares_of_elements".into(),
                ty: Ty::Iter(Box::new(Ty::Scalar)),
            },
            Rejection::NotIterable {
                method: "enumerate".into(),
                ty: long_struct.clone(),
            },
            Rejection::ForOver(long_struct.clone()),
            Rejection::NotMutable("accumulated_sum_of_squares".into()),
            Rejection::Reassigned {
                name: "accumulated_sum_of_squares".into(),
                was: long_struct.clone(),
                now: vector.clone(),
            },
            Rejection::ExtremeOf(long_struct.clone()),
            Rejection::FoldState {
                init: long_struct.clone(),
                body: vector.clone(),
            },
            Rejection::ScalarOn {
                operator: "`recip`".into(),
                ty: Ty::Unknown,
            },
            Rejection::UnknownMethod("sum_of_squares_of_elements".into()),
            Rejection::Arguments {
                name: "zip_with".into(),
                usage: "xs.zip_with(ys, |x, y| x * y)".into(),
            },
            Rejection::IntegerLiteralArgument {
                name: "powi".into(),
                usage: "x.powi(n)".into(),
            },
            Rejection::VectorOfUnknownShape("zip_with".into()),
            Rejection::VectorMethodOn {
                method: "zip_with".into(),
                ty: long_struct.clone(),
            },
            Rejection::ShapesDiffer {
                method: "zip_with".into(),
                left: shape.clone(),
                right: shape,
            },
            Rejection::DotOf(long_struct.clone()),
            Rejection::ClosureArity {
                given: 10,
                expected: 2,
                method: "zip_with",
                example: "|x, y| x * y",
            },
            Rejection::ClosureResult {
                body: vector.clone(),
                declared: long_struct.clone(),
            },
            Rejection::BranchTypes {
                then: long_struct.clone(),
                otherwise: vector.clone(),
            },
            Rejection::FieldsOf(Ty::Unknown),
            Rejection::Annotation(long_struct.clone()),
            Rejection::TuplePattern(long_struct.clone()),
            Rejection::Result {
                body: vector,
                declared: long_struct,
            },
            Rejection::LinalgOperation {
                written: "component_mul".into(),
                operands: vec![
                    Ty::Linalg(crate::types::Linalg::DMatrix),
                    Ty::Iter(Box::new(Ty::Unit)),
                ],
            },
            Rejection::LinalgOfUnknown("component_mul".into()),
            Rejection::PrimitiveGenerics,
            Rejection::DeriveEnum,
            Rejection::DeriveUnion,
        ]);
        for sample in &samples {
            match sample {
                Rejection::Unsupported(_)
                | Rejection::AttributeArguments
                | Rejection::NotAFunction
                | Rejection::NoResultType
                | Rejection::Tuple { .. }
                | Rejection::UnknownOperator(_)
                | Rejection::IntegerLiteral(_)
                | Rejection::LiteralSuffix { .. }
                | Rejection::MixedScalars { .. }
                | Rejection::SecondTypeParameter { .. }
                | Rejection::ScalarBound(_)
                | Rejection::NotGeneric(_)
                | Rejection::ScalarOnVector(_)
                | Rejection::IndexAsScalar(_)
                | Rejection::OnIndex(_)
                | Rejection::IndexOf(_)
                | Rejection::IndexingOf(_)
                | Rejection::FixedIndex
                | Rejection::Cast { .. }
                | Rejection::IterateFirst(_)
                | Rejection::UnknownIteratorMethod { .. }
                | Rejection::NotIterable { .. }
                | Rejection::ForOver(_)
                | Rejection::NotMutable(_)
                | Rejection::Reassigned { .. }
                | Rejection::ExtremeOf(_)
                | Rejection::FoldState { .. }
                | Rejection::ScalarOn { .. }
                | Rejection::UnknownMethod(_)
                | Rejection::Arguments { .. }
                | Rejection::IntegerLiteralArgument { .. }
                | Rejection::VectorOfUnknownShape(_)
                | Rejection::VectorMethodOn { .. }
                | Rejection::ShapesDiffer { .. }
                | Rejection::DotOf(_)
                | Rejection::ClosureArity { .. }
                | Rejection::ClosureResult { .. }
                | Rejection::BranchTypes { .. }
                | Rejection::FieldsOf(_)
                | Rejection::Annotation(_)
                | Rejection::TuplePattern(_)
                | Rejection::Result { .. }
                | Rejection::LinalgOperation { .. }
                | Rejection::LinalgOfUnknown(_)
                | Rejection::PrimitiveGenerics
                | Rejection::DeriveEnum
                | Rejection::DeriveUnion => {}
            }
        }
        samples
    }

    #[test]
    fn every_message_starts_with_a_short_line() {
        let samples = samples();
        let kinds: std::collections::HashSet<_> =
            samples.iter().map(std::mem::discriminant).collect();
        // One sample of each of the 47 kinds (the `match` in `samples` lists them).
        assert_eq!(kinds.len(), 47);
        for rejection in samples {
            let message = rejection.message();
            let first = message.lines().next().unwrap();
            assert!(
                first.chars().count() < 120,
                "{} characters: {first}",
                first.chars().count()
            );
        }
    }

    #[test]
    fn messages_point_to_the_guide_once() {
        let message = Rejection::Unsupported(Unsupported::Break).message();
        assert_eq!(
            message,
            "catad::program does not support `break`\n\
             = help: a loop runs all its iterations: end it with `while`'s condition\n\
             = note: what a program may contain: the docs of `catad::program` (guide: docs/macro.md)"
        );
        assert_eq!(
            Rejection::Unsupported(Unsupported::Macro)
                .message()
                .matches("guide")
                .count(),
            1
        );
    }

    #[test]
    fn the_list_of_methods_comes_from_the_table() {
        let help = Rejection::UnknownMethod("floor".into()).help().unwrap();
        assert!(
            help.contains("sin, cos, exp, ln, sqrt, tanh, recip, powi"),
            "{help}"
        );
    }
}
