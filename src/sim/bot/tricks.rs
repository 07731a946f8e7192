//! What a bot's tricks did: each is *tried* when the bot plays it and
//! *counted* only when it works (the rule): a sneak past monsters
//! that have not noticed the player counts when, within [`TRICK_TURNS`]
//! turns, none of them wakes or strikes at the player, nor hunts it where
//! it is at their end (or the player has left the depth first); a
//! stealth blow counts when its target
//! dies before it strikes back; a door shut on hunters that cannot open
//! doors counts when none of them strikes at the player within
//! [`TRICK_TURNS`] turns (or the player has left the depth first); a
//! break from hunters (away out of their sight and hearing, or by the
//! stairs) counts when, [`TRICK_TURNS`] turns on, none of them hunts the
//! player where it is (their faction has lost it: it hunts another place,
//! searches or gave up), or the player has left the depth; a noise-maker
//! thrown to lure hunters off counts the same way, and so does a scroll
//! of darkness read where hunters see the player; the eyes of blind kin
//! (a raven, for the trolls) gone for first count when the eye dies and,
//! [`TRICK_TURNS`] turns on, none of its kin has struck the player or
//! hunts it where it is (they hunt by ear again, or never woke); a
//! scroll of collapse read to wall the way hunters come by counts as a
//! shut door does: none of them strikes within [`TRICK_TURNS`] turns.
//! The same trick played again on the same monsters on a depth is the
//! one trick. Tallied per trick and per depth, so a table can say where
//! each one pays.

use std::collections::BTreeMap;

use super::super::autopilot::monsters_in_view;
use super::super::{Action, Awareness, Event, Game, MonsterId};
use crate::clock::Turn;

/// True when monster `m` (still on the depth) hunts the player where it
/// is: where it believes the player is, is the player's cell (the
/// referee's truth: the counter reads it, no bot does). One hunting a
/// noise's place, or searching, has lost it.
fn hunts_player(game: &Game, m: MonsterId) -> bool {
    let monster = &game.floor().monsters()[m as usize];
    let player = game
        .floor()
        .player()
        .filter(|p| p.is_here())
        .map(|p| p.pos());
    monster.is_here()
        && game.floor().awareness(m) == Awareness::Hunting
        && game.floor().mind(m).player_seen() == player
}

/// The monsters on the depth of dead monster `eye`'s faction: those it
/// saw for.
fn kin(game: &Game, eye: MonsterId) -> Vec<MonsterId> {
    let faction = game.floor().monsters()[eye as usize].faction();
    game.floor()
        .monsters()
        .iter()
        .filter(|m| m.is_here() && m.id() != eye && m.faction() == faction)
        .map(|m| m.id())
        .collect()
}

/// Turns a trick has to work in.
pub const TRICK_TURNS: Turn = 20;

/// A trick the cunning bot plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Trick {
    /// Sneaking (silent steps) near monsters that have not noticed it.
    Sneak,
    /// A blow on a monster that has not noticed it: sure, and five times
    /// as hard.
    StealthBlow,
    /// A door shut on hunters that cannot open doors.
    ShutDoor,
    /// Away from hunters it is outmatched by, until they lose track of it.
    BreakAway,
    /// A noise-maker thrown to send hunters elsewhere.
    Lure,
    /// A scroll of darkness read where hunters see it, to slip away
    /// unseen.
    Darkness,
    /// The eyes of blind kin (a raven for the trolls) killed first.
    Eyes,
    /// A scroll of collapse read to wall the way hunters come by.
    Collapse,
}

impl Trick {
    pub const ALL: [Trick; 8] = [
        Trick::Sneak,
        Trick::StealthBlow,
        Trick::ShutDoor,
        Trick::BreakAway,
        Trick::Lure,
        Trick::Darkness,
        Trick::Eyes,
        Trick::Collapse,
    ];

    /// True for the tricks that send hunters off the player (away, a
    /// lure, a darkness): judged by where the hunters are at the end, not
    /// by a blow on the way.
    fn loses_hunters(self) -> bool {
        matches!(self, Trick::BreakAway | Trick::Lure | Trick::Darkness)
    }

    /// Its name in the bot's table.
    pub fn name(self) -> &'static str {
        match self {
            Trick::Sneak => "sneak past the unaware",
            Trick::StealthBlow => "stealth blow",
            Trick::ShutDoor => "door shut on a hunter",
            Trick::BreakAway => "break away from hunters",
            Trick::Lure => "noise-maker lure",
            Trick::Darkness => "darkness on hunters",
            Trick::Eyes => "the eyes killed first",
            Trick::Collapse => "dead end made with collapse",
        }
    }
}

