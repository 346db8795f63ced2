//! `lstm`: ADBench's LSTM, whose weight matrices are diagonal, run over a text one character at a
//! time, and its loss's gradient with respect to the main and the extra parameters.
//!
//! The model is GradBench's `lstm.hpp`, operation for operation. Each of the `l` layers has `b`
//! cells (one per bit of a character); a cell's four gates read its input or its hidden state,
//! each times one weight plus one bias ([`cell`]). At each step the input is scaled by the input
//! weights, passed up through the layers — each layer's new hidden state the next one's input
//! ([`layer`], [`predict`]) — and scaled and shifted by the output weights and biases; the loss
//! ([`lstm`]) is minus the mean over the `c − 1` predictions and the `b` bits of the next
//! character's bits times the prediction minus its `log (Σ exp + 2)` (the reference's
//! log-sum-exp, which adds 2).
//!
//! The programs are generic in their scalar, written on run-time vectors (`Vec`), the layers'
//! states as vectors of pairs (hidden, cell) and their gates' parameters as vectors of quadruples,
//! so that a layer's update is one `map` over its cells whose elements are all scalars. The state
//! and the text are `#[data]`: not differentiated.
//!
//! Both functions are *staged* ([`catad::staged`]), as `det`'s are: [`lstm`] is [`compile`]d
//! over the symbolic scalar [`Sym`] in [`ReverseDelta`] mode and recorded at the input before the
//! timed runs, in the step reported as `prepare`; the timed runs evaluate its tape, the value's
//! for `objective` and the value and gradient's for `jacobian`. A layer's map over its cells is
//! recorded once for all of them and runs as one instruction per operation for the `b` cells. The
//! state and the text, data, are recorded as constants (a bit that is 0 drops its products), so a
//! tape holds for one state and text, and [`Compiled`](catad::staged::Compiled) records again at
//! others. The program compares only indices, so the tape has no guards.

use super::{no_function, parse};
use crate::protocol::{Evaluation, Runs, measure};
use catad::prelude::*;
use catad::space::Data;
use catad::staged::{Sym, compile};
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

/// The logistic function `σ(x) = 1 / (1 + e⁻ˣ)`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::lstm::sigmoid;
/// assert_eq!(sigmoid::<Fun, f64>().apply(0.0), 0.5);
/// ```
#[catad::program]
pub fn sigmoid<S: Scalar>(x: S) -> S {
    1.0 / (1.0 + (-x).exp())
}

/// One cell's step: its new hidden and cell state from its `input` and its `state`
/// `(hidden, cell)`, given its gates' `weight`s and `bias`es, each
/// `((forget, ingate), (outgate, change))`. The forget and output gates read the input, the input
/// gate and the change the hidden state:
/// `cell' = cell · σ(x w_f + b_f) + σ(h w_i + b_i) · tanh(h w_c + b_c)`,
/// `hidden' = σ(x w_o + b_o) · tanh(cell')`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::lstm::cell;
/// // All weights and biases 0: every gate is ½ and the change 0, so the cell state halves.
/// let zero = ((0.0, 0.0), (0.0, 0.0));
/// let (hidden, cell) = cell::<Fun, f64>().apply((zero, zero, 1.0, (0.3, 0.8)));
/// assert_eq!(cell, 0.4);
/// assert_eq!(hidden, 0.5 * 0.4_f64.tanh());
/// ```
#[catad::program]
pub fn cell<S: Scalar>(
    weight: ((S, S), (S, S)),
    bias: ((S, S), (S, S)),
    input: S,
    state: (S, S),
) -> (S, S) {
    let ((w_forget, w_ingate), (w_outgate, w_change)) = weight;
    let ((b_forget, b_ingate), (b_outgate, b_change)) = bias;
    let (hidden, cell) = state;
    let forget = sigmoid(input * w_forget + b_forget);
    let ingate = sigmoid(hidden * w_ingate + b_ingate);
    let outgate = sigmoid(input * w_outgate + b_outgate);
    let change = (hidden * w_change + b_change).tanh();
    let cell = cell * forget + ingate * change;
    (outgate * cell.tanh(), cell)
}

