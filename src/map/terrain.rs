//! Terrain kinds, what entering each costs, and [`TerrainMap`], the true map
//! of a level (a cost map through [`crate::path`], which implements
//! `CostMap` for it: the map layer knows nothing of searching). Costs are integer factors of the base step
//! costs in [`crate::map::cost`], so a swamp step is simply dearer than a floor
//! step, diagonal or not.

use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::map::grid::Grid;

/// What a cell is made of.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Terrain {
    /// Bare dungeon floor: the reference cost.
    Floor,
    /// A paved road.
    Road,
    /// Fallen stone to clamber over.
    Rubble,
    /// Sucking mud.
    Swamp,
    /// Knee-deep water.
    ShallowWater,
    /// A closed door: nobody sees through it. Walking into it opens it
    /// (a turn), for those who can open doors; to the rest it is a wall.
    Door,
    /// Solid rock: impassable.
    Wall,
    /// An open door: passable and seen through, like floor; the player
    /// can close it. (Last, so the older kinds keep their bytes.)
    OpenDoor,
}

/// Factor of the base step cost for entering floor. Ten, not one, so that
/// terrain cheaper than floor (roads) still has an integer factor.
pub const FLOOR_COST: Cost = 10;
/// Roads cost 0.7 of floor: a road is worth a detour of up to about 40% of
/// the straight distance, which is what makes "road around the swamp" a real
/// choice rather than always or never.
pub const ROAD_COST: Cost = 7;
/// Rubble costs twice floor: slow enough to steer around, cheap enough that
/// a short pile is crossed rather than walking around a whole room.
pub const RUBBLE_COST: Cost = 20;
/// Swamp costs three times floor: a monster skirts a swamp unless going
/// round is more than three times as long.
pub const SWAMP_COST: Cost = 30;
/// Shallow water costs four times floor: the dearest passable ground, so
/// water is crossed only where there is no reasonable way round.
pub const SHALLOW_WATER_COST: Cost = 40;
/// A closed door costs what the time to pass it does: a turn to open it
/// and then a floor step in (see `sim::Game`'s rules), twice floor. An
/// open door costs floor.
pub const DOOR_COST: Cost = 20;

impl Terrain {
    /// Every kind, in declaration order.
    pub const ALL: [Terrain; 8] = [
        Terrain::Floor,
        Terrain::Road,
        Terrain::Rubble,
        Terrain::Swamp,
        Terrain::ShallowWater,
        Terrain::Door,
        Terrain::Wall,
        Terrain::OpenDoor,
    ];

    /// The factor of the base step cost for entering this terrain, or `None`
    /// when it cannot be entered.
    #[inline]
    pub const fn enter_cost(self) -> Option<Cost> {
        match self {
            Terrain::Floor => Some(FLOOR_COST),
            Terrain::Road => Some(ROAD_COST),
            Terrain::Rubble => Some(RUBBLE_COST),
            Terrain::Swamp => Some(SWAMP_COST),
            Terrain::ShallowWater => Some(SHALLOW_WATER_COST),
            Terrain::Door => Some(DOOR_COST),
            Terrain::Wall => None,
            Terrain::OpenDoor => Some(FLOOR_COST),
        }
    }

    /// True when a unit can stand here.
    #[inline]
    pub const fn is_passable(self) -> bool {
        self.enter_cost().is_some()
    }

    /// True when it blocks sight: walls and (closed) doors.
    #[inline]
    pub const fn is_opaque(self) -> bool {
        matches!(self, Terrain::Wall | Terrain::Door)
    }

    /// The character a level file and the headless views use.
    pub const fn glyph(self) -> char {
        match self {
            Terrain::Floor => '.',
            Terrain::Road => '=',
            Terrain::Rubble => ':',
            Terrain::Swamp => ',',
            Terrain::ShallowWater => '~',
            Terrain::Door => '+',
            Terrain::Wall => '#',
            Terrain::OpenDoor => '\'',
        }
    }

    /// The terrain's name, as a sentence says it ("a step into the
    /// swamp", "the dart hits a closed door").
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Floor => "floor",
            Terrain::Road => "road",
            Terrain::Rubble => "rubble",
            Terrain::Swamp => "swamp",
            Terrain::ShallowWater => "shallow water",
            Terrain::Door => "a closed door",
            Terrain::Wall => "wall",
            Terrain::OpenDoor => "an open door",
        }
    }

    /// The terrain a glyph stands for.
    pub fn from_glyph(c: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.glyph() == c)
    }
}

