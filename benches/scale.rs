//! Scale: crowds of monsters played headless, each scenario with shared
//! fields (`planner=field`) on one thread and on two, per-monster
//! repeated A* (`astar`) and per-monster D* Lite (`dstar`) in the same
//! run:
//!
//! - `spread_1000_512`: 1,000 monsters on random floor cells of the
//!   512x512 dungeon of seed 1, in the four factions of
//!   [`scale_factions`], for its first [`SPREAD_TURNS`] turns (the worst
//!   of the churn: the fog factions learn thousands of cells a turn);
//!   with fields, every faction is then played on until all are home and
//!   each one's arrival turns are compared with its monsters' own optimal
//!   times (the issue: the natives' median within 1.5x);
//! - `spread_1000_512_late`: the same game from turn [`LATE_FROM`] for
//!   [`LATE_TURNS`] turns, when few cells change a turn;
//! - `spread_10000_1024`: 10,000 monsters over the 1024x1024 dungeon of
//!   seed 1 in eight factions (the four twice), its first
//!   [`MOONSHOT_TURNS`] turns;
//! - `crowd_200_256`: 200 monsters of one faction that knows the map,
//!   packed into the room the 256x256 dungeon of seed 1 starts its
//!   monsters in, played until all are home; against the same level with
//!   one monster on the same start cell (the crowd's cost);
//! - `hunt_250_256` (fields only): the 256x256 dungeon of seed 1 to play
//!   ([`play_level`]: the player where the generator starts its monsters,
//!   the stairs beside it, the treasure on the far goal) with 250
//!   monsters (as dense as 1,000 on 512x512) in packs of every kind of
//!   the built-in bestiary, one faction for each of its factions (ten: all
//!   hunt the player, hear noises and fight one another), each pack round
//!   a floor cell at least [`HUNT_FAR_STEPS`] steps from the player, for
//!   its first [`HUNT_TURNS`] turns. The player acts every turn by
//!   [`player_action`] (it hits a monster beside it, else explores by the
//!   autopilot, else waits), and each row is timed on the commands its
//!   untimed play gave, so the player's choices are not timed. The untimed
//!   play counts, after every command, the distinct places hunted (the
//!   distinct goals of the plans of the monsters whose state of mind is
//!   hunting: each faction's, and their sum), the distinct places those
//!   hunters believe the player is, and the distinct goals of all plans,
//!   each as median and most over the commands.
//!
//! For each row: turns/s is criterion's median of playing the row's turns
//! from a clone of the start (made outside the timing) on the row's
//! threads; one separate untimed play of the same turns gives think-waits
//! as a share of monster-turns, monsters home, the peak of
//! [`Game::planning_bytes`] sampled after every turn, and, for fields,
//! what the turn's plan phase cost against fresh searches of the same
//! fields: every [`UPDATE_SAMPLE`]th turn, two clones of the game as the
//! turn starts run the plan phase alone, one as the game does it
//! ([`FieldPolicy::Chosen`]: repair or rebuild per field) and one
//! rebuilding every field from scratch ([`FieldPolicy::Rebuild`]), each
//! timed; and what the fields' updates did over the turns played (cells
//! settled by rebuilds, expansions by repairs), which the state hash
//! fixes, so any faster update of the same game must do it too. Slow rows
//! are cut short, saying so: a row is timed over the
//! turns its untimed play had played by its scenario's timing limit
//! ([`TIMING_LIMIT`], or for `spread_10000_1024` [`PLAY_LIMIT`], so that
//! it is timed over the hundred turns its target names), and the untimed
//! play stops at [`PLAY_LIMIT`]; `hunt_250_256` plays and is timed until
//! [`HUNT_PLAY_LIMIT`], so that two builds are compared over all of its
//! turns. Per-monster D* Lite is skipped where the
//! memory check (`darkstar::sim::memory::check` at the default cap, as
//! `darkstar run` applies it) refuses it, saying why. The table is printed
//! after the run. `cargo bench -p darkstar-benches --bench scale` (or `-- NAME` for the
//! scenarios whose group contains NAME).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BatchSize, SamplingMode};
use darkstar::clock::Turn;
use darkstar::content::bestiary::Bestiary;
use darkstar::content::generator::{
    GenParams, generate, packed, play_level, scale_factions, spread,
};
use darkstar::content::level::{FactionSpec, KindSpec, Level, Spawn};
use darkstar::map::cost::STRAIGHT;
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::terrain::{FLOOR_COST, Terrain, TerrainMap};
use darkstar::path::Replanner;
use darkstar::path::{Connectivity, DistanceMap, neighbours, step};
use darkstar::rng::sim_rng;
use darkstar::sim::autopilot::{self, Activity};
use darkstar::sim::memory::{DEFAULT_MAX_MEMORY, Footprint, check};
use darkstar::sim::{
    Action, Awareness, Command, FieldPolicy, Game, Monster, NORMAL_SPEED, PlayOutcome, Presence,
    SimConfig, move_energy, percent,
};
use rand::RngExt;

mod support;

