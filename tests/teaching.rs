//! The teaching levels in `levels/`, played: each is won by using what
//! its monsters do not know, and lost (or nearly) by ignoring it.

use crate::common::travel;
use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::terrain::Terrain;
use darkstar::sim::{Action, Command, Event, Game, PlayOutcome, SimConfig};

fn level(name: &str) -> Level {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(name);
    Level::load(&path).unwrap()
}

fn do_(game: &mut Game, action: Action, events: &mut Vec<Event>) {
    events.extend(game.apply(Command::Player(action)));
}

/// The sleeping pack: sneaking to the treasure and back wins with no
/// jackal awake; walking the same way wakes them.
#[test]
fn sneaking_past_the_sleeping_pack_wins_walking_wakes_it() {
    let lvl = level("sleeping-pack.txt");
    let (treasure, stairs) = (lvl.treasure.unwrap(), lvl.stairs.unwrap());
    for seed in 1..=5 {
        let mut game = Game::new(&lvl, seed, SimConfig::default()).unwrap();
        let mut ev = Vec::new();
        do_(&mut game, Action::Sneak, &mut ev);
        travel(&mut game, treasure, &mut ev);
        travel(&mut game, stairs, &mut ev);
        assert!(
            matches!(game.play_state().unwrap().outcome, PlayOutcome::Won(_)),
            "seed {seed}"
        );
        assert!(
            !ev.iter().any(|e| matches!(e, Event::Woke { .. })),
            "seed {seed}"
        );
        let mut game = Game::new(&lvl, seed, SimConfig::default()).unwrap();
        let mut ev = Vec::new();
        travel(&mut game, treasure, &mut ev);
        travel(&mut game, stairs, &mut ev);
        let woke = ev
            .iter()
            .filter(|e| matches!(e, Event::Woke { .. }))
            .count();
        assert!(woke >= 2, "seed {seed}: {woke} woke");
        let p = game.player().unwrap();
        assert!(
            !p.is_here() || p.hp() < darkstar::sim::PLAYER_HP,
            "seed {seed}: walking cost nothing"
        );
    }
}

/// Shut the door: through the open door, close it behind, and the
/// zombies (door-blind) are shut out: won unhurt. Leaving it open, they
/// follow and the player is hurt or killed.
#[test]
fn shutting_the_door_on_the_zombies_wins() {
    let lvl = level("door-shut.txt");
    let (treasure, stairs) = (lvl.treasure.unwrap(), lvl.stairs.unwrap());
    let door = Pos::new(13, 2);
    assert_eq!(lvl.terrain.get(door), Some(Terrain::OpenDoor));
    for seed in 1..=5 {
        for shut in [true, false] {
            let mut game = Game::new(&lvl, seed, SimConfig::default()).unwrap();
            let mut ev = Vec::new();
            travel(&mut game, door.step(Dir::E), &mut ev);
            if shut {
                do_(&mut game, Action::Close(Dir::W), &mut ev);
                assert_eq!(game.world().get(door), Some(Terrain::Door));
            }
            travel(&mut game, treasure, &mut ev);
            travel(&mut game, stairs, &mut ev);
            let p = game.player().unwrap();
            if shut {
                assert!(
                    matches!(game.play_state().unwrap().outcome, PlayOutcome::Won(_)),
                    "seed {seed}"
                );
                assert_eq!(
                    p.hp(),
                    darkstar::sim::PLAYER_HP,
                    "seed {seed}: shut out, unhurt"
                );
                assert_eq!(
                    game.world().get(door),
                    Some(Terrain::Door),
                    "they never opened it"
                );
            } else {
                assert!(!p.is_here() || p.hp() < 10, "seed {seed}: hp {}", p.hp());
            }
        }
    }
}

/// The blind troll: opening the door brings it to the door; shut behind,
/// the door is a wall to it (a dead end), and a sneak round the passage
/// below takes the treasure to the stairs. Walking the corridor straight
/// at it is death.
#[test]
fn luring_the_blind_troll_to_a_shut_door_wins() {
    let lvl = level("blind-troll.txt");
    let (treasure, stairs) = (lvl.treasure.unwrap(), lvl.stairs.unwrap());
    let door = Pos::new(5, 2);
    assert_eq!(lvl.terrain.get(door), Some(Terrain::Door));
    for seed in 1..=5 {
        let mut game = Game::new(&lvl, seed, SimConfig::default()).unwrap();
        let mut ev = Vec::new();
        travel(&mut game, door.step(Dir::N), &mut ev);
        // Open it (the noise the troll hears), through, shut it behind.
        do_(&mut game, Action::Walk(Dir::S), &mut ev);
        travel(&mut game, door.step(Dir::S), &mut ev);
        do_(&mut game, Action::Close(Dir::N), &mut ev);
        do_(&mut game, Action::Sneak, &mut ev);
        // East along the passage below, and up behind it.
        travel(&mut game, Pos::new(20, 3), &mut ev);
        travel(&mut game, treasure, &mut ev);
        travel(&mut game, stairs, &mut ev);
        assert!(
            matches!(game.play_state().unwrap().outcome, PlayOutcome::Won(_)),
            "seed {seed}: {:?}",
            game.play_state()
        );
        let troll = &game.monsters()[0];
        assert!(
            troll.pos().x <= 13,
            "seed {seed}: it went to the door: {}",
            troll.pos()
        );
        let known = game.factions()[0].knowledge();
        assert!(
            !known.is_passable(door),
            "seed {seed}: the shut door is its wall"
        );
        // Straight down the corridor, sneaking: into the troll, and dead.
        let mut game = Game::new(&lvl, seed, SimConfig::default()).unwrap();
        let mut ev = Vec::new();
        do_(&mut game, Action::Sneak, &mut ev);
        travel(&mut game, treasure, &mut ev);
        assert!(
            !game.player().unwrap().is_here(),
            "seed {seed}: the troll let it by"
        );
    }
}
