//! A faction's danger map: where its monsters died (danger that spreads
//! over the cells around and fades with time) and where the passages it
//! knows are narrow (chokepoints, from the map as the faction knows it).
//! Planning cost is terrain plus `weight` x danger, capped: danger makes a
//! cell dearer, never forbidden, so a faction routes round a deadly pass
//! when there is a reasonable way round and still goes through when the
//! detour is very long.
//!
//! All integer. Danger is counted in the units of the cost factors of
//! the map it weighs on, and every amount is the caller's
//! ([`DangerRules`]): a death deposits [`DangerRules::death`] on its cell,
//! less further out, a chokepoint holds [`DangerRules::choke`], and every
//! [`Influence::decay`] halves all danger. The extra cost factor of
//! entering a cell is `weight * danger`, at most
//! [`DangerRules::max_penalty`]; a step's cost is its terrain factor plus
//! that, times the straight or diagonal base cost. Every change to a cell's
//! extra cost is recorded, so the faction's planners hear of it like of a
//! newly seen wall.
//!
//! ```
//! use darkstar_fog::danger::{DangerRules, Influence};
//! use darkstar_path::geom::Pos;
//! let rules = DangerRules { death: 20, death_radius: 3, choke: 1, max_penalty: 200, max_danger: 1000 };
//! let mut danger = Influence::new(9, 9, 1, rules);
//! danger.death(Pos::new(4, 4));
//! assert_eq!(danger.penalty(Pos::new(4, 4)), 20);
//! assert_eq!(danger.penalty(Pos::new(6, 4)), 10); // two rings out: half
//! danger.decay();
//! assert_eq!(danger.penalty(Pos::new(4, 4)), 10);
//! ```

use darkstar_path::cost::Cost;
use darkstar_path::geom::{Dir, Pos};
use darkstar_path::grid::Grid;

/// The amounts of danger: a game's rules, in the units of its cost
/// factors.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DangerRules {
    /// Danger a death leaves on its cell, less further out: at Chebyshev
    /// distance `d` up to [`DangerRules::death_radius`], `death * (R + 1 -
    /// d) / (R + 1)` (a multiple of `R + 1` gives every ring an exact
    /// share).
    pub death: u16,
    /// How far a death's danger spreads (Chebyshev steps; none when
    /// negative). A death visits only the cells of its square that are on
    /// the map, so a radius past the map costs what the map does.
    pub death_radius: i32,
    /// Danger of a chokepoint: a cell whose neighbours split in two or
    /// more groups without it (a corridor, a doorway), as the faction
    /// knows the map.
    pub choke: u16,
    /// The most a cell's danger can add to its entering cost factor,
    /// whatever the weight: finite, so danger is never a ban.
    pub max_penalty: u16,
    /// Most danger a cell can hold: above what `max_penalty` needs, so a
    /// place of many deaths stays at the cap for a few halvings.
    pub max_danger: u16,
}

impl DangerRules {
    /// No danger at all (what a knowledge without a danger map holds).
    pub const NONE: DangerRules = DangerRules {
        death: 0,
        death_radius: 0,
        choke: 0,
        max_penalty: 0,
        max_danger: 0,
    };
}

/// One faction's danger map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Influence {
    weight: u32,
    rules: DangerRules,
    /// Danger from deaths.
    danger: Grid<u16>,
    /// Chokepoints, as the faction knows the map.
    choke: Grid<bool>,
    /// The extra entering cost factor: what planners read.
    penalty: Grid<u16>,
    /// Cells with danger, in the order they got it (for decay).
    dangerous: Vec<u32>,
    /// Cells whose penalty changed since last drained.
    changed: Vec<Pos>,
}

/// What of an [`Influence`] is saved (the `serde` feature): all but the
/// penalties, which are found again from the danger and the chokepoints.
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
#[serde(rename = "Influence")]
struct SavedRef<'a> {
    weight: u32,
    rules: &'a DangerRules,
    danger: &'a Grid<u16>,
    choke: &'a Grid<bool>,
    dangerous: &'a [u32],
    changed: &'a [Pos],
}

