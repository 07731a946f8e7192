//! The player's autopilot and what interrupts the player: travel (`>`,
//! `_`), exploring (`o`), rest (`R`), hit points coming back, and a
//! monster coming into view announced once and voiding keys typed ahead.

use std::collections::VecDeque;

use crossterm::event::{Event as TermEvent, KeyEvent as TermKey, KeyModifiers as TermModifiers};
use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::terrain::Terrain;
use darkstar::path::{Connectivity, DistanceMap};
use darkstar::record::replay::Item;
use darkstar::sim::autopilot::{self, Activity, Sight, Stop};
use darkstar::sim::{Action, Command, Game, PLAYER_HP, REGEN_TURNS, SimConfig};
use darkstar::ui::app::App;
use darkstar::ui::key::{KeyCode, KeyEvent, KeyModifiers};
use darkstar::ui::keymap::{Intent, intent_for};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn parse(text: &str) -> Level {
    Level::parse(text, "autopilot.txt".as_ref()).unwrap()
}

pub(crate) fn player_pos(app: &App) -> Pos {
    app.game().floor().player().unwrap().pos()
}

fn hp(app: &App) -> i32 {
    app.game().floor().player().unwrap().hp()
}

/// How many times the log said `text` (collapsed repeats counted).
fn said(app: &App, text: &str) -> usize {
    // A repeat collapses into its line as " xN".
    app.log()
        .filter(|l| l.contains(text))
        .map(|l| {
            l.rsplit_once(" x")
                .and_then(|(_, n)| n.parse::<usize>().ok())
                .unwrap_or(1)
        })
        .sum()
}

/// Ticks until the activity is over (at most `limit` ticks); the cells the
/// player stood on after each.
pub(crate) fn run(app: &mut App, limit: usize) -> Vec<Pos> {
    let mut trail = vec![player_pos(app)];
    for _ in 0..limit {
        if app.activity().is_none() {
            return trail;
        }
        app.tick();
        trail.push(player_pos(app));
    }
    panic!("still going after {limit} ticks: {:?}", app.activity());
}

/// The shallow water between the player and the stairs costs four floor
/// steps a cell: travel goes round it, on ground it knows.
const POOL: &str = "name: pool\nmap:\n\
    #########\n\
    #@~~~~~>#\n\
    #.......#\n\
    #########\n";

#[test]
fn travel_reaches_the_stairs_round_dear_ground() {
    let mut app = App::play(&parse(POOL), 1).unwrap();
    let stairs = app.game().floor().play_state().unwrap().stairs.unwrap();
    app.handle(Intent::TravelStairs);
    assert_eq!(app.activity(), Some(Activity::Travel(stairs)));
    let trail = run(&mut app, 100);
    assert_eq!(player_pos(&app), stairs);
    assert_eq!(said(&app, "You arrive."), 1);
    let world = app.game().floor().world();
    assert!(
        trail
            .iter()
            .all(|&p| world.get(p) != Some(Terrain::ShallowWater)),
        "waded: {trail:?}"
    );
    // Round the pool: a diagonal down, four along, a diagonal up.
    assert_eq!(trail.iter().filter(|p| p.y == 2).count(), 5, "{trail:?}");
    // Every step is an ordinary move in the recording, which replays.
    let recording = app.recording();
    let moves = recording
        .items
        .iter()
        .filter(|i| matches!(i, Item::Command(_, Command::Player(Action::Walk(_)))))
        .count();
    assert_eq!(moves, 6);
    assert!(recording.verify().unwrap().is_ok());
}

/// The stairs at the end of a corridor; a goblin down a side passage the
/// player cannot see into until it passes the opening.
const CORRIDOR: &str = "name: corridor\n\
    faction: goblins glyph=g sight=1 hostile\n\
    map:\n\
    ###########\n\
    #@......>.#\n\
    #####.#####\n\
    #####.#####\n\
    #####.#####\n\
    #####g#####\n\
    ###########\n";

