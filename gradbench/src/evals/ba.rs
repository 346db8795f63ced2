//! `ba`: bundle adjustment (ADBench). The reprojection error of one observation — a camera seeing
//! a point — and the weight error, as programs generic in their scalar over small arrays (the
//! camera's rotation, centre and intrinsics, the point, the feature); the Jacobian is sparse, one
//! 2 × 15 block per observation (11 camera parameters, 3 point coordinates, the weight) and one
//! 1 × 1 block per weight, assembled in GradBench's layout (compressed rows, as `ba.hpp`'s
//! `SparseMat`).
//!
//! Both functions are *staged* ([`catad::staged`]): each program is recorded once over the
//! symbolic scalar [`Sym`] in [`Reverse`] mode — the objective's tape holds the errors, the
//! Jacobian's the block's entries from two reverse sweeps (2 rows for 17 columns, the feature's
//! two unused) — and the tape is evaluated at every observation, in lanes of observations (each
//! operation run for a batch of them at once, [`Tape::eval_lanes`]), allocating nothing per
//! observation. The recording happens before the timed runs (a first, untimed run); a tape is
//! recorded again where an observation takes the other branch of [`rodrigues_rotate_point`] (a
//! zero rotation), which GradBench's inputs, one camera and point repeated, never do.

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::prelude::*;
use catad::staged::{Lanes, Sym, Tape, Workspace, compile};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Instant;

/// `‖v‖²`.
#[catad::program]
pub fn sqsum<S: Scalar>(v: [S; 3]) -> S {
    v[0] * v[0] + v[1] * v[1] + v[2] * v[2]
}

/// `a × b`, as the pair `(x, (y, z))`.
#[catad::program]
pub fn cross<S: Scalar>(a: [S; 3], b: [S; 3]) -> (S, (S, S)) {
    (
        a[1] * b[2] - a[2] * b[1],
        (a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]),
    )
}

/// `pt` rotated by the angle-axis `rot` (Rodrigues' formula, as Ceres evaluates it; at the zero
/// rotation, its first-order form `pt + rot × pt`), as the pair `(x, (y, z))`.
#[catad::program]
pub fn rodrigues_rotate_point<S: Scalar>(rot: [S; 3], pt: [S; 3]) -> (S, (S, S)) {
    let sqtheta = sqsum(rot);
    if sqtheta != 0.0 {
        let theta = sqtheta.sqrt();
        let costheta = theta.cos();
        let sintheta = theta.sin();
        let theta_inverse = 1.0 / theta;
        let w = rot.map(|r| r * theta_inverse);
        let (c0, (c1, c2)) = cross(w, pt);
        let tmp = (w[0] * pt[0] + w[1] * pt[1] + w[2] * pt[2]) * (1.0 - costheta);
        (
            pt[0] * costheta + c0 * sintheta + w[0] * tmp,
            (
                pt[1] * costheta + c1 * sintheta + w[1] * tmp,
                pt[2] * costheta + c2 * sintheta + w[2] * tmp,
            ),
        )
    } else {
        let (c0, (c1, c2)) = cross(rot, pt);
        (pt[0] + c0, (pt[1] + c1, pt[2] + c2))
    }
}

/// The projection of the point `x` by the camera of rotation `rot`, centre `center` and
/// `intrinsics` (focal length, principal point, two radial distortion parameters), in pixels:
/// rotated into the camera's frame, divided by its depth, distorted radially, scaled by the focal
/// length and moved to the principal point.
#[catad::program]
pub fn project<S: Scalar>(rot: [S; 3], center: [S; 3], intrinsics: [S; 5], x: [S; 3]) -> (S, S) {
    let xo = x.zip_with(center, |xi, ci| xi - ci);
    let (x0, (x1, x2)) = rodrigues_rotate_point(rot, xo);
    let p0 = x0 / x2;
    let p1 = x1 / x2;
    let rsq = p0 * p0 + p1 * p1;
    let l = 1.0 + intrinsics[3] * rsq + intrinsics[4] * rsq * rsq;
    (
        p0 * l * intrinsics[0] + intrinsics[1],
        p1 * l * intrinsics[0] + intrinsics[2],
    )
}

