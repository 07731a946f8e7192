use super::*;
use crate::astar::{Outcome, SearchOptions, path_cost};
use crate::{DistanceMap, GridMap};
use proptest::prelude::*;

const RULES: [Connectivity; 3] = [
    Connectivity::Eight,
    Connectivity::Four,
    Connectivity::EightCuttingCorners,
];

fn grid(w: u32, h: u32, cells: &[Option<u64>]) -> GridMap {
    let mut map = GridMap::new(w, h);
    for (i, &c) in cells.iter().take((w * h) as usize).enumerate() {
        map.set(Pos::from_row_major(i, w), c);
    }
    map
}

/// Checks one answer against a plain Dijkstra (toward `g`): no path exactly
/// when there is none, else a legal path from `s` to `g` costing what it
/// says, never less than the optimal.
fn check(
    map: &GridMap,
    rule: Connectivity,
    s: Pos,
    g: Pos,
    got: &Outcome,
) -> Result<(), TestCaseError> {
    // A distance map is the cost from each cell to its source: the goal.
    let optimal = DistanceMap::compute(map, &[g], rule).distance(s);
    match (got, optimal) {
        (Outcome::Unreachable, None) => Ok(()),
        (Outcome::Found { path, cost }, Some(best)) => {
            prop_assert_eq!(path[0], s);
            prop_assert_eq!(*path.last().unwrap(), g);
            let options = SearchOptions {
                connectivity: rule,
                ..SearchOptions::default()
            };
            prop_assert_eq!(path_cost(map, path, &options), Some(*cost), "{:?}", path);
            prop_assert!(*cost >= best, "{} below the optimal {}", cost, best);
            Ok(())
        }
        (got, want) => {
            prop_assert!(
                false,
                "{:?} to {:?}: got {:?}, optimal {:?}",
                s,
                g,
                got,
                want
            );
            Ok(())
        }
    }
}

fn cells_strategy() -> impl Strategy<Value = Vec<Option<u64>>> {
    prop::collection::vec(prop::option::weighted(0.75, 1u64..4), 18 * 18)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// On small maps with mixed costs, under every movement rule and
    /// several cluster sides: every path is legal, costs what it says and
    /// no less than a plain Dijkstra's; a path is found exactly when
    /// Dijkstra finds one.
    #[test]
    fn paths_are_legal_complete_and_never_below_optimal(
        (w, h) in (1u32..=18, 1u32..=18),
        cells in cells_strategy(),
        size in 2u32..=6,
        rule in prop::sample::select(RULES.to_vec()),
        queries in prop::collection::vec(((0i32..18, 0i32..18), (0i32..18, 0i32..18)), 8),
    ) {
        let map = grid(w, h, &cells);
        let mut hpa = Hierarchy::with_cluster_size(&map, rule, size).unwrap();
        for ((sx, sy), (gx, gy)) in queries {
            let (s, g) = (Pos::new(sx % w as i32, sy % h as i32), Pos::new(gx % w as i32, gy % h as i32));
            let got = hpa.find_path(&map, s, g);
            check(&map, rule, s, g, &got)?;
            // Unsmoothed: legal too, and never cheaper than smoothed.
            hpa.set_smoothing(false);
            let raw = hpa.find_path(&map, s, g);
            hpa.set_smoothing(true);
            check(&map, rule, s, g, &raw)?;
            prop_assert!(raw.cost() >= got.cost());
            // Within the corridor: legal too, and never dearer than laid.
            hpa.set_refinement(Refinement::Corridor);
            let narrow = hpa.find_path(&map, s, g);
            hpa.set_refinement(Refinement::Smooth);
            check(&map, rule, s, g, &narrow)?;
            prop_assert!(raw.cost() >= narrow.cost());
        }
    }

    /// After random changes (walls learnt, walls gone, costs changed),
    /// the repaired hierarchy is the one built anew: the same graph, and
    /// the same answer to every query.
    #[test]
    fn repair_is_building_anew(
        (w, h) in (1u32..=18, 1u32..=18),
        cells in cells_strategy(),
        size in 2u32..=6,
        rule in prop::sample::select(RULES.to_vec()),
        changes in prop::collection::vec(
            prop::collection::vec(((0i32..18, 0i32..18), prop::option::weighted(0.6, 1u64..4)), 1..4),
            1..4,
        ),
        queries in prop::collection::vec(((0i32..18, 0i32..18), (0i32..18, 0i32..18)), 4),
    ) {
        let mut map = grid(w, h, &cells);
        let mut hpa = Hierarchy::with_cluster_size(&map, rule, size).unwrap();
        for batch in changes {
            let mut changed = Vec::new();
            for ((x, y), c) in batch {
                let p = Pos::new(x % w as i32, y % h as i32);
                map.set(p, c);
                changed.push(p);
            }
            hpa.cells_changed(&map, &changed);
            let mut fresh = Hierarchy::with_cluster_size(&map, rule, size).unwrap();
            prop_assert!(hpa.same_graph(&fresh));
            prop_assert!(hpa.edges_pointed() && fresh.edges_pointed());
            for &((sx, sy), (gx, gy)) in &queries {
                let (s, g) = (Pos::new(sx % w as i32, sy % h as i32), Pos::new(gx % w as i32, gy % h as i32));
                let got = hpa.find_path(&map, s, g);
                prop_assert_eq!(&got, &fresh.find_path(&map, s, g));
                check(&map, rule, s, g, &got)?;
            }
        }
    }
}

