//! A layered layout of a [`Diagram`] (Sugiyama's method): boxes in columns by their depth,
//! ordered within each column to cross few wires, placed near the boxes they are wired to, and
//! wires routed through the columns they pass.
//!
//! Written here rather than taken from a crate: a diagram of a staged program is a DAG whose
//! order is already topological, so the method fits in a page, needs no dependency on a fresh
//! machine, and is deterministic (a checked-in picture regenerates byte for byte).

use super::diagram::{Diagram, Node, NodeKind};
use std::collections::HashMap;

/// The width of a character of the 12-pixel sans-serif font, on average.
pub(crate) const CHAR_WIDTH: f64 = 7.0;
/// The vertical distance between two ports of a box.
pub(crate) const PORT_GAP: f64 = 16.0;
/// The margin around the picture.
pub(crate) const MARGIN: f64 = 12.0;
/// The horizontal gap between two columns.
const COLUMN_GAP: f64 = 44.0;
/// The vertical gap between two boxes of a column, and beside a wire passing through it.
const BOX_GAP: f64 = 14.0;
const WIRE_GAP: f64 = 6.0;
/// Rounds of the barycentre ordering, and of the placement.
const ROUNDS: usize = 8;

/// A box's place: its top-left corner and its size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    /// The height of input port `port` of `ports`, or of an output port.
    pub fn port_y(&self, port: usize, ports: usize) -> f64 {
        self.y + self.h * (port + 1) as f64 / (ports + 1) as f64
    }
}

/// Where everything of a diagram goes.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub width: f64,
    pub height: f64,
    /// A place for each node, in the order of [`Diagram::nodes`].
    pub boxes: Vec<Rect>,
    /// A route for each wire, in the order of [`Diagram::wires`]: from the output port through
    /// the columns it passes to the input port.
    pub routes: Vec<Vec<(f64, f64)>>,
}

/// The size of a node's box: room for its label and its ports.
pub(crate) fn size(node: &Node) -> (f64, f64) {
    let ports = node.inputs().len().max(node.outputs().len()) as f64;
    let h = (PORT_GAP * ports + 8.0).max(26.0);
    let text = |s: &str| s.chars().count() as f64 * CHAR_WIDTH;
    let w = match node.kind() {
        NodeKind::Input | NodeKind::Output => {
            let port_labels = node.inputs().iter().chain(node.outputs());
            let widest = port_labels.map(|p| text(p)).fold(0.0, f64::max);
            text(node.label()) + widest + 26.0
        }
        _ => {
            let widest = node.outputs().iter().map(|p| text(p)).fold(0.0, f64::max);
            text(node.label()) + widest + 18.0
        }
    };
    (w.max(36.0), h)
}

/// An item of a column: a node's box, or a point where a wire passes.
struct Item {
    layer: usize,
    w: f64,
    h: f64,
    ins: usize,
    outs: usize,
    /// A bundle keeps its place among the bundles of its column.
    bundle: bool,
}

/// A wire between adjacent columns: from output port `from.1` of item `from.0` to input port
/// `to.1` of item `to.0`.
struct Segment {
    from: (usize, usize),
    to: (usize, usize),
}

