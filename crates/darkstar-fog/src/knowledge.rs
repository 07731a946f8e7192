//! What a faction knows of the map: one byte of belief per cell (unknown,
//! or what was seen there: a [`Belief`]) and the turn each cell was last
//! seen. A faction's planners read this and never the true map:
//! [`Knowledge`] is a [`CostMap`] of its own, built only from what was
//! learnt, so code that is handed a `&Knowledge` has no way to reach the
//! true map.
//!
//! Unknown cells are planned through as walkable (the freespace
//! assumption), at the unknown cost per step: by default the cheapest
//! entering cost of any belief (the classic optimism); more makes a
//! faction prefer routes it knows ([`Knowledge::with_unknown_cost`]).
//! Danger the faction knows of (where its own died, chokepoints of the map
//! it knows: see [`crate::danger`]) adds to entering costs. One faction may
//! cost a belief otherwise than another ([`Knowledge::with_cost`]: a
//! closed door is a wall to monsters that cannot open one, until they see
//! it open, [`Learnt::Opened`]).
//!
//! ```
//! use darkstar_fog::{Belief, Knowledge, Learnt};
//! use darkstar_path::geom::Pos;
//!
//! #[derive(Copy, Clone, Debug, PartialEq, Eq)]
//! enum Cell { Floor, Wall, Door }
//! impl Belief for Cell {
//!     const ALL: &'static [Cell] = &[Cell::Floor, Cell::Wall, Cell::Door];
//!     fn index(self) -> usize { self as usize }
//!     fn enter_cost(self) -> Option<u64> {
//!         match self { Cell::Wall => None, Cell::Floor => Some(1), Cell::Door => Some(2) }
//!     }
//! }
//!
//! // Monsters that cannot open doors: a closed door is a wall to them.
//! let mut k = Knowledge::<Cell>::new(4, 1).with_cost(Cell::Door, None);
//! assert!(k.is_passable(Pos::new(2, 0)), "unknown: believed walkable");
//! assert_eq!(k.learn(Pos::new(2, 0), Cell::Door, 1), Learnt::Wall);
//! assert_eq!(k.learn(Pos::new(2, 0), Cell::Floor, 2), Learnt::Opened);
//! assert_eq!(k.belief(Pos::new(2, 0)), Some(Cell::Floor));
//! ```

use crate::danger::{DangerRules, Influence, block_bit, walkable_block};
use darkstar_path::cost::{Cost, DIAGONAL, PATH_COST_LIMIT, StepCosts, max_factor};
use darkstar_path::geom::Pos;
use darkstar_path::grid::Grid;
use darkstar_path::{CostMap, EntryCosts, Step};

/// What a faction may believe a cell to be: a small set of kinds (a
/// game's terrain), each stored as a byte, each with the cost of entering
/// a cell believed to be it.
pub trait Belief: Copy + Eq + 'static {
    /// Every belief, each at its [`Belief::index`]: `ALL[b.index()] == b`.
    /// At most 255 of them (the 256th byte stands for "unknown").
    const ALL: &'static [Self];
    /// Its place in [`Belief::ALL`].
    fn index(self) -> usize;
    /// The factor of entering a cell believed to be this (at least 1,
    /// times a step's [`StepCosts::UNIT`] cost), or `None` if no one can
    /// enter it. A faction may cost it otherwise
    /// ([`Knowledge::with_cost`]).
    fn enter_cost(self) -> Option<Cost>;
}

/// The byte stored for a cell nobody has seen.
const UNKNOWN: u8 = u8::MAX;

/// One faction's map of the world, believing each cell a `B` or unknown.
#[derive(Clone, Debug)]
pub struct Knowledge<B: Belief> {
    /// `UNKNOWN`, or the index of the belief last seen there.
    beliefs: Grid<u8>,
    /// When each known cell was last seen (0 for never).
    last_seen: Grid<u32>,
    /// The entering cost factor of each belief byte, 0 for impassable
    /// (and for a byte that names no belief; the unknown byte is handled
    /// apart). The faction's own: [`Knowledge::with_cost`] changes it.
    costs: [Cost; 256],
    /// Cost factor of entering an unknown cell.
    unknown_cost: Cost,
    /// Lower bound of every entering cost here: the cheapest terrain ever
    /// learnt, or the unknown cost (lowered, never raised: admissible).
    cheapest: Cost,
    /// Danger from deaths and chokepoints, added to entering costs.
    influence: Influence,
    /// Cells learnt passable that it had believed impassable (doors seen
    /// open): routes and islands it ruled out may be back.
    opened: u64,
    /// Counts the changes to what a step costs here (see
    /// [`Knowledge::revision`]).
    revision: u64,
    _belief: std::marker::PhantomData<B>,
}

