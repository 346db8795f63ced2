//! Charts as SVG, for catad's docs and examples rather than its users: [`BarChart`] draws the
//! benchmark tables of docs/performance.md and docs/gradbench.md (the binary, `cargo run -p
//! catad-charts`, writes them to docs/figures/), and [`LineChart`] the training examples' loss
//! curves.
//!
//! The SVG is written here, every number formatted to a tenth of a pixel, so that a chart drawn
//! from the same table is the same file on every machine and the checked-in charts can be
//! compared byte for byte.
//!
//! ```
//! use catad_charts::BarChart;
//! let svg = BarChart::new("Gradient time ÷ primal time")
//!     .group("chain", &[("staged", 1.9)])
//!     .to_svg();
//! assert!(svg.starts_with("<svg") && svg.contains(">1.9<"));
//! ```

mod axis;
mod bar_chart;
mod line_chart;
mod svg;

pub use bar_chart::BarChart;
pub use line_chart::LineChart;
