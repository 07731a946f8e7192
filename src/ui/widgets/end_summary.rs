//! The end screen of a played game, won or lost: how it ended (and what
//! killed the player), turns, kills, damage taken and cells explored, and
//! what to do next: `n` a new game, `q` quit.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::popup::draw_box;
use crate::sim::PlayOutcome;
use crate::ui::app::{App, Mode, singular};

/// The end screen's lines, if the game is over.
pub fn end_summary(app: &App) -> Option<Vec<String>> {
    let game = app.game();
    let play = game.play_state()?;
    let tally = app.tally();
    let headline = match play.outcome {
        PlayOutcome::Playing => return None,
        PlayOutcome::Won(t) => format!("You escaped with the treasure on turn {t}!"),
        PlayOutcome::Lost(t) => match tally.killer {
            Some(k) => {
                let m = &game.monsters()[k as usize];
                let spec = game.factions()[m.faction()].spec();
                format!(
                    "You died on turn {t}, killed by a {} ({}).",
                    singular(&spec.name),
                    spec.glyph
                )
            }
            None => format!("You died on turn {t}."),
        },
    };
    let turns = match play.outcome {
        PlayOutcome::Won(t) | PlayOutcome::Lost(t) => t,
        PlayOutcome::Playing => game.turn(),
    };
    let explored = game.player().map_or(0, |p| {
        let knowledge = game.factions()[p.faction()].knowledge();
        let grid = game.world().terrain().grid();
        grid.positions().filter(|&q| knowledge.is_known(q)).count()
    });
    let mut lines = vec![
        headline,
        String::new(),
        format!("Turns played      {turns}"),
        format!("Monsters killed   {}", tally.kills),
        format!("Damage taken      {}", tally.damage_taken),
        format!("Cells explored    {explored}"),
    ];
    if let Some(t) = app.revealed_at() {
        lines.push(format!("REVEALED on turn {t}"));
    }
    lines.push(String::new());
    lines.push(match app.mode() {
        Mode::Play => "n: new game   q: quit   Ctrl-P: messages".to_string(),
        Mode::Watch => "q: quit   Ctrl-P: messages".to_string(),
    });
    Some(lines)
}

/// The end screen in a box in the middle, if the game is over.
pub(super) fn draw_end_summary(app: &App, area: Rect, buf: &mut Buffer) {
    if let Some(lines) = end_summary(app) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        draw_box(" The end ", &lines, area, buf);
    }
}
