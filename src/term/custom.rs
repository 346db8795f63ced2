//! Custom primitives in terms: a user's [`Primitive`] read through coordinates, so that the
//! nodes, the evaluator and the derivative transformations need not know its types.

use super::term::{components, dim};
use crate::space::Space;
use crate::vocabulary::Primitive;
use std::fmt;
use std::rc::Rc;

/// What a custom node computes: a coordinate of the primitive's value, of its derivative applied
/// to a tangent, or of its transposed derivative applied to a cotangent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Use {
    /// `f a`, from the wires `a`.
    Value,
    /// `f′(a) · da`, from the wires `a ++ da`.
    Derivative,
    /// `f′(a)ᵀ · db`, from the wires `a ++ db`.
    Transpose,
}

/// A primitive `A → B` over `f64` as a map of components (coordinates and indices, see
/// [`Space::push_components`]): `inputs` of `A`'s, `outputs` of `B`'s.
pub struct Custom {
    name: String,
    /// `A`'s number of components.
    pub inputs: usize,
    /// `B`'s number of components.
    pub outputs: usize,
    run: Box<dyn Fn(Use, &[f64]) -> Vec<f64>>,
}

impl Custom {
    /// The primitive `p` through the components of `A` and `B`, whose numbers are fixed.
    pub fn new<A: Space<f64>, B: Space<f64>>(p: Rc<dyn Primitive<A, B>>) -> Custom {
        let (a0, b0) = (A::zero(), B::zero());
        let (inputs, outputs) = (dim::<A>(), dim::<B>());
        let name = p.name().to_string();
        let run = move |use_: Use, args: &[f64]| {
            let a = a0.read_components(&mut args[..inputs].iter().copied());
            match use_ {
                Use::Value => components(&p.value(&a)),
                Use::Derivative => {
                    let da = a0.read_components(&mut args[inputs..].iter().copied());
                    components(&p.linearize(&a).1.apply(&da))
                }
                Use::Transpose => {
                    let db = b0.read_components(&mut args[inputs..].iter().copied());
                    components(&p.linearize(&a).1.transpose(&db))
                }
            }
        };
        Custom {
            name,
            inputs,
            outputs,
            run: Box::new(run),
        }
    }

    /// The primitive's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many coordinates `use_` computes: `B`'s for the value and the derivative, `A`'s for
    /// the transpose.
    pub fn width(&self, use_: Use) -> usize {
        match use_ {
            Use::Value | Use::Derivative => self.outputs,
            Use::Transpose => self.inputs,
        }
    }

    /// What `use_` computes from `args`, its [`width`](Custom::width) coordinates.
    pub fn eval(&self, use_: Use, args: &[f64]) -> Vec<f64> {
        (self.run)(use_, args)
    }
}

impl fmt::Debug for Custom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)
    }
}
