//! The pictures: each figure is well-formed SVG that shows the primitives it must, computes
//! what it draws (its wires, read back, are the program), and matches its checked-in copy; the
//! layout keeps boxes apart and wires flowing left to right on random programs.

use super::layout::{Layout, layout};
use super::{Diagram, NodeKind};
use crate::paper::figures;
use crate::prelude::*;
use crate::staged::random::{Case, tape};
use crate::staged::{Sym, compile};
use quickcheck::{QuickCheck, TestResult};
use std::path::PathBuf;

/// Evaluates a diagram as the data flow it draws: each box's operation on the values its wires
/// bring, the constants read back from their labels.
fn run(d: &Diagram, inputs: &[f64]) -> Vec<f64> {
    let mut values: Vec<Vec<f64>> = Vec::with_capacity(d.nodes().len());
    let mut inputs = inputs.iter().copied();
    let mut results = Vec::new();
    for (i, node) in d.nodes().iter().enumerate() {
        let mut args = vec![0.0; node.inputs().len()];
        for wire in d.wires().iter().filter(|w| w.to.node == i) {
            args[wire.to.port] = values[wire.from.node][wire.from.port];
        }
        let out = match node.kind() {
            NodeKind::Input => inputs.by_ref().take(node.outputs().len()).collect(),
            NodeKind::Constant => vec![node.label().parse().expect("a constant's label")],
            NodeKind::Output => {
                results.extend(&args);
                Vec::new()
            }
            NodeKind::Operation => match (node.label(), args.as_slice()) {
                ("add", [x, y]) => vec![x + y],
                ("sub", [x, y]) => vec![x - y],
                ("mul", [x, y]) => vec![x * y],
                ("div", [x, y]) => vec![x / y],
                ("negate", [x]) => vec![-x],
                ("sin", [x]) => vec![x.sin()],
                ("cos", [x]) => vec![x.cos()],
                ("sincos", [x]) => vec![x.sin(), x.cos()],
                ("exp", [x]) => vec![x.exp()],
                ("tanh", [x]) => vec![x.tanh()],
                ("sqrt", [x]) => vec![x.sqrt()],
                ("abs", [x]) => vec![x.abs()],
                (op, args) => panic!("no rule to run {op} of {args:?}"),
            },
        };
        values.push(out);
    }
    results
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(a, b)| (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0))
}

/// The names of the operations a well-formed SVG shows, by parsing it.
fn operations_shown(svg: &str) -> Vec<String> {
    let document = roxmltree::Document::parse(svg).expect("well-formed SVG");
    assert_eq!(document.root_element().tag_name().name(), "svg");
    document
        .descendants()
        .filter(|n| n.attribute("class") == Some("node operation"))
        .map(|g| {
            let label = g
                .descendants()
                .find(|t| t.attribute("class") == Some("label"));
            label.and_then(|t| t.text()).expect("a label").to_owned()
        })
        .collect()
}

#[test]
fn every_figure_is_well_formed_svg_showing_each_of_its_operations() {
    for figure in figures() {
        let shown = operations_shown(&figure.diagram.to_svg());
        let operations: Vec<&str> = (figure.diagram.nodes().iter())
            .filter(|n| n.kind() == NodeKind::Operation)
            .map(|n| n.label())
            .collect();
        assert!(!operations.is_empty(), "{} draws no operation", figure.name);
        assert_eq!(shown, operations, "{}", figure.name);
    }
}

#[test]
fn the_programs_figures_have_the_papers_primitives() {
    let figures = figures();
    let counts = |name: &str, ops: &[&str]| -> Vec<usize> {
        let figure = figures.iter().find(|f| f.name == name).expect(name);
        ops.iter().map(|op| figure.diagram.count(op)).collect()
    };
    // Fig. 2: magSqr (a, b) = a·a + b·b.
    assert_eq!(counts("fig02-mag-sqr", &["mul", "add"]), [2, 1]);
    // Fig. 3: cosSinProd (x, y) = (cos z, sin z) where z = x·y: z once, cos and sin of it
    // together.
    assert_eq!(counts("fig03-cos-sin-prod", &["mul", "sincos"]), [1, 1]);
    // Fig. 4: D̂ magSqr shares the primal's products and sum; its tangent is
    // a·(da + da) + b·(db + db) (the distributive rule factors out a and b).
    assert_eq!(
        counts("fig04-mag-sqr-forward", &["mul", "add"]),
        [2 + 2, 1 + 3]
    );
    // Figs. 8 and 11: reverse mode, by continuations and by duals, runs the same program —
    // the paper's point: a·(c + c) and b·(c + c) with the cotangent's c + c shared.
    let reverse = ["mul", "add"];
    assert_eq!(
        counts("fig08-mag-sqr-reverse-cont", &reverse),
        [2 + 2, 1 + 1]
    );
    assert_eq!(counts("fig11-mag-sqr-reverse", &reverse), [2 + 2, 1 + 1]);
    // Fig. 12: cos (x + y·z): the primal's sum, and one sincos for the value and the
    // derivative's −sin.
    let fig12 = counts("fig12-cos-xyz-reverse", &["add", "sincos", "negate"]);
    assert_eq!(fig12, [1, 1, 1]);
}

