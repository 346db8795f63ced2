//! `Mat<S>`, generalized matrices (paper §8, §10, §11): linear maps as nalgebra matrices, so that
//! [`D<Mat<S>>`](super::D) yields the Jacobian itself, with no basis sampling (§9).
//!
//! A morphism `a ⤳ b` is a `dim b × dim a` matrix over `S`, built from the object types alone: the
//! dimensions come from [`Additive::DIM`]. Indexed operations take their length from the shape
//! `h`, so `Mat` also builds `ex_i`, `repl_i`, `in_i`, `jam_i` and `zip_i` for run-time-length
//! vectors of fixed-size elements; an operation that needs the dimension of a run-time-length
//! type (such as `id::<Vec<f64>>()`) panics, naming the type.
//!
//! Composition does not multiply: a morphism is a *chain* of matrices whose product is formed
//! only when it is needed, in the cheapest association for the chain's sizes (§11): the classical
//! dynamic programme over the `k + 1` dimensions of a `k`-matrix chain. Applying a chain to a
//! vector ([`LinearMap::forward`], [`LinearMap::transpose`]) multiplies vectors only. A chain
//! longer than [`MAX_CHAIN`] is multiplied out (cheapest first) when it grows past that length.
//!
//! ```
//! use catad::prelude::*;
//! use catad::interpretations::D;
//! use catad::interpretations::Mat;
//!
//! // cosSinProd (x, y) = (cos z, sin z) where z = x · y: its Jacobian, directly as a matrix.
//! let f = catad::paper::cos_sin_prod::<D<Mat<f64>>, f64>();
//! let (x, y) = (0.5, 2.0);
//! let j = jacobian(&f, (x, y));
//! let expected = nalgebra::DMatrix::from_row_slice(
//!     2,
//!     2,
//!     &[-y * 1.0_f64.sin(), -x * 1.0_f64.sin(), y * 1.0_f64.cos(), x * 1.0_f64.cos()],
//! );
//! assert!((j - expected).norm() < 1e-15);
//! ```

use super::LoopLinear;
use crate::space::{Additive, Container, HasRep, Scalar, Space};
use crate::vocabulary::{
    Cartesian, CartesianI, Category, Cocartesian, CocartesianI, FoldI, LazyCat, LinearCat,
    LinearFn, LinearMap, Monoidal, MonoidalI, RepCat, Scalable, UnfoldI, ZipI, check_shape,
};
use nalgebra::{DMatrix, DVector, RealField};
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

/// The longest chain a [`MatMap`] keeps unmultiplied.
///
/// ```
/// use catad::interpretations::{Mat, mat::MAX_CHAIN};
/// use catad::prelude::*;
/// let f = (0..40).fold(Mat::<f64>::id(), |f, _| Mat::compose(Mat::scale(2.0), f));
/// assert!(f.chain_len() <= MAX_CHAIN);
/// ```
pub const MAX_CHAIN: usize = 16;

/// The category of matrices over `S`: morphisms `a ⤳ b` are `dim b × dim a` matrices.
///
/// Objects must have a static dimension ([`Additive::DIM`]) wherever `Mat` needs it.
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::interpretations::Mat;
/// let f = Mat::<f64>::join(Mat::scale(2.0), Mat::scale(3.0));
/// assert_eq!(f.matrix(), nalgebra::DMatrix::from_row_slice(1, 2, &[2.0, 3.0]));
/// let g = Mat::<f64>::fork(Mat::id(), Mat::scale(5.0));
/// assert_eq!(Mat::compose(g, f).matrix().shape(), (2, 2));
/// ```
#[derive(Debug)]
pub struct Mat<S>(PhantomData<S>);

/// How a chain of matrices is multiplied out.
///
/// ```
/// use catad::interpretations::Association;
/// assert_ne!(Association::Left, Association::Cheapest);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Association {
    /// `((M₁ M₂) M₃) ⋯`: from the codomain side, as reverse mode does.
    Left,
    /// `⋯ (M₁ (M₂ M₃))`: from the domain side, as forward mode does.
    Right,
    /// The association with the fewest scalar multiplications for the chain's sizes (§11).
    Cheapest,
}

