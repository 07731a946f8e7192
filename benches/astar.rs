//! Darkstar's A* against `pathfinding::prelude::astar` on the Moving AI
//! scenarios of arena2 and 8room_000: the same queries, the same integer
//! costs (straight 470832, diagonal 665857), the same octile heuristic and
//! no-corner-cutting rule, measured in one run. Path costs are checked equal
//! before anything is timed. After criterion's own report, a table gives the
//! medians, their ratio and nanoseconds per expanded node.
//!
//! `cargo bench --bench astar`; the data folder is `$DARKSTAR_MOVINGAI`
//! (default `../shared/movingai`).

mod support;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use darkstar::content::movingai::{MovingAiMap, Problem, Scenario};
use darkstar::map::cost::{Cost, StepCosts};
use darkstar::map::geom::Pos;
use darkstar::path::{Connectivity, CostMap, Outcome, SearchContext, SearchOptions};

/// The benchmarked maps, and which problems of each are timed: every
/// `every`-th, so one iteration of the slower peer stays near a second.
const SUITES: [(&str, usize); 2] = [("arena2", 2), ("8room_000", 10)];

struct Suite {
    name: &'static str,
    map: MovingAiMap,
    problems: Vec<Problem>,
    /// Cells our A* expands over one pass of the problems.
    expanded: u64,
}

fn load(dir: &Path, name: &'static str, every: usize) -> Suite {
    let map = MovingAiMap::load(&dir.join(format!("{name}.map"))).expect("map");
    let scen = Scenario::load(&dir.join(format!("{name}.map.scen"))).expect("scen");
    let problems: Vec<Problem> = scen.problems.into_iter().step_by(every).collect();
    let mut ctx = SearchContext::new();
    let mut expanded = 0;
    for p in &problems {
        let ours = ctx
            .find_path(&map, p.start, p.goal, &SearchOptions::default())
            .cost();
        expanded += ctx.stats().expanded;
        let theirs = peer(&map, p.start, p.goal).map(|(_, c)| c);
        assert_eq!(ours, theirs, "{name} line {}: path costs differ", p.line);
    }
    Suite {
        name,
        map,
        problems,
        expanded,
    }
}

/// Up to eight successors without allocating, so the peer pays only for
/// its own data structures.
struct Successors {
    items: [(u32, Cost); 8],
    len: usize,
    next: usize,
}

impl Iterator for Successors {
    type Item = (u32, Cost);
    fn next(&mut self) -> Option<(u32, Cost)> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.items[self.next - 1]
        })
    }
}

fn peer(map: &MovingAiMap, start: Pos, goal: Pos) -> Option<(Vec<u32>, Cost)> {
    let w = map.width();
    let pos = |i: u32| Pos::new((i % w) as i32, (i / w) as i32);
    let index = |p: Pos| p.y as u32 * w + p.x as u32;
    let cheapest = map.cheapest_steps();
    let goal_index = index(goal);
    pathfinding::prelude::astar(
        &index(start),
        |&i| {
            let mut s = Successors {
                items: [(0, 0); 8],
                len: 0,
                next: 0,
            };
            darkstar::path::for_each_step(map, pos(i), Connectivity::Eight, |_, to, _, c| {
                s.items[s.len] = (to as u32, c);
                s.len += 1;
            });
            s
        },
        |&i| octile(cheapest, pos(i), goal),
        |&i| i == goal_index,
    )
}

fn octile(c: StepCosts, a: Pos, b: Pos) -> Cost {
    let (dx, dy) = a.abs_delta(b);
    c.octile(dx, dy)
}

fn ours(ctx: &mut SearchContext, map: &MovingAiMap, problems: &[Problem]) -> Cost {
    let options = SearchOptions::default();
    let mut total = 0;
    for p in problems {
        if let Outcome::Found { cost, .. } = ctx.find_path(map, p.start, p.goal, &options) {
            total += cost;
        }
    }
    total
}

fn theirs(map: &MovingAiMap, problems: &[Problem]) -> Cost {
    problems
        .iter()
        .filter_map(|p| peer(map, p.start, p.goal))
        .map(|(_, c)| c)
        .sum()
}

fn main() {
    let Some(dir) = support::data_dir_or_skip("the A* benchmark") else {
        return;
    };
    let suites: Vec<Suite> = SUITES
        .iter()
        .map(|&(name, every)| load(&dir, name, every))
        .collect();
    let mut c = support::criterion(Duration::from_secs(8));
    let mut ctx = SearchContext::new();
    for s in &suites {
        let mut group = c.benchmark_group(s.name);
        group.bench_function("darkstar", |b| {
            b.iter(|| black_box(ours(&mut ctx, &s.map, black_box(&s.problems))))
        });
        group.bench_function("pathfinding", |b| {
            b.iter(|| black_box(theirs(&s.map, black_box(&s.problems))))
        });
        group.finish();
    }
    c.final_summary();

    println!("\nA* on Moving AI scenarios (criterion medians, one pass over the problems):");
    println!(
        "| map | problems | darkstar | pathfinding | ratio | darkstar ns/expanded node | expanded |"
    );
    println!("|---|---|---|---|---|---|---|");
    for s in &suites {
        let (Some(ours), Some(peer)) = (
            support::median_ns(s.name, "darkstar"),
            support::median_ns(s.name, "pathfinding"),
        ) else {
            println!("| {} | (not measured in this run) |", s.name);
            continue;
        };
        println!(
            "| {} | {} | {:.2} ms | {:.2} ms | {:.2}x | {:.1} | {} |",
            s.name,
            s.problems.len(),
            ours / 1e6,
            peer / 1e6,
            peer / ours,
            ours / s.expanded as f64,
            s.expanded
        );
    }
}
