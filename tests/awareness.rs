//! What the player can do to what the monsters know, and what monsters
//! do with what they know: doors that open and close (a door-blind kind
//! stopped by a closed one, until it sees it open), sneaking past a
//! sleeper, a faction that searches round where it lost the player, and
//! wanderers that walk into dead ends they have not found.

use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::terrain::Terrain;
use darkstar::sim::{
    Action, Awareness, Command, Event, Game, SEARCH_RADIUS, SEARCH_TURNS, SimConfig,
};

fn parse(text: &str) -> Level {
    Level::parse(text, "awareness.txt".as_ref()).unwrap()
}

fn act(game: &mut Game, action: Action) -> Vec<Event> {
    game.apply(Command::Player(action))
}

/// A corridor with a door, the player on one side, a hunter of `kind`
/// on the other, ten cells off.
fn door_corridor(settings: &str) -> Level {
    parse(&format!(
        "name: door\nfaction: hunters glyph=h sight=16 hostile {settings}\nmap:\n\
         ################\n\
         #@.'..........h#\n\
         ################\n"
    ))
}

/// The player closes the door it stands by: a turn, the door's noise, and
/// the corridor beyond is hidden from it; `C` refuses a cell that is no
/// open door, without a turn.
#[test]
fn the_player_closes_and_opens_a_door() {
    let level = parse("name: d\nmap:\n#######\n#@'...#\n#######\n");
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let door = Pos::new(2, 1);
    assert!(game.floor().player_view().unwrap().sees(Pos::new(5, 1)));
    let ev = act(&mut game, Action::Close(Dir::N));
    assert_eq!(ev, [Event::CannotClose { at: Pos::new(1, 0) }]);
    assert_eq!(game.floor().turn(), 0, "no time for a wall");
    let ev = act(&mut game, Action::Close(Dir::E));
    assert!(ev.contains(&Event::Door {
        by: 0,
        at: door,
        open: false
    }));
    assert_eq!(game.floor().turn(), 1, "closing takes a turn");
    assert_eq!(game.floor().world().get(door), Some(Terrain::Door));
    let view = game.floor().player_view().unwrap();
    assert!(view.sees(door) && !view.sees(Pos::new(3, 1)), "it hides");
    // Walking into it opens it, without stepping in.
    let ev = act(&mut game, Action::Walk(Dir::E));
    assert!(ev.contains(&Event::Door {
        by: 0,
        at: door,
        open: true
    }));
    assert_eq!(game.floor().player().unwrap().pos(), Pos::new(1, 1));
    assert_eq!(game.floor().world().get(door), Some(Terrain::OpenDoor));
    assert!(game.floor().player_view().unwrap().sees(Pos::new(5, 1)));
    act(&mut game, Action::Walk(Dir::E));
    assert_eq!(game.floor().player().unwrap().pos(), door);
    // Floor is no door.
    let ev = act(&mut game, Action::Close(Dir::E));
    assert_eq!(ev, [Event::CannotClose { at: Pos::new(3, 1) }]);
}

/// A hunter that opens doors spends a turn on a closed one and comes
/// through; a door-blind one (zombies) that finds it closed takes it for
/// a wall and stops, and comes once it sees it open again.
#[test]
fn a_door_blind_kind_is_stopped_by_a_closed_door_until_it_sees_it_open() {
    for (settings, opens) in [("", true), ("no-doors", false)] {
        let level = door_corridor(settings);
        let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
        let door = Pos::new(3, 1);
        // It sees the player down the corridor and comes.
        act(&mut game, Action::Wait(None));
        assert_eq!(game.floor().awareness(0), Awareness::Hunting, "{settings}");
        // Shut it in its face.
        act(&mut game, Action::Walk(Dir::E));
        act(&mut game, Action::Close(Dir::E));
        assert_eq!(game.floor().world().get(door), Some(Terrain::Door));
        let mut opened_by_it = false;
        for _ in 0..30 {
            let ev = act(&mut game, Action::Wait(None));
            opened_by_it |= ev
                .iter()
                .any(|e| matches!(e, Event::Door { by: 0, at, open: true } if *at == door));
        }
        let hunter = &game.floor().monsters()[0];
        let beside = hunter.pos() == Pos::new(4, 1);
        if opens {
            assert!(opened_by_it, "an opener opens the door");
            assert!(
                game.floor().player().unwrap().hp() < 20,
                "and comes to fight"
            );
        } else {
            assert!(!opened_by_it, "zombies cannot open doors");
            let known = game.floor().factions()[0].knowledge();
            assert_eq!(known.belief(door), Some(Terrain::Door));
            assert!(!known.is_passable(door), "a closed door is its wall");
            assert_eq!(
                game.floor().player().unwrap().hp(),
                darkstar::sim::PLAYER_HP,
                "the door holds it"
            );
            assert!(beside || hunter.pos().x > 3, "{}", hunter.pos());
            // The player opens it: the zombie sees it open and comes.
            act(&mut game, Action::Walk(Dir::E));
            assert_eq!(game.floor().world().get(door), Some(Terrain::OpenDoor));
            for _ in 0..20 {
                act(&mut game, Action::Wait(None));
            }
            let known = game.floor().factions()[0].knowledge();
            assert!(known.is_passable(door), "it learnt the door again");
            assert!(game.floor().player().unwrap().hp() < 20, "it came through");
        }
    }
}

