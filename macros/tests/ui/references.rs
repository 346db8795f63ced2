#[catad::program]
fn borrow(x: f64) -> f64 {
    let y = &mut x;
    x
}

#[catad::program]
fn ref_pattern(x: f64) -> f64 {
    let ref y = x;
    y
}

#[catad::program]
fn reference_parameter(x: &f64) -> f64 {
    1.0
}

fn main() {}