pub(crate) fn layout(d: &Diagram) -> Layout {
    let nodes = d.nodes();
    let layers = layers(d);
    let mut items: Vec<Item> = nodes
        .iter()
        .zip(&layers)
        .map(|(node, &layer)| {
            let (w, h) = size(node);
            Item {
                layer,
                w,
                h,
                ins: node.inputs().len(),
                outs: node.outputs().len(),
                bundle: matches!(node.kind(), NodeKind::Input | NodeKind::Output),
            }
        })
        .collect();
    // Each wire as segments between adjacent columns, through a point in each column it passes.
    // The wires from one port share their points (a trunk), so that a value used far away by
    // several boxes is one line until it branches: fewer points to place, fewer lines to read.
    let mut segments = Vec::new();
    let mut passes: Vec<Vec<usize>> = Vec::with_capacity(d.wires().len());
    let mut trunks: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for wire in d.wires() {
        let source = (wire.from.node, wire.from.port);
        let (start, end) = (layers[wire.from.node], layers[wire.to.node]);
        let trunk = trunks.entry(source).or_default();
        while trunk.len() + start + 1 < end {
            let from = trunk.last().map_or(source, |&p| (p, 0));
            trunk.push(items.len());
            items.push(Item {
                layer: start + trunk.len(),
                w: 0.0,
                h: 0.0,
                ins: 1,
                outs: 1,
                bundle: false,
            });
            segments.push(Segment {
                from,
                to: (items.len() - 1, 0),
            });
        }
        let points = trunk[..end - start - 1].to_vec();
        segments.push(Segment {
            from: points.last().map_or(source, |&p| (p, 0)),
            to: (wire.to.node, wire.to.port),
        });
        passes.push(points);
    }
    let columns = layers.iter().max().map_or(0, |&l| l + 1);
    let order = order(&items, &segments, columns);
    let (xs, column_widths) = columns_x(&items, &order);
    let ys = place(&items, &segments, &order);
    let top = (0..items.len())
        .map(|i| ys[i] - items[i].h / 2.0)
        .fold(f64::INFINITY, f64::min);
    let shift = MARGIN - top;
    let bottom = (0..items.len())
        .map(|i| ys[i] + items[i].h / 2.0)
        .fold(f64::NEG_INFINITY, f64::max);
    let boxes: Vec<Rect> = (0..nodes.len())
        .map(|i| {
            let item = &items[i];
            Rect {
                x: xs[item.layer] + (column_widths[item.layer] - item.w) / 2.0,
                y: ys[i] - item.h / 2.0 + shift,
                w: item.w,
                h: item.h,
            }
        })
        .collect();
    let routes = d
        .wires()
        .iter()
        .zip(&passes)
        .map(|(wire, points)| {
            let (from, to) = (&boxes[wire.from.node], &boxes[wire.to.node]);
            let outs = nodes[wire.from.node].outputs().len();
            let ins = nodes[wire.to.node].inputs().len();
            let mut route = vec![(from.x + from.w, from.port_y(wire.from.port, outs))];
            for &p in points {
                let layer = items[p].layer;
                let y = ys[p] + shift;
                // A straight run through several columns needs only its ends.
                if let [.., (_, a), (_, b)] = route[..]
                    && a == y
                    && b == y
                {
                    route.pop();
                } else {
                    route.push((xs[layer], y));
                }
                route.push((xs[layer] + column_widths[layer], y));
            }
            route.push((to.x, to.port_y(wire.to.port, ins)));
            route
        })
        .collect();
    let width = xs.last().copied().unwrap_or(MARGIN) + column_widths.last().unwrap_or(&0.0);
    Layout {
        width: width + MARGIN,
        height: if items.is_empty() {
            2.0 * MARGIN
        } else {
            bottom + shift + MARGIN
        },
        boxes,
        routes,
    }
}

/// Each node's column: arguments first; an operation one after the last of its operands; a
/// constant just before its first use; results last.
fn layers(d: &Diagram) -> Vec<usize> {
    let nodes = d.nodes();
    let mut operands: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut users: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for wire in d.wires() {
        operands[wire.to.node].push(wire.from.node);
        users[wire.from.node].push(wire.to.node);
    }
    // Nodes are in a topological order: every wire goes from a node to a later one.
    let mut layer = vec![0; nodes.len()];
    for (i, node) in nodes.iter().enumerate() {
        if node.kind() == NodeKind::Operation {
            layer[i] = 1 + operands[i].iter().map(|&j| layer[j]).max().unwrap_or(0);
        }
    }
    let last = 1 + layer.iter().max().copied().unwrap_or(0);
    for (i, node) in nodes.iter().enumerate() {
        if node.kind() == NodeKind::Output {
            layer[i] = last;
        }
    }
    for (i, node) in nodes.iter().enumerate() {
        if node.kind() == NodeKind::Constant {
            layer[i] = users[i].iter().map(|&j| layer[j]).min().unwrap_or(1) - 1;
        }
    }
    layer
}

/// The items of each column in order, top to bottom: barycentre sweeps, keeping the order with
/// the fewest crossings.
fn order(items: &[Item], segments: &[Segment], columns: usize) -> Vec<Vec<usize>> {
    let mut order: Vec<Vec<usize>> = vec![Vec::new(); columns];
    for (i, item) in items.iter().enumerate() {
        order[item.layer].push(i);
    }
    let mut incoming: Vec<Vec<usize>> = vec![Vec::new(); items.len()];
    let mut outgoing: Vec<Vec<usize>> = vec![Vec::new(); items.len()];
    for (s, segment) in segments.iter().enumerate() {
        incoming[segment.to.0].push(s);
        outgoing[segment.from.0].push(s);
    }
    let mut position = vec![0.0; items.len()];
    let mut best = (
        crossings(items, segments, &order, &mut position),
        order.clone(),
    );
    for round in 0..ROUNDS {
        let down = round % 2 == 0;
        let sweep: Vec<usize> = if down {
            (1..columns).collect()
        } else {
            (0..columns.saturating_sub(1)).rev().collect()
        };
        locate(&order, &mut position);
        for layer in sweep {
            let key = |i: usize| {
                let (near, own_ports) = if down {
                    (&incoming[i], items[i].ins)
                } else {
                    (&outgoing[i], items[i].outs)
                };
                if near.is_empty() {
                    return position[i] + 0.5;
                }
                let far = near.iter().map(|&s| {
                    let segment = &segments[s];
                    let (other, own) = if down {
                        (segment.from, segment.to)
                    } else {
                        (segment.to, segment.from)
                    };
                    let other_ports = if down {
                        items[other.0].outs
                    } else {
                        items[other.0].ins
                    };
                    port_position(&position, other, other_ports) - port_offset(own.1, own_ports)
                        + 0.5
                });
                far.sum::<f64>() / near.len() as f64
            };
            let mut keyed: Vec<(f64, usize)> = order[layer].iter().map(|&i| (key(i), i)).collect();
            keyed.sort_by(|a, b| {
                a.0.total_cmp(&b.0)
                    .then(position[a.1].total_cmp(&position[b.1]))
            });
            let sorted: Vec<usize> = keyed.into_iter().map(|(_, i)| i).collect();
            order[layer] = keep_bundles_in_order(items, sorted);
            locate(&order[layer..=layer], &mut position);
        }
        let count = crossings(items, segments, &order, &mut position);
        if count < best.0 {
            best = (count, order.clone());
        }
    }
    best.1
}

