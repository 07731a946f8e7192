//! The application state: the game being watched and everything about how
//! it is shown (pause, speed, overlay, which faction's eyes, camera, log,
//! help, quit confirmation). Keys arrive as [`Intent`]s; this module never
//! touches a terminal, so tests drive it directly. Drawing reads `&App`
//! and nothing else (see `view.rs`).

use std::cell::Cell;
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::time::Duration;

use crate::fog::sight::visible_from;

use crate::content::level::Level;
use crate::fog::knowledge::Turn;
use crate::map::geom::Pos;
use crate::record::replay::{
    Desync, DesyncKind, HASH_EVERY, Item, LevelSource, Progress, Recorder, Replay, ReplayError,
    check,
};
use crate::sim::autopilot::{self, Activity, Sight, Stop};
use crate::sim::{
    Command, Event, Game, GameError, MonsterId, PLAYER_SIGHT, PlayerAction, SimConfig,
};

use super::input::Intent;
pub use super::inspector::{Figure, Inspector};
use super::log::MessageLog;

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

/// What is drawn over the map.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The true map and everyone on it.
    None,
    /// Watch's default: the true map, with the viewed faction's unknown
    /// shaded (walls it has not found drawn dim) and its monsters' live
    /// plans on top, so a plan through a wall it does not know is plain.
    Combined,
    /// The map as the viewed faction knows it, with its monsters' plans.
    Knowledge,
    /// The viewed faction's danger (its dead, chokepoints) as heat.
    Danger,
    /// Terrain cost of every cell.
    Cost,
    /// Cells on the planned paths of the viewed faction's monsters, by
    /// how many plans claim them.
    Claims,
}

impl Overlay {
    /// Its name in the status bar.
    pub fn name(self) -> &'static str {
        match self {
            Overlay::None => "true map",
            Overlay::Combined => "true map+plans",
            Overlay::Knowledge => "knowledge",
            Overlay::Danger => "danger",
            Overlay::Cost => "terrain cost",
            Overlay::Claims => "claimed paths",
        }
    }
}

/// Playing as `@`, or watching the AI.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Play,
    Watch,
}

/// The player's record in a game, for the end screen: counted from the
/// events as they happen (and, for a resumed save, from its replay played
/// again), so it is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Monsters the player's blows killed.
    pub kills: u32,
    /// Hit points the player lost to blows.
    pub damage_taken: i32,
    /// Who dealt the blow that killed the player.
    pub killer: Option<MonsterId>,
    /// The last blow (attacker, target): a death follows its blow.
    last_blow: Option<(MonsterId, MonsterId)>,
}

impl Tally {
    /// Counts one event of `game`'s.
    pub fn count(&mut self, game: &Game, e: &Event) {
        let is_player = |m: MonsterId| game.monsters()[m as usize].is_player();
        match *e {
            Event::Attacked {
                attacker,
                target,
                damage,
            } => {
                if is_player(target) {
                    self.damage_taken += damage;
                }
                self.last_blow = Some((attacker, target));
            }
            Event::Died { monster, .. } => match self.last_blow {
                Some((by, on)) if on == monster && is_player(monster) => self.killer = Some(by),
                Some((by, on)) if on == monster && is_player(by) => self.kills += 1,
                _ => {}
            },
            _ => {}
        }
    }

