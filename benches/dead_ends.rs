//! Dead ends skipped (`darkstar_path::dead_ends`) against the plain A*,
//! in one run: on the Moving AI maze, room map and arena, and on a 512 x
//! 512 dungeon from the game's generator, the same queries by
//! `SearchContext::find_path` and by `find_path_in` (the search of the
//! query's corridor), each over the map as given (the general loop) and
//! over it read into a `DenseMap` (the loop made for its arrays; the
//! reading is outside the timing), and the tagging itself
//! (`DeadEnds::new`, once per map). Costs and paths are checked equal before
//! anything is timed; the cells each side expands are counted in an
//! untimed pass and printed beside the medians.
//!
//! `cargo bench -p darkstar-benches --bench dead_ends`; the data folder is
//! `$DARKSTAR_MOVINGAI` (default `../shared/movingai`).

mod support;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use darkstar::content::movingai::{MovingAiMap, Scenario};
use darkstar::map::cost::Cost;
use darkstar::map::geom::Pos;
use darkstar::path::dead_ends::DeadEnds;
use darkstar::path::{Connectivity, CostMap, DenseMap, SearchContext, SearchOptions};

struct Suite {
    name: String,
    map: Box<dyn CostMap>,
    dense: DenseMap,
    tags: DeadEnds,
    queries: Vec<(Pos, Pos)>,
    /// Cells expanded over one pass: the whole map, the corridors.
    plain: u64,
    pruned: u64,
    /// Cells the corridors allow, summed over the queries, and the map's
    /// open cells times the queries.
    allowed: u64,
    open: u64,
}

fn suite(name: String, map: Box<dyn CostMap>, queries: Vec<(Pos, Pos)>) -> Suite {
    let dense = DenseMap::new(&*map, Connectivity::Eight).expect("a dense map");
    let tags = DeadEnds::new(&*map, Connectivity::Eight);
    let options = SearchOptions::default();
    let mut ctx = SearchContext::new();
    let (mut plain, mut pruned, mut allowed) = (0, 0, 0);
    for &(s, g) in &queries {
        let want = ctx.find_path(&*map, s, g, &options);
        plain += ctx.stats().expanded;
        let got = ctx.find_path_in(&*map, s, g, &options, &tags);
        pruned += ctx.stats().expanded;
        assert_eq!(got, want, "{name}: {s:?} to {g:?}");
        assert_eq!(ctx.find_path(&dense, s, g, &options), want, "{name}: dense");
        allowed += tags.corridor(s, g).map_or(0, |c| c.cells() as u64);
    }
    let cells = (map.width() * map.height()) as usize;
    let open = (0..cells)
        .filter(|&i| {
            let p = Pos::from_row_major(i, map.width());
            darkstar::path::neighbours(&*map, p, i, Connectivity::Eight)
                .next()
                .is_some()
        })
        .count() as u64
        * queries.len() as u64;
    Suite {
        name,
        map,
        dense,
        tags,
        queries,
        plain,
        pruned,
        allowed,
        open,
    }
}

fn moving_ai(dir: &Path, name: &str, every: usize) -> Suite {
    let map = MovingAiMap::load(&dir.join(format!("{name}.map"))).expect("map");
    let scen = Scenario::load(&dir.join(format!("{name}.map.scen"))).expect("scen");
    let queries = scen
        .problems
        .iter()
        .step_by(every)
        .map(|p| (p.start, p.goal))
        .collect();
    suite(name.to_string(), Box::new(map), queries)
}

/// The generator's dungeon of seed 1 at `side` x `side`, with `n` queries
/// between open cells picked by a fixed sequence (a linear congruential
/// one: the bench needs no random numbers of the game's).
fn dungeon(side: u32, n: usize) -> Suite {
    let (terrain, open) = support::dungeon(side, |map, p| map.is_passable(p));
    let queries = support::lcg_pairs(&open, n);
    suite(format!("dungeon{side}"), Box::new(terrain), queries)
}

fn pass(ctx: &mut SearchContext, map: &dyn CostMap, queries: &[(Pos, Pos)]) -> Cost {
    let options = SearchOptions::default();
    queries
        .iter()
        .filter_map(|&(s, g)| ctx.find_path(map, s, g, &options).cost())
        .sum()
}

fn pass_in(ctx: &mut SearchContext, map: &dyn CostMap, s: &Suite) -> Cost {
    let options = SearchOptions::default();
    s.queries
        .iter()
        .filter_map(|&(a, b)| ctx.find_path_in(map, a, b, &options, &s.tags).cost())
        .sum()
}

fn main() {
    let Some(dir) = support::data_dir_or_skip("the dead ends benchmark") else {
        return;
    };
    let suites = vec![
        moving_ai(&dir, "maze512-1-0", 48),
        moving_ai(&dir, "8room_000", 10),
        moving_ai(&dir, "arena2", 2),
        dungeon(512, 300),
    ];
    let mut c = support::criterion(Duration::from_secs(5));
    let mut ctx = SearchContext::new();
    for s in &suites {
        let mut group = c.benchmark_group(format!("dead-ends-{}", s.name));
        group.bench_function("astar", |b| {
            b.iter(|| black_box(pass(&mut ctx, &*s.map, black_box(&s.queries))))
        });
        group.bench_function("astar-dense", |b| {
            b.iter(|| black_box(pass(&mut ctx, &s.dense, black_box(&s.queries))))
        });
        group.bench_function("astar-in-corridor", |b| {
            b.iter(|| black_box(pass_in(&mut ctx, &*s.map, black_box(s))))
        });
        group.bench_function("astar-dense-in-corridor", |b| {
            b.iter(|| black_box(pass_in(&mut ctx, &s.dense, black_box(s))))
        });
        group.bench_function("tag", |b| {
            b.iter(|| black_box(DeadEnds::new(&*s.map, Connectivity::Eight)))
        });
        group.finish();
    }
    c.final_summary();
    println!(
        "\n| map | queries | A* (ms) | in corridor (ms) | ratio | A* dense (ms) | dense in corridor (ms) | ratio | tag (ms) | cells expanded: A* | in corridor | corridor cells / open cells |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for s in &suites {
        let g = format!("dead-ends-{}", s.name);
        let ms = |id: &str| support::median_ns(&g, id).map_or(f64::NAN, |ns| ns / 1e6);
        let (plain, pruned, dense, dense_pruned, tag) = (
            ms("astar"),
            ms("astar-in-corridor"),
            ms("astar-dense"),
            ms("astar-dense-in-corridor"),
            ms("tag"),
        );
        println!(
            "| {} | {} | {plain:.2} | {pruned:.2} | {:.2}x | {dense:.2} | {dense_pruned:.2} | {:.2}x | {tag:.2} | {} | {} ({:.0}%) | {:.0}% |",
            s.name,
            s.queries.len(),
            plain / pruned,
            dense / dense_pruned,
            s.plain,
            s.pruned,
            100.0 * s.pruned as f64 / s.plain as f64,
            100.0 * s.allowed as f64 / s.open as f64,
        );
    }
}
