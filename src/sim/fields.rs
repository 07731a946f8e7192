//! A faction's shared fields: one [`Field`] per target its monsters head
//! for (its goal; for hunters, each cell where one of them believes the
//! player is), each a backward search from the target over the faction's
//! [`Knowledge`](crate::fog::knowledge::Knowledge), read by every
//! monster of the faction going there. This
//! is the classic article's "per player, not per unit" applied to
//! planning as well as to knowledge.
//!
//! Plan, then act: at the start of every turn, before any monster acts,
//! the faction takes down what a step costs over its knowledge then
//! ([`TurnCosts`]), and every field takes that in and is grown until the
//! cell of every monster that reads it is settled ([`Fields::update`]),
//! so during the turn a monster's read is O(1) and exact as of the turn's
//! start. A read the plan phase did not foresee (a target set during the
//! turn, a monster pushed off the cells it settled, the cells round a
//! monster going round units) grows the field further over the same
//! costs, so every read of a turn is the exact cost over the knowledge at
//! the turn's start, whichever cells the field happened to have settled:
//! the fields (and the costs) are caches, dropped and made again without
//! changing a game. Each field is brought up to date by whichever is
//! cheaper that turn:
//! - a **repair** ([`Field::cells_changed`], LPA*): re-marks the changed
//!   cells and their neighbours and propagates only as far as the readers
//!   need; cheap when few cells changed;
//! - a **rebuild**: the field is thrown away and searched afresh from the
//!   target to the farthest reader; cheap when so much changed (early in
//!   a game, when a faction learns thousands of cells a turn) that a
//!   repair would rewrite most of the field anyway, and twice over (an
//!   LPA* repair raises a value before lowering it).
//!
//! The choice is made per field and per turn by a cost model in
//! expansions ([`choose`]): a repair is predicted to cost the changed
//! cells times what a changed cell has cost this field's repairs so far
//! (a running average, so each field learns its own map's churn), a
//! rebuild the cells the field covers; both are exact, so the choice
//! changes only the time taken, never a value. The work is the faction's,
//! outside any turn's budget (the budget is for the per-monster planners).
//!
//! At most [`MAX_FIELDS`] live per faction. A field no monster of the
//! faction heads for any more is dropped at the end of the turn; past the
//! cap, the least recently read one is reused for the new target (its
//! buffers kept, see [`Field::retarget`]).

use super::log::Log;
use super::turn_costs::TurnCosts;
use crate::clock::Turn;
use crate::map::geom::Pos;
use crate::path::{Connectivity, CostMap, Field, Logged, Rebuild};

/// Most fields a faction holds at once. A faction pursues at most two
/// targets at a time (its goal, and where it last saw the player); the
/// other two slots keep fields of targets just left (a hunter that lost
/// track goes back to the goal field, which is still grown) without
/// letting a target that moves every turn pile fields up. On a 1024x1024
/// map a field is 24 MiB, so four are under 100 MiB a faction.
pub const MAX_FIELDS: usize = 4;

/// One field, with how far it has read the faction's log, when a monster
/// last read it, and what the cost model has learnt of it.
#[derive(Clone, Debug)]
struct Slot {
    field: Field,
    log_seen: usize,
    used: Turn,
    /// Cells its last rebuild settled, plus what it has grown since
    /// without a change (new readers farther out): about the cells it
    /// covers, what a rebuild would redo.
    covered: u64,
    /// Expansions a changed cell has cost its repairs, in sixteenths
    /// (a running average).
    repair_per_change: u64,
}

/// What a repair is predicted to cost per changed cell before a field has
/// been repaired (in sixteenths of an expansion): a changed cell re-marks
/// itself and eight neighbours, and what it shifts behind it is expanded
/// about twice (raised, then lowered).
const PRIOR_REPAIR_PER_CHANGE: u64 = 16 * 16;

