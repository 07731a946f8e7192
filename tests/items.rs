//! Items, each about knowledge or terrain, each shown doing what it does
//! to the player and to the factions' knowledge and plans.

use darkstar::content::items::Effect;
use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::terrain::Terrain;
use darkstar::sim::item::ItemKind;
use darkstar::sim::{Action, Command, Event, Game, SimConfig};
use proptest::prelude::*;

use crate::checked::Checked;
use crate::common::item;

fn parse(text: &str) -> Level {
    Level::parse(text, "items.txt".as_ref()).unwrap()
}

fn act(game: &mut Game, action: Action) -> Vec<Event> {
    game.apply(Command::Player(action))
}

/// Puts `item` under the player's feet... beside it, and steps onto it.
fn pick(game: &mut Game, item: ItemKind, dir: Dir) -> Vec<Event> {
    let at = game.floor().player().unwrap().pos().step(dir);
    game.apply(Command::PutItem { at, item });
    act(game, Action::Walk(dir))
}

fn slot(game: &Game, item: ItemKind) -> u8 {
    game.floor().pack().iter().position(|&k| k == item).unwrap() as u8
}

const HALL: &str = "name: hall\nmap:\n\
                    ####################\n\
                    #@.................#\n\
                    #..................#\n\
                    #..................#\n\
                    ####################\n";

/// Alike things picked up at once are said once, counted, in the log and
/// the morgue ("You pick up 3 darts.", not "You pick up a dart. x3");
/// one alone, and unlike ones, are said each as before; the plural is
/// the item book's (scrolls of ..., not "scroll of ...s").
#[test]
fn a_bundle_picked_up_is_said_once_counted() {
    use darkstar::sim::chronicle::Naming;
    let said = |items: &[&str]| {
        let mut game = Game::new(&parse(HALL), 1, SimConfig::default()).unwrap();
        for &name in items {
            game.apply(Command::PutItem {
                at: Pos::new(2, 1),
                item: item(name),
            });
        }
        act(&mut game, Action::Walk(Dir::E));
        let said: Vec<String> = game
            .chronicle()
            .latest()
            .iter()
            .filter_map(|t| t.sentence(Naming::Player))
            .collect();
        said
    };
    assert_eq!(said(&["dart", "dart", "dart"]), ["You pick up 3 darts."]);
    assert_eq!(said(&["dart"]), ["You pick up a dart."]);
    assert_eq!(
        said(&["collapse", "collapse", "dart"]),
        ["You pick up 2 scrolls of collapse.", "You pick up a dart."]
    );
    assert_eq!(
        said(&["healing", "healing"]),
        ["You pick up 2 healing potions."]
    );
}

/// Picking up: walking onto a cell puts what lies there in the pack; using takes it out and a turn; a slot with nothing, or a
/// dart to use rather than throw, takes no time. Dropping puts it back on
/// the floor, to be picked up again.
#[test]
fn items_are_picked_up_used_and_dropped() {
    let mut game = Game::new(&parse(HALL), 1, SimConfig::default()).unwrap();
    for _ in 0..2 {
        game.apply(Command::PutItem {
            at: Pos::new(2, 1),
            item: item("dart"),
        });
    }
    let ev = pick(&mut game, item("dart"), Dir::E);
    assert!(
        ev.contains(&Event::PickedUp { item: item("dart") }),
        "{ev:?}"
    );
    assert_eq!(
        game.floor().pack(),
        [item("dart"); 3],
        "all that lies there"
    );
    assert!(game.floor().floor_items().is_empty());
    let turn = game.floor().turn();
    assert_eq!(
        act(&mut game, Action::Use(0)),
        [Event::NotUsable { item: item("dart") }]
    );
    assert_eq!(act(&mut game, Action::Use(9)), [Event::NoSuchItem]);
    assert_eq!(game.floor().turn(), turn, "no time for either");
    let ev = act(&mut game, Action::Drop(0));
    assert!(ev.contains(&Event::Dropped { item: item("dart") }));
    assert_eq!(game.floor().pack().len(), 2);
    let here = game.floor().player().unwrap().pos();
    assert_eq!(game.floor().floor_items(), [(here, item("dart"))]);
    assert_eq!(game.floor().turn(), turn + 1);
    act(&mut game, Action::Walk(Dir::E));
    act(&mut game, Action::Walk(Dir::W));
    assert_eq!(game.floor().pack(), [item("dart"); 3], "picked up again");
}

