//! A faction's shared fields: one [`Field`] per target its monsters head
//! for (its goal; for hunters, the cell where the faction last saw the
//! player), each a backward search from the target over the faction's
//! [`Knowledge`], read by every monster of the faction going there. This
//! is the classic article's "per player, not per unit" applied to
//! planning as well as to knowledge.
//!
//! Fields catch up with the faction's discovery log before they are read
//! (and at the end of every turn), by [`Field::cells_changed`]: a repair
//! that only re-marks the changed cells and their neighbours; the search
//! work it implies is done by the next queries, charged to the turn's
//! budget by the monster whose question needed it.
//!
//! At most [`MAX_FIELDS`] live per faction. A field no monster of the
//! faction heads for any more is dropped at the end of the turn; past the
//! cap, the least recently read one is reused for the new target (its
//! buffers kept, see [`Field::retarget`]).

use super::log::Log;
use crate::fog::knowledge::{Knowledge, Turn};
use crate::map::geom::Pos;
use crate::path::{Connectivity, Field};

/// Most fields a faction holds at once. A faction pursues at most two
/// targets at a time (its goal, and where it last saw the player); the
/// other two slots keep fields of targets just left (a hunter that lost
/// track goes back to the goal field, which is still grown) without
/// letting a target that moves every turn pile fields up. On a 1024x1024
/// map a field is 24 MiB, so four are under 100 MiB a faction.
pub const MAX_FIELDS: usize = 4;

/// One field, with how far it has read the faction's log and when a
/// monster last read it.
#[derive(Clone, Debug)]
struct Slot {
    field: Field,
    log_seen: usize,
    used: Turn,
}

/// A faction's fields (how they are grown, repaired and given up: the
/// header of `sim/fields.rs`).
#[derive(Clone, Debug, Default)]
pub struct Fields {
    /// In order of creation; never more than [`MAX_FIELDS`].
    slots: Vec<Slot>,
    /// Fields dropped, kept for their buffers (at most one).
    spare: Option<Field>,
}

impl Fields {
    /// The field toward `target`, if the faction holds one.
    pub fn get(&self, target: Pos) -> Option<&Field> {
        self.slots
            .iter()
            .find(|s| s.field.target() == target)
            .map(|s| &s.field)
    }

    /// The fields held, in order of creation.
    pub fn iter(&self) -> impl Iterator<Item = &Field> {
        self.slots.iter().map(|s| &s.field)
    }

    /// How many fields are held.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True when none is.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The field toward `target`, made if the faction holds none, caught up
    /// with everything in `log`, marked as read on `turn`.
    pub(crate) fn open(
        &mut self,
        knowledge: &Knowledge,
        log: &Log,
        target: Pos,
        turn: Turn,
    ) -> &mut Field {
        let i = match self.slots.iter().position(|s| s.field.target() == target) {
            Some(i) => i,
            None => self.make(knowledge, log, target),
        };
        let slot = &mut self.slots[i];
        slot.used = turn;
        slot.field
            .cells_changed(knowledge, log.since(slot.log_seen));
        slot.log_seen = log.total();
        &mut slot.field
    }

    /// Makes a slot for `target`: a new field, or one reused (a spare, or
    /// past the cap the least recently read, the first on ties).
    fn make(&mut self, knowledge: &Knowledge, log: &Log, target: Pos) -> usize {
        let reused = if self.slots.len() >= MAX_FIELDS {
            let lru = (0..self.slots.len())
                .min_by_key(|&i| (self.slots[i].used, i))
                .expect("the cap is above zero");
            Some(self.slots.remove(lru).field)
        } else {
            self.spare.take()
        };
        let field = match reused {
            Some(mut f) => {
                f.retarget(knowledge, target);
                f
            }
            None => Field::new(knowledge, target, Connectivity::Eight),
        };
        self.slots.push(Slot {
            field,
            log_seen: log.total(),
            used: 0,
        });
        self.slots.len() - 1
    }

    /// Every field takes in what `log` holds that it has not.
    pub(crate) fn catch_up(&mut self, knowledge: &Knowledge, log: &Log) {
        for s in &mut self.slots {
            s.field.cells_changed(knowledge, log.since(s.log_seen));
            s.log_seen = log.total();
        }
    }

    /// Drops the fields whose target is not in `targets` (sorted): no
    /// monster of the faction heads there any more. One is kept as a
    /// spare for its buffers.
    pub(crate) fn retain_targets(&mut self, targets: &[Pos]) {
        let mut i = 0;
        while i < self.slots.len() {
            let t = self.slots[i].field.target();
            if targets
                .binary_search_by_key(&(t.y, t.x), |p| (p.y, p.x))
                .is_ok()
            {
                i += 1;
            } else {
                let dropped = self.slots.remove(i).field;
                self.spare.get_or_insert(dropped);
            }
        }
    }

    /// The least log position some field has not read past (`None`: no
    /// field).
    pub fn log_read(&self) -> Option<usize> {
        self.slots.iter().map(|s| s.log_seen).min()
    }

    /// Bytes the fields hold (the spare's included).
    pub fn memory_bytes(&self) -> usize {
        self.slots
            .iter()
            .map(|s| s.field.memory_bytes())
            .chain(self.spare.iter().map(Field::memory_bytes))
            .sum()
    }

    /// Feeds what decides the fields' future answers and work to the
    /// state hash: each target, its cells' `g`, `rhs` and queued keys
    /// (which with the knowledge decide every later expansion: the heap
    /// pops in `(key, cell)` order, and stale entries are skipped), its
    /// counters, how far it has read the log and when it was last read.
    /// Whether a spare is kept changes no result, only allocations.
    pub(crate) fn hash_into(&self, h: &mut super::fnv::Fnv) {
        h.int(self.slots.len() as i64);
        for s in &self.slots {
            super::fnv::hash_pos(h, Some(s.field.target()));
            for cells in s.field.cells() {
                h.u64s(cells);
            }
            h.int(s.field.expanded() as i64);
            h.int(s.field.version() as i64);
            h.int(s.log_seen as i64);
            h.int(s.used as i64);
        }
    }
}
