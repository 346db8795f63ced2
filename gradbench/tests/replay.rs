//! Replays recorded GradBench exchanges against the `catad-gradbench` binary, without Python.
//!
//! `tests/data/EVAL.jsonl` holds, one line per message, what the eval sent at small sizes and what
//! the reference tool (`manual`, GradBench's hand-written C++) answered; they were recorded by
//! `scripts/record_exchange.py` — but for `ht`, cut to a few correspondences by
//! `scripts/record_ht.py`, and for `saddle` and `particle`, which no reference C++
//! computes: their evals state the answer, and their files were written from the evals' messages
//! and those answers. Each test sends the messages to the binary in order, one at a
//! time as the harness does, and checks every answer: the same `id`, success where the reference
//! succeeded, and outputs equal to the reference's at the harness's tolerance (GradBench's
//! `compare_json_objects`: `|x − y| / max(1, |x| + |y|) ≤ 1e-4` for numbers, integers exactly, the
//! same keys and lengths).

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The harness's tolerance.
const TOLERANCE: f64 = 1e-4;

/// The binary under test, answering messages one at a time.
struct Tool {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Tool {
    fn start() -> Tool {
        let mut child = Command::new(env!("CARGO_BIN_EXE_catad-gradbench"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("catad-gradbench starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Tool {
            child,
            input,
            output,
        }
    }

    /// The tool's answer to `message`.
    fn ask(&mut self, message: &Value) -> Value {
        writeln!(self.input, "{message}").unwrap();
        self.input.flush().unwrap();
        let mut line = String::new();
        self.output.read_line(&mut line).unwrap();
        assert!(
            !line.is_empty(),
            "catad-gradbench closed its output at {message}"
        );
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
    }
}

impl Drop for Tool {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// GradBench's `difference`: the absolute difference relative to the magnitudes, at least 1.
fn difference(x: f64, y: f64) -> f64 {
    (x - y).abs() / (x.abs() + y.abs()).max(1.0)
}

/// The places where `actual` differs from `expected`, as GradBench's `compare_json_objects`
/// reports them.
fn mismatches(expected: &Value, actual: &Value, path: &str, found: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for key in e.keys().chain(a.keys().filter(|k| !e.contains_key(*k))) {
                let here = format!("{path}.{key}");
                match (e.get(key), a.get(key)) {
                    (Some(ev), Some(av)) => mismatches(ev, av, &here, found),
                    (None, _) => found.push(format!("{here}: unexpected key")),
                    (_, None) => found.push(format!("{here}: missing")),
                }
            }
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                found.push(format!(
                    "{path}: length {} expected, {} found",
                    e.len(),
                    a.len()
                ));
            } else {
                for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                    mismatches(ev, av, &format!("{path}[{i}]"), found);
                }
            }
        }
        (Value::Number(e), Value::Number(a)) if e.is_f64() || a.is_f64() => {
            let (x, y) = (e.as_f64().unwrap(), a.as_f64().unwrap());
            if difference(x, y) > TOLERANCE {
                found.push(format!("{path}: {x} expected, {y} found"));
            }
        }
        _ => {
            if expected != actual {
                found.push(format!("{path}: {expected} expected, {actual} found"));
            }
        }
    }
}

/// Replays `data/EVAL.jsonl` and returns how many evaluations matched the reference.
fn replay(eval: &str) -> usize {
    let path = format!("{}/tests/data/{eval}.jsonl", env!("CARGO_MANIFEST_DIR"));
    let recorded = std::fs::read_to_string(&path).unwrap();
    let mut tool = Tool::start();
    let mut evaluations = 0;
    for line in recorded.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let (message, reference) = (&record["message"], &record["response"]);
        let answer = tool.ask(message);
        assert_eq!(answer["id"], message["id"], "the id is echoed");
        match message["kind"].as_str().unwrap() {
            "start" => assert_eq!(answer["tool"], "catad"),
            "define" => assert_eq!(answer["success"], true, "{eval} is defined: {answer}"),
            "evaluate" => {
                let what = format!("{eval} {} {}", message["function"], message["description"]);
                assert_eq!(reference["success"], true);
                assert_eq!(answer["success"], true, "{what}: {}", answer["error"]);
                let timings = answer["timings"].as_array().unwrap();
                assert!(
                    timings.iter().any(|t| t["name"] == "evaluate"),
                    "{what}: timings"
                );
                let mut found = Vec::new();
                mismatches(
                    &reference["output"],
                    &answer["output"],
                    "output",
                    &mut found,
                );
                assert!(found.is_empty(), "{what}: {found:#?}");
                evaluations += 1;
            }
            _ => assert_eq!(answer, json!({"id": message["id"]})),
        }
    }
    evaluations
}

