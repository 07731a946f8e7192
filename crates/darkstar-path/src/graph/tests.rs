use super::table::{NodeHasher, Seen, Stamped};
use super::*;
use proptest::prelude::*;
use std::hash::{BuildHasherDefault, Hasher};

/// A random directed multigraph on nodes `0..n`: `(from, to, cost)`.
type Edges = Vec<(u32, u32, Cost)>;

/// The edges out of `from`, in the order listed.
fn out(edges: &Edges, from: u32) -> impl Iterator<Item = (u32, Cost)> + '_ {
    edges
        .iter()
        .filter(move |e| e.0 == from)
        .map(|&(_, to, c)| (to, c))
}

/// Brute force, written apart from the search: Bellman-Ford in `u128`
/// (no overflow), the exact distance of every node from `source`.
fn brute(n: u32, edges: &Edges, source: u32) -> Vec<Option<u128>> {
    let mut d = vec![None; n as usize];
    d[source as usize] = Some(0u128);
    for _ in 0..n {
        for &(a, b, c) in edges {
            if let Some(da) = d[a as usize] {
                let via = da + c as u128;
                if d[b as usize].is_none_or(|db| via < db) {
                    d[b as usize] = Some(via);
                }
            }
        }
    }
    d
}

/// The cheapest distance from every node to `goal` (reversed edges).
fn brute_to(n: u32, edges: &Edges, goal: u32) -> Vec<Option<u128>> {
    let reversed: Edges = edges.iter().map(|&(a, b, c)| (b, a, c)).collect();
    brute(n, &reversed, goal)
}

/// What walking `path` costs, taking the cheapest of parallel edges,
/// or `None` if a step is not an edge.
fn walk(edges: &Edges, path: &[u32]) -> Option<u128> {
    path.windows(2).try_fold(0u128, |sum, w| {
        let step = out(edges, w[0])
            .filter(|e| e.0 == w[1])
            .map(|e| e.1)
            .min()?;
        Some(sum + step as u128)
    })
}

fn graph_strategy(
    weights: impl Strategy<Value = Cost> + Clone,
) -> impl Strategy<Value = (u32, Edges)> {
    (1u32..10).prop_flat_map(move |n| {
        (
            Just(n),
            prop::collection::vec((0..n, 0..n, weights.clone()), 0..(3 * n as usize)),
        )
    })
}

/// The heuristics tried: none, the exact remaining cost (consistent),
/// and a random fraction of it per node (admissible, often not
/// consistent). Nodes that cannot reach the goal get any small value.
fn heuristic(kind: u8, to_goal: &[Option<u128>], fractions: &[u8]) -> Vec<Cost> {
    to_goal
        .iter()
        .zip(fractions)
        .map(|(d, &k)| match (kind, d) {
            (0, _) => 0,
            (_, None) => k as Cost * 7,
            (1, Some(d)) => (*d).min(Cost::MAX as u128) as Cost,
            (_, Some(d)) => (d * k as u128 / 4).min(Cost::MAX as u128) as Cost,
        })
        .collect()
}

/// Checks one A* query against brute force; returns its outcome and
/// expansions.
fn check_astar(
    n: u32,
    edges: &Edges,
    (start, goal): (u32, u32),
    h: &[Cost],
    search: &mut GraphSearch<u32>,
) -> Result<(GraphOutcome<u32>, u64), TestCaseError> {
    let want = brute(n, edges, start)[goal as usize];
    let got = search.astar(
        |v| out(edges, v),
        start,
        goal,
        |v| h[v as usize],
        &GraphOptions::default(),
    );
    match (&got, want) {
        (GraphOutcome::Found { path, cost }, Some(d)) => {
            prop_assert_eq!(*cost as u128, d);
            prop_assert_eq!(path.first(), Some(&start));
            prop_assert_eq!(path.last(), Some(&goal));
            prop_assert_eq!(
                walk(edges, path),
                Some(d),
                "path {:?} is not its cost",
                path
            );
        }
        (GraphOutcome::Unreachable, None) => {}
        (GraphOutcome::CostOverflow, Some(d)) => prop_assert!(d >= Cost::MAX as u128),
        // A refusal where there is no path: allowed only when some
        // cost overflowed, which needs dear edges.
        (GraphOutcome::CostOverflow, None) => {
            prop_assert!(
                edges.iter().any(|e| e.2 > Cost::MAX / 4) || h.iter().any(|&x| x > Cost::MAX / 4)
            )
        }
        (got, want) => prop_assert!(false, "got {:?}, want {:?}", got, want),
    }
    Ok((got, search.stats().expanded))
}

