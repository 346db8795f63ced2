//! The hand model's math as `#[catad::program]`s over `f64`, each a term (fixed-size arrays and
//! scalars, no run-time vectors, no calls of other programs), so that each compiles once, small:
//! a bone's posed relative transform, the product of two transforms, a bone's share of a skinned
//! vertex, the point on a triangle at its barycentric coordinates, and a correspondence's
//! residual. A 4 × 4 transform is a row-major `[f64; 16]` argument and a tuple of four rows as a
//! result (the macro builds no array), so a Jacobian's rows and columns both run row-major.

/// A 4 × 4 transform as a program's result: its four rows.
pub type Mat4 = (
    (f64, f64, f64, f64),
    (f64, f64, f64, f64),
    (f64, f64, f64, f64),
    (f64, f64, f64, f64),
);

/// The product `a b` of two row-major 4 × 4 transforms (`mat_mult`).
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ht::programs::mat_mul;
/// let id = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];
/// let a: [f64; 16] = std::array::from_fn(|k| k as f64);
/// assert_eq!(mat_mul::<Fun>().apply((a, id)).1, (4.0, 5.0, 6.0, 7.0));
/// ```
#[catad::program]
pub fn mat_mul(
    a: [f64; 16],
    b: [f64; 16],
) -> (
    (f64, f64, f64, f64),
    (f64, f64, f64, f64),
    (f64, f64, f64, f64),
    (f64, f64, f64, f64),
) {
    (
        (
            a[0] * b[0] + a[1] * b[4] + a[2] * b[8] + a[3] * b[12],
            a[0] * b[1] + a[1] * b[5] + a[2] * b[9] + a[3] * b[13],
            a[0] * b[2] + a[1] * b[6] + a[2] * b[10] + a[3] * b[14],
            a[0] * b[3] + a[1] * b[7] + a[2] * b[11] + a[3] * b[15],
        ),
        (
            a[4] * b[0] + a[5] * b[4] + a[6] * b[8] + a[7] * b[12],
            a[4] * b[1] + a[5] * b[5] + a[6] * b[9] + a[7] * b[13],
            a[4] * b[2] + a[5] * b[6] + a[6] * b[10] + a[7] * b[14],
            a[4] * b[3] + a[5] * b[7] + a[6] * b[11] + a[7] * b[15],
        ),
        (
            a[8] * b[0] + a[9] * b[4] + a[10] * b[8] + a[11] * b[12],
            a[8] * b[1] + a[9] * b[5] + a[10] * b[9] + a[11] * b[13],
            a[8] * b[2] + a[9] * b[6] + a[10] * b[10] + a[11] * b[14],
            a[8] * b[3] + a[9] * b[7] + a[10] * b[11] + a[11] * b[15],
        ),
        (
            a[12] * b[0] + a[13] * b[4] + a[14] * b[8] + a[15] * b[12],
            a[12] * b[1] + a[13] * b[5] + a[14] * b[9] + a[15] * b[13],
            a[12] * b[2] + a[13] * b[6] + a[14] * b[10] + a[15] * b[14],
            a[12] * b[3] + a[13] * b[7] + a[14] * b[11] + a[15] * b[15],
        ),
    )
}

/// Bone's posed relative transform (`get_posed_relatives`): its `base` relative transform times
/// the rotation of the Euler angles `xzy` (`euler_angles_to_rotation_matrix`: the angles about
/// x, z and y, the rotation `Rz Ry Rx`), the translation untouched.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ht::programs::posed_relative;
/// let base: [f64; 16] = std::array::from_fn(|k| k as f64);
/// assert_eq!(posed_relative::<Fun>().apply((base, [0.0; 3])).2, (8.0, 9.0, 10.0, 11.0));
/// ```
#[catad::program]
pub fn posed_relative(
    base: [f64; 16],
    xzy: [f64; 3],
) -> (
    (f64, f64, f64, f64),
    (f64, f64, f64, f64),
    (f64, f64, f64, f64),
    (f64, f64, f64, f64),
) {
    let (cx, sx) = (xzy[0].cos(), xzy[0].sin());
    let (cy, sy) = (xzy[2].cos(), xzy[2].sin());
    let (cz, sz) = (xzy[1].cos(), xzy[1].sin());
    let r00 = cz * cy;
    let r10 = sz * cy;
    let r20 = -sy;
    let r01 = -sz * cx + cz * sy * sx;
    let r11 = cz * cx + sz * sy * sx;
    let r21 = cy * sx;
    let r02 = sz * sx + cz * sy * cx;
    let r12 = -cz * sx + sz * sy * cx;
    let r22 = cy * cx;
    (
        (
            base[0] * r00 + base[1] * r10 + base[2] * r20,
            base[0] * r01 + base[1] * r11 + base[2] * r21,
            base[0] * r02 + base[1] * r12 + base[2] * r22,
            base[3],
        ),
        (
            base[4] * r00 + base[5] * r10 + base[6] * r20,
            base[4] * r01 + base[5] * r11 + base[6] * r21,
            base[4] * r02 + base[5] * r12 + base[6] * r22,
            base[7],
        ),
        (
            base[8] * r00 + base[9] * r10 + base[10] * r20,
            base[8] * r01 + base[9] * r11 + base[10] * r21,
            base[8] * r02 + base[9] * r12 + base[10] * r22,
            base[11],
        ),
        (
            base[12] * r00 + base[13] * r10 + base[14] * r20,
            base[12] * r01 + base[13] * r11 + base[14] * r21,
            base[12] * r02 + base[13] * r12 + base[14] * r22,
            base[15],
        ),
    )
}

