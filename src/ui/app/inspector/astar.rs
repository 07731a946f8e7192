//! The search inspector's A* figure: a monster's recorded A* replayed to
//! the expansion shown, over the map or zoomed to the classic article's
//! F, G, H boxes (the painting both figures share is in `figure.rs`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use std::collections::BTreeMap;

use super::field::draw_field_inspector;
use super::figure::{WALL_BOX, arrow, paint_marks, paint_zoomed, search_mark};
use crate::map::cost::{Cost, to_tiles};
use crate::map::geom::Pos;
use crate::path::Outcome;
use crate::path::trace::{Trace, TraceEvent};
use crate::ui::app::MapView;
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

/// The inspector over the map: open cells green, closed blue, the cell
/// expanded last yellow, start and goal marked, the path once found; or,
/// zoomed, a box per cell with F, G, H and an arrow to its parent, like
/// the figures of the classic article.
pub(super) fn draw_inspector(
    app: &App,
    inspector: &Inspector,
    view: MapView,
    area: Rect,
    buf: &mut Buffer,
) {
    if let Some(field) = inspector.shown_field() {
        return draw_field_inspector(app, inspector, field, view, area, buf);
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
        return paint_marks(view, area, buf, mark);
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