#[test]
fn hello_matches_the_reference() {
    assert_eq!(replay("hello"), 8);
}

#[test]
fn ba_matches_the_reference() {
    assert_eq!(replay("ba"), 2);
}

#[test]
fn det_matches_the_reference() {
    assert_eq!(replay("det"), 8);
}

#[test]
fn gmm_matches_the_reference() {
    assert_eq!(replay("gmm"), 8);
}

#[test]
fn lstm_matches_the_reference() {
    assert_eq!(replay("lstm"), 8);
}

/// ht's inputs, cut to a few correspondences by `scripts/record_ht.py`: simple, complicated,
/// and complicated with the model mirrored (its objective only: the reference's Jacobian of a
/// mirrored model is wrong; tests/evals/ht.rs checks catad's against central differences).
#[test]
fn ht_matches_the_reference() {
    assert_eq!(replay("ht"), 5);
}

#[test]
fn lse_matches_the_reference() {
    assert_eq!(replay("lse"), 4);
}

#[test]
fn llsq_matches_the_reference() {
    assert_eq!(replay("llsq"), 8);
}

#[test]
fn kmeans_matches_the_reference() {
    assert_eq!(replay("kmeans"), 8);
}

/// `saddle`'s and `particle`'s references are the answers their evals state (no reference C++
/// computes them), replayed here from the evals' own messages.
#[test]
fn saddle_matches_the_reference() {
    assert_eq!(replay("saddle"), 4);
}

#[test]
fn particle_matches_the_reference() {
    assert_eq!(replay("particle"), 4);
}

#[test]
fn ode_matches_the_reference() {
    assert_eq!(replay("ode"), 8);
}

#[test]
fn errors_are_answers_and_the_tool_goes_on() {
    let mut tool = Tool::start();
    let unknown = tool.ask(&json!({"id": 0, "kind": "define", "module": "nonesuch"}));
    assert_eq!(unknown["success"], false);
    assert!(unknown["error"].as_str().unwrap().contains("nonesuch"));
    let bad = tool.ask(&json!({"id": 1, "kind": "evaluate", "module": "hello", "function": "double", "input": "two"}));
    assert_eq!(bad["success"], false);
    assert!(bad["error"].as_str().unwrap().contains("hello"), "{bad}");
    let function = tool.ask(
        &json!({"id": 2, "kind": "evaluate", "module": "hello", "function": "cube", "input": 2.0}),
    );
    assert_eq!(function["success"], false);
    assert!(function["error"].as_str().unwrap().contains("cube"));
    let other = tool.ask(&json!({"id": 3, "kind": "anything"}));
    assert_eq!(other, json!({"id": 3}));
    let after = tool.ask(&json!({"id": 4, "kind": "evaluate", "module": "hello", "function": "double", "input": 2.0}));
    assert_eq!(after["output"], 4.0);
}

#[test]
fn the_comparison_is_the_harnesss() {
    let mut found = Vec::new();
    mismatches(
        &json!([1.0, 1e6]),
        &json!([1.00005, 1e6 * (1.0 + 1e-5)]),
        "",
        &mut found,
    );
    assert!(found.is_empty(), "{found:?}");
    mismatches(
        &json!({"a": [1.0, 2], "b": 3.0}),
        &json!({"a": [1.0, 3], "c": 3.0}),
        "",
        &mut found,
    );
    assert_eq!(found.len(), 3, "{found:?}");
    found.clear();
    mismatches(&json!([2.0]), &json!([2.001]), "", &mut found);
    assert_eq!(found.len(), 1);
}
