//! What a key or a click means to the app as it stands, for any front
//! end: the terminal's loop (`event_loop`) and a browser's hand their
//! keys here, so both give the game the same intents.

use super::app::App;
use super::key::{KeyEvent, KeyEventKind, MouseEvent};
use super::keymap::{self, Intent};

/// What `key` asks of `app`: a screen that reads keys itself (the title,
/// the seek prompt) gets the key, but Ctrl-C and Ctrl-Z; an ended game's
/// screen its few keys; otherwise the key's binding ([`of_key_in_play`]).
pub fn of_key(app: &App, key: KeyEvent) -> Option<Intent> {
    if app.takes_keys() {
        match keymap::intent_for(key, app.mode()) {
            Some(intent @ (Intent::ForceQuit | Intent::Suspend)) => Some(intent),
            _ => (key.kind != KeyEventKind::Release).then_some(Intent::Key(key)),
        }
    } else if app.game_over() {
        keymap::end_intent_for(key, app.mode())
    } else {
        of_key_in_play(app, key)
    }
}

/// `key`'s binding in the app's mode, or, while the topmost screen picks
/// by letters (the item list), a plain letter as itself.
pub fn of_key_in_play(app: &App, key: KeyEvent) -> Option<Intent> {
    if app.takes_letters() {
        keymap::letter_intent_for(key, app.mode())
    } else {
        keymap::intent_for(key, app.mode())
    }
}

/// A click, playing (the title reads keys alone, and an ended game's
/// screen takes none); other mouse events mean nothing.
pub fn of_click(app: &App, mouse: MouseEvent) -> Option<Intent> {
    if app.takes_keys() || app.game_over() {
        return None;
    }
    keymap::mouse_intent_for(mouse, app.mode())
}
