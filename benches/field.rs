//! A shared field repaired incrementally against a full Dijkstra
//! recomputed from the target, in one run, on the 512x512 dungeon of
//! seed 1. A scout walks from the first spawn toward the goal over what its
//! faction knows, learning the true terrain in a square of radius 4 around
//! it each step; every 10 steps' discoveries make one batch. After each
//! batch both sides answer the same questions (the scout's cell, and for
//! the crowd rows the cells of 256 monsters spread over the floor): the
//! field, told the changed cells, then asked lazily; and
//! `DistanceMap::compute` from the target, then read. The walk is recorded
//! once, outside the timing; each iteration replays it from a fresh
//! `Knowledge`. Prints criterion's medians, expansions and the ratio.
//! `cargo bench --bench field`.

mod support;

use std::hint::black_box;
use std::time::Duration;

use darkstar::content::generator::{GenParams, generate};
use darkstar::fog::knowledge::Knowledge;
use darkstar::map::cost::Cost;
use darkstar::map::geom::Pos;
use darkstar::map::terrain::{Terrain, TerrainMap};
use darkstar::path::{Connectivity, DistanceMap, Field};
use rand::RngExt;

const SIGHT: i32 = 4;
const STEPS_PER_BATCH: usize = 10;
const BATCHES: usize = 15;
const CROWD: usize = 256;
const GROUP: &str = "field_512_dungeon";

/// The recorded scenario: per batch, the cells learnt (with their true
/// terrain) and the cells asked about afterwards.
struct Scenario {
    width: u32,
    height: u32,
    target: Pos,
    batches: Vec<Vec<(Pos, Terrain)>>,
    /// The scout's cell after each batch.
    scout: Vec<Pos>,
    crowd: Vec<Pos>,
}

/// Learns the square of radius `SIGHT` around `at`; returns what changed.
fn look(map: &TerrainMap, known: &mut Knowledge, at: Pos, turn: u32) -> Vec<(Pos, Terrain)> {
    let mut seen = Vec::new();
    for dy in -SIGHT..=SIGHT {
        for dx in -SIGHT..=SIGHT {
            let p = Pos::new(at.x + dx, at.y + dy);
            if let Some(t) = map.get(p)
                && known.learn(p, t, turn) != darkstar::fog::knowledge::Learnt::Nothing
            {
                seen.push((p, t));
            }
        }
    }
    seen
}

fn record() -> Scenario {
    let level = generate(
        &GenParams {
            width: 512,
            height: 512,
            ..GenParams::default()
        },
        1,
    );
    let map = level.terrain;
    let target = level.factions[0]
        .goal
        .expect("generated levels have a goal");
    let mut at = level.spawns[0].at;
    let mut known = Knowledge::new(map.width(), map.height(), 1);
    let mut field = Field::new(&known, target, Connectivity::Eight);
    let (mut batches, mut scout) = (Vec::new(), Vec::new());
    let mut turn = 0;
    'walk: for _ in 0..BATCHES {
        let mut batch = Vec::new();
        for _ in 0..STEPS_PER_BATCH {
            turn += 1;
            let seen = look(&map, &mut known, at, turn);
            let cells: Vec<Pos> = seen.iter().map(|&(p, _)| p).collect();
            field.cells_changed(&known, &cells);
            batch.extend(seen);
            match field.next_step(&known, at) {
                Some(next) => at = next,
                None => {
                    batches.push(batch);
                    scout.push(at);
                    break 'walk;
                }
            }
        }
        batches.push(batch);
        scout.push(at);
    }
    let mut rng = darkstar::rng::sim_rng(1);
    let mut floor: Vec<Pos> = map
        .grid()
        .positions()
        .filter(|&p| map.get(p) == Some(Terrain::Floor))
        .collect();
    let crowd = (0..CROWD)
        .map(|_| floor.swap_remove(rng.random_range(0..floor.len())))
        .collect();
    Scenario {
        width: map.width(),
        height: map.height(),
        target,
        batches,
        scout,
        crowd,
    }
}

