//! [`lstm`]'s loss against a port of the reference's, its gradient against the program run
//! directly and against central differences, and its errors on inputs of the wrong shape.

use catad::prelude::*;
use catad::space::Data;
use catad::staged::{Sym, compile};
use catad_gradbench::evals::lstm::{Arguments, evaluate, lstm};
use serde_json::{Value, json};

/// GradBench's `lstm.hpp` `objective`, ported as it is: flat row-major parameters, the state
/// updated in place, one running total.
fn reference(
    main: &[f64],
    extra: &[f64],
    state: &[f64],
    sequence: &[f64],
    l: usize,
    b: usize,
) -> f64 {
    let sigmoid = |x: f64| 1.0 / (1.0 + (-x).exp());
    let c = sequence.len() / b;
    let mut state = state.to_vec();
    let (mut total, mut count) = (0.0, 0);
    for t in 0..c - 1 {
        let input = &sequence[t * b..(t + 1) * b];
        let mut layer_output: Vec<f64> = (0..b).map(|i| input[i] * extra[i]).collect();
        for j in 0..l {
            let (weight, bias) = (&main[8 * b * j..], &main[8 * b * j + 4 * b..]);
            let (hidden, cell) = state[2 * b * j..2 * b * (j + 1)].split_at_mut(b);
            for i in 0..b {
                let forget = sigmoid(layer_output[i] * weight[i] + bias[i]);
                let ingate = sigmoid(hidden[i] * weight[b + i] + bias[b + i]);
                let outgate = sigmoid(layer_output[i] * weight[2 * b + i] + bias[2 * b + i]);
                let change = (hidden[i] * weight[3 * b + i] + bias[3 * b + i]).tanh();
                cell[i] = cell[i] * forget + ingate * change;
                hidden[i] = outgate * cell[i].tanh();
            }
            layer_output = hidden.to_vec();
        }
        let ypred: Vec<f64> = (0..b)
            .map(|i| layer_output[i] * extra[b + i] + extra[2 * b + i])
            .collect();
        let lse = (ypred.iter().map(|y| y.exp()).sum::<f64>() + 2.0).ln();
        let ygold = &sequence[(t + 1) * b..(t + 2) * b];
        for i in 0..b {
            total += ygold[i] * (ypred[i] - lse);
        }
        count += b;
    }
    -total / count as f64
}

/// Numbers in `[0, 1)`, the same at every run.
fn numbers(count: usize, seed: u64) -> Vec<f64> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        })
        .collect()
}

/// An input as the eval draws one: `l` layers, `b` bits, `c` characters (the bits of `c`
/// pseudo-random characters), parameters and state in `[0, 1)`.
struct Problem {
    l: usize,
    b: usize,
    main: Vec<f64>,
    extra: Vec<f64>,
    state: Vec<f64>,
    sequence: Vec<f64>,
}

impl Problem {
    fn new(l: usize, b: usize, c: usize, seed: u64) -> Problem {
        let bits = numbers(c * b, seed + 3);
        Problem {
            l,
            b,
            main: numbers(8 * l * b, seed),
            extra: numbers(3 * b, seed + 1),
            state: numbers(2 * l * b, seed + 2),
            sequence: bits.iter().map(|x| x.round()).collect(),
        }
    }

    /// `v`'s rows of `width`.
    fn rows(v: &[f64], width: usize) -> Vec<Vec<f64>> {
        v.chunks(width).map(<[f64]>::to_vec).collect()
    }

    fn arguments(&self) -> Arguments {
        let b = self.b;
        (
            Self::rows(&self.main, 4 * b),
            Self::rows(&self.extra, b),
            Data::new(Self::rows(&self.state, b)),
            Data::new(Self::rows(&self.sequence, b)),
        )
    }

    fn json(&self) -> Value {
        let (main, extra, state, sequence) = self.arguments();
        json!({
            "main_params": main, "extra_params": extra,
            "state": state.get(), "sequence": sequence.get(),
        })
    }

    fn loss(&self) -> f64 {
        reference(
            &self.main,
            &self.extra,
            &self.state,
            &self.sequence,
            self.l,
            self.b,
        )
    }
}

/// Whether `x` and `y` agree to `tolerance`, relative to the larger of 1 and their magnitudes.
fn close(x: f64, y: f64, tolerance: f64) -> bool {
    (x - y).abs() <= tolerance * x.abs().max(y.abs()).max(1.0)
}

#[test]
fn the_loss_is_the_references() {
    for (l, b, c, seed) in [(1, 1, 2, 1), (2, 7, 16, 2), (3, 5, 40, 3), (4, 7, 100, 4)] {
        let p = Problem::new(l, b, c, seed);
        let at = p.arguments();
        let direct = lstm::<Fun, f64>().apply(at.clone());
        // The reference's operations in its order: run directly, its value to the last bit.
        assert_eq!(direct, p.loss(), "l = {l}, b = {b}, c = {c}");
        let staged = compile(&lstm::<ReverseDelta, Sym>());
        assert!(close(staged.apply(&at), p.loss(), 1e-14));
        let (value, _) = staged.value_and_gradient(&at);
        assert!(close(value, p.loss(), 1e-14));
    }
}