/// Turns of the 512x512 scenario.
const SPREAD_TURNS: u32 = 300;
/// The turn the late 512x512 scenario starts from...
const LATE_FROM: u32 = 1_000;
/// ...and its turns.
const LATE_TURNS: u32 = 100;
/// Every this many turns the plan phase is timed against fresh searches.
const UPDATE_SAMPLE: u32 = 10;
/// Turns of the hunting scenario.
const HUNT_TURNS: u32 = 300;
/// Monsters of the hunting scenario, the player apart.
const HUNT_MONSTERS: usize = 250;
/// How far from the player (in floor steps) the hunting scenario's packs
/// start, as the game's own levels to play place theirs.
const HUNT_FAR_STEPS: u64 = 20;
/// Turns of the 1024x1024 scenario. Fewer would time only the fields'
/// first growth (eight fields of a million cells at the default budget of
/// 20,000 expansions a turn take a few hundred turns), while nobody moves;
/// [`PLAY_LIMIT`] keeps the row short if turns get slow.
const MOONSHOT_TURNS: u32 = 100;
/// Most turns the 512x512 scenario is played on for, for arrivals.
const ARRIVALS_CAP: u32 = 3_000;
/// Most turns the crowd scenario plays waiting for the last arrival.
const CROWD_CAP: u32 = 3_000;
/// A row is timed over the turns its untimed play had played by this wall
/// time (all of them, unless turns are slow), so that criterion's ten
/// samples and warm-up of every row stay within a few minutes; but see
/// [`Scenario::timing_limit`].
const TIMING_LIMIT: Duration = Duration::from_secs(12);
/// The untimed play itself stops past this wall time.
const PLAY_LIMIT: Duration = Duration::from_secs(60);
/// The hunting scenario's untimed play, and the turns it times, stop past
/// this wall time instead: its figures compare two rules, so both must be
/// counted and timed over all of its turns (each of its field rows then
/// takes about five minutes on the 2-core machine).
const HUNT_PLAY_LIMIT: Duration = Duration::from_secs(180);

/// The rows of every scenario: a name, the planner, and the threads the
/// plan phase runs on (only fields have one; the game is the same on any
/// number).
const PLANNERS: [(&str, Replanner, usize); 4] = [
    ("field 1 thread", Replanner::Field, 1),
    ("field 2 threads", Replanner::Field, 2),
    ("astar", Replanner::AStar, 1),
    ("dstar", Replanner::DStarLite, 1),
];

/// What one untimed play measured.
struct Play {
    /// Every command played, in order, with the turn after it: all
    /// [`Command::Advance`] but in a scenario with a player. The timed
    /// plays give the same commands again.
    commands: Vec<(Command, Turn)>,
    turns: u32,
    /// Why it played fewer turns than asked, if it did.
    short: Option<String>,
    /// Turns it had played by the scenario's timing limit.
    timed_turns: u32,
    monsters: usize,
    home: usize,
    /// The turn of each arrival, in order.
    arrivals: Vec<Turn>,
    think_waits: u64,
    monster_turns: u64,
    budget_limited: u64,
    peak_bytes: usize,
    /// The plan phase as played and fresh searches of the same fields, in
    /// seconds summed over the sampled turns, and how many were sampled.
    updates: (f64, f64, u32),
    /// What the fields' updates did over the turns played, summed over
    /// the factions: cells settled by rebuilds, expansions by repairs.
    /// Fixed by the game (a field's counts and cells are in the state
    /// hash), so what any faster update of the same game must still do.
    work: (u64, u64),
    /// The factions' names (the player's apart), and after every command
    /// what [`places`] counted, for a scenario with a player.
    places: (Vec<String>, Vec<Places>),
    /// How the player's game stood when the play stopped.
    player: Option<PlayOutcome>,
}

/// What [`places`] counts at one moment of a game.
struct Places {
    /// The places each faction hunts (the player's apart): the distinct
    /// goals of the plans of its monsters whose state of mind is hunting
    /// (with fields, one field a place).
    hunted: Vec<usize>,
    /// The distinct places those hunters believe the player is, summed
    /// over factions (a plan takes its hunter's belief when it acts).
    believed: usize,
    /// The distinct goals of all plans (hunted, searched, wandered to,
    /// headed for), summed over factions.
    goals: usize,
}

/// Where monster `m` believes the player is: its own belief (what it saw,
/// heard or was told).
fn belief(game: &Game, m: &Monster) -> Option<Pos> {
    game.floor().mind(m.id()).player_seen()
}

/// The places the monsters here (the player apart) hunt and head for now
/// (see [`Places`]).
fn places(game: &Game) -> Places {
    let floor = game.floor();
    let factions = floor.factions().len();
    let mut hunted = vec![Vec::new(); factions];
    let mut believed = vec![Vec::new(); factions];
    let mut goals = vec![Vec::new(); factions];
    for m in floor
        .monsters()
        .iter()
        .filter(|m| m.is_here() && !m.is_player())
    {
        let hunting = floor.awareness(m.id()) == Awareness::Hunting;
        if let Some(p) = belief(game, m).filter(|_| hunting) {
            believed[m.faction()].push((p.y, p.x));
        }
        let Some(goal) = m.plan().goal() else {
            continue;
        };
        goals[m.faction()].push((goal.y, goal.x));
        if hunting {
            hunted[m.faction()].push((goal.y, goal.x));
        }
    }
    let distinct = |mut v: Vec<(i32, i32)>| {
        v.sort_unstable();
        v.dedup();
        v.len()
    };
    let theirs = floor.player().map(|p| p.faction());
    let hunted = hunted.into_iter().enumerate();
    let hunted = hunted.filter(|&(f, _)| Some(f) != theirs);
    Places {
        hunted: hunted.map(|(_, v)| distinct(v)).collect(),
        believed: believed.into_iter().map(distinct).sum(),
        goals: goals.into_iter().map(distinct).sum(),
    }
}

