//! Fog of war: knowledge layers, sight, and D* Lite against fresh A*.

use darkstar::fog::knowledge::KnowledgeRules;
use darkstar::fog::knowledge::knowledge_floor as floor_for;
use darkstar::fog::knowledge::{Knowledge, Learnt};
use darkstar::fog::sight::look;
use darkstar::map::geom::Pos;
use darkstar::map::terrain::AsciiMap;
use darkstar::path::Replanner;
use darkstar::path::{Connectivity, DStarLite, SearchContext, SearchOptions};
use darkstar::sim::{DStarPlan, Log, traverse};
use proptest::prelude::*;

use crate::checked::Checked;
use crate::common::{connectivity, query};

/// A unit walks its D* Lite plan through unknown terrain, learning by
/// sight as it goes; after every discovery the repaired plan costs
/// exactly what a fresh A* on the same knowledge finds. A start on a wall
/// is refused, and a unit may discover nothing (walled in, or a goal at
/// hand): the run counts the repaired plans checked, at least 2 a case
/// on average.
#[test]
fn dstar_lite_matches_fresh_astar_after_every_discovery() {
    let config = ProptestConfig::with_cases(300);
    let repairs = Checked::new("repaired plans", &config);
    proptest!(config, |(
        (map, start, goal) in query(14),
        conn in connectivity(),
        radius in 0u32..4,
        unknown_factor in 1u64..3,
    )| {
        prop_assume!(map.is_passable(start));
        let mut k = Knowledge::blank(map.width(), map.height(), unknown_factor);
        look(&mut k, &map, start, radius, 0);
        let mut dstar = DStarLite::new(&k, start, goal, conn, floor_for(&k));
        let opts = SearchOptions { connectivity: conn, ..Default::default() };
        let mut ctx = SearchContext::new();
        let mut repaired = false;
        for turn in 1..200 {
            let fresh = ctx.find_path(&k, dstar.start(), goal, &opts).cost();
            prop_assert_eq!(dstar.cost(), fresh, "turn {}", turn);
            repairs.add(std::mem::take(&mut repaired) as u64);
            let Some(next) = dstar.next_step(&k) else { break };
            if !map.is_passable(next) {
                // Bumped into a wall it did not know: learn it, stay put.
                let changed = if k.learn(next, map.get(next).unwrap(), turn) != Learnt::Nothing { vec![next] } else { vec![] };
                prop_assert!(!changed.is_empty(), "walked into a known wall");
                dstar.cells_changed(&k, &changed);
                repaired = true;
                continue;
            }
            dstar.move_to(next);
            let changed = look(&mut k, &map, next, radius, turn);
            repaired |= !changed.is_empty();
            dstar.cells_changed(&k, &changed);
        }
    });
    repairs.at_least(2.0);
}

/// The game's D* Lite planner repairs lazily (only when a learnt wall
/// breaks the rest of its path) and starts afresh when cheaper ground
/// than its heuristic's floor turns up (a road): whenever it repairs, its
/// plan costs exactly what a fresh A* on the same knowledge finds, and
/// its path is legal there. A start on a wall (or on the goal) is
/// refused, and many walks never repair: the run counts the repairs
/// checked, at least one in two cases on average.
#[test]
fn the_lazy_dstar_planner_is_exact_whenever_it_repairs() {
    let config = ProptestConfig::with_cases(300);
    let repairs = Checked::new("repairs", &config);
    proptest!(config, |(
        (map, start, goal) in query(14),
        radius in 0u32..4,
        unknown_factor in 1u64..3,
    )| {
        prop_assume!(map.is_passable(start) && start != goal);
        let mut k = Knowledge::blank(map.width(), map.height(), unknown_factor);
        let mut log = Log::from(look(&mut k, &map, start, radius, 0));
        let mut planner = DStarPlan::new(Some(goal));
        planner.plan_incremental(&k, start, log.total());
        let opts = SearchOptions::default();
        let mut ctx = SearchContext::new();
        let mut at = start;
        prop_assert_eq!(planner.cost(), ctx.find_path(&k, at, goal, &opts).cost());
        for turn in 1..300 {
            let Some(next) = planner.next_step() else { break };
            let dir = at.dir_to(next).unwrap();
            if darkstar::path::step(&map, at, dir, Connectivity::Eight).is_some() {
                at = next;
                planner.advanced(next);
                log.extend(look(&mut k, &map, at, radius, turn));
            } else {
                // Bumped: feel the target and the corners.
                let (a, b) = dir.components();
                for p in [next, at.step(a), at.step(b)] {
                    if let Some(t) = map.get(p) && k.learn(p, t, turn) != Learnt::Nothing {
                        log.push(p);
                    }
                }
            }
            let before = planner.cost();
            let sync = planner.sync(&k, &log);
            if sync.repaired {
                let fresh = ctx.find_path(&k, at, goal, &opts).cost();
                prop_assert_eq!(planner.cost(), fresh, "turn {}", turn);
                if fresh.is_some() {
                    let rest = planner.remaining();
                    prop_assert_eq!(rest[0], at);
                    prop_assert_eq!(darkstar::path::astar::path_cost(&k, rest, &opts), fresh, "rest {:?}", rest);
                }
                repairs.add(1);
            } else {
                prop_assert!(!sync.broken && sync.expanded == 0);
                prop_assert_eq!(planner.cost(), before);
            }
        }
    });
    repairs.at_least(0.5);
}