proptest! {
    /// A* with each heuristic finds what brute force finds, a valid
    /// path of that cost; the same query answers the same twice, in a
    /// reused search and a fresh one, expansions included; and a
    /// budget stops it exactly where the budget says.
    #[test]
    fn astar_is_exact_and_deterministic(
        (n, edges) in graph_strategy(0u64..20),
        ends in (0u32..10, 0u32..10),
        kind in 0u8..3,
        fractions in prop::collection::vec(0u8..=4, 10),
        budget in 0u64..12,
    ) {
        let (start, goal) = (ends.0 % n, ends.1 % n);
        let h = heuristic(kind, &brute_to(n, &edges, goal), &fractions);
        let mut search = GraphSearch::new();
        let (first, expanded) = check_astar(n, &edges, (start, goal), &h, &mut search)?;
        prop_assert!(first != GraphOutcome::CostOverflow);
        // Something else in between (the way back, no heuristic: `h`
        // aims at `goal`), then the same query again.
        check_astar(n, &edges, (goal, start), &[0; 10], &mut search)?;
        let again = check_astar(n, &edges, (start, goal), &h, &mut search)?;
        prop_assert_eq!(&again, &(first.clone(), expanded));
        let fresh = check_astar(n, &edges, (start, goal), &h, &mut GraphSearch::new())?;
        prop_assert_eq!(&fresh, &(first.clone(), expanded));
        // A numbered search: the same answer and the same work, in a
        // table reused across queries.
        let mut numbered = NumberedSearch::new(n as usize);
        numbered.astar(|v| out(&edges, v), goal, start, |_| 0, &GraphOptions::default());
        let by_number = numbered.astar(|v| out(&edges, v), start, goal, |v| h[v as usize], &GraphOptions::default());
        prop_assert_eq!(&by_number, &first);
        search.astar(|v| out(&edges, v), start, goal, |v| h[v as usize], &GraphOptions::default());
        prop_assert_eq!(numbered.stats(), search.stats());
        // The budget: the same search cut short.
        let tight = GraphOptions { max_expansions: Some(budget) };
        let cut = search.astar(|v| out(&edges, v), start, goal, |v| h[v as usize], &tight);
        if expanded <= budget {
            prop_assert_eq!(cut, first);
            prop_assert_eq!(search.stats().expanded, expanded);
        } else {
            prop_assert_eq!(cut, GraphOutcome::OutOfBudget);
            prop_assert_eq!(search.stats().expanded, budget);
        }
    }

    /// Dijkstra until a goal finds the nearest goal at brute force's
    /// cost, by a valid path.
    #[test]
    fn nearest_is_exact(
        (n, edges) in graph_strategy(0u64..20),
        start in 0u32..10,
        goals in prop::collection::vec(any::<bool>(), 10),
    ) {
        let start = start % n;
        let d = brute(n, &edges, start);
        let want = (0..n).filter(|&v| goals[v as usize]).filter_map(|v| d[v as usize]).min();
        let got = dijkstra_to(|v| out(&edges, v), start, |v| goals[v as usize], &GraphOptions::default());
        let mut numbered = NumberedSearch::new(n as usize);
        prop_assert_eq!(&numbered.nearest(|v| out(&edges, v), start, |v: u32| goals[v as usize], &GraphOptions::default()), &got);
        match (&got, want) {
            (GraphOutcome::Found { path, cost }, Some(w)) => {
                prop_assert_eq!(*cost as u128, w);
                prop_assert_eq!(path[0], start);
                prop_assert!(goals[*path.last().unwrap() as usize]);
                prop_assert_eq!(walk(&edges, path), Some(w));
            }
            (GraphOutcome::Unreachable, None) => {}
            (got, want) => prop_assert!(false, "got {:?}, want {:?}", got, want),
        }
    }

    /// Dijkstra from one source: every node's distance as brute force
    /// has it, a valid path to each, settled nearest first; with a
    /// budget, the first nodes of the same order with the same costs.
    #[test]
    fn distances_are_exact(
        (n, edges) in graph_strategy(0u64..20),
        start in 0u32..10,
        budget in 0u64..10,
    ) {
        let start = start % n;
        let want = brute(n, &edges, start);
        let all = dijkstra(|v| out(&edges, v), start, &GraphOptions::default());
        prop_assert_eq!(all.settled(), Settled::All);
        for v in 0..n {
            prop_assert_eq!(all.cost(v).map(|c| c as u128), want[v as usize]);
            match all.path_to(v) {
                Some(path) => {
                    prop_assert_eq!(path[0], start);
                    prop_assert_eq!(*path.last().unwrap(), v);
                    prop_assert_eq!(walk(&edges, &path), want[v as usize]);
                }
                None => prop_assert_eq!(want[v as usize], None),
            }
        }
        prop_assert_eq!(all.len(), want.iter().flatten().count());
        let order: Vec<(u32, Cost)> = all.iter().collect();
        prop_assert!(order.windows(2).all(|w| w[0].1 <= w[1].1));
        prop_assert_eq!(order[0], (start, 0));
        prop_assert_eq!(all.cost(99), None);
        let cut = dijkstra(|v| out(&edges, v), start, &GraphOptions { max_expansions: Some(budget) });
        let kept: Vec<(u32, Cost)> = cut.iter().collect();
        if budget as usize >= order.len() {
            prop_assert_eq!(cut.settled(), Settled::All);
            prop_assert_eq!(&kept, &order);
        } else {
            prop_assert_eq!(cut.settled(), Settled::OutOfBudget);
            prop_assert_eq!(&kept[..], &order[..budget as usize]);
            for &(v, c) in &order[budget as usize..] {
                prop_assert_eq!(cut.cost(v), None, "{} at {} is not settled", v, c);
            }
        }
    }

    /// Costs near `Cost::MAX`: a path whose cost fits is found at its
    /// exact cost; a goal reachable only at a cost that does not fit
    /// is refused (`CostOverflow`), never answered with a wrapped cost
    /// or `Unreachable`; the same for distances.
    #[test]
    fn overflow_is_refused_never_wrong(
        (n, edges) in graph_strategy(prop::sample::select(vec![
            0, 1, 7, Cost::MAX / 3, Cost::MAX / 2, Cost::MAX - 2, Cost::MAX - 1, Cost::MAX,
        ])),
        ends in (0u32..10, 0u32..10),
        kind in 0u8..3,
        fractions in prop::collection::vec(0u8..=4, 10),
    ) {
        let (start, goal) = (ends.0 % n, ends.1 % n);
        let h = heuristic(kind, &brute_to(n, &edges, goal), &fractions);
        let (got, _) = check_astar(n, &edges, (start, goal), &h, &mut GraphSearch::new())?;
        let want = brute(n, &edges, start);
        if want[goal as usize].is_some_and(|d| d >= Cost::MAX as u128) {
            prop_assert_eq!(got, GraphOutcome::CostOverflow);
        }
        let all = dijkstra(|v| out(&edges, v), start, &GraphOptions::default());
        let mut any_too_dear = false;
        for v in 0..n {
            match want[v as usize] {
                Some(d) if d < Cost::MAX as u128 => prop_assert_eq!(all.cost(v), Some(d as Cost)),
                Some(_) => {
                    any_too_dear = true;
                    prop_assert_eq!(all.cost(v), None);
                }
                None => prop_assert_eq!(all.cost(v), None),
            }
        }
        if any_too_dear {
            prop_assert_eq!(all.settled(), Settled::CostOverflow);
        }
    }
}

