//! The application state: the game being watched and everything about how
//! it is shown (pause, speed, overlay, which faction's eyes, camera, log,
//! help, quit confirmation). Keys arrive as [`Intent`]s; this module never
//! touches a terminal, so tests drive it directly. Drawing reads `&App`
//! and nothing else (see `view.rs`).

use std::cell::Cell;
use std::collections::VecDeque;
use std::ops::ControlFlow;

use crate::geom::Pos;
use crate::knowledge::Turn;
use crate::level::Level;
use crate::replay::{
    Desync, DesyncKind, HASH_EVERY, Item, LevelSource, Progress, Recorder, Replay, ReplayError,
    check,
};
use crate::sim::{Command, Event, Game, GameError, MonsterId, PlayerAction, SimConfig};

use super::input::Intent;
pub use super::inspector::{Figure, Inspector};

/// Turns per second the speed settings stand for.
pub const SPEEDS: [u32; 7] = [1, 2, 5, 10, 20, 50, 100];
/// The speed `watch` (and replay playback) opens at: 2 turns a second, a
/// pace at which a person can follow each plan as it changes.
pub const WATCH_SPEED: usize = 1;
/// The map view's size before the first frame is drawn (an 80x24
/// terminal's), so keys pressed before it are clamped sensibly.
const FIRST_VIEW: (u16, u16) = (80, 16);
/// Messages kept in the log.
const LOG_LEN: usize = 200;
/// Turns a bump stays flashed on the map.
pub const FLASH_TURNS: Turn = 3;

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
    pub(crate) log: VecDeque<String>,
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
        Ok(App::resume_checked(crate::save::CheckedSave {
            replay,
            level,
            game,
        }))
    }

    /// Goes on with a save already checked and restored
    /// ([`crate::save::SaveSlot::load_checked`]), without playing it again.
    pub fn resume_checked(save: crate::save::CheckedSave) -> App {
        let crate::save::CheckedSave {
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
        let recorder = Recorder::resume(replay, turn, HASH_EVERY);
        let mut app = App::with_game(&level, game, mode, recorder);
        app.say(format!("Resumed on turn {turn}."));
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
            confirm_quit: false,
            quit: false,
            camera: Pos::new(0, 0),
            follow: mode == Mode::Watch,
            selected: None,
            view_size: Cell::new(FIRST_VIEW),
            log: VecDeque::new(),
            flashes: Vec::new(),
            inspector: None,
            script: None,
            hashes_checked: 0,
            desync: None,
            recorder,
        };
        // Watch opens on the first faction with monsters of its own (a
        // replay of a played game starts with the player's).
        app.faction = app.viewable_factions().first().copied().unwrap_or(0);
        app.say(format!(
            "{}: {}. Press ? for help.",
            level.name, level.description
        ));
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
    /// following, else the camera; centred on the player when playing.
    pub fn view_origin(&self, width: u16, height: u16) -> Pos {
        let Some(player) = self.game.player().filter(|_| self.mode == Mode::Play) else {
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

    /// The top-left world cell of the map view as last drawn.
    pub fn camera(&self) -> Pos {
        let (w, h) = self.view_size.get();
        self.view_origin(w, h)
    }

    /// Cells flashed for a bump, with the turn of the bump.
    pub fn flashes(&self) -> &[(Pos, Turn)] {
        &self.flashes
    }

    /// The most recent messages, oldest first.
    pub fn log(&self) -> impl Iterator<Item = &String> {
        self.log.iter()
    }

    /// Acts on one intent.
    pub fn handle(&mut self, intent: Intent) {
        if self.confirm_quit {
            match intent {
                Intent::Confirm | Intent::Quit => self.quit = true,
                Intent::ForceQuit => self.quit = true,
                _ => self.confirm_quit = false,
            }
            return;
        }
        if self.help {
            // Any key closes the help screen (a forced quit still quits).
            self.help = false;
            if intent == Intent::ForceQuit {
                self.quit = true;
            }
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
                Intent::Help => self.help = true,
                _ => {}
            }
            return;
        }
        if let (Some(c), Intent::Move(d)) = (self.cursor, intent) {
            self.cursor = Some(c.step(d));
            return;
        }
        match intent {
            Intent::Quit if self.game_over() => self.quit = true,
            Intent::Quit => self.confirm_quit = true,
            Intent::Move(dir) => self.player(PlayerAction::Move(dir)),
            Intent::Wait => self.player(PlayerAction::Wait),
            Intent::Look => {
                self.cursor = match self.cursor {
                    Some(_) => None,
                    None => self.game.player().map(|p| p.pos()),
                }
            }
            Intent::ForceQuit => self.quit = true,
            Intent::Confirm => {}
            Intent::Help => self.help = true,
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

    /// The player acts (play mode).
    fn player(&mut self, action: PlayerAction) {
        if self.mode != Mode::Play || self.game_over() {
            return;
        }
        let before = self.game.turn();
        let events = self.recorder.apply(&mut self.game, Command::Player(action));
        let turn = self.game.turn();
        if turn != before {
            self.flashes.retain(|&(_, t)| t + FLASH_TURNS > turn);
        }
        for e in events {
            self.note(e, turn);
        }
    }

    /// Called when the clock ticks: one turn, unless paused, playing (the
    /// player's keys move time then) or a screen is up.
    pub fn tick(&mut self) {
        if self.mode == Mode::Watch
            && self.inspector.is_none()
            && !self.paused
            && !self.help
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
                    self.say(format!(
                        "End of the replay: in sync, {} state hashes checked.",
                        self.hashes_checked
                    ));
                    return;
                };
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

    fn note(&mut self, e: Event, turn: Turn) {
        let name = |app: &App, m: u32| {
            let monster = &app.game.monsters()[m as usize];
            let f = &app.game.factions()[monster.faction()].spec();
            if monster.is_player() {
                return "you".to_string();
            }
            format!("{} {}{}", f.name, f.glyph, m)
        };
        let line = match e {
            Event::Bumped { monster, toward } => {
                self.flashes.push((toward, turn));
                format!("{} bumps into a wall at {toward}.", name(self, monster))
            }
            Event::Replanned {
                monster, reason, ..
            } => {
                format!("{} replans ({reason:?}).", name(self, monster))
            }
            Event::NoPath { monster } => format!("{} finds no way.", name(self, monster)),
            Event::ReachedGoal { monster, .. } => {
                format!("{} reaches the goal.", name(self, monster))
            }
            Event::Died { monster, .. } if self.game.monsters()[monster as usize].is_player() => {
                "You die...".to_string()
            }
            Event::Died { monster, at } => format!("{} dies at {at}.", name(self, monster)),
            Event::Attacked {
                attacker,
                target,
                damage,
            } => format!(
                "{} hits {} for {damage}.",
                name(self, attacker),
                name(self, target)
            ),
            Event::TookTreasure { .. } => "You take the treasure. Now for the stairs!".to_string(),
            Event::Won { .. } => "You escape with the treasure!".to_string(),
            Event::Blocked { .. } => "A wall.".to_string(),
            _ => return,
        };
        self.say(format!("{turn}: {line}"));
    }

    pub(super) fn say(&mut self, line: String) {
        if self.log.len() == LOG_LEN {
            self.log.pop_front();
        }
        self.log.push_back(line);
    }
}