/// The weighted reprojection error of an observation: `w (project(cam, x) − feat)`, the camera
/// given by its 11 parameters in GradBench's order `[r1 r2 r3 C1 C2 C3 f u0 v0 k1 k2]`, split in
/// three.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ba::reproj_error;
/// // The identity camera of focal length 2 sees (1, 2, 4) at (0.5, 1), 0.5 and 1 from the feature.
/// let at = ([0.0; 3], [0.0; 3], [2.0, 0.0, 0.0, 0.0, 0.0], [1.0, 2.0, 4.0], 2.0, [0.0, 0.0]);
/// assert_eq!(reproj_error::<Fun, f64>().apply(at), (1.0, 2.0));
/// ```
#[catad::program]
pub fn reproj_error<S: Scalar>(
    rot: [S; 3],
    center: [S; 3],
    intrinsics: [S; 5],
    x: [S; 3],
    w: S,
    feat: [S; 2],
) -> (S, S) {
    let (u, v) = project(rot, center, intrinsics, x);
    (w * (u - feat[0]), w * (v - feat[1]))
}

/// The weight error, `1 − w²`.
#[catad::program]
pub fn w_error<S: Scalar>(w: S) -> S {
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
    cams: Vec<[f64; 11]>,
    points: Vec<[f64; 3]>,
    weights: Vec<f64>,
    feats: Vec<[f64; 2]>,
    obs: Vec<(usize, usize)>,
}

/// The arguments of [`reproj_error`]: the camera's rotation, centre and intrinsics, the point, the
/// weight, the feature.
type Observation = ([f64; 3], [f64; 3], [f64; 5], [f64; 3], f64, [f64; 2]);

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
        if input.n == 0 || input.m == 0 || input.p == 0 {
            return Err("ba: there must be a camera, a point and an observation".to_string());
        }
        let array = |v: &[f64]| <[f64; 11]>::try_from(v).ok();
        Ok(Problem {
            cams: vec![array(&input.cam).expect("checked: 11 parameters"); input.n],
            points: vec![[input.x[0], input.x[1], input.x[2]]; input.m],
            weights: vec![input.w; input.p],
            feats: vec![[input.feat[0], input.feat[1]]; input.p],
            obs: (0..input.p).map(|i| (i % input.n, i % input.m)).collect(),
        })
    }

    /// Observation `i`'s arguments to [`reproj_error`].
    fn observation(&self, i: usize) -> Observation {
        let (cam, x) = (&self.cams[self.obs[i].0], self.points[self.obs[i].1]);
        let part = |range: std::ops::Range<usize>| cam[range].to_vec();
        let (rot, center, intrinsics) = (part(0..3), part(3..6), part(6..11));
        (
            rot.try_into().expect("3"),
            center.try_into().expect("3"),
            intrinsics.try_into().expect("5"),
            x,
            self.weights[i],
            self.feats[i],
        )
    }

    /// Observation `i`'s arguments to [`reproj_error`] as a tape's coordinates, in order, into
    /// `a` (17 coordinates: the camera's 11, the point's 3, the weight, the feature's 2).
    fn coordinates(&self, i: usize, a: &mut [f64]) {
        let (cam, x) = (self.obs[i].0, self.obs[i].1);
        a[..11].copy_from_slice(&self.cams[cam]);
        a[11..14].copy_from_slice(&self.points[x]);
        a[14] = self.weights[i];
        a[15..].copy_from_slice(&self.feats[i]);
    }
}

