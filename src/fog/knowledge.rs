//! What a faction knows of the map: one byte of belief per cell (unknown,
//! or the terrain seen there) and the turn each cell was last seen. A
//! faction's planners read this and never the true map: [`Knowledge`] is a
//! [`CostMap`] of its own, built only from what was learnt, so code that is
//! handed a `&Knowledge` has no way to reach the true terrain.
//!
//! Unknown cells are planned through as walkable (the freespace
//! assumption), at `unknown_cost` per step: the floor cost gives the
//! classic optimism; more makes a faction prefer routes it knows. Danger
//! the faction knows of (where its own died, chokepoints of the map it
//! knows: see [`crate::fog::danger`]) adds to entering costs. A faction
//! that cannot open doors ([`Knowledge::door_blind`]) takes a closed door
//! it knows of for a wall, until it sees the door open
//! ([`Learnt::Opened`]).

use crate::fog::danger::Influence;
use crate::map::cost::{Cost, StepCosts};
use crate::map::geom::Pos;
use crate::map::grid::Grid;
use crate::map::terrain::ROAD_COST;
use crate::map::terrain::{FLOOR_COST, Terrain};
use crate::path::{CostMap, EntryCosts, Step};

/// The byte stored for a cell nobody has seen.
const UNKNOWN: u8 = u8::MAX;

/// A turn number, for "last seen".
pub type Turn = u32;

/// One faction's map of the world.
#[derive(Clone, Debug)]
pub struct Knowledge {
    /// `UNKNOWN`, or the `Terrain` discriminant last seen there.
    beliefs: Grid<u8>,
    /// When each known cell was last seen (0 for never).
    last_seen: Grid<Turn>,
    /// Cost factor of entering an unknown cell.
    unknown_cost: Cost,
    /// Lower bound of every entering cost here: the cheapest terrain ever
    /// learnt, or the unknown cost (lowered, never raised: admissible).
    cheapest: Cost,
    /// Danger from deaths and chokepoints, added to entering costs.
    influence: Influence,
    /// Its monsters cannot open doors: a closed door it knows of is a
    /// wall to it, until it sees the door open.
    door_blind: bool,
    /// Cells learnt passable that it had believed impassable (doors seen
    /// open): routes and islands it ruled out may be back.
    opened: u64,
    /// Counts the changes to what a step costs here (see
    /// [`Knowledge::revision`]).
    revision: u64,
}

/// Two knowledges are equal when they believe the same and cost the
/// same; how many changes brought each there is not part of it.
impl PartialEq for Knowledge {
    fn eq(&self, other: &Knowledge) -> bool {
        self.beliefs == other.beliefs
            && self.last_seen == other.last_seen
            && self.unknown_cost == other.unknown_cost
            && self.cheapest == other.cheapest
            && self.influence == other.influence
            && self.door_blind == other.door_blind
            && self.opened == other.opened
    }
}
impl Eq for Knowledge {}

/// What learning a cell changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Learnt {
    /// Nothing: the faction already believed this.
    Nothing,
    /// The cell was unknown or believed otherwise, and is passable.
    Passable,
    /// The cell turned out to be impassable: plans through it are void.
    Wall,
    /// A cell believed impassable turned out passable (a door seen open):
    /// routes it had ruled out may exist again.
    Opened,
}

impl Knowledge {
    /// Knows nothing of a `width` x `height` map; unknown cells cost
    /// `unknown_factor` times the floor cost (1 = the freespace assumption;
    /// more than 1 prefers known routes).
    ///
    /// ```
    /// use darkstar::fog::knowledge::Knowledge;
    /// use darkstar::map::geom::Pos;
    /// let k = Knowledge::new(10, 5, 1);
    /// assert_eq!(k.terrain(Pos::new(3, 3)), None);
    /// ```
    pub fn new(width: u32, height: u32, unknown_factor: Cost) -> Knowledge {
        let unknown_cost = FLOOR_COST * unknown_factor.max(1);
        Knowledge {
            beliefs: Grid::new(width, height, UNKNOWN),
            last_seen: Grid::new(width, height, 0),
            unknown_cost,
            cheapest: unknown_cost,
            influence: Influence::new(width, height, 0),
            door_blind: false,
            opened: 0,
            revision: 0,
        }
    }

