//! Every Moving AI scenario in the data folder against its published
//! optimal length (Sturtevant 2012), by A* over the map and over the map
//! read into a `DenseMap`, and by jump point search. Where the folder is
//! absent (a user's clone) these tests are ignored, with the reason (see
//! `build.rs`), so they count as skipped; CI always has it, and fails
//! without it.

use std::io::Write;
use std::path::{Path, PathBuf};

use darkstar::content::movingai::{self, MovingAiMap, Scenario};
use darkstar::map::cost::to_tiles;
use darkstar::map::terrain::FLOOR_COST;
use darkstar::path::jps::{JumpGrid, JumpPointSearch};
use darkstar::path::{Connectivity, DenseMap, SearchContext, SearchOptions};

/// Scenario files checked, relative to the data folder, and which share of
/// their problems: the 512x512 maze's 12,120 problems are sampled (every
/// 4th) to keep the suite quick; everything else runs in full.
const SCENARIOS: [(&str, usize); 6] = [
    ("arena2.map.scen", 1),
    ("8room_000.map.scen", 1),
    ("maze512-1-0.map.scen", 4),
    ("legacy/brc202d.map.scen", 1),
    ("legacy/den011d.map.scen", 1),
    ("legacy/lak303d.map.scen", 1),
];

fn data() -> Option<PathBuf> {
    static SAID: std::sync::Once = std::sync::Once::new();
    let dir = movingai::data_dir();
    // On a user's clone the data may be absent and these checks skip; in
    // CI (`CI` set) that would hide them, so it is a failure.
    assert!(
        dir.is_some() || std::env::var_os("CI").is_none(),
        "CI is set but there is no Moving AI data folder (set {} or provide ../shared/movingai)",
        movingai::DATA_DIR_VAR
    );
    if dir.is_none() {
        // Straight to stderr, past the test harness's capture, and once.
        SAID.call_once(|| {
            let _ = writeln!(
                std::io::stderr(),
                "skipping Moving AI checks: no data folder (set {} or provide ../shared/movingai)",
                movingai::DATA_DIR_VAR
            );
        });
    }
    dir
}

fn check(name: &str) {
    let Some(dir) = data() else { return };
    let every = SCENARIOS.iter().find(|s| s.0 == name).map(|s| s.1).unwrap();
    let scen_path = dir.join(name);
    let scenario = Scenario::load(&scen_path).unwrap();
    let map = MovingAiMap::load(&movingai::locate_map(&scen_path, &scenario).unwrap()).unwrap();
    let report = movingai::run_scenario(
        &map,
        &scenario,
        &scen_path,
        every,
        &mut SearchContext::new(),
    )
    .unwrap();
    // The map read into a DenseMap (what `darkstar scen` and the A* bench
    // search): the same problems, lengths, expansions and pushes.
    let dense = DenseMap::new(&map, Connectivity::Eight).unwrap();
    let over_dense = movingai::run_scenario(
        &dense,
        &scenario,
        &scen_path,
        every,
        &mut SearchContext::new(),
    )
    .unwrap();
    assert_eq!(over_dense, report, "{name}: over the dense map");
    assert!(
        report.problems >= scenario.problems.len() / every,
        "{name}: ran {}",
        report.problems
    );
    assert!(
        report.problems > 100,
        "{name}: only {} problems",
        report.problems
    );
    assert!(
        report.mismatches.is_empty(),
        "{name}: {} mismatches, first {:?}",
        report.mismatches.len(),
        report.mismatches.first()
    );
}

#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn arena2_matches_published_lengths() {
    check("arena2.map.scen");
}

#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn room_map_matches_published_lengths() {
    check("8room_000.map.scen");
}

#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn maze_matches_published_lengths() {
    check("maze512-1-0.map.scen");
}

#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn legacy_brc202d_matches_published_lengths() {
    check("legacy/brc202d.map.scen");
}

#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn legacy_den011d_matches_published_lengths() {
    check("legacy/den011d.map.scen");
}

#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn legacy_lak303d_matches_published_lengths() {
    check("legacy/lak303d.map.scen");
}

/// Jump point search finds the published length of every problem of
/// every scenario, the maze's 12,120 too (it is quick enough for all).
/// The grids are built once per map and passable class (ground and swamp,
/// or water), as the benchmarks' rule moves only within a class.
#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn jump_point_search_matches_every_published_length() {
    let Some(dir) = data() else { return };
    let mut checked = 0;
    for (name, _) in SCENARIOS {
        let scen_path = dir.join(name);
        let scenario = Scenario::load(&scen_path).unwrap();
        let map = MovingAiMap::load(&movingai::locate_map(&scen_path, &scenario).unwrap()).unwrap();
        let grids = [1, 2].map(|class| {
            JumpGrid::new(map.width(), map.height(), |p| {
                map.tile(p).is_some_and(|t| t.class() == class)
            })
        });
        let mut search = JumpPointSearch::new();
        for problem in &scenario.problems {
            let class = map.tile(problem.start).map_or(0, |t| t.class());
            let found = (class > 0)
                .then(|| search.find_path(&grids[class as usize - 1], problem.start, problem.goal))
                .and_then(|out| out.cost())
                .map(to_tiles);
            assert!(
                found.is_some_and(|l| problem.matches(l)),
                "{name} line {}: {found:?} against {}",
                problem.line,
                problem.optimal
            );
            checked += 1;
        }
    }
    assert!(checked > 19_000, "only {checked} problems");
}

