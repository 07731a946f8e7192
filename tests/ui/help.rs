//! The help screen: its pages (the keys made from the screens' command
//! lists, the glyphs, the factions), each fitting 80x24, and any key
//! turning the page.

use super::*;

#[test]
fn overlays_toggle_and_factions_cycle_and_help_closes_on_any_key() {
    let mut app = dungeon();
    app.handle(Intent::Show(Overlay::Danger));
    assert_eq!(app.overlay(), Overlay::Danger);
    app.handle(Intent::Show(Overlay::Danger));
    assert_eq!(app.overlay(), Overlay::Combined);
    let n = app.game().floor().factions().len();
    for i in 1..=n {
        app.handle(Intent::NextFaction);
        assert_eq!(app.faction(), i % n);
    }
    app.handle(Intent::Help);
    assert!(app.showing_help());
    app.tick();
    assert_eq!(
        app.game().floor().turn(),
        0,
        "the help screen pauses the game"
    );
    // Any key turns the page (keys, glyphs, factions); past the last, or
    // with q, it closes.
    // No screen under the help: the game's keys, glyphs, factions.
    for page in 1..3 {
        app.handle(Intent::Faster);
        assert!(app.showing_help());
        assert_eq!(app.help_page(), page);
    }
    app.handle(Intent::Faster);
    assert!(!app.showing_help());
    app.handle(Intent::Help);
    assert_eq!(app.help_page(), 0);
    app.handle(Intent::Quit);
    assert!(!app.showing_help() && !app.confirming_quit());
    app.handle(Intent::Scroll(-8, -8));
    assert_eq!(
        app.camera(),
        darkstar::map::geom::Pos::new(0, 0),
        "the view stays on the map"
    );
    app.handle(Intent::Scroll(8, 8));
    // The dungeon is 80 wide, as wide as the view: no sideways room.
    assert_eq!(app.camera(), darkstar::map::geom::Pos::new(0, 8));
}

#[test]
fn snapshot_help() {
    let mut app = dungeon();
    app.handle(Intent::Help);
    crate::golden::snapshot!(screen(&mut app, 80, 30));
}

/// `?` pages through the keys, every glyph with its cost, and the
/// factions of the level; every page fits 80x24.
#[test]
fn snapshot_help_pages() {
    use darkstar::ui::widgets::help_lines;
    let mut app = play_app();
    let mut pages = Vec::new();
    app.handle(Intent::Help);
    for page in 0..3 {
        assert_eq!(app.help_page(), page);
        let (_, lines) = help_lines(&app, page);
        assert!(
            lines.len() + 4 <= 24,
            "page {page} has {} lines",
            lines.len()
        );
        assert!(
            lines.iter().all(|l| l.chars().count() + 4 <= 80),
            "{lines:?}"
        );
        pages.push(screen(&mut app, 80, 24));
        app.handle(Intent::Wait);
    }
    assert!(!app.showing_help());
    let glyphs = &pages[1];
    assert!(glyphs.contains("swamp: a step costs 3 turns"), "{glyphs}");
    assert!(
        pages[2].contains("goblins") && pages[2].contains("hostile"),
        "{}",
        pages[2]
    );
    crate::golden::snapshot!(pages.join("\n"));
}

/// Watching, the help speaks of watching: the glyph page has no player,
/// no treasure and no memory shading, and the factions page never
/// contradicts itself (a faction that knows the map is not "blind"; a
/// hostile one does not hunt a "you" who is not there).
#[test]
fn watch_help_describes_watch() {
    use darkstar::ui::widgets::help_lines;
    let mut level = Level::opening();
    level.factions[1].kinds[0].behaviours =
        darkstar::content::behaviours::Behaviours::from_flags(false, false, true, false);
    let app = App::new(&level, 1).unwrap();
    let (_, glyphs) = help_lines(&app, 1);
    let glyphs = glyphs.join("\n");
    for player_only in ["@", "treasure", "remembered", "stairs"] {
        assert!(!glyphs.contains(player_only), "{player_only}:\n{glyphs}");
    }
    assert!(glyphs.contains("not seen"), "{glyphs}");
    let (_, factions) = help_lines(&app, 2);
    let natives = factions
        .iter()
        .find(|l| l.starts_with("n natives"))
        .unwrap();
    assert!(
        natives.contains("knows the map") && !natives.contains("blind"),
        "{natives}"
    );
    let blind = factions.iter().find(|l| l.starts_with("b blind")).unwrap();
    assert!(blind.contains("blind"), "{blind}");
    assert!(factions.iter().all(|l| !l.contains("you")), "{factions:?}");
}

