//! Playing: bump to attack, walls the player knows cost no time, the
//! treasure and the stairs, hostile monsters that hunt what they see.

use darkstar::content::level::Level;
use darkstar::map::geom::Dir;
use darkstar::sim::{Action, Command, Event, Game, PlayOutcome, SimConfig};

fn parse(text: &str) -> Level {
    Level::parse(text, "play.txt".as_ref()).unwrap()
}

fn act(game: &mut Game, action: Action) -> Vec<Event> {
    game.apply(Command::Player(action))
}

#[test]
fn the_treasure_taken_to_the_stairs_wins() {
    let level = parse("name: t\nmap:\n#####\n#>@$#\n#####\n");
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let ev = act(&mut game, Action::Walk(Dir::W));
    assert!(
        ev.iter().all(|e| !matches!(e, Event::Won { .. })),
        "no treasure yet"
    );
    let ev = act(&mut game, Action::Walk(Dir::E));
    let ev2 = act(&mut game, Action::Walk(Dir::E));
    assert!(
        ev.iter()
            .chain(&ev2)
            .any(|e| matches!(e, Event::TookTreasure { .. })),
        "{ev:?} {ev2:?}"
    );
    assert!(game.floor().play_state().unwrap().carrying);
    act(&mut game, Action::Walk(Dir::W));
    let ev = act(&mut game, Action::Walk(Dir::W));
    assert!(ev.iter().any(|e| matches!(e, Event::Won { .. })), "{ev:?}");
    assert!(matches!(
        game.floor().play_state().unwrap().outcome,
        PlayOutcome::Won(_)
    ));
    assert!(game.floor().is_settled());
    assert!(
        act(&mut game, Action::Wait(None)).is_empty(),
        "nothing after the end"
    );
}

#[test]
fn a_known_wall_takes_no_time_an_unknown_one_is_felt() {
    let level = parse("name: t\nmap:\n#####\n#.@.#\n#####\n");
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    // The player sees its walls at once (sight 8): bumping one is free.
    let ev = act(&mut game, Action::Walk(Dir::N));
    assert!(matches!(ev[..], [Event::Blocked { .. }]), "{ev:?}");
    assert_eq!(game.floor().turn(), 0);
    act(&mut game, Action::Wait(None));
    assert_eq!(game.floor().turn(), 1, "waiting takes a turn");
}

#[test]
fn bump_to_attack_until_the_monster_dies() {
    let level = parse("name: t\nfaction: rats glyph=r\nmap:\n#####\n#@r.#\n#####\n");
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let mut died = false;
    for _ in 0..10 {
        let ev = act(&mut game, Action::Walk(Dir::E));
        assert!(
            ev.iter().any(|e| matches!(
                e,
                Event::Attacked {
                    attacker: 1,
                    target: 0,
                    ..
                }
            )) || died
        );
        died |= ev
            .iter()
            .any(|e| matches!(e, Event::Died { monster: 0, .. }));
        if died {
            break;
        }
    }
    assert!(died, "three hits of 2-4 kill a 6 hp rat");
    assert!(!game.floor().monsters()[0].is_here());
    // Rats are not hostile: the player took no damage.
    assert_eq!(
        game.floor().player().unwrap().hp(),
        darkstar::sim::PLAYER_HP
    );
}

#[test]
fn hostile_monsters_hunt_what_they_see_and_can_kill_the_player() {
    let level = parse(
        "name: t\nfaction: goblins glyph=g sight=12 hostile\nmap:\n\
         ############\n\
         #g.........#\n\
         #..........#\n\
         #.........@#\n\
         ############\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let mut events = Vec::new();
    for _ in 0..200 {
        if game.floor().is_settled() {
            break;
        }
        events.extend(act(&mut game, Action::Wait(None)));
    }
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Attacked {
            attacker: 0,
            target: 1,
            ..
        }
    )));
    assert!(
        matches!(
            game.floor().play_state().unwrap().outcome,
            PlayOutcome::Lost(_)
        ),
        "the goblin never killed the player"
    );
    assert_eq!(
        game.floor().mind(0).player_seen(),
        Some(level.player.unwrap())
    );
}

