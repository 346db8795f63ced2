#[catad::program]
fn no_else(x: f64) -> f64 {
    if x < 0.0 { -x }
}

#[catad::program]
fn comparison_as_value(x: f64) -> f64 {
    let positive = x > 0.0;
    x
}

#[catad::program]
fn bool_condition(x: f64) -> f64 {
    if true { x } else { -x }
}

#[catad::program]
fn matching(x: f64) -> f64 {
    match x {
        _ => x,
    }
}

#[catad::program]
fn branches_differ(x: f64) -> f64 {
    if x < 0.0 { x } else { (x, x) }
}

#[catad::program]
fn recursive(x: f64) -> f64 {
    if x < 0.0 { recursive(-x) } else { x }
}

fn main() {}
