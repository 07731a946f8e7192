//! The application state: the game being watched or played, how it is
//! shown (overlay, which faction's eyes, the log, the flashes), and the
//! stack of screens over it. Keys arrive as
//! [`Intent`]s; this module never touches a
//! terminal, so tests drive it directly. Drawing reads `&App` and changes
//! nothing (the game's part is `ui/widgets`', each screen draws its own);
//! the map view's size is laid out before a frame ([`App::lay_out`]).
//!
//! Each screen is a [`Screen`] in a file of its own, owning its state,
//! handling its keys, drawing itself and listing its commands:
//! [`Help`], [`History`], [`ConfirmQuit`], [`CloseWhich`],
//! [`ItemChooser`], [`Inspector`], [`Cursor`] (look, travel and aim) and
//! [`Desynced`]. [`App::handle`] offers a key to the open ones topmost
//! first;
//! `game.rs` has the keys none used (with the [`Clock`]'s and the
//! [`Camera`]'s, state the game and the screens share, as the
//! [`Playback`] is). This file holds what the screens share ([`App`],
//! its fields private to this module), its construction, its read-only
//! accessors and the stack (a key offered to the screens topmost first,
//! what they ask carried out); the game-side jobs (the game's keys and
//! what it shows, playing, playback, messages, saves, the end of a game)
//! are `impl App` blocks in the files named for them.

pub mod alarm;
mod camera;
mod click;
pub mod clock;
mod close_door;
mod confirm;
mod cursor;
mod desync;
mod end_game;
pub mod game;
pub mod help;
mod history;
pub mod inspector;
mod item_chooser;
pub mod look;
mod messages;
mod play;
mod playback;
mod saves;
pub mod screen;
pub mod seek;
pub mod threat;

pub use alarm::{CRY_TURNS, Cry};
pub use camera::Camera;
pub use clock::{Clock, SPEEDS, Speed};
pub use close_door::CloseWhich;
pub use confirm::ConfirmQuit;
pub use cursor::{Cursor, Purpose};
pub use desync::Desynced;
pub use help::{Help, KeyPage, help_lines};
pub use history::History;
pub use item_chooser::{ItemChooser, ItemUse, pack_lines};
pub use look::describe;
pub use playback::{PLAYED_REPLAY_SPEED, Playback};
pub use screen::{Ask, Ctx, DrawCtx, Handled, MapView, Screen};
pub use seek::GoToTurn;

use std::any::Any;
use std::time::Duration;

use crate::clock::Turn;
use crate::content::level::Level;
use crate::map::geom::Pos;
use crate::record::replay::{HASH_EVERY, LevelSource, Recorder};
use crate::sim::autopilot::{self, Activity};
use crate::sim::{Game, GameError, MonsterId, SimConfig};
use crate::ui::keymap::Intent;

use super::log::MessageLog;
pub use super::mode::{Mode, Overlay};
pub use inspector::{Figure, Inspector};

/// The speed `watch` (and the playback of a watched game's replay) opens
/// at, an index into [`SPEEDS`]: 2 turns a second, a pace at which a
/// person can follow each plan as it changes.
pub const WATCH_SPEED: usize = 1;
/// Turns a bump stays flashed on the map.
pub const FLASH_TURNS: Turn = 3;
/// Time between two steps of travel, exploring or rest, whatever the
/// speed setting: quick, yet each step is drawn.
pub const ACTIVITY_TICK: Duration = Duration::from_millis(25);

