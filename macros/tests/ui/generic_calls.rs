use catad::space::Scalar;

#[catad::program]
fn sqr(x: f64) -> f64 {
    x * x
}

#[catad::program]
fn calls_a_program_over_f64<S: Scalar>(x: S) -> S {
    sqr(x) + x
}

fn main() {}
