//! catad as a [GradBench](https://github.com/gradbench/gradbench) tool.
//!
//! GradBench evals send a tool one JSON object per line (`start`, `define`, `evaluate`,
//! `analysis`) and check its answers against a reference implementation. This crate answers them
//! with catad: each eval's objective is a `#[catad::program]`, and its derivative is taken by
//! catad's entry points (`gradient`, `vjp`, `jacobian`), never written by hand. The evals are in
//! [`evals`]; the protocol is in [`protocol`]; the binary (`cargo run --release -q -p
//! catad-gradbench`) serves standard input and output.
//!
//! ```
//! let messages = concat!(
//!     r#"{"id":0,"kind":"start","eval":"hello"}"#, "\n",
//!     r#"{"id":1,"kind":"define","module":"hello"}"#, "\n",
//!     r#"{"id":2,"kind":"evaluate","module":"hello","function":"double","input":3.0}"#, "\n",
//! );
//! let mut answers = Vec::new();
//! catad_gradbench::protocol::serve(messages.as_bytes(), &mut answers).unwrap();
//! let answers: Vec<serde_json::Value> = String::from_utf8(answers)
//!     .unwrap()
//!     .lines()
//!     .map(|l| serde_json::from_str(l).unwrap())
//!     .collect();
//! assert_eq!(answers[0]["tool"], "catad");
//! assert_eq!(answers[1]["success"], true);
//! assert_eq!(answers[2]["output"], 6.0);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod evals;
pub mod protocol;
