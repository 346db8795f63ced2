//! `D`'s indexed-biproduct instances (paper Fig. 13): the container's functions paired with `K`'s
//! linear maps, and the sum of a vector as `jamI`.
//!
//! ```
//! use catad::prelude::*;
//! use catad::space::VecLen;
//!
//! // ‖v‖² = ⟨v, v⟩ on a run-time-length vector, differentiated in four representations.
//! fn norm_sqr<K: CocartesianI<VecLen> + ZipI<VecLen> + Cartesian + NumCat<f64>>(
//!     n: usize,
//! ) -> Hom<K, Vec<f64>, f64> {
//!     K::compose(dot::<K, VecLen, f64>(VecLen(n)), K::dup())
//! }
//! let v = vec![1.0, 2.0, 3.0];
//! let twice = vec![2.0, 4.0, 6.0];
//! assert_eq!(gradient(&norm_sqr::<Reverse>(3), v.clone()), twice);
//! assert_eq!(gradient(&norm_sqr::<Forward>(3), v.clone()), twice);
//! assert_eq!(gradient(&norm_sqr::<ReverseCont<f64>>(3), v.clone()), twice);
//! assert_eq!(gradient(&norm_sqr::<ForwardBegin<f64>>(3), v), twice);
//! ```

use super::{D, DMap, linear};
use crate::space::{Additive, Container};
use crate::vocabulary::{CartesianI, CocartesianI, FoldI, Hom, MonoidalI, SumCat, ZipI};

/// Fig. 13: `crossI fs = D (second crossI ∘ unzip ∘ crossI (fmap unD fs))`.
impl<K: MonoidalI<H>, H: Container> MonoidalI<H> for D<K> {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<DMap<K, A, B>>,
    ) -> DMap<K, H::Obj<A>, H::Obj<B>> {
        DMap::new(move |xs: H::Obj<A>| {
            h.check_exact(&xs);
            let mut derivatives: Vec<Hom<K, A, B>> = Vec::with_capacity(h.size());
            let values = h.zip_apply(&fs, &xs, |f: &DMap<K, A, B>, x: A| {
                let (b, df) = f.linearize(x);
                derivatives.push(df);
                b
            });
            (values, K::cross_i::<A, B>(h, h.collect(derivatives)))
        })
    }
}

/// Fig. 13: `exI = zipWith linearD exI exI`, `replI = linearD replI replI`.
impl<K: CartesianI<H>, H: Container> CartesianI<H> for D<K> {
    fn ex_i<A: Additive>(h: H) -> H::Of<DMap<K, H::Obj<A>, A>> {
        let derivatives = K::ex_i::<A>(h);
        let derivatives = h.items(&derivatives);
        h.tabulate(|i| {
            linear::<K, H::Obj<A>, A>(
                move |xs: H::Obj<A>| exact_index(h, &xs, i),
                derivatives[i].clone(),
            )
        })
    }
    fn repl_i<A: Additive>(h: H) -> DMap<K, A, H::Obj<A>> {
        linear::<K, A, H::Obj<A>>(move |a: A| h.replicate(&a), K::repl_i::<A>(h))
    }
    fn ex_at<A: Additive>(h: H, i: usize) -> DMap<K, H::Obj<A>, A> {
        linear::<K, H::Obj<A>, A>(
            move |xs: H::Obj<A>| exact_index(h, &xs, i),
            K::ex_at::<A>(h, i),
        )
    }
}

/// Fig. 13: `inI = zipWith linearD inI inI`, `jamI = linearD sum jamI`.
impl<K: CocartesianI<H>, H: Container> CocartesianI<H> for D<K> {
    fn in_i<A: Additive>(h: H) -> H::Of<DMap<K, A, H::Obj<A>>> {
        let derivatives = K::in_i::<A>(h);
        let derivatives = h.items(&derivatives);
        h.tabulate(|i| {
            linear::<K, A, H::Obj<A>>(move |a: A| h.inject(i, &a), derivatives[i].clone())
        })
    }
    fn jam_i<A: Additive>(h: H) -> DMap<K, H::Obj<A>, A> {
        linear::<K, H::Obj<A>, A>(move |xs: H::Obj<A>| h.sum(&xs), K::jam_i::<A>(h))
    }
    fn in_at<A: Additive>(h: H, i: usize) -> DMap<K, A, H::Obj<A>> {
        linear::<K, A, H::Obj<A>>(move |a: A| h.inject(i, &a), K::in_at::<A>(h, i))
    }
}

