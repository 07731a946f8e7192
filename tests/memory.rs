//! Bounded memory: games too big for the memory cap are refused with a
//! clear error before anything big is allocated (never an allocation
//! failure), and the estimate behind the cap covers what a real game uses.

use std::process::{Command, Stdio};

use darkstar::content::generator::GenParams;
use darkstar::fog::knowledge::KnowledgeRules;
use darkstar::path::Replanner;
use darkstar::sim::SimConfig;
use darkstar::sim::memory::{DEFAULT_MAX_MEMORY, Footprint, check, estimate};

fn darkstar() -> Command {
    crate::common::darkstar_command()
}

/// `sh -c 'ulimit -v KB; exec darkstar ARGS'`: the command under an
/// address-space limit, so an allocation failure would abort it.
fn under_ulimit(kb: u64, args: &[&str]) -> std::process::Output {
    let mut script = format!("ulimit -v {kb}; exec \"$0\"");
    for i in 1..=args.len() {
        // Braced: `$10` is `$1` and a 0.
        script.push_str(&format!(" \"${{{i}}}\""));
    }
    let mut cmd = Command::new("sh");
    crate::common::isolate(&mut cmd);
    cmd.arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_darkstar"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run sh")
}

fn scratch(name: &str) -> crate::common::Scratch {
    crate::common::Scratch::new("memory", name)
}

fn assert_refused(out: &std::process::Output, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
    assert!(
        stderr.starts_with("darkstar: error: this game would need about")
            && stderr.contains("--max-memory"),
        "{what}: {stderr}"
    );
}

/// The three games of the issue that aborted with an allocation failure:
/// refused, under a 3 GiB address-space limit, with exit 2 and a message.
/// The biggest generated game, 1024x1024 with 10,000 monsters a faction,
/// fits the default cap since its monsters' trails are counted as long as
/// their walks to their goal (played out to its 5,000 turns it
/// peaks at 1.14 GiB, and is estimated at 1.7 GiB); it and a save naming
/// it are refused under a 1 GiB cap.
#[cfg(unix)]
#[test]
fn oversized_games_are_refused_not_aborted() {
    const LIMIT_KB: u64 = 3 << 20;
    let big = [
        "--seed",
        "1",
        "--width",
        "1024",
        "--height",
        "1024",
        "--monsters",
        "10000",
        "--max-memory",
        "1G",
    ];
    let out = under_ulimit(LIMIT_KB, &[&["run"][..], &big].concat());
    assert_refused(&out, "run 1024x1024 x 10000");
    let dir = scratch("oversized");

    // A 115-byte save naming that level.
    let save = dir.join("save.replay");
    let text = "darkstar-replay 8\nseed 1\nconfig 20000 2 8 2000 8\nlevel generated dungeon 1024 1024 10000\nend 0\n";
    std::fs::write(&save, text).unwrap();
    assert!(text.len() <= 115);
    let out = under_ulimit(
        LIMIT_KB,
        &[
            "replay",
            "--verify",
            "--max-memory",
            "1G",
            save.to_str().unwrap(),
        ],
    );
    assert_refused(&out, "replay naming it");

    // A 4096x4096 level with 16 D* Lite factions.
    let mut level = String::from("name: vast\n");
    let glyphs = "abcdefghijklmnop";
    for g in glyphs.chars() {
        level.push_str(&format!("faction: f{g} glyph={g} planner=dstar goal=1\n"));
    }
    level.push_str("map:\n");
    let row = ".".repeat(4096);
    level.push_str(&format!("1{glyphs}{}\n", &row[17..]));
    for _ in 1..4096 {
        level.push_str(&row);
        level.push('\n');
    }
    let file = dir.join("vast.txt");
    std::fs::write(&file, level).unwrap();
    let out = under_ulimit(LIMIT_KB, &["run", "--level", file.to_str().unwrap()]);
    assert_refused(&out, "4096x4096 with 16 D* Lite factions");

    // --max-memory raises (or lowers) the cap.
    let out = darkstar()
        .args(["run", "--seed", "1", "--turns", "1", "--max-memory", "16K"])
        .output()
        .unwrap();
    assert_refused(&out, "a default game under a 16 KiB cap");
    let out = darkstar()
        .args(["run", "--seed", "1", "--turns", "1", "--max-memory", "3G"])
        .output()
        .unwrap();
    assert!(out.status.success());
}