/// The median (the upper of two) and the most of `values`, 0 and 0 for
/// none.
fn median_max(values: impl Iterator<Item = usize>) -> (usize, usize) {
    let mut v: Vec<usize> = values.collect();
    v.sort_unstable();
    (
        v.get(v.len() / 2).copied().unwrap_or(0),
        v.last().copied().unwrap_or(0),
    )
}

/// The player's action in the hunting scenario, from what the library
/// gives a headless player: a blow at the first monster beside it (in
/// [`Dir::ALL`]'s order) that the rules let it hit; else the autopilot's
/// explore (which stops with a hostile monster in view); else a wait.
fn player_action(game: &Game) -> Action {
    let floor = game.floor();
    let Some(player) = floor.player() else {
        return Action::Wait(None);
    };
    let at = player.pos();
    let terrain = floor.world().terrain();
    let beside = Dir::ALL.into_iter().find(|&d| {
        floor
            .world()
            .occupant(at.step(d))
            .is_some_and(|o| o != player.id())
            && step(terrain, at, d, Connectivity::Eight).is_some()
    });
    beside.map(Action::Walk).unwrap_or_else(|| {
        let mut explore = Activity::Explore { items: false };
        autopilot::next_action(game, &mut explore).unwrap_or(Action::Wait(None))
    })
}

/// True while the game has a player still playing.
fn playing(game: &Game) -> bool {
    game.floor()
        .play_state()
        .is_some_and(|p| p.outcome == PlayOutcome::Playing)
}

/// Plays one command on `game` (the player's action while it plays, else
/// [`Command::Advance`]), recording what was played. An action that took
/// no time (a blow the rules refuse) is followed by a wait, and a wait
/// that took none by an advance, so every call plays a turn at least.
fn play_turn(game: &mut Game, player: bool, commands: &mut Vec<(Command, Turn)>) {
    let before = game.floor().turn();
    let mut tries = Vec::new();
    if player && playing(game) {
        tries.push(Command::Player(player_action(game)));
        tries.push(Command::Player(Action::Wait(None)));
    }
    tries.push(Command::Advance);
    for command in tries {
        game.apply(command.clone());
        commands.push((command, game.floor().turn()));
        if game.floor().turn() > before {
            return;
        }
    }
}

/// Plays `start` (cloned) for `turns` turns, or with `until_home` until
/// every monster is home (at most `turns`), sampling planning memory
/// after every turn, and with `player` giving the player's actions (see
/// [`play_turn`]) and counting the places hunted after every command;
/// stops early past `play_limit`. The turns played by `timing_limit` are
/// the ones to time.
fn observe(
    start: &Game,
    turns: u32,
    until_home: bool,
    (timing_limit, play_limit): (Duration, Duration),
    player: bool,
) -> Play {
    let mut game = start.clone();
    let mut peak = game.floor().planning_bytes();
    let clock = Instant::now();
    let mut short = None;
    let mut timed_turns = None;
    let mut updates = (0.0, 0.0, 0);
    let first = game.floor().turn();
    let mut next_sample = first;
    let mut commands = Vec::new();
    let mut counted = Vec::new();
    let work = |game: &Game| {
        let all = game.floor().factions().iter().map(|f| f.field_updates());
        all.fold((0, 0), |(a, b), u| (a + u.rebuilt, b + u.repaired))
    };
    let work_before = work(&game);
    while game.floor().turn() < turns {
        if until_home && game.floor().is_settled() {
            break;
        }
        // Every UPDATE_SAMPLE-th turn (or the first turn after it, where
        // a player's action took more than one).
        if game.floor().turn() >= next_sample {
            next_sample +=
                UPDATE_SAMPLE * (1 + (game.floor().turn() - next_sample) / UPDATE_SAMPLE);
            let time = |policy| {
                let mut g = game.clone();
                let clock = Instant::now();
                g.update_fields_by(policy);
                clock.elapsed().as_secs_f64()
            };
            updates.0 += time(FieldPolicy::Chosen);
            updates.1 += time(FieldPolicy::Rebuild);
            updates.2 += 1;
        }
        play_turn(&mut game, player, &mut commands);
        peak = peak.max(game.floor().planning_bytes());
        if player {
            counted.push(places(&game));
        }
        if timed_turns.is_none() && clock.elapsed() > timing_limit {
            timed_turns = Some(game.floor().turn());
        }
        if clock.elapsed() > play_limit && game.floor().turn() < turns && !game.floor().is_settled()
        {
            short = Some(format!(
                "stopped after {} of {turns} turns: past {} s",
                game.floor().turn(),
                play_limit.as_secs()
            ));
            break;
        }
    }
    let mut arrivals: Vec<Turn> = game
        .floor()
        .monsters()
        .iter()
        .filter_map(|m| match m.presence() {
            Presence::Escaped(t) => Some(t),
            _ => None,
        })
        .collect();
    arrivals.sort_unstable();
    let theirs = game.floor().player().map(|p| p.faction());
    let names = game.floor().factions().iter().enumerate();
    let names = names.filter(|&(f, _)| Some(f) != theirs);
    Play {
        commands,
        turns: game.floor().turn(),
        short,
        timed_turns: timed_turns.unwrap_or(game.floor().turn()),
        monsters: game
            .floor()
            .monsters()
            .iter()
            .filter(|m| !m.is_player())
            .count(),
        home: arrivals.len(),
        arrivals,
        think_waits: (0..game.floor().factions().len())
            .map(|f| game.floor().faction_stats(f).think_waits)
            .sum(),
        monster_turns: game.floor().monster_turns(),
        budget_limited: game.floor().budget_limited_turns(),
        peak_bytes: peak,
        updates,
        work: {
            let after = work(&game);
            (after.0 - work_before.0, after.1 - work_before.1)
        },
        places: (names.map(|(_, f)| f.spec().name.clone()).collect(), counted),
        player: game.floor().play_state().map(|p| p.outcome),
    }
}

