//! The application state: the game being watched and everything about how
//! it is shown (pause, speed, overlay, which faction's eyes, camera, log,
//! help, quit confirmation). Keys arrive as [`Intent`](crate::ui::keymap::Intent)s; this module never
//! touches a terminal, so tests drive it directly. Drawing reads `&App`
//! and nothing else (see `ui/widgets`).
//!
//! This file holds the state ([`App`]), its construction and its read-only
//! accessors; the rest is split by job into the child modules below, each
//! an `impl App` block (children see the state's fields; their helpers are
//! `pub(super)`, for the siblings).

mod end_game;
pub mod inspector;
mod intents;
mod messages;
mod play;
mod playback;
mod saves;
mod view;

pub use end_game::Tally;
pub use messages::singular;

use std::cell::Cell;
use std::collections::VecDeque;
use std::time::Duration;

use crate::content::level::Level;
use crate::fog::knowledge::Turn;
use crate::map::geom::Pos;
use crate::record::replay::{Desync, HASH_EVERY, Item, LevelSource, Recorder};
use crate::sim::autopilot::{self, Activity};
use crate::sim::{Game, GameError, MonsterId, SimConfig};

use super::log::MessageLog;
pub use super::mode::{Mode, Overlay};
pub use inspector::{Figure, Inspector};

/// Turns per second the speed settings stand for.
pub const SPEEDS: [u32; 7] = [1, 2, 5, 10, 20, 50, 100];
/// Pages of the help screen: keys, glyphs, factions.
pub const HELP_PAGES: usize = 3;
/// The speed `watch` (and replay playback) opens at: 2 turns a second, a
/// pace at which a person can follow each plan as it changes.
pub const WATCH_SPEED: usize = 1;
/// The map view's size before the first frame is drawn (an 80x24
/// terminal's), so keys pressed before it are clamped sensibly.
const FIRST_VIEW: (u16, u16) = (80, 16);
/// Turns a bump stays flashed on the map.
pub const FLASH_TURNS: Turn = 3;
/// Time between two steps of travel, exploring or rest, whatever the
/// speed setting: quick, yet each step is drawn.
pub const ACTIVITY_TICK: Duration = Duration::from_millis(25);

/// A game on screen, played or watched.
#[derive(Clone, Debug)]
pub struct App {
    pub(crate) mode: Mode,
    /// Look mode's cursor (play mode, `x`).
    pub(crate) cursor: Option<Pos>,
    pub(crate) game: Game,
    pub(crate) level_name: String,
    pub(crate) paused: bool,
    /// Index into [`SPEEDS`].
    pub(crate) speed: usize,
    pub(crate) overlay: Overlay,
    /// The faction whose knowledge, plans or danger overlays show.
    pub(crate) faction: usize,
    pub(crate) help: bool,
    /// The help screen's page (keys, glyphs, factions).
    pub(crate) help_page: usize,
    /// The message history screen (Ctrl-P), while open: how many messages
    /// it is scrolled back from the newest.
    pub(crate) history: Option<usize>,
    /// Play: the AI overlays are on (the game is then marked revealed).
    pub(crate) reveal: bool,
    /// The turn the player first revealed the map, if ever: the game is
    /// marked so in its status row and its replay, for good.
    pub(crate) revealed_at: Option<Turn>,
    /// Watching a played game: drawn through the player's eyes.
    pub(crate) eyes: bool,
    /// The player's kills, damage taken and killer, for the end screen.
    pub(crate) tally: Tally,
    /// The end screen asked for a new game (the binary starts it).
    pub(crate) new_game: bool,
    pub(crate) confirm_quit: bool,
    pub(crate) quit: bool,
    /// World position drawn at the top-left of the map area (watch, when
    /// not following a monster).
    pub(crate) camera: Pos,
    /// Watch: the camera follows the selected (or inspected) monster.
    pub(crate) follow: bool,
    /// Watch: the monster chosen with `n`/`N` among the viewed faction's;
    /// none (or one gone, or of another faction): its first on the map.
    pub(crate) selected: Option<MonsterId>,
    /// The size of the map view last drawn, so the camera keys clamp the
    /// view to the map as it is on screen (drawing sets it).
    pub(crate) view_size: Cell<(u16, u16)>,
    pub(crate) log: MessageLog,
    /// Cells bumped into, and on which turn.
    pub(crate) flashes: Vec<(Pos, Turn)>,
    pub(crate) inspector: Option<Inspector>,
    /// Playing a replay back: the items still to play (with their file
    /// lines): a command a tick, each state hash checked as soon as the
    /// game reaches its turn.
    pub(crate) script: Option<VecDeque<(usize, Item)>>,
    /// State hashes of the replay checked so far.
    pub(crate) hashes_checked: usize,
    /// Where the replay played back parted from the recording; playback
    /// stops there.
    pub(crate) desync: Option<Desync>,
    /// Every command given, with state hashes: the replay, and the save.
    pub(crate) recorder: Recorder,
    /// Play: travel, exploring or rest under way, a step a tick.
    pub(crate) activity: Option<Activity>,
    /// Play: the cursor is up to pick where to travel (`_`).
    pub(crate) picking: bool,
    /// Play: the monsters the player saw after its last action, so one
    /// coming into view is announced once.
    pub(crate) in_view: Vec<MonsterId>,
    /// Play: a monster came into view; keys typed ahead are void (see
    /// [`App::take_interrupt`]).
    pub(crate) interrupted: bool,
}

