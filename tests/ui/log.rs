//! The message log and its history (Ctrl-P): what is said, in what
//! words and order, wrapped at words.

use super::*;

/// The same words repeated collapse into one line with a count.
#[test]
fn the_log_collapses_repeats_and_keeps_a_bounded_history() {
    let mut app = duel();
    for _ in 0..4 {
        app.handle(Intent::Move(Dir::E)); // A wall the player sees.
    }
    assert_eq!(app.game().floor().turn(), 0, "a known wall takes no time");
    assert_eq!(app.log().last().unwrap(), "0: A wall. x4");
    assert_eq!(app.log().filter(|l| l.contains("A wall")).count(), 1);
    // Bounded: a long watch keeps the last messages only.
    let mut app = dungeon();
    for _ in 0..(darkstar::ui::log::MessageLog::CAPACITY + 50) {
        app.handle(Intent::TogglePause);
    }
    assert_eq!(app.log().len(), darkstar::ui::log::MessageLog::CAPACITY);
}

/// The log speaks English: "you hit", "the goblin hits you", "1 state
/// hash" but "4 state hashes".
#[test]
fn the_log_says_you_hit_and_counts_in_the_singular() {
    let mut app = duel();
    // Wait for the goblin, then hit it.
    while app.game().floor().monsters()[0].pos().x < 7 && app.game().floor().turn() < 20 {
        app.handle(Intent::Wait);
    }
    let goblin = app.game().floor().monsters()[0].pos();
    let me = app.game().floor().player().unwrap().pos();
    app.handle(Intent::Move(me.dir_to(goblin).expect("next to it")));
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter().any(|l| l.contains("You hit the goblin for ")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.contains("The goblin hits you for ")),
        "{log:?}"
    );
    assert!(
        !log.iter()
            .any(|l| l.contains("hits the") && l.contains("You hits"))
    );
    // One hash checked: singular.
    let level = level("deadly-pass.txt");
    let config = darkstar::sim::SimConfig::default();
    let mut rec = darkstar::record::replay::Recorder::new(
        darkstar::record::replay::LevelSource::Text(level.to_text()),
        2,
        config,
        10,
    );
    let mut game = darkstar::sim::Game::new(&level, 2, config).unwrap();
    for _ in 0..10 {
        rec.apply(&mut game, darkstar::sim::Command::Advance);
    }
    let mut app = App::replay(rec.replay()).unwrap();
    play_to_pause(&mut app);
    assert!(
        app.log()
            .any(|l| l.contains("End of the replay: in sync, 1 state hash checked.")),
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
}

/// Playing, the log says nothing of what the player cannot know: no
/// replans, no bumps of monsters, no fights out of sight; the same game
/// watched (its replay) shows they happened.
#[test]
fn play_logs_no_ai_internal_messages() {
    // A blind monster beyond a wall, walking into walls on its way.
    let level = Level::parse(
        "name: busy\nfaction: blind glyph=b sight=0 goal=1\nmap:\n\
         ##############\n#@..#........#\n#...#.b.###..#\n#...#...#1#..#\n##############\n",
        "busy.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    for _ in 0..40 {
        app.handle(Intent::Wait);
    }
    let internal = |l: &String| {
        l.contains("replans") || l.contains("bumps into") || l.contains("finds no way")
    };
    let played: Vec<&String> = app.log().collect();
    assert!(!played.iter().any(|l| internal(l)), "{played:?}");
    let mut watched = App::replay(&app.recording()).unwrap();
    play_to_pause(&mut watched);
    assert!(watched.log().any(internal), "the AI did replan meanwhile");
}

/// Ctrl-P opens the whole log (more than the four rows under the map),
/// the move keys scroll it, any other key closes it.
#[test]
fn ctrl_p_shows_the_message_history() {
    let ctrl_p = KeyEvent::new(KeyCode::Char('p'), KeyModifiers::CONTROL);
    assert_eq!(intent_for(ctrl_p, Mode::Play), Some(Intent::History));
    assert_eq!(intent_for(ctrl_p, Mode::Watch), Some(Intent::History));
    let mut app = dungeon();
    for _ in 0..30 {
        app.handle(Intent::TogglePause);
        app.handle(Intent::Step);
    }
    let first = app.log().next().unwrap().clone();
    assert!(!screen(&mut app, 80, 30).contains(&first));
    app.handle(Intent::History);
    assert_eq!(app.history(), Some(0));
    let newest = screen(&mut app, 80, 30);
    assert!(newest.contains("Messages ("), "{newest}");
    assert!(newest.contains(app.log().last().unwrap().as_str()));
    // Scrolled back to the oldest.
    for _ in 0..200 {
        app.handle(Intent::Scroll(0, -8));
    }
    assert_eq!(app.history(), Some(app.log().len() - 1));
    assert!(screen(&mut app, 80, 30).contains(&first));
    app.handle(Intent::Scroll(0, 8));
    assert_eq!(app.history(), Some(app.log().len() - 2));
    let turn = app.game().floor().turn();
    app.tick();
    assert_eq!(
        app.game().floor().turn(),
        turn,
        "the history pauses the game"
    );
    app.handle(Intent::Help);
    assert_eq!(app.history(), None, "any other key closes");
    assert!(!app.showing_help(), "and does nothing else");
    // In play, k scrolls it (not the player).
    let mut app = duel();
    for _ in 0..5 {
        app.handle(Intent::Move(Dir::E));
        app.handle(Intent::Wait);
    }
    app.handle(Intent::History);
    let at = app.game().floor().player().unwrap().pos();
    app.handle(Intent::Move(Dir::N));
    assert_eq!(app.history(), Some(1));
    assert_eq!(app.game().floor().player().unwrap().pos(), at);
}

