//! `BarChart`: groups of horizontal bars, for comparing tools on benchmarks.

use super::axis::{Axis, PALETTE, number, palette_style};
use super::svg::{CHAR_WIDTH, Svg};

const WIDTH: f64 = 720.0;
const BAR: f64 = 14.0;
const GROUP_GAP: f64 = 14.0;
const TOP: f64 = 64.0;

/// A bar chart: groups of horizontal bars (a benchmark each, a bar per tool), each bar's colour
/// its name's throughout the chart and named in the legend, its value written at its end; the
/// axis logarithmic if asked (as ratios spanning decades are best read), with a rule at a
/// reference value if one is given.
///
/// # Example
///
/// ```
/// use catad_charts::BarChart;
/// let svg = BarChart::new("Gradient time / primal time")
///     .log()
///     .rule(1.0)
///     .group("chain, n = 1000", &[("catad staged", 2.0), ("echidna", 2.3)])
///     .group("vector, n = 10⁴", &[("catad staged", 1.7), ("echidna", 5.2)])
///     .to_svg();
/// assert_eq!(svg.matches(">catad staged<").count(), 1); // once, in the legend
/// assert!(svg.contains(">5.2<"));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BarChart {
    title: String,
    log: bool,
    rule: Option<f64>,
    groups: Vec<(String, Vec<(String, f64)>)>,
}

impl BarChart {
    /// An empty chart titled `title`.
    pub fn new(title: &str) -> BarChart {
        BarChart {
            title: title.to_owned(),
            ..BarChart::default()
        }
    }

    /// A logarithmic axis: bars whose value is not positive are left out.
    pub fn log(mut self) -> BarChart {
        self.log = true;
        self
    }

    /// A vertical rule at `value` (1 for ratios).
    pub fn rule(mut self, value: f64) -> BarChart {
        self.rule = Some(value);
        self
    }

    /// Adds a group labelled `label` of bars `(name, value)`.
    pub fn group(mut self, label: &str, bars: &[(&str, f64)]) -> BarChart {
        let bars = bars.iter().map(|(n, v)| ((*n).to_owned(), *v)).collect();
        self.groups.push((label.to_owned(), bars));
        self
    }

    /// The chart as an SVG image.
    pub fn to_svg(&self) -> String {
        let shown = |v: f64| v.is_finite() && (!self.log || v > 0.0);
        let mut names: Vec<&str> = Vec::new();
        for (_, bars) in &self.groups {
            for (name, _) in bars {
                if !names.contains(&name.as_str()) {
                    names.push(name);
                }
            }
        }
        let colour = |name: &str| {
            let k = names.iter().position(|n| *n == name).unwrap_or(0);
            format!("bar s{}", k % PALETTE.len())
        };
        let widest = self.groups.iter().map(|g| g.0.chars().count()).max();
        let left = 16.0 + widest.unwrap_or(0) as f64 * CHAR_WIDTH;
        let w = WIDTH - left - 56.0;
        let values = self.groups.iter().flat_map(|g| g.1.iter().map(|b| b.1));
        let base = if self.log { None } else { Some(0.0) };
        let axis = Axis::covering(values.chain(self.rule).chain(base), self.log);
        let x = |v: f64| left + w * axis.fraction(v);
        let heights = self
            .groups
            .iter()
            .map(|g| g.1.len() as f64 * BAR + GROUP_GAP);
        let height = TOP + heights.sum::<f64>() + 28.0;
        let style = format!(
            "{}.grid{{stroke:#ddd}}.rule{{stroke:#333;stroke-dasharray:4 3}}\
             .title{{font-size:14px}}.value{{font-size:10px}}",
            palette_style()
        );
        let mut svg = Svg::new(WIDTH, height, &style);
        svg.text(WIDTH / 2.0, 16.0, "middle", "title", &self.title);
        let mut legend_x = left;
        for name in &names {
            svg.open(&colour(name));
            svg.rect(legend_x, 32.0, 12.0, 12.0, 2.0);
            svg.close();
            svg.text(legend_x + 16.0, 38.0, "start", "legend", name);
            legend_x += 32.0 + name.chars().count() as f64 * CHAR_WIDTH;
        }
        let bottom = height - 28.0;
        for (tick, label) in axis.ticks() {
            svg.path(&[(x(tick), TOP - 6.0), (x(tick), bottom)], "grid");
            svg.text(x(tick), bottom + 12.0, "middle", "tick", &label);
        }
        let origin = if self.log { left } else { x(0.0) };
        let mut y = TOP;
        for (label, bars) in &self.groups {
            let group_height = bars.len() as f64 * BAR;
            svg.text(left - 8.0, y + group_height / 2.0, "end", "group", label);
            for (name, value) in bars {
                if shown(*value) {
                    let end = x(*value);
                    svg.open(&colour(name));
                    svg.rect(
                        origin.min(end),
                        y + 1.0,
                        (end - origin).abs(),
                        BAR - 2.0,
                        0.0,
                    );
                    svg.close();
                    let text = number(*value);
                    svg.text(
                        end.max(origin) + 4.0,
                        y + BAR / 2.0,
                        "start",
                        "value",
                        &text,
                    );
                }
                y += BAR;
            }
            y += GROUP_GAP;
        }
        if let Some(rule) = self.rule.filter(|r| shown(*r)) {
            svg.path(&[(x(rule), TOP - 6.0), (x(rule), bottom)], "rule");
        }
        svg.finish()
    }
}
