//! The indexed laws (paper §15) for every instance, on random programs over vectors of several
//! lengths (1 to 5, and the static shapes `Arr<3>` and `SVec<2>`):
//!
//! - `MonoidalI`: `crossI` preserves identities and composition, and so does `fmap`;
//! - `CartesianI`: `exI[i] ∘ forkI fs = fs[i]`, `forkI ∘ unforkI = id`;
//! - `CocartesianI`: `joinI fs ∘ inI[i] = fs[i]`, `joinI ∘ unjoinI = id` (linear programs);
//! - `ZipI`: `zip` and `unzip` are inverse, and equal to their derivations from projections;
//! - on random vector programs ([`VecMap`], [`VecFold`]): the primal of every `D<K>` is the
//!   plain evaluation, every representation gives Forward's Jacobian, the adjoint identity holds
//!   for the derivatives and for the indexed linear maps of `Dual`, `Cont`, `Begin` and `Mat`, and
//!   Forward's derivatives agree with finite differences (where the step resolves the function);
//! - `Mat` is a functor from `AddFun`: the same matrices, and the matrix of `g ∘ f` is the product.
//!
//! `Mat` and `D<Mat>` need static dimensions, so they run at `Arr<3>`; the function continuations
//! of `Cont<AddFun, R>` and `Begin<AddFun, R>` run shallow programs (see `program::Shallow`).

mod support;

use catad::interpretations::Mat;
use catad::interpretations::{AddFun, Begin, Cont, D, DMap, Dual};
use catad::prelude::*;
use catad::space::{Arr, DVecLen, SVec, VecLen};
use catad::vocabulary::LinearMap;
use catad_laws::calculus::{
    FD_TOLERANCE, STEP, adjoint_identity, derivative_adjoint, finite_difference,
};
use catad_laws::close_slices;
use catad_laws::functor::derivatives_agree;
use catad_laws::indexed::{
    ObserveAt, cross_i_compose, cross_i_id, ex_fork_i, fmap_compose, fmap_id, fork_unfork_i,
    join_in_i, join_unjoin_i, mat_agrees, mat_compose, unzip_zip, zip_is_derived, zip_unzip,
};
use catad_laws::program::{
    Field, Interprets, Line, Linear, Nonlinear, Plane, Pt, RandomProgram, Shallow, Vocabulary,
};
use catad_laws::vector::{InterpretsI, VecFold, VecMap, VecPt};
use quickcheck::TestResult;
use support::{check, guarded};

/// The `i`-th of `lines`, used in turn (`id` when there are none).
fn nth<V: Vocabulary>(lines: &[Line<V>], i: usize) -> Line<V> {
    if lines.is_empty() {
        Line::Id
    } else {
        lines[i % lines.len()].clone()
    }
}

/// `y`'s coordinates, repeated or cut to the length of `x`.
fn fit(x: &VecPt, y: &VecPt) -> VecPt {
    VecPt((0..x.0.len()).map(|i| y.0[i % y.0.len()]).collect())
}

/// A container shape of the suites, and how a random vector becomes one of its objects.
trait Shape: Container {
    /// The shape for the vector `x`.
    fn shape_of(x: &VecPt) -> Self;
    /// The object of the shape with the coordinates of `x` (repeated or cut as needed).
    fn object(&self, x: &VecPt) -> Self::Obj<f64>;
    /// The plain coordinates of an object.
    fn plain(&self, xs: &Self::Obj<f64>) -> Vec<f64> {
        self.elements(xs).to_vec()
    }
}

impl Shape for VecLen {
    fn shape_of(x: &VecPt) -> Self {
        VecLen(x.0.len())
    }
    fn object(&self, x: &VecPt) -> Vec<f64> {
        x.0.clone()
    }
}

impl Shape for DVecLen {
    fn shape_of(x: &VecPt) -> Self {
        DVecLen(x.0.len())
    }
    fn object(&self, x: &VecPt) -> nalgebra::DVector<f64> {
        nalgebra::DVector::from_vec(x.0.clone())
    }
}

impl Shape for Arr<3> {
    fn shape_of(_: &VecPt) -> Self {
        Arr
    }
    fn object(&self, x: &VecPt) -> [f64; 3] {
        x.array::<3>()
    }
}

