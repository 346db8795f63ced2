//! Everything a program needs: `use catad::prelude::*;`.
//!
//! ```
//! use catad::prelude::*;
//! assert_eq!(derivative(&Reverse::sin_c(), 0.0), 1.0);
//! ```

pub use crate::ad::{
    Forward, ForwardBegin, Reverse, ReverseCont, derivative, gradient, jacobian, jvp, vjp,
};
pub use crate::category::{
    Cartesian, Category, Cocartesian, Comparison, Conditional, FloatingCat, FractionalCat, Hom,
    LinearMap, Monoidal, NumCat, Pred, Program, Scalable, forward_via_transpose,
    transpose_via_forward, zero,
};
pub use crate::category::{
    CartesianI, CocartesianI, MonoidalI, ProgramI, RepCat, SumCat, ZipI, dot, dot_with, sum,
    zip_with,
};
pub use crate::cats::{
    AddFun, Begin, BeginMap, Cont, ContMap, D, DMap, Dual, Fun, Func, as_dual, begin, cont,
};
pub use crate::space::Container;
pub use crate::space::{Additive, Scalar, Space};