#[test]
fn travel_stops_when_a_monster_comes_into_view() {
    let mut app = App::play(&parse(CORRIDOR), 1).unwrap();
    assert!(autopilot::monsters_in_view(app.game()).is_empty());
    app.handle(Intent::TravelStairs);
    run(&mut app, 100);
    let at = player_pos(&app);
    assert!(at.x < 8, "walked on to the stairs at {at}");
    assert_eq!(
        autopilot::monsters_in_view(app.game()),
        vec![0],
        "stopped at {at} with the goblin out of sight"
    );
    assert_eq!(said(&app, "A goblin comes into view."), 1);
    // Not again beside it.
    app.handle(Intent::TravelStairs);
    assert_eq!(app.activity(), None);
    assert_eq!(said(&app, "Not with a goblin in view."), 1);
    assert_eq!(player_pos(&app), at);
}

#[test]
fn the_stairs_unseen_and_picked_cells() {
    let text =
        "name: long\nmap:\n#####################\n#@.................>#\n#####################\n";
    let mut app = App::play(&parse(text), 1).unwrap();
    app.handle(Intent::TravelStairs);
    assert_eq!(app.activity(), None);
    assert_eq!(said(&app, "You have not seen the stairs yet."), 1);
    // `_`: a cursor; moves go to it, Esc puts it away.
    let start = player_pos(&app);
    app.handle(Intent::TravelTo);
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.cursor(), Some(Pos::new(start.x + 1, start.y)));
    app.handle(Intent::Quit);
    assert_eq!((app.cursor(), app.confirming_quit()), (None, false));
    assert_eq!(player_pos(&app), start);
    // Picked with `.` (or Enter): there, over known ground.
    app.handle(Intent::TravelTo);
    for _ in 0..6 {
        app.handle(Intent::Move(Dir::E));
    }
    app.handle(Intent::Wait);
    assert_eq!(app.cursor(), None);
    run(&mut app, 100);
    assert_eq!(player_pos(&app), Pos::new(start.x + 6, start.y));
    assert_eq!(app.game().floor().turn(), 6, "no turn spent picking");
    // An unknown cell is no place to travel to.
    app.handle(Intent::TravelTo);
    for _ in 0..12 {
        app.handle(Intent::Move(Dir::E));
    }
    app.handle(Intent::Confirm);
    assert_eq!(app.activity(), None);
    assert_eq!(said(&app, "No known way there."), 1);
}

/// Three rooms behind doors (which nobody sees through), a treasure in the
/// last, and a closet whose door is the only way in.
const ROOMS: &str = "name: rooms\nmap:\n\
    ##############################\n\
    #@.......#.........#.........#\n\
    #........+.........+......$..#\n\
    #........#.........#.........#\n\
    #####+####.........####+######\n\
    #.......##.........#....:....#\n\
    #.......##,,,,,,,,,#.........#\n\
    ##############################\n";

/// Explores again after each stop (the treasure taken, a monster back in
/// view) until there is nothing left, which is said once.
fn explore_to_the_end(app: &mut App) {
    for _ in 0..5 {
        app.handle(Intent::Explore);
        run(app, 2000);
        if said(app, "Explored all you can reach.") > 0 {
            assert_eq!(said(app, "Explored all you can reach."), 1);
            return;
        }
    }
    panic!("exploring never ended: {:?}", app.log().last());
}

#[test]
fn exploring_learns_every_cell_the_player_can_reach() {
    let level = parse(ROOMS);
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::Explore);
    run(&mut app, 2000);
    assert_eq!(said(&app, "You see the treasure ($)."), 1, "stops once");
    explore_to_the_end(&mut app);
    let game = app.game();
    let knowledge = game.floor().factions()[game.floor().player().unwrap().faction()].knowledge();
    let reach = DistanceMap::compute(
        &level.terrain,
        &[level.player.unwrap()],
        Connectivity::Eight,
    );
    let mut reachable = 0;
    for p in level.terrain.grid().positions() {
        if reach.distance(p).is_some() {
            reachable += 1;
            assert!(knowledge.is_known(p), "{p} never seen");
        }
    }
    assert!(reachable > 100, "{reachable}");
    // Nothing left: it says so at once, and no time passes.
    let turn = game.floor().turn();
    app.handle(Intent::Explore);
    assert_eq!((app.activity(), app.game().floor().turn()), (None, turn));
    assert_eq!(said(&app, "Explored all you can reach."), 2);
    assert!(app.recording().verify().unwrap().is_ok());
}

