//! The simplification rules: the linear-map laws of the paper and of the Knossos notes (scale by
//! 1, add 0, zero propagation, scale fusion, negation), as they appear once a derivative is
//! spelled in scalar operations, plus constant folding. Each is a named rewrite, applied while a
//! program is recorded, before common subexpressions are shared.
//!
//! Zero propagation (`0 · x = 0`) is the law of linear maps, where 0 is the zero map: a staged
//! derivative is 0 where the direct one multiplies by 0, even if the other factor is infinite or
//! NaN there.

use super::op::Op;

/// What a rule rewrites an operation to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Rewrite {
    /// An existing value.
    Node(u32),
    /// A constant.
    Const(f64),
    /// Another operation, to be simplified in turn.
    Op(Op),
    /// `c · x`, its constant to be recorded.
    Scale(f64, u32),
    /// `x · op`, the operation to be recorded first.
    Product(u32, Op),
}

/// What a rule may ask of the values recorded so far.
pub(crate) trait View {
    /// The value of `id` if it is a constant.
    fn constant(&self, id: u32) -> Option<f64>;
    /// The operation that computed `id`, if any.
    fn op(&self, id: u32) -> Option<Op>;
}

/// A simplification: `None` where it does not apply.
pub(crate) type Rule = fn(Op, &dyn View) -> Option<Rewrite>;

/// Every rule, by name, in the order they are tried.
pub(crate) const RULES: [(&str, Rule); 16] = [
    ("fold_constants", fold_constants),
    ("powi_one", powi_one),
    ("powi_zero", powi_zero),
    ("add_zero", add_zero),
    ("sub_zero", sub_zero),
    ("zero_sub", zero_sub),
    ("mul_zero", mul_zero),
    ("mul_one", mul_one),
    ("mul_minus_one", mul_minus_one),
    ("div_one", div_one),
    ("neg_neg", neg_neg),
    ("add_neg", add_neg),
    ("sub_neg", sub_neg),
    ("fuse_scales", fuse_scales),
    ("distribute", distribute),
    ("newest_factor_last", newest_factor_last),
];

/// The first rule that applies to `op`, with its place in [`RULES`].
pub(crate) fn simplify(op: Op, view: &dyn View) -> Option<(usize, Rewrite)> {
    RULES
        .iter()
        .enumerate()
        .find_map(|(i, (_, rule))| rule(op, view).map(|r| (i, r)))
}

/// `f(c₁, c₂) = c` where every operand is a constant: computed once, at staging.
fn fold_constants(op: Op, view: &dyn View) -> Option<Rewrite> {
    let mut slots = [0.0; 2];
    for (slot, id) in op.operands().enumerate() {
        slots[slot] = view.constant(id)?;
    }
    let mut at = 0;
    Some(Rewrite::Const(op.renumber(|_| next(&mut at)).eval(&slots)))
}

fn next(at: &mut u32) -> u32 {
    *at += 1;
    *at - 1
}

fn is(view: &dyn View, id: u32, c: f64) -> bool {
    view.constant(id) == Some(c)
}

/// `x¹ = x`: in the derivative of `x²`, `2 · x¹`.
fn powi_one(op: Op, _: &dyn View) -> Option<Rewrite> {
    match op {
        Op::Powi(x, 1) => Some(Rewrite::Node(x)),
        _ => None,
    }
}

/// `x⁰ = 1` (for every `x`, as `f64::powi` has it): in the derivative of `x¹`.
fn powi_zero(op: Op, _: &dyn View) -> Option<Rewrite> {
    match op {
        Op::Powi(_, 0) => Some(Rewrite::Const(1.0)),
        _ => None,
    }
}

/// `x + 0 = 0 + x = x`.
fn add_zero(op: Op, view: &dyn View) -> Option<Rewrite> {
    match op {
        Op::Add(x, y) if is(view, y, 0.0) => Some(Rewrite::Node(x)),
        Op::Add(x, y) if is(view, x, 0.0) => Some(Rewrite::Node(y)),
        _ => None,
    }
}

/// `x − 0 = x`.
fn sub_zero(op: Op, view: &dyn View) -> Option<Rewrite> {
    match op {
        Op::Sub(x, y) if is(view, y, 0.0) => Some(Rewrite::Node(x)),
        _ => None,
    }
}

/// `0 − x = −x`.
fn zero_sub(op: Op, view: &dyn View) -> Option<Rewrite> {
    match op {
        Op::Sub(x, y) if is(view, x, 0.0) => Some(Rewrite::Op(Op::Neg(y))),
        _ => None,
    }
}

