//! The alarm overlay (`A`): in a played game watched back, who believes
//! it knows where the player is and how (saw, heard, told by a cry), a
//! mark where each believes it is, and a cry drawn where it rose and as
//! far as it carried, for a few turns; in a watch without a player,
//! nothing but the legend saying so.

use super::*;
use darkstar::sim::{Action, Learnt};
use darkstar::ui::app::CRY_TURNS;
use ratatui::style::Color;

/// A scout that cries (sight 8, deaf) sees the player down a hall and
/// cries out; its blind kin, a brute that hears ten steps, is round a
/// corner three steps from it, too far to hear the player's footsteps
/// (four steps at hearing ten), near enough to hear the cry.
fn alarm_level() -> Level {
    Level::parse(
        "name: hall\n\
         faction: goblins glyph=s one=scout sight=8 hp=3 behaviours=cry,melee,hunt,search,wander\n\
         kind: brute of=goblins glyph=B hp=30 hearing=10 hostile\n\
         map:\n\
         ####################\n\
         #@.......s.........#\n\
         #..................#\n\
         #########.##########\n\
         #.........B........#\n\
         ####################\n",
        "hall.txt".as_ref(),
    )
    .unwrap()
}

/// Where the player stands when the scout sees it, and the scout's cell
/// then.
const SEEN_AT: Pos = Pos::new(1, 1);
const SCOUT_AT: Pos = Pos::new(9, 1);

/// The game played (the scout cries on the first turn, then the player
/// sneaks a step south, unheard) and watched back to its end with the
/// alarm overlay on, as `darkstar replay FILE` then `A` shows it.
fn watched_back() -> App {
    let mut played = App::play(&alarm_level(), 1).unwrap();
    for intent in [Intent::Wait, Intent::Sneak, Intent::Move(Dir::S)] {
        played.handle(intent);
    }
    let mut app = App::replay(&played.recording()).unwrap();
    play_to_pause(&mut app);
    assert!(app.desync().is_none(), "{:?}", app.desync());
    app.handle(intent_for(key(KeyCode::Char('A')), Mode::Watch).unwrap());
    assert_eq!(app.overlay(), Overlay::Alarm);
    app
}

/// The brute (the level's second monster).
const BRUTE: u32 = 1;

#[test]
fn snapshot_alarm_overlay_of_a_cry() {
    let mut app = watched_back();
    let turn = app.game().floor().turn();
    assert!(turn < CRY_TURNS, "the cry is still drawn on turn {turn}");
    crate::golden::snapshot!(screen(&mut app, 80, 24));
}

