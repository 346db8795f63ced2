//! Krawiec et al.'s sharing example (§7): `x₁ = x + x`, `x₂ = x₁ + x₁`, …, each step using its
//! input twice through `fork(id, id)`, so `2ⁿ` paths lead from `x` to `xₙ`. A derivative that
//! re-ran the shared part once per path would cost `2ⁿ`; in every mode of catad it costs a step
//! per step: at depth 50 the paths number about 10¹⁵, and the test runs in milliseconds.

use catad::interpretations::D;
use catad::prelude::*;
use catad_laws::modes::{Mode, ModeVisitor, Representation, for_each_mode};

/// The depth of the example.
const DEPTH: i32 = 50;

/// `x ↦ xₙ`: `n` doublings, each `add ∘ (id △ id)`.
fn doublings<K: Cartesian + NumCat<f64>>(n: i32) -> Hom<K, f64, f64> {
    let double = || K::compose(K::add_c(), K::fork(K::id(), K::id()));
    (1..n).fold(double(), |f, _| K::compose(double(), f))
}

/// Checks the value and the derivative at depth [`DEPTH`] in each mode.
struct AtDepth;

impl ModeVisitor for AtDepth {
    fn visit<K: Representation>(&mut self, mode: &Mode) {
        let f = doublings::<D<K>>(DEPTH);
        let slope = 2f64.powi(DEPTH);
        assert_eq!(f.apply(1.5), 1.5 * slope, "{}", mode.name);
        assert_eq!(derivative(&f, 1.5), slope, "{}", mode.name);
        assert_eq!(gradient(&f, 1.5), slope, "{}", mode.name);
    }
}

#[test]
fn the_sharing_example_at_depth_50_in_every_mode() {
    for_each_mode(&mut AtDepth);
}
