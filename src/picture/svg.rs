//! A small SVG writer: the shapes and text the diagrams use, numbers to a tenth of a pixel so
//! that the output is the same on every machine.

use std::fmt::{self, Write};

/// An SVG document being written.
pub(crate) struct Svg {
    out: String,
}

impl Svg {
    /// A document of `width` × `height` pixels, styled by `style` (CSS).
    pub fn new(width: f64, height: f64, style: &str) -> Svg {
        let mut out = String::new();
        writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">",
            w = num(width),
            h = num(height)
        )
        .expect("writing to a String");
        writeln!(out, "<style>{style}</style>").expect("writing to a String");
        writeln!(
            out,
            "<defs><marker id=\"arrow\" viewBox=\"0 0 8 8\" refX=\"8\" refY=\"4\" \
             markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\">\
             <path d=\"M0,0 L8,4 L0,8 z\" fill=\"#555\"/></marker></defs>"
        )
        .expect("writing to a String");
        Svg { out }
    }

    /// Opens a group of class `class`.
    pub fn open(&mut self, class: &str) {
        writeln!(self.out, "<g class=\"{}\">", escape(class)).expect("writing to a String");
    }

    /// Closes the last group opened.
    pub fn close(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// A rectangle with rounded corners of radius `r`.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, r: f64) {
        writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\"/>",
            num(x),
            num(y),
            num(w),
            num(h),
            num(r)
        )
        .expect("writing to a String");
    }

    /// `text` with its anchor (`start`, `middle`, `end`) at `(x, y)`, vertically centred there.
    pub fn text(&mut self, x: f64, y: f64, anchor: &str, class: &str, text: &str) {
        writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\" dominant-baseline=\"central\" \
             class=\"{}\">{}</text>",
            num(x),
            num(y),
            escape(class),
            escape(text)
        )
        .expect("writing to a String");
    }

    /// A path of class `class` through `points`, a horizontal S-curve from each point to the next.
    pub fn curve(&mut self, points: &[(f64, f64)], class: &str) {
        let mut d = String::new();
        for (k, &(x, y)) in points.iter().enumerate() {
            if k == 0 {
                write!(d, "M{},{}", num(x), num(y))
            } else {
                let (px, py) = points[k - 1];
                let mid = px + (x - px) / 2.0;
                write!(
                    d,
                    " C{},{} {},{} {},{}",
                    num(mid),
                    num(py),
                    num(mid),
                    num(y),
                    num(x),
                    num(y)
                )
            }
            .expect("writing to a String");
        }
        writeln!(self.out, "<path class=\"{}\" d=\"{d}\"/>", escape(class))
            .expect("writing to a String");
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// A coordinate to a tenth of a pixel, without a trailing `.0`, written where it is formatted
/// (no string of its own: a large picture has hundreds of thousands).
pub(crate) fn num(x: f64) -> Num {
    Num(x)
}

/// A coordinate, displayed to a tenth of a pixel; made by [`num`].
pub(crate) struct Num(f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.0 * 10.0).round() / 10.0;
        let tenths = if tenths == 0.0 { 0.0 } else { tenths };
        write!(f, "{tenths}")
    }
}

/// `s` with XML's special characters escaped.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_rounded_to_tenths_without_negative_zero() {
        assert_eq!(num(12.0).to_string(), "12");
        assert_eq!(num(1.26).to_string(), "1.3");
        assert_eq!(num(-0.01).to_string(), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
