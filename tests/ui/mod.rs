//! The terminal front end without a terminal: key handling drives the app
//! state machine directly, and whole screens are drawn on ratatui's
//! `TestBackend` and compared with golden files (`tests/snapshots/`, see
//! `tests/golden.rs` for rewriting them after a change). A module a screen or an
//! area (keys and the loop, help, inspector, replay, watch, play, log, the
//! end); this file holds the fixtures they share.

use std::collections::VecDeque;

use crossterm::event::Event;
use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::ui::app::{App, Mode, Overlay, SPEEDS, Speed};
use darkstar::ui::key::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use darkstar::ui::keymap::{Intent, intent_for};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

mod alarm;
mod end;
mod help;
mod inspector;
mod keys;
mod log;
mod mouse;
mod new_screen;
mod pack;
mod palette;
mod play;
mod replay;
mod seek;
mod senses;
mod title;
mod watch;

fn level(name: &str) -> Level {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(name);
    Level::load(&path).unwrap()
}

/// Figure 1, its seekers knowing the wall (so the search goes round it).
fn figure1() -> App {
    let mut l = level("figure1.txt");
    l.factions[0].knows_map = true;
    App::new(&l, 1).unwrap()
}

fn dungeon() -> App {
    let level = darkstar::content::generator::generate(
        &darkstar::content::generator::GenParams::default(),
        1,
    );
    App::new(&level, 1).unwrap()
}

