//! A*, Dijkstra and islands checked against the brute-force reference on
//! random maps, plus the fixtures that show each feature.

use darkstar::fog::knowledge::KnowledgeRules;
use darkstar::map::cost::{Cost, STRAIGHT};
use darkstar::map::geom::Pos;
use darkstar::map::terrain::{AsciiMap, FLOOR_COST, ROAD_COST, SWAMP_COST};
use darkstar::path::{
    Connectivity, CostMap, DistanceMap, Islands, Outcome, SearchContext, SearchOptions,
};
use proptest::prelude::*;

use crate::common::{check_path, connectivity, query, reference_costs, terrain_map};

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// A* finds exactly the brute-force optimum (or reports unreachable
    /// exactly when there is none), and its path is legal and adds up.
    #[test]
    fn astar_is_optimal_and_paths_are_valid((map, start, goal) in query(16), conn in connectivity()) {
        let reference = reference_costs(&map, start, conn, 0)[goal];
        let opts = SearchOptions { connectivity: conn, ..Default::default() };
        let mut ctx = SearchContext::new();
        match ctx.find_path(&map, start, goal, &opts) {
            Outcome::Found { path, cost } => {
                prop_assert_eq!(Some(cost), reference);
                check_path(&map, &path, start, goal, cost, conn, 0).map_err(TestCaseError::fail)?;
            }
            Outcome::Unreachable => prop_assert_eq!(reference, None),
            Outcome::OutOfBudget => prop_assert!(false, "no budget was set"),
        }
    }

    /// With a turn penalty the search runs over (cell, heading) states and
    /// is still exactly optimal for the penalised cost.
    #[test]
    fn turn_penalty_paths_are_optimal((map, start, goal) in query(10), conn in connectivity(), penalty in 1..3 * STRAIGHT) {
        let reference = reference_costs(&map, start, conn, penalty)[goal];
        let opts = SearchOptions { connectivity: conn, turn_penalty: penalty, ..Default::default() };
        match SearchContext::new().find_path(&map, start, goal, &opts) {
            Outcome::Found { path, cost } => {
                prop_assert_eq!(Some(cost), reference);
                check_path(&map, &path, start, goal, cost, conn, penalty).map_err(TestCaseError::fail)?;
            }
            other => prop_assert_eq!(reference, None, "{:?}", other),
        }
    }

    /// One context reused for many queries gives what fresh contexts give
    /// (the generation stamps really do forget the previous search).
    #[test]
    fn reused_context_matches_fresh_ones(map in terrain_map(12), picks in proptest::collection::vec((0u32..144, 0u32..144), 1..12)) {
        let cells = map.width() * map.height();
        let at = |i: u32| Pos::new((i % cells % map.width()) as i32, (i % cells / map.width()) as i32);
        let mut shared = SearchContext::new();
        let opts = SearchOptions::default();
        for (a, b) in picks {
            let fresh = SearchContext::new().find_path(&map, at(a), at(b), &opts);
            prop_assert_eq!(shared.find_path(&map, at(a), at(b), &opts), fresh);
        }
    }

    /// The budget: a search given exactly the expansions it needed finds the
    /// path; one fewer runs out and says so.
    #[test]
    fn budget_is_exact((map, start, goal) in query(12)) {
        let mut ctx = SearchContext::new();
        let full = ctx.find_path(&map, start, goal, &SearchOptions::default());
        let needed = ctx.stats().expanded;
        let with = |n| SearchOptions { max_expansions: Some(n), ..Default::default() };
        prop_assert_eq!(&ctx.find_path(&map, start, goal, &with(needed)), &full);
        if needed > 0 {
            prop_assert_eq!(ctx.find_path(&map, start, goal, &with(needed - 1)), Outcome::OutOfBudget);
        }
    }

    /// Islands agree with reachability, and the checked search answers a
    /// goal on another island without expanding anything.
    #[test]
    fn islands_match_reachability((map, start, goal) in query(16), conn in connectivity()) {
        let islands = Islands::compute(&map, conn);
        let reachable = reference_costs(&map, start, conn, 0)[goal].is_some();
        prop_assert_eq!(islands.connected(start, goal), reachable);
        // The faster labelling of an entry-cost map labels every cell alike.
        prop_assert_eq!(&Islands::of_entry_costs(&map, conn), &islands);
        let opts = SearchOptions { connectivity: conn, ..Default::default() };
        let mut ctx = SearchContext::new();
        let checked = ctx.find_path_checked(&map, &islands, start, goal, &opts);
        if !reachable {
            prop_assert_eq!(checked, Outcome::Unreachable);
            prop_assert_eq!(ctx.stats().expanded, 0);
        } else {
            prop_assert_eq!(checked.cost(), reference_costs(&map, start, conn, 0)[goal]);
        }
    }

    /// The multi-source distance map holds, for every cell, the cost to the
    /// nearest source; following the flow field costs exactly that; the
    /// search stopped at a cell takes the same step from it; and the
    /// goal-predicate search finds the same nearest cost.
    #[test]
    fn distance_map_and_nearest_target_agree_with_reference(
        map in terrain_map(12),
        raw_sources in proptest::collection::vec((0i32..12, 0i32..12), 1..4),
        conn in connectivity(),
    ) {
        let sources: Vec<Pos> = raw_sources
            .into_iter()
            .map(|(x, y)| Pos::new(x % map.width() as i32, y % map.height() as i32))
            .collect();
        let dm = DistanceMap::compute(&map, &sources, conn);
        let opts = SearchOptions { connectivity: conn, ..Default::default() };
        let mut ctx = SearchContext::new();
        for p in map.grid().positions() {
            let from_p = reference_costs(&map, p, conn, 0);
            let want: Option<Cost> = sources.iter().filter_map(|&s| from_p[s]).min();
            prop_assert_eq!(dm.distance(p), want, "at {}", p);
            // The search stopped at `p` takes the same step from it.
            prop_assert_eq!(
                DistanceMap::step_toward(&map, &sources, conn, p),
                dm.next_step(&map, p),
                "step from {}", p
            );
            let nearest = ctx.find_path_to(&map, p, |q| sources.contains(&q), &opts);
            prop_assert_eq!(nearest.cost(), want);
            if let Some(path) = dm.path_from(&map, p) {
                let walked: Cost = path.windows(2).map(|w| {
                    darkstar::path::step(&map, w[0], w[0].dir_to(w[1]).unwrap(), conn).unwrap().1
                }).sum();
                prop_assert_eq!(Some(walked), want);
                prop_assert!(sources.contains(path.last().unwrap()));
            } else {
                prop_assert_eq!(want, None);
            }
        }
    }
}

