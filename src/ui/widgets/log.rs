//! The message log under the map.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::ui::app::App;

/// The last messages.
pub(super) fn draw_log(app: &App, area: Rect, buf: &mut Buffer) {
    let lines: Vec<&String> = app.log().collect();
    let skip = lines.len().saturating_sub(area.height as usize);
    for (i, line) in lines[skip..].iter().enumerate() {
        buf.set_stringn(
            area.x,
            area.y + i as u16,
            line,
            area.width as usize,
            Style::default(),
        );
    }
}
