//! The search inspector's field figure: the faction's shared field grown
//! from the target, replayed to the expansion shown, over the map or
//! zoomed to each cell's value and next step.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::widgets::{Clear, Widget};

use std::collections::BTreeMap;

use super::inspector::{arrow, paint_marks};
use crate::cost::{Cost, to_tiles};
use crate::geom::Pos;
use crate::path::field_trace::{FieldEvent, FieldTrace};
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