/// Each cell's least time to `goal` for a normal-speed monster walking
/// the true map, in energy (the rules' charge for each step, see
/// [`move_energy`]; [`NORMAL_SPEED`] a turn): a backward Dijkstra with the
/// movement rules of every search.
fn energy_to(terrain: &TerrainMap, goal: Pos) -> Vec<u64> {
    let width = terrain.width() as usize;
    let index = |p: Pos| p.y as usize * width + p.x as usize;
    let mut dist = vec![u64::MAX; width * terrain.height() as usize];
    let mut heap = BinaryHeap::new();
    dist[index(goal)] = 0;
    heap.push(Reverse((0u64, index(goal))));
    while let Some(Reverse((d, i))) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        let b = Pos::new((i % width) as i32, (i / width) as i32);
        let factor = terrain
            .get(b)
            .and_then(|t| t.enter_cost())
            .expect("only passable cells are reached");
        // Legality is symmetric: b's legal neighbours are the cells that
        // can step into b, each paying b's entering cost.
        for n in neighbours(terrain, b, i, Connectivity::Eight) {
            let nd = d + move_energy(factor, n.dir.is_diagonal()) as u64;
            if nd < dist[n.to_index] {
                dist[n.to_index] = nd;
                heap.push(Reverse((nd, n.to_index)));
            }
        }
    }
    dist
}

/// Every faction's arrivals (with fields) against its monsters' own
/// optimal times in turns from their spawns, over a play from `start`
/// until all are home (at most [`ARRIVALS_CAP`] turns or [`PLAY_LIMIT`]):
/// a line a faction, median and last. The issue: the natives' median
/// within 1.5x.
fn arrivals(level: &Level, start: &Game) -> Vec<String> {
    let mut game = start.clone();
    let clock = Instant::now();
    while !game.floor().is_settled()
        && game.floor().monsters().iter().any(|m| m.is_here())
        && game.floor().turn() < ARRIVALS_CAP
        && clock.elapsed() < PLAY_LIMIT
    {
        game.apply(Command::Advance);
    }
    let width = level.terrain.width() as usize;
    let mut lines = Vec::new();
    for (f, spec) in level.factions.iter().enumerate() {
        let goal = spec.goal.expect("a goal");
        let energy = energy_to(&level.terrain, goal);
        let (mut ratios, mut total) = (Vec::new(), 0);
        for (m, spawn) in game.floor().monsters().iter().zip(&level.spawns) {
            if m.faction() != f {
                continue;
            }
            total += 1;
            if let Presence::Escaped(t) = m.presence() {
                let at = spawn.at;
                let best =
                    energy[at.y as usize * width + at.x as usize] as f64 / NORMAL_SPEED as f64;
                ratios.push(t as f64 / best.max(1.0));
            }
        }
        ratios.sort_by(f64::total_cmp);
        let name = &spec.name;
        lines.push(match ratios.len() {
            0 => format!(
                "{name}: none of {total} home after {} turns",
                game.floor().turn()
            ),
            n => format!(
                "{name}: {n} of {total} home by turn {}; arrival turn over each one's own \
                 optimal time in turns: median {:.2}x, last {:.2}x",
                game.floor().turn(),
                ratios[n / 2],
                ratios[n - 1]
            ),
        });
    }
    lines
}

/// The one-cell-wide corridor every route to `goal` ends in, if any: from
/// the goal back, each cell that only one cell (besides the one nearer
/// the goal) can step into. Every route passes through all of them, one
/// monster at a time.
fn goal_corridor(terrain: &TerrainMap, goal: Pos) -> Vec<Pos> {
    let width = terrain.width() as usize;
    let mut corridor = Vec::new();
    let (mut prev, mut cur) = (None, goal);
    loop {
        let i = cur.y as usize * width + cur.x as usize;
        let from: Vec<Pos> = neighbours(terrain, cur, i, Connectivity::Eight)
            .map(|n| n.to)
            .filter(|&p| Some(p) != prev)
            .collect();
        let [only] = from[..] else {
            return corridor;
        };
        corridor.push(only);
        (prev, cur) = (Some(cur), only);
    }
}

