//! The clock: paused or running, and how fast (watch, replay playback,
//! and `+`/`-` while playing). Not a screen: it is never opened or
//! closed, the status row and the tick read it, and an inspector opened
//! or a replay ended pauses it; so the app keeps it, and it has its keys
//! after the screens' (`game.rs`). It owns only the setting; a tick
//! playing turns is the app's (it changes the game).

use std::fmt;
use std::time::{Duration, Instant};

use super::screen::{Ask, Ctx, Handled};
use crate::ui::keymap::Intent;

/// How fast the clock runs: turns a second, or as fast as the game can be
/// played and drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Speed {
    /// This many turns (a replay's commands) a second.
    PerSecond(u32),
    /// As fast as it goes: each tick plays turns for [`MAX_FRAME`] (at
    /// least [`MAX_MIN_TURNS`]), then the frame is drawn.
    Max,
}

/// The speed settings, slowest first: `+` and `-` step through them.
pub const SPEEDS: [Speed; 10] = [
    Speed::PerSecond(1),
    Speed::PerSecond(2),
    Speed::PerSecond(5),
    Speed::PerSecond(10),
    Speed::PerSecond(20),
    Speed::PerSecond(50),
    Speed::PerSecond(100),
    Speed::PerSecond(300),
    Speed::PerSecond(1000),
    Speed::Max,
];

/// Most frames a second a running clock draws: faster than this, a tick
/// plays several turns (100 a second: 2 a tick; 1,000: 20), so the
/// screen redraws at a sane rate whatever the speed.
pub const FRAMES_PER_SECOND: u32 = 50;

/// [`Speed::Max`]: how long a tick plays turns before the frame is drawn.
pub const MAX_FRAME: Duration = Duration::from_millis(20);

/// [`Speed::Max`]: the fewest turns a tick plays, however slow they are
/// (as many as 1,000 turns a second plays a tick).
pub const MAX_MIN_TURNS: u32 = 20;

/// [`Speed::Max`]: the most turns a tick plays, however quick they are.
pub const MAX_TURNS_PER_TICK: u32 = 5_000;

impl Speed {
    /// Time between two ticks: a second's share of the turns up to
    /// [`FRAMES_PER_SECOND`], a frame's past it; none at [`Speed::Max`]
    /// (a tick follows the frame at once).
    pub fn period(self) -> Duration {
        match self {
            Speed::PerSecond(n) => {
                Duration::from_millis(1000 / n.clamp(1, FRAMES_PER_SECOND) as u64)
            }
            Speed::Max => Duration::ZERO,
        }
    }

    /// The turns a tick plays (at [`Speed::Max`], the fewest).
    pub fn turns_per_tick(self) -> u32 {
        match self {
            Speed::PerSecond(n) => (n / FRAMES_PER_SECOND).max(1),
            Speed::Max => MAX_MIN_TURNS,
        }
    }

    /// True when a tick that has played `played` turns in `elapsed` plays
    /// another.
    pub fn plays_more(self, played: u32, elapsed: Duration) -> bool {
        match self {
            Speed::PerSecond(_) => played < self.turns_per_tick(),
            Speed::Max => {
                played < MAX_MIN_TURNS || (elapsed < MAX_FRAME && played < MAX_TURNS_PER_TICK)
            }
        }
    }

    /// The speed in words, as the help says it: "2 turns a second", "as
    /// fast as it goes".
    pub fn words(self) -> String {
        match self {
            Speed::PerSecond(1) => "1 turn a second".to_string(),
            Speed::PerSecond(n) => format!("{n} turns a second"),
            Speed::Max => "as fast as it goes".to_string(),
        }
    }

    /// The setting (an index into [`SPEEDS`]) a command line names: its
    /// turns a second (`300`) or `max`.
    pub fn setting(text: &str) -> Result<usize, String> {
        let t = text.trim();
        SPEEDS
            .iter()
            .position(|s| s.to_string().trim_end_matches("/s") == t)
            .ok_or_else(|| {
                let names: Vec<String> = SPEEDS
                    .iter()
                    .map(|s| s.to_string().trim_end_matches("/s").to_string())
                    .collect();
                format!(
                    "expected turns a second, one of {}, got {text:?}",
                    names.join(", ")
                )
            })
    }
}

/// As the status row shows it: `2/s`, `max`.
impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Speed::PerSecond(n) => write!(f, "{n}/s"),
            Speed::Max => write!(f, "max"),
        }
    }
}