/// An error in an ASCII map.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AsciiError {
    #[error("line {line}: row is {found} cells wide, expected {expected}")]
    Ragged {
        line: usize,
        found: usize,
        expected: usize,
    },
    #[error("line {line}, column {column}: unknown glyph {glyph:?}")]
    UnknownGlyph {
        line: usize,
        column: usize,
        glyph: char,
    },
    #[error("the map has no cells")]
    Empty,
    #[error("the map is larger than {max}x{max}")]
    TooLarge { max: u32 },
}

/// Largest side of a map built from text.
pub const MAX_SIDE: u32 = 4096;

/// The true terrain of a level, readable by the searches.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TerrainMap {
    cells: Grid<Terrain>,
    /// Smallest enter cost of any passable cell ever placed: a lower bound
    /// for the heuristic. Lowered on every write, never raised, so it stays
    /// admissible without a rescan.
    cheapest: Cost,
}

impl TerrainMap {
    /// A map of one terrain.
    pub fn filled(width: u32, height: u32, terrain: Terrain) -> TerrainMap {
        TerrainMap::from_grid(Grid::new(width, height, terrain))
    }

    /// A map from a grid of terrain.
    pub fn from_grid(cells: Grid<Terrain>) -> TerrainMap {
        let cheapest = cells
            .cells()
            .iter()
            .filter_map(|t| t.enter_cost())
            .min()
            .unwrap_or(FLOOR_COST);
        TerrainMap { cells, cheapest }
    }

    /// A map from rows of terrain glyphs (see [`Terrain::glyph`]).
    ///
    /// ```
    /// use darkstar::map::terrain::{Terrain, TerrainMap};
    /// use darkstar::map::geom::Pos;
    /// let map = TerrainMap::from_ascii("#.=\n,~:").unwrap();
    /// assert_eq!(map.get(Pos::new(2, 0)), Some(Terrain::Road));
    /// assert!(TerrainMap::from_ascii("#.\n#").is_err());
    /// ```
    pub fn from_ascii(text: &str) -> Result<TerrainMap, AsciiError> {
        AsciiMap::parse(text).and_then(|a| match a.labels.first() {
            Some(&(glyph, p)) => Err(AsciiError::UnknownGlyph {
                line: p.y as usize + 1,
                column: p.x as usize + 1,
                glyph,
            }),
            None => Ok(a.map),
        })
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.cells.width()
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.cells.height()
    }

    /// The terrain at `p`, if on the map.
    #[inline]
    pub fn get(&self, p: Pos) -> Option<Terrain> {
        self.cells.get(p).copied()
    }

    /// Changes the terrain at `p` (ignored off the map).
    pub fn set(&mut self, p: Pos, terrain: Terrain) {
        if let Some(cell) = self.cells.get_mut(p) {
            *cell = terrain;
            if let Some(c) = terrain.enter_cost() {
                self.cheapest = self.cheapest.min(c);
            }
        }
    }

    /// The terrain grid.
    pub fn grid(&self) -> &Grid<Terrain> {
        &self.cells
    }

    /// The smallest enter cost of any passable cell ever placed: a lower
    /// bound for heuristics.
    #[inline]
    pub fn cheapest_enter_cost(&self) -> Cost {
        self.cheapest
    }

    /// True when `p` is on the map and passable.
    #[inline]
    pub fn is_passable(&self, p: Pos) -> bool {
        self.get(p).is_some_and(Terrain::is_passable)
    }

    /// True when `p` blocks sight (off the map counts as opaque).
    pub fn is_opaque(&self, p: Pos) -> bool {
        self.get(p).is_none_or(Terrain::is_opaque)
    }

    /// The map as rows of glyphs.
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity(self.cells.len() + self.height() as usize);
        for y in 0..self.height() as i32 {
            for x in 0..self.width() as i32 {
                out.push(self.cells[Pos::new(x, y)].glyph());
            }
            out.push('\n');
        }
        out
    }
}

/// An ASCII map for tests and small fixtures: terrain glyphs, plus labels
/// (`@`, digits, letters) that stand on floor and mark positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsciiMap {
    pub map: TerrainMap,
    /// Labels in reading order.
    pub labels: Vec<(char, Pos)>,
}

