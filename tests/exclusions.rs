//! The autopilot knows what the player knows of the monsters (issue 68's
//! reproductions): travel routes round a sleeping ogre the player saw and
//! no longer sees, sleepers in view do not stop it, one that wakes does,
//! and a door the player shut stays shut unless there is no other way
//! (then it asks, and the same key again goes through).

use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::terrain::Terrain;
use darkstar::sim::autopilot::{self, Activity, Care, Exclusion, Sight, Stop};
use darkstar::sim::recall::Seen;
use darkstar::sim::{Action, Awareness, Command, PLAYER_HP};
use darkstar::ui::app::App;
use darkstar::ui::keymap::Intent;

use crate::autopilot::{player_pos, run};

fn parse(text: &str) -> Level {
    Level::parse(text, "exclusions.txt".as_ref()).unwrap()
}

fn said(app: &App, text: &str) -> usize {
    app.log().filter(|l| l.contains(text)).count()
}

/// `>` stops before going and says `line`, once; the turn does not pass.
fn asks_before_going(app: &mut App, line: &str) {
    let turn = app.game().floor().turn();
    app.handle(Intent::TravelStairs);
    assert_eq!(app.game().floor().turn(), turn, "went before asking");
    assert_eq!(said(app, line), 1);
}

/// A room with a sleeping ogre (it sees two cells, hears a step two
/// cells off) and the stairs in its corner; a corridor below, round the
/// room's wall. Any way across the room passes within two cells of it.
const OGRE: &str = "name: ogre\n\
    faction: ogres glyph=O sight=2 hearing=5 sleeps hostile\n\
    map:\n\
    ###########\n\
    #>........#\n\
    #....O....#\n\
    #.........#\n\
    #.#######.#\n\
    #@........#\n\
    ###########\n";

/// The player walks the corridor, looks into the room from its far
/// door (the ogre asleep four cells off, out of its senses), and steps
/// back into the corridor, out of sight of it.
fn seen_and_left(app: &mut App) {
    for d in [Dir::E; 8]
        .into_iter()
        .chain([Dir::N, Dir::N, Dir::S, Dir::S])
    {
        app.handle(Intent::Move(d));
    }
    assert_eq!(player_pos(app), Pos::new(9, 5));
}

#[test]
fn a_remembered_sleeping_ogre_is_routed_round() {
    let mut app = App::play(&parse(OGRE), 1).unwrap();
    seen_and_left(&mut app);
    let game = app.game().clone();
    let ogre = 0;
    assert_eq!(game.floor().awareness(ogre), Awareness::Asleep);
    // The player remembers it asleep where it saw it, out of view now.
    let s = *game.floor().recall().of(ogre).expect("remembered");
    assert_eq!(
        (s.at, s.seen, s.in_view),
        (Pos::new(5, 2), Seen::Asleep, false)
    );
    // Drawn where it was seen, grey and dim; the look box says when.
    let lines = darkstar::ui::widgets::describe(&app, s.at);
    assert!(
        lines.iter().any(|l| l
            == "You saw an ogre here, asleep, 2 turns ago. Travel and exploring keep out of its senses."),
        "{lines:?}"
    );
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    app.lay_out(darkstar::ui::widgets::map_view_size(&app, area));
    ratatui::widgets::Widget::render(&app, area, &mut buf);
    let cam = app.camera();
    let cell = &buf[((s.at.x - cam.x) as u16, (s.at.y - cam.y) as u16)];
    assert_eq!(cell.symbol(), "O");
    assert_eq!(cell.fg, ratatui::style::Color::DarkGray);
    let zone = autopilot::care::senses(&game, &s, false);
    assert!(zone.contains(&Pos::new(5, 1)) && zone.contains(&Pos::new(7, 3)));
    assert!(!zone.contains(&Pos::new(9, 3)) && !zone.contains(&Pos::new(1, 3)));
    // The autopilot of old goes straight across the room, by the ogre.
    let mut old = game.clone();
    let stairs = Pos::new(1, 1);
    let mut crossed = false;
    for _ in 0..30 {
        let Ok(a) = autopilot::next_action(&old, &mut Activity::Travel(stairs)) else {
            break;
        };
        old.apply(Command::Player(a));
        crossed |= zone.contains(&old.floor().player().unwrap().pos());
    }
    assert!(crossed, "the old autopilot kept clear anyway: no test");
    // `>` now goes round by the corridor, and the ogre sleeps on.
    app.handle(Intent::TravelStairs);
    let trail = run(&mut app, 100);
    assert_eq!(player_pos(&app), stairs, "{trail:?}");
    assert!(
        trail.iter().all(|p| !zone.contains(p)),
        "into its senses: {trail:?}"
    );
    assert!(trail.contains(&Pos::new(1, 5)), "not round: {trail:?}");
    assert_eq!(app.game().floor().awareness(ogre), Awareness::Asleep);
}

