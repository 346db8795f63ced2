//! `ba`: bundle adjustment (ADBench). The reprojection error of one observation — a camera seeing
//! a point — and the weight error, as programs over small structs; the Jacobian is sparse, one
//! 2 × 15 block per observation (11 camera parameters, 3 point coordinates, the weight) and one
//! 1 × 1 block per weight, assembled in GradBench's layout (compressed rows, as `ba.hpp`'s
//! `SparseMat`). Each block is catad's [`jacobian`] of the observation's program in [`Reverse`]
//! mode (2 rows for 15 columns: two reverse passes).

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::prelude::*;
use catad::space::HasRep;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Instant;

/// A point or direction in space.
#[derive(Clone, Debug, PartialEq, HasRep)]
pub struct Vec3 {
    /// First coordinate.
    pub x: f64,
    /// Second coordinate.
    pub y: f64,
    /// Third coordinate.
    pub z: f64,
}

/// A camera, its 11 parameters in GradBench's order.
#[derive(Clone, Debug, PartialEq, HasRep)]
pub struct Camera {
    /// The rotation, angle times axis (Rodrigues).
    pub rotation: Vec3,
    /// The camera's centre.
    pub center: Vec3,
    /// The focal length, in pixels.
    pub focal: f64,
    /// The principal point's first coordinate.
    pub u0: f64,
    /// The principal point's second coordinate.
    pub v0: f64,
    /// The first radial distortion parameter.
    pub k1: f64,
    /// The second radial distortion parameter.
    pub k2: f64,
}

impl Camera {
    /// The camera of GradBench's 11 numbers `[r1 r2 r3 C1 C2 C3 f u0 v0 k1 k2]`.
    ///
    /// ```
    /// use catad_gradbench::evals::ba::Camera;
    /// let c = Camera::from_slice(&[0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 500.0, 0.1, 0.2, 0.01, 0.02]);
    /// assert_eq!((c.center.z, c.focal, c.k2), (3.0, 500.0, 0.02));
    /// ```
    pub fn from_slice(c: &[f64]) -> Camera {
        Camera {
            rotation: vec3(&c[0..3]),
            center: vec3(&c[3..6]),
            focal: c[6],
            u0: c[7],
            v0: c[8],
            k1: c[9],
            k2: c[10],
        }
    }
}

/// The point of three coordinates.
fn vec3(c: &[f64]) -> Vec3 {
    Vec3 {
        x: c[0],
        y: c[1],
        z: c[2],
    }
}

/// `‖v‖²`.
#[catad::program]
pub fn sqsum(v: Vec3) -> f64 {
    v.x * v.x + v.y * v.y + v.z * v.z
}

/// `a × b`.
#[catad::program]
pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    Vec3 {
        x: a.y * b.z - a.z * b.y,
        y: a.z * b.x - a.x * b.z,
        z: a.x * b.y - a.y * b.x,
    }
}

/// `pt` rotated by the angle-axis `rot` (Rodrigues' formula, as Ceres evaluates it; at the zero
/// rotation, its first-order form `pt + rot × pt`).
#[catad::program]
pub fn rodrigues_rotate_point(rot: Vec3, pt: Vec3) -> Vec3 {
    let sqtheta = sqsum(rot);
    if sqtheta != 0.0 {
        let theta = sqtheta.sqrt();
        let costheta = theta.cos();
        let sintheta = theta.sin();
        let theta_inverse = 1.0 / theta;
        let w = Vec3 {
            x: rot.x * theta_inverse,
            y: rot.y * theta_inverse,
            z: rot.z * theta_inverse,
        };
        let w_cross_pt: Vec3 = cross(w, pt);
        let tmp = (w.x * pt.x + w.y * pt.y + w.z * pt.z) * (1.0 - costheta);
        Vec3 {
            x: pt.x * costheta + w_cross_pt.x * sintheta + w.x * tmp,
            y: pt.y * costheta + w_cross_pt.y * sintheta + w.y * tmp,
            z: pt.z * costheta + w_cross_pt.z * sintheta + w.z * tmp,
        }
    } else {
        let rot_cross_pt: Vec3 = cross(rot, pt);
        Vec3 {
            x: pt.x + rot_cross_pt.x,
            y: pt.y + rot_cross_pt.y,
            z: pt.z + rot_cross_pt.z,
        }
    }
}

