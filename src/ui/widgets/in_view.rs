//! Playing (unless revealed), the row under the status row lists the
//! monsters the player sees now, instead of every faction's counters
//! (which would tell how many monsters there are, and where they go).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::palette::faction_colour;
use crate::ui::app::App;

/// "In view: goblin g 6 HP, ..." or "Nothing in view." (dead: what killed
/// the player).
pub(super) fn draw_in_view(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let seen: Vec<_> = game
        .monsters()
        .iter()
        .filter(|m| m.is_here() && !m.is_player() && app.player_sees(m.pos()))
        .collect();
    if seen.is_empty() {
        // Dead, the player sees nothing: the row names the killer instead.
        let killer = game
            .chronicle()
            .killer()
            .map(|k| format!("Killed by {} ({}).", k.a_noun(), k.glyph));
        let dead = game.player().is_some_and(|p| !p.is_here());
        let text = match (dead, killer) {
            (true, Some(k)) => k,
            (true, None) => "You died.".to_string(),
            (false, _) => "Nothing in view.".to_string(),
        };
        buf.set_stringn(area.x, area.y, text, area.width as usize, Style::default());
        return;
    }
    let (mut x, _) = buf.set_stringn(
        area.x,
        area.y,
        "In view: ",
        area.width as usize,
        Style::default(),
    );
    for m in seen {
        let spec = game.factions()[m.faction()].spec();
        let text = format!(
            "{} {} {} HP  ",
            game.kind_of(m).glyph,
            spec.one_of(m.kind()),
            m.hp()
        );
        let left = area.right().saturating_sub(x) as usize;
        let style = Style::default().fg(faction_colour(m.faction()));
        (x, _) = buf.set_stringn(x, area.y, text, left, style);
        if x >= area.right() {
            break;
        }
    }
}