/// Among equal f, the larger g comes off first, even when pushed
/// first; among equal f and g, the node reached last.
#[test]
fn ties_go_to_larger_g_then_to_the_last_reached() {
    // 0 lists 2 before 1; both have f = 4, node 2 with g = 3.
    let edges: Edges = vec![(0, 2, 3), (0, 1, 1), (1, 3, 3), (2, 3, 1)];
    let h = [4, 3, 1, 0];
    let mut search = GraphSearch::new();
    let out1 = search.astar(
        |v| out(&edges, v),
        0,
        3,
        |v| h[v as usize],
        &GraphOptions::default(),
    );
    assert_eq!(
        out1,
        GraphOutcome::Found {
            path: vec![0, 2, 3],
            cost: 4
        }
    );
    // 2 first (larger g), then the goal (f 4, g 4) before 1 (f 4, g 1).
    assert_eq!(search.stats().expanded, 2);

    // A diamond with no heuristic: 1 and 2 tie on f and g, so 2
    // (reached last) is expanded first and the goal is reached by it.
    let diamond: Edges = vec![(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 3, 1)];
    let out2 = search.astar(|v| out(&diamond, v), 0, 3, |_| 0, &GraphOptions::default());
    assert_eq!(
        out2,
        GraphOutcome::Found {
            path: vec![0, 2, 3],
            cost: 2
        }
    );
    let d = dijkstra(|v| out(&diamond, v), 0, &GraphOptions::default());
    assert_eq!(
        d.iter().collect::<Vec<_>>(),
        [(0, 0), (2, 1), (1, 1), (3, 2)]
    );
    assert_eq!(d.path_to(3), Some(vec![0, 2, 3]));
}

