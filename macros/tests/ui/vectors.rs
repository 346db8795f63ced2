#[catad::program]
fn two_parameter_map(v: [f64; 3]) -> [f64; 3] {
    v.map(|x, y| x * y)
}

#[catad::program]
fn sum_of_a_scalar(x: f64) -> f64 {
    x.sum()
}

#[catad::program]
fn scalar_method_on_a_vector(v: [f64; 3]) -> [f64; 3] {
    v.sin()
}

#[catad::program]
fn arithmetic_on_vectors(u: [f64; 3], v: [f64; 3]) -> f64 {
    (u + v).sum()
}

#[catad::program]
fn unknown_shape(v: [f64; 3]) -> f64 {
    double(v).sum()
}

#[catad::program]
fn double(v: [f64; 3]) -> [f64; 3] {
    v.map(|x| 2.0 * x)
}

#[catad::program]
fn different_shapes(u: [f64; 3], v: [f64; 2]) -> f64 {
    u.dot(v)
}

#[catad::program]
fn dot_of_pairs(u: [(f64, f64); 2], v: [(f64, f64); 2]) -> f64 {
    u.dot(v)
}

#[catad::program]
fn zip_without_a_function(u: [f64; 3], v: [f64; 3]) -> [(f64, f64); 3] {
    u.zip_with(v)
}

#[catad::program]
fn map_of_an_expression(v: [f64; 3], x: f64) -> [f64; 3] {
    v.map(double(x))
}

#[catad::program]
fn indexing(v: [f64; 3], i: usize) -> f64 {
    v[i]
}

#[catad::program]
fn array_literal(x: f64) -> f64 {
    [x, x].sum()
}

#[catad::program]
fn result_of_another_length(v: [f64; 3]) -> [f64; 2] {
    v.map(|x| x.exp())
}

fn main() {}
