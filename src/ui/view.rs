//! Drawing: `impl Widget for &App`. Reads the app and the game, changes
//! neither, and draws nothing from the simulation's RNG. Only the sixteen
//! basic colours are used, so every terminal shows the same thing.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::app::{App, Overlay};
use super::input::HELP;
use crate::geom::Pos;
use crate::terrain::Terrain;

/// Smallest terminal the game draws in.
pub const MIN_WIDTH: u16 = 40;
/// Smallest terminal the game draws in.
pub const MIN_HEIGHT: u16 = 12;
/// Rows of message log under the map.
const LOG_ROWS: u16 = 4;

/// Colours of factions, in order.
const FACTION_COLOURS: [Color; 6] = [
    Color::LightRed,
    Color::LightCyan,
    Color::LightGreen,
    Color::LightMagenta,
    Color::LightYellow,
    Color::LightBlue,
];

fn faction_colour(f: usize) -> Color {
    FACTION_COLOURS[f % FACTION_COLOURS.len()]
}

/// How terrain looks on the true map.
fn terrain_style(t: Terrain) -> (char, Color) {
    let colour = match t {
        Terrain::Floor => Color::Gray,
        Terrain::Road => Color::Yellow,
        Terrain::Rubble => Color::DarkGray,
        Terrain::Swamp => Color::Green,
        Terrain::ShallowWater => Color::Blue,
        Terrain::Door => Color::Magenta,
        Terrain::Wall => Color::White,
    };
    (t.glyph(), colour)
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            let lines = [
                "Terminal too small".to_string(),
                format!(
                    "need {MIN_WIDTH}x{MIN_HEIGHT}, have {}x{}",
                    area.width, area.height
                ),
            ];
            for (i, line) in lines.iter().enumerate() {
                let y = area.y + area.height / 2 + i as u16;
                if y < area.y + area.height {
                    let x = area.x + area.width.saturating_sub(line.len() as u16) / 2;
                    buf.set_stringn(x, y, line, area.width as usize, Style::default());
                }
            }
            return;
        }
        let map = Rect::new(area.x, area.y, area.width, area.height - 1 - LOG_ROWS);
        let status = Rect::new(area.x, map.bottom(), area.width, 1);
        let log = Rect::new(area.x, status.bottom(), area.width, LOG_ROWS);
        draw_map(self, map, buf);
        draw_status(self, status, buf);
        draw_log(self, log, buf);
        if self.showing_help() {
            draw_help(area, buf);
        }
    }
}

