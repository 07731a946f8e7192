//! The row of each faction's counters under the status row.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::palette::faction_colour;
use crate::ui::app::App;

/// Each faction's counters: monsters left (and home), bumps, replans,
/// nodes expanded.
pub(super) fn draw_faction_stats(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let mut x = area.x;
    for (i, f) in game.factions().iter().enumerate() {
        if f.spec().glyph == '@' {
            continue;
        }
        let s = game.faction_stats(i);
        let mine = game.monsters().iter().filter(|m| m.faction() == i);
        let here = mine.clone().filter(|m| m.is_here()).count();
        let home = mine
            .filter(|m| matches!(m.presence(), crate::sim::Presence::Escaped(_)))
            .count();
        let text = format!(
            "{} {}: {here} here {home} home, {} bumps {} replans {} exp  ",
            f.spec().glyph,
            f.spec().name,
            s.bumps,
            s.replans,
            s.expanded
        );
        let left = (area.right().saturating_sub(x)) as usize;
        let style = Style::default().fg(faction_colour(i));
        let (nx, _) = buf.set_stringn(x, area.y, text, left, style);
        x = nx;
        if x >= area.right() {
            break;
        }
    }
}