    /// The same, for a faction that cannot open doors: a closed door it
    /// knows of costs what a wall does (impassable) until it sees it open.
    ///
    /// ```
    /// use darkstar::fog::knowledge::{Knowledge, Learnt};
    /// use darkstar::map::{geom::Pos, terrain::Terrain};
    /// let mut k = Knowledge::new(4, 1, 1).door_blind();
    /// let door = Pos::new(2, 0);
    /// assert_eq!(k.learn(door, Terrain::Door, 1), Learnt::Wall);
    /// assert_eq!(k.learn(door, Terrain::OpenDoor, 2), Learnt::Opened);
    /// assert!(k.is_passable(door));
    /// ```
    pub fn door_blind(mut self) -> Knowledge {
        self.door_blind = true;
        self
    }

    /// How many cells it has learnt passable after believing them
    /// impassable (doors it saw open).
    pub fn opened(&self) -> u64 {
        self.opened
    }

    /// True when its monsters cannot open doors.
    pub fn is_door_blind(&self) -> bool {
        self.door_blind
    }

    /// True when it plans through `p`: unknown, or known passable to it.
    pub fn is_passable(&self, p: Pos) -> bool {
        self.beliefs
            .get(p)
            .is_some_and(|&b| b == UNKNOWN || self.costs()[b as usize] != 0)
    }

