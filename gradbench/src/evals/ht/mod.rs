//! `ht`: hand tracking (ADBench). A hand model's bones are posed by `theta` (a global rotation
//! and translation, and four angles per finger), its vertices skinned by the posed bones,
//! mirrored if the model is, rotated and moved globally; the objective is each correspondence's
//! point minus its vertex (the simple case, `us` empty) or minus the point of its triangle at its
//! barycentric coordinates `us` (the complicated case), 3 residuals per correspondence. The
//! Jacobian is with respect to `theta` (26 columns) and, in the complicated case, first the
//! correspondence's own two coordinates (28 columns), as the reference `ht.hpp` lays it out.
//!
//! The math is small catad programs, each a term ([`programs`]): a bone's posed relative
//! transform, a transforms' product, a bone's share of a vertex, a triangle's point, a residual.
//! Each runs and is differentiated as its term ([`Term::apply`](catad::term::Term::apply),
//! [`Term::value_and_jacobian`](catad::term::Term::value_and_jacobian): catad's reverse
//! derivative of the term), and
//! the Jacobians are chained in plain Rust: bone by bone ([`pose`]), vertex by vertex ([`skin`])
//! and correspondence by correspondence here.

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::prelude::Space;
use catad::term::{Syn, Term};
use nalgebra::DMatrix;
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

pub mod pose;
pub mod programs;
pub mod skin;

use pose::{THETA, pose};
use programs::{interpolated, residual};
use skin::{Vertex, skin};

/// `f` at `a`, and its Jacobian there if `derivatives`: both from one run of the program
/// ([`Term::value_and_jacobian`]).
fn run<A: Space<f64>, B: Space<f64>>(
    f: &Term<A, B>,
    a: A,
    derivatives: bool,
) -> (B, Option<DMatrix<f64>>) {
    if derivatives {
        let (value, j) = f.value_and_jacobian(a);
        (value, Some(j))
    } else {
        (f.apply(a), None)
    }
}

/// The eval's input, as it comes.
#[derive(Deserialize)]
struct Input {
    theta: Vec<f64>,
    data: Data,
    us: Vec<Vec<f64>>,
}

#[derive(Deserialize)]
struct Data {
    model: RawModel,
    correspondences: Vec<usize>,
    points: Vec<Vec<f64>>,
}

#[derive(Deserialize)]
struct RawModel {
    bone_names: Vec<String>,
    parents: Vec<i64>,
    base_relatives: Vec<Vec<Vec<f64>>>,
    inverse_base_absolutes: Vec<Vec<Vec<f64>>>,
    base_positions: Vec<Vec<f64>>,
    weights: Vec<Vec<f64>>,
    triangles: Vec<Vec<usize>>,
    is_mirrored: bool,
}

/// The hand model, checked: each bone's parent (−1 for none, else an earlier bone), base
/// relative and inverse base absolute transforms (row-major), each vertex's homogeneous base
/// position and weight per bone, the triangles, and `mirror`, −1 if the model is mirrored.
#[derive(Debug)]
pub struct Model {
    /// Each bone's parent, −1 for none.
    pub parents: Vec<i64>,
    /// Each bone's base relative transform.
    pub base_relatives: Vec<[f64; 16]>,
    /// Each bone's inverse base absolute transform.
    pub inverse_base_absolutes: Vec<[f64; 16]>,
    /// Each vertex's homogeneous base position.
    pub base_positions: Vec<[f64; 4]>,
    /// Each vertex's weight per bone.
    pub weights: Vec<Vec<f64>>,
    /// The triangles' vertices.
    pub triangles: Vec<[usize; 3]>,
    /// −1 if the model is mirrored, else 1.
    pub mirror: f64,
}

/// The problem, checked: the pose, the model, each correspondence's vertex (simple) or triangle
/// (complicated), point and, in the complicated case, barycentric coordinates.
struct Problem {
    theta: Vec<f64>,
    model: Model,
    correspondences: Vec<usize>,
    points: Vec<[f64; 3]>,
    us: Vec<[f64; 2]>,
}

/// The bone count the fingers' parameters need: pose columns up to 23, bone 20's.
const BONES: usize = 21;

/// `v` as an array of `N`, or an error naming `what` and both sizes.
fn array<const N: usize>(v: &[f64], what: impl Fn() -> String) -> Result<[f64; N], String> {
    <[f64; N]>::try_from(v).map_err(|_| format!("ht: {} has {} entries, not {N}", what(), v.len()))
}

