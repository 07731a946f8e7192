//! The hand-made levels in `levels/`, each showing one idea, played
//! through the game: road beats swamp, carnage diverts traffic from a pass
//! (unless the way round is very long), claimed cells spread a group over
//! two corridors, an unreachable goal is answered at once, a crowd files
//! through a corridor, and the maze and the cave get everyone home.

use darkstar::content::level::Level;
use darkstar::map::geom::Pos;
use darkstar::map::terrain::Terrain;
use darkstar::sim::{Command, Event, Game, SimConfig};

fn load(name: &str) -> Level {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(name);
    Level::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays until settled (or `turns`); every event.
fn play(game: &mut Game, turns: u32) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..turns {
        if game.floor().is_settled() {
            break;
        }
        events.extend(game.apply(Command::Advance));
    }
    events
}

fn cells_walked(events: &[Event], monster: u32) -> Vec<Pos> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { monster: m, to, .. } if *m == monster => Some(*to),
            _ => None,
        })
        .collect()
}

fn everyone_arrived(game: &Game) {
    for m in game.floor().monsters() {
        assert!(
            matches!(m.presence(), darkstar::sim::Presence::Escaped(_)),
            "monster {} ({}) stuck at {}",
            m.id(),
            game.floor().factions()[m.faction()].spec().name,
            m.pos()
        );
    }
}

/// The road round the swamp is longer but cheaper: the travellers never
/// set foot in the swamp.
#[test]
fn road_beats_swamp() {
    let level = load("road-swamp.txt");
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let events = play(&mut game, 500);
    everyone_arrived(&game);
    let walked = cells_walked(&events, 0);
    assert!(
        walked
            .iter()
            .all(|&p| level.terrain.get(p) != Some(Terrain::Swamp)),
        "{walked:?}"
    );
    let on_road = walked
        .iter()
        .filter(|&&p| level.terrain.get(p) == Some(Terrain::Road));
    assert!(on_road.count() >= 20, "{walked:?}");
}

/// The castaways know the vault is sealed: "no path" on the first turn,
/// without expanding a cell. The seekers, who know nothing, must first
/// walk round the vault and feel its walls.
#[test]
fn an_unreachable_goal_is_answered_at_once() {
    let level = load("island.txt");
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let first = game.apply(Command::Advance);
    assert!(first.contains(&Event::NoPath { monster: 0 }), "{first:?}");
    assert_eq!(game.floor().monsters()[0].stats().expanded, 0);
    assert_eq!(game.floor().monsters()[0].stats().steps, 0);
    play(&mut game, 2000);
    assert!(game.floor().is_settled(), "the seekers never gave up");
    let seekers = game.floor().monsters()[1].stats();
    assert!(seekers.bumps > 0 && seekers.steps > 0, "{seekers:?}");
    assert!(game.floor().monsters().iter().all(|m| m.is_here()));
}

/// Twelve monsters, one corridor a cell wide: all get through.
#[test]
fn a_crowd_files_through_a_corridor() {
    let level = load("crowded-corridor.txt");
    assert_eq!(level.spawns.len(), 12);
    let mut game = Game::new(&level, 3, SimConfig::default()).unwrap();
    play(&mut game, 1000);
    everyone_arrived(&game);
}

/// Without claims every plan takes the upper corridor, a little shorter
/// for everyone; with claims, allies' planned paths make it dearer and the
/// group's plans spread over both. (Plans, read after the first turn:
/// where monsters then walk also depends on who is in whose way.)
#[test]
fn claimed_cells_spread_a_group_over_two_corridors() {
    let level = load("two-corridors.txt");
    let corridors = |claim_radius| {
        let config = SimConfig {
            claim_radius,
            ..SimConfig::default()
        };
        let mut game = Game::new(&level, 1, config).unwrap();
        game.apply(Command::Advance);
        let (mut upper, mut lower) = (0, 0);
        for m in game.floor().monsters() {
            let rest = m.plan().remaining();
            upper += rest.contains(&Pos::new(11, 2)) as usize;
            lower += rest.contains(&Pos::new(11, 4)) as usize;
        }
        assert_eq!(upper + lower, level.spawns.len(), "someone has no plan");
        play(&mut game, 500);
        everyone_arrived(&game);
        (upper, lower)
    };
    assert_eq!(corridors(0), (level.spawns.len(), 0), "without claims");
    let (upper, lower) = corridors(8);
    assert!(
        upper >= 2 && lower >= 2,
        "with claims: {upper} upper, {lower} lower"
    );
}

