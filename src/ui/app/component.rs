//! What a part of the front end is: a [`Component`] owns its state,
//! handles the keys meant for it and says whether it used each one
//! ([`Handled`]), as gitui's components do. What it cannot do with its own
//! state (close itself, quit, put a line in the log, start travel, pause
//! the clock) it asks the app for, in a list of [`Ask`]s the app carries
//! out after the key; so a component never reaches into the app, and the
//! app never reaches into a component's state to handle its keys.
//!
//! The app offers a key to its open components topmost first (quit
//! confirmation, help, history, inspector, cursor, then the camera and the
//! clock); the first that uses it ends the key's journey, and a key none
//! uses reaches the game (a move, a wait, an overlay).

use crate::map::geom::Pos;
use crate::sim::{Game, MonsterId};
use crate::ui::keymap::Intent;
use crate::ui::mode::Mode;

/// Whether a component used a key.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Handled {
    /// The key was for it: nothing further sees it.
    Used,
    /// Not its key: the next component (or the game) gets it.
    Ignored,
}

/// What a component asks the app to do after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Close the component that asks (a popup, the cursor).
    Close,
    /// Quit now.
    Quit,
    /// Put this line in the log (no turn).
    Say(String),
    /// Travel to this cell (play).
    Travel(Pos),
    /// Open the help screen.
    Help,
    /// Select this monster (the camera follows it if it follows).
    Select(MonsterId),
    /// Centre the camera on this cell.
    CentreOn(Pos),
    /// Pause the clock.
    Pause,
    /// Play one turn (the clock's `.`).
    Step,
    /// The player does this (play).
    Act(crate::sim::Action),
    /// Put up a target cursor to throw the item in this pack slot.
    Aim(u8),
}

/// What every component may read while handling a key: the game, the
/// mode, the faction viewed and the log's length. Never mutable: a change
/// beyond the component's own state is an [`Ask`].
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

/// A part of the front end with its own state and its own keys.
pub trait Component {
    /// Acts on `intent` with its own state; says whether it used it, and
    /// pushes onto `asks` what it needs the app to do.
    fn handle(&mut self, intent: Intent, ctx: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled;
}

#[cfg(test)]
pub(super) mod tests {
    //! Each component uses its own keys and passes on the rest: the key's
    //! journey ([`super::super::App::handle`]) depends on that answer.

    use super::*;
    use crate::content::level::Level;
    use crate::map::geom::Dir;
    use crate::sim::SimConfig;
    use crate::ui::app::{Camera, Clock, ConfirmQuit, Cursor, HELP_PAGES, Help, History, Purpose};

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

    /// Hands `intent` to `c`: whether it used it, and what it asked.
    fn press(c: &mut impl Component, intent: Intent, game: &Game) -> (Handled, Vec<Ask>) {
        let mut asks = Vec::new();
        (c.handle(intent, ctx(game), &mut asks), asks)
    }

    #[test]
    fn the_popups_use_every_key() {
        let game = game();
        let mut help = Help::default();
        for page in 1..HELP_PAGES {
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
        assert_eq!(press(&mut clock, Intent::Faster, &game).0, Handled::Used);
        assert_eq!(clock.turns_per_second(), 5);
        assert_eq!(
            press(&mut clock, Intent::Step, &game),
            (Handled::Used, vec![Ask::Step])
        );
        assert!(clock.paused());
        assert_eq!(press(&mut clock, Intent::Wait, &game).0, Handled::Ignored);
        let mut camera = Camera::new(true);
        // A view narrower than the opening level (58 wide), so it can move.
        camera.set_view_size((20, 10));
        assert_eq!(
            press(&mut camera, Intent::Scroll(8, 0), &game).0,
            Handled::Used
        );
        assert!(!camera.following(), "moving by hand stops following");
        assert_eq!(camera.origin(), Pos::new(8, 0));
        assert_eq!(press(&mut camera, Intent::Wait, &game).0, Handled::Ignored);
        assert_eq!(
            press(&mut camera, Intent::TogglePause, &game).0,
            Handled::Ignored
        );
    }
}
