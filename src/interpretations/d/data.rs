//! `D`'s reading of data: `Fun`'s value and a zero derivative, as nothing is differentiated with
//! respect to data.

use super::DMap;
use super::loops::without_derivative;
use crate::interpretations::{D, Fun};
use crate::space::{Additive, Data};
use crate::vocabulary::{Cartesian, Cocartesian, DataCat};

/// Data carry no derivative: each operation's is zero, so a reverse pass through `data_at`
/// allocates nothing the size of the data set.
impl<K: Cartesian + Cocartesian> DataCat for D<K> {
    fn read<T: Additive>() -> DMap<K, Data<T>, T> {
        without_derivative(Fun::read())
    }
    fn data_len<T: Additive>() -> DMap<K, Data<Vec<T>>, usize> {
        without_derivative(Fun::data_len())
    }
    fn data_at<T: Additive>() -> DMap<K, (Data<Vec<T>>, usize), T> {
        without_derivative(Fun::data_at())
    }
    fn zip_len() -> DMap<K, (usize, usize), usize> {
        without_derivative(Fun::zip_len())
    }
}
