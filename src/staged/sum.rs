//! A loss summed over samples, staged: `Σᵢ f(p, xᵢ)` and its gradient by the parameters `p`
//! that every sample shares, from one tape of `f` (its size that of `f`, whatever the number of
//! samples) run in lanes of samples ([`Tape::eval_sum`]), on one core or all of them
//! ([`Tape::par_eval_sum`]).

use super::batch::Lanes;
use super::compiled::{Compiled, Value};
use super::recorder::Recording;
use super::sym::Sym;
use super::tape::Tape;
use crate::space::{Rescale, Space};
use crate::vocabulary::LinearMap;

/// The tape of a summed entry point, recorded at `at` (the parameters and the first sample), and
/// what it evaluates in.
pub(super) struct Summed<A> {
    at: A,
    tape: Tape,
    lanes: Lanes,
    shared: Vec<f64>,
    samples: Vec<f64>,
    out: Vec<f64>,
}

impl<P: Rescale<f64>, X: Rescale<f64>> Summed<(P, X)> {
    /// The first `kept` outputs of the tape summed over the samples `xs` at the parameters `p`,
    /// recording (by `record`) where there is no tape of their shapes yet, of those outputs alone
    /// (what only the others need is not computed), on all the machine's cores if `on_cores`;
    /// `None` where there are no samples, where a sample has no coordinates or another shape
    /// than the recording's, or where the program takes another branch at one of them.
    fn sum<R>(
        slot: &mut Option<Self>,
        p: &P,
        xs: &[X],
        kept: usize,
        on_cores: bool,
        record: impl FnOnce(&(P, X)) -> (Recording, Vec<Sym>, R),
    ) -> Option<Vec<f64>> {
        let first = xs.first()?;
        let entry = match slot {
            Some(entry) if entry.at.0.same_shape(p) && entry.at.1.same_shape(first) => entry,
            _ => {
                let at = (p.clone(), first.clone());
                let (recording, outputs, _) = record(&at);
                let tape = Tape::new(recording, at.dim(), &outputs[..kept]);
                slot.insert(Summed {
                    lanes: tape.lanes(tape.lane_width()),
                    out: vec![0.0; tape.outputs()],
                    at,
                    tape,
                    shared: Vec::new(),
                    samples: Vec::new(),
                })
            }
        };
        // A sample of no coordinates (data) is a constant of the tape: summed one by one.
        if entry.at.1.dim() == 0 || !xs.iter().all(|x| x.same_shape(&entry.at.1)) {
            return None;
        }
        entry.shared.clear();
        p.push_coords(&mut entry.shared);
        entry.samples.clear();
        for x in xs {
            x.push_coords(&mut entry.samples);
        }
        let Summed {
            tape,
            lanes,
            shared,
            samples,
            out,
            ..
        } = entry;
        if on_cores {
            tape.par_eval_sum(shared, samples, out).ok()?;
        } else {
            tape.eval_sum(shared, samples, lanes, out).ok()?;
        }
        Some(out.clone())
    }
}