/// A row of parameters `[forget (b), ingate (b), outgate (b), change (b)]`, the layout of
/// `main_params`' rows, as each cell's quadruple `((forget, ingate), (outgate, change))`.
///
/// ```
/// use catad::prelude::*;
/// use catad_gradbench::evals::lstm::gates;
/// let row = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
/// let g = gates::<Fun, f64>().apply(row);
/// assert_eq!(g, vec![((1.0, 3.0), (5.0, 7.0)), ((2.0, 4.0), (6.0, 8.0))]);
/// ```
#[catad::program]
pub fn gates<S: Scalar>(row: Vec<S>) -> Vec<((S, S), (S, S))> {
    let b = row.len() / 4;
    (0..b)
        .map(|i| ((row[i], row[b + i]), (row[2 * b + i], row[3 * b + i])))
        .collect::<Vec<((S, S), (S, S))>>()
}

/// One layer's step: each cell's new state by [`cell`], from the layer's `input` and `state`.
#[catad::program]
pub fn layer<S: Scalar>(
    weights: Vec<((S, S), (S, S))>,
    biases: Vec<((S, S), (S, S))>,
    input: Vec<S>,
    state: Vec<(S, S)>,
) -> Vec<(S, S)> {
    weights
        .iter()
        .zip(biases.iter())
        .zip(input.iter().zip(state.iter()))
        .map(|((w, b), (x, s))| cell(w, b, x, s))
        .collect::<Vec<(S, S)>>()
}

/// One step of the model (`lstm.hpp`'s `lstm_predict`): the prediction for the character after
/// `input` and the layers' new states. The input, scaled by the input weights (`extra[0]`),
/// goes up through the layers, each layer's new hidden state the next one's input; the last one's
/// is scaled by the output weights (`extra[1]`) and shifted by the output biases (`extra[2]`).
#[catad::program]
pub fn predict<S: Scalar>(
    weights: Vec<Vec<((S, S), (S, S))>>,
    biases: Vec<Vec<((S, S), (S, S))>>,
    extra: Vec<Vec<S>>,
    state: Vec<Vec<(S, S)>>,
    input: Vec<S>,
) -> (Vec<S>, Vec<Vec<(S, S)>>) {
    let l = state.len();
    let in_weight = extra[0];
    let out_weight = extra[1];
    let out_bias = extra[2];
    let mut x = input
        .iter()
        .zip(in_weight.iter())
        .map(|(xi, wi)| xi * wi)
        .collect::<Vec<S>>();
    let mut s = state;
    for j in 0..l {
        let next: Vec<(S, S)> = layer(weights[j], biases[j], x, s[j]);
        s = (0..l)
            .map(|k| if k == j { next } else { s[k] })
            .collect::<Vec<Vec<(S, S)>>>();
        x = next.iter().map(|hc| hc.0).collect::<Vec<S>>();
    }
    let y = x
        .iter()
        .zip(out_weight.iter().zip(out_bias.iter()))
        .map(|(h, (w, b))| h * w + b)
        .collect::<Vec<S>>();
    (y, s)
}

