//! When a game being played is written to its save: as it is played, not
//! only when the session ends, so that a crash, a SIGKILL or a power cut
//! loses at most the last [`KEEP_COMMANDS`] commands or the last
//! [`KEEP_EVERY`] of play, and a depth change none. A write that fails (a
//! full disk) is tried again [`KEEP_EVERY`] later, the game going on
//! meanwhile; what was not written is written by the next write that
//! succeeds, since each write is the whole game so far (atomically: see
//! `atomic.rs`). The rule is here, apart from any terminal; the binary
//! asks it after every command and tick.
//!
//! Time is the front end's to tell: `now` is how long since a moment of
//! its choosing (the terminal's binary reads an `Instant` taken as it
//! starts; a page would read its clock), never going back. The core reads
//! no clock, so it runs where there is none (WebAssembly).

use std::time::Duration;

/// Most commands played and not yet in the save.
pub const KEEP_COMMANDS: usize = 20;
/// Longest a command played waits to be written.
pub const KEEP_EVERY: Duration = Duration::from_secs(1);

/// What a game's save holds of it, and when it is next due: at most
/// [`KEEP_COMMANDS`] commands or [`KEEP_EVERY`] behind the game, at once
/// on a depth change, and after a failed write [`KEEP_EVERY`] later.
#[derive(Clone, Debug)]
pub struct SaveKeeper {
    /// Commands of the game in the save.
    saved: usize,
    /// The depth the save's game stands on.
    depth: Option<u32>,
    /// When the save was last written, or last failed to be.
    last: Duration,
    /// The last write failed.
    failing: bool,
    /// No more writes (the save is another process's now).
    stopped: bool,
}

impl SaveKeeper {
    /// A game of `commands` commands on `depth`, all of it in the save
    /// (a resumed game) or none (a new game: `commands` is 0), as of
    /// `now`.
    pub fn new(commands: usize, depth: Option<u32>, now: Duration) -> SaveKeeper {
        SaveKeeper {
            saved: commands,
            depth,
            last: now,
            failing: false,
            stopped: false,
        }
    }

    /// Whether the game, at `commands` commands on `depth`, is due to be
    /// written at `now`: it went down or up a depth, or holds
    /// [`KEEP_COMMANDS`] commands the save has not, or one that has
    /// waited [`KEEP_EVERY`]. After a failed write, not before
    /// [`KEEP_EVERY`] has passed.
    ///
    /// ```
    /// use std::time::Duration;
    /// use darkstar::record::save::{KEEP_COMMANDS, KEEP_EVERY, SaveKeeper};
    /// let start = Duration::from_secs(60);
    /// let mut keeper = SaveKeeper::new(0, Some(1), start);
    /// assert!(!keeper.due(0, Some(1), start + KEEP_EVERY * 9)); // nothing new
    /// assert!(!keeper.due(3, Some(1), start)); // three, just now
    /// assert!(keeper.due(3, Some(1), start + KEEP_EVERY)); // three, a while
    /// assert!(keeper.due(KEEP_COMMANDS, Some(1), start)); // twenty
    /// assert!(keeper.due(1, Some(2), start)); // down the stairs
    /// keeper.failed(start);
    /// assert!(!keeper.due(KEEP_COMMANDS, Some(2), start + Duration::from_millis(10)));
    /// assert!(keeper.due(KEEP_COMMANDS, Some(2), start + KEEP_EVERY));
    /// ```
    pub fn due(&self, commands: usize, depth: Option<u32>, now: Duration) -> bool {
        let waited = now.saturating_sub(self.last) >= KEEP_EVERY;
        if self.stopped || (commands == self.saved && depth == self.depth) {
            return false;
        }
        if self.failing {
            return waited;
        }
        depth != self.depth || commands.saturating_sub(self.saved) >= KEEP_COMMANDS || waited
    }

    /// The save now holds the game at `commands` commands on `depth`,
    /// written at `now`. True if an earlier write had failed (the player
    /// is told the save is whole again).
    pub fn written(&mut self, commands: usize, depth: Option<u32>, now: Duration) -> bool {
        let recovered = self.failing;
        *self = SaveKeeper::new(commands, depth, now);
        recovered
    }

    /// A write failed at `now`: tried again [`KEEP_EVERY`] later. True the
    /// first time in a row (the player is told once, not every second).
    pub fn failed(&mut self, now: Duration) -> bool {
        let first = !self.failing;
        self.failing = true;
        self.last = now;
        first
    }

    /// No more writes: the save is not this game's to write any more.
    pub fn give_up(&mut self) {
        self.stopped = true;
    }

    /// Whether the last write failed: play since the last good write is
    /// not in the save.
    pub fn failing(&self) -> bool {
        self.failing
    }
}
