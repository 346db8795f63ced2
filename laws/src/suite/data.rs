//! The suite of the data laws: data sets of up to `MAX_LENGTH` random elements, read by random
//! programs.

use super::check::{Checkable, Laws, defined};
use crate::At;
use crate::data;
use crate::program::{Field, Pt, RandomProgram, Vocabulary, over};
use catad::prelude::*;

/// The laws of [`DataCat`] in `K` ([`crate::data`]), an element read by random programs of `V`,
/// over the scalar `S`: reading is `Fun`'s reading of the plain vector, and an element read from
/// data is a constant.
///
/// ```
/// use catad::prelude::*;
/// use catad_laws::program::Nonlinear;
/// catad_laws::suite::data::<Reverse, Nonlinear, f64>();
/// ```
pub fn data<K: Checkable<V, S> + Program<S>, V: Vocabulary, S: Scalar>() {
    let laws = Laws::of::<K, V>().over::<S>();
    laws.check(
        data::read_is_the_value::<K, S, (S, [S; 2])>,
        |law, a: Pt<(f64, [f64; 2])>| Some(law(&At::point(over(&a.0)))),
    );
    laws.check(
        data::data_at_is_index_v::<K, S, S>,
        |law, (xs, i): (Pt<Vec<f64>>, usize)| {
            let n = xs.0.len();
            defined(n > 0, || law(&At::point(over(&(xs.0, i % n)))))
        },
    );
    laws.check(
        data::data_len_is_len_v::<K, S, S>,
        |law, xs: Pt<Vec<f64>>| Some(law(&over::<_, S>(&xs.0))),
    );
    laws.check(data::zip_len_of_equal_lengths::<K, S>, |law, n: u8| {
        Some(law(usize::from(n)))
    });
    laws.check(
        data::read_element_is_constant::<K, S, S, S, S>,
        |law, (f, e, xs, i): (Field<V>, Pt<f64>, Pt<Vec<f64>>, usize)| {
            let (e, xs) = (e.0, xs.0);
            let i = i % xs.len().max(1);
            let read = xs.get(i).and_then(|x| f.eval(&(e, *x)));
            defined(read.is_some(), || {
                law(f.interpret_over::<K, S>(), &At::point(over(&((e, xs), i))))
            })
        },
    );
}