/// The loss (`lstm.hpp`'s `objective`): from the initial `state` (rows `2j` and `2j + 1` layer
/// `j`'s hidden and cell states), each character of `sequence` but the last is read in turn and
/// the next one predicted ([`predict`]); the loss is `−Σₜ Σᵢ yₜ₊₁ᵢ (ŷₜᵢ − log(Σₖ exp ŷₜₖ + 2))`
/// over the `(c − 1) b` predicted bits, divided by their number, summed in the reference's order.
/// `main_params`' rows `2j` and `2j + 1` are layer `j`'s weights and biases; `extra_params`' rows
/// are the input weights, the output weights and the output biases.
///
/// Staged, it agrees with the program run directly:
///
/// ```
/// use catad::prelude::*;
/// use catad::space::Data;
/// use catad::staged::{Sym, compile};
/// use catad_gradbench::evals::lstm::lstm;
/// let main = vec![vec![0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], vec![0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]];
/// let extra = vec![vec![0.3, 0.6], vec![0.2, 0.9], vec![0.5, 0.1]];
/// let state = Data::new(vec![vec![0.4, 0.2], vec![0.7, 0.1]]);
/// let text = Data::new(vec![vec![1.0, 0.0], vec![0.0, 1.0], vec![1.0, 1.0]]);
/// let at = (main, extra, state, text);
/// let (staged, direct) = (compile(&lstm::<ReverseDelta, Sym>()), lstm::<ReverseDelta, f64>());
/// let (value, (dmain, dextra, _, _)) = staged.value_and_gradient(&at);
/// let (gmain, gextra, _, _) = gradient(&direct, at.clone());
/// assert!((value - direct.apply(at)).abs() < 1e-12);
/// let close = |a: &Vec<Vec<f64>>, b: &Vec<Vec<f64>>| {
///     a.iter().flatten().zip(b.iter().flatten()).all(|(x, y)| (x - y).abs() < 1e-12)
/// };
/// assert!(close(&dmain, &gmain) && close(&dextra, &gextra));
/// ```
#[catad::program]
pub fn lstm<S: Scalar>(
    main_params: Vec<Vec<S>>,
    extra_params: Vec<Vec<S>>,
    #[data] state: Vec<Vec<S>>,
    #[data] sequence: Vec<Vec<S>>,
) -> S {
    let l = main_params.len() / 2;
    let b = extra_params[0].len();
    let c = sequence.len();
    let weights = (0..l)
        .map(|j| gates(main_params[2 * j]))
        .collect::<Vec<Vec<((S, S), (S, S))>>>();
    let biases = (0..l)
        .map(|j| gates(main_params[2 * j + 1]))
        .collect::<Vec<Vec<((S, S), (S, S))>>>();
    let mut s = (0..l)
        .map(|j| {
            let hidden = state[2 * j];
            let cell = state[2 * j + 1];
            hidden
                .iter()
                .zip(cell.iter())
                .map(|(h, cc)| (h, cc))
                .collect::<Vec<(S, S)>>()
        })
        .collect::<Vec<Vec<(S, S)>>>();
    let mut total = 0.0;
    for t in 0..c - 1 {
        let (y, next): (Vec<S>, Vec<Vec<(S, S)>>) =
            predict(weights, biases, extra_params, s, sequence[t]);
        s = next;
        let lse = (y.iter().map(|v| v.exp()).sum::<S>() + 2.0).ln();
        let gold = sequence[t + 1];
        total = y
            .iter()
            .zip(gold.iter())
            .fold(total, |acc, (v, g)| acc + g * (v - lse));
    }
    -total / (((c - 1) * b) as S)
}

/// The eval's input: the parameters, the initial state and the text, one character's bits a row.
#[derive(Clone, Debug, Deserialize)]
struct Input {
    main_params: Vec<Vec<f64>>,
    extra_params: Vec<Vec<f64>>,
    state: Vec<Vec<f64>>,
    sequence: Vec<Vec<f64>>,
}

/// [`lstm`]'s arguments: the main and extra parameters, the state, the sequence.
pub type Arguments = (
    Vec<Vec<f64>>,
    Vec<Vec<f64>>,
    Data<Vec<Vec<f64>>>,
    Data<Vec<Vec<f64>>>,
);