fn labelled(text: &str) -> (AsciiMap, Pos, Pos) {
    let a = AsciiMap::parse(text).unwrap();
    let (s, g) = (a.label('S').unwrap(), a.label('G').unwrap());
    (a, s, g)
}

#[test]
fn road_around_a_swamp_beats_wading_through() {
    // Through the swamp: 9 swamp steps and one onto G, 9 * 30 + 10 = 280.
    // Round by the road: two steps up, ten along, one down (all road, 7
    // each) and one onto G: 101. The road wins.
    let (a, s, g) = labelled(
        "
        ===========
        =#########=
        S,,,,,,,,,G",
    );
    let out = SearchContext::new().find_path(&a.map, s, g, &SearchOptions::default());
    assert!(
        out.path().unwrap().iter().any(|p| p.y == 0),
        "takes the road"
    );
    assert_eq!(out.cost(), Some((13 * ROAD_COST + FLOOR_COST) * STRAIGHT));
    const { assert!(13 * ROAD_COST + FLOOR_COST < 9 * SWAMP_COST + FLOOR_COST) };
    // On plain floor the straight line (10 * 10 = 100) is just cheaper than
    // the 101 of the road: a road is worth a detour, but not any detour.
    let (b, ..) = labelled(
        "
        ===========
        =#########=
        S.........G",
    );
    let out = SearchContext::new().find_path(&b.map, s, g, &SearchOptions::default());
    assert!(
        out.path().unwrap().iter().all(|p| p.y == 2),
        "walks straight"
    );
    assert_eq!(out.cost(), Some(10 * FLOOR_COST * STRAIGHT));
}

#[test]
fn unreachable_island_is_answered_without_search() {
    let (a, s, g) = labelled(
        "
        S.....#....
        ......#.##.
        ......#.#G#
        ......#.###",
    );
    let islands = Islands::compute(&a.map, Connectivity::Eight);
    let mut ctx = SearchContext::new();
    let opts = SearchOptions::default();
    assert_eq!(ctx.find_path(&a.map, s, g, &opts), Outcome::Unreachable);
    let flooded = ctx.stats().expanded;
    assert!(flooded >= 24, "plain A* floods S's side first ({flooded})");
    assert_eq!(
        ctx.find_path_checked(&a.map, &islands, s, g, &opts),
        Outcome::Unreachable
    );
    assert_eq!(ctx.stats().expanded, 0);
}

