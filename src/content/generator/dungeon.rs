//! The dungeon generator: rooms joined by corridors (some of them roads),
//! corridors that lead nowhere (the dead ends fog-of-war monsters must
//! discover), doors, a cellular-automaton cave, and swamp, shallow water
//! and rubble laid over the floor by fractal Perlin noise. Monsters start
//! together at one end and their goal is the floor cell farthest from
//! them, in the same connected area, so every goal can be reached on the
//! true map.
//!
//! Everything random comes from one ChaCha8 RNG seeded from the seed (the
//! noise is seeded from it too, and its octaves are summed here with plain
//! f64 arithmetic, which is the same on every IEEE machine), so a seed and
//! parameters give the same level everywhere; `tests/golden/seed_catalog.txt`
//! holds the hashes of seeds 1 to 25 to prove it.

use noise::{NoiseFn, Perlin};
use rand::RngExt;

use super::{maze, populate};
use crate::content::level::Level;
use crate::map::geom::Pos;
use crate::map::grid::Grid;
use crate::map::terrain::{Terrain, TerrainMap};
use crate::path::{Connectivity, DistanceMap, Islands};
use crate::rng::{SimRng, sim_rng};

/// Smallest generated width.
pub const MIN_WIDTH: u32 = 40;
/// Smallest generated height.
pub const MIN_HEIGHT: u32 = 20;
/// Largest generated side.
pub const MAX_GEN_SIDE: u32 = 1024;

/// What kind of level to make.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// Rooms and corridors, dead ends, doors, one cave, terrain patches.
    Dungeon,
    /// One big cave, with terrain patches.
    Cave,
    /// A perfect maze: nothing but corridors and dead ends.
    Maze,
}

impl Style {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Style::Dungeon => "dungeon",
            Style::Cave => "cave",
            Style::Maze => "maze",
        }
    }

    /// The style named `name`.
    pub fn from_name(name: &str) -> Option<Style> {
        [Style::Dungeon, Style::Cave, Style::Maze]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// Generator parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GenParams {
    /// Clamped to [`MIN_WIDTH`]..=[`MAX_GEN_SIDE`].
    pub width: u32,
    /// Clamped to [`MIN_HEIGHT`]..=[`MAX_GEN_SIDE`].
    pub height: u32,
    pub style: Style,
    /// Monsters of each of the three factions.
    pub monsters_per_faction: usize,
}

impl Default for GenParams {
    fn default() -> Self {
        GenParams {
            width: 80,
            height: 40,
            style: Style::Dungeon,
            monsters_per_faction: 3,
        }
    }
}

/// A level from `params` and `seed`; the same on every machine.
///
/// ```
/// use darkstar::content::generator::{GenParams, generate};
/// let level = generate(&GenParams::default(), 42);
/// assert_eq!((level.terrain.width(), level.terrain.height()), (80, 40));
/// assert_eq!(level, generate(&GenParams::default(), 42));
/// ```
pub fn generate(params: &GenParams, seed: u64) -> Level {
    let width = params.width.clamp(MIN_WIDTH, MAX_GEN_SIDE);
    let height = params.height.clamp(MIN_HEIGHT, MAX_GEN_SIDE);
    let mut rng = sim_rng(seed);
    let (grid, start) = match params.style {
        Style::Dungeon => dungeon(width, height, &mut rng),
        Style::Cave => {
            let mut grid = Grid::new(width, height, Terrain::Wall);
            cave(
                &mut grid,
                1,
                1,
                width as i32 - 2,
                height as i32 - 2,
                &mut rng,
            );
            let start = first_floor(&grid, 0);
            (grid, start)
        }
        Style::Maze => {
            let m = maze(width, height, &mut rng);
            (m.grid().clone(), Pos::new(1, 1))
        }
    };
    let mut grid = grid;
    if params.style != Style::Maze {
        overlay_terrain(&mut grid, &mut rng);
    }
    let terrain = keep_main_area(grid, start);
    let per = params.monsters_per_faction.max(1);
    let name = format!("{}-{seed}", params.style.name());
    let description = format!(
        "A {width}x{height} {} from seed {seed}.",
        params.style.name()
    );
    place(terrain, start, per, &mut rng, name, description)
}