#[test]
fn play_levels_have_a_player_a_treasure_and_stairs_within_reach() {
    use darkstar::path::{Connectivity, Islands};
    for seed in 1..=10 {
        let level = darkstar::content::generator::play_level(&Default::default(), seed);
        let (p, t, s) = (
            level.player.unwrap(),
            level.treasure.unwrap(),
            level.stairs.unwrap(),
        );
        let islands = Islands::compute(&level.terrain, Connectivity::Eight);
        assert!(islands.connected(p, t) && islands.connected(p, s));
        assert!(level.factions.iter().all(|f| f.hunts()));
        assert_eq!(
            Level::parse(&level.to_text(), "p.txt".as_ref()).unwrap(),
            level
        );
        Game::new(&level, seed, SimConfig::default()).unwrap();
    }
}

/// A player pressing keys at random on generated play levels: the game
/// never panics, the world's occupancy always matches where the monsters
/// are, and hit points stay consistent with life.
#[test]
fn random_play_keeps_the_world_consistent() {
    use rand::RngExt;
    let mut turns = 0;
    for seed in 1..=4 {
        let level = darkstar::content::generator::play_level(&Default::default(), seed);
        let mut game = Game::new(&level, seed, SimConfig::default()).unwrap();
        let mut rng = darkstar::rng::sim_rng(seed + 100);
        for _ in 0..300 {
            let k = rng.random_range(0..9);
            let action = if k == 8 {
                Action::Wait(None)
            } else {
                Action::Walk(Dir::ALL[k])
            };
            act(&mut game, action);
            for m in game.floor().monsters() {
                if m.is_here() {
                    assert_eq!(game.floor().world().occupant(m.pos()), Some(m.id()));
                    assert!(m.hp() > 0);
                    assert!(game.floor().world().terrain().is_passable(m.pos()));
                } else {
                    assert_ne!(game.floor().world().occupant(m.pos()), Some(m.id()));
                }
            }
            if game.floor().is_settled() {
                break;
            }
        }
        turns += game.floor().turn();
    }
    assert!(turns > 400, "only {turns} turns played");
}

/// A diagonal past a wall corner is no attack for the player (as it is no
/// move): with the corner known, it takes no time and hurts nobody.
#[test]
fn the_player_cannot_attack_diagonally_past_a_wall_corner() {
    let level = parse("name: t\nfaction: o glyph=o\nmap:\n#####\n#o..#\n##@.#\n#####\n");
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let ev = act(&mut game, Action::Walk(Dir::NW));
    assert!(
        ev.iter().all(|e| !matches!(e, Event::Attacked { .. })),
        "{ev:?}"
    );
    assert!(matches!(ev[..], [Event::Blocked { .. }]), "{ev:?}");
    assert_eq!(game.floor().monsters()[0].hp(), darkstar::sim::MONSTER_HP);
    assert_eq!(game.floor().turn(), 0);
    // Straight next to it, the same monster is hit.
    act(&mut game, Action::Walk(Dir::N));
    let ev = act(&mut game, Action::Walk(Dir::W));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Attacked { target: 0, .. })),
        "{ev:?}"
    );
}

/// A hostile monster diagonally past a wall corner from the player walks
/// round to hit it.
#[test]
fn hostile_monsters_cannot_attack_diagonally_past_a_wall_corner() {
    let level = parse(
        "name: t\nfaction: h glyph=h sight=8 knows-map hostile\nmap:\n#####\n#h..#\n##@.#\n#####\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let ev = act(&mut game, Action::Wait(None));
    assert!(
        ev.iter().all(|e| !matches!(e, Event::Attacked { .. })),
        "{ev:?}"
    );
    assert_ne!(
        game.floor().monsters()[0].pos(),
        darkstar::map::geom::Pos::new(1, 1)
    );
    let mut hit = false;
    for _ in 0..3 {
        hit |= act(&mut game, Action::Wait(None))
            .iter()
            .any(|e| matches!(e, Event::Attacked { attacker: 0, .. }));
    }
    assert!(hit, "from beside the player it attacks");
}

/// Allies do not swap places diagonally past a wall corner either: the
/// blind monster bumps into the corner instead.
#[test]
fn allies_do_not_swap_diagonally_past_a_wall_corner() {
    let level = parse(
        "name: t\nfaction: b glyph=b sight=0 goal=1\nmap:\n#######\n#b#####\n##b####\n###...#\n###.1.#\n#######\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    game.apply(Command::SetGoal {
        monster: 1,
        goal: None,
    });
    let mut bumped = false;
    for _ in 0..10 {
        bumped |= game
            .apply(Command::Advance)
            .iter()
            .any(|e| matches!(e, Event::Bumped { monster: 0, .. }));
    }
    assert!(bumped);
    assert_eq!(
        game.floor().monsters()[0].pos(),
        darkstar::map::geom::Pos::new(1, 1)
    );
    assert_eq!(
        game.floor().monsters()[1].pos(),
        darkstar::map::geom::Pos::new(2, 2)
    );
}