/// Turns a monster of normal speed stands at least on a cell it entered
/// by a straight step costing `energy`: it enters with at most
/// `ACTION_READY + NORMAL_SPEED` banked, and acts again at
/// `ACTION_READY`.
fn least_stay(energy: i64) -> u64 {
    let speed = NORMAL_SPEED as i64;
    ((energy - speed).max(0) as u64)
        .div_ceil(speed as u64)
        .max(1)
}

/// The medians the goal's corridor allows: it admits at most one monster
/// every `headway` turns (the longest least stay on one of its cells), so
/// with each monster's own optimal time `t`, served in order of `t`, the
/// k-th arrival is at least `max(t_k, previous + headway)`: the order in
/// which the monsters could first get there, no faction before another.
fn corridor_bound(level: &Level) -> Vec<String> {
    let terrain = &level.terrain;
    let Some(goal) = level.factions.first().and_then(|f| f.goal) else {
        return Vec::new();
    };
    let corridor = goal_corridor(terrain, goal);
    let Some((headway, worst)) = corridor
        .iter()
        .map(|&p| {
            let factor = terrain.get(p).and_then(|t| t.enter_cost()).unwrap_or(0);
            (least_stay(move_energy(factor, false)), p)
        })
        .max_by_key(|&(h, p)| (h, Reverse((p.y, p.x))))
    else {
        return vec!["the goal has no one-cell corridor: no bound from it".into()];
    };
    let width = terrain.width() as usize;
    let energy = energy_to(terrain, goal);
    let optimal = |at: Pos| {
        (energy[at.y as usize * width + at.x as usize].div_ceil(NORMAL_SPEED as u64)).max(1)
    };
    let serve = |mut times: Vec<(u64, usize)>| -> Vec<Vec<f64>> {
        times.sort_unstable();
        let mut ratios = vec![Vec::new(); level.factions.len()];
        let mut last: Option<u64> = None;
        for (t, f) in times {
            let at = last.map_or(t, |l| t.max(l + headway));
            last = Some(at);
            ratios[f].push(at as f64 / t as f64);
        }
        for r in &mut ratios {
            r.sort_by(f64::total_cmp);
        }
        ratios
    };
    let median = |r: &[f64]| r.get(r.len() / 2).copied().unwrap_or(f64::NAN);
    let alone: Vec<String> = (0..level.factions.len())
        .map(|f| {
            let times = level
                .spawns
                .iter()
                .filter(|s| s.faction == f)
                .map(|s| (optimal(s.at), f))
                .collect();
            format!(
                "{} {:.2}x",
                level.factions[f].name,
                median(&serve(times)[f])
            )
        })
        .collect();
    let shared = serve(
        level
            .spawns
            .iter()
            .map(|s| (optimal(s.at), s.faction))
            .collect(),
    );
    let shared: Vec<String> = shared
        .iter()
        .zip(&level.factions)
        .map(|(r, f)| format!("{} {:.2}x", f.name, median(r)))
        .collect();
    vec![format!(
        "the goal's corridor ({} cells, one wide) admits one monster every {headway} turns at \
         best (a normal-speed monster stands at least that long on {worst}). Each monster \
         leaving at the start of the game and served first come, first served at that rate, \
         the median arrivals over own optimal times would be, each faction with the corridor \
         to itself: {}; all factions sharing it: {}",
        corridor.len(),
        alone.join(", "),
        shared.join(", ")
    )]
}

/// One planner's row of a scenario: measured, or skipped with the reason.
struct Row {
    planner: &'static str,
    result: Result<(Play, Vec<String>), String>,
}

