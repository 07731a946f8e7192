//! The search inspector's A* figure: a monster's recorded A* replayed to
//! the expansion shown, over the map or zoomed to the classic article's
//! F, G, H boxes; and the painting both inspector figures share.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::widgets::{Clear, Widget};

use std::collections::BTreeMap;

use super::field_inspector::draw_field_inspector;
use crate::map::cost::{Cost, to_tiles};
use crate::map::geom::Pos;
use crate::path::Outcome;
use crate::path::trace::{Trace, TraceEvent};
use crate::ui::app::{App, Inspector};

/// A recorded search as it stood after `shown` expansions.
pub(super) struct Replayed {
    /// Open cells with (g, h, parent), latest values.
    pub(super) open: BTreeMap<(i32, i32), (Cost, Cost, Pos)>,
    /// Closed cells with (g, h, parent).
    pub(super) closed: BTreeMap<(i32, i32), (Cost, Cost, Pos)>,
    /// The cell expanded last.
    pub(super) current: Option<Pos>,
}

pub(super) fn replay(trace: &Trace, shown: usize) -> Replayed {
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
pub(super) fn arrow(from: Pos, to: Pos) -> char {
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
pub(super) fn draw_inspector(app: &App, inspector: &Inspector, area: Rect, buf: &mut Buffer) {
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
    let mark = |p: Pos| {
        let key = (p.x, p.y);
        search_mark(
            p,
            (trace.start, trace.goal, 'G'),
            &path,
            state.current,
            state.closed.contains_key(&key),
            state.open.contains_key(&key),
        )
    };
    if !inspector.zoom {
        return paint_marks(app, area, buf, mark);
    }
    let centre = state.current.unwrap_or(trace.start);
    paint_zoomed(app, inspector, area, buf, centre, mark, |p, wall| {
        let key = (p.x, p.y);
        match state.closed.get(&key).or(state.open.get(&key)).copied() {
            Some((g, h, parent)) => [
                // In the classic article's units: a straight floor step is
                // 10, a diagonal 14.
                format!("F{:>5.0} {}", to_tiles(g + h), arrow(p, parent)),
                format!("G{:>5.0}", to_tiles(g)),
                format!("H{:>5.0}", to_tiles(h)),
            ],
            None if wall => WALL_BOX.map(String::from),
            None => Default::default(),
        }
    })
}

/// How an inspector figure marks cell `p` over the map: its two ends
/// (`S` and `end`'s glyph) magenta, the route once found `*` white, the
/// cell expanded last yellow, settled (closed) cells blue, queued (open)
/// ones green; `None` for the rest.
pub(super) fn search_mark(
    p: Pos,
    (start, end, end_glyph): (Pos, Pos, char),
    route: &[Pos],
    current: Option<Pos>,
    closed: bool,
    open: bool,
) -> Option<(Color, Option<char>)> {
    if p == start {
        Some((Color::LightMagenta, Some('S')))
    } else if p == end {
        Some((Color::LightMagenta, Some(end_glyph)))
    } else if route.contains(&p) {
        Some((Color::White, Some('*')))
    } else if Some(p) == current {
        Some((Color::Yellow, None))
    } else if closed {
        Some((Color::Blue, None))
    } else if open {
        Some((Color::Green, None))
    } else {
        None
    }
}

/// A zoomed cell that is a wall the faction knows.
pub(super) const WALL_BOX: [&str; 3] = ["########", "########", "########"];

/// An inspector figure zoomed in: `area` cleared and cut into boxes of 8 x
/// 3 characters, one a cell, centred on `centre`; each box coloured as
/// `mark` says (a wall the monster's faction knows grey) and filled with
/// the three lines `lines` gives for the cell (told whether it is a known
/// wall).
pub(super) fn paint_zoomed(
    app: &App,
    inspector: &Inspector,
    area: Rect,
    buf: &mut Buffer,
    centre: Pos,
    mark: impl Fn(Pos) -> Option<(Color, Option<char>)>,
    lines: impl Fn(Pos, bool) -> [String; 3],
) {
    const CW: u16 = 8;
    const CH: u16 = 3;
    Clear.render(area, buf);
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
            let wall = knowledge.terrain(p).is_some_and(|t| !t.is_passable());
            let style = match mark(p) {
                Some((bg, _)) => Style::default().fg(Color::Black).bg(bg),
                None if wall => Style::default().fg(Color::White).bg(Color::DarkGray),
                None => Style::default(),
            };
            for (k, line) in lines(p, wall).iter().enumerate() {
                let text = format!("{line:<8}");
                buf.set_stringn(x, y + k as u16, text, CW as usize, style);
            }
        }
    }
}

/// The inspector unzoomed: over the map as drawn, each cell `mark` names
/// gets its background (and glyph, if any).
pub(super) fn paint_marks(
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
