#[derive(Clone, Debug, catad::space::HasRep)]
struct Labelled {
    value: f64,
    label: String,
}

fn main() {}
