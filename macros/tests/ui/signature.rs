#[catad::program]
fn generic<T>(x: f64) -> f64 {
    x
}

#[catad::program]
fn no_result(x: f64) {}

#[catad::program]
async fn asynchronous(x: f64) -> f64 {
    x
}

#[catad::program(f32)]
fn with_arguments(x: f64) -> f64 {
    x
}

#[catad::program]
struct NotAFunction;

fn main() {}