/// A morphism of [`Mat<S>`](Mat): the linear map `a ⊸ b` as a chain of matrices `M₁ ⋯ Mₖ` whose
/// product is `dim b × dim a` (the empty chain is the identity).
///
/// # Example
///
/// ```
/// use catad::interpretations::{Association, Mat, MatMap};
/// use catad::prelude::*;
/// let wide = MatMap::<f64, [f64; 4], f64>::new(nalgebra::DMatrix::from_element(1, 4, 1.0));
/// let tall = MatMap::<f64, f64, [f64; 4]>::new(nalgebra::DMatrix::from_element(4, 1, 2.0));
/// let outer = Mat::compose(tall.clone(), wide.clone()); // 4×1 · 1×4
/// let inner = Mat::compose(wide, tall); // 1×4 · 4×1
/// assert_eq!(outer.matrix(), nalgebra::DMatrix::from_element(4, 4, 2.0));
/// assert_eq!(inner.matrix()[(0, 0)], 8.0);
/// assert_eq!(inner.cost(Association::Cheapest), 4);
/// ```
pub struct MatMap<S, A, B> {
    rows: usize,
    cols: usize,
    /// The factors in application order: `factors[0]` is applied first (the rightmost).
    factors: Vec<Rc<DMatrix<S>>>,
    types: PhantomData<fn(A) -> B>,
}

impl<S, A, B> Clone for MatMap<S, A, B> {
    fn clone(&self) -> Self {
        MatMap {
            rows: self.rows,
            cols: self.cols,
            factors: self.factors.clone(),
            types: PhantomData,
        }
    }
}

impl<S, A, B> fmt::Debug for MatMap<S, A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "MatMap<{} ⤳ {}>({}×{}, a chain of {})",
            std::any::type_name::<A>(),
            std::any::type_name::<B>(),
            self.rows,
            self.cols,
            self.factors.len()
        )
    }
}

/// The dimension of `A`, which `Mat` needs from the type alone.
fn dim<A: Additive>() -> usize {
    A::DIM.unwrap_or_else(|| {
        panic!(
            "Mat builds matrices from types, but the dimension of `{}` is known only at run time: \
             use fixed-size objects (scalars, tuples, arrays, SVector) with Mat, or a function \
             representation (AddFun, Dual<AddFun>) for run-time-length data",
            std::any::type_name::<A>()
        )
    })
}

impl<S: Scalar + RealField, A: Additive, B: Additive> MatMap<S, A, B> {
    /// The linear map whose matrix is `m`.
    ///
    /// # Panics
    ///
    /// If `m` is not `dim B × dim A`, or either dimension is not static; the message names the
    /// shapes or the type.
    ///
    /// ```
    /// use catad::interpretations::MatMap;
    /// let f = MatMap::<f64, (f64, f64), f64>::new(nalgebra::DMatrix::from_row_slice(1, 2, &[1.0, 2.0]));
    /// assert_eq!(f.shape(), (1, 2));
    /// ```
    pub fn new(m: DMatrix<S>) -> Self {
        let expected = (dim::<B>(), dim::<A>());
        assert!(
            m.shape() == expected,
            "MatMap::new: a {}×{} matrix cannot represent a linear map from dimension {} to \
             dimension {} (expected {}×{})",
            m.nrows(),
            m.ncols(),
            expected.1,
            expected.0,
            expected.0,
            expected.1
        );
        Self::dense(m)
    }

    /// The one-factor chain of `m`, whose shape the caller has checked.
    fn dense(m: DMatrix<S>) -> Self {
        MatMap {
            rows: m.nrows(),
            cols: m.ncols(),
            factors: vec![Rc::new(m)],
            types: PhantomData,
        }
    }

    /// The identity of dimension `n`: the empty chain.
    fn identity(n: usize) -> Self {
        MatMap {
            rows: n,
            cols: n,
            factors: Vec::new(),
            types: PhantomData,
        }
    }

    /// `(dim b, dim a)`: the shape of the matrix.
    ///
    /// ```
    /// use catad::interpretations::Mat;
    /// use catad::prelude::*;
    /// assert_eq!(Mat::<f64>::exl::<[f64; 2], f64>().shape(), (2, 3));
    /// ```
    pub fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The number of matrices in the chain.
    ///
    /// ```
    /// use catad::interpretations::Mat;
    /// use catad::prelude::*;
    /// assert_eq!(Mat::<f64>::id::<f64>().chain_len(), 0);
    /// assert_eq!(Mat::compose(Mat::scale(2.0), Mat::scale(3.0)).chain_len(), 2);
    /// ```
    pub fn chain_len(&self) -> usize {
        self.factors.len()
    }

    /// The dimensions `p₀, …, pₖ` of the chain written left to right, `Mᵢ` being `pᵢ₋₁ × pᵢ`.
    fn dims(&self) -> Vec<usize> {
        let mut p: Vec<usize> = self.factors.iter().rev().map(|m| m.nrows()).collect();
        p.push(self.cols);
        p
    }