#[test]
fn exploring_stops_when_a_monster_comes_into_view_and_any_key_stops_it() {
    // A rat in the middle room, seen before the last room is.
    let text = ROOMS.replace("##.........#....:", "##....r....#....:");
    let text = text.replace("name: rooms\n", "name: rooms\nfaction: rats glyph=r\n");
    let level = parse(&text);
    let mut app = App::play(&level, 1).unwrap();
    // Any key stops exploring, and does nothing else.
    app.handle(Intent::Explore);
    assert!(app.activity().is_some());
    let turn = app.game().floor().turn();
    app.handle(Intent::Wait);
    assert_eq!((app.activity(), app.game().floor().turn()), (None, turn));
    assert_eq!(said(&app, "You stop."), 1);
    let mut guard = 0;
    while autopilot::monsters_in_view(app.game()).is_empty() {
        app.handle(Intent::Explore);
        run(&mut app, 2000);
        guard += 1;
        assert!(guard < 5, "never met the rat: {:?}", app.log().last());
    }
    assert_eq!(said(&app, "A rat comes into view."), 1);
    let game = app.game();
    let knowledge = game.floor().factions()[game.floor().player().unwrap().faction()].knowledge();
    let unknown = level
        .terrain
        .grid()
        .positions()
        .filter(|&p| level.terrain.is_passable(p) && !knowledge.is_known(p))
        .count();
    assert!(unknown > 0, "explored everything before stopping");
    // A rat is no hunter: exploring goes on beside it (and round it).
    explore_to_the_end(&mut app);
    assert!(
        app.game().floor().monsters()[0].is_here(),
        "walked into the rat"
    );
}

/// A goblin beside the player, to be hurt by; a rat to hurt. Monsters are
/// numbered in reading order: the rat is 0, the goblin 1.
const DUEL: &str = "name: duel\n\
    faction: goblins glyph=g sight=1 hostile\n\
    faction: rats glyph=r\n\
    map:\n\
    #########\n\
    #r..@g..#\n\
    #.......#\n\
    #########\n";

/// Fights the goblin east of the player to its death.
fn kill_the_goblin(game: &mut Game) {
    // A turn first, so the goblin has noticed the player: a blow on one
    // that has not is a stealth blow, and the duel would be over at once.
    // (Three, so it has struck a few times too.)
    for _ in 0..3 {
        game.apply(Command::Player(Action::Wait(None)));
    }
    for _ in 0..20 {
        if !game.floor().monsters()[1].is_here() {
            return;
        }
        game.apply(Command::Player(Action::Walk(Dir::E)));
    }
    panic!("the goblin lives");
}

#[test]
fn hit_points_come_back_one_every_regen_turns_for_the_player_only() {
    let mut game = Game::new(&parse(DUEL), 1, SimConfig::default()).unwrap();
    kill_the_goblin(&mut game);
    let hurt = game.floor().player().unwrap().hp();
    assert!(hurt < PLAYER_HP - 2, "{hurt}");
    // Hit the rat once (it does not hit back).
    for d in [Dir::W, Dir::W, Dir::W] {
        game.apply(Command::Player(Action::Walk(d)));
    }
    let rat = game.floor().monsters()[0].hp();
    assert!(rat < darkstar::sim::MONSTER_HP);
    let (mut turn, mut hp) = (game.floor().turn(), game.floor().player().unwrap().hp());
    let mut gained = 0;
    while game.floor().turn() < 400 {
        game.apply(Command::Player(Action::Wait(None)));
        let (now, now_hp) = (game.floor().turn(), game.floor().player().unwrap().hp());
        let due = (turn + 1..=now).filter(|t| t % REGEN_TURNS == 0).count() as i32;
        assert_eq!(now_hp, (hp + due).min(PLAYER_HP), "turns {turn}..{now}");
        gained += now_hp - hp;
        (turn, hp) = (now, now_hp);
    }
    assert_eq!(hp, PLAYER_HP, "never more than full");
    assert!(gained >= 3);
    assert_eq!(
        game.floor().monsters()[0].hp(),
        rat,
        "the rat does not heal"
    );
}