/// Healing: back to full hit points.
#[test]
fn a_healing_potion_heals_fully() {
    let level = parse(
        "name: h\nfaction: goblins glyph=g sight=8 hostile\nmap:\n#######\n#@g...#\n#.....#\n#######\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    pick(&mut game, item("healing"), Dir::S);
    for _ in 0..3 {
        act(&mut game, Action::Wait(None));
    }
    assert!(game.floor().player().unwrap().hp() < darkstar::sim::PLAYER_HP);
    let healing = slot(&game, item("healing"));
    let ev = act(&mut game, Action::Use(healing));
    assert!(
        ev.contains(&Event::Used {
            item: item("healing")
        }),
        "{ev:?}"
    );
    assert!(
        game.floor().player().unwrap().hp() >= 17,
        "{}",
        game.floor().player().unwrap().hp()
    );
    assert!(game.floor().pack().is_empty());
}

/// Magic mapping: the player learns every cell of the level, out of
/// sight behind walls included (the monsters learn nothing).
#[test]
fn magic_mapping_teaches_the_player_the_whole_level() {
    let level = parse(
        "name: m\nfaction: moles glyph=m sight=0\nmap:\n\
         ##########\n#@.#.....#\n#..#.###.#\n#..#...#m#\n##########\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    pick(&mut game, item("magic-map"), Dir::S);
    let me = game.floor().player().unwrap().faction();
    let unknown = |g: &Game| {
        let k = g.floor().factions()[me].knowledge();
        g.floor()
            .world()
            .terrain()
            .grid()
            .positions()
            .filter(|&p| !k.is_known(p))
            .count()
    };
    assert!(unknown(&game) > 10);
    let moles_before = game.floor().factions()[0]
        .knowledge()
        .belief_bytes()
        .to_vec();
    act(&mut game, Action::Use(0));
    assert_eq!(unknown(&game), 0);
    assert_eq!(
        game.floor().factions()[0].knowledge().belief_bytes(),
        &moles_before[..]
    );
}

/// A noise-maker thrown where the player sees: the hostile factions that
/// hear it go to where it landed (a place, not the player); one out of
/// sight or range cannot be thrown there.
#[test]
fn a_noise_maker_sends_the_hunters_where_it_lands() {
    let level = parse(
        "name: n\nfaction: moles glyph=m sight=0 hearing=20 hostile\nmap:\n\
         ######################\n\
         #@...................#\n\
         #....................#\n\
         ##########.###########\n\
         #m...................#\n\
         ######################\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    pick(&mut game, item("noise-maker"), Dir::E);
    let target = Pos::new(9, 2);
    let ev = act(&mut game, Action::Throw(0, Pos::new(5, 4)));
    assert!(
        matches!(ev[..], [Event::CannotThrow { .. }]),
        "unseen: {ev:?}"
    );
    let ev = act(&mut game, Action::Throw(0, Pos::new(15, 1)));
    assert!(
        matches!(ev[..], [Event::CannotThrow { .. }]),
        "out of range: {ev:?}"
    );
    let ev = act(&mut game, Action::Throw(0, target));
    assert!(
        ev.contains(&Event::Threw {
            item: item("noise-maker"),
            at: target
        }),
        "{ev:?}"
    );
    assert_eq!(
        game.floor().mind(0).player_seen(),
        Some(target),
        "it goes to the noise"
    );
    assert_eq!(game.floor().monsters()[0].plan().goal(), Some(target));
}

/// Collapse: the first open cell beside the player (clockwise from the
/// north) becomes wall. A blind monster that planned through it (it did
/// not see it fall) bumps into it and plans again, the long way round:
/// a dead end made on purpose.
#[test]
fn collapse_makes_a_wall_the_monsters_bump_into() {
    let level = parse(
        "name: c\nfaction: blind glyph=b sight=0 planner=astar goal=1\nmap:\n\
         ###############\n\
         #b...........1#\n\
         #.#####@#####.#\n\
         #.............#\n\
         ###############\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    pick(&mut game, item("collapse"), Dir::S);
    act(&mut game, Action::Walk(Dir::N));
    assert_eq!(game.floor().pack(), [item("collapse")]);
    let gap = Pos::new(7, 1);
    assert!(
        game.floor().monsters()[0].plan().remaining().contains(&gap),
        "it plans along the top"
    );
    let ev = act(&mut game, Action::Use(0));
    assert!(ev.contains(&Event::Collapsed { at: gap }), "{ev:?}");
    assert_eq!(game.floor().world().get(gap), Some(Terrain::Wall));
    let mut bumped = false;
    let mut home = false;
    for _ in 0..80 {
        for e in act(&mut game, Action::Wait(None)) {
            bumped |= matches!(e, Event::Bumped { monster: 0, toward } if toward == gap);
            home |= matches!(e, Event::ReachedGoal { monster: 0, .. });
        }
    }
    assert!(bumped, "it walked into the fallen ground");
    assert!(home, "and went round below");
}

/// Teleport: the player lands at least ten cells away.
#[test]
fn teleport_moves_the_player_far() {
    let mut game = Game::new(&parse(HALL), 4, SimConfig::default()).unwrap();
    pick(&mut game, item("teleport"), Dir::E);
    let from = game.floor().player().unwrap().pos();
    let ev = act(&mut game, Action::Use(0));
    let to = game.floor().player().unwrap().pos();
    assert!(ev.contains(&Event::Teleported { from, to }), "{ev:?}");
    assert!(from.abs_delta(to).0.max(from.abs_delta(to).1) >= 10);
    assert_eq!(
        game.floor().world().occupant(to),
        Some(game.floor().player().unwrap().id())
    );
    assert_eq!(game.floor().world().occupant(from), None);
}

/// The room of the darkness test: an orc that sees the whole room.
const LIT_ROOM: &str = "name: d\nfaction: orcs glyph=o sight=8 hostile\nmap:\n\
                        ####################\n\
                        #..................#\n\
                        #..@...............#\n\
                        #..................#\n\
                        #..........o.......#\n\
                        ####################\n";

/// Darkness: the player reads it where the orc saw it, then steps two
/// cells aside, still inside. The orc does not see it there (in plain
/// line, five cells off), learns nothing inside, goes to where it last
/// saw the player and, finding nothing, searches. Without the darkness
/// the same steps are seen. When it lifts, the orc sees the player again.
#[test]
fn darkness_hides_the_player_and_the_ground_from_monsters() {
    let Effect::Darkness {
        turns: darkness_turns,
        ..
    } = item("darkness").effect()
    else {
        panic!("a scroll of darkness darkens")
    };
    let read_at = Pos::new(4, 2);
    let hidden = Pos::new(2, 2);
    for dark in [false, true] {
        let mut game = Game::new(&parse(LIT_ROOM), 1, SimConfig::default()).unwrap();
        pick(&mut game, item("darkness"), Dir::E);
        assert_eq!(game.floor().mind(0).player_seen(), Some(read_at));
        let read = game.floor().turn();
        let mut events = if dark {
            act(&mut game, Action::Use(0))
        } else {
            act(&mut game, Action::Wait(None))
        };
        events.extend(act(&mut game, Action::Walk(Dir::W)));
        events.extend(act(&mut game, Action::Walk(Dir::W)));
        assert_eq!(game.floor().player().unwrap().pos(), hidden);
        if !dark {
            assert_eq!(
                game.floor().mind(0).player_seen(),
                Some(hidden),
                "in the light the orc sees where it went"
            );
            continue;
        }
        assert!(
            events.contains(&Event::Darkened {
                at: read_at,
                until: read + darkness_turns
            }),
            "{events:?}"
        );
        let d = game.floor().darkness().unwrap();
        let mut searched = false;
        for _ in 0..6 {
            searched |= act(&mut game, Action::Wait(None))
                .iter()
                .any(|e| matches!(e, Event::Searching { monster: 0, .. }));
            if searched {
                break;
            }
        }
        assert!(searched, "it lost track at the reading cell");
        assert_ne!(game.floor().mind(0).player_seen(), Some(hidden));
        let knowledge = game.floor().factions()[0].knowledge();
        for p in [hidden, Pos::new(1, 1), Pos::new(3, 3)] {
            assert!(d.covers(p));
            assert!(
                knowledge.last_seen(p) <= read,
                "{p} not seen since the reading: {}",
                knowledge.last_seen(p)
            );
        }
        let mut lifted = false;
        while game.floor().turn() <= d.until && game.floor().player().is_some_and(|p| p.is_here()) {
            lifted |= act(&mut game, Action::Wait(None)).contains(&Event::Lifted { at: read_at });
        }
        assert!(lifted && game.floor().darkness().is_none());
    }
}

/// Darts hit the first unit on the line, at range; mail armour and a
/// sword are put on when picked up: the player's defence and blow.
#[test]
fn darts_hit_at_range_and_armour_and_swords_are_worn() {
    let level = parse(
        "name: d\nfaction: orcs glyph=o sight=0 hp=40\nmap:\n\
         ############\n#@.....o...#\n#..........#\n############\n",
    );
    let mut game = Game::new(&level, 2, SimConfig::default()).unwrap();
    for _ in 0..2 {
        game.apply(Command::PutItem {
            at: Pos::new(1, 2),
            item: item("dart"),
        });
    }
    pick(&mut game, item("dart"), Dir::S);
    let orc = Pos::new(7, 1);
    let mut hits = 0;
    for _ in 0..3 {
        let ev = act(&mut game, Action::Throw(0, Pos::new(10, 1).step(Dir::W)));
        assert!(
            ev.iter().any(|e| matches!(e, Event::Threw { .. })),
            "{ev:?}"
        );
        hits += ev
            .iter()
            .filter(|e| matches!(e, Event::Attacked { target: 0, damage, .. } if (2..=5).contains(damage)))
            .count();
    }
    assert!(hits >= 1, "a dart hits the orc on the line at {orc}");
    assert!(game.floor().pack().is_empty());
    let me = game.floor().player().unwrap().faction();
    pick(&mut game, item("armour"), Dir::E);
    pick(&mut game, item("sword"), Dir::E);
    let spec = game.floor().factions()[me].spec().kind();
    let gear = |armour: &str, weapon: &str| {
        (
            item(armour).defence().unwrap(),
            item(weapon).blow().unwrap(),
        )
    };
    assert_eq!((spec.defence, spec.damage), gear("armour", "sword"));
    assert!(game.floor().pack().is_empty(), "worn, not carried");
    // Plate and an axe are better; mail and a sword found after them are
    // left aside (picked up, not put on).
    pick(&mut game, item("plate"), Dir::E);
    pick(&mut game, item("axe"), Dir::W);
    pick(&mut game, item("armour"), Dir::E);
    pick(&mut game, item("sword"), Dir::W);
    let spec = game.floor().factions()[me].spec().kind();
    assert_eq!((spec.defence, spec.damage), gear("plate", "axe"));
}

/// A run's depths have their items from the seed: the same on every
/// machine, the armour on depth 2, the sword on depth 3; the item
/// commands go through a replay and back.
#[test]
fn depths_have_items_and_item_commands_replay() {
    use darkstar::record::replay::{LevelSource, Recorder, Replay};
    let game = Game::new_run(3, 2, SimConfig::default()).unwrap();
    assert!(
        game.floor()
            .floor_items()
            .iter()
            .any(|&(_, k)| k == item("armour"))
    );
    assert!(
        game.floor()
            .floor_items()
            .iter()
            .any(|&(_, k)| k == item("healing"))
    );
    let again = Game::new_run(3, 2, SimConfig::default()).unwrap();
    assert_eq!(game.floor().floor_items(), again.floor().floor_items());
    let sword = Game::new_run(3, 3, SimConfig::default()).unwrap();
    assert!(
        sword
            .floor()
            .floor_items()
            .iter()
            .any(|&(_, k)| k == item("sword"))
    );
    let level = parse(HALL);
    let config = SimConfig::default();
    let mut game = Game::new(&level, 1, config).unwrap();
    let mut rec = Recorder::new(LevelSource::Text(level.to_text()), 1, config, 5);
    rec.apply(
        &mut game,
        Command::PutItem {
            at: Pos::new(2, 1),
            item: item("dart"),
        },
    );
    rec.apply(
        &mut game,
        Command::PutItem {
            at: Pos::new(1, 2),
            item: item("healing"),
        },
    );
    for a in [
        Action::Walk(Dir::E),
        Action::Walk(Dir::SW),
        Action::Drop(0),
        Action::Throw(0, Pos::new(9, 2)),
        Action::Use(0),
    ] {
        rec.apply(&mut game, Command::Player(a));
    }
    let text = rec.replay().to_text();
    for word in ["item 2 1 dart", "drop 0", "throw 0 9 2", "use 0"] {
        assert!(text.contains(word), "{word} in {text}");
    }
    let replay = Replay::parse(&text, "items.replay".as_ref()).unwrap();
    assert!(replay.verify().unwrap().is_ok());
    assert_eq!(replay.restore().unwrap().state_hash(), game.state_hash());
}

/// A dart flies the way the player's sight looks (`fog::flight`):
/// Bresenham's line from (1, 1) to (2, 3) went by the pillar at (2, 2),
/// while the shadowcast sees (2, 3) past the pillar's corner; the dart
/// goes by (1, 2) and reaches the orc.
#[test]
fn a_dart_reaches_a_monster_seen_past_a_pillar() {
    let level = parse(
        "name: pillar\nfaction: orcs glyph=o sight=0 hp=40\nmap:\n\
         #####\n#@..#\n#.#.#\n#.o.#\n#####\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    game.apply(Command::PutItem {
        at: Pos::new(2, 1),
        item: item("dart"),
    });
    pick(&mut game, item("dart"), Dir::E);
    act(&mut game, Action::Walk(Dir::W));
    let orc = Pos::new(2, 3);
    assert!(game.floor().player_view().unwrap().sees(orc));
    let ev = act(&mut game, Action::Throw(0, orc));
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Attacked { target: 0, .. } | Event::Missed { target: 0, .. }
        )),
        "the dart reaches the orc: {ev:?}"
    );
}

