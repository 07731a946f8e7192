//! The graph as queries read it, kept beside the clusters.

use super::Cluster;
use crate::cost::{Cost, UNREACHED};
use crate::geom::Pos;

/// The graph as a query reads it: each transition's edges (within its
/// cluster, then out of it, in a fixed order) in one array, found by the
/// transition's cell. A cluster rebuilt writes its transitions' edges
/// anew at the end; the array is compacted when half of it is stale.
#[derive(Clone, Debug, Default)]
pub(super) struct Graph {
    /// `span[cell]`: where the cell's edges start in `edges`, and how
    /// many (none for a cell that is no transition).
    pub(super) span: Vec<(u32, u32)>,
    pub(super) edges: Vec<Edge>,
    /// Edges no transition points at any more.
    pub(super) garbage: usize,
    /// `slot[cell]`: the transition's number in a query's arrays, dense
    /// (so a search's states lie close), [`NO_SLOT`] for a cell that is
    /// none; kept while the cell stays a transition, given back when it
    /// stops. Queries never break ties by slot: their open list orders by
    /// f, then by push, and pushes follow the edges' fixed order.
    pub(super) slot: Vec<u32>,
    /// The cell of each slot, and the slots given back.
    pub(super) cell_of: Vec<u32>,
    pub(super) free: Vec<u32>,
}

/// No slot: the cell is no transition.
pub(super) const NO_SLOT: u32 = u32::MAX;

/// An edge: the transition it leads to, where that is, where its edges
/// are (`span`, kept so that a query reads them without a look-up), and
/// its cost.
#[derive(Copy, Clone, Debug)]
pub(super) struct Edge {
    pub(super) cost: Cost,
    pub(super) to: u32,
    pub(super) at: Pos,
    pub(super) span: (u32, u32),
    /// The slot of `to` (see [`Graph::slot`]).
    pub(super) slot: u32,
}

/// Edges are the same when they lead to the same place at the same cost
/// (where their ends' edges are stored is not part of the graph).
impl PartialEq for Edge {
    fn eq(&self, other: &Edge) -> bool {
        (self.cost, self.to, self.at) == (other.cost, other.to, other.at)
    }
}

impl Graph {
    /// The edges out of transition `cell`.
    #[inline]
    pub(super) fn edges_of(&self, cell: u32) -> &[Edge] {
        let (start, len) = self.span[cell as usize];
        &self.edges[start as usize..(start + len) as usize]
    }

    /// Gives `cell` (a transition) a slot, if it has none.
    pub(super) fn enlist(&mut self, cell: u32) {
        if self.slot[cell as usize] != NO_SLOT {
            return;
        }
        let s = self.free.pop().unwrap_or_else(|| {
            self.cell_of.push(0);
            self.cell_of.len() as u32 - 1
        });
        self.cell_of[s as usize] = cell;
        self.slot[cell as usize] = s;
    }

    /// Takes back the slot of `cell`, no transition any more.
    pub(super) fn retire(&mut self, cell: u32) {
        let s = std::mem::replace(&mut self.slot[cell as usize], NO_SLOT);
        self.free.push(s);
    }

    /// Forgets the edges of `cell`.
    pub(super) fn drop_edges(&mut self, cell: u32) {
        self.garbage += self.span[cell as usize].1 as usize;
        self.span[cell as usize] = (0, 0);
    }

    /// Writes the edges of `cluster`'s transitions.
    pub(super) fn link(&mut self, cluster: &Cluster, width: u32) {
        let n = cluster.nodes.len();
        for (i, &cell) in cluster.nodes.iter().enumerate() {
            let start = self.edges.len();
            for j in 0..n {
                let cost = cluster.costs[i * n + j];
                if j != i && cost != UNREACHED {
                    self.edges.push(Edge {
                        cost,
                        to: cluster.nodes[j],
                        at: cluster.xy[j],
                        span: (0, 0),
                        slot: NO_SLOT,
                    });
                }
            }
            let exits = &cluster.out[cluster.out_at[i] as usize..cluster.out_at[i + 1] as usize];
            for e in exits {
                self.edges.push(Edge {
                    cost: e.cost,
                    to: e.cell,
                    at: Pos::from_row_major(e.cell as usize, width),
                    span: (0, 0),
                    slot: NO_SLOT,
                });
            }
            self.span[cell as usize] = (start as u32, (self.edges.len() - start) as u32);
        }
    }

    /// Points each edge out of `cell` at where its end's edges are now.
    pub(super) fn point(&mut self, cell: u32) {
        let (start, len) = self.span[cell as usize];
        for i in start as usize..(start + len) as usize {
            let to = self.edges[i].to as usize;
            self.edges[i].span = self.span[to];
            self.edges[i].slot = self.slot[to];
        }
    }

    /// Drops the stale edges: every cluster's written anew, in order.
    pub(super) fn compact(&mut self, clusters: &[Cluster]) {
        let old = std::mem::take(&mut self.edges);
        for c in clusters {
            for &cell in &c.nodes {
                let (start, len) = self.span[cell as usize];
                let at = self.edges.len() as u32;
                self.edges
                    .extend_from_slice(&old[start as usize..(start + len) as usize]);
                self.span[cell as usize] = (at, len);
            }
        }
        self.garbage = 0;
    }
}
