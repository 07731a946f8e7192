//! A titled box drawn over the screen (the help, the end of a game, a
//! desync).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, Borders, Clear, Widget};

/// `lines` in a titled box in the middle of `area`.
pub fn draw_box(title: &str, lines: &[&str], area: Rect, buf: &mut Buffer) {
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
    let width = (widest + 4)
        .max(title.chars().count() as u16 + 4)
        .min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    draw_box_at(title, lines, popup, buf);
}

/// `lines` in a box with `title` filling `area` (cleared first); lines
/// past its bottom are left out.
pub fn draw_box_at<S: AsRef<str>>(title: &str, lines: &[S], area: Rect, buf: &mut Buffer) {
    Clear.render(area, buf);
    Block::default()
        .borders(Borders::ALL)
        .title(title)
        .render(area, buf);
    for (i, line) in lines.iter().enumerate() {
        let y = area.y + 1 + i as u16;
        if y + 1 >= area.bottom() {
            break;
        }
        buf.set_stringn(
            area.x + 2,
            y,
            line.as_ref(),
            area.width.saturating_sub(4) as usize,
            Style::default(),
        );
    }
}
