//! Shared by the test binaries `tests/integration/` and `tests/macros/`: the modes of
//! differentiation, run one after another or as one test each, and agreement up to rounding.

/// The largest relative difference between two results computed two ways.
pub const TOLERANCE: f64 = 1e-12;

/// `a` and `b` have the same length and agree entrywise up to [`TOLERANCE`], relative to their
/// size.
pub fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x - y).abs() <= TOLERANCE * (1.0 + x.abs().max(y.abs())))
}

/// Runs `$body` once for each representation `K` of linear maps that makes `D<K>` a mode of
/// differentiation (Forward, Reverse, ReverseCont, ForwardBegin, `D<Mat>`), with `$mode` naming
/// it.
macro_rules! in_every_mode {
    (|$k:ident, $mode:ident| $body:expr) => {{
        {
            type $k = ::catad::interpretations::AddFun;
            let $mode = "Forward";
            $body;
        }
        {
            type $k = ::catad::interpretations::Dual<::catad::interpretations::AddFun>;
            let $mode = "Reverse";
            $body;
        }
        {
            type $k = ::catad::interpretations::Cont<
                ::catad::interpretations::Dual<::catad::interpretations::Delta>,
                f64,
            >;
            let $mode = "ReverseCont";
            $body;
        }
        {
            type $k = ::catad::interpretations::Begin<::catad::interpretations::Delta, f64>;
            let $mode = "ForwardBegin";
            $body;
        }
        {
            type $k = ::catad::interpretations::Mat<f64>;
            let $mode = "D<Mat>";
            $body;
        }
    }};
}

/// Generates a module `$name` with one `#[test]` per mode of [`in_every_mode!`]'s (`forward`,
/// `reverse`, `reverse_cont`, `forward_begin`, `matrices`), each running `$body` with `$k` the
/// mode's representation of linear maps and `$mode` its name. The modes then run in parallel,
/// and a failure names its mode.
macro_rules! test_in_every_mode {
    ($name:ident, |$k:ident, $mode:ident| $body:expr) => {
        mod $name {
            use super::*;
            mode_test!(forward, AddFun, "Forward", |$k, $mode| $body);
            mode_test!(reverse, Dual<AddFun>, "Reverse", |$k, $mode| $body);
            mode_test!(reverse_cont, Cont<Dual<Delta>, f64>, "ReverseCont", |$k, $mode| $body);
            mode_test!(forward_begin, Begin<Delta, f64>, "ForwardBegin", |$k, $mode| $body);
            mode_test!(matrices, Mat<f64>, "D<Mat>", |$k, $mode| $body);
        }
    };
}

/// One test of [`test_in_every_mode!`]: `$body` with `$k` the representation `$repr` (a type of
/// `catad::interpretations`) and `$mode` its name.
macro_rules! mode_test {
    ($test:ident, $repr:ty, $name:literal, |$k:ident, $mode:ident| $body:expr) => {
        #[test]
        fn $test() {
            #[allow(unused_imports)]
            use ::catad::interpretations::{AddFun, Begin, Cont, Delta, Dual, Mat};
            type $k = $repr;
            let $mode = $name;
            $body;
        }
    };
}
