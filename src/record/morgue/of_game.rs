//! A game's morgue record, made from the game alone: its state at the end
//! (outcome, depth, turns, what the player carried, the place as they knew
//! it) and its chronicle (kills by kind, the killer, the last messages the
//! player perceived). A game played in the terminal and the same commands
//! played by a bot make the same record.

use super::Morgue;
use crate::map::geom::Pos;
use crate::sim::chronicle::{Naming, Said};
use crate::sim::{Game, PLAYER_DAMAGE, PlayOutcome};

impl Morgue {
    /// The record of `game` as it stands: seed, outcome, depth reached,
    /// turns, kills by kind, what ended it, what the player carried, the
    /// place as the player knew it and the last messages.
    pub fn of(game: &Game) -> Morgue {
        let chronicle = game.chronicle();
        let outcome = game.floor().play_state().map(|p| p.outcome);
        let on = game
            .depth()
            .map_or(String::new(), |d| format!(" on depth {d}"));
        let cause = match (outcome, chronicle.killer()) {
            (Some(PlayOutcome::Won(_)), _) if game.depth().is_some() => {
                "carried the Darkstar out".to_string()
            }
            (Some(PlayOutcome::Won(_)), _) => "escaped with the treasure".to_string(),
            (Some(PlayOutcome::Lost(_)), Some(k)) => format!("killed by {}{on}", k.a_noun()),
            (Some(PlayOutcome::Lost(_)), None) => format!("died{on}"),
            _ => format!("left on turn {}{on}", game.floor().turn()),
        };
        Morgue {
            seed: game.run_seed().unwrap_or(game.floor().seed()),
            won: matches!(outcome, Some(PlayOutcome::Won(_))),
            depth: game.deepest_depth(),
            turns: game.floor().turn(),
            kills: chronicle
                .kills_by_kind()
                .map(|(k, n)| (k.to_string(), n))
                .collect(),
            damage: (chronicle.damage_taken(), chronicle.damage_dealt()),
            cause,
            items: carried(game),
            map: known_map(game),
            messages: chronicle.last_said().filter_map(line).collect(),
        }
    }
}

/// A message as the morgue lists it: `TURN: SENTENCE`, with ` xN` for a
/// run of the same.
fn line(said: &Said) -> Option<String> {
    let sentence = said.told.sentence(Naming::Player)?;
    Some(match said.times {
        1 => format!("{}: {sentence}", said.told.turn),
        n => format!("{}: {sentence} x{n}", said.told.turn),
    })
}

/// What the player had at the end: the Darkstar (or treasure) if carried,
/// the armour and weapon worn (as the numbers they give: a worn item is
/// no longer in the pack), then the pack, one line a kind with its count
/// ("2 healing potions").
fn carried(game: &Game) -> Vec<String> {
    let Some(play) = game.floor().play_state() else {
        return Vec::new();
    };
    let mut items = Vec::new();
    if play.carrying {
        items.push(match game.depth() {
            Some(_) => "the Darkstar".to_string(),
            None => "the treasure".to_string(),
        });
    }
    let player = &game.floor().monsters()[play.player as usize];
    let spec = game.floor().kind_of(player);
    if spec.defence > 0 {
        items.push(format!("armour worn (defence {})", spec.defence));
    }
    if spec.damage != PLAYER_DAMAGE {
        items.push(format!("a weapon wielded ({})", spec.damage));
    }
    for run in game.floor().pack().chunk_by(|a, b| a == b) {
        items.push(match run.len() {
            1 => run[0].name().to_string(),
            n => format!("{n} {}", run[0].plural()),
        });
    }
    items
}

/// The level as the player knows it, a row a line, cropped to what it
/// knew (no blank rows or columns round it, no blanks at a row's end):
/// terrain where known, blank where not; the items it knew of lying
/// there; `@` the player, `<` `>` the stairs, `$` the treasure.
fn known_map(game: &Game) -> Vec<String> {
    let Some(p) = game.floor().player() else {
        return Vec::new();
    };
    let knowledge = game.floor().factions()[p.faction()].knowledge();
    let play = game.floor().play_state();
    let marks: Vec<(Option<Pos>, char)> = vec![
        (
            play.and_then(|p| p.up).filter(|_| game.depth().is_some()),
            '<',
        ),
        (play.and_then(|p| p.stairs), '>'),
        (
            play.and_then(|p| p.treasure)
                .filter(|_| !play.is_some_and(|p| p.carrying)),
            '$',
        ),
        (Some(p.pos()), '@'),
    ];
    let (w, h) = (knowledge.width() as i32, knowledge.height() as i32);
    let known = |x: i32, y: i32| knowledge.is_known(Pos::new(x, y));
    let rows: Vec<i32> = (0..h).filter(|&y| (0..w).any(|x| known(x, y))).collect();
    let cols: Vec<i32> = (0..w).filter(|&x| (0..h).any(|y| known(x, y))).collect();
    let (Some(&top), Some(&bottom), Some(&left), Some(&right)) =
        (rows.first(), rows.last(), cols.first(), cols.last())
    else {
        return Vec::new();
    };
    let glyph = |q: Pos| {
        if !knowledge.is_known(q) {
            return ' ';
        }
        if let Some(&(_, c)) = marks.iter().rev().find(|(m, _)| *m == Some(q)) {
            return c;
        }
        // The items it knows of, as the map on screen draws them (the
        // last laid on top).
        if let Some(&(_, k)) = game
            .floor()
            .floor_items()
            .iter()
            .rev()
            .find(|&&(at, _)| at == q)
        {
            return k.glyph();
        }
        knowledge.belief(q).map_or(' ', |t| t.glyph())
    };
    (top..=bottom)
        .map(|y| {
            let row: String = (left..=right).map(|x| glyph(Pos::new(x, y))).collect();
            row.trim_end().to_string()
        })
        .collect()
}
