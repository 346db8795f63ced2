//! Common subexpressions while recording: the operations recorded so far, found by their newest
//! operand, so that looking up an operation on a value just computed reads what was just
//! written rather than a random bucket of a table as large as the recording.

use super::op::Op;
use super::recorder::Node;
use crate::hasher::FxHashMap;

/// The operations of a recording, each found from its newest operand (its highest node): a
/// list per node, threaded through the nodes, of the operations that have it as their newest
/// operand, most recent first. A node that is the newest operand of more than [`LIST`]
/// operations (a value broadcast over a vector) has them all in a hash table instead, so no
/// lookup walks more than [`LIST`] nodes.
///
/// The nodes of a vector program's elements are made one element after another, so the list a
/// lookup walks is the element's, in the cache; a table of every operation, at 10⁵ elements,
/// missed the cache at almost every lookup.
#[derive(Default)]
pub(super) struct Sharing {
    /// For each node, the last operation recorded with it as newest operand, or [`NONE`].
    first: Vec<u32>,
    /// For each node that is an operation, the one recorded before it on its newest operand's
    /// list, or [`NONE`].
    next: Vec<u32>,
    /// For each node, how many operations its list holds; [`TABLED`] once they are in `table`.
    length: Vec<u8>,
    table: FxHashMap<Op, u32>,
}

/// The end of a list.
const NONE: u32 = u32::MAX;

/// The most operations a node's list holds.
const LIST: u8 = 8;

/// A node whose operations are in the table.
const TABLED: u8 = u8::MAX;

impl Sharing {
    /// Makes room for the next node.
    pub(super) fn push_node(&mut self) {
        self.first.push(NONE);
        self.next.push(NONE);
        self.length.push(0);
    }

    /// The node of an operation equal to `op` (in canonical form) among those recorded, of the
    /// recording's `nodes`.
    pub(super) fn get(&self, op: Op, nodes: &[Node]) -> Option<u32> {
        let newest = newest(op);
        if self.length[newest] == TABLED {
            return self.table.get(&op).copied();
        }
        let mut id = self.first[newest];
        while id != NONE {
            if nodes[id as usize] == Node::Op(op) {
                return Some(id);
            }
            id = self.next[id as usize];
        }
        None
    }

    /// Records that node `id` is `op` (in canonical form), of the recording's `nodes`.
    pub(super) fn insert(&mut self, op: Op, id: u32, nodes: &[Node]) {
        let newest = newest(op);
        match self.length[newest] {
            TABLED => {
                self.table.insert(op, id);
            }
            LIST => {
                let mut on_list = self.first[newest];
                while on_list != NONE {
                    if let Node::Op(earlier) = nodes[on_list as usize] {
                        self.table.insert(earlier, on_list);
                    }
                    on_list = self.next[on_list as usize];
                }
                self.table.insert(op, id);
                self.first[newest] = NONE;
                self.length[newest] = TABLED;
            }
            length => {
                self.next[id as usize] = self.first[newest];
                self.first[newest] = id;
                self.length[newest] = length + 1;
            }
        }
    }
}

/// The operation's newest operand: the list it is on.
fn newest(op: Op) -> usize {
    op.operands().max().expect("an operation has an operand") as usize
}

#[cfg(test)]
mod tests {
    use super::{LIST, Sharing};
    use crate::staged::op::Op;
    use crate::staged::recorder::Node;

    /// A recording of two inputs and `ops`, each found once recorded, and not before.
    fn record(ops: &[Op]) -> (Sharing, Vec<Node>) {
        let mut nodes = vec![Node::Input(0), Node::Input(1)];
        let mut sharing = Sharing::default();
        sharing.push_node();
        sharing.push_node();
        for &op in ops {
            assert_eq!(
                sharing.get(op, &nodes),
                None,
                "{op:?} before it is recorded"
            );
            let id = nodes.len() as u32;
            nodes.push(Node::Op(op));
            sharing.push_node();
            sharing.insert(op, id, &nodes);
            assert_eq!(sharing.get(op, &nodes), Some(id), "{op:?} once recorded");
        }
        (sharing, nodes)
    }

    #[test]
    fn every_operation_is_found_on_a_list_or_in_the_table() {
        // Node 1 the newest operand of 3·LIST operations (past its list's length), then each
        // new node the newest operand of one.
        let broadcast = (0..3 * u32::from(LIST)).map(|k| Op::Powi(1, k as i32));
        let chain = (2..40).map(Op::Sin);
        let ops: Vec<Op> = broadcast.chain(chain).collect();
        let (sharing, nodes) = record(&ops);
        for (k, &op) in ops.iter().enumerate() {
            assert_eq!(sharing.get(op, &nodes), Some(k as u32 + 2), "{op:?}");
        }
        assert_eq!(sharing.get(Op::Cos(1), &nodes), None);
        assert_eq!(sharing.table.len(), 3 * usize::from(LIST));
    }
}