/// A game on screen, played or watched: the game, how it is shown, and
/// the stack of screens over it (each with its own state, keys and
/// drawing; see [`screen`]).
#[derive(Clone, Debug)]
pub struct App {
    mode: Mode,
    game: Game,
    level_name: String,
    overlay: Overlay,
    /// Playing: the reach of the player's noise drawn on the map (`N`).
    noise_shown: bool,
    /// The faction whose knowledge, plans or danger overlays show.
    faction: usize,
    /// Play: the AI overlays are on (the game is then marked revealed).
    reveal: bool,
    /// The turn the player first revealed the map, if ever: the game is
    /// marked so in its status row and its replay, for good.
    revealed_at: Option<Turn>,
    /// Watching a played game: drawn through the player's eyes.
    eyes: bool,
    /// The end screen asked for a new game (the binary starts it).
    new_game: bool,
    quit: bool,
    /// The screen is too small to draw the game in (see
    /// [`App::lay_out`]): it takes no command but quit, and nothing moves.
    too_small: bool,
    log: MessageLog,
    /// Cells bumped into, and on which turn.
    flashes: Vec<(Pos, Turn)>,
    /// The cries of the last few turns, for the alarm overlay.
    cries: Vec<Cry>,
    /// Every command given, with state hashes: the replay, and the save.
    recorder: Recorder,
    /// Play: travel, exploring or rest under way, a step a tick.
    activity: Option<Activity>,
    /// Play: what the activity under way keeps out of (all the player
    /// remembers, unless the player said to go anyway).
    care: autopilot::Care,
    /// Play: the activity stopped short of what it keeps out of, and on
    /// which turn: the same key again then goes anyway (see
    /// [`App::begin`]).
    excluded_asked: Option<(Activity, Turn)>,
    /// Play: the monsters the player saw after its last action, so one
    /// coming into view is announced once.
    in_view: Vec<MonsterId>,
    /// Play: the slow step asked about, and on which turn: the same key
    /// again then takes it (see [`App::walk`]).
    slow_step_asked: Option<(crate::map::geom::Dir, Turn)>,
    /// Play: the kind of item last thrown, which the throw list opens on.
    quiver: Option<crate::sim::item::ItemKind>,
    /// Play: where the player dropped items (depth, cell): exploring
    /// leaves them there. Kept for the session, as the quiver is.
    dropped: Vec<(Option<u32>, crate::map::geom::Pos)>,
    /// Play: a monster came into view; keys typed ahead are void (see
    /// [`App::take_interrupt`]).
    interrupted: bool,
    /// Paused or running, and how fast.
    clock: Clock,
    /// Where the map view stands, whom it follows, its size.
    camera: Camera,
    /// The screens over the game, the one opened first first: keys go
    /// to the last first, drawing starts with the first.
    screens: Vec<Box<dyn Screen>>,
    /// A replay being played back.
    playback: Option<Playback>,
    /// The colours threats are drawn in (`P` toggles).
    palette: threat::Palette,
}

impl App {
    /// Watches `level` played with `seed`.
    pub fn new(level: &Level, seed: u64) -> Result<App, GameError> {
        App::start(level, seed, Mode::Watch, SimConfig::default())
    }

    /// Plays a run of the dungeon with `seed` from depth `depth` (see
    /// [`Game::new_run`]).
    pub fn play_run(seed: u64, depth: u32) -> Result<App, GameError> {
        let config = SimConfig::default();
        let game = Game::new_run(seed, depth, config)?;
        let bestiary = crate::content::bestiary::Bestiary::builtin();
        let level = crate::content::generator::depth_level(seed, depth, &bestiary);
        let source = LevelSource::Run { depth };
        let recorder = Recorder::new(source, seed, config, HASH_EVERY);
        Ok(App::with_game(&level, game, Mode::Play, recorder))
    }

    /// Plays `level` (which must place the player, `@`) with `seed`.
    pub fn play(level: &Level, seed: u64) -> Result<App, GameError> {
        App::start(level, seed, Mode::Play, SimConfig::default())
    }

    pub(super) fn start(
        level: &Level,
        seed: u64,
        mode: Mode,
        config: SimConfig,
    ) -> Result<App, GameError> {
        let game = Game::new(level, seed, config)?;
        let recorder = Recorder::new(LevelSource::Text(level.to_text()), seed, config, HASH_EVERY);
        Ok(App::with_game(level, game, mode, recorder))
    }