/// An [`Influence`] as read in, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Influence")]
struct Saved {
    weight: u32,
    rules: DangerRules,
    danger: Grid<u16>,
    choke: Grid<bool>,
    dangerous: Vec<u32>,
    changed: Vec<Pos>,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Influence {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(
            &SavedRef {
                weight: self.weight,
                rules: &self.rules,
                danger: &self.danger,
                choke: &self.choke,
                dangerous: &self.dangerous,
                changed: &self.changed,
            },
            serializer,
        )
    }
}

/// A saved danger map is read back only when it hangs together: its
/// grids of one size (none at weight 0), every listed cell on the map,
/// no danger past the rules' most, and every cell with danger listed to
/// fade.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Influence {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Influence, D::Error> {
        let s = Saved::deserialize(deserializer)?;
        Influence::from_saved(s).map_err(serde::de::Error::custom)
    }
}

impl Influence {
    /// The danger map a save holds, or why it does not hang together.
    #[cfg(feature = "serde")]
    fn from_saved(s: Saved) -> Result<Influence, String> {
        let (w, h) = (s.danger.width(), s.danger.height());
        if (s.choke.width(), s.choke.height()) != (w, h) {
            return Err(format!(
                "a danger map of {w}x{h} cells has chokepoints of {}x{}",
                s.choke.width(),
                s.choke.height()
            ));
        }
        if s.weight == 0 && !s.danger.is_empty() {
            return Err("a danger map of weight 0 holds no cells".to_string());
        }
        let mut listed = vec![false; s.danger.len()];
        for &i in &s.dangerous {
            *listed.get_mut(i as usize).ok_or_else(|| {
                format!("cell {i} of the list of dangerous cells is off the {w}x{h} map")
            })? = true;
        }
        if let Some(p) = s.changed.iter().find(|&&p| !s.danger.contains(p)) {
            return Err(format!("changed cell {p:?} is off the {w}x{h} map"));
        }
        for (i, &d) in s.danger.cells().iter().enumerate() {
            let p = s.danger.pos_of(i);
            if d > s.rules.max_danger {
                return Err(format!(
                    "cell {p:?} holds danger {d}, past the rules' most, {}",
                    s.rules.max_danger
                ));
            }
            if d > 0 && !listed[i] {
                return Err(format!("cell {p:?} holds danger but is not listed to fade"));
            }
        }
        let penalty = s
            .danger
            .cells()
            .iter()
            .zip(s.choke.cells())
            .map(|(&d, &c)| {
                let danger = d as u64 + if c { s.rules.choke as u64 } else { 0 };
                (s.weight as u64 * danger).min(s.rules.max_penalty as u64) as u16
            });
        let penalty = Grid::from_vec(w, h, penalty.collect()).expect("one penalty a cell");
        Ok(Influence {
            weight: s.weight,
            rules: s.rules,
            danger: s.danger,
            choke: s.choke,
            penalty,
            dangerous: s.dangerous,
            changed: s.changed,
        })
    }

    /// The size of its grids (0 x 0 when danger is off).
    #[cfg(feature = "serde")]
    pub(crate) fn size(&self) -> (u32, u32) {
        (self.danger.width(), self.danger.height())
    }

    /// No danger anywhere on a `width` x `height` map, danger to come by
    /// `rules`; `weight` 0 turns the whole map off (nothing is recorded,
    /// every penalty stays 0).
    pub fn new(width: u32, height: u32, weight: u32, rules: DangerRules) -> Influence {
        let (w, h) = if weight == 0 { (0, 0) } else { (width, height) };
        Influence {
            weight,
            rules,
            danger: Grid::new(w, h, 0),
            choke: Grid::new(w, h, false),
            penalty: Grid::new(w, h, 0),
            dangerous: Vec::new(),
            changed: Vec::new(),
        }
    }

    /// The weight of danger in planning costs.
    pub fn weight(&self) -> u32 {
        self.weight
    }

    /// What decides this map's future, for hashing a game's state: danger
    /// per cell, chokepoints per cell (row-major), the cells with danger in
    /// the order decay visits them, and how many changes are undrained.
    /// (The penalties planners read are computed from these.)
    pub fn state(&self) -> (&[u16], &[bool], &[u32], usize) {
        (
            self.danger.cells(),
            self.choke.cells(),
            &self.dangerous,
            self.changed.len(),
        )
    }