/// The cells asked about after batch `b`.
fn asked(s: &Scenario, b: usize, crowd: bool) -> Vec<Pos> {
    let mut cells = vec![s.scout[b]];
    if crowd {
        cells.extend(&s.crowd);
    }
    cells
}

/// (a): one field, repaired after each batch. Returns the sum of values
/// and next-step coordinates read (so nothing is optimised away, and both
/// sides can be compared) and the cells expanded.
fn run_field(s: &Scenario, crowd: bool) -> (Vec<Option<Cost>>, u64) {
    let mut known = Knowledge::new(s.width, s.height, 1);
    let mut field = Field::new(&known, s.target, Connectivity::Eight);
    let mut answers = Vec::new();
    for (b, batch) in s.batches.iter().enumerate() {
        for &(p, t) in batch {
            known.learn(p, t, b as u32);
        }
        let cells: Vec<Pos> = batch.iter().map(|&(p, _)| p).collect();
        field.cells_changed(&known, &cells);
        for p in asked(s, b, crowd) {
            answers.push(field.value(&known, p));
            black_box(field.next_step(&known, p));
        }
    }
    (answers, field.expanded())
}

/// (b): a full Dijkstra from the target after each batch. Returns the
/// values read and the cells settled (every reachable cell, each time).
fn run_dijkstra(s: &Scenario, crowd: bool) -> (Vec<Option<Cost>>, u64) {
    let mut known = Knowledge::new(s.width, s.height, 1);
    let mut answers = Vec::new();
    let mut settled = 0;
    for (b, batch) in s.batches.iter().enumerate() {
        for &(p, t) in batch {
            known.learn(p, t, b as u32);
        }
        let d = DistanceMap::compute(&known, &[s.target], Connectivity::Eight);
        settled += d.grid().cells().iter().filter(|&&c| c != Cost::MAX).count() as u64;
        for p in asked(s, b, crowd) {
            answers.push(d.distance(p));
            black_box(d.next_step(&known, p));
        }
    }
    (answers, settled)
}

fn main() {
    let s = record();
    let mut c = support::criterion(Duration::from_secs(3));
    let mut group = c.benchmark_group(GROUP);
    for (crowd, name) in [(false, "scout"), (true, "crowd")] {
        group.bench_function(format!("field_{name}"), |b| {
            b.iter(|| black_box(run_field(black_box(&s), crowd)))
        });
        group.bench_function(format!("dijkstra_{name}"), |b| {
            b.iter(|| black_box(run_dijkstra(black_box(&s), crowd)))
        });
    }
    group.finish();
    c.final_summary();

    let learnt: usize = s.batches.iter().map(Vec::len).sum();
    println!(
        "\nA scout's discoveries on the 512x512 dungeon of seed 1: {} batches of {STEPS_PER_BATCH} steps, {learnt} cells learnt; after each batch the same cells are asked of both (criterion medians over the whole walk):",
        s.batches.len()
    );
    println!(
        "| asked after each batch | field (repaired) | full Dijkstra | ratio | field expanded | Dijkstra settled |"
    );
    println!("|---|---|---|---|---|---|");
    for (crowd, name, what) in [
        (false, "scout", "the scout's cell".to_string()),
        (
            true,
            "crowd",
            format!("the scout's + {CROWD} monsters' cells"),
        ),
    ] {
        let (fa, fe) = run_field(&s, crowd);
        let (da, de) = run_dijkstra(&s, crowd);
        assert_eq!(fa, da, "both sides give the same values");
        let f = support::median_ns(GROUP, &format!("field_{name}"));
        let d = support::median_ns(GROUP, &format!("dijkstra_{name}"));
        let ms = |ns: Option<f64>| ns.map_or("-".to_string(), |ns| format!("{:.1} ms", ns / 1e6));
        let ratio = match (f, d) {
            (Some(f), Some(d)) => format!("{:.1}x", d / f),
            _ => "-".to_string(),
        };
        println!("| {what} | {} | {} | {ratio} | {fe} | {de} |", ms(f), ms(d));
    }
}
