//! A replay being played back, item by item: the one way a game is built
//! from a replay and driven through it, whoever drives (headless checking
//! and restoring a save, and the terminal's playback, a command a tick).
//! Building the game lives in [`Replay::begin_on`] and playing an item in
//! [`Script::play_next`], so the terminal cannot play a replay any other
//! way than `--verify` does (they once differed: the terminal built every
//! replay as a single level, and a run's playback parted from its
//! recording on its first hash).

use std::collections::VecDeque;

use super::*;

/// The items of a replay still to play, with their file lines, and what
/// playing them has checked so far.
#[derive(Clone, Debug, Default)]
pub struct Script {
    items: VecDeque<(usize, Item)>,
    commands: usize,
    hashes: usize,
    /// The turn the replay ends on (its last item's).
    last_turn: Turn,
}

/// What playing one item did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    /// A command was applied: what happened, in order.
    Command(Vec<Event>),
    /// A state hash matched.
    Hash,
    /// The reveal mark of this turn (nothing in the game changes).
    Reveal(Turn),
    /// The player marked a cell for the autopilot, or took a mark away.
    Mark,
}

impl Script {
    /// Plays the next item on `game` (which must be the game
    /// [`Replay::begin_on`] built, played only by this script): `None`
    /// at the end, else what it did or where the game parted from the
    /// recording.
    pub fn play_next(&mut self, game: &mut Game) -> Option<Result<Played, Desync>> {
        let (line, item) = self.items.pop_front()?;
        let turn = game.floor().turn();
        Some(match check(game, &item) {
            Err(kind) => Err(Desync { line, turn, kind }),
            Ok(events) => Ok(match item {
                Item::Command(..) => {
                    self.commands += 1;
                    Played::Command(events)
                }
                Item::Hash(..) => {
                    self.hashes += 1;
                    Played::Hash
                }
                Item::Reveal(t) => Played::Reveal(t),
                Item::Mark(..) => Played::Mark,
            }),
        })
    }

    /// True when the next item is a state hash (playback checks the
    /// hashes of a turn as soon as the game reaches it).
    pub fn hash_is_next(&self) -> bool {
        matches!(self.items.front(), Some((_, Item::Hash(..))))
    }

    /// True when every item has been played.
    pub fn is_done(&self) -> bool {
        self.items.is_empty()
    }

    /// State hashes checked so far.
    pub fn hashes_checked(&self) -> usize {
        self.hashes
    }

    /// The turn the replay ends on.
    pub fn last_turn(&self) -> Turn {
        self.last_turn
    }

    /// What has been checked, the game standing on `turn`.
    pub fn verified(&self, turn: Turn) -> Verified {
        Verified {
            commands: self.commands,
            hashes: self.hashes,
            turn,
        }
    }
}

impl Replay {
    /// A new game of this replay (a run from its seed and depth, or its
    /// level) before any command, and the script of its items: what every
    /// playback starts from.
    pub fn begin(&self) -> Result<(Game, Script), ReplayError> {
        self.begin_on(&self.level()?)
    }

    /// [`Replay::begin`] with this replay's level already made (a run
    /// makes its depths itself, from the seed).
    pub fn begin_on(&self, level: &Level) -> Result<(Game, Script), ReplayError> {
        let game = match self.level {
            LevelSource::Run { depth } => Game::new_run(self.seed, depth, self.config)?,
            _ => Game::new(level, self.seed, self.config)?,
        };
        let script = Script {
            items: (0..self.items.len())
                .map(|i| (self.line_of(i), self.items[i].clone()))
                .collect(),
            commands: 0,
            hashes: 0,
            last_turn: self.last_turn(),
        };
        Ok((game, script))
    }
}
