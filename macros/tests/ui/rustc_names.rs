// Names the macro cannot resolve (unknown programs and constants) are rustc's errors, and point
// at the user's code.

#[catad::program]
fn unknown_program(x: f64) -> f64 {
    no_such_program(x)
}

#[catad::program]
fn unknown_constant(x: f64) -> f64 {
    x * NO_SUCH_CONSTANT
}

fn main() {}
