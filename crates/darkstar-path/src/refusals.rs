//! Answers right, or a clear refusal: costs past what a [`Cost`] can sum,
//! sizes past what the crate can hold, maps of another size handed to a
//! search made for one. Each input either gets the exact answer (checked
//! against a plain Dijkstra in `u128` with checked arithmetic, which no
//! overflow can fool) or a typed error, a documented clamp or a panic
//! that says why.

use proptest::prelude::*;

use crate::cost::{Cost, DIAGONAL, STRAIGHT, max_factor, max_step_cost};
use crate::geom::{Dir, Pos};
use crate::{
    Connectivity, CostMap, DStarLite, DistanceMap, Field, GridError, GridMap, Outcome, Rebuild,
    SafetyMap, SearchContext, SearchOptions, safety,
};

/// The factors the adversary draws from: plain, dear, the largest a map
/// of `cells` cells allows and one past it, 2^40 and `u64::MAX`.
fn factor_for(c: char, cells: u64) -> Option<Cost> {
    match c {
        '#' => None,
        '1' => Some(1),
        '3' => Some(3),
        'M' => Some(max_factor(cells)),
        'P' => Some(max_factor(cells) + 1),
        'T' => Some(1 << 40),
        'X' => Some(u64::MAX),
        _ => Some(max_factor(cells) / 2),
    }
}

/// The cheapest cost from `start` to every cell by a plain Dijkstra over
/// (cell, last direction) states, in `u128` with checked arithmetic:
/// steps enter a passable cell for its factor times the straight or
/// diagonal unit, a diagonal only past two passable cells (Eight) and
/// never with Four; every change of direction adds `turn`.
fn reference(
    rows: &[Vec<Option<Cost>>],
    start: Pos,
    connectivity: Connectivity,
    turn: u128,
) -> Vec<Vec<Option<u128>>> {
    let (w, h) = (rows[0].len() as i32, rows.len() as i32);
    let at = |p: Pos| -> Option<Cost> {
        if p.x < 0 || p.y < 0 || p.x >= w || p.y >= h {
            None
        } else {
            rows[p.y as usize][p.x as usize]
        }
    };
    // States: cell index * 9 + (0 for no direction yet, 1 + dir).
    let n = (w * h) as usize * 9;
    let mut best = vec![None::<u128>; n];
    let mut done = vec![false; n];
    let state = |p: Pos, d: usize| (p.y * w + p.x) as usize * 9 + d;
    if at(start).is_none() {
        return vec![vec![None; w as usize]; h as usize];
    }
    best[state(start, 0)] = Some(0);
    while let Some(s) = (0..n)
        .filter(|&s| !done[s] && best[s].is_some())
        .min_by_key(|&s| best[s])
    {
        done[s] = true;
        let g = best[s].unwrap();
        let i = (s / 9) as i32;
        let here = Pos::new(i % w, i / w);
        for (k, &dir) in Dir::ALL.iter().enumerate() {
            let to = here.step(dir);
            let Some(f) = at(to) else { continue };
            if dir.is_diagonal() {
                let (a, b) = dir.components();
                let beside = at(here.step(a)).is_some() && at(here.step(b)).is_some();
                if connectivity == Connectivity::Four || !beside {
                    continue;
                }
            }
            let unit = if dir.is_diagonal() {
                DIAGONAL
            } else {
                STRAIGHT
            } as u128;
            let mut c = g
                .checked_add((f as u128).checked_mul(unit).unwrap())
                .unwrap();
            if s % 9 != 0 && s % 9 != k + 1 {
                c = c.checked_add(turn).unwrap();
            }
            let t = state(to, k + 1);
            if best[t].is_none_or(|b| c < b) {
                best[t] = Some(c);
            }
        }
    }
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| {
                    let p = Pos::new(x, y);
                    (0..9).filter_map(|d| best[state(p, d)]).min()
                })
                .collect()
        })
        .collect()
}

