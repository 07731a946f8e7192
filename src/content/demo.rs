//! The headless pathfinding demo, `darkstar demo`: a seeded random floor
//! with rubble, swamp and a road, and the optimal path across it, printed
//! as text. It shows the search alone, on a map it knows whole (no fog, no
//! monsters), and needs no terminal: handy in a pipe or a bug report.

use rand::RngExt;

use crate::map::cost::to_tiles;
use crate::map::geom::Pos;
use crate::map::grid::Grid;
use crate::map::terrain::{Terrain, TerrainMap};
use crate::path::{Connectivity, Islands, Outcome, SearchContext, SearchOptions};
use crate::rng::{SimRng, sim_rng};

/// Width of the demo map.
pub const WIDTH: u32 = 64;
/// Height of the demo map.
pub const HEIGHT: u32 = 20;

/// A demo map, its start and goal, and the search's outcome.
pub struct Demo {
    pub seed: u64,
    pub map: TerrainMap,
    pub start: Pos,
    pub goal: Pos,
    pub outcome: Outcome,
    pub expanded: u64,
    pub pushed: u64,
}

/// Builds the demo for `seed`: walls, rubble and swamp scattered by the
/// simulation RNG, a road along the middle row, start on the left edge and
/// goal on the right. Deterministic for a seed.
pub fn run(seed: u64) -> Demo {
    let mut rng = sim_rng(seed);
    let map = random_map(&mut rng);
    let start = Pos::new(1, rng.random_range(1..HEIGHT as i32 - 1));
    let goal = Pos::new(WIDTH as i32 - 2, rng.random_range(1..HEIGHT as i32 - 1));
    let mut map = map;
    map.set(start, Terrain::Floor);
    map.set(goal, Terrain::Floor);
    let islands = Islands::compute(&map, Connectivity::Eight);
    let mut ctx = SearchContext::new();
    let outcome = ctx.find_path_checked(&map, &islands, start, goal, &SearchOptions::default());
    let stats = ctx.stats();
    Demo {
        seed,
        map,
        start,
        goal,
        outcome,
        expanded: stats.expanded,
        pushed: stats.pushed,
    }
}

fn random_map(rng: &mut SimRng) -> TerrainMap {
    let mut grid = Grid::new(WIDTH, HEIGHT, Terrain::Floor);
    for p in grid.positions() {
        let edge = p.x == 0 || p.y == 0 || p.x == WIDTH as i32 - 1 || p.y == HEIGHT as i32 - 1;
        let roll = rng.random_range(0..100u32);
        grid[p] = match roll {
            _ if edge => Terrain::Wall,
            0..28 => Terrain::Wall,
            28..34 => Terrain::Rubble,
            34..42 => Terrain::Swamp,
            _ => Terrain::Floor,
        };
    }
    let road_row = HEIGHT as i32 / 2;
    for x in 1..WIDTH as i32 - 1 {
        if rng.random_range(0..100u32) < 85 {
            grid[Pos::new(x, road_row)] = Terrain::Road;
        }
    }
    TerrainMap::from_grid(grid)
}

impl Demo {
    /// The map with the path drawn (`*`), start `S` and goal `G`, then a
    /// line saying what the search found and what it cost.
    pub fn render(&self) -> String {
        let mut rows: Vec<Vec<char>> = self
            .map
            .to_ascii()
            .lines()
            .map(|l| l.chars().collect())
            .collect();
        if let Some(path) = self.outcome.path() {
            for p in path {
                rows[p.y as usize][p.x as usize] = '*';
            }
        }
        rows[self.start.y as usize][self.start.x as usize] = 'S';
        rows[self.goal.y as usize][self.goal.x as usize] = 'G';
        let mut out: String = rows
            .into_iter()
            .map(|r| r.into_iter().collect::<String>() + "\n")
            .collect();
        let summary = match &self.outcome {
            Outcome::Found { path, cost } => format!(
                "seed {}: path of {} steps from S to G, cost {:.3} floor-steps; {} cells expanded, {} pushed",
                self.seed,
                path.len() - 1,
                to_tiles(*cost) / crate::map::terrain::FLOOR_COST as f64,
                self.expanded,
                self.pushed
            ),
            Outcome::Unreachable => format!(
                "seed {}: G is on another island than S: unreachable, answered after {} expansions",
                self.seed, self.expanded
            ),
            Outcome::OutOfBudget => format!("seed {}: search ran out of budget", self.seed),
        };
        out.push_str(&summary);
        out.push_str(
            "\nlegend: # wall  . floor  = road (cheap)  : rubble  , swamp (dear)  * path\n",
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_is_deterministic_and_its_path_is_legal() {
        let a = run(1);
        let b = run(1);
        assert_eq!(a.render(), b.render());
        if let Outcome::Found { path, cost } = &a.outcome {
            let c = crate::path::astar::path_cost(&a.map, path, &SearchOptions::default());
            assert_eq!(c, Some(*cost));
        }
        assert_ne!(run(2).render(), a.render());
    }
}
