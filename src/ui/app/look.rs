//! What look mode (`x`) says of a cell: what the player knows of it (its
//! terrain and what a step onto it costs in turns, the stairs, the
//! treasure) and, only where the player sees now, who stands there (a
//! monster's faction, hit points, speed, sight and whether it hunts the
//! player). Drawn in a box over the map's top-left corner.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::MapView;
use super::threat::Odds;
use crate::content::level::KindSpec;
use crate::map::geom::Pos;
use crate::map::terrain::Terrain;
use crate::sim::{Awareness, Learnt};
use crate::sim::{NORMAL_SPEED, PLAYER_HP, move_energy};
use crate::ui::app::App;
use crate::ui::log::capitalised;

/// How a monster the player sees knows where the player is, in the
/// panel's words: "saw you", "heard a noise" (it goes where it rose),
/// "told by a cry" (a kin's cry said where the player was), while it
/// hunts; "lost you" while it searches; nothing otherwise.
pub fn how_it_knows(game: &crate::sim::Game, m: crate::sim::MonsterId) -> Option<&'static str> {
    match game.floor().awareness(m) {
        Awareness::Hunting => game.floor().mind(m).knows().map(|b| b.how.words()),
        Awareness::Searching => Some("lost you"),
        _ => None,
    }
}

/// A number of turns as the screen says it: `3`, `0.7`, `4.2`.
fn number(x: f64) -> String {
    let tenths = (x * 10.0).round() as i64;
    if tenths % 10 == 0 {
        format!("{}", tenths / 10)
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

/// What a step onto `t` costs at normal speed (the player's): the real
/// time the simulation charges ([`move_energy`]), straight and diagonal.
pub(super) fn step_cost(t: Terrain) -> String {
    let Some(factor) = t.enter_cost() else {
        return "no way through".to_string();
    };
    if t == Terrain::Door {
        return "blocks sight; a turn to open, then a step".to_string();
    }
    let straight = turns(move_energy(factor, false));
    let unit = if straight == "1" { "turn" } else { "turns" };
    format!(
        "a step costs {straight} {unit} ({} diagonally)",
        turns(move_energy(factor, true))
    )
}

/// `energy` as the turns it takes at normal speed (the player's), as the
/// screen says it: `3`, `4.2`.
pub(super) fn turns(energy: i64) -> String {
    number(energy as f64 / NORMAL_SPEED as f64)
}

/// A kind's speed in floor steps a turn.
pub(super) fn speed_of_spec(spec: &KindSpec) -> String {
    number(spec.speed as f64 / NORMAL_SPEED as f64)
}

/// What the player knows of cell `p`, line by line.
pub fn describe(app: &App, p: Pos) -> Vec<String> {
    let game = app.game();
    let Some(player) = game.floor().player() else {
        return vec![format!("{p}")];
    };
    let knowledge = game.floor().factions()[player.faction()].knowledge();
    let mut lines = Vec::new();
    let Some(t) = knowledge.belief(p) else {
        lines.push(format!("{p}: you have not seen this place."));
        return lines;
    };
    let name = capitalised(t.name());
    lines.push(format!("{p}: {name} ({}): {}.", t.glyph(), step_cost(t)));
    lines.extend(marked(app, p));
    if let Some(play) = game.floor().play_state() {
        match game.depth() {
            Some(depth) => {
                if play.stairs == Some(p) {
                    lines.push(format!("Stairs down (>) to depth {}.", depth + 1));
                }
                if play.up == Some(p) && depth == 1 {
                    lines.push("The way out (<): leave with the Darkstar to win.".to_string());
                } else if play.up == Some(p) {
                    lines.push(format!("Stairs up (<) to depth {}.", depth - 1));
                }
                if play.treasure == Some(p) && !play.carrying {
                    lines.push("The Darkstar ($): carry it out of depth 1.".to_string());
                }
            }
            None => {
                if play.stairs == Some(p) {
                    lines.push("The stairs (>): bring the treasure here to win.".to_string());
                }
                if play.treasure == Some(p) && !play.carrying {
                    lines.push("The treasure ($): take it back to the stairs.".to_string());
                }
            }
        }
    }
    let here: Vec<String> = game
        .floor()
        .floor_items()
        .iter()
        .filter(|&&(q, _)| q == p)
        .map(|&(_, k)| format!("{} ({})", k.name(), k.glyph()))
        .collect();
    if !here.is_empty() {
        lines.push(format!("Lying here: {}.", here.join(", ")));
    }
    // Who stands there: only where the player sees now.
    let Some(o) = game
        .floor()
        .world()
        .occupant(p)
        .filter(|_| app.player_sees(p))
    else {
        if knowledge.is_known(p) && !app.player_sees(p) {
            // The remembered map may be stale: say how stale.
            let seen = knowledge.last_seen(p);
            lines.push(format!(
                "You do not see it now (last seen on turn {seen}; now turn {}).",
                game.floor().turn()
            ));
            lines.extend(remembered(app, p));
        }
        return lines;
    };
    let m = &game.floor().monsters()[o as usize];
    if m.is_player() {
        lines.push(format!("You: HP {}/{PLAYER_HP}.", m.hp().max(0)));
        return lines;
    }
    let f = &game.floor().factions()[m.faction()];
    let (spec, kind) = (f.spec(), game.floor().kind_of(m));
    lines.push(format!(
        "{} ({}), of the {}: HP {}, speed {}, sight {}.",
        capitalised(&spec.a_one_of(m.kind())),
        kind.glyph,
        spec.name,
        m.hp().max(0),
        speed_of_spec(kind),
        kind.sight
    ));
    let how = game.floor().mind(m.id()).knows().map(|b| b.how);
    lines.push(
        match (game.floor().awareness(m.id()), kind.behaviours.fights()) {
            (Awareness::Asleep, _) => "It is asleep.",
            (Awareness::Fleeing, _) => "It is fleeing.",
            (Awareness::Hunting, _) => match how {
                Some(Learnt::Heard) => {
                    "It is hunting: it heard a noise (not who made it), and goes where it rose."
                }
                Some(Learnt::Told) => "It is hunting you: a cry told it where you were.",
                _ => "It is hunting you: it has seen you.",
            },
            (Awareness::Searching, _) => "It is searching for you where it lost you.",
            (Awareness::Wandering, true) => "It is wandering: it has not found you.",
            (Awareness::Wandering, false) => "It is wandering.",
            (_, true) => "Hostile, but it has not found you.",
            (_, false) => "It is not hostile: it goes its own way.",
        }
        .to_string(),
    );
    if let Some(odds) = game.floor().notice_odds(m.id()) {
        lines.extend(notice_lines(&odds));
    }
    if let Some(odds) = Odds::of(game, m.id()) {
        lines.extend(odds.lines());
    }
    lines
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

/// Whether the place the player marked for the autopilot covers `p`,
/// and how to change it.
fn marked(app: &App, p: Pos) -> Option<String> {
    let game = app.game();
    let recall = game.floor().recall();
    if let Some(mark) = recall.mark_at(p) {
        return Some(match mark.reach {
            0 => "You marked this cell: travel and explore keep out (X: its room).".to_string(),
            _ => "You marked the room round this cell: travel and explore keep out (X: unmark)."
                .to_string(),
        });
    }
    let by = recall.marks().iter().find(|m| {
        crate::sim::autopilot::marked(game, m)
            .binary_search_by_key(&(p.y, p.x), |q| (q.y, q.x))
            .is_ok()
    })?;
    Some(format!(
        "Travel and explore keep out: you marked the room round {} (X there unmarks).",
        by.at
    ))
}

/// What the player remembers of a monster last seen on `p`, out of view
/// now: which, in what state, how long ago; and that the autopilot keeps
/// out of its senses.
fn remembered(app: &App, p: Pos) -> Option<String> {
    use crate::sim::recall::Seen;
    let game = app.game();
    let s = game.floor().recall().out_of_view().find(|s| s.at == p)?;
    let m = &game.floor().monsters()[s.id as usize];
    let who = game.floor().factions()[m.faction()]
        .spec()
        .a_one_of(m.kind());
    let state = match s.seen {
        Seen::Asleep => "asleep",
        Seen::Fleeing => "fleeing",
        Seen::Awake => "awake",
        Seen::Harmless => "going its way",
    };
    let ago = game.floor().turn().saturating_sub(s.turn);
    let left = crate::sim::autopilot::AWAKE_TURNS.saturating_sub(ago);
    let keep = match s.seen {
        Seen::Harmless => String::new(),
        Seen::Asleep => " Travel and exploring keep out of its senses.".to_string(),
        _ if left == 0 => String::new(),
        _ => format!(" Travel and exploring keep out of its senses for {left} more turns."),
    };
    Some(format!(
        "You saw {who} here, {state}, {ago} turn{} ago.{keep}",
        if ago == 1 { "" } else { "s" }
    ))
}

/// What the look box says of a monster's senses of the player where it
/// stands: how far it hears the player's steps, and the chance it wakes
/// or notices the player by sight on its next turn (the game's own
/// rules: see [`crate::sim::Floor::notice_odds`]).
pub fn notice_lines(odds: &crate::sim::NoticeOdds) -> Vec<String> {
    let hearing = match (odds.hears_within, odds.hears_steps) {
        (0, _) => "It is deaf".to_string(),
        (n, true) => format!("It hears your steps within {n} (it would hear this one)"),
        (n, false) => format!("It hears your steps within {n} (not from here, or sneaking)"),
    };
    let verb = if odds.asleep { "wakes" } else { "notices you" };
    let sight = match odds.chance {
        _ if !odds.sees => "it does not see you here".to_string(),
        (0, _) => format!("it sees you but never {verb} from this far"),
        (n, d) if n >= d => format!("it sees you and {verb} at once"),
        (n, d) => {
            let g = gcd(n, d);
            format!("it sees you and {verb} {} in {} a turn", n / g, d / g)
        }
    };
    vec![format!("{hearing}; {sight}.")]
}

/// The look box: what [`describe`] says of the cursor's cell, in a box at
/// the top of the map (or its bottom, when the cursor is in the top half,
/// so the box never covers the cell looked at).
pub(super) fn draw_look(app: &App, cursor: Pos, view: MapView, map: Rect, buf: &mut Buffer) {
    // Lines longer than the map is wide are wrapped, not cut.
    let room = map.width.saturating_sub(4).max(1) as usize;
    let lines: Vec<String> = describe(app, cursor)
        .iter()
        .flat_map(|l| crate::ui::paint::wrap(l, room))
        .collect();
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
    let width = (widest + 4).min(map.width);
    let height = (lines.len() as u16 + 2).min(map.height);
    // Where it covers neither the cursor nor the rows round it: at the
    // bottom if it fits below the cursor's row, else at the top if it fits
    // above, else on the side with more room.
    let row = map.y as i64 + (cursor.y - view.origin.y) as i64;
    let below = map.bottom() as i64 - (row + 1);
    let above = row - map.y as i64;
    let y = if below >= height as i64 || (above < height as i64 && below >= above) {
        map.bottom().saturating_sub(height)
    } else {
        map.y
    };
    let area = Rect::new(map.x, y, width, height);
    crate::ui::paint::draw_box_at(" Look ", &lines, area, buf);
}

impl App {
    /// Playing, with the noise shown (`N`): how far the player's noise
    /// carries from where it stands (see [`crate::sim::autopilot::carry`]).
    pub fn noise_carry(&self) -> Option<crate::sim::autopilot::Carry> {
        (self.noise_shown && self.mode == crate::ui::mode::Mode::Play)
            .then(|| crate::sim::autopilot::carry(&self.game))
            .flatten()
    }

    /// Looking at a monster the player sees: the cells it sees from
    /// where it stands, as far as the player can know (see
    /// [`crate::sim::autopilot::sight_from`]).
    pub fn cursor_sight(&self) -> Option<Vec<Pos>> {
        let cursor = self.screen::<super::Cursor>()?;
        if cursor.purpose() != super::Purpose::Look || !self.player_sees(cursor.at()) {
            return None;
        }
        let floor = self.game.floor();
        let m = floor.world().occupant(cursor.at())?;
        let monster = &floor.monsters()[m as usize];
        if monster.is_player() {
            return None;
        }
        Some(crate::sim::autopilot::sight_from(
            &self.game,
            monster.pos(),
            floor.kind_of(monster).sight,
        ))
    }
}
