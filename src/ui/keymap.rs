//! Keys to intents. Only key presses count (not repeats' releases), so a
//! key acts once however the terminal reports it.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::mode::{Mode, Overlay};
use crate::map::geom::Dir;

/// What a key asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Ask to quit (confirmed with another `q` or Enter).
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
    /// Play: step or attack that way (look mode: move the cursor).
    Move(Dir),
    /// Play: let a turn pass.
    Wait,
    /// Play: look around with a cursor (again to stop).
    Look,
    /// Play: travel to the stairs, if the player knows where they are (in
    /// a run: the down-stairs; on them, go down).
    TravelStairs,
    /// Play, in a run: climb the up-stairs the player stands on, or travel
    /// to them.
    Upstairs,
    /// Play: pick a cell with a cursor and travel there (Enter, `.` or
    /// `_` again to go; Esc to cancel).
    TravelTo,
    /// Play: explore, to the nearest unknown ground, until there is none.
    Explore,
    /// Play: rest until healed.
    Rest,
    /// Play: close the open door next to the player (asks which way when
    /// there are several).
    CloseDoor,
    /// Play: start or stop sneaking (slower, silent steps).
    Sneak,
    /// Play: pick an item of the pack to use.
    UseItem,
    /// Play: pick an item of the pack to throw (then where).
    ThrowItem,
    /// Play: pick an item of the pack to drop.
    DropItem,
    /// Open (or close) the search inspector.
    Inspect,
    /// Inspector: show this many more (or fewer) expansions.
    InspectStep(i32),
    /// Inspector: the whole search at once (`true`), or back to its start.
    InspectEnd(bool),
    /// Watch: the camera follows the selected monster (or stops).
    ToggleFollow,
    /// The next (`1`) or previous (`-1`) monster of the viewed faction:
    /// the inspector's, when it is open; else the one selected (watch
    /// follows it; play, after `V`, inspects it with `i`).
    NextMonster(i32),
    /// Inspector: zoom in to F, G, H and parents (or out).
    Zoom,
    /// Inspector, a field-planning monster: its faction's field from the
    /// target, or its own A* (the classic figure).
    InspectFigure,
    /// The whole message log, scrollable (Ctrl-P; again to close).
    History,
    /// Play: turn the AI overlays (the true map, the monsters' knowledge,
    /// plans and danger) on or off. The first time marks the game as
    /// revealed, in its status row and its replay.
    Reveal,
    /// The end screen: a new game on the same level, the next seed.
    NewGame,
    /// Replay of a played game: draw it through the player's eyes (their
    /// fog), or the true map again.
    Eyes,
    /// A key that means nothing where it was pressed: the screens that
    /// say "any key" still take it.
    Other,
    /// Ctrl-Z: give the terminal back and stop, as a shell's job does
    /// (`fg` resumes with the screen redrawn). The event loop's, never the
    /// app's: the app is only told nothing happened.
    Suspend,
}

impl Intent {
    /// True for the keys that spend the player's time (a move, a wait, an
    /// activity): the keys typed ahead that a monster coming into view
    /// throws away (see `ui/event_loop.rs`).
    pub fn spends_a_turn(self) -> bool {
        matches!(
            self,
            Intent::Move(_)
                | Intent::Wait
                | Intent::TravelStairs
                | Intent::Upstairs
                | Intent::Explore
                | Intent::Rest
                | Intent::CloseDoor
        )
    }
}

/// Cells the camera moves for one scroll key.
const SCROLL: i32 = 8;