    /// The extra entering cost factor of the cell at row-major `index`.
    #[inline(always)]
    pub fn penalty_at(&self, index: usize) -> Cost {
        self.penalty.cells().get(index).map_or(0, |&p| p as Cost)
    }

    /// The extra entering cost factor of `p`.
    pub fn penalty(&self, p: Pos) -> Cost {
        self.penalty.get(p).map_or(0, |&p| p as Cost)
    }

    /// Danger from deaths at `p`.
    pub fn danger(&self, p: Pos) -> u16 {
        self.danger.get(p).copied().unwrap_or(0)
    }

    /// True when `p` is a chokepoint as far as the faction knows.
    pub fn is_choke(&self, p: Pos) -> bool {
        self.choke.get(p).copied().unwrap_or(false)
    }

    /// A death at `at`: danger on it and around it.
    pub fn death(&mut self, at: Pos) {
        if self.weight == 0 {
            return;
        }
        // Only the cells of the square on the map are visited (in the
        // same row-major order), so a radius past the map costs what the
        // map does; the arithmetic is wide enough for any radius.
        if self.rules.death_radius < 0 {
            return;
        }
        let r = self.rules.death_radius as i64;
        let (w, h) = (self.danger.width() as i64, self.danger.height() as i64);
        let (ax, ay) = (at.x as i64, at.y as i64);
        for y in (ay - r).max(0)..=(ay + r).min(h - 1) {
            for x in (ax - r).max(0)..=(ax + r).min(w - 1) {
                let p = Pos::new(x as i32, y as i32);
                let Some(d) = self.danger.get_mut(p) else {
                    continue;
                };
                let dist = (x - ax).abs().max((y - ay).abs());
                let add = (self.rules.death as i64 * (r + 1 - dist) / (r + 1)) as u16;
                if *d == 0 {
                    self.dangerous.push(p.row_major(self.danger.width()) as u32);
                }
                let d = &mut self.danger[p];
                *d = d.saturating_add(add).min(self.rules.max_danger);
                self.refresh(p);
            }
        }
    }

    /// Halves all danger (how often is the caller's rule).
    pub fn decay(&mut self) {
        let w = self.danger.width().max(1);
        let cells = std::mem::take(&mut self.dangerous);
        for &i in &cells {
            let p = Pos::from_row_major(i as usize, w);
            self.danger[p] /= 2;
            self.refresh(p);
        }
        self.dangerous = cells
            .into_iter()
            .filter(|&i| self.danger.cells()[i as usize] > 0)
            .collect();
    }

    /// The faction's belief about `p` changed: re-judge the chokepoints at
    /// and around it. `passable(q)` says whether the faction thinks `q` can
    /// be walked (unknown cells count as walkable).
    pub fn beliefs_changed(&mut self, p: Pos, passable: impl Fn(Pos) -> bool) {
        if self.weight == 0 {
            return;
        }
        self.block_changed(p, walkable_block(p, passable));
    }

    /// [`Influence::beliefs_changed`] given the 5x5 block round `p` as
    /// [`walkable_block`] reads it.
    pub(crate) fn block_changed(&mut self, p: Pos, block: u32) {
        if self.weight == 0 {
            return;
        }
        for (dx, dy) in std::iter::once((0, 0)).chain(Dir::ALL.map(|d| d.delta())) {
            let q = Pos::new(p.x + dx, p.y + dy);
            let Some(&was) = self.choke.get(q) else {
                continue;
            };
            // `q`'s 3x3 neighbourhood, three bits a row off the block.
            let row = |ry: i32| (block >> block_bit(dx - 1, dy + ry)) & 0b111;
            let around = row(-1) | row(0) << 3 | row(1) << 6;
            let now = CHOKE[around as usize];
            if now != was {
                self.choke[q] = now;
                self.refresh(q);
            }
        }
    }

    /// Cells whose penalty changed since the last call, in order.
    pub fn drain_changes(&mut self) -> Vec<Pos> {
        std::mem::take(&mut self.changed)
    }

    fn refresh(&mut self, p: Pos) {
        let danger = self.danger[p] as u32
            + if self.choke[p] {
                self.rules.choke as u32
            } else {
                0
            };
        let penalty = (self.weight * danger).min(self.rules.max_penalty as u32) as u16;
        if self.penalty[p] != penalty {
            self.penalty[p] = penalty;
            self.changed.push(p);
        }
    }

