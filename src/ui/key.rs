//! Keys and clicks as the screens take them, whichever front end read
//! them: the terminal's (crossterm's events, turned into these at the
//! loop's edge, [`From`] below under the `tui` feature) or another's (a
//! browser's). The names and fields are crossterm's, so a reader of one
//! reads the other; only what the game reads is kept.

use bitflags::bitflags;

/// A key, as it was pressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KeyCode {
    Char(char),
    Enter,
    Esc,
    Backspace,
    Tab,
    BackTab,
    Up,
    Down,
    Left,
    Right,
    Home,
    End,
    PageUp,
    PageDown,
    Insert,
    Delete,
    /// A function key, F1 to F24.
    F(u8),
    /// Any other key (a media key, a modifier alone): the game takes
    /// none of them.
    Other,
}

bitflags! {
    /// The modifiers held with a key or a click.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub struct KeyModifiers: u8 {
        const SHIFT = 1;
        const CONTROL = 1 << 1;
        const ALT = 1 << 2;
    }
}

impl KeyModifiers {
    /// No modifier.
    pub const NONE: KeyModifiers = KeyModifiers::empty();
}

/// Whether a key went down, repeats as it is held, or came up (terminals
/// that report only presses report every key as [`KeyEventKind::Press`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KeyEventKind {
    Press,
    Repeat,
    Release,
}

/// A key and what came with it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct KeyEvent {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
    pub kind: KeyEventKind,
}

impl KeyEvent {
    /// `code` pressed with `modifiers`.
    pub const fn new(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent {
            code,
            modifiers,
            kind: KeyEventKind::Press,
        }
    }
}

impl KeyEvent {
    /// A browser's key: the `key` of its `keydown` event (`"ArrowUp"`,
    /// `"Enter"`, `"h"`, `"H"`, `" "`) and its modifiers, as the terminal
    /// reports the same key (shift and tab is `BackTab`; a letter comes as
    /// typed, shift or not). `None` for keys the game has no use for (a lone
    /// modifier, `"CapsLock"`, a dead key), which the page leaves to the
    /// browser.
    ///
    /// ```
    /// use darkstar::ui::key::{KeyCode, KeyEvent, KeyModifiers};
    /// let up = KeyEvent::of_browser("ArrowUp", false, false, false).unwrap();
    /// assert_eq!(up, KeyEvent::new(KeyCode::Up, KeyModifiers::NONE));
    /// let big_h = KeyEvent::of_browser("H", true, false, false).unwrap();
    /// assert_eq!(big_h, KeyEvent::new(KeyCode::Char('H'), KeyModifiers::SHIFT));
    /// assert_eq!(KeyEvent::of_browser("Shift", true, false, false), None);
    /// ```
    pub fn of_browser(key: &str, shift: bool, ctrl: bool, alt: bool) -> Option<KeyEvent> {
        let mut modifiers = KeyModifiers::NONE;
        modifiers.set(KeyModifiers::SHIFT, shift);
        modifiers.set(KeyModifiers::CONTROL, ctrl);
        modifiers.set(KeyModifiers::ALT, alt);
        let mut chars = key.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(c),
            _ => match key {
                "Enter" => KeyCode::Enter,
                "Escape" | "Esc" => KeyCode::Esc,
                "Backspace" => KeyCode::Backspace,
                "Tab" if shift => KeyCode::BackTab,
                "Tab" => KeyCode::Tab,
                "ArrowUp" | "Up" => KeyCode::Up,
                "ArrowDown" | "Down" => KeyCode::Down,
                "ArrowLeft" | "Left" => KeyCode::Left,
                "ArrowRight" | "Right" => KeyCode::Right,
                "Home" => KeyCode::Home,
                "End" => KeyCode::End,
                "PageUp" => KeyCode::PageUp,
                "PageDown" => KeyCode::PageDown,
                "Insert" => KeyCode::Insert,
                "Delete" | "Del" => KeyCode::Delete,
                f => match f.strip_prefix('F').and_then(|n| n.parse::<u8>().ok()) {
                    Some(n @ 1..=24) => KeyCode::F(n),
                    _ => return None,
                },
            },
        };
        Some(KeyEvent::new(code, modifiers))
    }
}

/// A mouse button.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MouseButton {
    Left,
    Right,
    Middle,
}

/// What the mouse did: a button pressed, or anything else (released,
/// dragged, moved, the wheel), which the game takes for nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MouseEventKind {
    Down(MouseButton),
    Other,
}