/// `foldI fs`: each step linearized at its own point, in order, the environment lent to steps
/// that borrow (`DMap::fold_steps`); the derivative is `K`'s fold of the steps' derivatives.
impl<K: FoldI<H>, H: Container> FoldI<H> for D<K> {
    fn fold_i<E: Additive, S: Additive, A: Additive>(
        h: H,
        fs: H::Of<DMap<K, ((E, S), A), S>>,
    ) -> DMap<K, (E, (S, H::Obj<A>)), S> {
        DMap::new(move |(e, (s, xs)): (E, (S, H::Obj<A>))| {
            h.check_exact(&xs);
            let xs = h.elements(&xs);
            let steps = h.items(&fs).iter().zip(xs.iter().cloned());
            let (s, derivatives) = DMap::fold_steps(steps, e, s);
            (s, K::fold_i(h, h.collect(derivatives)))
        })
    }
}

/// `zipI` and `unzipI` are linear: `linearD zip zipI`, `linearD unzip unzipI`.
impl<K: ZipI<H>, H: Container> ZipI<H> for D<K> {
    fn zip_i<A: Additive, B: Additive>(h: H) -> DMap<K, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        linear::<K, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>(
            move |(xs, ys): (H::Obj<A>, H::Obj<B>)| {
                h.check_exact(&xs);
                h.check_exact(&ys);
                h.zip(&xs, &ys)
            },
            K::zip_i::<A, B>(h),
        )
    }
    fn unzip_i<A: Additive, B: Additive>(h: H) -> DMap<K, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        linear::<K, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>(
            move |pairs: H::Obj<(A, B)>| {
                h.check_exact(&pairs);
                h.unzip(&pairs)
            },
            K::unzip_i::<A, B>(h),
        )
    }
}

/// `sum_c = jamI`: the sum is linear, its own derivative.
impl<K: CocartesianI<H>, H: Container> SumCat<H> for D<K> {
    /// `jamI`, on an input of the shape's length.
    fn sum_c<A: Additive>(h: H) -> Hom<Self, H::Obj<A>, A> {
        linear::<K, H::Obj<A>, A>(
            move |xs: H::Obj<A>| {
                h.check_exact(&xs);
                h.sum(&xs)
            },
            K::jam_i::<A>(h),
        )
    }
}

/// Element `i` of a program's input, which must have the shape's length.
fn exact_index<H: Container, A: Additive>(h: H, xs: &H::Obj<A>, i: usize) -> A {
    h.check_exact(xs);
    h.index(xs, i)
}

#[cfg(test)]
mod tests {
    use crate::interpretations::{AddFun, Cont, Dual};
    use crate::prelude::*;
    use crate::space::{Arr, DVecLen, SVec, VecLen};
    use crate::vocabulary::LinearMap;
    use crate::vocabulary::{Cartesian, FloatingCat, NumCat, zip_by_projections};
    use nalgebra::{DMatrix, DVector, Vector3};

    /// `x ↦ Σ exp [sin x, cos x, x²]`, through forkI, fmap and jamI.
    fn spread<K, H>(h: H) -> Hom<K, f64, f64>
    where
        K: CartesianI<H> + CocartesianI<H> + Cartesian + FloatingCat<f64>,
        H: Container,
    {
        let parts = [K::sin_c(), K::cos_c(), crate::paper::sqr::<K, f64>()];
        let fork = K::fork_i(h, h.collect(parts));
        K::compose(K::jam_i(h), K::compose(K::fmap(h, K::exp_c()), fork))
    }

    fn spread_derivative(x: f64) -> f64 {
        x.sin().exp() * x.cos() - x.cos().exp() * x.sin() + (x * x).exp() * 2.0 * x
    }

    #[test]
    fn every_representation_differentiates_indexed_programs_alike() {
        let x = 0.7;
        let expected = spread_derivative(x);
        let close = |d: f64| (d - expected).abs() < 1e-12;
        assert!(close(derivative(&spread::<Forward, _>(VecLen(3)), x)));
        assert!(close(derivative(&spread::<Reverse, _>(Arr::<3>), x)));
        assert!(close(derivative(
            &spread::<ReverseCont<f64>, _>(SVec::<3>),
            x
        )));
        assert!(close(derivative(
            &spread::<ForwardBegin<f64>, _>(DVecLen(3)),
            x
        )));
    }

    /// `(u, v) ↦ u ⊙ v`, elementwise product through zipWith.
    fn hadamard<K: MonoidalI<SVec<3>> + ZipI<SVec<3>> + NumCat<f64>>()
    -> Hom<K, (Vector3<f64>, Vector3<f64>), Vector3<f64>> {
        zip_with::<K, SVec<3>, f64, f64, f64>(SVec, K::mul_c())
    }

