use catad::space::HasRep;

#[derive(Clone, Debug, HasRep)]
struct Params {
    w: [f64; 2],
    b: f64,
}

#[catad::program]
fn field_of_a_result(p: Params) -> f64 {
    identity(p).b
}

#[catad::program]
fn identity(p: Params) -> Params {
    p
}

#[catad::program]
fn named_field_of_a_pair(x: f64) -> f64 {
    let p = (x, x);
    p.w
}

#[catad::program]
fn struct_update(p: Params, b: f64) -> Params {
    Params { b, ..p }
}

#[catad::program]
fn destructuring(p: Params) -> f64 {
    let Params { w, b } = p;
    b
}

#[catad::program]
fn missing_field(b: f64) -> Params {
    Params { b }
}

#[catad::program]
fn unknown_field(p: Params, c: f64) -> Params {
    Params { w: p.w, c }
}

#[catad::program]
fn vector_method_on_a_field(p: Params) -> f64 {
    p.w.sum()
}

fn main() {}
