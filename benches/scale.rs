//! Scale: crowds of monsters played headless on one core, each scenario
//! with shared fields (`planner=field`), per-monster repeated A*
//! (`astar`) and per-monster D* Lite (`dstar`) in the same run, as the
//! issue's benchmarks ask:
//!
//! - `spread_1000_512`: 1,000 monsters on random floor cells of the
//!   512x512 dungeon of seed 1, in the four factions of
//!   [`scale_factions`], for [`SPREAD_TURNS`] turns;
//! - `spread_10000_1024`: 10,000 monsters over the 1024x1024 dungeon of
//!   seed 1 in eight factions (the four twice), for [`MOONSHOT_TURNS`];
//! - `crowd_200_256`: 200 monsters of one faction that knows the map,
//!   packed into the room the 256x256 dungeon of seed 1 starts its
//!   monsters in, played until all are home; against the same level with
//!   one monster on the same start cell (the crowd's cost).
//!
//! For each row: turns/s is criterion's median of playing the row's turns
//! from a clone of the start (the clone is made outside the timing); one
//! separate untimed play of the same turns gives think-waits as a share of
//! monster-turns, monsters home, and the peak of [`Game::planning_bytes`]
//! sampled after every turn. A row whose untimed play passes
//! [`PLAY_LIMIT`] stops there and is timed and reported over the turns
//! it played (it says so), so no iteration runs for long; a row the memory
//! check refuses (`darkstar::sim::memory::check` at the default cap, as
//! `darkstar run` would) is skipped, saying why. The table is printed
//! after the run. `cargo bench --bench scale`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BatchSize, SamplingMode};
use darkstar::explore::Replanner;
use darkstar::geom::Pos;
use darkstar::knowledge::Turn;
use darkstar::level::{FactionSpec, Level};
use darkstar::mapgen::{GenParams, generate, packed, scale_factions, spread};
use darkstar::sim::memory::{DEFAULT_MAX_MEMORY, Footprint, check};
use darkstar::sim::{Command, Game, Presence, SimConfig, percent};

mod support;

/// Turns of the 512x512 scenario.
const SPREAD_TURNS: u32 = 100;
/// Turns of the 1024x1024 scenario: enough to see the fields grow and the
/// crowd move, few enough to time ten times.
const MOONSHOT_TURNS: u32 = 20;
/// Most turns the crowd scenario plays waiting for the last arrival.
const CROWD_CAP: u32 = 3_000;
/// The untimed play of a row stops adding turns past this wall time (and
/// the row is then timed over the turns it played), so that criterion's
/// ten samples and warm-up of every row fit the run's ten minutes.
const PLAY_LIMIT: Duration = Duration::from_secs(6);

const PLANNERS: [(&str, Replanner); 3] = [
    ("field", Replanner::Field),
    ("astar", Replanner::AStar),
    ("dstar", Replanner::DStarLite),
];

/// What one untimed play measured.
struct Play {
    turns: u32,
    /// Why it played fewer turns than asked, if it did.
    short: Option<String>,
    monsters: usize,
    home: usize,
    /// The turn of each arrival, in order.
    arrivals: Vec<Turn>,
    think_waits: u64,
    monster_turns: u64,
    budget_limited: u64,
    peak_bytes: usize,
    /// Wall time of the play (planning-memory sampling included).
    wall: Duration,
}

/// Plays `start` (cloned) for `turns` turns, or with `until_home` until
/// every monster is home (at most `turns`), sampling planning memory
/// after every turn; stops early past [`PLAY_LIMIT`].
fn observe(start: &Game, turns: u32, until_home: bool) -> Play {
    let mut game = start.clone();
    let mut peak = game.planning_bytes();
    let clock = Instant::now();
    let mut short = None;
    while game.turn() < turns {
        if until_home && game.is_settled() {
            break;
        }
        game.apply(Command::Advance);
        peak = peak.max(game.planning_bytes());
        if clock.elapsed() > PLAY_LIMIT && game.turn() < turns && !game.is_settled() {
            short = Some(format!(
                "stopped after {} of {turns} turns: past {} s",
                game.turn(),
                PLAY_LIMIT.as_secs()
            ));
            break;
        }
    }
    let wall = clock.elapsed();
    let mut arrivals: Vec<Turn> = game
        .monsters()
        .iter()
        .filter_map(|m| match m.presence() {
            Presence::Escaped(t) => Some(t),
            _ => None,
        })
        .collect();
    arrivals.sort_unstable();
    Play {
        turns: game.turn(),
        short,
        monsters: game.monsters().len(),
        home: arrivals.len(),
        arrivals,
        think_waits: (0..game.factions().len())
            .map(|f| game.faction_stats(f).think_waits)
            .sum(),
        monster_turns: game.monster_turns(),
        budget_limited: game.budget_limited_turns(),
        peak_bytes: peak,
        wall,
    }
}

