#[catad::program]
fn for_loop(x: f64) -> f64 {
    let y = x;
    for i in 0..3 {
        y * 2.0;
    }
    y
}

#[catad::program]
fn while_loop(x: f64) -> f64 {
    while x < 1.0 {}
    x
}

#[catad::program]
fn forever(x: f64) -> f64 {
    loop {
        x;
    }
}

fn main() {}
