//! The GradBench protocol: one JSON object per line from the eval, one answer per line from the
//! tool, carrying the message's `id`.
//!
//! | message | answer |
//! |---|---|
//! | `start` | `{"id", "tool": "catad"}` |
//! | `define` a module | `{"id", "success"}`, with `"error"` if catad lacks the module |
//! | `evaluate` a function at an input | `{"id", "success", "output", "timings"}`, or `"error"` |
//! | `analysis`, anything else | `{"id"}` |
//!
//! An `evaluate` runs the function at least `min_runs` times and until `min_seconds` have passed
//! (both read from the input, defaulting to 1 and 0), and reports one `evaluate` timing per run,
//! covering the computation only: parsing the input, building the programs and writing the output
//! are outside it (building is reported once, as `prepare`). A failure — an unknown module or
//! function, an input of the wrong form, an error raised by catad (a length mismatch, a NaN) — is
//! an answer with `success: false` and the message, never the end of the process.
//!
//! ```
//! use catad_gradbench::protocol::answer;
//! let start = answer(r#"{"id":0,"kind":"start","eval":"lse"}"#);
//! assert_eq!(start, serde_json::json!({"id": 0, "tool": "catad"}));
//! let missing = answer(r#"{"id":1,"kind":"define","module":"nonesuch"}"#);
//! assert_eq!(missing["success"], false);
//! let bad = answer(r#"{"id":2,"kind":"evaluate","module":"lse","function":"primal","input":{"x":"no"}}"#);
//! assert_eq!(bad["success"], false);
//! ```

use crate::evals;
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// Answers every line of `input` on `output`, one line each, flushing after each answer (the
/// eval waits for it before sending the next message).
///
/// ```
/// let mut out = Vec::new();
/// catad_gradbench::protocol::serve(&b"{\"id\":7,\"kind\":\"end\"}\n"[..], &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "{\"id\":7}\n");
/// ```
pub fn serve<R: BufRead, W: Write>(input: R, output: W) -> io::Result<()> {
    // An answer is written in pieces (an evaluation's timings one by one), flushed whole.
    let mut output = io::BufWriter::new(output);
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        serde_json::to_writer(&mut output, &respond(&line))?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}

/// The answer to one message (a line of JSON).
///
/// ```
/// use catad_gradbench::protocol::answer;
/// let a = answer(r#"{"id":3,"kind":"evaluate","module":"hello","function":"square","input":3.0}"#);
/// assert_eq!((a["id"].clone(), a["success"].clone(), a["output"].clone()), (3.into(), true.into(), 9.0.into()));
/// assert_eq!(a["timings"][1]["name"], "evaluate");
/// ```
pub fn answer(line: &str) -> Value {
    serde_json::to_value(respond(line)).expect("an answer is JSON")
}

/// An answer, serialized as it stands: an evaluation's timings (one per run, millions where a
/// run takes a microsecond) are written straight from their vector, never held as a JSON tree.
#[derive(Serialize)]
#[serde(untagged)]
enum Answer {
    /// Any answer but an evaluation's.
    Other(Value),
    /// `{"id", "success": true, "output", "timings"}`.
    Evaluated {
        id: Value,
        success: bool,
        output: Value,
        timings: Vec<Timing>,
    },
}

/// The answer to one message, for [`serve`] to write.
fn respond(line: &str) -> Answer {
    let message: Value = match serde_json::from_str(line) {
        Ok(m) => m,
        Err(e) => {
            return Answer::Other(failure(
                Value::Null,
                format!("the message is not JSON: {e}"),
            ));
        }
    };
    let id = message.get("id").cloned().unwrap_or(Value::Null);
    let text = |key: &str| message.get(key).and_then(Value::as_str);
    Answer::Other(match text("kind") {
        Some("start") => json!({"id": id, "tool": "catad"}),
        Some("define") => match text("module") {
            Some(module) if evals::defines(module) => json!({"id": id, "success": true}),
            Some(module) => failure(id, format!("catad-gradbench has no module {module:?}")),
            None => failure(id, "a define message needs a module".to_string()),
        },
        Some("evaluate") => {
            let (Some(module), Some(function)) = (text("module"), text("function")) else {
                return Answer::Other(failure(
                    id,
                    "an evaluate message needs a module and a function".into(),
                ));
            };
            let input = message.get("input").cloned().unwrap_or(Value::Null);
            match guarded(|| evals::evaluate(module, function, input)) {
                Ok(e) => {
                    return Answer::Evaluated {
                        id,
                        success: true,
                        output: e.output,
                        timings: e.timings,
                    };
                }
                Err(error) => failure(id, error),
            }
        }
        _ => json!({"id": id}),
    })
}