/// `0 · x = x · 0 = 0`: zero propagation, the zero linear map absorbing.
fn mul_zero(op: Op, view: &dyn View) -> Option<Rewrite> {
    match op {
        Op::Mul(x, y) if is(view, x, 0.0) || is(view, y, 0.0) => Some(Rewrite::Const(0.0)),
        _ => None,
    }
}

/// `1 · x = x · 1 = x`: scaling by 1 is the identity.
fn mul_one(op: Op, view: &dyn View) -> Option<Rewrite> {
    match op {
        Op::Mul(x, y) if is(view, y, 1.0) => Some(Rewrite::Node(x)),
        Op::Mul(x, y) if is(view, x, 1.0) => Some(Rewrite::Node(y)),
        _ => None,
    }
}

/// `(−1) · x = x · (−1) = −x`.
fn mul_minus_one(op: Op, view: &dyn View) -> Option<Rewrite> {
    match op {
        Op::Mul(x, y) if is(view, y, -1.0) => Some(Rewrite::Op(Op::Neg(x))),
        Op::Mul(x, y) if is(view, x, -1.0) => Some(Rewrite::Op(Op::Neg(y))),
        _ => None,
    }
}

/// `x / 1 = x`.
fn div_one(op: Op, view: &dyn View) -> Option<Rewrite> {
    match op {
        Op::Div(x, y) if is(view, y, 1.0) => Some(Rewrite::Node(x)),
        _ => None,
    }
}

/// `−(−x) = x`.
fn neg_neg(op: Op, view: &dyn View) -> Option<Rewrite> {
    match (op, op.operands().next().and_then(|x| view.op(x))) {
        (Op::Neg(_), Some(Op::Neg(x))) => Some(Rewrite::Node(x)),
        _ => None,
    }
}

/// `x + (−y) = (−y) + x = x − y`, exactly in floating point: a reverse sweep adds the
/// cotangents a subtraction sends its second operand as negations, and a sum of them becomes a
/// chain of subtractions, the negations left for no one.
fn add_neg(op: Op, view: &dyn View) -> Option<Rewrite> {
    let Op::Add(x, y) = op else { return None };
    match (view.op(x), view.op(y)) {
        (_, Some(Op::Neg(y))) => Some(Rewrite::Op(Op::Sub(x, y))),
        (Some(Op::Neg(x)), _) => Some(Rewrite::Op(Op::Sub(y, x))),
        _ => None,
    }
}

/// `x − (−y) = x + y`, exactly in floating point.
fn sub_neg(op: Op, view: &dyn View) -> Option<Rewrite> {
    match (op, view.op(op.operands().nth(1)?)) {
        (Op::Sub(x, _), Some(Op::Neg(y))) => Some(Rewrite::Op(Op::Add(x, y))),
        _ => None,
    }
}

/// `c · (d · x) = (c·d) · x`: scale fusion, two scalings composed into one.
fn fuse_scales(op: Op, view: &dyn View) -> Option<Rewrite> {
    let Op::Mul(x, y) = op else { return None };
    let (c, inner) = match (view.constant(x), view.constant(y)) {
        (Some(c), None) => (c, y),
        (None, Some(c)) => (c, x),
        _ => return None,
    };
    let Some(Op::Mul(a, b)) = view.op(inner) else {
        return None;
    };
    match (view.constant(a), view.constant(b)) {
        (Some(d), None) => Some(Rewrite::Scale(c * d, b)),
        (None, Some(d)) => Some(Rewrite::Scale(c * d, a)),
        _ => None,
    }
}

/// `a·u + a·v = a·(u + v)`: one product fewer. In a reverse sweep `a` is a cotangent and `u`,
/// `v` the partial derivatives of two paths, which are now added before the cotangent scales
/// them (the linearity of the transposed map).
fn distribute(op: Op, view: &dyn View) -> Option<Rewrite> {
    let Op::Add(p, q) = op else { return None };
    let (Op::Mul(a, u), Op::Mul(b, v)) = (view.op(p)?, view.op(q)?) else {
        return None;
    };
    let (common, u, v) = if a == b {
        (a, u, v)
    } else if a == v {
        (a, u, b)
    } else if u == b {
        (u, a, v)
    } else if u == v {
        (u, a, b)
    } else {
        return None;
    };
    Some(Rewrite::Product(common, Op::Add(u, v)))
}

