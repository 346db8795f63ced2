// Errors the macro cannot see (unknown programs, misused results of calls) are rustc's, and point
// at the user's code.

#[catad::program]
fn unknown_program(x: f64) -> f64 {
    no_such_program(x)
}

#[catad::program]
fn unknown_constant(x: f64) -> f64 {
    x * NO_SUCH_CONSTANT
}

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
