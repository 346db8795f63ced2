//! Sparse Hessians: the entries a sparsity pattern allows, from as few Hessian-vector products as
//! the pattern has colours — one product for a diagonal Hessian, whatever its size.

use super::gradient_of;
use crate::ad;
use crate::interpretations::{AddFun, D, DMap};
use crate::space::{Rescale, Space};
use crate::staged::{Sym, Value};
use crate::vocabulary::{LinearMap, PrimitiveCat};
use nalgebra::DMatrix;
use std::rc::Rc;

/// Which entries of an `n × n` Hessian may be nonzero: a symmetric pattern (an entry `(i, j)`
/// brings `(j, i)`), held by columns.
///
/// Its [`colours`](Sparsity::colours) group the columns that share no row: the sum of a group's
/// unit vectors, multiplied by the Hessian, holds each of the group's entries alone in its row.
///
/// ```
/// use catad::nested::Sparsity;
/// // A tridiagonal pattern of size 5: columns 0 and 3 share no row, nor 1 and 4.
/// let band = Sparsity::new(5, (0..4).map(|i| (i, i + 1)).chain((0..5).map(|i| (i, i))));
/// assert_eq!(band.colours(), vec![vec![0, 3], vec![1, 4], vec![2]]);
/// assert_eq!(Sparsity::diagonal(1000).colours().len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sparsity {
    /// For each column, the rows where it may be nonzero, in increasing order.
    columns: Vec<Vec<usize>>,
}

impl Sparsity {
    /// The pattern of size `n` with the entries `entries` and their mirror images.
    ///
    /// # Panics
    ///
    /// If an entry lies outside `n × n`, naming the entry and `n`.
    ///
    /// ```
    /// use catad::nested::Sparsity;
    /// let p = Sparsity::new(3, [(0, 2)]);
    /// assert_eq!(p.rows(2), &[0]);
    /// assert_eq!(p.rows(1), &[] as &[usize]);
    /// ```
    pub fn new(n: usize, entries: impl IntoIterator<Item = (usize, usize)>) -> Sparsity {
        let mut columns = vec![Vec::new(); n];
        for (i, j) in entries {
            assert!(
                i < n && j < n,
                "catad::nested::Sparsity: the entry ({i}, {j}) lies outside a {n} × {n} Hessian"
            );
            columns[j].push(i);
            columns[i].push(j);
        }
        for rows in &mut columns {
            rows.sort_unstable();
            rows.dedup();
        }
        Sparsity { columns }
    }

    /// The diagonal pattern of size `n`: a Hessian whose coordinates do not interact.
    ///
    /// ```
    /// use catad::nested::Sparsity;
    /// assert_eq!(Sparsity::diagonal(2), Sparsity::new(2, [(0, 0), (1, 1)]));
    /// ```
    pub fn diagonal(n: usize) -> Sparsity {
        Sparsity::new(n, (0..n).map(|i| (i, i)))
    }

    /// The full pattern of size `n`: every entry may be nonzero (one colour per column).
    ///
    /// ```
    /// use catad::nested::Sparsity;
    /// assert_eq!(Sparsity::dense(3).colours().len(), 3);
    /// ```
    pub fn dense(n: usize) -> Sparsity {
        Sparsity::new(n, (0..n).flat_map(|i| (0..n).map(move |j| (i, j))))
    }

    /// The size `n` of the `n × n` Hessians the pattern is for.
    ///
    /// ```
    /// use catad::nested::Sparsity;
    /// assert_eq!(Sparsity::diagonal(4).dim(), 4);
    /// ```
    pub fn dim(&self) -> usize {
        self.columns.len()
    }

    /// The rows where column `j` may be nonzero, in increasing order.
    ///
    /// ```
    /// use catad::nested::Sparsity;
    /// assert_eq!(Sparsity::dense(3).rows(1), &[0, 1, 2]);
    /// ```
    pub fn rows(&self, j: usize) -> &[usize] {
        &self.columns[j]
    }

