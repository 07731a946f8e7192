//! Darkstar's graph A* (`darkstar::path::graph`) against
//! `pathfinding::prelude::astar` on the same graphs with the same node type
//! on both sides: a grid turned into a graph of `u32` node ids (row-major
//! cells), each node's edges a compressed-row list of (node, cost) built
//! once outside the timed loop, and the octile heuristic read from a table
//! of cell coordinates. Both searches are handed the same successor
//! function ([`successors`]) and the same heuristic ([`heuristic`]); they
//! differ only in their open lists, node tables and tie-breaks. Graphs: the
//! Moving AI maps arena2 and 8room_000 with their scenarios (the A*
//! bench's problems), and a 512x512 generated dungeon (seed 1: swamp,
//! water and rubble make costs vary) with 20 pairs of floor cells chosen
//! by a fixed xorshift. Costs are checked equal to each other and to the
//! grid A* before anything is timed.
//!
//! Timed: ours with one `GraphSearch` reused across queries
//! (`darkstar-graph`), ours allocating a new search per query
//! (`darkstar-graph-fresh`, `graph::astar`, as the peer allocates per
//! query), ours with one `NumberedSearch` reused across queries
//! (`darkstar-numbered`: the nodes are `u32` numbers from 0, so it finds
//! them in a table rather than a hash map; the peer has no such choice),
//! and the peer. After criterion's report, a table of medians and
//! ratios, and the fastest of a few passes of each side taken in turns.
//!
//! `cargo bench -p darkstar-benches --bench graph`; the data folder is
//! `$DARKSTAR_MOVINGAI` (default `../shared/movingai`).

mod support;

use support::{Csr, ROUNDS};

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use darkstar::content::movingai::{MovingAiMap, Scenario};
use darkstar::map::cost::Cost;
use darkstar::map::geom::Pos;
use darkstar::path::graph::{self, GraphOptions, GraphOutcome, GraphSearch, NumberedSearch};
use darkstar::path::{Connectivity, CostMap, SearchContext, SearchOptions};

/// The Moving AI maps, and which problems of each are timed: every
/// `every`-th (half and a quarter of the A* bench's problems, to keep a run short).
const SUITES: [(&str, usize); 2] = [("arena2", 4), ("8room_000", 40)];

/// The edges out of node `i`: what both sides are handed.
#[inline]
fn successors(csr: &Csr, i: u32) -> std::iter::Copied<std::slice::Iter<'_, (u32, Cost)>> {
    let (a, b) = (csr.offsets[i as usize], csr.offsets[i as usize + 1]);
    csr.edges[a as usize..b as usize].iter().copied()
}

/// The octile distance from node `i` to `goal`: what both sides are handed.
#[inline]
fn heuristic(csr: &Csr, i: u32, goal: Pos) -> Cost {
    let (dx, dy) = csr.pos[i as usize].abs_delta(goal);
    csr.cheapest.octile(dx, dy)
}

struct Suite {
    name: String,
    csr: Csr,
    /// (start, goal) node pairs.
    problems: Vec<(u32, u32)>,
    /// Nodes our graph A* expands over one pass, and the peer's successor
    /// calls.
    expanded: u64,
    peer_expanded: u64,
}

/// Our two searches kept across queries (nodes hashed, or numbered),
/// asked one problem the same way.
trait Reused {
    fn one(&mut self, csr: &Csr, problem: (u32, u32)) -> Option<Cost>;
}

macro_rules! reused {
    ($($search:ty),*) => {$(
        impl Reused for $search {
            fn one(&mut self, csr: &Csr, (s, g): (u32, u32)) -> Option<Cost> {
                let goal = csr.pos[g as usize];
                self.astar(
                    |i| successors(csr, i),
                    s,
                    g,
                    |i| heuristic(csr, i, goal),
                    &GraphOptions::default(),
                )
                .cost()
            }
        }
    )*};
}

reused!(GraphSearch<u32>, NumberedSearch<u32>);

