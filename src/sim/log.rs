//! A faction's discovery log: the cells whose planning cost changed, in
//! order, that its monsters' plans, its fields and a suspended search
//! catch up with. Kept apart from `faction.rs` so the readers (`plan/`,
//! `fields.rs`) need not import the faction that holds them.

use crate::map::geom::Pos;

impl From<Vec<Pos>> for Log {
    fn from(entries: Vec<Pos>) -> Log {
        Log { base: 0, entries }
    }
}

/// A faction's discovery log: every cell whose planning cost changed, in
/// order, as its readers (monsters' plans, a suspended search, the islands
/// cache) catch up with it. Positions in it are counted from the start of
/// the game ([`Log::total`] entries so far); entries every reader has
/// taken in are dropped (`Log::compact`), so in a long game (danger
/// decays every 25 turns, logging each cell it touches) it stays as long
/// as the slowest reader's backlog, not the game.
#[derive(Clone, Debug, Default)]
pub struct Log {
    /// Entries dropped from the front.
    base: usize,
    entries: Vec<Pos>,
}

impl Log {
    /// Entries ever logged (a reader that has read this many is up to
    /// date).
    pub fn total(&self) -> usize {
        self.base + self.entries.len()
    }

    /// Entries kept (those some reader may not have read yet).
    pub fn retained(&self) -> usize {
        self.entries.len()
    }

    /// The entries after the first `read`. A reader behind what was
    /// dropped gets everything kept: only a plan not yet made can be (a
    /// new planner starts at 0), and it takes in nothing from the log.
    pub fn since(&self, read: usize) -> &[Pos] {
        let from = read.saturating_sub(self.base);
        self.entries.get(from..).unwrap_or(&[])
    }

    /// The entries after the first `read`, or `None` when some of them
    /// were dropped.
    pub fn since_exact(&self, read: usize) -> Option<&[Pos]> {
        self.entries.get(read.checked_sub(self.base)?..)
    }

    /// The entries from the first `from` up to the first `to` (`to` at
    /// most the length), or `None` when some of them were dropped.
    pub fn between(&self, from: usize, to: usize) -> Option<&[Pos]> {
        self.entries
            .get(from.checked_sub(self.base)?..to.checked_sub(self.base)?)
    }

    /// Appends entries.
    pub fn extend(&mut self, cells: impl IntoIterator<Item = Pos>) {
        self.entries.extend(cells);
    }

    /// Appends entries.
    pub fn extend_from_slice(&mut self, cells: &[Pos]) {
        self.entries.extend_from_slice(cells);
    }

    /// Appends one entry.
    pub fn push(&mut self, cell: Pos) {
        self.entries.push(cell);
    }

    /// Drops the entries before `read` (every reader has read that many),
    /// once they are at least half of what is kept, so each entry is
    /// moved at most once on average.
    pub(crate) fn compact(&mut self, read: usize) {
        let drop = read.saturating_sub(self.base).min(self.entries.len());
        if drop > 0 && drop * 2 >= self.entries.len() {
            self.entries.drain(..drop);
            self.base += drop;
        }
    }
}
