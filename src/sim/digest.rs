//! The digest of games: a fixed set of games played headless, each
//! reduced to one hash of everything that happened in it (every event,
//! and after every command every unit's place, presence and hit points).
//! Two builds that give the same digest play the same games; a change
//! meant to leave play alone (a refactor of the rules, a new way to write
//! the data) must leave it identical. `darkstar digest` prints it and
//! `tests/golden/digest.txt` keeps the last one agreed on.
//!
//! The hash reads what the player could tell apart, never how the state
//! is stored: events are hashed by their text (`{:?}`), in which an item
//! is its word, not its place in its book, so reordering the book does
//! not move it.

use rayon::prelude::*;

use super::bot::{Style, play_run_from};
use super::{Action, Command, Event, Fnv, Game, SimConfig};
use crate::clock::Turn;
use crate::content::bestiary::Bestiary;
use crate::content::generator::{
    GenParams, depth_level, generate, packed, play_level, scale_factions, spread,
};
use crate::content::level::Level;
use crate::map::geom::{Dir, Pos};
use crate::path::Replanner;

/// Turns a level with no one to steer is played for.
const LEVEL_TURNS: u32 = 400;
/// Turns a bot's run may last (as `darkstar bot`'s default).
const RUN_TURNS: Turn = 20_000;
/// Seeds of the bots' runs.
const RUN_SEEDS: std::ops::RangeInclusive<u64> = 1..=20;

/// One game's line of the digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDigest {
    /// What was played ("level cave.txt", "brawler run seed 3", ...).
    pub name: String,
    /// The hash of all that happened.
    pub hash: u64,
    /// Turns it lasted.
    pub turns: Turn,
}

impl std::fmt::Display for GameDigest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x} {:>6} {}", self.hash, self.turns, self.name)
    }
}

/// A game's running hash.
#[derive(Default)]
struct Digester(Fnv);

impl Digester {
    /// Takes in what one command did: its events, then every unit.
    fn absorb(&mut self, game: &Game, events: &[Event]) {
        for e in events {
            self.0.bytes(event_text(e).as_bytes());
        }
        self.0.int(game.floor().turn() as i64);
        self.0.int(game.depth().unwrap_or(0) as i64);
        for m in game.floor().monsters() {
            let p = m.pos();
            let presence = match m.presence() {
                super::Presence::Here => 0,
                super::Presence::Escaped(t) => 1 + 2 * t as i64,
                super::Presence::Dead(t) => 2 + 2 * t as i64,
            };
            for v in [p.x as i64, p.y as i64, m.hp() as i64, presence] {
                self.0.int(v);
            }
        }
    }

    /// Plays `game` with `Command::Advance` for `turns` turns.
    fn advance(
        mut self,
        name: String,
        mut game: Game,
        turns: u32,
        caches: &mut Caches,
    ) -> GameDigest {
        self.absorb(&game, &[]);
        for _ in 0..turns {
            caches.before_command(&mut game);
            let events = game.apply(Command::Advance);
            self.absorb(&game, &events);
        }
        GameDigest {
            name,
            hash: self.0.finish(),
            turns: game.floor().turn(),
        }
    }
}

/// An event as text, items named by their words (see the module's
/// header): an item shows itself so (`ItemKind`'s `Debug`).
fn event_text(e: &Event) -> String {
    format!("{e:?}")
}

/// What one entry of the digest plays.
enum Entry {
    /// A level played headless (boxed: a level is large beside a seed).
    Level(String, Box<Level>, u64),
    /// A run played by a bot, in one of its styles, from depth 1.
    Run { seed: u64, style: Style },
    /// A run from `depth` played by a player pressing keys at random
    /// (every kind of action, the refused ones too), drawn from `seed`.
    Random { seed: u64, depth: u32 },
}

impl Entry {
    /// Level `level`, named `name`, played with `seed`.
    fn level(name: String, level: Level, seed: u64) -> Entry {
        Entry::Level(name, Box::new(level), seed)
    }
}

/// The hand-made levels of `levels_dir`, by file name, as the digest
/// plays them.
fn levels_in(levels_dir: &std::path::Path) -> Result<Vec<(String, Level)>, String> {
    let mut files: Vec<_> = std::fs::read_dir(levels_dir)
        .map_err(|e| format!("{}: {e}", levels_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let level = Level::load(&path).map_err(|e| e.to_string())?;
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            Ok((name.into_owned(), level))
        })
        .collect()
}

/// The levels built into the library
/// ([`crate::content::level::HAND_MADE`]), as [`levels_in`] reads them.
fn levels_built_in() -> Result<Vec<(String, Level)>, String> {
    crate::content::level::HAND_MADE
        .iter()
        .map(|&(name, text)| {
            let path = std::path::Path::new("levels").join(name);
            let level = Level::parse(text, &path).map_err(|e| e.to_string())?;
            Ok((name.to_string(), level))
        })
        .collect()
}

