// A program whose body is rejected still has its signature and bound: the program that calls it
// compiles, and the rejection is the only error.

#[catad::program]
fn rejected(x: f64) -> f64 {
    loop {}
}

#[catad::program]
fn caller(x: f64, y: f64) -> f64 {
    rejected(x) * rejected(y).sin()
}

fn main() {
    let _ = caller::<catad::interpretations::Fun>();
}
