// Type errors the macro cannot see (misused results of calls) are rustc's, and point at the
// user's code.

#[catad::program]
fn sqr(x: f64) -> f64 {
    x * x
}

#[catad::program]
fn destructure_a_scalar(x: f64) -> f64 {
    let (a, b) = sqr(x);
    a
}

#[catad::program]
fn single_precision(x: f32) -> f32 {
    sqr(x)
}

fn main() {}
