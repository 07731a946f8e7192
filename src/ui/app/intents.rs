//! Where a key goes: [`App::handle`] offers each key's [`Intent`] to the
//! open components, topmost first, each using its own keys with its own
//! state (see [`super::component`]); a key none of them uses is the
//! game's (a move, a wait, an activity, an overlay). Then the app carries
//! out what the components asked for.

use crate::sim::Action;
use crate::sim::autopilot::{self, Activity, Stop};

use super::component::{Ask, Component, Ctx, Handled};
use super::{App, Cursor, History, Inspector, Purpose, inspector};
use crate::ui::keymap::Intent;
use crate::ui::mode::{Mode, Overlay};

/// The components a key is offered to, in the order it is offered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Layer {
    Confirm,
    CloseWhich,
    Items,
    Help,
    History,
    Inspector,
    Cursor,
    Playback,
    Clock,
    Camera,
}

/// The popups over everything: each takes every key while it is open.
const POPUPS: [Layer; 5] = [
    Layer::Confirm,
    Layer::CloseWhich,
    Layer::Items,
    Layer::Help,
    Layer::History,
];
/// The components under the inspector, over the game's own keys.
const UNDER: [Layer; 4] = [Layer::Cursor, Layer::Playback, Layer::Clock, Layer::Camera];

impl App {
    /// Acts on one intent. Ctrl-C quits from anywhere; any key stops
    /// travel, exploring or rest (and does nothing else); otherwise the
    /// open components are offered it topmost first, and a key none uses
    /// is the game's.
    pub fn handle(&mut self, intent: Intent) {
        if intent == Intent::ForceQuit {
            self.quit = true;
            return;
        }
        if self.activity.take().is_some() {
            return self.say("You stop.".to_string());
        }
        if self.offer(intent, &POPUPS) == Handled::Used {
            return;
        }
        if intent == Intent::History {
            self.history = Some(History::default());
            return;
        }
        if self.offer(intent, &[Layer::Inspector]) == Handled::Used {
            return;
        }
        if self.hidden_from_player(intent) {
            return self.say(
                "That shows what the monsters know: V reveals it (and marks the game REVEALED)."
                    .to_string(),
            );
        }
        if self.offer(intent, &UNDER) == Handled::Used {
            return;
        }
        self.game_key(intent);
    }

    /// Offers `intent` to the open components of `layers` in turn until
    /// one uses it, then carries out what they asked for.
    fn offer(&mut self, intent: Intent, layers: &[Layer]) -> Handled {
        let ctx = Ctx {
            game: &self.game,
            mode: self.mode,
            faction: self.faction,
            log_len: self.log.len(),
            shown: self.camera(),
        };
        let mut asks = Vec::new();
        let mut handled = Handled::Ignored;
        for &layer in layers {
            let used = match layer {
                Layer::Confirm => offer_to(&mut self.confirm, intent, ctx, &mut asks),
                Layer::CloseWhich => offer_to(&mut self.close_which, intent, ctx, &mut asks),
                Layer::Items => offer_to(&mut self.items, intent, ctx, &mut asks),
                Layer::Help => offer_to(&mut self.help, intent, ctx, &mut asks),
                Layer::History => offer_to(&mut self.history, intent, ctx, &mut asks),
                Layer::Inspector => offer_to(&mut self.inspector, intent, ctx, &mut asks),
                Layer::Cursor => offer_to(&mut self.cursor, intent, ctx, &mut asks),
                Layer::Playback => offer_to(&mut self.playback, intent, ctx, &mut asks),
                Layer::Clock => self.clock.handle(intent, ctx, &mut asks),
                Layer::Camera => self.camera.handle(intent, ctx, &mut asks),
            };
            if used == Handled::Used {
                handled = used;
                break;
            }
        }
        for ask in asks {
            self.carry_out(ask);
        }
        handled
    }

    /// Does what a component asked for.
    fn carry_out(&mut self, ask: Ask) {
        match ask {
            // Closing is done by `offer_to`, which knows who asked.
            Ask::Close => {}
            Ask::Quit => self.quit = true,
            Ask::Say(line) => self.say(line),
            Ask::Travel(to) => self.begin(Activity::Travel(to)),
            Ask::Help => self.open_help(),
            Ask::Select(id) => self.camera.pick(id),
            Ask::CentreOn(p) => self.centre_on(p),
            Ask::Pause => self.clock.pause(),
            Ask::Step => self.step(),
            Ask::Act(action) => {
                self.player(action);
            }
            Ask::Aim(slot) => self.aim(slot),
        }
    }

    /// Playing without the AI overlays revealed, the keys that would show
    /// what only the monsters know.
    fn hidden_from_player(&self, intent: Intent) -> bool {
        self.mode == Mode::Play
            && !self.reveal
            && matches!(
                intent,
                Intent::Show(Overlay::Knowledge | Overlay::Danger | Overlay::Claims)
                    | Intent::NextFaction
                    | Intent::NextMonster(_)
                    | Intent::Inspect
            )
    }

