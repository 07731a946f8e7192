//! The fast fresh search (`Field::rebuild`): the `EntryCosts` contract on
//! every map that implements it, and rebuilt fields against fields grown
//! by LPA* and a brute-force backward Dijkstra: the same values, steps and
//! descents, a valid LPA* state (so lazy growth and repairs go on from
//! it), on random knowledge with walls, terrain, unknown cells at 1-3x
//! floor and danger.

use darkstar::fog::knowledge::Knowledge;
use darkstar::fog::knowledge::KnowledgeRules;
use darkstar::map::cost::{Cost, UNREACHED};
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::grid::Grid;
use darkstar::map::terrain::{Terrain, TerrainMap};
use darkstar::path::{
    Connectivity, CostMap, EntryCosts, Field, Logged, Rebuild, WithObstacles, entry_costs_mismatch,
    step,
};
use proptest::prelude::*;

use crate::common::{connectivity, terrain_map};
use crate::fields::{backward_dijkstra, check_cell};

/// What a faction's knowledge goes through before the field is built.
#[derive(Clone, Debug)]
enum Change {
    Learn(Pos, Terrain),
    Death(Pos),
    Decay,
}

/// Something that happens after: a change, a question, or a rebuild for
/// some readers instead of a repair.
#[derive(Clone, Debug)]
enum Event {
    Change(Change),
    Ask(Pos),
    Rebuild(Vec<Pos>),
}

/// A position on a `w` x `h` map, or now and then just off it.
fn pos(w: i32, h: i32) -> impl Strategy<Value = Pos> {
    prop_oneof![
        12 => (0..w, 0..h).prop_map(|(x, y)| Pos::new(x, y)),
        1 => (-1..=w, -1..=h).prop_map(|(x, y)| Pos::new(x, y)),
    ]
}

fn change(w: i32, h: i32) -> impl Strategy<Value = Change> {
    let terrain = (0..Terrain::ALL.len()).prop_map(|i| Terrain::ALL[i]);
    prop_oneof![
        10 => ((0..w, 0..h).prop_map(|(x, y)| Pos::new(x, y)), terrain)
            .prop_map(|(p, t)| Change::Learn(p, t)),
        1 => (0..w, 0..h).prop_map(|(x, y)| Change::Death(Pos::new(x, y))),
        1 => Just(Change::Decay),
    ]
}

/// A faction's knowledge, as built by `changes`; returns the cells whose
/// costs each change touched.
fn apply(known: &mut Knowledge, c: &Change, turn: u32) -> Vec<Pos> {
    match *c {
        Change::Learn(p, t) => {
            known.learn(p, t, turn);
            let mut cells = vec![p];
            cells.extend(known.drain_danger_changes());
            cells
        }
        Change::Death(p) => known.death(p),
        Change::Decay => known.decay(),
    }
}

/// Size, unknown factor, danger weight, what was learnt, the target and
/// the readers.
type Case = (u32, u32, Cost, u32, Vec<Change>, Pos, Vec<Pos>);

fn knowledge_case(max: u32) -> impl Strategy<Value = Case> {
    (1..=max, 1..=max, 1..=3 as Cost, 0..=2u32).prop_flat_map(|(w, h, unknown, weight)| {
        let (wi, hi) = (w as i32, h as i32);
        (
            Just(w),
            Just(h),
            Just(unknown),
            Just(weight),
            proptest::collection::vec(change(wi, hi), 0..(w * h * 2) as usize),
            (0..wi, 0..hi).prop_map(|(x, y)| Pos::new(x, y)),
            proptest::collection::vec(pos(wi, hi), 0..5),
        )
    })
}

fn build(w: u32, h: u32, unknown: Cost, weight: u32, changes: &[Change]) -> Knowledge {
    let mut known = Knowledge::blank(w, h, unknown).with_danger_weight(weight);
    for (turn, c) in changes.iter().enumerate() {
        apply(&mut known, c, turn as u32);
    }
    known
}