    /// Bytes it holds: its grids (empty when danger is off) and lists.
    pub fn memory_bytes(&self) -> usize {
        use std::mem::{size_of, size_of_val};
        size_of_val(self.danger.cells())
            + size_of_val(self.choke.cells())
            + size_of_val(self.penalty.cells())
            + self.dangerous.capacity() * size_of::<u32>()
            + self.changed.capacity() * size_of::<Pos>()
    }
}

/// The ring of eight neighbours, in order round the circle (each one
/// straight step from the next).
const RING: [Dir; 8] = [
    Dir::N,
    Dir::NE,
    Dir::E,
    Dir::SE,
    Dir::S,
    Dir::SW,
    Dir::W,
    Dir::NW,
];

/// Whether the centre of a 3x3 neighbourhood is a chokepoint, for each
/// neighbourhood: bit `3 * (dy + 1) + (dx + 1)` set when the cell at
/// `(dx, dy)` is walkable. The centre must be walkable and its ring cut
/// ([`ring_is_cut`]). A table, so that judging a cell is three shifts and
/// a look, not a walk round its ring.
const CHOKE: [bool; 512] = {
    let mut table = [false; 512];
    let mut around = 0;
    while around < 512 {
        let mut ring = 0u8;
        let mut i = 0;
        while i < RING.len() {
            let (dx, dy) = RING[i].delta();
            ring |= (((around >> (3 * (dy + 1) + dx + 1)) & 1) as u8) << i;
            i += 1;
        }
        table[around] = (around >> 4) & 1 == 1 && ring_is_cut(ring);
        around += 1;
    }
    table
};

/// The 5x5 block round `p`, one bit a cell (bit [`block_bit`]), set when
/// `passable` says the cell can be walked: the nine cells judged when `p`
/// changes and their rings all lie in it, so it is read once (25 looks,
/// not 81).
pub(crate) fn walkable_block(p: Pos, passable: impl Fn(Pos) -> bool) -> u32 {
    let mut block = 0u32;
    for dy in -2..=2 {
        for dx in -2..=2 {
            if passable(Pos::new(p.x + dx, p.y + dy)) {
                block |= 1 << block_bit(dx, dy);
            }
        }
    }
    block
}

/// The bit of cell `(dx, dy)` (each in -2..=2) of a 5x5 block.
pub(crate) const fn block_bit(dx: i32, dy: i32) -> u32 {
    ((dy + 2) * 5 + dx + 2) as u32
}

/// True when the walkable cells around `p` fall into two or more groups
/// once `p` is taken away (looking no further than the ring of its eight
/// neighbours). Two cells next to each other on the ring are one straight
/// step apart, so they are joined when both are walkable; cells further
/// apart on the ring could only be joined through `p` (a diagonal between
/// them would cut `p`'s corner). So the groups are the runs of walkable
/// cells around the ring.
#[cfg(test)]
fn is_local_cut(p: Pos, passable: &impl Fn(Pos) -> bool) -> bool {
    let ring = RING.iter().enumerate().fold(0u8, |ring, (i, &d)| {
        ring | u8::from(passable(p.step(d))) << i
    });
    ring_is_cut(ring)
}

