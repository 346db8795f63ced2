//! Run-time vectors (`Vec<T>`, of a length read from the data) and their iterators: `xs.len()`,
//! `xs[i]`, and the chains `xs.iter().map(f)`, `.zip(ys.iter())`, `.enumerate()`, `.sum()`,
//! `.fold(init, f)` and `.collect()`, over vectors and over ranges of indices `a..b`. Each is an
//! operation of `VecCat` or a loop of `Loops`, whose body takes the variables the closure
//! captures, `c`:
//!
//! - `xs.iter().map(f)` is `map_v f ∘ (c △ xs)`;
//! - `(a..b).map(f)` is `build f' ∘ ((c △ a) △ (b − a))`, where `f'` reads the index `i` as
//!   `a + i` (`build f ∘ (c △ b)` when `a` is `0`);
//! - `xs.iter().fold(s, f)` is `fold f ∘ (c △ (s △ xs))`;
//! - `(a..b).fold(s, f)` is `exl ∘ iterate f' ∘ (c △ ((s △ a) △ (b − a)))`, the index in the
//!   state beside the accumulator;
//! - `xs.iter().fold(f64::NEG_INFINITY, f64::max)` is `max_v ∘ xs` (with `f64::INFINITY` and
//!   `f64::min`, `min_v`), the maximum as one primitive.
//!
//! An iterator is a vector the macro has not collected yet: `xs.iter()` is `xs` itself, and
//! `.collect()` changes only its type.

use super::closures::{Body, Calling};
use super::{Lowering, Typed};
use crate::env::Env;
use crate::print::squashed;
use crate::reject::{Rejection, Unsupported};
use crate::term::{Loop, Op, Term};
use crate::types::Ty;
use proc_macro2::Span;
use quote::ToTokens;
use syn::Expr;

/// The methods of run-time vectors and their iterators, and how each is called.
const METHODS: &[(&str, &str)] = &[
    ("len", "xs.len()"),
    ("iter", "xs.iter()"),
    ("into_iter", "xs.into_iter()"),
    ("to_vec", "xs.to_vec()"),
    ("copied", "xs.iter().copied()"),
    ("cloned", "xs.iter().cloned()"),
    ("map", "xs.iter().map(|x| x * x)"),
    ("zip", "xs.iter().zip(ys.iter())"),
    ("enumerate", "xs.iter().enumerate()"),
    ("sum", "xs.iter().sum::<f64>()"),
    ("count", "xs.iter().count()"),
    ("collect", "xs.iter().map(|x| x * x).collect::<Vec<_>>()"),
    ("fold", "xs.iter().fold(0.0, |acc, x| acc + x)"),
];

/// Whether `name` is a method of run-time vectors or their iterators.
pub(super) fn is_run_time_method(name: &str) -> bool {
    METHODS.iter().any(|(method, _)| *method == name)
}

/// The methods that may be given type arguments: `sum::<f64>()`, `collect::<Vec<_>>()`.
pub(super) const TURBOFISH_METHODS: [&str; 2] = ["sum", "collect"];

pub(super) const MAP: Calling = Calling {
    method: "map",
    example: "|x| x * x",
};

pub(super) const FOLD: Calling = Calling {
    method: "fold",
    example: "|acc, x| acc + x",
};