    /// The number of scalar multiplications that multiplying the chain out in `association`
    /// takes.
    ///
    /// ```
    /// use catad::interpretations::{Association, Mat};
    /// use catad::prelude::*;
    /// use catad::space::Arr;
    /// // 1×3 · 3×3 · 3×3, a gradient's shape: from the left, two row-vector products (9 + 9);
    /// // from the right, a 3×3 product first (27 + 9).
    /// let double = || Mat::<f64>::fmap(Arr::<3>, Mat::scale(2.0));
    /// let f = Mat::compose(Mat::jam_i::<f64>(Arr::<3>), Mat::compose(double(), double()));
    /// assert_eq!(f.cost(Association::Left), 18);
    /// assert_eq!(f.cost(Association::Right), 36);
    /// assert_eq!(f.cost(Association::Cheapest), 18);
    /// ```
    pub fn cost(&self, association: Association) -> usize {
        let p = self.dims();
        let k = self.factors.len();
        match association {
            _ if k < 2 => 0,
            Association::Left => (2..=k).map(|t| p[0] * p[t - 1] * p[t]).sum(),
            Association::Right => (1..k).map(|t| p[t - 1] * p[t] * p[k]).sum(),
            Association::Cheapest => cheapest(&p).0[0][k - 1],
        }
    }

    /// The matrix, the chain multiplied out in `association`.
    ///
    /// ```
    /// use catad::interpretations::{Association, Mat};
    /// use catad::prelude::*;
    /// let f = Mat::<f64>::compose(Mat::jam(), Mat::dup::<f64>());
    /// assert_eq!(f.product(Association::Left), f.product(Association::Right));
    /// assert_eq!(f.product(Association::Left)[(0, 0)], 2.0);
    /// ```
    pub fn product(&self, association: Association) -> DMatrix<S> {
        let left_to_right: Vec<&DMatrix<S>> = self.factors.iter().rev().map(|m| &**m).collect();
        match (association, left_to_right.as_slice()) {
            (_, []) => DMatrix::identity(self.rows, self.cols),
            (_, [m]) => (*m).clone(),
            (Association::Left, [first, second, rest @ ..]) => rest
                .iter()
                .fold(times(first, second), |acc, m| times(&acc, m)),
            (Association::Right, [init @ .., last_but_one, last]) => init
                .iter()
                .rev()
                .fold(times(last_but_one, last), |acc, m| times(m, &acc)),
            (Association::Cheapest, _) => {
                let (_, split) = cheapest(&self.dims());
                multiply(&left_to_right, &split, 0, left_to_right.len() - 1).into_owned()
            }
        }
    }

    /// The matrix, multiplied out in the cheapest association.
    ///
    /// ```
    /// use catad::interpretations::Mat;
    /// use catad::prelude::*;
    /// let swap = Mat::<f64>::swap::<f64, f64>().matrix();
    /// assert_eq!(swap, nalgebra::DMatrix::from_row_slice(2, 2, &[0.0, 1.0, 1.0, 0.0]));
    /// ```
    pub fn matrix(&self) -> DMatrix<S> {
        self.product(Association::Cheapest)
    }

    /// `M · x`, applying the chain factor by factor (matrix–vector products only).
    fn apply(&self, x: DVector<S>) -> DVector<S> {
        self.factors.iter().fold(x, |x, m| &**m * x)
    }

    /// `Mᵀ · y`, applying the transposed chain factor by factor.
    fn apply_transpose(&self, y: DVector<S>) -> DVector<S> {
        self.factors.iter().rev().fold(y, |y, m| m.tr_mul(&y))
    }
}

/// The cheapest association of the chain with dimensions `p` (Cormen et al. §15.2): the costs
/// `m[i][j]` of the sub-chains `Mᵢ₊₁ ⋯ Mⱼ₊₁` and the split points that achieve them.
fn cheapest(p: &[usize]) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let k = p.len() - 1;
    let mut cost = vec![vec![0; k]; k];
    let mut split = vec![vec![0; k]; k];
    for len in 2..=k {
        for i in 0..=k - len {
            let j = i + len - 1;
            let (best, at) = (i..j)
                .map(|s| (cost[i][s] + cost[s + 1][j] + p[i] * p[s + 1] * p[j + 1], s))
                .min()
                .expect("a chain of two or more matrices has a split");
            cost[i][j] = best;
            split[i][j] = at;
        }
    }
    (cost, split)
}

/// The product of `factors[i..=j]` in the association recorded in `split` (a single factor is
/// borrowed, not copied).
fn multiply<'a, S: Scalar + RealField>(
    factors: &[&'a DMatrix<S>],
    split: &[Vec<usize>],
    i: usize,
    j: usize,
) -> Cow<'a, DMatrix<S>> {
    if i == j {
        Cow::Borrowed(factors[i])
    } else {
        let s = split[i][j];
        Cow::Owned(times(
            &multiply(factors, split, i, s),
            &multiply(factors, split, s + 1, j),
        ))
    }
}