    /// Entering cost factor per belief byte, 0 for impassable.
    #[inline]
    fn costs(&self) -> &'static [Cost; 256] {
        if self.door_blind {
            &DOOR_BLIND_COST_BY_BELIEF
        } else {
            &ENTER_COST_BY_BELIEF
        }
    }

    /// The same, with danger weighing `weight` in planning costs (see
    /// [`crate::fog::danger`]); 0 leaves danger out.
    pub fn with_danger_weight(mut self, weight: u32) -> Knowledge {
        self.influence = Influence::new(self.width(), self.height(), weight);
        self
    }

    /// Every cell's belief byte, row-major (for hashing a game's state):
    /// `u8::MAX` for unknown, else the terrain's discriminant.
    pub fn belief_bytes(&self) -> &[u8] {
        self.beliefs.cells()
    }

    /// The faction's danger map.
    pub fn influence(&self) -> &Influence {
        &self.influence
    }

    /// A number that changes whenever what a step costs here may have
    /// changed (a belief learnt, a death, danger fading), and never
    /// otherwise: whatever was computed from this knowledge at one
    /// revision holds for as long as the revision stays (a fleeing
    /// faction's safety map is kept so). Not part of equality.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// A death of one of the faction's own at `at`; returns the cells whose
    /// planning cost changed.
    pub fn death(&mut self, at: Pos) -> Vec<Pos> {
        self.revision += 1;
        self.influence.death(at);
        self.influence.drain_changes()
    }

    /// Danger fades (every [`crate::fog::danger::DECAY_PERIOD`] turns);
    /// returns the cells whose planning cost changed.
    pub fn decay(&mut self) -> Vec<Pos> {
        self.revision += 1;
        self.influence.decay();
        self.influence.drain_changes()
    }

    /// Cells whose planning cost changed through danger since the last
    /// call (chokepoints re-judged as cells are learnt), in order.
    pub fn drain_danger_changes(&mut self) -> Vec<Pos> {
        self.influence.drain_changes()
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.beliefs.width()
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.beliefs.height()
    }

    /// The terrain believed at `p`, or `None` if unknown (or off the map).
    pub fn terrain(&self, p: Pos) -> Option<Terrain> {
        self.beliefs.get(p).and_then(|&b| decode(b))
    }

    /// True when `p` has been seen.
    pub fn is_known(&self, p: Pos) -> bool {
        self.terrain(p).is_some()
    }

    /// When `p` was last seen (0: never, or at the start). The look command
    /// shows it, so the player knows how old a remembered cell is.
    pub fn last_seen(&self, p: Pos) -> Turn {
        self.last_seen.get(p).copied().unwrap_or(0)
    }

    /// Cost factor of entering an unknown cell.
    pub fn unknown_cost(&self) -> Cost {
        self.unknown_cost
    }

    /// A copy of what the faction believes, for a search that goes on over
    /// several turns while the faction keeps learning: beliefs and costs
    /// only (one byte a cell), without the last-seen turns.
    pub fn snapshot(&self) -> Knowledge {
        Knowledge {
            beliefs: self.beliefs.clone(),
            last_seen: Grid::new(0, 0, 0),
            unknown_cost: self.unknown_cost,
            cheapest: self.cheapest,
            influence: self.influence.clone(),
            door_blind: self.door_blind,
            opened: self.opened,
            revision: self.revision,
        }
    }

    /// Records that `terrain` was seen at `p` on `turn`; says whether that
    /// changed the faction's beliefs, and how.
    pub fn learn(&mut self, p: Pos, terrain: Terrain, turn: Turn) -> Learnt {
        let Some(belief) = self.beliefs.get_mut(p) else {
            return Learnt::Nothing;
        };
        // (A snapshot keeps no last-seen turns.)
        if let Some(seen) = self.last_seen.get_mut(p) {
            *seen = turn;
        }
        let new = terrain as u8;
        if *belief == new {
            return Learnt::Nothing;
        }
        let old = *belief;
        *belief = new;
        self.revision += 1;
        let costs = self.costs();
        if self.influence.weight() > 0 {
            let beliefs = &self.beliefs;
            self.influence.beliefs_changed(p, |q| match beliefs.get(q) {
                Some(&UNKNOWN) => true,
                Some(&b) => costs[b as usize] != 0,
                None => false,
            });
        }
        match costs[new as usize] {
            0 => Learnt::Wall,
            c => {
                self.cheapest = self.cheapest.min(c);
                if old != UNKNOWN && costs[old as usize] == 0 {
                    self.opened += 1;
                    Learnt::Opened
                } else {
                    Learnt::Passable
                }
            }
        }
    }

    /// The entering cost factor of `p` as believed: known terrain's, the
    /// unknown cost, or `None` for a known wall. A table lookup and a
    /// select, no branch on the terrain (searches read it for every cell,
    /// and terrain is often mixed).
    #[inline]
    fn enter_cost_at(&self, index: usize) -> Option<Cost> {
        let b = self.beliefs.cells()[index];
        let f = if b == UNKNOWN {
            self.unknown_cost
        } else {
            self.costs()[b as usize]
        };
        (f != 0).then_some(f)
    }

    /// Bytes it holds: its grids and its danger map (a snapshot's share:
    /// it keeps no last-seen turns).
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of_val(self.beliefs.cells())
            + std::mem::size_of_val(self.last_seen.cells())
            + self.influence.memory_bytes()
    }
}

/// The entering cost factor of each belief byte's terrain, 0 for an
/// impassable one or a byte that names no terrain (the unknown byte is
/// handled apart).
const ENTER_COST_BY_BELIEF: [Cost; 256] = {
    let mut table = [0; 256];
    let mut i = 0;
    while i < Terrain::ALL.len() {
        if let Some(c) = Terrain::ALL[i].enter_cost() {
            table[i] = c;
        }
        i += 1;
    }
    table
};

/// [`ENTER_COST_BY_BELIEF`] for a faction that cannot open doors: a
/// closed door is impassable.
const DOOR_BLIND_COST_BY_BELIEF: [Cost; 256] = {
    let mut table = ENTER_COST_BY_BELIEF;
    table[Terrain::Door as usize] = 0;
    table
};

