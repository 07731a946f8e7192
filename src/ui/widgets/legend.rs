//! The legend, always on screen in watch: every glyph the map draws (the
//! terrains with their cost in floor steps, a plan, a goal, the unknown's
//! shading, a bump's flash, in the combined view a wall a plan goes
//! through; under the alarm overlay its marks and cries instead of plans
//! and shading, and what they mean) and every faction:
//! its letter, its name, and what it is (sight, planner, what unknown
//! ground costs it). A panel beside the map when the level leaves room
//! for one, else two rows under the map; [`layout`] decides which.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use super::map::{BELIEF, BELIEF_LINE, CRY_REACH, CRY_ROSE, UNKNOWN, cost_style, plan_glyph};
use super::palette::{CRY, faction_colour, learnt_colour, terrain_style};
use crate::map::terrain::Terrain;
use crate::sim::Learnt;
use crate::ui::app::{App, Overlay};
use crate::ui::paint::cut_words;

/// Width of the side panel, a margin column included.
pub(super) const PANEL_WIDTH: u16 = 28;
/// Rows of the legend when it goes under the map.
pub(super) const LEGEND_ROWS: u16 = 2;

/// Where the legend goes in a watch screen whose map area is `map`.
pub(super) enum Placement {
    /// A panel at the right of the map area (the map keeps the rest).
    Panel { map: Rect, panel: Rect },
    /// Two rows under the map (taken from its bottom).
    Rows { map: Rect, rows: Rect },
}

/// A panel when the whole width of the level and the panel fit side by
/// side, and the panel's lines fit in the map's height; else rows.
pub(super) fn layout(app: &App, map: Rect) -> Placement {
    let level_width = app.game().floor().world().terrain().width();
    let fits_beside = (map.width as u32) >= level_width + PANEL_WIDTH as u32;
    if fits_beside && map.height >= panel_lines(app) {
        // Beside the map, one column off it, however wide the screen:
        // not a hundred columns away at 200x60. (The search inspector's
        // zoomed figure, eight columns a cell, keeps the whole width.)
        let map_width = match app.inspector() {
            Some(_) => map.width - PANEL_WIDTH,
            None => (level_width as u16 + 1).min(map.width - PANEL_WIDTH),
        };
        let panel = Rect::new(map.x + map_width, map.y, PANEL_WIDTH, map.height);
        let map = Rect::new(map.x, map.y, map_width, map.height);
        return Placement::Panel { map, panel };
    }
    let rows = LEGEND_ROWS.min(map.height);
    Placement::Rows {
        map: Rect::new(map.x, map.y, map.width, map.height - rows),
        rows: Rect::new(map.x, map.bottom() - rows, map.width, rows),
    }
}

/// The label of a wall a plan goes through: the panel's alone (the two
/// rows under the map keep their room for the factions).
const PLANS_WALL: &str = "plan's wall";

/// One glyph's entry: how the map draws it, and what it means.
struct Entry {
    ch: char,
    style: Style,
    label: String,
}

/// The cost of terrain `t` in floor steps, as briefly as exact: `.7`,
/// `1`, `1.2`, `2`.
fn steps(t: Terrain) -> String {
    match t.enter_cost() {
        None => String::new(),
        Some(c) if c % 10 == 0 => (c / 10).to_string(),
        Some(c) if c < 10 => format!(".{c}"),
        Some(c) => format!("{}.{}", c / 10, c % 10),
    }
}

