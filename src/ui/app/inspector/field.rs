//! The search inspector's field figure: the faction's shared field grown
//! from the target, replayed to the expansion shown, over the map or
//! zoomed to each cell's value and next step.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use std::collections::BTreeMap;

use super::figure::{WALL_BOX, arrow, paint_marks, paint_zoomed, search_mark};
use crate::map::cost::{Cost, to_tiles};
use crate::map::geom::Pos;
use crate::path::field_trace::{FieldEvent, FieldTrace};
use crate::ui::app::MapView;
use crate::ui::app::{App, Inspector};

/// A recorded field search as it stood after `shown` expansions.
pub(super) struct FieldReplayed {
    /// Queued cells (the frontier) with (tentative value, next step).
    pub(super) open: BTreeMap<(i32, i32), (Cost, Pos)>,
    /// Settled cells with (value, next step, expansion number from 1).
    pub(super) closed: BTreeMap<(i32, i32), (Cost, Pos, usize)>,
    /// The cell expanded last: the one under inspection.
    pub(super) current: Option<Pos>,
}

pub(super) fn replay_field(trace: &FieldTrace, shown: usize) -> FieldReplayed {
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
pub(super) fn draw_field_inspector(
    app: &App,
    inspector: &Inspector,
    trace: &FieldTrace,
    view: MapView,
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
    let mark = |p: Pos| {
        let key = (p.x, p.y);
        search_mark(
            p,
            (trace.start, trace.target, 'T'),
            route,
            state.current,
            state.closed.contains_key(&key),
            state.open.contains_key(&key),
        )
    };
    if !inspector.zoom {
        return paint_marks(view, area, buf, mark);
    }
    let centre = state.current.unwrap_or(trace.target);
    paint_zoomed(app, inspector, area, buf, centre, mark, |p, wall| {
        let key = (p.x, p.y);
        if let Some(&(v, next, n)) = state.closed.get(&key) {
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
            WALL_BOX.map(String::from)
        } else {
            Default::default()
        }
    })
}
