#[catad::program]
fn triple(x: f64) -> (f64, f64, f64) {
    (x, x, x)
}

#[catad::program]
fn mixed(x: f64, y: f32) -> f64 {
    x
}

#[catad::program]
fn integer_literal(x: f64) -> f64 {
    2 * x
}

#[catad::program]
fn wrong_suffix(x: f64) -> f64 {
    x + 1.0f32
}

#[catad::program]
fn result_mismatch(x: f64) -> f64 {
    (x, x)
}

#[catad::program]
fn arithmetic_on_a_pair(x: f64) -> f64 {
    let p = (x, x);
    p + 1.0
}

fn main() {}
