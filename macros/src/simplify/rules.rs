//! The laws simplification reads left to right, each named. None duplicates work: a rule either
//! drops a computation whose result is not used, or shares one input between two consumers.

use super::{compose, factors, fork, from_factors};
use crate::term::{Pred, Term};

/// A law, named, with the function that rewrites its left side to its right side (or declines).
/// Its name and law identify it to the reader; the tests check that each has an instance and
/// that the guide lists it.
pub(crate) struct Rule<Apply> {
    /// Its name, as in egg's `rewrite!`.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) name: &'static str,
    /// The law, in the paper's notation.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) law: &'static str,
    /// The rewrite.
    pub(crate) apply: Apply,
}

/// A law on two neighbouring factors `g ∘ f` of a composition: their replacement.
pub(crate) type Adjacent = fn(&Term, &Term) -> Option<Vec<Term>>;
/// A law on a fork `f △ g`.
pub(crate) type Forking = fn(&Term, &Term) -> Option<Term>;
/// A law on a conditional `cond(p, f, g)`.
pub(crate) type Choosing = fn(&Pred, &Term, &Term) -> Option<Term>;

/// The laws of composition.
pub(crate) const ADJACENT: &[Rule<Adjacent>] = &[
    Rule {
        name: "id_left",
        law: "id ∘ f = f",
        apply: |g, f| (*g == Term::Id).then(|| vec![f.clone()]),
    },
    Rule {
        name: "id_right",
        law: "f ∘ id = f",
        apply: |g, f| (*f == Term::Id).then(|| vec![g.clone()]),
    },
    Rule {
        name: "const_absorbs",
        law: "const_c(c) ∘ f = const_c(c)",
        apply: |g, _| matches!(g, Term::Const(..)).then(|| vec![g.clone()]),
    },
    Rule {
        name: "const_ix_absorbs",
        law: "const_ix(n) ∘ f = const_ix(n)",
        apply: |g, _| matches!(g, Term::ConstIx(..)).then(|| vec![g.clone()]),
    },
    Rule {
        name: "it_absorbs",
        law: "it ∘ f = it",
        apply: |g, _| (*g == Term::It).then(|| vec![Term::It]),
    },
    Rule {
        name: "exl_after_fork",
        law: "exl ∘ (f △ g) = f",
        apply: |p, f| match (p, f) {
            (Term::Exl, Term::Fork(left, _)) => Some(factors((**left).clone())),
            _ => None,
        },
    },
    Rule {
        name: "exr_after_fork",
        law: "exr ∘ (f △ g) = g",
        apply: |p, f| match (p, f) {
            (Term::Exr, Term::Fork(_, right)) => Some(factors((**right).clone())),
            _ => None,
        },
    },
    Rule {
        name: "exl_after_dup",
        law: "exl ∘ dup = id",
        apply: |p, f| (*p == Term::Exl && *f == Term::Dup).then(|| vec![Term::Id]),
    },
    Rule {
        name: "exr_after_dup",
        law: "exr ∘ dup = id",
        apply: |p, f| (*p == Term::Exr && *f == Term::Dup).then(|| vec![Term::Id]),
    },
    Rule {
        name: "rep_inverses",
        law: "repr_c ∘ abst_c = abst_c ∘ repr_c = id",
        apply: |g, f| match (g, f) {
            (Term::Repr(m), Term::Abst(n)) | (Term::Abst(m), Term::Repr(n)) if m == n => {
                Some(vec![Term::Id])
            }
            _ => None,
        },
    },
    Rule {
        name: "fmap_fusion",
        law: "fmap(g) ∘ fmap(f) = fmap(g ∘ f)",
        apply: |g, f| match (g, f) {
            (Term::Fmap(h, g), Term::Fmap(h2, f)) if h == h2 => Some(vec![Term::Fmap(
                h.clone(),
                Box::new(compose((**g).clone(), (**f).clone())),
            )]),
            _ => None,
        },
    },
];

