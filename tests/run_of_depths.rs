//! A run of the dungeon's depths: stairs down and up, every depth kept as
//! it was left (its monsters, their factions' knowledge and the
//! player's), time that only goes forward, the Darkstar on the last
//! depth, and the way out through depth 1 only with it. Recorded and
//! replayed like any game.

use crate::common::travel;
use darkstar::content::bestiary::DEPTHS;
use darkstar::record::replay::{LevelSource, Recorder, Replay};
use darkstar::sim::{Action, Command, Event, Game, PlayOutcome, SimConfig};

fn act(game: &mut Game, rec: &mut Recorder, action: Action) -> Vec<Event> {
    rec.apply(game, Command::Player(action))
}

/// The world's occupancy is exactly the monsters here, each on its cell
/// (a player who took the stairs leaves no ghost behind).
fn consistent(game: &darkstar::sim::Floor) {
    let here: Vec<_> = game.monsters().iter().filter(|m| m.is_here()).collect();
    for m in &here {
        assert_eq!(game.world().occupant(m.pos()), Some(m.id()), "{}", m.id());
    }
    let grid = game.world().terrain().grid();
    let occupied = grid
        .positions()
        .filter(|&p| game.world().occupant(p).is_some())
        .count();
    assert_eq!(occupied, here.len());
}

/// Clears the depth the player is on of monsters (`Command::Kill`, a
/// test's hand, recorded), but `keep`: the walks below test the stairs,
/// not the fights.
fn clear(game: &mut Game, rec: &mut Recorder, keep: Option<u32>) {
    let ids: Vec<u32> = game
        .floor()
        .monsters()
        .iter()
        .filter(|m| m.is_here() && !m.is_player() && Some(m.id()) != keep)
        .map(|m| m.id())
        .collect();
    for monster in ids {
        rec.apply(game, Command::Kill { monster });
    }
}

/// Down the stairs and back up: depth 2 is made on the way down, depth 1
/// is found as it was left (monsters where they stood, the player's
/// knowledge of it), the player keeps its hit points and comes up on the
/// stairs it went down; `>` off the stairs, and `<` out of depth 1
/// without the Darkstar, take no time. The recording replays in sync.
#[test]
fn a_run_goes_down_and_up_and_keeps_each_depth() {
    let config = SimConfig::default();
    let seed = 4;
    let mut game = Game::new_run(seed, 1, config).unwrap();
    let mut rec = Recorder::new(LevelSource::Run { depth: 1 }, seed, config, 10);
    let stairs = game.stairs().unwrap();
    let ev = act(&mut game, &mut rec, Action::Descend);
    assert_eq!(ev, [Event::NoStairs { down: true }]);
    let ev = act(&mut game, &mut rec, Action::Ascend);
    assert_eq!(ev, [Event::NeedDarkstar]);
    assert_eq!(game.floor().turn(), 0, "no time for either");
    // Depth 1 keeps one monster (the kept depth must keep its monsters);
    // the rest are cleared so the walk is safe.
    let keep = game
        .floor()
        .monsters()
        .iter()
        .position(|m| !m.is_player())
        .unwrap() as u32;
    clear(&mut game, &mut rec, Some(keep));
    let down = stairs.down.unwrap();
    walk(&mut game, &mut rec, down);
    assert_eq!(
        game.floor().player().unwrap().pos(),
        down,
        "seed {seed}: reached the stairs"
    );
    let hp = game.floor().player().unwrap().hp();
    let known_1 = game.floor().factions()[game.floor().player().unwrap().faction()]
        .knowledge()
        .belief_bytes()
        .to_vec();
    let monsters_1: Vec<_> = game
        .floor()
        .monsters()
        .iter()
        .map(|m| (m.pos(), m.hp()))
        .collect();
    let turn = game.floor().turn();
    let ev = act(&mut game, &mut rec, Action::Descend);
    assert!(
        ev.contains(&Event::Depth {
            depth: 2,
            down: true
        }),
        "{ev:?}"
    );
    assert_eq!(game.depth(), Some(2));
    assert!(game.floor().turn() >= turn, "time goes on");
    let on_2 = game.stairs().unwrap();
    let p = game.floor().player().unwrap();
    assert!(p.pos() == on_2.up || p.pos().abs_delta(on_2.up).0 <= 1);
    assert_eq!(p.hp(), hp);
    assert_eq!(game.other_depths().map(|(d, _)| d).collect::<Vec<_>>(), [1]);
    let kept = |g: &Game| g.other_depths().next().unwrap().1.state_hash();
    let frozen = kept(&game);
    act(&mut game, &mut rec, Action::Wait(None));
    act(&mut game, &mut rec, Action::Wait(None));
    assert_eq!(kept(&game), frozen, "depth 1 is kept whole, frozen");
    // Straight back up (depth 2 cleared for the walk): depth 1 as it was,
    // the player on its stairs down.
    clear(&mut game, &mut rec, None);
    let mut ev = Vec::new();
    crate::common::travel(&mut game, on_2.up, &mut ev);
    let ev = act(&mut game, &mut rec, Action::Ascend);
    assert!(
        ev.contains(&Event::Depth {
            depth: 1,
            down: false
        }),
        "{ev:?} {:?} {:?} {:?}",
        game.floor().play_state(),
        game.floor().player().map(|p| p.pos()),
        on_2
    );
    assert_eq!(game.depth(), Some(1));
    assert_eq!(game.floor().player().unwrap().pos(), down);
    let me = game.floor().player().unwrap().faction();
    let known_now = game.floor().factions()[me].knowledge().belief_bytes();
    assert!(
        known_1
            .iter()
            .zip(known_now)
            .all(|(a, b)| *a == u8::MAX || a == b),
        "the player remembers depth 1"
    );
    let moved = game
        .floor()
        .monsters()
        .iter()
        .zip(&monsters_1)
        .filter(|(m, (at, _))| !m.is_player() && m.pos() != *at)
        .count();
    assert!(moved <= game.floor().monsters().len(), "{moved}");
    assert_eq!(game.other_depths().map(|(d, _)| d).collect::<Vec<_>>(), [2]);
    consistent(game.floor());
    consistent(game.other_depths().next().unwrap().1);
    // Recorded: the replay says `level run 1`, and plays back in sync.
    let text = rec.replay().to_text();
    assert!(text.contains("level run 1\n") && text.contains("descend") && text.contains("ascend"));
    let replay = Replay::parse(&text, "run.replay".as_ref()).unwrap();
    let restored = replay.restore().unwrap();
    assert_eq!(restored.state_hash(), game.state_hash());
    assert_eq!(restored.depth(), Some(1));
}

