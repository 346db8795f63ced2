//! The corpus of `#[catad::program]`s over run-time data (`tests/corpus/run_time.rs`): vectors
//! whose length is read at run time, indices, iterator chains and the numeric vocabulary beyond
//! the paper's. Each program is checked as `corpus.rs` checks the static corpus: its value in
//! `Fun` and in every mode (Forward, Reverse, ReverseCont, ForwardBegin, ReverseDelta) is its
//! plain-Rust twin's, every mode's Jacobian is Forward's, and Forward's agrees with central
//! differences of the twin. `D<Mat>` needs static shapes and is left out.
//!
//! A program's `#[shapes(…)]` are points of its domain whose coordinates are replaced by sampled
//! ones: they fix the lengths of its vectors and the values of its indices.

mod support;

use catad::prelude::*;
use support::{Modes, check};

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

/// The program `programs::$name` (called with `$args`) in `Fun` and every mode that runs
/// programs over run-time data.
macro_rules! modes {
    ($name:ident $(, $args:expr)*) => {{
        let modes: Modes<_, _> = vec![
            ("Fun", Box::new(programs::$name::<Fun>($($args),*))),
            ("Forward", Box::new(programs::$name::<Forward>($($args),*))),
            ("Reverse", Box::new(programs::$name::<Reverse>($($args),*))),
            ("ReverseCont", Box::new(programs::$name::<ReverseCont<f64>>($($args),*))),
            ("ForwardBegin", Box::new(programs::$name::<ForwardBegin<f64>>($($args),*))),
            ("ReverseDelta", Box::new(programs::$name::<ReverseDelta>($($args),*))),
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
