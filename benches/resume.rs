//! Resuming a long saved run: how long `darkstar` takes from a save on
//! disk to the game on screen (the save read, played back once with every
//! state hash checked, the chronicle rebuilt in the same pass, the app made),
//! on the committed bot run of at least 10,000 turns that reaches depth
//! 7 or deeper. And the safety map a fleeing faction walks down, which
//! once took three quarters of that: the fast search (dense arrays,
//! Dial's buckets) against the two binary-heap distance maps it replaced,
//! on the knowledge of every faction of the run's last depth.
//! `cargo bench -p darkstar-benches --bench resume`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use darkstar::path::{Connectivity, SafetyMap};
use darkstar::record::replay::{LevelSource, Replay};
use darkstar::record::save::SaveFile;
use darkstar::sim::FLEE_FACTOR_TENTHS;
use darkstar::ui::App;

mod support;

/// Turns the resumed run must have played, and the depth it must reach.
const LONG_RUN_TURNS: u32 = 10_000;
const DEEP: u32 = 7;

/// The committed replay of a run from depth 1 of at least
/// [`LONG_RUN_TURNS`] turns, with its path.
fn long_run() -> (PathBuf, Replay) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/replays");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "replay"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let r = Replay::load(&p).unwrap();
            (p, r)
        })
        .find(|(_, r)| {
            matches!(r.level, LevelSource::Run { depth: 1 }) && r.last_turn() >= LONG_RUN_TURNS
        })
        .expect("a committed run of 10,000 turns or more in tests/replays")
}

fn main() {
    let (path, replay) = long_run();
    let game = replay.restore().expect("the committed run is in sync");
    let deepest = game.deepest_depth().unwrap_or(0);
    assert!(
        deepest >= DEEP,
        "{}: reaches depth {deepest}",
        path.display()
    );
    let turns = game.floor().turn();

    // A save of it on disk, as `darkstar` finds one.
    let dir = std::env::temp_dir().join(format!("darkstar-bench-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("save.replay");
    std::fs::copy(&path, &save).unwrap();

    let mut c = support::criterion(Duration::from_secs(8));
    let mut group = c.benchmark_group("resume");
    group.bench_function("save_to_app", |b| {
        b.iter(|| {
            let file = SaveFile::at(&save).unwrap();
            let replay = file.load_parsed().unwrap().unwrap();
            let checked = file
                .check_with(replay, |_| std::ops::ControlFlow::Continue(()))
                .unwrap();
            black_box(App::resume_checked(checked))
        })
    });
    group.finish();

    // The safety map of every faction of the last depth, against the
    // place the player stands, as a fleer's.
    let player = game.floor().player().map(|p| p.pos()).unwrap();
    let mut safety = c.benchmark_group("safety_map_80x40");
    safety.bench_function("dial_buckets", |b| {
        b.iter(|| {
            for f in game.floor().factions() {
                black_box(SafetyMap::compute(
                    f.knowledge(),
                    &[player],
                    FLEE_FACTOR_TENTHS,
                    Connectivity::Eight,
                ));
            }
        })
    });
    safety.bench_function("distance_maps", |b| {
        b.iter(|| {
            for f in game.floor().factions() {
                black_box(SafetyMap::compute_by_distance_maps(
                    f.knowledge(),
                    &[player],
                    FLEE_FACTOR_TENTHS,
                    Connectivity::Eight,
                ));
            }
        })
    });
    safety.finish();
    c.final_summary();
    let _ = std::fs::remove_dir_all(&dir);

    println!(
        "\nResuming {} ({turns} turns, deepest depth {deepest}), criterion medians:",
        path.file_name().unwrap().to_string_lossy()
    );
    if let Some(ns) = support::median_ns("resume", "save_to_app") {
        println!(
            "| save on disk to the game on screen | {:.0} ms |",
            ns / 1e6
        );
    }
    let fast = support::median_ns("safety_map_80x40", "dial_buckets");
    let slow = support::median_ns("safety_map_80x40", "distance_maps");
    if let (Some(fast), Some(slow)) = (fast, slow) {
        let n = game.floor().factions().len();
        println!(
            "| the safety maps of the last depth's {n} factions | {:.1} us (Dial's buckets) | {:.1} us (distance maps) | {:.1}x |",
            fast / 1e3,
            slow / 1e3,
            slow / fast
        );
    }
}
