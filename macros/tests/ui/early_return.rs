#[catad::program]
fn early(x: f64) -> f64 {
    let y = x.sin();
    return y;
}

#[catad::program]
fn question_mark(x: f64) -> f64 {
    x.sqrt()?
}

fn main() {}