#[test]
fn sleepers_in_view_do_not_stop_travel_and_one_that_wakes_does() {
    // Two jackals asleep in a hall the player must cross; they hear a
    // step two cells off.
    let text = "name: jackals\n\
        faction: jackals glyph=j sight=2 hearing=5 sleeps hostile\n\
        map:\n\
        ###########\n\
        #@.......>#\n\
        #.........#\n\
        #....jj...#\n\
        ###########\n";
    let mut app = App::play(&parse(text), 1).unwrap();
    app.handle(Intent::Wait);
    assert_eq!(autopilot::monsters_in_view(app.game()), vec![0, 1]);
    // Asleep in view: no refusal. But every way to the stairs passes
    // within their hearing: it asks.
    app.handle(Intent::TravelStairs);
    assert_eq!(said(&app, "Not with"), 0);
    assert_eq!(app.activity(), None);
    assert_eq!(
        said(
            &app,
            "The only way passes within reach of the jackal (asleep, in view): again to go."
        ),
        1,
        "{:?}",
        app.log().last()
    );
    // Again: it goes, and stops when its steps wake one.
    app.handle(Intent::TravelStairs);
    run(&mut app, 100);
    let woke: Vec<_> = (0..2)
        .filter(|&m| app.game().floor().awareness(m) != Awareness::Asleep)
        .collect();
    assert!(!woke.is_empty(), "walked by without waking them: no test");
    // Stopped as it woke: not hurt yet, not at the stairs.
    assert_ne!(
        player_pos(&app),
        Pos::new(9, 1),
        "walked on with a jackal awake"
    );
    assert_eq!(app.game().floor().player().unwrap().hp(), PLAYER_HP);
    // The rule on its own: the same sight, but one that slept is a
    // threat now.
    let game = app.game();
    let now = Sight::of(game);
    assert!(!now.threats.is_empty());
    let before = Sight {
        threats: Vec::new(),
        ..now.clone()
    };
    assert_eq!(
        autopilot::interruption(&before, game, &[]),
        Some(Stop::MonsterInView(now.threats[0]))
    );
    assert_eq!(autopilot::interruption(&now, game, &[]), None);
}

/// Two rooms, a door between them the player shuts, and a corridor round
/// below; the stairs in the west room.
const DOOR: &str = "name: door\n\
    map:\n\
    #########\n\
    #>..#...#\n\
    #...'@..#\n\
    #...#...#\n\
    #.#####.#\n\
    #.......#\n\
    #########\n";

#[test]
fn a_door_the_player_shut_stays_shut_while_there_is_another_way() {
    let mut app = App::play(&parse(DOOR), 1).unwrap();
    // Round by the corridor first, to know it; then shut the door.
    let round = [Dir::SE, Dir::E, Dir::S, Dir::S, Dir::W, Dir::W, Dir::W]
        .into_iter()
        .chain([Dir::W, Dir::W, Dir::W, Dir::N, Dir::N]);
    for d in round {
        app.handle(Intent::Move(d));
    }
    assert_eq!(player_pos(&app), Pos::new(1, 3));
    // Through the door to the east room again, and shut it behind.
    for d in [Dir::NE, Dir::E, Dir::E, Dir::E] {
        app.handle(Intent::Move(d));
    }
    assert_eq!(player_pos(&app), Pos::new(5, 2));
    app.handle(Intent::CloseDoor);
    let door = Pos::new(4, 2);
    assert_eq!(app.game().floor().world().get(door), Some(Terrain::Door));
    assert_eq!(app.game().floor().recall().shut_doors(), [door]);
    // The old autopilot opens it: the short way.
    let game = app.game().clone();
    let stairs = Pos::new(1, 1);
    let first = autopilot::next_action(&game, &mut Activity::Travel(stairs)).unwrap();
    assert_eq!(first, Action::Walk(Dir::W), "not at the door: no test");
    // `>` goes round, and the door stays shut.
    app.handle(Intent::TravelStairs);
    let trail = run(&mut app, 100);
    assert_eq!(player_pos(&app), stairs, "{trail:?}");
    assert!(!trail.contains(&door), "{trail:?}");
    assert_eq!(app.game().floor().world().get(door), Some(Terrain::Door));
}