/// A message longer than the screen is wide is wrapped after a word onto
/// the next log row, not cut: the play level's opening line at 80 columns
/// ends on the second row with "Press ? for help.".
#[test]
fn long_messages_wrap_at_words_in_the_log() {
    let mut app = play_app();
    let buf = drawn(&mut app, 80, 24);
    // Play: four log rows at the bottom.
    let rows: Vec<String> = (20..24).map(|y| row(&buf, y)).collect();
    let first = rows
        .iter()
        .position(|r| r.starts_with("dungeon-1: Take the treasure"))
        .expect("the opening message");
    assert!(rows[first].trim_end().ends_with("monsters"), "{rows:?}");
    assert!(
        rows[first + 1].trim_end().ends_with("Press ? for help."),
        "{rows:?}"
    );
    assert!(!rows[first + 1].contains(".."), "{rows:?}");
}

/// Ctrl-P never scrolls past the first message: scrolled all the way back,
/// the first message is on the history's top row and the screen below it
/// is full; a message longer than the screen is wide wraps at words, as
/// in the log, rather than being cut.
#[test]
fn the_history_stops_at_the_first_message_and_wraps() {
    let mut app = App::new(&Level::opening(), 1).unwrap();
    for _ in 0..40 {
        app.step();
    }
    app.handle(Intent::History);
    for _ in 0..200 {
        app.handle(Intent::Scroll(0, -8));
    }
    let text = screen(&mut app, 60, 14);
    let rows: Vec<&str> = text.lines().map(|l| l.trim_matches('"')).collect();
    // The first message (the level's name and description) is long: it
    // wraps, and its first words are on the top row inside the border.
    assert!(
        rows[1].starts_with("│Into the dark: The blind plan"),
        "{text}"
    );
    assert!(
        rows[2].starts_with("│through") || rows[2].contains("touched"),
        "{text}"
    );
    assert!(
        rows[1..rows.len() - 1]
            .iter()
            .all(|r| !r.trim_matches(['│', ' ']).is_empty()),
        "a blank row:\n{text}"
    );
    assert!(!text.contains("Press ? fo\n"), "cut inside a word:\n{text}");
}

