//! The message log under the map: the newest messages, each wrapped at
//! word boundaries to the screen's width (a long one takes two rows rather
//! than losing its end), as many rows as the area has.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::ui::app::App;
use crate::ui::paint::wrap;

/// The last messages, wrapped, newest at the bottom.
pub(super) fn draw_log(app: &App, area: Rect, buf: &mut Buffer) {
    let rows = area.height as usize;
    let mut shown: Vec<String> = Vec::new();
    // Newest first, until the area is full; then put back in order.
    for message in app.log().rev() {
        if shown.len() >= rows {
            break;
        }
        let mut wrapped = wrap(message, area.width as usize);
        wrapped.reverse();
        shown.extend(wrapped);
    }
    shown.truncate(rows);
    shown.reverse();
    for (i, line) in shown.iter().enumerate() {
        buf.set_stringn(
            area.x,
            area.y + i as u16,
            line,
            area.width as usize,
            Style::default(),
        );
    }
}
