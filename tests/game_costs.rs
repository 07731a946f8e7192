//! The searches are optimal under the game's own costs, not only the true
//! map's: a faction's knowledge with unknown ground dearer than floor
//! (`unknown` > 1), danger from deaths spread round them and halved by
//! decay, chokepoints of the map as the faction knows it; checked against a
//! brute-force Dijkstra whose movement and cost rule is written here from
//! the rules (docs/design.md, "The simulation"), not taken from the library: a
//! step goes from a cell believed passable to one believed passable (an
//! unknown cell is believed passable), a diagonal also needs both cells
//! beside it believed passable, and it costs (the entered cell's factor:
//! its terrain's, or `unknown` x floor if unknown; plus its danger
//! penalty) x 470832 straight or 665857 diagonally. The danger penalty is
//! read from the faction's danger map (`fog::danger` has its own tests).
//! A*, D* Lite and the shared field must all find the reference's cost,
//! fresh and after repairing for new danger.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use darkstar::fog::knowledge::Knowledge;
use darkstar::fog::knowledge::KnowledgeRules;
use darkstar::map::cost::{Cost, DIAGONAL, STRAIGHT};
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::terrain::{FLOOR_COST, Terrain};
use darkstar::path::{Connectivity, CostMap, DStarLite, Field, SearchContext, SearchOptions};
use proptest::prelude::*;

use crate::checked::Checked;

/// What the faction believes of `p` (off the map: nothing).
fn believed_passable(k: &Knowledge, p: Pos) -> bool {
    if p.x < 0 || p.y < 0 || p.x >= k.width() as i32 || p.y >= k.height() as i32 {
        return false;
    }
    k.belief(p).is_none_or(Terrain::is_passable)
}

fn enter_factor(k: &Knowledge, p: Pos, unknown: Cost) -> Cost {
    let terrain = match k.belief(p) {
        Some(t) => t.enter_cost().expect("passable"),
        None => unknown * FLOOR_COST,
    };
    terrain + k.influence().penalty(p)
}

/// The cheapest cost from `start` to every cell (`None`: unreachable).
fn reference(k: &Knowledge, start: Pos, unknown: Cost) -> Vec<Option<Cost>> {
    let w = k.width() as usize;
    let mut best = vec![None; w * k.height() as usize];
    let mut heap = BinaryHeap::new();
    if !believed_passable(k, start) {
        return best;
    }
    best[start.row_major(k.width())] = Some(0);
    heap.push(Reverse((0, start.x, start.y)));
    while let Some(Reverse((d, x, y))) = heap.pop() {
        let p = Pos::new(x, y);
        if best[p.row_major(k.width())] != Some(d) {
            continue;
        }
        for dir in Dir::ALL {
            let (dx, dy) = dir.delta();
            let to = Pos::new(x + dx, y + dy);
            let diagonal = dx != 0 && dy != 0;
            if !believed_passable(k, to)
                || (diagonal
                    && !(believed_passable(k, Pos::new(x + dx, y))
                        && believed_passable(k, Pos::new(x, y + dy))))
            {
                continue;
            }
            let nd = d + enter_factor(k, to, unknown) * if diagonal { DIAGONAL } else { STRAIGHT };
            let slot = &mut best[to.row_major(k.width())];
            if slot.is_none_or(|b| nd < b) {
                *slot = Some(nd);
                heap.push(Reverse((nd, to.x, to.y)));
            }
        }
    }
    best
}