    /// The keys no component used: the player's actions and activities,
    /// the overlays and the faction viewed, the screens they open, quit.
    fn game_key(&mut self, intent: Intent) {
        match intent {
            Intent::NewGame if self.game_over() && self.playback.is_none() => {
                self.new_game = true;
                self.quit = true;
            }
            Intent::Reveal => self.toggle_reveal(),
            Intent::Eyes => self.toggle_eyes(),
            Intent::Quit if self.game_over() => self.quit = true,
            Intent::Quit => self.confirm = Some(super::ConfirmQuit),
            Intent::Move(dir) => {
                self.player(Action::Walk(dir));
            }
            Intent::Wait => {
                self.player(Action::Wait(None));
            }
            Intent::Sneak => {
                self.player(Action::Sneak);
            }
            Intent::CloseDoor => self.close_door(),
            Intent::UseItem => self.choose_item(super::ItemUse::Use),
            Intent::ThrowItem => self.choose_item(super::ItemUse::Throw),
            Intent::DropItem => self.choose_item(super::ItemUse::Drop),
            Intent::Look => {
                if let Some(p) = self.game.player() {
                    self.cursor = Some(Cursor::new(p.pos(), Purpose::Look));
                }
            }
            Intent::TravelStairs if self.on_stairs(true) => {
                self.player(Action::Descend);
            }
            Intent::Upstairs if self.on_stairs(false) => {
                self.player(Action::Ascend);
            }
            Intent::Upstairs => match self.game.stairs().map(|s| s.up) {
                Some(up) => self.begin(Activity::Travel(up)),
                None => self.say("There are no stairs up here.".to_string()),
            },
            Intent::TravelStairs => match autopilot::known_stairs(&self.game) {
                Some(stairs) => self.begin(Activity::Travel(stairs)),
                None if self.mode == Mode::Play => self.stopped(Stop::StairsUnknown),
                None => {}
            },
            Intent::TravelTo if self.mode == Mode::Play && !self.game_over() => {
                if let Some(p) = self.game.player() {
                    self.cursor = Some(Cursor::new(p.pos(), Purpose::Travel));
                    self.say("Travel where? Enter or . to go, Esc to cancel.".to_string());
                }
            }
            Intent::Explore => self.begin(Activity::Explore),
            Intent::Rest => self.begin(Activity::Rest(autopilot::REST_TURNS)),
            Intent::Help => self.open_help(),
            Intent::Inspect => self.inspect_open(),
            Intent::NextFaction => {
                let cycle = self.viewable_factions();
                let at = cycle.iter().position(|&f| f == self.faction);
                self.faction = match at {
                    Some(k) => cycle[(k + 1) % cycle.len()],
                    None => cycle.first().copied().unwrap_or(0),
                };
                self.camera.unpick();
            }
            Intent::Show(o) => {
                self.overlay = if self.overlay == o {
                    App::default_overlay(self.mode)
                } else {
                    o
                };
            }
            // Their components' keys, with the component closed (or, for
            // Ctrl-C and the history, handled before any component).
            Intent::NewGame
            | Intent::TravelTo
            | Intent::ForceQuit
            | Intent::Confirm
            | Intent::History
            | Intent::InspectStep(_)
            | Intent::InspectEnd(_)
            | Intent::Zoom
            | Intent::InspectFigure
            | Intent::TogglePause
            | Intent::Step
            | Intent::Faster
            | Intent::Slower
            | Intent::Scroll(..)
            | Intent::Home
            | Intent::ToggleFollow
            | Intent::NextMonster(_)
            | Intent::Suspend
            | Intent::Other => {}
        }
    }

    /// Opens the inspector on the selected monster (`m`/`M`; else
    /// the viewed faction's first with somewhere to go).
    fn inspect_open(&mut self) {
        let first = self
            .selected()
            .filter(|&id| self.game.monsters()[id as usize].plan().goal().is_some())
            .or_else(|| Inspector::next_to_inspect(&self.game, self.faction, u32::MAX, 1));
        let Some(id) = first else {
            let ask = inspector::nothing_to_inspect(&self.game, self.faction);
            return self.carry_out(ask);
        };
        let zoom = self.inspector.as_ref().is_some_and(|i| i.zoom);
        self.inspector = Some(Inspector::open(&self.game, id, zoom));
        for ask in Inspector::opened(&self.game, id) {
            self.carry_out(ask);
        }
    }
}

/// Offers `intent` to the component in `slot`, if one is open; closes it
/// when it asks to be closed.
fn offer_to<C: Component>(
    slot: &mut Option<C>,
    intent: Intent,
    ctx: Ctx<'_>,
    asks: &mut Vec<Ask>,
) -> Handled {
    let Some(component) = slot else {
        return Handled::Ignored;
    };
    let start = asks.len();
    let handled = component.handle(intent, ctx, asks);
    if asks[start..].contains(&Ask::Close) {
        *slot = None;
    }
    handled
}
