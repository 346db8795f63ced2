//! A program with data inputs (`#[data]`) joins the laws: in `Fun` and every mode of
//! `catad_laws::modes`, its primal is `Fun`'s, its Jacobian Forward's, its derivative satisfies
//! the adjoint identity and agrees with finite differences in its other inputs, at random
//! parameters and random data.

use catad::interpretations::{D, DMap, Func};
use catad::prelude::*;
use catad::space::Data;
use catad_laws::modes::Representation;
use catad_laws::suite::{self, EveryMode};

/// The squared error of the line `(a, b)` from the first sample to the last, the count of samples
/// and a penalty `lambda a²`: data read by index and by length, and a hyper-parameter read whole.
/// Without loops, so that every mode runs it quickly.
#[catad::program]
fn fit(a: f64, b: f64, #[data] xs: Vec<f64>, #[data] lambda: f64) -> f64 {
    let n = xs.len();
    let error = a * xs[0] + b - xs[n - 1];
    error * error + lambda * a * a + (n as f64) * b.sin()
}

/// The domain of [`fit`].
type Domain = (f64, f64, Data<Vec<f64>>, Data<f64>);

/// [`fit`] in `Fun` and every mode.
struct Fit;

impl EveryMode for Fit {
    type A = Domain;
    type B = f64;

    fn in_fun(&self) -> Func<Domain, f64> {
        fit::<Fun>()
    }

    fn in_mode<K: Representation>(&self) -> DMap<K, Domain, f64> {
        fit::<D<K>>()
    }
}

#[test]
fn a_program_with_data_in_every_mode() {
    suite::program_in_every_mode(&Fit, |(_, _, xs, _)| !xs.get().is_empty());
}