impl<K, P, X> Compiled<K, (P, X), Sym>
where
    K: LinearMap<Sym>,
    P: Rescale<Sym>,
    X: Rescale<Sym>,
    Value<P>: Rescale<f64, Over<Sym> = P, Over<f64> = Value<P>>,
    Value<X>: Rescale<f64, Over<Sym> = X, Over<f64> = Value<X>>,
{
    /// `Σᵢ f(p, xᵢ)`: the program summed over the samples `xs` at the parameters `p` (a loss
    /// summed over samples), from one tape of the program run in lanes of samples
    /// ([`Tape::eval_sum`]); recorded at the first sample, and again where a sample has another
    /// shape. Where the program takes another branch at a sample than where it was recorded,
    /// the samples are summed one by one ([`Compiled::apply`]). The sum adds the samples' values
    /// in order, as a loop over [`Compiled::apply`] would.
    ///
    /// # Example
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::compile;
    /// // (w, x) ↦ (w·x)², summed over x = 1, 2, 3 at w = 2: 4 + 16 + 36.
    /// let f = Reverse::compose(Reverse::mul_c(), Reverse::compose(Reverse::dup(), Reverse::mul_c()));
    /// assert_eq!(compile(&f).sum_apply(&2.0, &[1.0, 2.0, 3.0]), 56.0);
    /// ```
    pub fn sum_apply(&self, p: &Value<P>, xs: &[Value<X>]) -> f64 {
        self.summed_apply(p, xs, false)
    }

    /// [`Compiled::sum_apply`] on all the machine's cores ([`Tape::par_eval_sum`]): the same
    /// sum, up to the last bits (the samples are added in blocks, the blocks' sums in order),
    /// whatever the number of cores.
    ///
    /// # Example
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::compile;
    /// // (w, x) ↦ (w·x)², summed over x = 1, …, 10⁴ at w = 2: 4 · Σ x².
    /// let f = Reverse::compose(Reverse::mul_c(), Reverse::compose(Reverse::dup(), Reverse::mul_c()));
    /// let xs: Vec<f64> = (1..=10_000).map(f64::from).collect();
    /// assert_eq!(compile(&f).par_sum_apply(&2.0, &xs), 4.0 * 10_000.0 * 10_001.0 * 20_001.0 / 6.0);
    /// ```
    pub fn par_sum_apply(&self, p: &Value<P>, xs: &[Value<X>]) -> f64 {
        self.summed_apply(p, xs, true)
    }

    /// [`Compiled::sum_apply`], on all the machine's cores if `on_cores`.
    fn summed_apply(&self, p: &Value<P>, xs: &[Value<X>], on_cores: bool) -> f64 {
        let mut entries = self.entries.borrow_mut();
        let summed = Summed::sum(&mut entries.sum_apply, p, xs, 1, on_cores, |a| {
            self.record_apply(a)
        });
        match summed {
            Some(out) => out[0],
            None => {
                drop(entries);
                xs.iter()
                    .fold(0.0, |sum, x| sum + self.apply(&(p.clone(), x.clone())))
            }
        }
    }

    /// `Σᵢ f(p, xᵢ)` and its gradient by `p`: the value and the gradient of a loss summed over
    /// the samples `xs`, from one tape of the program's gradient run in lanes of samples
    /// ([`Tape::eval_sum`]), `p` shared; recorded at the first sample, and again where a sample
    /// has another shape. The tape's size is the program's, whatever the number of samples, and
    /// it computes no gradient by the samples.
    /// Where the program takes another branch at a sample than where it was recorded, the
    /// samples are summed one by one ([`Compiled::value_and_gradient`]). The sums add the
    /// samples' values and gradients in order, as a loop over `value_and_gradient` would, up to
    /// the last bits: where that tape fuses a sine and a cosine into libm's `sincos` for the
    /// gradient by the samples, this one may call the platform's `sin` or `cos`.
    ///
    /// # Example
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::compile;
    /// // (w, x) ↦ (w·x)², summed over x = 1, 2, 3 at w = 2: the value 56 and
    /// // ∂/∂w = Σ 2·w·x² = 4 · 14.
    /// let f = Reverse::compose(Reverse::mul_c(), Reverse::compose(Reverse::dup(), Reverse::mul_c()));
    /// assert_eq!(compile(&f).sum_value_and_gradient(&2.0, &[1.0, 2.0, 3.0]), (56.0, 56.0));
    /// ```
    pub fn sum_value_and_gradient(&self, p: &Value<P>, xs: &[Value<X>]) -> (f64, Value<P>) {
        self.summed_value_and_gradient(p, xs, false)
    }

    /// [`Compiled::sum_value_and_gradient`] on all the machine's cores
    /// ([`Tape::par_eval_sum`]): the same sums, up to the last bits (the samples are added in
    /// blocks, the blocks' sums in order), whatever the number of cores. For a loss summed over
    /// many samples, as in training.
    ///
    /// # Example
    ///
    /// ```
    /// use catad::prelude::*;
    /// use catad::staged::compile;
    /// // (w, x) ↦ (w·x)², summed over x = 1, …, 10⁴ at w = 2: the value 4 · Σ x² and
    /// // ∂/∂w = 2·w · Σ x², the same number.
    /// let f = Reverse::compose(Reverse::mul_c(), Reverse::compose(Reverse::dup(), Reverse::mul_c()));
    /// let xs: Vec<f64> = (1..=10_000).map(f64::from).collect();
    /// let sum_sqr = 10_000.0 * 10_001.0 * 20_001.0 / 6.0;
    /// assert_eq!(compile(&f).par_sum_value_and_gradient(&2.0, &xs), (4.0 * sum_sqr, 4.0 * sum_sqr));
    /// ```
    pub fn par_sum_value_and_gradient(&self, p: &Value<P>, xs: &[Value<X>]) -> (f64, Value<P>) {
        self.summed_value_and_gradient(p, xs, true)
    }

    /// [`Compiled::sum_value_and_gradient`], on all the machine's cores if `on_cores`.
    fn summed_value_and_gradient(
        &self,
        p: &Value<P>,
        xs: &[Value<X>],
        on_cores: bool,
    ) -> (f64, Value<P>) {
        let mut entries = self.entries.borrow_mut();
        let kept = 1 + p.dim();
        let summed = Summed::sum(&mut entries.sum_gradient, p, xs, kept, on_cores, |a| {
            self.record_gradient(a)
        });
        drop(entries);
        let (value, gradient) = match summed {
            Some(out) => (out[0], out[1..].to_vec()),
            None => xs
                .iter()
                .fold((0.0, vec![0.0; p.dim()]), |(sum, mut g), x| {
                    let (value, (dp, _)) = self.value_and_gradient(&(p.clone(), x.clone()));
                    for (g, d) in g.iter_mut().zip(dp.coords()) {
                        *g += d;
                    }
                    (sum + value, g)
                }),
        };
        (value, p.read_coords(&mut gradient.into_iter()))
    }
}