/// A monster swapped to another cell while its long A* search waited in
/// the queue gets a plan that starts where it stands. Small budgets make
/// searches run over several turns; every plan in force starts at its
/// monster's cell, no first plan is thrown away (a plan from the old cell
/// would be: its next step is no neighbour), and the case did happen.
#[test]
fn a_search_finished_after_a_swap_plans_from_where_the_monster_stands() {
    let row = ".".repeat(30);
    let level = parse(&format!(
        "name: t\nfaction: c glyph=c knows-map goal=1 planner=astar\nmap:\n{wall}\n#cc{row}1#\n{wall}\n",
        wall = "#".repeat(35)
    ));
    let mut displaced_while_queued = 0;
    for budget in 3..=14 {
        let config = SimConfig {
            expansion_budget: budget,
            ..SimConfig::default()
        };
        let mut game = Game::new(&level, 1, config).unwrap();
        let mut first_plans = [0; 2];
        for _ in 0..60 {
            let before: Vec<_> = game
                .floor()
                .monsters()
                .iter()
                .map(|m| (m.pos(), m.plan().status()))
                .collect();
            for e in game.apply(Command::Advance) {
                if let Event::Planned { monster, .. } = e {
                    first_plans[monster as usize] += 1;
                }
            }
            assert!(
                first_plans.iter().all(|&n| n <= 1),
                "budget {budget}, turn {}: a first plan was made again",
                game.floor().turn()
            );
            for (m, (pos, status)) in game.floor().monsters().iter().zip(before) {
                if status == darkstar::sim::Status::Queued
                    && m.plan().status() == darkstar::sim::Status::Queued
                    && m.pos() != pos
                {
                    displaced_while_queued += 1;
                }
                if m.is_here() && m.plan().status() == darkstar::sim::Status::Ready {
                    assert_eq!(
                        m.plan().remaining().first(),
                        Some(&m.pos()),
                        "budget {budget}, turn {}: monster {} plans from elsewhere",
                        game.floor().turn(),
                        m.id()
                    );
                }
            }
        }
    }
    assert!(displaced_while_queued > 0, "the case never came up");
}

