//! Playing as `@`: the player's actions given to the game, and the
//! autopilot activities (travel, explore, rest) run a step a tick until
//! something stops them.

use crate::content::items::Effect;
use crate::map::geom::Dir;
use crate::map::terrain::Terrain;
use crate::sim::autopilot::{self, Activity, Care, Exclusion, Sight, Stop};
use crate::sim::item::ItemKind;
use crate::sim::recall::Seen;
use crate::sim::{Action, Command, Event, Learnt, MonsterId};
use crate::ui::log::capitalised;

use super::{App, FLASH_TURNS};
use crate::ui::mode::Mode;

impl App {
    /// Sets `activity` going (play mode) with its first step at once, or
    /// says why it cannot start. It keeps out of all the player
    /// remembers (the senses of the monsters it saw, the doors it shut);
    /// stopped short of one of those, the same key again on the same turn
    /// sets it going past them.
    pub(super) fn begin(&mut self, activity: Activity) {
        if self.mode != Mode::Play || self.game_over() {
            return;
        }
        let asked = (activity, self.game.floor().turn());
        self.care = match self.excluded_asked.take() == Some(asked) {
            true => Care::NONE,
            false => Care::FULL,
        };
        match autopilot::can_start(&self.game, activity) {
            Ok(()) => {
                self.activity = Some(activity);
                self.continue_activity();
            }
            Err(stop) => self.stopped(stop),
        }
    }