/// No scenario file in the folder escapes the checks above.
#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn every_scenario_file_is_checked() {
    let Some(dir) = data() else { return };
    let mut found = Vec::new();
    for sub in [dir.clone(), dir.join("legacy")] {
        for entry in std::fs::read_dir(&sub).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.to_string_lossy().ends_with(".scen") {
                found.push(
                    path.strip_prefix(&dir)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/"),
                );
            }
        }
    }
    found.sort();
    let mut listed: Vec<String> = SCENARIOS.iter().map(|s| s.0.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed);
}

/// The check can fail: a scenario whose published lengths are off by 1e-5
/// is reported problem by problem.
#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn wrong_published_lengths_are_reported() {
    let Some(dir) = data() else { return };
    let scen_path = dir.join("arena2.map.scen");
    let mut scenario = Scenario::load(&scen_path).unwrap();
    let map = MovingAiMap::load(&dir.join("arena2.map")).unwrap();
    for p in scenario.problems.iter_mut().take(50).skip(40) {
        p.optimal += 1e-5;
    }
    let report =
        movingai::run_scenario(&map, &scenario, &scen_path, 1, &mut SearchContext::new()).unwrap();
    let lines: Vec<usize> = report.mismatches.iter().map(|m| m.line).collect();
    assert_eq!(lines, (42..52).collect::<Vec<_>>());
}

/// A Moving AI map loads as a level: on its terrain (all floor) every path
/// costs exactly the floor factor times the benchmark length.
#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn a_benchmark_map_loads_as_level_terrain() {
    let Some(dir) = data() else { return };
    let map = MovingAiMap::load(&dir.join("arena2.map")).unwrap();
    let level = map.to_terrain_map();
    let scenario = Scenario::load(&dir.join(Path::new("arena2.map.scen"))).unwrap();
    let mut ctx = SearchContext::new();
    for p in scenario.problems.iter().step_by(30) {
        let cost = ctx
            .find_path(&level, p.start, p.goal, &SearchOptions::default())
            .cost()
            .unwrap();
        assert!(
            p.matches(to_tiles(cost) / FLOOR_COST as f64),
            "line {}",
            p.line
        );
        assert_eq!(cost % FLOOR_COST, 0);
    }
}

/// A scenario file printing lengths to 2 decimals only (as some published
/// legacy files do, e.g. `244.95`) is checked to its last printed decimal:
/// arena2's problems with every length rounded to 2 decimals all
/// match, and the same lengths moved by one unit in the last decimal are
/// all reported.
#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn two_decimal_lengths_match_to_their_last_printed_decimal() {
    let Some(dir) = data() else { return };
    let scen_path = dir.join("arena2.map.scen");
    let text = std::fs::read_to_string(&scen_path).unwrap();
    let rewrite = |shift: f64| -> String {
        text.lines()
            .map(|line| match line.rsplit_once('\t') {
                Some((head, len)) if !line.starts_with("version") => {
                    let v: f64 = len.parse().unwrap();
                    format!("{head}\t{:.2}", v + shift)
                }
                _ => line.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let map = MovingAiMap::load(&dir.join("arena2.map")).unwrap();
    for (shift, all_wrong) in [(0.0, false), (0.01, true)] {
        let scenario = Scenario::parse(&rewrite(shift), &scen_path).unwrap();
        assert!(scenario.problems.len() > 100);
        // Some printed lengths really carry two decimals.
        assert!(
            scenario
                .problems
                .iter()
                .any(|p| (p.optimal * 100.0).round() % 10.0 != 0.0)
        );
        let report =
            movingai::run_scenario(&map, &scenario, &scen_path, 1, &mut SearchContext::new())
                .unwrap();
        let expected = if all_wrong {
            scenario.problems.len()
        } else {
            0
        };
        assert_eq!(report.mismatches.len(), expected, "shift {shift}");
    }
}

/// Dead ends skipped (`darkstar_path::dead_ends`): on every map, each
/// sampled problem gets the same path and cost from the search of its
/// corridor as from the search of the whole map; the maze and the room
/// map expand fewer cells in all (their side branches and rooms lead
/// nowhere), the arena no more.
#[test]
#[cfg_attr(
    movingai_absent,
    ignore = "no Moving AI data: set DARKSTAR_MOVINGAI or provide ../shared/movingai"
)]
fn dead_ends_skipped_give_the_same_paths_with_fewer_expansions() {
    use darkstar::path::dead_ends::DeadEnds;
    let Some(dir) = data() else { return };
    for (name, every, fewer) in [
        ("arena2.map.scen", 4, false),
        ("8room_000.map.scen", 8, true),
        ("maze512-1-0.map.scen", 24, true),
        ("legacy/den011d.map.scen", 4, false),
    ] {
        let scen_path = dir.join(name);
        let scenario = Scenario::load(&scen_path).unwrap();
        let map = MovingAiMap::load(&movingai::locate_map(&scen_path, &scenario).unwrap()).unwrap();
        let tags = DeadEnds::new(&map, Connectivity::Eight);
        let options = SearchOptions::default();
        let mut ctx = SearchContext::new();
        let (mut plain, mut pruned) = (0, 0);
        for p in scenario.problems.iter().step_by(every) {
            let want = ctx.find_path(&map, p.start, p.goal, &options);
            plain += ctx.stats().expanded;
            let got = ctx.find_path_in(&map, p.start, p.goal, &options, &tags);
            pruned += ctx.stats().expanded;
            assert_eq!(got, want, "{name} line {}", p.line);
        }
        assert!(pruned <= plain, "{name}: {pruned} against {plain}");
        if fewer {
            assert!(pruned < plain, "{name}: {pruned} against {plain}");
        }
        eprintln!("{name}: {pruned} cells expanded in the corridors, {plain} over the whole map");
    }
}
