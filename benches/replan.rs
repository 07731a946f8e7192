//! Replanning in the dark, played by the game itself: one unit crossing a
//! Moving AI map it has never seen (touch only, and with sight 4), with
//! each of the game's three planners in one run: its own D* Lite, repeated
//! A*, and the faction's shared field. Each unit is a real `sim::Game`
//! (`sim::traverse`: the same turn loop, planner, search queue and budget
//! every monster uses), so this measures what a player watches.
//!
//! Every row takes several problems from one scheme: the scenario file's
//! own buckets (bucket `b` holds problems whose optimal length is about
//! `4b` to `4b + 4`), the first [`PER_ROW`] problems of the row's bucket.
//! Time is the headline (criterion's median for the row's problems, one
//! unit after another). Expansions are printed too but are not comparable
//! across planners: a D* Lite expansion also maintains its lookahead
//! values, and a field's is a backward search shared by a whole faction.
//!
//! A second table holds the game's repeated A* to the bare search: one
//! A* per problem on the true map, timed in the same run, both per cell
//! expanded (what "searches in the game as fast as on the bench" asks).
//! It also gives the game against the fastest bare search there is, A*
//! over the true map read once into a `DenseMap` (outside the timing):
//! a stricter yardstick than the bare search the game is held to (a
//! faction's knowledge changes as it learns, so the game cannot search
//! one). A third table gives the first ratio from the fastest of a few
//! passes of each side taken in turns, so that a slow minute of a shared
//! machine falls on both alike (criterion times the two one after the
//! other).
//!
//! `cargo bench -p darkstar-benches --bench replan`; the data folder is `$DARKSTAR_MOVINGAI`
//! (default `../shared/movingai`).

mod support;

use std::hint::black_box;
use std::time::Duration;

use darkstar::content::movingai::{MovingAiMap, Scenario};
use darkstar::map::geom::Pos;
use darkstar::map::terrain::TerrainMap;
use darkstar::path::{Connectivity, DenseMap, Replanner, SearchContext, SearchOptions};
use darkstar::sim::traverse;

/// Problems per row.
const PER_ROW: usize = 4;
/// Map, sight radius, and the scenario bucket the row's problems come from.
const CASES: [(&str, u32, u32); 4] = [
    ("maze512-1-0", 0, 100),
    ("maze512-1-0", 4, 100),
    ("8room_000", 0, 100),
    ("8room_000", 4, 100),
];
const MAX_TURNS: u32 = 1_000_000;
const PLANNERS: [(Replanner, &str); 3] = [
    (Replanner::DStarLite, "dstar_lite"),
    (Replanner::AStar, "repeated_astar"),
    (Replanner::Field, "field"),
];

struct Case {
    id: String,
    map: TerrainMap,
    /// The true map read for the dense loop, once.
    dense: DenseMap,
    problems: Vec<(Pos, Pos)>,
    radius: u32,
}

/// Every problem of `case` searched once by a bare A* on the true map (what
/// the in-game searches are held to): (cells expanded, paths found).
fn bare(ctx: &mut SearchContext, case: &Case) -> (u64, u64) {
    bare_over(ctx, &case.map, case)
}

/// [`bare`] over `map`, the true map of `case` as given or as read into
/// a [`DenseMap`].
fn bare_over<M: darkstar::path::CostMap>(
    ctx: &mut SearchContext,
    map: &M,
    case: &Case,
) -> (u64, u64) {
    let (mut expanded, mut found) = (0, 0);
    for &(s, g) in &case.problems {
        let out = ctx.find_path(map, s, g, &SearchOptions::default());
        expanded += ctx.stats().expanded;
        found += out.cost().is_some() as u64;
    }
    (expanded, found)
}

/// Every problem of `case` walked with `planner`: (cells expanded, goals
/// reached, turns played).
fn run(case: &Case, planner: Replanner) -> (u64, u64, u64) {
    let (mut expanded, mut reached, mut turns) = (0, 0, 0);
    for &(s, g) in &case.problems {
        let t =
            traverse(&case.map, s, g, case.radius, planner, MAX_TURNS).expect("a playable case");
        expanded += t.expanded;
        reached += t.reached as u64;
        turns += t.turns as u64;
    }
    (expanded, reached, turns)
}

/// Rounds of [`fastest_passes`].
const ROUNDS: usize = 7;

/// The fastest of [`ROUNDS`] passes of `case`'s problems walked by the
/// game with repeated A* and searched bare (as the criterion rows), in
/// seconds, the two taking turns within each round. The bare pass is
/// timed after an untimed one, as criterion's back-to-back iterations
/// time it: straight after the game's pass its caches would be cold, which
/// on the maze's short searches makes it half as slow again and the ratio
/// look better than the bench's.
fn fastest_passes(ctx: &mut SearchContext, case: &Case) -> (f64, f64) {
    let (mut game, mut plain) = (f64::MAX, f64::MAX);
    for _ in 0..ROUNDS {
        let start = std::time::Instant::now();
        black_box(run(black_box(case), Replanner::AStar));
        game = game.min(start.elapsed().as_secs_f64());
        black_box(bare(ctx, black_box(case)));
        let start = std::time::Instant::now();
        black_box(bare(ctx, black_box(case)));
        plain = plain.min(start.elapsed().as_secs_f64());
    }
    (game, plain)
}

