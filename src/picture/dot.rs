//! A [`Diagram`] in GraphViz's DOT language.

use super::diagram::{Diagram, Node, NodeKind};
use std::fmt::Write;

pub(crate) fn write(d: &Diagram) -> String {
    let mut out = String::from(
        "digraph catad {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\", fontsize=12];\n",
    );
    for (i, node) in d.nodes().iter().enumerate() {
        let label = escape(node.label());
        let (ins, outs) = (node.inputs(), node.outputs());
        let attributes = match node.kind() {
            NodeKind::Constant => format!("shape=ellipse, label=\"{label}\""),
            _ if !has_ports(node) => format!("label=\"{label}\""),
            NodeKind::Input => format!("shape=record, label=\"{{{label}|{}}}\"", fields(outs, 'o')),
            NodeKind::Output => format!("shape=record, label=\"{{{}|{label}}}\"", fields(ins, 'i')),
            NodeKind::Operation => format!(
                "shape=record, label=\"{{{}|{label}|{}}}\"",
                fields(ins, 'i'),
                fields(outs, 'o')
            ),
        };
        writeln!(out, "  n{i} [{attributes}];").expect("writing to a String");
    }
    let end = |node: usize, port: usize, prefix: char| {
        if has_ports(&d.nodes()[node]) {
            format!("n{node}:{prefix}{port}")
        } else {
            format!("n{node}")
        }
    };
    for wire in d.wires() {
        let (from, to) = (wire.from, wire.to);
        writeln!(
            out,
            "  {} -> {};",
            end(from.node, from.port, 'o'),
            end(to.node, to.port, 'i')
        )
        .expect("writing to a String");
    }
    out.push_str("}\n");
    out
}

/// Whether a node is drawn as a record with a field per port: bundles, and operations with more
/// than one operand or result (whose ports must not be confused).
fn has_ports(node: &Node) -> bool {
    match node.kind() {
        NodeKind::Input | NodeKind::Output => true,
        NodeKind::Constant => false,
        NodeKind::Operation => node.inputs().len() > 1 || node.outputs().len() > 1,
    }
}

/// The fields of a record, one per port, stacked across the flow (`{…}` flips the direction).
fn fields(ports: &[String], prefix: char) -> String {
    let fields: Vec<String> = ports
        .iter()
        .enumerate()
        .map(|(k, label)| format!("<{prefix}{k}>{}", escape(label)))
        .collect();
    format!("{{{}}}", fields.join("|"))
}

/// `s` quoted for a DOT record label: its field separators and quotes escaped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '"' | '\\' | '{' | '}' | '|' | '<' | '>') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