/// Grids of up to 6x5 cells; with `refused`, some factors may be past
/// what the map allows (so that most cases are answered, not refused).
fn grid() -> impl Strategy<Value = Vec<String>> {
    (1usize..7, 1usize..6, proptest::bool::weighted(0.3)).prop_flat_map(|(w, h, refused)| {
        let dear = if refused { 1 } else { 0 };
        let cell = prop_oneof![
            4 => Just('1'),
            2 => Just('#'),
            1 => Just('3'),
            2 => Just('M'),
            1 => Just('H'),
            dear => Just('P'),
            dear => Just('T'),
            dear => Just('X'),
        ];
        proptest::collection::vec(
            proptest::collection::vec(cell, w).prop_map(|r| r.into_iter().collect::<String>()),
            h,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Random grids with huge factors: a factor past `max_factor` of the
    /// map's cells is refused by `from_rows` (2^40 and u64::MAX used to
    /// wrap: A* went through a dear cell at cost 0, the distance map's
    /// `path_from` never returned), and every map it accepts gets the
    /// exact cost from A* (with and without a turn penalty, even one of
    /// u64::MAX, clamped to `max_step_cost` as documented), the distance
    /// map, the field and D* Lite, against the checked `u128` Dijkstra.
    #[test]
    fn huge_factors_are_refused_or_answered_exactly(
        rows in grid(),
        a in (0i32..7, 0i32..6),
        b in (0i32..7, 0i32..6),
        four in any::<bool>(),
        turn in prop_oneof![Just(0u64), Just(STRAIGHT), Just(1 << 50), Just(u64::MAX)],
    ) {
        let (w, h) = (rows[0].len() as i32, rows.len() as i32);
        let cells = (w * h) as u64;
        let start = Pos::new(a.0 % w, a.1 % h);
        let goal = Pos::new(b.0 % w, b.1 % h);
        let strs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let built = GridMap::from_rows(&strs, |c| factor_for(c, cells));
        let first_too_large = strs.iter().enumerate().find_map(|(y, r)| {
            r.chars().position(|c| factor_for(c, cells).is_some_and(|f| f > max_factor(cells)))
                .map(|x| (x as u32, y as u32, factor_for(r.chars().nth(x).unwrap(), cells).unwrap()))
        });
        if let Some((x, y, factor)) = first_too_large {
            prop_assert_eq!(built, Err(GridError::FactorTooLarge { x, y, factor, max: max_factor(cells) }));
            return Ok(());
        }
        let map = built.unwrap();
        let factors: Vec<Vec<Option<Cost>>> = rows
            .iter()
            .map(|r| r.chars().map(|c| factor_for(c, cells)).collect())
            .collect();
        // A wall at either end: a question of its own, not this test's.
        prop_assume!(map.get(start).is_some() && map.get(goal).is_some());
        let connectivity = if four { Connectivity::Four } else { Connectivity::Eight };
        let clamped = turn.min(max_step_cost(cells));
        let want = reference(&factors, start, connectivity, 0)[goal.y as usize][goal.x as usize];
        let want_turning =
            reference(&factors, start, connectivity, clamped as u128)[goal.y as usize][goal.x as usize];
        let as_cost = |c: Option<u128>| c.map(|c| Cost::try_from(c).unwrap());

        let mut ctx = SearchContext::new();
        let plain = SearchOptions { connectivity, ..SearchOptions::default() };
        let found = ctx.find_path(&map, start, goal, &plain);
        prop_assert_eq!(found.cost(), as_cost(want), "A*");
        if let Outcome::Found { path, cost } = &found {
            prop_assert_eq!(crate::astar::path_cost(&map, path, &plain), Some(*cost));
        }
        let turning = SearchOptions { turn_penalty: turn, ..plain };
        let found = ctx.find_path(&map, start, goal, &turning);
        prop_assert_eq!(found.cost(), as_cost(want_turning), "A* with a turn penalty of {}", turn);
        if let Outcome::Found { path, cost } = &found {
            prop_assert_eq!(crate::astar::path_cost(&map, path, &turning), Some(*cost));
        }

        // The backward searches, from the goal, for the start's cost to it.
        let to_goal = want;
        let dist = DistanceMap::compute(&map, &[goal], connectivity);
        prop_assert_eq!(dist.distance(start), as_cost(to_goal), "distance map");
        let path = dist.path_from(&map, start);
        prop_assert_eq!(path.is_some(), to_goal.is_some());
        if let Some(path) = path {
            prop_assert!(path.len() as u64 <= cells);
            prop_assert_eq!(path.last(), Some(&goal));
        }
        let mut field = Field::new(&map, goal, connectivity);
        prop_assert_eq!(field.value(&map, start), as_cost(to_goal), "field");
        field.rebuild(&map, &[start], &mut Rebuild::new());
        prop_assert_eq!(field.value(&map, start), as_cost(to_goal), "rebuilt field");
        let plan = DStarLite::new(&map, start, goal, connectivity, map.cheapest_steps());
        prop_assert_eq!(plan.cost(), as_cost(to_goal), "D* Lite");

        // Cells set dearer than allowed are clamped, as documented.
        let mut dear = map.clone();
        dear.set(start, Some(u64::MAX));
        prop_assert_eq!(dear.get(start), Some(max_factor(cells)));
    }
}

/// A grid past `GridMap::MAX_CELLS` is refused with a typed error, never
/// allocated (65536 x 65536 used to ask for 64 GiB), by rows too.
#[test]
fn a_grid_too_large_is_refused() {
    assert_eq!(
        GridMap::try_new(65536, 65536),
        Err(GridError::TooLarge {
            width: 65536,
            height: 65536
        })
    );
    assert_eq!(
        GridMap::try_new(u32::MAX, u32::MAX),
        Err(GridError::TooLarge {
            width: u32::MAX as u64,
            height: u32::MAX as u64
        })
    );
    let row = ".".repeat(1 << 15);
    let rows = vec![row.as_str(); (1 << 13) + 1];
    assert_eq!(
        GridMap::from_rows(&rows, |_| Some(1)),
        Err(GridError::TooLarge {
            width: 1 << 15,
            height: (1 << 13) + 1
        })
    );
    assert!(GridMap::try_new(1 << 14, 1 << 14).is_ok());
}

/// `GridMap::new` panics saying why where `try_new` refuses.
#[test]
#[should_panic(expected = "GridMap::new: a 65536x65536 grid has more than 268435456 cells")]
fn gridmap_new_panics_past_its_size() {
    let _ = GridMap::new(65536, 65536);
}

/// A field rebuilt on a map of another size is refused with a message
/// (it used to read past its arrays or answer for the wrong cells).
#[test]
#[should_panic(
    expected = "Field::rebuild: a field is rebuilt on a map of the size it was made for"
)]
fn a_field_rebuilt_on_another_size_panics() {
    let made = GridMap::new(8, 8);
    let mut field = Field::new(&made, Pos::new(0, 0), Connectivity::Eight);
    let other = GridMap::new(4, 16);
    field.rebuild(&other, &[Pos::new(3, 3)], &mut Rebuild::new());
}

/// A search resumed on a map of another size is refused with a message.
#[test]
#[should_panic(
    expected = "SearchContext::resume: a search is resumed on a map of the size it began on"
)]
fn a_search_resumed_on_another_size_panics() {
    let began = GridMap::new(40, 1);
    let mut ctx = SearchContext::new();
    let tight = SearchOptions {
        max_expansions: Some(5),
        ..SearchOptions::default()
    };
    let out = ctx.find_path(&began, Pos::new(0, 0), Pos::new(39, 0), &tight);
    assert_eq!(out, Outcome::OutOfBudget);
    let other = GridMap::new(20, 2);
    let _ = ctx.resume(&other, 100);
}