/// How often a trick was tried, and how often it counted.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TrickTally {
    pub tried: u32,
    pub counted: u32,
}

impl TrickTally {
    fn add(&mut self, other: TrickTally) {
        self.tried += other.tried;
        self.counted += other.counted;
    }
}

/// Tricks tried and counted, by trick and depth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tricks {
    by: BTreeMap<(Trick, u32), TrickTally>,
}

impl Tricks {
    /// `trick` on depth `depth`.
    pub fn on(&self, trick: Trick, depth: u32) -> TrickTally {
        self.by.get(&(trick, depth)).copied().unwrap_or_default()
    }

    /// `trick` on every depth.
    pub fn total(&self, trick: Trick) -> TrickTally {
        let mut all = TrickTally::default();
        for (_, &t) in self.by.range((trick, 0)..=(trick, u32::MAX)) {
            all.add(t);
        }
        all
    }

    /// Adds `other`'s counts to these (a table over many runs).
    pub fn add(&mut self, other: &Tricks) {
        for (&k, &t) in &other.by {
            self.by.entry(k).or_default().add(t);
        }
    }

    fn tried(&mut self, trick: Trick, depth: u32) {
        self.by.entry((trick, depth)).or_default().tried += 1;
    }

    fn counted(&mut self, trick: Trick, depth: u32) {
        self.by.entry((trick, depth)).or_default().counted += 1;
    }
}

/// A trick being judged over [`TRICK_TURNS`]: since when, on which
/// depth, on whom (those it went past, or shut out), and whether one of
/// them has already undone it.
#[derive(Clone, Debug)]
struct Pending {
    trick: Trick,
    since: Turn,
    depth: u32,
    on: Vec<MonsterId>,
    failed: bool,
}

/// Watches a run's actions and events for the tricks in them.
#[derive(Clone, Debug, Default)]
pub(super) struct Watch {
    tricks: Tricks,
    /// Stealth blows whose target still lives: (target, depth).
    blows: Vec<(MonsterId, u32)>,
    /// Eyes of blind kin gone for whose death is to come: (eye, turn
    /// first gone for, depth).
    eyes: Vec<(MonsterId, Turn, u32)>,
    pending: Vec<Pending>,
    /// The monsters each trick has been played on on this depth: the
    /// same trick on the same monsters again (a door shut, opened and
    /// shut on one hunter; a sneak started again past one sleeper) is the
    /// one trick, tried and counted once.
    played: std::collections::BTreeSet<(Trick, MonsterId)>,
}

impl Watch {
    /// The bot is about to play `action` in `game`, as `claimed` trick
    /// if the action alone does not say.
    pub(super) fn before(&mut self, game: &Game, action: &Action, claimed: Option<Trick>) {
        let sneaking = game.floor().play_state().is_some_and(|p| p.sneaking);
        let in_view = monsters_in_view(game);
        let breaking = self.pending.iter().any(|p| p.trick == Trick::BreakAway);
        if claimed == Some(Trick::Eyes) {
            self.go_for_eyes(game, action);
            return;
        }
        let (trick, on): (Trick, Vec<MonsterId>) = match (action, claimed) {
            // One break a run of steps away, judged from its first.
            (_, Some(Trick::BreakAway)) if breaking => return,
            (_, Some(trick)) if trick.loses_hunters() => (
                trick,
                in_view
                    .into_iter()
                    .filter(|&m| game.floor().awareness(m) == Awareness::Hunting)
                    .collect(),
            ),
            (_, Some(Trick::Collapse)) => (
                Trick::Collapse,
                in_view
                    .into_iter()
                    .filter(|&m| game.floor().awareness(m) == Awareness::Hunting)
                    .collect(),
            ),
            (Action::Sneak, _) if !sneaking => (
                Trick::Sneak,
                in_view
                    .into_iter()
                    .filter(|&m| game.floor().unaware(m as usize))
                    .collect(),
            ),
            (Action::Close(_), _) => (
                Trick::ShutDoor,
                in_view
                    .into_iter()
                    .filter(|&m| {
                        let monster = &game.floor().monsters()[m as usize];
                        game.floor().awareness(m) == Awareness::Hunting
                            && !game.floor().factions()[monster.faction()]
                                .spec()
                                .opens_doors
                    })
                    .collect(),
            ),
            _ => return,
        };
        if on.iter().all(|&m| self.played.contains(&(trick, m))) {
            return;
        }
        self.played.extend(on.iter().map(|&m| (trick, m)));
        let depth = game.depth().unwrap_or(1);
        self.tricks.tried(trick, depth);
        self.pending.push(Pending {
            trick,
            since: game.floor().turn(),
            depth,
            on,
            failed: false,
        });
    }