/// A scenario: its criterion group, a line saying what it is, its turns,
/// and its level for a planner.
struct Scenario {
    group: &'static str,
    title: String,
    turns: u32,
    until_home: bool,
    /// With fields, judge every faction's arrivals (see [`arrivals`]).
    arrivals: bool,
    /// The level has a player, who acts every turn (see [`play_turn`]).
    player: bool,
    /// Only the field rows are played: the late rows weigh field updates
    /// only, and the hunting scenario the fields of the places hunted.
    fields_only: bool,
    /// Turns played (untimed, once) before the row's turns start.
    from: u32,
    /// A row is timed over the turns its untimed play had played by this
    /// wall time: [`TIMING_LIMIT`], or for the 10,000 monsters every turn
    /// the play gets through by [`PLAY_LIMIT`] (all 100 on the 2-core
    /// machine), because its target is stated on the first 100
    /// turns. That scenario then takes about nine minutes: a sample of its
    /// one-thread row about 25 s, of its two-thread row 16 s. The hunting
    /// scenario's is [`HUNT_PLAY_LIMIT`].
    timing_limit: Duration,
    /// The untimed play stops past this wall time: [`PLAY_LIMIT`], or
    /// [`HUNT_PLAY_LIMIT`].
    play_limit: Duration,
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
            twin.kinds[0].glyph = f.glyph().to_ascii_uppercase();
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
            arrivals: true,
            player: false,
            fields_only: false,
            from: 0,
            timing_limit: TIMING_LIMIT,
            play_limit: PLAY_LIMIT,
            level: Box::new({
                let d512 = d512.clone();
                move |p| spread(&d512, scale_factions(p, goal_of(&d512)), 1_000, 1)
            }),
        },
        Scenario {
            group: "spread_1000_512_late",
            title: format!(
                "the same game from turn {LATE_FROM}, when few cells change a turn (fields only)"
            ),
            turns: LATE_FROM + LATE_TURNS,
            until_home: false,
            arrivals: false,
            player: false,
            fields_only: true,
            from: LATE_FROM,
            timing_limit: TIMING_LIMIT,
            play_limit: PLAY_LIMIT,
            level: Box::new(move |p| spread(&d512, scale_factions(p, goal_of(&d512)), 1_000, 1)),
        },
        Scenario {
            group: "spread_10000_1024",
            title: "10,000 monsters spread over the 1024x1024 dungeon of seed 1, 8 factions".into(),
            turns: MOONSHOT_TURNS,
            until_home: false,
            arrivals: false,
            player: false,
            fields_only: false,
            from: 0,
            timing_limit: PLAY_LIMIT,
            play_limit: PLAY_LIMIT,
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
            arrivals: false,
            player: false,
            fields_only: false,
            from: 0,
            timing_limit: TIMING_LIMIT,
            play_limit: PLAY_LIMIT,
            level: Box::new(move |p| {
                packed(&d256, crowd_faction(p, goal_of(&d256)), crowd_start, 200)
            }),
        },
        Scenario {
            group: "hunt_250_256",
            title: "the 256x256 dungeon of seed 1 to play, its player exploring, hunted by \
                    250 monsters in packs of every kind of the bestiary, 10 factions"
                .into(),
            turns: HUNT_TURNS,
            until_home: false,
            arrivals: false,
            player: true,
            fields_only: true,
            from: 0,
            timing_limit: HUNT_PLAY_LIMIT,
            play_limit: HUNT_PLAY_LIMIT,
            level: Box::new(|p| hunting_packs(p, 256, HUNT_MONSTERS)),
        },
    ]
}