#[test]
fn every_figure_computes_its_entry_point() {
    let points = [(0.5, -1.25), (2.0, 0.75)];
    let tangents = [(1.0, 0.0), (0.3, -2.0)];
    for ((a, b), (da, db)) in points.into_iter().zip(tangents) {
        let figures = figures();
        let figure = |name: &str| &figures.iter().find(|f| f.name == name).expect(name).diagram;
        let mag_sqr = catad::paper::mag_sqr::<Reverse, f64>();
        let cos_sin_prod = catad::paper::cos_sin_prod::<Reverse, f64>();
        let cos_xyz = catad::paper::cos_xyz::<Reverse, f64>();
        let m = mag_sqr.apply((a, b));
        let (c, s) = cos_sin_prod.apply((a, b));
        assert_eq!(run(figure("fig02-mag-sqr"), &[a, b]), [m]);
        assert!(close(&run(figure("fig03-cos-sin-prod"), &[a, b]), &[c, s]));
        let (_, dm) = jvp(&mag_sqr, (a, b), (da, db));
        let forward = run(figure("fig04-mag-sqr-forward"), &[a, b, da, db]);
        assert!(close(&forward, &[m, dm]));
        let (_, (dc, ds)) = jvp(&cos_sin_prod, (a, b), (da, db));
        let forward = run(figure("fig05-cos-sin-prod-forward"), &[a, b, da, db]);
        assert!(close(&forward, &[c, s, dc, ds]));
        let (_, (ga, gb)) = vjp(&mag_sqr, (a, b), da);
        for name in ["fig08-mag-sqr-reverse-cont", "fig11-mag-sqr-reverse"] {
            assert!(
                close(&run(figure(name), &[a, b, da]), &[m, ga, gb]),
                "{name}"
            );
        }
        let (_, (ga, gb)) = vjp(&cos_sin_prod, (a, b), (da, db));
        let reverse = run(figure("fig09-cos-sin-prod-reverse-cont"), &[a, b, da, db]);
        assert!(close(&reverse, &[c, s, ga, gb]));
        let xyz = ((a, b), da + db);
        let (value, ((gx, gy), gz)) = vjp(&cos_xyz, xyz, db);
        let reverse = run(figure("fig12-cos-xyz-reverse"), &[a, b, da + db, db]);
        assert!(close(&reverse, &[value, gx, gy, gz]));
        let matrix = jacobian(&cos_sin_prod, (a, b));
        let entries = run(figure("mat-cos-sin-prod-jacobian"), &[a, b]);
        assert!(close(&entries, matrix.as_slice()));
    }
}

/// The checked-in copies of the figures (docs/figures/, shown by the README and
/// docs/paper-map.md) are what the code draws today. `CATAD_BLESS=1 cargo test -p catad --lib
/// picture` rewrites them.
#[test]
fn the_checked_in_figures_are_current() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/figures");
    let bless = std::env::var_os("CATAD_BLESS").is_some();
    for figure in figures() {
        let path = folder.join(format!("{}.svg", figure.name));
        let svg = figure.diagram.to_svg();
        if bless {
            std::fs::write(&path, &svg).expect("writing a figure");
        }
        let checked_in = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (CATAD_BLESS=1 writes it)", path.display()));
        assert!(
            checked_in == svg,
            "{} is stale: run `CATAD_BLESS=1 cargo test -p catad --lib picture`",
            path.display()
        );
    }
}

