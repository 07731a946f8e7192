//! A lone hunter in the dark, on big maps: would the two-tiered search
//! pay the game? One unit crosses a map it has never seen, seeing 4
//! cells round (the game's shadowcasting, `fog::sight::look`), and plans
//! over what it knows (a faction's `Knowledge`: unknown cells open, at
//! the cheapest cost). It plans again when it learns a wall on the rest
//! of its path. The same walk with two planners:
//!
//! - `astar`: A* over the knowledge, from scratch each time (the game's
//!   repeated A*, without its budgets and queue);
//! - `hierarchy`: the two-tiered search (`Hierarchy`) over the knowledge,
//!   repaired with every cell learnt since its last plan
//!   (`cells_changed`) just before it plans again. A faction would make
//!   its hierarchy once, over a blank map, for all its monsters: so it is
//!   made outside the timing, and each walk starts from a copy.
//!
//! Timed (criterion median): the row's walks. Counted: steps walked (a
//! dearer path is more turns), plans made, cells expanded (A*'s
//! expansions; the hierarchy's `HierarchyStats::expanded`). The time to
//! make the blank hierarchy is printed beside.
//!
//! Rows: 8room_000 (the first problems of its scenario's bucket 100,
//! optimal lengths about 400) and the generator's 1024 x 1024 dungeon of
//! seed 1 (pairs of floor cells at least 600 tiles apart, from a fixed
//! xorshift). Mazes are left out: their corridors defeat clusters.
//!
//! `cargo bench -p darkstar-benches --bench hunter`; the data folder is
//! `$DARKSTAR_MOVINGAI` (default `../shared/movingai`).

mod support;

use std::hint::black_box;
use std::time::Duration;

use darkstar::content::movingai::{MovingAiMap, Scenario};
use darkstar::fog::knowledge::Knowledge;
use darkstar::fog::sight::look;
use darkstar::map::geom::Pos;
use darkstar::map::terrain::TerrainMap;
use darkstar::path::hierarchy::Hierarchy;
use darkstar::path::{Connectivity, Outcome, SearchContext, SearchOptions};

/// How far the hunter sees.
const SIGHT: u32 = 4;
/// Walks a row.
const PER_ROW: usize = 4;
/// A walk longer than this many steps is a bug.
const MAX_STEPS: u64 = 200_000;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Planner {
    AStar,
    Hierarchy,
}

const PLANNERS: [(Planner, &str); 2] =
    [(Planner::AStar, "astar"), (Planner::Hierarchy, "hierarchy")];

struct Row {
    name: String,
    map: TerrainMap,
    problems: Vec<(Pos, Pos)>,
    /// The two-tiered search over a blank knowledge of the map.
    blank: Hierarchy,
}

impl Row {
    fn new(name: String, map: TerrainMap, problems: Vec<(Pos, Pos)>) -> Row {
        let blank = blank(&map);
        Row {
            name,
            map,
            problems,
            blank,
        }
    }
}

/// The hierarchy of a faction that knows nothing of `map` yet.
fn blank(map: &TerrainMap) -> Hierarchy {
    let known = Knowledge::new(map.width(), map.height());
    Hierarchy::new(&known, Connectivity::Eight).expect("8-connected")
}

/// One walk's count.
#[derive(Copy, Clone, Debug, Default)]
struct Walk {
    steps: u64,
    plans: u64,
    expanded: u64,
}

impl std::ops::AddAssign for Walk {
    fn add_assign(&mut self, o: Walk) {
        self.steps += o.steps;
        self.plans += o.plans;
        self.expanded += o.expanded;
    }
}

/// A plan from `at` to `goal` over `known`, counted into `walk`.
fn plan(
    planner: Planner,
    known: &Knowledge,
    ctx: &mut SearchContext,
    hpa: &mut Option<Hierarchy>,
    learnt: &mut Vec<Pos>,
    (at, goal): (Pos, Pos),
    walk: &mut Walk,
) -> Vec<Pos> {
    walk.plans += 1;
    let out = match planner {
        Planner::AStar => {
            let out = ctx.find_path(known, at, goal, &SearchOptions::default());
            walk.expanded += ctx.stats().expanded;
            out
        }
        Planner::Hierarchy => {
            let hpa = hpa.as_mut().expect("made at the start");
            hpa.cells_changed(known, learnt);
            learnt.clear();
            let out = hpa.find_path(known, at, goal);
            walk.expanded += hpa.stats().expanded();
            out
        }
    };
    match out {
        Outcome::Found { path, .. } => path,
        other => panic!("{at} -> {goal}: {other:?} over what the hunter knows"),
    }
}

