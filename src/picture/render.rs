//! A laid-out [`Diagram`] drawn as SVG: boxes coloured by kind, port labels inside bundles, wires
//! as curves with arrowheads.

use super::diagram::{Diagram, NodeKind};
use super::layout::{CHAR_WIDTH, Layout};
use super::svg::Svg;

const STYLE: &str = "\
.wire{fill:none;stroke:#555;stroke-width:1.2;marker-end:url(#arrow)}\
.node rect{stroke:#333;stroke-width:1}\
.input rect{fill:#dae8fc}.output rect{fill:#d5e8d4}\
.operation rect{fill:#fff2cc}.constant rect{fill:#eeeeee}\
.port{font-size:10px;fill:#555}";

pub(crate) fn svg(d: &Diagram, layout: &Layout) -> String {
    let mut svg = Svg::new(layout.width, layout.height, STYLE);
    svg.open("wires");
    for route in &layout.routes {
        svg.curve(route, "wire");
    }
    svg.close();
    for (node, b) in d.nodes().iter().zip(&layout.boxes) {
        let kind = match node.kind() {
            NodeKind::Input => "input",
            NodeKind::Output => "output",
            NodeKind::Operation => "operation",
            NodeKind::Constant => "constant",
        };
        svg.open(&format!("node {kind}"));
        let radius = if node.kind() == NodeKind::Constant {
            b.h / 2.0
        } else {
            3.0
        };
        svg.rect(b.x, b.y, b.w, b.h, radius);
        let centre = b.y + b.h / 2.0;
        let ports = |svg: &mut Svg, labels: &[String], x: f64, anchor: &str| {
            for (port, label) in labels.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
                svg.text(x, b.port_y(port, labels.len()), anchor, "port", label);
            }
        };
        match node.kind() {
            NodeKind::Input => {
                svg.text(b.x + 8.0, centre, "start", "label", node.label());
                ports(&mut svg, node.outputs(), b.x + b.w - 5.0, "end");
            }
            NodeKind::Output => {
                ports(&mut svg, node.inputs(), b.x + 5.0, "start");
                svg.text(b.x + b.w - 8.0, centre, "end", "label", node.label());
            }
            NodeKind::Operation | NodeKind::Constant => {
                let widest = node.outputs().iter().map(|p| p.chars().count()).max();
                let room = widest.unwrap_or(0) as f64 * CHAR_WIDTH;
                svg.text(
                    b.x + (b.w - room) / 2.0,
                    centre,
                    "middle",
                    "label",
                    node.label(),
                );
                ports(&mut svg, node.outputs(), b.x + b.w - 4.0, "end");
            }
        }
        svg.close();
    }
    svg.finish()
}