/// Whether two boxes overlap (share more than an edge).
fn overlap(a: &super::layout::Rect, b: &super::layout::Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

fn well_laid_out(d: &Diagram, l: &Layout) -> Result<(), String> {
    for (i, a) in l.boxes.iter().enumerate() {
        let inside = a.x >= 0.0 && a.y >= 0.0 && a.x + a.w <= l.width && a.y + a.h <= l.height;
        if !inside {
            return Err(format!("box {i} {a:?} outside {} × {}", l.width, l.height));
        }
        if let Some(j) = (i + 1..l.boxes.len()).find(|&j| overlap(a, &l.boxes[j])) {
            return Err(format!(
                "boxes {i} and {j} overlap: {a:?}, {:?}",
                l.boxes[j]
            ));
        }
    }
    for (wire, route) in d.wires().iter().zip(&l.routes) {
        let (from, to) = (&l.boxes[wire.from.node], &l.boxes[wire.to.node]);
        let (start, end) = (route[0], route[route.len() - 1]);
        let on_edge = |(x, y): (f64, f64), edge: f64, b: &super::layout::Rect| {
            x == edge && y > b.y && y < b.y + b.h
        };
        if !on_edge(start, from.x + from.w, from) || !on_edge(end, to.x, to) {
            return Err(format!("{wire:?} does not join its ports: {route:?}"));
        }
        if route.windows(2).any(|p| p[1].0 < p[0].0) {
            return Err(format!("{wire:?} flows right to left: {route:?}"));
        }
    }
    Ok(())
}

#[test]
fn random_programs_are_laid_out_with_boxes_apart_and_wires_flowing_forward() {
    fn property(case: Case) -> TestResult {
        let tape = tape(&case, true).0;
        let d = Diagram::of(&tape, &[("x", 3)], &[("y", tape.outputs())]);
        let svg = d.to_svg();
        let shown = operations_shown(&svg).len();
        let dot = d.to_dot();
        let counts_agree = shown == tape.len() && dot.matches(" -> ").count() == d.wires().len();
        match well_laid_out(&d, &layout(&d)) {
            Ok(()) if counts_agree => TestResult::passed(),
            Ok(()) => TestResult::error(format!("{shown} boxes shown of {}", tape.len())),
            Err(e) => TestResult::error(e),
        }
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(property as fn(Case) -> TestResult);
}

#[test]
fn a_diagram_names_both_sizes_when_its_bundles_do_not_fit_the_tape() {
    let tape = compile(&catad::paper::mag_sqr::<Reverse, Sym>()).apply_tape(&(3.0, 4.0));
    let result = std::panic::catch_unwind(|| Diagram::of(&tape, &[("a", 3)], &[("b", 1)]));
    let message = *result
        .expect_err("3 inputs for 2")
        .downcast::<String>()
        .expect("a message");
    assert_eq!(
        message,
        "catad::picture: the input bundles have 3 coordinates, the tape has 2"
    );
}

#[test]
fn a_term_and_its_derivatives_compute_what_they_draw() {
    use crate::term::Syn;
    let t = crate::paper::cos_sin_prod::<Syn, f64>();
    let (a, da, db) = ((0.5, 2.0), (1.0, -0.5), (0.25, 3.0));
    let (b, jvp) = t.jvp(a, da);
    let (_, vjp) = t.vjp(a, db);
    let drawn = run(&t.draw(), &[a.0, a.1]);
    assert!(close(&drawn, &[b.0, b.1]), "{drawn:?}");
    let drawn = run(&t.draw_forward(), &[a.0, a.1, da.0, da.1]);
    assert!(close(&drawn, &[b.0, b.1, jvp.0, jvp.1]), "{drawn:?}");
    let drawn = run(&t.draw_reverse(), &[a.0, a.1, db.0, db.1]);
    assert!(close(&drawn, &[b.0, b.1, vjp.0, vjp.1]), "{drawn:?}");
    assert!(t.draw_reverse().to_svg().starts_with("<svg"));
    // A conditional is a test and a cond box, whose coordinates are its box's ports; its
    // reverse derivative is a second cond box, of the branches' reverse derivatives.
    let positive = Pred::compare(|x: f64| x, Comparison::Gt, |_| 0.0);
    let relu = Syn::cond(positive, Syn::id(), Syn::const_c(0.0));
    let d = relu.draw_reverse();
    assert_eq!((d.count("test"), d.count("cond")), (1, 2));
    assert!(d.to_svg().contains(">cond<"));
}