/// The projection of the point `x` by the camera `cam`, in pixels: rotated into the camera's
/// frame, divided by its depth, distorted radially, scaled by the focal length and moved to the
/// principal point.
#[catad::program]
pub fn project(cam: Camera, x: Vec3) -> (f64, f64) {
    let c: Vec3 = cam.center;
    let xo = Vec3 {
        x: x.x - c.x,
        y: x.y - c.y,
        z: x.z - c.z,
    };
    let xcam: Vec3 = rodrigues_rotate_point(cam.rotation, xo);
    let p0 = xcam.x / xcam.z;
    let p1 = xcam.y / xcam.z;
    let rsq = p0 * p0 + p1 * p1;
    let l = 1.0 + cam.k1 * rsq + cam.k2 * rsq * rsq;
    (p0 * l * cam.focal + cam.u0, p1 * l * cam.focal + cam.v0)
}

/// The weighted reprojection error of an observation: `w (project(cam, x) − feat)`.
#[catad::program]
pub fn reproj_error(cam: Camera, x: Vec3, w: f64, feat: (f64, f64)) -> (f64, f64) {
    let proj = project(cam, x);
    (w * (proj.0 - feat.0), w * (proj.1 - feat.1))
}

/// The weight error, `1 − w²`.
#[catad::program]
pub fn w_error(w: f64) -> f64 {
    1.0 - w * w
}

/// The eval's input: one camera, point, weight and feature, each to be repeated (`n` cameras,
/// `m` points, `p` observations, as `ba.hpp` expands them).
#[derive(Clone, Debug, Deserialize)]
struct Input {
    n: usize,
    m: usize,
    p: usize,
    cam: Vec<f64>,
    x: Vec<f64>,
    w: f64,
    feat: Vec<f64>,
}

/// The problem as `ba.hpp` expands it: `n` cameras, `m` points, `p` weights, features and
/// observations (camera `i mod n` sees point `i mod m`).
struct Problem {
    cams: Vec<Camera>,
    points: Vec<Vec3>,
    weights: Vec<f64>,
    feats: Vec<(f64, f64)>,
    obs: Vec<(usize, usize)>,
}

impl Problem {
    fn expand(input: &Input) -> Result<Problem, String> {
        if input.cam.len() != 11 || input.x.len() != 3 || input.feat.len() != 2 {
            return Err(format!(
                "ba: a camera has 11 parameters, a point 3 and a feature 2, not {}, {} and {}",
                input.cam.len(),
                input.x.len(),
                input.feat.len()
            ));
        }
        if input.n == 0 || input.m == 0 {
            return Err("ba: there must be a camera and a point".to_string());
        }
        Ok(Problem {
            cams: vec![Camera::from_slice(&input.cam); input.n],
            points: vec![vec3(&input.x); input.m],
            weights: vec![input.w; input.p],
            feats: vec![(input.feat[0], input.feat[1]); input.p],
            obs: (0..input.p).map(|i| (i % input.n, i % input.m)).collect(),
        })
    }
}

/// The objective's output, as GradBench abbreviates it: the first reprojection error and its
/// count, the first weight error and its count.
#[derive(Serialize)]
struct Objective {
    reproj_error: Repeated2,
    w_err: Repeated1,
}

#[derive(Serialize)]
struct Repeated2 {
    elements: [f64; 2],
    repeated: usize,
}

#[derive(Serialize)]
struct Repeated1 {
    element: f64,
    repeated: usize,
}

/// The sparse Jacobian in compressed rows: `rows[i]..rows[i + 1]` are row `i`'s entries in `cols`
/// and `vals`.
#[derive(Debug, Default, PartialEq)]
struct SparseMat {
    rows: Vec<usize>,
    cols: Vec<usize>,
    vals: Vec<f64>,
}

/// The Jacobian as GradBench abbreviates it: the first 30 entries of each list and the last.
#[derive(Serialize)]
struct Abbreviated {
    rows: Vec<usize>,
    cols: Vec<usize>,
    vals: Vec<f64>,
}

/// The first 30 elements of `v` and its last.
fn abbreviated<T: Copy>(v: &[T]) -> Vec<T> {
    v.iter().take(30).chain(v.last()).copied().collect()
}

/// The number of columns of an observation's block: camera, point, weight.
const BLOCK: usize = 11 + 3 + 1;

