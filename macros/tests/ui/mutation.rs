#[catad::program]
fn mutable(x: f64) -> f64 {
    let mut y = x;
    y
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