/// The rows of a left factor up to which nalgebra multiplies column by column (`gemv`) instead of
/// calling its blocked `gemm`.
const FEW_ROWS: usize = 5;

/// `a · b`. When `a` has few rows (a row vector, say), nalgebra's product runs one matrix–vector
/// product per column of `b`; computing it as `(aᵀ)ᵀ b`, dot products of contiguous columns, is an
/// order of magnitude faster.
fn times<S: Scalar + RealField>(a: &DMatrix<S>, b: &DMatrix<S>) -> DMatrix<S> {
    if a.nrows() <= FEW_ROWS {
        a.transpose().tr_mul(b)
    } else {
        a * b
    }
}

/// The block-diagonal matrix of the given blocks.
fn block_diagonal<S: Scalar + RealField>(blocks: &[DMatrix<S>]) -> DMatrix<S> {
    let rows = blocks.iter().map(DMatrix::nrows).sum();
    let cols = blocks.iter().map(DMatrix::ncols).sum();
    let mut m = DMatrix::zeros(rows, cols);
    let (mut r, mut c) = (0, 0);
    for b in blocks {
        m.view_mut((r, c), b.shape()).copy_from(b);
        r += b.nrows();
        c += b.ncols();
    }
    m
}

/// The blocks stacked vertically (`△`); they share their number of columns.
fn stack<S: Scalar + RealField>(cols: usize, blocks: &[DMatrix<S>]) -> DMatrix<S> {
    let rows = blocks.iter().map(DMatrix::nrows).sum();
    let mut m = DMatrix::zeros(rows, cols);
    let mut r = 0;
    for b in blocks {
        m.view_mut((r, 0), b.shape()).copy_from(b);
        r += b.nrows();
    }
    m
}

/// The blocks side by side (`▽`); they share their number of rows.
fn juxtapose<S: Scalar + RealField>(rows: usize, blocks: &[DMatrix<S>]) -> DMatrix<S> {
    stack(
        rows,
        &blocks.iter().map(DMatrix::transpose).collect::<Vec<_>>(),
    )
    .transpose()
}

/// The `d × total` matrix `[0 I 0]` with the identity at column `offset`: a projection.
fn select<S: Scalar + RealField>(d: usize, total: usize, offset: usize) -> DMatrix<S> {
    let mut m = DMatrix::zeros(d, total);
    m.view_mut((0, offset), (d, d)).fill_with_identity();
    m
}

/// `[I I ⋯ I]`, `n` identity blocks of dimension `d` side by side: the sum of `n` vectors.
fn repeat<S: Scalar + RealField>(n: usize, d: usize) -> DMatrix<S> {
    juxtapose(d, &vec![DMatrix::identity(d, d); n])
}

impl<S: Scalar + RealField> Category for Mat<S> {
    type Hom<A: Additive, B: Additive> = MatMap<S, A, B>;

    fn id<A: Additive>() -> MatMap<S, A, A> {
        MatMap::identity(dim::<A>())
    }

    /// Concatenates the chains, multiplying them out (cheapest first) past [`MAX_CHAIN`].
    fn compose<A: Additive, B: Additive, C: Additive>(
        g: MatMap<S, B, C>,
        f: MatMap<S, A, B>,
    ) -> MatMap<S, A, C> {
        let mut factors = f.factors;
        factors.extend(g.factors);
        let chain = MatMap {
            rows: g.rows,
            cols: f.cols,
            factors,
            types: PhantomData,
        };
        if chain.factors.len() > MAX_CHAIN {
            MatMap::dense(chain.matrix())
        } else {
            chain
        }
    }
}

/// `f × g` is the block-diagonal matrix `[F 0; 0 G]`.
impl<S: Scalar + RealField> Monoidal for Mat<S> {
    fn cross<A: Additive, B: Additive, C: Additive, D: Additive>(
        f: MatMap<S, A, C>,
        g: MatMap<S, B, D>,
    ) -> MatMap<S, (A, B), (C, D)> {
        MatMap::dense(block_diagonal(&[f.matrix(), g.matrix()]))
    }
}

