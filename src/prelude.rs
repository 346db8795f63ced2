//! What a program needs: `use catad::prelude::*;`.
//!
//! The vocabulary's classes (so their methods resolve), the objects' traits, [`Fun`] to run a
//! program, the modes and the entry points. The other interpretations (`AddFun`, `Dual`, `Cont`,
//! `Begin`, `Mat`, `D` itself) and helpers stay a path away, in
//! [`catad::interpretations`](crate::interpretations) and [`catad::vocabulary`](crate::vocabulary),
//! so that their names never collide with the user's own.
//!
//! ```
//! use catad::prelude::*;
//! assert_eq!(derivative(&Reverse::sin_c(), 0.0), 1.0);
//! assert_eq!(Fun::cos_c().apply(0.0), 1.0);
//! ```

pub use crate::ad::{
    Forward, ForwardBegin, Reverse, ReverseCont, ReverseDelta, derivative, gradient, jacobian, jvp,
    vjp,
};
pub use crate::interpretations::Fun;
pub use crate::space::{Additive, Container, Scalar, Space};
pub use crate::vocabulary::{
    Cartesian, CartesianI, Category, Checkpoint, Cocartesian, CocartesianI, Comparison,
    Conditional, ConstantCat, DataCat, FloatingCat, FractionalCat, Hom, IndexCat, Loops, MinMaxCat,
    Monoidal, MonoidalI, NumCat, Pred, PrimitiveCat, Program, ProgramI, RepCat, Scalable,
    StraightLine, SumCat, VecCat, ZipI, dot, dot_with, zip_with,
};