impl Lowering {
    /// A method of a run-time vector, an iterator or a range, on the lowered receiver `xs`.
    pub(super) fn run_time_method(
        &mut self,
        env: &Env,
        call: &syn::ExprMethodCall,
        (xs, ty): Typed,
    ) -> syn::Result<Typed> {
        let name = call.method.to_string();
        let args: Vec<&Expr> = call.args.iter().collect();
        let span = call.method.span();
        let of = |op: Op, xs: Term| Term::compose(Term::op(op, span), xs);
        match (&ty, name.as_str(), args.as_slice()) {
            (Ty::Vec(_), "len", []) | (Ty::Iter(_), "count", []) => {
                Ok((of(Op::LenV, xs), Ty::Index))
            }
            (Ty::Vec(a), "iter" | "into_iter", [])
            | (Ty::Iter(a), "iter" | "into_iter" | "copied" | "cloned", []) => {
                Ok((xs, Ty::Iter(a.clone())))
            }
            (Ty::Vec(a), "to_vec", []) | (Ty::Iter(a), "collect", []) => {
                Ok((xs, Ty::Vec(a.clone())))
            }
            (Ty::Range, "into_iter", []) => Ok((xs, Ty::Range)),
            (Ty::Iter(a), "sum", []) => Ok((of(Op::SumV, xs), (**a).clone())),
            (Ty::Iter(a), "map", [f]) => {
                let a = (**a).clone();
                let body = self.function(env, f, &MAP, &[a], |c, ps| pair(c, one(ps)))?;
                let mapped = Term::compose(
                    Term::looping(Loop::MapV, body.body),
                    Term::fork(body.capture, xs),
                );
                Ok((mapped, Ty::Iter(Box::new(body.ty))))
            }
            (Ty::Range, "map", [f]) => self.build(env, xs, f),
            (Ty::Iter(a), "zip", [ys]) => {
                let (ys, b) = self.iterable(env, ys, "zip")?;
                let pairs = Term::op2(Op::ZipV, xs, ys, span);
                Ok((pairs, Ty::Iter(Box::new(Ty::Pair(a.clone(), Box::new(b))))))
            }
            (Ty::Iter(a), "enumerate", []) => {
                // zip_v ∘ (build(exr) ∘ (it △ len_v) △ id) ∘ xs: the indices, beside the elements.
                let indices = Term::looping(Loop::Build, Term::Exr);
                let indices =
                    Term::compose(indices, Term::fork(Term::It, of(Op::LenV, xs.clone())));
                let pairs = Term::op2(Op::ZipV, indices, xs, span);
                let ty = Ty::Pair(Box::new(Ty::Index), a.clone());
                Ok((pairs, Ty::Iter(Box::new(ty))))
            }
            (Ty::Iter(a), "fold", [init, f]) => {
                if let Some(op) = extreme(init, f, &self.types.scalar) {
                    if !a.may_be_scalar() {
                        return Err(Rejection::ExtremeOf((**a).clone()).at(&call.receiver));
                    }
                    return Ok((of(op, xs), Ty::Scalar));
                }
                self.fold(env, xs, (**a).clone(), init, f)
            }
            (Ty::Range, "fold", [init, f]) => self.fold_range(env, xs, init, f),
            (Ty::Vec(_), _, _) if is_run_time_method(&name) => {
                Err(Rejection::IterateFirst(name).at(&call.method))
            }
            _ if is_run_time_method(&name) => {
                let usage = METHODS
                    .iter()
                    .find(|(method, _)| *method == name)
                    .map(|(_, usage)| usage.to_string())
                    .unwrap_or_default();
                Err(Rejection::Arguments { name, usage }.at(call))
            }
            _ => Err(Rejection::UnknownIteratorMethod { name, ty }.at(&call.method)),
        }
    }

    /// `(a..b).map(f)`: `build f' ∘ ((c △ a) △ (b − a))`, or `build f ∘ (c △ b)` from `0`.
    pub(super) fn build(&mut self, env: &Env, range: Term, f: &Expr) -> syn::Result<Typed> {
        let (start, end) = bounds(range);
        let body = self.function(env, f, &MAP, &[Ty::Index], |c, ps| pair(c, one(ps)))?;
        let vector = Ty::Iter(Box::new(body.ty));
        if is_zero(&start) {
            let built = Term::looping(Loop::Build, body.body);
            return Ok((Term::compose(built, Term::fork(body.capture, end)), vector));
        }
        // In (((c, a), k)), the index is a + k: f ∘ (exl ∘ exl △ add_ix ∘ (exr ∘ exl △ exr)).
        let shifted = Term::fork(
            Term::compose(Term::Exl, Term::Exl),
            add_ix(Term::compose(Term::Exr, Term::Exl), Term::Exr),
        );
        let built = Term::looping(Loop::Build, Term::compose(body.body, shifted));
        let input = Term::fork(Term::fork(body.capture, start.clone()), sub_ix(end, start));
        Ok((Term::compose(built, input), vector))
    }

    /// `xs.iter().fold(init, f)`: `fold f ∘ (c △ (init △ xs))`.
    pub(super) fn fold(
        &mut self,
        env: &Env,
        xs: Term,
        a: Ty,
        init: &Expr,
        f: &Expr,
    ) -> syn::Result<Typed> {
        let (s, s_ty) = self.expr(env, init)?;
        let Body { capture, body, ty } =
            self.function(env, f, &FOLD, &[s_ty.clone(), a], |c, ps| {
                let [acc, x] = two(ps);
                pair(pair(c, acc), x)
            })?;
        let ty = state(&s_ty, &ty, f)?;
        let folded = Term::looping(Loop::Fold, body);
        Ok((
            Term::compose(folded, Term::fork(capture, Term::fork(s, xs))),
            ty,
        ))
    }

