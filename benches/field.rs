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
//!
//! Then fresh fields, two ways, in the same run, over two 512x512 maps
//! (the dungeon of seed 1, fully known; and an open map of random
//! terrain, a quarter of it unknown at twice floor, with danger from a
//! few dozen deaths): grown by LPA* (`Field::retarget`, then `value` of a
//! wall, which exhausts the target's component) beside `Field::rebuild`
//! with a wall as its reader (the same component, settled by the fast
//! search); and both settling only the cells of 256 monsters spread over
//! the floor. Both reuse their field's buffers. Prints the medians, the
//! cells settled, ns per settled cell and the ratio.
//!
//! `cargo bench -p darkstar-benches --bench field` (`-- rebuild` for the second part only).

mod support;

use std::hint::black_box;
use std::time::Duration;

use darkstar::content::generator::{GenParams, generate};
use darkstar::fog::knowledge::Knowledge;
use darkstar::fog::knowledge::KnowledgeRules;
use darkstar::map::cost::Cost;
use darkstar::map::geom::Pos;
use darkstar::map::terrain::{Terrain, TerrainMap};
use darkstar::path::{Connectivity, DistanceMap, Field, Rebuild};
use rand::RngExt;

const SIGHT: i32 = 4;
const STEPS_PER_BATCH: usize = 10;
const BATCHES: usize = 15;
const CROWD: usize = 256;
const GROUP: &str = "field_512_dungeon";
const REBUILD_GROUP: &str = "rebuild_512";

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

/// The 512x512 dungeon of seed 1, which both parts of the bench use.
fn dungeon_512() -> darkstar::content::level::Level {
    generate(
        &GenParams {
            width: 512,
            height: 512,
            ..GenParams::default()
        },
        1,
    )
}