#[test]
fn with_no_other_way_it_asks_before_opening_a_door_the_player_shut() {
    // The corridor walled up: the door is the only way.
    let text = DOOR.replace("#.......#", "#########");
    let mut app = App::play(&parse(&text), 1).unwrap();
    app.handle(Intent::CloseDoor);
    let door = Pos::new(4, 2);
    assert_eq!(app.game().floor().world().get(door), Some(Terrain::Door));
    let game = app.game().clone();
    assert_eq!(
        autopilot::next_action_with(
            &game,
            &mut Activity::Travel(Pos::new(1, 1)),
            Care::FULL,
            &[],
            &[]
        ),
        Err(Stop::Excluded(Exclusion::Door(door)))
    );
    asks_before_going(
        &mut app,
        "The only way is through a door you shut: again to open it.",
    );
    app.handle(Intent::TravelStairs);
    run(&mut app, 100);
    assert_eq!(player_pos(&app), Pos::new(1, 1));
    assert_eq!(
        app.game().floor().world().get(door),
        Some(Terrain::OpenDoor)
    );
    assert!(app.game().floor().recall().shut_doors().is_empty());
}

/// A kobold hurt to a third of its hit points runs away: exploring goes
/// on with it in view (seed 6 depth 6: a fleeing 1-HP kobold blocked
/// explore until darted), and keeps off the cells round it.
#[test]
fn a_fleeing_monster_in_view_does_not_stop_explore() {
    let text = "name: run\nfaction: kobolds glyph=k sight=8 hp=10 flees hostile\nmap:\n\
         ######################\n\
         #....................#\n\
         #....................#\n\
         #......@k............#\n\
         #....................#\n\
         #....................#\n\
         ######################\n";
    let mut app = App::play(&parse(text), 2).unwrap();
    app.handle(Intent::Wait);
    for _ in 0..6 {
        let k = &app.game().floor().monsters()[0];
        if k.hp() * 3 <= 10 || !k.is_here() {
            break;
        }
        let dir = player_pos(&app).dir_to(k.pos()).expect("next to it");
        app.handle(Intent::Move(dir));
    }
    assert_eq!(app.game().floor().awareness(0), Awareness::Fleeing);
    assert_eq!(autopilot::monsters_in_view(app.game()), vec![0]);
    let turn = app.game().floor().turn();
    app.handle(Intent::Explore);
    assert_eq!(said(&app, "Not with"), 0, "{:?}", app.log().last());
    for _ in 0..10 {
        if app.activity().is_none() {
            break;
        }
        app.tick();
        let k = app.game().floor().monsters()[0].pos();
        if app.game().floor().awareness(0) == Awareness::Fleeing {
            let (dx, dy) = k.abs_delta(player_pos(&app));
            assert!(dx.max(dy) > 1, "explored up to the fleer");
        }
    }
    assert!(
        app.game().floor().turn() > turn + 3,
        "explore did not go on"
    );
}

/// A hall the player must cross to reach the stairs, by its middle row
/// or round its top and bottom; the player marks the middle by hand.
const HALL: &str = "name: hall\n\
    map:\n\
    ###########\n\
    #.........#\n\
    #.........#\n\
    #@.......>#\n\
    #.........#\n\
    #.........#\n\
    ###########\n";

/// `X` (the look cursor on the player), four cells east to the hall's
/// middle, `X` again: the mark there turns to its next setting.
fn mark_middle(app: &mut App) {
    app.handle(Intent::Exclude);
    for _ in 0..4 {
        app.handle(Intent::Move(Dir::E));
    }
    app.handle(Intent::Exclude);
}

