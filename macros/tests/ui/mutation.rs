#[catad::program]
fn assignment_as_value(x: f64) -> f64 {
    let mut z = x;
    let y = z = 2.0;
    z
}

#[catad::program]
fn assignment(x: f64, y: f64) -> f64 {
    let z = x;
    z = y;
    z
}

#[catad::program]
fn compound(x: f64) -> f64 {
    let y = x;
    y += 1.0;
    y
}

fn main() {}