/// A faction's knowledge of a random map: some cells learnt (any terrain),
/// the rest unknown; deaths at random cells, some decays.
fn knowledge(max: i32) -> impl Strategy<Value = (Knowledge, Cost, Pos, Pos, Vec<Pos>)> {
    (3..=max, 3..=max, 1u64..4, 1u32..3).prop_flat_map(|(w, h, unknown, weight)| {
        let cell = prop_oneof![
            3 => Just(None),
            3 => Just(Some(Terrain::Floor)),
            2 => Just(Some(Terrain::Wall)),
            1 => Just(Some(Terrain::Road)),
            1 => Just(Some(Terrain::Swamp)),
            1 => Just(Some(Terrain::Rubble)),
            1 => Just(Some(Terrain::Door)),
        ];
        let pos = move || (0..w, 0..h).prop_map(|(x, y)| Pos::new(x, y));
        (
            proptest::collection::vec(cell, (w * h) as usize),
            proptest::collection::vec(pos(), 0..4),
            0u32..3,
            pos(),
            pos(),
            proptest::collection::vec(pos(), 1..3),
        )
            .prop_map(move |(cells, deaths, decays, start, goal, later)| {
                let mut k =
                    Knowledge::blank(w as u32, h as u32, unknown).with_danger_weight(weight);
                for (i, t) in cells.into_iter().enumerate() {
                    if let Some(t) = t {
                        k.learn(Pos::new(i as i32 % w, i as i32 / w), t, 1);
                    }
                }
                for d in deaths {
                    k.death(d);
                }
                for _ in 0..decays {
                    k.decay();
                }
                (k, unknown, start, goal, later)
            })
    })
}

/// Fresh searches, then repairs after more deaths (danger rising on the
/// way) and a decay (danger falling): always the reference's cost. A
/// start the unit could not stand on is refused, and an unreachable goal
/// checks only that nobody finds a way: the run counts the rounds that
/// compared a cost, at least one a case on average.
#[test]
fn every_planner_is_optimal_under_knowledge_danger_and_unknown_cost() {
    let config = ProptestConfig::with_cases(400);
    let costs = Checked::new("rounds with a cost", &config);
    proptest!(config, |((mut k, unknown, start, goal, later) in knowledge(12))| {
        // A unit stands on ground it can stand on.
        prop_assume!(believed_passable(&k, start));
        let conn = Connectivity::Eight;
        let opts = SearchOptions::default();
        let mut ctx = SearchContext::new();
        let mut dstar = DStarLite::new(&k, start, goal, conn, k.cheapest_steps());
        let mut field = Field::new(&k, goal, conn);
        for round in 0..3 {
            let want = reference(&k, start, unknown)[goal.row_major(k.width())];
            let want = if believed_passable(&k, goal) { want } else { None };
            prop_assert_eq!(ctx.find_path(&k, start, goal, &opts).cost(), want, "A*, round {}", round);
            prop_assert_eq!(dstar.cost(), want, "D* Lite, round {}", round);
            prop_assert_eq!(field.value(&k, start), want, "field, round {}", round);
            costs.add(want.is_some() as u64);
            // Danger changes, and the incremental planners repair.
            // (`death` and `decay` return the cells whose cost changed.)
            let changed: Vec<Pos> = if round == 0 {
                later.iter().flat_map(|&d| k.death(d)).collect()
            } else {
                k.decay()
            };
            dstar.cells_changed(&k, &changed);
            field.cells_changed(&k, &changed);
        }
    });
    costs.at_least(1.0);
}

/// The reference is not vacuous: on an open 5x1 corridor of unknown
/// ground at twice floor, with a death in the middle, the cost is four
/// straight steps at 20 plus the danger the death left on the cells
/// entered.
#[test]
fn the_reference_counts_unknown_cost_and_danger() {
    let mut k = Knowledge::blank(5, 1, 2).with_danger_weight(1);
    k.death(Pos::new(2, 0));
    let danger: Cost = (1..5).map(|x| k.influence().penalty(Pos::new(x, 0))).sum();
    assert!(danger > 0);
    let got = reference(&k, Pos::new(0, 0), 2)[4];
    assert_eq!(got, Some((4 * 20 + danger) * STRAIGHT));
    let astar = SearchContext::new()
        .find_path(
            &k,
            Pos::new(0, 0),
            Pos::new(4, 0),
            &SearchOptions::default(),
        )
        .cost();
    assert_eq!(astar, got);
}
