//! Darkstar's A* (over the map read into a `DenseMap` in every timed pass,
//! and over the map as given) against `pathfinding::prelude::astar` on the
//! Moving AI scenarios of arena2 and 8room_000: the same queries, the same integer
//! costs (straight 470832, diagonal 665857), the same octile heuristic and
//! no-corner-cutting rule, measured in one run. Path costs are checked equal
//! before anything is timed. The peer gets its best adapter, built once per
//! map outside the timed loop: per-cell (successor, cost) lists and a cell
//! coordinate table, so no division or allocation per successor; an
//! `(x, y)`-node adapter is timed beside it so each run shows which is the
//! faster. The peer's expansions (its successor calls) are counted in an
//! untimed pass and printed beside ours: the two break f-ties differently,
//! so the counts differ slightly. Darkstar reuses one generation-stamped
//! search context across queries; the peer allocates per query: that is
//! part of our advantage, not hidden. After criterion's own report, a table
//! gives the medians, their ratio, ns per expanded node and expansions of
//! both sides, and a second the fastest of a few passes of each side
//! taken in turns.
//!
//! `cargo bench -p darkstar-benches --bench astar`; the data folder is `$DARKSTAR_MOVINGAI`
//! (default `../shared/movingai`).

mod support;

use support::{Csr, ROUNDS};

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use darkstar::content::movingai::{MovingAiMap, Problem, Scenario};
use darkstar::map::cost::{Cost, StepCosts};
use darkstar::map::geom::Pos;
use darkstar::path::jps::{JumpGrid, JumpPointSearch};
use darkstar::path::{Connectivity, CostMap, DenseMap, Outcome, SearchContext, SearchOptions};

/// The benchmarked maps, and which problems of each are timed: every
/// `every`-th, so one iteration of the slower peer stays near a second.
const SUITES: [(&str, usize); 2] = [("arena2", 2), ("8room_000", 10)];

struct Suite {
    name: &'static str,
    map: MovingAiMap,
    problems: Vec<Problem>,
    csr: Csr,
    /// Cells our A* expands over one pass of the problems.
    expanded: u64,
    /// Cells `pathfinding` expands (successor calls) over the same pass.
    peer_expanded: u64,
}

fn load(dir: &Path, name: &'static str, every: usize) -> Suite {
    let map = MovingAiMap::load(&dir.join(format!("{name}.map"))).expect("map");
    let scen = Scenario::load(&dir.join(format!("{name}.map.scen"))).expect("scen");
    let problems: Vec<Problem> = scen.problems.into_iter().step_by(every).collect();
    let mut ctx = SearchContext::new();
    let csr = Csr::new(&map);
    let dense = dense_map(&map);
    let mut expanded = 0;
    let mut peer_expanded = 0;
    for p in &problems {
        let general = ctx.find_path(&map, p.start, p.goal, &SearchOptions::default());
        let general_stats = ctx.stats();
        let over_dense = ctx.find_path(&dense, p.start, p.goal, &SearchOptions::default());
        assert_eq!(
            (&over_dense, ctx.stats()),
            (&general, general_stats),
            "{name} line {}: the dense map's search differs",
            p.line
        );
        let ours = general.cost();
        expanded += ctx.stats().expanded;
        let theirs = peer_counted(&csr, p.start, p.goal, Some(&mut peer_expanded)).map(|(_, c)| c);
        let jps = JumpPointSearch::new()
            .find_path(&jump_grid(&map), p.start, p.goal)
            .cost();
        assert_eq!(
            ours, jps,
            "{name} line {}: jump point search costs differ",
            p.line
        );
        assert_eq!(ours, theirs, "{name} line {}: path costs differ", p.line);
        let xy = peer_xy(&map, p.start, p.goal).map(|(_, c)| c);
        assert_eq!(ours, xy, "{name} line {}: (x, y) path costs differ", p.line);
    }
    Suite {
        name,
        map,
        problems,
        csr,
        expanded,
        peer_expanded,
    }
}

/// `pathfinding`'s A* over the lists; `calls` counts its successor calls
/// (its expansions) when given, which the timed runs do not.
fn peer_counted(
    csr: &Csr,
    start: Pos,
    goal: Pos,
    calls: Option<&mut u64>,
) -> Option<(Vec<u32>, Cost)> {
    let goal_index = csr.node(goal);
    let mut counter = calls;
    pathfinding::prelude::astar(
        &csr.node(start),
        |&i| {
            if let Some(n) = counter.as_deref_mut() {
                *n += 1;
            }
            let (a, b) = (csr.offsets[i as usize], csr.offsets[i as usize + 1]);
            csr.edges[a as usize..b as usize].iter().copied()
        },
        |&i| octile(csr.cheapest, csr.pos[i as usize], goal),
        |&i| i == goal_index,
    )
}

