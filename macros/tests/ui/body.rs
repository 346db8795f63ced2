#[catad::program]
fn statement(x: f64) -> f64 {
    x.sin();
    x
}

#[catad::program]
fn no_result(x: f64) -> f64 {
    let y = x;
}

#[catad::program]
fn macro_call(x: f64) -> f64 {
    println!("{x}");
    x
}

#[catad::program]
fn third_field(x: f64) -> f64 {
    let p = (x, x);
    p.2
}

#[catad::program]
fn named_field(x: f64) -> f64 {
    x.value
}

#[catad::program]
fn indexing(x: f64) -> f64 {
    x[0]
}

fn main() {}