/// The hunter walks from `start` to `goal` on `map` with `planner`.
fn walk(row: &Row, (start, goal): (Pos, Pos), planner: Planner) -> Walk {
    let map = &row.map;
    let mut known = Knowledge::new(map.width(), map.height());
    let mut ctx = SearchContext::new();
    let mut learnt = look(&mut known, map, start, SIGHT, 0);
    let mut hpa = (planner == Planner::Hierarchy).then(|| row.blank.clone());
    let mut w = Walk::default();
    let mut path = plan(
        planner,
        &known,
        &mut ctx,
        &mut hpa,
        &mut learnt,
        (start, goal),
        &mut w,
    );
    let mut i = 0;
    while path[i] != goal {
        assert!(w.steps < MAX_STEPS, "{start} -> {goal}: lost");
        i += 1;
        let at = path[i];
        w.steps += 1;
        let seen = look(&mut known, map, at, SIGHT, w.steps as u32);
        let blocked = seen
            .iter()
            .any(|&p| !known.is_passable(p) && path[i..].contains(&p));
        learnt.extend(seen);
        if blocked {
            path = plan(
                planner,
                &known,
                &mut ctx,
                &mut hpa,
                &mut learnt,
                (at, goal),
                &mut w,
            );
            i = 0;
        }
    }
    w
}

fn row_walks(row: &Row, planner: Planner) -> Walk {
    let mut total = Walk::default();
    for &p in &row.problems {
        total += walk(row, p, planner);
    }
    total
}

fn moving_ai(name: &str) -> Row {
    let dir = support::data_dir_or_skip("x").expect("checked in main");
    let map = MovingAiMap::load(&dir.join(format!("{name}.map"))).expect("map");
    let scen = Scenario::load(&dir.join(format!("{name}.map.scen"))).expect("scen");
    let problems = scen
        .problems
        .iter()
        .filter(|p| p.bucket == 100)
        .take(PER_ROW)
        .map(|p| (p.start, p.goal))
        .collect();
    Row::new(name.to_string(), map.to_terrain_map(), problems)
}

/// The 1024 x 1024 dungeon of seed 1, and pairs of its floor cells at
/// least 600 tiles apart.
fn dungeon() -> Row {
    let (map, floor) = support::dungeon(1024, |map, p| map.is_passable(p));
    let mut next = support::xorshift_draw(&floor);
    let mut problems = Vec::new();
    while problems.len() < PER_ROW {
        let (a, b) = (next(), next());
        let (dx, dy) = a.abs_delta(b);
        if dx.max(dy) >= 600
            && SearchContext::new()
                .find_path(&map, a, b, &SearchOptions::default())
                .cost()
                .is_some()
        {
            problems.push((a, b));
        }
    }
    Row::new("dungeon1024".to_string(), map, problems)
}

fn main() {
    if support::data_dir_or_skip("the lone hunter benchmark").is_none() {
        return;
    }
    let rows = [moving_ai("8room_000"), dungeon()];
    let mut c = support::criterion(Duration::from_secs(5));
    for row in &rows {
        let mut group = c.benchmark_group(format!("hunter-{}", row.name));
        for (planner, id) in PLANNERS {
            group.bench_function(id, |b| {
                b.iter(|| black_box(row_walks(black_box(row), planner)))
            });
        }
        group.finish();
    }
    c.final_summary();
    println!(
        "\nA lone hunter crossing an unknown map, sight {SIGHT}, {PER_ROW} walks a row (criterion medians; steps, plans and cells expanded over the walks):"
    );
    println!(
        "| map | A* again | hierarchy repaired | A* / hierarchy | steps, A* / hierarchy | plans, A* / hierarchy | expanded, A* / hierarchy | blank hierarchy made in | copied in |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for row in &rows {
        let group = format!("hunter-{}", row.name);
        let (a, h) = (
            row_walks(row, Planner::AStar),
            row_walks(row, Planner::Hierarchy),
        );
        let ms = |id| support::median_ns(&group, id).map(|ns| ns / 1e6);
        let (Some(ta), Some(th)) = (ms("astar"), ms("hierarchy")) else {
            println!("| {} | (not measured in this run) |", row.name);
            continue;
        };
        let made = std::time::Instant::now();
        black_box(blank(&row.map));
        let made = made.elapsed().as_secs_f64() * 1e3;
        let copied = std::time::Instant::now();
        black_box(row.blank.clone());
        let copied = copied.elapsed().as_secs_f64() * 1e3;
        println!(
            "| {} | {:.1} ms | {:.1} ms | {:.2}x | {} / {} | {} / {} | {} / {} | {:.1} ms | {:.2} ms |",
            row.name,
            ta,
            th,
            ta / th,
            a.steps,
            h.steps,
            a.plans,
            h.plans,
            a.expanded,
            h.expanded,
            made,
            copied
        );
    }
}
