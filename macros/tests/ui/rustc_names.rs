// Names the macro cannot resolve are rustc's errors, one per name, pointing at the user's code.
// A program is called through the trait that carries its bound, so a callee that does not exist
// is one error at the call (its trait is not found), and so is a plain function, which has no
// such trait.

#[catad::program]
fn unknown_program(x: f64) -> f64 {
    no_such_program(x)
}

#[catad::program]
fn unknown_constant(x: f64) -> f64 {
    x * NO_SUCH_CONSTANT
}

fn plain(x: f64) -> f64 {
    x
}

#[catad::program]
fn plain_callee(x: f64) -> f64 {
    plain(x)
}

fn main() {}
