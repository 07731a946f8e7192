//! The Moving AI `.map` format and its movement rule as a [`CostMap`].

use std::path::Path;

use super::{MovingAiError, read_limited};
use crate::map::cost::{Cost, StepCosts};
use crate::map::geom::Pos;
use crate::map::grid::Grid;
use crate::map::terrain::{Terrain, TerrainMap};
use crate::path::{CostMap, Step};

/// Largest width or height accepted, checked before allocating the grid.
pub const MAX_SIDE: u32 = 4096;
/// Largest `.map` file read: a full 4096x4096 map with CRLF line ends and
/// room for a header.
pub const MAX_MAP_BYTES: u64 = (MAX_SIDE as u64 + 2) * MAX_SIDE as u64 + 4096;

/// A Moving AI terrain character.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// `.` or `G`: passable ground.
    Ground,
    /// `S`: swamp, passable ground.
    Swamp,
    /// `W`: water, only crossed from water.
    Water,
    /// `T`: trees, impassable.
    Trees,
    /// `@` or `O`: out of bounds, impassable.
    OutOfBounds,
}

impl Tile {
    /// The tile a map character stands for.
    pub fn from_char(c: char) -> Option<Tile> {
        Some(match c {
            '.' | 'G' => Tile::Ground,
            'S' => Tile::Swamp,
            'W' => Tile::Water,
            'T' => Tile::Trees,
            '@' | 'O' => Tile::OutOfBounds,
            _ => return None,
        })
    }

    /// Which cells a unit may move between: a step is legal only between two
    /// tiles of the same non-zero class (ground and swamp are one class,
    /// water another), the rule of the benchmarks' reference code.
    #[inline]
    pub const fn class(self) -> u8 {
        match self {
            Tile::Ground | Tile::Swamp => 1,
            Tile::Water => 2,
            Tile::Trees | Tile::OutOfBounds => 0,
        }
    }

    /// True for tiles a unit can stand on.
    pub const fn is_passable(self) -> bool {
        self.class() != 0
    }
}

/// A Moving AI map. As a [`CostMap`] it uses the benchmarks' costs: a
/// straight step costs [`STRAIGHT`](crate::map::cost::STRAIGHT), a diagonal
/// [`DIAGONAL`](crate::map::cost::DIAGONAL) (sqrt(2) to 1.6e-12), and the
/// searches forbid corner cutting, as the benchmarks do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovingAiMap {
    tiles: Grid<Tile>,
    /// [`Tile::class`] of every cell, row-major: the one byte a search
    /// reads per step.
    classes: Vec<u8>,
}

impl MovingAiMap {
    /// Reads and parses a `.map` file.
    pub fn load(path: &Path) -> Result<MovingAiMap, MovingAiError> {
        let text = read_limited(path, MAX_MAP_BYTES)?;
        MovingAiMap::parse(&text, path)
    }

    /// The width and height a `.map`'s header declares, read without
    /// reading its grid (to weigh a game before allocating it).
    ///
    /// ```
    /// use darkstar::content::movingai::MovingAiMap;
    /// let text = "type octile\nwidth 4096\nheight 100\nmap\n";
    /// assert_eq!(MovingAiMap::size(text, "m.map".as_ref()).unwrap(), (4096, 100));
    /// ```
    pub fn size(text: &str, path: &Path) -> Result<(u32, u32), MovingAiError> {
        let (total_lines, mut lines) = numbered_lines(text);
        let (width, height, _) = read_header(&mut lines, total_lines, path)?;
        Ok((width, height))
    }