    /// An app showing `game`, a game of `level`, recording with `recorder`.
    pub(super) fn with_game(level: &Level, game: Game, mode: Mode, recorder: Recorder) -> App {
        let mut app = App {
            mode,
            game,
            level_name: level.name.clone(),
            overlay: App::default_overlay(mode),
            noise_shown: false,
            faction: 0,
            reveal: false,
            revealed_at: None,
            eyes: false,
            new_game: false,
            quit: false,
            too_small: false,
            log: MessageLog::new(),
            flashes: Vec::new(),
            cries: Vec::new(),
            recorder,
            activity: None,
            care: autopilot::Care::FULL,
            excluded_asked: None,
            in_view: Vec::new(),
            slow_step_asked: None,
            quiver: None,
            dropped: Vec::new(),
            interrupted: false,
            // Play mode's clock does not tick (keys move time); 10/s is
            // what `+`/`-` start from there.
            clock: Clock::new(match mode {
                Mode::Watch => WATCH_SPEED,
                Mode::Play => 3,
            }),
            camera: Camera::new(mode == Mode::Watch),
            screens: Vec::new(),
            playback: None,
            palette: threat::Palette::default(),
        };
        app.in_view = autopilot::monsters_in_view(&app.game);
        // Watch opens on the first faction with monsters of its own (a
        // replay of a played game starts with the player's).
        app.faction = app.viewable_factions().first().copied().unwrap_or(0);
        app.say(match level.description.as_str() {
            "" => format!("{}. Press ? for help.", level.name),
            about => format!(
                "{}: {}. Press ? for help.",
                level.name,
                about.trim_end_matches('.')
            ),
        });
        app
    }