/// What of a [`Knowledge`] is saved (the `serde` feature): its layers,
/// its costs (one for each byte) and its counts.
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
#[serde(rename = "Knowledge")]
struct SavedRef<'a> {
    beliefs: &'a Grid<u8>,
    last_seen: &'a Grid<u32>,
    costs: &'a [Cost],
    unknown_cost: Cost,
    cheapest: Cost,
    influence: &'a Influence,
    opened: u64,
    revision: u64,
}

/// A [`Knowledge`] as read in, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Knowledge")]
struct Saved {
    beliefs: Grid<u8>,
    last_seen: Grid<u32>,
    costs: Vec<Cost>,
    unknown_cost: Cost,
    cheapest: Cost,
    influence: Influence,
    opened: u64,
    revision: u64,
}

#[cfg(feature = "serde")]
impl<B: Belief> serde::Serialize for Knowledge<B> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(
            &SavedRef {
                beliefs: &self.beliefs,
                last_seen: &self.last_seen,
                costs: &self.costs,
                unknown_cost: self.unknown_cost,
                cheapest: self.cheapest,
                influence: &self.influence,
                opened: self.opened,
                revision: self.revision,
            },
            serializer,
        )
    }
}

/// A saved knowledge is read back only when it hangs together: the
/// last-seen turns and the danger map of the beliefs' size, costs within
/// [`Knowledge::max_cost`], every cell unknown or a belief of `B`. A bad
/// file is an error when read, never a panic in a later search.
#[cfg(feature = "serde")]
impl<'de, B: Belief> serde::Deserialize<'de> for Knowledge<B> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Knowledge<B>, D::Error> {
        let s = Saved::deserialize(deserializer)?;
        Knowledge::from_saved(s).map_err(serde::de::Error::custom)
    }
}

/// Two knowledges are equal when they believe the same and cost the
/// same; how many changes brought each there is not part of it.
impl<B: Belief> PartialEq for Knowledge<B> {
    fn eq(&self, other: &Knowledge<B>) -> bool {
        self.beliefs == other.beliefs
            && self.last_seen == other.last_seen
            && self.costs == other.costs
            && self.unknown_cost == other.unknown_cost
            && self.cheapest == other.cheapest
            && self.influence == other.influence
            && self.opened == other.opened
    }
}
impl<B: Belief> Eq for Knowledge<B> {}

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

