//! Simplification: a term rewritten by laws of the vocabulary that never duplicate work, so that
//! a value bound by `let` is computed once however often it is used. Each law is a named rule
//! (`rules`); this module applies them, bottom-up, until none applies.

mod rules;

pub(crate) use rules::{ADJACENT, CHOICES, FORKS};

use crate::term::{Pred, Term};

/// `t` with every rule applied, bottom-up.
pub(crate) fn simplify(t: Term) -> Term {
    match t {
        Term::Compose(g, f) => compose(simplify(*g), simplify(*f)),
        Term::Fork(f, g) => fork(simplify(*f), simplify(*g)),
        Term::Cond(p, then, otherwise) => {
            cond(simplify_pred(*p), simplify(*then), simplify(*otherwise))
        }
        Term::Fmap(h, f) => Term::Fmap(h, Box::new(simplify(*f))),
        Term::Loop(kind, f) => Term::Loop(kind, Box::new(simplify(*f))),
        Term::While(p, f) => Term::While(Box::new(simplify_pred(*p)), Box::new(simplify(*f))),
        Term::Build(path, fields) => Term::Build(
            path,
            fields
                .into_iter()
                .map(|(member, f)| (member, simplify(f)))
                .collect(),
        ),
        leaf => leaf,
    }
}

/// `p` with its comparisons' operands simplified.
fn simplify_pred(p: Pred) -> Pred {
    match p {
        Pred::Compare(lhs, cmp, rhs, on) => Pred::Compare(simplify(lhs), cmp, simplify(rhs), on),
        Pred::And(p, q) => Pred::And(Box::new(simplify_pred(*p)), Box::new(simplify_pred(*q))),
        Pred::Or(p, q) => Pred::Or(Box::new(simplify_pred(*p)), Box::new(simplify_pred(*q))),
        Pred::Not(p) => Pred::Not(Box::new(simplify_pred(*p))),
    }
}

/// The factors of a composition, outermost first: `g ∘ f ↦ [g, f]`.
pub(crate) fn factors(t: Term) -> Vec<Term> {
    match t {
        Term::Compose(g, f) => {
            let mut out = factors(*g);
            out.extend(factors(*f));
            out
        }
        other => vec![other],
    }
}

/// The composition of factors (outermost first), associated to the right; `id` for none.
pub(crate) fn from_factors(mut fs: Vec<Term>) -> Term {
    let Some(mut acc) = fs.pop() else {
        return Term::Id;
    };
    while let Some(g) = fs.pop() {
        acc = Term::compose(g, acc);
    }
    acc
}

/// `g ∘ f` of simplified terms, simplified: composition is associative, so the factors of both
/// are one sequence, and each [`ADJACENT`] rule rewrites two neighbours wherever it applies.
pub(crate) fn compose(g: Term, f: Term) -> Term {
    let mut fs = factors(g);
    fs.extend(factors(f));
    let mut i = 0;
    while i + 1 < fs.len() {
        match ADJACENT
            .iter()
            .find_map(|rule| (rule.apply)(&fs[i], &fs[i + 1]))
        {
            Some(replacement) => {
                let replacement: Vec<Term> = replacement.into_iter().flat_map(factors).collect();
                fs.splice(i..=i + 1, replacement);
                // The new neighbours of the rewritten factors may now match a rule.
                i = i.saturating_sub(1);
            }
            None => i += 1,
        }
    }
    from_factors(fs)
}

/// `f △ g` of simplified terms, simplified by the first [`FORKS`] rule that applies.
pub(crate) fn fork(f: Term, g: Term) -> Term {
    FORKS
        .iter()
        .find_map(|rule| (rule.apply)(&f, &g))
        .unwrap_or_else(|| Term::fork(f, g))
}

/// `cond(p, then, otherwise)` of simplified terms, simplified by the first [`CHOICES`] rule that
/// applies.
pub(crate) fn cond(p: Pred, then: Term, otherwise: Term) -> Term {
    CHOICES
        .iter()
        .find_map(|rule| (rule.apply)(&p, &then, &otherwise))
        .unwrap_or_else(|| Term::cond(p, then, otherwise))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_projection_reaches_through_nested_compositions() {
        // exl ∘ exl ∘ ((sin △ cos) △ exp) = sin, while exl ∘ exr ∘ (…) keeps `exl ∘ exp`.
        let inner = Term::fork(
            Term::fork(Term::method("sin"), Term::method("cos")),
            Term::method("exp"),
        );
        let picked = Term::compose(Term::Exl, Term::compose(Term::Exl, inner.clone()));
        assert_eq!(simplify(picked), Term::method("sin"));
        let stuck = Term::compose(Term::Exl, Term::compose(Term::Exr, inner));
        assert_eq!(simplify(stuck).to_string(), "exl ∘ exp_c");
    }

    #[test]
    fn rewriting_reaches_a_fixed_point_across_rules() {
        // exl ∘ id ∘ (dup △ exp) → exl ∘ (dup △ exp) → dup; then exr ∘ dup → id.
        let t = Term::compose(
            Term::Exr,
            Term::compose(
                Term::Exl,
                Term::compose(Term::Id, Term::fork(Term::Dup, Term::method("exp"))),
            ),
        );
        assert_eq!(simplify(t), Term::Id);
    }

    #[test]
    fn simplification_reaches_into_every_node() {
        let messy = Term::compose(Term::Exl, Term::fork(Term::method("sin"), Term::Id));
        let p = Pred::Not(Box::new(Pred::Compare(
            messy.clone(),
            crate::term::Cmp::Lt,
            Term::Id,
            crate::primitives::Operand::Scalar,
        )));
        let t = Term::cond(p, messy.clone(), Term::Id);
        assert_eq!(simplify(t).to_string(), "cond(!(sin_c < id), sin_c, id)");
    }
}
