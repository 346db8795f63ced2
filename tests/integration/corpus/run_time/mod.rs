//! The corpus of `#[catad::program]`s over run-time data (`programs.rs`): vectors
//! whose length is read at run time, indices, iterator chains and the numeric vocabulary beyond
//! the paper's. Each program is checked as the static corpus (`corpus/mod.rs`) checks the static corpus: its value in
//! `Fun` and in every mode (Forward, Reverse, ReverseCont, ForwardBegin, ReverseDelta) is its
//! plain-Rust twin's, every mode's Jacobian is Forward's, and Forward's agrees with central
//! differences of the twin. `D<Mat>` needs static shapes and is left out. ReverseCont and
//! ForwardBegin, exponential in a loop's iterations, are checked only at the points whose run-time
//! vectors have at most [`SHORT`] elements; the other modes at every point.
//!
//! A program's `#[shapes(…)]` are points of its domain whose coordinates are replaced by sampled
//! ones: they fix the lengths of its vectors and the values of its indices.

use super::support::{Interpretation, Modes};
use catad::prelude::*;
use nalgebra::{DMatrix, DVector};

/// Defines each program of the run-time corpus three times: as a `#[catad::program]` in
/// `programs`, as the same plain Rust function in `twins` (`programs_and_twins!`), and as a test
/// in `every_mode` (`every_mode!`). The programs call the corpus's `callees` besides each other,
/// the twins their plain functions, `callees::plain`.
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
        programs_and_twins! {
            callees: callees;
            $(
                $(#[doc = $doc])*
                fn $name($($(#[$data])? $param: $ty),*) -> $result { $($body)* }
                twin($($param: twin_type!($($data)? $ty)),*) { $(twin_value!($($data)? $param);)* }
            )*
        }

        every_mode! {
            $($name: modes!($name, short!($($short)?)), &[$($shape),+], domain!($($guard)?);)*
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

/// No loop runs over the elements of a `DVector` or a `DMatrix`: `catad::linalg` works on them
/// whole.
impl Longest for DVector<f64> {
    fn longest(&self) -> usize {
        0
    }
}

impl Longest for DMatrix<f64> {
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

include!("programs.rs");
