//! The message log under the map: the newest messages, each wrapped at
//! word boundaries to the screen's width (a long one takes two rows rather
//! than losing its end), as many rows as the area has.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::ui::app::App;

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

/// `text` in lines of at most `width` characters, broken after words
/// (a word longer than a line is cut).
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        let wlen = word.chars().count();
        if len > 0 && len + 1 + wlen > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let head: String = line.chars().take(width).collect();
            let tail: String = line.chars().skip(width).collect();
            lines.push(head);
            line = tail;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}