/// A sleeper that hears well wakes at the player's steps walking by; the
/// same walk sneaking leaves it asleep, and takes twice the turns.
#[test]
fn sneaking_passes_a_sleeper_that_walking_wakes() {
    let text = "name: sneak\nfaction: jackals glyph=j sight=2 hearing=16 sleeps hostile\nmap:\n\
                ##################\n\
                #@...............#\n\
                #................#\n\
                #######.##########\n\
                #######j##########\n\
                ##################\n";
    let walk = |sneak: bool| {
        let mut game = Game::new(&parse(text), 1, SimConfig::default()).unwrap();
        if sneak {
            let ev = act(&mut game, Action::Sneak);
            assert_eq!(ev, [Event::Sneak { on: true }]);
            assert_eq!(game.floor().turn(), 0, "sneaking takes no time to start");
        }
        let mut woke = false;
        for _ in 0..15 {
            let ev = act(&mut game, Action::Walk(Dir::E));
            woke |= ev.iter().any(|e| matches!(e, Event::Woke { .. }));
        }
        (woke, game.floor().turn())
    };
    let (woke_walking, walked) = walk(false);
    let (woke_sneaking, sneaked) = walk(true);
    assert!(woke_walking, "footsteps wake it");
    assert!(!woke_sneaking, "sneaking does not");
    // On floor, a sneaking step takes one floor step more: two turns.
    assert_eq!(sneaked, 2 * walked, "a sneaking step is a turn longer");
}

/// A sleeper that sees the player wakes only within half the player's
/// stealth range, by a chance each turn that falls with the distance:
/// walking, seven steps off at most; sneaking, three. Deaf, it hears no
/// step, so its eyes alone wake it.
#[test]
fn a_sleeper_wakes_at_sight_only_close_by_and_less_the_further() {
    // The turn a deaf sleeper that sees sixteen cells wakes, the player
    // waiting `d` steps off (sneaking or not), within `turns`; over seeds.
    let wakes = |d: usize, sneak: bool, seed: u64, turns: u32| -> Option<u32> {
        let row = format!(
            "#{}{}s#",
            ".".repeat(9 - d),
            format_args!("@{}", ".".repeat(d - 1))
        );
        let text = format!(
            "name: sleeper\nfaction: sleepers glyph=s sight=16 hearing=0 sleeps hostile\nmap:\n\
             ############\n{row}\n############\n"
        );
        let mut game = Game::new(&parse(&text), seed, SimConfig::default()).unwrap();
        if sneak {
            act(&mut game, Action::Sneak);
        }
        (1..=turns).find(|_| {
            let ev = act(&mut game, Action::Wait(None));
            ev.iter()
                .any(|e| matches!(e, Event::Woke { heard: None, .. }))
        })
    };
    // Beyond the range: never, in 300 turns.
    assert_eq!(wakes(8, false, 1, 300), None, "walking, eight steps off");
    assert_eq!(wakes(4, true, 1, 300), None, "sneaking, four steps off");
    // At its edge: in the end.
    assert!(
        wakes(7, false, 1, 300).is_some(),
        "walking, seven steps off"
    );
    assert!(
        wakes(3, true, 1, 300).is_some(),
        "sneaking, three steps off"
    );
    // The chance falls with the distance: woken on the first turn, over
    // 200 seeds (7 in 16 beside it and 2 in 16 six steps off walking; 3
    // in 8 beside it sneaking).
    let first = |d, sneak| {
        (1..=200)
            .filter(|&s| wakes(d, sneak, s, 1).is_some())
            .count()
    };
    let (near, far, sneaking) = (first(1, false), first(6, false), first(1, true));
    assert!((65..=110).contains(&near), "beside it: {near} of 200");
    assert!((10..=45).contains(&far), "six steps off: {far} of 200");
    assert!(
        (50..=100).contains(&sneaking),
        "beside it, sneaking: {sneaking} of 200"
    );
}

