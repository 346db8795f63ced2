//! The training examples' models, written with `#[catad::program]` (`examples/models/*.rs`),
//! agree with the hand-written combinator programs they replaced: the same mean squared error and
//! the same gradient, in every mode, at several parameter points.

#[path = "../../examples/models/perceptron.rs"]
mod perceptron;
#[path = "../../examples/models/regression.rs"]
mod regression;

use crate::macro_support::close;
use catad::interpretations::D;
use catad::prelude::*;

/// The hand-written combinator programs the examples used before the macro.
mod by_hand {
    use super::{perceptron, regression};
    use catad::prelude::*;
    use catad::space::{Arr, SVec, VecLen};
    use std::marker::PhantomData;

    /// A hidden layer's vector.
    type Hidden = [f64; perceptron::HIDDEN];

    /// The rows of `W₁`.
    type Rows = [[f64; 2]; perceptron::HIDDEN];

    /// The representation of `Mlp`: `(w₁, (b₁, (w₂, b₂)))`.
    type Rep = (Rows, (Hidden, (Hidden, f64)));

    /// The hand-written losses in the category `K`, which has what they use.
    pub struct Losses<K>(PhantomData<K>);

    impl<K> Losses<K>
    where
        K: CartesianI<VecLen>
            + CocartesianI<VecLen>
            + CocartesianI<SVec<3>>
            + CocartesianI<Arr<{ perceptron::HIDDEN }>>
            + ZipI<Arr<{ perceptron::HIDDEN }>>
            + CocartesianI<Arr<2>>
            + Cartesian
            + FloatingCat<f64>
            + Scalable<f64>
            + RepCat,
    {
        /// `(1/n) · sum ∘ forkI fs`: the mean of `fs`.
        fn mean<A: Additive>(fs: Vec<Hom<K, A, f64>>) -> Hom<K, A, f64> {
            let h = VecLen(fs.len());
            let scale = K::scale(1.0 / fs.len() as f64);
            K::compose(K::compose(scale, K::jam_i(h)), K::fork_i(h, fs))
        }

        /// `(⟨w, x⟩ + b − y)²`: one sample's squared error, with `⟨·, x⟩` a constant linear
        /// functional.
        fn regression_error(s: &regression::Sample) -> Hom<K, regression::Linear, f64> {
            let prediction = K::compose(
                K::add_c(),
                K::cross(dot_with::<K, SVec<3>, f64>(SVec, &s.x), K::id()),
            );
            let error = K::compose(K::sub_c(), K::fork(prediction, K::const_c(s.y)));
            let square = K::compose(K::mul_c(), K::dup());
            K::compose(square, K::compose(error, K::repr_c::<regression::Linear>()))
        }

        /// The mean squared error of linear regression over `data`.
        pub fn regression_loss(data: &[regression::Sample]) -> Hom<K, regression::Linear, f64> {
            Self::mean(data.iter().map(Self::regression_error).collect())
        }

        /// One sample's squared error `(ŷ − y)²` for the perceptron.
        fn perceptron_error(s: &perceptron::Sample) -> Hom<K, perceptron::Mlp, f64> {
            let h = Arr::<{ perceptron::HIDDEN }>;
            // The fields, as projections out of the representation.
            let rest = || K::exr::<Rows, (Hidden, (Hidden, f64))>();
            let tail = || K::compose(K::exr::<Hidden, (Hidden, f64)>(), rest());
            let w1 = K::exl::<Rows, (Hidden, (Hidden, f64))>();
            let b1 = K::compose(K::exl::<Hidden, (Hidden, f64)>(), rest());
            let w2 = K::compose(K::exl::<Hidden, f64>(), tail());
            let b2 = K::compose(K::exr::<Hidden, f64>(), tail());
            // W₁ x + b₁, with ⟨row, x⟩ for every row (x a constant), then tanh.
            let w1x = K::compose(K::fmap(h, dot_with::<K, Arr<2>, f64>(Arr, &s.x)), w1);
            let add = zip_with::<K, Arr<{ perceptron::HIDDEN }>, f64, f64, f64>(h, K::add_c());
            let hidden = K::compose(K::fmap(h, K::tanh_c()), K::compose(add, K::fork(w1x, b1)));
            // ⟨w₂, hidden⟩ + b₂ − y, squared.
            let w2_hidden = K::compose(
                dot::<K, Arr<{ perceptron::HIDDEN }>, f64>(h),
                K::fork(w2, hidden),
            );
            let output = K::compose(K::add_c(), K::fork(w2_hidden, b2));
            let error = K::compose(K::sub_c(), K::fork(output, K::const_c::<Rep>(s.y)));
            let square = K::compose(K::mul_c(), K::dup());
            K::compose(K::compose(square, error), K::repr_c::<perceptron::Mlp>())
        }

        /// The mean squared error of the perceptron over `data`.
        pub fn perceptron_loss(data: &[perceptron::Sample]) -> Hom<K, perceptron::Mlp, f64> {
            Self::mean(data.iter().map(Self::perceptron_error).collect())
        }
    }
}

/// The loss of `$model` written with the macro (`$model::loss`) and by hand
/// (`by_hand::Losses::$by_hand`), generic functions of the category and the data, agree over
/// `$data` in value and gradient at each point `$point`: for each, a module `$name` with one test
/// per mode, so that the slow modes (ForwardBegin's gradient samples every direction, each through
/// nested beginnings) run in parallel.
macro_rules! losses_agree {
    ($model:ident, $by_hand:ident, $data:expr, $($name:ident: $point:expr),+ $(,)?) => {
        $(
            test_in_every_mode!($name, |K, mode| {
                let (data, p) = ($data, $point);
                let m = $model::loss::<D<K>>(&data);
                let h = by_hand::Losses::<D<K>>::$by_hand(&data);
                let (vm, gm) = vjp(&m, p.clone(), 1.0);
                let (vh, gh) = vjp(&h, p.clone(), 1.0);
                assert!(close(&[vm], &[vh]), "{mode} at {p:?}: loss {vm} vs {vh}");
                let (gm, gh) = (gm.coords(), gh.coords());
                assert!(
                    close(&gm, &gh),
                    "{mode} at {p:?}: gradient {gm:?} vs {gh:?}"
                );
            });
        )+
    };
}

/// The linear regression's loss over 16 samples, at zero, at half the truth and away from it.
mod the_regression_loss_agrees_with_the_combinators {
    use super::*;

    losses_agree!(
        regression,
        regression_loss,
        regression::data(16, 2018),
        at_zero: regression::Linear::zero(),
        at_half_the_truth: regression::truth().scale(0.5),
        away_from_the_truth: regression::truth().plus(&regression::Linear {
            w: nalgebra::Vector3::new(-0.25, 1.5, 2.0),
            b: -1.0,
        }),
    );
}

/// The perceptron's loss over 2 samples, at two initialisations and a scaled one.
mod the_perceptron_loss_agrees_with_the_combinators {
    use super::*;

    losses_agree!(
        perceptron,
        perceptron_loss,
        perceptron::data(2, 2018),
        at_init_7: perceptron::init(7),
        at_init_11: perceptron::init(11),
        at_init_7_scaled_by_minus_2: perceptron::init(7).scale(-2.0),
    );
}
