//! Keys to intents, as one table ([`BINDINGS`]): [`intent_for`] reads it
//! to turn a key into an intent, and [`keys_for`] reads it to say which
//! keys give an intent, so the help ([`Command::keys`]) names the keys the
//! game really takes and a key is written down once. Only key presses
//! count (not repeats' releases), so a key acts once however the terminal
//! reports it.

use super::key::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::mode::{Mode, Overlay};
use crate::map::geom::{Dir, Pos};

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
    /// Play: mark the cell under the look (or travel) cursor for travel
    /// and explore to keep out of; again, the room round it; again, no
    /// more (DCSS's exclusions). Without a cursor, opens the look cursor.
    Exclude,
    /// Play: show (or hide) how far the player's noise carries.
    Noise,
    /// Play: travel to the nearest item the player knows of (by the way
    /// there) and pick it up.
    FetchItem,
    /// Play: explore, to the nearest unknown ground, until there is none.
    Explore,
    /// Play: explore, leaving the items on the way where they lie.
    ExploreOnly,
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
    /// Replay playback: ask for a turn and go there.
    GoToTurn,
    /// Replay playback of a run: the first turn of its next (`1`) or
    /// previous (`-1`) depth.
    SeekDepth(i32),
    /// A key that means nothing where it was pressed: the screens that
    /// say "any key" still take it.
    Other,
    /// A letter typed to a screen that picks by letters (the item list's
    /// inventory letters): the key's own character, not its binding.
    Letter(char),
    /// A key as it was pressed, for a screen that reads keys itself (the
    /// title screen: a seed typed, a letter or a digit that chooses).
    Key(KeyEvent),
    /// Play: a left click at this column and row of the screen (the
    /// mouse's one binding, [`mouse_intent_for`]): on a cell of the map,
    /// look at it; on the look cursor's cell, travel there.
    Click(u16, u16),
    /// A click turned into the map cell under it (through the camera):
    /// what the cursor screens are offered (move there, or, already
    /// there, do what the cursor is for).
    Pick(Pos),
    /// Threat colours: the standard ones, or the colour-blind-safe set
    /// (no red against green; the deadliest also underlined).
    Palette,
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
                | Intent::ExploreOnly
                | Intent::FetchItem
                | Intent::Rest
                | Intent::CloseDoor
                | Intent::Click(..)
                | Intent::Pick(_)
        )
    }
}

/// Cells the camera moves for one scroll key.
const SCROLL: i32 = 8;

/// A key as the table matches it: its code, and whether Ctrl is held
/// (only Ctrl's own keys ask; the rest match with or without modifiers,
/// as terminals report Shift and Alt unevenly).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

/// One row of the key table: `key` gives `intent` in `mode` (in both when
/// `None`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    pub key: Key,
    pub mode: Option<Mode>,
    pub intent: Intent,
}

const fn bind(code: KeyCode, mode: Option<Mode>, intent: Intent) -> Binding {
    Binding {
        key: Key { code, ctrl: false },
        mode,
        intent,
    }
}

const fn ctrl(c: char, intent: Intent) -> Binding {
    Binding {
        key: Key {
            code: KeyCode::Char(c),
            ctrl: true,
        },
        mode: None,
        intent,
    }
}

const fn both(code: KeyCode, intent: Intent) -> Binding {
    bind(code, None, intent)
}

const fn play(code: KeyCode, intent: Intent) -> Binding {
    bind(code, Some(Mode::Play), intent)
}

const fn watch(code: KeyCode, intent: Intent) -> Binding {
    bind(code, Some(Mode::Watch), intent)
}

use KeyCode::Char as C;

