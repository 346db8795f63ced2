#[catad::program]
fn no_state(x: f64) -> f64 {
    let y = x;
    for i in 0..3 {
        let z = y * 2.0;
    }
    y
}

#[catad::program]
fn breaking(xs: Vec<f64>) -> f64 {
    let mut s = 0.0;
    for x in xs.iter() {
        if *x > 1.0 {
            break;
        }
        s += x;
    }
    s
}

#[catad::program]
fn returning(xs: Vec<f64>) -> f64 {
    let mut s = 0.0;
    for x in xs.iter() {
        s += x;
        return s;
    }
    s
}

#[catad::program]
fn element_assigned(xs: Vec<f64>) -> Vec<f64> {
    let mut ys = xs;
    for i in 0..ys.len() {
        ys[i] = 2.0 * ys[i];
    }
    ys
}

#[catad::program]
fn not_mut(xs: Vec<f64>) -> f64 {
    let s = 0.0;
    for x in xs.iter() {
        s += x;
    }
    s
}

#[catad::program]
fn over_an_array(v: [f64; 3]) -> f64 {
    let mut s = 0.0;
    for x in v {
        s += x;
    }
    s
}

#[catad::program]
fn retyped(x: f64) -> f64 {
    let mut s = 0.0;
    while s < x {
        s = (s, s);
    }
    s
}

#[catad::program]
fn loop_as_value(x: f64) -> f64 {
    let mut s = x;
    let y = while s < 1.0 {
        s += 1.0;
    };
    s
}

#[catad::program]
fn forever(x: f64) -> f64 {
    loop {
        x;
    }
}

fn main() {}
