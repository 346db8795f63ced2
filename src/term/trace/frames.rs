//! The traces under way: a stack of frames, one per function being traced, each a graph being
//! built. A traced scalar names its frame; an operation records onto the innermost frame among
//! its operands', and a value of an outer frame read there becomes an input of that frame (a
//! captured variable), so that a trace's derivative never perturbs what it captured.

use super::traced::{Repr, Traced};
use crate::hasher::FxHashMap;
use crate::term::Graph;
use crate::term::Wire;
use crate::term::eval::Runner;
use std::cell::{Cell, RefCell};

/// A function being traced: its graph, and the values of outer frames it reads, each an input
/// after its own.
struct Frame {
    id: u64,
    graph: Graph,
    captures: Vec<Traced>,
    captured: FxHashMap<(u64, Wire), Wire>,
}

thread_local! {
    static FRAMES: RefCell<Vec<Frame>> = const { RefCell::new(Vec::new()) };
    static NEXT: Cell<u64> = const { Cell::new(0) };
}

/// A graph traced from `f` on `inputs` fresh scalars, and the values of outer traces it read: the
/// graph's inputs are `f`'s, then one per captured value, in order.
pub(super) fn trace(
    inputs: usize,
    f: impl FnOnce(&[Traced]) -> Vec<Traced>,
) -> (Graph, Vec<Traced>) {
    let id = NEXT.get();
    NEXT.set(id + 1);
    let depth = FRAMES.with_borrow_mut(|frames| {
        frames.push(Frame {
            id,
            graph: Graph::new(inputs),
            captures: Vec::new(),
            captured: FxHashMap::default(),
        });
        frames.len()
    });
    // A panic in `f` ends this trace and those it began.
    let _ends = Ends(depth - 1);
    let xs: Vec<Traced> = (0..inputs as u32)
        .map(|i| Traced(Repr::Wire(id, Wire::In(i))))
        .collect();
    let ys = f(&xs);
    FRAMES.with_borrow_mut(|frames| {
        assert_eq!(
            frames.len(),
            depth,
            "catad::term::trace: traces ended out of order"
        );
        let outputs = ys.iter().map(|&y| lift(frames, depth - 1, y)).collect();
        let frame = frames.pop().expect("the frame just checked");
        (frame.graph.with_outputs(outputs), frame.captures)
    })
}

/// Ends the traces above a depth when dropped (on a panic in the traced function).
struct Ends(usize);

impl Drop for Ends {
    fn drop(&mut self) {
        // `try_with`: the thread's frames may be gone already if it is ending.
        let _ = FRAMES.try_with(|frames| {
            if let Ok(mut frames) = frames.try_borrow_mut() {
                frames.truncate(self.0);
            }
        });
    }
}

/// `push` of the operands' wires onto the innermost frame they belong to: the wire it returns,
/// as a traced scalar (a constant where the graph folded it). The operands are not all constants.
pub(super) fn record(args: &[Traced], push: impl FnOnce(&mut Graph, &[Wire]) -> Wire) -> Traced {
    FRAMES.with_borrow_mut(|frames| {
        let at = target(frames, args).expect("an operand that is not a constant");
        let wires: Vec<Wire> = args.iter().map(|&a| lift(frames, at, a)).collect();
        let w = push(&mut frames[at].graph, &wires);
        traced(&frames[at], w)
    })
}

/// `g` applied to `inputs`: its nodes appended to the innermost frame the inputs belong to, or,
/// where they are all constants, its value on them.
pub(super) fn apply(g: &Graph, inputs: &[Traced]) -> Vec<Traced> {
    let appended = FRAMES.with_borrow_mut(|frames| {
        let at = target(frames, inputs)?;
        let wires: Vec<Wire> = inputs.iter().map(|&a| lift(frames, at, a)).collect();
        let outputs = frames[at].graph.append(g, &wires);
        Some(outputs.iter().map(|&w| traced(&frames[at], w)).collect())
    });
    appended.unwrap_or_else(|| {
        let values: Vec<f64> = inputs
            .iter()
            .map(|x| x.constant_value().expect("constants"))
            .collect();
        Runner::new(g).run(&values, |out| {
            out.iter().map(|&c| Traced::from(c)).collect()
        })
    })
}

/// The wire `w` of `frame` as a traced scalar: a constant where a constant node computes it.
fn traced(frame: &Frame, w: Wire) -> Traced {
    frame
        .graph
        .constant_of(w)
        .map_or(Traced(Repr::Wire(frame.id, w)), Traced::from)
}

/// The position of the innermost frame of `args` (none if they are all constants).
///
/// # Panics
///
/// If one was traced by a trace that has ended.
fn target(frames: &[Frame], args: &[Traced]) -> Option<usize> {
    let id = args.iter().filter_map(|a| a.frame()).max()?;
    Some(position(frames, id))
}

/// The position of the frame `id`, which must be under way.
fn position(frames: &[Frame], id: u64) -> usize {
    frames.iter().rposition(|f| f.id == id).unwrap_or_else(|| {
        panic!(
            "catad::term::trace: a traced value was used after the trace that made it ended (kept \
             out of the closure that was traced, in a variable or a static); return it from that \
             closure instead"
        )
    })
}

/// The wire of `x` in the frame at `at`: its own, a constant, or an input capturing it from an
/// outer frame.
fn lift(frames: &mut [Frame], at: usize, x: Traced) -> Wire {
    let Repr::Wire(id, w) = x.0 else {
        return frames[at]
            .graph
            .constant(x.constant_value().expect("a constant"));
    };
    if id == frames[at].id {
        return w;
    }
    assert!(
        position(frames, id) < at,
        "catad::term::trace: a value of an inner trace read"
    );
    let frame = &mut frames[at];
    if let Some(&input) = frame.captured.get(&(id, w)) {
        return input;
    }
    let input = frame.graph.add_inputs(1)[0];
    frame.captures.push(x);
    frame.captured.insert((id, w), input);
    input
}