/// One planner's row of a scenario: measured, or skipped with the reason.
struct Row {
    planner: &'static str,
    result: Result<(Play, Option<String>), String>,
}

/// A scenario: its criterion group, a line saying what it is, its turns,
/// and its level for a planner.
struct Scenario {
    group: &'static str,
    title: String,
    turns: u32,
    until_home: bool,
    level: Box<dyn Fn(Replanner) -> Level>,
}

/// The dungeon of seed 1 at `side` x `side`.
fn dungeon(side: u32) -> Level {
    generate(
        &GenParams {
            width: side,
            height: side,
            ..GenParams::default()
        },
        1,
    )
}

fn goal_of(level: &Level) -> Pos {
    level.factions[0]
        .goal
        .expect("generated levels have a goal")
}

/// The four scale factions twice, the second copy with capital glyphs and
/// its own names: eight factions that each plan and learn on their own.
fn eight_factions(planner: Replanner, goal: Pos) -> Vec<FactionSpec> {
    let mut factions = scale_factions(planner, goal);
    let twins: Vec<FactionSpec> = factions
        .iter()
        .map(|f| {
            let mut twin = f.clone();
            twin.name = format!("{}2", f.name);
            twin.glyph = f.glyph.to_ascii_uppercase();
            twin
        })
        .collect();
    factions.extend(twins);
    factions
}

/// The crowd scenario's faction: knows the map, heads for the goal.
fn crowd_faction(planner: Replanner, goal: Pos) -> FactionSpec {
    let mut f = FactionSpec::new("crowd", 'c');
    (f.goal, f.goal_label, f.planner, f.knows_map) = (Some(goal), Some('1'), planner, true);
    f
}

fn scenarios() -> Vec<Scenario> {
    let d512 = dungeon(512);
    let d1024 = dungeon(1024);
    let d256 = dungeon(256);
    let crowd_start = d256.spawns[0].at;
    vec![
        Scenario {
            group: "spread_1000_512",
            title: "1,000 monsters spread over the 512x512 dungeon of seed 1, 4 factions".into(),
            turns: SPREAD_TURNS,
            until_home: false,
            level: Box::new(move |p| spread(&d512, scale_factions(p, goal_of(&d512)), 1_000, 1)),
        },
        Scenario {
            group: "spread_10000_1024",
            title: "10,000 monsters spread over the 1024x1024 dungeon of seed 1, 8 factions".into(),
            turns: MOONSHOT_TURNS,
            until_home: false,
            level: Box::new(move |p| spread(&d1024, eight_factions(p, goal_of(&d1024)), 10_000, 1)),
        },
        Scenario {
            group: "crowd_200_256",
            title: format!(
                "200 monsters packed round {crowd_start} of the 256x256 dungeon of seed 1, \
                 knowing the map, until all are home"
            ),
            turns: CROWD_CAP,
            until_home: true,
            level: Box::new(move |p| {
                packed(&d256, crowd_faction(p, goal_of(&d256)), crowd_start, 200)
            }),
        },
    ]
}

/// The crowd's level with one monster on the crowd's first cell.
fn lone_monster(planner: Replanner) -> Level {
    let d256 = dungeon(256);
    let start = d256.spawns[0].at;
    packed(&d256, crowd_faction(planner, goal_of(&d256)), start, 1)
}