impl Shape for SVec<2> {
    fn shape_of(_: &VecPt) -> Self {
        SVec
    }
    fn object(&self, x: &VecPt) -> nalgebra::SVector<f64, 2> {
        nalgebra::SVector::from(x.array::<2>())
    }
}

/// What the class-law suites need of a category at a shape.
trait Suite<V: Vocabulary, H: Shape>: Interprets<V> + CartesianI<H> + ZipI<H> + ObserveAt<f64> {}

impl<K, V, H> Suite<V, H> for K
where
    K: Interprets<V> + CartesianI<H> + ZipI<H> + ObserveAt<f64>,
    V: Vocabulary,
    H: Shape,
    H::Obj<f64>: Space<f64>,
{
}

fn cross_id<K: Suite<V, H>, V: Vocabulary, H: Shape>(x: VecPt) -> bool
where
    H::Obj<f64>: Space<f64>,
{
    let h = H::shape_of(&x);
    cross_i_id::<K, H, f64, f64>(h, &h.object(&x))
}

fn cross_compose<K: Suite<V, H>, V: Vocabulary, H: Shape>(
    fs: Vec<Line<V>>,
    gs: Vec<Line<V>>,
    x: VecPt,
) -> TestResult
where
    H::Obj<f64>: Space<f64>,
{
    let h = H::shape_of(&x);
    let xs = h.object(&x);
    let defined = h.plain(&xs).iter().enumerate().all(|(i, xi)| {
        nth(&fs, i)
            .eval(xi)
            .and_then(|y| nth(&gs, i).eval(&y))
            .is_some()
    });
    guarded(defined, || {
        let f = h.tabulate(|i| nth(&fs, i).interpret::<K>());
        let g = h.tabulate(|i| nth(&gs, i).interpret::<K>());
        cross_i_compose::<K, H, f64, f64, f64, f64>(h, f, g, &xs, &xs)
    })
}

fn fmap_identity<K: Suite<V, H>, V: Vocabulary, H: Shape>(x: VecPt) -> bool
where
    H::Obj<f64>: Space<f64>,
{
    let h = H::shape_of(&x);
    fmap_id::<K, H, f64, f64>(h, &h.object(&x))
}

fn fmap_composition<K: Suite<V, H>, V: Vocabulary, H: Shape>(
    f: Line<V>,
    g: Line<V>,
    x: VecPt,
) -> TestResult
where
    H::Obj<f64>: Space<f64>,
{
    let h = H::shape_of(&x);
    let xs = h.object(&x);
    let defined = h
        .plain(&xs)
        .iter()
        .all(|xi| f.eval(xi).and_then(|y| g.eval(&y)).is_some());
    guarded(defined, || {
        let (f, g) = (f.interpret::<K>(), g.interpret::<K>());
        fmap_compose::<K, H, f64, f64, f64, f64>(h, f, g, &xs, &xs)
    })
}

fn ex_fork<K: Suite<V, H>, V: Vocabulary, H: Shape>(
    fs: Vec<Line<V>>,
    x: VecPt,
    a: Pt<f64>,
) -> TestResult
where
    H::Obj<f64>: Space<f64>,
{
    let h = H::shape_of(&x);
    let defined = (0..h.size()).all(|i| nth(&fs, i).eval(&a.0).is_some());
    guarded(defined, || {
        let f = h.tabulate(|i| nth(&fs, i).interpret::<K>());
        ex_fork_i::<K, H, f64, f64, f64>(h, f, &a.0, &0.0)
    })
}

fn fork_unfork<K: Suite<V, H>, V: Vocabulary, H: Shape>(
    fs: Vec<Line<V>>,
    x: VecPt,
    a: Pt<f64>,
) -> TestResult
where
    H::Obj<f64>: Space<f64>,
{
    let h = H::shape_of(&x);
    let defined = (0..h.size()).all(|i| nth(&fs, i).eval(&a.0).is_some());
    guarded(defined, || {
        let f = K::fork_i::<f64, f64>(h, h.tabulate(|i| nth(&fs, i).interpret::<K>()));
        fork_unfork_i::<K, H, f64, f64, f64>(h, f, &a.0, &h.object(&x))
    })
}

