//! [`ht`]'s Jacobian against central differences of its objective, on the recorded small inputs
//! (tests/data/ht.jsonl: simple, complicated, complicated and mirrored), and its errors on inputs
//! of the wrong shape. The replay test checks both against the reference's answers.

use catad_gradbench::evals::ht::evaluate;
use catad_gradbench::protocol::answer;
use serde_json::{Value, json};

/// The recorded inputs, one per variant, with their descriptions.
fn inputs() -> Vec<(String, Value)> {
    let path = format!("{}/tests/data/ht.jsonl", env!("CARGO_MANIFEST_DIR"));
    let recorded = std::fs::read_to_string(path).unwrap();
    (recorded.lines())
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["message"].clone())
        .filter(|m| m["function"] == "objective")
        .map(|m| {
            (
                m["description"].as_str().unwrap().to_string(),
                m["input"].clone(),
            )
        })
        .collect()
}

fn objective(input: &Value) -> Vec<f64> {
    serde_json::from_value(evaluate("objective", input.clone()).unwrap().output).unwrap()
}

fn jacobian(input: &Value) -> Vec<Vec<f64>> {
    serde_json::from_value(evaluate("jacobian", input.clone()).unwrap().output).unwrap()
}

/// Whether `x` and `y` agree to `tolerance`, relative to the larger of 1 and their magnitudes.
fn close(x: f64, y: f64, tolerance: f64) -> bool {
    (x - y).abs() <= tolerance * x.abs().max(y.abs()).max(1.0)
}

/// The central difference of the objective as `at(input)` moves by ±`h`.
fn difference(input: &Value, at: impl Fn(&mut Value) -> &mut Value, h: f64) -> Vec<f64> {
    let moved = |step: f64| {
        let mut input = input.clone();
        let x = at(&mut input);
        *x = json!(x.as_f64().unwrap() + step);
        objective(&input)
    };
    let (up, down) = (moved(h), moved(-h));
    up.iter()
        .zip(&down)
        .map(|(u, d)| (u - d) / (2.0 * h))
        .collect()
}

#[test]
fn the_jacobian_is_the_objectives_central_differences() {
    let h = 1e-6;
    let inputs = inputs();
    assert_eq!(inputs.len(), 3);
    for (what, input) in inputs {
        let j = jacobian(&input);
        let points = input["data"]["points"].as_array().unwrap().len();
        let us = input["us"].as_array().unwrap().len();
        let extra = if us == 0 { 0 } else { 2 };
        assert_eq!((j.len(), j[0].len()), (3 * points, extra + 26), "{what}");
        for k in 0..26 {
            let d = difference(&input, |i| &mut i["theta"][k], h);
            for (r, row) in j.iter().enumerate() {
                let (a, b) = (row[extra + k], d[r]);
                assert!(close(a, b, 1e-6), "{what}: ∂r[{r}]/∂θ[{k}] {a}, not {b}");
            }
        }
        // A correspondence's barycentric coordinates move only its own three residuals.
        for c in 0..us {
            for k in 0..2 {
                let d = difference(&input, |i| &mut i["us"][c][k], h);
                for (r, row) in j.iter().enumerate() {
                    let a = if r / 3 == c { row[k] } else { 0.0 };
                    assert!(
                        close(a, d[r], 1e-6),
                        "{what}: ∂r[{r}]/∂u[{c}][{k}] {a}, not {}",
                        d[r]
                    );
                }
            }
        }
    }
}

/// The complicated input with `change` made to it: the error of its Jacobian.
fn error(change: impl Fn(&mut Value)) -> String {
    let mut input = inputs().swap_remove(1).1;
    change(&mut input);
    evaluate("jacobian", input).unwrap_err()
}

#[test]
fn inputs_of_the_wrong_shape_are_errors_naming_the_shapes() {
    let e = error(|i| i["theta"].as_array_mut().unwrap().truncate(20));
    assert_eq!(e, "ht: theta has 20 entries, not 26");
    let e = error(|i| i["data"]["points"].as_array_mut().unwrap().truncate(5));
    assert_eq!(
        e,
        "ht: there are 5 points and 8 correspondences, not the same number above 0"
    );
    let e = error(|i| {
        i["data"]["points"] = json!([]);
        i["data"]["correspondences"] = json!([]);
    });
    assert!(e.contains("0 points and 0 correspondences"), "{e}");
    let e = error(|i| i["data"]["points"][2] = json!([0.1, 0.2]));
    assert_eq!(e, "ht: points[2] has 2 entries, not 3");
    let e = error(|i| i["us"].as_array_mut().unwrap().truncate(3));
    assert_eq!(e, "ht: us has 3 entries, not 0 or 8 (the correspondences)");
    let e = error(|i| i["data"]["correspondences"][4] = json!(8));
    assert_eq!(e, "ht: correspondence 4 is 8, not below 8 (the triangles)");
    let e = error(|i| i["data"]["model"]["weights"][3] = json!([0.5, 0.5]));
    assert_eq!(e, "ht: weights[3] has 2 entries, not 22 (the bones)");
    let e = error(|i| i["data"]["model"]["base_relatives"][1][2] = json!([1.0, 0.0]));
    assert_eq!(e, "ht: row 2 of base_relatives[1] has 2 entries, not 4");
    let e = error(|i| i["data"]["model"]["parents"][3] = json!(5));
    assert_eq!(e, "ht: bone 3's parent is 5, not -1 or a bone before it");
    let e = error(|i| i["data"]["model"]["triangles"][0] = json!([0, 1, 99]));
    assert!(
        e.starts_with("ht: triangles[0] has vertex 99, not below"),
        "{e}"
    );
    let e = error(|i| i["theta"][0] = json!("a"));
    assert!(e.starts_with("ht: the input is not of its type"), "{e}");
    assert!(
        evaluate("hessian", inputs().swap_remove(0).1)
            .unwrap_err()
            .contains("hessian")
    );
}

#[test]
fn a_bad_input_is_a_failed_answer_and_the_tool_goes_on() {
    let input = inputs().swap_remove(0).1;
    let message = |id: u64, input: &Value| {
        json!({"id": id, "kind": "evaluate", "module": "ht", "function": "objective", "input": input})
            .to_string()
    };
    let mut bad = input.clone();
    bad["data"]["model"]["weights"] = json!([]);
    let reply = answer(&message(1, &bad));
    assert_eq!(reply["success"], false);
    let vertices = input["data"]["model"]["base_positions"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(
        reply["error"],
        format!("ht: weights has 0 rows, not {vertices} (the vertices)")
    );
    assert_eq!(answer(&message(2, &input))["success"], true);
}