/// The other adapter: `(x, y)` nodes (`Pos`), successors generated per
/// call through `for_each_step` into a fixed array (no allocation, no
/// division). Timed beside the lists so each run shows which is faster.
fn peer_xy(map: &MovingAiMap, start: Pos, goal: Pos) -> Option<(Vec<Pos>, Cost)> {
    let cheapest = map.cheapest_steps();
    pathfinding::prelude::astar(
        &start,
        |&p| {
            let mut s = Successors {
                items: [(Pos::new(0, 0), 0); 8],
                len: 0,
                next: 0,
            };
            darkstar::path::for_each_step(map, p, Connectivity::Eight, |to, _, _, c| {
                s.items[s.len] = (to, c);
                s.len += 1;
            });
            s
        },
        |&p| octile(cheapest, p, goal),
        |&p| p == goal,
    )
}

/// Up to eight successors without allocating.
struct Successors {
    items: [(Pos, Cost); 8],
    len: usize,
    next: usize,
}

impl Iterator for Successors {
    type Item = (Pos, Cost);
    fn next(&mut self) -> Option<(Pos, Cost)> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.items[self.next - 1]
        })
    }
}

fn peer(csr: &Csr, start: Pos, goal: Pos) -> Option<(Vec<u32>, Cost)> {
    peer_counted(csr, start, goal, None)
}

fn octile(c: StepCosts, a: Pos, b: Pos) -> Cost {
    let (dx, dy) = a.abs_delta(b);
    c.octile(dx, dy)
}

/// Our A*'s view of the map: read once into its dense arrays, as a
/// caller with a map that does not change would. Timed with the queries
/// (every pass of [`ours`] reads the map afresh).
fn dense_map(map: &MovingAiMap) -> DenseMap {
    DenseMap::new(map, Connectivity::Eight).expect("Moving AI costs are per cell")
}

/// Our A* over the problems, the map read into its dense arrays first:
/// the sum of the costs.
fn ours(ctx: &mut SearchContext, map: &MovingAiMap, problems: &[Problem]) -> Cost {
    ours_over(ctx, &dense_map(map), problems)
}

/// Our A* over the problems on `map` as it is: the sum of the costs.
fn ours_over<M: CostMap>(ctx: &mut SearchContext, map: &M, problems: &[Problem]) -> Cost {
    let options = SearchOptions::default();
    let mut total = 0;
    for p in problems {
        if let Outcome::Found { cost, .. } = ctx.find_path(map, p.start, p.goal, &options) {
            total += cost;
        }
    }
    total
}

fn theirs(csr: &Csr, problems: &[Problem]) -> Cost {
    problems
        .iter()
        .filter_map(|p| peer(csr, p.start, p.goal))
        .map(|(_, c)| c)
        .sum()
}

/// The second peer: `grid_pathfinding`'s jump point search, on a bool grid
/// built once per map (walls blocked; the Moving AI maps here have no
/// other terrain, so every step costs the uniform rule's 1 or sqrt(2)).
/// It has no weighted search, and it prices steps 70 and 99 (99/70 is
/// within 5e-5 of sqrt(2)), so its paths are optimal for those costs:
/// each is re-priced with our exact costs and counted where it is longer
/// than ours or cuts a corner (illegal under the benchmark's rule).
fn jps_grid(map: &MovingAiMap) -> grid_pathfinding::PathingGrid {
    use grid_util::grid::ValueGrid;
    let (w, h) = (map.width(), map.height());
    let mut g = grid_pathfinding::PathingGrid::new(w as usize, h as usize, false);
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            if !map.is_passable(Pos::new(x, y)) {
                g.set(x, y, true);
            }
        }
    }
    g.allow_diagonal_move = true;
    g.initialize();
    g.generate_components();
    g
}

fn jps(grid: &grid_pathfinding::PathingGrid, start: Pos, goal: Pos) -> Option<Vec<Pos>> {
    use grid_util::point::Point;
    grid.get_path_single_goal(
        Point::new(start.x, start.y),
        Point::new(goal.x, goal.y),
        false,
    )
    .map(|path| path.into_iter().map(|p| Pos::new(p.x, p.y)).collect())
}

