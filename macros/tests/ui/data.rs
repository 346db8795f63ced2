#[catad::program]
fn passed_whole(w: f64, #[data] xs: Vec<f64>) -> f64 {
    w * total(xs)
}

#[catad::program]
fn total(x: Vec<f64>) -> f64 {
    x.iter().sum::<f64>()
}

#[catad::program]
fn copied_whole(#[data] xs: Vec<f64>) -> f64 {
    xs.to_vec()[0]
}

#[catad::program]
fn zipped_with_a_vector(w: Vec<f64>, #[data] xs: Vec<f64>) -> f64 {
    xs.iter().zip(&w).map(|(x, wi)| x * wi).sum::<f64>()
}

#[catad::program]
fn vector_zipped_with_data(w: Vec<f64>, #[data] xs: Vec<f64>) -> f64 {
    w.iter().zip(&xs).map(|(wi, x)| x * wi).sum::<f64>()
}

#[catad::program]
fn iterator_bound(w: f64, #[data] xs: Vec<f64>) -> f64 {
    let it = xs.iter();
    it.map(|x| x * w).sum::<f64>()
}

#[catad::program]
fn sum_of_the_vec(#[data] xs: Vec<f64>) -> f64 {
    xs.sum()
}

#[catad::program]
fn data_with_arguments(#[data(frozen)] xs: Vec<f64>) -> f64 {
    xs[0]
}

#[catad::program]
fn data_pattern(#[data] (a, b): (f64, f64)) -> f64 {
    a * b
}

fn main() {}