/// Hunters of a field faction share one field toward where their faction
/// last saw the player: as the player moves in sight, the field follows
/// it (the old target's field is dropped at the end of the turn, so no
/// more than the goal's and the hunt's live at once, within
/// `MAX_FIELDS`), and every hunter's plan is read off it.
#[test]
fn hunters_share_one_field_toward_where_the_player_was_seen() {
    use darkstar::map::geom::Dir;
    use darkstar::sim::MAX_FIELDS;
    let level = parse(
        "name: t\nfaction: goblins glyph=g sight=30 hostile planner=field goal=1\nmap:\n\
         ##############################\n\
         #g...........................#\n\
         #g...........................#\n\
         #g..........................1#\n\
         #g...........................#\n\
         #.............@..............#\n\
         ##############################\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let mut hunted = 0;
    for _ in 0..8 {
        act(&mut game, Action::Walk(Dir::E));
        let f = &game.floor().factions()[0];
        let seen = game
            .floor()
            .mind(0)
            .player_seen()
            .expect("the goblins see the player");
        let fields = f.fields();
        assert!(
            fields.len() <= 2 && fields.len() <= MAX_FIELDS,
            "{} fields",
            fields.len()
        );
        assert!(fields.get(seen).is_some(), "no field toward {seen}");
        let hunters: Vec<_> = game
            .floor()
            .monsters()
            .iter()
            .filter(|m| m.is_here() && !m.is_player())
            .collect();
        for m in &hunters {
            assert_eq!(m.plan().goal(), Some(seen));
        }
        hunted += hunters.len();
    }
    assert!(hunted >= 8 * 4);
}

/// A hunter that loses sight of the player heads for where its faction
/// last saw it; there, with the player gone, the faction forgets it and
/// the hunter goes back to its own goal. The goblin (sight 6, speed 30)
/// sees the player 5 cells away; the player waits a few turns, then runs
/// east out of its sight across an open hall, far faster than the goblin
/// walks.
#[test]
fn hunters_lose_track_where_the_player_was_last_seen() {
    let level = parse(
        "name: t\nfaction: goblins glyph=g sight=6 speed=30 hostile goal=1\nmap:\n\
         ##################################################\n\
         #1...............................................#\n\
         #................................................#\n\
         #......g....@....................................#\n\
         #................................................#\n\
         ##################################################\n",
    );
    let home = level.factions[0].goal;
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let mut last_seen = None;
    let mut lost_on = None;
    let mut was_at = game.floor().monsters()[0].pos();
    for turn in 0..60 {
        // The player lets itself be seen, then runs east.
        let action = if turn >= 6 && game.floor().player().unwrap().pos().x < 46 {
            Action::Walk(Dir::E)
        } else {
            Action::Wait(None)
        };
        act(&mut game, action);
        let seen = game.floor().mind(0).player_seen();
        if seen.is_some() {
            last_seen = seen;
            assert_eq!(
                game.floor().monsters()[0].plan().goal(),
                seen,
                "turn {turn}: hunting"
            );
        } else if last_seen.is_some() && lost_on.is_none() {
            lost_on = Some(turn);
            // It forgot the player only once it stood where it last saw it
            // (and then, in the same action, stepped toward home).
            assert_eq!(Some(was_at), last_seen, "turn {turn}");
        }
        was_at = game.floor().monsters()[0].pos();
    }
    let last_seen = last_seen.expect("the goblin saw the player");
    assert!(
        last_seen.x > 12 && last_seen.x <= 14,
        "last seen at {last_seen}"
    );
    assert!(lost_on.is_some(), "the goblin never lost track");
    assert_eq!(game.floor().mind(0).player_seen(), None);
    // Back to its own business: the faction's goal, not the player.
    assert_eq!(game.floor().monsters()[0].plan().goal(), home);
    assert!(
        game.floor().monsters()[0].pos().x < 20,
        "it did not follow the player"
    );
}

/// Monsters of two hostile factions fight each other on sight of a
/// neighbour: blows are exchanged (events say who hit whom) and one of
/// them dies; with no player on the level, nobody else is involved.
#[test]
fn monsters_of_hostile_factions_fight_each_other() {
    let level = parse(
        "name: t\nfaction: goblins glyph=g sight=4 hostile goal=1\n\
         faction: kobolds glyph=k sight=4 hostile goal=2\nmap:\n\
         ##########\n\
         #2..gk..1#\n\
         ##########\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let mut events = Vec::new();
    for _ in 0..40 {
        events.extend(game.apply(Command::Advance));
        if game.floor().monsters().iter().any(|m| !m.is_here()) {
            break;
        }
    }
    let blows = |attacker: u32, target: u32| {
        events
            .iter()
            .filter(|e| matches!(e, Event::Attacked { attacker: a, target: t, .. } if *a == attacker && *t == target))
            .count()
    };
    assert!(blows(0, 1) > 0 && blows(1, 0) > 0, "{events:?}");
    let died: Vec<u32> = events
        .iter()
        .filter_map(|e| match e {
            Event::Died { monster, .. } => Some(*monster),
            _ => None,
        })
        .collect();
    assert_eq!(died.len(), 1, "{died:?}");
    let dead = died[0] as usize;
    assert!(!game.floor().monsters()[dead].is_here());
    assert!(
        game.floor().monsters()[1 - dead].is_here(),
        "the winner stands"
    );
}

/// The player's view is the simulation's, computed when the player looks,
/// and always what a fresh shadowcast from where the player stands shows
/// (written here with `visible_from`, as every reader used to do): over
/// random play on generated levels, after every action, on every cell
/// within sight; and the monsters the autopilot counts as in view are
/// exactly those standing on cells the player sees.
#[test]
fn the_player_view_is_the_fresh_shadowcast_after_every_action() {
    use darkstar::fog::sight::visible_from;
    use darkstar::sim::{PLAYER_SIGHT, autopilot};
    use rand::RngExt;
    let mut checked = 0;
    for seed in 1..=6 {
        let mut params = darkstar::content::generator::GenParams::default();
        if seed % 2 == 0 {
            params.style = darkstar::content::generator::Style::Cave;
        }
        let level = darkstar::content::generator::play_level(&params, seed);
        let mut game = Game::new(&level, seed, SimConfig::default()).unwrap();
        let mut rng = darkstar::rng::sim_rng(seed + 7);
        for _ in 0..150 {
            let k = rng.random_range(0..10);
            let action = match k {
                8 | 9 => Action::Wait(None),
                k => Action::Walk(Dir::ALL[k]),
            };
            act(&mut game, action);
            let player = game.floor().player().unwrap();
            if !player.is_here() {
                assert!(autopilot::monsters_in_view(&game).is_empty());
                break;
            }
            let view = game.floor().player_view().expect("the player has looked");
            assert_eq!(view.origin(), player.pos(), "a view from where it stands");
            let terrain = game.floor().world().terrain();
            let mut fresh = std::collections::BTreeSet::new();
            visible_from(
                player.pos(),
                PLAYER_SIGHT,
                |q| terrain.is_opaque(q),
                |q| {
                    fresh.insert((q.y, q.x));
                },
            );
            let kept: std::collections::BTreeSet<(i32, i32)> =
                view.cells().map(|q| (q.y, q.x)).collect();
            assert_eq!(kept, fresh, "seed {seed}, turn {}", game.floor().turn());
            let seen: Vec<_> = game
                .floor()
                .monsters()
                .iter()
                .filter(|m| {
                    m.is_here() && !m.is_player() && fresh.contains(&(m.pos().y, m.pos().x))
                })
                .map(|m| m.id())
                .collect();
            assert_eq!(autopilot::monsters_in_view(&game), seen);
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} actions checked");
}

/// Combat has numbers: a blow lands with the attacker's accuracy less the
/// defender's defence, in percent, and does the attacker's dice; a level
/// names them (`accuracy=`, `defence=`, `damage=`, `hp=`) or takes a
/// kind's from the bestiary (`kind=`); a level that says nothing fights
/// as before (every blow lands for 2 to 4: the golden run hashes and the
/// committed replays still match).
#[test]
fn accuracy_against_defence_decides_a_hit_and_dice_the_damage() {
    let text = "name: arena\n\
        faction: ogres glyph=o one=ogre hp=1000 accuracy=70 defence=20 damage=2d3+1 sight=4 hostile goal=1\n\
        faction: imps glyph=i hp=1000 accuracy=40 defence=20 sight=4 hostile goal=2\n\
        map:\n######\n#2oi1#\n######\n";
    let level = parse(text);
    let written = level.to_text();
    assert!(
        written.contains(" one=ogre hp=1000 accuracy=70 defence=20 damage=2d3+1"),
        "{written}"
    );
    assert_eq!(parse(&written), level, "read back as written");
    let mut game = Game::new(&level, 5, SimConfig::default()).unwrap();
    let (mut swings, mut hits) = ([0u32; 2], [0u32; 2]);
    let mut damage = Vec::new();
    for _ in 0..600 {
        for e in game.apply(Command::Advance) {
            match e {
                Event::Attacked {
                    attacker,
                    damage: d,
                    ..
                } => {
                    swings[attacker as usize] += 1;
                    hits[attacker as usize] += 1;
                    if attacker == 0 {
                        damage.push(d);
                    }
                }
                Event::Missed { attacker, .. } => swings[attacker as usize] += 1,
                _ => {}
            }
        }
    }
    // The ogre hits 50 % of the time (70 - 20), the imp 20 % (40 - 20).
    for (who, want) in [(0, 50), (1, 20)] {
        assert!(swings[who] > 150, "{swings:?}");
        let rate = hits[who] * 100 / swings[who];
        assert!(
            rate.abs_diff(want) <= 8,
            "{who}: {rate}% of {}",
            swings[who]
        );
    }
    assert_eq!(damage.iter().min(), Some(&3), "2d3+1 at least");
    assert_eq!(damage.iter().max(), Some(&7), "2d3+1 at most");
    // A kind brings the bestiary's numbers, and a setting after it wins.
    let zombies = parse("name: z\nfaction: zombies glyph=z kind=zombie hp=20 hostile\nmap:\n#z#\n");
    let spec = &zombies.factions[0];
    let kind = spec.kind();
    let bestiary = darkstar::content::bestiary::Bestiary::builtin();
    let zombie = bestiary.kind("zombie").unwrap();
    assert_eq!(spec.one(), "zombie");
    assert_eq!(
        (kind.sight, kind.speed, kind.accuracy, kind.damage, kind.hp),
        (
            zombie.sight,
            zombie.speed,
            zombie.accuracy,
            zombie.damage,
            20
        )
    );
    let e = Level::parse(
        "name: x\nfaction: x glyph=x kind=dragon\nmap:\n#x#\n",
        "k.txt".as_ref(),
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("no kind \"dragon\" in the bestiary"),
        "{e}"
    );
    assert_eq!(e.position(), Some((2, 20)));
}

/// Sleepers: a faction that `sleeps` does nothing until woken. A blind
/// one that hears far (`hearing=16`: a footstep, 40 % of a fight's
/// loudness, carries 6 steps to it) wakes at the player's footfall round
/// the corner, by the steps through open ground, not as the crow flies,
/// and goes to the place it heard; one that only sees wakes by chance
/// once the player is in its sight, never before.
#[test]
fn sleepers_wake_at_a_noise_they_hear_or_at_the_sight_of_the_player() {
    let den = |faction: &str| {
        parse(&format!(
            "name: den\nfaction: {faction}\nmap:\n\
             ############\n\
             #@.........#\n\
             #########..#\n\
             #m.........#\n\
             ############\n"
        ))
    };
    // Blind and keen of hearing.
    let level = den("moles glyph=m sight=0 hearing=16 sleeps hostile");
    assert!(
        level.to_text().contains(" hearing=16 sleeps"),
        "written back"
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let mole = darkstar::map::geom::Pos::new(1, 3);
    let mut woke_at = None;
    // East along the top, down the gap, then west toward it.
    let walk = |at: darkstar::map::geom::Pos| match (at.x, at.y) {
        (x, 1) if x < 10 => Dir::E,
        (_, y) if y < 3 => Dir::S,
        _ => Dir::W,
    };
    for _ in 0..20 {
        let step = walk(game.floor().player().unwrap().pos());
        for e in act(&mut game, Action::Walk(step)) {
            if let Event::Woke { heard, .. } = e {
                woke_at = heard;
            }
        }
        if woke_at.is_some() {
            break;
        }
        assert!(game.floor().mind(0).is_asleep());
        assert_eq!(
            game.floor().monsters()[0].pos(),
            mole,
            "a sleeper does not move"
        );
    }
    // Woken by the step onto the cell 6 steps from it through the gap;
    // the steps before were 7 and more (the row above is 2 away as the
    // crow flies all along).
    let heard = woke_at.expect("the mole never woke");
    assert_eq!(heard, game.floor().player().unwrap().pos());
    let reach = darkstar::fog::noise::reach(game.floor().world().terrain(), heard, 20);
    assert_eq!(reach.steps(mole), Some(6), "heard at {heard}");
    assert!(!game.floor().mind(0).is_asleep());
    // Awake, it goes to where it heard the step.
    let before = game.floor().monsters()[0].pos();
    for _ in 0..3 {
        act(&mut game, Action::Wait(None));
    }
    assert_ne!(game.floor().monsters()[0].pos(), before, "it went to look");

    // Deaf, with eyes: asleep until the player is in its sight.
    let level = den("moles glyph=m sight=8 sleeps hostile");
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let mut turns_in_sight = 0;
    for _ in 0..40 {
        let at = game.floor().player().unwrap().pos();
        let in_sight = game.floor().mind(0).is_asleep() && (at.y == 3 || at.x >= 9);
        act(&mut game, Action::Walk(walk(at)));
        if !game.floor().mind(0).is_asleep() {
            break;
        }
        turns_in_sight += in_sight as u32;
    }
    assert!(
        !game.floor().mind(0).is_asleep(),
        "never woke with the player in sight"
    );
    assert!(turns_in_sight < 20, "{turns_in_sight}");
}

/// A faction that `flees` runs when down to a third of its hit points:
/// hurt by the player next to it, it stops fighting and walks away down
/// its safety map (over what it knows), and the gap grows.
#[test]
fn a_fleer_runs_when_hurt() {
    let level = parse(
        "name: run\nfaction: kobolds glyph=k sight=8 hp=10 flees hostile\nmap:\n\
         ################\n\
         #..............#\n\
         #..............#\n\
         #......@k......#\n\
         #..............#\n\
         #..............#\n\
         ################\n",
    );
    assert!(level.to_text().contains(" flees"), "written back");
    let mut game = Game::new(&level, 2, SimConfig::default()).unwrap();
    // A turn, so it has noticed the player: a blow on one that has not is
    // a stealth blow, five times as hard.
    act(&mut game, Action::Wait(None));
    // Hit it until it is down to a third (3 of 10) or less.
    for _ in 0..6 {
        let k = &game.floor().monsters()[0];
        if k.hp() * 3 <= 10 || !k.is_here() {
            break;
        }
        let me = game.floor().player().unwrap().pos();
        let dir = me.dir_to(k.pos()).expect("next to it");
        act(&mut game, Action::Walk(dir));
    }
    let k = &game.floor().monsters()[0];
    assert!(
        k.is_here() && k.hp() * 3 <= 10,
        "hurt, alive: {} hp",
        k.hp()
    );
    let me = game.floor().player().unwrap().pos();
    let gap = |game: &Game| {
        let (dx, dy) = game.floor().monsters()[0].pos().abs_delta(me);
        dx.max(dy)
    };
    let start = gap(&game);
    let mut blows = 0;
    for _ in 0..6 {
        for e in act(&mut game, Action::Wait(None)) {
            if let Event::Attacked { attacker: 0, .. } = e {
                blows += 1;
            }
        }
    }
    assert_eq!(blows, 0, "a fleer does not fight while it can run");
    assert!(
        gap(&game) >= start + 4,
        "ran from {start} to {}",
        gap(&game)
    );
}

/// The blind hunt by ear: a blind faction that hears (a mole: sight 0,
/// hearing 16) never sees the player, yet walks to where it heard the
/// player's steps: noise leads it.
#[test]
fn the_blind_hunt_by_ear() {
    let level = parse(
        "name: ear\nfaction: moles glyph=m sight=0 hearing=16 hostile\nmap:\n\
         ##################\n\
         #m...............#\n\
         #................#\n\
         #..............@.#\n\
         ##################\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let start = game.floor().monsters()[0].pos();
    for _ in 0..3 {
        act(&mut game, Action::Wait(None));
    }
    assert_eq!(
        game.floor().monsters()[0].pos(),
        start,
        "silence: it does not know"
    );
    // A step 13 cells off: beyond the 6 a footstep carries to it.
    act(&mut game, Action::Walk(Dir::W));
    assert_eq!(
        game.floor().monsters()[0].pos(),
        start,
        "too far to hear a step"
    );
    // Closer, stepping: heard; it heads for the place it heard.
    let mut heard = false;
    for _ in 0..12 {
        let before = game.floor().monsters()[0].pos();
        act(&mut game, Action::Walk(Dir::W));
        heard |= game.floor().monsters()[0].pos() != before;
    }
    assert!(heard, "it never came");
}