/// The told brute's mark is where the scout saw the player, which the
/// player has left: the overlay draws what the brute believes, not
/// where the player is. The scout, which sees the player, believes the
/// true cell. The cry is drawn from where the scout stood when it cried
/// (it has come on since), out to what the keenest ear on the level (the
/// brute's ten steps) could hear, and fades after a few turns.
#[test]
fn the_alarm_marks_what_a_told_kin_believes_not_where_the_player_is() {
    let mut app = watched_back();
    let game = app.game();
    let belief = game
        .floor()
        .mind(BRUTE)
        .knows()
        .expect("the brute was told");
    assert_eq!((belief.at, belief.how), (SEEN_AT, Learnt::Told));
    let player = game.floor().player().unwrap().pos();
    assert_ne!(player, SEEN_AT, "the player moved after the cry");
    let scout = game.floor().mind(0).knows().expect("the scout hunts");
    assert_eq!((scout.at, scout.how), (player, Learnt::Saw));
    let scout_now = game.floor().monsters()[0].pos();
    assert_ne!(scout_now, SCOUT_AT, "the scout came on after its cry");
    let brute_at = game.floor().monsters()[BRUTE as usize].pos();
    let cam = app.camera();
    let buf = buffer(&mut app);
    let cell = |p: Pos| buf[((p.x - cam.x) as u16, (p.y - cam.y) as u16)].clone();
    // The believed cell: the mark, in the colour of a cry's telling.
    let mark = cell(SEEN_AT);
    assert_eq!(
        (mark.symbol(), mark.fg),
        ("X", Color::LightMagenta),
        "the told place"
    );
    // The player's true cell: the player, behind them the colour of the
    // scout's sight, nothing of the brute's belief.
    let there = cell(player);
    assert_eq!((there.symbol(), there.bg), ("@", Color::LightRed));
    // The brute's letter in the colour of how it knows.
    let brute = cell(brute_at);
    assert_eq!((brute.symbol(), brute.fg), ("B", Color::LightMagenta));
    // The cry: where it rose, and ground within ten steps of it.
    assert_eq!(cell(SCOUT_AT).symbol(), "\"");
    let reached = |p: Pos| {
        let c = cell(p);
        c.symbol() == "\u{2591}" && c.fg == Color::Magenta
    };
    assert!(reached(Pos::new(18, 1)), "nine steps east of the cry");
    assert!(reached(Pos::new(16, 4)), "ten steps off, through the gap");
    assert!(!reached(Pos::new(17, 4)), "eleven steps off");
    assert!(app.cries().count() == 1 && app.cries().all(|c| c.at == SCOUT_AT));
    // The status row names the overlay, the legend its glyphs.
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("| alarm |"), "{text}");
    assert!(text.contains("told @ here") && text.contains("keenest ear"));
    // A few turns on the cry is gone.
    for _ in 0..CRY_TURNS {
        app.apply(darkstar::sim::Command::Player(Action::Wait(None)));
    }
    let map = map_text(&mut app);
    assert!(!map.contains('\u{2591}') && !map.contains('"'), "{map}");
}

/// The map view of an 80x24 screen as text, a line a row.
fn map_text(app: &mut App) -> String {
    let buf = buffer(app);
    let (w, h) = app.map_view_size();
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Watching the same level (the player standing still), the cry shows
/// as it does in playback; watching a level without a player, the
/// alarm has nothing to show, and its legend says so.
#[test]
fn the_alarm_in_a_watch_with_and_without_a_player() {
    let mut app = App::new(&alarm_level(), 1).unwrap();
    app.step();
    app.handle(Intent::Show(Overlay::Alarm));
    assert_eq!(app.cries().count(), 1);
    let map = map_text(&mut app);
    assert!(map.contains('"') && map.contains('\u{2591}'), "{map}");
    let mut app = App::new(&Level::opening(), 1).unwrap();
    for _ in 0..5 {
        app.step();
    }
    app.handle(Intent::Show(Overlay::Alarm));
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("no player"), "{text}");
    let map = map_text(&mut app);
    assert!(!map.contains('X') && !map.contains('"'), "{map}");
}

/// The help says what the alarm's glyphs mean while it is on (in place
/// of the plans and digits it does not draw), on a page that still fits
/// 80x24 in a run played after `V`, whose glyph page is the fullest; its
/// keys page names `A`.
#[test]
fn the_help_tells_the_alarm_and_its_pages_fit() {
    use darkstar::ui::widgets::help_lines;
    let mut run = App::play_run(1, 1).unwrap();
    run.handle(Intent::Show(Overlay::Alarm));
    assert_eq!(run.overlay(), Overlay::None, "hidden until V");
    run.handle(Intent::Reveal);
    run.handle(Intent::Show(Overlay::Alarm));
    assert_eq!(run.overlay(), Overlay::Alarm);
    for app in [&run, &watched_back()] {
        let (_, keys) = help_lines(app, 0);
        assert!(
            keys.iter()
                .any(|l| l.contains(" A ") && l.contains("alarm"))
        );
        let (_, glyphs) = help_lines(app, 1);
        assert!(glyphs.len() + 4 <= 24, "{glyphs:?}");
        assert!(glyphs.iter().all(|l| l.chars().count() + 4 <= 80));
        let text = glyphs.join("\n");
        assert!(text.contains("keenest ear") && !text.contains("plans crossing"));
    }
}
