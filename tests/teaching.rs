//! The teaching levels in `levels/`, played: each is won by using what
//! its monsters do not know, and lost (or nearly) by ignoring it.

use std::collections::VecDeque;

use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::terrain::Terrain;
use darkstar::sim::{Command, Event, Game, PlayOutcome, PlayerAction, SimConfig};

fn level(name: &str) -> Level {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(name);
    Level::load(&path).unwrap()
}

fn playing(game: &Game) -> bool {
    game.play_state().unwrap().outcome == PlayOutcome::Playing
}

/// Walks the player to `to` on a shortest path over the true map (the
/// test knows it; the player is walking a route it was told), a step at a
/// time, opening doors on the way; returns every event. Stops early if
/// the game ends.
fn travel(game: &mut Game, to: Pos, events: &mut Vec<Event>) {
    for _ in 0..200 {
        let at = game.player().unwrap().pos();
        if at == to || !playing(game) {
            return;
        }
        let dir = first_step(game, at, to).expect("a way there");
        events.extend(game.apply(Command::Player(PlayerAction::Move(dir))));
    }
    let at = game.player().unwrap().pos();
    panic!("never got to {to}: at {at}");
}

/// The first step of a shortest way from `from` to `to` over passable
/// ground (breadth first, no corner cutting).
fn first_step(game: &Game, from: Pos, to: Pos) -> Option<Dir> {
    let world = game.world();
    let mut came: std::collections::BTreeMap<Pos, Dir> = Default::default();
    let mut queue = VecDeque::from([to]);
    let mut seen = std::collections::BTreeSet::from([to]);
    // Backwards from `to`, so the step out of `from` is read off at once.
    while let Some(p) = queue.pop_front() {
        for d in Dir::ALL {
            let q = p.step(d);
            if seen.contains(&q) || !world.get(q).is_some_and(Terrain::is_passable) {
                continue;
            }
            let (a, b) = d.components();
            if d.is_diagonal()
                && [p.step(a), p.step(b)]
                    .iter()
                    .any(|&c| !world.get(c).is_some_and(Terrain::is_passable))
            {
                continue;
            }
            seen.insert(q);
            came.insert(q, d.opposite());
            if q == from {
                return came.get(&from).copied();
            }
            queue.push_back(q);
        }
    }
    None
}

fn do_(game: &mut Game, action: PlayerAction, events: &mut Vec<Event>) {
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
        do_(&mut game, PlayerAction::Sneak, &mut ev);
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
            !p.is_here() || p.hp() < 20,
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
                do_(&mut game, PlayerAction::Close(Dir::W), &mut ev);
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
                assert_eq!(p.hp(), 20, "seed {seed}: shut out, unhurt");
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
        do_(&mut game, PlayerAction::Move(Dir::S), &mut ev);
        travel(&mut game, door.step(Dir::S), &mut ev);
        do_(&mut game, PlayerAction::Close(Dir::N), &mut ev);
        do_(&mut game, PlayerAction::Sneak, &mut ev);
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
        do_(&mut game, PlayerAction::Sneak, &mut ev);
        travel(&mut game, treasure, &mut ev);
        assert!(
            !game.player().unwrap().is_here(),
            "seed {seed}: the troll let it by"
        );
    }
}
