//! The game at the bottom of the stack: the keys no screen used (the
//! clock's and the camera's, then the player's actions and activities,
//! the overlays, the faction viewed, the screens they open, quit), their
//! list for the help ([`commands`]), and what the game shows and where:
//! overlays and the faction whose eyes they use, the selected and
//! followed monster, the camera and look cursor clamped to the map view,
//! reveal and the player's-eyes view. Its drawing (map, status rows, log,
//! legend, the end of a game) is `ui/widgets`'.

use crate::map::geom::{Dir, Pos};
use crate::sim::MonsterId;

use super::camera::{centred_origin, clamp_origin};
use crate::sim::Action;
use crate::sim::autopilot::{self, Activity, Stop};

use super::screen::Handled;
use super::{App, ConfirmQuit, Cursor, History, Inspector, Purpose, Speed, inspector};
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
                Intent::Show(
                    Overlay::Knowledge | Overlay::Danger | Overlay::Claims | Overlay::Alarm
                ) | Intent::NextFaction
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
        if intent == Intent::TogglePause && self.seeking() {
            return self.stop_seek();
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
            Intent::Palette => self.toggle_palette(),
            Intent::Eyes => self.toggle_eyes(),
            Intent::GoToTurn => self.ask_turn(),
            Intent::SeekDepth(way) => self.seek_depth(way),
            Intent::Quit if self.game_over() => self.quit = true,
            Intent::Quit => self.open(Box::new(ConfirmQuit)),
            Intent::Move(dir) => self.walk(dir),
            Intent::Wait => {
                self.player(Action::Wait(None));
            }
            Intent::Sneak => {
                self.player(Action::Sneak);
            }
            Intent::CloseDoor => self.close_door(),
            Intent::Noise if self.mode == Mode::Play => self.toggle_noise(),
            Intent::UseItem => self.choose_item(super::ItemUse::Use),
            Intent::ThrowItem => self.choose_item(super::ItemUse::Throw),
            Intent::DropItem => self.choose_item(super::ItemUse::Drop),
            Intent::Look => {
                if let Some(p) = self.game.floor().player() {
                    self.open(Box::new(Cursor::new(p.pos(), Purpose::Look)));
                }
            }
            Intent::Exclude if self.mode == Mode::Play && self.playback.is_none() => {
                if let Some(p) = self.game.floor().player() {
                    self.open(Box::new(Cursor::new(p.pos(), Purpose::Look)));
                    self.say(
                        "Mark which cell for travel to keep out of? X on it (again: its room)."
                            .to_string(),
                    );
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
                if let Some(p) = self.game.floor().player() {
                    self.open(Box::new(Cursor::new(p.pos(), Purpose::Travel)));
                    self.say("Travel where? Enter or . to go, Esc to cancel.".to_string());
                }
            }
            Intent::Explore => self.begin(Activity::Explore { items: true }),
            Intent::ExploreOnly => self.begin(Activity::Explore { items: false }),
            Intent::FetchItem if self.mode == Mode::Play => {
                match autopilot::nearest_known_item(&self.game) {
                    Some(item) => self.begin(Activity::Travel(item)),
                    None => self.say("You know of no item you can reach.".to_string()),
                }
            }
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
            | Intent::Exclude
            | Intent::Noise
            | Intent::FetchItem
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
            | Intent::Letter(_)
            | Intent::Key(_)
            | Intent::Click(..)
            | Intent::Pick(_)
            | Intent::Other => {}
        }
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
        let n = self.game.floor().factions().len();
        if self.mode == Mode::Play {
            return (0..n).collect();
        }
        let mine: Vec<usize> = (0..n)
            .filter(|&f| {
                self.game
                    .floor()
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

    /// Watch: the selected monster: the one picked with `m`/`M` while it
    /// is on the map and of the viewed faction (or the player, whom a
    /// played game's replay follows), else that faction's first on the
    /// map.
    pub fn selected(&self) -> Option<MonsterId> {
        self.camera.selected(&self.game, self.faction)
    }

    /// True while the camera follows the selected (or inspected) monster.
    pub fn following(&self) -> bool {
        self.camera.following()
    }

    /// The monster the camera centres on, if following: the inspected
    /// one while the inspector is open, else the selected one.
    pub(super) fn followed(&self) -> Option<Pos> {
        if !self.camera.following() {
            return None;
        }
        let id = self
            .screen::<Inspector>()
            .map(|i| i.monster)
            .or(self.selected())?;
        self.game
            .floor()
            .monsters()
            .get(id as usize)
            .map(|m| m.pos())
    }

    /// The viewed faction's name.
    pub(in crate::ui) fn faction_name(&self) -> String {
        self.game
            .floor()
            .factions()
            .get(self.faction)
            .map_or("-".to_string(), |f| f.spec().name.clone())
    }

    /// Centres the camera on `p` (in the view as laid out).
    pub(in crate::ui) fn centre_on(&mut self, p: Pos) {
        let size = self.camera.view_size();
        self.camera.set_origin(centred_origin(&self.game, p, size));
    }

    /// The cursor's cell, while looking or picking where to travel (the
    /// map marks it; playing, the view centres on it).
    pub fn cursor(&self) -> Option<Pos> {
        self.screen::<Cursor>().map(Cursor::at)
    }

    /// Aiming a throw: the line of fire to the cursor, as the cursor's
    /// `line_of_fire` has it (the cells the dart
    /// crosses, and where it stops short of the cursor, if it does).
    pub fn line_of_fire(&self) -> Option<(Vec<Pos>, Option<Pos>)> {
        let cursor = self.screen::<Cursor>()?;
        matches!(cursor.purpose(), Purpose::Throw(_))
            .then(|| super::cursor::line_of_fire(&self.game, cursor.at()))
    }

    /// The top-left world cell of a `width` x `height` map view, always
    /// on the map (never showing blank space past its edges; 0 when the
    /// map is smaller): centred on the followed monster when watching and
    /// following, else the camera; centred on the player when playing or
    /// watching through the player's eyes.
    pub fn view_origin(&self, width: u16, height: u16) -> Pos {
        let size = (width, height);
        let Some(player) = self.game.floor().player().filter(|_| self.through_eyes()) else {
            return match self.followed() {
                Some(p) => centred_origin(&self.game, p, size),
                None => clamp_origin(&self.game, self.camera.origin(), size),
            };
        };
        let centre = self.cursor().unwrap_or(player.pos());
        centred_origin(&self.game, centre, size)
    }

    /// Play: the AI overlays on or off. The first time marks the game, in
    /// its recording too, for good.
    pub(super) fn toggle_reveal(&mut self) {
        if self.mode != Mode::Play {
            return;
        }
        self.reveal = !self.reveal;
        if !self.reveal {
            self.close::<Inspector>();
            if self.overlay != Overlay::Cost {
                self.overlay = Overlay::None;
            }
            return self.say("Reveal off: your own view (the game stays REVEALED).".to_string());
        }
        if self.revealed_at.is_none() {
            let turn = self.game.floor().turn();
            self.revealed_at = Some(turn);
            self.recorder.reveal(turn);
        }
        self.say(
            "REVEALED: v d p A c f i show what the monsters know; the game is marked so."
                .to_string(),
        );
    }

    /// Play: the reach of the player's noise drawn, or not (`N`), and
    /// said: how far a step and a fight carry, to whose ears.
    pub(super) fn toggle_noise(&mut self) {
        self.noise_shown = !self.noise_shown;
        if !self.noise_shown {
            return self.say("Noise hidden.".to_string());
        }
        let Some(carry) = self.noise_carry() else {
            self.noise_shown = false;
            return self.say("Nothing on this level hears.".to_string());
        };
        let steps = match self.game.floor().play_state().is_some_and(|p| p.sneaking) {
            true => "sneaking, your steps are silent".to_string(),
            false => format!(
                "your steps carry to the shaded ground ({} cells)",
                carry.step.len()
            ),
        };
        self.say(format!(
            "To {}'s ears, the keenest here: {steps}; a fight, to the underlined ({} cells). N hides it.",
            carry.ear,
            carry.fight.len()
        ));
    }

    /// Watching a played game: through the player's eyes, or the true map.
    pub(super) fn toggle_eyes(&mut self) {
        if self.mode != Mode::Watch || self.game.floor().player().is_none() {
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
        if self.game.floor().player().is_some() && self.mode == Mode::Watch {
            self.eyes = true;
        }
        self
    }

    /// True when the player sees cell `p` now: the simulation's view of
    /// it (see [`crate::sim::Floor::player_view`]), as the map lights it.
    pub fn player_sees(&self, p: Pos) -> bool {
        self.game.floor().player_sees(p)
    }

    /// Opens the inspector on the selected monster (`m`/`M`; else
    /// the viewed faction's first with somewhere to go).
    fn inspect_open(&mut self) {
        let first = self
            .selected()
            .filter(|&id| {
                self.game.floor().monsters()[id as usize]
                    .plan()
                    .goal()
                    .is_some()
            })
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

/// What the player is to do, as the help says it: in a run, the
/// Darkstar from depth 10 out by depth 1's up-stairs; on a level, its
/// treasure to its stairs.
pub fn goal(run: bool) -> &'static str {
    if run {
        "the Darkstar $ (depth 10) up and out by depth 1's <"
    } else {
        "take the treasure $ to the stairs >"
    }
}

/// The game's keys in `mode` and what they do: the last page of keys of
/// the help (the clock's and the camera's are the game's too, as they
/// act on no screen); `run`: the game is a run of the dungeon, whose goal
/// is the Darkstar carried out of depth 1, not a level's treasure;
/// `opens`: the speed the clock opened at (watching), which the help says.
pub fn commands(mode: Mode, run: bool, opens: Speed) -> Vec<Command> {
    use Intent as I;
    let c = |intents: &[Intent], what: &str| Command::new(intents, what);
    match mode {
        Mode::Play => vec![
            c(&MOVES, "move (or arrows, numpad); into a monster: attack"),
            c(&[I::Wait], "wait a turn"),
            c(
                &[I::Look, I::Exclude, I::Click(0, 0)],
                "look (a click: there; again: travel); X: mark it",
            ),
            c(
                &[I::TravelStairs, I::Upstairs],
                "on stairs down (up): take them; else travel there",
            ),
            c(&[I::TravelTo], "travel: move a cursor (? there: its keys)"),
            c(
                &[I::Explore, I::ExploreOnly, I::FetchItem],
                "explore, taking items (O: leaving them) / go to an item",
            ),
            c(
                &[I::Rest],
                "rest until healed; any key stops travel and rest",
            ),
            c(
                &[I::CloseDoor],
                "close a door next to you (walk into one to open it)",
            ),
            c(
                &[I::Sneak, I::Noise],
                "sneak: slower, unheard, Stealth halves; N: your noise",
            ),
            c(
                &[I::UseItem, I::ThrowItem, I::DropItem],
                "use, throw (then aim), drop an item of your pack",
            ),
            c(
                &[I::Show(Overlay::Cost), I::Palette],
                "cost of the cells you know; colour-blind threat colours",
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
                    I::Show(Overlay::Alarm),
                    I::Show(Overlay::None),
                ],
                "after V: knowledge+plans / danger / claims / alarm / none",
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
            Command::note("goal", goal(run)),
        ],
        Mode::Watch => vec![
            c(
                &[I::TogglePause, I::Step],
                "pause / resume; play one turn, then pause",
            ),
            c(
                &[I::Faster, I::Slower],
                &format!("faster / slower (opens at {})", opens.words()),
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
                &[I::Show(Overlay::Alarm)],
                "alarm: who believes @ is where, and how; cries' reach",
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
                &[I::Eyes, I::Palette],
                "a played game: through the player's eyes; threat colours",
            ),
            c(
                &[I::GoToTurn, I::SeekDepth(1), I::SeekDepth(-1)],
                "a replay: go to a turn; a run's next / previous depth",
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
