//! Perfect mazes (a recursive backtracker: every cell reachable, exactly
//! one way between any two, and dead ends everywhere), the purest test of
//! planning in the dark, and a level built on one.

use rand::RngExt;

use super::populate;
use crate::content::level::Level;
use crate::map::geom::Pos;
use crate::map::grid::Grid;
use crate::map::terrain::{Terrain, TerrainMap};
use crate::rng::{SimRng, sim_rng};

/// Smallest maze side.
pub const MIN_MAZE_SIDE: u32 = 5;
/// Largest maze side.
pub const MAX_MAZE_SIDE: u32 = 4096;

/// A perfect maze filling a `width` x `height` map (clamped to
/// [`MIN_MAZE_SIDE`]..=[`MAX_MAZE_SIDE`]): corridors one cell wide on odd
/// coordinates, walls between, a wall border. An even side leaves its last
/// row or column wall.
///
/// ```
/// use darkstar::content::generator::maze;
/// use darkstar::path::{Connectivity, Islands};
/// let m = maze(21, 11, &mut darkstar::rng::sim_rng(3));
/// let islands = Islands::compute(&m, Connectivity::Eight);
/// use darkstar::map::geom::Pos;
/// assert!(islands.connected(Pos::new(1, 1), Pos::new(19, 9)));
/// ```
pub fn maze(width: u32, height: u32, rng: &mut SimRng) -> TerrainMap {
    let (width, height) = (
        width.clamp(MIN_MAZE_SIDE, MAX_MAZE_SIDE),
        height.clamp(MIN_MAZE_SIDE, MAX_MAZE_SIDE),
    );
    let mut grid = Grid::new(width, height, Terrain::Wall);
    // Maze cells are the odd positions; cell (cx, cy) is at (2cx+1, 2cy+1).
    let (cw, ch) = ((width as i32 - 1) / 2, (height as i32 - 1) / 2);
    let at = |cx: i32, cy: i32| Pos::new(2 * cx + 1, 2 * cy + 1);
    let mut visited = Grid::new(cw as u32, ch as u32, false);
    let start = (rng.random_range(0..cw), rng.random_range(0..ch));
    let mut stack = vec![start];
    visited[Pos::new(start.0, start.1)] = true;
    grid[at(start.0, start.1)] = Terrain::Floor;
    while let Some(&(cx, cy)) = stack.last() {
        let mut options = [(0, 0); 4];
        let mut n = 0;
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (cx + dx, cy + dy);
            if visited.get(Pos::new(nx, ny)) == Some(&false) {
                options[n] = (nx, ny);
                n += 1;
            }
        }
        if n == 0 {
            stack.pop();
            continue;
        }
        let (nx, ny) = options[rng.random_range(0..n)];
        visited[Pos::new(nx, ny)] = true;
        grid[Pos::new(cx + nx + 1, cy + ny + 1)] = Terrain::Floor; // the wall between
        grid[at(nx, ny)] = Terrain::Floor;
        stack.push((nx, ny));
    }
    TerrainMap::from_grid(grid)
}

/// A maze level for `seed`: the three [default factions](super::default_factions)
/// race from the west edge to a goal on the east edge, `per_faction`
/// monsters each (at least one).
pub fn maze_level(seed: u64, width: u32, height: u32, per_faction: usize) -> Level {
    let mut rng = sim_rng(seed);
    let terrain = maze(width, height, &mut rng);
    let (w, h) = (terrain.width() as i32, terrain.height() as i32);
    let column = |x: i32| -> Vec<Pos> {
        (0..h)
            .map(|y| Pos::new(x, y))
            .filter(|&p| terrain.is_passable(p))
            .collect()
    };
    let east_x = if w % 2 == 1 { w - 2 } else { w - 3 };
    let east = column(east_x);
    let goal = east[rng.random_range(0..east.len())];
    // Spawn cells: the west column, then further east as needed.
    let mut free: Vec<Pos> = column(1);
    let mut x = 3;
    while free.len() < 3 * per_faction.max(1) + 1 && x < w - 1 {
        free.extend(column(x));
        x += 2;
    }
    free.retain(|&p| p != goal);
    populate(
        terrain,
        goal,
        free,
        per_faction.max(1),
        &mut rng,
        format!("maze-{seed}"),
        format!("A {w}x{h} perfect maze from seed {seed}: every wrong turn a dead end."),
    )
}