    #[test]
    fn the_jacobian_of_an_elementwise_product_is_two_diagonals() {
        let (u, v) = (Vector3::new(1.0, 2.0, 3.0), Vector3::new(4.0, 5.0, 6.0));
        let mut expected = DMatrix::zeros(3, 6);
        for i in 0..3 {
            expected[(i, i)] = v[i];
            expected[(i, 3 + i)] = u[i];
        }
        assert_eq!(jacobian(&hadamard::<Forward>(), (u, v)), expected);
        assert_eq!(jacobian(&hadamard::<Reverse>(), (u, v)), expected);
        assert_eq!(jacobian(&hadamard::<ReverseCont<f64>>(), (u, v)), expected);
        assert_eq!(jacobian(&hadamard::<ForwardBegin<f64>>(), (u, v)), expected);
    }

    #[test]
    fn zip_is_the_derived_zip() {
        let a = ([0.0; 3], [0.0; 3]);
        let direct = AddFun::to_matrix(&AddFun::zip_i::<f64, f64>(Arr::<3>), &a, &[(0.0, 0.0); 3]);
        let derived = zip_by_projections::<AddFun, Arr<3>, f64, f64>(Arr);
        assert_eq!(direct, AddFun::to_matrix(&derived, &a, &[(0.0, 0.0); 3]));
        let reverse = Dual::<AddFun>::zip_i::<f64, f64>(Arr::<3>);
        let reverse = Dual::<AddFun>::to_matrix(&reverse, &a, &[(0.0, 0.0); 3]);
        assert_eq!(direct, reverse);
    }

    #[test]
    fn gradients_of_run_time_vectors_have_their_length() {
        let d = dot::<Reverse, DVecLen, f64>(DVecLen(4));
        let u = DVector::from_vec(vec![1.0, 2.0, 3.0, 4.0]);
        let v = DVector::from_vec(vec![5.0, 6.0, 7.0, 8.0]);
        assert_eq!(gradient(&d, (u.clone(), v.clone())), (v, u));
    }

    #[test]
    fn inside_linear_maps_the_empty_vector_is_read_as_zeros() {
        // jamI, a linear map, takes the empty vector (the zero of every length) as zeros ...
        let s = Reverse::jam_i::<f64>(VecLen(3));
        assert_eq!(s.apply(Vec::new()), 0.0);
        // ... and so does the derivative of a projection, applied to a zero tangent.
        let ex = Reverse::ex_at::<f64>(VecLen(2), 1);
        assert_eq!(vjp(&ex, vec![1.0, 2.0], 1.0), (2.0, vec![0.0, 1.0]));
    }

    #[test]
    #[should_panic(expected = "a vector of length 0 where the program expects length 3")]
    fn an_empty_input_is_not_read_as_zeros() {
        // Σ exp(xᵢ)·xᵢ over a vector of length 3, given the empty vector: an error, not a gradient
        // at the zero vector.
        let body = Reverse::compose(
            Reverse::mul_c(),
            Reverse::fork(Reverse::exp_c(), Reverse::id::<f64>()),
        );
        let f = Reverse::compose(Reverse::sum_c(VecLen(3)), Reverse::fmap(VecLen(3), body));
        gradient(&f, Vec::new());
    }

    #[test]
    fn linear_maps_read_an_empty_zero_in_the_shape_of_its_place() {
        // Regression: `inr` puts the empty vector (the zero of every length) on the left; reading
        // the pair back by coordinates must give zeros in the left's shape, not shift the right's.
        let shape = (vec![0.0; 2], 0.0);
        let inr = AddFun::inr::<Vec<f64>, f64>();
        let expected = DMatrix::from_column_slice(3, 1, &[0.0, 0.0, 1.0]);
        assert_eq!(AddFun::to_matrix(&inr, &0.0, &shape), expected);
        // The same through continuations, whose transpose reads such pairs with from_matrix.
        type C = Cont<AddFun, f64>;
        let h = VecLen(1);
        let unzip = C::fork(
            C::fmap(h, C::exl::<f64, f64>()),
            C::fmap(h, C::exr::<f64, f64>()),
        );
        let m = C::to_matrix(&unzip, &vec![(0.0, 0.0)], &(vec![0.0], vec![0.0]));
        assert_eq!(m, DMatrix::identity(2, 2));
    }

    #[test]
    #[should_panic(expected = "a vector of length 3 where the program expects length 2")]
    fn a_vector_of_the_wrong_length_is_refused() {
        Forward::fmap(VecLen(2), Forward::sin_c()).apply(vec![1.0, 2.0, 3.0]);
    }

    #[test]
    #[should_panic(expected = "a collection of 2 items where the shape has length 3")]
    fn a_collection_of_the_wrong_length_is_refused() {
        Reverse::fork_i(VecLen(3), vec![Reverse::sin_c(), Reverse::cos_c()]).apply(1.0);
    }
}