impl AsciiMap {
    /// Parses rows of glyphs; blank leading and trailing lines and common
    /// indentation are ignored, so fixtures can be indented in source.
    ///
    /// ```
    /// use darkstar::map::terrain::AsciiMap;
    /// use darkstar::map::geom::Pos;
    /// let a = AsciiMap::parse("#####\n#@.1#\n#####").unwrap();
    /// assert_eq!(a.label('@'), Some(Pos::new(1, 1)));
    /// assert_eq!(a.label('1'), Some(Pos::new(3, 1)));
    /// ```
    pub fn parse(text: &str) -> Result<AsciiMap, AsciiError> {
        let rows: Vec<&str> = text.lines().map(str::trim_end).collect();
        let first = rows.iter().position(|r| !r.trim().is_empty());
        let last = rows.iter().rposition(|r| !r.trim().is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(AsciiError::Empty);
        };
        let rows = &rows[first..=last];
        let indent = rows
            .iter()
            .map(|r| r.len() - r.trim_start().len())
            .min()
            .unwrap_or(0);
        let expected = rows[0].get(indent..).unwrap_or("").chars().count();
        if expected > MAX_SIDE as usize || rows.len() > MAX_SIDE as usize {
            return Err(AsciiError::TooLarge { max: MAX_SIDE });
        }
        let mut cells = Vec::with_capacity(expected * rows.len());
        let mut labels = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            let line = first + y + 1;
            let row = row.get(indent..).unwrap_or("");
            let found = row.chars().count();
            if found != expected {
                return Err(AsciiError::Ragged {
                    line,
                    found,
                    expected,
                });
            }
            for (x, c) in row.chars().enumerate() {
                let t = match Terrain::from_glyph(c) {
                    Some(t) => t,
                    None if c == '@' || c.is_ascii_alphanumeric() => {
                        labels.push((c, Pos::new(x as i32, y as i32)));
                        Terrain::Floor
                    }
                    None => {
                        return Err(AsciiError::UnknownGlyph {
                            line,
                            column: indent + x + 1,
                            glyph: c,
                        });
                    }
                };
                cells.push(t);
            }
        }
        let grid =
            Grid::from_vec(expected as u32, rows.len() as u32, cells).ok_or(AsciiError::Empty)?;
        if grid.is_empty() {
            return Err(AsciiError::Empty);
        }
        Ok(AsciiMap {
            map: TerrainMap::from_grid(grid),
            labels,
        })
    }

    /// The first position labelled `c`.
    pub fn label(&self, c: char) -> Option<Pos> {
        self.labels.iter().find(|l| l.0 == c).map(|l| l.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_round_trip() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_glyph(t.glyph()), Some(t));
        }
        let text = "#.=\n,~:\n";
        assert_eq!(TerrainMap::from_ascii(text).unwrap().to_ascii(), text);
    }

    #[test]
    fn road_is_the_cheapest_and_walls_impassable() {
        let passable: Vec<Cost> = Terrain::ALL.iter().filter_map(|t| t.enter_cost()).collect();
        assert_eq!(passable.iter().min(), Some(&ROAD_COST));
        assert!(!Terrain::Wall.is_passable());
    }

    #[test]
    fn heuristic_bound_follows_the_cheapest_terrain_placed() {
        let mut m = TerrainMap::filled(3, 3, Terrain::Swamp);
        assert_eq!(m.cheapest_enter_cost(), SWAMP_COST);
        m.set(Pos::new(1, 1), Terrain::Road);
        assert_eq!(m.cheapest_enter_cost(), ROAD_COST);
    }

    #[test]
    fn ascii_errors_name_line_and_column() {
        assert_eq!(
            TerrainMap::from_ascii("..\n.?"),
            Err(AsciiError::UnknownGlyph {
                line: 2,
                column: 2,
                glyph: '?'
            })
        );
        assert_eq!(
            TerrainMap::from_ascii("..\n."),
            Err(AsciiError::Ragged {
                line: 2,
                found: 1,
                expected: 2
            })
        );
        assert_eq!(TerrainMap::from_ascii("\n  \n"), Err(AsciiError::Empty));
        let indented = AsciiMap::parse("\n    ##\n    @.\n").unwrap();
        assert_eq!(indented.label('@'), Some(Pos::new(0, 1)));
    }
}
