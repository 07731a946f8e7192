//! Keys to intents. Only key presses count (not repeats' releases), so a
//! key acts once however the terminal reports it.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::app::Overlay;

/// What a key asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Ask to quit (confirmed with another `q` or `y`).
    Quit,
    /// Quit at once (Ctrl-C).
    ForceQuit,
    /// Yes, to a question.
    Confirm,
    Help,
    TogglePause,
    /// One turn, then pause.
    Step,
    Faster,
    Slower,
    /// Show the next faction's knowledge, plans and danger.
    NextFaction,
    /// Toggle an overlay.
    Show(Overlay),
    /// Move the camera by this many cells.
    Scroll(i32, i32),
    /// Camera to the top-left corner.
    Home,
}

/// Cells the camera moves for one scroll key.
const SCROLL: i32 = 8;

/// The intent of a key event, if it has one.
///
/// ```
/// use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
/// use darkstar::ui::input::{Intent, intent_for};
/// let press = KeyEvent::new(KeyCode::Char(' '), KeyModifiers::NONE);
/// assert_eq!(intent_for(press), Some(Intent::TogglePause));
/// let mut release = press;
/// release.kind = KeyEventKind::Release;
/// assert_eq!(intent_for(release), None);
/// ```
pub fn intent_for(key: KeyEvent) -> Option<Intent> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Intent::ForceQuit);
    }
    Some(match key.code {
        KeyCode::Char('q') | KeyCode::Esc => Intent::Quit,
        KeyCode::Char('y') | KeyCode::Enter => Intent::Confirm,
        KeyCode::Char('?') => Intent::Help,
        KeyCode::Char(' ') => Intent::TogglePause,
        KeyCode::Char('.') => Intent::Step,
        KeyCode::Char('+') | KeyCode::Char('=') => Intent::Faster,
        KeyCode::Char('-') => Intent::Slower,
        KeyCode::Char('f') | KeyCode::Tab => Intent::NextFaction,
        KeyCode::Char('v') => Intent::Show(Overlay::Knowledge),
        KeyCode::Char('d') => Intent::Show(Overlay::Danger),
        KeyCode::Char('c') => Intent::Show(Overlay::Cost),
        KeyCode::Char('p') => Intent::Show(Overlay::Claims),
        KeyCode::Left | KeyCode::Char('h') => Intent::Scroll(-SCROLL, 0),
        KeyCode::Right | KeyCode::Char('l') => Intent::Scroll(SCROLL, 0),
        KeyCode::Up | KeyCode::Char('k') => Intent::Scroll(0, -SCROLL),
        KeyCode::Down | KeyCode::Char('j') => Intent::Scroll(0, SCROLL),
        KeyCode::Home | KeyCode::Char('0') => Intent::Home,
        _ => return None,
    })
}

/// The keys, for the help screen: (keys, what they do).
pub const HELP: [(&str, &str); 14] = [
    ("space", "pause / resume"),
    (".", "play one turn, then pause"),
    ("+ / -", "faster / slower"),
    ("f, Tab", "next faction for the overlays"),
    ("v", "the faction's knowledge and plans"),
    ("d", "the faction's danger (its dead, chokepoints)"),
    ("c", "terrain cost"),
    ("p", "cells claimed by the faction's plans"),
    ("arrows, hjkl", "move the view"),
    ("0, Home", "view to the top-left corner"),
    ("?", "this help (any key closes it)"),
    ("q, Esc", "quit (asks first)"),
    ("Ctrl-C", "quit at once"),
    ("", "overlay keys toggle: press again for the true map"),
];
