//! The indexed-biproduct instances (paper §15): functions and additive functions (Fig. 14), `D<K>`
//! (Fig. 13), `Dual<K>` (Fig. 15), and `Cont<K, R>` and `Begin<K, R>`, the instance the paper
//! leaves to the reader and its mirror image.
//!
//! Every instance but those of `Fun` and `AddFun` is the homomorphic image of its parameter's:
//! `D<K>` pairs the container's functions with `K`'s linear maps, `Dual<K>` swaps products and
//! coproducts, and `Cont<K, R>` (`Begin<K, R>`) conjugates `crossI` by `joinI`/`unjoinI`
//! (`forkI`/`unforkI`), as their binary `×` does.
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

use super::{AddFun, Begin, BeginMap, Cont, ContMap, D, DMap, Dual, Fun, Func, begin, cont};
use crate::category::{CartesianI, Category, CocartesianI, Hom, MonoidalI, ZipI};
use crate::space::{Additive, Container};

/// `crossI` for function-like categories: `fs[i]` on element `i`.
fn cross_fn<H: Container, A: Additive, B: Additive>(
    h: H,
    fs: H::Of<Func<A, B>>,
) -> Func<H::Obj<A>, H::Obj<B>> {
    Func::new(move |xs: H::Obj<A>| h.zip_apply(&fs, &xs, |f: &Func<A, B>, x: A| f.apply(x)))
}

/// `exI` for function-like categories: indexing.
fn ex_fn<H: Container, A: Additive>(h: H) -> H::Of<Func<H::Obj<A>, A>> {
    h.tabulate(|i| Func::new(move |xs: H::Obj<A>| h.index(&xs, i)))
}

/// `replI` for function-like categories: `point`.
fn repl_fn<H: Container, A: Additive>(h: H) -> Func<A, H::Obj<A>> {
    Func::new(move |a: A| h.replicate(&a))
}

/// `zipI` for function-like categories.
fn zip_fn<H: Container, A: Additive, B: Additive>(
    h: H,
) -> Func<(H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
    Func::new(move |(xs, ys): (H::Obj<A>, H::Obj<B>)| h.zip(&xs, &ys))
}

/// `unzipI` for function-like categories.
fn unzip_fn<H: Container, A: Additive, B: Additive>(
    h: H,
) -> Func<H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
    Func::new(move |pairs: H::Obj<(A, B)>| h.unzip(&pairs))
}

/// `crossI = zipWith id`.
impl<H: Container> MonoidalI<H> for Fun {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Func<A, B>>,
    ) -> Func<H::Obj<A>, H::Obj<B>> {
        cross_fn::<H, A, B>(h, fs)
    }
}

/// `exI = tabulate (flip index)`, `replI = point`.
impl<H: Container> CartesianI<H> for Fun {
    fn ex_i<A: Additive>(h: H) -> H::Of<Func<H::Obj<A>, A>> {
        ex_fn::<H, A>(h)
    }
    fn repl_i<A: Additive>(h: H) -> Func<A, H::Obj<A>> {
        repl_fn::<H, A>(h)
    }
}

impl<H: Container> ZipI<H> for Fun {
    fn zip_i<A: Additive, B: Additive>(h: H) -> Func<(H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        zip_fn::<H, A, B>(h)
    }
    fn unzip_i<A: Additive, B: Additive>(h: H) -> Func<H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        unzip_fn::<H, A, B>(h)
    }
}

/// Fig. 14: as for functions.
impl<H: Container> MonoidalI<H> for AddFun {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Func<A, B>>,
    ) -> Func<H::Obj<A>, H::Obj<B>> {
        cross_fn::<H, A, B>(h, fs)
    }
}

/// Fig. 14: as for functions.
impl<H: Container> CartesianI<H> for AddFun {
    fn ex_i<A: Additive>(h: H) -> H::Of<Func<H::Obj<A>, A>> {
        ex_fn::<H, A>(h)
    }
    fn repl_i<A: Additive>(h: H) -> Func<A, H::Obj<A>> {
        repl_fn::<H, A>(h)
    }
}

