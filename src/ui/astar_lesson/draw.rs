//! The A* lesson drawn: the grid of the inspector's F, G, H boxes (the
//! start, the goal, walls, the fog's walls underlined, the cursor), the
//! open and closed lists beside it, what happened and the keys under it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

use super::{AStarLesson, HEIGHT, Square, WIDTH, grid_area, inside, name};
use crate::map::cost::to_tiles;
use crate::map::geom::Pos;
use crate::path::Outcome;
use crate::path::trace::TraceState;
use crate::ui::app::inspector::{
    BOX_HEIGHT, BOX_WIDTH, WALL_BOX, fgh_lines, paint_boxes, search_mark,
};
use crate::ui::paint::wrap;

/// The screen: the grid of boxes, the lists beside it, what happened and
/// the keys under it.
impl Widget for &AStarLesson {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lesson = self;
        ratatui::widgets::Clear.render(area, buf);
        let bold = Style::default().add_modifier(Modifier::BOLD);
        buf.set_stringn(
            area.x + 1,
            area.y,
            "A* for beginners, live: the article's figure, searched by Darkstar's own A*",
            area.width.saturating_sub(1) as usize,
            bold,
        );
        let grid = grid_area(area);
        let state = lesson.state();
        let path: Vec<Pos> = match (&lesson.trace().outcome, lesson.done()) {
            (Outcome::Found { path, .. }, true) => path.clone(),
            _ => Vec::new(),
        };
        let mark = |p: Pos| {
            if !inside(p) {
                return None;
            }
            if p == lesson.walker() && p != lesson.trace().start {
                return Some((Color::LightCyan, Some('@')));
            }
            search_mark(
                p,
                (lesson.trace().start, lesson.goal(), 'G'),
                &path,
                state.current,
                state.closed.contains_key(&p),
                state.open.contains_key(&p),
            )
        };
        let wall = |p: Pos| inside(p) && lesson.square(p) == Square::Wall;
        let lines = |p: Pos, wall: bool| {
            if !inside(p) {
                return Default::default();
            }
            let reached = state.closed.get(&p).or(state.open.get(&p)).copied();
            match (reached, lesson.square(p)) {
                (Some(r), _) => fgh_lines(p, r),
                (None, _) if wall => WALL_BOX.map(String::from),
                (None, Square::Hidden) => ["  fog".into(), " (wall)".into(), String::new()],
                (None, _) if p == lesson.trace().start => ["".into(), "   S".into(), String::new()],
                (None, _) if p == lesson.goal() => ["".into(), "   G".into(), String::new()],
                _ => Default::default(),
            }
        };
        paint_boxes(grid, buf, Pos::new(0, 0), wall, mark, lines);
        // Fog and the cursor over the boxes.
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                let p = Pos::new(x, y);
                let (bx, by) = (
                    grid.x + x as u16 * BOX_WIDTH,
                    grid.y + y as u16 * BOX_HEIGHT,
                );
                if lesson.square(p) == Square::Hidden {
                    for k in 0..BOX_HEIGHT {
                        for c in 0..BOX_WIDTH {
                            if let Some(cell) = buf.cell_mut((bx + c, by + k)) {
                                cell.set_style(
                                    Style::default()
                                        .add_modifier(Modifier::UNDERLINED)
                                        .fg(Color::Gray),
                                );
                            }
                        }
                    }
                }
                if p == lesson.cursor() {
                    for (dx, dy, ch) in [(0, 0, "["), (BOX_WIDTH - 1, BOX_HEIGHT - 1, "]")] {
                        if let Some(cell) = buf.cell_mut((bx + dx, by + dy)) {
                            cell.set_symbol(ch)
                                .set_style(Style::default().fg(Color::White).bg(Color::Red));
                        }
                    }
                }
            }
        }
        render_lists(area, grid, &state, buf);
        let below = grid.y + grid.height + 1;
        let width = area.width.saturating_sub(1) as usize;
        // What happened, wrapped and bold, under the count.
        let said = wrap(lesson.said(), width);
        let mut lines = vec![(
            format!(
                "expansion {}/{}, search {}, bumps {}",
                lesson.shown(),
                lesson.trace().expansions(),
                lesson.plans(),
                lesson.bumps()
            ),
            Style::default(),
        )];
        lines.extend(said.into_iter().map(|l| (l, bold)));
        lines.push((String::new(), Style::default()));
        lines.extend(
            [
                "n next expansion  b back  Enter to the end  m walk the path  r the example",
                "arrows/hjkl move  s start  g goal  w wall  f wall in the fog",
                "a click picks a square, a second click there puts or takes a wall",
                "green open, blue closed, yellow expanded last, white the path",
                "F = G + H; a straight step costs 10, a diagonal 14",
            ]
            .map(|l| (l.to_string(), Style::default())),
        );
        for (k, (line, style)) in lines.iter().enumerate() {
            let y = below + k as u16;
            if y < area.y + area.height {
                buf.set_stringn(area.x + 1, y, line, width, *style);
            }
        }
    }
}

/// The open list (lowest F first, as the search takes them) and the
/// closed list, beside the grid.
fn render_lists(area: Rect, grid: Rect, state: &TraceState, buf: &mut Buffer) {
    let x = grid.x + grid.width + 2;
    if x >= area.x + area.width {
        return;
    }
    let width = (area.x + area.width - x) as usize;
    let mut open: Vec<_> = state.open.iter().collect();
    open.sort_by_key(|(p, r)| (r.g + r.h, r.h, (p.y, p.x)));
    // The grid's height holds both lists: the open list's best first,
    // then the closed list, four names a line.
    let closed: Vec<String> = state.closed.keys().map(|p| name(*p)).collect();
    let closed_rows = closed.len().div_ceil(4).max(1);
    let room = usize::from(grid.height).saturating_sub(3 + closed_rows.min(4));
    let mut rows = vec![format!("open list ({})", open.len())];
    let listed = if open.len() > room {
        room.saturating_sub(1)
    } else {
        open.len()
    };
    rows.extend(open.iter().take(listed).map(|(p, r)| {
        format!(
            "{:<7} F{:>4.0} G{:>4.0} H{:>4.0}",
            name(**p),
            to_tiles(r.g + r.h),
            to_tiles(r.g),
            to_tiles(r.h)
        )
    }));
    if listed < open.len() {
        rows.push(format!("and {} more", open.len() - listed));
    }
    rows.push(String::new());
    rows.push(format!("closed list ({})", state.closed.len()));
    for chunk in closed.chunks(4) {
        rows.push(chunk.join(" "));
    }
    rows.truncate(usize::from(grid.height));
    for (k, row) in rows.iter().enumerate() {
        let y = grid.y + k as u16;
        if y >= area.y + area.height {
            break;
        }
        let style = if row.contains(" list (") {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        buf.set_stringn(x, y, row, width, style);
    }
}