fn record() -> Scenario {
    let level = dungeon_512();
    let map = level.terrain;
    let target = level.factions[0]
        .goal
        .expect("generated levels have a goal");
    let mut at = level.spawns[0].at;
    let mut known = Knowledge::blank(map.width(), map.height(), 1);
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
    let mut known = Knowledge::blank(s.width, s.height, 1);
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
    let mut known = Knowledge::blank(s.width, s.height, 1);
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

/// A map for fresh fields: a faction's knowledge, the target, a wall (a
/// reader that makes a search exhaust the component) and a crowd.
struct Fresh {
    name: &'static str,
    what: &'static str,
    known: Knowledge,
    target: Pos,
    wall: Pos,
    crowd: Vec<Pos>,
}

/// `count` distinct cells of `known` with floor at the same place in
/// `passable` (the true map), drawn by seed 1.
fn crowd_on(known: &Knowledge, count: usize) -> Vec<Pos> {
    let mut rng = darkstar::rng::sim_rng(1);
    let mut floor: Vec<Pos> = (0..known.height() as i32)
        .flat_map(|y| (0..known.width() as i32).map(move |x| Pos::new(x, y)))
        .filter(|&p| known.belief(p) == Some(Terrain::Floor))
        .collect();
    (0..count)
        .map(|_| floor.swap_remove(rng.random_range(0..floor.len())))
        .collect()
}

fn first_wall(known: &Knowledge) -> Pos {
    (0..known.height() as i32)
        .flat_map(|y| (0..known.width() as i32).map(move |x| Pos::new(x, y)))
        .find(|&p| known.belief(p) == Some(Terrain::Wall))
        .expect("a wall")
}

fn fresh_maps() -> Vec<Fresh> {
    let level = dungeon_512();
    let map = level.terrain;
    let mut dungeon = Knowledge::blank(map.width(), map.height(), 1);
    for p in map.grid().positions() {
        dungeon.learn(p, map.get(p).expect("on the map"), 1);
    }
    let mut rng = darkstar::rng::sim_rng(2);
    let mut open = Knowledge::blank(512, 512, 2).with_danger_weight(1);
    for y in 0..512 {
        for x in 0..512 {
            let t = match rng.random_range(0..100u32) {
                0..6 => Terrain::Wall,
                6..10 => Terrain::Swamp,
                10..13 => Terrain::Road,
                13..15 => Terrain::ShallowWater,
                15..40 => continue,
                _ => Terrain::Floor,
            };
            open.learn(Pos::new(x, y), t, 1);
        }
    }
    for _ in 0..40 {
        let at = Pos::new(rng.random_range(0..512), rng.random_range(0..512));
        open.death(at);
    }
    let centre = Pos::new(256, 256);
    open.learn(centre, Terrain::Floor, 1);
    vec![
        Fresh {
            name: "dungeon",
            what: "dungeon of seed 1, known",
            wall: first_wall(&dungeon),
            crowd: crowd_on(&dungeon, CROWD),
            target: level.factions[0]
                .goal
                .expect("generated levels have a goal"),
            known: dungeon,
        },
        Fresh {
            name: "open",
            what: "open, random terrain, 25% unknown, danger",
            wall: first_wall(&open),
            crowd: crowd_on(&open, CROWD),
            target: centre,
            known: open,
        },
    ]
}

/// LPA* from scratch until every reader is settled: the cells expanded.
fn lpa_fresh(field: &mut Field, known: &Knowledge, target: Pos, readers: &[Pos]) -> u64 {
    let before = field.expanded();
    field.retarget(known, target);
    for &r in readers {
        black_box(field.value(known, r));
    }
    field.expanded() - before
}

/// `Field::rebuild` for the same readers: the cells settled.
fn rebuild_fresh(
    field: &mut Field,
    known: &Knowledge,
    readers: &[Pos],
    scratch: &mut Rebuild,
) -> u64 {
    let before = field.expanded();
    field.rebuild(known, readers, scratch);
    field.expanded() - before
}

/// The fresh-field rows: times both ways of growing each map's field and
/// prints the table.
fn bench_rebuild(c: &mut criterion::Criterion) {
    let maps = fresh_maps();
    let mut group = c.benchmark_group(REBUILD_GROUP);
    let mut rows = Vec::new();
    for m in &maps {
        let k = &m.known;
        let whole = [m.wall];
        for (readers, part) in [(&whole[..], "whole"), (&m.crowd[..], "crowd")] {
            let mut field = Field::new(k, m.target, Connectivity::Eight);
            let mut scratch = Rebuild::new();
            let lpa_id = format!("lpa_{}_{part}", m.name);
            let rebuild_id = format!("rebuild_{}_{part}", m.name);
            group.bench_function(&lpa_id, |b| {
                b.iter(|| lpa_fresh(&mut field, k, m.target, black_box(readers)))
            });
            group.bench_function(&rebuild_id, |b| {
                b.iter(|| rebuild_fresh(&mut field, k, black_box(readers), &mut scratch))
            });
            // Untimed: the counts, and the same answers both ways.
            let mut grown = Field::new(k, m.target, Connectivity::Eight);
            let expanded = lpa_fresh(&mut grown, k, m.target, readers);
            let settled = rebuild_fresh(&mut field, k, readers, &mut scratch);
            for &p in m.crowd.iter().chain(readers) {
                assert_eq!(field.value(k, p), grown.value(k, p), "value of {p}");
            }
            rows.push((m, part, lpa_id, rebuild_id, expanded, settled));
        }
    }
    group.finish();
    c.final_summary();
    println!(
        "\nFresh fields on 512x512 maps, grown by LPA* (retarget + queries) and by Field::rebuild (criterion medians; ns per cell settled; one core):"
    );
    println!(
        "| map | settled until | LPA* | expanded | ns/cell | rebuild | settled | ns/cell | ratio |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (m, part, lpa_id, rebuild_id, expanded, settled) in rows {
        let until = match part {
            "whole" => "the component is exhausted".to_string(),
            _ => format!("{CROWD} monsters' cells"),
        };
        let lpa = support::median_ns(REBUILD_GROUP, &lpa_id);
        let fast = support::median_ns(REBUILD_GROUP, &rebuild_id);
        let ms = |ns: Option<f64>| ns.map_or("-".to_string(), |ns| format!("{:.2} ms", ns / 1e6));
        let per = |ns: Option<f64>, n: u64| {
            ns.map_or("-".to_string(), |ns| format!("{:.1}", ns / n as f64))
        };
        let ratio = match (lpa, fast) {
            (Some(l), Some(f)) => format!("{:.1}x", l / f),
            _ => "-".to_string(),
        };
        println!(
            "| {} | {until} | {} | {expanded} | {} | {} | {settled} | {} | {ratio} |",
            m.what,
            ms(lpa),
            per(lpa, expanded),
            ms(fast),
            per(fast, settled),
        );
    }
    let cells = maps[0].known.width() as u64 * maps[0].known.height() as u64;
    println!(
        "({cells} cells a map; the rebuild reads all of them each call, whatever it settles.)"
    );
}

fn main() {
    let mut c = support::criterion(Duration::from_secs(3));
    bench_rebuild(&mut c);
    let s = record();
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