/// Exclusions set by hand (DCSS's): `X` on a cell in look mode keeps
/// travel out of it, again out of the room round it (what it sees within
/// a room's reach), again no more; the look box and the map say so; with
/// no other way it asks; the marks are kept in the recording, so a
/// resumed game keeps them.
#[test]
fn a_place_marked_by_hand_is_kept_out_of_and_kept_on_resume() {
    use darkstar::sim::recall::{Mark, ROOM_REACH};
    let mut app = App::play(&parse(HALL), 1).unwrap();
    let stairs = Pos::new(9, 3);
    let middle = Pos::new(5, 3);
    // X opens the look cursor on the player; moved to the middle, X marks it.
    mark_middle(&mut app);
    assert_eq!(
        app.game().floor().recall().marks(),
        [Mark {
            at: middle,
            reach: 0
        }]
    );
    assert_eq!(said(&app, "Travel and explore keep out of (5, 3)"), 1);
    let lines = darkstar::ui::widgets::describe(&app, middle);
    assert!(
        lines.iter().any(|l| l.starts_with("You marked this cell")),
        "{lines:?}"
    );
    // The map shades it.
    app.handle(Intent::Look); // Puts the cursor away.
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    app.lay_out(darkstar::ui::widgets::map_view_size(&app, area));
    ratatui::widgets::Widget::render(&app, area, &mut buf);
    let cam = app.camera();
    let shade = |p: Pos, buf: &ratatui::buffer::Buffer| {
        buf[((p.x - cam.x) as u16, (p.y - cam.y) as u16)].bg
    };
    assert_eq!(shade(middle, &buf), darkstar::ui::widgets::MARKED);
    assert_ne!(shade(Pos::new(4, 3), &buf), darkstar::ui::widgets::MARKED);
    // The autopilot of old walks the middle row; `>` goes round the cell.
    let game = app.game().clone();
    let mut old = game.clone();
    let mut straight = Vec::new();
    while let Ok(a) = autopilot::next_action(&old, &mut Activity::Travel(stairs)) {
        old.apply(Command::Player(a));
        straight.push(old.floor().player().unwrap().pos());
    }
    assert!(straight.contains(&middle), "no test: {straight:?}");
    let mut ahead = app.game().clone();
    let mut trail = Vec::new();
    while let Ok(a) =
        autopilot::next_action_with(&ahead, &mut Activity::Travel(stairs), Care::FULL, &[], &[])
    {
        ahead.apply(Command::Player(a));
        trail.push(ahead.floor().player().unwrap().pos());
    }
    assert_eq!(trail.last(), Some(&stairs), "{trail:?}");
    assert!(!trail.contains(&middle), "{trail:?}");
    // Again: the room round it, which every way to the stairs crosses.
    mark_middle(&mut app);
    assert_eq!(
        app.game().floor().recall().marks(),
        [Mark {
            at: middle,
            reach: ROOM_REACH
        }]
    );
    app.handle(Intent::Look);
    let lines = darkstar::ui::widgets::describe(&app, Pos::new(8, 1));
    assert!(
        lines.iter().any(|l| l
            == "Travel and explore keep out: you marked the room round (5, 3) (X there unmarks)."),
        "{lines:?}"
    );
    assert_eq!(
        autopilot::next_action_with(
            app.game(),
            &mut Activity::Travel(stairs),
            Care::FULL,
            &[],
            &[]
        ),
        Err(Stop::Excluded(Exclusion::Marked(middle)))
    );
    // Kept in the recording: a resumed game has the mark, and travel there
    // asks as before.
    let text = app.recording().to_text();
    assert!(
        text.contains("\nx 0 5 3 0\n") && text.contains("\nx 0 5 3 7\n"),
        "{text}"
    );
    let replay = darkstar::record::replay::Replay::parse(&text, "save.replay".as_ref()).unwrap();
    let mut resumed = App::resume(replay).unwrap();
    assert_eq!(
        resumed.game().floor().recall().marks(),
        app.game().floor().recall().marks()
    );
    asks_before_going(
        &mut resumed,
        "The only way passes the place you marked at (5, 3): again to go (X there unmarks).",
    );
    // Again, to no mark: the way is open.
    mark_middle(&mut resumed);
    resumed.handle(Intent::Look);
    assert!(resumed.game().floor().recall().marks().is_empty());
    resumed.handle(Intent::TravelStairs);
    run(&mut resumed, 100);
    assert_eq!(player_pos(&resumed), stairs);
}