#[test]
fn a_cluster_side_out_of_range_is_refused() {
    let map = GridMap::new(10, 10);
    for size in [0, 1, MAX_CLUSTER_SIZE + 1] {
        assert_eq!(
            Hierarchy::with_cluster_size(&map, Connectivity::Eight, size).err(),
            Some(HierarchyError::ClusterSize(size))
        );
    }
    assert!(Hierarchy::with_cluster_size(&map, Connectivity::Eight, MAX_CLUSTER_SIZE).is_ok());
}

#[test]
fn a_wall_across_the_map_means_no_path() {
    let mut map = GridMap::new(40, 30);
    for y in 0..30 {
        map.set(Pos::new(17, y), None);
    }
    for rule in RULES {
        let mut hpa = Hierarchy::new(&map, rule).unwrap();
        assert_eq!(
            hpa.find_path(&map, Pos::new(0, 0), Pos::new(39, 29)),
            Outcome::Unreachable
        );
        assert!(
            hpa.find_path(&map, Pos::new(0, 0), Pos::new(16, 29))
                .cost()
                .is_some()
        );
        // A door opened in the wall: repaired, the way is found.
        map.set(Pos::new(17, 12), Some(1));
        hpa.cells_changed(&map, &[Pos::new(17, 12)]);
        let got = hpa.find_path(&map, Pos::new(0, 0), Pos::new(39, 29));
        assert!(got.path().unwrap().contains(&Pos::new(17, 12)));
        map.set(Pos::new(17, 12), None);
    }
}

#[test]
fn ends_off_the_map_or_equal() {
    let map = GridMap::new(12, 12);
    let mut hpa = Hierarchy::new(&map, Connectivity::Eight).unwrap();
    let a = Pos::new(3, 3);
    assert_eq!(
        hpa.find_path(&map, a, Pos::new(12, 0)),
        Outcome::Unreachable
    );
    assert_eq!(
        hpa.find_path(&map, Pos::new(-1, 0), a),
        Outcome::Unreachable
    );
    assert_eq!(
        hpa.find_path(&map, a, a),
        Outcome::Found {
            path: vec![a],
            cost: 0
        }
    );
}

