//! The corpus of `#[catad::program]`s over run-time data (`tests/corpus/run_time.rs`): vectors
//! whose length is read at run time, indices, iterator chains and the numeric vocabulary beyond
//! the paper's. Each program is checked as `corpus.rs` checks the static corpus: its value in
//! `Fun` and in every mode (Forward, Reverse, ReverseCont, ForwardBegin, ReverseDelta) is its
//! plain-Rust twin's, every mode's Jacobian is Forward's, and Forward's agrees with central
//! differences of the twin. `D<Mat>` needs static shapes and is left out. ReverseCont and
//! ForwardBegin, exponential in a loop's iterations, are checked only at the points whose run-time
//! vectors have at most [`SHORT`] elements; the other modes at every point.
//!
//! A program's `#[shapes(…)]` are points of its domain whose coordinates are replaced by sampled
//! ones: they fix the lengths of its vectors and the values of its indices.

mod support;

use catad::prelude::*;
use support::{Interpretation, Modes, check};

/// Defines each program of the run-time corpus three times: as a `#[catad::program]` in
/// `programs`, as the same plain Rust function in `twins`, and as a test in `every_mode`.
macro_rules! run_time {
    ($(
        $(#[doc = $doc:literal])*
        #[shapes($($shape:expr),+ $(,)?)]
        $(#[domain($guard:expr)])?
        fn $name:ident($($params:tt)*) -> $result:ty { $($body:tt)* }
    )*) => {
        mod programs {
            use super::*;
            $(
                $(#[doc = $doc])*
                #[catad::program]
                pub fn $name($($params)*) -> $result { $($body)* }
            )*
        }

        mod twins {
            use super::*;
            $(
                $(#[doc = $doc])*
                pub fn $name($($params)*) -> $result { $($body)* }
            )*
        }

        /// Each program in every mode against its twin and central differences.
        mod every_mode {
            use super::*;
            $(
                #[test]
                fn $name() {
                    check(
                        stringify!($name),
                        modes!($name),
                        twins::$name,
                        &[$($shape),+],
                        guard!($($guard)?),
                    );
                }
            )*
        }
    };
}

/// The most elements a run-time vector may have, in a point where ReverseCont and ForwardBegin
/// are checked.
///
/// Their cost grows exponentially with a loop's iterations (about 15× per iteration of
/// `range_fold`: a Jacobian takes 2 ms at 2 iterations, 0.5 s at 4; issue 9's sharing is the
/// fix). Until then they are checked at the points whose vectors are short, which every
/// program's shapes include, and every other mode at every point.
const SHORT: usize = 3;

/// Whether every run-time vector in `a` has at most [`SHORT`] elements.
fn short<A: Longest>(a: &A) -> bool {
    a.longest() <= SHORT
}

/// `mode`, checked only at [`short`] points.
fn where_short<A: Longest, B>(mode: Interpretation<A, B>) -> Interpretation<A, B> {
    let what = format!("vectors of at most {SHORT} elements");
    Interpretation {
        only: Some((short::<A>, what)),
        ..mode
    }
}

/// The length of the longest run-time vector in a value, vectors inside vectors included: the
/// most iterations a loop over it makes.
trait Longest {
    fn longest(&self) -> usize;
}

impl Longest for f64 {
    fn longest(&self) -> usize {
        0
    }
}

impl Longest for usize {
    fn longest(&self) -> usize {
        0
    }
}

impl Longest for Point {
    fn longest(&self) -> usize {
        0
    }
}

impl<T: Longest> Longest for Vec<T> {
    fn longest(&self) -> usize {
        self.iter().map(T::longest).fold(self.len(), usize::max)
    }
}

impl<T: Longest, const N: usize> Longest for [T; N] {
    fn longest(&self) -> usize {
        self.iter().map(T::longest).fold(0, usize::max)
    }
}

impl<A: Longest, B: Longest> Longest for (A, B) {
    fn longest(&self) -> usize {
        self.0.longest().max(self.1.longest())
    }
}

/// The program `programs::$name` (called with `$args`) in `Fun` and every mode that runs
/// programs over run-time data, ReverseCont and ForwardBegin at [`short`] points only.
macro_rules! modes {
    ($name:ident $(, $args:expr)*) => {{
        let modes: Modes<_, _> = vec![
            Interpretation::new("Fun", programs::$name::<Fun>($($args),*)),
            Interpretation::new("Forward", programs::$name::<Forward>($($args),*)),
            Interpretation::new("Reverse", programs::$name::<Reverse>($($args),*)),
            where_short(Interpretation::new(
                "ReverseCont",
                programs::$name::<ReverseCont<f64>>($($args),*),
            )),
            where_short(Interpretation::new(
                "ForwardBegin",
                programs::$name::<ForwardBegin<f64>>($($args),*),
            )),
            Interpretation::new("ReverseDelta", programs::$name::<ReverseDelta>($($args),*)),
        ];
        modes
    }};
}

/// A program's domain guard: everywhere unless the corpus names one.
macro_rules! guard {
    () => {
        |_: &_| true
    };
    ($guard:expr) => {
        $guard
    };
}

include!("corpus/run_time.rs");