fn main() {
    let config = SimConfig::default();
    let mut c = support::criterion(Duration::from_secs(1));
    let mut tables = Vec::new();
    for s in scenarios() {
        let mut group = c.benchmark_group(s.group);
        group.sample_size(10).sampling_mode(SamplingMode::Flat);
        let mut rows = Vec::new();
        for (name, planner) in PLANNERS {
            let level = (s.level)(planner);
            // Per-monster D* Lite is skipped where the estimate refuses
            // it: a copy per monster of per-cell vectors would not fit
            // (and the start plus a clone are held at once). The others
            // hold nothing per monster proportional to the map; where the
            // estimate (which charges every monster a long path) refuses
            // them they still run, and the row says so.
            let refused = check(&Footprint::of_level(&level), &config, DEFAULT_MAX_MEMORY).err();
            let mut note = None;
            if let Some(e) = refused {
                if planner == Replanner::DStarLite {
                    rows.push(Row {
                        planner: name,
                        result: Err(format!("skipped: the memory check refuses it: {e}")),
                    });
                    continue;
                }
                note = Some(format!(
                    "played although `darkstar run` would refuse it at the default cap: {e}"
                ));
            }
            let start = Game::new(&level, 1, config).expect("the scenario starts");
            drop(level);
            let play = observe(&start, s.turns, s.until_home);
            let turns = play.turns;
            group.bench_function(name, |b| {
                b.iter_batched(
                    || start.clone(),
                    |mut game| {
                        for _ in 0..turns {
                            black_box(game.apply(Command::Advance));
                        }
                        game
                    },
                    BatchSize::LargeInput,
                )
            });
            let lone = s.until_home.then(|| {
                let start = Game::new(&lone_monster(planner), 1, config).expect("starts");
                let alone = observe(&start, s.turns, true);
                match alone.arrivals.first() {
                    Some(t) => format!("one monster from the same cell: home at turn {t}"),
                    None => format!(
                        "one monster from the same cell: not home after {} turns",
                        alone.turns
                    ),
                }
            });
            rows.push(Row {
                planner: name,
                result: Ok((play, note.or(lone))),
            });
        }
        group.finish();
        tables.push((s, rows));
    }
    c.final_summary();
    println!();
    println!("Scale benchmark: turns/s on one core (criterion median), think-waits as a share of");
    println!("monster-turns, monsters home, peak planning memory (Game::planning_bytes, sampled");
    println!("each turn of one untimed play of the same turns).");
    for (s, rows) in &tables {
        println!();
        println!("{} ({} turns):", s.title, s.turns);
        for row in rows {
            print_row(s, row);
        }
    }
}

fn print_row(s: &Scenario, row: &Row) {
    let (play, note) = match &row.result {
        Err(why) => return println!("  {}: {why}", row.planner),
        Ok(r) => r,
    };
    let timed = support::median_ns(s.group, row.planner)
        .map(|ns| format!("{:.1} turns/s", play.turns as f64 / (ns / 1e9)))
        .unwrap_or_else(|| "no timing".into());
    let home = if s.until_home {
        match (play.home == play.monsters, play.arrivals.last()) {
            (true, Some(last)) => format!(
                "all {} home, last at turn {last} (median {})",
                play.monsters,
                play.arrivals[play.arrivals.len() / 2]
            ),
            _ => format!(
                "home {} of {} after {} turns",
                play.home, play.monsters, play.turns
            ),
        }
    } else {
        format!("home {} of {}", play.home, play.monsters)
    };
    println!(
        "  {}: {timed}, think-waits {:.2}% ({} of {} monster-turns), {home}, \
         peak planning memory {:.1} MiB; budget-limited turns {} of {}; untimed play {:.1} s",
        row.planner,
        percent(play.think_waits, play.monster_turns),
        play.think_waits,
        play.monster_turns,
        play.peak_bytes as f64 / (1 << 20) as f64,
        play.budget_limited,
        play.turns,
        play.wall.as_secs_f64(),
    );
    if let Some(why) = &play.short {
        println!("    ({why}; timed over the {} turns played)", play.turns);
    }
    if let Some(note) = note {
        println!("    {note}");
    }
}
