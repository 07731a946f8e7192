//! The bots' own tests: that they decide only from what the player can
//! know.

use super::*;
use crate::sim::MonsterId;
use crate::sim::mind::Learnt;

/// `game` with every monster out of the player's view given another
/// mind: asleep ones woken, awake ones hunting the player where it
/// stands as if they had seen it, searching ones told of nothing,
/// fleers not fleeing and the rest fleeing, each state settled so.
/// A bot that decides only from what the player can know decides the
/// same in both.
fn minds_scrambled(game: &Game) -> Game {
    let mut other = game.clone();
    let in_view = monsters_in_view(game);
    let turn = game.floor().turn();
    let Some(player) = game.floor().player().map(|p| p.pos()) else {
        return other;
    };
    let monsters: Vec<(MonsterId, bool)> = game
        .floor()
        .monsters()
        .iter()
        .map(|m| (m.id(), m.is_player() || in_view.contains(&m.id())))
        .collect();
    let minds = other.minds_mut();
    for (id, known) in monsters {
        if known {
            continue;
        }
        let state = match minds.of(id).state() {
            Awareness::Asleep => {
                minds.wake(id);
                Awareness::Wandering
            }
            Awareness::Hunting | Awareness::Searching => {
                let mind = minds.of_mut(id);
                (mind.knows, mind.search) = (None, None);
                Awareness::Idle
            }
            Awareness::Fleeing => {
                minds.of_mut(id).fleeing = false;
                Awareness::Hunting
            }
            _ => {
                let mind = minds.of_mut(id);
                mind.player_at(player, Learnt::Saw, turn);
                mind.fleeing = id % 2 == 0;
                if mind.fleeing {
                    Awareness::Fleeing
                } else {
                    Awareness::Hunting
                }
            }
        };
        minds.settle(id, state);
    }
    other
}

/// The bots decide only from what the player can know: at every
/// command of runs of each style (seeds 1 to 3, down to depth 4 or
/// 1,500 turns), the action chosen (the trick, the keeping clear, the
/// way out of going back and forth) is the same when every monster
/// out of the player's view has another mind. The referee that counts
/// the tricks (`tricks.rs`) may read the truth, and does not decide.
#[test]
fn the_bots_decide_only_from_what_the_player_can_know() {
    let mut scrambled_out_of_view = 0;
    for style in Style::ALL {
        for seed in 1..=3u64 {
            let mut game = Game::new_run(seed, 1, SimConfig::default()).unwrap();
            let (mut wary, mut stall) = (Wary::default(), Stall::default());
            while game.floor().turn() < 1_500 && game.depth().unwrap_or(1) <= 4 {
                let other = minds_scrambled(&game);
                let states = |g: &Game| {
                    (0..g.floor().monsters().len())
                        .map(|m| g.floor().awareness(m as MonsterId))
                        .collect::<Vec<_>>()
                };
                if states(&other) != states(&game) {
                    scrambled_out_of_view += 1;
                }
                let choose = |g: &Game, mut wary: Wary, mut stall: Stall| {
                    if style == Style::Cunning {
                        wary.update(g);
                    }
                    let choice = decide(g, style, Restraint::NONE, &wary);
                    let unstuck = stall.unstick(g, style, Restraint::NONE, &wary);
                    (choice, unstuck, wary, stall)
                };
                let (choice, unstuck, w, s) = choose(&game, wary, stall.clone());
                let (choice2, unstuck2, _, _) = choose(&other, wary, stall.clone());
                assert_eq!(
                    (choice, unstuck),
                    (choice2, unstuck2),
                    "{} seed {seed} turn {}: a mind out of view changed the choice",
                    style.name(),
                    game.floor().turn()
                );
                (wary, stall) = (w, s);
                let Some((action, _)) = unstuck.or(choice) else {
                    break;
                };
                let before = game.floor().turn();
                game.apply(Command::Player(action));
                if game.floor().turn() == before {
                    game.apply(Command::Player(Action::Wait(None)));
                }
            }
        }
    }
    // The test means something only where minds out of view were
    // changed: on most commands.
    assert!(scrambled_out_of_view > 1_000, "{scrambled_out_of_view}");
}