/// The laws of forks.
pub(crate) const FORKS: &[Rule<Forking>] = &[
    Rule {
        name: "fork_of_projections",
        law: "exl △ exr = id",
        apply: |f, g| (*f == Term::Exl && *g == Term::Exr).then_some(Term::Id),
    },
    Rule {
        name: "fork_of_ids",
        law: "id △ id = dup",
        apply: |f, g| (*f == Term::Id && *g == Term::Id).then_some(Term::Dup),
    },
    Rule {
        name: "fork_shared_input",
        law: "(f ∘ h) △ (g ∘ h) = (f △ g) ∘ h",
        apply: |f, g| {
            let (mut fs, mut gs) = (factors(f.clone()), factors(g.clone()));
            let mut shared = Vec::new();
            while let (Some(a), Some(b)) = (fs.last(), gs.last()) {
                if a != b {
                    break;
                }
                gs.pop();
                shared.extend(fs.pop());
            }
            if shared.is_empty() {
                return None;
            }
            shared.reverse();
            Some(compose(
                fork(from_factors(fs), from_factors(gs)),
                from_factors(shared),
            ))
        },
    },
];

/// The laws of conditionals.
pub(crate) const CHOICES: &[Rule<Choosing>] = &[Rule {
    name: "cond_same_branches",
    law: "cond(p, f, f) = f",
    apply: |_, then, otherwise| (then == otherwise).then(|| then.clone()),
}];

#[cfg(test)]
mod tests {
    use super::super::{cond, simplify};
    use super::*;
    use crate::primitives::{Operand, Primitive, Syntax};
    use crate::term::{Cmp, Indexed};
    use crate::types::Shape;
    use proc_macro2::Span;
    use quote::quote;
    use std::collections::HashSet;

    fn constant() -> Term {
        Term::Const(quote!(2.0), Span::call_site())
    }

    /// Each law's left side, written, and its right side: what `simplify` makes of the one must
    /// be the other.
    fn instances() -> Vec<(&'static str, Term, Term)> {
        let (f, g, h) = (
            Term::method("sin"),
            Term::method("cos"),
            Term::method("exp"),
        );
        let shape = Shape::array(quote!(3));
        let fmap = |t: Term| Term::Fmap(shape.clone(), Box::new(t));
        vec![
            ("id_left", Term::compose(Term::Id, f.clone()), f.clone()),
            ("id_right", Term::compose(f.clone(), Term::Id), f.clone()),
            (
                "const_absorbs",
                Term::compose(constant(), f.clone()),
                constant(),
            ),
            (
                "const_ix_absorbs",
                Term::compose(Term::index(3, Span::call_site()), f.clone()),
                Term::index(3, Span::call_site()),
            ),
            ("it_absorbs", Term::compose(Term::It, f.clone()), Term::It),
            (
                "exl_after_fork",
                Term::compose(Term::Exl, Term::fork(f.clone(), g.clone())),
                f.clone(),
            ),
            (
                "exr_after_fork",
                Term::compose(Term::Exr, Term::fork(f.clone(), g.clone())),
                g.clone(),
            ),
            (
                "exl_after_dup",
                Term::compose(Term::Exl, Term::Dup),
                Term::Id,
            ),
            (
                "exr_after_dup",
                Term::compose(Term::Exr, Term::Dup),
                Term::Id,
            ),
            (
                "rep_inverses",
                Term::compose(Term::Repr(3), Term::Abst(3)),
                Term::Id,
            ),
            (
                "fmap_fusion",
                Term::compose(fmap(g.clone()), fmap(f.clone())),
                fmap(Term::compose(g.clone(), f.clone())),
            ),
            (
                "fork_of_projections",
                Term::fork(Term::Exl, Term::Exr),
                Term::Id,
            ),
            ("fork_of_ids", Term::fork(Term::Id, Term::Id), Term::Dup),
            (
                "fork_shared_input",
                Term::fork(
                    Term::compose(f.clone(), h.clone()),
                    Term::compose(g.clone(), h.clone()),
                ),
                Term::compose(Term::fork(f.clone(), g.clone()), h.clone()),
            ),
            (
                "cond_same_branches",
                Term::cond(
                    Pred::Compare(Term::Id, Cmp::Lt, constant(), Operand::Scalar),
                    f.clone(),
                    f.clone(),
                ),
                f,
            ),
        ]
    }