/// Does raider 0 walk through the pass of `level` after `deaths` of its
/// faction died there (victims standing in the pass, killed before the
/// first turn)? Raider 0 goes alone: the level's guards and other
/// raiders are left out (here the deaths are staged, and nobody is in its
/// way).
fn through_the_pass(level: &Level, deaths: usize) -> bool {
    let raiders = level.spawns[0].faction;
    let mut level = level.clone();
    level.spawns.truncate(1);
    let level = &level;
    // The pass runs along the goal's row, x 26 to 29 (its guards' notches,
    // empty here, make it three cells wide at x 27 and 28).
    let row = level.factions[raiders].goal.expect("the raiders' goal").y;
    let pass = [26, 27, 28, 29].map(|x| Pos::new(x, row));
    let mut staged = level.clone();
    let first_victim = staged.spawns.len() as u32;
    for &at in pass.iter().take(deaths) {
        staged.spawns.push(darkstar::content::level::Spawn {
            faction: raiders,
            kind: 0,
            at,
        });
    }
    let mut game = Game::new(&staged, 1, SimConfig::default()).unwrap();
    for v in first_victim..staged.spawns.len() as u32 {
        let died = game.apply(Command::Kill { monster: v });
        assert!(matches!(died[..], [Event::Died { .. }]));
    }
    let events = play(&mut game, 2000);
    assert!(
        matches!(
            game.floor().monsters()[0].presence(),
            darkstar::sim::Presence::Escaped(_)
        ),
        "the raider did not arrive"
    );
    cells_walked(&events, 0)
        .iter()
        .any(|p| p.x == 27 && (row - 1..=row + 1).contains(&p.y))
}

/// As `darkstar run` and `watch` play it, guards and all: the first
/// raiders take the pass and die there, struck by the guards beside it;
/// after those deaths raiders still behind go the long way round the ring
/// and get there; the guards never leave their notches.
#[test]
fn in_deadly_pass_raiders_die_in_the_pass_and_later_ones_take_the_ring() {
    let level = load("deadly-pass.txt");
    for seed in 1..=4 {
        deaths_then_the_ring(&level, seed);
    }
}

fn deaths_then_the_ring(level: &Level, seed: u64) {
    let raiders = level.spawns[0].faction;
    let mut game = Game::new(level, seed, SimConfig::default()).unwrap();
    let mut events = Vec::new();
    for _ in 0..2000 {
        if game.floor().is_settled() {
            break;
        }
        let turn = game.floor().turn() + 1;
        events.extend(game.apply(Command::Advance).into_iter().map(|e| (turn, e)));
    }
    assert!(
        game.floor().is_settled(),
        "seed {seed}: the game never settled"
    );
    // The pass: the ridge's gap (x 27 and 28) and the cells either side of
    // it, where the guards reach.
    let in_pass = |p: Pos| (25..=30).contains(&p.x) && (5..=7).contains(&p.y);
    let deaths: Vec<(u32, Pos)> = events
        .iter()
        .filter_map(|(t, e)| match e {
            Event::Died { at, .. } => Some((*t, *at)),
            _ => None,
        })
        .collect();
    assert!(deaths.len() >= 2, "seed {seed}: {deaths:?}");
    assert!(
        deaths.iter().all(|&(_, at)| in_pass(at)),
        "seed {seed}: {deaths:?}"
    );
    let first_death = deaths[0].0;
    // The way round: over the ridge, rows 1 and 2.
    let on_ring = |p: Pos| p.y <= 2;
    let ring_walkers: Vec<u32> = game
        .floor()
        .monsters()
        .iter()
        .filter(|m| {
            events.iter().any(|(t, e)| {
                matches!(e, Event::Moved { monster, to, .. }
                    if *monster == m.id() && on_ring(*to) && *t > first_death)
            })
        })
        .map(|m| m.id())
        .collect();
    assert!(!ring_walkers.is_empty(), "seed {seed}: nobody went round");
    for &id in &ring_walkers {
        let m = &game.floor().monsters()[id as usize];
        assert!(
            matches!(m.presence(), darkstar::sim::Presence::Escaped(_)),
            "seed {seed}: raider {id} went round but did not arrive"
        );
    }
    // Nobody went round before anyone had died.
    assert!(
        !events.iter().any(|(t, e)| {
            matches!(e, Event::Moved { to, .. } if on_ring(*to) && *t <= first_death)
        }),
        "seed {seed}: raiders went round before the first death"
    );
    for m in game
        .floor()
        .monsters()
        .iter()
        .filter(|m| m.faction() != raiders)
    {
        assert!(
            m.is_here() && m.stats().steps == 0,
            "guard {} moved",
            m.id()
        );
    }
}

/// Before any carnage the raiders take the pass; once four of them have
/// died in it, they go the long way round the ring.
#[test]
fn carnage_diverts_traffic_from_the_pass() {
    let level = load("deadly-pass.txt");
    assert!(
        through_the_pass(&level, 0),
        "with no deaths the pass is the way"
    );
    assert!(
        !through_the_pass(&level, 4),
        "after four deaths the pass is avoided"
    );
}