/// The odds the look box shows are the odds the game rolls: for a deaf
/// sleeper (its eyes alone wake it) and an awake sentry that has not
/// noticed the player, each `d` steps off, walking or sneaking,
/// `Floor::notice_odds` says the chance of the next turn, and over 400
/// seeds the first turn's wakes and noticings come out at that chance.
#[test]
fn the_odds_the_look_box_shows_are_the_odds_the_game_rolls() {
    let game_at = |d: usize, sneak: bool, seed: u64, sleeps: bool| -> Game {
        let row = format!("#{}@{}s#", ".".repeat(9 - d), ".".repeat(d - 1));
        let sleeps = if sleeps { " sleeps" } else { "" };
        let text = format!(
            "name: odds\nfaction: sentries glyph=s sight=16 hearing=0{sleeps} hostile\nmap:\n\
             ############\n{row}\n############\n"
        );
        let mut game = Game::new(&parse(&text), seed, SimConfig::default()).unwrap();
        if sneak {
            act(&mut game, Action::Sneak);
        }
        game
    };
    for (d, sneak, sleeps) in [
        (1, false, true),
        (5, false, true),
        (2, true, true),
        (1, true, false),
        (5, true, false),
    ] {
        let odds = game_at(d, sneak, 1, sleeps).floor().notice_odds(0).unwrap();
        assert!(odds.sees && odds.asleep == sleeps && odds.hears_within == 0);
        let rule = match sleeps {
            true => darkstar::sim::wake_chance(d as u32, sneak),
            false => darkstar::sim::notice_chance(d as u32, sneak),
        };
        assert_eq!(odds.chance, rule, "{d} steps, sneaking {sneak}");
        let (n, den) = odds.chance;
        assert!(0 < n && n < den, "no chance to measure: {n} in {den}");
        let seeds = 400;
        let hits = (1..=seeds)
            .filter(|&seed| {
                let mut game = game_at(d, sneak, seed, sleeps);
                let ev = act(&mut game, Action::Wait(None));
                match sleeps {
                    true => ev
                        .iter()
                        .any(|e| matches!(e, Event::Woke { heard: None, .. })),
                    false => game.floor().awareness(0) == Awareness::Hunting,
                }
            })
            .count() as f64;
        let expected = seeds as f64 * n as f64 / den as f64;
        // Four standard deviations of a binomial count.
        let sd = (expected * (1.0 - n as f64 / den as f64)).sqrt();
        assert!(
            (hits - expected).abs() <= 4.0 * sd + 1.0,
            "{d} steps, sneaking {sneak}, asleep {sleeps}: {hits} of {seeds}, the box says {n} in {den}"
        );
    }
}

