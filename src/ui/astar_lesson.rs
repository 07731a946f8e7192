//! "A* for beginners", live: the example of Patrick Lester's article (a
//! start, a goal and a wall between them on a small grid) searched by the
//! crate's own A* with its trace (`darkstar_path::trace`), stepped one
//! expansion at a time: the open and closed lists, each square's F, G
//! and H and the arrow to its parent, then the path. The reader places
//! the start, the goal and walls; and walls the searcher does not know
//! (the fog): it prices an unknown square as walkable, walks its path,
//! bumps into the wall, learns it and plans again, as Darkstar's
//! monsters do. Every number on it comes from the trace; the painting of
//! the boxes is the search inspector's.
//!
//! Keys: arrows or `hjkl` move the cursor; `s` start, `g` goal, `w` (or
//! space) a wall, `f` a wall in the fog (unknown to the search), at the
//! cursor; `n` (or `.`) the next expansion, `b` one back, Enter to the
//! end; `m` walks the path found (bumping into a wall in the fog); `r`
//! the article's example again. A click puts the cursor on a square; a
//! second click on it toggles a wall there.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

use crate::map::cost::to_tiles;
use crate::map::geom::Pos;
use crate::path::trace::{Trace, TraceState, trace_search};
use crate::path::{Connectivity, GridMap, Outcome};
use crate::ui::app::inspector::{
    BOX_HEIGHT, BOX_WIDTH, WALL_BOX, fgh_lines, paint_boxes, search_mark,
};
use crate::ui::key::{KeyCode, KeyEvent};

/// The grid's size: the article's first figure.
pub const WIDTH: i32 = 7;
pub const HEIGHT: i32 = 5;
/// A floor square's terrain factor: a straight step costs 10 and a
/// diagonal 14 in the article's units, as the game's floor does.
const FLOOR: u64 = 10;
/// Most events a search records (a 7 x 5 grid needs far fewer).
const MAX_EVENTS: usize = 10_000;

/// What a square is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Square {
    Floor,
    /// A wall the search knows.
    Wall,
    /// A wall in the fog: there, but the search prices it as floor until
    /// it bumps into it.
    Hidden,
}

/// The lesson's state: the grid, who stands where, the search as
/// recorded and how far it is shown, and what happened.
#[derive(Clone, Debug)]
pub struct AStarLesson {
    squares: Vec<Square>,
    start: Pos,
    goal: Pos,
    /// Where the searcher stands now (the start until it walks).
    walker: Pos,
    cursor: Pos,
    trace: Trace,
    shown: usize,
    /// Searches made: the first, then one after each bump.
    plans: u32,
    bumps: u32,
    /// What happened last, in a line.
    said: String,
    /// The square clicked last (a second click on it toggles a wall).
    clicked: Option<Pos>,
}

impl Default for AStarLesson {
    fn default() -> Self {
        AStarLesson::new()
    }
}

impl AStarLesson {
    /// The article's example: the start just left of a wall three squares
    /// high, the goal two squares beyond it.
    pub fn new() -> AStarLesson {
        let mut lesson = AStarLesson {
            squares: vec![Square::Floor; (WIDTH * HEIGHT) as usize],
            start: Pos::new(2, 2),
            goal: Pos::new(5, 2),
            walker: Pos::new(2, 2),
            cursor: Pos::new(2, 2),
            trace: trace_search(
                &GridMap::new(1, 1),
                Pos::new(0, 0),
                Pos::new(0, 0),
                Connectivity::Eight,
                0,
            ),
            shown: 0,
            plans: 0,
            bumps: 0,
            said: String::new(),
            clicked: None,
        };
        for y in 1..=3 {
            lesson.squares[index(Pos::new(3, y))] = Square::Wall;
        }
        lesson.plan("The start is S, the goal G: press n to expand the first square.");
        lesson
    }

    /// The search as recorded (the crate's trace).
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// Expansions shown.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// The search as it stands after the expansions shown.
    pub fn state(&self) -> TraceState {
        self.trace.after(self.shown)
    }

    pub fn square(&self, p: Pos) -> Square {
        self.squares[index(p)]
    }

    /// Where the search is headed.
    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// Where the searcher stands (and the search starts from).
    pub fn walker(&self) -> Pos {
        self.walker
    }

    pub fn bumps(&self) -> u32 {
        self.bumps
    }

