#[derive(Clone, Debug, catad::space::HasRep)]
enum Shape {
    Circle(f64),
    Square(f64),
}

fn main() {}
