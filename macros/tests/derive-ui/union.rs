#[derive(catad::space::HasRep)]
union Bits {
    float: f64,
    int: u64,
}

fn main() {}