    /// Parses `.map` text; `path` only names the source in errors.
    ///
    /// ```
    /// use darkstar::content::movingai::{MovingAiMap, Tile};
    /// use darkstar::map::geom::Pos;
    /// let text = "type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n..T\r\n@.G\r\n";
    /// let map = MovingAiMap::parse(text, "tiny.map".as_ref()).unwrap();
    /// assert_eq!(map.tile(Pos::new(2, 0)), Some(Tile::Trees));
    /// let err = MovingAiMap::parse("type octile\nheight 1\nwidth 2\nmap\n.x\n", "bad.map".as_ref());
    /// assert_eq!(err.unwrap_err().to_string(), "bad.map:5: column 2: unknown terrain 'x'");
    /// ```
    pub fn parse(text: &str, path: &Path) -> Result<MovingAiMap, MovingAiError> {
        let err = |line: usize, message: String| MovingAiError::parse(path, line, message);
        let (total_lines, mut lines) = numbered_lines(text);
        let (width, height, n) = read_header(&mut lines, total_lines, path)?;
        let mut tiles = Vec::with_capacity(width as usize * height as usize);
        let mut last_line = n;
        for row in 0..height {
            // The file ends here, perhaps after blank lines: too few rows
            // (not a row of the wrong width).
            let too_few = |n: usize| {
                let rows = if row == 1 { "row" } else { "rows" };
                err(
                    n,
                    format!("the header says height {height} but the file has only {row} {rows}"),
                )
            };
            let Some((n, line)) = lines.next() else {
                return Err(too_few(last_line + 1));
            };
            if line.trim().is_empty() && lines.clone().all(|(_, l)| l.trim().is_empty()) {
                return Err(too_few(n));
            }
            last_line = n;
            let mut count = 0;
            for (col, c) in line.chars().enumerate() {
                if col as u32 >= width {
                    return Err(err(n, format!("row is longer than the width {width}")));
                }
                let tile = Tile::from_char(c)
                    .ok_or_else(|| err(n, format!("column {}: unknown terrain {c:?}", col + 1)))?;
                tiles.push(tile);
                count += 1;
            }
            if count != width {
                return Err(err(
                    n,
                    format!("row has {count} cells, expected the width {width}"),
                ));
            }
        }
        if let Some((n, _)) = lines.find(|(_, l)| !l.trim().is_empty()) {
            return Err(err(n, format!("text after the {height} rows of the map")));
        }
        let tiles = Grid::from_vec(width, height, tiles)
            .ok_or_else(|| err(last_line, "map size does not match its rows".into()))?;
        let classes = tiles.cells().iter().map(|t| t.class()).collect();
        Ok(MovingAiMap { tiles, classes })
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.tiles.width()
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.tiles.height()
    }

    /// The tile at `p`, if on the map.
    pub fn tile(&self, p: Pos) -> Option<Tile> {
        self.tiles.get(p).copied()
    }

    /// True when `p` is on the map and a unit can stand there.
    pub fn is_passable(&self, p: Pos) -> bool {
        self.tile(p).is_some_and(Tile::is_passable)
    }

    /// The map as a level's terrain: ground is floor, swamp is swamp, water
    /// is shallow water, trees and out-of-bounds are wall. (The game lets
    /// units wade from ground into shallow water, unlike the benchmarks.)
    pub fn to_terrain_map(&self) -> TerrainMap {
        TerrainMap::from_grid(self.tiles.map(|t| match t {
            Tile::Ground => Terrain::Floor,
            Tile::Swamp => Terrain::Swamp,
            Tile::Water => Terrain::ShallowWater,
            Tile::Trees | Tile::OutOfBounds => Terrain::Wall,
        }))
    }
}

/// The lines of `.map` text, numbered from 1, line ends (`\n` or `\r\n`)
/// stripped, and how many there are. A byte-order mark (Windows editors
/// write one) is not part of the text.
fn numbered_lines(text: &str) -> (usize, impl Iterator<Item = (usize, &str)> + Clone) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l));
    (text.split('\n').count(), lines)
}