#[test]
fn resting_heals_to_full_and_stops() {
    let mut app = App::play(&parse(DUEL), 1).unwrap();
    app.handle(Intent::Rest);
    assert_eq!(said(&app, "Not with a goblin in view."), 1);
    // Turns, so the goblin has noticed the player (no stealth blow) and
    // struck.
    for _ in 0..3 {
        app.handle(Intent::Wait);
    }
    // Monsters are numbered in reading order: the rat 0, the goblin 1.
    while app.game().floor().monsters()[1].is_here() {
        app.handle(Intent::Move(Dir::E));
    }
    let (start, lost) = (app.game().floor().turn(), PLAYER_HP - hp(&app));
    assert!(lost > 2, "{lost}");
    app.handle(Intent::Rest);
    assert!(app.activity().is_some());
    run(&mut app, 1000);
    assert_eq!(hp(&app), PLAYER_HP);
    assert_eq!(said(&app, "You are at full health."), 1);
    let rested = app.game().floor().turn() - start;
    let most = lost as u32 * REGEN_TURNS;
    assert!(
        rested <= most && rested > most - REGEN_TURNS,
        "{rested} turns for {lost} hp"
    );
    app.handle(Intent::Rest);
    assert_eq!(app.activity(), None);
    assert_eq!(said(&app, "You are at full health."), 2);
    assert_eq!(
        app.game().floor().turn() - start,
        rested,
        "no rest when healed"
    );
}

#[test]
fn a_walker_coming_into_view_interrupts_rest() {
    // The walker knows the map and heads up its shaft, through the door
    // (nobody sees through it) and across the room to its goal. It is
    // hostile, so a threat: a harmless one would not stop the rest.
    let text = "name: walker\n\
        faction: goblins glyph=g sight=1 hostile\n\
        faction: walkers glyph=w sight=0 goal=1 knows-map speed=50 hostile\n\
        map:\n\
        ##############\n\
        #@g.........1#\n\
        #............#\n\
        #######+######\n\
        #######.######\n\
        #######.######\n\
        #######w######\n\
        ##############\n";
    let mut app = App::play(&parse(text), 1).unwrap();
    // A turn, so the goblin has noticed the player (no stealth blow).
    app.handle(Intent::Wait);
    while app.game().floor().monsters()[0].is_here() {
        app.handle(Intent::Move(Dir::E));
    }
    assert!(autopilot::monsters_in_view(app.game()).is_empty());
    let start = app.game().floor().turn();
    app.handle(Intent::Rest);
    run(&mut app, 1000);
    assert_eq!(said(&app, "A walker comes into view."), 1);
    assert!(hp(&app) < PLAYER_HP, "healed first: no test");
    assert!(app.game().floor().turn() > start, "rested a while");
}

/// The pure check: what an action led to, against how things stood.
#[test]
fn interruption_names_what_happened() {
    let game = Game::new(&parse(CORRIDOR), 1, SimConfig::default()).unwrap();
    let now = Sight::of(&game);
    assert_eq!(autopilot::interruption(&now, &game, &[]), None);
    let hurt = Sight {
        hp: now.hp + 1,
        ..now.clone()
    };
    assert_eq!(autopilot::interruption(&hurt, &game, &[]), Some(Stop::Hurt));
    let mut walked = game.clone();
    let mut travel = Activity::Travel(Pos::new(8, 1));
    let mut sight = Sight::of(&walked);
    let stop = loop {
        let action = autopilot::next_action(&walked, &mut travel).unwrap();
        let events = walked.apply(Command::Player(action));
        if let Some(stop) = autopilot::interruption(&sight, &walked, &events) {
            break stop;
        }
        sight = Sight::of(&walked);
    };
    assert_eq!(stop, Stop::MonsterInView(0));
    let treasure = Game::new(
        &parse("name: t\nmap:\n#####\n#@$>#\n#####\n"),
        1,
        SimConfig::default(),
    )
    .unwrap();
    let before = Sight::of(&treasure);
    let mut after = treasure.clone();
    let events = after.apply(Command::Player(Action::Walk(Dir::E)));
    assert_eq!(
        autopilot::interruption(&before, &after, &events),
        Some(Stop::Treasure)
    );
}