/// The map: terrain (as the overlay has it), paths, monsters, flashes.
fn draw_map(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let world = game.world();
    let faction = &game.factions()[app.faction().min(game.factions().len().saturating_sub(1))];
    let knowledge = faction.knowledge();
    let cam = app.camera();
    let at = |sx: u16, sy: u16| Pos::new(cam.x + sx as i32, cam.y + sy as i32);
    // Claims: how many plans of the faction cross each cell in view.
    let mut claims = vec![0u8; area.width as usize * area.height as usize];
    let mut paths = Vec::new();
    if matches!(app.overlay(), Overlay::Claims | Overlay::Knowledge) {
        for m in game
            .monsters()
            .iter()
            .filter(|m| m.is_here() && m.faction() == app.faction())
        {
            for &p in m.planner().remaining().iter().skip(1) {
                let (dx, dy) = (p.x - cam.x, p.y - cam.y);
                if dx >= 0 && dy >= 0 && (dx as u16) < area.width && (dy as u16) < area.height {
                    let i = dy as usize * area.width as usize + dx as usize;
                    claims[i] = claims[i].saturating_add(1);
                    paths.push(p);
                }
            }
        }
    }
    for sy in 0..area.height {
        for sx in 0..area.width {
            let p = at(sx, sy);
            let Some(truth) = world.get(p) else {
                continue;
            };
            let (mut ch, mut fg) = terrain_style(truth);
            let mut bg = Color::Reset;
            match app.overlay() {
                Overlay::None => {}
                Overlay::Knowledge => match knowledge.terrain(p) {
                    Some(t) => (ch, fg) = terrain_style(t),
                    // Unknown: blank on dark grey, unmistakable for floor.
                    None => (ch, fg, bg) = (' ', Color::Reset, Color::DarkGray),
                },
                Overlay::Danger => {
                    bg = match knowledge.influence().penalty(p) {
                        0 => Color::Reset,
                        1..=4 => Color::Yellow,
                        5..=19 => Color::Red,
                        _ => Color::Magenta,
                    };
                }
                Overlay::Cost => {
                    if let Some(c) = truth.enter_cost() {
                        // Whole floor steps (road 0, floor 1, rubble 2...).
                        ch = char::from_digit((c / 10).min(9) as u32, 10).unwrap_or('9');
                    }
                }
                Overlay::Claims => {
                    let n = claims[sy as usize * area.width as usize + sx as usize];
                    if n > 0 {
                        ch = char::from_digit(n.min(9) as u32, 10).unwrap_or('9');
                        fg = Color::Black;
                        bg = faction_colour(app.faction());
                    }
                }
            }
            if let Some(cell) = buf.cell_mut((area.x + sx, area.y + sy)) {
                cell.set_char(ch).set_style(Style::default().fg(fg).bg(bg));
            }
        }
    }
    let mut put = |p: Pos, ch: char, style: Style| {
        let (dx, dy) = (p.x - cam.x, p.y - cam.y);
        if dx >= 0
            && dy >= 0
            && (dx as u16) < area.width
            && (dy as u16) < area.height
            && let Some(cell) = buf.cell_mut((area.x + dx as u16, area.y + dy as u16))
        {
            cell.set_char(ch).set_style(style);
        }
    };
    if app.overlay() == Overlay::Knowledge {
        // Plans drawn straight through unknown cells.
        let style = Style::default().fg(faction_colour(app.faction()));
        for &p in &paths {
            put(p, '*', style);
        }
    }
    for f in game.factions() {
        if let Some(goal) = f.spec().goal {
            put(
                goal,
                '>',
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
            );
        }
    }
    for &(p, _) in &app.flashes {
        let ch = world.get(p).map_or('#', Terrain::glyph);
        put(p, ch, Style::default().fg(Color::White).bg(Color::Red));
    }
    for m in game.monsters().iter().filter(|m| m.is_here()) {
        let glyph = game.factions()[m.faction()].spec().glyph;
        put(
            m.pos(),
            glyph,
            Style::default()
                .fg(faction_colour(m.faction()))
                .add_modifier(Modifier::BOLD),
        );
    }
}

/// Turn, seed, level, speed, overlay, and each faction's counters.
fn draw_status(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let style = Style::default().fg(Color::Black).bg(Color::Gray);
    buf.set_style(area, style);
    let text = if app.confirming_quit() {
        "Really quit? y or q: quit; any other key: stay".to_string()
    } else {
        let run = if app.is_paused() {
            "paused".to_string()
        } else {
            format!("{}/s", app.turns_per_second())
        };
        let viewed = game
            .factions()
            .get(app.faction())
            .map_or("-", |f| f.spec().name.as_str());
        let mut text = format!(
            "turn {} seed {} {} {run} | {} of {viewed} |",
            game.turn(),
            game.seed(),
            app.level_name,
            app.overlay().name()
        );
        for (i, f) in game.factions().iter().enumerate() {
            let s = game.faction_stats(i);
            let home = game
                .monsters()
                .iter()
                .filter(|m| {
                    m.faction() == i && matches!(m.presence(), crate::sim::Presence::Escaped(_))
                })
                .count();
            text.push_str(&format!(
                " {}: home {home} bumps {} replans {} exp {}",
                f.spec().glyph,
                s.bumps,
                s.replans,
                s.expanded
            ));
        }
        text
    };
    buf.set_stringn(area.x, area.y, text, area.width as usize, style);
}

/// The last messages.
fn draw_log(app: &App, area: Rect, buf: &mut Buffer) {
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

/// The keys, in a box in the middle.
fn draw_help(area: Rect, buf: &mut Buffer) {
    let width = 60.min(area.width);
    let height = (HELP.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(popup, buf);
    Block::default()
        .borders(Borders::ALL)
        .title(" Darkstar: keys ")
        .render(popup, buf);
    for (i, (keys, what)) in HELP.iter().enumerate() {
        let y = popup.y + 1 + i as u16;
        if y + 1 >= popup.bottom() {
            break;
        }
        let line = format!("{keys:>13}  {what}");
        buf.set_stringn(
            popup.x + 1,
            y,
            line,
            popup.width as usize - 2,
            Style::default(),
        );
    }
}