#[test]
fn open_ground_costs_the_optimal() {
    // On open ground, with transitions at both ends of every border, a
    // diagonal run across clusters is the optimal cost.
    let map = GridMap::new(64, 64);
    let mut hpa = Hierarchy::new(&map, Connectivity::Eight).unwrap();
    let got = hpa.find_path(&map, Pos::new(0, 0), Pos::new(63, 63));
    assert_eq!(got.cost(), Some(63 * crate::cost::DIAGONAL));
    assert!(hpa.stats().expanded() < 200, "{:?}", hpa.stats());
}

/// Two clusters of 8 side by side on ground of factor 3, with roads of
/// factor 1 where `road` says, row 2 among them: asserts that the path
/// laid along the graph, unsmoothed, from one end of row 2 to the other
/// is the optimal one (straight along the road), and returns the
/// hierarchy.
fn laid_along_the_road(road: impl Fn(i32, i32) -> bool) -> Hierarchy {
    let mut map = GridMap::new(16, 8);
    for y in 0..8 {
        for x in 0..16 {
            map.set(Pos::new(x, y), Some(if road(x, y) { 1 } else { 3 }));
        }
    }
    let mut hpa = Hierarchy::new(&map, Connectivity::Eight).unwrap();
    hpa.set_smoothing(false);
    let (a, b) = (Pos::new(0, 2), Pos::new(15, 2));
    let exact = crate::SearchContext::new().find_path(&map, a, b, &SearchOptions::default());
    assert_eq!(exact.cost(), Some(15 * crate::cost::STRAIGHT));
    assert_eq!(hpa.find_path(&map, a, b).cost(), exact.cost());
    hpa
}

#[test]
fn a_road_across_a_border_is_crossed_where_it_runs() {
    // A road along row 2 crossing the border. The border is one entrance
    // of 8 cells, with transitions at its ends (rows 0 and 7), and one
    // more at its cheapest crossing, the road: so the graph alone,
    // unsmoothed, finds the road, where the ends would cost a detour over
    // dear ground.
    let hpa = laid_along_the_road(|_, y| y == 2);
    assert_eq!(hpa.node_count(), 3 * 2);
}

#[test]
fn a_road_met_at_a_border_weighs_more_than_one_running_across() {
    // A road along row 2 across the border, and down the right cluster's
    // first column, so every step east across the border steps onto
    // road. Counting the cheaper step of a crossing, all 8 rows seem as
    // cheap as the road, and only the ends (rows 0 and 7) get
    // transitions; counting both steps, row 2 weighs least and gets one.
    laid_along_the_road(|x, y| y == 2 || x == 8);
}

#[test]
fn a_corridor_refines_a_detour_through_a_transition_away() {
    // Two clusters of 8 side by side on open ground: their border is one
    // entrance, its transitions at rows 0 and 7. Laid along the graph, a
    // path across from row 3 to row 4 detours to one of them; the A*
    // within the corridor finds the optimal.
    let map = GridMap::new(16, 8);
    let mut hpa = Hierarchy::new(&map, Connectivity::Eight).unwrap();
    let (a, b) = (Pos::new(0, 3), Pos::new(15, 4));
    let optimal = 14 * crate::cost::STRAIGHT + crate::cost::DIAGONAL;
    hpa.set_refinement(Refinement::None);
    assert!(hpa.find_path(&map, a, b).cost().unwrap() > optimal);
    hpa.set_refinement(Refinement::Corridor);
    let got = hpa.find_path(&map, a, b);
    assert_eq!(got.cost(), Some(optimal));
    assert!(hpa.stats().cells_smoothed > 0, "{:?}", hpa.stats());
}

#[test]
#[should_panic(expected = "a 5x5 map handed to a hierarchy of a 6x6 one")]
fn a_map_of_another_size_panics() {
    let mut hpa = Hierarchy::new(&GridMap::new(6, 6), Connectivity::Eight).unwrap();
    hpa.find_path(&GridMap::new(5, 5), Pos::new(0, 0), Pos::new(1, 1));
}
