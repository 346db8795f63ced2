//! The laws of data ([`DataCat`]): reading a [`Data`] handle is reading the value it holds, and
//! nothing is differentiated with respect to it. Each compares observations ([`Observe`]): the
//! data side's domain has no coordinates, so in a derivative category its observation is the
//! value (and the derivative with respect to the other inputs), which `Fun`'s reading of the
//! plain vector must give.

use crate::{At, Observe, close_slices, same_at};
use catad::prelude::*;
use catad::space::Data;

/// `read (Data xs) = xs`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// assert!(catad_laws::data::read_is_the_value::<Reverse, f64, _>(&At::new(vec![1.0, 2.0], vec![0.0; 2])));
/// ```
pub fn read_is_the_value<K, S, T>(at: &At<T, T>) -> bool
where
    K: DataCat + Observe<S>,
    S: Scalar,
    T: Space<S>,
{
    close_slices(
        &K::observe(&K::read::<T>(), &Data::new(at.a.clone()), &at.b),
        &at.a.coords_as(&at.b),
    )
}

/// `data_at (Data xs, i) = index_v (xs, i)`, as `Fun` reads the plain vector.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let at = At::point((vec![1.0, 2.0, 3.0], 2_usize));
/// assert!(catad_laws::data::data_at_is_index_v::<Forward, f64, f64>(&at));
/// ```
pub fn data_at_is_index_v<K, S, A>(at: &At<(Vec<A>, usize), A>) -> bool
where
    K: DataCat + Observe<S>,
    S: Scalar,
    A: Space<S>,
{
    let (xs, i) = at.a.clone();
    close_slices(
        &K::observe(&K::data_at::<A>(), &(Data::new(xs), i), &at.b),
        &<Fun as Observe<S>>::observe(&Fun::index_v::<A>(), &at.a, &at.b),
    )
}

/// `data_len (Data xs) = len_v xs`, observed as a scalar (`ix_to_scalar`).
///
/// ```
/// use catad::prelude::*;
/// assert!(catad_laws::data::data_len_is_len_v::<Reverse, f64, f64>(&[1.0, 2.0]));
/// ```
pub fn data_len_is_len_v<K, S, A>(xs: &[A]) -> bool
where
    K: DataCat + IndexCat + Observe<S>,
    S: Scalar,
    A: Space<S>,
{
    let data = K::compose(K::ix_to_scalar::<S>(), K::data_len::<A>());
    let plain = Fun::compose(Fun::ix_to_scalar::<S>(), Fun::len_v::<A>());
    close_slices(
        &K::observe(&data, &Data::new(xs.to_vec()), &S::zero()),
        &<Fun as Observe<S>>::observe(&plain, &xs.to_vec(), &S::zero()),
    )
}

/// `zip_len (n, n) = n`, observed as a scalar.
///
/// ```
/// use catad::prelude::*;
/// assert!(catad_laws::data::zip_len_of_equal_lengths::<Forward, f64>(3));
/// ```
pub fn zip_len_of_equal_lengths<K, S>(n: usize) -> bool
where
    K: DataCat + IndexCat + Observe<S>,
    S: Scalar,
{
    let length = K::compose(K::ix_to_scalar::<S>(), K::zip_len());
    close_slices(
        &K::observe(&length, &(n, n), &S::zero()),
        &[S::from_f64(n as f64)],
    )
}

/// `f ∘ (exl ∘ exl △ data_at ∘ (exr ∘ exl △ exr)) = f ∘ (exl ∘ exl △ constant xs[i])` at
/// `((e, Data xs), i)`: an element read from data is the constant element, in value and in
/// derivative (with respect to `e`; the derivative with respect to data is zero). `at.a` is
/// `((e, xs), i)`.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::At;
/// let f = Reverse::mul_c();
/// let at = At::point(((2.0, vec![1.0, 5.0]), 1_usize));
/// assert!(catad_laws::data::read_element_is_constant::<Reverse, f64, f64, f64, f64>(f, &at));
/// ```
pub fn read_element_is_constant<K, S, E, A, B>(
    f: Hom<K, (E, A), B>,
    at: &At<((E, Vec<A>), usize), B>,
) -> bool
where
    K: DataCat + ConstantCat + Observe<S>,
    S: Scalar,
    E: Space<S>,
    A: Space<S>,
    B: Space<S>,
{
    let ((e, xs), i) = at.a.clone();
    let element = xs[i].clone();
    let env = || K::compose(K::exl(), K::exl::<(E, Data<Vec<A>>), usize>());
    let read = K::compose(
        K::data_at::<A>(),
        K::fork(K::compose(K::exr(), K::exl()), K::exr()),
    );
    let from_data = K::compose(f.clone(), K::fork(env(), read));
    let constant = K::compose(f, K::fork(env(), K::constant(element)));
    let at = At::new(((e, Data::new(xs)), i), at.b.clone());
    same_at::<K, S, _, B>(&from_data, &constant, &at)
}