/// The hunting scenario's level: the `side` x `side` dungeon of seed 1 to
/// play ([`play_level`]: the player where the generator starts its
/// monsters, the stairs beside it, the treasure on the far goal), its
/// monsters replaced by `monsters` in packs of the built-in bestiary's
/// kinds, all planning with `planner`: one faction for each of the
/// bestiary's factions (the kinds of one share it, as on a depth), a pack
/// of each kind in turn (its size drawn from the kind's, the last cut to
/// fit) until there are `monsters`. A pack is laid as a depth lays one:
/// on the free floor cells nearest (in steps of any direction, ties in
/// reading order) a free one drawn at random, among those at least
/// [`HUNT_FAR_STEPS`] floor steps from the player. Sleepers start asleep.
fn hunting_packs(planner: Replanner, side: u32, monsters: usize) -> Level {
    let params = GenParams {
        width: side,
        height: side,
        ..GenParams::default()
    };
    let base = play_level(&params, 1);
    let terrain = &base.terrain;
    let player = base.player.expect("a level to play has a player");
    let bestiary = Bestiary::builtin();
    let mut factions: Vec<FactionSpec> = Vec::new();
    let mut names: Vec<&str> = Vec::new();
    // Each kind's faction and its number in it.
    let mut slots = Vec::new();
    for kind in bestiary.kinds() {
        let slot = match names.iter().position(|&f| f == kind.faction) {
            Some(f) => {
                let mut more = KindSpec::new(kind.glyph);
                more.take_kind(kind);
                factions[f].kinds.push(more);
                (f, factions[f].kinds.len() - 1)
            }
            None => {
                let mut spec = FactionSpec::new(&kind.plural, kind.glyph);
                spec.take_kind(kind);
                spec.planner = planner;
                factions.push(spec);
                names.push(&kind.faction);
                (factions.len() - 1, 0)
            }
        };
        slots.push(slot);
    }
    let width = terrain.width() as usize;
    let index = |p: Pos| p.y as usize * width + p.x as usize;
    let dist = DistanceMap::compute(terrain, &[player], Connectivity::Eight);
    let far_enough = HUNT_FAR_STEPS * STRAIGHT * FLOOR_COST;
    let far: Vec<Pos> = terrain
        .grid()
        .positions()
        .filter(|&p| {
            terrain.get(p) == Some(Terrain::Floor)
                && dist.distance(p).is_some_and(|d| d >= far_enough)
                && Some(p) != base.treasure
        })
        .collect();
    let mut free = vec![false; width * terrain.height() as usize];
    for &p in &far {
        free[index(p)] = true;
    }
    let is_free = |free: &[bool], p: Pos| terrain.grid().contains(p) && free[index(p)];
    let mut rng = sim_rng(1);
    let mut spawns = Vec::new();
    let mut left = far.len();
    'packs: for (kind, &(faction, k)) in bestiary.kinds().iter().zip(&slots).cycle() {
        if spawns.len() >= monsters || left == 0 {
            break;
        }
        let size = rng.random_range(kind.pack.0..=kind.pack.1.max(kind.pack.0)) as usize;
        let size = size.min(monsters - spawns.len());
        let anchor = loop {
            let p = far[rng.random_range(0..far.len())];
            if is_free(&free, p) {
                break p;
            }
        };
        let mut placed = 0;
        for r in 0..side as i32 {
            for y in anchor.y - r..=anchor.y + r {
                for x in anchor.x - r..=anchor.x + r {
                    let at = Pos::new(x, y);
                    let ring = (x - anchor.x).abs().max((y - anchor.y).abs()) == r;
                    if !ring || !is_free(&free, at) {
                        continue;
                    }
                    free[index(at)] = false;
                    left -= 1;
                    spawns.push(Spawn {
                        faction,
                        kind: k,
                        at,
                    });
                    placed += 1;
                    if placed == size || left == 0 {
                        continue 'packs;
                    }
                }
            }
        }
    }
    spawns.sort_by_key(|s: &Spawn| (s.at.y, s.at.x));
    Level {
        factions,
        spawns,
        ..base
    }
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
    // `cargo bench -p darkstar-benches --bench scale -- NAME` plays only the scenarios whose
    // group contains NAME (criterion's own filter would still play the
    // untimed games of every scenario).
    let only = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    for s in scenarios() {
        if only.as_deref().is_some_and(|o| !s.group.contains(o)) {
            continue;
        }
        let mut group = c.benchmark_group(s.group);
        group.sample_size(10).sampling_mode(SamplingMode::Flat);
        let mut rows = Vec::new();
        let mut window = None;
        for (name, planner, threads) in PLANNERS {
            if s.fields_only && planner != Replanner::Field {
                continue;
            }
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool");
            let level = (s.level)(planner);
            // Per-monster D* Lite is skipped where the estimate refuses
            // it: a copy per monster of per-cell vectors would not fit
            // (and the start plus a clone are held at once). The others
            // hold nothing per monster proportional to the map; where the
            // estimate (which charges every monster its walk to its goal,
            // generously) refuses them they still run, and the row says so.
            let refused = check(&Footprint::of_level(&level), &config, DEFAULT_MAX_MEMORY).err();
            let mut notes = Vec::new();
            if let Some(e) = refused {
                if planner == Replanner::DStarLite {
                    rows.push(Row {
                        planner: name,
                        result: Err(format!("skipped: the memory check refuses it: {e}")),
                    });
                    continue;
                }
                notes.push(format!(
                    "played although `darkstar run` would refuse it at the default cap: {e}"
                ));
            }
            let (start, mut play) = pool.install(|| {
                let mut start = Game::new(&level, 1, config).expect("the scenario starts");
                while start.floor().turn() < s.from {
                    start.apply(Command::Advance);
                }
                let play = observe(
                    &start,
                    s.turns,
                    s.until_home,
                    (s.timing_limit, s.play_limit),
                    s.player,
                );
                (start, play)
            });
            // The field rows of a scenario are timed over the same turns
            // (the first row's, on one thread, the slowest), so the
            // thread counts are compared on the same work.
            if planner == Replanner::Field {
                let w = *window.get_or_insert(play.timed_turns);
                play.timed_turns = play.timed_turns.min(w);
            }
            // The commands the untimed play gave until it reached the
            // turns to time (one a turn but where a player's action took
            // more than one), and the turn they end on.
            let timed = play
                .commands
                .iter()
                .position(|&(_, t)| t >= play.timed_turns)
                .map_or(play.commands.len(), |i| i + 1);
            let commands: Vec<Command> = play.commands[..timed]
                .iter()
                .map(|(c, _)| c.clone())
                .collect();
            play.timed_turns = play.commands[..timed].last().map_or(s.from, |&(_, t)| t);
            group.bench_function(name.replace(' ', "_"), |b| {
                b.iter_batched(
                    || start.clone(),
                    |mut game| {
                        pool.install(|| {
                            for command in &commands {
                                black_box(game.apply(command.clone()));
                            }
                        });
                        game
                    },
                    BatchSize::LargeInput,
                )
            });
            if s.arrivals && planner == Replanner::Field && threads == 1 {
                notes.extend(pool.install(|| arrivals(&level, &start)));
                notes.extend(corridor_bound(&level));
            }
            if s.until_home && threads == 1 {
                let start = Game::new(&lone_monster(planner), 1, config).expect("starts");
                let alone = observe(&start, s.turns, true, (s.timing_limit, s.play_limit), false);
                notes.push(match (alone.arrivals.first(), play.arrivals.last()) {
                    (Some(&one), Some(&last)) if play.home == play.monsters => format!(
                        "the crowd's cost: its last arrival on turn {last} against turn {one} \
                         for one monster alone from the crowd's first cell (+{} turns, {:.2}x)",
                        last - one,
                        last as f64 / one as f64
                    ),
                    (one, _) => format!(
                        "one monster alone from the crowd's first cell: {}",
                        one.map_or("not home".into(), |t| format!("home on turn {t}"))
                    ),
                });
            }
            rows.push(Row {
                planner: name,
                result: Ok((play, notes)),
            });
        }
        group.finish();
        tables.push((s, rows));
    }
    c.final_summary();
    println!();
    println!(
        "Scale benchmark: turns/s (criterion median of playing the row's turns from a clone \
         of the start, on the row's threads); think-waits as a share of monster-turns, \
         monsters home, peak planning memory (Game::planning_bytes after every turn) and the \
         plan phase against fresh searches of the same fields (every {UPDATE_SAMPLE}th turn) \
         from one untimed play of the same turns."
    );
    println!();
    println!(
        "| scenario | planner | turns | turns/s | think-waits | budget-limited turns | home | peak planning memory | field update / fresh searches |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut notes = Vec::new();
    for (s, rows) in &tables {
        for row in rows {
            print_row(s, row, &mut notes);
        }
    }
    println!();
    for (s, _) in &tables {
        println!("{}: {}", s.group.replace('_', " "), s.title);
        for (_, planner, note) in notes.iter().filter(|(g, _, _)| *g == s.group) {
            println!("  {planner}: {note}");
        }
    }
}