/// One bone's share of a skinned vertex (`get_skinned_vertex_positions`): its `weight` times
/// the first three coordinates of its `transform` applied to the homogeneous `position`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ht::programs::skinned;
/// let id = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];
/// assert_eq!(skinned::<Fun>().apply((id, 0.5, [2.0, 4.0, 6.0, 1.0])), (1.0, 2.0, 3.0));
/// ```
#[catad::program]
pub fn skinned(transform: [f64; 16], weight: f64, position: [f64; 4]) -> (f64, f64, f64) {
    let t = transform;
    let p = position;
    (
        (t[0] * p[0] + t[1] * p[1] + t[2] * p[2] + t[3] * p[3]) * weight,
        (t[4] * p[0] + t[5] * p[1] + t[6] * p[2] + t[7] * p[3]) * weight,
        (t[8] * p[0] + t[9] * p[1] + t[10] * p[2] + t[11] * p[3]) * weight,
    )
}

/// The point of a triangle of vertices `v0`, `v1`, `v2` at the barycentric coordinates `u`:
/// `u₀ v0 + u₁ v1 + (1 − u₀ − u₁) v2`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ht::programs::interpolated;
/// let (v0, v1, v2) = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]);
/// assert_eq!(interpolated::<Fun>().apply(([0.5, 0.25], v0, v1, v2)), (0.5, 0.25, 0.25));
/// ```
#[catad::program]
pub fn interpolated(u: [f64; 2], v0: [f64; 3], v1: [f64; 3], v2: [f64; 3]) -> (f64, f64, f64) {
    let w = 1.0 - u[0] - u[1];
    (
        u[0] * v0[0] + u[1] * v1[0] + w * v2[0],
        u[0] * v0[1] + u[1] * v1[1] + w * v2[1],
        u[0] * v0[2] + u[1] * v1[2] + w * v2[2],
    )
}

/// A correspondence's residual: its `point` minus the hand's `vertex`, its x scaled by `mirror`
/// (−1 for a mirrored model, else 1), rotated by the angle-axis `rotation`
/// (`angle_axis_to_rotation_matrix`: the identity below a norm of 10⁻⁴) and moved by
/// `translation` (`apply_global_transform`, whose scale is 1).
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::ht::programs::residual;
/// // A half turn about z takes (1, 2, 3) to (−1, −2, 3), then moved by (1, 1, 1).
/// let rotation = [0.0, 0.0, std::f64::consts::PI];
/// let (x, y, z) = residual::<Fun>().apply((rotation, [1.0; 3], 1.0, [1.0, 2.0, 3.0], [0.0; 3]));
/// assert!((x - 0.0).abs() < 1e-12 && (y - 1.0).abs() < 1e-12 && (z + 4.0).abs() < 1e-12);
/// ```
#[catad::program]
pub fn residual(
    rotation: [f64; 3],
    translation: [f64; 3],
    mirror: f64,
    vertex: [f64; 3],
    point: [f64; 3],
) -> (f64, f64, f64) {
    let px = vertex[0] * mirror;
    let py = vertex[1];
    let pz = vertex[2];
    let norm =
        (rotation[0] * rotation[0] + rotation[1] * rotation[1] + rotation[2] * rotation[2]).sqrt();
    let (qx, qy, qz) = if norm < 0.0001 {
        (px, py, pz)
    } else {
        let x = rotation[0] / norm;
        let y = rotation[1] / norm;
        let z = rotation[2] / norm;
        let s = norm.sin();
        let c = norm.cos();
        let r00 = x * x + (1.0 - x * x) * c;
        let r01 = x * y * (1.0 - c) - z * s;
        let r02 = x * z * (1.0 - c) + y * s;
        let r10 = x * y * (1.0 - c) + z * s;
        let r11 = y * y + (1.0 - y * y) * c;
        let r12 = y * z * (1.0 - c) - x * s;
        let r20 = x * z * (1.0 - c) - y * s;
        let r21 = z * y * (1.0 - c) + x * s;
        let r22 = z * z + (1.0 - z * z) * c;
        (
            r00 * px + r01 * py + r02 * pz,
            r10 * px + r11 * py + r12 * pz,
            r20 * px + r21 * py + r22 * pz,
        )
    };
    (
        point[0] - (qx + translation[0]),
        point[1] - (qy + translation[1]),
        point[2] - (qz + translation[2]),
    )
}