/// Rooms, corridors, dead ends, doors and a cave; returns the grid and a
/// cell of the first room (where the monsters will start).
fn dungeon(width: u32, height: u32, rng: &mut SimRng) -> (Grid<Terrain>, Pos) {
    let mut grid = Grid::new(width, height, Terrain::Wall);
    let (w, h) = (width as i32, height as i32);
    let area = (w * h) as usize;
    let mut rooms: Vec<Room> = Vec::new();
    let wanted = (area / 180).max(4);
    for _ in 0..wanted * 8 {
        if rooms.len() == wanted {
            break;
        }
        let rw = rng.random_range(4..=(w / 5).clamp(5, 14));
        let rh = rng.random_range(3..=(h / 4).clamp(4, 8));
        let x = rng.random_range(1..w - rw - 1);
        let y = rng.random_range(1..h - rh - 1);
        let room = Room { x, y, w: rw, h: rh };
        if rooms.iter().any(|r| r.overlaps(&room, 2)) {
            continue;
        }
        room.carve(&mut grid);
        rooms.push(room);
    }
    // Join each room to the one placed before it (a spanning tree), a third
    // of those corridors paved as roads, plus a few loops.
    for i in 1..rooms.len() {
        let paving = if i % 3 == 1 {
            Terrain::Road
        } else {
            Terrain::Floor
        };
        corridor(
            &mut grid,
            rooms[i - 1].centre(),
            rooms[i].centre(),
            paving,
            rng,
        );
    }
    for _ in 0..rooms.len() / 4 {
        let a = rng.random_range(0..rooms.len());
        let b = rng.random_range(0..rooms.len());
        if a != b {
            corridor(
                &mut grid,
                rooms[a].centre(),
                rooms[b].centre(),
                Terrain::Floor,
                rng,
            );
        }
    }
    // A cave in a corner region, joined to the nearest room.
    if w >= 60 && h >= 30 {
        let (cw, ch) = (w / 3, h / 2);
        let cx = if rng.random_range(0..2) == 0 {
            1
        } else {
            w - cw - 1
        };
        let cy = if rng.random_range(0..2) == 0 {
            1
        } else {
            h - ch - 1
        };
        cave(&mut grid, cx, cy, cw, ch, rng);
        let centre = Pos::new(cx + cw / 2, cy + ch / 2);
        let cave_cell = nearest_floor(&grid, centre, cx, cy, cw, ch);
        if let (Some(c), Some(room)) = (
            cave_cell,
            rooms.iter().min_by_key(|r| {
                let (dx, dy) = r.centre().abs_delta(centre);
                dx + dy
            }),
        ) {
            corridor(&mut grid, c, room.centre(), Terrain::Floor, rng);
        }
    }
    for _ in 0..rooms.len() + 2 {
        dead_end(&mut grid, rng);
    }
    for room in &rooms {
        doors(&mut grid, room, rng);
    }
    let start = rooms
        .first()
        .map_or_else(|| first_floor(&grid, 0), Room::centre);
    (grid, start)
}

