//! The hand-made levels in `levels/`, each showing one idea, played
//! through the game: road beats swamp, carnage diverts traffic from a pass
//! (unless the way round is very long), claimed cells spread a group over
//! two corridors, an unreachable goal is answered at once, a crowd files
//! through a corridor, and the maze and the cave get everyone home.

use darkstar::geom::Pos;
use darkstar::level::Level;
use darkstar::sim::{Command, Event, Game, SimConfig};
use darkstar::terrain::Terrain;

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
        if game.is_settled() {
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
    for m in game.monsters() {
        assert!(
            matches!(m.presence(), darkstar::sim::Presence::Escaped(_)),
            "monster {} ({}) stuck at {}",
            m.id(),
            game.factions()[m.faction()].spec().name,
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
    assert_eq!(game.monsters()[0].stats().expanded, 0);
    assert_eq!(game.monsters()[0].stats().steps, 0);
    play(&mut game, 2000);
    assert!(game.is_settled(), "the seekers never gave up");
    let seekers = game.monsters()[1].stats();
    assert!(seekers.bumps > 0 && seekers.steps > 0, "{seekers:?}");
    assert!(game.monsters().iter().all(|m| m.is_here()));
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
        for m in game.monsters() {
            let rest = m.planner().remaining();
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
/// first turn)?
fn through_the_pass(level: &Level, deaths: usize) -> bool {
    let raiders = level.spawns[0].faction;
    let pass = [
        Pos::new(9, 6),
        Pos::new(10, 6),
        Pos::new(11, 6),
        Pos::new(12, 6),
    ];
    let mut staged = level.clone();
    let first_victim = staged.spawns.len() as u32;
    for &at in pass.iter().take(deaths) {
        staged.spawns.push(darkstar::level::Spawn {
            faction: raiders,
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
            game.monsters()[0].presence(),
            darkstar::sim::Presence::Escaped(_)
        ),
        "the raider did not arrive"
    );
    cells_walked(&events, 0).contains(&Pos::new(10, 6))
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
    // Close the ring's top and reopen it far below: rows 1..12 as they are
    // but with row 1 walled between the two side columns, then 150 rows of
    // the two side columns, then a row joining them.
    let mut long = Vec::new();
    long.push(rows[0].to_string());
    long.push(format!("#.{}.#", "#".repeat(19)));
    long.extend(rows[2..12].iter().map(|r| r.to_string()));
    for _ in 0..150 {
        long.push(format!("#.{}.#", "#".repeat(19)));
    }
    long.push(format!("#{}#", ".".repeat(21)));
    long.push(rows[0].to_string());
    let terrain = darkstar::terrain::TerrainMap::from_ascii(&long.join("\n")).unwrap();
    let longer = Level { terrain, ..level };
    assert!(through_the_pass(&longer, 4), "the long way round was taken");
}

/// Every shipped level with a reachable goal plays to the end: all its
/// monsters arrive (the island's cannot, by design).
#[test]
fn every_shipped_level_gets_everyone_home() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt") && n != "island.txt")
        .collect();
    names.sort();
    assert!(names.len() >= 8, "{names:?}");
    for name in names {
        let level = load(&name);
        let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
        play(&mut game, 5000);
        everyone_arrived(&game);
    }
}
