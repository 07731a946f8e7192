//! Recording a game as it is played: every command, and the state hash
//! every few turns.

use super::*;
use crate::sim::GameError;
use crate::sim::bot::{BotRun, Style, play_run_from};

/// A run of the bot of `style` with `seed` from `depth`, at most `turns`
/// turns, recorded as `darkstar play --seed S --depth N` records a game
/// (`darkstar bot --record` writes it; so does the web module): how it
/// went, the game at its end, and its replay.
pub fn recorded_bot_run(
    seed: u64,
    depth: u32,
    style: Style,
    turns: Turn,
) -> Result<(BotRun, Game, Replay), GameError> {
    let mut recorder = Recorder::new(
        LevelSource::Run { depth },
        seed,
        SimConfig::default(),
        HASH_EVERY,
    );
    let (run, game) = play_run_from(seed, depth, style, turns, |g, c| recorder.apply(g, c))?;
    let replay = recorder.closed(&game);
    Ok((run, game, replay))
}

/// Records a game as it is played: every command, and the state hash
/// every `every` turns.
#[derive(Clone, Debug)]
pub struct Recorder {
    replay: Replay,
    every: Turn,
    next_hash: Turn,
    /// Commands recorded.
    commands: usize,
}

impl Recorder {
    /// Starts recording a game of `level` with `seed` and `config`.
    pub fn new(level: LevelSource, seed: u64, config: SimConfig, every: Turn) -> Recorder {
        let every = every.max(1);
        Recorder {
            replay: Replay {
                seed,
                level,
                config,
                items: Vec::new(),
                lines: Vec::new(),
            },
            every,
            next_hash: every,
            commands: 0,
        }
    }

    /// Applies `command` to `game`, recording it (and the hash, when a
    /// checkpoint turn is reached).
    pub fn apply(&mut self, game: &mut Game, command: Command) -> Vec<Event> {
        self.replay
            .items
            .push(Item::Command(game.floor().turn(), command.clone()));
        self.commands += 1;
        let events = game.apply(command);
        if game.floor().turn() >= self.next_hash {
            self.replay
                .items
                .push(Item::Hash(game.floor().turn(), game.state_hash()));
            self.next_hash = (game.floor().turn() / self.every + 1) * self.every;
        }
        events
    }

    /// Marks the game as revealed on the turn it stands on (see
    /// [`Item::Reveal`]).
    pub fn reveal(&mut self, turn: Turn) {
        self.replay.items.push(Item::Reveal(turn));
    }

    /// Marks cell `at` of `game` for the autopilot to keep out of within
    /// `reach`, or takes the mark away (`None`), recording it (see
    /// [`Item::Mark`]).
    pub fn mark(&mut self, game: &mut Game, at: Pos, reach: Option<u32>) {
        self.replay
            .items
            .push(Item::Mark(game.floor().turn(), at, reach));
        game.mark(at, reach);
    }

    /// Commands recorded (a resumed save's included).
    pub fn commands(&self) -> usize {
        self.commands
    }

    /// The recording so far.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The recording of `game` as it stands (the game this recorder
    /// recorded), ending with the state hash of the turn it stands on,
    /// so even a short game, or the last turns of a long one, are checked
    /// when it is played back or resumed: what a save and a kept replay
    /// hold.
    pub fn closed(&self, game: &Game) -> Replay {
        let mut replay = self.replay.clone();
        let turn = game.floor().turn();
        if !matches!(replay.items.last(), Some(Item::Hash(t, _)) if *t == turn) {
            replay.items.push(Item::Hash(turn, game.state_hash()));
        }
        replay
    }

    /// Goes on recording `replay` (a resumed save), whose game now stands
    /// on turn `turn`.
    pub fn resume(replay: Replay, turn: Turn, every: Turn) -> Recorder {
        let every = every.max(1);
        let commands = (replay.items.iter())
            .filter(|i| matches!(i, Item::Command(..)))
            .count();
        Recorder {
            replay,
            every,
            next_hash: (turn / every + 1) * every,
            commands,
        }
    }
}