    /// `game` just did `events`.
    pub(super) fn after(&mut self, game: &Game, events: &[Event]) {
        let depth = game.depth().unwrap_or(1);
        let is_player = |m: MonsterId| game.floor().monsters()[m as usize].is_player();
        for e in events {
            match *e {
                Event::Depth { .. } => {
                    // Another depth: the sneaks got past, the blows' targets
                    // are left behind (and each depth numbers its units
                    // afresh).
                    for p in self.pending.drain(..) {
                        if !p.failed {
                            self.tricks.counted(p.trick, p.depth);
                        }
                    }
                    self.blows.clear();
                    self.eyes.clear();
                    self.played.clear();
                }
                Event::StealthBlow { target } => {
                    self.tricks.tried(Trick::StealthBlow, depth);
                    self.blows.push((target, depth));
                }
                Event::Died { monster, .. } => {
                    if let Some(i) = self.blows.iter().position(|b| b.0 == monster) {
                        let (_, on) = self.blows.remove(i);
                        self.tricks.counted(Trick::StealthBlow, on);
                    }
                    if let Some(i) = self.eyes.iter().position(|e| e.0 == monster) {
                        let (_, _, on) = self.eyes.remove(i);
                        self.pending.push(Pending {
                            trick: Trick::Eyes,
                            since: game.floor().turn(),
                            depth: on,
                            on: kin(game, monster),
                            failed: false,
                        });
                    }
                }
                Event::Attacked {
                    attacker, target, ..
                }
                | Event::Missed { attacker, target }
                    if is_player(target) =>
                {
                    self.blows.retain(|b| b.0 != attacker);
                    // A break is judged by where the hunters are at its
                    // end, not by a blow on the way.
                    self.undo(attacker, |t| !t.loses_hunters());
                }
                Event::Woke { monster, .. } => self.undo(monster, |t| t == Trick::Sneak),
                _ => {}
            }
        }
        // A trick is judged once its turns are up: a sneak counts if none
        // of those it went past woke, struck or hunts the player now; a
        // shut door if none of those it shut out struck.
        let turn = game.floor().turn();
        // Eyes not killed in their turns: tried, never counted.
        self.eyes.retain(|e| turn < e.1 + TRICK_TURNS);
        let (done, going): (Vec<Pending>, Vec<Pending>) = self
            .pending
            .drain(..)
            .partition(|p| turn >= p.since + TRICK_TURNS);
        self.pending = going;
        for p in done {
            let hunted = (matches!(p.trick, Trick::Sneak | Trick::Eyes) || p.trick.loses_hunters())
                && p.on.iter().any(|&m| hunts_player(game, m));
            if !p.failed && !hunted {
                self.tricks.counted(p.trick, p.depth);
            }
        }
    }

    /// The bot goes for the eyes of blind kin with `action` (a blow or a
    /// dart): tried once an eye; judged from the eye's death.
    fn go_for_eyes(&mut self, game: &Game, action: &Action) {
        let Some(at) = game.floor().player().map(|p| p.pos()) else {
            return;
        };
        let cell = match *action {
            Action::Walk(d) => at.step(d),
            Action::Throw(_, q) => q,
            _ => return,
        };
        let Some(eye) = game.floor().world().occupant(cell) else {
            return;
        };
        if !self.played.insert((Trick::Eyes, eye)) {
            return;
        }
        let depth = game.depth().unwrap_or(1);
        self.tricks.tried(Trick::Eyes, depth);
        self.eyes.push((eye, game.floor().turn(), depth));
    }

    /// Monster `monster` undid the tricks (of the kinds `which` says) it
    /// was the target of.
    fn undo(&mut self, monster: MonsterId, which: impl Fn(Trick) -> bool) {
        for p in &mut self.pending {
            if which(p.trick) && p.on.contains(&monster) {
                p.failed = true;
            }
        }
    }

    /// The tally, the run over (what was still being judged does not
    /// count).
    pub(super) fn finish(self) -> Tricks {
        self.tricks
    }
}