fn fresh_one(csr: &Csr, (s, g): (u32, u32)) -> Option<Cost> {
    let goal = csr.pos[g as usize];
    graph::astar(
        |i| successors(csr, i),
        s,
        g,
        |i| heuristic(csr, i, goal),
        &GraphOptions::default(),
    )
    .cost()
}

fn peer_one(csr: &Csr, (s, g): (u32, u32), calls: Option<&mut u64>) -> Option<Cost> {
    let goal = csr.pos[g as usize];
    let mut counter = calls;
    pathfinding::prelude::astar(
        &s,
        |&i| {
            if let Some(n) = counter.as_deref_mut() {
                *n += 1;
            }
            successors(csr, i)
        },
        |&i| heuristic(csr, i, goal),
        |&i| i == g,
    )
    .map(|(_, c)| c)
}

/// One pass of a search kept across queries.
fn ours(search: &mut impl Reused, s: &Suite) -> Cost {
    s.problems
        .iter()
        .filter_map(|&p| search.one(&s.csr, p))
        .sum()
}

fn fresh(s: &Suite) -> Cost {
    s.problems
        .iter()
        .filter_map(|&p| fresh_one(&s.csr, p))
        .sum()
}

fn theirs(s: &Suite) -> Cost {
    s.problems
        .iter()
        .filter_map(|&p| peer_one(&s.csr, p, None))
        .sum()
}

/// Builds the suite and checks, problem by problem, that our graph A*, the
/// peer and the grid A* agree on the cost, and that our path is a path
/// of the graph.
fn suite<M: CostMap>(name: String, map: &M, pairs: Vec<(Pos, Pos)>) -> Suite {
    let csr = Csr::new(map);
    let mut search = GraphSearch::new();
    let mut grid = SearchContext::new();
    let (mut expanded, mut peer_expanded) = (0, 0);
    let mut problems = Vec::new();
    for (a, b) in pairs {
        let p = (csr.node(a), csr.node(b));
        let goal = csr.pos[p.1 as usize];
        let out = search.astar(
            |i| successors(&csr, i),
            p.0,
            p.1,
            |i| heuristic(&csr, i, goal),
            &GraphOptions::default(),
        );
        expanded += search.stats().expanded;
        if let GraphOutcome::Found { path, cost } = &out {
            let walked: Cost = path
                .windows(2)
                .map(|w| {
                    successors(&csr, w[0])
                        .find(|e| e.0 == w[1])
                        .expect("an edge")
                        .1
                })
                .sum();
            assert_eq!(walked, *cost, "{name}: the path is not its cost");
        }
        let theirs = peer_one(&csr, p, Some(&mut peer_expanded));
        let on_grid = grid.find_path(map, a, b, &SearchOptions::default()).cost();
        assert_eq!(out.cost(), theirs, "{name} {a:?} -> {b:?}: peer differs");
        assert_eq!(
            out.cost(),
            on_grid,
            "{name} {a:?} -> {b:?}: grid A* differs"
        );
        assert_eq!(
            fresh_one(&csr, p),
            out.cost(),
            "{name}: a fresh search differs"
        );
        let mut by_number = NumberedSearch::new(csr.pos.len());
        assert_eq!(
            by_number.one(&csr, p),
            out.cost(),
            "{name}: a numbered search differs"
        );
        assert_eq!(
            by_number.stats(),
            search.stats(),
            "{name}: a numbered search's work differs"
        );
        problems.push(p);
    }
    Suite {
        name,
        csr,
        problems,
        expanded,
        peer_expanded,
    }
}

fn moving_ai(dir: &Path, name: &str, every: usize) -> Suite {
    let map = MovingAiMap::load(&dir.join(format!("{name}.map"))).expect("map");
    let scen = Scenario::load(&dir.join(format!("{name}.map.scen"))).expect("scen");
    let pairs = scen
        .problems
        .into_iter()
        .step_by(every)
        .map(|p| (p.start, p.goal))
        .collect();
    suite(name.to_string(), &map, pairs)
}