fn decode(b: u8) -> Option<Terrain> {
    Terrain::ALL.get(b as usize).copied()
}

impl CostMap for Knowledge {
    #[inline]
    fn width(&self) -> u32 {
        self.beliefs.width()
    }
    #[inline]
    fn height(&self) -> u32 {
        self.beliefs.height()
    }
    #[inline]
    fn step_cost(&self, step: Step) -> Option<Cost> {
        // As on the true map: no step out of or into a (believed) wall.
        self.enter_cost_at(step.from_index)?;
        let factor = self.enter_cost_at(step.to_index)? + self.influence.penalty_at(step.to_index);
        Some(factor * StepCosts::UNIT.for_dir(step.dir))
    }
    #[inline]
    fn cheapest_steps(&self) -> StepCosts {
        StepCosts::UNIT.scaled(self.cheapest)
    }
}

impl EntryCosts for Knowledge {
    /// The believed terrain's (or the unknown) entering cost plus the
    /// danger penalty: what [`CostMap::step_cost`] multiplies by the step's
    /// base cost.
    #[inline]
    fn entry_factor(&self, index: usize) -> Option<Cost> {
        Some(self.enter_cost_at(index)? + self.influence.penalty_at(index))
    }
}

/// The admissible lower bound of every step cost `knowledge` can come to
/// have: the unknown cost, or a road's if cheaper. A D* Lite built on this
/// never needs rebuilding, but its heuristic is weaker than one built on
/// the cheapest step known so far (which the game uses,
/// rebuilding when cheaper ground turns up): on the maze benchmark with
/// sight 4 that costs 13% more expansions, in rooms about three times.
pub fn knowledge_floor(knowledge: &Knowledge) -> StepCosts {
    StepCosts::UNIT.scaled(knowledge.unknown_cost().min(ROAD_COST))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::cost::STRAIGHT;

    #[test]
    fn terrain_discriminants_round_trip_through_the_byte() {
        for (i, t) in Terrain::ALL.into_iter().enumerate() {
            assert_eq!(t as usize, i);
            assert_eq!(decode(t as u8), Some(t));
        }
        assert_eq!(decode(UNKNOWN), None);
    }

    #[test]
    fn learning_reports_new_walls_once() {
        let mut k = Knowledge::new(4, 4, 1);
        let p = Pos::new(1, 2);
        assert_eq!(k.learn(p, Terrain::Wall, 3), Learnt::Wall);
        assert_eq!(k.learn(p, Terrain::Wall, 4), Learnt::Nothing);
        assert_eq!(k.last_seen(p), 4);
        assert_eq!(k.learn(p, Terrain::Floor, 5), Learnt::Opened);
        assert_eq!(k.opened(), 1);
        assert_eq!(k.learn(Pos::new(9, 9), Terrain::Wall, 5), Learnt::Nothing);
    }

    #[test]
    fn unknown_cells_cost_the_factor_and_prefer_known_routes() {
        let mut k = Knowledge::new(3, 1, 3);
        assert_eq!(k.cheapest_steps(), StepCosts::UNIT.scaled(3 * FLOOR_COST));
        k.learn(Pos::new(1, 0), Terrain::Road, 1);
        assert_eq!(
            k.cheapest_steps(),
            StepCosts::UNIT.scaled(crate::map::terrain::ROAD_COST)
        );
        let step = |to: i32| {
            crate::path::step(
                &k,
                Pos::new(to - 1, 0),
                crate::map::geom::Dir::E,
                crate::path::Connectivity::Eight,
            )
            .map(|s| s.1)
        };
        assert_eq!(step(1), Some(crate::map::terrain::ROAD_COST * STRAIGHT));
        assert_eq!(step(2), Some(3 * FLOOR_COST * STRAIGHT));
    }
}
