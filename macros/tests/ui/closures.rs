#[catad::program]
fn closure(x: f64) -> f64 {
    let f = |y: f64| y * 2.0;
    x
}

fn main() {}
