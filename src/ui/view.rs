//! Drawing: `impl Widget for &App`. Reads the app and the game, changes
//! neither, and draws nothing from the simulation's RNG. Only the sixteen
//! basic colours are used, so every terminal shows the same thing.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::app::{App, Inspector, Mode, Overlay};
use super::input::{HELP, PLAY_HELP};
use crate::cost::{Cost, to_tiles};
use crate::explore::Replanner;
use crate::fov::visible_from;
use crate::geom::Pos;
use crate::path::Outcome;
use crate::path::field_trace::{FieldEvent, FieldTrace};
use crate::path::trace::{Trace, TraceEvent};
use crate::sim::{Game, Monster, PLAYER_HP, PLAYER_SIGHT, PlayOutcome};
use crate::terrain::Terrain;

/// Smallest terminal the game draws in.
pub const MIN_WIDTH: u16 = 40;
/// Smallest terminal the game draws in.
pub const MIN_HEIGHT: u16 = 13;
/// Rows of message log under the map.
const LOG_ROWS: u16 = 4;
/// Most steps of a field-planning monster's route drawn (read off its
/// faction's field each frame): longer than any route on a 1024x1024
/// dungeon's corridors is likely to be, short enough that a thousand
/// monsters' routes cost a few milliseconds a frame.
const ROUTE_STEPS: usize = 4096;

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
        let map = Rect::new(area.x, area.y, area.width, area.height - 2 - LOG_ROWS);
        let status = Rect::new(area.x, map.bottom(), area.width, 1);
        let stats = Rect::new(area.x, status.bottom(), area.width, 1);
        let log = Rect::new(area.x, stats.bottom(), area.width, LOG_ROWS);
        draw_map(self, map, buf);
        if let Some(inspector) = self.inspector() {
            draw_inspector(self, inspector, map, buf);
        }
        draw_status(self, status, buf);
        draw_faction_stats(self, stats, buf);
        draw_log(self, log, buf);
        if self.showing_help() {
            let keys: &[(&str, &str)] = match self.mode() {
                Mode::Play => &PLAY_HELP,
                Mode::Watch => &HELP,
            };
            draw_help(keys, area, buf);
        } else if let Some(d) = self.desync() {
            let line = App::desync_text(d);
            draw_box(
                " Replay out of sync ",
                &[
                    line.as_str(),
                    "",
                    "Playback stopped on this turn: the game no longer",
                    "matches the recording. q: quit",
                ],
                area,
                buf,
            );
        } else if let Some(play) = self.game().play_state() {
            let line = match play.outcome {
                PlayOutcome::Playing => None,
                PlayOutcome::Won(t) => Some(format!("You escaped with the treasure on turn {t}!")),
                PlayOutcome::Lost(t) => Some(format!("You died on turn {t}.")),
            };
            if let Some(line) = line {
                draw_box(" The end ", &[line.as_str(), "", "q: quit"], area, buf);
            }
        }
    }
}