/// A dart aimed at a wall hits it and says so; one whose way was walled
/// since the player last looked (a scroll of collapse walls the cell
/// beside the player, who has not looked since) stops there and says
/// where, short of where it was aimed.
#[test]
fn a_dart_that_meets_a_wall_says_where() {
    let level = parse("name: hall\nmap:\n#######\n#.....#\n#.....#\n#.....#\n#..@..#\n#######\n");
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    for item in [item("dart"), item("dart"), item("collapse")] {
        game.apply(Command::PutItem {
            at: Pos::new(3, 3),
            item,
        });
    }
    pick(&mut game, item("dart"), Dir::N);
    act(&mut game, Action::Walk(Dir::S));
    let wall = Pos::new(3, 0);
    let dart = slot(&game, item("dart"));
    let ev = act(&mut game, Action::Throw(dart, wall));
    assert!(
        ev.contains(&Event::DartStopped {
            at: wall,
            aimed: wall
        }),
        "{ev:?}"
    );
    // Collapse walls the first open cell clockwise from the north: (3, 3).
    let scroll = slot(&game, item("collapse"));
    let ev = act(&mut game, Action::Use(scroll));
    assert!(
        ev.contains(&Event::Collapsed { at: Pos::new(3, 3) }),
        "{ev:?}"
    );
    let aimed = Pos::new(3, 1);
    let dart = slot(&game, item("dart"));
    let ev = act(&mut game, Action::Throw(dart, aimed));
    assert!(
        ev.contains(&Event::DartStopped {
            at: Pos::new(3, 3),
            aimed
        }),
        "{ev:?}"
    );
}

