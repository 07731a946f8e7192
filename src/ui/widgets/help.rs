//! The help screen (`?`), in pages that each fit an 80x24 terminal: the
//! keys (the key tables in `input.rs` are the source), every glyph with
//! its meaning and, for terrain, what a step onto it costs in turns, and
//! the factions on this level. Any key turns the page; `q` closes.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::look::{speed_of_spec, step_cost, terrain_name};
use super::popup::draw_box;
use crate::map::terrain::Terrain;
use crate::ui::app::{App, HELP_PAGES, Help, Mode};
use crate::ui::keymap::{HELP, PLAY_HELP};

/// The lines of help page `page` (0: keys, 1: glyphs, 2: factions).
pub fn help_lines(app: &App, page: usize) -> (&'static str, Vec<String>) {
    match page {
        0 => {
            let keys: &[(&str, &str)] = match app.mode() {
                Mode::Play => &PLAY_HELP,
                Mode::Watch => &HELP,
            };
            let lines = keys
                .iter()
                .map(|(k, what)| format!("{k:>14}  {what}"))
                .collect();
            ("keys", lines)
        }
        1 => {
            // Watching a level without a player: no @, no treasure, and
            // the shading is the viewed faction's unknown, not memory.
            let player = app.game().player().is_some();
            let mut lines = Vec::new();
            if player {
                lines.extend([
                    "@    you (the player)".to_string(),
                    "g k  a monster: its letter is its faction (next page)".to_string(),
                    "$    the treasure: take it to the stairs".to_string(),
                    ">    the stairs (watching: also a faction's goal)".to_string(),
                    "! ?  a potion, a scroll (walk onto an item to pick it up)".to_string(),
                    "([)  darts or a noise-maker, armour, a weapon".to_string(),
                ]);
            } else {
                lines.extend([
                    "b n  a monster: its letter is its faction (next page)".to_string(),
                    ">    the viewed faction's goal".to_string(),
                ]);
            }
            for t in Terrain::ALL {
                lines.push(format!(
                    "{}    {}: {}",
                    t.glyph(),
                    terrain_name(t),
                    step_cost(t)
                ));
            }
            lines.push(match app.mode() {
                Mode::Play => "*    a monster's planned path (after V)".to_string(),
                Mode::Watch => "*    the viewed faction's plans (f: another faction)".to_string(),
            });
            lines.push("0-9  c: a step's cost in floor steps; p: plans crossing".to_string());
            lines.push(if player && app.mode() == Mode::Play {
                "     bright: seen now; grey: remembered; blank: unseen".to_string()
            } else {
                "     grey shading: what the viewed faction has not seen".to_string()
            });
            lines.push("red  a bump: a wall walked into".to_string());
            if player {
                lines.push("blue ground: darkness no monster sees into".to_string());
            }
            ("glyphs", lines)
        }
        _ => {
            let game = app.game();
            let mut lines = Vec::new();
            for (i, f) in game.factions().iter().enumerate() {
                let spec = f.spec();
                if game.player().is_some_and(|p| p.faction() == i) {
                    continue;
                }
                // What it knows of the map, said once: a faction that
                // knows the map is not "blind" whatever its sight.
                let sight = match (spec.knows_map, spec.kind().sight) {
                    (true, 0) => "knows the map".to_string(),
                    (true, s) => format!("knows the map, sight {s}"),
                    (false, 0) => "blind (touch only)".to_string(),
                    (false, s) => format!("sight {s}"),
                };
                let hostile = match (spec.kind().behaviours.fights(), game.player().is_some()) {
                    (true, true) => "hostile (hunts you)",
                    (true, false) => "hostile (attacks other factions)",
                    (false, _) => "not hostile",
                };
                lines.push(format!(
                    "{} {}: {sight}, speed {}, {hostile}{}",
                    spec.glyph(),
                    spec.name,
                    speed_of_spec(spec.kind()),
                    if spec.goal.is_some() {
                        ", has a goal >"
                    } else {
                        ""
                    },
                ));
                lines.push(format!(
                    "    plans with {} over what it knows; unknown costs {}x floor",
                    match spec.planner {
                        crate::path::Replanner::AStar => "A*",
                        crate::path::Replanner::DStarLite => "D* Lite",
                        crate::path::Replanner::Field => "a shared field",
                    },
                    spec.unknown_factor
                ));
            }
            if lines.is_empty() {
                lines.push("No monsters on this level.".to_string());
            }
            ("factions", lines)
        }
    }
}

/// The page `help` is on (the app's, for the mode and the factions), in
/// a box in the middle.
pub(super) fn draw_help(app: &App, help: &Help, area: Rect, buf: &mut Buffer) {
    let page = help.page().min(HELP_PAGES - 1);
    let (name, mut lines) = help_lines(app, page);
    lines.push(String::new());
    lines.push(if page + 1 < HELP_PAGES {
        "any key: next page; q: close".to_string()
    } else {
        "any key: close".to_string()
    });
    let title = format!(" Darkstar: {name} ({}/{HELP_PAGES}) ", page + 1);
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    draw_box(&title, &lines, area, buf);
}
