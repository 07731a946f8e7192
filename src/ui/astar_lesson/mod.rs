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
//!
//! The state and its keys are here; `draw.rs` draws it (`impl Widget`,
//! from what its methods show).

mod draw;
#[cfg(test)]
mod tests;

use ratatui::layout::Rect;

use crate::map::cost::to_tiles;
use crate::map::geom::Pos;
use crate::path::trace::{Trace, TraceState, trace_search};
use crate::path::{Connectivity, GridMap, Outcome};
use crate::ui::app::inspector::{BOX_HEIGHT, BOX_WIDTH};
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

    /// Where the cursor is.
    pub fn cursor(&self) -> Pos {
        self.cursor
    }

    /// Searches made: the first, then one after each change and bump.
    pub fn plans(&self) -> u32 {
        self.plans
    }

    /// What happened last, in a line.
    pub fn said(&self) -> &str {
        &self.said
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