/// A staged program's tape, evaluated at one point after another: recorded at the first, and
/// again wherever the program takes another branch than where its tape was recorded (a zero
/// rotation in [`rodrigues_rotate_point`]).
struct Tapes<F> {
    record: F,
    tape: Option<(Tape, Workspace, Lanes)>,
}

impl<F: Fn(usize) -> Tape> Tapes<F> {
    /// Tapes recorded by `record` at the index of a point.
    fn new(record: F) -> Self {
        Tapes { record, tape: None }
    }

    /// The tape's outputs at point `i`, of coordinates `input`.
    fn eval(&mut self, i: usize, input: &[f64], out: &mut [f64]) {
        if let Some((tape, workspace, _)) = &mut self.tape
            && tape.eval(input, workspace, out).is_ok()
        {
            return;
        }
        let (tape, workspace, _) = self.record(i);
        tape.eval(input, workspace, out)
            .expect("a tape computes the program where it was recorded");
    }

    /// The tape recorded at point `i`, with its workspace and lanes.
    fn record(&mut self, i: usize) -> &mut (Tape, Workspace, Lanes) {
        let tape = (self.record)(i);
        let (workspace, lanes) = (tape.workspace(), tape.lanes(tape.lane_width()));
        self.tape.insert((tape, workspace, lanes))
    }