/// On a map it knows nothing of, a unit plans straight through the fog.
#[test]
fn unknown_cells_are_planned_through() {
    let k = Knowledge::blank(8, 3, 1);
    let out = SearchContext::new().find_path(
        &k,
        Pos::new(0, 1),
        Pos::new(7, 1),
        &SearchOptions::default(),
    );
    assert_eq!(out.path().unwrap().len(), 8);
    let dstar = DStarLite::new(
        &k,
        Pos::new(0, 1),
        Pos::new(7, 1),
        Connectivity::Eight,
        floor_for(&k),
    );
    assert_eq!(dstar.cost(), out.cost());
    assert_eq!(dstar.path(&k).unwrap().len(), 8);
}

/// A touch-only unit whose straight route is a dead end walks into it,
/// bumps, replans and still arrives, played by the game's own turn loop and
/// planners ([`traverse`]). Everything is deterministic, so the walks are
/// pinned: A* 19 steps and 3 bumps, D* Lite 18 and 2 (both plan optimal
/// routes over what the unit knows, but break ties between equal routes
/// differently, so A* tries one more blind corner). On a map this small
/// D* Lite's repairs do not pay: it expands 45 cells to A*'s 40
/// (`cargo bench -p darkstar-benches --bench replan` measures larger maps).
#[test]
fn a_blind_unit_walks_into_a_dead_end_and_out_again() {
    let (a, s, g) = dead_end();
    let astar = traverse(&a.map, s, g, 0, Replanner::AStar, 500).unwrap();
    let dstar = traverse(&a.map, s, g, 0, Replanner::DStarLite, 500).unwrap();
    for t in [&astar, &dstar] {
        assert!(t.reached, "{t:?}");
        assert!(t.bumps >= 1 && t.replans >= 1, "{t:?}");
    }
    assert_eq!(
        [
            (astar.steps, astar.bumps, astar.expanded),
            (dstar.steps, dstar.bumps, dstar.expanded)
        ],
        [(19, 3, 40), (18, 2, 45)],
        "{astar:?} vs {dstar:?}"
    );
    // Knowing the map, the same unit never enters the dead end.
    let known = SearchContext::new().find_path(&a.map, s, g, &SearchOptions::default());
    assert!(astar.steps > known.path().unwrap().len() as u64 - 1);
}

/// With sight, the same unit sees the dead end's wall and turns before it
/// ever bumps into anything, and walks less than the blind one.
#[test]
fn a_unit_with_sight_replans_before_bumping() {
    let (a, s, g) = dead_end();
    for replanner in [Replanner::AStar, Replanner::DStarLite] {
        let blind = traverse(&a.map, s, g, 0, replanner, 500).unwrap();
        let sighted = traverse(&a.map, s, g, 3, replanner, 500).unwrap();
        assert!(sighted.reached && sighted.replans >= 1, "{sighted:?}");
        assert_eq!(sighted.bumps, 0, "{sighted:?}");
        assert!(sighted.steps < blind.steps, "{sighted:?} vs {blind:?}");
    }
}

/// The straight way from S to G runs into a dead end: G opens only from
/// below, which a unit learns when it gets there.
fn dead_end() -> (AsciiMap, Pos, Pos) {
    let a = AsciiMap::parse(
        "
        ##############
        #S..........##
        #..........#G#
        #.########.#.#
        #............#
        ##############",
    )
    .unwrap();
    let (s, g) = (a.label('S').unwrap(), a.label('G').unwrap());
    (a, s, g)
}