    /// The grid as the search knows it: walls where it knows them, floor
    /// elsewhere (the fog's walls included).
    pub fn known_map(&self) -> GridMap {
        let mut map = GridMap::new(WIDTH as u32, HEIGHT as u32);
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                let p = Pos::new(x, y);
                map.set(p, (self.squares[index(p)] != Square::Wall).then_some(FLOOR));
            }
        }
        map
    }

    /// Searches again from where the searcher stands, shown from its
    /// first step.
    fn plan(&mut self, said: &str) {
        self.trace = trace_search(
            &self.known_map(),
            self.walker,
            self.goal,
            Connectivity::Eight,
            MAX_EVENTS,
        );
        self.shown = 0;
        self.plans += 1;
        self.said = said.to_string();
    }

    /// Search done: every expansion shown.
    pub fn done(&self) -> bool {
        self.shown >= self.trace.expansions()
    }

    /// Handles `key`; false if it means nothing here.
    pub fn press(&mut self, key: KeyEvent) -> bool {
        let moved = |d: (i32, i32)| d;
        let step = match key.code {
            KeyCode::Left | KeyCode::Char('h') => Some(moved((-1, 0))),
            KeyCode::Right | KeyCode::Char('l') => Some(moved((1, 0))),
            KeyCode::Up | KeyCode::Char('k') => Some(moved((0, -1))),
            KeyCode::Down | KeyCode::Char('j') => Some(moved((0, 1))),
            _ => None,
        };
        if let Some((dx, dy)) = step {
            let p = Pos::new(self.cursor.x + dx, self.cursor.y + dy);
            if inside(p) {
                self.cursor = p;
            }
            return true;
        }
        match key.code {
            KeyCode::Char('n' | '.') => self.next(),
            KeyCode::Char('b' | ',') => {
                self.shown = self.shown.saturating_sub(1);
                self.said = format!("Back to expansion {}.", self.shown);
            }
            KeyCode::Enter => {
                self.shown = self.trace.expansions();
                self.said = self.ending();
            }
            KeyCode::Char('s') => self.place_end(true),
            KeyCode::Char('g') => self.place_end(false),
            KeyCode::Char('w' | ' ') => self.toggle(Square::Wall),
            KeyCode::Char('f') => self.toggle(Square::Hidden),
            KeyCode::Char('m') => self.walk(),
            KeyCode::Char('r') => *self = AStarLesson::new(),
            _ => return false,
        }
        true
    }

    /// A click on the screen of `area` at (`column`, `row`): the cursor to
    /// the square there; a second click on it toggles a wall.
    pub fn click(&mut self, area: Rect, column: u16, row: u16) -> bool {
        let grid = grid_area(area);
        if column < grid.x || row < grid.y {
            return false;
        }
        let p = Pos::new(
            i32::from((column - grid.x) / BOX_WIDTH),
            i32::from((row - grid.y) / BOX_HEIGHT),
        );
        if !inside(p) {
            return false;
        }
        self.cursor = p;
        if self.clicked == Some(p) {
            self.toggle(Square::Wall);
            self.clicked = None;
        } else {
            self.clicked = Some(p);
        }
        true
    }

    fn next(&mut self) {
        if self.done() {
            self.said = self.ending();
            return;
        }
        self.shown += 1;
        let state = self.state();
        self.said = match state.current {
            Some(p) => {
                let r = state.closed[&p];
                format!(
                    "Expanded {} (F {:.0} = G {:.0} + H {:.0}, the lowest F on the open list): \
                     its neighbours opened or made cheaper.",
                    name(p),
                    to_tiles(r.g + r.h),
                    to_tiles(r.g),
                    to_tiles(r.h)
                )
            }
            None => String::new(),
        };
        if self.done() {
            self.said = self.ending();
        }
    }

    fn ending(&self) -> String {
        match &self.trace.outcome {
            Outcome::Found { path, cost } => format!(
                "The goal has the lowest F on the open list: the search stops. The path, {} \
                 steps costing {:.1}, follows the arrows back from G. m walks it.",
                path.len() - 1,
                to_tiles(*cost)
            ),
            Outcome::Unreachable | Outcome::OutOfBudget => {
                "The open list is empty and the goal was never reached: there is no path."
                    .to_string()
            }
        }
    }

    fn place_end(&mut self, start: bool) {
        let p = self.cursor;
        if self.squares[index(p)] != Square::Floor || p == self.start || p == self.goal {
            self.said = "Put it on an empty floor square.".into();
            return;
        }
        if start {
            self.start = p;
        } else {
            self.goal = p;
        }
        self.walker = self.start;
        self.plan(if start {
            "The start moved: a new search."
        } else {
            "The goal moved: a new search."
        });
    }

    fn toggle(&mut self, kind: Square) {
        let p = self.cursor;
        if p == self.start || p == self.goal || p == self.walker {
            self.said = "Not on the start, the goal or the searcher.".into();
            return;
        }
        let i = index(p);
        self.squares[i] = if self.squares[i] == kind {
            Square::Floor
        } else {
            kind
        };
        self.walker = self.start;
        self.plan(match self.squares[i] {
            Square::Wall => "A wall: a new search.",
            Square::Hidden => {
                "A wall in the fog: the search does not know it, and prices it as floor."
            }
            Square::Floor => "Floor again: a new search.",
        });
    }

    /// Walks the path found, to the goal or into a wall in the fog: then
    /// the wall is known (the bump) and the search is made again from
    /// where the searcher stands.
    fn walk(&mut self) {
        let Outcome::Found { path, .. } = &self.trace.outcome else {
            self.said = "There is no path to walk.".into();
            return;
        };
        if !self.done() {
            self.shown = self.trace.expansions();
        }
        let path = path.clone();
        for &next in path.iter().skip(1) {
            if self.squares[index(next)] == Square::Hidden {
                self.squares[index(next)] = Square::Wall;
                self.bumps += 1;
                let at = self.walker;
                self.plan(&format!(
                    "Bump: {} was a wall it did not know. Now it knows it, and plans again \
                     from {} (search {}).",
                    name(next),
                    name(at),
                    self.plans + 1
                ));
                return;
            }
            self.walker = next;
        }
        self.said = format!("Arrived at the goal after {} bumps.", self.bumps);
    }

    /// The screen: the grid of boxes, the lists beside it, what happened
    /// and the keys under it.
    pub fn render(&self, area: Rect, buf: &mut Buffer) {
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
        let state = self.state();
        let path: Vec<Pos> = match (&self.trace.outcome, self.done()) {
            (Outcome::Found { path, .. }, true) => path.clone(),
            _ => Vec::new(),
        };
        let mark = |p: Pos| {
            if !inside(p) {
                return None;
            }
            if p == self.walker && p != self.trace.start {
                return Some((Color::LightCyan, Some('@')));
            }
            search_mark(
                p,
                (self.trace.start, self.goal, 'G'),
                &path,
                state.current,
                state.closed.contains_key(&p),
                state.open.contains_key(&p),
            )
        };
        let wall = |p: Pos| inside(p) && self.squares[index(p)] == Square::Wall;
        let lines = |p: Pos, wall: bool| {
            if !inside(p) {
                return Default::default();
            }
            let reached = state.closed.get(&p).or(state.open.get(&p)).copied();
            match (reached, self.squares[index(p)]) {
                (Some(r), _) => fgh_lines(p, r),
                (None, _) if wall => WALL_BOX.map(String::from),
                (None, Square::Hidden) => ["  fog".into(), " (wall)".into(), String::new()],
                (None, _) if p == self.trace.start => ["".into(), "   S".into(), String::new()],
                (None, _) if p == self.goal => ["".into(), "   G".into(), String::new()],
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
                if self.squares[index(p)] == Square::Hidden {
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
                if p == self.cursor {
                    for (dx, dy, ch) in [(0, 0, "["), (BOX_WIDTH - 1, BOX_HEIGHT - 1, "]")] {
                        if let Some(cell) = buf.cell_mut((bx + dx, by + dy)) {
                            cell.set_symbol(ch)
                                .set_style(Style::default().fg(Color::White).bg(Color::Red));
                        }
                    }
                }
            }
        }
        self.render_lists(area, grid, &state, buf);
        let below = grid.y + grid.height + 1;
        let lines = [
            format!(
                "expansion {}/{}, search {}, bumps {}",
                self.shown,
                self.trace.expansions(),
                self.plans,
                self.bumps
            ),
            self.said.clone(),
            String::new(),
            "n next expansion  b back  Enter to the end  m walk the path  r the example again"
                .to_string(),
            "arrows/hjkl move  s start  g goal  w wall  f wall in the fog  (a click: the square; again: a wall)"
                .to_string(),
            "green open, blue closed, yellow expanded last, white the path; F = G + H, \
             a straight step 10, a diagonal 14"
                .to_string(),
        ];
        for (k, line) in lines.iter().enumerate() {
            let y = below + k as u16;
            if y < area.y + area.height {
                let style = if k == 1 { bold } else { Style::default() };
                buf.set_stringn(
                    area.x + 1,
                    y,
                    line,
                    area.width.saturating_sub(1) as usize,
                    style,
                );
            }
        }
    }

    /// The open list (lowest F first, as the search takes them) and the
    /// closed list, beside the grid.
    fn render_lists(&self, area: Rect, grid: Rect, state: &TraceState, buf: &mut Buffer) {
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
}

/// Where the grid's boxes are drawn on a screen of `area`.
pub fn grid_area(area: Rect) -> Rect {
    Rect::new(
        area.x + 1,
        area.y + 2,
        (WIDTH as u16 * BOX_WIDTH).min(area.width.saturating_sub(1)),
        (HEIGHT as u16 * BOX_HEIGHT).min(area.height.saturating_sub(2)),
    )
}

/// A square's name: its column and row, `(3,2)`.
pub fn name(p: Pos) -> String {
    format!("({},{})", p.x, p.y)
}

fn inside(p: Pos) -> bool {
    (0..WIDTH).contains(&p.x) && (0..HEIGHT).contains(&p.y)
}

fn index(p: Pos) -> usize {
    (p.y * WIDTH + p.x) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::trace::TraceEvent;
    use crate::ui::key::KeyModifiers;

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    fn screen(lesson: &AStarLesson) -> Vec<String> {
        let area = Rect::new(0, 0, 110, 30);
        let mut buf = Buffer::empty(area);
        lesson.render(area, &mut buf);
        (0..area.height)
            .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect())
            .collect()
    }

    /// The article's example, stepped to its path: every F, G and H on
    /// screen is the trace's, the path goes round the wall, and the
    /// boxes show the numbers the crate's search recorded.
    #[test]
    fn the_example_steps_to_its_path_with_the_traces_numbers() {
        let mut lesson = AStarLesson::new();
        let first = screen(&lesson);
        assert!(first.iter().any(|r| r.contains("open list (1)")));
        lesson.press(key('n'));
        let state = lesson.state();
        assert_eq!(state.current, Some(Pos::new(2, 2)));
        assert_eq!(
            state.open.len(),
            5,
            "the start's floor neighbours (the wall's are not)"
        );
        // (1,1) is a diagonal from the start: G 14, H 44 (octile to (5,2)).
        let r = state.open[&Pos::new(1, 1)];
        assert_eq!(to_tiles(r.g).round(), 14.0);
        assert_eq!(to_tiles(r.h).round(), 44.0);
        let rows = screen(&lesson);
        // Its box: column 1 of the grid (x = 1 + 8), row 1 (y = 2 + 3).
        let box_at = |y: usize| rows[y].chars().skip(9).collect::<String>();
        assert!(box_at(5).starts_with("F   58 ↘"), "{:?}", rows[5]);
        assert!(box_at(6).starts_with("G   14"));
        assert!(box_at(7).starts_with("H   44"));
        lesson.press(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        assert!(lesson.done());
        let Outcome::Found { path, .. } = &lesson.trace().outcome else {
            panic!("the example has a path")
        };
        assert!(path.iter().all(|p| lesson.square(*p) == Square::Floor));
        assert!(
            path.iter().any(|p| p.y == 0 || p.y == 4),
            "round the wall: {path:?}"
        );
        let expanded = lesson
            .trace()
            .events
            .iter()
            .filter(|e| matches!(e, TraceEvent::Expanded(_)))
            .count();
        assert_eq!(lesson.shown(), expanded);
        assert!(
            screen(&lesson)
                .iter()
                .any(|r| r.contains("the search stops. The path,"))
        );
    }

    /// A wall in the fog: the search plans through it, the walk bumps
    /// into it, it becomes known, and the new search goes round it.
    #[test]
    fn a_wall_in_the_fog_is_bumped_into_then_planned_around() {
        let mut lesson = AStarLesson::new();
        lesson.press(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        let Outcome::Found { path, .. } = lesson.trace().outcome.clone() else {
            panic!("a path")
        };
        // Hide a wall on the path's third square.
        let hidden = path[2];
        lesson.cursor = hidden;
        lesson.press(key('f'));
        assert_eq!(lesson.square(hidden), Square::Hidden);
        lesson.press(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        let Outcome::Found { path: through, .. } = lesson.trace().outcome.clone() else {
            panic!("a path")
        };
        assert!(
            through.contains(&hidden),
            "the fog's wall is priced as floor"
        );
        lesson.press(key('m'));
        assert_eq!(lesson.bumps(), 1);
        assert_eq!(lesson.square(hidden), Square::Wall);
        assert_eq!(
            lesson.walker(),
            through[through.iter().position(|p| *p == hidden).unwrap() - 1]
        );
        assert!(screen(&lesson).iter().any(|r| r.contains("Bump:")));
        lesson.press(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        let Outcome::Found { path: round, .. } = lesson.trace().outcome.clone() else {
            panic!("a path round it")
        };
        assert!(!round.contains(&hidden));
        lesson.press(key('m'));
        assert_eq!(lesson.walker(), Pos::new(5, 2));
    }
}