    /// One step of the activity under way, unless it is over.
    pub(super) fn continue_activity(&mut self) {
        let Some(mut activity) = self.activity.take() else {
            return;
        };
        let depth = self.game.depth();
        let left: Vec<_> = self
            .dropped
            .iter()
            .filter(|&&(d, _)| d == depth)
            .map(|&(_, p)| p)
            .collect();
        let action =
            match autopilot::next_action_with(&self.game, &mut activity, self.care, &[], &left) {
                Ok(action) => action,
                Err(stop) => {
                    if let Stop::Excluded(_) = stop {
                        self.excluded_asked = Some((activity, self.game.floor().turn()));
                    }
                    return self.stopped(stop);
                }
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
    pub(super) fn stopped(&mut self, stop: Stop) {
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
            Stop::Excluded(why) => self.excluded(why),
            Stop::StairsUnknown => "You have not seen the stairs yet.".to_string(),
        };
        self.say(line);
    }

    /// What stops an activity short of what it keeps out of, and how to
    /// go anyway.
    fn excluded(&self, why: Exclusion) -> String {
        let m = match why {
            Exclusion::Door(_) => {
                return "The only way is through a door you shut: again to open it.".to_string();
            }
            Exclusion::Marked(p) => {
                return format!(
                    "The only way passes the place you marked at {p}: again to go (X there unmarks)."
                );
            }
            Exclusion::Monster(m) => m,
        };
        let Some(s) = self.game.floor().recall().of(m) else {
            return format!("The only way passes {}: again to go.", self.one_of(m));
        };
        let monster = &self.game.floor().monsters()[m as usize];
        let name = format!(
            "the {}",
            self.game.floor().factions()[monster.faction()]
                .spec()
                .one_of(monster.kind())
        );
        let state = match s.seen {
            Seen::Asleep => "asleep",
            Seen::Fleeing => "fleeing",
            Seen::Awake | Seen::Harmless => "awake",
        };
        let ago = self.game.floor().turn().saturating_sub(s.turn);
        let when = match (s.in_view, ago) {
            (true, _) => "in view".to_string(),
            (false, 1) => "seen 1 turn ago".to_string(),
            (false, n) => format!("seen {n} turns ago"),
        };
        format!("The only way passes within reach of {name} ({state}, {when}): again to go.")
    }

    /// Turns the player's mark on cell `at` to its next setting: none,
    /// the cell, the room round it (what it sees within
    /// [`ROOM_REACH`]), none again; recorded, so a resumed game keeps it.
    pub(super) fn cycle_mark(&mut self, at: crate::map::geom::Pos) {
        use crate::sim::recall::ROOM_REACH;
        if self.mode != Mode::Play || self.playback.is_some() || self.game_over() {
            return;
        }
        if self.game.floor().world().get(at).is_none() {
            return self.say("That is off the map.".to_string());
        }
        let next = match self.game.floor().recall().mark_at(at).map(|m| m.reach) {
            None => Some(0),
            Some(0) => Some(ROOM_REACH),
            Some(_) => None,
        };
        self.recorder.mark(&mut self.game, at, next);
        self.say(match next {
            Some(0) => format!("Travel and explore keep out of {at} (X again: the room round it)."),
            Some(_) => {
                format!("Travel and explore keep out of the room round {at} (X again: no more).")
            }
            None => format!("Travel and explore may pass {at} again."),
        });
    }

    /// What a lure or a shut door did, where the player can know it: the
    /// monsters in view that heard a noise-maker thrown and now go to it;
    /// the hunters a door the player shut hid it from, which know only
    /// where they last saw it.
    fn tell_tricks(&mut self, seen_before: &[MonsterId], events: &[Event]) {
        let floor = self.game.floor();
        let turn = floor.turn();
        // Those in view now, as `player` has just counted them.
        let now = &self.in_view;
        let player = floor.player().map(|p| p.id());
        let mut lines = Vec::new();
        for e in events {
            match *e {
                Event::Threw { item, at } if matches!(item.effect(), Effect::Noise { .. }) => {
                    let turned: Vec<MonsterId> = now
                        .iter()
                        .copied()
                        .filter(|&m| {
                            floor
                                .mind(m)
                                .knows()
                                .is_some_and(|b| b.how == Learnt::Heard && b.at == at)
                        })
                        .collect();
                    if let Some(who) = self.named_together(&turned) {
                        let verb = if turned.len() == 1 { "turns" } else { "turn" };
                        lines.push(format!("{} {verb} toward the noise.", capitalised(&who)));
                    }
                }
                Event::Door {
                    by, open: false, ..
                } if Some(by) == player => {
                    let shut_out: Vec<MonsterId> = seen_before
                        .iter()
                        .copied()
                        .filter(|m| !now.contains(m))
                        .filter(|&m| floor.awareness(m) == crate::sim::Awareness::Hunting)
                        .collect();
                    if let Some(who) = self.named_together(&shut_out) {
                        let (verb, it) = match shut_out.len() {
                            1 => ("knows", "it"),
                            _ => ("know", "they"),
                        };
                        lines.push(format!(
                            "The door hides you from {}: {it} {verb} only where {it} last saw you.",
                            who,
                        ));
                    }
                }
                _ => {}
            }
        }
        for line in lines {
            self.say(format!("{turn}: {line}"));
        }
    }

    /// Monsters named together as the player knows them: "the orc", "the
    /// orcs", "the orc and the jackals" (a faction's name for more than
    /// one of it); `None` for none.
    fn named_together(&self, ms: &[MonsterId]) -> Option<String> {
        let floor = self.game.floor();
        let mut by_faction: Vec<(usize, Vec<MonsterId>)> = Vec::new();
        for &m in ms {
            let f = floor.monsters()[m as usize].faction();
            match by_faction.iter_mut().find(|(g, _)| *g == f) {
                Some((_, v)) => v.push(m),
                None => by_faction.push((f, vec![m])),
            }
        }
        let names: Vec<String> = by_faction
            .iter()
            .map(|(f, v)| {
                let spec = floor.factions()[*f].spec();
                match v.as_slice() {
                    [m] => format!("the {}", spec.one_of(floor.monsters()[*m as usize].kind())),
                    _ => format!("the {}", spec.name),
                }
            })
            .collect();
        match names.as_slice() {
            [] => None,
            [one] => Some(one.clone()),
            [rest @ .., last] => Some(format!("{} and {last}", rest.join(", "))),
        }
    }

    /// A walk `dir`, asked about first when it is slow with danger near:
    /// onto ground the player knows takes more than two turns (a swamp,
    /// sneaking or not) while a hostile monster awake is in view, the
    /// first key says how long and what is watching, and only the same
    /// key again, on the same turn, takes the step (two orcs took 38 hit
    /// points in two key presses of sneaking through swamp). The step is
    /// waded, and stops short at the first hurt (`Floor::wade`).
    pub(super) fn walk(&mut self, dir: Dir) {
        if let Some(line) = self.slow_step(dir) {
            let asked = (dir, self.game.floor().turn());
            if self.slow_step_asked != Some(asked) {
                self.slow_step_asked = Some(asked);
                return self.say(line);
            }
        }
        self.slow_step_asked = None;
        self.player(Action::Walk(dir));
    }

    /// What to say before a walk `dir` that is slow with danger near (see
    /// [`App::walk`]), or `None` to take it at once.
    fn slow_step(&self, dir: Dir) -> Option<String> {
        let (player, play) = (self.game.floor().player()?, self.game.floor().play_state()?);
        let to = player.pos().step(dir);
        // Into a monster it sees: a blow, not a step. (One it does not
        // see is no reason to keep quiet: the question must not tell.)
        let seen_there = self.player_sees(to) && self.game.floor().world().occupant(to).is_some();
        if self.mode != Mode::Play || seen_there {
            return None;
        }
        let known = self.game.floor().factions()[player.faction()].knowledge();
        let ground = known.belief(to).filter(|_| known.is_known(to))?;
        let energy =
            crate::sim::player_step_energy(ground.enter_cost()?, dir.is_diagonal(), play.sneaking);
        if energy <= 2 * crate::sim::NORMAL_SPEED as i64 {
            return None;
        }
        let watcher = autopilot::monsters_in_view(&self.game)
            .into_iter()
            .find(|&m| {
                let monster = &self.game.floor().monsters()[m as usize];
                self.game.floor().kind_of(monster).behaviours.fights()
                    && self.game.floor().awareness(m) != crate::sim::Awareness::Asleep
            })?;
        let turns = super::look::turns(energy);
        let how = if play.sneaking {
            "Sneaking through"
        } else {
            "A step into"
        };
        Some(format!(
            "{how} the {} takes {turns} turns with {} awake in view: again to go (hurt, you stop short).",
            ground.name(),
            self.one_of(watcher)
        ))
    }

    /// The player acts (play mode); returns what happened. A monster that
    /// comes into view is announced, once while it stays there, and voids
    /// keys typed ahead.
    pub(super) fn player(&mut self, action: Action) -> Vec<Event> {
        if self.mode != Mode::Play || self.game_over() {
            return Vec::new();
        }
        let before = self.game.floor().turn();
        let seen_before = autopilot::monsters_in_view(&self.game);
        if let Action::Throw(slot, _) = action {
            self.quiver = self
                .game
                .floor()
                .pack()
                .get(slot as usize)
                .copied()
                .or(self.quiver);
        }
        let events = self.recorder.apply(&mut self.game, Command::Player(action));
        if events.iter().any(|e| matches!(e, Event::Dropped { .. }))
            && let Some(p) = self.game.floor().player()
        {
            self.dropped.push((self.game.depth(), p.pos()));
        }
        let turn = self.game.floor().turn();
        if turn != before {
            self.flashes.retain(|&(_, t)| t + FLASH_TURNS > turn);
        }
        if events.iter().any(|e| matches!(e, Event::Depth { .. })) {
            // Another depth: its cells are not these.
            self.flashes.clear();
        }
        self.hear_cries(&events);
        // A monster came into view before it did anything the player saw
        // it do ("A goblin comes into view." before it hits you).
        let now = autopilot::monsters_in_view(&self.game);
        for m in autopilot::newly_in_view(&self.in_view, &now) {
            let mut line = self.one_of(m);
            line[..1].make_ascii_uppercase();
            self.say(format!("{turn}: {line} comes into view."));
            self.interrupted = true;
        }
        self.in_view = now;
        self.tell_latest();
        self.tell_tricks(&seen_before, &events);
        events
    }

    /// True when the player of a run stands on the stairs down (`down`)
    /// or up.
    pub(super) fn on_stairs(&self, down: bool) -> bool {
        let (Some(s), Some(p)) = (self.game.stairs(), self.game.floor().player()) else {
            return false;
        };
        if down {
            s.down == Some(p.pos())
        } else {
            s.up == p.pos()
        }
    }

    /// Applies `command` to the game through the recorder, as the keys'
    /// commands are (so a save and a replay have it): for tests and tools
    /// that give commands no key gives, such as an item put down.
    pub fn apply(&mut self, command: Command) -> Vec<Event> {
        let events = self.recorder.apply(&mut self.game, command);
        self.hear_cries(&events);
        events
    }

    /// `U`, `t`, `D`: the pack listed to pick from (or why not).
    pub(super) fn choose_item(&mut self, purpose: super::ItemUse) {
        if self.game.floor().pack().is_empty() {
            return self.say("Your pack is empty.".to_string());
        }
        if !self.game.floor().pack().iter().any(|&k| purpose.offers(k)) {
            return self.say(match purpose {
                super::ItemUse::Use => {
                    "You have nothing to use: none of your items does anything used.".to_string()
                }
                _ => "You have nothing to throw: none of your items does anything thrown."
                    .to_string(),
            });
        }
        // Throwing: the kind last thrown (the quiver), else the first
        // missile.
        let start = match purpose {
            super::ItemUse::Throw => self
                .quiver
                .filter(|k| self.game.floor().pack().contains(k))
                .or_else(|| {
                    let missile = |k: &&ItemKind| {
                        matches!(k.effect(), crate::content::items::Effect::Missile { .. })
                    };
                    self.game.floor().pack().iter().find(missile).copied()
                }),
            _ => None,
        };
        let chooser = super::ItemChooser::new(purpose, self.game.floor().pack(), start);
        self.open(Box::new(chooser));
    }

    /// `C`: closes the one open door next to the player, or asks which
    /// when there are several (the player's knowledge says where open
    /// doors are; the game refuses one somebody stands in).
    pub(super) fn close_door(&mut self) {
        let Some(player) = self.game.floor().player() else {
            return;
        };
        let knowledge = self.game.floor().factions()[player.faction()].knowledge();
        let at = player.pos();
        let doors: Vec<Dir> = Dir::ALL
            .into_iter()
            .filter(|&d| knowledge.belief(at.step(d)) == Some(Terrain::OpenDoor))
            .collect();
        match doors[..] {
            // The door is the one underfoot: the game refuses a door
            // somebody stands in, so say how to shut it.
            [] if knowledge.belief(at) == Some(Terrain::OpenDoor) => {
                self.say("You stand in the doorway: step out of it to shut the door.".to_string())
            }
            [] => self.say("There is no open door next to you.".to_string()),
            [d] => {
                self.player(Action::Close(d));
            }
            _ => {
                self.open(Box::new(super::CloseWhich));
                self.say("Close which door? (a direction; any other key: never mind)".to_string());
            }
        }
    }
}
