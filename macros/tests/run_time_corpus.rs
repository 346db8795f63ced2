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
        $(#[short($short:expr)])?
        fn $name:ident($($(#[$data:ident])? $param:ident: $ty:ty),* $(,)?) -> $result:ty {
            $($body:tt)*
        }
    )*) => {
        mod programs {
            use super::*;
            $(
                $(#[doc = $doc])*
                #[catad::program]
                pub fn $name($($(#[$data])? $param: $ty),*) -> $result { $($body)* }
            )*
        }

        // The twins are the programs verbatim, indexed loops and counted iterators included; a
        // `#[data]` parameter is the program's `Data` handle, whose value the twin takes.
        #[allow(clippy::needless_range_loop, clippy::iter_count)]
        mod twins {
            use super::*;
            $(
                $(#[doc = $doc])*
                pub fn $name($($param: twin_type!($($data)? $ty)),*) -> $result {
                    $(twin_value!($($data)? $param);)*
                    $($body)*
                }
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
                        modes!($name, short!($($short)?)),
                        twins::$name,
                        &[$($shape),+],
                        guard!($($guard)?),
                    );
                }
            )*
        }
    };
}

/// A twin's parameter type: a `#[data]` parameter's is the program's, `Data<T>`.
macro_rules! twin_type {
    (data $ty:ty) => { catad::space::Data<$ty> };
    ($ty:ty) => { $ty };
}

/// A twin's parameter as its body reads it: a `#[data]` parameter's value, cloned from its
/// handle.
macro_rules! twin_value {
    (data $param:ident) => {
        let $param = $param.get().clone();
    };
    ($param:ident) => {};
}

/// The most elements a run-time vector may have, in a point where ReverseCont and ForwardBegin
/// are checked.
///
/// Their cost grows exponentially with a loop's iterations (about 15× per iteration of
/// `range_fold`: a Jacobian takes 2 ms at 2 iterations, 0.5 s at 4; issue 9's sharing is the
/// fix). Until then they are checked at the points whose vectors are short, which every
/// program's shapes include, or where the program's `#[short(…)]` says, and every other mode at
/// every point.
const SHORT: usize = 3;

/// Whether every run-time vector in `a` has at most [`SHORT`] elements.
fn short<A: Longest>(a: &A) -> bool {
    a.longest() <= SHORT
}

/// `mode`, checked only at the points `short` keeps.
fn where_short<A, B>(mode: Interpretation<A, B>, short: fn(&A) -> bool) -> Interpretation<A, B> {
    let what = "the points where ReverseCont and ForwardBegin are checked".to_string();
    Interpretation {
        only: Some((short, what)),
        ..mode
    }
}

/// Where a program's ReverseCont and ForwardBegin are checked: at [`short`] points, unless the
/// corpus says where (a program whose loops cost more per iteration, or run over no vector).
macro_rules! short {
    () => {
        short
    };
    ($short:expr) => {
        $short
    };
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

impl<T: Longest> Longest for catad::space::Data<T> {
    fn longest(&self) -> usize {
        self.get().longest()
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
/// programs over run-time data, ReverseCont and ForwardBegin only at the points `$short` keeps.
macro_rules! modes {
    ($name:ident, $short:expr $(, $args:expr)*) => {{
        let modes: Modes<_, _> = vec![
            Interpretation::new("Fun", programs::$name::<Fun>($($args),*)),
            Interpretation::new("Forward", programs::$name::<Forward>($($args),*)),
            Interpretation::new("Reverse", programs::$name::<Reverse>($($args),*)),
            where_short(
                Interpretation::new("ReverseCont", programs::$name::<ReverseCont<f64>>($($args),*)),
                $short,
            ),
            where_short(
                Interpretation::new("ForwardBegin", programs::$name::<ForwardBegin<f64>>($($args),*)),
                $short,
            ),
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