/// Reads the four header lines of a `.map` (`type octile`, `height N` and
/// `width N` in either order, `map`) from `lines` (1-based numbers, line
/// ends stripped): the width, the height and the `map` line's number.
fn read_header<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    total_lines: usize,
    path: &Path,
) -> Result<(u32, u32, usize), MovingAiError> {
    let err = |line: usize, message: String| MovingAiError::parse(path, line, message);
    let mut next_header = |what: &str| -> Result<(usize, Vec<&str>), MovingAiError> {
        match lines.next() {
            Some((n, l)) => Ok((n, l.split_whitespace().collect())),
            None => Err(err(
                total_lines,
                format!("file ends before the {what} line"),
            )),
        }
    };
    let (n, words) = next_header("type")?;
    if words != ["type", "octile"] {
        return Err(err(n, "expected 'type octile'".into()));
    }
    let (mut width, mut height) = (None, None);
    for _ in 0..2 {
        let (n, words) = next_header("size")?;
        let (slot, key) = match words.first() {
            Some(&"width") => (&mut width, "width"),
            Some(&"height") => (&mut height, "height"),
            _ => return Err(err(n, "expected 'height N' or 'width N'".into())),
        };
        if slot.is_some() {
            return Err(err(n, format!("'{key}' given twice")));
        }
        let value = match words.as_slice() {
            [_, v] => v.parse::<u32>().ok(),
            _ => None,
        };
        match value {
            Some(v) if (1..=MAX_SIDE).contains(&v) => *slot = Some(v),
            _ => {
                return Err(err(
                    n,
                    format!("expected '{key} N' with N from 1 to {MAX_SIDE}"),
                ));
            }
        }
    }
    let (n, words) = next_header("map")?;
    if words != ["map"] {
        return Err(err(n, "expected 'map'".into()));
    }
    Ok((width.unwrap_or(0), height.unwrap_or(0), n))
}

impl CostMap for MovingAiMap {
    #[inline]
    fn width(&self) -> u32 {
        self.tiles.width()
    }
    #[inline]
    fn height(&self) -> u32 {
        self.tiles.height()
    }
    #[inline]
    fn step_cost(&self, step: Step) -> Option<Cost> {
        let class = self.classes[step.to_index];
        if class == 0 || class != self.classes[step.from_index] {
            return None;
        }
        Some(StepCosts::UNIT.for_dir(step.dir))
    }
    #[inline]
    fn cheapest_steps(&self) -> StepCosts {
        StepCosts::UNIT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::cost::STRAIGHT;
    use crate::map::geom::Dir;
    use crate::path::{Connectivity, step};

    fn parse(text: &str) -> Result<MovingAiMap, MovingAiError> {
        MovingAiMap::parse(text, Path::new("t.map"))
    }

    fn line_of(text: &str) -> Option<usize> {
        parse(text).unwrap_err().line()
    }

    #[test]
    fn header_order_and_crlf_are_accepted() {
        let m = parse("type octile\r\nwidth 2\r\nheight 1\r\nmap\r\nSW\r\n\r\n").unwrap();
        assert_eq!((m.width(), m.height()), (2, 1));
        assert_eq!(m.tile(Pos::new(1, 0)), Some(Tile::Water));
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(line_of("type tile\nheight 1\nwidth 1\nmap\n.\n"), Some(1));
        assert_eq!(line_of("type octile\nheight x\nwidth 1\nmap\n.\n"), Some(2));
        assert_eq!(
            line_of("type octile\nheight 1\nheight 1\nmap\n.\n"),
            Some(3)
        );
        assert_eq!(line_of("type octile\nheight 1\nwidth 1\nmop\n.\n"), Some(4));
        assert_eq!(
            line_of("type octile\nheight 2\nwidth 2\nmap\n..\n.\n"),
            Some(6)
        );
        assert_eq!(
            line_of("type octile\nheight 2\nwidth 2\nmap\n..\n"),
            Some(6)
        );
        assert_eq!(
            line_of("type octile\nheight 1\nwidth 2\nmap\n...\n"),
            Some(5)
        );
        assert_eq!(
            line_of("type octile\nheight 1\nwidth 1\nmap\n.\n.\n"),
            Some(6)
        );
        assert_eq!(
            line_of("type octile\nheight 99999\nwidth 1\nmap\n"),
            Some(2)
        );
        assert_eq!(line_of("type octile\nheight 0\nwidth 1\nmap\n"), Some(2));
        assert_eq!(line_of(""), Some(1));
    }

    #[test]
    fn ground_and_water_do_not_mix() {
        let m = parse("type octile\nheight 1\nwidth 4\nmap\n.SWW\n").unwrap();
        let cost = |a: i32| step(&m, Pos::new(a, 0), Dir::E, Connectivity::Eight).map(|s| s.1);
        assert_eq!(cost(0), Some(STRAIGHT), "ground to swamp");
        assert_eq!(cost(1), None, "swamp to water");
        assert_eq!(cost(2), Some(STRAIGHT), "water to water");
    }
}