/// Fig. 14: `inI` puts its argument at one position and zeros elsewhere, `jamI = sum`.
impl<H: Container> CocartesianI<H> for AddFun {
    fn in_i<A: Additive>(h: H) -> H::Of<Func<A, H::Obj<A>>> {
        h.tabulate(|i| Func::new(move |a: A| h.inject(i, &a)))
    }
    fn jam_i<A: Additive>(h: H) -> Func<H::Obj<A>, A> {
        Func::new(move |xs: H::Obj<A>| h.sum(&xs))
    }
}

impl<H: Container> ZipI<H> for AddFun {
    fn zip_i<A: Additive, B: Additive>(h: H) -> Func<(H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        zip_fn::<H, A, B>(h)
    }
    fn unzip_i<A: Additive, B: Additive>(h: H) -> Func<H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        unzip_fn::<H, A, B>(h)
    }
}

/// `linearD f f' = D (λ a → (f a, f'))`: a linear map given by its function and its `K`-morphism.
fn linear_d<K: Category, A: Additive, B: Additive>(
    f: impl Fn(A) -> B + 'static,
    df: Hom<K, A, B>,
) -> DMap<K, A, B> {
    DMap::new(move |a: A| (f(a), df.clone()))
}

/// Fig. 13: `crossI fs = D (second crossI ∘ unzip ∘ crossI (fmap unD fs))`.
impl<K: MonoidalI<H>, H: Container> MonoidalI<H> for D<K> {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<DMap<K, A, B>>,
    ) -> DMap<K, H::Obj<A>, H::Obj<B>> {
        DMap::new(move |xs: H::Obj<A>| {
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
            linear_d::<K, H::Obj<A>, A>(
                move |xs: H::Obj<A>| h.index(&xs, i),
                derivatives[i].clone(),
            )
        })
    }
    fn repl_i<A: Additive>(h: H) -> DMap<K, A, H::Obj<A>> {
        linear_d::<K, A, H::Obj<A>>(move |a: A| h.replicate(&a), K::repl_i::<A>(h))
    }
}

/// Fig. 13: `inI = zipWith linearD inI inI`, `jamI = linearD sum jamI`.
impl<K: CocartesianI<H>, H: Container> CocartesianI<H> for D<K> {
    fn in_i<A: Additive>(h: H) -> H::Of<DMap<K, A, H::Obj<A>>> {
        let derivatives = K::in_i::<A>(h);
        let derivatives = h.items(&derivatives);
        h.tabulate(|i| {
            linear_d::<K, A, H::Obj<A>>(move |a: A| h.inject(i, &a), derivatives[i].clone())
        })
    }
    fn jam_i<A: Additive>(h: H) -> DMap<K, H::Obj<A>, A> {
        linear_d::<K, H::Obj<A>, A>(move |xs: H::Obj<A>| h.sum(&xs), K::jam_i::<A>(h))
    }
}

/// `zipI` and `unzipI` are linear: `linearD zip zipI`, `linearD unzip unzipI`.
impl<K: ZipI<H>, H: Container> ZipI<H> for D<K> {
    fn zip_i<A: Additive, B: Additive>(h: H) -> DMap<K, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        linear_d::<K, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>(
            move |(xs, ys): (H::Obj<A>, H::Obj<B>)| h.zip(&xs, &ys),
            K::zip_i::<A, B>(h),
        )
    }
    fn unzip_i<A: Additive, B: Additive>(h: H) -> DMap<K, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        linear_d::<K, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>(
            move |pairs: H::Obj<(A, B)>| h.unzip(&pairs),
            K::unzip_i::<A, B>(h),
        )
    }
}

/// Fig. 15: `crossI = Dual ∘ crossI ∘ fmap unDual`.
impl<K: MonoidalI<H>, H: Container> MonoidalI<H> for Dual<K> {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<Hom<K, B, A>>,
    ) -> Hom<K, H::Obj<B>, H::Obj<A>> {
        K::cross_i::<B, A>(h, fs)
    }
}

/// Fig. 15: `exI = fmap Dual inI`, `replI = Dual jamI`.
impl<K: CocartesianI<H>, H: Container> CartesianI<H> for Dual<K> {
    fn ex_i<A: Additive>(h: H) -> H::Of<Hom<K, A, H::Obj<A>>> {
        K::in_i::<A>(h)
    }
    fn repl_i<A: Additive>(h: H) -> Hom<K, H::Obj<A>, A> {
        K::jam_i::<A>(h)
    }
}