/// A seed past `DistanceMap::MAX_SEED` is refused with a message: its
/// start plus a step used to wrap to a small cost, the cell it reached
/// then looking nearest of all.
#[test]
#[should_panic(expected = "DistanceMap::compute_seeded: the seed at (1, 0) starts at")]
fn a_seed_too_dear_panics() {
    let map = GridMap::new(4, 1);
    let _ = DistanceMap::compute_seeded(
        &map,
        &[(Pos::new(0, 0), 5), (Pos::new(1, 0), u64::MAX - 1)],
        Connectivity::Eight,
    );
}

/// A safety map's factor past `MAX_FACTOR_TENTHS` is taken as that (the
/// seeds, distance times the factor, used to wrap): every value is the
/// clamped map's, by the fast search and by distance maps alike, and the
/// step away from the threat is away.
#[test]
fn a_safety_factor_too_large_is_clamped() {
    let map = GridMap::from_rows(["..........", "....##....", ".........."], |c| {
        (c == '.').then_some(3)
    })
    .unwrap();
    let threat = Pos::new(0, 1);
    let clamped = SafetyMap::compute(
        &map,
        &[threat],
        safety::MAX_FACTOR_TENTHS,
        Connectivity::Eight,
    );
    for tenths in [safety::MAX_FACTOR_TENTHS + 1, 1 << 40, u64::MAX] {
        let huge = SafetyMap::compute(&map, &[threat], tenths, Connectivity::Eight);
        assert_eq!(huge, clamped, "{tenths}");
        let slow =
            SafetyMap::compute_by_distance_maps(&map, &[threat], tenths, Connectivity::Eight);
        assert_eq!(slow, clamped, "{tenths}");
        let me = Pos::new(2, 1);
        let next = huge.next_step(&map, me).unwrap();
        assert!(next.x > me.x, "{tenths}: to {next}");
    }
}