/// Hunters that lose the player where they last saw it search round
/// there: the faction goes to the nearest cells it has not seen since,
/// one after another (each within the search radius), then gives up
/// after the search's turns and goes home.
#[test]
fn a_faction_searches_round_where_it_lost_the_player_then_gives_up() {
    let level = parse(
        "name: search\nfaction: goblins glyph=g sight=5 speed=50 hostile goal=1\nmap:\n\
         ##############################\n\
         #1.......................#...#\n\
         #...........g..@.........#...#\n\
         #........................#...#\n\
         ############.#####.#######...#\n\
         #.......................#....#\n\
         #.......................#....#\n\
         ##############################\n",
    );
    let mut game = Game::new(&level, 3, SimConfig::default()).unwrap();
    // Seen, then out of sight down the southern passage and away east.
    let route = [Dir::E, Dir::E, Dir::SE, Dir::S, Dir::S]
        .into_iter()
        .chain([Dir::W; 16]);
    let mut around = None;
    let mut spots = Vec::new();
    let mut gave_up = None;
    let waits = std::iter::repeat_n(Action::Wait(None), 80);
    for action in route.map(Action::Walk).chain(waits) {
        let ev = act(&mut game, action);
        for e in &ev {
            match e {
                Event::Searching {
                    monster: 0,
                    around: a,
                } => around = Some((*a, game.floor().turn())),
                Event::GaveUp { monster: 0 } => gave_up = Some(game.floor().turn()),
                _ => {}
            }
        }
        if let Some(s) = game.floor().mind(0).search() {
            assert_eq!(game.floor().awareness(0), Awareness::Searching);
            if let Some(spot) = s.spot
                && spots.last() != Some(&spot)
            {
                spots.push(spot);
            }
        }
    }
    let (around, from) = around.expect("it lost track and searched");
    assert!(
        spots.len() >= 2,
        "it searched more than one cell: {spots:?}"
    );
    for s in &spots {
        let (dx, dy) = s.abs_delta(around);
        assert!(
            dx.max(dy) <= SEARCH_RADIUS as u32,
            "{s} is far from {around}"
        );
    }
    // Each cell searched had not been seen since the player was lost, so
    // the goblin went somewhere new: the southern passage at least.
    assert!(spots.iter().any(|s| s.y >= 4), "{spots:?}");
    let gave_up = gave_up.expect("it gave up");
    assert!(gave_up <= from + SEARCH_TURNS, "{gave_up} vs {from}");
    assert_ne!(game.floor().awareness(0), Awareness::Searching);
    assert_eq!(
        game.floor().monsters()[0].plan().goal(),
        level.factions[0].goal
    );
}

/// A wandering faction with nothing to hunt walks to places it believes
/// walkable, one after another: on a map of dead ends it has not seen,
/// it walks into some and bumps (a blind one) and keeps going.
#[test]
fn wanderers_roam_into_dead_ends_they_have_not_found() {
    let level = parse(
        "name: wander\nfaction: rats glyph=r sight=0 hostile wanders\nmap:\n\
         ##########################\n\
         #r...#.....#.....#.......#\n\
         #.##.#.###.#.###.#.#####.#\n\
         #.#..#...#...#.....#.....#\n\
         #.#.####.#####.#####.###.#\n\
         #...............#......#.#\n\
         ##########################\n",
    );
    let mut game = Game::new(&level, 5, SimConfig::default()).unwrap();
    let mut cells = std::collections::BTreeSet::new();
    let mut bumps = 0;
    for _ in 0..300 {
        for e in game.apply(Command::Advance) {
            match e {
                Event::Moved { monster: 0, to, .. } => {
                    cells.insert(to);
                }
                Event::Bumped { monster: 0, .. } => bumps += 1,
                _ => {}
            }
        }
        assert_eq!(game.floor().awareness(0), Awareness::Wandering);
    }
    assert!(cells.len() >= 30, "it roamed {} cells", cells.len());
    assert!(bumps >= 3, "it bumped {bumps} times");
    // And a faction that does not wander stays put.
    let still = parse(&level.to_text().replace(" wanders", ""));
    let mut game = Game::new(&still, 5, SimConfig::default()).unwrap();
    for _ in 0..50 {
        game.apply(Command::Advance);
    }
    assert_eq!(game.floor().monsters()[0].stats().steps, 0);
    assert_eq!(game.floor().awareness(0), Awareness::Idle);
}

