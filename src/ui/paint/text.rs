//! Text as the screen fits it: wrapped at words (the log, the history),
//! parts of a row left out by worth, a row cut after a whole word, and a
//! row written over the status row (the quit question, the inspector).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};

/// The status row's colours: black on grey.
pub const STATUS: Style = Style::new().fg(Color::Black).bg(Color::Gray);

/// `text` over the whole status row `area` in `style`, what was there
/// before blanked (the game draws its own row first; a screen over it
/// writes its own).
pub fn status_row(text: &str, style: Style, area: Rect, buf: &mut Buffer) {
    buf.set_style(area, style);
    let width = area.width as usize;
    buf.set_stringn(area.x, area.y, format!("{text:<width$}"), width, style);
}

/// `text` in lines of at most `width` characters, broken after words
/// (a word longer than a line is cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
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

/// `parts` (worth, text), in order, joined by ` | `, leaving out the
/// least worth (the later of equals) until they fit in `width` columns;
/// empty parts are skipped. What still does not fit is cut at a word's
/// end, never inside one.
pub fn fit(parts: &[(u8, String)], width: usize) -> String {
    let all: Vec<(u8, bool, String)> = parts.iter().map(|(p, t)| (*p, false, t.clone())).collect();
    fit_parts(&all, width)
}

/// [`fit`] over (worth, is a key, text): keys next to each other are
/// joined by `, `, anything else by ` | `. Parts are taken most worth
/// first (the earlier of equals), each kept if the row still fits with
/// it, and shown in their order.
pub fn fit_parts(parts: &[(u8, bool, String)], width: usize) -> String {
    let render = |kept: &[usize]| {
        let mut text = String::new();
        for (n, &k) in kept.iter().enumerate() {
            let (_, key, t) = &parts[k];
            if n > 0 {
                let after_key = parts[kept[n - 1]].1;
                text.push_str(if *key && after_key { ", " } else { " | " });
            }
            text.push_str(t);
        }
        text
    };
    let mut by_worth: Vec<usize> = (0..parts.len())
        .filter(|&k| !parts[k].2.is_empty())
        .collect();
    by_worth.sort_by_key(|&k| (std::cmp::Reverse(parts[k].0), k));
    let mut kept: Vec<usize> = Vec::new();
    for k in by_worth {
        let mut with = kept.clone();
        with.push(k);
        with.sort_unstable();
        if kept.is_empty() || render(&with).chars().count() <= width {
            kept = with;
        }
    }
    cut_words(&render(&kept), width)
}

/// `text` if it fits in `width` columns, else as many whole words of it as
/// do (a trailing separator dropped).
pub fn cut_words(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for word in text.split(' ') {
        let sep = usize::from(!out.is_empty());
        if out.chars().count() + sep + word.chars().count() > width {
            break;
        }
        if sep == 1 {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.trim_end_matches([' ', '|', ',']).to_string()
}