impl Input {
    /// The number of layers `l` and of bits `b`, where every matrix has the shape they give it
    /// (`main_params` `2l × 4b`, `extra_params` `3 × b`, `state` `2l × b`, `sequence` `c × b` with
    /// `c ≥ 2`, `l ≥ 1`, `b ≥ 1`); else an error naming the shapes that disagree.
    fn sizes(&self) -> Result<(usize, usize), String> {
        let rows = self.main_params.len();
        if rows == 0 || !rows.is_multiple_of(2) {
            return Err(format!(
                "lstm: main_params has {rows} rows, where 2 per layer (at least one) are needed"
            ));
        }
        let (l, b) = (rows / 2, self.extra_params.first().map_or(0, Vec::len));
        if b == 0 {
            return Err("lstm: extra_params' rows are empty: b = 0 bits".to_string());
        }
        let check = |name: &str, m: &[Vec<f64>], r: usize, width: usize| {
            if m.len() != r {
                return Err(format!(
                    "lstm: {name} has {} rows, not {r} (l = {l}, b = {b})",
                    m.len()
                ));
            }
            match m.iter().enumerate().find(|(_, row)| row.len() != width) {
                Some((i, row)) => Err(format!(
                    "lstm: row {i} of {name} has {} elements, not {width} (l = {l}, b = {b})",
                    row.len()
                )),
                None => Ok(()),
            }
        };
        check("main_params", &self.main_params, 2 * l, 4 * b)?;
        check("extra_params", &self.extra_params, 3, b)?;
        check("state", &self.state, 2 * l, b)?;
        let c = self.sequence.len();
        if c < 2 {
            return Err(format!(
                "lstm: the sequence has {c} characters, where a prediction needs 2"
            ));
        }
        check("sequence", &self.sequence, c, b)?;
        Ok((l, b))
    }

    /// The program's arguments.
    fn arguments(self) -> Arguments {
        (
            self.main_params,
            self.extra_params,
            Data::new(self.state),
            Data::new(self.sequence),
        )
    }
}

/// `objective` (the loss) or `jacobian` (its gradient with respect to `main_params` and
/// `extra_params`, each flattened row by row, concatenated) at `input`, from the tape of [`lstm`]
/// recorded there before the timed runs.
///
/// ```
/// use catad_gradbench::evals::lstm;
/// let input = serde_json::json!({
///     "main_params": [[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8]],
///     "extra_params": [[0.3], [0.2], [0.5]],
///     "state": [[0.4], [0.7]],
///     "sequence": [[1.0], [0.0], [1.0]],
/// });
/// let loss = lstm::evaluate("objective", input.clone()).unwrap().output;
/// assert!(loss.as_f64().unwrap() > 0.0);
/// let g = lstm::evaluate("jacobian", input.clone()).unwrap().output;
/// assert_eq!(g.as_array().unwrap().len(), 2 * 4 + 3);
/// // Matrices of shapes that disagree are an error naming them.
/// let mut bad = input;
/// bad["state"] = serde_json::json!([[0.4, 0.1], [0.7, 0.2]]);
/// let error = lstm::evaluate("objective", bad).unwrap_err();
/// assert!(error.contains("row 0 of state has 2 elements, not 1"), "{error}");
/// ```
pub fn evaluate(function: &str, input: Value) -> Result<Evaluation, String> {
    let runs = Runs::of(&input)?;
    let input: Input = parse("lstm", input)?;
    input.sizes()?;
    let start = Instant::now();
    let f = compile(&lstm::<ReverseDelta, Sym>());
    let at = input.arguments();
    match function {
        "objective" => {
            f.apply(&at);
            measure(runs, start.elapsed(), || f.apply(&at))
        }
        "jacobian" => {
            f.gradient(&at);
            measure(runs, start.elapsed(), || {
                let (main, extra, _, _) = f.gradient(&at);
                main.into_iter()
                    .chain(extra)
                    .flatten()
                    .collect::<Vec<f64>>()
            })
        }
        _ => Err(no_function("lstm", function)),
    }
}
