//! `Counted`: a value that counts its clones, for the tests that show what is copied and what is
//! not.

use catad::prelude::*;
use std::cell::Cell;

thread_local! {
    static CLONES: Cell<usize> = const { Cell::new(0) };
}

/// A value that counts its clones (an object with no coordinates).
#[derive(Debug, PartialEq)]
pub(crate) struct Counted(pub(crate) f64);

impl Clone for Counted {
    fn clone(&self) -> Self {
        CLONES.with(|c| c.set(c.get() + 1));
        Counted(self.0)
    }
}

impl Additive for Counted {
    const DIM: Option<usize> = Some(0);
    fn zero() -> Self {
        Counted(0.0)
    }
    fn plus(&self, other: &Self) -> Self {
        Counted(self.0 + other.0)
    }
}

/// The clones of `Counted` values that `run` makes.
pub(crate) fn clones(run: impl FnOnce()) -> usize {
    CLONES.with(|c| c.set(0));
    run();
    CLONES.with(Cell::get)
}