/// Every key the game takes, in the order they are tried: the first row
/// that fits a key (its Ctrl, its mode) gives its intent, so play's rows
/// come before the shared ones they shadow (in play the movement keys
/// move; in watch the straight ones scroll). Within an intent's rows the
/// first is the one the help names first. A key in no row is
/// [`Intent::Other`].
pub const BINDINGS: [Binding; 89] = [
    ctrl('c', Intent::ForceQuit),
    ctrl('p', Intent::History),
    ctrl('z', Intent::Suspend),
    // Play's movement: vi keys, arrows, the numpad's digits (as numpads
    // send them with Num Lock on) and, for the diagonals, the keys a
    // numpad sends without it.
    play(C('h'), Intent::Move(Dir::W)),
    play(KeyCode::Left, Intent::Move(Dir::W)),
    play(C('4'), Intent::Move(Dir::W)),
    play(C('l'), Intent::Move(Dir::E)),
    play(KeyCode::Right, Intent::Move(Dir::E)),
    play(C('6'), Intent::Move(Dir::E)),
    play(C('k'), Intent::Move(Dir::N)),
    play(KeyCode::Up, Intent::Move(Dir::N)),
    play(C('8'), Intent::Move(Dir::N)),
    play(C('j'), Intent::Move(Dir::S)),
    play(KeyCode::Down, Intent::Move(Dir::S)),
    play(C('2'), Intent::Move(Dir::S)),
    play(C('y'), Intent::Move(Dir::NW)),
    play(C('7'), Intent::Move(Dir::NW)),
    play(KeyCode::Home, Intent::Move(Dir::NW)),
    play(C('u'), Intent::Move(Dir::NE)),
    play(C('9'), Intent::Move(Dir::NE)),
    play(KeyCode::PageUp, Intent::Move(Dir::NE)),
    play(C('b'), Intent::Move(Dir::SW)),
    play(C('1'), Intent::Move(Dir::SW)),
    play(KeyCode::End, Intent::Move(Dir::SW)),
    play(C('n'), Intent::Move(Dir::SE)),
    play(C('3'), Intent::Move(Dir::SE)),
    play(KeyCode::PageDown, Intent::Move(Dir::SE)),
    play(C('.'), Intent::Wait),
    play(C('5'), Intent::Wait),
    play(C('x'), Intent::Look),
    play(C('V'), Intent::Reveal),
    play(C('>'), Intent::TravelStairs),
    play(C('<'), Intent::Upstairs),
    play(C('_'), Intent::TravelTo),
    play(C('X'), Intent::Exclude),
    play(C('o'), Intent::Explore),
    play(C('O'), Intent::ExploreOnly),
    play(C('g'), Intent::FetchItem),
    play(C('R'), Intent::Rest),
    play(C('C'), Intent::CloseDoor),
    play(C('s'), Intent::Sneak),
    play(C('N'), Intent::Noise),
    play(C('U'), Intent::UseItem),
    play(C('t'), Intent::ThrowItem),
    play(C('D'), Intent::DropItem),
    watch(C('F'), Intent::ToggleFollow),
    both(C('i'), Intent::Inspect),
    both(C('e'), Intent::InspectEnd(true)),
    both(C('E'), Intent::InspectEnd(false)),
    both(C(']'), Intent::InspectStep(1)),
    both(C('['), Intent::InspectStep(-1)),
    both(C('}'), Intent::InspectStep(10)),
    both(C('{'), Intent::InspectStep(-10)),
    both(C('m'), Intent::NextMonster(1)),
    both(C('M'), Intent::NextMonster(-1)),
    both(C('T'), Intent::Show(Overlay::None)),
    both(C('z'), Intent::Zoom),
    both(C('a'), Intent::InspectFigure),
    both(C('q'), Intent::Quit),
    both(KeyCode::Esc, Intent::Quit),
    both(KeyCode::Enter, Intent::Confirm),
    both(C('?'), Intent::Help),
    both(C(' '), Intent::TogglePause),
    both(C('.'), Intent::Step),
    both(C('+'), Intent::Faster),
    both(C('='), Intent::Faster),
    both(C('-'), Intent::Slower),
    both(C('f'), Intent::NextFaction),
    both(KeyCode::Tab, Intent::NextFaction),
    both(C('v'), Intent::Show(Overlay::Knowledge)),
    both(C('d'), Intent::Show(Overlay::Danger)),
    both(C('c'), Intent::Show(Overlay::Cost)),
    both(C('p'), Intent::Show(Overlay::Claims)),
    both(C('A'), Intent::Show(Overlay::Alarm)),
    both(C('P'), Intent::Palette),
    both(C('h'), Intent::Scroll(-SCROLL, 0)),
    both(KeyCode::Left, Intent::Scroll(-SCROLL, 0)),
    both(C('j'), Intent::Scroll(0, SCROLL)),
    both(KeyCode::Down, Intent::Scroll(0, SCROLL)),
    both(C('k'), Intent::Scroll(0, -SCROLL)),
    both(KeyCode::Up, Intent::Scroll(0, -SCROLL)),
    both(C('l'), Intent::Scroll(SCROLL, 0)),
    both(KeyCode::Right, Intent::Scroll(SCROLL, 0)),
    both(C('0'), Intent::Home),
    both(KeyCode::Home, Intent::Home),
    watch(C('@'), Intent::Eyes),
    watch(C('G'), Intent::GoToTurn),
    watch(C('>'), Intent::SeekDepth(1)),
    watch(C('<'), Intent::SeekDepth(-1)),
];