fn zip_laws<K: Suite<V, H> + Cartesian, V: Vocabulary, H: Shape>(x: VecPt, y: VecPt) -> bool
where
    H::Obj<f64>: Space<f64>,
    H::Obj<(f64, f64)>: Space<f64>,
{
    let h = H::shape_of(&x);
    let pair = (h.object(&x), h.object(&fit(&x, &y)));
    let (xs, ys) = (h.plain(&pair.0), h.plain(&pair.1));
    let pairs = h.tabulate_obj(|i| (xs[i], ys[i]));
    unzip_zip::<K, H, f64, f64, f64>(h, &pair)
        && zip_unzip::<K, H, f64, f64, f64>(h, &pairs)
        && zip_is_derived::<K, H, f64, f64, f64>(h, &pair)
}

fn join_in<K, H: Shape>(fs: Vec<Line<Linear>>, x: VecPt, a: Pt<f64>) -> bool
where
    K: Interprets<Linear> + CocartesianI<H> + ObserveAt<f64>,
{
    let h = H::shape_of(&x);
    let f = h.tabulate(|i| nth(&fs, i).interpret::<K>());
    join_in_i::<K, H, f64, f64, f64>(h, f, &a.0, &0.0)
}

fn join_unjoin<K, H: Shape>(fs: Vec<Line<Linear>>, x: VecPt) -> bool
where
    K: Interprets<Linear> + CocartesianI<H> + ObserveAt<f64>,
    H::Obj<f64>: Space<f64>,
{
    let h = H::shape_of(&x);
    let f = K::join_i::<f64, f64>(h, h.tabulate(|i| nth(&fs, i).interpret::<K>()));
    join_unjoin_i::<K, H, f64, f64, f64>(h, f, &h.object(&x), &0.0)
}

/// The class laws of `$k` on programs of `$v` at the shape `$h`.
macro_rules! class_suite {
    ($name:ident, $k:ty, $v:ty, $h:ty) => {
        mod $name {
            use super::*;
            #[test]
            fn cross_i_id() {
                check(super::cross_id::<$k, $v, $h> as fn(_) -> _);
            }
            #[test]
            fn cross_i_compose() {
                check(super::cross_compose::<$k, $v, $h> as fn(_, _, _) -> _);
            }
            #[test]
            fn fmap_id() {
                check(super::fmap_identity::<$k, $v, $h> as fn(_) -> _);
            }
            #[test]
            fn fmap_compose() {
                check(super::fmap_composition::<$k, $v, $h> as fn(_, _, _) -> _);
            }
            #[test]
            fn ex_fork_i() {
                check(super::ex_fork::<$k, $v, $h> as fn(_, _, _) -> _);
            }
            #[test]
            fn fork_unfork_i() {
                check(super::fork_unfork::<$k, $v, $h> as fn(_, _, _) -> _);
            }
            #[test]
            fn zip() {
                check(super::zip_laws::<$k, $v, $h> as fn(_, _) -> _);
            }
        }
    };
}

/// The cocartesian laws of `$k` on linear programs at the shape `$h`.
macro_rules! cocartesian_suite {
    ($name:ident, $k:ty, $h:ty) => {
        mod $name {
            use super::*;
            #[test]
            fn join_in_i() {
                check(super::join_in::<$k, $h> as fn(_, _, _) -> _);
            }
            #[test]
            fn join_unjoin_i() {
                check(super::join_unjoin::<$k, $h> as fn(_, _) -> _);
            }
        }
    };
}

mod classes {
    use super::*;

    class_suite!(fun_vec, Fun, Nonlinear, VecLen);
    class_suite!(fun_arr, Fun, Nonlinear, Arr<3>);
    class_suite!(forward_vec, Forward, Nonlinear, VecLen);
    class_suite!(forward_svec, Forward, Nonlinear, SVec<2>);
    class_suite!(reverse_vec, Reverse, Nonlinear, VecLen);
    class_suite!(reverse_dvec, Reverse, Nonlinear, DVecLen);
    class_suite!(
        reverse_cont_vec,
        ReverseCont<f64>,
        Shallow<Nonlinear>,
        VecLen
    );
    class_suite!(
        forward_begin_vec,
        ForwardBegin<f64>,
        Shallow<Nonlinear>,
        VecLen
    );
    class_suite!(d_mat_arr, D<Mat<f64>>, Nonlinear, Arr<3>);

