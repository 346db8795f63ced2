//! Reading a part of a pair copies that part, not the pair: in `Fun` and in `D<K>`, a projection
//! run on a borrowed argument borrows the part it projects, and `f △ g` runs one side on the
//! borrowed argument and moves it into the other (where `(f × g) ∘ dup` cloned it whole). So a
//! macro program's `let x = e;`, which is `rest ∘ (id △ e)`, copies the variables `e` reads, once
//! each, not the environment. Shown with a value that counts its clones.

use super::counted::{Counted, clones};
use catad::interpretations::D;
use catad::prelude::*;
use catad_laws::modes::{Mode, ModeVisitor, Representation, for_each_mode};

/// An environment `(x, (y, z))`, as a macro program lays out three variables.
type Env = (Counted, (Counted, Counted));

fn env() -> Env {
    (Counted(1.0), (Counted(2.0), Counted(3.0)))
}

/// `let w = y;` in the environment `(x, (y, z))`: `id △ (exl ∘ exr)`.
fn let_y<K: Cartesian>() -> Hom<K, Env, (Env, Counted)> {
    K::fork(K::id(), K::compose(K::exl(), K::exr()))
}

/// `(z, x)`: `(exr ∘ exr) △ exl`.
fn z_and_x<K: Cartesian>() -> Hom<K, Env, (Counted, Counted)> {
    K::fork(K::compose(K::exr(), K::exr()), K::exl())
}

#[test]
fn a_let_in_fun_copies_the_variable_it_reads_not_the_environment() {
    let f = let_y::<Fun>();
    let mut out = None;
    assert_eq!(clones(|| out = Some(f.apply(env()))), 1);
    let ((x, (y, z)), w) = out.expect("ran");
    assert_eq!([x.0, y.0, z.0, w.0], [1.0, 2.0, 3.0, 2.0]);
    // The left side takes the argument: nothing is copied.
    let g = z_and_x::<Fun>();
    assert_eq!(clones(|| assert_eq!(g.apply(env()).0.0, 3.0)), 1);
    assert_eq!(clones(|| assert_eq!(g.apply_ref(&env()).1.0, 1.0)), 2);
}

/// The same in each mode `D<K>`, by `linearize`.
struct InEachMode;

impl ModeVisitor for InEachMode {
    fn visit<K: Representation>(&mut self, mode: &Mode) {
        let f = let_y::<D<K>>();
        assert_eq!(clones(|| drop(f.linearize(env()))), 1, "{}", mode.name);
        let g = z_and_x::<D<K>>();
        assert_eq!(clones(|| drop(g.linearize(env()))), 1, "{}", mode.name);
        assert_eq!(clones(|| drop(g.linearize_ref(&env()))), 2, "{}", mode.name);
    }
}

#[test]
fn a_let_in_every_mode_copies_the_variable_it_reads_not_the_environment() {
    for_each_mode(&mut InEachMode);
}
