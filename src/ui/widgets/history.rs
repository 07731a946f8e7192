//! The message history (Ctrl-P): every message the log keeps, newest at
//! the bottom, over the whole screen; k/j (or the arrows) scroll a line,
//! and in play u/n (PgUp/PgDn) ten; any other key closes. Long messages
//! wrap at words, and the screen never scrolls past the first message.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::log::wrap;
use crate::ui::app::History;

/// The history screen, scrolled as `history` is, over the log's lines.
pub(super) fn draw_history(
    log: impl DoubleEndedIterator<Item = impl AsRef<str>> + ExactSizeIterator,
    history: &History,
    area: Rect,
    buf: &mut Buffer,
) {
    let back = history.back();
    Clear.render(area, buf);
    let total = log.len();
    let title = format!(" Messages ({total}; k j scroll, u n ten, any other key closes) ");
    Block::default()
        .borders(Borders::ALL)
        .title(title)
        .render(area, buf);
    let rows = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2) as usize;
    // Long messages wrap at words as in the log. The screen ends at the
    // message `back` from the newest, but never starts past the first:
    // scrolled further back, it stays full from the first message down.
    let lines: Vec<Vec<String>> = log.map(|l| wrap(l.as_ref(), width)).collect();
    let mut end = total.saturating_sub(back);
    let rows_before = |end: usize| lines[..end].iter().map(Vec::len).sum::<usize>();
    while end < total && rows_before(end) < rows {
        end += 1;
    }
    let shown: Vec<&String> = lines[..end].iter().flatten().collect();
    let start = shown.len().saturating_sub(rows);
    for (i, line) in shown[start..].iter().enumerate() {
        buf.set_stringn(
            area.x + 1,
            area.y + 1 + i as u16,
            line.as_str(),
            width,
            Style::default(),
        );
    }
}