/// Keys typed ahead are thrown away when a monster comes into view: the
/// event loop, fed eight moves east at once, stops the player where the
/// goblin came into sight; the keys after that (quit) still count. The
/// goblin is announced once while it stays in view, and again after it
/// was out of sight.
#[test]
fn a_monster_coming_into_view_voids_moves_typed_ahead() {
    let mut app = App::play(&parse(CORRIDOR), 1).unwrap();
    let east = TermEvent::Key(TermKey::new(
        crossterm::event::KeyCode::Char('l'),
        TermModifiers::NONE,
    ));
    let quit = TermEvent::Key(TermKey::new(
        crossterm::event::KeyCode::Char('c'),
        TermModifiers::CONTROL,
    ));
    let mut script: VecDeque<TermEvent> = std::iter::repeat_n(east, 8).collect();
    let mut terminal = Terminal::new(TestBackend::new(40, 14)).unwrap();
    darkstar::ui::event_loop(&mut terminal, &mut app, |_| {
        Ok(Some(script.pop_front().unwrap_or(quit.clone())))
    })
    .unwrap();
    assert!(app.should_quit());
    let at = player_pos(&app);
    assert!(
        (3..=6).contains(&at.x),
        "typed-ahead moves took the player to {at}"
    );
    assert_eq!(autopilot::monsters_in_view(app.game()), vec![0]);
    assert_eq!(said(&app, "A goblin comes into view."), 1);
    // It stays in view: no second announcement.
    app.handle(Intent::Move(Dir::E));
    assert_eq!(said(&app, "A goblin comes into view."), 1);
    // Out of sight and back: announced again.
    while !autopilot::monsters_in_view(app.game()).is_empty() {
        app.handle(Intent::Move(Dir::E));
    }
    app.handle(Intent::Move(Dir::W));
    while autopilot::monsters_in_view(app.game()).is_empty() {
        app.handle(Intent::Move(Dir::W));
    }
    assert_eq!(said(&app, "A goblin comes into view."), 2);
}

#[test]
fn the_activity_keys() {
    let press = |c| {
        intent_for(
            KeyEvent::new(c, KeyModifiers::NONE),
            darkstar::ui::app::Mode::Play,
        )
    };
    assert_eq!(press(KeyCode::Char('>')), Some(Intent::TravelStairs));
    assert_eq!(press(KeyCode::Char('_')), Some(Intent::TravelTo));
    assert_eq!(press(KeyCode::Char('o')), Some(Intent::Explore));
    assert_eq!(press(KeyCode::Char('g')), Some(Intent::FetchItem));
    assert_eq!(press(KeyCode::Char('R')), Some(Intent::Rest));
    for i in [
        Intent::Move(Dir::N),
        Intent::Wait,
        Intent::TravelStairs,
        Intent::Explore,
        Intent::ExploreOnly,
        Intent::FetchItem,
        Intent::Rest,
    ] {
        assert!(i.spends_a_turn(), "{i:?}");
    }
    for i in [Intent::Quit, Intent::Look, Intent::Help, Intent::TravelTo] {
        assert!(!i.spends_a_turn(), "{i:?}");
    }
    let play = darkstar::ui::app::Mode::Play;
    let keys: Vec<String> =
        darkstar::ui::app::game::commands(play, true, darkstar::ui::app::SPEEDS[0])
            .iter()
            .map(|c| c.keys(play))
            .collect();
    for k in ["> <", "_", "o O g", "R"] {
        assert!(keys.iter().any(|key| key == k), "{k} missing from the help");
    }
}

