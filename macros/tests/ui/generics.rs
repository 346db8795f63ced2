use catad::space::Scalar;

#[catad::program]
fn two<S: Scalar, T: Scalar>(x: S, y: T) -> S {
    x
}

#[catad::program]
fn with_where<S>(x: S) -> S
where
    S: Scalar,
{
    x
}

#[catad::program]
fn with_length<S: Scalar, const N: usize>(v: [S; N]) -> S {
    v.sum()
}

#[catad::program]
fn borrowing<'a, S: Scalar>(x: S) -> S {
    x
}

#[catad::program]
fn nalgebra_vector<S: Scalar>(v: nalgebra::SVector<S, 2>) -> S {
    v.sum()
}

#[catad::program]
fn mixed<S: Scalar>(x: S) -> S {
    x * (1.0 as f64)
}

fn main() {}
