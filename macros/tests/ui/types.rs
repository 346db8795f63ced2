#[catad::program]
fn thirteen(x: f64) -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
    x
}

#[catad::program]
fn thirteen_parameters(
    a: f64, b: f64, c: f64, d: f64, e: f64, f: f64, g: f64, h: f64, i: f64, j: f64, k: f64,
    l: f64, m: f64,
) -> f64 {
    a
}

#[catad::program]
fn one_tuple(x: (f64,)) -> f64 {
    x.0
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