/// How a field is brought up to date this turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Update {
    /// Nothing learnt since its last update: only grown if a reader needs.
    Current,
    /// LPA* repair of the changed cells.
    Repair,
    /// Thrown away and searched afresh.
    Rebuild,
}

/// What the two kinds of update cost, in nanoseconds on the 2-core
/// machine the benchmarks run on (`cargo bench -p darkstar-benches --bench field`, rows
/// `rebuild_*`, both sides in one run): an LPA* expansion 146 to 175 ns
/// (a repair's raise-then-lower expansions are no cheaper than growth's),
/// a cell settled by [`Field::rebuild`] 37 to 44 ns, and a rebuild's fixed
/// part (the map read into its arrays, the field's arrays reset) about
/// 1 ms on 512x512, 4 ns a cell of the map.
pub const REPAIR_NS_PER_EXPANSION: u64 = 150;
/// See [`REPAIR_NS_PER_EXPANSION`].
pub const REBUILD_NS_PER_CELL: u64 = 40;
/// See [`REPAIR_NS_PER_EXPANSION`].
pub const REBUILD_NS_PER_MAP_CELL: u64 = 4;

/// The cost model: a repair of `changed` cells at `per_change`
/// sixteenths of an expansion each (what this field's repairs have cost a
/// changed cell so far), against a rebuild settling the `covered` cells of
/// a map of `cells`, each priced by what it was measured to cost
/// ([`REPAIR_NS_PER_EXPANSION`] and the rest). Both are exact, so the
/// choice changes only time. Ties go to the repair (it keeps the field's
/// other settled cells).
///
/// ```
/// use darkstar::sim::{Update, choose_update};
/// assert_eq!(choose_update(0, 256, 1000, 262_144), Update::Current);
/// // A few cells learnt: repair.
/// assert_eq!(choose_update(10, 256, 100_000, 262_144), Update::Repair);
/// // Thousands, each shifting dozens of values: rebuild.
/// assert_eq!(choose_update(5_000, 256, 100_000, 262_144), Update::Rebuild);
/// ```
pub fn choose(changed: u64, per_change: u64, covered: u64, cells: u64) -> Update {
    let repair = changed.saturating_mul(per_change) / 16 * REPAIR_NS_PER_EXPANSION;
    let rebuild = covered * REBUILD_NS_PER_CELL + cells * REBUILD_NS_PER_MAP_CELL;
    if changed == 0 {
        Update::Current
    } else if repair > rebuild {
        Update::Rebuild
    } else {
        Update::Repair
    }
}

/// How the plan phase brings fields up to date: as the cost model
/// chooses (the game's way), or every changed field one way (to measure
/// one against the other, as `benches/scale.rs` does).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum FieldPolicy {
    /// Repair or rebuild, whichever [`choose`] predicts cheaper.
    #[default]
    Chosen,
    /// Every field that has anything to take in is repaired.
    Repair,
    /// Every field is rebuilt, whatever it has to take in: fresh
    /// searches of the same fields, what the updates are weighed against.
    Rebuild,
}

impl FieldPolicy {
    /// The update of a field with `changed` cells to take in (the rest
    /// as [`choose`] takes them).
    pub fn update(self, changed: u64, per_change: u64, covered: u64, cells: u64) -> Update {
        match self {
            FieldPolicy::Rebuild => Update::Rebuild,
            _ if changed == 0 => Update::Current,
            FieldPolicy::Chosen => choose(changed, per_change, covered, cells),
            FieldPolicy::Repair => Update::Repair,
        }
    }
}

/// What the field updates of a faction have done over a game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldUpdates {
    /// Updates that repaired a field.
    pub repairs: u64,
    /// Updates that rebuilt one (a new field counts as one).
    pub rebuilds: u64,
    /// Cells expanded by them (every kind of update, growth included).
    pub expanded: u64,
    /// Of those, the cells the rebuilds settled (each once; expanded,
    /// where a map too large for the fast search is grown by LPA*).
    pub rebuilt: u64,
    /// Of those, the expansions of the repairs (raising and lowering
    /// values, and growing on to the readers after).
    pub repaired: u64,
}