    class_suite!(add_fun_vec, AddFun, Linear, VecLen);
    class_suite!(add_fun_dvec, AddFun, Linear, DVecLen);
    class_suite!(dual_vec, Dual<AddFun>, Linear, VecLen);
    class_suite!(dual_svec, Dual<AddFun>, Linear, SVec<2>);
    class_suite!(cont_vec, Cont<AddFun, f64>, Shallow<Linear>, VecLen);
    class_suite!(begin_vec, Begin<AddFun, f64>, Shallow<Linear>, VecLen);
    class_suite!(mat_arr, Mat<f64>, Linear, Arr<3>);
    class_suite!(mat_svec, Mat<f64>, Linear, SVec<2>);

    cocartesian_suite!(add_fun_vec_co, AddFun, VecLen);
    cocartesian_suite!(add_fun_arr_co, AddFun, Arr<3>);
    cocartesian_suite!(dual_vec_co, Dual<AddFun>, VecLen);
    cocartesian_suite!(dual_dvec_co, Dual<AddFun>, DVecLen);
    cocartesian_suite!(cont_vec_co, Cont<AddFun, f64>, VecLen);
    cocartesian_suite!(begin_vec_co, Begin<AddFun, f64>, VecLen);
    cocartesian_suite!(mat_arr_co, Mat<f64>, Arr<3>);
    cocartesian_suite!(forward_vec_co, Forward, VecLen);
    cocartesian_suite!(reverse_vec_co, Reverse, VecLen);
    cocartesian_suite!(d_mat_arr_co, D<Mat<f64>>, Arr<3>);
}

/// A vector program to `ℝ` as a morphism of `D<K>`.
fn fold_in<K, V, H>(p: &VecFold<V>, h: H) -> DMap<K, H::Obj<f64>, f64>
where
    K: LinearMap<f64>,
    V: Vocabulary,
    H: Container,
    D<K>: InterpretsI<V, H> + Category<Hom<H::Obj<f64>, f64> = DMap<K, H::Obj<f64>, f64>>,
{
    p.interpret::<D<K>, H>(h)
}

/// A vector program to `hℝ` as a morphism of `D<K>`.
fn map_in<K, V, H>(p: &VecMap<V>, h: H) -> DMap<K, H::Obj<f64>, H::Obj<f64>>
where
    K: LinearMap<f64>,
    V: Vocabulary,
    H: Container,
    D<K>: InterpretsI<V, H>
        + Category<Hom<H::Obj<f64>, H::Obj<f64>> = DMap<K, H::Obj<f64>, H::Obj<f64>>>,
{
    p.interpret::<D<K>, H>(h)
}

/// The primal of `D<K>` is the plain evaluation, and its Jacobian is Forward's.
fn fold_agrees<K, V, H>(p: VecFold<V>, x: VecPt) -> TestResult
where
    K: LinearMap<f64>,
    V: Vocabulary,
    H: Shape,
    H::Obj<f64>: Space<f64>,
    D<K>: InterpretsI<V, H> + Category<Hom<H::Obj<f64>, f64> = DMap<K, H::Obj<f64>, f64>>,
    Forward: InterpretsI<V, H>,
{
    let h = H::shape_of(&x);
    let xs = h.object(&x);
    match p.eval(&h.plain(&xs)) {
        None => TestResult::discard(),
        Some(y) => {
            let f = fold_in::<K, V, H>(&p, h);
            let forward = fold_in::<AddFun, V, H>(&p, h);
            TestResult::from_bool(
                close_slices(&[f.apply(xs.clone())], &[y])
                    && derivatives_agree::<AddFun, K, f64, _, _>(&forward, &f, &xs),
            )
        }
    }
}

/// The same for a program to `hℝ`.
fn map_agrees<K, V, H>(p: VecMap<V>, x: VecPt) -> TestResult
where
    K: LinearMap<f64>,
    V: Vocabulary,
    H: Shape,
    H::Obj<f64>: Space<f64>,
    D<K>: InterpretsI<V, H>
        + Category<Hom<H::Obj<f64>, H::Obj<f64>> = DMap<K, H::Obj<f64>, H::Obj<f64>>>,
    Forward: InterpretsI<V, H>,
{
    let h = H::shape_of(&x);
    let xs = h.object(&x);
    match p.eval(&h.plain(&xs)) {
        None => TestResult::discard(),
        Some(y) => {
            let f = map_in::<K, V, H>(&p, h);
            let forward = map_in::<AddFun, V, H>(&p, h);
            TestResult::from_bool(
                close_slices(&h.plain(&f.apply(xs.clone())), &y)
                    && derivatives_agree::<AddFun, K, f64, _, _>(&forward, &f, &xs),
            )
        }
    }
}

