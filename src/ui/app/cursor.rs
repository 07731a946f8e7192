//! The cursor as a screen: look mode's (`x`: moves show what is there),
//! targeting's (`_`: pick a cell to travel to) and aiming's (`t`: where
//! to throw). It owns where it is and what it is for, handles the keys
//! that move and use it, and draws the look box (what `look.rs` says of
//! the cell) and its status row; the map marks its cell, and, aiming,
//! the dart's line of fire ([`line_of_fire`]). Looking and aiming, `+`
//! (or `=`) and `-` jump it to the next and the previous monster in view.

use ratatui::buffer::Buffer;

use super::game::MOVES;
use super::look::draw_look;
use super::screen::{Ask, Ctx, DrawCtx, Handled, Screen};
use crate::map::geom::Pos;
use crate::sim::{Game, autopilot};
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;
use crate::ui::paint::{STATUS, cut_words, status_row};

/// What the cursor is up for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Look (`x`): the box beside it says what is there.
    Look,
    /// Pick where to travel (`_`): Enter, `.` or `_` goes.
    Travel,
    /// Pick where to throw the item in this pack slot: Enter, `.` or `t`
    /// throws.
    Throw(u8),
}

/// A cursor on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor {
    at: Pos,
    purpose: Purpose,
}

impl Cursor {
    /// A cursor at `at` for `purpose`.
    pub fn new(at: Pos, purpose: Purpose) -> Cursor {
        Cursor { at, purpose }
    }

    /// A cursor to throw the item in pack slot `slot`, on the nearest
    /// monster the player sees (else on the player).
    pub fn aim(game: &Game, slot: u8) -> Option<Cursor> {
        let at = game.floor().player()?.pos();
        let nearest = in_view_order(game).first().copied();
        Some(Cursor::new(nearest.unwrap_or(at), Purpose::Throw(slot)))
    }

    /// The cell under it.
    pub fn at(&self) -> Pos {
        self.at
    }

    /// What it is up for.
    pub fn purpose(&self) -> Purpose {
        self.purpose
    }

    /// Moves it to the monster in view `step` (1 or -1) after the one
    /// under it, in a fixed order (the nearest the player first, then by
    /// row and column), cycling; from a cell with none, to the first (or
    /// the last); with none in view, says so.
    fn next_in_view(&mut self, game: &Game, step: i32, asks: &mut Vec<Ask>) {
        let in_view = in_view_order(game);
        if in_view.is_empty() {
            return asks.push(Ask::Say("No monster in view.".to_string()));
        }
        let n = in_view.len();
        let next = match in_view.iter().position(|&p| p == self.at) {
            Some(i) if step >= 0 => (i + 1) % n,
            Some(i) => (i + n - 1) % n,
            None if step >= 0 => 0,
            None => n - 1,
        };
        self.at = in_view[next];
    }
}

/// Where the monsters the player sees now stand, the nearest the player
/// first (then by row, then column): the order the cursor jumps in, and
/// aiming's first target.
fn in_view_order(game: &Game) -> Vec<Pos> {
    let Some(at) = game.floor().player().map(|p| p.pos()) else {
        return Vec::new();
    };
    let mut cells: Vec<Pos> = autopilot::monsters_in_view(game)
        .into_iter()
        .map(|m| game.floor().monsters()[m as usize].pos())
        .collect();
    cells.sort_by_key(|q| {
        let (dx, dy) = q.abs_delta(at);
        (dx.max(dy), q.y, q.x)
    });
    cells
}

/// The line of fire from the player to `to`, as the player knows it: the
/// cells a dart thrown at `to` crosses (`fog::flight`, the game's own
/// flight), as far as the first that stops it: a wall the player knows,
/// or a monster it sees (which the dart would hit), else `to`. The
/// second part is the cell it stops at before `to`, if any. Cells the
/// player does not know end it (the screen draws only what it knows).
pub fn line_of_fire(game: &Game, to: Pos) -> (Vec<Pos>, Option<Pos>) {
    let Some(player) = game.floor().player() else {
        return (Vec::new(), None);
    };
    let knowledge = game.floor().factions()[player.faction()].knowledge();
    let opaque = |p: Pos| knowledge.belief(p).is_some_and(|t| t.is_opaque());
    let mut passed = Vec::new();
    for p in crate::fog::flight::flight(player.pos(), to, opaque) {
        if !knowledge.is_known(p) {
            break;
        }
        let seen_there = game.floor().player_sees(p) && game.floor().world().occupant(p).is_some();
        if p != to && (opaque(p) || seen_there) {
            return (passed, Some(p));
        }
        passed.push(p);
    }
    (passed, None)
}

impl Screen for Cursor {
    fn name(&self) -> &str {
        match self.purpose {
            Purpose::Look => "look",
            Purpose::Travel => "travel",
            Purpose::Throw(_) => "throw",
        }
    }

