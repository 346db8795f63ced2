//! Products: the unit space `()`, 1-tuples and pairs, componentwise. Longer tuples are objects
//! through their pairs (the `tuple` module).
//!
//! ```
//! use catad::space::{Additive, Space};
//! assert_eq!(<() as Space<f64>>::dim(&()), 0);
//! let v = (1.0_f32, (2.0_f32, 3.0_f32));
//! assert_eq!(v.plus(&v), (2.0, (4.0, 6.0)));
//! assert_eq!(v.dot(&v), 14.0);
//! ```

use super::{Additive, Scalar, Space, dim_sum};
use crate::staged::{Sym, SymCoords, part};

impl Additive for () {
    const DIM: Option<usize> = Some(0);
    fn zero() -> Self {}
    fn plus(&self, _: &Self) -> Self {}
    fn symbolic() -> Option<SymCoords<()>> {
        Some(SymCoords::of())
    }
}

impl<S: Scalar> Space<S> for () {
    fn scale(&self, _: S) -> Self {}
    fn dot(&self, _: &Self) -> S {
        S::zero()
    }
    fn dim(&self) -> usize {
        0
    }
    fn push_coords(&self, _: &mut Vec<S>) {}
    fn read_coords(&self, _: &mut dyn Iterator<Item = S>) -> Self {}
}

macro_rules! tuple_space {
    ($($t:ident $i:tt),+) => {
        impl<$($t: Additive),+> Additive for ($($t,)+) {
            const DIM: Option<usize> = {
                let dim = Some(0);
                $(let dim = dim_sum(dim, $t::DIM);)+
                dim
            };
            const COMPONENTS: Option<usize> = {
                let n = Some(0);
                $(let n = dim_sum(n, $t::COMPONENTS);)+
                n
            };
            fn zero() -> Self {
                ($($t::zero(),)+)
            }
            fn plus(&self, other: &Self) -> Self {
                ($(self.$i.plus(&other.$i),)+)
            }
            fn plus_assign(&mut self, other: &Self) {
                $(self.$i.plus_assign(&other.$i);)+
            }
            fn plus_owned(self, other: Self) -> Self {
                ($(self.$i.plus_owned(other.$i),)+)
            }
            fn symbolic() -> Option<SymCoords<Self>> {
                fn push_as<$($t: Additive),+>(
                    x: &($($t,)+),
                    shape: &($($t,)+),
                    out: &mut Vec<Sym>,
                ) {
                    $(part::<$t>().push_as(&x.$i, &shape.$i, out);)+
                }
                fn read<$($t: Additive),+>(
                    shape: &($($t,)+),
                    coords: &mut dyn Iterator<Item = Sym>,
                ) -> ($($t,)+) {
                    ($(part::<$t>().read(&shape.$i, coords),)+)
                }
                $($t::symbolic()?;)+
                Some(SymCoords::new(push_as::<$($t),+>, read::<$($t),+>))
            }
        }

        impl<S: Scalar, $($t: Space<S>),+> Space<S> for ($($t,)+) {
            fn scale(&self, s: S) -> Self {
                ($(self.$i.scale(s),)+)
            }
            fn dot(&self, other: &Self) -> S {
                S::zero()$(.plus(&self.$i.dot(&other.$i)))+
            }
            fn dim(&self) -> usize {
                0 $(+ self.$i.dim())+
            }
            fn push_coords(&self, out: &mut Vec<S>) {
                $(self.$i.push_coords(out);)+
            }
            fn push_coords_as(&self, shape: &Self, out: &mut Vec<S>) {
                $(self.$i.push_coords_as(&shape.$i, out);)+
            }
            fn read_coords(&self, coords: &mut dyn Iterator<Item = S>) -> Self {
                ($(self.$i.read_coords(coords),)+)
            }
            fn push_components(&self, out: &mut Vec<S>) {
                $(self.$i.push_components(out);)+
            }
            fn read_components(&self, components: &mut dyn Iterator<Item = S>) -> Self {
                ($(self.$i.read_components(components),)+)
            }
        }
    };
}

tuple_space!(A 0);
tuple_space!(A 0, B 1);