/// `{"id", "success": false, "error"}`.
fn failure(id: Value, error: String) -> Value {
    json!({"id": id, "success": false, "error": error})
}

/// `f()`, with a panic (catad's errors: shapes that do not combine, NaN inputs) turned into an
/// error carrying its message.
fn guarded<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic without a message".to_string());
        Err(message)
    })
}

/// One entry of an answer's `timings`.
#[derive(Clone, Debug, Serialize)]
pub struct Timing {
    /// `evaluate` for a run, `prepare` for building the programs.
    pub name: &'static str,
    /// The time taken.
    pub nanoseconds: u128,
}

/// An evaluation's result: the output and the timings.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// The function's value at the input, as the eval's output type.
    pub output: Value,
    /// One `prepare`, then one `evaluate` per run.
    pub timings: Vec<Timing>,
}

/// How many times to run: at least `min_runs` times, and until `min_seconds` have passed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Runs {
    /// The least number of runs.
    pub min_runs: u64,
    /// The least total time of the runs, in seconds.
    pub min_seconds: f64,
}

impl Runs {
    /// The runs an input asks for (its `min_runs` and `min_seconds`; 1 and 0 where absent, as for
    /// `hello`, whose input is a number).
    ///
    /// ```
    /// use catad_gradbench::protocol::Runs;
    /// let runs = Runs::of(&serde_json::json!({"x": [1.0], "min_runs": 3, "min_seconds": 0.5})).unwrap();
    /// assert_eq!(runs, Runs { min_runs: 3, min_seconds: 0.5 });
    /// assert_eq!(Runs::of(&serde_json::json!(2.0)).unwrap(), Runs { min_runs: 1, min_seconds: 0.0 });
    /// assert!(Runs::of(&serde_json::json!({"min_runs": "three"})).is_err());
    /// ```
    pub fn of(input: &Value) -> Result<Runs, String> {
        let fields = input.as_object().cloned().unwrap_or_else(Map::new);
        let min_runs = match fields.get("min_runs") {
            None => 1,
            Some(v) => v
                .as_u64()
                .ok_or_else(|| format!("min_runs must be a count, not {v}"))?,
        };
        let min_seconds = match fields.get("min_seconds") {
            None => 0.0,
            Some(v) => v
                .as_f64()
                .ok_or_else(|| format!("min_seconds must be a number, not {v}"))?,
        };
        Ok(Runs {
            min_runs,
            min_seconds,
        })
    }
}

/// Runs `run` as `runs` asks, timing each run, and returns the last output with the timings;
/// `prepared` is how long building the programs took.
///
/// ```
/// use catad_gradbench::protocol::{Runs, measure};
/// use std::time::Duration;
/// let e = measure(Runs { min_runs: 3, min_seconds: 0.0 }, Duration::ZERO, || 42.0).unwrap();
/// assert_eq!(e.output, 42.0);
/// assert_eq!(e.timings.iter().filter(|t| t.name == "evaluate").count(), 3);
/// ```
pub fn measure<O: Serialize>(
    runs: Runs,
    prepared: Duration,
    mut run: impl FnMut() -> O,
) -> Result<Evaluation, String> {
    let mut timings = vec![Timing {
        name: "prepare",
        nanoseconds: prepared.as_nanos(),
    }];
    let (mut count, mut total) = (0, Duration::ZERO);
    let output = loop {
        let start = Instant::now();
        let output = run();
        let took = start.elapsed();
        timings.push(Timing {
            name: "evaluate",
            nanoseconds: took.as_nanos(),
        });
        count += 1;
        total += took;
        if count >= runs.min_runs && total.as_secs_f64() >= runs.min_seconds {
            break output;
        }
    };
    let output = serde_json::to_value(output).map_err(|e| format!("the output: {e}"))?;
    Ok(Evaluation { output, timings })
}