/// `is_local_cut` on the ring's walkable cells, bit `i` for `RING[i]`:
/// two or more starts of walkable runs round the circle (a walkable cell
/// whose predecessor is not).
const fn ring_is_cut(ring: u8) -> bool {
    (ring & !ring.rotate_left(1)).count_ones() >= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::Labelled;

    const RULES: DangerRules = DangerRules {
        death: 20,
        death_radius: 3,
        choke: 1,
        max_penalty: 200,
        max_danger: 1000,
    };

    fn chokes(text: &str) -> Vec<Pos> {
        let a = Labelled::parse(text);
        let passable = |q: Pos| a.is_passable(q);
        a.positions()
            .filter(|&q| passable(q) && is_local_cut(q, &passable))
            .collect()
    }

    #[test]
    fn corridors_and_doorways_are_chokepoints_open_floor_is_not() {
        let found = chokes(
            "
            #########
            #...#...#
            #.......#
            #...#...#
            #########",
        );
        // The gap, and the cell each side of it: without corner cutting,
        // the gap can be entered only straight from them.
        assert_eq!(found, vec![Pos::new(3, 2), Pos::new(4, 2), Pos::new(5, 2)]);
        let corridor = chokes("#####\n#...#\n#####");
        assert_eq!(corridor, vec![Pos::new(2, 1)], "the middle of a corridor");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Chokepoints kept up to date cell by cell, as walls are learnt
        /// and cells reopen, are the chokepoints judged afresh on the
        /// whole map after every change (edges included). From 2x2 up: a
        /// blank map that size has no chokepoints, which is where an
        /// influence starts (a map one cell wide would have some).
        #[test]
        fn chokepoints_kept_up_to_date_equal_chokepoints_judged_afresh(
            (w, h) in (2u32..9, 2u32..9),
            changes in proptest::collection::vec((0usize..81, proptest::bool::weighted(0.7)), 1..40),
        ) {
            let mut open = vec![true; (w * h) as usize];
            let mut inf = Influence::new(w, h, 1, RULES);
            for (i, wall) in changes {
                let i = i % open.len();
                let p = Pos::from_row_major(i, w);
                open[i] = !wall;
                let passable = |q: Pos| {
                    q.x >= 0 && q.y >= 0 && (q.x as u32) < w && (q.y as u32) < h
                        && open[q.row_major(w)]
                };
                inf.beliefs_changed(p, passable);
                for q in (0..open.len()).map(|j| Pos::from_row_major(j, w)) {
                    proptest::prop_assert_eq!(
                        inf.is_choke(q),
                        passable(q) && is_local_cut(q, &passable),
                        "{:?}", q
                    );
                }
            }
        }
    }

    #[test]
    fn deaths_spread_danger_that_decays_and_penalties_are_capped() {
        let mut inf = Influence::new(9, 9, 1, RULES);
        inf.death(Pos::new(4, 4));
        assert_eq!(inf.danger(Pos::new(4, 4)), RULES.death);
        assert_eq!(inf.danger(Pos::new(6, 4)), RULES.death / 2);
        assert_eq!(inf.danger(Pos::new(8, 4)), 0);
        assert_eq!(inf.penalty(Pos::new(4, 4)), 2 * 10);
        assert_eq!(inf.drain_changes().len(), 49);
        for _ in 0..100 {
            inf.death(Pos::new(4, 4));
        }
        assert_eq!(inf.penalty(Pos::new(4, 4)), RULES.max_penalty as Cost);
        for _ in 0..20 {
            inf.decay();
        }
        assert_eq!(inf.danger(Pos::new(4, 4)), 0);
        assert_eq!(inf.penalty(Pos::new(4, 4)), 0);
        let mut off = Influence::new(9, 9, 0, RULES);
        off.death(Pos::new(4, 4));
        assert_eq!(off.penalty(Pos::new(4, 4)), 0);
        assert!(off.drain_changes().is_empty());
    }

    /// A death with a radius far past the map (i32::MAX) used to loop
    /// over (2R + 1)² cells (and overflow `R + 1`): now it visits the
    /// map's cells only, at once, each given the falloff's exact share
    /// (computed here in i128), and a negative radius leaves nothing.
    #[test]
    fn a_death_radius_past_the_map_costs_the_map_and_keeps_its_falloff() {
        let (w, h) = (9u32, 7u32);
        let death = 1000u16;
        let rules = DangerRules {
            death,
            death_radius: i32::MAX,
            max_danger: u16::MAX,
            ..RULES
        };
        let mut inf = Influence::new(w, h, 1, rules);
        let at = Pos::new(2, 5);
        let clock = std::time::Instant::now();
        inf.death(at);
        assert!(clock.elapsed().as_secs() < 5, "{:?}", clock.elapsed());
        let r = i32::MAX as i128;
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                let d = ((x - at.x).abs().max((y - at.y).abs())) as i128;
                let want = (death as i128 * (r + 1 - d) / (r + 1)) as u16;
                assert_eq!(inf.danger(Pos::new(x, y)), want, "({x}, {y})");
            }
        }
        let mut none = Influence::new(
            w,
            h,
            1,
            DangerRules {
                death_radius: -1,
                ..rules
            },
        );
        none.death(at);
        assert_eq!(none.danger(at), 0);
    }
}