/// Fig. 15: `inI = fmap Dual exI`, `jamI = Dual replI`.
impl<K: CartesianI<H>, H: Container> CocartesianI<H> for Dual<K> {
    fn in_i<A: Additive>(h: H) -> H::Of<Hom<K, H::Obj<A>, A>> {
        K::ex_i::<A>(h)
    }
    fn jam_i<A: Additive>(h: H) -> Hom<K, A, H::Obj<A>> {
        K::repl_i::<A>(h)
    }
}

/// `zip` and `unzip` are each other's transposes: `zipI = Dual unzipI`, `unzipI = Dual zipI`.
impl<K: ZipI<H>, H: Container> ZipI<H> for Dual<K> {
    fn zip_i<A: Additive, B: Additive>(h: H) -> Hom<K, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        K::unzip_i::<A, B>(h)
    }
    fn unzip_i<A: Additive, B: Additive>(h: H) -> Hom<K, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        K::zip_i::<A, B>(h)
    }
}

/// `crossI fs = Cont (joinI ∘ crossI fs ∘ unjoinI)`: split the continuation of `h b` into one per
/// element, run each `fs[i]` on its own, and join the results, as the binary `×` does with
/// `join`/`unjoin`.
impl<K: CocartesianI<H>, R: Additive, H: Container> MonoidalI<H> for Cont<K, R> {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<ContMap<K, R, A, B>>,
    ) -> ContMap<K, R, H::Obj<A>, H::Obj<B>> {
        ContMap::new(move |k: Hom<K, H::Obj<B>, R>| {
            let ks = K::unjoin_i::<B, R>(h, k);
            let ks = h.items(&ks);
            let parts = h.items(&fs).iter().zip(ks).map(|(f, k)| f.apply(k.clone()));
            K::join_i::<A, R>(h, h.collect(parts))
        })
    }
}

/// `exI = fmap cont exI`, `replI = cont replI`.
impl<K: CartesianI<H> + CocartesianI<H>, R: Additive, H: Container> CartesianI<H> for Cont<K, R> {
    fn ex_i<A: Additive>(h: H) -> H::Of<ContMap<K, R, H::Obj<A>, A>> {
        h.map(&K::ex_i::<A>(h), |f| cont::<K, R, H::Obj<A>, A>(f.clone()))
    }
    fn repl_i<A: Additive>(h: H) -> ContMap<K, R, A, H::Obj<A>> {
        cont::<K, R, A, H::Obj<A>>(K::repl_i::<A>(h))
    }
}

/// `inI = fmap cont inI`, `jamI = cont jamI`.
impl<K: CocartesianI<H>, R: Additive, H: Container> CocartesianI<H> for Cont<K, R> {
    fn in_i<A: Additive>(h: H) -> H::Of<ContMap<K, R, A, H::Obj<A>>> {
        h.map(&K::in_i::<A>(h), |f| cont::<K, R, A, H::Obj<A>>(f.clone()))
    }
    fn jam_i<A: Additive>(h: H) -> ContMap<K, R, H::Obj<A>, A> {
        cont::<K, R, H::Obj<A>, A>(K::jam_i::<A>(h))
    }
}

/// `zipI = cont zipI`, `unzipI = cont unzipI`.
impl<K: ZipI<H>, R: Additive, H: Container> ZipI<H> for Cont<K, R> {
    fn zip_i<A: Additive, B: Additive>(
        h: H,
    ) -> ContMap<K, R, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        cont::<K, R, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>(K::zip_i::<A, B>(h))
    }
    fn unzip_i<A: Additive, B: Additive>(
        h: H,
    ) -> ContMap<K, R, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        cont::<K, R, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>(K::unzip_i::<A, B>(h))
    }
}

/// `crossI fs = Begin (forkI ∘ crossI fs ∘ unforkI)`: split the beginning of `h a` into one per
/// element, run each `fs[i]` on its own, and fork the results, as the binary `×` does with
/// `fork`/`unfork`.
impl<K: CartesianI<H>, R: Additive, H: Container> MonoidalI<H> for Begin<K, R> {
    fn cross_i<A: Additive, B: Additive>(
        h: H,
        fs: H::Of<BeginMap<K, R, A, B>>,
    ) -> BeginMap<K, R, H::Obj<A>, H::Obj<B>> {
        BeginMap::new(move |b: Hom<K, R, H::Obj<A>>| {
            let bs = K::unfork_i::<R, A>(h, b);
            let bs = h.items(&bs);
            let parts = h.items(&fs).iter().zip(bs).map(|(f, b)| f.apply(b.clone()));
            K::fork_i::<R, B>(h, h.collect(parts))
        })
    }
}