/// A room 14 by 10 inside its walls with pillars (`#`), closed doors
/// (`+`) and rubble (`:`, open) at random, the player (`@`) with open
/// floor east of it, and one to six orcs that neither see nor hunt (they
/// stand where they are put).
fn pillared_room() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(
            prop_oneof![7 => Just('.'), 2 => Just('#'), 1 => Just('+'), 1 => Just(':')],
            14 * 10,
        ),
        0usize..140,
        proptest::collection::vec(0usize..140, 1..7),
    )
        .prop_map(|(mut cells, player, orcs)| {
            // Not in the last column: the floor east of it is in the room.
            let player = player - player % 14 + (player % 14).min(12);
            for o in orcs {
                let o = if o == player || o == player + 1 {
                    (player + 2) % 140
                } else {
                    o
                };
                cells[o] = 'o';
            }
            (cells[player], cells[player + 1]) = ('@', '.');
            let mut rows = vec!["#".repeat(16)];
            rows.extend(
                cells
                    .chunks(14)
                    .map(|r| format!("#{}#", r.iter().collect::<String>())),
            );
            rows.push("#".repeat(16));
            format!(
                "name: pillars\nfaction: orcs glyph=o sight=0 hp=1000\nmap:\n{}\n",
                rows.join("\n")
            )
        })
}