/// The games of the digest, in its order: the hand-made `levels` (by
/// file name), then the generated ones, the random players and the bots.
fn entries(levels: Vec<(String, Level)>) -> Vec<Entry> {
    let mut entries = Vec::new();
    for (name, level) in levels {
        entries.push(Entry::level(format!("level {name}"), level, 1));
    }
    let bestiary = Bestiary::builtin();
    for depth in 1..=10 {
        for seed in 1..=2 {
            // Watched: the factions alone, wandering and fighting.
            let mut level = depth_level(seed, depth, &bestiary);
            (level.player, level.treasure, level.stairs) = (None, None, None);
            entries.push(Entry::level(
                format!("watched depth {depth} seed {seed}"),
                level,
                seed,
            ));
        }
    }
    for seed in 1..=4 {
        let params = GenParams::default();
        entries.push(Entry::level(
            format!("dungeon seed {seed}"),
            generate(&params, seed),
            seed,
        ));
        entries.push(Entry::level(
            format!("hostile factions seed {seed}"),
            play_level(&params, seed),
            seed,
        ));
    }
    let base = generate(
        &GenParams {
            width: 128,
            height: 128,
            ..GenParams::default()
        },
        1,
    );
    if let Some(goal) = base.factions.first().and_then(|f| f.goal) {
        for (planner, name) in [
            (Replanner::AStar, "astar"),
            (Replanner::DStarLite, "dstar"),
            (Replanner::Field, "field"),
        ] {
            entries.push(Entry::level(
                format!("crowd spread {name}"),
                spread(&base, scale_factions(planner, goal), 300, 7),
                7,
            ));
            let mut one = scale_factions(planner, goal).swap_remove(1);
            one.name = "crowd".into();
            entries.push(Entry::level(
                format!("crowd packed {name}"),
                packed(&base, one, base.spawns[0].at, 120),
                7,
            ));
        }
    }
    for seed in 1..=6 {
        entries.push(Entry::Random {
            seed,
            depth: 1 + (seed as u32 - 1) * 2 % 10,
        });
    }
    for style in Style::ALL {
        for seed in RUN_SEEDS {
            entries.push(Entry::Run { seed, style });
        }
    }
    entries
}

/// What becomes of a game's caches as the digest plays it: kept, or (in
/// the test that the caches decide no play) dropped before a command one
/// time in four, the times drawn from a seed.
enum Caches {
    Kept,
    #[cfg(test)]
    Dropped(Box<crate::rng::SimRng>, u64),
}

impl Caches {
    fn before_command(&mut self, _game: &mut Game) {
        match self {
            Caches::Kept => {}
            #[cfg(test)]
            Caches::Dropped(rng, dropped) => {
                use rand::RngExt;
                if rng.random_range(0..4) == 0 {
                    *dropped += _game.drop_caches();
                }
            }
        }
    }
}

/// Plays one entry.
fn play(entry: Entry) -> Result<GameDigest, String> {
    play_with(entry, &mut Caches::Kept)
}

/// Plays one entry, its caches as `caches` says.
fn play_with(entry: Entry, caches: &mut Caches) -> Result<GameDigest, String> {
    match entry {
        Entry::Level(name, level, seed) => {
            let game = Game::new(&level, seed, SimConfig::default())
                .map_err(|e| format!("{name}: {e}"))?;
            Ok(Digester::default().advance(name, game, LEVEL_TURNS, caches))
        }
        Entry::Run { seed, style } => {
            let name = format!("{} run seed {seed}", style.name());
            let mut digest = Digester::default();
            let (_, game) = play_run_from(seed, 1, style, RUN_TURNS, |game, command| {
                caches.before_command(game);
                let events = game.apply(command);
                digest.absorb(game, &events);
                events
            })
            .map_err(|e| format!("{name}: {e}"))?;
            Ok(GameDigest {
                name,
                hash: digest.0.finish(),
                turns: game.floor().turn(),
            })
        }
        Entry::Random { seed, depth } => {
            let name = format!("random keys depth {depth} seed {seed}");
            let mut game = Game::new_run(seed, depth, SimConfig::default())
                .map_err(|e| format!("{name}: {e}"))?;
            let mut keys = crate::rng::sim_rng(seed ^ 0x6b65_7973);
            let mut digest = Digester::default();
            digest.absorb(&game, &[]);
            for _ in 0..RANDOM_KEYS {
                if game.floor().is_settled() {
                    break;
                }
                let action = random_action(&game, &mut keys);
                caches.before_command(&mut game);
                let events = game.apply(Command::Player(action));
                digest.absorb(&game, &events);
            }
            Ok(GameDigest {
                name,
                hash: digest.0.finish(),
                turns: game.floor().turn(),
            })
        }
    }
}

/// Keys a random player presses.
const RANDOM_KEYS: u32 = 3_000;