/// Walks the player to `to` over the true map, recorded.
fn walk(game: &mut Game, rec: &mut Recorder, to: darkstar::map::geom::Pos) {
    for _ in 0..400 {
        let at = game.floor().player().unwrap().pos();
        if at == to {
            return;
        }
        let d = crate::common::first_step(game, at, to).unwrap();
        act(game, rec, Action::Walk(d));
    }
    panic!("never reached {to}");
}

/// The player takes itself from depth to depth: its pack, the armour
/// and weapon it wears, its sneaking. Down with a potion, mail and a
/// sword, the potion drunk on depth 2, and back up: depth 1 sees it as it
/// left depth 2. Recorded, it replays in sync.
#[test]
fn the_player_takes_its_pack_and_gear_down_and_up() {
    use crate::common::item;
    use darkstar::map::geom::Dir;
    let worn = (
        item("armour").defence().unwrap(),
        item("sword").blow().unwrap(),
    );
    let config = SimConfig::default();
    let seed = 4;
    let mut game = Game::new_run(seed, 1, config).unwrap();
    let mut rec = Recorder::new(LevelSource::Run { depth: 1 }, seed, config, 10);
    clear(&mut game, &mut rec, None);
    let start = game.floor().player().unwrap().pos();
    let dir = Dir::ALL
        .into_iter()
        .find(|&d| {
            let p = start.step(d);
            game.floor().world().get(p) == Some(darkstar::map::terrain::Terrain::Floor)
                && game.floor().floor_items().iter().all(|&(q, _)| q != p)
        })
        .unwrap();
    for kind in [item("healing"), item("armour"), item("sword")] {
        rec.apply(
            &mut game,
            Command::PutItem {
                at: start.step(dir),
                item: kind,
            },
        );
    }
    act(&mut game, &mut rec, Action::Walk(dir));
    act(&mut game, &mut rec, Action::Sneak);
    let gear = |g: &Game| {
        let spec = g.floor().kind_of(g.floor().player().unwrap());
        (spec.defence, spec.damage)
    };
    assert_eq!(gear(&game), worn);
    let pack = game.floor().pack().to_vec();
    assert!(pack.contains(&item("healing")));
    let down = game.stairs().unwrap().down.unwrap();
    walk(&mut game, &mut rec, down);
    act(&mut game, &mut rec, Action::Descend);
    assert_eq!(game.depth(), Some(2));
    assert_eq!(game.floor().pack(), pack, "the pack came down");
    assert_eq!(gear(&game), worn, "and the gear");
    assert!(game.floor().play_state().unwrap().sneaking);
    let slot = game
        .floor()
        .pack()
        .iter()
        .position(|&k| k == item("healing"))
        .unwrap();
    act(&mut game, &mut rec, Action::Use(slot as u8));
    let lighter = game.floor().pack().to_vec();
    assert_eq!(lighter.len(), pack.len() - 1);
    clear(&mut game, &mut rec, None);
    let up = game.stairs().unwrap().up;
    walk(&mut game, &mut rec, up);
    act(&mut game, &mut rec, Action::Ascend);
    assert_eq!(game.depth(), Some(1));
    assert_eq!(game.floor().pack(), lighter, "depth 1 sees the potion gone");
    assert_eq!(gear(&game), worn);
    let replay = Replay::parse(&rec.replay().to_text(), "run.replay".as_ref()).unwrap();
    assert_eq!(replay.restore().unwrap().state_hash(), game.state_hash());
}