/// A big map is weighed by what its header (or its grid's size and
/// monsters) declares, before the grid is built: a 4096x4096 Moving AI map
/// and a 4096x4096 level file given `--max-memory 64M` are refused with the
/// memory message under a 400 MB address-space limit. They used to be read
/// in full first (757 MB at the peak), and under this limit aborted with
/// an allocation failure (exit 134). A small game runs under the same
/// limit, so it is the refusal, not the limit, that is tested.
#[cfg(unix)]
#[test]
fn big_maps_are_weighed_before_they_are_built() {
    const LIMIT_KB: u64 = 400_000;
    let dir = scratch("weighed");
    let row = ".".repeat(4096);
    let mut map = String::from("type octile\nheight 4096\nwidth 4096\nmap\n");
    for _ in 0..4096 {
        map.push_str(&row);
        map.push('\n');
    }
    let map_file = dir.join("big.map");
    std::fs::write(&map_file, &map).unwrap();
    drop(map);
    let mut level = String::from("name: big\nfaction: o glyph=o goal=1\nmap:\n");
    level.push_str(&format!("o1{}\n", &row[2..]));
    for _ in 1..4096 {
        level.push_str(&row);
        level.push('\n');
    }
    let level_file = dir.join("big.txt");
    std::fs::write(&level_file, &level).unwrap();
    drop(level);
    for file in [&map_file, &level_file] {
        let out = under_ulimit(
            LIMIT_KB,
            &[
                "run",
                "--level",
                file.to_str().unwrap(),
                "--max-memory",
                "64M",
            ],
        );
        assert_refused(&out, &file.display().to_string());
    }
    // The outline the refusal was made from is what the files declare.
    let outline = darkstar::content::level::Level::outline(&map_file, 5).unwrap();
    assert_eq!(
        (outline.width, outline.height, outline.player),
        (4096, 4096, false)
    );
    assert_eq!(outline.monsters, [5, 5, 5]);
    let outline = darkstar::content::level::Level::outline(&level_file, 5).unwrap();
    assert_eq!((outline.width, outline.height), (4096, 4096));
    assert_eq!(outline.monsters, [1]);
    // The control: a default game plays under the same limit.
    let out = under_ulimit(LIMIT_KB, &["run", "--seed", "1", "--turns", "5"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every shipped level and the generator's defaults fit the default cap.
#[test]
fn ordinary_games_fit() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let level = darkstar::content::level::Level::load(&path).unwrap();
            let fp = Footprint::of_level(&level);
            assert!(
                check(&fp, &SimConfig::default(), DEFAULT_MAX_MEMORY).is_ok(),
                "{}",
                path.display()
            );
        }
    }
    for play in [false, true] {
        for (w, h, m) in [(80, 40, 3), (512, 512, 20), (1024, 1024, 3)] {
            let params = GenParams {
                width: w,
                height: h,
                monsters_per_faction: m,
                ..GenParams::default()
            };
            let fp = Footprint::of_generated(&params, play);
            assert!(check(&fp, &SimConfig::default(), DEFAULT_MAX_MEMORY).is_ok());
        }
    }
}