/// Doors, sneaking and a search are in the state hash, and the commands
/// that make them go through a replay's text and back.
#[test]
fn doors_and_sneaking_are_in_the_hash_and_the_replay() {
    use darkstar::record::replay::{LevelSource, Recorder, Replay};
    let level = door_corridor("");
    let config = SimConfig::default();
    let mut game = Game::new(&level, 1, config).unwrap();
    let mut rec = Recorder::new(LevelSource::Text(level.to_text()), 1, config, 5);
    let before = game.state_hash();
    rec.apply(&mut game, Command::Player(Action::Walk(Dir::E)));
    rec.apply(&mut game, Command::Player(Action::Close(Dir::E)));
    rec.apply(&mut game, Command::Player(Action::Sneak));
    for _ in 0..12 {
        rec.apply(&mut game, Command::Player(Action::Wait(None)));
    }
    assert_ne!(game.state_hash(), before);
    let text = rec.replay().to_text();
    assert!(text.contains("close e") && text.contains("sneak"), "{text}");
    let replay = Replay::parse(&text, "t.replay".as_ref()).unwrap();
    assert!(replay.verify().unwrap().is_ok());
    let mut sneaking = game.clone();
    assert!(sneaking.floor().play_state().unwrap().sneaking);
    sneaking.apply(Command::Player(Action::Sneak));
    assert_ne!(sneaking.state_hash(), game.state_hash());
}

/// A hall with a sleeping troll (blind, hears twelve steps) ten cells
/// from the player, who stands still, and a raven of the trolls
/// with `behaviours` (the bestiary's, or without `cry`) beside the
/// player's way.
fn raven_hall(behaviours: &str) -> Level {
    parse(&format!(
        "name: ravens\n\
         faction: trolls glyph=T kind=troll\n\
         kind: raven of=trolls glyph=v kind=raven behaviours={behaviours}\n\
         map:\n\
         ##############################\n\
         #@...........................#\n\
         #............................#\n\
         #.......v....................#\n\
         #............................#\n\
         #..........T.................#\n\
         ##############################\n"
    ))
}

/// The raven that notices the player cries out, and the blind troll,
/// asleep (the player makes no sound), wakes at the cry and
/// hunts the player's place: the raven's eyes are the troll's. A raven
/// that does not cry leaves it asleep.
#[test]
fn a_ravens_cry_wakes_the_blind_troll() {
    let troll_after = |behaviours: &str| {
        let mut game = Game::new(&raven_hall(behaviours), 1, SimConfig::default()).unwrap();
        let troll = game
            .floor()
            .monsters()
            .iter()
            .position(|m| game.floor().kind_of(m).glyph == 'T')
            .unwrap() as u32;
        assert_eq!(game.floor().awareness(troll), Awareness::Asleep);
        let mut cried = false;
        for _ in 0..5 {
            cried |= act(&mut game, Action::Wait(None))
                .iter()
                .any(|e| matches!(e, Event::Cried { .. }));
        }
        (cried, game.floor().awareness(troll))
    };
    assert_eq!(
        troll_after("cry,melee,hunt,search,wander"),
        (true, Awareness::Hunting)
    );
    assert_eq!(troll_after("melee,hunt,search,wander").1, Awareness::Asleep);
}

/// A scout that cries, a blind kin four cells off that hears ten steps,
/// and between them a door: shut (`+`), it damps the cry to eleven steps
/// (1 + 8 + 1 + 1) and the kin hears nothing; open (`'`), the kin is told
/// where the scout saw the player.
#[test]
fn a_shut_door_damps_a_cry_below_a_kins_hearing() {
    let told = |door: char| {
        let level = parse(&format!(
            "name: door\n\
             faction: goblins glyph=s one=scout sight=8 hp=3 behaviours=cry,melee,hunt,search,wander\n\
             kind: brute of=goblins glyph=B hp=30 hearing=10 hostile\n\
             map:\n\
             ##########\n\
             #@..s.{door}.B#\n\
             ##########\n"
        ));
        let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
        let cried = act(&mut game, Action::Wait(None))
            .iter()
            .any(|e| matches!(e, Event::Cried { monster: 0 }));
        assert!(cried, "the scout saw the player and cried");
        game.floor().mind(1).knows()
    };
    assert_eq!(told('+'), None, "the shut door damped the cry");
    let open = told('\'').expect("through the open door the kin heard");
    assert_eq!(
        (open.at, open.how),
        (Pos::new(1, 1), darkstar::sim::Learnt::Told)
    );
}