/// The time on the front end's clock: how long since a moment of its
/// choosing, never going back. A tick reads it to play turns for a
/// frame's time ([`Speed::plays_more`]) or a seek's slice. The terminal's
/// is [`monotonic`]; a front end where the machine's clock cannot be read
/// (WebAssembly in a browser, where `Instant::now` panics) gives its own
/// ([`Clock::set_wall`]).
pub type WallClock = fn() -> Duration;

/// The machine's monotonic clock (std's `Instant`), from its first reading.
pub fn monotonic() -> Duration {
    static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed()
}

/// Paused or running, the speed, and the wall clock that times a tick.
#[derive(Clone, Debug)]
pub struct Clock {
    paused: bool,
    /// Index into [`SPEEDS`].
    speed: usize,
    /// The setting it opened at (the help says it).
    opened: usize,
    wall: WallClock,
}

impl Clock {
    /// Running at `SPEEDS[speed]`.
    pub fn new(speed: usize) -> Clock {
        let speed = speed.min(SPEEDS.len() - 1);
        Clock {
            paused: false,
            speed,
            opened: speed,
            wall: monotonic,
        }
    }

    /// The time now on the wall clock.
    pub fn now(&self) -> Duration {
        (self.wall)()
    }

    /// Times ticks by `wall` from now on (the front end's clock).
    pub fn set_wall(&mut self, wall: WallClock) {
        self.wall = wall;
    }

    /// True while paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// How fast it runs while running.
    pub fn speed(&self) -> Speed {
        SPEEDS[self.speed]
    }

    /// The speed it opened at.
    pub fn opening_speed(&self) -> Speed {
        SPEEDS[self.opened]
    }

    /// Stops the clock (an inspector opened, a replay ended or parted).
    pub fn pause(&mut self) {
        self.paused = true;
    }

    /// Runs at setting `speed` (an index into [`SPEEDS`]).
    pub fn set_speed(&mut self, speed: usize) {
        self.speed = speed.min(SPEEDS.len() - 1);
    }

    /// Opens at setting `speed` (before anything is played): runs at it,
    /// and the help says it is the opening speed.
    pub fn open_at(&mut self, speed: usize) {
        self.set_speed(speed);
        self.opened = self.speed;
    }
}

impl Clock {
    /// Space pauses or resumes, `.` plays one turn and pauses, `+`/`-`
    /// change the speed.
    pub fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        match intent {
            Intent::TogglePause => {
                self.paused = !self.paused;
                let what = if self.paused { "Paused." } else { "Running." };
                asks.push(Ask::Say(what.to_string()));
            }
            Intent::Step => {
                self.paused = true;
                asks.push(Ask::Step);
            }
            Intent::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Intent::Slower => self.speed = self.speed.saturating_sub(1),
            _ => return Handled::Ignored,
        }
        Handled::Used
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past fifty turns a second a tick plays several, so a second holds
    /// the setting's turns in at most fifty frames; max plays at least as
    /// many a tick as the fastest setting before it.
    #[test]
    fn fast_settings_play_several_turns_a_frame() {
        for s in SPEEDS {
            if let Speed::PerSecond(n) = s {
                let ticks = 1000 / s.period().as_millis() as u32;
                assert!(ticks <= FRAMES_PER_SECOND, "{s}");
                assert_eq!(ticks * s.turns_per_tick(), n, "{s}");
            }
        }
        let before = SPEEDS[SPEEDS.len() - 2];
        assert!(Speed::Max.turns_per_tick() >= before.turns_per_tick());
        assert!(Speed::Max.plays_more(MAX_MIN_TURNS - 1, Duration::from_secs(1)));
        assert!(!Speed::Max.plays_more(MAX_MIN_TURNS, MAX_FRAME));
        assert!(!Speed::Max.plays_more(MAX_TURNS_PER_TICK, Duration::ZERO));
    }

    #[test]
    fn settings_are_named_by_their_turns_a_second_or_max() {
        assert_eq!(Speed::setting("300"), Ok(7));
        assert_eq!(Speed::setting("max"), Ok(SPEEDS.len() - 1));
        assert_eq!(Speed::setting("2"), Ok(1));
        let e = Speed::setting("7").unwrap_err();
        assert!(
            e.contains("1, 2, 5, 10, 20, 50, 100, 300, 1000, max"),
            "{e}"
        );
        assert_eq!(Speed::PerSecond(1).words(), "1 turn a second");
    }
}
