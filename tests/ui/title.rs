//! The title screen drawn: at 80x24 with a saved run (no room for the
//! picture; every entry, the continue line first and highlighted), at
//! 120x40 with a lesson won and one left (the picture of a faction
//! planning through a wall it does not know), and the highlight marked
//! `>` so it reads without colour. Driven through the game's own event
//! loop, as a screen over a still game, with a script of keys: a typed
//! seed comes out as the choice, and a screen too small takes only quit.

use std::collections::VecDeque;

use crossterm::event::Event;
use darkstar::content::lessons::LESSONS;
use darkstar::ui::key::KeyCode;
use darkstar::ui::title::{Choice, LessonLine, Title, TitleMenu};
use darkstar::ui::{Exit, NoSession, event_loop_until};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::{key, typed};

fn menu(saved: bool) -> TitleMenu {
    TitleMenu {
        saved: saved.then(|| "depth 3 of a run, turn 2114, seed 41".to_string()),
        seed: 12,
        lessons: LESSONS
            .iter()
            .enumerate()
            .map(|(i, l)| LessonLine {
                trick: l.trick(),
                won: i == 0,
                saved: i == 1,
            })
            .collect(),
        games: vec!["2026-11-27 14:28  depth 1 of a run, turn 53, seed 3".into()],
        scores: Vec::new(),
    }
}

fn drawn(title: &Title, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(title, frame.area()))
        .unwrap();
    terminal.backend().to_string()
}

#[test]
fn snapshot_title_80x24_with_a_save() {
    let screen = drawn(&Title::new(menu(true)), 80, 24);
    assert!(
        screen.contains("> c  continue: depth 3 of a run"),
        "{screen}"
    );
    crate::golden::snapshot!(screen);
}

#[test]
fn snapshot_title_120x40_lessons_won_and_left() {
    let screen = drawn(&Title::new(menu(false)), 120, 40);
    assert!(screen.contains("#......b****>#"), "the picture: {screen}");
    crate::golden::snapshot!(screen);
}

/// Runs the title screen in `width` x `height` through the event loop on
/// `keys`: how it ended, the choice, and the keys left unread.
fn run(title: Title, width: u16, height: u16, keys: &[KeyCode]) -> (Exit, Choice, usize) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let mut app = title.into_app().unwrap();
    let mut keys: VecDeque<Event> = keys.iter().map(|&c| typed(key(c))).collect();
    let exit = event_loop_until(
        &mut terminal,
        &mut app,
        |_| {
            // The script ran out without a choice: quit, as a player would.
            Ok(Some(keys.pop_front().unwrap_or(typed(key(KeyCode::Esc)))))
        },
        &mut NoSession,
    )
    .unwrap();
    let choice = Title::of(&app).unwrap().choice();
    (exit, choice, keys.len())
}

/// Below the game's minimum the title screen says the terminal is too
/// small (not a cropped menu), and no key but `q` or Esc chooses.
#[test]
fn a_screen_too_small_shows_the_notice_and_takes_only_quit() {
    let title = Title::new(menu(true));
    let screen = drawn(&title, 10, 5);
    assert!(screen.contains("Terminal"), "{screen}");
    assert!(!screen.contains("continue"), "{screen}");
    let screen = drawn(&title, 39, 13);
    assert!(screen.contains("need 40x13, have 39x13"), "{screen}");
    let chooses = [KeyCode::Enter, KeyCode::Char('n'), KeyCode::Char('c')];
    let mut keys = chooses.to_vec();
    keys.push(KeyCode::Char('q'));
    keys.push(KeyCode::Enter);
    let (exit, choice, left) = run(title.clone(), 10, 5, &keys);
    assert_eq!(
        (exit, choice, left),
        (Exit::Quit, Choice::Quit, 1),
        "q quits, nothing chose blindly"
    );
    // The same keys on a screen that fits: Enter goes on with the save.
    let (_, choice, left) = run(title, 40, 13, &keys);
    assert_eq!((choice, left), (Choice::Continue, 4));
}

/// At the game's minimum, 40x13, with a save and every lesson, the title
/// shows every entry (the last four share a row) and each lesson's mark;
/// a line too long is cut with an ellipsis, never mid-word unmarked.
#[test]
fn at_the_smallest_screen_every_entry_is_shown_and_the_highlight_with_it() {
    let mut title = Title::new(menu(true));
    let screen = drawn(&title, 40, 13);
    let keys = [
        "c  ", "n  ", "1  ", "2  ", "3  ", "4  ", "5  ", "6  ", "7  ", "8  ",
    ];
    for key in keys {
        assert!(screen.contains(key), "entry {key:?} missing:\n{screen}");
    }
    for entry in ["w watch", "r games", "s scores", "q quit"] {
        assert!(screen.contains(entry), "{entry:?} missing:\n{screen}");
    }
    assert!(screen.contains(" won"), "lesson 1's mark:\n{screen}");
    assert!(screen.contains(" left"), "lesson 2's mark:\n{screen}");
    assert!(
        screen.contains('\u{2026}'),
        "a cut line is marked:\n{screen}"
    );
    crate::golden::snapshot!(screen);
    // Continue, new run, eight lessons, watch, the last games: scores,
    // highlighted on the shared row.
    for _ in 0..12 {
        title.press(key(KeyCode::Down));
    }
    let screen = drawn(&title, 40, 13);
    assert!(screen.contains(" > w watch  r games  s scores"), "{screen}");
    assert!(screen.contains("c  continue"), "{screen}");
}