#[test]
fn same_query_gives_the_same_path_every_time() {
    let (a, s, g) = labelled(
        "
        S.........
        ..........
        ....##....
        ..........
        .........G",
    );
    let opts = SearchOptions::default();
    let first = SearchContext::new().find_path(&a.map, s, g, &opts);
    for _ in 0..20 {
        assert_eq!(SearchContext::new().find_path(&a.map, s, g, &opts), first);
    }
}

/// The classic article's Figure 1, from `levels/`: A to B round the wall.
#[test]
fn figure_one_goes_round_the_wall() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/figure1.txt");
    let level = darkstar::content::level::Level::load(&path).unwrap();
    let (start, goal) = (level.spawns[0].at, level.factions[0].goal.unwrap());
    let map = &level.terrain;
    let out = SearchContext::new().find_path(map, start, goal, &SearchOptions::default());
    let cost = out.cost().unwrap();
    assert_eq!(
        cost,
        FLOOR_COST * (4 * STRAIGHT + 2 * darkstar::map::cost::DIAGONAL)
    );
    assert!(out.path().unwrap().iter().all(|p| map.is_passable(*p)));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// A search spread over slices of any size ends exactly as the same
    /// search run in one go: same outcome, same total expansions.
    #[test]
    fn resumed_searches_match_unbounded_ones((map, start, goal) in query(14), conn in connectivity(), turn in prop_oneof![Just(0), Just(STRAIGHT)], slice in 1u64..20) {
        let opts = SearchOptions { connectivity: conn, turn_penalty: turn, ..Default::default() };
        let mut ctx = SearchContext::new();
        let whole = ctx.find_path(&map, start, goal, &opts);
        let whole_expanded = ctx.stats().expanded;
        let sliced_opts = SearchOptions { max_expansions: Some(slice), ..opts };
        let mut outcome = ctx.find_path(&map, start, goal, &sliced_opts);
        let mut expanded = ctx.stats().expanded;
        while outcome == Outcome::OutOfBudget {
            outcome = ctx.resume(&map, slice).expect("a pending search");
            expanded += ctx.stats().expanded;
            prop_assert!(ctx.stats().expanded <= slice);
        }
        prop_assert_eq!(outcome, whole);
        prop_assert_eq!(expanded, whole_expanded);
        prop_assert_eq!(ctx.resume(&map, slice), None);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// The inspector's recorded search is the real one: the same outcome
    /// (path and cost), the same steps costed in the same order (each
    /// expansion costs its cell's steps, so this is the same expansions
    /// in the same order), the trace's `Expanded` events in that order,
    /// and as many expansions as `SearchContext` counts.
    #[test]
    fn the_traced_search_expands_what_the_real_one_does((map, start, goal) in query(14), conn in connectivity()) {
        let opts = SearchOptions { connectivity: conn, ..Default::default() };
        let mut ctx = SearchContext::new();
        let real_map = Recording::new(&map);
        let real = ctx.find_path(&real_map, start, goal, &opts);
        let traced_map = Recording::new(&map);
        let trace = darkstar::path::trace::trace_search(&traced_map, start, goal, conn, usize::MAX);
        prop_assert_eq!(&trace.outcome, &real);
        let real_steps = real_map.steps.into_inner();
        let traced_steps = traced_map.steps.into_inner();
        prop_assert_eq!(&traced_steps, &real_steps);
        // The cells whose steps were costed, in order, are the trace's
        // expansions (less those with no neighbour left to cost).
        let mut costed: Vec<Pos> = real_steps.iter().map(|s| s.from).collect();
        costed.dedup();
        let expanded: Vec<Pos> = trace
            .events
            .iter()
            .filter_map(|e| match *e {
                darkstar::path::trace::TraceEvent::Expanded(p) => Some(p),
                _ => None,
            })
            .filter(|p| costed.contains(p))
            .collect();
        prop_assert_eq!(&expanded, &costed);
        prop_assert_eq!(trace.expansions() as u64, ctx.stats().expanded);
        prop_assert!(!trace.truncated);
    }
}

/// A cost map that logs every step it is asked to cost, in order: two
/// searches that log the same steps expanded the same cells in the same
/// order.
struct Recording<'a, M> {
    map: &'a M,
    steps: std::cell::RefCell<Vec<darkstar::path::Step>>,
}