    /// The columns in groups that share no row, greedily in column order: a column takes the
    /// first group none of whose columns shares a row with it.
    ///
    /// ```
    /// use catad::nested::Sparsity;
    /// // An arrow: the last coordinate interacts with every other.
    /// let arrow = Sparsity::new(4, (0..4).map(|i| (i, 3)).chain((0..4).map(|i| (i, i))));
    /// assert_eq!(arrow.colours(), vec![vec![0], vec![1], vec![2], vec![3]]);
    /// ```
    pub fn colours(&self) -> Vec<Vec<usize>> {
        let n = self.dim();
        let mut colour = vec![usize::MAX; n];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        // `taken[c] == j` marks colour c as used by a neighbour of column j.
        let mut taken: Vec<usize> = Vec::new();
        for j in 0..n {
            for &i in &self.columns[j] {
                for &l in &self.columns[i] {
                    if colour[l] != usize::MAX {
                        taken[colour[l]] = j;
                    }
                }
            }
            let c = (0..groups.len())
                .find(|&c| taken[c] != j)
                .unwrap_or_else(|| {
                    groups.push(Vec::new());
                    taken.push(usize::MAX);
                    groups.len() - 1
                });
            colour[j] = c;
            groups[c].push(j);
        }
        groups
    }
}

/// A Hessian's entries on a [`Sparsity`] pattern, recovered from Hessian-vector products; zero
/// outside it.
///
/// ```
/// use catad::nested::{SparseHessian, Sparsity};
/// // H = [[2, 1, 0], [1, 4, 0], [0, 0, 6]], as products H · v.
/// let h = [[2.0, 1.0, 0.0], [1.0, 4.0, 0.0], [0.0, 0.0, 6.0]];
/// let product = |v: &[f64]| (0..3).map(|i| (0..3).map(|j| h[i][j] * v[j]).sum()).collect();
/// let sparsity = Sparsity::new(3, [(0, 0), (0, 1), (1, 1), (2, 2)]);
/// let s = SparseHessian::by_products(sparsity, product);
/// assert_eq!((s.get(0, 1), s.get(2, 2), s.get(0, 2)), (1.0, 6.0, 0.0));
/// assert_eq!(s.diagonal(), vec![2.0, 4.0, 6.0]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SparseHessian {
    sparsity: Sparsity,
    /// For each column, its entries in the rows `sparsity.rows(j)`.
    values: Vec<Vec<f64>>,
}

impl SparseHessian {
    /// The entries on `sparsity` of the Hessian `H` whose products `H · v` `product` computes:
    /// one product per colour of the pattern, with the sum of the colour's unit vectors.
    ///
    /// The entries outside the pattern must be zero. Where a product shows one that is not (a
    /// nonzero in a row that none of the colour's columns may reach), this panics naming the
    /// row and the columns; an entry missing from the pattern in a row that is reached cannot be
    /// told from the entry there, and is added to it.
    ///
    /// # Panics
    ///
    /// If a product's length is not the pattern's size (naming both), or shows an entry outside
    /// the pattern.
    ///
    /// ```
    /// use catad::nested::{SparseHessian, Sparsity};
    /// // The Hessian of Σ xᵢ³ is diag(6 xᵢ): one product with (1, 1, 1) gives it.
    /// let x = [1.0, 2.0, 3.0];
    /// let mut products = 0;
    /// let s = SparseHessian::by_products(Sparsity::diagonal(3), |v| {
    ///     products += 1;
    ///     x.iter().zip(v).map(|(x, v)| 6.0 * x * v).collect()
    /// });
    /// assert_eq!((s.diagonal(), products), (vec![6.0, 12.0, 18.0], 1));
    /// ```
    pub fn by_products(
        sparsity: Sparsity,
        mut product: impl FnMut(&[f64]) -> Vec<f64>,
    ) -> SparseHessian {
        let n = sparsity.dim();
        let mut values: Vec<Vec<f64>> = sparsity
            .columns
            .iter()
            .map(|rows| vec![0.0; rows.len()])
            .collect();
        for group in sparsity.colours() {
            let mut v = vec![0.0; n];
            for &j in &group {
                v[j] = 1.0;
            }
            let p = product(&v);
            assert_eq!(
                p.len(),
                n,
                "catad::nested::SparseHessian: a Hessian-vector product has {} coordinates, the \
                 sparsity pattern {n}",
                p.len()
            );
            let mut reached = vec![false; n];
            for &j in &group {
                for (k, &i) in sparsity.columns[j].iter().enumerate() {
                    values[j][k] = p[i];
                    reached[i] = true;
                }
            }
            if let Some(i) = (0..n).find(|&i| !reached[i] && p[i] != 0.0) {
                panic!(
                    "catad::nested::SparseHessian: the Hessian has a nonzero entry ({}) in row {i} \
                     among the columns {group:?}, where the sparsity pattern has none",
                    p[i]
                );
            }
        }
        SparseHessian { sparsity, values }
    }