/// A 4 × 4 matrix given as rows, row-major.
fn transform(m: &[Vec<f64>], what: impl Fn() -> String) -> Result<[f64; 16], String> {
    if m.len() != 4 {
        return Err(format!("ht: {} has {} rows, not 4", what(), m.len()));
    }
    let mut out = [0.0; 16];
    for (i, row) in m.iter().enumerate() {
        let row: [f64; 4] = array(row, || format!("row {i} of {}", what()))?;
        out[4 * i..4 * i + 4].copy_from_slice(&row);
    }
    Ok(out)
}

impl Problem {
    fn check(input: Input) -> Result<Problem, String> {
        let theta = input.theta;
        if theta.len() != THETA {
            return Err(format!(
                "ht: theta has {} entries, not {THETA}",
                theta.len()
            ));
        }
        let m = input.data.model;
        let bones = m.bone_names.len();
        if bones < BONES {
            return Err(format!(
                "ht: the model has {bones} bones, not at least {BONES}"
            ));
        }
        for (what, n) in [
            ("parents", m.parents.len()),
            ("base_relatives", m.base_relatives.len()),
            ("inverse_base_absolutes", m.inverse_base_absolutes.len()),
        ] {
            if n != bones {
                return Err(format!(
                    "ht: {what} has {n} entries, not {bones} (the bones)"
                ));
            }
        }
        for (b, &p) in m.parents.iter().enumerate() {
            if p < -1 || p >= b as i64 {
                return Err(format!(
                    "ht: bone {b}'s parent is {p}, not -1 or a bone before it"
                ));
            }
        }
        let base_relatives = (m.base_relatives.iter().enumerate())
            .map(|(b, t)| transform(t, || format!("base_relatives[{b}]")))
            .collect::<Result<_, _>>()?;
        let inverse_base_absolutes = (m.inverse_base_absolutes.iter().enumerate())
            .map(|(b, t)| transform(t, || format!("inverse_base_absolutes[{b}]")))
            .collect::<Result<_, _>>()?;
        let vertices = m.base_positions.len();
        let base_positions = (m.base_positions.iter().enumerate())
            .map(|(v, p)| array(p, || format!("base_positions[{v}]")))
            .collect::<Result<_, _>>()?;
        if m.weights.len() != vertices {
            let n = m.weights.len();
            return Err(format!(
                "ht: weights has {n} rows, not {vertices} (the vertices)"
            ));
        }
        if let Some((v, w)) = m.weights.iter().enumerate().find(|(_, w)| w.len() != bones) {
            let n = w.len();
            return Err(format!(
                "ht: weights[{v}] has {n} entries, not {bones} (the bones)"
            ));
        }
        let mut triangles = Vec::with_capacity(m.triangles.len());
        for (t, tri) in m.triangles.iter().enumerate() {
            let tri = <[usize; 3]>::try_from(tri.as_slice())
                .map_err(|_| format!("ht: triangles[{t}] has {} entries, not 3", tri.len()))?;
            if let Some(v) = tri.iter().find(|&&v| v >= vertices) {
                return Err(format!(
                    "ht: triangles[{t}] has vertex {v}, not below {vertices}"
                ));
            }
            triangles.push(tri);
        }
        let (correspondences, points) = (input.data.correspondences, input.data.points);
        if correspondences.is_empty() || points.len() != correspondences.len() {
            return Err(format!(
                "ht: there are {} points and {} correspondences, not the same number above 0",
                points.len(),
                correspondences.len()
            ));
        }
        let points = (points.iter().enumerate())
            .map(|(i, p)| array(p, || format!("points[{i}]")))
            .collect::<Result<_, _>>()?;
        let us: Vec<[f64; 2]> = (input.us.iter().enumerate())
            .map(|(i, u)| array(u, || format!("us[{i}]")))
            .collect::<Result<_, _>>()?;
        if !us.is_empty() && us.len() != correspondences.len() {
            return Err(format!(
                "ht: us has {} entries, not 0 or {} (the correspondences)",
                us.len(),
                correspondences.len()
            ));
        }
        let (targets, what) = if us.is_empty() {
            (vertices, "vertices")
        } else {
            (triangles.len(), "triangles")
        };
        if let Some((i, c)) = correspondences
            .iter()
            .enumerate()
            .find(|(_, c)| **c >= targets)
        {
            return Err(format!(
                "ht: correspondence {i} is {c}, not below {targets} (the {what})"
            ));
        }
        let model = Model {
            parents: m.parents,
            base_relatives,
            inverse_base_absolutes,
            base_positions,
            weights: m.weights,
            triangles,
            mirror: if m.is_mirrored { -1.0 } else { 1.0 },
        };
        Ok(Problem {
            theta,
            model,
            correspondences,
            points,
            us,
        })
    }