/// `sorted`, with its bundles put back in their first order in the places bundles occupy.
fn keep_bundles_in_order(items: &[Item], mut sorted: Vec<usize>) -> Vec<usize> {
    let mut bundles: Vec<usize> = sorted
        .iter()
        .copied()
        .filter(|&i| items[i].bundle)
        .collect();
    bundles.sort_unstable();
    let mut next = bundles.into_iter();
    for slot in sorted.iter_mut().filter(|i| items[**i].bundle) {
        *slot = next.next().expect("as many bundles as places");
    }
    sorted
}

/// Each item's position in its column.
fn locate(order: &[Vec<usize>], position: &mut [f64]) {
    for column in order {
        for (p, &i) in column.iter().enumerate() {
            position[i] = p as f64;
        }
    }
}

/// Where port `port` of `ports` sits within its item, as a fraction of one place.
fn port_offset(port: usize, ports: usize) -> f64 {
    (port + 1) as f64 / (ports + 1) as f64
}

fn port_position(position: &[f64], (item, port): (usize, usize), ports: usize) -> f64 {
    position[item] + port_offset(port, ports)
}

/// The number of pairs of segments that cross, between every two adjacent columns.
fn crossings(
    items: &[Item],
    segments: &[Segment],
    order: &[Vec<usize>],
    position: &mut [f64],
) -> usize {
    locate(order, position);
    let mut by_column: Vec<Vec<(f64, f64)>> = vec![Vec::new(); order.len()];
    for segment in segments {
        let from = port_position(position, segment.from, items[segment.from.0].outs);
        let to = port_position(position, segment.to, items[segment.to.0].ins);
        by_column[items[segment.from.0].layer].push((from, to));
    }
    by_column
        .into_iter()
        .map(|mut pairs| {
            pairs.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
            let mut ends: Vec<f64> = pairs.into_iter().map(|p| p.1).collect();
            inversions(&mut ends)
        })
        .sum()
}

/// The number of pairs `i < j` with `v[i] > v[j]`, by merge sort (sorting `v`).
fn inversions(v: &mut [f64]) -> usize {
    if v.len() < 2 {
        return 0;
    }
    let mid = v.len() / 2;
    let mut count = inversions(&mut v[..mid]) + inversions(&mut v[mid..]);
    let mut merged = Vec::with_capacity(v.len());
    let (mut i, mut j) = (0, mid);
    while i < mid && j < v.len() {
        if v[j] < v[i] {
            count += mid - i;
            merged.push(v[j]);
            j += 1;
        } else {
            merged.push(v[i]);
            i += 1;
        }
    }
    merged.extend_from_slice(&v[i..mid]);
    merged.extend_from_slice(&v[j..]);
    v.copy_from_slice(&merged);
    count
}

/// Each column's left edge and width.
fn columns_x(items: &[Item], order: &[Vec<usize>]) -> (Vec<f64>, Vec<f64>) {
    let widths: Vec<f64> = order
        .iter()
        .map(|column| column.iter().map(|&i| items[i].w).fold(0.0, f64::max))
        .collect();
    let mut x = MARGIN;
    let xs = widths
        .iter()
        .map(|w| {
            let left = x;
            x += w + COLUMN_GAP;
            left
        })
        .collect();
    (xs, widths)
}

