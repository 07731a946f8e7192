//! The end screen of a played game, won or lost: how it ended (and what
//! killed the player), turns, kills, damage taken and cells explored, and
//! what to do next: `n` a new game, `q` quit. Watching, the end of a game
//! without a player: who got home and when, and `n` the next seed.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::sim::{PlayOutcome, Presence};
use crate::ui::app::{App, Mode};
use crate::ui::paint::draw_box;

/// The end screen's lines, if the game is over.
pub fn end_summary(app: &App) -> Option<Vec<String>> {
    let game = app.game();
    let Some(play) = game.floor().play_state() else {
        return app.game_over().then(|| watch_summary(app));
    };
    let chronicle = game.chronicle();
    let headline = match play.outcome {
        PlayOutcome::Playing => return None,
        PlayOutcome::Won(t) if game.depth().is_some() => {
            format!("You carried the Darkstar out on turn {t}!")
        }
        PlayOutcome::Won(t) => format!("You escaped with the treasure on turn {t}!"),
        PlayOutcome::Lost(t) => match chronicle.killer() {
            Some(k) => format!(
                "You died on turn {t}, killed by {} ({}).",
                k.a_noun(),
                k.glyph
            ),
            None => format!("You died on turn {t}."),
        },
    };
    let turns = match play.outcome {
        PlayOutcome::Won(t) | PlayOutcome::Lost(t) => t,
        PlayOutcome::Playing => game.floor().turn(),
    };
    let explored = game.floor().player().map_or(0, |p| {
        let knowledge = game.floor().factions()[p.faction()].knowledge();
        let grid = game.floor().world().terrain().grid();
        grid.positions().filter(|&q| knowledge.is_known(q)).count()
    });
    let mut lines = vec![
        headline,
        String::new(),
        format!("Turns played      {turns}"),
        format!("Monsters killed   {}", chronicle.kills()),
        format!("Damage taken      {}", chronicle.damage_taken()),
        format!("Cells explored    {explored}"),
    ];
    if let Some(d) = game.deepest_depth() {
        lines.insert(3, format!("Deepest depth     {d}"));
    }
    if let Some(t) = app.revealed_at() {
        lines.push(format!("REVEALED on turn {t}"));
    }
    if app.mode() == Mode::Play && app.unranked().is_some() {
        lines.push("UNRANKED: not in the scores".to_string());
    }
    lines.push(String::new());
    lines.push(match app.mode() {
        Mode::Play => "n: new game   q: quit   Ctrl-P: messages".to_string(),
        Mode::Watch => "q: quit   Ctrl-P: messages".to_string(),
    });
    Some(lines)
}

/// A watched game's end: when it ended, each faction's monsters home
/// (with the turn of the last), dead, and left with no way on; a faction
/// with no goal, how many are still here.
fn watch_summary(app: &App) -> Vec<String> {
    let game = app.game();
    let monsters = || game.floor().monsters().iter().filter(|m| !m.is_player());
    let all_home = monsters().all(|m| matches!(m.presence(), Presence::Escaped(_)));
    let mut lines = vec![if all_home {
        format!("Everyone is home, on turn {}.", game.floor().turn())
    } else {
        format!("Nothing more can happen: turn {}.", game.floor().turn())
    }];
    lines.push(String::new());
    for (i, f) in game.floor().factions().iter().enumerate() {
        let (mut total, mut home, mut last, mut dead) = (0, 0, 0, 0);
        for m in monsters().filter(|m| m.faction() == i) {
            total += 1;
            match m.presence() {
                Presence::Escaped(t) => (home, last) = (home + 1, last.max(t)),
                Presence::Dead(_) => dead += 1,
                Presence::Here => {}
            }
        }
        if total == 0 {
            continue;
        }
        let spec = f.spec();
        let here = total - home - dead;
        if spec.goal.is_none() {
            // Going nowhere (guards): neither home nor stuck.
            let mut line = format!("{} {}: no goal, {here} still here", spec.glyph(), spec.name);
            if dead > 0 {
                line += &format!(", {dead} dead");
            }
            lines.push(line);
            continue;
        }
        let mut line = format!("{} {}: {home} of {total} home", spec.glyph(), spec.name);
        if home > 0 {
            line += &format!(", the last on turn {last}");
        }
        if dead > 0 {
            line += &format!(", {dead} dead");
        }
        if here > 0 {
            line += &format!(", {here} with no way on");
        }
        lines.push(line);
    }
    lines.push(String::new());
    lines.push(format!(
        "n: the next seed ({})   q: quit",
        game.floor().seed().wrapping_add(1)
    ));
    lines
}

/// The end screen in a box in the middle, if the game is over.
pub(super) fn draw_end_summary(app: &App, area: Rect, buf: &mut Buffer) {
    if let Some(lines) = end_summary(app) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        draw_box(" The end ", &lines, area, buf);
    }
}