impl Binding {
    /// True when this row is tried for `key` in `mode`.
    fn fits(&self, key: &KeyEvent, mode: Mode) -> bool {
        self.mode.is_none_or(|m| m == mode)
            && self.key.code == key.code
            && (!self.key.ctrl || key.modifiers.contains(KeyModifiers::CONTROL))
    }
}

/// The intent of a key event in `mode`, if it has one: the first row of
/// [`BINDINGS`] that fits it, else [`Intent::Other`] (a key with no
/// meaning still turns the help's page, closes the history, takes back
/// the quit question: "any key").
///
/// A key means the same in play and watch, but for what play gives the
/// player: the movement keys move in play and scroll the view in watch,
/// and `.` waits a turn in play and plays one turn in watch. Play's own
/// keys (`x X _ o R C s N U t D V`) and watch's (`F @ G`) mean nothing in
/// the other mode, and the stairs' keys `>` `<` go a depth down or up in
/// play and to the next or previous depth of a run's replay in watch
/// (`tests/ui`: `keys_mean_the_same_in_play_and_watch`).
///
/// ```
/// use darkstar::ui::key::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
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
    let row = BINDINGS.iter().find(|b| b.fits(&key, mode));
    Some(row.map_or(Intent::Other, |b| b.intent))
}

/// [`intent_for`] for a screen that picks by letters: a plain lowercase
/// letter is [`Intent::Letter`] (`h` picks the item lettered `h`, it does
/// not move); every other key is its binding (the arrows, Enter, Esc).
pub fn letter_intent_for(key: KeyEvent, mode: Mode) -> Option<Intent> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if let KeyCode::Char(c @ 'a'..='z') = key.code
        && key.modifiers.difference(KeyModifiers::SHIFT).is_empty()
    {
        return Some(Intent::Letter(c));
    }
    intent_for(key, mode)
}

/// The mouse button as the help names it: a left click.
pub const CLICK: &str = "click";

/// The intent of a mouse event in `mode`: playing, a press of the left
/// button is [`Intent::Click`] where it was pressed; every other mouse
/// event (another button, a release, a drag, the wheel), and any in
/// watch, means nothing. The mouse's one row, kept here with the keys';
/// [`keys_for`] names it `click` for the help.
///
/// ```
/// use darkstar::ui::key::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
/// use darkstar::ui::app::Mode;
/// use darkstar::ui::keymap::{Intent, mouse_intent_for};
/// let click = |kind| MouseEvent { kind, column: 7, row: 3, modifiers: KeyModifiers::NONE };
/// let left = click(MouseEventKind::Down(MouseButton::Left));
/// assert_eq!(mouse_intent_for(left, Mode::Play), Some(Intent::Click(7, 3)));
/// assert_eq!(mouse_intent_for(left, Mode::Watch), None);
/// let right = click(MouseEventKind::Down(MouseButton::Right));
/// assert_eq!(mouse_intent_for(right, Mode::Play), None);
/// ```
pub fn mouse_intent_for(mouse: MouseEvent, mode: Mode) -> Option<Intent> {
    (mode == Mode::Play && mouse.kind == MouseEventKind::Down(MouseButton::Left))
        .then_some(Intent::Click(mouse.column, mouse.row))
}