/// `exl = [I 0]`, `exr = [0 I]`, `dup = [I; I]`; `f △ g` stacks `F` over `G` (§8).
impl<S: Scalar + RealField> Cartesian for Mat<S> {
    fn exl<A: Additive, B: Additive>() -> MatMap<S, (A, B), A> {
        MatMap::dense(select(dim::<A>(), dim::<(A, B)>(), 0))
    }
    fn exr<A: Additive, B: Additive>() -> MatMap<S, (A, B), B> {
        MatMap::dense(select(dim::<B>(), dim::<(A, B)>(), dim::<A>()))
    }
    fn dup<A: Additive>() -> MatMap<S, A, (A, A)> {
        MatMap::dense(repeat(2, dim::<A>()).transpose())
    }
    fn it<A: Additive>() -> MatMap<S, A, ()> {
        MatMap::dense(DMatrix::zeros(0, dim::<A>()))
    }

    fn fork<A: Additive, C: Additive, D: Additive>(
        f: MatMap<S, A, C>,
        g: MatMap<S, A, D>,
    ) -> MatMap<S, A, (C, D)> {
        MatMap::dense(stack(f.cols, &[f.matrix(), g.matrix()]))
    }
}

/// `inl = [I; 0]`, `inr = [0; I]`, `jam = [I I]`; `f ▽ g` puts `F` beside `G` (§8).
impl<S: Scalar + RealField> Cocartesian for Mat<S> {
    fn inl<A: Additive, B: Additive>() -> MatMap<S, A, (A, B)> {
        MatMap::dense(select(dim::<A>(), dim::<(A, B)>(), 0).transpose())
    }
    fn inr<A: Additive, B: Additive>() -> MatMap<S, B, (A, B)> {
        MatMap::dense(select(dim::<B>(), dim::<(A, B)>(), dim::<A>()).transpose())
    }
    fn jam<A: Additive>() -> MatMap<S, (A, A), A> {
        MatMap::dense(repeat(2, dim::<A>()))
    }
    fn ini<A: Additive>() -> MatMap<S, (), A> {
        MatMap::dense(DMatrix::zeros(dim::<A>(), 0))
    }

    fn join<A: Additive, B: Additive, C: Additive>(
        f: MatMap<S, A, C>,
        g: MatMap<S, B, C>,
    ) -> MatMap<S, (A, B), C> {
        MatMap::dense(juxtapose(f.rows, &[f.matrix(), g.matrix()]))
    }
}

/// `scale s` is the 1×1 matrix `[s]`.
impl<S: Scalar + RealField> Scalable<S> for Mat<S> {
    fn scale(s: S) -> MatMap<S, S, S> {
        MatMap::dense(DMatrix::from_element(1, 1, s))
    }
}

/// `crossI` is block-diagonal.
impl<S: Scalar + RealField, H: Container> MonoidalI<H> for Mat<S> {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<MatMap<S, A, B>>,
    ) -> MatMap<S, H::Obj<A>, H::Obj<B>> {
        let blocks: Vec<DMatrix<S>> = h.items(&fs).iter().map(MatMap::matrix).collect();
        MatMap::dense(block_diagonal(&blocks))
    }
}

/// `exI[i] = [0 ⋯ I ⋯ 0]`, `replI = [I; ⋯; I]`; `forkI` stacks.
impl<S: Scalar + RealField, H: Container> CartesianI<H> for Mat<S> {
    fn ex_i<A: Additive>(h: H) -> H::Of<MatMap<S, H::Obj<A>, A>> {
        let (n, d) = (h.size(), dim::<A>());
        h.tabulate(|i| MatMap::dense(select(d, n * d, i * d)))
    }
    fn repl_i<A: Additive>(h: H) -> MatMap<S, A, H::Obj<A>> {
        MatMap::dense(repeat(h.size(), dim::<A>()).transpose())
    }
    fn ex_at<A: Additive>(h: H, i: usize) -> MatMap<S, H::Obj<A>, A> {
        let (n, d) = (h.size(), dim::<A>());
        MatMap::dense(select(d, n * d, i * d))
    }

    fn fork_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<MatMap<S, A, B>>,
    ) -> MatMap<S, A, H::Obj<B>> {
        let blocks: Vec<DMatrix<S>> = h.items(&fs).iter().map(MatMap::matrix).collect();
        MatMap::dense(stack(dim::<A>(), &blocks))
    }
}

/// `inI[i] = [0; ⋯; I; ⋯; 0]`, `jamI = [I ⋯ I]`; `joinI` juxtaposes.
impl<S: Scalar + RealField, H: Container> CocartesianI<H> for Mat<S> {
    fn in_i<A: Additive>(h: H) -> H::Of<MatMap<S, A, H::Obj<A>>> {
        let (n, d) = (h.size(), dim::<A>());
        h.tabulate(|i| MatMap::dense(select(d, n * d, i * d).transpose()))
    }
    fn jam_i<A: Additive>(h: H) -> MatMap<S, H::Obj<A>, A> {
        MatMap::dense(repeat(h.size(), dim::<A>()))
    }
    fn in_at<A: Additive>(h: H, i: usize) -> MatMap<S, A, H::Obj<A>> {
        let (n, d) = (h.size(), dim::<A>());
        MatMap::dense(select(d, n * d, i * d).transpose())
    }