/// In a run the help names the run's goal: the Darkstar carried out by
/// depth 1's up-stairs (the glyph page has `<`), not a level's treasure
/// taken to `>`; on a level it stays the treasure to the stairs.
#[test]
fn a_runs_help_names_the_darkstar_and_the_way_out() {
    use darkstar::ui::widgets::help_lines;
    let run = App::play_run(1, 1).unwrap();
    let pages: Vec<String> = (0..2).map(|p| help_lines(&run, p).1.join("\n")).collect();
    for page in &pages {
        assert!(page.lines().count() + 4 <= 24, "{page}");
    }
    assert!(
        pages[0].contains("the Darkstar $ (depth 10) up and out by depth 1's <"),
        "{}",
        pages[0]
    );
    assert!(!pages[0].contains("treasure"), "{}", pages[0]);
    assert!(pages[1].contains("<    the stairs up"), "{}", pages[1]);
    assert!(!pages[1].contains("treasure"), "{}", pages[1]);
    let level = play_app();
    let keys = help_lines(&level, 0).1.join("\n");
    assert!(
        keys.contains("take the treasure $ to the stairs >"),
        "{keys}"
    );
}

/// The help's speed line says the speed that really opens, in each way
/// the clock opens: watching (`WATCH_SPEED`), a watched game's replay
/// (the same), a played game's replay (`PLAYED_REPLAY_SPEED`, faster),
/// and a speed given on the command line (`--speed`).
#[test]
fn the_help_says_the_speed_that_opens() {
    use darkstar::record::replay::Replay;
    use darkstar::ui::app::{PLAYED_REPLAY_SPEED, WATCH_SPEED};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays");
    let played = Replay::load(&dir.join("play-seed7.replay")).unwrap();
    let mut watched = dungeon();
    for _ in 0..3 {
        watched.step();
    }
    let watched = watched.recording();
    let opened = [
        ("watch", dungeon(), SPEEDS[WATCH_SPEED]),
        (
            "a watched game's replay",
            App::replay(&watched).unwrap(),
            SPEEDS[WATCH_SPEED],
        ),
        (
            "a played game's replay",
            App::replay(&played).unwrap(),
            SPEEDS[PLAYED_REPLAY_SPEED],
        ),
        (
            "watch --speed 300",
            dungeon().at_speed(Speed::setting("300").unwrap()),
            Speed::PerSecond(300),
        ),
        (
            "replay --speed max",
            App::replay(&played).unwrap().at_speed(SPEEDS.len() - 1),
            Speed::Max,
        ),
    ];
    assert_ne!(SPEEDS[WATCH_SPEED], SPEEDS[PLAYED_REPLAY_SPEED]);
    for (what, mut app, speed) in opened {
        assert_eq!(app.speed(), speed, "{what}: the clock");
        assert_eq!(app.opening_speed(), speed, "{what}");
        let said = format!("faster / slower (opens at {})", speed.words());
        let (_, lines) = darkstar::ui::app::help_lines(&app, 0);
        assert!(
            lines.iter().any(|l| l.ends_with(&said)),
            "{what}: {said:?} not in {lines:#?}"
        );
        // Faster, the line still says where it opened.
        app.handle(Intent::Faster);
        let (_, lines) = darkstar::ui::app::help_lines(&app, 0);
        assert!(lines.iter().any(|l| l.ends_with(&said)), "{what}");
    }
}