impl<B: Belief> Knowledge<B> {
    /// Knows nothing of a `width` x `height` map. Each belief costs its
    /// [`Belief::enter_cost`], and an unknown cell the cheapest of those
    /// (the freespace assumption: unknown ground is believed open, and no
    /// dearer than the best ground there is).
    ///
    /// ```
    /// use darkstar_fog::Knowledge;
    /// use darkstar_path::geom::Pos;
    /// let k = Knowledge::<darkstar_fog::OpenOrWall>::new(10, 5);
    /// assert_eq!(k.belief(Pos::new(3, 3)), None);
    /// assert!(k.is_passable(Pos::new(3, 3)));
    /// ```
    ///
    /// # Panics
    /// Past [`Knowledge::MAX_CELLS`] cells, saying so; [`Knowledge::try_new`]
    /// refuses instead.
    pub fn new(width: u32, height: u32) -> Knowledge<B> {
        Knowledge::try_new(width, height).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The most cells a knowledge may cover: 52,840,733, about 7,269 x
    /// 7,269. On a larger map the searches' bound on a step
    /// ([`darkstar_path::cost::max_factor`]) is below the cheapest cost
    /// (1) plus the largest danger penalty (65,535), so a step into a
    /// dangerous cell could cost more than the searches allow.
    pub const MAX_CELLS: u64 = KNOWLEDGE_MAX_CELLS;

    /// As [`Knowledge::new`], or [`TooLarge`] past [`Knowledge::MAX_CELLS`]
    /// cells (before anything is allocated).
    ///
    /// ```
    /// use darkstar_fog::{Knowledge, OpenOrWall};
    /// assert!(Knowledge::<OpenOrWall>::try_new(8192, 8192).is_err());
    /// assert!(Knowledge::<OpenOrWall>::try_new(4096, 4096).is_ok());
    /// ```
    pub fn try_new(width: u32, height: u32) -> Result<Knowledge<B>, TooLarge> {
        if width as u64 * height as u64 > Self::MAX_CELLS {
            return Err(TooLarge { width, height });
        }
        debug_assert!(B::ALL.len() < UNKNOWN as usize, "at most 255 beliefs");
        let max = max_cost(width, height);
        let mut costs = [0; 256];
        for (i, b) in B::ALL.iter().enumerate().take(UNKNOWN as usize) {
            costs[i] = b.enter_cost().map_or(0, |c| c.clamp(1, max));
        }
        let unknown_cost = costs.iter().copied().filter(|&c| c != 0).min().unwrap_or(1);
        Ok(Knowledge {
            beliefs: Grid::new(width, height, UNKNOWN),
            last_seen: Grid::new(width, height, 0),
            costs,
            unknown_cost,
            cheapest: unknown_cost,
            influence: Influence::new(width, height, 0, DangerRules::NONE),
            opened: 0,
            revision: 0,
            _belief: std::marker::PhantomData,
        })
    }

    /// The same, planning through an unknown cell at `cost` (at least 1,
    /// at most [`Knowledge::max_cost`]: a cost outside is taken as the
    /// nearer end) per step's unit: more than the floor's makes the
    /// faction prefer routes it knows. Set before learning anything.
    pub fn with_unknown_cost(mut self, cost: Cost) -> Knowledge<B> {
        self.unknown_cost = cost.clamp(1, self.max_cost());
        self.cheapest = self.unknown_cost;
        self
    }

    /// The same, with `belief` costing `cost` to this faction instead of
    /// its [`Belief::enter_cost`] (`None`: impassable to it, as a closed
    /// door is to monsters that cannot open one). Set before learning
    /// anything. A cost is at least 1 and at most [`Knowledge::max_cost`]
    /// (one outside is taken as the nearer end), as is every
    /// [`Belief::enter_cost`].
    pub fn with_cost(mut self, belief: B, cost: Option<Cost>) -> Knowledge<B> {
        let max = self.max_cost();
        if let Some(c) = self.costs.get_mut(belief.index()) {
            *c = cost.map_or(0, |c| c.clamp(1, max));
        }
        self
    }

    /// The dearest a belief or the unknown may cost on this map:
    /// [`max_factor`] of its cells less the largest danger penalty
    /// (65,535), at least 1, so that a step's cost stays within what the
    /// searches allow ([`darkstar_path::cost::max_step_cost`]) and no
    /// path's cost can overflow. About 140,000 on a 4096x4096 map.
    pub fn max_cost(&self) -> Cost {
        max_cost(self.width(), self.height())
    }

    /// What entering a cell believed to be `belief` costs this faction,
    /// `None` if it cannot.
    pub fn cost_of(&self, belief: B) -> Option<Cost> {
        self.costs.get(belief.index()).copied().filter(|&c| c != 0)
    }

    /// How many cells it has learnt passable after believing them
    /// impassable (doors it saw open).
    pub fn opened(&self) -> u64 {
        self.opened
    }

    /// True when it plans through `p`: unknown, or known passable to it.
    pub fn is_passable(&self, p: Pos) -> bool {
        self.beliefs
            .get(p)
            .is_some_and(|&b| b == UNKNOWN || self.costs[b as usize] != 0)
    }

    /// The same, with danger weighing `weight` in planning costs, by
    /// `rules` (see [`crate::danger`]); weight 0 leaves danger out.
    pub fn with_danger(mut self, weight: u32, rules: DangerRules) -> Knowledge<B> {
        self.influence = Influence::new(self.width(), self.height(), weight, rules);
        self
    }

    /// Every cell's belief byte, row-major (for hashing a game's state):
    /// `u8::MAX` for unknown, else the belief's [`Belief::index`].
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

    /// Danger fades (it halves; how often is the caller's rule); returns
    /// the cells whose planning cost changed.
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

    /// What is believed at `p`, or `None` if unknown (or off the map).
    pub fn belief(&self, p: Pos) -> Option<B> {
        self.beliefs
            .get(p)
            .and_then(|&b| B::ALL.get(b as usize).copied())
    }

    /// True when `p` has been seen.
    pub fn is_known(&self, p: Pos) -> bool {
        self.belief(p).is_some()
    }

    /// The turn `p` was last seen on (0: never, or at the start), as
    /// given to [`Knowledge::learn`]: a game shows it, so the player knows
    /// how old a remembered cell is.
    pub fn last_seen(&self, p: Pos) -> u32 {
        self.last_seen.get(p).copied().unwrap_or(0)
    }

    /// Cost factor of entering an unknown cell.
    pub fn unknown_cost(&self) -> Cost {
        self.unknown_cost
    }

    /// A copy of what the faction believes, for a search that goes on over
    /// several turns while the faction keeps learning: beliefs and costs
    /// only (one byte a cell), without the last-seen turns.
    pub fn snapshot(&self) -> Knowledge<B> {
        Knowledge {
            beliefs: self.beliefs.clone(),
            last_seen: Grid::new(0, 0, 0),
            costs: self.costs,
            unknown_cost: self.unknown_cost,
            cheapest: self.cheapest,
            influence: self.influence.clone(),
            opened: self.opened,
            revision: self.revision,
            _belief: std::marker::PhantomData,
        }
    }

    /// Records that `belief` was seen at `p` on `turn` (any count of time
    /// the caller keeps); says whether that changed the faction's beliefs,
    /// and how.
    pub fn learn(&mut self, p: Pos, seen: B, turn: u32) -> Learnt {
        let Some(belief) = self.beliefs.get_mut(p) else {
            return Learnt::Nothing;
        };
        // (A snapshot keeps no last-seen turns.)
        if let Some(seen) = self.last_seen.get_mut(p) {
            *seen = turn;
        }
        let new = seen.index().min(UNKNOWN as usize - 1) as u8;
        if *belief == new {
            return Learnt::Nothing;
        }
        let old = *belief;
        *belief = new;
        self.revision += 1;
        let costs = &self.costs;
        if self.influence.weight() > 0 {
            let block = self.walkable_block(p);
            self.influence.block_changed(p, block);
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

    /// The 5x5 block round `p` (on the map), walkable cells set, as
    /// [`crate::danger::walkable_block`] reads it: inside the map's edges
    /// a row slice at a time, without a bounds check a cell.
    fn walkable_block(&self, p: Pos) -> u32 {
        let walkable = |b: u8| b == UNKNOWN || self.costs[b as usize] != 0;
        let (w, h) = (self.width() as i32, self.height() as i32);
        if p.x < 2 || p.y < 2 || p.x + 2 >= w || p.y + 2 >= h {
            return walkable_block(p, |q| self.beliefs.get(q).is_some_and(|&b| walkable(b)));
        }
        let mut block = 0;
        for dy in -2..=2 {
            let start = Pos::new(p.x - 2, p.y + dy).row_major(w as u32);
            let row = &self.beliefs.cells()[start..start + 5];
            for (dx, &b) in (-2..=2).zip(row) {
                block |= u32::from(walkable(b)) << block_bit(dx, dy);
            }
        }
        block
    }

    /// The entering cost factor of `p` as believed: known terrain's, the
    /// unknown cost, or `None` for a known wall. A table lookup and a
    /// select, no branch on the terrain (searches read it for every cell,
    /// and terrain is often mixed).
    #[inline(always)]
    fn enter_cost_at(&self, index: usize) -> Option<Cost> {
        let b = self.beliefs.cells()[index];
        let f = if b == UNKNOWN {
            self.unknown_cost
        } else {
            self.costs[b as usize]
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

/// A map too large for a [`Knowledge`]: more than
/// [`Knowledge::MAX_CELLS`] cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The width asked for.
    pub width: u32,
    /// The height asked for.
    pub height: u32,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a knowledge of {} x {} cells is past the {} cells a step's cost and its danger allow",
            self.width, self.height, KNOWLEDGE_MAX_CELLS
        )
    }
}

impl std::error::Error for TooLarge {}

/// [`Knowledge::MAX_CELLS`], whatever the belief type.
const KNOWLEDGE_MAX_CELLS: u64 = PATH_COST_LIMIT / (DIAGONAL * (1 + u16::MAX as Cost));

#[cfg(feature = "serde")]
impl<B: Belief> Knowledge<B> {
    /// The knowledge a save holds, or why it does not hang together: the
    /// last-seen turns of the beliefs' size (or none, as a snapshot keeps),
    /// the danger map too (unless danger is off), 256 costs within
    /// [`Knowledge::max_cost`] with none for a byte that names no belief,
    /// every cell unknown or a belief of `B`, and the cheapest cost at
    /// least 1 and at most every cost on the map (the searches' bound).
    fn from_saved(s: Saved) -> Result<Knowledge<B>, String> {
        let (w, h) = (s.beliefs.width(), s.beliefs.height());
        if w as u64 * h as u64 > KNOWLEDGE_MAX_CELLS {
            return Err(TooLarge {
                width: w,
                height: h,
            }
            .to_string());
        }
        let seen = (s.last_seen.width(), s.last_seen.height());
        if seen != (w, h) && seen != (0, 0) {
            return Err(format!(
                "beliefs of {w}x{h} cells have last-seen turns of {}x{}",
                seen.0, seen.1
            ));
        }
        let danger = s.influence.size();
        if s.influence.weight() > 0 && danger != (w, h) {
            return Err(format!(
                "beliefs of {w}x{h} cells have a danger map of {}x{}",
                danger.0, danger.1
            ));
        }
        let costs: [Cost; 256] = s.costs.try_into().map_err(|c: Vec<Cost>| {
            format!(
                "{} costs, where there is one for each of 256 bytes",
                c.len()
            )
        })?;
        let (max, beliefs) = (max_cost(w, h), B::ALL.len().min(UNKNOWN as usize));
        for (i, &c) in costs.iter().enumerate() {
            if c > max || (i >= beliefs && c != 0) {
                return Err(format!(
                    "byte {i} costs {c}: costs on a {w}x{h} map stop at {max}, and a byte past the {beliefs} beliefs costs nothing"
                ));
            }
        }
        if !(1..=max).contains(&s.unknown_cost) {
            return Err(format!(
                "the unknown costs {}, outside 1 to {max}",
                s.unknown_cost
            ));
        }
        let mut least = s.unknown_cost;
        for (i, &b) in s.beliefs.cells().iter().enumerate() {
            if b == UNKNOWN {
                continue;
            }
            if b as usize >= beliefs {
                let p = s.beliefs.pos_of(i);
                return Err(format!("cell {p:?} is believed {b}, which names no belief"));
            }
            if costs[b as usize] != 0 {
                least = least.min(costs[b as usize]);
            }
        }
        if !(1..=least).contains(&s.cheapest) {
            return Err(format!(
                "the cheapest cost {} is not within 1 and the cheapest on the map, {least}",
                s.cheapest
            ));
        }
        Ok(Knowledge {
            beliefs: s.beliefs,
            last_seen: s.last_seen,
            costs,
            unknown_cost: s.unknown_cost,
            cheapest: s.cheapest,
            influence: s.influence,
            opened: s.opened,
            revision: s.revision,
            _belief: std::marker::PhantomData,
        })
    }
}

/// [`Knowledge::max_cost`] of a `width` x `height` map.
fn max_cost(width: u32, height: u32) -> Cost {
    max_factor(width as u64 * height as u64)
        .saturating_sub(u16::MAX as Cost)
        .max(1)
}

impl<B: Belief> CostMap for Knowledge<B> {
    #[inline]
    fn width(&self) -> u32 {
        self.beliefs.width()
    }
    #[inline]
    fn height(&self) -> u32 {
        self.beliefs.height()
    }
    #[inline(always)]
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

impl<B: Belief> EntryCosts for Knowledge<B> {
    /// The belief's (or the unknown) entering cost plus the
    /// danger penalty: what [`CostMap::step_cost`] multiplies by the step's
    /// base cost.
    #[inline]
    fn entry_factor(&self, index: usize) -> Option<Cost> {
        Some(self.enter_cost_at(index)? + self.influence.penalty_at(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OpenOrWall;
    use darkstar_path::cost::STRAIGHT;
    use darkstar_path::geom::Dir;

    /// The largest knowledge is the largest map on which a step at cost 1
    /// plus the whole danger penalty stays within the searches' bound,
    /// and one cell more is refused, saying so, before any allocation.
    #[test]
    fn a_knowledge_past_its_most_cells_is_refused() {
        let most = Knowledge::<OpenOrWall>::MAX_CELLS;
        assert_eq!(most, 52_840_733);
        assert!(max_factor(most) > u16::MAX as Cost);
        assert!(max_factor(most + 1) <= u16::MAX as Cost);
        let refused = Knowledge::<OpenOrWall>::try_new(u32::MAX, u32::MAX).unwrap_err();
        assert_eq!((refused.width, refused.height), (u32::MAX, u32::MAX));
        assert!(
            refused.to_string().contains("past the 52840733 cells"),
            "{refused}"
        );
        // Just past, by a row: refused; just within: made.
        assert!(Knowledge::<OpenOrWall>::try_new(7_270, 7_270).is_err());
        assert!(Knowledge::<OpenOrWall>::try_new(512, 512).is_ok());
    }

    #[test]
    #[should_panic(expected = "a knowledge of 8192 x 8192 cells is past")]
    fn knowledge_new_past_its_most_cells_panics_saying_so() {
        Knowledge::<OpenOrWall>::new(8192, 8192);
    }

    /// A game's terrain, as a test sees it: floor 10, road 7, wall.
    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    enum T {
        Floor,
        Road,
        Wall,
    }
    impl Belief for T {
        const ALL: &'static [T] = &[T::Floor, T::Road, T::Wall];
        fn index(self) -> usize {
            self as usize
        }
        fn enter_cost(self) -> Option<Cost> {
            match self {
                T::Floor => Some(10),
                T::Road => Some(7),
                T::Wall => None,
            }
        }
    }

    #[test]
    fn beliefs_round_trip_through_the_byte() {
        let mut k = Knowledge::<T>::new(3, 1);
        for (i, &t) in T::ALL.iter().enumerate() {
            k.learn(Pos::new(i as i32, 0), t, 1);
            assert_eq!(k.belief(Pos::new(i as i32, 0)), Some(t));
            assert_eq!(k.belief_bytes()[i], i as u8);
        }
        assert_eq!(Knowledge::<T>::new(1, 1).belief_bytes(), [UNKNOWN]);
    }

    /// The 5x5 block read a row slice at a time is the block read cell
    /// by cell, round every cell (edges and corners included) of 60
    /// seeded random knowledges, some cells unknown and a belief made
    /// impassable to the faction on some.
    #[test]
    fn the_block_read_by_rows_is_the_block_read_by_cells() {
        let mut seed = 1u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for round in 0..60 {
            let (w, h) = (1 + next(9) as u32, 1 + next(9) as u32);
            let mut k = Knowledge::<T>::new(w, h);
            if round % 3 == 0 {
                k = k.with_cost(T::Road, None);
            }
            for i in 0..(w * h) as usize {
                if next(4) > 0 {
                    k.learn(Pos::from_row_major(i, w), T::ALL[next(3) as usize], 1);
                }
            }
            for i in 0..(w * h) as usize {
                let p = Pos::from_row_major(i, w);
                let by_cells = walkable_block(p, |q| k.is_passable(q));
                assert_eq!(k.walkable_block(p), by_cells, "round {round} at {p:?}");
            }
        }
    }

    #[test]
    fn learning_reports_new_walls_once() {
        let mut k = Knowledge::<T>::new(4, 4);
        let p = Pos::new(1, 2);
        assert_eq!(k.learn(p, T::Wall, 3), Learnt::Wall);
        assert_eq!(k.learn(p, T::Wall, 4), Learnt::Nothing);
        assert_eq!(k.last_seen(p), 4);
        assert_eq!(k.learn(p, T::Floor, 5), Learnt::Opened);
        assert_eq!(k.opened(), 1);
        assert_eq!(k.learn(Pos::new(9, 9), T::Wall, 5), Learnt::Nothing);
    }

    #[test]
    fn unknown_cells_cost_the_unknown_cost_and_prefer_known_routes() {
        // By default the unknown costs the cheapest belief's (the road's).
        assert_eq!(Knowledge::<T>::new(1, 1).unknown_cost(), 7);
        let mut k = Knowledge::<T>::new(3, 1).with_unknown_cost(30);
        assert_eq!(k.cheapest_steps(), StepCosts::UNIT.scaled(30));
        k.learn(Pos::new(1, 0), T::Road, 1);
        assert_eq!(k.cheapest_steps(), StepCosts::UNIT.scaled(7));
        let step = |to: i32| {
            darkstar_path::step(
                &k,
                Pos::new(to - 1, 0),
                Dir::E,
                darkstar_path::Connectivity::Eight,
            )
            .map(|s| s.1)
        };
        assert_eq!(step(1), Some(7 * STRAIGHT));
        assert_eq!(step(2), Some(30 * STRAIGHT));
    }

    #[test]
    fn a_faction_costs_a_belief_its_own_way() {
        let mut k = Knowledge::<T>::new(3, 1).with_cost(T::Road, None);
        assert_eq!(k.cost_of(T::Road), None);
        assert_eq!(k.cost_of(T::Floor), Some(10));
        assert_eq!(k.learn(Pos::new(1, 0), T::Road, 1), Learnt::Wall);
        assert!(!k.is_passable(Pos::new(1, 0)));
        assert_ne!(k, Knowledge::<T>::new(3, 1), "the costs are part of it");
    }

    /// The trap a stranger fell into: the examples' floor,
    /// `cheapest_steps()` of a knowledge that knows nothing yet, is the
    /// unknown cost (4 here), and drops to the open ground's 1 as soon as
    /// the unit looks. A planner made on it used to keep the dearer floor,
    /// its heuristic overestimating, and disagree with A* from the second
    /// turn on (a monster swapped between two cells for 3,000 turns).
    /// Now it plans afresh on the lower floor: walking by D* Lite, the
    /// unit reaches its goal, and each turn its cost is A*'s.
    #[test]
    fn dstar_lite_over_a_dearer_unknown_reaches_its_goal_and_agrees_with_astar() {
        use crate::OpenOrWall;
        use crate::fixture::Labelled;
        use crate::sight::look;
        use darkstar_path::{Connectivity, DStarLite, SearchContext, SearchOptions};
        let map = Labelled::parse(
            "
            S...#.........#
            .##.#.#######.#
            .#..#.#.....#.#
            .#.##.#.###.#..
            .#....#...#.##.
            .######.#.#....
            .#......#.####.
            .#.######.....#
            ...#......###.G
            ",
        );
        let (start, goal) = (map.label('S').unwrap(), map.label('G').unwrap());
        let mut k = Knowledge::<OpenOrWall>::new(map.width(), map.height()).with_unknown_cost(4);
        assert_eq!(k.cheapest_steps(), StepCosts::UNIT.scaled(4));
        let conn = Connectivity::Eight;
        let mut plan = DStarLite::new(&k, start, goal, conn, k.cheapest_steps());
        let mut ctx = SearchContext::new();
        let options = SearchOptions::default();
        let mut at = start;
        for turn in 1..=500 {
            let changed = look(&mut k, &map, at, 3, turn);
            plan.cells_changed(&k, &changed);
            let astar = ctx.find_path(&k, at, goal, &options).cost();
            assert_eq!(plan.cost(), astar, "turn {turn} at {at}");
            if at == goal {
                return;
            }
            let next = plan.next_step(&k).expect("a path exists");
            assert!(map.is_passable(next), "turn {turn}: into a wall at {next}");
            at = next;
            plan.move_to(at);
        }
        panic!("not at the goal after 500 turns: at {at}");
    }
}

/// The `serde` feature: a knowledge saved and read back is the same
/// knowledge (its costs, danger and searches too), and a tampered save is
/// refused when read.
#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;
    use crate::OpenOrWall::{self, Open, Wall};

    const RULES: DangerRules = DangerRules {
        death: 40,
        death_radius: 2,
        choke: 5,
        max_penalty: 30,
        max_danger: 100,
    };

    /// A faction that has seen part of a 12x8 map, with a wall across it,
    /// lost one of its own and waited a while.
    fn learnt() -> Knowledge<OpenOrWall> {
        let mut k = Knowledge::<OpenOrWall>::new(12, 8)
            .with_unknown_cost(2)
            .with_danger(3, RULES);
        for x in 0..12 {
            for y in 0..5 {
                let wall = x == 6 && y != 2;
                k.learn(Pos::new(x, y), if wall { Wall } else { Open }, 7);
            }
        }
        k.death(Pos::new(3, 3));
        k.death(Pos::new(6, 2));
        k.decay();
        k
    }

    #[test]
    fn serde_round_trips_a_knowledge_and_its_searches() {
        let k = learnt();
        let back: Knowledge<OpenOrWall> =
            serde_json::from_str(&serde_json::to_string(&k).unwrap()).unwrap();
        assert_eq!(back, k);
        assert_eq!(back.influence(), k.influence(), "the penalties found again");
        assert_eq!(back.revision(), k.revision());
        let mut search = darkstar_path::SearchContext::new();
        let options = darkstar_path::SearchOptions::default();
        let (from, to) = (Pos::new(0, 0), Pos::new(11, 7));
        assert_eq!(
            search.find_path(&back, from, to, &options),
            search.find_path(&k, from, to, &options)
        );
        // A snapshot keeps no last-seen turns, and is saved so too.
        let snap = k.snapshot();
        let json = serde_json::to_string(&snap).unwrap();
        assert_eq!(
            serde_json::from_str::<Knowledge<OpenOrWall>>(&json).unwrap(),
            snap
        );
    }

    #[test]
    fn serde_refuses_a_knowledge_whose_parts_disagree() {
        let json = serde_json::to_value(learnt()).unwrap();
        type Tamper<'a> = &'a dyn Fn(&mut serde_json::Value);
        let refused = |f: Tamper| {
            let mut v = json.clone();
            f(&mut v);
            serde_json::from_value::<Knowledge<OpenOrWall>>(v)
                .expect_err("a tampered knowledge is refused")
                .to_string()
        };
        // What the refusal says, and the tampering.
        let cases: [(&str, Tamper); 10] = [
            ("holds 96 cells, not 95", &|v| {
                v["beliefs"]["cells"].as_array_mut().unwrap().pop();
            }),
            ("last-seen turns of 12x7", &|v| {
                v["last_seen"]["height"] = 7.into();
                v["last_seen"]["cells"].as_array_mut().unwrap().truncate(84);
            }),
            ("a danger map of 12x7", &|v| {
                let (danger, choke) = (vec![0; 84], vec![false; 84]);
                v["influence"]["danger"] =
                    serde_json::json!({"width": 12, "height": 7, "cells": danger});
                v["influence"]["choke"] =
                    serde_json::json!({"width": 12, "height": 7, "cells": choke});
                v["influence"]["dangerous"] = serde_json::json!([]);
                v["influence"]["changed"] = serde_json::json!([]);
            }),
            ("names no belief", &|v| v["beliefs"]["cells"][0] = 9.into()),
            ("255 costs", &|v| {
                v["costs"].as_array_mut().unwrap().pop();
            }),
            ("byte 5 costs 1", &|v| v["costs"][5] = 1.into()),
            ("the unknown costs 0", &|v| v["unknown_cost"] = 0.into()),
            ("the cheapest cost 3", &|v| v["cheapest"] = 3.into()),
            ("is off the 12x8 map", &|v| {
                v["influence"]["dangerous"][0] = 96.into();
            }),
            ("not listed to fade", &|v| {
                v["influence"]["dangerous"] = serde_json::json!([]);
            }),
        ];
        for (said, tamper) in cases {
            let e = refused(tamper);
            assert!(e.contains(said), "{said:?} not in {e:?}");
        }
    }
}