/// Checks that `field` is a valid LPA* state over `map`, written from the
/// definition: every cell's `rhs` is the one-step lookahead over its
/// neighbours' `g` (0 at the target), and a cell is queued exactly when
/// `g != rhs`, under `min(g, rhs)`.
fn check_lpa_state<M: CostMap>(
    field: &Field,
    map: &M,
    conn: Connectivity,
) -> Result<(), TestCaseError> {
    let [g, rhs, queued] = field.cells();
    let w = map.width();
    for i in 0..g.len() {
        let p = Pos::from_row_major(i, w);
        let lookahead = if p == field.target() {
            0
        } else {
            Dir::ALL
                .into_iter()
                .filter_map(|d| step(map, p, d, conn))
                .map(|(to, c)| c.saturating_add(g[to.row_major(w)]))
                .min()
                .unwrap_or(UNREACHED)
        };
        prop_assert_eq!(rhs[i], lookahead, "rhs of {}", p);
        let key = if g[i] == rhs[i] {
            Cost::MAX
        } else {
            g[i].min(rhs[i])
        };
        prop_assert_eq!(
            queued[i],
            key,
            "queued key of {} (g {}, rhs {})",
            p,
            g[i],
            rhs[i]
        );
    }
    prop_assert_eq!(field.heap_len(), field.queued_len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// `entry_factor` predicts `step_cost` as the trait says, on a
    /// faction's knowledge (terrain, walls, unknown cells, danger), on the
    /// true map, and on the true map with units as obstacles.
    #[test]
    fn entry_factors_predict_step_costs(
        (w, h, unknown, weight, changes, _target, _readers) in knowledge_case(10),
        map in terrain_map(10),
        blocked in proptest::collection::vec(0usize..100, 0..4),
    ) {
        let known = build(w, h, unknown, weight, &changes);
        prop_assert_eq!(entry_costs_mismatch(&known), None);
        prop_assert_eq!(entry_costs_mismatch(&map), None);
        let cells = map.width() as usize * map.height() as usize;
        let blocked: Vec<usize> = blocked.into_iter().filter(|&i| i < cells).collect();
        prop_assert_eq!(entry_costs_mismatch(&WithObstacles::new(&map, &blocked)), None);
        // And the factor is what a straight step into the cell costs.
        for i in 0..cells {
            let p = Pos::from_row_major(i, map.width());
            let f = map.entry_factor(i);
            prop_assert_eq!(f, map.get(p).and_then(Terrain::enter_cost));
        }
    }

    /// Right after a rebuild for some readers: the field is a valid LPA*
    /// state; every reader is settled, with the brute force's value; every
    /// cell a field grown by LPA* to the same readers settled is settled
    /// with the same value, and the readers' next steps and descents are
    /// the grown field's. Then every cell's value and next step, asked in
    /// turn (growing the field lazily from the installed frontier), are
    /// the brute force's and the grown field's.
    #[test]
    fn rebuilt_fields_are_lpa_states_with_exact_values(
        (w, h, unknown, weight, changes, target, readers) in knowledge_case(12),
        conn in connectivity(),
    ) {
        let known = build(w, h, unknown, weight, &changes);
        let k = &known;
        let k_step = |p: Pos, d: Dir| step(k, p, d, conn);
        let reference = backward_dijkstra(w, h, target, k_step);
        let mut rebuilt = Field::new(k, target, conn);
        let mut scratch = Rebuild::new();
        rebuilt.rebuild(k, &readers, &mut scratch);
        prop_assert_eq!(rebuilt.version(), 1);
        check_lpa_state(&rebuilt, k, conn)?;
        let mut grown = Field::new(k, target, conn);
        for &r in &readers {
            grown.value(k, r);
        }
        let settled = rebuilt.cells()[0].iter().filter(|&&g| g != UNREACHED).count();
        prop_assert_eq!(rebuilt.expanded(), settled as u64, "one expansion per settled cell");
        for (i, (&a, &b)) in rebuilt.cells()[0].iter().zip(grown.cells()[0]).enumerate() {
            if b != UNREACHED {
                prop_assert_eq!(a, b, "g of {}", Pos::from_row_major(i, w));
            }
        }
        for &r in readers.iter().filter(|&&r| k.contains(r)) {
            prop_assert_eq!(rebuilt.settled_value(r), Some(reference[r]), "reader {}", r);
            if let Some(v) = reference[r] {
                let (a, b) = (rebuilt.descents(k, r, v), grown.descents(k, r, v));
                prop_assert_eq!(a.as_slice(), b.as_slice(), "descents of {}", r);
            }
            let before = rebuilt.expanded();
            prop_assert_eq!(rebuilt.next_step(k, r), grown.next_step(k, r));
            prop_assert_eq!(rebuilt.expanded(), before, "a reader's step needs no search");
        }
        for p in reference.positions() {
            check_cell(&mut rebuilt, k, &reference, p, k_step)?;
            prop_assert_eq!(rebuilt.next_step(k, p), grown.next_step(k, p));
        }
        check_lpa_state(&rebuilt, k, conn)?;
    }

    /// A faction's knowledge keeps changing after a rebuild: one field is
    /// repaired by `cells_changed` and now and then rebuilt for some
    /// readers instead; another is only ever repaired. Every question gets
    /// the brute force's answer from both, and at the end every cell does.
    #[test]
    fn rebuilt_fields_repair_and_grow_like_grown_ones(
        (w, h, unknown, weight, changes, target, readers) in knowledge_case(10),
        later in proptest::collection::vec(
            prop_oneof![
                6 => change(10, 10).prop_map(Event::Change),
                4 => pos(10, 10).prop_map(Event::Ask),
                1 => proptest::collection::vec(pos(10, 10), 0..4).prop_map(Event::Rebuild),
            ],
            1..40,
        ),
        conn in connectivity(),
    ) {
        let mut known = build(w, h, unknown, weight, &changes);
        let mut scratch = Rebuild::new();
        let mut rebuilt = Field::new(&known, target, conn);
        rebuilt.rebuild(&known, &readers, &mut scratch);
        let mut grown = Field::new(&known, target, conn);
        // A third field, rebuilt like the first but through a log of the
        // changes, its scratch reading only the cells logged since: the
        // same state, cell for cell, after every rebuild (questions asked
        // of the first in between grow it, but a rebuild starts afresh).
        let mut log: Vec<Pos> = Vec::new();
        let mut logged_scratch = Rebuild::new();
        let mut logged = Field::new(&known, target, conn);
        let mut rebuild_logged = |field: &mut Field, known: &_, readers: &[Pos], log: &[Pos]| {
            let changed = logged_scratch.mark().and_then(|m| log.get(m..));
            let mark = log.len();
            field.rebuild_logged(known, readers, &mut logged_scratch, Some(Logged { mark, changed }));
        };
        rebuild_logged(&mut logged, &known, &readers, &log);
        // (The events are drawn on 10x10; those off a smaller map are
        // moved onto it or, for questions, asked off it.)
        let fit = |p: Pos| Pos::new(p.x.rem_euclid(w as i32), p.y.rem_euclid(h as i32));
        for (turn, event) in later.into_iter().enumerate() {
            let turn = (changes.len() + turn) as u32;
            match event {
                Event::Change(c) => {
                    let c = match c {
                        Change::Learn(p, t) => Change::Learn(fit(p), t),
                        Change::Death(p) => Change::Death(fit(p)),
                        Change::Decay => Change::Decay,
                    };
                    let cells = apply(&mut known, &c, turn);
                    rebuilt.cells_changed(&known, &cells);
                    grown.cells_changed(&known, &cells);
                    logged.cells_changed(&known, &cells);
                    log.extend_from_slice(&cells);
                }
                Event::Ask(p) => {
                    let k = &known;
                    let k_step = |p: Pos, d: Dir| step(k, p, d, conn);
                    let reference = backward_dijkstra(w, h, target, k_step);
                    if k.contains(p) {
                        check_cell(&mut rebuilt, k, &reference, p, k_step)?;
                        check_cell(&mut grown, k, &reference, p, k_step)?;
                    } else {
                        prop_assert_eq!(rebuilt.value(k, p), None);
                    }
                }
                Event::Rebuild(readers) => {
                    rebuilt.rebuild(&known, &readers, &mut scratch);
                    check_lpa_state(&rebuilt, &known, conn)?;
                    rebuild_logged(&mut logged, &known, &readers, &log);
                    prop_assert_eq!(logged.cells(), rebuilt.cells());
                }
            }
        }
        let k = &known;
        let reference = backward_dijkstra(w, h, target, |p, d| step(k, p, d, conn));
        for p in reference.positions() {
            prop_assert_eq!(rebuilt.value(k, p), reference[p], "final value of {}", p);
            prop_assert_eq!(grown.value(k, p), reference[p], "final value of {}", p);
            prop_assert_eq!(rebuilt.next_step(k, p), grown.next_step(k, p));
        }
    }

    /// The same result on the true map, through `&TerrainMap` (the blanket
    /// implementation), on larger maps.
    #[test]
    fn rebuilt_fields_on_the_true_map_are_exact(
        map in terrain_map(40),
        seed in any::<u64>(),
        conn in connectivity(),
    ) {
        let (w, h) = (map.width() as i32, map.height() as i32);
        let mut pick = seed;
        let mut next = || {
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            Pos::new(((pick >> 33) % w as u64) as i32, ((pick >> 13) % h as u64) as i32)
        };
        let target = next();
        let readers: Vec<Pos> = (0..3).map(|_| next()).collect();
        let reference = backward_dijkstra(w as u32, h as u32, target, |p, d| step(&map, p, d, conn));
        let mut field = Field::new(&map, target, conn);
        field.rebuild(&&map, &readers, &mut Rebuild::new());
        check_lpa_state(&field, &map, conn)?;
        for p in reference.positions() {
            prop_assert_eq!(field.value(&map, p), reference[p], "value of {}", p);
        }
    }
}

/// A fixed open 64x64 knowledge with some walls, swamp and unknown cells.
fn sample_knowledge() -> Knowledge {
    let mut known = Knowledge::blank(64, 64, 2).with_danger_weight(1);
    for y in 0..64 {
        for x in 0..64 {
            let t = match (x * 7 + y * 13) % 23 {
                0..=2 => Terrain::Wall,
                3 => Terrain::Swamp,
                4 => Terrain::Road,
                5..=15 => Terrain::Floor,
                _ => continue,
            };
            known.learn(Pos::new(x, y), t, 1);
        }
    }
    known.death(Pos::new(20, 20));
    known
}

/// Without readers a rebuild settles nothing: the state of a retargeted
/// field (the target queued at 0).
#[test]
fn a_rebuild_without_readers_is_a_retarget() {
    let known = sample_knowledge();
    let target = Pos::new(10, 10);
    let mut field = Field::new(&known, target, Connectivity::Eight);
    field.value(&known, Pos::new(40, 40));
    let mut scratch = Rebuild::new();
    field.rebuild(&known, &[], &mut scratch);
    let mut fresh = Field::new(&known, Pos::new(0, 0), Connectivity::Eight);
    fresh.retarget(&known, target);
    assert_eq!(field.cells(), fresh.cells());
    // Readers off the map count for nothing either.
    field.rebuild(&known, &[Pos::new(-1, 3), Pos::new(64, 0)], &mut scratch);
    assert_eq!(field.cells(), fresh.cells());
}

/// The same field rebuilt twice, or by another scratch, or after other
/// rebuilds on another map with the same scratch: the same state.
#[test]
fn rebuilds_are_deterministic() {
    let known = sample_knowledge();
    let target = Pos::new(30, 31);
    let readers = [Pos::new(2, 2), Pos::new(60, 50), Pos::new(31, 31)];
    let mut scratch = Rebuild::new();
    let mut a = Field::new(&known, target, Connectivity::Eight);
    a.rebuild(&known, &readers, &mut scratch);
    let small = Knowledge::blank(9, 5, 1);
    let mut other = Field::new(&small, Pos::new(1, 1), Connectivity::Four);
    other.rebuild(&small, &[Pos::new(8, 4)], &mut scratch);
    let mut b = Field::new(&known, target, Connectivity::Eight);
    b.value(&known, Pos::new(63, 63));
    b.rebuild(&known, &readers, &mut scratch);
    assert_eq!(a.cells(), b.cells());
    let mut c = Field::new(&known, target, Connectivity::Eight);
    c.rebuild(&known, &readers, &mut Rebuild::new());
    assert_eq!(a.cells(), c.cells());
    assert!(scratch.memory_bytes() >= 5 * 64 * 64);
}

/// Growing only as far as the readers: a reader next to the target
/// settles a handful of cells (those of its value or less) and leaves the
/// rest of the map unreached.
#[test]
fn a_rebuild_grows_only_as_far_as_its_readers() {
    let known = Knowledge::blank(300, 300, 1);
    let target = Pos::new(150, 150);
    let mut field = Field::new(&known, target, Connectivity::Eight);
    field.rebuild(&known, &[Pos::new(151, 150)], &mut Rebuild::new());
    assert!(field.expanded() <= 9, "{} settled", field.expanded());
    assert_eq!(
        field.settled_value(Pos::new(149, 150)),
        Some(field.raw_value(Pos::new(151, 150)))
    );
    assert_eq!(field.raw_value(Pos::new(160, 160)), None);
    // And further questions grow it from there, as LPA* would.
    let mut grown = Field::new(&known, target, Connectivity::Eight);
    let far = Pos::new(170, 140);
    assert_eq!(field.value(&known, far), grown.value(&known, far));
}

/// A target on a wall settles itself and nothing else; a target off the
/// map reaches nothing; a reader on a wall exhausts the component (it is
/// unreachable) as LPA* would.
#[test]
fn rebuilds_at_the_edges() {
    let map = TerrainMap::from_ascii("..#..\n..#..\n..#..").unwrap();
    let mut scratch = Rebuild::new();
    let mut walled = Field::new(&map, Pos::new(2, 1), Connectivity::Eight);
    walled.rebuild(&map, &[Pos::new(2, 1), Pos::new(0, 0)], &mut scratch);
    assert_eq!(walled.value(&map, Pos::new(2, 1)), Some(0));
    assert_eq!(walled.value(&map, Pos::new(0, 0)), None);
    assert_eq!(walled.expanded(), 1);
    let mut off = Field::new(&map, Pos::new(7, 0), Connectivity::Eight);
    off.rebuild(&map, &[Pos::new(0, 0)], &mut scratch);
    assert_eq!(off.value(&map, Pos::new(0, 0)), None);
    assert_eq!(off.heap_len(), 0);
    let mut field = Field::new(&map, Pos::new(0, 0), Connectivity::Eight);
    field.rebuild(&map, &[Pos::new(2, 0)], &mut scratch);
    assert_eq!(field.expanded(), 6, "the whole left component");
    assert_eq!(field.settled_value(Pos::new(4, 2)), Some(None));
}

/// A map whose factors do not fit the fast search's arrays (unknown cells
/// at 2^30 times floor), or whose dearest step spans too many buckets
/// (unknown cells at 10^5 times floor, beside a road), is grown by LPA*
/// instead, to the same values.
#[test]
fn huge_factors_fall_back_to_lpa() {
    for unknown in [1 << 30, 100_000] {
        huge_factors_case(unknown);
    }
}

fn huge_factors_case(unknown: Cost) {
    let mut known = Knowledge::blank(12, 9, unknown);
    known.learn(Pos::new(3, 3), Terrain::Road, 1);
    known.learn(Pos::new(4, 4), Terrain::Wall, 1);
    assert!(known.entry_factor(0).unwrap() >= 100_000);
    let target = Pos::new(3, 3);
    let mut field = Field::new(&known, target, Connectivity::Eight);
    let readers = [Pos::new(11, 8), Pos::new(0, 0)];
    field.rebuild(&known, &readers, &mut Rebuild::new());
    let mut grown = Field::new(&known, target, Connectivity::Eight);
    for &r in &readers {
        grown.value(&known, r);
    }
    assert_eq!(field.cells(), grown.cells());
    assert_eq!(field.expanded(), grown.expanded());
    let all: Grid<Option<Cost>> = backward_dijkstra(12, 9, target, |p, d| {
        step(&known, p, d, Connectivity::Eight)
    });
    for p in all.positions() {
        assert_eq!(field.value(&known, p), all[p]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A field rebuilt again and again on a map larger than a few chunks,
    /// its knowledge changing and its cells asked about in between, now
    /// for readers near its target (the rebuild resets and installs only
    /// the chunks of cells touched), now for readers anywhere (the whole
    /// map): after every rebuild its state is, cell for cell, that of a
    /// new field rebuilt once on the same map. Nothing an earlier growth,
    /// repair or rebuild wrote survives outside what the new one reached.
    #[test]
    fn a_rebuild_leaves_nothing_of_the_field_before(seed in any::<u64>(), conn in connectivity()) {
        let (w, h) = (150u32, 60u32);
        let mut rng = seed;
        let mut next = move |n: u32| {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((rng >> 33) % n as u64) as u32
        };
        let mut map = darkstar::path::GridMap::new(w, h);
        for _ in 0..1500 {
            let p = Pos::new(next(w) as i32, next(h) as i32);
            map.set(p, if next(3) == 0 { None } else { Some(1 + next(4) as Cost) });
        }
        let target = Pos::new(next(20) as i32, next(h) as i32);
        let near = |next: &mut dyn FnMut(u32) -> u32| {
            let (x, y) = (target.x + next(9) as i32 - 4, target.y + next(9) as i32 - 4);
            Pos::new(x.clamp(0, w as i32 - 1), y.clamp(0, h as i32 - 1))
        };
        let mut field = Field::new(&&map, target, conn);
        let mut scratch = Rebuild::new();
        for _ in 0..24 {
            match next(4) {
                0 => {
                    let cells: Vec<Pos> = (0..1 + next(6))
                        .map(|_| Pos::new(next(w) as i32, next(h) as i32))
                        .collect();
                    for &p in &cells {
                        map.set(p, if next(4) == 0 { None } else { Some(1 + next(4) as Cost) });
                    }
                    field.cells_changed(&&map, &cells);
                }
                1 => {
                    field.value(&&map, Pos::new(next(w) as i32, next(h) as i32));
                }
                k => {
                    let readers: Vec<Pos> = if k == 2 {
                        (0..3).map(|_| near(&mut next)).collect()
                    } else {
                        (0..3).map(|_| Pos::new(next(w) as i32, next(h) as i32)).collect()
                    };
                    field.rebuild(&&map, &readers, &mut scratch);
                    let mut fresh = Field::new(&&map, target, conn);
                    fresh.rebuild(&&map, &readers, &mut Rebuild::new());
                    prop_assert_eq!(field.cells(), fresh.cells());
                    prop_assert_eq!(field.heap_len(), fresh.heap_len());
                }
            }
        }
    }
}