/// A key at random: mostly steps (so it gets about), and every other
/// action now and then, aimed anywhere near (so many are refused).
fn random_action(game: &Game, keys: &mut crate::rng::SimRng) -> Action {
    use rand::RngExt;
    let dir = Dir::ALL[keys.random_range(0..Dir::ALL.len())];
    let slot = keys.random_range(0..4u8);
    let at = game.floor().player().map_or(Pos::new(0, 0), |p| p.pos());
    let near = Pos::new(
        at.x + keys.random_range(-6..=6),
        at.y + keys.random_range(-6..=6),
    );
    match keys.random_range(0..40) {
        0..=27 => Action::Walk(dir),
        28 | 29 => Action::Wait(None),
        30 | 31 => Action::Close(dir),
        32 => Action::Sneak,
        33 => Action::Descend,
        34 => Action::Ascend,
        35 | 36 => Action::Use(slot),
        37 | 38 => Action::Throw(slot, near),
        _ => Action::Drop(slot),
    }
}

/// The digest: every entry's line, in order, the games played in
/// parallel (each one serial, so the result is the same on any number
/// of threads). `levels_dir` holds the hand-made levels (`levels/`). An
/// error names the level that would not load or start.
pub fn digest(levels_dir: &std::path::Path) -> Result<Vec<GameDigest>, String> {
    play_all(levels_in(levels_dir)?)
}

/// [`digest`] with the hand-made levels built into the library rather
/// than read from a folder: the same lines while `levels/` is as built
/// (a test checks the texts), for a build with no files, such as the
/// core on wasm32 (`tools/wasm-digest.sh` holds it to the golden digest).
pub fn digest_built_in() -> Result<Vec<GameDigest>, String> {
    play_all(levels_built_in()?)
}

/// Every entry of the digest over the hand-made `levels`, in parallel.
fn play_all(levels: Vec<(String, Level)>) -> Result<Vec<GameDigest>, String> {
    entries(levels).into_par_iter().map(play).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The levels built into the library are `levels/`'s, by the same
    /// names in the same order: so [`digest_built_in`] (the core on
    /// wasm32) plays the games [`digest`] plays.
    #[test]
    fn the_built_in_levels_are_the_folders() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (folder, built_in) = (
            levels_in(&root.join("levels")).unwrap(),
            levels_built_in().unwrap(),
        );
        let names =
            |levels: &[(String, Level)]| levels.iter().map(|l| l.0.clone()).collect::<Vec<_>>();
        assert_eq!(names(&built_in), names(&folder));
        assert!(built_in.len() >= 19, "{:?}", names(&built_in));
        for ((name, a), (_, b)) in built_in.iter().zip(&folder) {
            assert!(a == b, "{name} differs from its file");
        }
    }

    /// Every cache of a game (each faction's islands, fields and safety
    /// map, the searches' scratch) dropped before a command one time in
    /// four, and the game played on: the same digest lines as the golden
    /// digest (played without dropping; `tests/digest.rs` checks that),
    /// for games that read fields in every way (crowds, hand-made levels
    /// with field monsters, a door a door-blind faction sees open, the
    /// dungeon's factions), A* and D* Lite crowds, a bot's run and a
    /// random player's. Before the state hash left the caches it could not pass:
    /// some readers read which cells a field happened to have settled
    /// (dropped, a field caught up mid-turn with what was learnt since the
    /// turn began), and islands as of their last refresh.
    #[test]
    fn dropping_every_cache_changes_no_play() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let golden = std::fs::read_to_string(root.join("tests/golden/digest.txt")).unwrap();
        let chosen = [
            "level dead-ends.txt",
            "level deadly-pass.txt",
            "level door-shut.txt",
            "level blind-troll.txt",
            "watched depth 5 seed 1",
            "watched depth 9 seed 2",
            "hostile factions seed 2",
            "crowd packed field",
            "crowd packed astar",
            "crowd packed dstar",
            "random keys depth 5 seed 3",
            "brawler run seed 2",
        ];
        let entries: Vec<Entry> = entries(levels_in(&root.join("levels")).unwrap())
            .into_iter()
            .filter(|e| {
                let name = match e {
                    Entry::Level(name, ..) => name.clone(),
                    Entry::Run { seed, style } => format!("{} run seed {seed}", style.name()),
                    Entry::Random { seed, depth } => {
                        format!("random keys depth {depth} seed {seed}")
                    }
                };
                chosen.contains(&name.as_str())
            })
            .collect();
        assert_eq!(entries.len(), chosen.len(), "an entry was renamed");
        let played: Vec<(GameDigest, u64)> = entries
            .into_par_iter()
            .enumerate()
            .map(|(i, e)| {
                let rng = Box::new(crate::rng::sim_rng(0xcac4e + i as u64));
                let mut caches = Caches::Dropped(rng, 0);
                let digest = play_with(e, &mut caches).unwrap();
                let Caches::Dropped(_, dropped) = caches else {
                    unreachable!()
                };
                (digest, dropped)
            })
            .collect();
        for (digest, dropped) in &played {
            let line = digest.to_string();
            assert!(
                golden.lines().any(|l| l == line),
                "dropping caches changed {}: {line}",
                digest.name
            );
            assert!(*dropped > 0, "{}: no cache was ever dropped", digest.name);
        }
    }
}