impl<'a, M: CostMap> Recording<'a, M> {
    fn new(map: &'a M) -> Self {
        Recording {
            map,
            steps: std::cell::RefCell::new(Vec::new()),
        }
    }
}

impl<M: CostMap> CostMap for Recording<'_, M> {
    fn width(&self) -> u32 {
        self.map.width()
    }
    fn height(&self) -> u32 {
        self.map.height()
    }
    fn step_cost(&self, step: darkstar::path::Step) -> Option<Cost> {
        self.steps.borrow_mut().push(step);
        self.map.step_cost(step)
    }
    fn cheapest_steps(&self) -> darkstar::map::cost::StepCosts {
        self.map.cheapest_steps()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// The safety map's fast search (the map in dense arrays, Dial's
    /// buckets, its many sources queued bucket by bucket) gives every cell
    /// the value the two binary-heap distance maps give, and so the same
    /// step, on random terrain and on a faction's knowledge of it with
    /// danger from deaths and chokepoints, from one or several threats
    /// (some on walls or off the map).
    #[test]
    fn the_fast_safety_map_is_the_distance_maps_one(
        map in terrain_map(16),
        raw_threats in proptest::collection::vec((-1i32..17, -1i32..17), 1..4),
        learnt in proptest::collection::vec(any::<bool>(), 256),
        deaths in proptest::collection::vec((0i32..16, 0i32..16), 0..4),
        unknown in 1u64..4,
        conn in connectivity(),
    ) {
        use darkstar::fog::knowledge::Knowledge;
        use darkstar::path::SafetyMap;
        use darkstar::sim::FLEE_FACTOR_TENTHS as FLEE;
        let threats: Vec<Pos> = raw_threats.iter().map(|&(x, y)| Pos::new(x, y)).collect();
        let mut knowledge = Knowledge::blank(map.width(), map.height(), unknown).with_danger_weight(3);
        for (i, p) in map.grid().positions().enumerate() {
            if learnt[i % learnt.len()] {
                knowledge.learn(p, map.grid()[p], 1);
            }
        }
        for &(x, y) in &deaths {
            knowledge.death(Pos::new(x % map.width() as i32, y % map.height() as i32));
        }
        let fast = SafetyMap::compute(&map, &threats, FLEE, conn);
        let slow = SafetyMap::compute_by_distance_maps(&map, &threats, FLEE, conn);
        prop_assert_eq!(&fast, &slow);
        prop_assert_eq!(
            Islands::of_entry_costs(&knowledge, conn),
            Islands::compute(&knowledge, conn)
        );
        let fast = SafetyMap::compute(&knowledge, &threats, FLEE, conn);
        let slow = SafetyMap::compute_by_distance_maps(&knowledge, &threats, FLEE, conn);
        prop_assert_eq!(&fast, &slow);
        for p in map.grid().positions() {
            prop_assert_eq!(fast.next_step(&knowledge, p), slow.next_step(&knowledge, p));
        }
    }
}

proptest! {
    /// The ready grid map, given a random level's terrain factors, is the
    /// same map to every search: [`find_path`] finds the cost A* finds on
    /// the level itself, and [`distances`] the same Dijkstra map.
    #[test]
    fn a_grid_map_of_a_levels_factors_searches_as_the_level(
        (map, start, goal) in query(14),
        conn in connectivity(),
    ) {
        use darkstar::path::{GridMap, distances, find_path};
        use darkstar::path::EntryCosts;
        let mut grid = GridMap::new(map.width(), map.height());
        for y in 0..map.height() as i32 {
            for x in 0..map.width() as i32 {
                let p = Pos::new(x, y);
                grid.set(p, map.entry_factor(p.row_major(map.width())));
            }
        }
        let options = SearchOptions { connectivity: conn, ..SearchOptions::default() };
        let want = SearchContext::new().find_path(&map, start, goal, &options).cost();
        prop_assert_eq!(find_path(&grid, start, goal, conn).map(|(_, c)| c), want);
        let (a, b) = (distances(&grid, &[goal], conn), DistanceMap::compute(&map, &[goal], conn));
        for y in 0..map.height() as i32 {
            for x in 0..map.width() as i32 {
                prop_assert_eq!(a.distance(Pos::new(x, y)), b.distance(Pos::new(x, y)));
            }
        }
    }
}