#[derive(Copy, Clone, Debug)]
struct Room {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

impl Room {
    fn overlaps(&self, o: &Room, margin: i32) -> bool {
        self.x - margin < o.x + o.w
            && o.x - margin < self.x + self.w
            && self.y - margin < o.y + o.h
            && o.y - margin < self.y + self.h
    }
    fn centre(&self) -> Pos {
        Pos::new(self.x + self.w / 2, self.y + self.h / 2)
    }
    fn carve(&self, grid: &mut Grid<Terrain>) {
        for y in self.y..self.y + self.h {
            for x in self.x..self.x + self.w {
                grid[Pos::new(x, y)] = Terrain::Floor;
            }
        }
    }
}

/// An L-shaped corridor from `a` to `b`, horizontal or vertical leg first.
fn corridor(grid: &mut Grid<Terrain>, a: Pos, b: Pos, paving: Terrain, rng: &mut SimRng) {
    let corner = if rng.random_range(0..2) == 0 {
        Pos::new(b.x, a.y)
    } else {
        Pos::new(a.x, b.y)
    };
    for (from, to) in [(a, corner), (corner, b)] {
        let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
        let mut p = from;
        loop {
            if let Some(c) = grid.get_mut(p)
                && (*c == Terrain::Wall || paving == Terrain::Road)
            {
                *c = paving;
            }
            if p == to {
                break;
            }
            p = Pos::new(p.x + dx, p.y + dy);
        }
    }
}

/// A corridor that wanders off from the existing floor and stops without
/// reaching anything: a dead end.
fn dead_end(grid: &mut Grid<Terrain>, rng: &mut SimRng) {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    for _ in 0..200 {
        let from = Pos::new(rng.random_range(1..w - 1), rng.random_range(1..h - 1));
        if grid[from] == Terrain::Wall {
            continue;
        }
        let dirs = [(0, -1), (1, 0), (0, 1), (-1, 0)];
        let mut dir = dirs[rng.random_range(0..4)];
        let length = rng.random_range(4..=16);
        let mut at = from;
        let mut carved = 0;
        for _ in 0..length {
            if rng.random_range(0..5) == 0 {
                dir = dirs[rng.random_range(0..4)];
            }
            let next = Pos::new(at.x + dir.0, at.y + dir.1);
            if next.x < 1 || next.y < 1 || next.x >= w - 1 || next.y >= h - 1 {
                break;
            }
            if grid[next] != Terrain::Wall || touches_floor(grid, next, at) {
                break;
            }
            grid[next] = Terrain::Floor;
            at = next;
            carved += 1;
        }
        if carved >= 3 {
            return;
        }
    }
}

/// True if some neighbour of `p` that is neither `from` nor next to it is
/// open: stepping to `p` would join up with it (cells next to `from` are
/// joined already, through `from`).
fn touches_floor(grid: &Grid<Terrain>, p: Pos, from: Pos) -> bool {
    crate::map::geom::Dir::ALL.into_iter().any(|d| {
        let n = p.step(d);
        let (dx, dy) = n.abs_delta(from);
        dx.max(dy) > 1 && grid.get(n).is_some_and(|&t| t != Terrain::Wall)
    })
}

/// Doors where a one-cell-wide passage meets a room, on about half of them.
fn doors(grid: &mut Grid<Terrain>, room: &Room, rng: &mut SimRng) {
    let mut ring = Vec::new();
    for x in room.x..room.x + room.w {
        ring.push(Pos::new(x, room.y - 1));
        ring.push(Pos::new(x, room.y + room.h));
    }
    for y in room.y..room.y + room.h {
        ring.push(Pos::new(room.x - 1, y));
        ring.push(Pos::new(room.x + room.w, y));
    }
    for p in ring {
        let wall = |dx, dy| grid.get(Pos::new(p.x + dx, p.y + dy)) == Some(&Terrain::Wall);
        let passage = (wall(-1, 0) && wall(1, 0)) || (wall(0, -1) && wall(0, 1));
        if grid.get(p).is_some_and(|t| t.is_passable()) && passage && rng.random_range(0..2) == 0 {
            grid[p] = Terrain::Door;
        }
    }
}

/// A cellular-automaton cave in the `w` x `h` region at (`x0`, `y0`):
/// 45% rock at random, then five rounds of "rock if five or more of the
/// nine cells around are rock".
fn cave(grid: &mut Grid<Terrain>, x0: i32, y0: i32, w: i32, h: i32, rng: &mut SimRng) {
    let mut rock = Grid::new(w.max(1) as u32, h.max(1) as u32, true);
    for y in 0..h {
        for x in 0..w {
            let edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            rock[Pos::new(x, y)] = edge || rng.random_range(0..100) < 45;
        }
    }
    for _ in 0..5 {
        let before = rock.clone();
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                let mut n = 0;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        n += before[Pos::new(x + dx, y + dy)] as u32;
                    }
                }
                rock[Pos::new(x, y)] = n >= 5;
            }
        }
    }
    for y in 0..h {
        for x in 0..w {
            if !rock[Pos::new(x, y)] {
                grid[Pos::new(x0 + x, y0 + y)] = Terrain::Floor;
            }
        }
    }
}

/// Fractal Perlin noise in [-1, 1] (four octaves, each twice the frequency
/// and half the amplitude of the one before), summed here so the
/// arithmetic is plain and portable.
struct Fbm {
    octaves: [Perlin; 4],
    frequency: f64,
}

impl Fbm {
    fn new(rng: &mut SimRng, frequency: f64) -> Fbm {
        let seed: u32 = rng.random_range(0..u32::MAX);
        Fbm {
            octaves: [0, 1, 2, 3].map(|i| Perlin::new(seed.wrapping_add(i))),
            frequency,
        }
    }

    fn at(&self, p: Pos) -> f64 {
        let (mut sum, mut amplitude, mut f) = (0.0, 1.0, self.frequency);
        for o in &self.octaves {
            sum += amplitude * o.get([p.x as f64 * f, p.y as f64 * f]);
            amplitude *= 0.5;
            f *= 2.0;
        }
        sum / 1.875
    }
}

/// Swamp and shallow water where one noise field is high, rubble where
/// another is; roads and doors are left alone.
fn overlay_terrain(grid: &mut Grid<Terrain>, rng: &mut SimRng) {
    let wet = Fbm::new(rng, 1.0 / 14.0);
    let stony = Fbm::new(rng, 1.0 / 6.0);
    for p in grid.positions() {
        if grid[p] != Terrain::Floor {
            continue;
        }
        let (w, s) = (wet.at(p), stony.at(p));
        grid[p] = if w > 0.42 {
            Terrain::ShallowWater
        } else if w > 0.24 {
            Terrain::Swamp
        } else if s > 0.45 {
            Terrain::Rubble
        } else {
            Terrain::Floor
        };
    }
}

