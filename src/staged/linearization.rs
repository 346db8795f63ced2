//! A [`Tape`] over any scalar: evaluated, and linearized at a point — its derivative's action
//! (a forward sweep) and its transpose's (a reverse sweep), each operation's partial derivatives
//! the ones `D<K>` gives it. This makes a staged program differentiable again, in any mode and
//! over any scalar: the ground of [`crate::nested`].

use super::tape::{Diverged, Tape, check_size, holds};
use crate::space::Scalar;

/// A [`Tape`] linearized at a point: its outputs there, and every operation's partial
/// derivatives, from which [`jvp`](Linearization::jvp) and [`vjp`](Linearization::vjp) sweep
/// in time linear in the tape's length.
///
/// Made by [`Tape::linearize`].
///
/// # Example
///
/// ```
/// use catad::prelude::*;
/// use catad::staged::compile;
/// // The gradient of a² + b² is (2a, 2b); its derivative is 2·I.
/// let tape = compile(&catad::paper::mag_sqr::<Reverse, _>()).gradient_tape(&(3.0, 4.0));
/// let at = tape.linearize(&[1.0, 2.0]).unwrap();
/// assert_eq!(at.outputs(), [5.0, 2.0, 4.0]);
/// assert_eq!(at.jvp(&[1.0, 0.0]), [2.0, 2.0, 0.0]);
/// assert_eq!(at.vjp(&[0.0, 1.0, 1.0]), [2.0, 2.0]);
/// ```
#[derive(Clone, Debug)]
pub struct Linearization<S> {
    inputs: usize,
    outputs: Vec<u32>,
    slots: Vec<S>,
    /// For each slot an operation writes, in order from the first: its operands (the second
    /// `None` for a unary operation) and the partial derivatives by them.
    steps: Vec<([u32; 2], bool, [S; 2])>,
}

impl Tape {
    /// The tape's outputs at `input`, computed over any scalar `S` (over [`Sym`](super::Sym),
    /// recorded, guards included).
    ///
    /// Panics, naming both sizes, if `input` does not have the tape's number of inputs; returns
    /// [`Diverged`] where the program takes another branch than where it was recorded.
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::compile;
    /// let tape = compile(&Reverse::sin_c()).gradient_tape(&0.0);
    /// assert_eq!(tape.eval_over(&[0.0_f32]).unwrap(), [0.0, 1.0]);
    /// ```
    pub fn eval_over<S: Scalar>(&self, input: &[S]) -> Result<Vec<S>, Diverged> {
        Ok(self.linearize(input)?.outputs())
    }

    /// The tape linearized at `input`, over any scalar `S`: its values and the partial
    /// derivatives of each operation there.
    ///
    /// Panics, naming both sizes, if `input` does not have the tape's number of inputs; returns
    /// [`Diverged`] where the program takes another branch than where it was recorded.
    pub fn linearize<S: Scalar>(&self, input: &[S]) -> Result<Linearization<S>, Diverged> {
        check_size("input coordinates", input.len(), self.inputs);
        if self.numbers_in && input.iter().any(|x| x.is_nan()) {
            return Err(Diverged);
        }
        let mut slots: Vec<S> = input.to_vec();
        slots.extend(self.constants.iter().map(|&c| S::from_f64(c)));
        let mut steps = Vec::with_capacity(self.len());
        for op in self.ops() {
            let mut operands = op.operands();
            let x = operands.next().expect("an operation has an operand");
            let y = operands.next();
            let written = op.linearize(&slots);
            for &(value, partials) in &written[..op.width()] {
                slots.push(value);
                steps.push(([x, y.unwrap_or(x)], y.is_some(), partials));
            }
        }
        if !self.guards.iter().all(|g| holds(*g, &slots)) {
            return Err(Diverged);
        }
        Ok(Linearization {
            inputs: self.inputs,
            outputs: self.outputs.clone(),
            slots,
            steps,
        })
    }
}

impl<S: Scalar> Linearization<S> {
    /// The tape's outputs at the point.
    pub fn outputs(&self) -> Vec<S> {
        self.outputs
            .iter()
            .map(|&o| self.slots[o as usize])
            .collect()
    }

    /// The derivative's action on an input tangent `da`: the outputs' tangents, by one forward
    /// sweep.
    ///
    /// Panics, naming both sizes, if `da` does not have the tape's number of inputs.
    pub fn jvp(&self, da: &[S]) -> Vec<S> {
        check_size("tangent coordinates", da.len(), self.inputs);
        let first = self.slots.len() - self.steps.len();
        let mut tangents = vec![S::zero(); self.slots.len()];
        tangents[..self.inputs].copy_from_slice(da);
        for (k, &([x, y], binary, [dx, dy])) in self.steps.iter().enumerate() {
            let mut t = dx * tangents[x as usize];
            if binary {
                t = t + dy * tangents[y as usize];
            }
            tangents[first + k] = t;
        }
        self.outputs.iter().map(|&o| tangents[o as usize]).collect()
    }

    /// The transposed derivative's action on an output cotangent `db`: the inputs' cotangents,
    /// by one reverse sweep.
    ///
    /// Panics, naming both sizes, if `db` does not have the tape's number of outputs.
    pub fn vjp(&self, db: &[S]) -> Vec<S> {
        check_size("cotangent coordinates", db.len(), self.outputs.len());
        let first = self.slots.len() - self.steps.len();
        let mut adjoints = vec![S::zero(); self.slots.len()];
        for (&o, &d) in self.outputs.iter().zip(db) {
            adjoints[o as usize] = adjoints[o as usize] + d;
        }
        for (k, &([x, y], binary, [dx, dy])) in self.steps.iter().enumerate().rev() {
            let g = adjoints[first + k];
            adjoints[x as usize] = adjoints[x as usize] + dx * g;
            if binary {
                adjoints[y as usize] = adjoints[y as usize] + dy * g;
            }
        }
        adjoints.truncate(self.inputs);
        adjoints
    }
}
