//! A screen's buffer as HTML, for a web page to show: a row a line of
//! `<span>`s, one for each run of cells of one style, coloured as xterm
//! colours the terminal's sixteen and 256. The web page (`page/`) writes
//! each row into a `<pre>`.

use ratatui::buffer::{Buffer, Cell};
use ratatui::style::{Color, Modifier};

/// Row `y` of `buffer` as HTML: its cells in spans, a span for each run
/// of one style.
pub fn row_html(buffer: &Buffer, y: u16) -> String {
    let mut html = String::new();
    let mut run: Option<(String, String)> = None;
    let area = buffer.area;
    let mut x = area.x;
    while x < area.x + area.width {
        let cell = &buffer[(x, y + area.y)];
        let style = css(cell);
        match &mut run {
            Some((s, text)) if *s == style => push_symbol(text, cell),
            _ => {
                flush(&mut html, run.take());
                let mut text = String::new();
                push_symbol(&mut text, cell);
                run = Some((style, text));
            }
        }
        x += 1;
    }
    flush(&mut html, run);
    html
}

fn push_symbol(text: &mut String, cell: &Cell) {
    for c in cell.symbol().chars() {
        match c {
            '&' => text.push_str("&amp;"),
            '<' => text.push_str("&lt;"),
            '>' => text.push_str("&gt;"),
            c => text.push(c),
        }
    }
    if cell.symbol().is_empty() {
        text.push(' ');
    }
}

fn flush(html: &mut String, run: Option<(String, String)>) {
    if let Some((style, text)) = run {
        if style.is_empty() {
            html.push_str(&text);
        } else {
            html.push_str(&format!("<span style=\"{style}\">{text}</span>"));
        }
    }
}

/// A cell's style as CSS (empty: the page's own colours).
pub fn css(cell: &Cell) -> String {
    let (mut fg, mut bg) = (cell.fg, cell.bg);
    let m = cell.modifier;
    if m.contains(Modifier::REVERSED) {
        (fg, bg) = (
            if bg == Color::Reset { Color::Black } else { bg },
            if fg == Color::Reset { Color::Gray } else { fg },
        );
    }
    let mut css = String::new();
    if let Some(c) = rgb(fg) {
        css += &format!("color:{c};");
    }
    if let Some(c) = rgb(bg) {
        css += &format!("background:{c};");
    }
    if m.contains(Modifier::BOLD) {
        css += "font-weight:bold;";
    }
    if m.contains(Modifier::DIM) {
        css += "opacity:.6;";
    }
    if m.contains(Modifier::ITALIC) {
        css += "font-style:italic;";
    }
    if m.contains(Modifier::UNDERLINED) {
        css += "text-decoration:underline;";
    }
    css
}

/// A colour as CSS: the sixteen named ones as xterm shows them, the 256
/// indexed ones by xterm's cube and greys; `None` for the default.
pub fn rgb(color: Color) -> Option<String> {
    let (r, g, b) = match color {
        Color::Reset => return None,
        Color::Rgb(r, g, b) => (r, g, b),
        Color::Indexed(i) => indexed(i),
        named => {
            NAMED[match named {
                Color::Black => 0,
                Color::Red => 1,
                Color::Green => 2,
                Color::Yellow => 3,
                Color::Blue => 4,
                Color::Magenta => 5,
                Color::Cyan => 6,
                Color::Gray => 7,
                Color::DarkGray => 8,
                Color::LightRed => 9,
                Color::LightGreen => 10,
                Color::LightYellow => 11,
                Color::LightBlue => 12,
                Color::LightMagenta => 13,
                Color::LightCyan => 14,
                _ => 15,
            }]
        }
    };
    Some(format!("#{r:02x}{g:02x}{b:02x}"))
}

/// xterm's sixteen colours.
const NAMED: [(u8, u8, u8); 16] = [
    (0, 0, 0),
    (205, 0, 0),
    (0, 205, 0),
    (205, 205, 0),
    (0, 0, 238),
    (205, 0, 205),
    (0, 205, 205),
    (229, 229, 229),
    (127, 127, 127),
    (255, 0, 0),
    (0, 255, 0),
    (255, 255, 0),
    (92, 92, 255),
    (255, 0, 255),
    (0, 255, 255),
    (255, 255, 255),
];

fn indexed(i: u8) -> (u8, u8, u8) {
    match i {
        0..=15 => NAMED[usize::from(i)],
        16..=231 => {
            let level = |n: u8| if n == 0 { 0 } else { 55 + 40 * n };
            let n = i - 16;
            (level(n / 36), level(n / 6 % 6), level(n % 6))
        }
        _ => {
            let v = 8 + 10 * (i - 232);
            (v, v, v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    /// A row is its text, escaped, in runs of one style; xterm's colours.
    #[test]
    fn a_row_is_its_text_in_runs_of_one_style() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 6, 2));
        buffer.set_string(0, 0, "a<b", Style::default());
        buffer.set_string(3, 0, "@@", Style::default().fg(Color::Yellow));
        buffer.set_string(0, 1, "x", Style::default().add_modifier(Modifier::REVERSED));
        assert_eq!(
            row_html(&buffer, 0),
            "a&lt;b<span style=\"color:#cdcd00;\">@@</span> "
        );
        assert_eq!(
            row_html(&buffer, 1),
            "<span style=\"color:#000000;background:#e5e5e5;\">x</span>     "
        );
        assert_eq!(rgb(Color::Indexed(214)).unwrap(), "#ffaf00");
        assert_eq!(rgb(Color::Indexed(17)).unwrap(), "#00005f");
        assert_eq!(rgb(Color::Indexed(244)).unwrap(), "#808080");
        assert_eq!(rgb(Color::Reset), None);
    }
}