    /// Moves move it, and a click on the map ([`Intent::Pick`]) puts it
    /// on the cell clicked (on its own cell: travel there, or throw);
    /// looking and aiming, `+` `=` and `-` jump it to the
    /// next and the previous monster in view. Looking, `x`, Esc or `q` put it away and every other key goes
    /// on to the game (a wait still waits). Picking where to travel, Enter,
    /// `.` or `_` travel to it, Esc or `x` put it away, `?` opens the help,
    /// Ctrl-P the history, and other keys are ignored.
    fn handle(&mut self, intent: Intent, ctx: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        if let Intent::Move(d) = intent {
            // Never off the map.
            let to = self.at.step(d);
            if ctx.game.floor().world().get(to).is_some() {
                self.at = to;
            }
            return Handled::Used;
        }
        // A click on the map: the cursor goes there; on the cursor's own
        // cell, it does what Enter does (looking: travels there).
        if let Intent::Pick(cell) = intent {
            if cell != self.at {
                self.at = cell;
                return Handled::Used;
            }
            asks.push(Ask::Close);
            asks.push(match self.purpose {
                Purpose::Look | Purpose::Travel => Ask::Travel(cell),
                Purpose::Throw(slot) => Ask::Act(crate::sim::Action::Throw(slot, cell)),
            });
            return Handled::Used;
        }
        match (self.purpose, intent) {
            (Purpose::Look | Purpose::Throw(_), Intent::Faster | Intent::Slower) => {
                let step = if intent == Intent::Faster { 1 } else { -1 };
                self.next_in_view(ctx.game, step, asks);
            }
            (_, Intent::History) => return Handled::Ignored,
            (Purpose::Look | Purpose::Travel, Intent::Exclude) => asks.push(Ask::Mark(self.at)),
            (Purpose::Look, Intent::Look | Intent::Quit) => asks.push(Ask::Close),
            (Purpose::Look, _) => return Handled::Ignored,
            (Purpose::Travel, Intent::Confirm | Intent::Wait | Intent::TravelTo) => {
                asks.extend([Ask::Close, Ask::Travel(self.at)]);
            }
            (Purpose::Travel, Intent::Quit | Intent::Look) => asks.push(Ask::Close),
            (Purpose::Travel, Intent::Help) => asks.push(Ask::Help),
            (Purpose::Travel, _) => {}
            (Purpose::Throw(slot), Intent::Confirm | Intent::Wait | Intent::ThrowItem) => {
                asks.extend([
                    Ask::Close,
                    Ask::Act(crate::sim::Action::Throw(slot, self.at)),
                ]);
            }
            (Purpose::Throw(_), Intent::Quit | Intent::Look) => asks.push(Ask::Close),
            (Purpose::Throw(_), _) => {}
        }
        Handled::Used
    }

    /// The look box over the map, and its status row.
    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        draw_look(dc.app, self.at, dc.view, dc.map, buf);
        let text = match self.purpose {
            Purpose::Throw(_) => format!(
                "throw at {}: move the cursor; Enter or . throws; Esc: not now",
                self.at
            ),
            Purpose::Travel => format!(
                "travel to {}: move the cursor; Enter or . goes there; Esc: not now",
                self.at
            ),
            Purpose::Look => format!(
                "look at {}: move the cursor with the move keys; x: stop looking; X: mark it",
                self.at
            ),
        };
        status_row(
            &cut_words(&text, dc.status.width as usize),
            STATUS,
            dc.status,
            buf,
        );
    }

    fn commands(&self, _: Mode) -> Vec<Command> {
        use Intent as I;
        let moves = Command::new(&MOVES, "move the cursor (or arrows, numpad)");
        let jump = Command::new(
            &[I::Faster, I::Slower],
            "the cursor to the next / previous monster in view",
        );
        let click = |then: &str| {
            Command::new(
                &[I::Click(0, 0)],
                format!("a cell: the cursor there; its cell: {then}"),
            )
        };
        match self.purpose {
            Purpose::Look => vec![
                moves,
                jump,
                Command::new(
                    &[I::Exclude],
                    "mark it for travel to keep out of; again: its room; again: unmark",
                ),
                click("travel there"),
                Command::new(&[I::Look, I::Quit], "stop looking"),
                Command::note("any other", "as ever (a wait still waits)"),
            ],
            Purpose::Travel => vec![
                moves,
                Command::new(&[I::Confirm, I::Wait, I::TravelTo], "travel there"),
                Command::new(
                    &[I::Exclude],
                    "mark it for travel to keep out of (again: its room)",
                ),
                click("travel there"),
                Command::new(&[I::Quit, I::Look], "never mind"),
            ],
            Purpose::Throw(_) => vec![
                moves,
                jump,
                Command::new(&[I::Confirm, I::Wait, I::ThrowItem], "throw there"),
                click("throw there"),
                Command::new(&[I::Quit, I::Look], "not now"),
            ],
        }
    }
}