    /// Playing or watching.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// True once the game is over: the player won or died, or, watching
    /// a level without a player (not a replay), nothing more can happen
    /// (everyone home, or left with no way on).
    pub fn game_over(&self) -> bool {
        match self.game.floor().play_state() {
            Some(p) => p.outcome != crate::sim::PlayOutcome::Playing,
            None => {
                self.mode == Mode::Watch
                    && self.playback.is_none()
                    && self.game.floor().is_settled()
            }
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The level's name.
    pub fn level_name(&self) -> &str {
        &self.level_name
    }

    /// The search inspector, while open.
    pub fn inspector(&self) -> Option<&Inspector> {
        self.screen::<Inspector>()
    }

    /// True once the user has confirmed quitting.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Takes the player back into the game after a quit that could not
    /// be carried out (its save could not be written), with `why` in the
    /// log.
    pub fn stay(&mut self, why: impl Into<String>) {
        self.quit = false;
        self.close::<confirm::ConfirmQuit>();
        self.say(why.into());
    }

    /// True while paused.
    pub fn is_paused(&self) -> bool {
        self.clock.paused()
    }

    /// Times its ticks by `wall`, the front end's clock (see
    /// [`clock::WallClock`]; the machine's by default).
    pub fn set_wall_clock(&mut self, wall: clock::WallClock) {
        self.clock.set_wall(wall);
    }

    /// How fast the clock runs while running.
    pub fn speed(&self) -> Speed {
        self.clock.speed()
    }

    /// The speed the clock opened at (the help says it).
    pub fn opening_speed(&self) -> Speed {
        self.clock.opening_speed()
    }

    /// Opens at setting `speed` (an index into [`SPEEDS`]; `watch
    /// --speed`, `replay --speed`) in place of the mode's own.
    pub fn at_speed(mut self, speed: usize) -> App {
        self.clock.open_at(speed);
        self
    }

    /// What is drawn over the map.
    pub fn overlay(&self) -> Overlay {
        self.overlay
    }

    /// The faction the overlays show.
    pub fn faction(&self) -> usize {
        self.faction
    }

    /// True while the help screen is up.
    pub fn showing_help(&self) -> bool {
        self.screen::<Help>().is_some()
    }

    /// True while asking "really quit?".
    pub fn confirming_quit(&self) -> bool {
        self.screen::<ConfirmQuit>().is_some()
    }

    /// The size of the map view as laid out for the frame (columns,
    /// rows): the screen less the status rows, the log and, watching, the
    /// legend. The event loop lays the screen out before each frame
    /// ([`App::lay_out`]); drawing never changes it.
    pub fn map_view_size(&self) -> (u16, u16) {
        self.camera.view_size()
    }

    /// The map view will be `size` (columns, rows) in the next frame: the
    /// layout, told before drawing, so the camera keys clamp the view to
    /// the map as it is on screen. `None`: the screen is too small to
    /// draw the game in; until a size is laid out again the app takes no
    /// command but quit (the player cannot see what a key would do) and
    /// nothing moves on a tick.
    pub fn lay_out(&mut self, size: Option<(u16, u16)>) {
        self.lay_out_map(size.map(|(w, h)| ratatui::layout::Rect::new(0, 0, w, h)));
    }

    /// [`App::lay_out`] with where the map view is on the screen, as the
    /// event loop tells it (`ui::widgets::map_area`): a click is read
    /// through it ([`Intent::Click`]).
    pub fn lay_out_map(&mut self, map: Option<ratatui::layout::Rect>) {
        self.too_small = map.is_none();
        if let Some(map) = map {
            self.camera
                .set_view((map.x, map.y), (map.width, map.height));
        }
    }

    /// True while the screen is too small to draw the game in.
    pub fn too_small(&self) -> bool {
        self.too_small
    }

    /// The top-left world cell of the map view as laid out.
    pub fn camera(&self) -> Pos {
        let (w, h) = self.camera.view_size();
        self.view_origin(w, h)
    }

    /// Cells flashed for a bump, with the turn of the bump.
    pub fn flashes(&self) -> &[(Pos, Turn)] {
        &self.flashes
    }

    /// The messages kept, oldest first (repeats collapsed: `A wall. x4`).
    pub fn log(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator {
        self.log.iter()
    }

    /// The help screen's page (from 0: its pages of keys, then glyphs
    /// and factions).
    pub fn help_page(&self) -> usize {
        self.screen::<Help>().map_or(0, Help::page)
    }

    /// The message history screen, while open: messages scrolled back
    /// from the newest.
    pub fn history(&self) -> Option<usize> {
        self.screen::<History>().map(History::back)
    }

    /// True while the AI overlays are on in play (see [`Intent::Reveal`]).
    pub fn revealing(&self) -> bool {
        self.reveal
    }

    /// The turn the game was first revealed on, if it was: the mark it
    /// keeps in its status row and its replay.
    pub fn revealed_at(&self) -> Option<Turn> {
        self.revealed_at
    }

    /// Why the game being played (or the played game being watched
    /// back) is not ranked, if it is not (its recording holds what a
    /// player's game never records: see
    /// [`crate::record::replay::Unranked`]): the mark it shows in its
    /// status row.
    pub fn unranked(&self) -> Option<crate::record::replay::Unranked> {
        match &self.playback {
            // A played game watched back: its recording's mark.
            Some(playback) => playback.unranked().cloned(),
            None => self.recorder.replay().unranked(),
        }
    }

    /// True when the map is drawn through the player's eyes: playing, or
    /// watching a played game with `@`.
    pub fn through_eyes(&self) -> bool {
        self.game.floor().player().is_some() && (self.mode == Mode::Play || self.eyes)
    }

    /// True when the map shows what the player could not know: watching
    /// (the true map), or an AI overlay on while revealing or watching
    /// through the player's eyes (the combined view, watch's default, is
    /// drawn through the eyes as the player's own view is). Otherwise every cell drawn is one the
    /// player knows, every monster one the player sees.
    pub fn spectating(&self) -> bool {
        !self.through_eyes()
            || (!matches!(self.overlay, Overlay::None | Overlay::Combined)
                && (self.mode == Mode::Watch || self.reveal))
    }

    /// Travel, exploring or rest under way (play mode).
    pub fn activity(&self) -> Option<Activity> {
        self.activity
    }

    /// True (once) after a player action brought a monster into view: the
    /// event loop then throws away movement keys typed ahead.
    pub fn take_interrupt(&mut self) -> bool {
        std::mem::take(&mut self.interrupted)
    }

    /// How long the event loop waits between ticks: an activity's pace
    /// while one is under way, else the speed setting's.
    pub fn tick_period(&self) -> Duration {
        if self.activity.is_some() {
            return ACTIVITY_TICK;
        }
        if self.seeking() {
            return Duration::ZERO;
        }
        self.clock.speed().period()
    }

    // The stack of screens, and where a key goes: offered to the open
    // screens topmost first, then to the game (`game.rs`).

    /// Acts on one intent. Ctrl-C quits from anywhere, and while the
    /// screen is too small to draw the game `q` quits and nothing else
    /// does anything; any key stops
    /// travel, exploring or rest (and does nothing else); otherwise the
    /// open screens are offered it topmost first, and a key none uses is
    /// the game's.
    pub fn handle(&mut self, intent: Intent) {
        if intent == Intent::ForceQuit {
            self.quit = true;
            return;
        }
        if self.too_small {
            // Nothing of the game is on screen: quit (and the game is
            // saved as on any quit), or nothing.
            self.quit |= intent == Intent::Quit;
            return;
        }
        if self.activity.take().is_some() {
            return self.say("You stop.".to_string());
        }
        if let Intent::Click(col, row) = intent {
            return self.click(col, row);
        }
        if self.offer(intent) == Handled::Ignored {
            self.game_key(intent);
        }
    }

    /// Opens `screen` over the others: it gets the keys first and is
    /// drawn last.
    pub fn open(&mut self, screen: Box<dyn Screen>) {
        self.screens.push(screen);
    }

    /// The topmost open screen of type `T`, if one is open.
    pub fn screen<T: Screen>(&self) -> Option<&T> {
        self.screens
            .iter()
            .rev()
            .find_map(|s| (s.as_ref() as &dyn Any).downcast_ref::<T>())
    }

    /// Closes every open screen of type `T`.
    pub(super) fn close<T: Screen>(&mut self) {
        self.screens.retain(|s| !(s.as_ref() as &dyn Any).is::<T>());
    }

    /// The open screens, the one opened first (drawn first) first.
    pub fn screens(&self) -> impl DoubleEndedIterator<Item = &dyn Screen> {
        self.screens.iter().map(|s| s.as_ref())
    }

    /// True when the topmost screen picks by letters (the item list):
    /// a plain letter is then [`Intent::Letter`] for it.
    pub fn takes_letters(&self) -> bool {
        self.screens.last().is_some_and(|s| s.takes_letters())
    }

    /// True when the topmost screen reads keys itself (the title screen)
    /// and is on screen: every key is then [`Intent::Key`] for it. On a
    /// screen too small, keys mean what they always do (quit, or nothing).
    pub fn takes_keys(&self) -> bool {
        !self.too_small && self.screens.last().is_some_and(|s| s.takes_keys())
    }

    /// Offers `intent` to the open screens topmost first until one uses
    /// it; closes a screen that asks to be closed, then carries out what
    /// they asked for.
    pub(super) fn offer(&mut self, intent: Intent) -> Handled {
        let shown = self.camera();
        let mut asks = Vec::new();
        let mut handled = Handled::Ignored;
        for at in (0..self.screens.len()).rev() {
            // The context borrows the game and the log, never the stack.
            let ctx = Ctx {
                game: &self.game,
                mode: self.mode,
                faction: self.faction,
                log_len: self.log.len(),
                shown,
            };
            let start = asks.len();
            handled = self.screens[at].handle(intent, ctx, &mut asks);
            if asks[start..].contains(&Ask::Close) {
                self.screens.remove(at);
            }
            if handled == Handled::Used {
                break;
            }
        }
        self.carry_out_all(asks);
        handled
    }

    /// Does what a screen (or the clock, or the camera) asked for.
    pub(super) fn carry_out_all(&mut self, asks: Vec<Ask>) {
        for ask in asks {
            self.carry_out(ask);
        }
    }

    fn carry_out(&mut self, ask: Ask) {
        match ask {
            // Closing is done by `offer`, which knows who asked.
            Ask::Close => {}
            Ask::Open(screen) => self.open(screen),
            Ask::Quit => self.quit = true,
            Ask::Say(line) => self.say(line),
            Ask::Travel(to) => self.begin(Activity::Travel(to)),
            Ask::Mark(at) => self.cycle_mark(at),
            Ask::Help => self.open_help(),
            Ask::Select(id) => self.camera.pick(id),
            Ask::CentreOn(p) => self.centre_on(p),
            Ask::Pause => self.clock.pause(),
            Ask::Step => self.step(),
            Ask::Seek(turn) => self.seek_turn(turn),
            Ask::Act(action) => {
                self.player(action);
            }
        }
    }

    /// Opens the help over the screens open, its first pages their keys
    /// (topmost first) and the game's.
    pub(super) fn open_help(&mut self) {
        let keys = help::key_pages(self);
        self.open(Box::new(Help::new(keys)));
    }

    /// The clock and the camera have their keys after the screens', before
    /// the game's own: whether one of them used `intent`.
    pub(super) fn clock_and_camera(&mut self, intent: Intent) -> Handled {
        let ctx = Ctx {
            game: &self.game,
            mode: self.mode,
            faction: self.faction,
            log_len: self.log.len(),
            shown: self.camera(),
        };
        let mut asks = Vec::new();
        let mut handled = self.clock.handle(intent, ctx, &mut asks);
        if handled == Handled::Ignored {
            handled = self.camera.handle(intent, ctx, &mut asks);
        }
        self.carry_out_all(asks);
        handled
    }
}
