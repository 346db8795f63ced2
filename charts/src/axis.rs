//! An axis of a chart: a range padded to round numbers, linear or logarithmic, with its ticks.

/// A chart's colours, one per series in order of appearance.
pub(crate) const PALETTE: [&str; 8] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
];

/// The CSS giving class `s{k}` the `k`-th colour of [`PALETTE`], for strokes and fills.
pub(crate) fn palette_style() -> String {
    PALETTE
        .iter()
        .enumerate()
        .map(|(k, c)| format!(".s{k}{{stroke:{c};fill:{c}}}"))
        .collect()
}

/// An axis from `lo` to `hi`, linear or logarithmic (then `lo > 0`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Axis {
    lo: f64,
    hi: f64,
    log: bool,
}

impl Axis {
    /// An axis covering `values` (the finite ones; the positive ones if `log`), its ends at
    /// ticks. With no such value it covers 0 to 1 (1 to 10 if `log`).
    pub fn covering(values: impl IntoIterator<Item = f64>, log: bool) -> Axis {
        let (lo, hi) = values
            .into_iter()
            .filter(|v| v.is_finite() && (!log || *v > 0.0))
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            });
        if lo > hi {
            return if log {
                Axis::new(1.0, 10.0, true)
            } else {
                Axis::new(0.0, 1.0, false)
            };
        }
        if log {
            let (lo, hi) = (
                lo.log10().floor(),
                hi.log10().ceil().max(lo.log10().floor() + 1.0),
            );
            Axis::new(10f64.powf(lo), 10f64.powf(hi), true)
        } else {
            let (lo, hi) = if lo == hi {
                (lo - 1.0, hi + 1.0)
            } else {
                (lo, hi)
            };
            let step = linear_step(hi - lo);
            Axis::new((lo / step).floor() * step, (hi / step).ceil() * step, false)
        }
    }

    /// An axis from `lo` to `hi` exactly.
    pub fn new(lo: f64, hi: f64, log: bool) -> Axis {
        Axis { lo, hi, log }
    }

    /// Where `v` falls, from 0 at `lo` to 1 at `hi`.
    pub fn fraction(&self, v: f64) -> f64 {
        if self.log {
            (v.log10() - self.lo.log10()) / (self.hi.log10() - self.lo.log10())
        } else {
            (v - self.lo) / (self.hi - self.lo)
        }
    }

    /// The ticks, with their labels: round numbers from `lo` to `hi`; on a logarithmic axis
    /// the powers of ten, and 2 and 5 times them where there are fewer than three decades.
    pub fn ticks(&self) -> Vec<(f64, String)> {
        if self.log {
            let (first, last) = (
                self.lo.log10().round() as i32,
                self.hi.log10().round() as i32,
            );
            let multiples: &[f64] = if last - first < 3 {
                &[1.0, 2.0, 5.0]
            } else {
                &[1.0]
            };
            (first..=last)
                .flat_map(|k| multiples.iter().map(move |m| m * 10f64.powi(k)))
                .filter(|v| *v <= self.hi * (1.0 + 1e-9))
                .map(|v| (v, number(v)))
                .collect()
        } else {
            let step = linear_step(self.hi - self.lo);
            let count = ((self.hi - self.lo) / step).round() as i64;
            (0..=count)
                .map(|k| {
                    let v = self.lo + k as f64 * step;
                    (v, number(v))
                })
                .collect()
        }
    }
}

/// A round step that cuts `range` into about five: 1, 2 or 5 times a power of ten.
fn linear_step(range: f64) -> f64 {
    let raw = range / 5.0;
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power)
}

/// A number for a label: to three significant digits (all of an integer part), without trailing
/// zeros, in scientific notation where it is very large or very small.
pub(crate) fn number(v: f64) -> String {
    if v == 0.0 {
        return "0".to_owned();
    }
    let magnitude = v.abs().log10().floor() as i32;
    if !(-3..5).contains(&magnitude) {
        let mantissa = v / 10f64.powi(magnitude);
        return format!("{}e{magnitude}", trim(format!("{mantissa:.2}")));
    }
    let decimals = (2 - magnitude).max(0) as usize;
    trim(format!("{v:.decimals$}"))
}

/// `s` without the trailing zeros of its fraction (and without a trailing point).
fn trim(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_axes_end_at_round_ticks() {
        let axis = Axis::covering([0.3, 9.2], false);
        let ticks: Vec<String> = axis.ticks().into_iter().map(|t| t.1).collect();
        assert_eq!(ticks, ["0", "2", "4", "6", "8", "10"]);
        assert_eq!(axis.fraction(5.0), 0.5);
    }

    #[test]
    fn logarithmic_axes_are_decades() {
        let labels =
            |axis: Axis| -> Vec<String> { axis.ticks().into_iter().map(|t| t.1).collect() };
        // Three decades (the negative value left out): powers of ten.
        let axis = Axis::covering([0.002, 0.5, -1.0], true);
        assert_eq!(labels(axis), ["0.001", "0.01", "0.1", "1"]);
        assert!((axis.fraction(0.01) - 1.0 / 3.0).abs() < 1e-12);
        // Two decades: 1, 2 and 5 times each.
        let narrow = Axis::covering([0.02, 0.5], true);
        assert_eq!(
            labels(narrow),
            ["0.01", "0.02", "0.05", "0.1", "0.2", "0.5", "1"]
        );
        let wide = Axis::covering([1e-6, 1.0], true).ticks();
        assert_eq!(wide.len(), 7);
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(number(2.5), "2.5");
        assert_eq!(number(1234.5678), "1235");
        assert_eq!(number(1.6667), "1.67");
        assert_eq!(number(0.00514), "0.00514");
        assert_eq!(number(0.000012), "1.2e-5");
        assert_eq!(number(250000.0), "2.5e5");
    }
}
