//! The evals catad implements, one module each: the objective as a `#[catad::program]`, its
//! derivative by catad's entry points, and the conversions between the eval's JSON and the
//! program's objects.

use crate::protocol::Evaluation;
use serde::de::DeserializeOwned;
use serde_json::Value;

pub mod ba;
pub mod descent;
pub mod det;
pub mod gmm;
pub mod hello;
pub mod ht;
pub mod kmeans;
pub mod llsq;
pub mod lse;
pub mod lstm;
pub mod ode;
pub mod particle;
pub mod saddle;

/// Whether catad-gradbench has the module `name`.
///
/// ```
/// assert!(catad_gradbench::evals::defines("hello"));
/// assert!(!catad_gradbench::evals::defines("nonesuch"));
/// ```
pub fn defines(name: &str) -> bool {
    MODULES.iter().any(|(m, _)| *m == name)
}

/// The function `function` of module `module` at `input`, run as the input's `min_runs` and
/// `min_seconds` ask.
///
/// ```
/// let e = catad_gradbench::evals::evaluate("hello", "double", serde_json::json!(2.5)).unwrap();
/// assert_eq!(e.output, 5.0);
/// assert!(catad_gradbench::evals::evaluate("hello", "triple", serde_json::json!(2.5)).is_err());
/// ```
pub fn evaluate(module: &str, function: &str, input: Value) -> Result<Evaluation, String> {
    let (_, eval) = MODULES
        .iter()
        .find(|(m, _)| *m == module)
        .ok_or_else(|| format!("catad-gradbench has no module {module:?}"))?;
    eval(function, input)
}

/// An eval's entry: its functions at an input.
type Module = fn(&str, Value) -> Result<Evaluation, String>;

/// The modules, by name.
const MODULES: &[(&str, Module)] = &[
    ("ba", ba::evaluate),
    ("det", det::evaluate),
    ("gmm", gmm::evaluate),
    ("hello", hello::evaluate),
    ("ht", ht::evaluate),
    ("kmeans", kmeans::evaluate),
    ("llsq", llsq::evaluate),
    ("lse", lse::evaluate),
    ("lstm", lstm::evaluate),
    ("ode", ode::evaluate),
    ("particle", particle::evaluate),
    ("saddle", saddle::evaluate),
];

/// The input of `module` as its type, or an error saying what is wrong with it.
fn parse<T: DeserializeOwned>(module: &str, input: Value) -> Result<T, String> {
    serde_json::from_value(input)
        .map_err(|e| format!("{module}: the input is not of its type: {e}"))
}

/// The error for a function the module does not have.
fn no_function(module: &str, function: &str) -> String {
    format!("{module} has no function {function:?}")
}