#[test]
fn the_staged_gradient_is_the_programs() {
    let p = Problem::new(3, 7, 30, 5);
    let at = p.arguments();
    let staged = compile(&lstm::<ReverseDelta, Sym>());
    let (main, extra, _, _) = staged.gradient(&at);
    let (dmain, dextra, _, _) = gradient(&lstm::<ReverseDelta, f64>(), at.clone());
    let (rmain, rextra, _, _) = gradient(&lstm::<Reverse, f64>(), at);
    let flat = |a: Vec<Vec<f64>>, b: Vec<Vec<f64>>| -> Vec<f64> {
        a.into_iter().chain(b).flatten().collect()
    };
    let (staged, delta, reverse) = (flat(main, extra), flat(dmain, dextra), flat(rmain, rextra));
    assert_eq!(staged.len(), 8 * 3 * 7 + 3 * 7);
    for (k, ((s, d), r)) in staged.iter().zip(&delta).zip(&reverse).enumerate() {
        assert!(
            close(*s, *d, 1e-12) && close(*d, *r, 1e-12),
            "[{k}] {s}, {d}, {r}"
        );
    }
}

#[test]
fn central_differences() {
    let (l, b, c, h) = (2, 3, 12, 1e-6);
    let p = Problem::new(l, b, c, 6);
    let staged = compile(&lstm::<ReverseDelta, Sym>());
    let (main, extra, _, _) = staged.gradient(&p.arguments());
    let gradient: Vec<f64> = main.into_iter().chain(extra).flatten().collect();
    for (k, gk) in gradient.iter().enumerate() {
        let moved = |step: f64| {
            let mut q = Problem::new(l, b, c, 6);
            if k < q.main.len() {
                q.main[k] += step;
            } else {
                q.extra[k - q.main.len()] += step;
            }
            q.loss()
        };
        let difference = (moved(h) - moved(-h)) / (2.0 * h);
        assert!(
            close(*gk, difference, 1e-7),
            "∂/∂p[{k}] {gk}, not {difference}"
        );
    }
}

#[test]
fn the_evaluations_answer_in_the_evals_layout() {
    let p = Problem::new(2, 4, 9, 7);
    let loss = evaluate("objective", p.json()).unwrap().output;
    assert!(close(loss.as_f64().unwrap(), p.loss(), 1e-14));
    let g: Vec<f64> =
        serde_json::from_value(evaluate("jacobian", p.json()).unwrap().output).unwrap();
    // main_params row by row, then extra_params row by row.
    let (main, extra, _, _) = gradient(&lstm::<ReverseDelta, f64>(), p.arguments());
    let expected: Vec<f64> = main.into_iter().chain(extra).flatten().collect();
    assert_eq!(g.len(), expected.len());
    assert!(g.iter().zip(&expected).all(|(x, y)| close(*x, *y, 1e-12)));
    assert!(
        evaluate("hessian", p.json())
            .unwrap_err()
            .contains("hessian")
    );
}

#[test]
fn inputs_of_the_wrong_shape_are_errors_naming_the_shapes() {
    let p = Problem::new(2, 3, 5, 8);
    let with = |key: &str, value: Value| {
        let mut input = p.json();
        input[key] = value;
        evaluate("jacobian", input).unwrap_err()
    };
    let error = with(
        "main_params",
        json!([vec![0.1; 12], vec![0.2; 12], vec![0.3; 12]]),
    );
    assert!(error.contains("main_params has 3 rows"), "{error}");
    let error = with(
        "main_params",
        json!([vec![0.1; 12], vec![0.2; 11], vec![0.3; 12], vec![0.4; 12]]),
    );
    assert_eq!(
        error,
        "lstm: row 1 of main_params has 11 elements, not 12 (l = 2, b = 3)"
    );
    let error = with("extra_params", json!([vec![0.1; 3], vec![0.2; 3]]));
    assert_eq!(error, "lstm: extra_params has 2 rows, not 3 (l = 2, b = 3)");
    let error = with("state", json!([vec![0.1; 3], vec![0.2; 3]]));
    assert_eq!(error, "lstm: state has 2 rows, not 4 (l = 2, b = 3)");
    let error = with("sequence", json!([[1.0, 0.0, 1.0], [1.0, 0.0]]));
    assert_eq!(
        error,
        "lstm: row 1 of sequence has 2 elements, not 3 (l = 2, b = 3)"
    );
    let error = with("sequence", json!([[1.0, 0.0, 1.0]]));
    assert!(error.contains("1 characters"), "{error}");
    let error = with("extra_params", json!([[], [], []]));
    assert!(error.contains("b = 0"), "{error}");
    let error = with("main_params", json!([]));
    assert!(error.contains("main_params has 0 rows"), "{error}");
    let error = with("state", json!([["a", 0.1, 0.2]]));
    assert!(
        error.starts_with("lstm: the input is not of its type"),
        "{error}"
    );
}

#[test]
fn a_bad_input_is_a_failed_answer_and_the_tool_goes_on() {
    let p = Problem::new(1, 2, 3, 9);
    let mut bad = p.json();
    bad["extra_params"] = json!([[0.1, 0.2], [0.3, 0.4], [0.5]]);
    let message = |id: u64, input: &Value| {
        json!({"id": id, "kind": "evaluate", "module": "lstm", "function": "objective", "input": input})
            .to_string()
    };
    let answer = catad_gradbench::protocol::answer(&message(1, &bad));
    assert_eq!(answer["success"], false);
    assert_eq!(
        answer["error"],
        "lstm: row 2 of extra_params has 1 elements, not 2 (l = 1, b = 2)"
    );
    let answer = catad_gradbench::protocol::answer(&message(2, &p.json()));
    assert_eq!(answer["success"], true);
}