/// At every cell the player sees within reach, on random rooms with
/// pillars and doors, a dart is thrown (each from the same game): its way
/// is a straight line to the cell (one step along the longer axis a cell,
/// within half a cell of the line between the centres, within one for a
/// wall aimed at) that crosses no wall or closed door before the cell,
/// since the player sees it; the first unit on the way takes the dart
/// (hit or missed), and nobody else; the dart stops at what blocks sight
/// only when aimed at it. The run counts the throws and the units struck,
/// at least 20 and 1 a room on average.
#[test]
fn a_dart_thrown_at_any_cell_seen_reaches_the_first_unit_on_its_way() {
    use darkstar::fog::flight::flight;
    let range = item("dart").range().unwrap();
    let config = ProptestConfig::with_cases(200);
    let throws = Checked::new("throws", &config);
    let struck = Checked::new("units struck", &config);
    proptest!(config, |(text in pillared_room())| {
        let mut game = Game::new(&parse(&text), 1, SimConfig::default()).unwrap();
        let me = game.floor().player().unwrap().id();
        let from = game.floor().player().unwrap().pos();
        pick(&mut game, item("dart"), Dir::E);
        act(&mut game, Action::Walk(Dir::W));
        prop_assert_eq!((game.floor().player().unwrap().pos(), game.floor().pack()), (from, &[item("dart")][..]));
        let terrain = game.floor().world().terrain().clone();
        let targets: Vec<Pos> = game
            .floor().player_view()
            .unwrap()
            .cells()
            .filter(|&p| p != from && p.abs_delta(from).0.max(p.abs_delta(from).1) <= range)
            .collect();
        for to in targets {
            let way = flight(from, to, |p| terrain.is_opaque(p));
            let (dx, dy) = (to.x - from.x, to.y - from.y);
            let depth = dx.abs().max(dy.abs());
            let slack = if terrain.is_opaque(to) { 2 * depth - 1 } else { depth };
            prop_assert_eq!(way.len(), depth as usize);
            prop_assert_eq!(way.last(), Some(&to));
            let mut at = from;
            for (i, &p) in way.iter().enumerate() {
                let d = i as i32 + 1;
                prop_assert!(p.abs_delta(at).0.max(p.abs_delta(at).1) == 1, "{:?}", way);
                prop_assert!(2 * ((p.x - from.x) * depth - d * dx).abs() <= slack, "{:?}", way);
                prop_assert!(2 * ((p.y - from.y) * depth - d * dy).abs() <= slack, "{:?}", way);
                prop_assert!(p == to || !terrain.is_opaque(p), "through {} to {}: {:?}", p, to, way);
                at = p;
            }
            let first = way.iter().find_map(|&p| game.floor().world().occupant(p));
            let mut thrown = game.clone();
            let ev = act(&mut thrown, Action::Throw(0, to));
            prop_assert!(ev.contains(&Event::Threw { item: item("dart"), at: to }), "{:?}", ev);
            let hit: Vec<u32> = ev
                .iter()
                .filter_map(|e| match *e {
                    Event::Attacked { attacker, target, .. } | Event::Missed { attacker, target }
                        if attacker == me => Some(target),
                    _ => None,
                })
                .collect();
            prop_assert_eq!(&hit, &first.into_iter().collect::<Vec<_>>(), "at {}: {:?}", to, way);
            let stopped: Vec<Pos> = ev
                .iter()
                .filter_map(|e| match *e {
                    Event::DartStopped { at, aimed } if aimed == to => Some(at),
                    _ => None,
                })
                .collect();
            let wall = first.is_none() && terrain.is_opaque(to);
            prop_assert_eq!(stopped, if wall { vec![to] } else { vec![] });
            throws.add(1);
            struck.add(first.is_some() as u64);
        }
    });
    throws.at_least(20.0);
    struck.at_least(1.0);
}