impl App {
    /// Watches `level` played with `seed`.
    pub fn new(level: &Level, seed: u64) -> Result<App, GameError> {
        App::start(level, seed, Mode::Watch, SimConfig::default())
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
            cursor: None,
            game,
            level_name: level.name.clone(),
            paused: false,
            // Play mode's clock does not tick (keys move time); 10/s is
            // what `+`/`-` start from there.
            speed: match mode {
                Mode::Watch => WATCH_SPEED,
                Mode::Play => 3,
            },
            overlay: App::default_overlay(mode),
            faction: 0,
            help: false,
            help_page: 0,
            history: None,
            reveal: false,
            revealed_at: None,
            eyes: false,
            tally: Tally::default(),
            new_game: false,
            confirm_quit: false,
            quit: false,
            camera: Pos::new(0, 0),
            follow: mode == Mode::Watch,
            selected: None,
            view_size: Cell::new(FIRST_VIEW),
            log: MessageLog::new(),
            flashes: Vec::new(),
            inspector: None,
            script: None,
            hashes_checked: 0,
            desync: None,
            recorder,
            activity: None,
            picking: false,
            in_view: Vec::new(),
            interrupted: false,
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
        match self.game.play_state() {
            Some(p) => p.outcome != crate::sim::PlayOutcome::Playing,
            None => self.mode == Mode::Watch && self.script.is_none() && self.game.is_settled(),
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// True once the user has confirmed quitting.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// True while paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Turns a second while running.
    pub fn turns_per_second(&self) -> u32 {
        SPEEDS[self.speed]
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
        self.help
    }

    /// True while asking "really quit?".
    pub fn confirming_quit(&self) -> bool {
        self.confirm_quit
    }

    /// The size of the map view as last drawn (columns, rows): the
    /// screen less the status rows, the log and, watching, the legend.
    pub fn map_view_size(&self) -> (u16, u16) {
        self.view_size.get()
    }

    /// The top-left world cell of the map view as last drawn.
    pub fn camera(&self) -> Pos {
        let (w, h) = self.view_size.get();
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

    /// The help screen's page (0: keys, 1: glyphs, 2: factions).
    pub fn help_page(&self) -> usize {
        self.help_page
    }

    /// The message history screen, while open: messages scrolled back
    /// from the newest.
    pub fn history(&self) -> Option<usize> {
        self.history
    }

    /// True while the AI overlays are on in play (see [`Intent::Reveal`](crate::ui::keymap::Intent::Reveal)).
    pub fn revealing(&self) -> bool {
        self.reveal
    }

    /// The turn the game was first revealed on, if it was: the mark it
    /// keeps in its status row and its replay.
    pub fn revealed_at(&self) -> Option<Turn> {
        self.revealed_at
    }

    /// True when the map is drawn through the player's eyes: playing, or
    /// watching a played game with `@`.
    pub fn through_eyes(&self) -> bool {
        self.game.player().is_some() && (self.mode == Mode::Play || self.eyes)
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

    /// The player's kills, damage taken and killer so far.
    pub fn tally(&self) -> &Tally {
        &self.tally
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
        Duration::from_millis(1000 / self.turns_per_second().max(1) as u64)
    }
}
