//! Linear-blend skinning (`get_skinned_vertex_positions`, before mirroring and the global
//! transform): a vertex is the sum over the bones of its weight times the bone's transform of
//! its base position ([`skinned`]), its derivative with respect to `theta` the sum of each
//! share's Jacobian in the transform (catad's) times the bone's derivative. Only the vertices the
//! residuals read are skinned, and a bone of weight 0 adds nothing and is skipped.

use super::pose::{Bones, THETA};
use super::programs::skinned;
use super::{Model, run};
use catad::term::Syn;

/// A skinned vertex and, if asked for, its derivative with respect to `theta` (3 × 26,
/// row-major; empty otherwise).
#[derive(Debug)]
pub struct Vertex {
    /// The skinned position.
    pub position: [f64; 3],
    /// Its derivative with respect to `theta`.
    pub derivative: Vec<f64>,
}

/// The vertices of `model` that `used` marks, skinned by the posed `bones` (with derivatives if
/// the bones have them); `None` for the others.
pub fn skin(model: &Model, bones: &Bones, used: &[bool]) -> Vec<Option<Vertex>> {
    let share = skinned::<Syn>();
    let derivatives = !bones.derivatives.is_empty();
    let vertex = |v: usize| {
        let mut vertex = Vertex {
            position: [0.0; 3],
            derivative: if derivatives {
                vec![0.0; 3 * THETA]
            } else {
                Vec::new()
            },
        };
        let base = model.base_positions[v];
        for (b, &weight) in model.weights[v].iter().enumerate() {
            if weight == 0.0 {
                continue;
            }
            let at = (bones.transforms[b], weight, base);
            let ((x, y, z), j) = run(&share, at, derivatives);
            vertex.position = [
                vertex.position[0] + x,
                vertex.position[1] + y,
                vertex.position[2] + z,
            ];
            if let Some(j) = j {
                let d = &bones.derivatives[b];
                for r in 0..3 {
                    for k in 0..16 {
                        let a = j[(r, k)];
                        if a != 0.0 {
                            let row = &mut vertex.derivative[r * THETA..][..THETA];
                            let dk = &d[k * THETA..][..THETA];
                            row.iter_mut().zip(dk).for_each(|(o, x)| *o += a * x);
                        }
                    }
                }
            }
        }
        vertex
    };
    used.iter()
        .enumerate()
        .map(|(v, &u)| u.then(|| vertex(v)))
        .collect()
}
