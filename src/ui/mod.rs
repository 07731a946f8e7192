//! The screens (feature `ui`) and the terminal front end (feature `tui`,
//! which adds the terminal: the only part of the library that knows
//! crossterm). [`mode`] holds the shared enums, [`key`] the keys and
//! clicks the screens take (crossterm's turned into them at the loop's
//! edge, a browser's likewise), [`keymap`] is the key table (keys to
//! intents, and the keys of an intent for the help), [`paint`] draws
//! boxes and fitted text for anything, [`app`] holds the game, what its
//! screens share (clock, camera, playback) and the stack of screens over
//! it (help, history, quit question, item list, inspector, cursor,
//! desync: each owns its state, handles its own keys saying whether it
//! used them, draws itself and lists its commands; a tick reads the time
//! from the front end's clock, [`app::clock::WallClock`]), [`intents`]
//! says what a key or a click means to the app as it stands, for any
//! front end, [`widgets`] lay the screen out and draw the game from the
//! app without changing it (the map as a `StatefulWidget` given where the
//! view stands), then each screen over it. Under `tui`:
//! `event_loop` lays out, draws and
//! acts until the app quits, `input` reads the terminal's events on a
//! thread of their own (so the loop is never inside crossterm's read),
//! `tty` looks at the terminal (hung up; input crossterm has not seen),
//! `wake` wakes the loop at once on a stop signal or a hang-up,
//! [`title`] is the title screen plain `darkstar` opens on (a screen
//! that reads its keys itself, over a still game, run by the same loop),
//! and `terminal` (`run`, `run_title`) owns the terminal: it is
//! restored on quit, on error, on Ctrl-C (a key like any other in raw mode), on panic
//! (ratatui's panic hook), on SIGTERM, SIGHUP, SIGINT and SIGQUIT and on
//! the window closing (the loop notices them within `SIGNAL_POLL` and
//! returns `Exit::Signal`, so the caller can save before it exits) and
//! on abort (a SIGABRT handler puts the original terminal settings back
//! before the default action runs).
//!
//! The modules form a DAG, listed here lowest first; each imports only
//! modules above it in this list: `mode`, `log`, `key`, `keymap`,
//! `paint`, `html`, `app` (with its screens), `astar_lesson`, `intents`, `widgets`, `event_loop`,
//! `title`, `input`, `tty`, `wake`, `terminal`. The screens build for
//! wasm32 (`--no-default-features --features ui`; CI builds them so).
//! This file only declares and re-exports.

pub mod app;
pub mod astar_lesson;
#[cfg(feature = "tui")]
pub mod event_loop;
pub mod html;
#[cfg(feature = "tui")]
pub mod input;
pub mod intents;
pub mod key;
pub mod keymap;
pub mod log;
pub mod mode;
pub mod paint;
#[cfg(feature = "tui")]
pub mod terminal;
pub mod title;
#[cfg(feature = "tui")]
mod tty;
#[cfg(feature = "tui")]
mod wake;
pub mod widgets;

pub use app::App;
#[cfg(feature = "tui")]
pub use event_loop::{
    Exit, Keeping, NoSession, SIGNAL_POLL, Session, event_loop, event_loop_until,
};
#[cfg(feature = "tui")]
pub use input::Input;
#[cfg(feature = "tui")]
pub use terminal::{NoTerminal, STOP_SIGNALS, require_terminal, run, run_keeping, run_title};
pub use widgets::draw;