/// The 512x512 dungeon of seed 1 and 20 pairs of its floor cells.
fn dungeon() -> Suite {
    let (map, floor) = support::dungeon(512, |map, p| {
        let mut any = false;
        darkstar::path::for_each_step(map, p, Connectivity::Eight, |_, _, _, _| any = true);
        any
    });
    let mut next = support::xorshift_draw(&floor);
    let pairs = (0..20).map(|_| (next(), next())).collect();
    suite("dungeon512".to_string(), &map, pairs)
}

/// The fastest of [`ROUNDS`] passes of ours (reused search, fresh per
/// query, numbered) and the peer, taking turns within each round, in
/// seconds.
fn fastest_passes(search: &mut GraphSearch<u32>, s: &Suite) -> [f64; 4] {
    let mut by_number = NumberedSearch::new(s.csr.pos.len());
    support::fastest_in_turns([
        &mut || ours(search, s),
        &mut || fresh(s),
        &mut || ours(&mut by_number, s),
        &mut || theirs(s),
    ])
}

fn main() {
    let Some(dir) = support::data_dir_or_skip("the graph A* benchmark") else {
        return;
    };
    let mut suites: Vec<Suite> = SUITES
        .iter()
        .map(|&(name, every)| moving_ai(&dir, name, every))
        .collect();
    suites.push(dungeon());
    let mut c = support::criterion(Duration::from_secs(3));
    let mut search = GraphSearch::new();
    for s in &suites {
        let mut group = c.benchmark_group(format!("graph-{}", s.name));
        group.bench_function("darkstar-graph", |b| {
            b.iter(|| black_box(ours(&mut search, black_box(s))))
        });
        group.bench_function("darkstar-graph-fresh", |b| {
            b.iter(|| black_box(fresh(black_box(s))))
        });
        let mut by_number = NumberedSearch::new(s.csr.pos.len());
        group.bench_function("darkstar-numbered", |b| {
            b.iter(|| black_box(ours(&mut by_number, black_box(s))))
        });
        group.bench_function("pathfinding", |b| {
            b.iter(|| black_box(theirs(black_box(s))))
        });
        group.finish();
    }
    c.final_summary();
    let fastest: Vec<[f64; 4]> = suites
        .iter()
        .map(|s| fastest_passes(&mut search, s))
        .collect();

    println!(
        "\nGraph A* on grids turned into u32-node graphs, the same successor and heuristic functions on both sides (criterion medians, one pass over the problems):"
    );
    println!(
        "| graph | problems | darkstar graph (search reused) | darkstar graph (fresh per query) | darkstar numbered | pathfinding | ratio (pathfinding / reused) | ratio (pathfinding / fresh) | ratio (pathfinding / numbered) | expanded (darkstar / pathfinding) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for s in &suites {
        let group = format!("graph-{}", s.name);
        let (Some(reused), Some(fresh), Some(by_number), Some(peer)) = (
            support::median_ns(&group, "darkstar-graph"),
            support::median_ns(&group, "darkstar-graph-fresh"),
            support::median_ns(&group, "darkstar-numbered"),
            support::median_ns(&group, "pathfinding"),
        ) else {
            println!("| {} | (not measured in this run) |", s.name);
            continue;
        };
        println!(
            "| {} | {} | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.2}x | {:.2}x | {:.2}x | {} / {} |",
            s.name,
            s.problems.len(),
            reused / 1e6,
            fresh / 1e6,
            by_number / 1e6,
            peer / 1e6,
            peer / reused,
            peer / fresh,
            peer / by_number,
            s.expanded,
            s.peer_expanded
        );
    }
    println!(
        "\nThe same, as the fastest of {ROUNDS} passes each, the four taking turns within each round:"
    );
    println!(
        "| graph | darkstar graph (reused) | darkstar graph (fresh) | darkstar numbered | pathfinding | ratio (pathfinding / reused) | ratio (pathfinding / fresh) | ratio (pathfinding / numbered) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (s, [reused, fresh, by_number, peer]) in suites.iter().zip(&fastest) {
        println!(
            "| {} | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.2}x | {:.2}x | {:.2}x |",
            s.name,
            reused * 1e3,
            fresh * 1e3,
            by_number * 1e3,
            peer * 1e3,
            peer / reused,
            peer / fresh,
            peer / by_number
        );
    }
}