/// The adjoint identity for the derivative of a vector program.
fn map_adjoint<K, V, H>(p: VecMap<V>, x: VecPt, dx: VecPt, dy: VecPt) -> TestResult
where
    K: LinearMap<f64>,
    V: Vocabulary,
    H: Shape,
    H::Obj<f64>: Space<f64>,
    D<K>: InterpretsI<V, H>
        + Category<Hom<H::Obj<f64>, H::Obj<f64>> = DMap<K, H::Obj<f64>, H::Obj<f64>>>,
{
    let h = H::shape_of(&x);
    let (xs, dxs, dys) = (
        h.object(&x),
        h.object(&fit(&x, &dx)),
        h.object(&fit(&x, &dy)),
    );
    guarded(p.eval(&h.plain(&xs)).is_some(), || {
        derivative_adjoint::<K, f64, _, _>(&map_in::<K, V, H>(&p, h), &xs, &dxs, &dys)
    })
}

/// Forward mode agrees with finite differences on vector programs (every other representation
/// agrees with Forward). Finite differences can only check a derivative where the step resolves
/// the function: a case whose Richardson estimates at `STEP` and at `STEP / 2` differ by more
/// than half the law's tolerance (so that the estimate at `STEP`, the one the law uses, may be off
/// by more than the law allows: a function curving too fast for the step) is discarded, not
/// judged.
fn map_finite_differences(p: VecMap<Nonlinear>, x: VecPt, dx: VecPt) -> TestResult {
    let h = VecLen(x.0.len());
    let dx = fit(&x, &dx);
    let at = |t: f64| -> Option<Vec<f64>> {
        p.eval(
            &x.0.iter()
                .zip(&dx.0)
                .map(|(x, d)| x + t * d)
                .collect::<Vec<_>>(),
        )
    };
    let central = |step: f64| -> Option<Vec<f64>> {
        let (plus, minus) = (at(step)?, at(-step)?);
        Some(
            plus.iter()
                .zip(&minus)
                .map(|(p, m)| (p - m) / (2.0 * step))
                .collect(),
        )
    };
    let richardson = |step: f64| -> Option<Vec<f64>> {
        let (coarse, fine) = (central(step)?, central(step / 2.0)?);
        Some(
            coarse
                .iter()
                .zip(&fine)
                .map(|(c, f)| (4.0 * f - c) / 3.0)
                .collect(),
        )
    };
    let (Some(y), Some(r1), Some(r2)) = (at(0.0), richardson(STEP), richardson(STEP / 2.0)) else {
        return TestResult::discard();
    };
    let size = |v: &[f64]| v.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    let scale = 1.0 + size(&y) + size(&r2);
    let resolved = r1
        .iter()
        .zip(&r2)
        .all(|(a, b)| (a - b).abs() <= FD_TOLERANCE * scale / 2.0);
    guarded(resolved, || {
        let f = map_in::<AddFun, Nonlinear, VecLen>(&p, h);
        finite_difference::<AddFun, f64, _, _>(&f, &x.0, &dx.0)
    })
}

/// The adjoint identity for an indexed linear map of `K`.
fn linear_adjoint<K, V, H>(p: VecMap<V>, x: VecPt, dy: VecPt) -> bool
where
    K: LinearMap<f64> + InterpretsI<V, H>,
    V: Vocabulary,
    H: Shape,
    H::Obj<f64>: Space<f64>,
{
    let h = H::shape_of(&x);
    let (dxs, dys) = (h.object(&x), h.object(&fit(&x, &dy)));
    adjoint_identity::<K, f64, _, _>(&p.interpret::<K, H>(h), &dxs, &dys)
}