    /// The tape's outputs at every point of `0..count`, handed to `each` in order with the
    /// point's index; `coordinates(i, x)` writes point `i`'s coordinates into `x`. The points are
    /// evaluated in lanes ([`Tape::eval_lanes`]), a batch at a time; a batch where the tape takes
    /// another branch, one point at a time (recording again where it must).
    fn eval_each(
        &mut self,
        count: usize,
        coordinates: impl Fn(usize, &mut [f64]),
        mut each: impl FnMut(usize, &[f64]),
    ) {
        let (mut input, mut output) = (Vec::new(), Vec::new());
        let mut start = 0;
        while start < count {
            let (tape, _, lanes) = match &mut self.tape {
                Some(tape) => tape,
                None => self.record(start),
            };
            let (n, m) = (tape.inputs(), tape.outputs());
            let end = count.min(start + lanes.width());
            input.resize((end - start) * n, 0.0);
            output.resize((end - start) * m, 0.0);
            for (k, x) in input.chunks_mut(n).enumerate() {
                coordinates(start + k, x);
            }
            if tape.eval_lanes(&input, lanes, &mut output).is_err() {
                for (k, (x, y)) in input.chunks(n).zip(output.chunks_mut(m)).enumerate() {
                    self.eval(start + k, x, y);
                }
            }
            for (k, y) in output.chunks(m).enumerate() {
                each(start + k, y);
            }
            start = end;
        }
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
///
/// // At the zero rotation, Rodrigues' other branch, the staged block is catad's direct Jacobian.
/// use catad::prelude::*;
/// let cam = [0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 500.0, 0.1, 0.2, 0.01, 0.02];
/// let input = serde_json::json!({
///     "n": 1, "m": 1, "p": 1, "cam": cam, "x": [0.5, 0.4, 10.0], "w": 0.9, "feat": [1.0, 2.0],
/// });
/// let vals = ba::evaluate("jacobian", input).unwrap().output["vals"].clone();
/// let (rot, center, intrinsics) = ([0.0; 3], [1.0, 2.0, 3.0], [500.0, 0.1, 0.2, 0.01, 0.02]);
/// let at = (rot, center, intrinsics, [0.5, 0.4, 10.0], 0.9, [1.0, 2.0]);
/// let direct = jacobian(&ba::reproj_error::<Reverse, f64>(), at);
/// for row in 0..2 {
///     for k in 0..15 {
///         let (staged, direct) = (vals[15 * row + k].as_f64().unwrap(), direct[(row, k)]);
///         assert!((staged - direct).abs() <= 1e-12 * direct.abs().max(1.0), "{row}, {k}");
///     }
/// }
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let input: Input = parse("ba", input)?;
    let start = Instant::now();
    let problem = Problem::expand(&input)?;
    let reproj = compile(&reproj_error::<Reverse, Sym>());
    let weight = compile(&w_error::<Reverse, Sym>());
    match function {
        "objective" => {
            let mut errors = Tapes::new(|i| reproj.apply_tape(&problem.observation(i)));
            let mut w_errors = Tapes::new(|i| weight.apply_tape(&problem.weights[i]));
            let mut objective = || {
                let mut reprojected = Vec::with_capacity(input.p);
                let observation = |i, x: &mut [f64]| problem.coordinates(i, x);
                errors.eval_each(input.p, observation, |_, e| reprojected.push([e[0], e[1]]));
                let mut weighted = Vec::with_capacity(input.p);
                let weight = |i, x: &mut [f64]| x[0] = problem.weights[i];
                w_errors.eval_each(input.p, weight, |_, e| weighted.push(e[0]));
                let (errors, w_errors) = (reprojected, weighted);
                Objective {
                    reproj_error: Repeated2 {
                        elements: errors[0],
                        repeated: errors.len(),
                    },
                    w_err: Repeated1 {
                        element: w_errors[0],
                        repeated: w_errors.len(),
                    },
                }
            };
            objective();
            measure(runs, start.elapsed(), objective)
        }
        "jacobian" => {
            let mut blocks = Tapes::new(|i| reproj.jacobian_tape(&problem.observation(i)));
            let mut slopes = Tapes::new(|i| weight.gradient_tape(&problem.weights[i]));
            let mut jacobian = || {
                let j = sparse_jacobian(&problem, &input, &mut blocks, &mut slopes);
                Abbreviated {
                    rows: abbreviated(&j.rows),
                    cols: abbreviated(&j.cols),
                    vals: abbreviated(&j.vals),
                }
            };
            jacobian();
            measure(runs, start.elapsed(), jacobian)
        }
        _ => Err(no_function("ba", function)),
    }
}

/// The Jacobian of all the errors with respect to the cameras, the points and the weights, in
/// `ba.hpp`'s layout: for each observation its two rows (the camera's 11 columns, the point's 3,
/// the weight's 1), then one row per weight error. `blocks` are tapes of [`reproj_error`]'s
/// Jacobian (its entries column by column, the feature's two columns last), `slopes` of
/// [`w_error`]'s value and derivative.
fn sparse_jacobian(
    problem: &Problem,
    input: &Input,
    blocks: &mut Tapes<impl Fn(usize) -> Tape>,
    slopes: &mut Tapes<impl Fn(usize) -> Tape>,
) -> SparseMat {
    let (n, m, p) = (input.n, input.m, input.p);
    let mut j = SparseMat {
        rows: Vec::with_capacity(3 * p + 1),
        cols: Vec::with_capacity(2 * BLOCK * p + p),
        vals: Vec::with_capacity(2 * BLOCK * p + p),
    };
    j.rows.push(0);
    let observation = |i, x: &mut [f64]| problem.coordinates(i, x);
    blocks.eval_each(p, observation, |i, block| {
        let (cam, pt) = problem.obs[i];
        for row in 0..2 {
            let last = *j.rows.last().unwrap();
            j.rows.push(last + BLOCK);
            let columns = (0..11)
                .map(|k| 11 * cam + k)
                .chain((0..3).map(|k| 11 * n + 3 * pt + k))
                .chain(std::iter::once(11 * n + 3 * m + i));
            for (k, column) in columns.enumerate() {
                j.cols.push(column);
                j.vals.push(block[2 * k + row]);
            }
        }
    });
    let weight = |i, x: &mut [f64]| x[0] = problem.weights[i];
    slopes.eval_each(p, weight, |i, slope| {
        let last = *j.rows.last().unwrap();
        j.rows.push(last + 1);
        j.cols.push(11 * n + 3 * m + i);
        j.vals.push(slope[1]);
    });
    j
}