/// The estimate is honest: a real game's peak resident memory (measured
/// by the kernel for that child alone, VmHWM) stays under it, and it is not more
/// than twice the peak. One game is D* Lite heavy, one has many monsters.
#[cfg(target_os = "linux")]
#[test]
fn the_estimate_covers_what_a_game_uses() {
    for (w, h, m, turns) in [(512u32, 512u32, 10usize, "30"), (256, 256, 100, "60")] {
        // The generated level with its scouts on D* Lite (generated levels
        // plan with fields): a D* Lite planner is the largest term.
        let out = darkstar()
            .args(["gen", "--seed", "2", "--width", &w.to_string()])
            .args(["--height", &h.to_string(), "--monsters", &m.to_string()])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| match l.starts_with("faction: scouts") {
                true => l.replace("planner=field", "planner=dstar"),
                false => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n");
        let dir = scratch(&w.to_string());
        let file = dir.join("level.txt");
        std::fs::write(&file, &text).unwrap();
        let level = darkstar::content::level::Level::parse(&text, &file).unwrap();
        let fp = Footprint::of_level(&level);
        assert!(
            fp.factions
                .iter()
                .any(|f| f.planner == Replanner::DStarLite)
        );
        assert!(fp.factions.iter().any(|f| f.planner == Replanner::Field));
        let estimated = estimate(&fp, &SimConfig::default()).total();
        let out = darkstar()
            .args(["run", "--level"])
            .arg(&file)
            .args(["--turns", turns])
            .output()
            .unwrap();
        let peak = reported_peak(&out);
        assert!(
            peak <= estimated,
            "{w}x{h} x{m}: peak {peak} bytes over the estimate {estimated}"
        );
        assert!(
            estimated <= 2 * peak,
            "{w}x{h} x{m}: estimate {estimated} bytes is more than twice the peak {peak}"
        );
    }
}

/// The peak resident memory a `darkstar run` reports of itself, in bytes:
/// the child's own `VmHWM` (the `ru_maxrss` wait4 gives would carry this
/// test process's peak into it: Linux keeps the peak of the memory a child
/// was spawned from).
fn reported_peak(out: &std::process::Output) -> u64 {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let kib: u64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("peak resident memory: "))
        .and_then(|l| l.strip_suffix(" KiB"))
        .unwrap_or_else(|| panic!("no peak in:\n{stdout}"))
        .parse()
        .unwrap();
    kib * 1024
}

/// An open `side` x `side` room (walls round it) with its goal in the
/// middle and `monsters` monsters on random cells of it, dealt to the
/// scale benchmark's four factions (field planners, all bound for the
/// goal), as `darkstar gen --spread` deals them.
fn open_crowd(side: usize, monsters: usize) -> darkstar::content::level::Level {
    use darkstar::content::generator::{scale_factions, spread};
    use darkstar::map::geom::Pos;
    let mut text = String::from("name: open-crowd\nfaction: none glyph=f goal=1\nmap:\n");
    for y in 0..side {
        let row: String = (0..side)
            .map(|x| match (x, y) {
                _ if x == 0 || y == 0 || x == side - 1 || y == side - 1 => '#',
                _ if x == side / 2 && y == side / 2 => '1',
                _ => '.',
            })
            .collect();
        text.push_str(&row);
        text.push('\n');
    }
    let base = darkstar::content::level::Level::parse(&text, "open.txt".as_ref()).unwrap();
    let goal = Pos::new(side as i32 / 2, side as i32 / 2);
    let level = spread(&base, scale_factions(Replanner::Field, goal), monsters, 1);
    assert_eq!(level.spawns.len(), monsters);
    level
}

