//! The monsters' senses and the player's noise on screen (issue 68):
//! looking at a monster draws the cells it sees; `N` draws how far the
//! player's step and a fight carry, to the keenest ear on the level; the
//! status row says what sneaking buys.

use darkstar::content::level::Level;
use darkstar::map::geom::Pos;
use darkstar::sim::autopilot;
use darkstar::ui::app::App;
use darkstar::ui::keymap::Intent;
use darkstar::ui::widgets::{HEARD_FIGHT, HEARD_STEP, IN_ITS_SIGHT};
use ratatui::buffer::Buffer;
use ratatui::style::Color;

use super::{drawn, row};

/// A hall with a pillar; a jackal asleep past it that sees six
/// cells and hears a step two cells off, a fight six.
const HALL: &str = "name: hall\n\
    faction: jackals glyph=j sight=6 hearing=6 sleeps hostile\n\
    map:\n\
    ##############\n\
    #@...........#\n\
    #............#\n\
    #....#..j....#\n\
    #............#\n\
    ##############\n";

fn bg(app: &App, buf: &Buffer, p: Pos) -> Color {
    let cam = app.camera();
    buf[((p.x - cam.x) as u16, (p.y - cam.y) as u16)].bg
}

/// True where a fight would be heard: underlined.
fn fight(app: &App, buf: &Buffer, p: Pos) -> bool {
    let cam = app.camera();
    buf[((p.x - cam.x) as u16, (p.y - cam.y) as u16)]
        .modifier
        .contains(HEARD_FIGHT)
}

#[test]
fn looking_at_a_monster_draws_what_it_sees() {
    let level = Level::parse(HALL, "hall.txt".as_ref()).unwrap();
    let mut app = App::play(&level, 1).unwrap();
    let jackal = Pos::new(8, 3);
    assert_eq!(app.game().floor().monsters()[0].pos(), jackal);
    // Not looking: nothing drawn.
    let buf = drawn(&mut app, 80, 24);
    assert_ne!(bg(&app, &buf, Pos::new(7, 3)), IN_ITS_SIGHT);
    // The cursor on the jackal.
    app.handle(Intent::Look);
    app.handle(Intent::Faster);
    assert_eq!(
        app.cursor(),
        Some(jackal),
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
    // (Tall enough that the look box goes below the hall.)
    let buf = drawn(&mut app, 80, 30);
    let sight = autopilot::sight_from(app.game(), jackal, 6);
    // Beside it, and round the pillar's side, in its sight.
    for p in [
        Pos::new(7, 3),
        Pos::new(6, 3),
        Pos::new(6, 1),
        Pos::new(12, 4),
    ] {
        assert!(sight.contains(&p), "{p} not in {sight:?}");
        assert_eq!(bg(&app, &buf, p), IN_ITS_SIGHT, "{p}");
    }
    // Behind the pillar, and beyond its six cells: not.
    for p in [
        Pos::new(4, 3),
        Pos::new(3, 3),
        Pos::new(1, 2),
        Pos::new(1, 1),
    ] {
        assert!(!sight.contains(&p), "{p} in {sight:?}");
        assert_ne!(bg(&app, &buf, p), IN_ITS_SIGHT, "{p}");
    }
    // On the floor with no monster: nothing drawn.
    app.handle(Intent::Move(darkstar::map::geom::Dir::W));
    let buf = drawn(&mut app, 80, 24);
    assert_ne!(bg(&app, &buf, Pos::new(7, 3)), IN_ITS_SIGHT);
}

#[test]
fn the_players_noise_is_drawn_on_request_and_sneaking_is_said() {
    let level = Level::parse(HALL, "hall.txt".as_ref()).unwrap();
    let mut app = App::play(&level, 1).unwrap();
    let buf = drawn(&mut app, 80, 24);
    assert_ne!(bg(&app, &buf, Pos::new(2, 2)), HEARD_STEP);
    app.handle(Intent::Noise);
    assert!(
        app.log().any(|l| l.contains(
            "To a jackal's ears, the keenest here: your steps carry to the shaded ground"
        )),
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
    let buf = drawn(&mut app, 80, 24);
    // A step is heard two cells off (hearing 6, a step 40% of a fight),
    // a fight six; the hall's walls are the player's map's.
    assert_eq!(bg(&app, &buf, Pos::new(3, 3)), HEARD_STEP);
    assert!(fight(&app, &buf, Pos::new(3, 3)));
    assert_ne!(bg(&app, &buf, Pos::new(4, 1)), HEARD_STEP);
    assert!(fight(&app, &buf, Pos::new(4, 1)) && fight(&app, &buf, Pos::new(7, 2)));
    assert!(!fight(&app, &buf, Pos::new(8, 1)));
    assert_ne!(bg(&app, &buf, Pos::new(8, 1)), HEARD_STEP);
    // Sneaking: no step is heard; the status row says what it buys.
    app.handle(Intent::Sneak);
    let buf = drawn(&mut app, 120, 24);
    assert_ne!(bg(&app, &buf, Pos::new(3, 3)), HEARD_STEP);
    assert!(fight(&app, &buf, Pos::new(3, 3)));
    let status = (0..buf.area.height)
        .map(|y| row(&buf, y))
        .find(|r| r.contains("sneaking"))
        .expect("sneaking in the status row");
    assert!(
        status.contains("unheard, noticed within 7, woken within 3"),
        "{status}"
    );
    // Again: hidden.
    app.handle(Intent::Noise);
    let buf = drawn(&mut app, 80, 24);
    assert!(!fight(&app, &buf, Pos::new(4, 1)));
}
