//! The corpus of `#[catad::program]`s over run-time data (`programs.rs`): vectors
//! whose length is read at run time, indices, iterator chains and the numeric vocabulary beyond
//! the paper's. Each program is checked as the static corpus (`corpus/mod.rs`) checks the static corpus: its value in
//! `Fun` and in every mode (Forward, Reverse, ReverseCont, ForwardBegin, ReverseDelta) is its
//! plain-Rust twin's, every mode's Jacobian is Forward's, and Forward's agrees with central
//! differences of the twin. `D<Mat>` needs static shapes and is left out.
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
            $($name: modes!($name), &[$($shape),+], domain!($($guard)?);)*
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

/// The program `programs::$name` (called with `$args`) in `Fun` and every mode that runs
/// programs over run-time data.
macro_rules! modes {
    ($name:ident $(, $args:expr)*) => {{
        let modes: Modes<_, _> = vec![
            Interpretation::new("Fun", programs::$name::<Fun>($($args),*)),
            Interpretation::new("Forward", programs::$name::<Forward>($($args),*)),
            Interpretation::new("Reverse", programs::$name::<Reverse>($($args),*)),
            Interpretation::new("ReverseCont", programs::$name::<ReverseCont<f64>>($($args),*)),
            Interpretation::new("ForwardBegin", programs::$name::<ForwardBegin<f64>>($($args),*)),
            Interpretation::new("ReverseDelta", programs::$name::<ReverseDelta>($($args),*)),
        ];
        modes
    }};
}

include!("programs.rs");