/// `(a·b)·c = a·(b·c)` where `a` is newer than `b` and `c`: the older factors, known earlier,
/// are multiplied first, so that the newest value (in a reverse sweep, the cotangent) waits for
/// one product instead of two, and a sum of its products can share it (`distribute`).
fn newest_factor_last(op: Op, view: &dyn View) -> Option<Rewrite> {
    let Op::Mul(x, y) = op else { return None };
    [(x, y), (y, x)].into_iter().find_map(|(m, c)| {
        let Op::Mul(a, b) = view.op(m)? else {
            return None;
        };
        let (newest, other) = if a > b { (a, b) } else { (b, a) };
        (c < newest && view.constant(c).is_none())
            .then_some(Rewrite::Product(newest, Op::Mul(other, c)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nodes 0–3 are the constants 0, 1, −1 and 2; node 4 an input `x`; node 5 is `3 · x`
    /// (node 6 is the constant 3); node 7 is `−x`; nodes 8–10 inputs `y`, `z`, `w`; node 11 is
    /// `x · w` and node 12 `w · y`.
    struct Fixture;

    impl View for Fixture {
        fn constant(&self, id: u32) -> Option<f64> {
            match id {
                0..=3 => Some([0.0, 1.0, -1.0, 2.0][id as usize]),
                6 => Some(3.0),
                _ => None,
            }
        }
        fn op(&self, id: u32) -> Option<Op> {
            match id {
                5 => Some(Op::Mul(6, 4)),
                7 => Some(Op::Neg(4)),
                11 => Some(Op::Mul(4, 10)),
                12 => Some(Op::Mul(10, 8)),
                _ => None,
            }
        }
    }

    const X: u32 = 4;

    fn rule(name: &str) -> Rule {
        RULES.iter().find(|(n, _)| *n == name).unwrap().1
    }

    fn apply(name: &str, op: Op) -> Option<Rewrite> {
        rule(name)(op, &Fixture)
    }

    #[test]
    fn fold_constants_computes_operations_of_constants() {
        assert_eq!(
            apply("fold_constants", Op::Mul(3, 6)),
            Some(Rewrite::Const(6.0))
        );
        assert_eq!(
            apply("fold_constants", Op::Sub(1, 3)),
            Some(Rewrite::Const(-1.0))
        );
        assert_eq!(
            apply("fold_constants", Op::Exp(0)),
            Some(Rewrite::Const(1.0))
        );
        assert_eq!(apply("fold_constants", Op::Mul(3, X)), None);
    }

    #[test]
    fn powers_one_and_zero_are_the_value_and_one() {
        assert_eq!(apply("powi_one", Op::Powi(X, 1)), Some(Rewrite::Node(X)));
        assert_eq!(apply("powi_one", Op::Powi(X, 2)), None);
        assert_eq!(
            apply("powi_zero", Op::Powi(X, 0)),
            Some(Rewrite::Const(1.0))
        );
        assert_eq!(apply("powi_zero", Op::Powi(X, -1)), None);
        assert_eq!(f64::NAN.powi(0), 1.0);
    }

    #[test]
    fn add_zero_drops_a_zero_on_either_side() {
        assert_eq!(apply("add_zero", Op::Add(X, 0)), Some(Rewrite::Node(X)));
        assert_eq!(apply("add_zero", Op::Add(0, X)), Some(Rewrite::Node(X)));
        assert_eq!(apply("add_zero", Op::Add(1, X)), None);
    }

    #[test]
    fn subtracting_zero_and_from_zero() {
        assert_eq!(apply("sub_zero", Op::Sub(X, 0)), Some(Rewrite::Node(X)));
        assert_eq!(apply("sub_zero", Op::Sub(0, X)), None);
        assert_eq!(
            apply("zero_sub", Op::Sub(0, X)),
            Some(Rewrite::Op(Op::Neg(X)))
        );
        assert_eq!(apply("zero_sub", Op::Sub(X, 0)), None);
    }

    #[test]
    fn zero_propagates_through_products() {
        assert_eq!(apply("mul_zero", Op::Mul(X, 0)), Some(Rewrite::Const(0.0)));
        assert_eq!(apply("mul_zero", Op::Mul(0, X)), Some(Rewrite::Const(0.0)));
        assert_eq!(apply("mul_zero", Op::Mul(1, X)), None);
    }

    #[test]
    fn scaling_by_one_and_minus_one() {
        assert_eq!(apply("mul_one", Op::Mul(1, X)), Some(Rewrite::Node(X)));
        assert_eq!(apply("mul_one", Op::Mul(X, 1)), Some(Rewrite::Node(X)));
        assert_eq!(apply("mul_one", Op::Mul(3, X)), None);
        assert_eq!(
            apply("mul_minus_one", Op::Mul(2, X)),
            Some(Rewrite::Op(Op::Neg(X)))
        );
        assert_eq!(
            apply("mul_minus_one", Op::Mul(X, 2)),
            Some(Rewrite::Op(Op::Neg(X)))
        );
        assert_eq!(apply("div_one", Op::Div(X, 1)), Some(Rewrite::Node(X)));
        assert_eq!(apply("div_one", Op::Div(1, X)), None);
    }

    #[test]
    fn double_negation_cancels() {
        assert_eq!(apply("neg_neg", Op::Neg(7)), Some(Rewrite::Node(X)));
        assert_eq!(apply("neg_neg", Op::Neg(X)), None);
    }

    #[test]
    fn adding_a_negation_subtracts() {
        assert_eq!(
            apply("add_neg", Op::Add(9, 7)),
            Some(Rewrite::Op(Op::Sub(9, X)))
        );
        assert_eq!(
            apply("add_neg", Op::Add(7, 9)),
            Some(Rewrite::Op(Op::Sub(9, X)))
        );
        assert_eq!(apply("add_neg", Op::Add(9, X)), None);
        assert_eq!(apply("add_neg", Op::Sub(9, 7)), None);
        assert_eq!(
            apply("sub_neg", Op::Sub(9, 7)),
            Some(Rewrite::Op(Op::Add(9, X)))
        );
        assert_eq!(apply("sub_neg", Op::Sub(7, 9)), None);
        assert_eq!(apply("sub_neg", Op::Neg(7)), None);
        // Exact in floating point, signed zeros, infinities and rounding included.
        for (a, b) in [
            (0.1, 0.2),
            (-0.0, 0.0),
            (0.0, 0.0),
            (1e308, -1e308),
            (1.0, f64::INFINITY),
        ] {
            assert_eq!((a + -b).to_bits(), (a - b).to_bits());
            assert_eq!((a - -b).to_bits(), (a + b).to_bits());
        }
    }

    #[test]
    fn scalings_fuse() {
        // 2 · (3 · x) = 6 · x, with the constant on either side.
        assert_eq!(
            apply("fuse_scales", Op::Mul(3, 5)),
            Some(Rewrite::Scale(6.0, X))
        );
        assert_eq!(
            apply("fuse_scales", Op::Mul(5, 3)),
            Some(Rewrite::Scale(6.0, X))
        );
        assert_eq!(apply("fuse_scales", Op::Mul(X, 5)), None);
        assert_eq!(apply("fuse_scales", Op::Mul(3, 7)), None);
    }

    #[test]
    fn a_common_factor_is_taken_out_of_a_sum() {
        // x·w + w·y = w·(x + y)
        assert_eq!(
            apply("distribute", Op::Add(11, 12)),
            Some(Rewrite::Product(10, Op::Add(4, 8)))
        );
        // x·w + 3·x = x·(w + 3)
        assert_eq!(
            apply("distribute", Op::Add(11, 5)),
            Some(Rewrite::Product(X, Op::Add(10, 6)))
        );
        assert_eq!(apply("distribute", Op::Add(11, 7)), None);
        assert_eq!(apply("distribute", Op::Add(11, X)), None);
    }

    #[test]
    fn the_newest_factor_is_multiplied_last() {
        // (x·w)·z = w·(x·z): w (node 10) is the newest.
        assert_eq!(
            apply("newest_factor_last", Op::Mul(11, 9)),
            Some(Rewrite::Product(10, Op::Mul(4, 9)))
        );
        assert_eq!(
            apply("newest_factor_last", Op::Mul(9, 11)),
            Some(Rewrite::Product(10, Op::Mul(4, 9)))
        );
        // Nothing to gain where the lone factor is the newest, or a constant.
        assert_eq!(apply("newest_factor_last", Op::Mul(5, 9)), None);
        assert_eq!(apply("newest_factor_last", Op::Mul(11, 6)), None);
    }

    #[test]
    fn the_first_rule_that_applies_is_named() {
        let name = |op| RULES[simplify(op, &Fixture).unwrap().0].0;
        assert_eq!(name(Op::Mul(0, 1)), "fold_constants");
        assert_eq!(name(Op::Mul(1, X)), "mul_one");
        assert_eq!(simplify(Op::Sin(X), &Fixture), None);
    }
}