/// The intent of a key event in `mode`, if it has one.
///
/// A key means the same in play and watch, but for what play gives the
/// player: the movement keys move in play and scroll the view in watch,
/// and `.` waits a turn in play and plays one turn in watch. Play's own
/// keys (`x > < _ o R C s U t D V`) and watch's (`F @`) mean nothing in
/// the other mode (`tests/ui.rs`: `keys_mean_the_same_in_play_and_watch`).
///
/// ```
/// use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
/// use darkstar::map::geom::Dir;
/// use darkstar::ui::app::Mode;
/// use darkstar::ui::keymap::{Intent, intent_for};
/// let press = KeyEvent::new(KeyCode::Char('l'), KeyModifiers::NONE);
/// assert_eq!(intent_for(press, Mode::Play), Some(Intent::Move(Dir::E)));
/// assert_eq!(intent_for(press, Mode::Watch), Some(Intent::Scroll(8, 0)));
/// let mut release = press;
/// release.kind = KeyEventKind::Release;
/// assert_eq!(intent_for(release, Mode::Play), None);
/// ```
pub fn intent_for(key: KeyEvent, mode: Mode) -> Option<Intent> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        match key.code {
            KeyCode::Char('c') => return Some(Intent::ForceQuit),
            KeyCode::Char('p') => return Some(Intent::History),
            KeyCode::Char('z') => return Some(Intent::Suspend),
            _ => {}
        }
    }
    if mode == Mode::Play {
        if let Some(dir) = direction(key.code) {
            return Some(Intent::Move(dir));
        }
        match key.code {
            KeyCode::Char('.') | KeyCode::Char('5') => return Some(Intent::Wait),
            KeyCode::Char('x') => return Some(Intent::Look),
            KeyCode::Char('V') => return Some(Intent::Reveal),
            KeyCode::Char('>') => return Some(Intent::TravelStairs),
            KeyCode::Char('<') => return Some(Intent::Upstairs),
            KeyCode::Char('_') => return Some(Intent::TravelTo),
            KeyCode::Char('o') => return Some(Intent::Explore),
            KeyCode::Char('R') => return Some(Intent::Rest),
            KeyCode::Char('C') => return Some(Intent::CloseDoor),
            KeyCode::Char('s') => return Some(Intent::Sneak),
            KeyCode::Char('U') => return Some(Intent::UseItem),
            KeyCode::Char('t') => return Some(Intent::ThrowItem),
            KeyCode::Char('D') => return Some(Intent::DropItem),
            _ => {}
        }
    }
    if mode == Mode::Watch && key.code == KeyCode::Char('F') {
        return Some(Intent::ToggleFollow);
    }
    Some(match key.code {
        KeyCode::Char('i') => Intent::Inspect,
        KeyCode::Char('e') => Intent::InspectEnd(true),
        KeyCode::Char('E') => Intent::InspectEnd(false),
        KeyCode::Char(']') => Intent::InspectStep(1),
        KeyCode::Char('[') => Intent::InspectStep(-1),
        KeyCode::Char('}') => Intent::InspectStep(10),
        KeyCode::Char('{') => Intent::InspectStep(-10),
        KeyCode::Char('m') => Intent::NextMonster(1),
        KeyCode::Char('M') => Intent::NextMonster(-1),
        KeyCode::Char('T') => Intent::Show(Overlay::None),
        KeyCode::Char('z') => Intent::Zoom,
        KeyCode::Char('a') => Intent::InspectFigure,
        KeyCode::Char('q') | KeyCode::Esc => Intent::Quit,
        KeyCode::Enter => Intent::Confirm,
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
        KeyCode::Char('@') if mode == Mode::Watch => Intent::Eyes,
        // Meaningless here, yet a key: it turns the help's page, closes
        // the history, takes back the quit question ("any key").
        _ => Intent::Other,
    })
}

/// The intent of a key on a finished game's end screen, where `n` asks
/// for a new game (it is a move key while playing); other keys act as
/// [`intent_for`] says.
///
/// ```
/// use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
/// use darkstar::ui::app::Mode;
/// use darkstar::ui::keymap::{Intent, end_intent_for};
/// let n = KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE);
/// assert_eq!(end_intent_for(n, Mode::Play), Some(Intent::NewGame));
/// ```
pub fn end_intent_for(key: KeyEvent, mode: Mode) -> Option<Intent> {
    if key.kind == KeyEventKind::Press
        && key.modifiers.difference(KeyModifiers::SHIFT).is_empty()
        && key.code == KeyCode::Char('n')
    {
        return Some(Intent::NewGame);
    }
    intent_for(key, mode)
}

