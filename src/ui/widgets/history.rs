//! The message history (Ctrl-P): every message the log keeps, newest at
//! the bottom, over the whole screen; k/j (or the arrows) scroll a line,
//! and in play u/n (PgUp/PgDn) ten; any other key closes.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::ui::app::App;

/// The history screen, scrolled `back` messages from the newest.
pub(super) fn draw_history(app: &App, back: usize, area: Rect, buf: &mut Buffer) {
    Clear.render(area, buf);
    let total = app.log().len();
    let title = format!(" Messages ({total}; k j scroll, u n ten, any other key closes) ");
    Block::default()
        .borders(Borders::ALL)
        .title(title)
        .render(area, buf);
    let rows = area.height.saturating_sub(2) as usize;
    let end = total.saturating_sub(back);
    let start = end.saturating_sub(rows);
    for (i, line) in app.log().skip(start).take(end - start).enumerate() {
        buf.set_stringn(
            area.x + 1,
            area.y + 1 + i as u16,
            line,
            area.width.saturating_sub(2) as usize,
            Style::default(),
        );
    }
}