/// The glyphs, as the current view draws them: under the cost overlay the
/// terrains show their cost swatches.
fn entries(app: &App) -> Vec<Entry> {
    const TERRAINS: [(Terrain, &str); 7] = [
        (Terrain::Floor, "floor"),
        (Terrain::Road, "road"),
        (Terrain::Door, "door"),
        (Terrain::Rubble, "rubble"),
        (Terrain::Swamp, "swamp"),
        (Terrain::ShallowWater, "water"),
        (Terrain::Wall, "wall"),
    ];
    let mut out: Vec<Entry> = TERRAINS
        .iter()
        .map(|&(t, name)| {
            let (ch, fg, bg) = match (app.overlay(), t.enter_cost()) {
                (Overlay::Cost, Some(c)) => cost_style(c),
                _ => {
                    let (ch, fg) = terrain_style(t);
                    (ch, fg, Color::Reset)
                }
            };
            Entry {
                ch,
                style: Style::default().fg(fg).bg(bg),
                label: format!("{name} {}", steps(t)).trim_end().to_string(),
            }
        })
        .collect();
    let plan = Style::default()
        .fg(faction_colour(app.faction()))
        .add_modifier(Modifier::BOLD);
    let gold = Style::default()
        .fg(Color::Yellow)
        .add_modifier(Modifier::BOLD);
    let goal = Entry {
        ch: '>',
        style: gold,
        label: "goal".into(),
    };
    let bump = Entry {
        ch: '#',
        style: Style::default().fg(Color::White).bg(Color::Red),
        label: "bump (red)".into(),
    };
    if app.overlay() == Overlay::Alarm {
        out.extend(alarm_entries(app));
        out.extend([goal, bump]);
        return out;
    }
    out.extend([
        Entry {
            ch: '*',
            style: plan,
            label: "plan".into(),
        },
        goal,
        Entry {
            ch: ' ',
            style: Style::default().fg(UNKNOWN.0).bg(UNKNOWN.1),
            label: "unknown".into(),
        },
        bump,
    ]);
    if app.overlay() == Overlay::Combined {
        // A wall the plan goes through, drawn in the plan's colour.
        out.push(Entry {
            ch: plan_glyph(Some(Terrain::Wall)),
            style: plan.bg(UNKNOWN.1),
            label: PLANS_WALL.into(),
        });
    }
    out
}

/// The alarm overlay's glyphs: the mark where a monster believes the
/// player is, in the colour of how it learnt it, the line to it, a cry's
/// reach and where it rose. None in a game without a player.
fn alarm_entries(app: &App) -> Vec<Entry> {
    if app.game().floor().player().is_none() {
        return Vec::new();
    }
    let mark = |how: Learnt, label: &str| Entry {
        ch: BELIEF,
        style: Style::default()
            .fg(learnt_colour(how))
            .add_modifier(Modifier::BOLD),
        label: label.into(),
    };
    vec![
        mark(Learnt::Saw, "saw @ here"),
        mark(Learnt::Heard, "heard here"),
        mark(Learnt::Told, "told @ here"),
        Entry {
            ch: BELIEF_LINE,
            style: Style::default().fg(learnt_colour(Learnt::Saw)),
            label: "its line".into(),
        },
        Entry {
            ch: CRY_REACH,
            style: Style::default().fg(CRY),
            label: "cry reach".into(),
        },
        Entry {
            ch: CRY_ROSE,
            style: Style::default()
                .fg(Color::White)
                .bg(CRY)
                .add_modifier(Modifier::BOLD),
            label: "cry rose".into(),
        },
    ]
}

/// What the alarm overlay's glyphs leave unsaid, a line each (as wide
/// as the panel): whose letters take the marks' colours, and whose ear
/// a cry's reach is drawn for; in a game without a player, that there
/// is nothing to show. None under the other overlays.
fn alarm_notes(app: &App) -> &'static [&'static str] {
    match (app.overlay(), app.game().floor().player()) {
        (Overlay::Alarm, Some(_)) => &["hunters coloured as their X", "cry: keenest ear's reach"],
        (Overlay::Alarm, None) => &["alarm: no player to know of"],
        _ => &[],
    }
}

/// What faction `f` is, briefly: sight (or a known map), planner, and
/// what unknown ground costs it (times floor).
fn what(app: &App, f: usize) -> String {
    let (sight, plans) = what_parts(app, f);
    format!("{sight}, {plans}")
}

/// [`what`] in two parts: its sight (or a known map), and how it plans.
fn what_parts(app: &App, f: usize) -> (String, String) {
    let spec = app.game().floor().factions()[f].spec();
    let sight = if spec.knows_map {
        "knows map".to_string()
    } else {
        format!("sight {}", spec.kind().sight)
    };
    let planner = match spec.planner {
        crate::path::Replanner::AStar => "A*",
        crate::path::Replanner::DStarLite => "D* Lite",
        crate::path::Replanner::Field => "field",
    };
    (
        sight,
        format!("{planner}, unknown {}x", spec.unknown_factor),
    )
}

/// The factions listed: those the view can be switched to.
fn factions(app: &App) -> Vec<usize> {
    app.viewable_factions()
}

fn panel_lines(app: &App) -> u16 {
    let glyph_lines = entries(app).len().div_ceil(2) as u16;
    2 + glyph_lines + alarm_notes(app).len() as u16 + 2 * factions(app).len() as u16
}

/// Draws the legend where [`layout`] placed it.
pub(super) fn draw_legend(app: &App, placement: &Placement, buf: &mut Buffer) {
    match placement {
        Placement::Panel { panel, .. } => draw_panel(app, *panel, buf),
        Placement::Rows { rows, .. } => draw_rows(app, *rows, buf),
    }
}

