//! What a screen is: a [`Screen`] owns its state, handles the keys meant
//! for it and says whether it used each one ([`Handled`]), draws itself
//! from what it is given ([`DrawCtx`]) and lists its keys with what they
//! do ([`Command`]s, from which the help is made), as gitui's components
//! do. What it cannot do with its own state (close itself, quit, put a
//! line in the log, start travel, pause the clock, open another screen)
//! it asks the app for, in a list of [`Ask`]s the app carries out after
//! the key; so a screen never reaches into the app, and the app never
//! reaches into a screen's state to handle its keys.
//!
//! The app keeps its screens in a stack over the game: a key is offered
//! to them topmost first, and the first that uses it ends the key's
//! journey (a key none uses is the game's: a move, a wait, an overlay);
//! drawing goes the other way, the game first and each screen over what
//! is below it. A new screen is a type in a file of its own with this
//! trait, and one line that opens it ([`App::open`](super::App::open) or
//! [`Ask::Open`]).

use std::any::Any;
use std::fmt;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::App;
use crate::map::geom::Pos;
use crate::sim::{Game, MonsterId};
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;

/// Whether a screen used a key.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Handled {
    /// The key was for it: nothing further sees it.
    Used,
    /// Not its key: the screen under it (or the game) gets it.
    Ignored,
}

/// What a screen asks the app to do after a key.
#[derive(Clone, Debug)]
pub enum Ask {
    /// Close the screen that asks.
    Close,
    /// Open this screen over the others.
    Open(Box<dyn Screen>),
    /// Quit now.
    Quit,
    /// Put this line in the log (no turn).
    Say(String),
    /// Travel to this cell (play).
    Travel(Pos),
    /// Turn the mark on this cell for the autopilot to its next setting
    /// (play: none, the cell, the room round it).
    Mark(Pos),
    /// Open the help, its first pages the keys of the screens open.
    Help,
    /// Select this monster (the camera follows it if it follows).
    Select(MonsterId),
    /// Centre the camera on this cell.
    CentreOn(Pos),
    /// Pause the clock.
    Pause,
    /// Play one turn (the clock's `.`).
    Step,
    /// A replay played back: go to this turn (see `seek.rs`).
    Seek(crate::clock::Turn),
    /// The player does this (play).
    Act(crate::sim::Action),
}

/// Asks are compared for tests; a screen opened compares by what it
/// shows of itself (`Debug`), as a boxed screen has no other equality.
impl PartialEq for Ask {
    fn eq(&self, other: &Ask) -> bool {
        match (self, other) {
            (Ask::Open(a), Ask::Open(b)) => format!("{a:?}") == format!("{b:?}"),
            (Ask::Open(_), _) | (_, Ask::Open(_)) => false,
            _ => format!("{self:?}") == format!("{other:?}"),
        }
    }
}

/// What every screen may read while handling a key: the game, the mode,
/// the faction viewed and the log's length. Never mutable: a change
/// beyond the screen's own state is an [`Ask`].
#[derive(Copy, Clone)]
pub struct Ctx<'a> {
    pub game: &'a Game,
    pub mode: Mode,
    pub faction: usize,
    /// Messages kept in the log (the history scrolls no further back).
    pub log_len: usize,
    /// The map view's top-left cell as shown (following or not).
    pub shown: Pos,
}

/// Where the map view stands: the world cell at its top-left. The state
/// the map widget is given, and what a screen draws over the map (the
/// look box, the inspector's figure) reads the same one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MapView {
    pub origin: Pos,
}

/// What a screen draws from: the app (read only), the screen's area and
/// where the game laid out its map and its status row, and where the map
/// view stands. Drawing changes nothing.
#[derive(Copy, Clone)]
pub struct DrawCtx<'a> {
    pub app: &'a App,
    /// The whole screen.
    pub area: Rect,
    /// The map's area.
    pub map: Rect,
    /// The status row under the map.
    pub status: Rect,
    pub view: MapView,
}

/// A screen of the front end, over the game: its own state, its own keys,
/// its own drawing and its list of commands.
pub trait Screen: Any + fmt::Debug + CloneScreen {
    /// What it is, as its page of the help is titled ("inspector keys").
    fn name(&self) -> &str;