/// One test per program kind for a vector property.
macro_rules! vector_suite {
    ($name:ident, $k:ty, $v:ty, $h:ty) => {
        mod $name {
            use super::*;
            #[test]
            fn fold_primal_and_jacobian() {
                check(super::fold_agrees::<$k, $v, $h> as fn(_, _) -> _);
            }
            #[test]
            fn map_primal_and_jacobian() {
                check(super::map_agrees::<$k, $v, $h> as fn(_, _) -> _);
            }
            #[test]
            fn derivative_adjoint() {
                check(super::map_adjoint::<$k, $v, $h> as fn(_, _, _, _) -> _);
            }
        }
    };
}

mod vector_programs {
    use super::*;

    vector_suite!(forward_vec, AddFun, Nonlinear, VecLen);
    vector_suite!(reverse_vec, Dual<AddFun>, Nonlinear, VecLen);
    vector_suite!(reverse_dvec, Dual<AddFun>, Nonlinear, DVecLen);
    vector_suite!(reverse_svec, Dual<AddFun>, Nonlinear, SVec<2>);
    vector_suite!(reverse_cont_vec, Cont<AddFun, f64>, Shallow<Nonlinear>, VecLen);
    vector_suite!(forward_begin_vec, Begin<AddFun, f64>, Shallow<Nonlinear>, VecLen);
    vector_suite!(d_mat_arr, Mat<f64>, Nonlinear, Arr<3>);
    vector_suite!(cont_mat_arr, Cont<Mat<f64>, f64>, Nonlinear, Arr<3>);

    #[test]
    fn forward_agrees_with_finite_differences() {
        check(super::map_finite_differences as fn(_, _, _) -> _);
    }
    #[test]
    fn dual_linear_maps_are_adjoint() {
        check(super::linear_adjoint::<Dual<AddFun>, Linear, VecLen> as fn(_, _, _) -> _);
    }
    #[test]
    fn cont_linear_maps_are_adjoint() {
        check(
            super::linear_adjoint::<Cont<AddFun, f64>, Shallow<Linear>, VecLen> as fn(_, _, _) -> _,
        );
    }
    #[test]
    fn begin_linear_maps_are_adjoint() {
        check(
            super::linear_adjoint::<Begin<AddFun, f64>, Shallow<Linear>, VecLen>
                as fn(_, _, _) -> _,
        );
    }
    #[test]
    fn mat_linear_maps_are_adjoint() {
        check(super::linear_adjoint::<Mat<f64>, Linear, Arr<3>> as fn(_, _, _) -> _);
    }
    #[test]
    fn add_fun_linear_maps_are_adjoint() {
        check(super::linear_adjoint::<AddFun, Linear, DVecLen> as fn(_, _, _) -> _);
    }
}

/// `Mat` gives `AddFun`'s matrix for a vector program, and the matrix of a composition is the
/// product of the matrices.
fn mat_functor_vector(f: VecMap<Linear>, g: VecMap<Linear>) -> bool {
    let h = Arr::<3>;
    let (a, b) = ([0.0; 3], [0.0; 3]);
    let (f_mat, g_mat) = (f.interpret::<Mat<f64>, _>(h), g.interpret::<Mat<f64>, _>(h));
    mat_agrees::<AddFun, f64, _, _>(&f_mat, &f.interpret::<AddFun, _>(h), &a, &b)
        && mat_agrees::<Dual<AddFun>, f64, _, _>(&g_mat, &g.interpret::<Dual<AddFun>, _>(h), &a, &b)
        && mat_compose::<f64, _, _, _>(&f_mat, &g_mat)
}

/// The same on the scalar grammar: `ℝ² → ℝ²` programs and a field after them.
fn mat_functor_plane(f: Plane<Linear>, g: Field<Linear>) -> bool {
    let (f_mat, g_mat) = (f.interpret::<Mat<f64>>(), g.interpret::<Mat<f64>>());
    mat_agrees::<AddFun, f64, _, _>(&f_mat, &f.interpret::<AddFun>(), &(0.0, 0.0), &(0.0, 0.0))
        && mat_agrees::<AddFun, f64, _, _>(&g_mat, &g.interpret::<AddFun>(), &(0.0, 0.0), &0.0)
        && mat_compose::<f64, _, _, _>(&f_mat, &g_mat)
}

#[test]
fn mat_is_a_functor_from_add_fun_on_vector_programs() {
    check(mat_functor_vector as fn(_, _) -> _);
}

#[test]
fn mat_is_a_functor_from_add_fun_on_scalar_programs() {
    check(mat_functor_plane as fn(_, _) -> _);
}
