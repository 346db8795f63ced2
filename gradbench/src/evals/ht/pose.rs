//! The posed bones (`get_posed_relatives`, `relatives_to_absolutes` and the bone transforms of
//! `get_skinned_vertex_positions`) and, where asked, their derivatives with respect to `theta`.
//!
//! Each bone's steps are catad programs ([`posed_relative`], [`mat_mul`]); a bone's derivative is
//! assembled by the chain rule from their Jacobians, which catad computes: a relative's
//! derivative is its Jacobian in the Euler angles, each angle a component of `theta` or none; an
//! absolute's is its product's Jacobian in the parent's absolute times the parent's derivative
//! plus its Jacobian in the relative times the relative's; a transform's is its product's
//! Jacobian in the absolute times the absolute's. Each derivative is a row-major 16 × 26 matrix.

use super::programs::{Mat4, mat_mul, posed_relative};
use super::{Model, run};
use catad::term::Syn;
use nalgebra::DMatrix;

/// The number of pose parameters: the global rotation and translation, and 4 for each finger.
pub const THETA: usize = 26;

/// The bones' transforms, row-major, and their derivatives with respect to `theta` (empty unless
/// asked for).
#[derive(Debug)]
pub struct Bones {
    /// Each bone's transform.
    pub transforms: Vec<[f64; 16]>,
    /// Each bone's transform's derivative, 16 × 26 row-major.
    pub derivatives: Vec<Vec<f64>>,
}

/// The 16 entries of a program's 4 × 4 result, row-major.
fn entries(m: Mat4) -> [f64; 16] {
    let rows = [m.0, m.1, m.2, m.3];
    std::array::from_fn(|k| {
        let r = rows[k / 4];
        [r.0, r.1, r.2, r.3][k % 4]
    })
}

/// The component of `theta` that is each bone's each Euler angle (`to_pose_params`): pose column
/// `b + 3` is bone `b`'s; finger `f`'s columns `5 + 4f + i` (`i` < 3) take one parameter as
/// their first angle, and the first of them a second as its second angle.
fn euler_sources(bones: usize) -> Vec<[Option<usize>; 3]> {
    let mut sources = vec![[None; 3]; bones];
    let mut next = 6;
    for finger in 0..5 {
        for i in 0..3 {
            let bone = 5 + 4 * finger + i - 3;
            sources[bone][0] = Some(next);
            next += 1;
            if i == 0 {
                sources[bone][1] = Some(next);
                next += 1;
            }
        }
    }
    sources
}

/// `out += J[.., col..col + 16] d`, `J`'s rows the rows of `out` and `d` 16 × 26.
fn chain(j: &DMatrix<f64>, col: usize, d: &[f64], out: &mut [f64]) {
    for r in 0..j.nrows() {
        for k in 0..16 {
            let a = j[(r, col + k)];
            if a != 0.0 {
                let (row, dk) = (&mut out[r * THETA..][..THETA], &d[k * THETA..][..THETA]);
                row.iter_mut().zip(dk).for_each(|(o, x)| *o += a * x);
            }
        }
    }
}

/// The bones of `model` posed by `theta` (of [`THETA`] components), with their derivatives if
/// `derivatives`.
pub fn pose(model: &Model, theta: &[f64], derivatives: bool) -> Bones {
    let (relative, product) = (posed_relative::<Syn>(), mat_mul::<Syn>());
    let sources = euler_sources(model.parents.len());
    let mut absolutes: Vec<([f64; 16], Vec<f64>)> = Vec::with_capacity(sources.len());
    let mut bones = Bones {
        transforms: Vec::with_capacity(sources.len()),
        derivatives: Vec::new(),
    };
    for (b, source) in sources.iter().enumerate() {
        let xzy = source.map(|s| s.map_or(0.0, |s| theta[s]));
        let base = model.base_relatives[b];
        let (rel, j) = run(&relative, (base, xzy), derivatives);
        let rel = entries(rel);
        let mut d_rel = Vec::new();
        if let Some(j) = j {
            d_rel = vec![0.0; 16 * THETA];
            for r in 0..16 {
                for (k, s) in source.iter().enumerate() {
                    if let Some(s) = s {
                        d_rel[r * THETA + s] += j[(r, 16 + k)];
                    }
                }
            }
        }
        let absolute = match usize::try_from(model.parents[b]) {
            Err(_) => (rel, d_rel),
            Ok(p) => {
                let parent = &absolutes[p];
                let (value, j) = run(&product, (parent.0, rel), derivatives);
                let mut d = Vec::new();
                if let Some(j) = j {
                    d = vec![0.0; 16 * THETA];
                    chain(&j, 0, &parent.1, &mut d);
                    chain(&j, 16, &d_rel, &mut d);
                }
                (entries(value), d)
            }
        };
        let inverse = model.inverse_base_absolutes[b];
        let (transform, j) = run(&product, (absolute.0, inverse), derivatives);
        bones.transforms.push(entries(transform));
        if let Some(j) = j {
            let mut d = vec![0.0; 16 * THETA];
            chain(&j, 0, &absolute.1, &mut d);
            bones.derivatives.push(d);
        }
        absolutes.push(absolute);
    }
    bones
}