/// One row of the table; what does not fit in it goes to `notes`
/// (scenario group, planner, note).
fn print_row(s: &Scenario, row: &Row, notes: &mut Vec<(&'static str, &'static str, String)>) {
    let short = s.group.replace('_', " ");
    let (play, row_notes) = match &row.result {
        Err(why) => {
            println!(
                "| {short} | {} | | skipped (see below) | | | | | |",
                row.planner
            );
            notes.push((s.group, row.planner, why.clone()));
            return;
        }
        Ok(r) => r,
    };
    let timed = support::median_ns(s.group, &row.planner.replace(' ', "_"))
        .map(|ns| format!("{:.1}", (play.timed_turns - s.from) as f64 / (ns / 1e9)))
        .unwrap_or_else(|| "no timing".into());
    let home = match (s.until_home, play.arrivals.last()) {
        (true, Some(last)) if play.home == play.monsters => format!(
            "all {}, last on turn {last} (median {})",
            play.monsters,
            play.arrivals[play.arrivals.len() / 2]
        ),
        _ => format!("{} of {}", play.home, play.monsters),
    };
    let (chosen, fresh, sampled) = play.updates;
    let updates = if row.planner.starts_with("field") && sampled > 0 {
        format!(
            "{:.2} ms / {:.2} ms a turn ({:.2}x)",
            1e3 * chosen / sampled as f64,
            1e3 * fresh / sampled as f64,
            chosen / fresh.max(1e-12)
        )
    } else {
        String::new()
    };
    println!(
        "| {short} | {} | {}-{} | {timed} | {:.2}% ({} of {}) | {} | {home} | {:.1} MiB | {updates} |",
        row.planner,
        s.from,
        play.turns,
        percent(play.think_waits, play.monster_turns),
        play.think_waits,
        play.monster_turns,
        play.budget_limited,
        play.peak_bytes as f64 / (1 << 20) as f64,
    );
    if let Some(why) = &play.short {
        notes.push((s.group, row.planner, why.clone()));
    }
    let played = play.turns.saturating_sub(s.from).max(1) as f64;
    let (rebuilt, repaired) = play.work;
    if row.planner.starts_with("field") && rebuilt + repaired > 0 {
        notes.push((
            s.group,
            row.planner,
            format!(
                "the fields' work, which the state hash fixes: {:.0} cells settled by rebuilds \
                 and {:.0} expansions by repairs a turn ({rebuilt} and {repaired} over turns \
                 {}-{})",
                rebuilt as f64 / played,
                repaired as f64 / played,
                s.from,
                play.turns
            ),
        ));
    }
    let (names, counted) = &play.places;
    if !counted.is_empty() {
        let (median, most) = median_max(counted.iter().map(|c| c.hunted.iter().sum()));
        let each: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(f, name)| {
                let (median, most) = median_max(counted.iter().map(|c| c.hunted[f]));
                format!("{name} {median}/{most}")
            })
            .collect();
        let (believed, believed_most) = median_max(counted.iter().map(|c| c.believed));
        let (goals, goals_most) = median_max(counted.iter().map(|c| c.goals));
        notes.push((
            s.group,
            row.planner,
            format!(
                "distinct places hunted a turn (the goals of the hunters' plans, after each of \
                 its {} commands over turns {}-{}), summed over factions: median {median}, most \
                 {most}; by faction (median/most): {}; distinct places the hunters believe the \
                 player is, summed over factions: median {believed}, most {believed_most}; \
                 distinct goals of all plans (hunted, searched, wandered to): median {goals}, \
                 most {goals_most}",
                counted.len(),
                s.from,
                play.turns,
                each.join(", ")
            ),
        ));
    }
    match play.player {
        Some(PlayOutcome::Lost(t)) => {
            notes.push((s.group, row.planner, format!("the player died on turn {t}")))
        }
        Some(PlayOutcome::Won(t)) => {
            notes.push((s.group, row.planner, format!("the player won on turn {t}")))
        }
        Some(PlayOutcome::Playing) => notes.push((
            s.group,
            row.planner,
            format!("the player was alive on turn {}", play.turns),
        )),
        None => {}
    }
    if play.timed_turns < play.turns {
        notes.push((
            s.group,
            row.planner,
            format!(
                "turns/s timed over its first {} turns (those played in {} s)",
                play.timed_turns,
                s.timing_limit.as_secs()
            ),
        ));
    }
    for note in row_notes {
        notes.push((s.group, row.planner, note.clone()));
    }
}