    /// Acts on `intent` with its own state; says whether it used it, and
    /// pushes onto `asks` what it needs the app to do.
    fn handle(&mut self, intent: Intent, ctx: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled;

    /// Draws itself over what is below it (the game, then the screens
    /// opened before it).
    fn draw(&self, _dc: &DrawCtx<'_>, _buf: &mut Buffer) {}

    /// Its keys and what they do in `mode`, for the help. The default:
    /// none worth a page (a question that any key answers).
    fn commands(&self, _mode: Mode) -> Vec<Command> {
        Vec::new()
    }

    /// True when it picks by letters: the event loop then hands it a
    /// plain letter as [`Intent::Letter`], not as the letter's binding.
    fn takes_letters(&self) -> bool {
        false
    }

    /// True when it reads keys itself: the event loop then hands it every
    /// key pressed as [`Intent::Key`] (but Ctrl-C, which quits, and
    /// Ctrl-Z, which suspends).
    fn takes_keys(&self) -> bool {
        false
    }

    /// True when time stands still under it: a watched game's clock
    /// plays no turn and travel takes no step while it is open.
    fn stills_the_game(&self) -> bool {
        false
    }
}

/// Copying a boxed screen (the app is `Clone`: a test draws a copy);
/// every `Clone` screen has it.
pub trait CloneScreen {
    fn clone_screen(&self) -> Box<dyn Screen>;
}

impl<T: Screen + Clone> CloneScreen for T {
    fn clone_screen(&self) -> Box<dyn Screen> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Screen> {
    fn clone(&self) -> Box<dyn Screen> {
        self.clone_screen()
    }
}

#[cfg(test)]
pub(super) mod tests {
    //! Each screen (and the clock and the camera) uses its own keys and
    //! passes on the rest: the key's journey ([`super::super::App::handle`])
    //! depends on that answer.

    use super::*;
    use crate::content::level::Level;
    use crate::map::geom::Dir;
    use crate::sim::SimConfig;
    use crate::ui::app::{Camera, Clock, ConfirmQuit, Cursor, Help, History, KeyPage, Purpose};

    /// A game on the opening level, for a context.
    pub(in crate::ui::app) fn game() -> Game {
        Game::new(&Level::opening(), 1, SimConfig::default()).unwrap()
    }

    pub(in crate::ui::app) fn ctx(game: &Game) -> Ctx<'_> {
        Ctx {
            game,
            mode: Mode::Watch,
            faction: 0,
            log_len: 5,
            shown: Pos::new(0, 0),
        }
    }

    /// [`press`] for the clock and the camera, which are not screens.
    macro_rules! press {
        ($c:expr, $intent:expr, $game:expr) => {{
            let mut asks = Vec::new();
            ($c.handle($intent, ctx($game), &mut asks), asks)
        }};
    }

    /// Hands `intent` to `c`: whether it used it, and what it asked.
    fn press(c: &mut impl Screen, intent: Intent, game: &Game) -> (Handled, Vec<Ask>) {
        let mut asks = Vec::new();
        (c.handle(intent, ctx(game), &mut asks), asks)
    }

    #[test]
    fn the_popups_use_every_key() {
        let game = game();
        let page = KeyPage {
            title: "keys".to_string(),
            lines: Vec::new(),
        };
        let mut help = Help::new(vec![page]);
        assert_eq!(help.pages(), 3);
        for page in 1..help.pages() {
            assert_eq!(
                press(&mut help, Intent::Wait, &game),
                (Handled::Used, vec![])
            );
            assert_eq!(help.page(), page);
        }
        let closes = (Handled::Used, vec![Ask::Close]);
        assert_eq!(press(&mut help, Intent::Wait, &game), closes);
        assert_eq!(press(&mut Help::default(), Intent::Quit, &game), closes);
        let mut confirm = ConfirmQuit;
        let quits = (Handled::Used, vec![Ask::Quit]);
        assert_eq!(press(&mut confirm, Intent::Confirm, &game), quits);
        assert_eq!(press(&mut confirm, Intent::Move(Dir::N), &game), closes);
    }

    #[test]
    fn the_history_scrolls_within_the_log_and_closes_on_other_keys() {
        let game = game();
        let mut history = History::default();
        for _ in 0..10 {
            assert_eq!(
                press(&mut history, Intent::Move(Dir::N), &game).0,
                Handled::Used
            );
        }
        // Five messages: four back at most, never past the first.
        assert_eq!(history.back(), 4);
        press(&mut history, Intent::Move(Dir::SE), &game);
        assert_eq!(history.back(), 0);
        let closes = (Handled::Used, vec![Ask::Close]);
        assert_eq!(press(&mut history, Intent::Wait, &game), closes);
    }

    #[test]
    fn looking_passes_on_what_is_not_its_own_and_targeting_does_not() {
        let game = game();
        let at = Pos::new(3, 3);
        let mut look = Cursor::new(at, Purpose::Look);
        assert_eq!(
            press(&mut look, Intent::Move(Dir::E), &game).0,
            Handled::Used
        );
        assert_eq!(look.at(), Pos::new(4, 3));
        // A wait while looking still waits: the game gets it.
        assert_eq!(
            press(&mut look, Intent::Wait, &game),
            (Handled::Ignored, vec![])
        );
        let closes = (Handled::Used, vec![Ask::Close]);
        assert_eq!(press(&mut look, Intent::Look, &game), closes);
        let mut pick = Cursor::new(at, Purpose::Travel);
        press(&mut pick, Intent::Move(Dir::S), &game);
        let goes = vec![Ask::Close, Ask::Travel(Pos::new(3, 4))];
        assert_eq!(press(&mut pick, Intent::Wait, &game), (Handled::Used, goes));
        let ignored = (Handled::Used, vec![]);
        assert_eq!(press(&mut pick, Intent::Explore, &game), ignored);
        assert_eq!(press(&mut pick, Intent::Quit, &game), closes);
    }

    #[test]
    fn the_clock_and_the_camera_use_only_their_keys() {
        let game = game();
        let mut clock = Clock::new(1);
        assert_eq!(press!(clock, Intent::Faster, &game).0, Handled::Used);
        assert_eq!(clock.speed(), super::super::Speed::PerSecond(5));
        assert_eq!(
            press!(clock, Intent::Step, &game),
            (Handled::Used, vec![Ask::Step])
        );
        assert!(clock.paused());
        assert_eq!(press!(clock, Intent::Wait, &game).0, Handled::Ignored);
        let mut camera = Camera::new(true);
        // A view narrower than the opening level (58 wide), so it can move.
        camera.set_view_size((20, 10));
        assert_eq!(press!(camera, Intent::Scroll(8, 0), &game).0, Handled::Used);
        assert!(!camera.following(), "moving by hand stops following");
        assert_eq!(camera.origin(), Pos::new(8, 0));
        assert_eq!(press!(camera, Intent::Wait, &game).0, Handled::Ignored);
        assert_eq!(
            press!(camera, Intent::TogglePause, &game).0,
            Handled::Ignored
        );
    }
}