/// The built-in book (`data/items.txt`) lays every depth as the code did
/// before items were data: healing, darts, a noise-maker, a second potion
/// on even depths, one scroll of four drawn, then the gear of depths 2,
/// 3, 5 and 6, in that order (each a cell drawn in turn, so the order is
/// what keeps runs as they were).
#[test]
fn the_builtin_book_lays_each_depth_as_before() {
    use darkstar::content::items::ItemBook;
    let book = ItemBook::builtin();
    for depth in 1..=darkstar::content::bestiary::DEPTHS {
        for pick in 0..4 {
            let mut expected = vec!["healing", "dart", "noise-maker"];
            if depth % 2 == 0 {
                expected.push("healing");
            }
            expected.push(["magic-map", "collapse", "teleport", "darkness"][pick]);
            match depth {
                2 => expected.push("armour"),
                3 => expected.push("sword"),
                5 => expected.push("plate"),
                6 => expected.push("axe"),
                _ => {}
            }
            let mut draws = Vec::new();
            let laid = book.laid_on(depth, |n| {
                draws.push(n);
                pick
            });
            let words: Vec<&str> = laid.iter().map(|d| d.word.as_str()).collect();
            assert_eq!(words, expected, "depth {depth}");
            assert_eq!(draws, [4], "one draw, among the four scrolls");
            let bundles: Vec<u32> = laid.iter().map(|d| d.bundle).collect();
            assert_eq!(bundles[1], 3, "darts come three together");
            assert!(bundles.iter().enumerate().all(|(i, &b)| i == 1 || b == 1));
        }
    }
    // The kinds keep the numbers the state hash read them by.
    let words: Vec<&str> = book.items().iter().map(|d| d.word.as_str()).collect();
    assert_eq!(
        words,
        [
            "healing",
            "magic-map",
            "noise-maker",
            "collapse",
            "teleport",
            "dart",
            "armour",
            "sword",
            "darkness",
            "plate",
            "axe"
        ]
    );
}