    fn join_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<MatMap<S, A, B>>,
    ) -> MatMap<S, H::Obj<A>, B> {
        let blocks: Vec<DMatrix<S>> = h.items(&fs).iter().map(MatMap::matrix).collect();
        MatMap::dense(juxtapose(dim::<B>(), &blocks))
    }
}

/// The Jacobian of the final state with respect to `(e, (s₀, xs))`, built step by step: the state's
/// matrix `J` starts as `[0 I 0]` and each step's `[Fₑ F_s F_a]` makes it
/// `Fₑ [I 0 0] + F_s J + F_a [0 0 selᵢ]`.
impl<S: Scalar + RealField, H: Container> FoldI<H> for Mat<S> {
    fn fold_i<E: Additive, T: Additive, A: Additive>(
        h: H,
        fs: H::Of<MatMap<S, ((E, T), A), T>>,
    ) -> MatMap<S, (E, (T, H::Obj<A>)), T> {
        MatMap::dense(fold_matrix(
            h.items(&fs).iter().map(MatMap::matrix),
            (dim::<E>(), dim::<T>(), dim::<A>()),
            h.size(),
        ))
    }
}

/// The transpose of the fold of the transposed steps.
impl<S: Scalar + RealField, H: Container> UnfoldI<H> for Mat<S> {
    fn unfold_i<E: Additive, T: Additive, A: Additive>(
        h: H,
        gs: H::Of<MatMap<S, T, ((E, T), A)>>,
    ) -> MatMap<S, T, (E, (T, H::Obj<A>))> {
        let folded = fold_matrix(
            h.items(&gs).iter().map(|g| g.matrix().transpose()),
            (dim::<E>(), dim::<T>(), dim::<A>()),
            h.size(),
        );
        MatMap::dense(folded.transpose())
    }
}

/// The matrix of `fold_i` over `n` steps with the given matrices, for an environment, a state and
/// elements of dimensions `(e, t, a)`.
fn fold_matrix<S: Scalar + RealField>(
    steps: impl Iterator<Item = DMatrix<S>>,
    (e, t, a): (usize, usize, usize),
    n: usize,
) -> DMatrix<S> {
    let width = e + t + n * a;
    let mut j = DMatrix::zeros(t, width);
    j.view_mut((0, e), (t, t)).fill_with_identity();
    for (i, f) in steps.enumerate() {
        let mut next = f.columns(e, t) * &j;
        let mut env = next.view_mut((0, 0), (t, e));
        env += f.columns(0, e);
        let mut element = next.view_mut((0, e + t + i * a), (t, a));
        element += f.columns(e + t, a);
        j = next;
    }
    j
}

/// `zipI` is the permutation matrix that interleaves the blocks of the two vectors.
impl<S: Scalar + RealField, H: Container> ZipI<H> for Mat<S> {
    fn zip_i<A: Additive, B: Additive>(h: H) -> MatMap<S, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        MatMap::dense(interleave(h.size(), dim::<A>(), dim::<B>()))
    }
    fn unzip_i<A: Additive, B: Additive>(
        h: H,
    ) -> MatMap<S, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        MatMap::dense(interleave(h.size(), dim::<A>(), dim::<B>()).transpose())
    }
}

/// The permutation taking `(x₀ ⋯ xₙ₋₁, y₀ ⋯ yₙ₋₁)` to `(x₀, y₀, ⋯, xₙ₋₁, yₙ₋₁)`, for blocks `xᵢ`
/// of dimension `a` and `yᵢ` of dimension `b`.
fn interleave<S: Scalar + RealField>(n: usize, a: usize, b: usize) -> DMatrix<S> {
    let mut m = DMatrix::zeros(n * (a + b), n * (a + b));
    for i in 0..n {
        m.view_mut((i * (a + b), i * a), (a, a))
            .fill_with_identity();
        m.view_mut((i * (a + b) + a, n * a + i * b), (b, b))
            .fill_with_identity();
    }
    m
}

/// The matrix itself: `forward` and `transpose` multiply the chain into a vector, factor by
/// factor, and `to_matrix` multiplies it out in the cheapest association, without sampling a
/// basis.
impl<S: Scalar + RealField> LinearMap<S> for Mat<S> {
    fn forward<A: Space<S>, B: Space<S>>(f: &MatMap<S, A, B>, da: &A, b: &B) -> B {
        b.with_coords(f.apply(DVector::from_vec(da.coords())).as_slice())
    }