    #[test]
    fn every_law_rewrites_its_left_side_to_its_right_side() {
        for (name, lhs, rhs) in instances() {
            assert_eq!(simplify(lhs.clone()), rhs, "{name}: {lhs}");
        }
    }

    #[test]
    fn every_rule_has_an_instance_and_a_distinct_name() {
        let names: Vec<&str> = ADJACENT
            .iter()
            .map(|r| r.name)
            .chain(FORKS.iter().map(|r| r.name))
            .chain(CHOICES.iter().map(|r| r.name))
            .collect();
        let distinct: HashSet<&str> = names.iter().copied().collect();
        assert_eq!(distinct.len(), names.len());
        let tested: HashSet<&str> = instances().iter().map(|(name, ..)| *name).collect();
        assert_eq!(distinct, tested);
        let laws = ADJACENT
            .iter()
            .map(|r| r.law)
            .chain(FORKS.iter().map(|r| r.law));
        assert!(
            laws.chain(CHOICES.iter().map(|r| r.law))
                .all(|l| l.contains(" = "))
        );
    }

    #[test]
    fn rules_decline_what_they_do_not_match() {
        let (f, g) = (Term::method("sin"), Term::method("cos"));
        for rule in ADJACENT {
            assert!((rule.apply)(&f, &g).is_none(), "{}", rule.name);
        }
        for rule in FORKS {
            assert!((rule.apply)(&f, &g).is_none(), "{}", rule.name);
        }
        let p = Pred::Compare(Term::Id, Cmp::Lt, Term::Id, Operand::Scalar);
        assert!(
            CHOICES
                .iter()
                .all(|rule| (rule.apply)(&p, &f, &g).is_none())
        );
        // Vectors of different shapes do not fuse.
        let (a, b) = (Shape::array(quote!(3)), Shape::array(quote!(2)));
        let fmap_a = Term::Fmap(a.clone(), Box::new(f.clone()));
        let fmap_b = Term::Fmap(b, Box::new(f.clone()));
        assert_eq!(
            simplify(Term::compose(fmap_a, fmap_b)).to_string(),
            "fmap(sin_c) ∘ fmap(sin_c)"
        );
        // Nor does anything after a sum.
        let sum = Term::Indexed(Indexed::Sum, a);
        assert_eq!(simplify(Term::compose(f, sum)).to_string(), "sin_c ∘ sum_c");
    }

    #[test]
    fn forks_share_a_common_input() {
        assert_eq!(
            simplify(Term::fork(Term::Exl, Term::Exl)).to_string(),
            "dup ∘ exl"
        );
        let mul = Term::prim(
            Primitive::find(Syntax::Infix("*"), Operand::Scalar).unwrap(),
            Span::call_site(),
        );
        let shared = Term::fork(
            Term::compose(Term::method("cos"), mul.clone()),
            Term::compose(Term::method("sin"), mul),
        );
        assert_eq!(simplify(shared).to_string(), "(cos_c △ sin_c) ∘ mul_c");
    }

    #[test]
    fn a_conditional_keeps_different_branches() {
        let p = Pred::Compare(Term::Id, Cmp::Lt, Term::Id, Operand::Scalar);
        let c = cond(p, Term::method("sin"), Term::method("cos"));
        assert_eq!(c.to_string(), "cond(id < id, sin_c, cos_c)");
    }
}
