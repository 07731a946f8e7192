//! The terminal front end (feature `tui`): the only part of the library
//! that knows ratatui and crossterm. [`mode`] holds the shared enums,
//! [`keymap`] is the key table (keys to intents, and the keys of an
//! intent for the help), [`paint`] draws boxes and fitted text for
//! anything, [`app`] holds the game, what its screens share (clock,
//! camera, playback) and the stack of screens over it (help, history,
//! quit question, item list, inspector, cursor, desync: each owns its
//! state, handles its own keys saying whether it used them, draws itself
//! and lists its commands), [`widgets`] lay the screen out and draw the
//! game from the app without changing it (the map as a `StatefulWidget`
//! given where the view stands), then each screen over it,
//! [`event_loop`](mod@event_loop) lays out, draws and
//! acts until the app quits, [`input`] reads the terminal's events on a
//! thread of their own (so the loop is never inside crossterm's read),
//! `tty` looks at the terminal (hung up; input crossterm has not seen),
//! `wake` wakes the loop at once on a stop signal or a hang-up,
//! [`title`] is the title screen plain `darkstar` opens on (a screen
//! that reads its keys itself, over a still game, run by the same loop),
//! and [`terminal`] ([`run`], [`run_title`]) owns the terminal: it is
//! restored on quit, on error, on Ctrl-C (a key like any other in raw mode), on panic
//! (ratatui's panic hook), on SIGTERM, SIGHUP, SIGINT and SIGQUIT and on
//! the window closing (the loop notices them within [`SIGNAL_POLL`] and
//! returns [`Exit::Signal`], so the caller can save before it exits) and
//! on abort (a SIGABRT handler puts the original terminal settings back
//! before the default action runs).
//!
//! The modules form a DAG, listed here lowest first; each imports only
//! modules above it in this list: `mode`, `log`, `keymap`, `paint`, `app`
//! (with its screens), `widgets`, `event_loop`, `title`, `input`, `tty`,
//! `wake`, `terminal`. This file only declares and re-exports.

pub mod app;
pub mod event_loop;
pub mod input;
pub mod keymap;
pub mod log;
pub mod mode;
pub mod paint;
pub mod terminal;
pub mod title;
mod tty;
mod wake;
pub mod widgets;

pub use app::App;
pub use event_loop::{
    Exit, Keeping, NoSession, SIGNAL_POLL, Session, draw, event_loop, event_loop_until,
};
pub use input::Input;
pub use terminal::{NoTerminal, STOP_SIGNALS, require_terminal, run, run_keeping, run_title};
