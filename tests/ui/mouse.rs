//! The mouse in play: a left click on the map opens look mode with the
//! cursor on the cell clicked (read through the camera, wherever it
//! stands), a click on the cursor's cell travels there, and a click off
//! the map means nothing. Driven with crossterm's mouse events, through
//! the key map's mouse row and, once, through the event loop itself.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::sim::autopilot::Activity;
use darkstar::ui::app::App;
use darkstar::ui::keymap::{Intent, mouse_intent_for};
use darkstar::ui::{NoSession, event_loop_until};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A lit hall 70 wide, wider than a 40-column screen's map, the player
/// at its west end.
fn hall() -> App {
    let wall = "#".repeat(70);
    let row = |inside: &str| format!("#{inside:.<68}#\n");
    let text = format!(
        "name: hall\nmap:\n{wall}\n{}{}{}{wall}\n",
        row(""),
        row("@"),
        row("")
    );
    App::play(&Level::parse(&text, "hall.txt".as_ref()).unwrap(), 1).unwrap()
}

fn left_click(column: u16, row: u16) -> MouseEvent {
    MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }
}

/// As the event loop does with a mouse event: the screen laid out (and
/// drawn) at its size, then the event's intent, if any, handled.
fn click(app: &mut App, terminal: &mut Terminal<TestBackend>, column: u16, row: u16) {
    darkstar::ui::draw(terminal, app).unwrap();
    if let Some(intent) = mouse_intent_for(left_click(column, row).into(), app.mode()) {
        app.handle(intent);
    }
}

fn player_pos(app: &App) -> Pos {
    app.game().floor().player().unwrap().pos()
}

/// Where cell `p` is drawn on screen now (the map's top-left is the
/// screen's in play).
fn on_screen(app: &mut App, terminal: &mut Terminal<TestBackend>, p: Pos) -> (u16, u16) {
    darkstar::ui::draw(terminal, app).unwrap();
    let origin = app.camera();
    ((p.x - origin.x) as u16, (p.y - origin.y) as u16)
}

#[test]
fn a_click_puts_the_look_cursor_on_the_cell_clicked_wherever_the_camera_stands() {
    let mut app = hall();
    let mut terminal = Terminal::new(TestBackend::new(40, 13)).unwrap();
    darkstar::ui::draw(&mut terminal, &mut app).unwrap();
    let first = app.camera();
    click(&mut app, &mut terminal, 9, 2);
    assert_eq!(app.cursor(), Some(Pos::new(first.x + 9, first.y + 2)));
    assert_eq!(app.screens().last().map(|s| s.name()), Some("look"));
    // The cursor far east: the view follows it, to another place.
    for _ in 0..55 {
        app.handle(Intent::Move(Dir::E));
    }
    darkstar::ui::draw(&mut terminal, &mut app).unwrap();
    let second = app.camera();
    assert_ne!(second, first, "the camera moved");
    click(&mut app, &mut terminal, 5, 3);
    assert_eq!(app.cursor(), Some(Pos::new(second.x + 5, second.y + 3)));
    let cursor = app.cursor().unwrap();
    // Off the map (the status row; the rows under a map shorter than the
    // view), nothing moves; the player has spent no turn.
    for (column, row) in [(5, 7), (5, 12), (5, 6)] {
        click(&mut app, &mut terminal, column, row);
        assert_eq!(app.cursor(), Some(cursor));
    }
    assert_eq!(app.game().floor().turn(), 0);
}

#[test]
fn a_second_click_on_the_cursor_travels_there() {
    let mut app = hall();
    let mut terminal = Terminal::new(TestBackend::new(40, 13)).unwrap();
    let start = player_pos(&app);
    let to = Pos::new(start.x + 7, start.y + 1);
    let (column, row) = on_screen(&mut app, &mut terminal, to);
    click(&mut app, &mut terminal, column, row);
    assert_eq!(app.cursor(), Some(to));
    assert_eq!(app.activity(), None, "one click only looks");
    // The view centres on the cursor: the second click is where it is
    // drawn now.
    let (column, row) = on_screen(&mut app, &mut terminal, to);
    click(&mut app, &mut terminal, column, row);
    assert_eq!(app.cursor(), None, "look mode is put away");
    assert_eq!(app.activity(), Some(Activity::Travel(to)));
    app.tick();
    assert!(
        player_pos(&app).x > start.x,
        "the player moved toward the cell"
    );
    for _ in 0..20 {
        app.tick();
    }
    assert_eq!(player_pos(&app), to);
}

/// Through the event loop: a mouse event is read where the loop laid the
/// map out, and a click elsewhere (another button, watch) means nothing.
#[test]
fn the_event_loop_takes_a_left_click_on_the_map() {
    let mut app = hall();
    let mut terminal = Terminal::new(TestBackend::new(40, 13)).unwrap();
    let start = player_pos(&app);
    let mut right = left_click(3, 1);
    right.kind = MouseEventKind::Down(MouseButton::Right);
    let mut events = vec![
        Event::Mouse(right),
        Event::Mouse(left_click(4, 1)),
        Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
    ]
    .into_iter();
    event_loop_until(
        &mut terminal,
        &mut app,
        |_| Ok(events.next()),
        &mut NoSession,
    )
    .unwrap();
    // The view stands at the west wall (the player is by it): column 4,
    // row 1 is cell (4, 1).
    assert!(start.x < 20);
    assert_eq!(app.cursor(), Some(Pos::new(4, 1)));
    let watch = |c| mouse_intent_for(left_click(c, 1).into(), darkstar::ui::app::Mode::Watch);
    assert_eq!(watch(4), None);
}
