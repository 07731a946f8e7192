//! Watch and replay playback: a replay's [`Script`] (the items still to
//! play, the hashes checked, where it parted from the recording), shared
//! app state (the status row reads its mark, the tick and the step play
//! it, the end of a game depends on it), opening a replay for playback,
//! the tick and the step. A desync opens a screen that says so
//! (`desync.rs`).
//! The game is built and every item played by the record layer's
//! [`Script`], the same as `darkstar replay --verify` and resuming a save
//! use, so what the terminal shows is the game that was checked.

use crate::record::replay::{Desync, DesyncKind, Played, Replay, ReplayError, Script, Unranked};
use crate::sim::Command;

use super::seek::{Seek, Visit};
use super::{App, Desynced, FLASH_TURNS};
use crate::content::level::Level;
use crate::record::replay::{HASH_EVERY, Recorder};
use crate::ui::mode::Mode;

/// A replay being played back.
#[derive(Clone, Debug)]
pub struct Playback {
    /// The items still to play: a command a tick, each state hash
    /// checked as soon as the game reaches its turn.
    pub(super) script: Script,
    /// The replay and its level, to play again from the start (a seek
    /// back).
    pub(super) replay: Replay,
    pub(super) level: Level,
    /// Commands played so far.
    pub(super) commands: usize,
    /// The depths of a run entered so far, in order (the first, where it
    /// began): where `<` goes back to.
    pub(super) visits: Vec<Visit>,
    /// A seek under way.
    pub(super) seek: Option<Seek>,
    /// Where playback parted from the recording; it stops there.
    desync: Option<Desync>,
    /// A played game's recording that holds what a player's game never
    /// records: why (shown as the status row's UNRANKED mark).
    unranked: Option<Unranked>,
}

impl Playback {
    /// Where playback parted from the recording, if it did.
    pub fn desync(&self) -> Option<&Desync> {
        self.desync.as_ref()
    }

    /// Why the played game being played back is not ranked, if it is not.
    pub fn unranked(&self) -> Option<&Unranked> {
        self.unranked.as_ref()
    }
}

/// The speed (an index into [`super::SPEEDS`]: 10 commands a second) a
/// played game plays back at (a watched game's, at [`super::WATCH_SPEED`]).
pub const PLAYED_REPLAY_SPEED: usize = 3;