fn main() {
    let Some(dir) = support::data_dir_or_skip("the replanning benchmark") else {
        return;
    };
    let mut cases = Vec::new();
    for (name, radius, bucket) in CASES {
        let map = MovingAiMap::load(&dir.join(format!("{name}.map"))).expect("map");
        let scen = Scenario::load(&dir.join(format!("{name}.map.scen"))).expect("scen");
        let problems: Vec<(Pos, Pos)> = scen
            .problems
            .iter()
            .filter(|p| p.bucket == bucket)
            .take(PER_ROW)
            .map(|p| (p.start, p.goal))
            .collect();
        assert_eq!(problems.len(), PER_ROW, "{name} bucket {bucket}");
        let map = map.to_terrain_map();
        cases.push(Case {
            id: format!("{name}_sight{radius}_bucket{bucket}"),
            dense: DenseMap::new(&map, Connectivity::Eight)
                .expect("a true map's costs are per cell"),
            map,
            problems,
            radius,
        });
    }
    let mut c = support::criterion(Duration::from_secs(5));
    let mut ctx = SearchContext::new();
    for case in &cases {
        let mut group = c.benchmark_group(format!("replan_{}", case.id));
        for (planner, id) in PLANNERS {
            group.bench_function(id, |b| b.iter(|| black_box(run(black_box(case), planner))));
        }
        group.bench_function("bare_astar", |b| {
            b.iter(|| black_box(bare(&mut ctx, black_box(case))))
        });
        group.bench_function("bare_astar_dense", |b| {
            b.iter(|| black_box(bare_over(&mut ctx, &case.dense, black_box(case))))
        });
        group.finish();
    }
    c.final_summary();

    println!(
        "\nOne unit per problem crossing an unknown map, played by the game \
         (criterion medians for the row's {PER_ROW} problems; expansions and turns over them):"
    );
    println!(
        "| case | D* Lite | repeated A* | field | A* / D* Lite | field / D* Lite | expanded (D* Lite / A* / field) | turns (D* Lite / A* / field) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for case in &cases {
        let runs: Vec<(u64, u64, u64)> = PLANNERS.iter().map(|&(p, _)| run(case, p)).collect();
        for (&(_, id), r) in PLANNERS.iter().zip(&runs) {
            assert_eq!(r.1, PER_ROW as u64, "{}: {id} missed a goal", case.id);
        }
        let group = format!("replan_{}", case.id);
        let ns: Vec<Option<f64>> = PLANNERS
            .iter()
            .map(|&(_, id)| support::median_ns(&group, id))
            .collect();
        let ms = |t: Option<f64>| t.map_or("-".to_string(), |ns| format!("{:.1} ms", ns / 1e6));
        let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => format!("{:.2}x", a / b),
            _ => "-".to_string(),
        };
        println!(
            "| {} | {} | {} | {} | {} | {} | {} / {} / {} | {} / {} / {} |",
            case.id,
            ms(ns[0]),
            ms(ns[1]),
            ms(ns[2]),
            ratio(ns[1], ns[0]),
            ratio(ns[2], ns[0]),
            runs[0].0,
            runs[1].0,
            runs[2].0,
            runs[0].2,
            runs[1].2,
            runs[2].2,
        );
    }

    println!(
        "\nThe game's searches against the bare search: repeated A* in the game (the row above) \
         and one bare A* per problem on the true map, each per cell expanded; beside them the \
         bare A* over the true map read into a DenseMap (the same cells expanded):"
    );
    println!(
        "| case | repeated A* in the game | bare A* | ns/expanded (game / bare) | ratio | bare A* over a DenseMap | ratio to it |"
    );
    println!("|---|---|---|---|---|---|---|");
    // Each measured row's figures, for the table of fastest passes.
    let mut measured = Vec::new();
    for case in &cases {
        let group = format!("replan_{}", case.id);
        let (Some(game), Some(plain)) = (
            support::median_ns(&group, "repeated_astar"),
            support::median_ns(&group, "bare_astar"),
        ) else {
            println!("| {} | (not measured in this run) |", case.id);
            continue;
        };
        let game_expanded = run(case, Replanner::AStar).0;
        let (bare_expanded, found) = bare(&mut ctx, case);
        assert_eq!(
            found, PER_ROW as u64,
            "{}: the bare search missed a goal",
            case.id
        );
        let (a, b) = (game / game_expanded as f64, plain / bare_expanded as f64);
        let dense = match support::median_ns(&group, "bare_astar_dense") {
            Some(d) => {
                let (dense_expanded, _) = bare_over(&mut ctx, &case.dense, case);
                assert_eq!(
                    dense_expanded, bare_expanded,
                    "{}: dense and general differ",
                    case.id
                );
                let d_per = d / dense_expanded as f64;
                format!(
                    "{:.2} ms, {:.1} ns/expanded | {:.1}x",
                    d / 1e6,
                    d_per,
                    a / d_per
                )
            }
            None => "- | -".to_string(),
        };
        println!(
            "| {} | {:.1} ms, {} expanded | {:.2} ms, {} expanded | {:.1} / {:.1} | {:.1}x | {} |",
            case.id,
            game / 1e6,
            game_expanded,
            plain / 1e6,
            bare_expanded,
            a,
            b,
            a / b,
            dense
        );
        measured.push((case, game_expanded, bare_expanded));
    }
    if measured.is_empty() {
        return;
    }
    println!(
        "\nThe same, as the fastest of {ROUNDS} passes each, the game's and the bare search's \
         taking turns (so a slow minute of this shared machine falls on both alike):"
    );
    println!("| case | repeated A* in the game | bare A* | ns/expanded (game / bare) | ratio |");
    println!("|---|---|---|---|---|");
    for (case, game_expanded, bare_expanded) in measured {
        let (game, plain) = fastest_passes(&mut ctx, case);
        let (a, b) = (
            game * 1e9 / game_expanded as f64,
            plain * 1e9 / bare_expanded as f64,
        );
        println!(
            "| {} | {:.1} ms | {:.2} ms | {:.1} / {:.1} | {:.1}x |",
            case.id,
            game * 1e3,
            plain * 1e3,
            a,
            b,
            a / b
        );
    }
}