/// A cry tells where the crier saw the player, not where it went: the
/// kin goes to that cell even after the player has left it.
#[test]
fn a_cry_tells_where_the_player_was_not_where_it_went() {
    let level = parse(
        "name: told\n\
         faction: goblins glyph=s one=scout sight=3 hp=3 behaviours=cry,hunt\n\
         kind: brute of=goblins glyph=B hp=30 hearing=30 hostile\n\
         map:\n\
         ###############\n\
         #@..s.........#\n\
         #.#############\n\
         #.............#\n\
         #############B#\n\
         #.............#\n\
         ###############\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let seen_at = game.floor().player().unwrap().pos();
    act(&mut game, Action::Wait(None));
    let told = game.floor().mind(1).knows().expect("told by the cry");
    assert_eq!(told.at, seen_at);
    // The player slips down the side passage, out of the scout's sight,
    // sneaking (unheard).
    act(&mut game, Action::Sneak);
    for _ in 0..2 {
        act(&mut game, Action::Walk(Dir::S));
    }
    let now = game.floor().player().unwrap().pos();
    assert_ne!(now, seen_at);
    assert_eq!(
        game.floor().mind(1).player_seen(),
        Some(seen_at),
        "still the told cell"
    );
}

/// A faction whose member saw the player on the far side of the depth
/// does not know where the player is: the sighted goblin at the west end
/// notices the player and shouts, its kin beside it are told, and its kin
/// at the east end, 26 steps off, hear nothing and know nothing (before,
/// one goblin's glimpse told every goblin on the depth). Its voice
/// counts: a cry four times as loud carries to them.
#[test]
fn a_faction_whose_member_saw_you_far_off_does_not_know_where_you_are() {
    let hall = |voice: u32| {
        parse(&format!(
            "name: far\n\
             faction: goblins glyph=g one=goblin sight=6 hearing=8 hp=6 voice={voice} behaviours=cry,melee,hunt,search,wander\n\
             kind: guard of=goblins glyph=G hp=6 hearing=8 hostile\n\
             map:\n\
             ##################################\n\
             #@...g.G.......................G.#\n\
             ##################################\n"
        ))
    };
    let mut game = Game::new(&hall(100), 1, SimConfig::default()).unwrap();
    let player = game.floor().player().unwrap().pos();
    let cried = (0..4).any(|_| {
        act(&mut game, Action::Wait(None))
            .iter()
            .any(|e| matches!(e, Event::Cried { monster: 0 }))
    });
    assert!(cried, "the goblin saw the player and shouted");
    let (near, far) = (game.floor().mind(1).knows(), game.floor().mind(2).knows());
    assert_eq!(
        near.map(|b| (b.at, b.how)),
        Some((player, darkstar::sim::Learnt::Told))
    );
    assert_eq!(far, None, "the far guard knows nothing of the player");
    assert_ne!(game.floor().awareness(2), Awareness::Hunting);
    // Eight steps a fight carries to a guard's ears; at 400 percent the
    // cry carries 32, past the far guard.
    let mut game = Game::new(&hall(400), 1, SimConfig::default()).unwrap();
    for _ in 0..4 {
        act(&mut game, Action::Wait(None));
    }
    assert_eq!(
        game.floor().mind(2).knows().map(|b| b.at),
        Some(player),
        "a louder cry told the far guard"
    );
}

/// A cry is told in the log with its kind's voice: a goblin the player
/// sees shouts; an orc bellows; a kind that does not cry (a rat) tells
/// nobody and the log says nothing of it.
#[test]
fn a_cry_is_told_in_the_log_in_its_kinds_voice() {
    let said = |kind: &str| {
        let level = parse(&format!(
            "name: voice\nfaction: band glyph=g kind={kind}\nmap:\n\
             ##########\n\
             #@....g..#\n\
             ##########\n"
        ));
        let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
        let mut said = Vec::new();
        for _ in 0..4 {
            act(&mut game, Action::Wait(None));
            said.extend(
                game.chronicle()
                    .latest()
                    .iter()
                    .filter(|t| matches!(t.event, Event::Cried { .. }) && t.perceived)
                    .filter_map(|t| t.sentence(darkstar::sim::chronicle::Naming::Player)),
            );
        }
        said
    };
    assert_eq!(said("goblin"), ["The goblin shouts!"]);
    assert_eq!(said("orc"), ["The orc bellows!"]);
    assert!(said("rat").is_empty());
}