impl App {
    /// Plays `replay` back with the settings it was recorded with, a
    /// command a tick, with the watch keys (pause, step, speed, overlays,
    /// inspector). Every state hash is checked when the game reaches its
    /// turn; at the first difference playback stops and says so.
    pub fn replay(replay: &Replay) -> Result<App, ReplayError> {
        let level = replay.level()?;
        let (game, script) = replay.begin_on(&level)?;
        // A watched game is nobody's to rank; a played one carries its mark.
        let unranked = game.floor().player().and(replay.unranked());
        // Shown, not recorded: the recorder only holds the replay's
        // header (what `n` on the end screen starts a game from).
        let recorder = Recorder::new(replay.level.clone(), replay.seed, replay.config, HASH_EVERY);
        let mut app = App::with_game(&level, game, Mode::Watch, recorder);
        let visits = vec![Visit {
            commands: 0,
            turn: app.game.floor().turn(),
            depth: app.game.depth(),
        }];
        app.playback = Some(Playback {
            script,
            replay: replay.clone(),
            level: level.clone(),
            commands: 0,
            visits,
            seek: None,
            desync: None,
            unranked,
        });
        app.say(format!(
            "Replay of {}: space to pause, . to step.",
            level.name
        ));
        if let Some(player) = app.game.floor().player().map(|p| p.id()) {
            app.say("A played game: @ shows it through the player's eyes.".to_string());
            // Followed, at a pace that shows a 1,000-turn game in under
            // two minutes (a command a tick, each at least a turn).
            app.camera.select(player);
            app.clock.open_at(PLAYED_REPLAY_SPEED);
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

    /// Where a replay played back parted from its recording, if it did.
    pub fn desync(&self) -> Option<&Desync> {
        self.playback.as_ref().and_then(Playback::desync)
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

    /// Called when the clock ticks: travel's next step playing, the
    /// speed's turns a tick watching unless paused; nothing while a screen
    /// that stills the game is open (the help, the quit question, the
    /// inspector...).
    pub fn tick(&mut self) {
        if self.too_small() || self.screens.iter().any(|s| s.stills_the_game()) {
            return;
        }
        if self.mode == Mode::Play {
            self.continue_activity();
        }
        // A tick plays as many turns as the speed gives it (several past
        // fifty a second; at max, as many as fit in a frame's time).
        if self.seeking() {
            return self.seek_tick();
        }
        let (speed, began) = (self.clock.speed(), self.clock.now());
        let mut played = 0;
        while self.runs()
            && (played == 0 || speed.plays_more(played, self.clock.now().saturating_sub(began)))
        {
            self.step();
            played += 1;
        }
    }

    /// True while the clock plays turns: watching, running, in sync, and
    /// something can still happen (a replay not at its end pauses).
    fn runs(&self) -> bool {
        self.mode == Mode::Watch
            && !self.clock.paused()
            && self.desync().is_none()
            && (self.playback.is_some() || !self.game.floor().is_settled())
            && !self.screens.iter().any(|s| s.stills_the_game())
    }

    /// Plays one turn (a replay: its next command) and notes what matters
    /// in the log and the flashes.
    pub fn step(&mut self) {
        if self.desync().is_some() {
            return;
        }
        let player_before = self.game.floor().player().map(|p| p.id());
        // The events are the chronicle's to tell (see `tell_latest`); the
        // alarm overlay keeps their cries.
        let events = match &mut self.playback {
            Some(_) => match self.play_to_command() {
                Some(events) => events,
                None => return,
            },
            None if self.game.floor().is_settled() => {
                self.say("Nothing more can happen.".to_string());
                return;
            }
            None => self.recorder.apply(&mut self.game, Command::Advance),
        };
        let turn = self.game.floor().turn();
        self.flashes.retain(|&(_, t)| t + FLASH_TURNS > turn);
        self.hear_cries(&events);
        self.tell_latest();
        self.after_command(player_before);
    }

    /// After a command played (a step, or a seek's): the player followed
    /// onto a run's next depth, the depth entered noted, the hashes of the
    /// turn reached checked.
    pub(super) fn after_command(&mut self, player_before: Option<crate::sim::MonsterId>) {
        // Each depth of a run numbers its units afresh: the player picked
        // (a played run's replay follows @) is picked again on the next.
        let player_now = self.game.floor().player().map(|p| p.id());
        if let (Some(before), Some(now)) = (player_before, player_now)
            && before != now
            && self.camera.picked() == Some(before)
        {
            self.camera.pick(now);
        }
        let (turn, depth) = (self.game.floor().turn(), self.game.depth());
        if let Some(playback) = &mut self.playback
            && let Some(last) = playback.visits.last()
            && playback.commands > last.commands
            && depth != last.depth
        {
            let commands = playback.commands;
            playback.visits.push(Visit {
                commands,
                turn,
                depth,
            });
        }
        self.check_hashes();
    }

    /// Replay playback: plays the script up to its next command (any
    /// hash or reveal mark before it included) and gives that command's
    /// events; `None` at the end of the replay or at a desync, said on
    /// screen.
    pub(super) fn play_to_command(&mut self) -> Option<Vec<crate::sim::Event>> {
        loop {
            let playback = self.playback.as_mut()?;
            match playback.script.play_next(&mut self.game) {
                None => {
                    let n = playback.script.hashes_checked();
                    self.clock.pause();
                    self.say(format!(
                        "End of the replay: in sync, {n} state {} checked.",
                        if n == 1 { "hash" } else { "hashes" }
                    ));
                    return None;
                }
                Some(Err(d)) => {
                    self.desynced(d);
                    return None;
                }
                Some(Ok(Played::Command(events))) => {
                    playback.commands += 1;
                    return Some(events);
                }
                Some(Ok(Played::Hash | Played::Mark)) => {}
                Some(Ok(Played::Reveal(t))) => {
                    self.revealed_at.get_or_insert(t);
                    self.say(format!("{t}: The player revealed the map here."));
                }
            }
        }
    }

    /// Replay playback: checks the state hashes next in the script (those
    /// of the turn just reached).
    pub(super) fn check_hashes(&mut self) {
        while let Some(playback) = &mut self.playback
            && playback.desync.is_none()
            && playback.script.hash_is_next()
        {
            if let Some(Err(d)) = playback.script.play_next(&mut self.game) {
                return self.desynced(d);
            }
        }
    }

    /// Playback parted from the recording: say so, and stop there.
    pub(super) fn desynced(&mut self, d: Desync) {
        self.say(App::desync_text(&d));
        if let Some(playback) = &mut self.playback {
            playback.desync = Some(d);
        }
        self.clock.pause();
        self.open(Box::new(Desynced));
    }
}