/// JPS over the problems: (paths found, paths as cheap as ours under
/// exact costs, paths that cut a corner).
fn jps_check(
    grid: &grid_pathfinding::PathingGrid,
    map: &MovingAiMap,
    problems: &[Problem],
) -> (usize, usize, usize) {
    let mut ctx = SearchContext::new();
    let opts = SearchOptions::default();
    let (mut found, mut optimal, mut illegal) = (0, 0, 0);
    for p in problems {
        let Some(mut path) = jps(grid, p.start, p.goal) else {
            continue;
        };
        found += 1;
        if path.first() != Some(&p.start) {
            path.insert(0, p.start);
        }
        let ours = ctx.find_path(map, p.start, p.goal, &opts).cost();
        match darkstar::path::astar::path_cost(map, &path, &opts) {
            None => illegal += 1,
            c if c == ours => optimal += 1,
            _ => {}
        }
    }
    (found, optimal, illegal)
}

/// The map as jump point search reads it: the per-map step, timed with
/// the queries (every pass builds it afresh).
fn jump_grid(map: &MovingAiMap) -> JumpGrid {
    JumpGrid::new(map.width(), map.height(), |p| map.is_passable(p))
}

/// Our jump point search over the problems, the grid built first: the sum
/// of the costs.
fn ours_jps(search: &mut JumpPointSearch, map: &MovingAiMap, problems: &[Problem]) -> Cost {
    let grid = jump_grid(map);
    problems
        .iter()
        .filter_map(|p| search.find_path(&grid, p.start, p.goal).cost())
        .sum()
}

/// The fastest of [`ROUNDS`] passes over `s`'s problems of ours (the map
/// read into a dense map in every pass, as the criterion row) and of the
/// peer's two adapters, in seconds, the three taking turns within each
/// round ([`support::fastest_in_turns`]).
fn fastest_passes(ctx: &mut SearchContext, s: &Suite) -> [f64; 3] {
    support::fastest_in_turns([
        &mut || ours(ctx, &s.map, &s.problems),
        &mut || theirs(&s.csr, &s.problems),
        &mut || {
            s.problems
                .iter()
                .filter_map(|p| peer_xy(&s.map, p.start, p.goal))
                .map(|(_, c)| c)
                .sum()
        },
    ])
}