/// A mouse event at a cell of the screen (`column`, `row`: 0-based from
/// its top left).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MouseEvent {
    pub kind: MouseEventKind,
    pub column: u16,
    pub row: u16,
    pub modifiers: KeyModifiers,
}

#[cfg(feature = "tui")]
mod from_crossterm {
    use super::*;
    use crossterm::event as ct;

    impl From<ct::KeyCode> for KeyCode {
        fn from(code: ct::KeyCode) -> KeyCode {
            match code {
                ct::KeyCode::Char(c) => KeyCode::Char(c),
                ct::KeyCode::Enter => KeyCode::Enter,
                ct::KeyCode::Esc => KeyCode::Esc,
                ct::KeyCode::Backspace => KeyCode::Backspace,
                ct::KeyCode::Tab => KeyCode::Tab,
                ct::KeyCode::BackTab => KeyCode::BackTab,
                ct::KeyCode::Up => KeyCode::Up,
                ct::KeyCode::Down => KeyCode::Down,
                ct::KeyCode::Left => KeyCode::Left,
                ct::KeyCode::Right => KeyCode::Right,
                ct::KeyCode::Home => KeyCode::Home,
                ct::KeyCode::End => KeyCode::End,
                ct::KeyCode::PageUp => KeyCode::PageUp,
                ct::KeyCode::PageDown => KeyCode::PageDown,
                ct::KeyCode::Insert => KeyCode::Insert,
                ct::KeyCode::Delete => KeyCode::Delete,
                ct::KeyCode::F(n) => KeyCode::F(n),
                _ => KeyCode::Other,
            }
        }
    }

    impl From<ct::KeyModifiers> for KeyModifiers {
        fn from(m: ct::KeyModifiers) -> KeyModifiers {
            let mut out = KeyModifiers::NONE;
            for (theirs, ours) in [
                (ct::KeyModifiers::SHIFT, KeyModifiers::SHIFT),
                (ct::KeyModifiers::CONTROL, KeyModifiers::CONTROL),
                (ct::KeyModifiers::ALT, KeyModifiers::ALT),
            ] {
                out.set(ours, m.contains(theirs));
            }
            out
        }
    }

    impl From<ct::KeyEvent> for KeyEvent {
        fn from(key: ct::KeyEvent) -> KeyEvent {
            KeyEvent {
                code: key.code.into(),
                modifiers: key.modifiers.into(),
                kind: match key.kind {
                    ct::KeyEventKind::Press => KeyEventKind::Press,
                    ct::KeyEventKind::Repeat => KeyEventKind::Repeat,
                    ct::KeyEventKind::Release => KeyEventKind::Release,
                },
            }
        }
    }

    impl From<ct::MouseEvent> for MouseEvent {
        fn from(mouse: ct::MouseEvent) -> MouseEvent {
            let button = |b| match b {
                ct::MouseButton::Left => MouseButton::Left,
                ct::MouseButton::Right => MouseButton::Right,
                ct::MouseButton::Middle => MouseButton::Middle,
            };
            MouseEvent {
                kind: match mouse.kind {
                    ct::MouseEventKind::Down(b) => MouseEventKind::Down(button(b)),
                    _ => MouseEventKind::Other,
                },
                column: mouse.column,
                row: mouse.row,
                modifiers: mouse.modifiers.into(),
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// The terminal's keys arrive as the screens read them: code,
        /// modifiers and kind; a click with its cell.
        #[test]
        fn crossterms_events_become_the_screens() {
            let mut theirs = ct::KeyEvent::new(
                ct::KeyCode::Char('c'),
                ct::KeyModifiers::CONTROL | ct::KeyModifiers::SHIFT,
            );
            theirs.kind = ct::KeyEventKind::Release;
            let ours = KeyEvent::from(theirs);
            assert_eq!(ours.code, KeyCode::Char('c'));
            assert_eq!(ours.modifiers, KeyModifiers::CONTROL | KeyModifiers::SHIFT);
            assert_eq!(ours.kind, KeyEventKind::Release);
            assert_eq!(KeyCode::from(ct::KeyCode::F(5)), KeyCode::F(5));
            assert_eq!(KeyCode::from(ct::KeyCode::CapsLock), KeyCode::Other);
            let click = MouseEvent::from(ct::MouseEvent {
                kind: ct::MouseEventKind::Down(ct::MouseButton::Right),
                column: 4,
                row: 9,
                modifiers: ct::KeyModifiers::ALT,
            });
            assert_eq!(
                click,
                MouseEvent {
                    kind: MouseEventKind::Down(MouseButton::Right),
                    column: 4,
                    row: 9,
                    modifiers: KeyModifiers::ALT,
                }
            );
        }
    }
}
