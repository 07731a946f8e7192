//! A unit crossing an unknown map (touch only, and with sight 4): D* Lite
//! against repeated A* in one run, on Moving AI maps (a 512x512 maze and
//! rooms) and on generated perfect mazes. Prints, after criterion's
//! report, the nodes each expanded over the whole traverse and the ratio,
//! with criterion's medians. `cargo bench --bench replan`; Moving AI data
//! from `$DARKSTAR_MOVINGAI` (default `../shared/movingai`); the generated
//! cases run without it.

mod support;

use std::hint::black_box;
use std::time::Duration;

use darkstar::content::generator::maze;
use darkstar::content::movingai::{MovingAiMap, Scenario};
use darkstar::map::geom::Pos;
use darkstar::map::terrain::TerrainMap;
use darkstar::path::Replanner;
use darkstar::rng::sim_rng;
use darkstar::sim::traverse;

/// Map, sight radius, the scenario bucket the problems come from (a bucket
/// is about a quarter of the optimal length) and how many of its problems.
/// The maze with sight gets a longer problem: a blind repeated A* on one
/// that long takes most of a minute per traverse, too slow to sample.
const CASES: [(&str, u32, u32, usize); 4] = [
    ("maze512-1-0", 0, 100, 2),
    ("maze512-1-0", 4, 500, 1),
    ("8room_000", 0, 100, 2),
    ("8room_000", 4, 100, 2),
];
const MAX_TURNS: u32 = 1_000_000;
/// Generated perfect mazes: side, seed, sight radius. Corner to corner.
const GENERATED: [(u32, u64, u32); 3] = [(255, 1, 0), (255, 3, 4), (511, 2, 0)];

struct Case {
    id: String,
    map: TerrainMap,
    problems: Vec<(Pos, Pos)>,
    radius: u32,
}

fn run(case: &Case, replanner: Replanner) -> (u64, u64) {
    let mut expanded = 0;
    let mut reached = 0;
    for &(s, g) in &case.problems {
        let t =
            traverse(&case.map, s, g, case.radius, replanner, MAX_TURNS).expect("a playable case");
        expanded += t.expanded;
        reached += t.reached as u64;
    }
    (expanded, reached)
}

fn main() {
    let mut cases = Vec::new();
    for (side, seed, radius) in GENERATED {
        let map = maze(side, side, &mut sim_rng(seed));
        let far = side as i32 - 2;
        cases.push(Case {
            id: format!("generated{side}_seed{seed}_sight{radius}"),
            map,
            problems: vec![(Pos::new(1, 1), Pos::new(far, far))],
            radius,
        });
    }
    if let Some(dir) = support::data_dir_or_skip("the Moving AI cases of the replanning benchmark")
    {
        for (name, radius, bucket, count) in CASES {
            let map = MovingAiMap::load(&dir.join(format!("{name}.map"))).expect("map");
            let scen = Scenario::load(&dir.join(format!("{name}.map.scen"))).expect("scen");
            let problems: Vec<(Pos, Pos)> = scen
                .problems
                .iter()
                .filter(|p| p.bucket == bucket)
                .take(count)
                .map(|p| (p.start, p.goal))
                .collect();
            cases.push(Case {
                id: format!("{name}_sight{radius}_bucket{bucket}"),
                map: map.to_terrain_map(),
                problems,
                radius,
            });
        }
    }
    let mut c = support::criterion(Duration::from_secs(5));
    for case in &cases {
        let mut group = c.benchmark_group(format!("replan_{}", case.id));
        group.bench_function("dstar_lite", |b| {
            b.iter(|| black_box(run(black_box(case), Replanner::DStarLite)))
        });
        group.bench_function("repeated_astar", |b| {
            b.iter(|| black_box(run(black_box(case), Replanner::AStar)))
        });
        group.finish();
    }
    c.final_summary();

    println!("\nTraverses of unknown maps (criterion medians; expansions over whole traverses):");
    println!(
        "| case | problems | D* Lite expanded | repeated A* expanded | ratio | D* Lite | repeated A* |"
    );
    println!("|---|---|---|---|---|---|---|");
    for case in &cases {
        let (d, dr) = run(case, Replanner::DStarLite);
        let (a, ar) = run(case, Replanner::AStar);
        assert_eq!(
            (dr, ar),
            (case.problems.len() as u64, case.problems.len() as u64),
            "both reach every goal"
        );
        let group = format!("replan_{}", case.id);
        let time = |id| {
            support::median_ns(&group, id)
                .map_or("-".to_string(), |ns| format!("{:.1} ms", ns / 1e6))
        };
        println!(
            "| {} | {} | {} | {} | {:.1}x | {} | {} |",
            case.id,
            case.problems.len(),
            d,
            a,
            a as f64 / d as f64,
            time("dstar_lite"),
            time("repeated_astar")
        );
    }
}