/// The side panel: glyphs two to a line, then each faction on two lines
/// (the viewed one marked).
fn draw_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let x = area.x + 1;
    let width = area.width.saturating_sub(1) as usize;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut y = area.y;
    let line = |y: &mut u16, text: &str, style: Style, buf: &mut Buffer| {
        if *y < area.bottom() {
            buf.set_stringn(x, *y, cut_words(text, width), width, style);
        }
        *y += 1;
    };
    line(&mut y, "Legend", bold, buf);
    let half = (width / 2) as u16;
    for pair in entries(app).chunks(2) {
        if y >= area.bottom() {
            return;
        }
        for (k, e) in pair.iter().enumerate() {
            let ex = x + k as u16 * half;
            buf.set_stringn(ex, y, e.ch.to_string(), 1, e.style);
            buf.set_stringn(ex + 2, y, &e.label, half as usize - 2, Style::default());
        }
        y += 1;
    }
    for note in alarm_notes(app) {
        line(&mut y, note, Style::default(), buf);
    }
    line(&mut y, "Factions (f: view)", bold, buf);
    for f in factions(app) {
        let spec = app.game().floor().factions()[f].spec();
        let mark = if f == app.faction() { '>' } else { ' ' };
        let (sight, plans) = what_parts(app, f);
        let head = format!("{mark}{} {:<9} {sight}", spec.glyph(), spec.name);
        if y < area.bottom() {
            buf.set_stringn(x, y, cut_words(&head, width), width, Style::default());
            buf.set_stringn(
                x + 1,
                y,
                spec.glyph().to_string(),
                1,
                Style::default()
                    .fg(faction_colour(f))
                    .add_modifier(Modifier::BOLD),
            );
        }
        y += 1;
        line(&mut y, &format!("   {plans}"), Style::default(), buf);
    }
}

/// Two rows: the glyphs flowing over both (in order, as many as fit),
/// then on the second the viewed faction in full and the other factions'
/// letters and names (as room allows, whole words only).
fn draw_rows(app: &App, area: Rect, buf: &mut Buffer) {
    let (mut x, mut y) = (area.x, area.y);
    let right = area.right();
    for e in entries(app).into_iter().filter(|e| e.label != PLANS_WALL) {
        let need = 2 + e.label.chars().count() as u16;
        if x + need > right {
            if y + 1 >= area.bottom() {
                break;
            }
            (x, y) = (area.x, y + 1);
        }
        buf.set_stringn(x, y, e.ch.to_string(), 1, e.style);
        buf.set_stringn(x + 2, y, &e.label, e.label.len(), Style::default());
        x += need + 2;
    }
    if area.height < 2 {
        return;
    }
    if y == area.y {
        (x, y) = (area.x, y + 1);
    }
    // Under the alarm, what its glyphs leave unsaid, as room allows, in
    // place of the factions (the alarm is every faction's).
    if !alarm_notes(app).is_empty() {
        for note in alarm_notes(app) {
            let need = note.chars().count() as u16;
            if x + need > right {
                break;
            }
            buf.set_stringn(x, y, note, need as usize, Style::default());
            x += need + 2;
        }
        return;
    }
    let f = app.faction();
    let Some(spec) = app.game().floor().factions().get(f).map(|f| f.spec()) else {
        return;
    };
    let style = Style::default()
        .fg(faction_colour(f))
        .add_modifier(Modifier::BOLD);
    let viewed = format!("{} {}: {}", spec.glyph(), spec.name, what(app, f));
    let left = right.saturating_sub(x) as usize;
    let (x, _) = buf.set_stringn(x, y, cut_words(&viewed, left), left, style);
    // The others after `f:` (the key that views them): with their names
    // if there is room, else their letters.
    let others: Vec<usize> = factions(app).into_iter().filter(|&o| o != f).collect();
    if others.is_empty() {
        return;
    }
    let x = x + 2;
    let left = right.saturating_sub(x) as usize;
    let spec = |o: usize| app.game().floor().factions()[o].spec();
    let named: Vec<String> = others
        .iter()
        .map(|&o| format!("{} {}", spec(o).glyph(), spec(o).name))
        .collect();
    let letters: Vec<String> = others
        .iter()
        .map(|&o| spec(o).glyph().to_string())
        .collect();
    for text in [named, letters].map(|v| format!("f: {}", v.join(" "))) {
        if text.chars().count() <= left {
            buf.set_stringn(x, y, &text, left, Style::default());
            return;
        }
    }
}