    fn transpose<A: Space<S>, B: Space<S>>(f: &MatMap<S, A, B>, db: &B, a: &A) -> A {
        a.with_coords(f.apply_transpose(DVector::from_vec(db.coords())).as_slice())
    }

    fn from_matrix<A: Space<S>, B: Space<S>>(m: DMatrix<S>, a: &A, b: &B) -> MatMap<S, A, B> {
        check_shape(&m, a, b);
        MatMap::dense(m)
    }

    fn to_matrix<A: Space<S>, B: Space<S>>(f: &MatMap<S, A, B>, _a: &A, _b: &B) -> DMatrix<S> {
        f.matrix()
    }
}

/// A matrix is built from coordinates, which a map given by its actions on any vectors has not:
/// `D<Mat<S>>` stages a loop element by element.
impl<S: Scalar + RealField> LoopLinear for Mat<S> {}

/// The matrix of a map given by its action: its columns are the images of the domain's basis.
/// Both objects must have static dimensions, as everywhere in `Mat`.
impl<S: Scalar + RealField> LinearCat<S> for Mat<S> {
    fn linear<A: Space<S>, B: Space<S>>(f: Rc<dyn LinearFn<A, B>>) -> MatMap<S, A, B> {
        let (rows, cols) = (dim::<B>(), dim::<A>());
        let columns: Vec<Vec<S>> = A::zero()
            .basis()
            .iter()
            .map(|e| f.apply(e).coords())
            .collect();
        MatMap::dense(DMatrix::from_fn(rows, cols, |i, j| columns[j][i]))
    }
}

/// A matrix is data: it is made at once.
impl<S: Scalar + RealField> LazyCat for Mat<S> {
    fn lazy<A: Additive, B: Additive>(thunk: Rc<dyn Fn() -> MatMap<S, A, B>>) -> MatMap<S, A, B> {
        thunk()
    }
}