/// The Darkstar lies on the last depth, which has no stairs down; every
/// other depth has stairs down and none of it.
#[test]
fn the_darkstar_lies_on_the_last_depth() {
    for seed in 1..=3 {
        for depth in 1..=DEPTHS {
            let game = Game::new_run(seed, depth, SimConfig::default()).unwrap();
            let play = game.floor().play_state().unwrap();
            let stairs = game.stairs().unwrap();
            assert_eq!(game.floor().player().unwrap().pos(), stairs.up);
            if depth == DEPTHS {
                assert!(play.treasure.is_some() && stairs.down.is_none());
            } else {
                assert!(play.treasure.is_none() && stairs.down.is_some());
            }
        }
    }
}

/// Carried out: a run begun on the last depth takes the Darkstar and
/// climbs depth after depth (each made on the way, the player arriving on
/// its stairs down) to depth 1's way out, and wins. The walk is a test's
/// (over the true map, every depth cleared of monsters first); the run
/// is a real one.
#[test]
fn carrying_the_darkstar_out_of_depth_one_wins() {
    let config = SimConfig::default();
    let won = (1..=3).find_map(|seed| {
        let mut game = Game::new_run(seed, DEPTHS, config).unwrap();
        let mut rec = Recorder::new(LevelSource::Run { depth: DEPTHS }, seed, config, 10);
        let mut ev = Vec::new();
        clear(&mut game, &mut rec, None);
        let darkstar = game.floor().play_state().unwrap().treasure.unwrap();
        travel(&mut game, darkstar, &mut ev);
        assert!(game.floor().play_state().unwrap().carrying, "seed {seed}");
        for _ in 0..DEPTHS {
            clear(&mut game, &mut rec, None);
            let up = game.stairs().unwrap().up;
            travel(&mut game, up, &mut ev);
            assert_eq!(
                game.floor().play_state().unwrap().outcome,
                PlayOutcome::Playing,
                "{:?} {:?}",
                game.depth(),
                ev.iter()
                    .rev()
                    .filter(|e| matches!(
                        e,
                        Event::Attacked { .. } | Event::Died { .. } | Event::Depth { .. }
                    ))
                    .take(8)
                    .collect::<Vec<_>>()
            );
            ev.extend(game.apply(Command::Player(Action::Ascend)));
            consistent(game.floor());
            if game.floor().play_state().unwrap().outcome != PlayOutcome::Playing {
                break;
            }
        }
        matches!(
            game.floor().play_state().unwrap().outcome,
            PlayOutcome::Won(_)
        )
        .then_some((seed, ev))
    });
    let (seed, ev) = won.expect("seed 1, 2 or 3 carries the Darkstar out");
    let climbs: Vec<u32> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Depth { depth, down: false } => Some(*depth),
            _ => None,
        })
        .collect();
    assert_eq!(climbs, (1..DEPTHS).rev().collect::<Vec<_>>(), "seed {seed}");
    assert!(ev.iter().any(|e| matches!(e, Event::TookTreasure { .. })));
    assert!(
        matches!(ev.last(), Some(Event::Won { .. })),
        "{:?}",
        ev.last()
    );
}

/// The bot plays whole runs by the player's knowledge: the same seed
/// gives the same run; over a few seeds it goes down the stairs, and a
/// run it loses names what killed it. (The difficulty table is in
/// docs/manual.md, from `darkstar bot`.)
#[test]
fn the_bot_plays_runs_the_same_way_every_time() {
    use darkstar::sim::bot::{Style, median, play_run};
    let runs: Vec<_> = (1..=4).map(|s| play_run(s, Style::Brawler, 3000)).collect();
    assert_eq!(runs[0], play_run(1, Style::Brawler, 3000), "deterministic");
    assert!(runs.iter().any(|r| r.depth >= 2), "{runs:?}");
    for r in runs.iter().filter(|r| !r.won && !r.timed_out) {
        assert!(r.killed_by.is_some(), "{r:?}");
    }
    assert_eq!(median(&[5, 1, 3]), 3);
    assert_eq!(median(&[4, 1, 3, 2]), 2);
    // Careless and the brawler differ: the brawler rests.
    let careless: Vec<_> = (1..=4)
        .map(|s| play_run(s, Style::Careless, 3000))
        .collect();
    assert_ne!(runs, careless);
}