/// A crowd: a 400x400 level with 100,000 monsters was
/// refused as "about 3.4 GiB", each monster charged a trail across the
/// map and most of the way back, where it plays at a fraction of that.
/// Played out to its 5,000 turns (`darkstar run --level` of this very
/// level on 2 threads, 1,507 s on a 2-core machine, 2026-12-06) it peaked
/// at `CROWD_PEAK_KIB` resident (VmHWM). The estimate covers that peak and
/// is at most twice it, weighed from the file's outline and from the level
/// alike, so the game plays under a `--max-memory` of twice its peak; a
/// turn of it, measured here, peaks under the estimate too.
#[cfg(target_os = "linux")]
#[test]
fn a_crowd_that_fits_is_not_refused() {
    /// Measured (see above), as `darkstar run` reports it.
    const CROWD_PEAK_KIB: u64 = 456_188;
    let peak = CROWD_PEAK_KIB * 1024;
    let level = open_crowd(400, 100_000);
    let dir = scratch("crowd");
    let file = dir.join("crowd.txt");
    std::fs::write(&file, level.to_text()).unwrap();
    let outline = darkstar::content::level::Level::outline(&file, 3).unwrap();
    let fp = Footprint::of_level(&level);
    assert_eq!(Footprint::of_outline(&outline), fp);
    let estimated = estimate(&fp, &SimConfig::default()).total();
    assert!(
        peak <= estimated && estimated <= 2 * peak,
        "estimate {estimated} bytes against the peak {peak}"
    );
    let limit = format!("{}K", 2 * CROWD_PEAK_KIB);
    let out = darkstar()
        .args(["run", "--level"])
        .arg(&file)
        .args(["--turns", "1", "--max-memory", &limit])
        .output()
        .unwrap();
    let one_turn = reported_peak(&out);
    assert!(
        one_turn <= estimated,
        "a turn peaked at {one_turn} bytes, over the estimate {estimated}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The estimate counts the program itself (its code and libraries paged
/// in, the allocator, the threads' stacks), which a small game's peak is
/// mostly made of: the default game's measured peak is under it, and not
/// half of it.
#[cfg(target_os = "linux")]
#[test]
fn a_small_game_is_weighed_with_the_program_itself() {
    let out = darkstar().args(["run", "--seed", "1"]).output().unwrap();
    let peak = reported_peak(&out);
    let fp = Footprint::of_generated(&GenParams::default(), false);
    let estimated = estimate(&fp, &SimConfig::default()).total();
    assert!(
        peak <= estimated && estimated <= 2 * peak,
        "estimate {estimated} bytes against the peak {peak}"
    );
}

/// What the estimate counts for the monsters' trails covers what a crowd
/// played out until every monster arrived holds, and is at most twice it:
/// 2,000 monsters in an open 64x64 room round their goal, where every
/// monster's trail (its walk with the loops cut out) is longer than its
/// straight line for the crowd it steps round.
#[test]
fn the_trails_counted_cover_a_crowd_played_out() {
    use darkstar::sim::{Command, Game};
    let level = open_crowd(64, 2_000);
    let walked = estimate(&Footprint::of_level(&level), &SimConfig::default()).walked;
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    while !game.floor().is_settled() && game.floor().turn() < 5_000 {
        game.apply(Command::Advance);
    }
    let monsters = game.floor().monsters();
    assert!(monsters.iter().all(|m| !m.is_here()), "not played out");
    // A trail's length is the steps walked less the ones its loops
    // wasted; it holds one cell more (where it started).
    let trails: u64 = monsters
        .iter()
        .map(|m| m.stats().steps - m.stats().wasted + 1)
        .sum();
    assert!(
        trails <= walked && walked <= 2 * trails,
        "{trails} trail cells, {walked} counted"
    );
}

/// A long game does not grow its discovery logs without bound: deaths
/// leave danger that decays every 25 turns, each change logged; once every
/// monster has taken an entry in, it is dropped.
#[test]
fn discovery_logs_stay_bounded_in_long_games() {
    use darkstar::content::level::Level;
    use darkstar::sim::{Command, Game};
    // Forty idle orcs (no goal) in a hall; one dies every 100 turns.
    let mut text = String::from("name: hall\nfaction: orcs glyph=o sight=3\nmap:\n");
    text.push_str(&"#".repeat(42));
    text.push('\n');
    for y in 0..8 {
        let row: String = (0..40)
            .map(|x| if y % 2 == 0 && x % 4 == 0 { 'o' } else { '.' })
            .collect();
        text.push_str(&format!("#{row}#\n"));
    }
    text.push_str(&"#".repeat(42));
    text.push('\n');
    let level = Level::parse(&text, "hall.txt".as_ref()).unwrap();
    let mut game = Game::new(&level, 3, SimConfig::default()).unwrap();
    let mut most_kept = 0;
    for turn in 0..4000u32 {
        if turn % 100 == 50 {
            game.apply(Command::Kill {
                monster: turn / 100,
            });
        }
        game.apply(Command::Advance);
        most_kept = most_kept.max(game.floor().factions()[0].log().retained());
    }
    let log = game.floor().factions()[0].log();
    assert!(log.total() > 5_000, "only {} entries logged", log.total());
    assert!(
        most_kept < 1_000,
        "kept up to {most_kept} of {} entries",
        log.total()
    );
}

/// D* Lite's pending cells hold one entry a cell, however long its plan
/// goes unbroken while changes round it are logged.
#[test]
fn d_star_lite_pending_cells_stay_bounded() {
    use darkstar::fog::knowledge::Knowledge;
    use darkstar::map::geom::Pos;
    use darkstar::sim::{DStarPlan, Log};
    let k = Knowledge::blank(40, 40, 1);
    let mut planner = DStarPlan::new(Some(Pos::new(39, 0)));
    planner.plan_incremental(&k, Pos::new(0, 0), 0);
    let mut log = Log::default();
    // Changes logged far from the path (which runs along the top row)
    // that change no cost: the plan stays whole, so nothing is repaired.
    for round in 0..200 {
        for x in 0..50 {
            log.push(Pos::new(x % 40, 20 + (round % 10)));
        }
        let sync = planner.sync(&k, &log);
        assert!(!sync.broken && !sync.repaired);
    }
    assert_eq!(log.total(), 10_000);
    assert!(
        planner.pending_len() <= 2 * 400 + 1024,
        "{} pending",
        planner.pending_len()
    );
}

/// D* Lite's heap (lazily deleted entries) is compacted: after many
/// repairs it holds at most twice its live entries, or a quarter of the
/// map's cells, whichever is more (at least 1,024).
#[test]
fn d_star_lite_heap_stays_bounded() {
    use darkstar::fog::knowledge::Knowledge;
    use darkstar::map::geom::Pos;
    use darkstar::path::{Connectivity, CostMap, DStarLite};
    let mut k = Knowledge::blank(64, 64, 1).with_danger_weight(1);
    let mut d = DStarLite::new(
        &k,
        Pos::new(0, 0),
        Pos::new(63, 63),
        Connectivity::Eight,
        k.cheapest_steps(),
    );
    // Deaths along the diagonal and the decay of their danger, over and
    // over: every repair re-keys cells round them.
    for i in 0..400 {
        let at = Pos::new(10 + (i % 40), 10 + (i * 3 % 40));
        let changed = k.death(at);
        d.cells_changed(&k, &changed);
        let decayed = k.decay();
        d.cells_changed(&k, &decayed);
        let bound = (2 * d.queued_len()).max(1024);
        assert!(d.heap_len() <= bound, "heap {} > {bound}", d.heap_len());
    }
    assert!(d.expanded() > 20_000, "{} expanded", d.expanded());
}

/// A D* Lite planner on a 1024x1024 map of unknown ground, from `s` to `g`.
fn open_plan(s: (i32, i32), g: (i32, i32)) -> darkstar::path::DStarLite {
    use darkstar::fog::knowledge::Knowledge;
    use darkstar::map::geom::Pos;
    use darkstar::path::{Connectivity, CostMap, DStarLite};
    let k = Knowledge::blank(1024, 1024, 1);
    let d = DStarLite::new(
        &k,
        Pos::new(s.0, s.1),
        Pos::new(g.0, g.1),
        Connectivity::Eight,
        k.cheapest_steps(),
    );
    assert!(d.cost().is_some());
    d
}

/// D* Lite's memory follows the cells its search touched, not the map: a
/// plan 60 cells long on a 1024x1024 open map allocates a few dozen of
/// its 4,096 tiles (under 1 MiB, where a whole-map planner held 40 MiB);
/// a goal across the map, or a maze, makes it touch far more.
#[test]
fn d_star_lite_memory_follows_the_cells_it_touched() {
    use darkstar::map::geom::Pos;
    use darkstar::path::{Connectivity, CostMap, DStarLite};
    let near = open_plan((400, 500), (460, 500));
    assert_eq!(near.tiles_total(), 4096);
    assert!(
        near.tiles_touched() <= 4096 / 50,
        "{} tiles for 60 cells",
        near.tiles_touched()
    );
    assert!(
        near.memory_bytes() < 1 << 20,
        "{} bytes",
        near.memory_bytes()
    );

    let far = open_plan((10, 500), (1010, 500));
    assert!(
        far.tiles_touched() >= 10 * near.tiles_touched(),
        "far {} tiles, near {}",
        far.tiles_touched(),
        near.tiles_touched()
    );
    assert!(far.memory_bytes() >= far.tiles_touched() * DStarLite::TILE_BYTES);

    let maze = darkstar::content::generator::maze(1023, 1023, &mut darkstar::rng::sim_rng(5));
    let d = DStarLite::new(
        &maze,
        Pos::new(1, 1),
        Pos::new(1021, 1021),
        Connectivity::Eight,
        maze.cheapest_steps(),
    );
    assert!(d.cost().is_some());
    assert!(
        d.tiles_touched() >= d.tiles_total() / 2,
        "a maze touched {} of {} tiles",
        d.tiles_touched(),
        d.tiles_total()
    );
}

/// Over a long walk through a generated 512x512 dungeon that the unit
/// discovers with sight 4, repairing its plan at every discovery, the
/// planner's memory stays within twice its touched tiles (plus the
/// directory and the queue's minimum), and the tiles it touches stay a
/// part of the map.
#[test]
fn d_star_lite_memory_stays_proportional_over_a_long_walk() {
    use darkstar::content::generator::{GenParams, generate};
    use darkstar::fog::knowledge::Knowledge;
    use darkstar::fog::sight::look;
    use darkstar::path::{Connectivity, CostMap, DStarLite};
    let params = GenParams {
        width: 512,
        height: 512,
        monsters_per_faction: 1,
        ..GenParams::default()
    };
    let level = generate(&params, 4);
    let map = &level.terrain;
    let goal = level.factions[1].goal.expect("scouts have a goal");
    // The spawn farthest from the goal makes the longest walk.
    let mut at = level
        .spawns
        .iter()
        .map(|s| s.at)
        .max_by_key(|p| (p.x - goal.x).abs().max((p.y - goal.y).abs()))
        .unwrap();
    let mut k = Knowledge::blank(map.width(), map.height(), 1);
    look(&mut k, map, at, 4, 0);
    let new =
        |k: &Knowledge, at| DStarLite::new(k, at, goal, Connectivity::Eight, k.cheapest_steps());
    let mut d = new(&k, at);
    let (mut steps, mut repairs, mut most_tiles) = (0, 0, 0);
    while at != goal && steps < 5_000 {
        let next = d.next_step(&k).expect("the goal is reachable");
        if !map.is_passable(next) {
            // Sight 4 shows every wall next to the unit before it steps.
            panic!("walked into a wall at {next:?}");
        }
        at = next;
        steps += 1;
        d.move_to(at);
        let changed = look(&mut k, map, at, 4, steps);
        if !changed.is_empty() {
            repairs += 1;
            if d.floor() == k.cheapest_steps() {
                d.cells_changed(&k, &changed);
            } else {
                d = new(&k, at);
            }
        }
        let directory = d.tiles_total() * 2 * 8;
        let bound = 2 * d.tiles_touched() * DStarLite::TILE_BYTES + directory + 64 * 1024;
        assert!(
            d.memory_bytes() <= bound,
            "step {steps}: {} bytes for {} tiles",
            d.memory_bytes(),
            d.tiles_touched()
        );
        most_tiles = most_tiles.max(d.tiles_touched());
    }
    assert_eq!(at, goal, "{steps} steps");
    assert!(
        steps > 300 && repairs > 100,
        "{steps} steps, {repairs} repairs"
    );
    eprintln!(
        "walk: {steps} steps, {repairs} repairs, at most {most_tiles} of {} tiles, {} bytes at the end",
        d.tiles_total(),
        d.memory_bytes()
    );
}

/// Tiling D* Lite's state changed where it is kept, never what the search
/// does: a D* Lite unit walking generated mazes expands exactly as many
/// cells as the flat version did (counts recorded with the flat planner of
/// `main` before the tiles, with this very walk: plan, step, look, and
/// repair with every change since the last repair when a learnt wall
/// breaks the rest of the path).
#[test]
fn tiled_d_star_lite_expands_exactly_as_the_flat_one_did() {
    use darkstar::content::generator::maze;
    use darkstar::fog::knowledge::{Knowledge, Learnt};
    use darkstar::fog::sight::look;
    use darkstar::map::geom::Pos;
    use darkstar::map::terrain::TerrainMap;
    use darkstar::path::{Connectivity, CostMap, DStarLite, SearchOptions};
    use darkstar::rng::sim_rng;

    fn walk(map: &TerrainMap, start: Pos, goal: Pos, radius: u32) -> (bool, u64) {
        let mut k = Knowledge::blank(map.width(), map.height(), 1);
        look(&mut k, map, start, radius, 0);
        let conn = Connectivity::Eight;
        let opts = SearchOptions::default();
        let mut d = DStarLite::new(&k, start, goal, conn, k.cheapest_steps());
        let mut expanded = d.expanded();
        let mut path = d.path(&k).unwrap_or_default();
        let (mut at, mut next_index) = (start, 1);
        let mut pending: Vec<Pos> = Vec::new();
        for turn in 1..=1_000_000 {
            if at == goal {
                break;
            }
            let Some(&next) = path.get(next_index) else {
                break;
            };
            let dir = at.dir_to(next).unwrap();
            let mut changed = Vec::new();
            if darkstar::path::step(map, at, dir, conn).is_some() {
                at = next;
                next_index += 1;
                d.move_to(at);
                changed = look(&mut k, map, at, radius, turn);
            } else {
                let (a, b) = dir.components();
                for p in [next, at.step(a), at.step(b)] {
                    if let Some(t) = map.get(p)
                        && k.learn(p, t, turn) != Learnt::Nothing
                    {
                        changed.push(p);
                    }
                }
            }
            if changed.is_empty() {
                continue;
            }
            pending.extend_from_slice(&changed);
            let rest = &path[(next_index - 1).min(path.len())..];
            if darkstar::path::astar::path_cost(&k, rest, &opts).is_some() {
                continue;
            }
            next_index = 1;
            if d.floor() != k.cheapest_steps() {
                d = DStarLite::new(&k, at, goal, conn, k.cheapest_steps());
                expanded += d.expanded();
            } else {
                let before = d.expanded();
                d.cells_changed(&k, &pending);
                expanded += d.expanded() - before;
            }
            path = d.path(&k).unwrap_or_default();
            pending.clear();
        }
        (at == goal, expanded)
    }

    for (seed, radius, flat_expanded) in [(1, 0, 301_843), (3, 4, 300_570)] {
        let map = maze(255, 255, &mut sim_rng(seed));
        let (reached, expanded) = walk(&map, Pos::new(1, 1), Pos::new(253, 253), radius);
        assert!(reached, "seed {seed}");
        assert_eq!(expanded, flat_expanded, "seed {seed}, sight {radius}");
    }
}

/// `run --threads` past 256 is refused at once, naming the flag and the
/// range, not spent starting threads (65,535 once took 98 s to fail).
#[test]
fn thread_counts_past_256_are_refused_at_once() {
    let started = std::time::Instant::now();
    let out = darkstar()
        .args(["run", "--turns", "1", "--threads", "65535"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("--threads") && err.contains("1..=256"),
        "{err}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    let out = darkstar()
        .args(["run", "--turns", "1", "--threads", "256"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