/// `reprC` and `abstC` are identity matrices: an object has the coordinates of its representation.
impl<S: Scalar + RealField> RepCat for Mat<S> {
    fn repr_c<A: HasRep>() -> MatMap<S, A, A::Rep> {
        MatMap::identity(dim::<A>())
    }
    fn abst_c<A: HasRep>() -> MatMap<S, A::Rep, A> {
        MatMap::identity(dim::<A>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interpretations::{AddFun, D};
    use crate::prelude::*;
    use crate::space::{Arr, SVec, VecLen};
    use crate::vocabulary::{FloatingCat, dot};
    use nalgebra::{SVector, Vector3};

    type M = Mat<f64>;

    fn chain(dims: &[usize]) -> MatMap<f64, f64, f64> {
        let factors = dims
            .windows(2)
            .rev()
            .enumerate()
            .map(|(k, w)| {
                Rc::new(DMatrix::from_fn(w[0], w[1], |i, j| {
                    (1 + i + 2 * j + k) as f64
                }))
            })
            .collect();
        MatMap {
            rows: dims[0],
            cols: dims[dims.len() - 1],
            factors,
            types: PhantomData,
        }
    }

    #[test]
    fn the_cheapest_association_is_found_from_the_sizes() {
        // 10×100 · 100×5 · 5×50: ((M₁ M₂) M₃) costs 7500, (M₁ (M₂ M₃)) costs 75000.
        let c = chain(&[10, 100, 5, 50]);
        assert_eq!(c.cost(Association::Left), 7_500);
        assert_eq!(c.cost(Association::Right), 75_000);
        assert_eq!(c.cost(Association::Cheapest), 7_500);
        // 50×5 · 5×100 · 100×10 is the mirror image.
        let c = chain(&[50, 5, 100, 10]);
        assert_eq!(c.cost(Association::Cheapest), c.cost(Association::Right));
        // Neither pure association is cheapest here.
        let c = chain(&[40, 2, 40, 40, 2, 40]);
        let best = c.cost(Association::Cheapest);
        assert!(best < c.cost(Association::Left) && best < c.cost(Association::Right));
    }

    #[test]
    fn every_association_gives_the_same_product() {
        let c = chain(&[3, 7, 2, 5, 4]);
        let left = c.product(Association::Left);
        assert!((c.product(Association::Right) - &left).norm() < 1e-9 * left.norm());
        assert!((c.product(Association::Cheapest) - &left).norm() < 1e-9 * left.norm());
    }

    #[test]
    fn mat_is_a_functor_from_additive_functions() {
        let f = M::fork(M::scale(2.0), M::compose(M::scale(3.0), M::scale(-1.0)));
        let g = M::join(M::scale(5.0), M::id());
        let g_f = M::compose(g.clone(), f.clone());
        assert_eq!(g_f.matrix(), g.matrix() * f.matrix());
        let add = AddFun::compose(
            AddFun::join(AddFun::scale(5.0), AddFun::id()),
            AddFun::fork(AddFun::scale(2.0), AddFun::scale(-3.0)),
        );
        assert_eq!(g_f.matrix(), AddFun::to_matrix(&add, &0.0, &0.0));
    }

    #[test]
    fn long_chains_are_multiplied_out() {
        let f = (0..40).fold(M::id(), |acc, _| M::compose(M::scale(1.5), acc));
        assert!(f.chain_len() <= MAX_CHAIN);
        assert!((f.matrix()[(0, 0)] - 1.5_f64.powi(40)).abs() < 1e-6);
    }

    #[test]
    fn the_jacobian_of_d_mat_is_the_one_of_every_other_representation() {
        let f = crate::paper::cos_sin_prod::<D<M>, f64>();
        let x = (0.3, -1.2);
        let reference = jacobian(&crate::paper::cos_sin_prod::<Forward, f64>(), x);
        assert!((jacobian(&f, x) - reference).norm() < 1e-14);
    }

    /// `(u, v) ↦ ⟨u, v⟩ · tanh ⟨u, u⟩` over `SVec<3>`.
    fn program<K>() -> Hom<K, (Vector3<f64>, Vector3<f64>), f64>
    where
        K: CocartesianI<SVec<3>> + ZipI<SVec<3>> + Cartesian + FloatingCat<f64>,
    {
        let uv = dot::<K, SVec<3>, f64>(SVec);
        let uu = K::compose(dot::<K, SVec<3>, f64>(SVec), K::fork(K::exl(), K::exl()));
        K::compose(K::mul_c(), K::fork(uv, K::compose(K::tanh_c(), uu)))
    }

    #[test]
    fn indexed_programs_have_the_same_jacobian_in_mat() {
        let x = (Vector3::new(0.1, -0.4, 0.3), Vector3::new(1.0, 2.0, -0.5));
        let reference = jacobian(&program::<Reverse>(), x);
        assert!((jacobian(&program::<D<M>>(), x) - &reference).norm() < 1e-14);
        assert!((jacobian(&program::<Forward>(), x) - reference).norm() < 1e-14);
    }

    #[test]
    fn indexed_primitives_are_the_matrices_of_the_additive_functions() {
        let h = VecLen(3);
        let a = vec![0.0; 3];
        let zip_add = AddFun::to_matrix(
            &AddFun::zip_i::<f64, f64>(h),
            &(a.clone(), a.clone()),
            &vec![(0.0, 0.0); 3],
        );
        assert_eq!(M::zip_i::<f64, f64>(h).matrix(), zip_add);
        let jam_add = AddFun::to_matrix(&AddFun::jam_i::<f64>(h), &a, &0.0);
        assert_eq!(M::jam_i::<f64>(h).matrix(), jam_add);
        let ex_add = AddFun::to_matrix(&AddFun::ex_i::<f64>(h)[2], &a, &0.0);
        assert_eq!(M::ex_i::<f64>(h)[2].matrix(), ex_add);
        let repl = M::repl_i::<(f64, f64)>(Arr::<2>).matrix();
        let expected = [1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0];
        assert_eq!(repl, DMatrix::from_row_slice(4, 2, &expected));
    }

    #[test]
    fn forward_and_transpose_are_adjoint() {
        let f = program::<D<M>>();
        let x = (Vector3::new(0.2, 0.1, -0.7), Vector3::new(0.5, -1.0, 2.0));
        let (_, df) = f.linearize(x);
        let da = (Vector3::new(1.0, 2.0, 3.0), Vector3::new(-1.0, 0.5, 0.25));
        let db = 0.75;
        let lhs = db * M::forward(&df, &da, &0.0);
        let rhs = M::transpose(&df, &db, &x).dot(&da);
        assert!((lhs - rhs).abs() < 1e-14);
    }

    #[test]
    #[should_panic(expected = "the dimension of `alloc::vec::Vec<f64>` is known only at run time")]
    fn run_time_shaped_objects_are_refused_by_name() {
        M::id::<Vec<f64>>();
    }

    #[test]
    #[should_panic(
        expected = "a 2×2 matrix cannot represent a linear map from dimension 3 to dimension 1"
    )]
    fn new_checks_the_shape() {
        MatMap::<f64, SVector<f64, 3>, f64>::new(DMatrix::zeros(2, 2));
    }
}