/// Each item's vertical centre: stacked in order, then moved towards the ports it is wired to,
/// sweeping down and up the columns, as near as the order and the gaps allow (least squares).
fn place(items: &[Item], segments: &[Segment], order: &[Vec<usize>]) -> Vec<f64> {
    let gap = |a: &Item, b: &Item| {
        let space = if a.h > 0.0 && b.h > 0.0 {
            BOX_GAP
        } else {
            WIRE_GAP
        };
        (a.h + b.h) / 2.0 + space
    };
    let mut y = vec![0.0; items.len()];
    for column in order {
        let mut next = 0.0;
        for (k, &i) in column.iter().enumerate() {
            if k > 0 {
                next += gap(&items[column[k - 1]], &items[i]);
            }
            y[i] = next;
        }
    }
    let port_y = |y: &[f64], (item, port): (usize, usize), ports: usize| {
        let it: &Item = &items[item];
        y[item] - it.h / 2.0 + it.h * port_offset(port, ports)
    };
    let mut pulls: Vec<(f64, usize)> = vec![(0.0, 0); items.len()];
    for round in 0..2 * ROUNDS {
        pulls.iter_mut().for_each(|p| *p = (0.0, 0));
        let down = round % 2 == 0;
        for segment in segments {
            let (mover, mover_ports, anchor, anchor_ports) = if down {
                (
                    segment.to,
                    items[segment.to.0].ins,
                    segment.from,
                    items[segment.from.0].outs,
                )
            } else {
                (
                    segment.from,
                    items[segment.from.0].outs,
                    segment.to,
                    items[segment.to.0].ins,
                )
            };
            let target =
                port_y(&y, anchor, anchor_ports) - port_y(&y, mover, mover_ports) + y[mover.0];
            pulls[mover.0].0 += target;
            pulls[mover.0].1 += 1;
        }
        let columns: Vec<&Vec<usize>> = if down {
            order.iter().collect()
        } else {
            order.iter().rev().collect()
        };
        for column in columns {
            let wanted: Vec<f64> = column
                .iter()
                .map(|&i| match pulls[i] {
                    (_, 0) => y[i],
                    (sum, n) => sum / n as f64,
                })
                .collect();
            let gaps: Vec<f64> = (0..column.len())
                .map(|k| {
                    if k == 0 {
                        0.0
                    } else {
                        gap(&items[column[k - 1]], &items[column[k]])
                    }
                })
                .collect();
            for (&i, placed) in column.iter().zip(nearest_in_order(&wanted, &gaps)) {
                y[i] = placed;
            }
        }
    }
    y
}

/// The positions nearest `wanted` (least squares) such that each is at least `gaps[k]` below
/// the one before: the pool-adjacent-violators algorithm, on positions less their running gaps.
fn nearest_in_order(wanted: &[f64], gaps: &[f64]) -> Vec<f64> {
    let mut offset = 0.0;
    let offsets: Vec<f64> = gaps
        .iter()
        .map(|g| {
            offset += g;
            offset
        })
        .collect();
    // Blocks of (sum, count): each block's mean is its members' common shifted position.
    let mut blocks: Vec<(f64, usize)> = Vec::with_capacity(wanted.len());
    for (w, o) in wanted.iter().zip(&offsets) {
        blocks.push((w - o, 1));
        while blocks.len() > 1 {
            let (last, before) = (blocks[blocks.len() - 1], blocks[blocks.len() - 2]);
            if before.0 / before.1 as f64 <= last.0 / last.1 as f64 {
                break;
            }
            blocks.pop();
            let merged = blocks.last_mut().expect("two blocks");
            *merged = (before.0 + last.0, before.1 + last.1);
        }
    }
    blocks
        .into_iter()
        .flat_map(|(sum, n)| std::iter::repeat_n(sum / n as f64, n))
        .zip(&offsets)
        .map(|(z, o)| z + o)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inversions_count_the_pairs_out_of_order() {
        assert_eq!(inversions(&mut [1.0, 2.0, 3.0]), 0);
        assert_eq!(inversions(&mut [3.0, 2.0, 1.0]), 3);
        assert_eq!(inversions(&mut [2.0, 4.0, 1.0, 3.0, 5.0]), 3);
    }

    #[test]
    fn nearest_in_order_keeps_the_gaps_and_moves_least() {
        // Unconstrained wishes are granted.
        assert_eq!(nearest_in_order(&[0.0, 50.0], &[0.0, 10.0]), [0.0, 50.0]);
        // Two boxes that want one place share the displacement equally.
        assert_eq!(nearest_in_order(&[20.0, 20.0], &[0.0, 10.0]), [15.0, 25.0]);
        // A chain of violations is pooled into one block.
        let placed = nearest_in_order(&[30.0, 20.0, 10.0], &[0.0, 10.0, 10.0]);
        assert_eq!(placed, [10.0, 20.0, 30.0]);
    }
}
