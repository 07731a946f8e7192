//! The A* lesson stepped, drawn and walked into its fog.

use ratatui::buffer::Buffer;
use ratatui::widgets::Widget;

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