    /// `(a..b).fold(init, f)`: the accumulator and the index `i` are the state of an `iterate`,
    /// whose step is `f ((c, acc), i) △ i + 1`.
    fn fold_range(&mut self, env: &Env, range: Term, init: &Expr, f: &Expr) -> syn::Result<Typed> {
        let (s, s_ty) = self.expr(env, init)?;
        let Body { capture, body, ty } =
            self.function(env, f, &FOLD, &[s_ty.clone(), Ty::Index], |c, ps| {
                let [acc, i] = two(ps);
                pair(c, pair(acc, i))
            })?;
        let ty = state(&s_ty, &ty, f)?;
        Ok((iterate_range(body, capture, s, range), ty))
    }

    /// A vector to iterate, the argument of `zip` or the iterable of a `for` loop: a `Vec`, an
    /// iterator, or either borrowed (`&ys`); its term computes the vector, and its elements'
    /// type.
    pub(super) fn iterable(
        &mut self,
        env: &Env,
        e: &Expr,
        method: &'static str,
    ) -> syn::Result<(Term, Ty)> {
        match self.operand(env, e)? {
            (xs, Ty::Vec(a) | Ty::Iter(a)) => Ok((xs, *a)),
            (_, Ty::Data(_) | Ty::View(_)) => Err(Unsupported::DataZip.at(e)),
            (_, ty) => Err(Rejection::NotIterable {
                method: method.to_string(),
                ty,
            }
            .at(e)),
        }
    }

    /// `xs[i]`: `index_v ∘ (xs △ i)` for a run-time vector, `data_at ∘ (xs △ i)` for a `#[data]`
    /// Vec, `ex_at(n) ∘ xs` for a vector of a fixed length and a literal `n`.
    pub(super) fn index(&mut self, env: &Env, e: &syn::ExprIndex) -> syn::Result<Typed> {
        let (xs, ty) = self.operand(env, &e.expr)?;
        let (op, a) = match ty {
            Ty::Vec(a) => (Op::IndexV, a),
            Ty::Data(data) => match *data {
                Ty::Vec(a) => (Op::DataAt, a),
                _ => return Err(Unsupported::DataVector.at(&e.expr)),
            },
            ty => return fixed_index(e, xs, ty),
        };
        let (i, i_ty) = self.expr(env, &e.index)?;
        if !i_ty.may_be_index() {
            return Err(Rejection::IndexOf(i_ty).at(&e.index));
        }
        let span = e.bracket_token.span.join();
        Ok((Term::op2(op, xs, i, span), *a))
    }

    /// `a..b` and `a..=b`: the pair of bounds `(a, b)` (`(a, b + 1)`), both indices.
    pub(super) fn range(&mut self, env: &Env, r: &syn::ExprRange) -> syn::Result<Typed> {
        let (Some(start), Some(end)) = (&r.start, &r.end) else {
            return Err(Unsupported::OpenRange.at(r));
        };
        let mut bounds = Vec::with_capacity(2);
        for bound in [start, end] {
            let (term, ty) = self.expr(env, bound)?;
            if !ty.may_be_index() {
                return Err(Rejection::IndexOf(ty).at(bound));
            }
            bounds.push(term);
        }
        let [start, end] = two(bounds);
        let end = match r.limits {
            syn::RangeLimits::HalfOpen(_) => end,
            syn::RangeLimits::Closed(_) => add_ix(end, Term::index(1, Span::call_site())),
        };
        Ok((Term::fork(start, end), Ty::Range))
    }

    /// `e as T`: an index as a scalar (`ix_to_scalar`); a scalar as itself, an index as itself.
    pub(super) fn cast(&mut self, env: &Env, c: &syn::ExprCast) -> syn::Result<Typed> {
        let (term, ty) = self.expr(env, &c.expr)?;
        let target = self.types.parse(&c.ty)?;
        match (ty, target) {
            (Ty::Index | Ty::Unknown, Ty::Scalar) => Ok((
                Term::compose(Term::op(Op::IxToScalar, c.as_token.span), term),
                Ty::Scalar,
            )),
            (Ty::Scalar, Ty::Scalar) => Ok((term, Ty::Scalar)),
            (Ty::Index | Ty::Unknown, Ty::Index) => Ok((term, Ty::Index)),
            (from, to) => Err(Rejection::Cast { from, to }.at(c)),
        }
    }
}