/// The same pass with a way round hundreds of steps long: danger makes the
/// pass dearer, never forbidden, so after the same carnage the raiders
/// still go through.
#[test]
fn a_very_long_detour_still_loses_to_the_deadly_pass() {
    let level = load("deadly-pass.txt");
    let text = level.terrain.to_ascii();
    let rows: Vec<&str> = text.lines().collect();
    // Row 1 runs over the ridge, and row 2 holds the two openings down
    // into the halls (and walls elsewhere): 150 more rows like row 2
    // between them make the way round 300 steps longer.
    assert_eq!(rows[2].matches('.').count(), 2, "{}", rows[2]);
    let mut long = vec![rows[0], rows[1]];
    long.extend(std::iter::repeat_n(rows[2], 150));
    long.extend(&rows[2..]);
    let terrain = darkstar::map::terrain::TerrainMap::from_ascii(&long.join("\n")).unwrap();
    let mut longer = Level { terrain, ..level };
    for s in &mut longer.spawns {
        s.at.y += 150;
    }
    for f in &mut longer.factions {
        f.goal = f.goal.map(|g| Pos::new(g.x, g.y + 150));
    }
    assert!(through_the_pass(&longer, 4), "the long way round was taken");
}

/// `dead-ends.txt`, as `darkstar run` plays it (and a few more seeds): the
/// blind walk to the far end of the dead end, several of them bumping
/// there; the sighted go in less deep and never bump; the natives never
/// set foot in it; everyone gets to the goal.
#[test]
fn in_dead_ends_the_blind_go_deepest_and_the_natives_never_enter() {
    let level = load("dead-ends.txt");
    let faction = |name: &str| {
        level
            .factions
            .iter()
            .position(|f| f.name == name)
            .unwrap_or_else(|| panic!("no faction {name}"))
    };
    let (blind, sighted, natives) = (faction("blind"), faction("sighted"), faction("natives"));
    // The dead end: everything open inside the block of rock (x 12 to 50,
    // rows 3 to 11); its far end is (45, 7).
    let in_pocket = |p: Pos| (12..=50).contains(&p.x) && (3..=11).contains(&p.y);
    let far_end = Pos::new(45, 7);
    assert_eq!(level.terrain.get(far_end), Some(Terrain::Floor));
    assert_eq!(level.terrain.get(Pos::new(46, 7)), Some(Terrain::Wall));
    for seed in 1..=3 {
        let mut game = Game::new(&level, seed, SimConfig::default()).unwrap();
        let events = play(&mut game, 2000);
        everyone_arrived(&game);
        let of = |f: usize| {
            game.floor()
                .monsters()
                .iter()
                .filter(move |m| m.faction() == f)
        };
        let deepest = |f: usize| {
            of(f)
                .flat_map(|m| cells_walked(&events, m.id()))
                .filter(|&p| in_pocket(p))
                .map(|p| p.x)
                .max()
                .unwrap_or(0)
        };
        let blind_at_the_end = of(blind)
            .filter(|m| cells_walked(&events, m.id()).contains(&far_end))
            .count();
        assert!(
            blind_at_the_end >= 1,
            "seed {seed}: no blind monster got to the far end"
        );
        let blind_bumps_in_pocket = events
            .iter()
            .filter(|e| {
                matches!(e, Event::Bumped { monster, toward }
                    if game.floor().monsters()[*monster as usize].faction() == blind && in_pocket(*toward))
            })
            .count();
        assert!(
            blind_bumps_in_pocket >= 10,
            "seed {seed}: {blind_bumps_in_pocket} bumps"
        );
        assert!(
            deepest(sighted) < deepest(blind),
            "seed {seed}: sighted {} as deep as blind {}",
            deepest(sighted),
            deepest(blind)
        );
        assert!(
            deepest(sighted) > 0,
            "seed {seed}: the sighted never went in"
        );
        assert!(of(sighted).all(|m| m.stats().bumps == 0), "seed {seed}");
        for m in of(natives) {
            let walked = cells_walked(&events, m.id());
            assert!(
                !walked.iter().any(|&p| in_pocket(p)),
                "seed {seed}: native {} entered the dead end: {walked:?}",
                m.id()
            );
        }
    }
}

/// Every shipped level for watching with a reachable goal plays to the
/// end: all its monsters arrive (the island's cannot, by design).
#[test]
fn every_shipped_level_gets_everyone_home() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        // The island's goal is sealed; the deadly pass kills some of its
        // raiders and its guards stay put (tested above).
        .filter(|n| n.ends_with(".txt") && n != "island.txt" && n != "deadly-pass.txt")
        .collect();
    names.sort();
    assert!(names.len() >= 8, "{names:?}");
    assert!(names.contains(&"dead-ends.txt".to_string()), "{names:?}");
    for name in names {
        let level = load(&name);
        if level.player.is_some() {
            // A level to play: its monsters hunt a player, they have no
            // home to reach (played in `teaching.rs`).
            continue;
        }
        let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
        play(&mut game, 5000);
        everyone_arrived(&game);
    }
}