/// Walls up every passable cell not connected to `start` (or to the
/// largest area, if `start` is not passable), so no monster or goal can be
/// placed out of reach.
fn keep_main_area(grid: Grid<Terrain>, start: Pos) -> TerrainMap {
    let map = TerrainMap::from_grid(grid);
    let islands = Islands::compute(&map, Connectivity::Eight);
    let anchor = if map.is_passable(start) {
        islands.label(start)
    } else {
        // The largest area: count cells per label.
        let mut counts = vec![0u32; islands.count() as usize + 1];
        for p in map.grid().positions() {
            if let Some(l) = islands.label(p) {
                counts[l as usize] += 1;
            }
        }
        counts
            .iter()
            .enumerate()
            .max_by_key(|&(i, &c)| (c, std::cmp::Reverse(i)))
            .map(|(i, _)| i as u32)
    };
    let mut grid = map.grid().clone();
    for p in map.grid().positions() {
        if map.is_passable(p) && islands.label(p) != anchor {
            grid[p] = Terrain::Wall;
        }
    }
    TerrainMap::from_grid(grid)
}

/// The first passable cell at or after row-major index `from`.
fn first_floor(grid: &Grid<Terrain>, from: usize) -> Pos {
    grid.positions()
        .skip(from)
        .find(|&p| grid[p].is_passable())
        .unwrap_or(Pos::new(1, 1))
}

/// The floor cell of the region nearest its centre `c` (by Manhattan
/// distance, then reading order).
fn nearest_floor(grid: &Grid<Terrain>, c: Pos, x0: i32, y0: i32, w: i32, h: i32) -> Option<Pos> {
    let mut best: Option<(u32, Pos)> = None;
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            let p = Pos::new(x, y);
            if grid.get(p) == Some(&Terrain::Floor) {
                let (dx, dy) = p.abs_delta(c);
                if best.is_none_or(|(d, _)| dx + dy < d) {
                    best = Some((dx + dy, p));
                }
            }
        }
    }
    best.map(|(_, p)| p)
}

/// Places the goal on the floor cell farthest (by path cost) from the
/// start, and the monsters on the cells nearest the start.
fn place(
    terrain: TerrainMap,
    start: Pos,
    per_faction: usize,
    rng: &mut SimRng,
    name: String,
    description: String,
) -> Level {
    let mut terrain = terrain;
    let start = if terrain.is_passable(start) {
        start
    } else {
        first_floor(terrain.grid(), 0)
    };
    let dist = DistanceMap::compute(&terrain, &[start], Connectivity::Eight);
    let mut reachable: Vec<(u64, Pos)> = terrain
        .grid()
        .positions()
        .filter_map(|p| dist.distance(p).map(|d| (d, p)))
        .collect();
    reachable.sort_by_key(|&(d, p)| (d, p.y, p.x));
    let goal = reachable
        .iter()
        .rev()
        .find(|&&(_, p)| terrain.get(p) == Some(Terrain::Floor))
        .or(reachable.last())
        .map_or(start, |&(_, p)| p);
    terrain.set(goal, Terrain::Floor);
    let wanted = 3 * per_faction;
    let spots: Vec<Pos> = reachable
        .iter()
        .map(|&(_, p)| p)
        .filter(|&p| p != goal && terrain.get(p) == Some(Terrain::Floor))
        .take(wanted)
        .collect();
    populate(terrain, goal, spots, per_faction, rng, name, description)
}

/// Why [`populate_map`] cannot put monsters on a map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the map has no floor cell to place monsters on")]
pub struct NoFloor;

/// A level on a map made elsewhere (a Moving AI map, say): the three
/// default factions start around a cell picked by `seed` and head for the
/// floor cell farthest from it that they can reach. A map without a floor
/// cell is refused: there is nowhere to put them.
pub fn populate_map(
    terrain: TerrainMap,
    seed: u64,
    per_faction: usize,
    name: &str,
) -> Result<Level, NoFloor> {
    let mut rng = sim_rng(seed);
    let open: Vec<Pos> = terrain
        .grid()
        .positions()
        .filter(|&p| terrain.get(p) == Some(Terrain::Floor))
        .collect();
    if open.is_empty() {
        return Err(NoFloor);
    }
    let start = open[rng.random_range(0..open.len())];
    let description = format!("{name}, with monsters placed by seed {seed}.");
    Ok(place(
        terrain,
        start,
        per_faction.max(1),
        &mut rng,
        name.to_string(),
        description,
    ))
}