/// The direction of a movement key: arrows, vi keys (hjkl, yubn) and the
/// numpad's digits (as numpads send them with Num Lock on).
fn direction(code: KeyCode) -> Option<Dir> {
    Some(match code {
        KeyCode::Left | KeyCode::Char('h') | KeyCode::Char('4') => Dir::W,
        KeyCode::Right | KeyCode::Char('l') | KeyCode::Char('6') => Dir::E,
        KeyCode::Up | KeyCode::Char('k') | KeyCode::Char('8') => Dir::N,
        KeyCode::Down | KeyCode::Char('j') | KeyCode::Char('2') => Dir::S,
        KeyCode::Char('y') | KeyCode::Char('7') | KeyCode::Home => Dir::NW,
        KeyCode::Char('u') | KeyCode::Char('9') | KeyCode::PageUp => Dir::NE,
        KeyCode::Char('b') | KeyCode::Char('1') | KeyCode::End => Dir::SW,
        KeyCode::Char('n') | KeyCode::Char('3') | KeyCode::PageDown => Dir::SE,
        _ => return None,
    })
}

/// The keys of play mode, for the help screen: (keys, what they do).
pub const PLAY_HELP: [(&str, &str); 20] = [
    (
        "hjkl yubn",
        "move (or arrows, numpad); into a monster: attack",
    ),
    (". or 5", "wait a turn"),
    ("x", "look: move a cursor, x again to stop"),
    (
        "> or <",
        "on stairs down (up): take them; else travel there",
    ),
    ("_", "travel: move a cursor, Enter or . to go, Esc cancels"),
    ("o", "explore (to the nearest unknown ground)"),
    ("R", "rest until healed; any key stops travel and rest"),
    ("C", "close a door next to you (walk into one to open it)"),
    ("s", "sneak: half speed, and nobody hears your steps"),
    (
        "U t D",
        "use, throw (then aim: Enter), drop an item of your pack",
    ),
    ("c", "terrain cost of the cells you know"),
    ("Ctrl-P", "message history (j k scroll)"),
    ("V", "reveal the AI overlays: marks the game REVEALED"),
    (
        "f, Tab, m M",
        "after V: next faction; its next / previous monster",
    ),
    (
        "v / d / p / T",
        "after V: its knowledge+plans / danger / claims / none",
    ),
    (
        "i, a",
        "after V: inspector (] [ } { e E m M z), a: field/A*",
    ),
    ("?", "this help (any key: next page; q closes)"),
    ("q, Esc", "quit (asks: q or Enter)"),
    ("Ctrl-C, Ctrl-Z", "quit at once; suspend (fg resumes)"),
    ("goal", "take the treasure $ back to the stairs >"),
];

/// The keys of watch mode, for the help screen: (keys, what they do).
pub const HELP: [(&str, &str); 17] = [
    ("space / .", "pause / resume; play one turn, then pause"),
    ("+ / -", "faster / slower (opens at 2 turns a second)"),
    ("f, Tab", "next faction to view"),
    ("m / M, F", "follow its next / previous monster; F: or free"),
    ("T", "the true map alone (again: the combined view)"),
    ("v / d / p", "its knowledge+plans / danger / claimed cells"),
    (
        "c",
        "terrain cost: floor steps, green cheaper, yellow dearer",
    ),
    ("i", "search inspector on the faction's monster: m M next"),
    ("] [ } {", "inspector: step one / ten; e / E: end / start"),
    ("a / z", "inspector: its field or its A* / zoom in"),
    (
        "arrows, hjkl",
        "move the view (stops following); 0: top-left",
    ),
    ("@", "a played game's replay: through the player's eyes"),
    ("Ctrl-P", "message history (j k scroll)"),
    ("?", "this help (any key: next page; q closes)"),
    ("q, Esc, Ctrl-C", "quit (asks: q or Enter); Ctrl-C: at once"),
    ("Ctrl-Z", "suspend (fg in the shell resumes)"),
    ("", "default: true map, unknown grey, plans * on top"),
];
