//! The inspector's status row: the monster inspected, how far through
//! its search the screen is, what the search found, and the inspector's
//! keys as room allows.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::Inspector;
use super::field::replay_field;
use crate::map::cost::{Cost, to_tiles};
use crate::path::Outcome;
use crate::ui::app::App;
use crate::ui::paint::{STATUS, cut_words, fit_parts, status_row};

/// The status row while `i` is open, over the game's.
pub(super) fn draw_status(app: &App, i: &Inspector, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let text = if let Some(field) = i.shown_field() {
        let m = &game.floor().monsters()[i.monster as usize];
        let f = game.floor().factions()[m.faction()].spec();
        let state = replay_field(field, i.field_shown);
        let total = field.expansions();
        // Values in floor steps: of the monster's cell once the search
        // is shown to its end, else of the cell expanded last.
        let value = |v: Cost| format!("{:.2}", to_tiles(v) / 10.0);
        let verdict = match (field.value, field.truncated, state.current) {
            (Some(v), _, _) if i.field_shown == total => format!("its cell {}", value(v)),
            (None, true, _) if i.field_shown == total => "record cut short".to_string(),
            (None, false, _) if i.field_shown == total => "no route from its cell".to_string(),
            (_, _, Some(p)) => format!("last {p} {}", value(state.closed[&(p.x, p.y)].0)),
            (_, _, None) => "starting from the target".to_string(),
        };
        let parts = vec![
            (
                9,
                format!(
                    "inspect {}{} field from {}",
                    f.glyph(),
                    i.monster,
                    field.target
                ),
            ),
            (
                9,
                format!(
                    "expansion {}/{total}, frontier {}",
                    i.field_shown,
                    state.open.len()
                ),
            ),
            (8, verdict),
        ];
        fit_with_keys(&parts, "a A*", area.width as usize)
    } else {
        let m = &game.floor().monsters()[i.monster as usize];
        let f = game.floor().factions()[m.faction()].spec();
        let state = i.trace.after(i.shown);
        let verdict = match (&i.trace.outcome, i.shown == i.trace.expansions()) {
            (Outcome::Found { cost, .. }, true) => {
                format!("path {:.2} floor steps", to_tiles(*cost) / 10.0)
            }
            (Outcome::Unreachable, true) => "no path".to_string(),
            _ => String::new(),
        };
        let parts = vec![
            (
                9,
                format!("inspect {}{} ({})", f.glyph(), i.monster, f.name),
            ),
            (9, format!("expansion {}/{}", i.shown, i.trace.expansions())),
            (
                4,
                format!("open {}, closed {}", state.open.len(), state.closed.len()),
            ),
            (8, verdict),
        ];
        let switch = if i.field.is_some() { "a field" } else { "" };
        fit_with_keys(&parts, switch, area.width as usize)
    };
    status_row(&cut_words(&text, area.width as usize), STATUS, area, buf);
}

/// The inspector's keys in the status row, each with how much it matters
/// when the row is short of room (beside the figures' 9, 8 and 4).
const INSPECT_KEYS: [(u8, &str); 6] = [
    (7, "e end"),
    (5, "] [ step"),
    (3, "} { ten"),
    (4, "m next"),
    (2, "z zoom"),
    (7, "i close"),
];

/// [`fit`](crate::ui::paint::fit) the figures `parts`, then the inspector's keys (and `extra`,
/// a key of the least worth, if any), the keys joined by `, ` after a
/// ` | `.
fn fit_with_keys(parts: &[(u8, String)], extra: &str, width: usize) -> String {
    let mut all: Vec<(u8, bool, String)> =
        parts.iter().map(|(p, t)| (*p, false, t.clone())).collect();
    all.extend(INSPECT_KEYS.iter().map(|&(p, k)| (p, true, k.to_string())));
    all.push((2, true, extra.to_string()));
    fit_parts(&all, width)
}
