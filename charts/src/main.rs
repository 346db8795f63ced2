//! The benchmark tables of the docs as charts: reads the staged-gradient table of
//! `docs/performance.md` and the GradBench summary of `docs/gradbench.md` and writes them as bar
//! charts to `docs/figures/performance.svg` and `docs/figures/gradbench.svg`, which those pages
//! show.
//!
//! The tables are the record (each names the command and the commit that produced it); the charts
//! are drawn from them, so they cannot disagree, and a test checks that the checked-in charts are
//! what this draws from today's tables.
//!
//! Run with `cargo run -p catad-charts` after updating a table.

use catad_charts::BarChart;
use std::path::{Path, PathBuf};

/// The charts, each a file name in `docs/figures/` and its SVG, drawn from the docs' tables
/// (`docs/performance.md`'s and `docs/gradbench.md`'s text).
fn charts(performance: &str, gradbench: &str) -> Vec<(&'static str, String)> {
    vec![
        ("performance.svg", performance_chart(performance)),
        ("gradbench.svg", gradbench_chart(gradbench)),
    ]
}

/// The rows of the first markdown table whose header starts with `header`, as cells.
fn table(text: &str, header: &str) -> Vec<Vec<String>> {
    let cells = |line: &str| -> Vec<String> {
        let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
        inner.split('|').map(|c| c.trim().to_owned()).collect()
    };
    let mut lines = text.lines().skip_while(|l| !l.starts_with(header));
    let head = lines
        .next()
        .map(cells)
        .unwrap_or_else(|| panic!("no table `{header}`"));
    let rows = lines.skip(1).take_while(|l| l.starts_with('|')).map(cells);
    std::iter::once(head).chain(rows).collect()
}

/// A time cell, `2.65 µs (2.0×)`, in nanoseconds.
fn nanoseconds(cell: &str) -> Option<f64> {
    let mut words = cell.split_whitespace();
    let value: f64 = words.next()?.parse().ok()?;
    let scale = match words.next()? {
        "ns" => 1.0,
        "µs" => 1e3,
        "ms" => 1e6,
        "s" => 1e9,
        _ => return None,
    };
    Some(value * scale)
}

/// Each tool's time over plain Rust's, per program, from the staged-gradient table.
fn performance_chart(text: &str) -> String {
    let rows = table(text, "| program | plain |");
    let tools: Vec<String> = rows[0][2..]
        .iter()
        .map(|t| t.split(" (").next().unwrap_or(t).replace('`', ""))
        .collect();
    rows[1..]
        .iter()
        .fold(
            BarChart::new("Gradient time ÷ plain Rust primal time (docs/performance.md)")
                .log()
                .rule(1.0),
            |chart, row| {
                let plain = nanoseconds(&row[1]).expect("a plain time");
                let bars: Vec<(&str, f64)> = (tools.iter())
                    .zip(&row[2..])
                    .filter_map(|(tool, cell)| Some((tool.as_str(), nanoseconds(cell)? / plain)))
                    .collect();
                chart.group(&row[0], &bars)
            },
        )
        .to_svg()
}

/// catad's time over the reference C++'s, per eval and function, from GradBench's summary.
fn gradbench_chart(text: &str) -> String {
    let rows = table(text, "| eval | catad | function |");
    rows[1..]
        .iter()
        .filter_map(|row| {
            let ratio: f64 = row[6].trim_end_matches('×').parse().ok()?;
            Some((format!("{} {} ({})", row[0], row[2], row[3]), ratio))
        })
        .fold(
            BarChart::new("GradBench: catad's time ÷ the reference C++ (docs/gradbench.md)")
                .log()
                .rule(1.0),
            |chart, (label, ratio)| chart.group(&label, &[("catad ÷ manual", ratio)]),
        )
        .to_svg()
}

/// The workspace's docs folder.
fn docs() -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent();
    workspace.expect("the workspace").join("docs")
}

/// The charts drawn from the docs' tables as they are now.
fn current_charts() -> Vec<(&'static str, String)> {
    let read = |name: &str| std::fs::read_to_string(docs().join(name)).expect(name);
    charts(&read("performance.md"), &read("gradbench.md"))
}

fn main() {
    for (name, svg) in current_charts() {
        let path = docs().join("figures").join(name);
        std::fs::write(&path, svg).expect("writing a chart");
        println!("wrote {}", path.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checked-in charts (docs/figures/performance.svg, gradbench.svg) are what this draws
    /// from today's tables, and well-formed, with their bars. `CATAD_BLESS=1` rewrites them, as
    /// `cargo run -p catad-charts` does.
    #[test]
    fn the_checked_in_charts_are_current() {
        if std::env::var_os("CATAD_BLESS").is_some() {
            main();
        }
        for (name, svg) in current_charts() {
            let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
            let bars = document
                .descendants()
                .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("bar ")))
                .count();
            assert!(bars > 10, "{name}: {bars} bars");
            let path = docs().join("figures").join(name);
            let checked_in = std::fs::read_to_string(&path).expect(name);
            assert!(
                checked_in == svg,
                "docs/figures/{name} is stale: run `cargo run -p catad-charts`"
            );
        }
    }
}
