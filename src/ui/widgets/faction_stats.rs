//! The row of each faction's counters under the status row, in the
//! longest wording that fits every faction in the row's width: from
//! `b blind: 3 here 0 home, 8 bumps 14 replans 3203 exp` down to
//! `b 3/8/14` under a `here/bumps/replans` key, so four factions fit in
//! 80 columns; never cut inside a word.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};

use super::palette::faction_colour;
use crate::ui::app::App;

/// One faction's counters.
struct Counters {
    faction: usize,
    glyph: char,
    name: String,
    here: usize,
    home: usize,
    bumps: u64,
    replans: u64,
    expanded: u64,
}

/// `n` in at most five characters: 3203, 45.1k, 2.3M.
fn compact(n: u64) -> String {
    match n {
        0..10_000 => n.to_string(),
        10_000..1_000_000 => format!("{:.0}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// The wordings, longest first: a key (drawn once, before the factions),
/// and each faction's text.
const WORDINGS: usize = 6;

fn wording(level: usize, c: &Counters) -> String {
    let (g, name) = (c.glyph, &c.name);
    let (here, home, b, r) = (c.here, c.home, c.bumps, c.replans);
    let x = compact(c.expanded);
    match level {
        0 => format!(
            "{g} {name}: {here} here {home} home, {b} bumps {r} replans {} exp",
            c.expanded
        ),
        1 if home > 0 => {
            format!("{g} {name}: {here} here {home} home, {b} bumps {r} replans {x} exp")
        }
        1 => format!("{g} {name}: {here} here, {b} bumps {r} replans {x} exp"),
        2 => format!("{g} {here}/{home}/{b}/{r}/{x}"),
        3 => format!("{g} {here}/{b}/{r}/{x}"),
        _ => format!("{g} {here}/{b}/{r}"),
    }
}

fn key(level: usize) -> &'static str {
    match level {
        2 => "here/home/bumps/replans/expanded:",
        3 => "here/bumps/replans/exp:",
        4 => "here/bumps/replans:",
        // The shortest still says what the numbers are (40 columns).
        5 => "h/b/r:",
        _ => "",
    }
}

/// Each faction's counters: monsters left (and home), bumps, replans,
/// nodes expanded.
pub(super) fn draw_faction_stats(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let counters: Vec<Counters> = game
        .floor()
        .factions()
        .iter()
        .enumerate()
        .filter(|(_, f)| f.spec().glyph() != '@')
        .map(|(i, f)| {
            let s = game.floor().faction_stats(i);
            let mine = game.floor().monsters().iter().filter(|m| m.faction() == i);
            Counters {
                faction: i,
                glyph: f.spec().glyph(),
                name: f.spec().name.clone(),
                here: mine.clone().filter(|m| m.is_here()).count(),
                home: mine
                    .filter(|m| matches!(m.presence(), crate::sim::Presence::Escaped(_)))
                    .count(),
                bumps: s.bumps,
                replans: s.replans,
                expanded: s.expanded,
            }
        })
        .collect();
    let width = area.width as usize;
    let gap = 2;
    let length = |level: usize| {
        let k = key(level);
        let texts: usize = counters
            .iter()
            .map(|c| wording(level, c).chars().count() + gap)
            .sum();
        texts + if k.is_empty() { 0 } else { k.len() + 1 }
    };
    // The longest wording that fits; the shortest (cut at a faction's
    // end) when none does.
    let level = (0..WORDINGS)
        .find(|&l| length(l) <= width)
        .unwrap_or(WORDINGS - 1);
    let mut x = area.x;
    let k = key(level);
    if !k.is_empty() && length(level) <= width {
        let (nx, _) = buf.set_stringn(x, area.y, k, width, Style::default().fg(Color::Gray));
        x = nx + 1;
    }
    for c in &counters {
        let text = wording(level, c);
        let left = area.right().saturating_sub(x) as usize;
        if text.chars().count() > left {
            break; // Never half a faction.
        }
        let style = Style::default().fg(faction_colour(c.faction));
        let (nx, _) = buf.set_stringn(x, area.y, &text, left, style);
        x = (nx + gap as u16).min(area.right());
    }
}