    /// The pattern the entries are on.
    ///
    /// ```
    /// use catad::nested::{SparseHessian, Sparsity};
    /// let s = SparseHessian::by_products(Sparsity::diagonal(2), |v| v.to_vec());
    /// assert_eq!(s.sparsity(), &Sparsity::diagonal(2));
    /// ```
    pub fn sparsity(&self) -> &Sparsity {
        &self.sparsity
    }

    /// The entry `(i, j)`: zero outside the pattern.
    ///
    /// ```
    /// use catad::nested::{SparseHessian, Sparsity};
    /// let s = SparseHessian::by_products(Sparsity::diagonal(2), |v| vec![3.0 * v[0], 5.0 * v[1]]);
    /// assert_eq!((s.get(1, 1), s.get(0, 1)), (5.0, 0.0));
    /// ```
    pub fn get(&self, i: usize, j: usize) -> f64 {
        self.sparsity.columns[j]
            .binary_search(&i)
            .map_or(0.0, |k| self.values[j][k])
    }

    /// The diagonal `(H₀₀, H₁₁, …)`.
    ///
    /// ```
    /// use catad::nested::{SparseHessian, Sparsity};
    /// let s = SparseHessian::by_products(Sparsity::diagonal(2), |v| vec![3.0 * v[0], 5.0 * v[1]]);
    /// assert_eq!(s.diagonal(), vec![3.0, 5.0]);
    /// ```
    pub fn diagonal(&self) -> Vec<f64> {
        (0..self.sparsity.dim()).map(|i| self.get(i, i)).collect()
    }

    /// The Hessian as a dense matrix.
    ///
    /// ```
    /// use catad::nested::{SparseHessian, Sparsity};
    /// let s = SparseHessian::by_products(Sparsity::diagonal(2), |v| vec![3.0 * v[0], 5.0 * v[1]]);
    /// assert_eq!(s.to_dense().as_slice(), &[3.0, 0.0, 0.0, 5.0]);
    /// ```
    pub fn to_dense(&self) -> DMatrix<f64> {
        let n = self.sparsity.dim();
        DMatrix::from_fn(n, n, |i, j| self.get(i, j))
    }
}

/// The Hessian of a scalar program `f` at `a` on the pattern `sparsity`: `f`'s gradient staged
/// once, and one forward-mode Hessian-vector product of it per colour of the pattern (see
/// [`SparseHessian::by_products`]) — for a diagonal Hessian, one product at any size.
///
/// # Panics
///
/// If the pattern's size is not `a`'s dimension (naming both), or a product shows an entry
/// outside the pattern.
///
/// ```
/// use catad::prelude::*;
/// use catad::nested::{Sparsity, sparse_hessian};
/// // magSqr a b = a² + b²: its Hessian 2·I, read from one product.
/// let h = sparse_hessian(&catad::paper::mag_sqr::<Reverse, _>(), (3.0, 4.0), Sparsity::diagonal(2));
/// assert_eq!(h.diagonal(), vec![2.0, 2.0]);
/// ```
pub fn sparse_hessian<K, A>(f: &DMap<K, A, Sym>, a: Value<A>, sparsity: Sparsity) -> SparseHessian
where
    K: LinearMap<Sym>,
    A: Rescale<Sym>,
{
    assert_eq!(
        sparsity.dim(),
        a.dim(),
        "catad::nested::sparse_hessian: the sparsity pattern is {n} × {n}, the point has {} \
         coordinates",
        a.dim(),
        n = sparsity.dim(),
    );
    ad::check_input("sparse_hessian", &a);
    let g = <D<AddFun> as PrimitiveCat<f64>>::primitive(Rc::new(gradient_of::<f64, K, A>(f)));
    // The gradient linearized once; each colour's product is its derivative's action.
    let (gradient, dg) = g.linearize(a.clone());
    SparseHessian::by_products(sparsity, |v| {
        AddFun::forward(&dg, &a.with_coords(v), &gradient).coords()
    })
}