/// Messages come in the order things happened: a monster that comes into
/// view and hits the player within one action is announced before its
/// blow; and dead, the row under the status names the killer, not
/// "Nothing in view."
#[test]
fn a_monster_comes_into_view_before_it_hits_and_the_killer_is_named() {
    let level = Level::parse(
        "name: door\nfaction: goblins glyph=g sight=12 speed=200 hostile\nmap:\n\
         ##########\n#@+..g...#\n##########\n",
        "door.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    assert!(!app.log().any(|l| l.contains("comes into view")));
    app.handle(Intent::Move(Dir::E));
    for _ in 0..3 {
        if app.log().any(|l| l.contains("hits you")) {
            break;
        }
        app.handle(Intent::Wait);
    }
    let log: Vec<&String> = app.log().collect();
    let seen = log
        .iter()
        .position(|l| l.contains("comes into view"))
        .expect("seen");
    let hit = log
        .iter()
        .position(|l| l.contains("hits you"))
        .expect("hit");
    assert!(seen < hit, "{log:?}");
    while !app.game_over() {
        assert!(app.game().floor().turn() < 500);
        app.handle(Intent::Wait);
    }
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Killed by a goblin (g)."), "{text}");
    assert!(!text.contains("Nothing in view."), "{text}");
}

/// One of a faction is named by the level (`one=`) or the generator, by a
/// table per kind, never by stripping letters: the generator's zombies
/// hit as "the zombie" (not "the zomby"), and a level's wolves as "the
/// wolf"; in the log, the look box and the row of what is in view.
#[test]
fn one_of_a_faction_is_named_by_its_kind() {
    let generated = darkstar::content::generator::play_level(&Default::default(), 1);
    let ones: Vec<&str> = generated.factions.iter().map(|f| f.one()).collect();
    assert!(
        ones.contains(&"zombie") && ones.contains(&"goblin"),
        "{ones:?}"
    );
    let level = Level::parse(
        "name: pack\nfaction: wolves glyph=w one=wolf sight=12 hostile\nmap:\n\
         ##########\n#w......@#\n#........#\n##########\n",
        "wolves.txt".as_ref(),
    )
    .unwrap();
    assert!(level.to_text().contains(" one=wolf"), "written back");
    let mut app = App::play(&level, 3).unwrap();
    while app.game().floor().turn() < 30 && !app.log().any(|l| l.contains("hits you")) {
        app.handle(Intent::Wait);
    }
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter().any(|l| l.contains("The wolf hits you for ")),
        "{log:?}"
    );
    assert!(!log.iter().any(|l| l.contains("wolve")), "{log:?}");
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("w wolf "),
        "the row of what is in view:\n{text}"
    );
    let e = Level::parse(
        "name: x\nfaction: wolves glyph=w one=\nmap:\n#w#\n",
        "bad.txt".as_ref(),
    )
    .unwrap_err();
    assert_eq!(e.position(), Some((2, 25)), "{e}");
}

/// A blow that misses is said ("The goblin misses you.", "You miss the
/// goblin."), as a hit is.
#[test]
fn misses_are_said() {
    let level = Level::parse(
        "name: duel\nfaction: goblins glyph=g sight=12 accuracy=10 defence=60 hp=30 hostile\nmap:\n\
         ##########\n#g......@#\n#........#\n##########\n",
        "duel.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 3).unwrap();
    while app.game().floor().monsters()[0].pos().x < 7 && app.game().floor().turn() < 20 {
        app.handle(Intent::Wait);
    }
    for _ in 0..8 {
        let goblin = &app.game().floor().monsters()[0];
        let me = app.game().floor().player().unwrap().pos();
        match me.dir_to(goblin.pos()).filter(|_| goblin.is_here()) {
            Some(d) => app.handle(Intent::Move(d)),
            None => break,
        }
    }
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter().any(|l| l.contains("The goblin misses you.")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.contains("You miss the goblin.")),
        "{log:?}"
    );
}

/// A dart that meets a wall says where, in the log: aimed at a wall, it
/// hits it; aimed past a cell the player has just walled (a scroll of
/// collapse beside it), it stops short there, and names it a wall: the
/// reader saw it fall (it said "something solid" while the player's map
/// kept the cell as floor until its next step).
#[test]
fn a_dart_that_meets_a_wall_says_where_in_the_log() {
    use crate::common::item;
    use darkstar::sim::Command;
    let level = Level::parse(
        "name: hall\nmap:\n#######\n#.....#\n#.....#\n#.....#\n#..@..#\n#######\n",
        "hall.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    for item in ["dart", "dart", "collapse"].map(item) {
        app.apply(Command::PutItem {
            at: Pos::new(3, 3),
            item,
        });
    }
    app.handle(Intent::Move(Dir::N));
    app.handle(Intent::Move(Dir::S));
    // The pack: the scroll, then the darts. Throw one at the wall.
    let throw_north = |app: &mut App, slot: usize, cells: usize| {
        app.handle(Intent::ThrowItem);
        for _ in 0..slot {
            app.handle(Intent::Move(Dir::S));
        }
        app.handle(Intent::Confirm);
        for _ in 0..cells {
            app.handle(Intent::Move(Dir::N));
        }
        app.handle(Intent::Confirm);
    };
    throw_north(&mut app, 1, 4);
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter()
            .any(|l| l.ends_with("The dart hits a wall at (3, 0).")),
        "{log:?}"
    );
    app.handle(Intent::UseItem);
    app.handle(Intent::Confirm);
    throw_north(&mut app, 0, 3);
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter()
            .any(|l| l.ends_with("The dart hits a wall at (3, 3), short of (3, 1).")),
        "{log:?}"
    );
    assert!(app.game().floor().pack().is_empty(), "both darts spent");
}

