//! Intents to actions: [`App::handle`] is the one entry for every key's
//! [`Intent`], in play and watch, on the map, in the help, history, look,
//! travel-pick and inspector screens and at the end of the game.

use crate::map::geom::Pos;
use crate::sim::PlayerAction;
use crate::sim::autopilot::{self, Activity, Stop};

use super::{App, HELP_PAGES, SPEEDS};
use crate::ui::keymap::Intent;
use crate::ui::mode::{Mode, Overlay};

impl App {
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
            Intent::NewGame if self.game_over() && self.script.is_none() => {
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

    /// The travel cursor is up: moves went to the cursor; Enter, `.` or
    /// `_` travel to it, Esc (or `x`) puts it away, other keys are ignored.
    pub(super) fn pick(&mut self, intent: Intent) {
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
}
