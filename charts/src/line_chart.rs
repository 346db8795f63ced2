//! `LineChart`: series of points as lines over two axes, for loss curves.

use super::axis::{Axis, PALETTE, palette_style};
use super::svg::Svg;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 400.0;
/// The plot area's margins: left, right, top, bottom.
const MARGINS: [f64; 4] = [64.0, 20.0, 40.0, 48.0];

/// A line chart: each series a line through its points, a legend naming the series, axes with
/// round ticks, the vertical one logarithmic if asked (as a falling loss is best read).
///
/// # Example
///
/// ```
/// use catad_charts::LineChart;
/// let losses: Vec<(f64, f64)> = (0..100).map(|k| (k as f64, 0.9_f64.powi(k))).collect();
/// let svg = LineChart::new("Training loss")
///     .labels("step", "loss")
///     .log_y()
///     .series("reverse", &losses)
///     .to_svg();
/// assert!(svg.starts_with("<svg") && svg.contains("Training loss") && svg.contains(">reverse<"));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineChart {
    title: String,
    x_label: String,
    y_label: String,
    log_y: bool,
    series: Vec<(String, Vec<(f64, f64)>)>,
}

impl LineChart {
    /// An empty chart titled `title`.
    pub fn new(title: &str) -> LineChart {
        LineChart {
            title: title.to_owned(),
            ..LineChart::default()
        }
    }

    /// The axes' labels.
    pub fn labels(mut self, x: &str, y: &str) -> LineChart {
        (self.x_label, self.y_label) = (x.to_owned(), y.to_owned());
        self
    }

    /// A logarithmic vertical axis: points whose value is not positive are left out.
    pub fn log_y(mut self) -> LineChart {
        self.log_y = true;
        self
    }

    /// Adds a series named `name` through `points` `(x, y)`, in order; points that are not
    /// finite are left out.
    pub fn series(mut self, name: &str, points: &[(f64, f64)]) -> LineChart {
        self.series.push((name.to_owned(), points.to_vec()));
        self
    }

    /// The chart as an SVG image.
    pub fn to_svg(&self) -> String {
        let [left, right, top, bottom] = MARGINS;
        let (w, h) = (WIDTH - left - right, HEIGHT - top - bottom);
        let shown =
            |&(x, y): &(f64, f64)| x.is_finite() && y.is_finite() && (!self.log_y || y > 0.0);
        let points = || {
            self.series
                .iter()
                .flat_map(|s| s.1.iter().filter(|p| shown(p)))
        };
        let x_axis = Axis::covering(points().map(|p| p.0), false);
        let y_axis = Axis::covering(points().map(|p| p.1), self.log_y);
        let place = |&(x, y): &(f64, f64)| {
            (
                left + w * x_axis.fraction(x),
                top + h * (1.0 - y_axis.fraction(y)),
            )
        };
        // The palette first: a line's `fill:none` must win over its colour's fill.
        let style = format!(
            "{}.frame rect{{fill:none;stroke:#333}}.grid{{stroke:#ddd}}\
             .line{{fill:none;stroke-width:1.5}}.title{{font-size:14px}}",
            palette_style()
        );
        let mut svg = Svg::new(WIDTH, HEIGHT, &style);
        svg.text(WIDTH / 2.0, top / 2.0, "middle", "title", &self.title);
        for (x, label) in x_axis.ticks() {
            let at = left + w * x_axis.fraction(x);
            svg.path(&[(at, top), (at, top + h)], "grid");
            svg.text(at, top + h + 12.0, "middle", "tick", &label);
        }
        for (y, label) in y_axis.ticks() {
            let at = top + h * (1.0 - y_axis.fraction(y));
            svg.path(&[(left, at), (left + w, at)], "grid");
            svg.text(left - 6.0, at, "end", "tick", &label);
        }
        svg.open("frame");
        svg.rect(left, top, w, h, 0.0);
        svg.close();
        svg.text(
            left + w / 2.0,
            HEIGHT - 12.0,
            "middle",
            "label",
            &self.x_label,
        );
        svg.text(14.0, top - 14.0, "start", "label", &self.y_label);
        for (k, (name, series)) in self.series.iter().enumerate() {
            let class = format!("line s{}", k % PALETTE.len());
            let line: Vec<(f64, f64)> = series.iter().filter(|p| shown(p)).map(place).collect();
            if line.len() > 1 {
                svg.path(&line, &class);
            }
            let y = top + 14.0 + 16.0 * k as f64;
            let x = left + w - 110.0;
            svg.path(&[(x, y), (x + 20.0, y)], &class);
            svg.text(x + 26.0, y, "start", "legend", name);
        }
        svg.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_chart_draws_each_series_inside_its_frame() {
        let falling: Vec<(f64, f64)> = (0..50).map(|k| (k as f64, 0.8_f64.powi(k))).collect();
        let svg = LineChart::new("loss")
            .labels("step", "loss")
            .log_y()
            .series("one", &falling)
            .series("two", &[(0.0, 2.0), (49.0, 0.5), (50.0, -1.0)])
            .to_svg();
        let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let frame = document
            .descendants()
            .find(|n| n.attribute("class") == Some("frame"))
            .and_then(|g| g.first_element_child())
            .expect("a frame");
        let get = |a: &str| frame.attribute(a).unwrap().parse::<f64>().unwrap();
        let (x, y, w, h) = (get("x"), get("y"), get("width"), get("height"));
        let lines: Vec<_> = document
            .descendants()
            .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("line ")))
            .collect();
        // Each series' line and its legend's stroke.
        assert_eq!(lines.len(), 4);
        for line in &lines[..] {
            let d = line.attribute("d").unwrap();
            for point in d.split(['M', 'L']).filter(|p| !p.trim().is_empty()) {
                let (px, py) = point.trim().split_once(',').unwrap();
                let (px, py): (f64, f64) = (px.parse().unwrap(), py.parse().unwrap());
                assert!(
                    px >= x && px <= x + w && py >= y && py <= y + h,
                    "{point} outside"
                );
            }
        }
        assert!(svg.contains(">one<") && svg.contains(">two<"));
    }
}