/// Two items of effects the game knows, added by a book of one's own and
/// no code: a firecracker (a noise, twice as loud as the noise-maker)
/// and a minor potion (heals 5). A run furnished from the book lays them
/// after the built-in book's items, which lie where they did; the player
/// walks to them and picks them up. Thrown, the firecracker wakes a
/// sleeper the noise-maker leaves asleep; drunk, the potion heals 5.
#[test]
fn a_book_of_ones_own_adds_items_of_known_effects() {
    use crate::common::travel;
    use darkstar::content::items::{BUILTIN, ItemBook};
    let extra = "\nitem: firecracker\nname: a firecracker\nglyph: (\neffect: noise\n\
                 loudness: 400\nrange: 8\nfound: lot 7 on every depth\n\n\
                 item: minor-potion\nname: a minor potion\nglyph: !\neffect: heal\nheal: 5\n\
                 found: lot 7 on odd depths\n";
    let book = ItemBook::parse(&format!("{BUILTIN}{extra}"), "book.txt".as_ref())
        .unwrap()
        .leak();
    let firecracker = ItemKind::in_book(book, "firecracker").unwrap();
    let potion = ItemKind::in_book(book, "minor-potion").unwrap();
    assert_eq!(format!("{firecracker:?}"), "firecracker");

    // Found on a depth's floor, the built-in items undisturbed.
    let config = SimConfig::default();
    let plain = Game::new_run(1, 1, config).unwrap();
    let mut game = Game::new_run_with_items(1, 1, config, book).unwrap();
    let n = plain.floor().floor_items().len();
    assert_eq!(
        game.floor().floor_items()[..n],
        *plain.floor().floor_items()
    );
    let laid: Vec<ItemKind> = game.floor().floor_items()[n..]
        .iter()
        .map(|&(_, k)| k)
        .collect();
    assert_eq!(laid, [firecracker, potion]);
    // Picked up: the monsters put away first, so the walk is safe.
    for m in 0..game.floor().monsters().len() {
        if !game.floor().monsters()[m].is_player() {
            game.apply(Command::Kill { monster: m as u32 });
        }
    }
    let mut events = Vec::new();
    for kind in [firecracker, potion] {
        let at = game
            .floor()
            .floor_items()
            .iter()
            .find(|&&(_, k)| k == kind)
            .unwrap()
            .0;
        travel(&mut game, at, &mut events);
        assert!(game.floor().pack().contains(&kind), "{kind:?} picked up");
    }
    assert!(events.contains(&Event::PickedUp { item: firecracker }));
    // The pack is in the book's order: the new items last.
    assert_eq!(
        game.floor().pack()[game.floor().pack().len() - 2..],
        [firecracker, potion]
    );
    let depth2 = Game::new_run_with_items(1, 2, config, book).unwrap();
    assert!(
        !depth2
            .floor()
            .floor_items()
            .iter()
            .any(|&(_, k)| k == potion),
        "odd depths only"
    );

    // Thrown: fifteen steps from where it lands, a sleeper that hears 5
    // hears the firecracker (5 * 400 / 100 = 20 steps), not the
    // noise-maker (10).
    let wall = "#".repeat(29);
    let hall = format!(
        "name: f\nfaction: moles glyph=m sight=0 hearing=5 sleeps hostile\nmap:\n\
         {wall}\n#@{}m..#\n{wall}\n",
        ".".repeat(23)
    );
    let target = Pos::new(10, 1);
    for (thrown, wakes) in [(item("noise-maker"), false), (firecracker, true)] {
        let mut game = Game::new(&parse(&hall), 1, config).unwrap();
        pick(&mut game, thrown, Dir::E);
        let sleeper = game
            .floor()
            .monsters()
            .iter()
            .find(|m| !m.is_player())
            .unwrap();
        let (monster, at) = (sleeper.id(), sleeper.pos());
        assert_eq!(at.x - target.x, 15);
        assert!(game.floor().mind(sleeper.id()).is_asleep());
        let ev = act(&mut game, Action::Throw(0, target));
        assert!(
            ev.contains(&Event::Threw {
                item: thrown,
                at: target
            }),
            "{ev:?}"
        );
        let woke = ev.contains(&Event::Woke {
            monster,
            heard: Some(target),
        });
        assert_eq!(woke, wakes, "{thrown:?}: {ev:?}");
        assert_eq!(game.floor().mind(monster).is_asleep(), !wakes);
    }

    // Drunk: 5 hit points back, no more.
    let level = parse(
        "name: h\nfaction: goblins glyph=g sight=8 hostile\nmap:\n#######\n#@g...#\n#.....#\n#######\n",
    );
    let mut game = Game::new(&level, 1, config).unwrap();
    pick(&mut game, potion, Dir::S);
    while game.floor().player().unwrap().hp() > darkstar::sim::PLAYER_HP - 5 {
        act(&mut game, Action::Wait(None));
        assert!(game.floor().turn() < 200);
    }
    let goblin = game
        .floor()
        .monsters()
        .iter()
        .find(|m| !m.is_player())
        .unwrap()
        .id();
    game.apply(Command::Kill { monster: goblin });
    let hp = game.floor().player().unwrap().hp();
    let potion_slot = slot(&game, potion);
    let ev = act(&mut game, Action::Use(potion_slot));
    assert!(ev.contains(&Event::Used { item: potion }), "{ev:?}");
    assert_eq!(game.floor().player().unwrap().hp(), hp + 5);
}

