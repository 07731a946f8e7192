//! The game at the bottom of the stack: the keys no screen used (the
//! clock's and the camera's, then the player's actions and activities,
//! the overlays, the faction viewed, the screens they open, quit), and
//! their list for the help ([`commands`]). Its drawing (map, status rows,
//! log, legend, the end of a game) is `ui/widgets`'.

use crate::map::geom::Dir;
use crate::sim::Action;
use crate::sim::autopilot::{self, Activity, Stop};

use super::screen::Handled;
use super::{App, ConfirmQuit, Cursor, History, Inspector, Purpose, inspector};
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::{Mode, Overlay};

impl App {
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

    /// The keys no screen used: the clock's and the camera's, then the
    /// player's actions and activities, the overlays and the faction
    /// viewed, the screens they open, quit.
    pub(super) fn game_key(&mut self, intent: Intent) {
        if self.hidden_from_player(intent) {
            return self.say(
                "That shows what the monsters know: V reveals it (and marks the game REVEALED)."
                    .to_string(),
            );
        }
        if self.clock_and_camera(intent) == Handled::Used {
            return;
        }
        match intent {
            Intent::NewGame if self.game_over() && self.playback.is_none() => {
                self.new_game = true;
                self.quit = true;
            }
            Intent::Reveal => self.toggle_reveal(),
            Intent::Eyes => self.toggle_eyes(),
            Intent::Quit if self.game_over() => self.quit = true,
            Intent::Quit => self.open(Box::new(ConfirmQuit)),
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
                    self.open(Box::new(Cursor::new(p.pos(), Purpose::Look)));
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
                    self.open(Box::new(Cursor::new(p.pos(), Purpose::Travel)));
                    self.say("Travel where? Enter or . to go, Esc to cancel.".to_string());
                }
            }
            Intent::Explore => self.begin(Activity::Explore),
            Intent::Rest => self.begin(Activity::Rest(autopilot::REST_TURNS)),
            Intent::Help => self.open_help(),
            Intent::History => self.open(Box::new(History::default())),
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
            // Their screens' keys, with the screen closed (or, for Ctrl-C,
            // handled before any screen; the clock's and the camera's,
            // taken above).
            Intent::NewGame
            | Intent::TravelTo
            | Intent::ForceQuit
            | Intent::Confirm
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
            return self.carry_out_all(vec![ask]);
        };
        let zoom = self.screen::<Inspector>().is_some_and(|i| i.zoom);
        self.open(Box::new(Inspector::open(&self.game, id, zoom)));
        self.carry_out_all(Inspector::opened(&self.game, id).into());
    }
}

/// The eight moves in the order the help names their keys: `h j k l y u
/// b n`.
pub(super) const MOVES: [Intent; 8] = [
    Intent::Move(Dir::W),
    Intent::Move(Dir::S),
    Intent::Move(Dir::N),
    Intent::Move(Dir::E),
    Intent::Move(Dir::NW),
    Intent::Move(Dir::NE),
    Intent::Move(Dir::SW),
    Intent::Move(Dir::SE),
];

/// The game's keys in `mode` and what they do: the last page of keys of
/// the help (the clock's and the camera's are the game's too, as they
/// act on no screen).
pub fn commands(mode: Mode) -> Vec<Command> {
    use Intent as I;
    let c = Command::new;
    match mode {
        Mode::Play => vec![
            c(&MOVES, "move (or arrows, numpad); into a monster: attack"),
            c(&[I::Wait], "wait a turn"),
            c(&[I::Look], "look: move a cursor (? there: its keys)"),
            c(
                &[I::TravelStairs, I::Upstairs],
                "on stairs down (up): take them; else travel there",
            ),
            c(&[I::TravelTo], "travel: move a cursor (? there: its keys)"),
            c(&[I::Explore], "explore (to the nearest unknown ground)"),
            c(
                &[I::Rest],
                "rest until healed; any key stops travel and rest",
            ),
            c(
                &[I::CloseDoor],
                "close a door next to you (walk into one to open it)",
            ),
            c(
                &[I::Sneak],
                "sneak: half speed, and nobody hears your steps",
            ),
            c(
                &[I::UseItem, I::ThrowItem, I::DropItem],
                "use, throw (then aim), drop an item of your pack",
            ),
            c(
                &[I::Show(Overlay::Cost)],
                "terrain cost of the cells you know",
            ),
            c(&[I::History], "message history (j k scroll)"),
            c(
                &[I::Reveal],
                "reveal the AI overlays: marks the game REVEALED",
            ),
            c(
                &[I::NextFaction, I::NextMonster(1), I::NextMonster(-1)],
                "after V: next faction; its next / previous monster",
            ),
            c(
                &[
                    I::Show(Overlay::Knowledge),
                    I::Show(Overlay::Danger),
                    I::Show(Overlay::Claims),
                    I::Show(Overlay::None),
                ],
                "after V: its knowledge+plans / danger / claims / none",
            ),
            c(
                &[I::Inspect],
                "after V: search inspector (? there: its keys)",
            ),
            c(&[I::Help], "this help (any key: next page; q closes)"),
            c(&[I::Quit], "quit (asks: q or Enter)"),
            c(
                &[I::ForceQuit, I::Suspend],
                "quit at once; suspend (fg resumes)",
            ),
            Command::note("goal", "take the treasure $ back to the stairs >"),
        ],
        Mode::Watch => vec![
            c(
                &[I::TogglePause, I::Step],
                "pause / resume; play one turn, then pause",
            ),
            c(
                &[I::Faster, I::Slower],
                "faster / slower (opens at 2 turns a second)",
            ),
            c(&[I::NextFaction], "next faction to view"),
            c(
                &[I::NextMonster(1), I::NextMonster(-1), I::ToggleFollow],
                "follow its next / previous monster; F: or free",
            ),
            c(
                &[I::Show(Overlay::None)],
                "the true map alone (again: the combined view)",
            ),
            c(
                &[
                    I::Show(Overlay::Knowledge),
                    I::Show(Overlay::Danger),
                    I::Show(Overlay::Claims),
                ],
                "its knowledge+plans / danger / claimed cells",
            ),
            c(
                &[I::Show(Overlay::Cost)],
                "terrain cost: floor steps, green cheaper, yellow dearer",
            ),
            c(
                &[I::Inspect],
                "search inspector on the faction's monster (? there: keys)",
            ),
            c(
                &[
                    I::Scroll(-8, 0),
                    I::Scroll(0, 8),
                    I::Scroll(0, -8),
                    I::Scroll(8, 0),
                ],
                "move the view (or arrows; stops following)",
            ),
            c(&[I::Home], "the view to the top-left"),
            c(
                &[I::Eyes],
                "a played game's replay: through the player's eyes",
            ),
            c(&[I::History], "message history (j k scroll)"),
            c(&[I::Help], "this help (any key: next page; q closes)"),
            c(&[I::Quit], "quit (asks: q or Enter)"),
            c(
                &[I::ForceQuit, I::Suspend],
                "quit at once; suspend (fg in the shell resumes)",
            ),
            Command::note("", "default: true map, unknown grey, plans * on top"),
        ],
    }
}
