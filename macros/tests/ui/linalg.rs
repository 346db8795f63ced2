use nalgebra::{DMatrix, DVector};

#[catad::program]
fn indexing(v: DVector<f64>) -> f64 {
    v[0]
}

#[catad::program]
fn plus_scalar(v: DVector<f64>) -> DVector<f64> {
    v + 1.0
}

#[catad::program]
fn negated(v: DVector<f64>) -> DVector<f64> {
    -v
}

#[catad::program]
fn mapped(v: DVector<f64>) -> DVector<f64> {
    v.map(|x| x * 2.0)
}

#[catad::program]
fn hidden(m: DMatrix<f64>, v: DVector<f64>) -> DVector<f64> {
    m * catad::linalg::scale(2.0, v)
}

#[catad::program]
fn of_indices(v: DVector<usize>) -> f64 {
    1.0
}

catad::primitive! {
    fn two_parameters<S, T>(x: S) -> T = Two;
}

fn main() {}
