//! Gradient descent as GradBench's `saddle` and `particle` evals run it (after Siskind and
//! Pearlmutter; the reference tools' `GD.hs`): from `x`, a step `x − η ∇f(x)` is taken where it
//! lowers `f`; `η` starts at 1e-5, doubles after ten steps taken in a row and halves after one
//! refused; the descent stops where the gradient or the step is at most 1e-5 long.
//!
//! This is the outermost optimisation, run on values: what it minimises and the gradient it
//! follows are catad programs (with derivatives nested inside them). The optimisations that are
//! themselves differentiated are written as programs (see `saddle`'s inner `argmax`).

/// The length below which a gradient or a step ends the descent.
pub const TOLERANCE: f64 = 1e-5;

/// The first step size.
pub const FIRST_STEP: f64 = 1e-5;

/// A local minimum of `f`, whose gradient is `g`, by gradient descent from `x`.
///
/// ```
/// use catad_gradbench::evals::descent::argmin;
/// // (x − 3)² has its minimum at 3.
/// let x = argmin(|x| (x[0] - 3.0).powi(2), |x| vec![2.0 * (x[0] - 3.0)], &[0.0]);
/// assert!((x[0] - 3.0).abs() < 1e-4);
/// ```
pub fn argmin(f: impl Fn(&[f64]) -> f64, g: impl Fn(&[f64]) -> Vec<f64>, x: &[f64]) -> Vec<f64> {
    let (mut x, mut fx, mut gx) = (x.to_vec(), f(x), g(x));
    let (mut eta, mut taken) = (FIRST_STEP, 0);
    loop {
        if norm(gx.iter().copied()) <= TOLERANCE {
            return x;
        }
        if taken == 10 {
            (eta, taken) = (2.0 * eta, 0);
            continue;
        }
        let next: Vec<f64> = x.iter().zip(&gx).map(|(x, g)| x - eta * g).collect();
        if norm(x.iter().zip(&next).map(|(a, b)| a - b)) <= TOLERANCE {
            return x;
        }
        let f_next = f(&next);
        if f_next < fx {
            gx = g(&next);
            (x, fx, taken) = (next, f_next, taken + 1);
        } else {
            (eta, taken) = (eta / 2.0, 0);
        }
    }
}

/// A local maximum of `f`, whose gradient is `g`, by gradient descent on `−f` from `x`.
///
/// ```
/// use catad_gradbench::evals::descent::argmax;
/// let x = argmax(|x| -(x[0] + 1.0).powi(2), |x| vec![-2.0 * (x[0] + 1.0)], &[0.0]);
/// assert!((x[0] + 1.0).abs() < 1e-4);
/// ```
pub fn argmax(f: impl Fn(&[f64]) -> f64, g: impl Fn(&[f64]) -> Vec<f64>, x: &[f64]) -> Vec<f64> {
    argmin(|x| -f(x), |x| g(x).into_iter().map(|d| -d).collect(), x)
}

/// The Euclidean length of a vector.
fn norm(v: impl Iterator<Item = f64>) -> f64 {
    v.map(|x| x * x).sum::<f64>().sqrt()
}