/// A faction's fields (how they are grown, repaired and given up: the
/// header of `sim/fields.rs`).
#[derive(Clone, Debug, Default)]
pub struct Fields {
    /// In order of creation; never more than [`MAX_FIELDS`].
    slots: Vec<Slot>,
    /// Fields dropped, kept for their buffers (at most one).
    spare: Option<Field>,
    /// The fast fresh search's buffers, shared by the faction's rebuilds
    /// (scratch: no result lives in them between calls).
    scratch: Rebuild,
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

    /// The field toward `target` over `costs` (the turn's start), made if
    /// the faction holds none, and grown until `cell` is settled, marked as
    /// read on `turn`: a read in the middle of a turn that the plan phase
    /// did not foresee (a target set during the turn, a monster pushed off
    /// the cells it settled, a way round units).
    pub(crate) fn open(
        &mut self,
        costs: &TurnCosts,
        log: &Log,
        target: Pos,
        cell: Pos,
        turn: Turn,
        counts: &mut FieldUpdates,
    ) -> &mut Field {
        let i = self.bring_up(
            costs,
            log,
            target,
            &[cell],
            turn,
            counts,
            FieldPolicy::Chosen,
        );
        &mut self.slots[i].field
    }

    /// Makes a slot for `target`: a new field, or one reused (a spare, or
    /// past the cap the least recently read, the first on ties).
    fn make(&mut self, costs: &TurnCosts, target: Pos) -> usize {
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
                f.retarget(costs, target);
                f
            }
            None => Field::new(costs, target, Connectivity::Eight),
        };
        self.slots.push(Slot {
            field,
            log_seen: costs.read(),
            used: 0,
            covered: 0,
            repair_per_change: PRIOR_REPAIR_PER_CHANGE,
        });
        self.slots.len() - 1
    }

    /// The plan phase of a turn (see the [module docs](self)): fields
    /// toward targets nobody in `readers` heads for are dropped; every
    /// target in `readers` (sorted by target in row-major order, each
    /// with the cells of the monsters heading there, all reachable as
    /// far as the faction's islands tell) gets its field, brought up to
    /// date over `costs` (the knowledge now, with the cells of `log` they
    /// have taken in) by repair or rebuild and grown until every reader's
    /// cell is settled. Counts what it did in `counts`.
    pub(crate) fn update(
        &mut self,
        costs: &TurnCosts,
        log: &Log,
        readers: &[(Pos, Vec<Pos>)],
        turn: Turn,
        counts: &mut FieldUpdates,
        policy: FieldPolicy,
    ) {
        let targets: Vec<Pos> = readers.iter().map(|(t, _)| *t).collect();
        self.retain_targets(&targets);
        for (target, cells) in readers {
            self.bring_up(costs, log, *target, cells, turn, counts, policy);
        }
    }

    /// Brings the field toward `target` (made if need be) up to date with
    /// `costs` (the cells of `log` they took in since the field did) by
    /// `policy` and grows it until every one of `cells` is settled;
    /// returns its slot.
    #[allow(clippy::too_many_arguments)]
    fn bring_up(
        &mut self,
        costs: &TurnCosts,
        log: &Log,
        target: Pos,
        cells: &[Pos],
        turn: Turn,
        counts: &mut FieldUpdates,
        policy: FieldPolicy,
    ) -> usize {
        let known = self.slots.iter().position(|s| s.field.target() == target);
        let i = match known {
            Some(i) => i,
            None => self.make(costs, target),
        };
        let slot = &mut self.slots[i];
        slot.used = turn;
        let changed = log
            .between(slot.log_seen, costs.read())
            .expect("the log keeps what a field has not read");
        slot.log_seen = costs.read();
        let update = if known.is_none() {
            Update::Rebuild
        } else {
            let map = costs.width() as u64 * costs.height() as u64;
            policy.update(
                changed.len() as u64,
                slot.repair_per_change,
                slot.covered,
                map,
            )
        };
        let before = slot.field.expanded();
        match update {
            Update::Current => {}
            Update::Repair => slot.field.cells_changed(costs, changed),
            Update::Rebuild => {
                // The scratch's reading of the costs is brought up to
                // date with the cells logged since it read them.
                let logged = Logged {
                    mark: costs.read(),
                    changed: self
                        .scratch
                        .mark()
                        .and_then(|m| log.between(m, costs.read())),
                };
                let scratch = &mut self.scratch;
                slot.field
                    .rebuild_logged(costs, cells, scratch, Some(logged))
            }
        }
        // A rebuild settled them all; a repair or a new reader grows.
        for &c in cells {
            slot.field.value(costs, c);
        }
        let expanded = slot.field.expanded() - before;
        counts.expanded += expanded;
        match update {
            Update::Current => slot.covered += expanded,
            Update::Repair => {
                // Re-expansions of cells it already covered: no wider.
                counts.repairs += 1;
                counts.repaired += expanded;
                // Churn comes and goes in waves: the last repair
                // weighs as much as all before it.
                let measured = expanded * 16 / changed.len().max(1) as u64;
                slot.repair_per_change = (slot.repair_per_change + measured).div_ceil(2);
            }
            Update::Rebuild => {
                counts.rebuilds += 1;
                counts.rebuilt += expanded;
                slot.covered = expanded;
            }
        }
        i
    }

    /// Drops the fields whose target is not in `targets` (sorted): no
    /// monster of the faction heads there any more. One is kept as a
    /// spare for its buffers.
    fn retain_targets(&mut self, targets: &[Pos]) {
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

    /// Bytes the fields hold (the spare's and the rebuild's buffers
    /// included).
    pub fn memory_bytes(&self) -> usize {
        self.slots
            .iter()
            .map(|s| s.field.memory_bytes())
            .chain(self.spare.iter().map(Field::memory_bytes))
            .sum::<usize>()
            + self.scratch.memory_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fog::knowledge::Knowledge;
    use crate::fog::knowledge::KnowledgeRules;
    use crate::map::cost::{Cost, UNREACHED};
    use crate::map::terrain::Terrain;
    use crate::path::EntryCosts;
    use crate::path::step;
    use crate::rng::sim_rng;
    use rand::RngExt;

    /// The reference: every cell's optimal cost to `target` over `map`, by
    /// relaxing every legal step (the movement rule of `path::step`) until
    /// nothing changes. Slow and obviously right.
    fn brute_force(map: &Knowledge, target: Pos) -> Vec<Cost> {
        let (w, h) = (map.width() as i32, map.height() as i32);
        let mut dist = vec![UNREACHED; (w * h) as usize];
        dist[target.row_major(map.width())] = 0;
        loop {
            let mut changed = false;
            for y in 0..h {
                for x in 0..w {
                    let c = Pos::new(x, y);
                    for &d in crate::map::geom::Dir::ALL.iter() {
                        let Some((n, cost)) = step(map, c, d, Connectivity::Eight) else {
                            continue;
                        };
                        let via = dist[n.row_major(map.width())];
                        let i = c.row_major(map.width());
                        if via != UNREACHED && via + cost < dist[i] {
                            dist[i] = via + cost;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return dist;
            }
        }
    }

    /// At every update, forced to repair, forced to rebuild, or chosen by
    /// the cost model, every reader's value is settled and equals the
    /// brute force over the faction's knowledge at that moment: random
    /// maps, unknown cells at 1 to 3 times floor, walls and terrain
    /// learnt in batches, deaths (danger) and its decay, readers that
    /// move and come and go, a second target.
    #[test]
    fn every_update_leaves_every_reader_exact() {
        let policies = [
            ("repair", FieldPolicy::Repair),
            ("rebuild", FieldPolicy::Rebuild),
            ("chosen", FieldPolicy::Chosen),
        ];
        let mut counted = [FieldUpdates::default(); 3];
        for seed in 0..40u64 {
            for (k, (name, policy)) in policies.iter().enumerate() {
                let mut rng = sim_rng(seed);
                let (w, h) = (rng.random_range(4..14), rng.random_range(4..14));
                let truth: Vec<Terrain> = (0..w * h)
                    .map(|_| Terrain::ALL[rng.random_range(0..Terrain::ALL.len())])
                    .collect();
                let unknown = rng.random_range(1..=3);
                let mut known = Knowledge::blank(w, h, unknown).with_danger_weight(2);
                let mut log = Log::default();
                let mut fields = Fields::default();
                let mut costs = TurnCosts::of(&known, log.total());
                let cell = |rng: &mut crate::rng::SimRng| {
                    Pos::new(rng.random_range(0..w as i32), rng.random_range(0..h as i32))
                };
                let targets = [cell(&mut rng), cell(&mut rng)];
                for turn in 1..12 {
                    // What the faction learns this turn.
                    for _ in 0..rng.random_range(0..(w * h / 3).max(1)) {
                        let p = cell(&mut rng);
                        let t = truth[p.row_major(w)];
                        if known.learn(p, t, turn) != crate::fog::knowledge::Learnt::Nothing {
                            log.push(p);
                        }
                        log.extend(known.drain_danger_changes());
                    }
                    if rng.random_range(0..3) == 0 {
                        let p = cell(&mut rng);
                        log.extend(known.death(p));
                    }
                    if turn % 4 == 0 {
                        log.extend(known.decay());
                    }
                    let mut readers: Vec<(Pos, Vec<Pos>)> = Vec::new();
                    for (i, &t) in targets.iter().enumerate() {
                        if i == 1 && turn % 3 == 0 {
                            continue; // nobody heads there this turn
                        }
                        let cells: Vec<Pos> = (0..rng.random_range(1..5))
                            .map(|_| cell(&mut rng))
                            .collect();
                        readers.push((t, cells));
                    }
                    readers.sort_by_key(|(t, _)| (t.y, t.x));
                    readers.dedup_by_key(|(t, _)| *t);
                    // The plan phase's costs price every step as the
                    // knowledge does.
                    costs.take_in(&known, &log);
                    assert_eq!(costs.cheapest_steps(), known.cheapest_steps());
                    for i in 0..(w * h) as usize {
                        assert_eq!(costs.entry_factor(i), known.entry_factor(i), "seed {seed}");
                    }
                    assert_eq!(crate::path::entry_costs_mismatch(&costs), None);
                    fields.update(&costs, &log, &readers, turn, &mut counted[k], *policy);
                    for (t, cells) in &readers {
                        let reference = brute_force(&known, *t);
                        let field = fields.get(*t).expect("a field per target read");
                        for &c in cells {
                            let want = Some(reference[c.row_major(w)]).filter(|&v| v != UNREACHED);
                            assert_eq!(
                                field.settled_value(c),
                                Some(want),
                                "seed {seed} {name} turn {turn}: {c} toward {t}"
                            );
                        }
                    }
                }
            }
        }
        // Every kind of update was exercised: forced repairs (rebuilds
        // there are new fields only), forced rebuilds, and the cost model
        // choosing both.
        let made = counted[0].rebuilds;
        assert!(counted[0].repairs > 300, "{counted:?}");
        assert!(
            counted[1].repairs == 0 && counted[1].rebuilds > made + 300,
            "{counted:?}"
        );
        // (On maps this small a rebuild is cheap: the model repairs only
        // where little changed.)
        assert!(
            counted[2].repairs > 5 && counted[2].rebuilds > made + 50,
            "{counted:?}"
        );
    }
}
