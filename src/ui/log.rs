//! The message log: what the screen tells the player, oldest first. A
//! message said again right after itself is not repeated but counted
//! (`A wall. x4`), as roguelikes do, so one event typed eight times does
//! not push everything else off the four rows under the map. The log keeps
//! [`MessageLog::CAPACITY`] messages (the history screen, Ctrl-P, shows
//! them all); older ones are dropped, so a long game's log stays bounded.

use std::collections::VecDeque;

use crate::clock::Turn;

/// The log's lines and the look box's start with a capital; the
/// chronicle's wording says how ([`crate::sim::chronicle::capitalised`]).
pub use crate::sim::chronicle::capitalised;

/// One message, with how many times in a row it was said.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    /// The turn it was last said on, if it belongs to one.
    turn: Option<Turn>,
    /// The turn it was first said on, of those counted on it.
    first: Option<Turn>,
    text: String,
    count: u32,
    /// As shown: `TURN: TEXT xCOUNT` (kept so the log lends out `&String`s).
    shown: String,
}

impl Entry {
    fn render(&mut self) {
        let mut s = match (self.first, self.turn) {
            (Some(f), Some(t)) if f != t => format!("{f}-{t}: {}", self.text),
            (_, Some(t)) => format!("{t}: {}", self.text),
            _ => self.text.clone(),
        };
        if self.count > 1 {
            s.push_str(&format!(" x{}", self.count));
        }
        self.shown = s;
    }
}

/// The messages said so far (the last [`MessageLog::CAPACITY`] of them).
#[derive(Clone, Debug, Default)]
pub struct MessageLog {
    entries: VecDeque<Entry>,
}

impl MessageLog {
    /// Messages kept: enough for a long look back, bounded however long
    /// the game.
    pub const CAPACITY: usize = crate::sim::chronicle::SAID_KEPT;

    pub fn new() -> MessageLog {
        MessageLog::default()
    }

    /// Says `text` (on `turn`, if it belongs to one). The same text as the
    /// last message is counted on that message instead, shown with the
    /// turns it was said over (a slow step's blows: `4077-4080: The jackal
    /// bites you. x4`).
    ///
    /// ```
    /// use darkstar::ui::log::MessageLog;
    /// let mut log = MessageLog::new();
    /// for _ in 0..4 {
    ///     log.push(Some(3), "A wall.");
    /// }
    /// log.push(None, "Paused.");
    /// for turn in 7..10 {
    ///     log.push(Some(turn), "The jackal bites you.");
    /// }
    /// let lines: Vec<&String> = log.iter().collect();
    /// assert_eq!(lines, ["3: A wall. x4", "Paused.", "7-9: The jackal bites you. x3"]);
    /// ```
    pub fn push(&mut self, turn: Option<Turn>, text: impl Into<String>) {
        self.push_times(turn, text, 1);
    }

    /// [`MessageLog::push`] said `times` times in a row (at least once):
    /// what a resumed game's log takes from the chronicle, which keeps
    /// a run of one sentence as one, counted.
    pub fn push_times(&mut self, turn: Option<Turn>, text: impl Into<String>, times: u32) {
        let text = text.into();
        let times = times.max(1);
        if let Some(last) = self.entries.back_mut()
            && last.text == text
        {
            last.count = last.count.saturating_add(times);
            last.turn = turn.or(last.turn);
            last.first = last.first.or(turn);
            last.render();
            return;
        }
        if self.entries.len() == Self::CAPACITY {
            self.entries.pop_front();
        }
        let mut entry = Entry {
            turn,
            first: turn,
            text,
            count: times,
            shown: String::new(),
        };
        entry.render();
        self.entries.push_back(entry);
    }

    /// The messages as shown, oldest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator {
        self.entries.iter().map(|e| &e.shown)
    }

    /// Messages kept (a repeated one counts once).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
