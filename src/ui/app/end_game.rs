//! End of game and new game: the morgue file's record of this game, and
//! the new game the end screen asks the binary to start.

use crate::record::morgue::Morgue;
use crate::record::replay::ReplayError;
use crate::sim::{Game, PLAYER_DAMAGE, PlayOutcome};

use super::App;

impl App {
    /// True when the end screen asked for a new game.
    pub fn wants_new_game(&self) -> bool {
        self.new_game
    }

    /// A new game on this game's level with the next seed and the same
    /// settings, played or watched as this one was (what `n` on the end
    /// screen asks for).
    pub fn next_game(&self) -> Result<App, ReplayError> {
        let replay = self.recorder.replay();
        if let crate::record::replay::LevelSource::Run { depth } = replay.level {
            // A new seed: a new dungeon.
            let seed = replay.seed.wrapping_add(1);
            return Ok(App::play_run(seed, depth)?);
        }
        let level = replay.level()?;
        let seed = self.game.seed().wrapping_add(1);
        Ok(App::start(&level, seed, self.mode, replay.config)?)
    }
}

impl App {
    /// The record of this game as it stands (for the morgue file when it
    /// ends): seed, outcome, depth reached, turns, kills by kind, what
    /// ended it, what the player carried, the place as the player knew it
    /// and the last messages.
    pub fn morgue(&self) -> Morgue {
        let game = &self.game;
        let outcome = game.play_state().map(|p| p.outcome);
        let depth = game.deepest_depth();
        let on = game
            .depth()
            .map_or(String::new(), |d| format!(" on depth {d}"));
        let cause = match (outcome, self.tally.killer) {
            (Some(PlayOutcome::Won(_)), _) if game.depth().is_some() => {
                "carried the Darkstar out".to_string()
            }
            (Some(PlayOutcome::Won(_)), _) => "escaped with the treasure".to_string(),
            (Some(PlayOutcome::Lost(_)), Some(k)) => {
                let m = &game.monsters()[k as usize];
                format!(
                    "killed by {}{on}",
                    game.factions()[m.faction()].spec().a_one()
                )
            }
            (Some(PlayOutcome::Lost(_)), None) => format!("died{on}"),
            _ => format!("left on turn {}{on}", game.turn()),
        };
        let items = carried(game);
        let messages: Vec<String> = self.log.iter().rev().take(20).rev().cloned().collect();
        Morgue {
            seed: game.run_seed().unwrap_or(game.seed()),
            won: matches!(outcome, Some(PlayOutcome::Won(_))),
            depth,
            turns: game.turn(),
            kills: self
                .tally
                .kills_by_kind
                .iter()
                .map(|(k, n)| (k.clone(), *n))
                .collect(),
            cause,
            items,
            map: known_map(game),
            messages,
        }
    }
}

/// What the player had at the end: the Darkstar (or treasure) if carried,
/// the armour and weapon worn (as the numbers they give: a worn item is
/// no longer in the pack), then the pack, one line a kind with its count.
fn carried(game: &Game) -> Vec<String> {
    let Some(play) = game.play_state() else {
        return Vec::new();
    };
    let mut items = Vec::new();
    if play.carrying {
        items.push(match game.depth() {
            Some(_) => "the Darkstar".to_string(),
            None => "the treasure".to_string(),
        });
    }
    let player = &game.monsters()[play.player as usize];
    let spec = game.kind_of(player);
    if spec.defence > 0 {
        items.push(format!("armour worn (defence {})", spec.defence));
    }
    if spec.damage != PLAYER_DAMAGE {
        items.push(format!("a weapon wielded ({})", spec.damage));
    }
    for run in game.pack().chunk_by(|a, b| a == b) {
        items.push(match run.len() {
            1 => run[0].name().to_string(),
            n => format!("{} x{n}", run[0].name()),
        });
    }
    items
}

/// The level as the player knows it, a row a line: terrain where known,
/// blank where not; `@` the player, `<` `>` the stairs, `$` the treasure.
fn known_map(game: &Game) -> Vec<String> {
    let Some(p) = game.player() else {
        return Vec::new();
    };
    let knowledge = game.factions()[p.faction()].knowledge();
    let play = game.play_state();
    let marks: Vec<(Option<crate::map::geom::Pos>, char)> = vec![
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
    (0..knowledge.height() as i32)
        .map(|y| {
            (0..knowledge.width() as i32)
                .map(|x| {
                    let q = crate::map::geom::Pos::new(x, y);
                    if !knowledge.is_known(q) {
                        return ' ';
                    }
                    marks
                        .iter()
                        .rev()
                        .find(|(m, _)| *m == Some(q))
                        .map_or_else(|| knowledge.terrain(q).map_or(' ', |t| t.glyph()), |m| m.1)
                })
                .collect()
        })
        .collect()
}