/// The keys that give `intent` in `mode`, as the help writes them, in
/// the table's order: only the rows no earlier row shadows in that mode
/// (in play, `h` moves and never scrolls).
///
/// ```
/// use darkstar::map::geom::Dir;
/// use darkstar::ui::app::Mode;
/// use darkstar::ui::keymap::{Intent, keys_for};
/// assert_eq!(keys_for(Intent::Wait, Mode::Play), [".", "5"]);
/// assert_eq!(keys_for(Intent::Move(Dir::W), Mode::Play), ["h", "Left", "4"]);
/// assert!(keys_for(Intent::Scroll(-8, 0), Mode::Play).is_empty());
/// ```
pub fn keys_for(intent: Intent, mode: Mode) -> Vec<String> {
    if let Intent::Click(..) = intent {
        return match mode {
            Mode::Play => vec![CLICK.to_string()],
            Mode::Watch => Vec::new(),
        };
    }
    let live = |b: &Binding| b.mode.is_none_or(|m| m == mode);
    BINDINGS
        .iter()
        .enumerate()
        .filter(|&(i, b)| {
            live(b)
                && b.intent == intent
                && !BINDINGS[..i].iter().any(|e| live(e) && e.key == b.key)
        })
        .map(|(_, b)| key_name(b.key))
        .collect()
}

/// A key as the help writes it: `q`, `space`, `Esc`, `Ctrl-P` (named
/// here, not by crossterm, whose names differ between platforms).
pub fn key_name(key: Key) -> String {
    let base = match key.code {
        KeyCode::Char(' ') => "space".to_string(),
        KeyCode::Char(c) if key.ctrl => c.to_ascii_uppercase().to_string(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Left => "Left".to_string(),
        KeyCode::Right => "Right".to_string(),
        KeyCode::Up => "Up".to_string(),
        KeyCode::Down => "Down".to_string(),
        KeyCode::Home => "Home".to_string(),
        KeyCode::End => "End".to_string(),
        KeyCode::PageUp => "PgUp".to_string(),
        KeyCode::PageDown => "PgDn".to_string(),
        KeyCode::Enter => "Enter".to_string(),
        KeyCode::Esc => "Esc".to_string(),
        KeyCode::Tab => "Tab".to_string(),
        other => format!("{other:?}"),
    };
    if key.ctrl {
        format!("Ctrl-{base}")
    } else {
        base
    }
}

/// Most keys a command's help line names in full; past that, each of its
/// intents is named by its first key only (the eight moves as `h j k l y
/// u b n`, not their twenty-four keys).
const FULL_KEYS: usize = 4;

/// A line of a screen's command list: what its keys do, as the help
/// shows it (gitui's command list). The keys are the table's: a command
/// names intents, and [`Command::keys`] finds the keys that give them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The intents it takes, in the order the help names their keys.
    pub intents: Vec<Intent>,
    /// What they do.
    pub what: String,
    /// A line that is no key's (the goal of the game): its label.
    pub note: Option<&'static str>,
}

impl Command {
    /// `intents` do `what`.
    pub fn new(intents: &[Intent], what: impl Into<String>) -> Command {
        Command {
            intents: intents.to_vec(),
            what: what.into(),
            note: None,
        }
    }

    /// A line of the help that is no key's: `label` then `what`.
    pub fn note(label: &'static str, what: impl Into<String>) -> Command {
        Command {
            intents: Vec::new(),
            what: what.into(),
            note: Some(label),
        }
    }

    /// Its keys in `mode`, as the help's left column writes them: every
    /// key of its intents when they are few, else each intent's first.
    pub fn keys(&self, mode: Mode) -> String {
        if let Some(label) = self.note {
            return label.to_string();
        }
        let each: Vec<Vec<String>> = self.intents.iter().map(|&i| keys_for(i, mode)).collect();
        let mut names: Vec<String> = if each.iter().map(Vec::len).sum::<usize>() <= FULL_KEYS {
            each.into_iter().flatten().collect()
        } else {
            each.into_iter()
                .filter_map(|k| k.into_iter().next())
                .collect()
        };
        let mut seen = Vec::new();
        names.retain(|n| {
            let new = !seen.contains(n);
            seen.push(n.clone());
            new
        });
        names.join(" ")
    }
}

/// The intent of a key on a finished game's end screen, where `n` asks
/// for a new game (it is a move key while playing); other keys act as
/// [`intent_for`] says.
///
/// ```
/// use darkstar::ui::key::{KeyCode, KeyEvent, KeyModifiers};
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
