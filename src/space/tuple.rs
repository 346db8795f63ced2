//! Tuples of 3 to 12 components: objects through their representation, the left-nested pairs
//! `((T1, T2), T3)`, which is how a program of several parameters keeps them (`#[catad::program]`
//! takes its domain, the flat tuple, apart with `repr_c`). Their zero, addition, scaling, dot
//! product and coordinates are the pairs', in order.
//!
//! ```
//! use catad::space::{Additive, HasRep, Space};
//! let v = (1.0, 2.0, [3.0, 4.0]);
//! assert_eq!(v.repr(), ((1.0, 2.0), [3.0, 4.0]));
//! assert_eq!(v.plus(&v), (2.0, 4.0, [6.0, 8.0]));
//! assert_eq!(v.dot(&v), 30.0);
//! let w = (1.0_f32, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0);
//! assert_eq!(<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>::DIM, Some(12));
//! assert_eq!(w.scale(2.0).11, 24.0);
//! ```

use super::{Additive, HasRep};

/// The left-nested pairs of its arguments, as a type, an expression or a pattern:
/// `nested!(a, b, c)` is `((a, b), c)`.
macro_rules! nested {
    ($first:tt $(, $rest:tt)*) => { nested!(@ $first; $($rest),*) };
    (@ $acc:tt; ) => { $acc };
    (@ $acc:tt; $next:tt $(, $rest:tt)*) => { nested!(@ ($acc, $next); $($rest),*) };
}

macro_rules! tuple_rep {
    ($($t:ident $v:ident),+) => {
        /// A tuple is represented by the left-nested pairs of its components.
        impl<$($t: Additive),+> HasRep for ($($t,)+) {
            type Rep = nested!($($t),+);
            fn repr(self) -> Self::Rep {
                let ($($v,)+) = self;
                nested!($($v),+)
            }
            fn abst(rep: Self::Rep) -> Self {
                let nested!($($v),+) = rep;
                ($($v,)+)
            }
        }
    };
}

tuple_rep!(A a, B b, C c);
tuple_rep!(A a, B b, C c, D d);
tuple_rep!(A a, B b, C c, D d, E e);
tuple_rep!(A a, B b, C c, D d, E e, F f);
tuple_rep!(A a, B b, C c, D d, E e, F f, G g);
tuple_rep!(A a, B b, C c, D d, E e, F f, G g, H h);
tuple_rep!(A a, B b, C c, D d, E e, F f, G g, H h, I i);
tuple_rep!(A a, B b, C c, D d, E e, F f, G g, H h, I i, J j);
tuple_rep!(A a, B b, C c, D d, E e, F f, G g, H h, I i, J j, L l);
tuple_rep!(A a, B b, C c, D d, E e, F f, G g, H h, I i, J j, L l, M m);