/// `objective` (the errors) or `jacobian` (their sparse Jacobian) at `input`.
///
/// ```
/// use catad_gradbench::evals::ba;
/// let input = serde_json::json!({
///     "n": 2, "m": 3, "p": 4,
///     "cam": [0.1, 0.2, 0.3, 1.0, 2.0, 3.0, 500.0, 0.1, 0.2, 0.01, 0.02],
///     "x": [0.5, 0.4, 10.0], "w": 0.9, "feat": [1.0, 2.0],
/// });
/// let o = ba::evaluate("objective", input.clone()).unwrap().output;
/// assert_eq!(o["w_err"]["repeated"], 4);
/// let j = ba::evaluate("jacobian", input).unwrap().output;
/// assert_eq!(j["rows"][1], 15);
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let input: Input = parse("ba", input)?;
    let start = Instant::now();
    let problem = Problem::expand(&input)?;
    match function {
        "objective" => {
            let reproj = reproj_error::<Fun>();
            let weight = w_error::<Fun>();
            measure(runs, start.elapsed(), || {
                let errors = observations(&problem)
                    .map(|a| reproj.apply(a))
                    .collect::<Vec<_>>();
                let w_errors = problem
                    .weights
                    .iter()
                    .map(|&w| weight.apply(w))
                    .collect::<Vec<_>>();
                let (first, first_w) = (errors[0], w_errors[0]);
                Objective {
                    reproj_error: Repeated2 {
                        elements: [first.0, first.1],
                        repeated: errors.len(),
                    },
                    w_err: Repeated1 {
                        element: first_w,
                        repeated: w_errors.len(),
                    },
                }
            })
        }
        "jacobian" => {
            let reproj = reproj_error::<Reverse>();
            let weight = w_error::<Forward>();
            measure(runs, start.elapsed(), || {
                let j = sparse_jacobian(&problem, &input, &reproj, &weight);
                Abbreviated {
                    rows: abbreviated(&j.rows),
                    cols: abbreviated(&j.cols),
                    vals: abbreviated(&j.vals),
                }
            })
        }
        _ => Err(no_function("ba", function)),
    }
}

/// Each observation's arguments to [`reproj_error`].
fn observations(
    problem: &Problem,
) -> impl Iterator<Item = (((Camera, Vec3), f64), (f64, f64))> + '_ {
    problem.obs.iter().enumerate().map(|(i, &(c, p))| {
        (
            (
                (problem.cams[c].clone(), problem.points[p].clone()),
                problem.weights[i],
            ),
            problem.feats[i],
        )
    })
}

/// The Jacobian of all the errors with respect to the cameras, the points and the weights, in
/// `ba.hpp`'s layout: for each observation its two rows (the camera's 11 columns, the point's 3,
/// the weight's 1), then one row per weight error.
fn sparse_jacobian(
    problem: &Problem,
    input: &Input,
    reproj: &Hom<Reverse, (((Camera, Vec3), f64), (f64, f64)), (f64, f64)>,
    weight: &Hom<Forward, f64, f64>,
) -> SparseMat {
    let (n, m, p) = (input.n, input.m, input.p);
    let mut j = SparseMat {
        rows: Vec::with_capacity(3 * p + 1),
        cols: Vec::with_capacity(2 * BLOCK * p + p),
        vals: Vec::with_capacity(2 * BLOCK * p + p),
    };
    j.rows.push(0);
    for (i, a) in observations(problem).enumerate() {
        let (cam, pt) = problem.obs[i];
        let block = jacobian(reproj, a);
        for row in 0..2 {
            let last = *j.rows.last().unwrap();
            j.rows.push(last + BLOCK);
            let columns = (0..11)
                .map(|k| 11 * cam + k)
                .chain((0..3).map(|k| 11 * n + 3 * pt + k))
                .chain(std::iter::once(11 * n + 3 * m + i));
            for (k, column) in columns.enumerate() {
                j.cols.push(column);
                j.vals.push(block[(row, k)]);
            }
        }
    }
    for (i, &w) in problem.weights.iter().enumerate() {
        let last = *j.rows.last().unwrap();
        j.rows.push(last + 1);
        j.cols.push(11 * n + 3 * m + i);
        j.vals.push(derivative(weight, w));
    }
    j
}
