//! What look mode (`x`) says of a cell.

use crate::geom::Pos;
use crate::ui::app::App;

/// What the player knows of cell `p`, for look mode.
pub(super) fn describe(app: &App, p: Pos) -> String {
    let game = app.game();
    let Some(player) = game.player() else {
        return format!("{p}");
    };
    let known = game.factions()[player.faction()].knowledge().terrain(p);
    let mut text = match known {
        Some(t) => format!("{p}: {t:?}"),
        None => format!("{p}: unexplored"),
    };
    if let Some(o) = game.world().occupant(p) {
        let m = &game.monsters()[o as usize];
        let f = game.factions()[m.faction()].spec();
        if m.is_player() {
            text.push_str(", you");
        } else if known.is_some() {
            text.push_str(&format!(", {} {}{} ({} hp)", f.name, f.glyph, o, m.hp()));
        }
    }
    text
}