/// The state hash reads an item by its word, never its place in the book:
/// the same game with the same item, from a book that lists the items in
/// another order, hashes the same (on the floor, and in the pack).
#[test]
fn the_state_hash_reads_items_by_their_words_not_their_order() {
    use darkstar::content::items::{BUILTIN, ItemBook};
    // The built-in book with its first block moved to the end.
    let (head, blocks) = BUILTIN.split_once("\nitem:").unwrap();
    let mut blocks: Vec<String> = format!("\nitem:{blocks}")
        .split("\nitem:")
        .filter(|b| !b.trim().is_empty())
        .map(|b| format!("\nitem:{b}"))
        .collect();
    blocks.rotate_left(1);
    let reversed = ItemBook::parse(&format!("{head}{}", blocks.concat()), "r.txt".as_ref())
        .unwrap()
        .leak();
    let dart = |book| ItemKind::in_book(book, "dart").unwrap();
    assert_ne!(dart(reversed).index(), dart(ItemBook::builtin()).index());
    let level = Level::parse(
        "name: x\nfaction: a glyph=a\nmap:\n#####\n#@..#\n#####\n",
        "x.txt".as_ref(),
    )
    .unwrap();
    let hashes = |kind: ItemKind| {
        let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
        game.apply(Command::PutItem {
            at: Pos::new(2, 1),
            item: kind,
        });
        let floor = game.state_hash();
        game.apply(Command::Player(Action::Walk(Dir::E)));
        (floor, game.state_hash())
    };
    assert_eq!(hashes(dart(reversed)), hashes(dart(ItemBook::builtin())));
}