/// `exI = fmap begin exI`, `replI = begin replI`.
impl<K: CartesianI<H>, R: Additive, H: Container> CartesianI<H> for Begin<K, R> {
    fn ex_i<A: Additive>(h: H) -> H::Of<BeginMap<K, R, H::Obj<A>, A>> {
        h.map(&K::ex_i::<A>(h), |f| begin::<K, R, H::Obj<A>, A>(f.clone()))
    }
    fn repl_i<A: Additive>(h: H) -> BeginMap<K, R, A, H::Obj<A>> {
        begin::<K, R, A, H::Obj<A>>(K::repl_i::<A>(h))
    }
}

/// `inI = fmap begin inI`, `jamI = begin jamI`.
impl<K: CartesianI<H> + CocartesianI<H>, R: Additive, H: Container> CocartesianI<H>
    for Begin<K, R>
{
    fn in_i<A: Additive>(h: H) -> H::Of<BeginMap<K, R, A, H::Obj<A>>> {
        h.map(&K::in_i::<A>(h), |f| begin::<K, R, A, H::Obj<A>>(f.clone()))
    }
    fn jam_i<A: Additive>(h: H) -> BeginMap<K, R, H::Obj<A>, A> {
        begin::<K, R, H::Obj<A>, A>(K::jam_i::<A>(h))
    }
}

/// `zipI = begin zipI`, `unzipI = begin unzipI`.
impl<K: ZipI<H>, R: Additive, H: Container> ZipI<H> for Begin<K, R> {
    fn zip_i<A: Additive, B: Additive>(
        h: H,
    ) -> BeginMap<K, R, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>> {
        begin::<K, R, (H::Obj<A>, H::Obj<B>), H::Obj<(A, B)>>(K::zip_i::<A, B>(h))
    }
    fn unzip_i<A: Additive, B: Additive>(
        h: H,
    ) -> BeginMap<K, R, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)> {
        begin::<K, R, H::Obj<(A, B)>, (H::Obj<A>, H::Obj<B>)>(K::unzip_i::<A, B>(h))
    }
}

#[cfg(test)]
mod tests {
    use crate::category::{Cartesian, FloatingCat, NumCat, zip_by_projections};
    use crate::prelude::*;
    use crate::space::{Arr, DVecLen, SVec, VecLen};
    use nalgebra::{DMatrix, DVector, Vector3};

    /// `x ↦ Σ exp [sin x, cos x, x²]`, through forkI, fmap and jamI.
    fn spread<K, H>(h: H) -> Hom<K, f64, f64>
    where
        K: CartesianI<H> + CocartesianI<H> + Cartesian + FloatingCat<f64>,
        H: Container,
    {
        let parts = [K::sin_c(), K::cos_c(), crate::paper::sqr::<K, f64>()];
        let fork = K::fork_i(h, h.collect(parts));
        K::compose(
            sum::<K, H, f64>(h),
            K::compose(K::fmap(h, K::exp_c()), fork),
        )
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
    fn the_empty_vector_is_read_as_zeros() {
        let s = sum::<Reverse, VecLen, f64>(VecLen(3));
        assert_eq!(s.apply(Vec::new()), 0.0);
        let ex = Forward::ex_i::<f64>(VecLen(2));
        assert_eq!(ex[1].apply(Vec::new()), 0.0);
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
    #[should_panic(expected = "a Vec of length 3 where the shape has length 2")]
    fn a_vector_of_the_wrong_length_is_refused() {
        Forward::fmap(VecLen(2), Forward::sin_c()).apply(vec![1.0, 2.0, 3.0]);
    }

    #[test]
    #[should_panic(expected = "a collection of 2 items where the shape has length 3")]
    fn a_collection_of_the_wrong_length_is_refused() {
        Reverse::fork_i(VecLen(3), vec![Reverse::sin_c(), Reverse::cos_c()]).apply(1.0);
    }
}