/// The player at (1, 1) above a row of swamp, sneaking, with a goblin of
/// `accuracy` (300 HP, blows of 1) come next to it at (2, 1).
fn sneaking_by_a_bog_with_a_goblin_beside(accuracy: u32) -> App {
    let text = format!(
        "name: bog\nfaction: goblins glyph=g sight=12 accuracy={accuracy} hp=300 damage=1d1 hostile\n\
         map:\n#######\n#@...g#\n#,,,,,#\n#######\n"
    );
    let level = Level::parse(&text, "bog.txt".as_ref()).unwrap();
    let mut app = App::play(&level, 3).unwrap();
    while app.game().floor().monsters()[0].pos().x > 2 && app.game().floor().turn() < 20 {
        app.handle(Intent::Wait);
    }
    assert_eq!(app.game().floor().monsters()[0].pos(), Pos::new(2, 1));
    app.handle(Intent::Sneak);
    app
}

/// A slow step is waded: the world plays on while the player stands,
/// and a blow that hurts stops it short, the step not taken and the rest
/// of its time not paid (two orcs once took 38 hit points in two key
/// presses of sneaking through swamp; 15 jackal attacks in one step).
/// Unhurt, the step takes its whole time and arrives at the end.
#[test]
fn a_slow_step_stops_short_when_hurt() {
    let mut app = sneaking_by_a_bog_with_a_goblin_beside(100);
    // Sneaking down onto the swamp would be four turns: the first blow
    // (a sure one) stops it.
    let start = app.game().floor().turn();
    let hp = app.game().floor().player().unwrap().hp();
    // (Asked first, with a threat in view: the same key again goes.)
    app.handle(Intent::Move(Dir::S));
    app.handle(Intent::Move(Dir::S));
    let player = app.game().floor().player().unwrap();
    assert_eq!(player.pos(), Pos::new(1, 1), "the step is not taken");
    assert_eq!(hp - player.hp(), 1, "one blow, not four");
    assert_eq!(app.game().floor().turn(), start + 1, "stopped on the first");
    assert!(
        player.energy() >= darkstar::sim::ACTION_READY,
        "chooses again at once"
    );
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter()
            .any(|l| l.ends_with("Hurt, you stop short of the swamp at (1, 2).")),
        "{log:?}"
    );
    // The next command is the player's, on the turn it was stopped on:
    // a blow back.
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().turn(), start + 2);
    assert!(
        app.game()
            .chronicle()
            .latest()
            .iter()
            .any(
                |t| matches!(t.event, darkstar::sim::Event::Attacked { .. }) && t.turn == start + 1
            ),
        "the player's blow is told on the turn it was given"
    );
}

/// A slow step unhurt is waded where the player stands and taken at the
/// end of the time beyond a floor step's, every event told with its own
/// turn: a goblin that only misses (its blows as sure to miss as the
/// rules allow) strikes on each of the four turns, each told on its
/// turn, and the log counts them on one line over the turns they landed
/// on.
#[test]
fn a_slow_step_unhurt_is_taken_at_the_end_each_event_on_its_turn() {
    let mut app = sneaking_by_a_bog_with_a_goblin_beside(0);
    let start = app.game().floor().turn();
    let before = app.log().count();
    let hp = app.game().floor().player().unwrap().hp();
    app.handle(Intent::Move(Dir::S));
    let before_step = app.game().clone();
    app.handle(Intent::Move(Dir::S));
    assert_eq!(app.game().floor().player().unwrap().hp(), hp, "not hurt");
    assert_eq!(app.game().floor().player().unwrap().pos(), Pos::new(1, 2));
    assert_eq!(
        app.game().floor().turn(),
        start + 4,
        "the whole step's time"
    );
    let latest = app.game().chronicle().latest();
    let turns: Vec<u32> = latest
        .iter()
        .filter(|t| matches!(t.event, darkstar::sim::Event::Missed { .. }))
        .map(|t| t.turn)
        .collect();
    assert_eq!(turns, [start + 1, start + 2, start + 3, start + 4]);
    // Waded in place: the same step, played on a copy of the game
    // before it, moves the player after the three turns beyond a floor
    // step's, then the world plays the step's own turn.
    let mut copy = before_step;
    let events = copy.apply(darkstar::sim::Command::Player(darkstar::sim::Action::Walk(
        Dir::S,
    )));
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| match e {
            darkstar::sim::Event::Moved { monster: 1, .. } => "step",
            darkstar::sim::Event::Missed { .. } => "blow",
            _ => "other",
        })
        .filter(|&k| k != "other")
        .collect();
    assert_eq!(
        kinds,
        ["blow", "blow", "blow", "step", "blow"],
        "{events:?}"
    );
    let misses: Vec<&String> = app
        .log()
        .skip(before)
        .filter(|l| l.contains("The goblin misses you"))
        .collect();
    let want = format!("{}-{}: The goblin misses you. x4", start + 1, start + 4);
    assert_eq!(misses, [&want], "{:?}", app.log().collect::<Vec<_>>());
}