/// An admissible heuristic that is not consistent: the node first
/// expanded at g 4 is reached at g 2 later, opened again and expanded
/// again, and the path through the cheaper way is found (without
/// reopening, the answer would cost 9).
#[test]
fn an_inconsistent_heuristic_reopens_and_stays_exact() {
    let edges: Edges = vec![(0, 1, 4), (0, 2, 1), (2, 1, 1), (1, 3, 5)];
    // h(2) = 5 is within 2's true cost to the goal (6), but more than
    // the step to 1 plus h(1).
    let h = [0, 0, 5, 0];
    let mut search = GraphSearch::new();
    let out = search.astar(
        |v| out(&edges, v),
        0,
        3,
        |v| h[v as usize],
        &GraphOptions::default(),
    );
    assert_eq!(
        out,
        GraphOutcome::Found {
            path: vec![0, 2, 1, 3],
            cost: 7
        }
    );
    assert_eq!(search.stats().expanded, 4, "0, 1, 2, then 1 again");
}

#[test]
fn start_is_goal_and_zero_cost_cycles() {
    let edges: Edges = vec![(0, 1, 0), (1, 0, 0), (1, 2, 0), (2, 1, 0)];
    let g = |v| out(&edges, v);
    assert_eq!(
        astar(
            g,
            1,
            1,
            |_| 0,
            &GraphOptions {
                max_expansions: Some(0)
            }
        ),
        GraphOutcome::Found {
            path: vec![1],
            cost: 0
        }
    );
    assert_eq!(
        astar(g, 0, 2, |_| 0, &GraphOptions::default()).cost(),
        Some(0)
    );
    let d = dijkstra(g, 0, &GraphOptions::default());
    assert_eq!((d.len(), d.cost(2), d.stats().expanded), (3, Some(0), 3));
    assert!(
        dijkstra(
            g,
            0,
            &GraphOptions {
                max_expansions: Some(0)
            }
        )
        .is_empty()
    );
}

/// A numbered search forgets the last search by its stamp, and when
/// the stamp has counted to its end, by clearing every entry: an
/// entry left from an old search must not pass for one of the new.
#[test]
fn a_numbered_search_forgets_across_the_stamps_end() {
    let line = |n: u32| [(n.saturating_sub(1), 1), ((n + 1).min(3), 1)];
    let mut search = NumberedSearch::new(4);
    let want = search.astar(line, 0, 3, |_| 0, &GraphOptions::default());
    assert_eq!(want.path(), Some(&[0, 1, 2, 3][..]));
    search.core.index.stamp = u32::MAX - 1;
    assert_eq!(
        search.astar(line, 0, 3, |_| 0, &GraphOptions::default()),
        want
    );
    // Node 1 as an old search left it, stamped 1: reached at no cost.
    search.core.index.entries[1] = Stamped {
        stamp: 1,
        seen: Seen::new(0, 0),
    };
    // The stamps start again at 1, and node 1 is reached afresh.
    assert_eq!(
        search.astar(line, 0, 3, |_| 0, &GraphOptions::default()),
        want
    );
    assert_eq!(search.core.index.stamp, 1);
}

#[test]
#[should_panic(expected = "node number 4 is past the 4 nodes the NumberedSearch was made for")]
fn a_node_past_a_numbered_search_panics_saying_so() {
    let line = |n: u32| [(n + 1, 1)];
    NumberedSearch::new(4).astar(line, 0, 9, |_| 0, &GraphOptions::default());
}

#[test]
fn hasher_is_fixed() {
    let hash = |x: u32| {
        use std::hash::BuildHasher;
        BuildHasherDefault::<NodeHasher>::default().hash_one(x)
    };
    assert_eq!(hash(7), hash(7));
    assert_ne!(hash(7), hash(8));
    let mut h = NodeHasher::default();
    h.write(b"Alaska");
    let mut k = NodeHasher::default();
    k.write(b"Alaskb");
    assert_ne!(h.finish(), k.finish());
}