    /// The tally of a recorded game: its commands played again on a new
    /// game of `level`.
    pub fn of_replay(replay: &Replay, level: &Level) -> Tally {
        let mut tally = Tally::default();
        let Ok(mut game) = Game::new(level, replay.seed, replay.config) else {
            return tally;
        };
        for item in &replay.items {
            if let Item::Command(_, c) = item {
                for e in game.apply(c.clone()) {
                    tally.count(&game, &e);
                }
            }
        }
        tally
    }
}

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

    /// Plays `replay` back with the settings it was recorded with, a
    /// command a tick, with the watch keys (pause, step, speed, overlays,
    /// inspector). Every state hash is checked when the game reaches its
    /// turn; at the first difference playback stops and says so.
    pub fn replay(replay: &Replay) -> Result<App, ReplayError> {
        let level = replay.level()?;
        let mut app = App::start(&level, replay.seed, Mode::Watch, replay.config)?;
        app.script = Some(
            (0..replay.items.len())
                .map(|i| (replay.line_of(i), replay.items[i].clone()))
                .collect(),
        );
        app.say(format!(
            "Replay of {}: space to pause, . to step.",
            level.name
        ));
        if app.game.player().is_some() {
            app.say("A played game: @ shows it through the player's eyes.".to_string());
        }
        if let Some(t) = replay.revealed() {
            app.revealed_at = Some(t);
            app.say(format!(
                "This game was REVEALED on turn {t}: the player saw the AI overlays."
            ));
        }
        // Hashes recorded before any command (turn 0).
        app.check_hashes();
        Ok(app)
    }

    /// Goes on with a saved game: its replay is played to where it was
    /// saved, once, checking every hash on the way, and recording
    /// continues.
    pub fn resume(replay: Replay) -> Result<App, ReplayError> {
        App::resume_with(replay, |_| ControlFlow::Continue(()))
    }

    /// [`App::resume`], telling `progress` each turn the save's replay
    /// reaches; a break stops it ([`ReplayError::Interrupted`]).
    pub fn resume_with(
        replay: Replay,
        progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<App, ReplayError> {
        let level = replay.level()?;
        let game = replay.restore_on(&level, progress)?;
        Ok(App::resume_checked(crate::record::save::CheckedSave {
            replay,
            level,
            game,
        }))
    }

    /// Goes on with a save already checked and restored
    /// ([`crate::record::save::SaveSlot::load_checked`]), without playing it again.
    pub fn resume_checked(save: crate::record::save::CheckedSave) -> App {
        let crate::record::save::CheckedSave {
            replay,
            level,
            game,
        } = save;
        let mode = if game.player().is_some() {
            Mode::Play
        } else {
            Mode::Watch
        };
        let turn = game.turn();
        let tally = match mode {
            Mode::Play => Tally::of_replay(&replay, &level),
            Mode::Watch => Tally::default(),
        };
        let revealed_at = replay.revealed();
        let recorder = Recorder::resume(replay, turn, HASH_EVERY);
        let mut app = App::with_game(&level, game, mode, recorder);
        app.tally = tally;
        app.revealed_at = revealed_at;
        app.say(format!("Resumed on turn {turn}."));
        if let Some(t) = revealed_at {
            app.say(format!("This game was revealed on turn {t}."));
        }
        app
    }

    /// Where a replay played back parted from its recording, if it did.
    pub fn desync(&self) -> Option<&Desync> {
        self.desync.as_ref()
    }

    /// The desync as the screen says it.
    pub fn desync_text(d: &Desync) -> String {
        match d.kind {
            DesyncKind::Hash { expected, found } => format!(
                "DESYNC on turn {} (line {}): expected {expected:016x}, found {found:016x}",
                d.turn, d.line
            ),
            _ => format!("DESYNC (line {}): {}", d.line, d.what()),
        }
    }

    /// The game so far as a replay (what a save holds), ending with the
    /// state hash of the turn it stands on, so even a short game is checked
    /// when it is played back or resumed.
    pub fn recording(&self) -> Replay {
        let mut replay = self.recorder.replay().clone();
        let turn = self.game.turn();
        if !matches!(replay.items.last(), Some(Item::Hash(t, _)) if *t == turn) {
            replay.items.push(Item::Hash(turn, self.game.state_hash()));
        }
        replay
    }

    fn start(level: &Level, seed: u64, mode: Mode, config: SimConfig) -> Result<App, GameError> {
        let game = Game::new(level, seed, config)?;
        let recorder = Recorder::new(LevelSource::Text(level.to_text()), seed, config, HASH_EVERY);
        Ok(App::with_game(level, game, mode, recorder))
    }

    /// An app showing `game`, a game of `level`, recording with `recorder`.
    fn with_game(level: &Level, game: Game, mode: Mode, recorder: Recorder) -> App {
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

    /// What the map shows until an overlay key is pressed (and again when
    /// it is pressed twice): the combined view watching, the player's own
    /// view playing.
    pub fn default_overlay(mode: Mode) -> Overlay {
        match mode {
            Mode::Watch => Overlay::Combined,
            Mode::Play => Overlay::None,
        }
    }

    /// The factions `f`/Tab cycles through: watching, those with monsters
    /// of their own (not the player's); playing, all.
    pub(crate) fn viewable_factions(&self) -> Vec<usize> {
        let n = self.game.factions().len();
        if self.mode == Mode::Play {
            return (0..n).collect();
        }
        let mine: Vec<usize> = (0..n)
            .filter(|&f| {
                self.game
                    .monsters()
                    .iter()
                    .any(|m| m.faction() == f && !m.is_player())
            })
            .collect();
        if mine.is_empty() {
            (0..n).collect()
        } else {
            mine
        }
    }

    /// The viewed faction's monsters on the map (not the player), in id
    /// order.
    fn faction_monsters(&self) -> impl Iterator<Item = MonsterId> + '_ {
        self.game
            .monsters()
            .iter()
            .filter(|m| m.is_here() && !m.is_player() && m.faction() == self.faction)
            .map(|m| m.id())
    }

    /// Watch: the selected monster: the one picked with `n`/`N` while it
    /// is on the map and of the viewed faction, else that faction's first
    /// on the map.
    pub fn selected(&self) -> Option<MonsterId> {
        let picked = self.selected.filter(|&id| {
            self.game
                .monsters()
                .get(id as usize)
                .is_some_and(|m| m.is_here() && m.faction() == self.faction)
        });
        picked.or_else(|| self.faction_monsters().next())
    }

    /// True while the camera follows the selected (or inspected) monster.
    pub fn following(&self) -> bool {
        self.follow
    }

    /// The monster the camera centres on, if following: the inspected
    /// one while the inspector is open, else the selected one.
    fn followed(&self) -> Option<Pos> {
        if !self.follow {
            return None;
        }
        let id = self
            .inspector
            .as_ref()
            .map(|i| i.monster)
            .or(self.selected())?;
        self.game.monsters().get(id as usize).map(|m| m.pos())
    }

    /// Selects the next (`+1`) or previous (`-1`) monster of the viewed
    /// faction and follows it.
    fn select_step(&mut self, step: i32) {
        let ids: Vec<MonsterId> = self.faction_monsters().collect();
        if ids.is_empty() {
            return self.say(format!("No {} on the map.", self.faction_name()));
        }
        let at = self
            .selected()
            .and_then(|s| ids.iter().position(|&i| i == s))
            .map_or(0, |k| {
                (k as i32 + step).rem_euclid(ids.len() as i32) as usize
            });
        self.selected = Some(ids[at]);
        self.follow = true;
        let m = &self.game.monsters()[ids[at] as usize];
        self.say(format!(
            "Following {}{} at {}.",
            self.game.factions()[m.faction()].spec().glyph,
            m.id(),
            m.pos()
        ));
    }

    /// The viewed faction's name.
    pub(super) fn faction_name(&self) -> String {
        self.game
            .factions()
            .get(self.faction)
            .map_or("-".to_string(), |f| f.spec().name.clone())
    }

    /// The top-left of a `width` x `height` view centred on `centre`, kept
    /// on the map: never past its edges, at 0 when the map is smaller.
    fn clamped_origin(&self, centre: Pos, width: u16, height: u16) -> Pos {
        self.clamp_origin(
            Pos::new(centre.x - width as i32 / 2, centre.y - height as i32 / 2),
            width,
            height,
        )
    }

    /// `origin` kept so a `width` x `height` view shows only map cells
    /// (top-left at 0 when the map is smaller than the view).
    fn clamp_origin(&self, origin: Pos, width: u16, height: u16) -> Pos {
        let terrain = self.game.world().terrain();
        let (w, h) = (terrain.width() as i32, terrain.height() as i32);
        Pos::new(
            origin.x.clamp(0, (w - width as i32).max(0)),
            origin.y.clamp(0, (h - height as i32).max(0)),
        )
    }

    /// Centres the camera on `p` (in the view last drawn).
    pub(super) fn centre_on(&mut self, p: Pos) {
        let (w, h) = self.view_size.get();
        self.camera = self.clamped_origin(p, w, h);
    }

    /// Playing or watching.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Look mode's cursor, while looking.
    pub fn cursor(&self) -> Option<Pos> {
        self.cursor
    }

    /// The top-left world cell of a `width` x `height` map view, always
    /// on the map (never showing blank space past its edges; 0 when the
    /// map is smaller): centred on the followed monster when watching and
    /// following, else the camera; centred on the player when playing or
    /// watching through the player's eyes.
    pub fn view_origin(&self, width: u16, height: u16) -> Pos {
        let Some(player) = self.game.player().filter(|_| self.through_eyes()) else {
            return match self.followed() {
                Some(p) => self.clamped_origin(p, width, height),
                None => self.clamp_origin(self.camera, width, height),
            };
        };
        let centre = self.cursor.unwrap_or(player.pos());
        self.clamped_origin(centre, width, height)
    }

    /// True once the game is over (play mode).
    pub fn game_over(&self) -> bool {
        self.game
            .play_state()
            .is_some_and(|p| p.outcome != crate::sim::PlayOutcome::Playing)
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

    /// True while the AI overlays are on in play (see [`Intent::Reveal`]).
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

    /// True when the end screen asked for a new game.
    pub fn wants_new_game(&self) -> bool {
        self.new_game
    }

    /// A new game on this game's level with the next seed and the same
    /// settings (what `n` on the end screen asks for).
    pub fn next_game(&self) -> Result<App, ReplayError> {
        let replay = self.recorder.replay();
        let level = replay.level()?;
        let seed = self.game.seed().wrapping_add(1);
        Ok(App::start(&level, seed, self.mode, replay.config)?)
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

    /// Acts on one intent.
    pub fn handle(&mut self, intent: Intent) {
        if self.activity.is_some() {
            // Any key stops travel, exploring or rest, and does nothing
            // else (a forced quit still quits).
            self.activity = None;
            self.say("You stop.".to_string());
            if intent == Intent::ForceQuit {
                self.quit = true;
            }
            return;
        }
        if self.confirm_quit {
            match intent {
                Intent::Confirm | Intent::Quit => self.quit = true,
                Intent::ForceQuit => self.quit = true,
                _ => self.confirm_quit = false,
            }
            return;
        }
        if self.help {
            // Any key turns the page, past the last closes; q closes at
            // once (a forced quit still quits).
            self.help_page += 1;
            match intent {
                Intent::ForceQuit => self.quit = true,
                Intent::Quit | Intent::Help => self.help = false,
                _ if self.help_page >= HELP_PAGES => self.help = false,
                _ => {}
            }
            return;
        }
        if let Some(back) = self.history {
            // Up (older) and down (newer) scroll; any other key closes.
            let by: i64 = match intent {
                // k j a message, u y / n b (PgUp, PgDn) ten.
                Intent::Move(d) if d.delta().1 != 0 => match d.delta() {
                    (0, dy) => -dy as i64,
                    (_, dy) => -10 * dy as i64,
                },
                Intent::Scroll(0, dy) if dy != 0 => -dy.signum() as i64,
                Intent::ForceQuit => {
                    self.quit = true;
                    return;
                }
                _ => {
                    self.history = None;
                    return;
                }
            };
            let most = self.log.len().saturating_sub(1) as i64;
            self.history = Some((back as i64 + by).clamp(0, most) as usize);
            return;
        }
        if intent == Intent::History {
            self.history = Some(0);
            return;
        }
        if self.inspector.is_some() {
            match intent {
                Intent::Inspect | Intent::Quit => self.inspector = None,
                Intent::ForceQuit => self.quit = true,
                Intent::InspectStep(n) => self.inspect_step(n),
                Intent::InspectEnd(end) => self.inspect_end(end),
                Intent::InspectNext => self.inspect_next(),
                Intent::Zoom => {
                    if let Some(i) = &mut self.inspector {
                        i.zoom = !i.zoom;
                    }
                }
                Intent::InspectFigure => self.inspect_figure(),
                Intent::Help => self.open_help(),
                Intent::Reveal => self.toggle_reveal(),
                _ => {}
            }
            return;
        }
        if self.mode == Mode::Play && !self.reveal {
            // What only the monsters know stays hidden unless revealed.
            if let Intent::Show(Overlay::Knowledge | Overlay::Danger | Overlay::Claims)
            | Intent::NextFaction
            | Intent::Inspect = intent
            {
                return self.say(
                    "That shows what the monsters know: V reveals it (and marks the game REVEALED)."
                        .to_string(),
                );
            }
        }
        if let (Some(c), Intent::Move(d)) = (self.cursor, intent) {
            self.cursor = Some(c.step(d));
            return;
        }
        if self.picking {
            return self.pick(intent);
        }
        match intent {
            Intent::NewGame if self.mode == Mode::Play && self.game_over() => {
                self.new_game = true;
                self.quit = true;
            }
            Intent::NewGame => {}
            Intent::History => {}
            Intent::Reveal => self.toggle_reveal(),
            Intent::Eyes => self.toggle_eyes(),
            Intent::Quit if self.game_over() => self.quit = true,
            Intent::Quit => self.confirm_quit = true,
            Intent::Move(dir) => {
                self.player(PlayerAction::Move(dir));
            }
            Intent::Wait => {
                self.player(PlayerAction::Wait);
            }
            Intent::Look => {
                self.cursor = match self.cursor {
                    Some(_) => None,
                    None => self.game.player().map(|p| p.pos()),
                }
            }
            Intent::TravelStairs => match autopilot::known_stairs(&self.game) {
                Some(stairs) => self.begin(Activity::Travel(stairs)),
                None if self.mode == Mode::Play => self.stopped(Stop::StairsUnknown),
                None => {}
            },
            Intent::TravelTo if self.mode == Mode::Play && !self.game_over() => {
                self.picking = true;
                self.cursor = self.game.player().map(|p| p.pos());
                self.say("Travel where? Enter or . to go, Esc to cancel.".to_string());
            }
            Intent::TravelTo => {}
            Intent::Explore => self.begin(Activity::Explore),
            Intent::Rest => self.begin(Activity::Rest(autopilot::REST_TURNS)),
            Intent::ForceQuit => self.quit = true,
            Intent::Confirm => {}
            Intent::Help => self.open_help(),
            Intent::Inspect => self.inspect_open(),
            Intent::InspectStep(_)
            | Intent::InspectEnd(_)
            | Intent::InspectNext
            | Intent::Zoom
            | Intent::InspectFigure => {}
            Intent::ToggleFollow => {
                if self.follow {
                    // Stay where the view is, not where the camera was.
                    self.camera = self.camera();
                }
                self.follow = !self.follow;
                let what = if self.follow {
                    "Following the selected monster (n/N picks)."
                } else {
                    "Camera free (F follows again)."
                };
                self.say(what.to_string());
            }
            Intent::SelectMonster(step) => self.select_step(step),
            Intent::TogglePause if self.desync.is_some() => {
                self.say("Playback stopped at the desync.".to_string());
            }
            Intent::TogglePause => {
                self.paused = !self.paused;
                self.say(if self.paused { "Paused." } else { "Running." }.to_string());
            }
            Intent::Step => {
                self.paused = true;
                self.step();
            }
            Intent::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Intent::Slower => self.speed = self.speed.saturating_sub(1),
            Intent::NextFaction => {
                let cycle = self.viewable_factions();
                let at = cycle.iter().position(|&f| f == self.faction);
                self.faction = match at {
                    Some(k) => cycle[(k + 1) % cycle.len()],
                    None => cycle.first().copied().unwrap_or(0),
                };
                self.selected = None;
            }
            Intent::Show(o) => {
                self.overlay = if self.overlay == o {
                    App::default_overlay(self.mode)
                } else {
                    o
                };
            }
            Intent::Scroll(dx, dy) => {
                // From the view as shown (following or not), kept on the
                // map as it is on screen; moving the view by hand stops
                // following.
                let (w, h) = self.view_size.get();
                let from = self.view_origin(w, h);
                self.camera = self.clamp_origin(Pos::new(from.x + dx, from.y + dy), w, h);
                self.follow = false;
            }
            Intent::Home => {
                self.camera = Pos::new(0, 0);
                self.follow = false;
            }
        }
    }

    fn open_help(&mut self) {
        self.help = true;
        self.help_page = 0;
    }

    /// Play: the AI overlays on or off. The first time marks the game, in
    /// its recording too, for good.
    fn toggle_reveal(&mut self) {
        if self.mode != Mode::Play {
            return;
        }
        self.reveal = !self.reveal;
        if !self.reveal {
            self.inspector = None;
            if self.overlay != Overlay::Cost {
                self.overlay = Overlay::None;
            }
            return self.say("Reveal off: your own view (the game stays REVEALED).".to_string());
        }
        if self.revealed_at.is_none() {
            let turn = self.game.turn();
            self.revealed_at = Some(turn);
            self.recorder.reveal(turn);
        }
        self.say(
            "REVEALED: v d p c f i show what the monsters know; the game is marked so.".to_string(),
        );
    }

    /// Watching a played game: through the player's eyes, or the true map.
    fn toggle_eyes(&mut self) {
        if self.mode != Mode::Watch || self.game.player().is_none() {
            return self.say("No player in this game: no eyes to see through.".to_string());
        }
        self.eyes = !self.eyes;
        self.say(
            if self.eyes {
                "Through the player's eyes: what they knew and saw (@ again: the true map)."
            } else {
                "The true map."
            }
            .to_string(),
        );
    }

    /// Watching through the player's eyes from the start (`replay --eyes`).
    pub fn with_eyes(mut self) -> App {
        if self.game.player().is_some() && self.mode == Mode::Watch {
            self.eyes = true;
        }
        self
    }

    /// The travel cursor is up: moves went to the cursor; Enter, `.` or
    /// `_` travel to it, Esc (or `x`) puts it away, other keys are ignored.
    fn pick(&mut self, intent: Intent) {
        match intent {
            Intent::Confirm | Intent::Wait | Intent::TravelTo => {
                let to = self.cursor.take();
                self.picking = false;
                if let Some(to) = to {
                    self.begin(Activity::Travel(to));
                }
            }
            Intent::Quit | Intent::Look => {
                self.picking = false;
                self.cursor = None;
            }
            Intent::ForceQuit => self.quit = true,
            Intent::Help => self.open_help(),
            _ => {}
        }
    }

    /// Sets `activity` going (play mode) with its first step at once, or
    /// says why it cannot start.
    fn begin(&mut self, activity: Activity) {
        if self.mode != Mode::Play || self.game_over() {
            return;
        }
        match autopilot::can_start(&self.game, activity) {
            Ok(()) => {
                self.activity = Some(activity);
                self.continue_activity();
            }
            Err(stop) => self.stopped(stop),
        }
    }

    /// One step of the activity under way, unless it is over.
    fn continue_activity(&mut self) {
        let Some(mut activity) = self.activity.take() else {
            return;
        };
        let action = match autopilot::next_action(&self.game, &mut activity) {
            Ok(action) => action,
            Err(stop) => return self.stopped(stop),
        };
        let before = Sight::of(&self.game);
        let events = self.player(action);
        match autopilot::interruption(&before, &self.game, &events) {
            Some(stop) => self.stopped(stop),
            None => self.activity = Some(activity),
        }
    }

    /// Says why an activity did not start or stopped, where the player
    /// would not know it otherwise.
    fn stopped(&mut self, stop: Stop) {
        let line = match stop {
            // Announced as it came into view; the game's end has its own.
            Stop::MonsterInView(_) | Stop::NotPlaying | Stop::Treasure => return,
            Stop::HostileInView(m) => format!("Not with {} in view.", self.one_of(m)),
            Stop::Hurt => "You are hurt: you stop.".to_string(),
            Stop::Arrived => "You arrive.".to_string(),
            Stop::Explored => "Explored all you can reach.".to_string(),
            Stop::TreasureSeen => "You see the treasure ($).".to_string(),
            Stop::Healed => "You are at full health.".to_string(),
            Stop::RestedLong => "You rest a long while, and stop.".to_string(),
            Stop::NoWay => "No known way there.".to_string(),
            Stop::StairsUnknown => "You have not seen the stairs yet.".to_string(),
        };
        self.say(line);
    }

    /// "a goblin", "an orc": one of monster `m`'s faction (its name is a
    /// plural; a trailing s is dropped).
    fn one_of(&self, m: MonsterId) -> String {
        let monster = &self.game.monsters()[m as usize];
        let name = &self.game.factions()[monster.faction()].spec().name;
        let one = name
            .strip_suffix('s')
            .filter(|s| !s.is_empty())
            .unwrap_or(name);
        let article = match one.chars().next() {
            Some(c) if "aeiouAEIOU".contains(c) => "an",
            _ => "a",
        };
        format!("{article} {one}")
    }

    /// The player acts (play mode); returns what happened. A monster that
    /// comes into view is announced, once while it stays there, and voids
    /// keys typed ahead.
    fn player(&mut self, action: PlayerAction) -> Vec<Event> {
        if self.mode != Mode::Play || self.game_over() {
            return Vec::new();
        }
        let before = self.game.turn();
        let events = self.recorder.apply(&mut self.game, Command::Player(action));
        let turn = self.game.turn();
        if turn != before {
            self.flashes.retain(|&(_, t)| t + FLASH_TURNS > turn);
        }
        for e in events.iter().cloned() {
            self.note(e, turn);
        }
        let now = autopilot::monsters_in_view(&self.game);
        for m in autopilot::newly_in_view(&self.in_view, &now) {
            let mut line = self.one_of(m);
            line[..1].make_ascii_uppercase();
            self.say(format!("{turn}: {line} comes into view."));
            self.interrupted = true;
        }
        self.in_view = now;
        events
    }

    /// Called when the clock ticks: one turn, unless paused, playing (the
    /// player's keys move time then) or a screen is up.
    pub fn tick(&mut self) {
        if self.mode == Mode::Play && !self.help && !self.confirm_quit {
            self.continue_activity();
        }
        if self.mode == Mode::Watch
            && self.inspector.is_none()
            && !self.paused
            && !self.help
            && self.history.is_none()
            && !self.confirm_quit
            && self.desync.is_none()
            && (self.script.is_some() || !self.game.is_settled())
        {
            self.step();
        }
    }

    /// Plays one turn (a replay: its next command) and notes what matters
    /// in the log and the flashes.
    pub fn step(&mut self) {
        if self.desync.is_some() {
            return;
        }
        let events = match &mut self.script {
            Some(script) => {
                let Some((line, item)) = script.pop_front() else {
                    self.paused = true;
                    let n = self.hashes_checked;
                    self.say(format!(
                        "End of the replay: in sync, {n} state {} checked.",
                        if n == 1 { "hash" } else { "hashes" }
                    ));
                    return;
                };
                if let Item::Reveal(t) = item {
                    self.revealed_at.get_or_insert(t);
                    self.say(format!("{t}: The player revealed the map here."));
                }
                // A replay is played as recorded, not recorded again.
                match check(&mut self.game, &item) {
                    Ok(events) => events,
                    Err(kind) => return self.desynced(line, kind),
                }
            }
            None if self.game.is_settled() => {
                self.say("Nothing more can happen.".to_string());
                return;
            }
            None => self.recorder.apply(&mut self.game, Command::Advance),
        };
        let turn = self.game.turn();
        self.flashes.retain(|&(_, t)| t + FLASH_TURNS > turn);
        for e in events {
            self.note(e, turn);
        }
        self.check_hashes();
    }

    /// Replay playback: checks the state hashes next in the script (those
    /// of the turn just reached).
    fn check_hashes(&mut self) {
        while let Some(script) = &mut self.script
            && let Some((line, item @ Item::Hash(..))) = script.front().cloned()
        {
            script.pop_front();
            if let Err(kind) = check(&mut self.game, &item) {
                return self.desynced(line, kind);
            }
            self.hashes_checked += 1;
        }
    }

    /// Playback parted from the recording: say so, and stop there.
    fn desynced(&mut self, line: usize, kind: DesyncKind) {
        let d = Desync {
            line,
            turn: self.game.turn(),
            kind,
        };
        self.say(App::desync_text(&d));
        self.desync = Some(d);
        self.paused = true;
    }

    /// Puts what matters of event `e` in the log (and the flashes), and
    /// counts it in the tally. Playing, the log says only what the player
    /// knows: their own deeds, and what happens where they see; plans,
    /// unseen fights and other monsters' bumps stay out.
    fn note(&mut self, e: Event, turn: Turn) {
        self.tally.count(&self.game, &e);
        let play = self.mode == Mode::Play;
        let is_player = |app: &App, m: MonsterId| app.game.monsters()[m as usize].is_player();
        let seen = |app: &App, m: MonsterId| {
            let monster = &app.game.monsters()[m as usize];
            monster.is_player() || app.player_sees(monster.pos())
        };
        let line = match e {
            Event::Bumped { monster, toward } if is_player(self, monster) => {
                self.flashes.push((toward, turn));
                "You walk into a wall.".to_string()
            }
            Event::Bumped { .. } | Event::Replanned { .. } | Event::NoPath { .. } if play => {
                return;
            }
            Event::Bumped { monster, toward } => {
                self.flashes.push((toward, turn));
                format!(
                    "{} bumps into a wall at {toward}.",
                    self.name(monster, true)
                )
            }
            Event::Replanned {
                monster, reason, ..
            } => format!("{} replans ({reason:?}).", self.name(monster, true)),
            Event::NoPath { monster } => format!("{} finds no way.", self.name(monster, true)),
            Event::ReachedGoal { at, .. } if play && !self.player_sees(at) => return,
            Event::ReachedGoal { monster, .. } => {
                format!("{} reaches its goal and leaves.", self.name(monster, true))
            }
            Event::Died { monster, .. } if is_player(self, monster) => "You die...".to_string(),
            Event::Died { at, .. } if play && !self.player_sees(at) => return,
            Event::Died { monster, .. } => match self.tally.last_blow {
                Some((by, on)) if on == monster && is_player(self, by) => {
                    format!("You kill {}!", self.name(monster, false))
                }
                _ => format!("{} dies.", self.name(monster, true)),
            },
            Event::Attacked {
                attacker, target, ..
            } if play && !seen(self, attacker) && !seen(self, target) => return,
            Event::Attacked {
                attacker,
                target,
                damage,
            } => {
                let verb = if is_player(self, attacker) {
                    "hit"
                } else {
                    "hits"
                };
                format!(
                    "{} {verb} {} for {damage}.",
                    self.name(attacker, true),
                    self.name(target, false)
                )
            }
            Event::TookTreasure { .. } => "You take the treasure. Now for the stairs!".to_string(),
            Event::Won { .. } => "You escape with the treasure!".to_string(),
            Event::Blocked { .. } => "A wall.".to_string(),
            _ => return,
        };
        self.log.push(Some(turn), line);
    }

    /// How the log names monster `m`: "you"; playing, "the goblin" (all
    /// the player can tell of it); watching, "goblin g3" (which one).
    /// `start`: at the start of a sentence (capitalised).
    fn name(&self, m: MonsterId, start: bool) -> String {
        let monster = &self.game.monsters()[m as usize];
        let noun = singular(&self.game.factions()[monster.faction()].spec().name);
        let glyph = self.game.factions()[monster.faction()].spec().glyph;
        let name = if monster.is_player() {
            "you".to_string()
        } else if self.mode == Mode::Play {
            format!("the {noun}")
        } else {
            format!("{noun} {glyph}{m}")
        };
        if start { capitalised(&name) } else { name }
    }

    /// True when the player sees cell `p` now (their sight on the true
    /// map, as the map draws it lit).
    pub fn player_sees(&self, p: Pos) -> bool {
        let Some(player) = self.game.player().filter(|m| m.is_here()) else {
            return false;
        };
        let (dx, dy) = player.pos().abs_delta(p);
        if dx.max(dy) > PLAYER_SIGHT {
            return false;
        }
        let terrain = self.game.world().terrain();
        let mut seen = false;
        visible_from(
            player.pos(),
            PLAYER_SIGHT,
            |q| terrain.is_opaque(q),
            |q| seen |= q == p,
        );
        seen
    }

    /// Adds a message that belongs to no turn to the log.
    pub(super) fn say(&mut self, line: String) {
        self.log.push(None, line);
    }
}

/// One of a faction: "goblins" names a goblin, "zombies" a zombie; a name
/// that is no plural ("blind") stays as it is.
pub fn singular(name: &str) -> String {
    if let Some(stem) = name.strip_suffix("ies") {
        format!("{stem}y")
    } else if let Some(stem) = name.strip_suffix('s')
        && !stem.ends_with('s')
        && !stem.is_empty()
    {
        stem.to_string()
    } else {
        name.to_string()
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