/// `xs[n]` of a vector of a fixed length: `ex_at(n) ∘ xs`, `n` a literal.
fn fixed_index(e: &syn::ExprIndex, xs: Term, ty: Ty) -> syn::Result<Typed> {
    match ty {
        Ty::Vector(h, a) => {
            let Some(n) = literal_index(&e.index) else {
                return Err(Rejection::FixedIndex.at(&e.index));
            };
            let at = Term::Indexed(crate::term::Indexed::At(n), h);
            Ok((Term::compose(at, xs), *a))
        }
        Ty::Unknown => Err(Unsupported::IndexOfUnknown.at(&e.expr)),
        other => Err(Rejection::IndexingOf(other).at(&e.expr)),
    }
}

/// The extreme `fold(init, f)` computes, if it is `max_v` (`init` is −∞ and `f` is `max`) or
/// `min_v` (`+∞` and `min`), of the program's scalar type `scalar`.
pub(super) fn extreme(init: &Expr, f: &Expr, scalar: &str) -> Option<Op> {
    let (init, f) = (
        squashed(&init.to_token_stream()),
        squashed(&f.to_token_stream()),
    );
    let named = |written: &str, name: &str| {
        let written = written.trim_start_matches("::");
        [
            format!("{scalar}::{name}"),
            format!("std::{scalar}::{name}"),
            format!("core::{scalar}::{name}"),
        ]
        .contains(&written.to_string())
    };
    let negative = |name: &str| {
        named(&init, &format!("NEG_{name}"))
            || init.strip_prefix('-').is_some_and(|i| named(i, name))
    };
    if negative("INFINITY") && named(&f, "max") {
        Some(Op::MaxV)
    } else if named(&init, "INFINITY") && named(&f, "min") {
        Some(Op::MinV)
    } else {
        None
    }
}

/// The type of a fold's state: the initial value's, which the body's must agree with.
fn state(init: &Ty, body: &Ty, f: &Expr) -> syn::Result<Ty> {
    init.unify(body).ok_or_else(|| {
        Rejection::FoldState {
            init: init.clone(),
            body: body.clone(),
        }
        .at(f)
    })
}

/// `exl ∘ iterate (body △ i + 1) ∘ (capture △ ((s △ a) △ (b − a)))`: `body` on the captured
/// variables, the state and the index, `(c, (s, i))`, for each `i` of the range `a..b` in turn,
/// from the state `s`.
pub(super) fn iterate_range(body: Term, capture: Term, s: Term, range: Term) -> Term {
    let (start, end) = bounds(range);
    let next = add_ix(
        Term::compose(Term::Exr, Term::Exr),
        Term::index(1, Span::call_site()),
    );
    let step = Term::looping(Loop::Iterate, Term::fork(body, next));
    let count = if is_zero(&start) {
        end
    } else {
        sub_ix(end, start.clone())
    };
    let input = Term::fork(capture, Term::fork(Term::fork(s, start), count));
    Term::compose(Term::Exl, Term::compose(step, input))
}

/// The bounds `(a, b)` of a range's term `a △ b`, or its projections if it is not a fork.
fn bounds(range: Term) -> (Term, Term) {
    match range {
        Term::Fork(start, end) => (*start, *end),
        other => (
            Term::compose(Term::Exl, other.clone()),
            Term::compose(Term::Exr, other),
        ),
    }
}

/// Whether a term is the index `0`.
fn is_zero(t: &Term) -> bool {
    matches!(t, Term::ConstIx(n, _) if n.to_string() == "0")
}

/// A literal index `n` (`usize` or unsuffixed).
fn literal_index(e: &Expr) -> Option<usize> {
    match e {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(int),
            ..
        }) if matches!(int.suffix(), "" | "usize") => int.base10_parse().ok(),
        _ => None,
    }
}

/// `i + j` on indices.
pub(super) fn add_ix(i: Term, j: Term) -> Term {
    index_op("+", i, j)
}

/// `i − j` on indices.
pub(super) fn sub_ix(i: Term, j: Term) -> Term {
    index_op("-", i, j)
}

fn index_op(op: &str, i: Term, j: Term) -> Term {
    use crate::primitives::{Operand, Primitive, Syntax};
    let p = Primitive::find(Syntax::Infix(op), Operand::Index).expect("index arithmetic");
    Term::compose(Term::prim(p, Span::call_site()), Term::fork(i, j))
}

/// `(older, newer)`.
pub(super) fn pair(older: Env, newer: Env) -> Env {
    Env::Pair(Box::new(older), Box::new(newer))
}

/// The one element of a vector of one.
fn one<T>(items: Vec<T>) -> T {
    let [item] = <[T; 1]>::try_from(items).ok().expect("one item");
    item
}

/// The two elements of a vector of two.
pub(super) fn two<T>(items: Vec<T>) -> [T; 2] {
    <[T; 2]>::try_from(items).ok().expect("two items")
}