#[test]
fn the_loop_ends_on_a_typed_seed() {
    let keys = [
        KeyCode::Char('e'),
        KeyCode::Char('9'),
        KeyCode::Backspace,
        KeyCode::Char('7'),
        KeyCode::Char('0'),
        KeyCode::Enter,
    ];
    let (exit, choice, left) = run(Title::new(menu(false)), 80, 24, &keys);
    assert_eq!(exit, Exit::Quit);
    assert_eq!(choice, Choice::NewRun { seed: 70 });
    assert_eq!(left, 0);
}

/// At 80x24 with no save, every entry has its whole row (none cut, the
/// hint naming `?`); `?` shows how to win and a game's keys, the keys as
/// the key table gives them, all on the screen; any key goes back.
#[test]
fn at_80x24_every_entry_fits_and_question_mark_tells_how_to_win() {
    let mut title = Title::new(menu(false));
    let screen = drawn(&title, 80, 24);
    let rows: Vec<&str> = screen.lines().collect();
    let row_of = |start: &str| {
        rows.iter()
            .find(|r| r.trim_matches('"').trim_start().starts_with(start))
            .unwrap_or_else(|| panic!("{start:?} missing:\n{screen}"))
    };
    for (i, lesson) in LESSONS.iter().enumerate() {
        let row = row_of(&format!("{}  ", i + 1));
        assert!(row.contains(&lesson.trick()), "{row} cut:\n{screen}");
    }
    for entry in [
        "> n  a new run of ten depths, seed 12  (e: type a seed)",
        "w  watch the monsters alone",
        "r  play back one of the last games (1)",
        "s  the best scores",
        "q  quit",
    ] {
        row_of(entry);
    }
    assert!(!screen.contains('\u{2026}'), "nothing cut:\n{screen}");
    assert!(
        rows[23].contains("or the key before an entry; ? help"),
        "{screen}"
    );
    title.press(key(KeyCode::Char('?')));
    let help = drawn(&title, 80, 24);
    for part in [
        "How to win, and the keys",
        "go down the stairs > to depth 10, take the Darkstar $",
        "take its treasure $",
        "h j k l y u b n  move",
        "x                look",
        "s                sneak",
        "C                close an open door next to you",
        "t                throw",
        "U                use an item",
        ">                take the stairs down",
        "q Esc            quit and save",
        "other keys: back",
    ] {
        assert!(help.contains(part), "{part:?} missing:\n{help}");
    }
    assert!(!help.contains('\u{2026}'), "nothing cut:\n{help}");
    assert!(!title.press(key(KeyCode::Char('n'))), "any key: back");
    assert_eq!(drawn(&title, 80, 24), screen);
}

/// At the smallest screen, 40x13, the help does not fit: `j` (or Down)
/// scrolls it a row, space a page, `k` back, until its last row is on
/// screen and no further; between them every row of it is read whole
/// or marked cut; any other key goes back to the menu.
#[test]
fn at_40x13_the_help_scrolls_to_its_last_row() {
    let mut title = Title::new(menu(true));
    let menu_screen = drawn(&title, 40, 13);
    title.press(key(KeyCode::Char('?')));
    let top = drawn(&title, 40, 13);
    assert!(top.contains("A run: go down"), "{top}");
    assert!(
        !top.contains("quit and save"),
        "it does not all fit:\n{top}"
    );
    assert!(top.contains("j k scroll"), "the hint says so:\n{top}");
    // Rows of the screen between the title and the hint, every scroll.
    let body = |screen: &str| -> Vec<String> {
        let rows: Vec<&str> = screen.lines().collect();
        rows[..rows.len() - 1]
            .iter()
            .map(|r| r.trim_matches('"').trim().to_string())
            .filter(|r| !r.is_empty())
            .collect()
    };
    let mut seen: Vec<String> = body(&top);
    let mut last = top.clone();
    for _ in 0..40 {
        title.press(key(KeyCode::Char('j')));
        let now = drawn(&title, 40, 13);
        seen.extend(body(&now));
        if now == last {
            break;
        }
        last = now;
    }
    assert!(last.contains("quit and save"), "the last row:\n{last}");
    for part in [
        "A run: go down",
        "<. A lesson: take",
        "Monsters hunt you",
        "wait a turn",
        "look: a cursor",
        "throw: a dart",
        "use an item",
        "explore: walk",
        "every key, in a game",
        "quit and save",
    ] {
        assert!(
            seen.iter().any(|r| r.contains(part)),
            "{part:?} never on screen: {seen:#?}"
        );
    }
    // Past the end it stays; `k` goes back up a row, space down a page.
    title.press(key(KeyCode::Down));
    assert_eq!(drawn(&title, 40, 13), last, "no further than the last row");
    title.press(key(KeyCode::Char('k')));
    assert_ne!(drawn(&title, 40, 13), last);
    title.press(key(KeyCode::Char(' ')));
    assert_eq!(drawn(&title, 40, 13), last);
    for _ in 0..40 {
        title.press(key(KeyCode::Up));
    }
    assert_eq!(drawn(&title, 40, 13), top, "back at the top");
    assert!(!title.press(key(KeyCode::Char('n'))), "any other key: back");
    assert_eq!(drawn(&title, 40, 13), menu_screen);
}