fn main() {
    let Some(dir) = support::data_dir_or_skip("the A* benchmark") else {
        return;
    };
    let suites: Vec<Suite> = SUITES
        .iter()
        .map(|&(name, every)| load(&dir, name, every))
        .collect();
    let grids: Vec<grid_pathfinding::PathingGrid> =
        suites.iter().map(|s| jps_grid(&s.map)).collect();
    let mut c = support::criterion(Duration::from_secs(8));
    let mut ctx = SearchContext::new();
    let mut jps_search = JumpPointSearch::new();
    for (s, grid) in suites.iter().zip(&grids) {
        let mut group = c.benchmark_group(s.name);
        group.bench_function("darkstar", |b| {
            b.iter(|| black_box(ours(&mut ctx, &s.map, black_box(&s.problems))))
        });
        group.bench_function("darkstar-general", |b| {
            b.iter(|| black_box(ours_over(&mut ctx, &s.map, black_box(&s.problems))))
        });
        group.bench_function("darkstar-dense-map", |b| {
            b.iter(|| black_box(dense_map(black_box(&s.map))))
        });
        group.bench_function("darkstar-jps", |b| {
            b.iter(|| black_box(ours_jps(&mut jps_search, &s.map, black_box(&s.problems))))
        });
        group.bench_function("darkstar-jps-grid", |b| {
            b.iter(|| black_box(jump_grid(black_box(&s.map))))
        });
        group.bench_function("pathfinding", |b| {
            b.iter(|| black_box(theirs(&s.csr, black_box(&s.problems))))
        });
        group.bench_function("pathfinding-xy", |b| {
            b.iter(|| {
                black_box(
                    black_box(&s.problems)
                        .iter()
                        .filter_map(|p| peer_xy(&s.map, p.start, p.goal))
                        .map(|(_, c)| c)
                        .sum::<Cost>(),
                )
            })
        });
        group.bench_function("grid_pathfinding-jps", |b| {
            b.iter(|| {
                black_box(
                    black_box(&s.problems)
                        .iter()
                        .filter_map(|p| jps(grid, p.start, p.goal))
                        .map(|path| path.len())
                        .sum::<usize>(),
                )
            })
        });
        group.finish();
    }
    c.final_summary();
    let fastest: Vec<[f64; 3]> = suites.iter().map(|s| fastest_passes(&mut ctx, s)).collect();

    println!(
        "\nA* on Moving AI scenarios (criterion medians, one pass over the problems; ours reads the map into a DenseMap in every pass, and is timed over the map as given too):"
    );
    println!(
        "| map | problems | darkstar | of which the dense map | darkstar over the map as given | pathfinding, lists | pathfinding, (x, y) | ratio (faster peer / darkstar) | ratio (faster peer / over the map) | ns/expanded node (darkstar / faster peer) | expanded (darkstar / pathfinding) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for s in &suites {
        let (Some(ours), Some(read), Some(general), Some(lists), Some(xy)) = (
            support::median_ns(s.name, "darkstar"),
            support::median_ns(s.name, "darkstar-dense-map"),
            support::median_ns(s.name, "darkstar-general"),
            support::median_ns(s.name, "pathfinding"),
            support::median_ns(s.name, "pathfinding-xy"),
        ) else {
            println!("| {} | (not measured in this run) |", s.name);
            continue;
        };
        // The ratio is taken against whichever adapter served the peer
        // better in this run: the lists win on small maps, `(x, y)` on
        // large ones where the lists fall out of cache.
        let peer = lists.min(xy);
        println!(
            "| {} | {} | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.2}x | {:.2}x | {:.1} / {:.1} | {} / {} |",
            s.name,
            s.problems.len(),
            ours / 1e6,
            read / 1e6,
            general / 1e6,
            lists / 1e6,
            xy / 1e6,
            peer / ours,
            peer / general,
            ours / s.expanded as f64,
            peer / s.peer_expanded as f64,
            s.expanded,
            s.peer_expanded
        );
    }

    println!(
        "\nThe same, as the fastest of {ROUNDS} passes each, ours and the peer's two adapters taking turns (so a slow minute of this shared machine falls on all three alike):"
    );
    println!(
        "| map | darkstar (dense) | pathfinding, lists | pathfinding, (x, y) | ratio (faster peer / darkstar) |"
    );
    println!("|---|---|---|---|---|");
    for (s, [ours, lists, xy]) in suites.iter().zip(&fastest) {
        println!(
            "| {} | {:.2} ms | {:.2} ms | {:.2} ms | {:.2}x |",
            s.name,
            ours * 1e3,
            lists * 1e3,
            xy * 1e3,
            lists.min(*xy) / ours
        );
    }

    println!(
        "\nSecond peer: grid_pathfinding's JPS (uniform costs only, priced 70/99), same problems:"
    );
    println!(
        "| map | problems | darkstar | grid_pathfinding JPS | ratio (JPS / darkstar) | JPS paths found / as cheap as ours (exact costs) / cutting a corner |"
    );
    println!("|---|---|---|---|---|---|");
    for (s, grid) in suites.iter().zip(&grids) {
        let (found, optimal, illegal) = jps_check(grid, &s.map, &s.problems);
        let (Some(ours), Some(theirs)) = (
            support::median_ns(s.name, "darkstar"),
            support::median_ns(s.name, "grid_pathfinding-jps"),
        ) else {
            println!("| {} | (not measured in this run) |", s.name);
            continue;
        };
        println!(
            "| {} | {} | {:.2} ms | {:.2} ms | {:.2}x | {} / {} / {} |",
            s.name,
            s.problems.len(),
            ours / 1e6,
            theirs / 1e6,
            theirs / ours,
            found,
            optimal,
            illegal
        );
    }

    println!(
        "\nJump point search that never cuts a corner (ours: the grid built in every pass, exact costs) against grid_pathfinding's corner-cutting JPS:"
    );
    println!(
        "| map | problems | darkstar JPS | of which the grid | grid_pathfinding JPS | darkstar A* | ratio (their JPS / ours) | ratio (our A* / our JPS) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for s in &suites {
        let (Some(jps), Some(build), Some(theirs), Some(astar)) = (
            support::median_ns(s.name, "darkstar-jps"),
            support::median_ns(s.name, "darkstar-jps-grid"),
            support::median_ns(s.name, "grid_pathfinding-jps"),
            support::median_ns(s.name, "darkstar"),
        ) else {
            println!("| {} | (not measured in this run) |", s.name);
            continue;
        };
        println!(
            "| {} | {} | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.2}x | {:.2}x |",
            s.name,
            s.problems.len(),
            jps / 1e6,
            build / 1e6,
            theirs / 1e6,
            astar / 1e6,
            theirs / jps,
            astar / jps
        );
    }
}
