//! Terms in the paper's notation: `∘` binds tighter than `△`, as in the paper (`infixr 9 ∘`,
//! `infixr 3 △`). This is the form a documented program's rustdoc shows and `program_form!`
//! returns.

use crate::simplify::factors;
use crate::term::{Indexed, Pred, Term};
use std::fmt;

/// Tokens as written, without the spaces a token stream puts between them.
pub(crate) fn squashed(tokens: &proc_macro2::TokenStream) -> String {
    tokens.to_string().replace(' ', "")
}

/// A fork inside a composition or another fork is parenthesised.
fn operand(t: &Term) -> String {
    match t {
        Term::Fork(..) => format!("({t})"),
        _ => t.to_string(),
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.vocabulary().map(|v| v.method);
        match self {
            Term::Compose(..) => {
                let parts: Vec<String> = factors(self.clone()).iter().map(operand).collect();
                write!(f, "{}", parts.join(" ∘ "))
            }
            Term::Fork(l, r) => write!(f, "{} △ {}", operand(l), operand(r)),
            Term::Prim(_, literals, _) if !literals.is_empty() => {
                let literals: Vec<String> = literals.iter().map(i32::to_string).collect();
                write!(f, "{}({})", name.unwrap_or_default(), literals.join(", "))
            }
            Term::Const(value, _) | Term::ConstIx(value, _) => {
                write!(f, "{}({})", name.unwrap_or_default(), squashed(value))
            }
            Term::Loop(_, body) => write!(f, "{}({body})", name.unwrap_or_default()),
            Term::Indexed(Indexed::At(n), _) => write!(f, "{}({n})", name.unwrap_or_default()),
            // `catad::linalg`'s operations, which operators on `DVector`s call, as `linalg::add`.
            Term::Call(path, _) => {
                let path = squashed(path);
                write!(f, "{}", path.strip_prefix("::catad::").unwrap_or(&path))
            }
            Term::Nested(d, mode, path, _) => {
                write!(f, "{}::<{}>({})", d.name(), squashed(mode), squashed(path))
            }
            Term::Cond(p, then, otherwise) => {
                write!(f, "{}({p}, {then}, {otherwise})", name.unwrap_or_default())
            }
            Term::While(p, body) => write!(f, "{}({p}, {body})", name.unwrap_or_default()),
            Term::Fmap(_, g) => write!(f, "{}({g})", name.unwrap_or_default()),
            Term::Field(_, member) => write!(f, ".{member}"),
            Term::Build(path, fields) => {
                let fields: Vec<String> = fields
                    .iter()
                    .map(|(member, t)| format!("{member}: {t}"))
                    .collect();
                write!(f, "{} {{ {} }}", squashed(path), fields.join(", "))
            }
            _ => write!(f, "{}", name.unwrap_or_default()),
        }
    }
}

impl fmt::Display for Pred {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pred::Compare(lhs, op, rhs, _) => write!(f, "{lhs} {} {rhs}", op.symbol()),
            Pred::And(p, q) => write!(f, "({p}) && ({q})"),
            Pred::Or(p, q) => write!(f, "({p}) || ({q})"),
            Pred::Not(p) => write!(f, "!({p})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::{Operand, Primitive, Syntax};
    use crate::term::{Cmp, Loop, Op};
    use crate::types::Shape;
    use proc_macro2::Span;
    use quote::quote;

    #[test]
    fn every_node_prints_in_the_paper_notation() {
        let span = Span::call_site();
        let powi = Primitive::find(Syntax::Method("powi"), Operand::Scalar).unwrap();
        let shape = Shape::array(quote!(3));
        let nested = Term::compose(
            Term::fork(Term::fork(Term::Exl, Term::Dup), Term::It),
            Term::compose(Term::Prim(powi, vec![-2], span), Term::Exr),
        );
        assert_eq!(nested.to_string(), "((exl △ dup) △ it) ∘ powi_c(-2) ∘ exr");
        let p = Pred::Or(
            Box::new(Pred::Compare(
                Term::Id,
                Cmp::Ge,
                Term::Const(quote!(-1.5), span),
                Operand::Scalar,
            )),
            Box::new(Pred::Not(Box::new(Pred::And(
                Box::new(Pred::Compare(Term::Id, Cmp::Ne, Term::Id, Operand::Index)),
                Box::new(Pred::Compare(Term::Id, Cmp::Eq, Term::Id, Operand::Scalar)),
            )))),
        );
        let vectors = Term::compose(
            Term::Fmap(shape.clone(), Box::new(Term::Call(quote!(m::sqr), span))),
            Term::compose(
                Term::Indexed(Indexed::Zip, shape.clone()),
                Term::fork(
                    Term::Indexed(Indexed::Repl, shape.clone()),
                    Term::Indexed(Indexed::Sum, shape),
                ),
            ),
        );
        let structs = Term::Build(
            quote!(P),
            vec![
                (quote!(b), Term::Field(quote!(P), quote!(b))),
                (quote!(w), Term::Id),
            ],
        );
        let whole = Term::cond(p, vectors, structs);
        assert_eq!(
            whole.to_string(),
            "cond((id >= const_c(-1.5)) || (!((id != id) && (id == id))), \
             fmap(m::sqr) ∘ zip_i ∘ (repl_i △ sum_c), P { b: .b, w: id })"
        );
        let run_time = Term::compose(
            Term::looping(Loop::Fold, Term::Op(Op::IxToScalar, span)),
            Term::fork(
                Term::Indexed(Indexed::At(2), Shape::array(quote!(3))),
                Term::op2(Op::IndexV, Term::It, Term::index(4, span), span),
            ),
        );
        assert_eq!(
            run_time.to_string(),
            "fold(ix_to_scalar) ∘ (ex_at(2) △ index_v ∘ (it △ const_ix(4)))"
        );
    }
}