fn key(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

/// `k` as the terminal reports it, for the tests that drive the event
/// loop (it reads crossterm's events, and hands the screens `k`).
fn typed(k: KeyEvent) -> Event {
    use crossterm::event as ct;
    let code = match k.code {
        KeyCode::Char(c) => ct::KeyCode::Char(c),
        KeyCode::Enter => ct::KeyCode::Enter,
        KeyCode::Esc => ct::KeyCode::Esc,
        KeyCode::Backspace => ct::KeyCode::Backspace,
        KeyCode::Tab => ct::KeyCode::Tab,
        KeyCode::Up => ct::KeyCode::Up,
        KeyCode::Down => ct::KeyCode::Down,
        KeyCode::Left => ct::KeyCode::Left,
        KeyCode::Right => ct::KeyCode::Right,
        other => panic!("no terminal key for {other:?} in these tests"),
    };
    let mut modifiers = ct::KeyModifiers::NONE;
    modifiers.set(
        ct::KeyModifiers::CONTROL,
        k.modifiers.contains(KeyModifiers::CONTROL),
    );
    modifiers.set(
        ct::KeyModifiers::SHIFT,
        k.modifiers.contains(KeyModifiers::SHIFT),
    );
    Event::Key(ct::KeyEvent::new(code, modifiers))
}

fn screen(app: &mut App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    darkstar::ui::draw(&mut terminal, app).unwrap();
    terminal.backend().to_string()
}

fn play_app() -> App {
    let level = darkstar::content::generator::play_level(
        &darkstar::content::generator::GenParams::default(),
        1,
    );
    App::play(&level, 1).unwrap()
}

/// Plays `app` (a replay) until it pauses: at its end, or at a desync.
fn play_to_pause(app: &mut App) {
    let mut guard = 0;
    while !app.is_paused() && guard < 10_000 {
        app.tick();
        guard += 1;
    }
}

/// Every map cell drawn that is not blank must be one the player knows,
/// and every monster glyph drawn must stand where the player sees now.
/// Returns how many drawn cells broke that (0 when fog-honest).
fn unknown_cells_drawn(app: &App, w: u16, h: u16) -> usize {
    let area = ratatui::layout::Rect::new(0, 0, w, h);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ratatui::widgets::Widget::render(app, area, &mut buf);
    let game = app.game();
    let player = game.floor().player().unwrap();
    let knowledge = game.floor().factions()[player.faction()].knowledge();
    // The map view as drawn: watching, the legend and a shorter log
    // leave it less than the play screen's.
    let (vw, vh) = app.map_view_size();
    let cam = app.camera();
    let mut bad = 0;
    for sy in 0..vh {
        for sx in 0..vw {
            let cell = &buf[(sx, sy)];
            let p = Pos::new(cam.x + sx as i32, cam.y + sy as i32);
            let blank = cell.symbol() == " " && cell.bg == ratatui::style::Color::Reset;
            if !blank && !knowledge.is_known(p) {
                bad += 1;
            }
            if let Some(o) = game.floor().world().occupant(p)
                && !game.floor().monsters()[o as usize].is_player()
                && cell.symbol().starts_with(
                    game.floor()
                        .kind_of(&game.floor().monsters()[o as usize])
                        .glyph,
                )
                && !app.player_sees(p)
            {
                bad += 1;
            }
        }
    }
    bad
}

/// A play level with a goblin pack and a second faction, played a few
/// turns: monsters out of sight, much of the map unknown.
fn played_a_while() -> App {
    let mut app = play_app();
    for _ in 0..6 {
        app.handle(Intent::Wait);
    }
    app
}

/// The status row of an 80x30 screen (the sixth row from the bottom).
fn status_row(app: &App) -> String {
    let text = screen(&mut app.clone(), 80, 30);
    let rows: Vec<&str> = text.lines().collect();
    rows[rows.len() - 6]
        .trim_matches('"')
        .trim_end()
        .to_string()
}

fn look_level() -> Level {
    Level::parse(
        "name: look\nfaction: goblins glyph=g sight=12 speed=150 hostile\n\
         faction: moles glyph=m sight=0\nmap:\n\
         ############\n#@>$,=:~+..#\n#.....g....#\n#######.####\n#######m####\n############\n",
        "look.txt".as_ref(),
    )
    .unwrap()
}

fn duel() -> App {
    let level = Level::parse(
        "name: duel\nfaction: goblins glyph=g sight=12 hostile\nmap:\n\
         ##########\n#g......@#\n#........#\n##########\n",
        "duel.txt".as_ref(),
    )
    .unwrap();
    App::play(&level, 3).unwrap()
}

/// A cell of a drawn `width` x `height` screen.
fn drawn(app: &mut App, width: u16, height: u16) -> ratatui::buffer::Buffer {
    let area = ratatui::layout::Rect::new(0, 0, width, height);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    // As the event loop does: lay out, then draw.
    app.lay_out(darkstar::ui::widgets::map_view_size(app, area));
    ratatui::widgets::Widget::render(&*app, area, &mut buf);
    buf
}

/// Row `y` of a drawn screen as text.
fn row(buf: &ratatui::buffer::Buffer, y: u16) -> String {
    (0..buf.area.width)
        .map(|x| buf[(x, y)].symbol().to_string())
        .collect()
}

/// A level with `n` factions, each a pair of monsters heading east.
fn many_factions(n: usize) -> Level {
    let names = [
        "blind",
        "scouts",
        "natives",
        "walkers",
        "seekers",
        "wanderers",
    ];
    let glyphs = ['b', 's', 'n', 'w', 'e', 'a'];
    // A long name, which the status row must leave out at 80 columns.
    let mut text =
        String::from("name: Many factions with a name too long for the row\ndescription: Many.\n");
    for k in 0..n {
        text.push_str(&format!(
            "faction: {} glyph={} sight={k} planner=astar goal=1\n",
            names[k], glyphs[k]
        ));
    }
    text.push_str("map:\n");
    let width = 100;
    text.push_str(&"#".repeat(width));
    text.push('\n');
    for (k, g) in glyphs.iter().enumerate().take(n) {
        let mut line = format!("#{g}{g}");
        line.push_str(&".".repeat(width - 4 - usize::from(k == 0)));
        if k == 0 {
            line.push('1');
        }
        line.push('#');
        text.push_str(&line);
        text.push('\n');
    }
    text.push_str(&"#".repeat(width));
    text.push('\n');
    Level::parse(&text, std::path::Path::new("many.txt")).unwrap()
}

/// The screen at 80x24 as a buffer, to read cells and their colours.
fn buffer(app: &mut App) -> ratatui::buffer::Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    darkstar::ui::draw(&mut terminal, app).unwrap();
    terminal.backend().buffer().clone()
}
