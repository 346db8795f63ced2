#[catad::program]
fn unknown_method(x: f64) -> f64 {
    x.floor() + 1.0
}

#[catad::program]
fn power_not_a_literal(x: f64, n: f64) -> f64 {
    x.powi(n)
}

#[catad::program]
fn method_with_arguments(x: f64) -> f64 {
    x.sin(2.0)
}

#[catad::program]
fn path_call(x: f64) -> f64 {
    f64::floor(x)
}

fn main() {}