/// `g` travels to the nearest item the player knows of, by the way there
/// (a dart behind a wall, near as the crow flies, is further than a
/// potion down the hall), and picks it up; knowing of none, it says so.
#[test]
fn g_fetches_the_nearest_known_item_by_the_way_there() {
    use crate::common::item;
    let text = "name: fetch\nmap:\n\
                ##########\n\
                #@.......#\n\
                #######..#\n\
                #......#.#\n\
                #........#\n\
                ##########\n";
    let mut app = App::play(&parse(text), 1).unwrap();
    app.handle(Intent::FetchItem);
    assert_eq!(said(&app, "You know of no item you can reach."), 1);
    // The hall and the room below walked once, so the player knows
    // them, and back.
    let there = [
        Dir::E,
        Dir::E,
        Dir::E,
        Dir::E,
        Dir::E,
        Dir::E,
        Dir::S,
        Dir::E,
        Dir::S,
        Dir::S,
    ];
    for &d in &there {
        app.handle(Intent::Move(d));
    }
    for &d in there.iter().rev() {
        app.handle(Intent::Move(d.opposite()));
    }
    assert_eq!(player_pos(&app), Pos::new(1, 1));
    // A dart two rows down (through the wall: a dozen steps round) and a
    // potion six steps down the hall.
    for (at, word) in [(Pos::new(2, 3), "dart"), (Pos::new(7, 1), "healing")] {
        app.apply(Command::PutItem {
            at,
            item: item(word),
        });
    }
    app.handle(Intent::FetchItem);
    run(&mut app, 100);
    assert_eq!(
        app.game().floor().pack(),
        [item("healing")],
        "the potion first"
    );
    app.handle(Intent::FetchItem);
    run(&mut app, 100);
    assert_eq!(app.game().floor().pack().len(), 2, "then the dart");
    assert_eq!(player_pos(&app), Pos::new(2, 3));
}

/// Exploring picks up the items it comes to know of on its way (a dart
/// in an alcove off the hall, seen in passing); `O` explores leaving them
/// where they lie; an item the player dropped is left too (explore would
/// otherwise fetch it back at once).
#[test]
fn explore_takes_the_items_it_finds_on_its_way_and_capital_o_leaves_them() {
    use crate::common::item;
    let text = "name: alcove\nmap:\n\
                ##########\n\
                #@.......#\n\
                ####.#####\n\
                ####.#####\n\
                ##########\n";
    let dart_at = Pos::new(4, 3);
    let start = |app: &mut App| {
        app.apply(Command::PutItem {
            at: dart_at,
            item: item("dart"),
        });
    };
    // `O`: the whole level explored, the dart seen and left.
    let mut app = App::play(&parse(text), 1).unwrap();
    start(&mut app);
    app.handle(Intent::ExploreOnly);
    run(&mut app, 200);
    assert_eq!(said(&app, "Explored all you can reach."), 1);
    assert!(app.game().floor().pack().is_empty(), "O leaves it");
    assert!(
        app.game()
            .floor()
            .floor_items()
            .contains(&(dart_at, item("dart")))
    );
    // `o`: the same walk takes it.
    let mut app = App::play(&parse(text), 1).unwrap();
    start(&mut app);
    app.handle(Intent::Explore);
    run(&mut app, 200);
    assert_eq!(app.game().floor().pack(), [item("dart")]);
    // Dropped where it stands, it is left there by the next `o`.
    app.handle(Intent::DropItem);
    app.handle(Intent::Confirm);
    assert!(app.game().floor().pack().is_empty());
    let dropped = player_pos(&app);
    app.handle(Intent::Move(Dir::N));
    app.handle(Intent::Explore);
    run(&mut app, 200);
    assert!(
        app.game().floor().pack().is_empty(),
        "the dropped dart stays"
    );
    assert!(
        app.game()
            .floor()
            .floor_items()
            .contains(&(dropped, item("dart")))
    );
}

/// The autopilot itself: exploring with items steps toward a known item
/// before the frontier; without, toward the frontier.
#[test]
fn explore_with_items_heads_for_a_known_item_first() {
    use crate::common::item;
    let text = "name: two-ways\nmap:\n\
                #########\n\
                #...@...#\n\
                #########\n";
    let mut game = Game::new(&parse(text), 1, SimConfig::default()).unwrap();
    game.apply(Command::PutItem {
        at: Pos::new(1, 1),
        item: item("dart"),
    });
    // Everything is seen from the start: no frontier, only the dart.
    let with = autopilot::next_action(&game, &mut Activity::Explore { items: true });
    assert_eq!(with, Ok(Action::Walk(Dir::W)));
    let without = autopilot::next_action(&game, &mut Activity::Explore { items: false });
    assert_eq!(without, Err(Stop::Explored));
}