/// The map: terrain (as the overlay has it), paths, monsters, flashes.
fn draw_map(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let world = game.world();
    let faction = &game.factions()[app.faction().min(game.factions().len().saturating_sub(1))];
    let knowledge = faction.knowledge();
    let cam = app.view_origin(area.width, area.height);
    let at = |sx: u16, sy: u16| Pos::new(cam.x + sx as i32, cam.y + sy as i32);
    // Playing: the map as the player knows it, lit where the player sees.
    let player = game.player().filter(|_| app.mode() == Mode::Play);
    let fog = player.map(|p| {
        let mut lit = vec![false; area.width as usize * area.height as usize];
        let terrain = world.terrain();
        visible_from(
            p.pos(),
            PLAYER_SIGHT,
            |q| terrain.is_opaque(q),
            |q| {
                if let Some(i) = view_index(q, cam, area) {
                    lit[i] = true;
                }
            },
        );
        (game.factions()[p.faction()].knowledge(), lit)
    });
    let lit_at = |p: Pos| {
        fog.as_ref()
            .is_none_or(|(_, lit)| view_index(p, cam, area).is_some_and(|i| lit[i]))
    };
    // Claims: how many plans of the faction cross each cell in view.
    let mut claims = vec![0u8; area.width as usize * area.height as usize];
    let mut paths = Vec::new();
    if matches!(app.overlay(), Overlay::Claims | Overlay::Knowledge) {
        for m in game
            .monsters()
            .iter()
            .filter(|m| m.is_here() && m.faction() == app.faction())
        {
            for &p in planned_route(game, m).iter().skip(1) {
                if let Some(i) = view_index(p, cam, area) {
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
                Overlay::None => {
                    if let Some((known, _)) = &fog {
                        match known.terrain(p) {
                            Some(t) if lit_at(p) => (ch, fg) = terrain_style(t),
                            Some(t) => (ch, fg) = (t.glyph(), Color::DarkGray),
                            None => (ch, fg) = (' ', Color::Reset),
                        }
                    }
                }
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
        if let Some(cell) = view_cell(p, cam, area).and_then(|at| buf.cell_mut(at)) {
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
    let gold = Style::default()
        .fg(Color::Yellow)
        .add_modifier(Modifier::BOLD);
    for f in game.factions() {
        if let Some(goal) = f.spec().goal {
            put(goal, '>', gold);
        }
    }
    if let Some(play) = game.play_state() {
        // Playing, only what the player knows of; watching, all.
        let known = |p: Pos| fog.as_ref().is_none_or(|(k, _)| k.is_known(p));
        if let Some(s) = play.stairs.filter(|&s| known(s)) {
            put(s, '>', gold);
        }
        if let Some(t) = play.treasure.filter(|&t| known(t) && !play.carrying) {
            put(t, '$', gold);
        }
    }
    for &(p, _) in &app.flashes {
        let ch = world.get(p).map_or('#', Terrain::glyph);
        put(p, ch, Style::default().fg(Color::White).bg(Color::Red));
    }
    let spectator = app.overlay() != Overlay::None;
    for m in game.monsters().iter().filter(|m| m.is_here()) {
        if !spectator && !lit_at(m.pos()) {
            continue; // Playing: only what the player sees.
        }
        let glyph = game.factions()[m.faction()].spec().glyph;
        let colour = if m.is_player() {
            Color::White
        } else {
            faction_colour(m.faction())
        };
        put(
            m.pos(),
            glyph,
            Style::default().fg(colour).add_modifier(Modifier::BOLD),
        );
    }
    if let Some(cell) = app
        .cursor()
        .and_then(|c| view_cell(c, cam, area))
        .and_then(|at| buf.cell_mut(at))
    {
        cell.set_style(Style::default().fg(Color::Black).bg(Color::White));
    }
}

/// The cells monster `m` means to cross, from its own: its plan (A*, D*
/// Lite); for a field-planning monster, the step (or detour round units)
/// it chose, then the route read off its faction's field from there
/// without searching (its plan is only ever its next step, the field holds
/// the rest), over what the faction knows, unknown ground included.
fn planned_route<'a>(game: &'a Game, m: &'a Monster) -> Cow<'a, [Pos]> {
    let planned = m.planner().remaining();
    if m.planner().kind() != Replanner::Field {
        return Cow::Borrowed(planned);
    }
    let faction = &game.factions()[m.faction()];
    let Some(field) = m.planner().goal().and_then(|g| faction.fields().get(g)) else {
        return Cow::Borrowed(planned);
    };
    let mut route = match planned {
        [] => vec![m.pos()],
        some => some.to_vec(),
    };
    let from = route[route.len() - 1];
    let rest = field.route(faction.knowledge(), from, ROUTE_STEPS);
    route.extend_from_slice(&rest[1..]);
    Cow::Owned(route)
}

/// What the player knows of cell `p`, for look mode.
fn describe(app: &App, p: Pos) -> String {
    let game = app.game();
    let Some(player) = game.player() else {
        return format!("{p}");
    };
    let known = game.factions()[player.faction()].knowledge().terrain(p);
    let mut text = match known {
        Some(t) => format!("{p}: {t:?}"),
        None => format!("{p}: unexplored"),
    };
    if let Some(o) = game.world().occupant(p) {
        let m = &game.monsters()[o as usize];
        let f = game.factions()[m.faction()].spec();
        if m.is_player() {
            text.push_str(", you");
        } else if known.is_some() {
            text.push_str(&format!(", {} {}{} ({} hp)", f.name, f.glyph, o, m.hp()));
        }
    }
    text
}

/// The screen cell showing world cell `p` in a map view of `area` whose
/// top-left world cell is `cam`, if it is in view.
fn view_cell(p: Pos, cam: Pos, area: Rect) -> Option<(u16, u16)> {
    let (dx, dy) = (p.x - cam.x, p.y - cam.y);
    (dx >= 0 && dy >= 0 && (dx as u16) < area.width && (dy as u16) < area.height)
        .then(|| (area.x + dx as u16, area.y + dy as u16))
}

/// The row-major index of world cell `p` among the cells of the view.
fn view_index(p: Pos, cam: Pos, area: Rect) -> Option<usize> {
    view_cell(p, cam, area)
        .map(|(x, y)| (y - area.y) as usize * area.width as usize + (x - area.x) as usize)
}

/// Turn, seed, level, speed, overlay, and each faction's counters.
fn draw_status(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let style = Style::default().fg(Color::Black).bg(Color::Gray);
    buf.set_style(area, style);
    let text = if app.confirming_quit() {
        "Really quit? q or Enter: quit; any other key: stay".to_string()
    } else if let Some(d) = app.desync() {
        let alarm = Style::default().fg(Color::White).bg(Color::Red);
        buf.set_style(area, alarm);
        buf.set_stringn(
            area.x,
            area.y,
            App::desync_text(d),
            area.width as usize,
            alarm,
        );
        return;
    } else if let Some(i) = app.inspector()
        && let Some(field) = i.shown_field()
    {
        let m = &game.monsters()[i.monster as usize];
        let f = game.factions()[m.faction()].spec();
        let state = replay_field(field, i.field_shown);
        let total = field.expansions();
        // Values in floor steps: of the monster's cell once the search
        // is shown to its end, else of the cell expanded last.
        let value = |v: Cost| format!("{:.2}", to_tiles(v) / 10.0);
        let verdict = match (field.value, field.truncated, state.current) {
            (Some(v), _, _) if i.field_shown == total => format!("its cell {}", value(v)),
            (None, true, _) if i.field_shown == total => "record cut short".to_string(),
            (None, false, _) if i.field_shown == total => "no route from its cell".to_string(),
            (_, _, Some(p)) => format!("last {p} {}", value(state.closed[&(p.x, p.y)].0)),
            (_, _, None) => "target queued".to_string(),
        };
        format!(
            "inspect {}{} field from {}: expansion {}/{total}, frontier {}, {verdict} | a A*, ] [ step, }} {{ ten, m next, z zoom, i close",
            f.glyph,
            i.monster,
            field.target,
            i.field_shown,
            state.open.len(),
        )
    } else if let Some(i) = app.inspector() {
        let m = &game.monsters()[i.monster as usize];
        let f = game.factions()[m.faction()].spec();
        let state = replay(&i.trace, i.shown);
        let switch = if i.field.is_some() { "a field, " } else { "" };
        let verdict = match (&i.trace.outcome, i.shown == i.trace.expansions()) {
            (Outcome::Found { cost, .. }, true) => {
                format!(" path {:.2} floor steps", to_tiles(*cost) / 10.0)
            }
            (Outcome::Unreachable, true) => " no path".to_string(),
            _ => String::new(),
        };
        format!(
            "inspect {}{} ({}): expansion {}/{}, open {}, closed {}{verdict} | {switch}] [ step, }} {{ ten, m next, z zoom, i close",
            f.glyph,
            i.monster,
            f.name,
            i.shown,
            i.trace.expansions(),
            state.open.len(),
            state.closed.len(),
        )
    } else if let Some(c) = app.cursor() {
        format!("look: {} (x to stop)", describe(app, c))
    } else if let (Mode::Play, Some(p), Some(play)) = (app.mode(), game.player(), game.play_state())
    {
        let view = match app.overlay() {
            Overlay::None => "your view".to_string(),
            o => format!(
                "{} of {}",
                o.name(),
                game.factions()
                    .get(app.faction())
                    .map_or("-", |f| f.spec().name.as_str())
            ),
        };
        format!(
            "HP {}/{} | turn {} | treasure: {} | seed {} {} | {view} | ? help",
            p.hp().max(0),
            PLAYER_HP,
            game.turn(),
            if play.carrying {
                "carried, to the stairs >"
            } else {
                "find the $"
            },
            game.seed(),
            app.level_name,
        )
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
        format!(
            "turn {} seed {} {} {run} | {} of {viewed} | ? help",
            game.turn(),
            game.seed(),
            app.level_name,
            app.overlay().name()
        )
    };
    buf.set_stringn(area.x, area.y, text, area.width as usize, style);
}

/// Each faction's counters: monsters left (and home), bumps, replans,
/// nodes expanded.
fn draw_faction_stats(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let mut x = area.x;
    for (i, f) in game.factions().iter().enumerate() {
        if f.spec().glyph == '@' {
            continue;
        }
        let s = game.faction_stats(i);
        let mine = game.monsters().iter().filter(|m| m.faction() == i);
        let here = mine.clone().filter(|m| m.is_here()).count();
        let home = mine
            .filter(|m| matches!(m.presence(), crate::sim::Presence::Escaped(_)))
            .count();
        let text = format!(
            "{} {}: {here} here {home} home, {} bumps {} replans {} exp  ",
            f.spec().glyph,
            f.spec().name,
            s.bumps,
            s.replans,
            s.expanded
        );
        let left = (area.right().saturating_sub(x)) as usize;
        let style = Style::default().fg(faction_colour(i));
        let (nx, _) = buf.set_stringn(x, area.y, text, left, style);
        x = nx;
        if x >= area.right() {
            break;
        }
    }
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
fn draw_help(keys: &[(&str, &str)], area: Rect, buf: &mut Buffer) {
    let lines: Vec<String> = keys
        .iter()
        .map(|(k, what)| format!("{k:>14}  {what}"))
        .collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    draw_box(" Darkstar: keys ", &lines, area, buf);
}

/// `lines` in a titled box in the middle of `area`.
fn draw_box(title: &str, lines: &[&str], area: Rect, buf: &mut Buffer) {
    let widest = lines.iter().map(|l| l.len()).max().unwrap_or(0) as u16;
    let width = (widest + 4).max(title.len() as u16 + 4).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(popup, buf);
    Block::default()
        .borders(Borders::ALL)
        .title(title)
        .render(popup, buf);
    for (i, line) in lines.iter().enumerate() {
        let y = popup.y + 1 + i as u16;
        if y + 1 >= popup.bottom() {
            break;
        }
        buf.set_stringn(
            popup.x + 2,
            y,
            line,
            popup.width.saturating_sub(4) as usize,
            Style::default(),
        );
    }
}

/// A recorded search as it stood after `shown` expansions.
struct Replayed {
    /// Open cells with (g, h, parent), latest values.
    open: BTreeMap<(i32, i32), (Cost, Cost, Pos)>,
    /// Closed cells with (g, h, parent).
    closed: BTreeMap<(i32, i32), (Cost, Cost, Pos)>,
    /// The cell expanded last.
    current: Option<Pos>,
}

fn replay(trace: &Trace, shown: usize) -> Replayed {
    let mut r = Replayed {
        open: BTreeMap::new(),
        closed: BTreeMap::new(),
        current: None,
    };
    let mut expanded = 0;
    for e in &trace.events {
        match *e {
            TraceEvent::Expanded(p) => {
                if expanded == shown {
                    break;
                }
                expanded += 1;
                if let Some(v) = r.open.remove(&(p.x, p.y)) {
                    r.closed.insert((p.x, p.y), v);
                }
                r.current = Some(p);
            }
            TraceEvent::Opened { at, g, h, parent } => {
                r.open.insert((at.x, at.y), (g, h, parent));
            }
        }
    }
    r
}

/// The parent direction as an arrow.
fn arrow(from: Pos, to: Pos) -> char {
    match (to.x - from.x, to.y - from.y) {
        (0, -1) => '↑',
        (1, -1) => '↗',
        (1, 0) => '→',
        (1, 1) => '↘',
        (0, 1) => '↓',
        (-1, 1) => '↙',
        (-1, 0) => '←',
        (-1, -1) => '↖',
        _ => '·',
    }
}

/// The inspector over the map: open cells green, closed blue, the cell
/// expanded last yellow, start and goal marked, the path once found; or,
/// zoomed, a box per cell with F, G, H and an arrow to its parent, like
/// the figures of the classic article.
fn draw_inspector(app: &App, inspector: &Inspector, area: Rect, buf: &mut Buffer) {
    if let Some(field) = inspector.shown_field() {
        return draw_field_inspector(app, inspector, field, area, buf);
    }
    let trace = &inspector.trace;
    let state = replay(trace, inspector.shown);
    let done = inspector.shown == trace.expansions();
    let path: Vec<Pos> = match (&trace.outcome, done) {
        (Outcome::Found { path, .. }, true) => path.clone(),
        _ => Vec::new(),
    };
    let mark = |p: Pos| -> Option<(Color, Option<char>)> {
        let key = (p.x, p.y);
        if p == trace.start {
            Some((Color::LightMagenta, Some('S')))
        } else if p == trace.goal {
            Some((Color::LightMagenta, Some('G')))
        } else if path.contains(&p) {
            Some((Color::White, Some('*')))
        } else if Some(p) == state.current {
            Some((Color::Yellow, None))
        } else if state.closed.contains_key(&key) {
            Some((Color::Blue, None))
        } else if state.open.contains_key(&key) {
            Some((Color::Green, None))
        } else {
            None
        }
    };
    if !inspector.zoom {
        return paint_marks(app, area, buf, mark);
    }
    // Zoomed: 8 x 3 characters a cell, centred on the last expansion.
    const CW: u16 = 8;
    const CH: u16 = 3;
    Clear.render(area, buf);
    let centre = state.current.unwrap_or(trace.start);
    let (cols, rows) = (area.width / CW, area.height / CH);
    let origin = Pos::new(centre.x - cols as i32 / 2, centre.y - rows as i32 / 2);
    let knowledge = {
        let m = &app.game().monsters()[inspector.monster as usize];
        app.game().factions()[m.faction()].knowledge()
    };
    for cy in 0..rows {
        for cx in 0..cols {
            let p = Pos::new(origin.x + cx as i32, origin.y + cy as i32);
            let (x, y) = (area.x + cx * CW, area.y + cy * CH);
            let key = (p.x, p.y);
            let values = state.closed.get(&key).or(state.open.get(&key)).copied();
            let wall = knowledge.terrain(p).is_some_and(|t| !t.is_passable());
            let style = match mark(p) {
                Some((bg, _)) => Style::default().fg(Color::Black).bg(bg),
                None if wall => Style::default().fg(Color::White).bg(Color::DarkGray),
                None => Style::default(),
            };
            let lines: [String; 3] = match values {
                Some((g, h, parent)) => [
                    // In the classic article's units: a straight floor
                    // step is 10, a diagonal 14.
                    format!("F{:>5.0} {}", to_tiles(g + h), arrow(p, parent)),
                    format!("G{:>5.0}", to_tiles(g)),
                    format!("H{:>5.0}", to_tiles(h)),
                ],
                None if wall => ["########".into(), "########".into(), "########".into()],
                None => [String::new(), String::new(), String::new()],
            };
            for (k, line) in lines.iter().enumerate() {
                let text = format!("{line:<8}");
                buf.set_stringn(x, y + k as u16, text, CW as usize, style);
            }
        }
    }
}

/// A recorded field search as it stood after `shown` expansions.
struct FieldReplayed {
    /// Queued cells (the frontier) with (tentative value, next step).
    open: BTreeMap<(i32, i32), (Cost, Pos)>,
    /// Settled cells with (value, next step, expansion number from 1).
    closed: BTreeMap<(i32, i32), (Cost, Pos, usize)>,
    /// The cell expanded last: the one under inspection.
    current: Option<Pos>,
}

fn replay_field(trace: &FieldTrace, shown: usize) -> FieldReplayed {
    let mut r = FieldReplayed {
        open: BTreeMap::new(),
        closed: BTreeMap::new(),
        current: None,
    };
    let mut expanded = 0;
    for e in &trace.events {
        match *e {
            FieldEvent::Expanded { at, value } => {
                if expanded == shown {
                    break;
                }
                expanded += 1;
                let next = r.open.remove(&(at.x, at.y)).map_or(at, |(_, n)| n);
                r.closed.insert((at.x, at.y), (value, next, expanded));
                r.current = Some(at);
            }
            FieldEvent::Opened { at, value, next } => {
                r.open.insert((at.x, at.y), (value, next));
            }
        }
    }
    r
}

/// The field inspector over the map: settled cells blue, the frontier
/// green, the cell expanded last yellow, the target `T` and the monster's
/// cell `S`, and once its cell is settled the route read off the field;
/// or, zoomed, a box per cell with its value (in the classic article's
/// units, a straight floor step 10), an arrow to the step it takes
/// toward the target, and when it was settled.
fn draw_field_inspector(
    app: &App,
    inspector: &Inspector,
    trace: &FieldTrace,
    area: Rect,
    buf: &mut Buffer,
) {
    let state = replay_field(trace, inspector.field_shown);
    let done = inspector.field_shown == trace.expansions();
    let route: &[Pos] = if done && trace.value.is_some() {
        &trace.route
    } else {
        &[]
    };
    let mark = |p: Pos| -> Option<(Color, Option<char>)> {
        let key = (p.x, p.y);
        if p == trace.start {
            Some((Color::LightMagenta, Some('S')))
        } else if p == trace.target {
            Some((Color::LightMagenta, Some('T')))
        } else if route.contains(&p) {
            Some((Color::White, Some('*')))
        } else if Some(p) == state.current {
            Some((Color::Yellow, None))
        } else if state.closed.contains_key(&key) {
            Some((Color::Blue, None))
        } else if state.open.contains_key(&key) {
            Some((Color::Green, None))
        } else {
            None
        }
    };
    if !inspector.zoom {
        return paint_marks(app, area, buf, mark);
    }
    // Zoomed: 8 x 3 characters a cell, centred on the last expansion.
    const CW: u16 = 8;
    const CH: u16 = 3;
    Clear.render(area, buf);
    let centre = state.current.unwrap_or(trace.target);
    let (cols, rows) = (area.width / CW, area.height / CH);
    let origin = Pos::new(centre.x - cols as i32 / 2, centre.y - rows as i32 / 2);
    let knowledge = {
        let m = &app.game().monsters()[inspector.monster as usize];
        app.game().factions()[m.faction()].knowledge()
    };
    for cy in 0..rows {
        for cx in 0..cols {
            let p = Pos::new(origin.x + cx as i32, origin.y + cy as i32);
            let (x, y) = (area.x + cx * CW, area.y + cy * CH);
            let key = (p.x, p.y);
            let wall = knowledge.terrain(p).is_some_and(|t| !t.is_passable());
            let style = match mark(p) {
                Some((bg, _)) => Style::default().fg(Color::Black).bg(bg),
                None if wall => Style::default().fg(Color::White).bg(Color::DarkGray),
                None => Style::default(),
            };
            let lines: [String; 3] = if let Some(&(v, next, n)) = state.closed.get(&key) {
                [
                    format!("V{:>5.0} {}", to_tiles(v), arrow(p, next)),
                    "settled".into(),
                    format!("no.{n:>5}"),
                ]
            } else if let Some(&(v, next)) = state.open.get(&key) {
                [
                    format!("V{:>5.0} {}", to_tiles(v), arrow(p, next)),
                    "queued".into(),
                    String::new(),
                ]
            } else if wall {
                ["########".into(), "########".into(), "########".into()]
            } else {
                [String::new(), String::new(), String::new()]
            };
            for (k, line) in lines.iter().enumerate() {
                let text = format!("{line:<8}");
                buf.set_stringn(x, y + k as u16, text, CW as usize, style);
            }
        }
    }
}

/// The inspector unzoomed: over the map as drawn, each cell `mark` names
/// gets its background (and glyph, if any).
fn paint_marks(
    app: &App,
    area: Rect,
    buf: &mut Buffer,
    mark: impl Fn(Pos) -> Option<(Color, Option<char>)>,
) {
    let cam = app.view_origin(area.width, area.height);
    for sy in 0..area.height {
        for sx in 0..area.width {
            let p = Pos::new(cam.x + sx as i32, cam.y + sy as i32);
            if let Some((bg, ch)) = mark(p)
                && let Some(cell) = buf.cell_mut((area.x + sx, area.y + sy))
            {
                cell.set_style(Style::default().fg(Color::Black).bg(bg));
                if let Some(ch) = ch {
                    cell.set_char(ch);
                }
            }
        }
    }
}