    /// The vertices a correspondence reads, in order: its vertex, or its triangle's three.
    fn vertices(&self, i: usize) -> Vec<usize> {
        let c = self.correspondences[i];
        if self.us.is_empty() {
            vec![c]
        } else {
            self.model.triangles[c].to_vec()
        }
    }

    /// The skinned vertices the residuals read, with their derivatives if `derivatives`.
    fn skinned(&self, derivatives: bool) -> Vec<Option<Vertex>> {
        let bones = pose(&self.model, &self.theta, derivatives);
        let mut used = vec![false; self.model.base_positions.len()];
        for i in 0..self.correspondences.len() {
            self.vertices(i).into_iter().for_each(|v| used[v] = true);
        }
        skin(&self.model, &bones, &used)
    }

    /// The global rotation and translation.
    fn global(&self) -> ([f64; 3], [f64; 3]) {
        let t = &self.theta;
        ([t[0], t[1], t[2]], [t[3], t[4], t[5]])
    }

    /// The residuals, 3 per correspondence.
    fn objective(&self) -> Vec<f64> {
        let vertices = self.skinned(false);
        let (res, tri) = (residual::<Syn>(), interpolated::<Syn>());
        let (rotation, translation) = self.global();
        let position = |v: usize| vertices[v].as_ref().expect("skinned").position;
        let mut errors = Vec::with_capacity(3 * self.points.len());
        for (i, &point) in self.points.iter().enumerate() {
            let vertex = match self.us.get(i) {
                None => position(self.correspondences[i]),
                Some(&u) => {
                    let [a, b, c] = self.model.triangles[self.correspondences[i]].map(position);
                    let (x, y, z) = tri.apply((u, a, b, c));
                    [x, y, z]
                }
            };
            let (x, y, z) = res.apply((rotation, translation, self.model.mirror, vertex, point));
            errors.extend([x, y, z]);
        }
        errors
    }

    /// The residuals' Jacobian, one row per residual: the correspondence's two barycentric
    /// coordinates' columns in the complicated case, then `theta`'s.
    fn jacobian(&self) -> Vec<Vec<f64>> {
        let vertices = self.skinned(true);
        let (res, tri) = (residual::<Syn>(), interpolated::<Syn>());
        let (rotation, translation) = self.global();
        let extra = if self.us.is_empty() { 0 } else { 2 };
        let mut rows = Vec::with_capacity(3 * self.points.len());
        for (i, &point) in self.points.iter().enumerate() {
            let used: Vec<&Vertex> = (self.vertices(i).into_iter())
                .map(|v| vertices[v].as_ref().expect("skinned"))
                .collect();
            // The point the residual reads and its derivative: 3 rows of `extra + THETA`.
            let mut d_vertex = vec![0.0; 3 * (extra + THETA)];
            let vertex = match self.us.get(i) {
                None => {
                    for r in 0..3 {
                        d_vertex[r * THETA..][..THETA]
                            .copy_from_slice(&used[0].derivative[r * THETA..][..THETA]);
                    }
                    used[0].position
                }
                Some(&u) => {
                    let at = (u, used[0].position, used[1].position, used[2].position);
                    let ((x, y, z), j) = tri.value_and_jacobian(at);
                    let width = extra + THETA;
                    for r in 0..3 {
                        let row = &mut d_vertex[r * width..][..width];
                        row[0] = j[(r, 0)];
                        row[1] = j[(r, 1)];
                        for (m, v) in used.iter().enumerate() {
                            for l in 0..3 {
                                let a = j[(r, 2 + 3 * m + l)];
                                let dv = &v.derivative[l * THETA..][..THETA];
                                (row[2..].iter_mut().zip(dv)).for_each(|(o, x)| *o += a * x);
                            }
                        }
                    }
                    [x, y, z]
                }
            };
            let at = (rotation, translation, self.model.mirror, vertex, point);
            let j = res.jacobian(at);
            let width = extra + THETA;
            for r in 0..3 {
                let mut row = vec![0.0; width];
                for c in 0..6 {
                    row[extra + c] = j[(r, c)];
                }
                for k in 0..3 {
                    let a = j[(r, 7 + k)];
                    let dv = &d_vertex[k * width..][..width];
                    row.iter_mut().zip(dv).for_each(|(o, x)| *o += a * x);
                }
                rows.push(row);
            }
        }
        rows
    }
}

/// `objective` (the residuals) or `jacobian` (their Jacobian) at `input`.
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let start = Instant::now();
    let problem = Problem::check(parse("ht", input)?)?;
    match function {
        "objective" => measure(runs, start.elapsed(), || problem.objective()),
        "jacobian" => measure(runs, start.elapsed(), || problem.jacobian()),
        _ => Err(no_function("ht", function)),
    }
}
