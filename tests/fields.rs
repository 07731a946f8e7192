//! Shared fields (`darkstar::path::Field`) against brute-force backward
//! Dijkstra: exact values and optimal next steps on random maps, after
//! random sequences of discoveries, deaths and decay on a faction's
//! knowledge, lazy growth, resumable budgets and the heap's bound.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use darkstar::fog::knowledge::Knowledge;
use darkstar::fog::knowledge::KnowledgeRules;
use darkstar::map::cost::{Cost, STRAIGHT};
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::grid::Grid;
use darkstar::map::terrain::{FLOOR_COST, Terrain, TerrainMap};
use darkstar::path::{Connectivity, CostMap, Field, Unsettled, step};
use proptest::prelude::*;

use crate::checked::Checked;
use crate::common::{connectivity, reference_step, terrain_map};

/// Backward Dijkstra from `target`, written from the definition: the
/// value of `p` is the cheapest sum of forward steps `p -> ... -> target`,
/// where `step(from, dir)` gives a legal step's destination and cost.
pub(crate) fn backward_dijkstra(
    w: u32,
    h: u32,
    target: Pos,
    step: impl Fn(Pos, Dir) -> Option<(Pos, Cost)>,
) -> Grid<Option<Cost>> {
    let mut best = Grid::new(w, h, None);
    let mut heap = BinaryHeap::new();
    best[target] = Some(0);
    heap.push(Reverse((0, target.y, target.x)));
    while let Some(Reverse((d, y, x))) = heap.pop() {
        let u = Pos::new(x, y);
        if best[u] != Some(d) {
            continue;
        }
        for dir in Dir::ALL {
            // A cell `p` one step away reaches `u` by the opposite move, at
            // that move's cost (which need not equal u -> p's).
            let p = u.step(dir);
            if best.get(p).is_none() {
                continue;
            }
            if let Some((to, c)) = step(p, dir.opposite()) {
                assert_eq!(to, u);
                if best[p].is_none_or(|b| d + c < b) {
                    best[p] = Some(d + c);
                    heap.push(Reverse((d + c, p.y, p.x)));
                }
            }
        }
    }
    best
}

/// The next step the field must give from `p`: among legal steps, the
/// least step cost plus value, ties to the cheaper step, then the first
/// direction.
fn expected_next(
    reference: &Grid<Option<Cost>>,
    p: Pos,
    target: Pos,
    step: impl Fn(Pos, Dir) -> Option<(Pos, Cost)>,
) -> Option<Pos> {
    if p == target || reference[p].is_none() {
        return None;
    }
    let mut best: Option<(Cost, Cost, Pos)> = None;
    for dir in Dir::ALL {
        if let Some((to, c)) = step(p, dir)
            && let Some(v) = reference[to]
            && best.is_none_or(|(bt, bc, _)| (c + v, c) < (bt, bc))
        {
            best = Some((c + v, c, to));
        }
    }
    best.map(|(_, _, to)| to)
}

/// Checks the field's answers for `p` against `reference`: the value, the
/// next step (by the tie rule), and that following next steps walks a
/// legal route to the target whose costs add up to the value.
pub(crate) fn check_cell<M: CostMap>(
    field: &mut Field,
    map: &M,
    reference: &Grid<Option<Cost>>,
    p: Pos,
    step: impl Fn(Pos, Dir) -> Option<(Pos, Cost)>,
) -> Result<(), TestCaseError> {
    let target = field.target();
    let value = field.value(map, p);
    prop_assert_eq!(value, reference[p], "value of {}", p);
    prop_assert_eq!(
        field.next_step(map, p),
        expected_next(reference, p, target, &step),
        "next step from {}",
        p
    );
    let Some(value) = value else {
        return Ok(());
    };
    let (mut at, mut total, mut steps) = (p, 0, 0);
    while let Some(next) = field.next_step(map, at) {
        let dir = at
            .dir_to(next)
            .ok_or_else(|| TestCaseError::fail(format!("{at} -> {next} is not a step")))?;
        let (_, c) = step(at, dir)
            .ok_or_else(|| TestCaseError::fail(format!("illegal step {at} -> {next}")))?;
        total += c;
        at = next;
        steps += 1;
        prop_assert!(steps <= reference.cells().len(), "the walk loops");
    }
    prop_assert_eq!(at, target, "the walk from {} stops short", p);
    prop_assert_eq!(total, value, "the walk from {} costs its value", p);
    Ok(())
}

/// A map, its target and some cells to ask about, in the order asked.
fn field_query(max: u32) -> impl Strategy<Value = (TerrainMap, Pos, Vec<Pos>)> {
    terrain_map(max).prop_flat_map(|m| {
        let (w, h) = (m.width() as i32, m.height() as i32);
        let pos = move || (0..w, 0..h).prop_map(|(x, y)| Pos::new(x, y));
        (Just(m), pos(), proptest::collection::vec(pos(), 1..8))
    })
}

/// One thing that happens to a faction's knowledge, or a question asked.
#[derive(Clone, Debug)]
enum Event {
    Learn(Pos, Terrain),
    Death(Pos),
    Decay,
    Ask(Pos),
}

fn events(w: i32, h: i32) -> impl Strategy<Value = Vec<Event>> {
    let pos = move || (0..w, 0..h).prop_map(|(x, y)| Pos::new(x, y));
    let terrain = (0..Terrain::ALL.len()).prop_map(|i| Terrain::ALL[i]);
    let event = prop_oneof![
        6 => (pos(), terrain).prop_map(|(p, t)| Event::Learn(p, t)),
        1 => pos().prop_map(Event::Death),
        1 => Just(Event::Decay),
        4 => pos().prop_map(Event::Ask),
    ];
    proptest::collection::vec(event, 1..40)
}

fn knowledge_case() -> impl Strategy<Value = (u32, u32, Cost, u32, Pos, Vec<Event>)> {
    (1..=10u32, 1..=10u32, 1..=3 as Cost, 0..=2u32).prop_flat_map(|(w, h, unknown, weight)| {
        let target = (0..w as i32, 0..h as i32).prop_map(|(x, y)| Pos::new(x, y));
        (
            Just(w),
            Just(h),
            Just(unknown),
            Just(weight),
            target,
            events(w as i32, h as i32),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// On random terrain, every cell asked about gets the brute-force
    /// backward Dijkstra's value (unreachable exactly when it is), the next
    /// step the tie rule names, and a walk along next steps that is legal,
    /// reaches the target and costs the value. Cells the field reports as
    /// settled without being asked are exact too.
    #[test]
    fn field_values_and_steps_are_exact((map, target, asked) in field_query(12), conn in connectivity()) {
        let ref_step = |p: Pos, d: Dir| reference_step(&map, p, d, conn);
        let reference = backward_dijkstra(map.width(), map.height(), target, ref_step);
        let mut field = Field::new(&map, target, conn);
        for &p in &asked {
            check_cell(&mut field, &map, &reference, p, ref_step)?;
        }
        for p in reference.positions() {
            if let Some(v) = field.settled_value(p) {
                prop_assert_eq!(v, reference[p], "settled value of {}", p);
            }
        }
    }

    /// A faction's knowledge changes (terrain and walls learnt, deaths,
    /// decay; unknown ground at 1-3x floor; danger weighed 0-2): the field,
    /// told of the cells each change reports, answers every question as a
    /// fresh brute-force Dijkstra over the same knowledge does.
    #[test]
    fn repaired_fields_match_fresh_dijkstra((w, h, unknown, weight, target, events) in knowledge_case(), conn in connectivity()) {
        let mut known = Knowledge::blank(w, h, unknown).with_danger_weight(weight);
        let mut field = Field::new(&known, target, conn);
        for (turn, event) in events.into_iter().enumerate() {
            let changed = match event {
                Event::Learn(p, t) => {
                    known.learn(p, t, turn as u32);
                    let mut cells = vec![p];
                    cells.extend(known.drain_danger_changes());
                    cells
                }
                Event::Death(p) => known.death(p),
                Event::Decay => known.decay(),
                Event::Ask(p) => {
                    let k = &known;
                    let k_step = |p: Pos, d: Dir| step(k, p, d, conn);
                    let reference = backward_dijkstra(w, h, target, k_step);
                    check_cell(&mut field, k, &reference, p, k_step)?;
                    continue;
                }
            };
            field.cells_changed(&known, &changed);
        }
        // And at the end, every cell.
        let k = &known;
        let k_step = |p: Pos, d: Dir| step(k, p, d, conn);
        let reference = backward_dijkstra(w, h, target, k_step);
        for p in reference.positions() {
            prop_assert_eq!(field.value(k, p), reference[p], "final value of {}", p);
        }
    }

    /// A budgeted query either settles or says so; asked again it resumes
    /// without losing work: the values and the total expansions are those
    /// of unbudgeted queries.
    #[test]
    fn budgeted_queries_resume_to_the_same_answer((map, target, asked) in field_query(12), budget in 1..6u64) {
        let mut whole = Field::new(&map, target, Connectivity::Eight);
        let mut parts = Field::new(&map, target, Connectivity::Eight);
        for &p in &asked {
            let want = whole.value(&map, p);
            let got = loop {
                let before = parts.expanded();
                match parts.value_within(&map, p, budget) {
                    Ok(v) => break v,
                    Err(Unsettled) => prop_assert_eq!(parts.expanded() - before, budget),
                }
            };
            prop_assert_eq!(got, want);
            prop_assert_eq!(parts.expanded(), whole.expanded());
        }
    }
}

/// Lazy growth: on a large open map, a cell next to the target is settled
/// after a handful of expansions, not the whole map's.
#[test]
fn a_field_grows_only_as_far_as_asked() {
    let known = Knowledge::blank(300, 300, 1);
    let target = Pos::new(150, 150);
    let mut field = Field::new(&known, target, Connectivity::Eight);
    assert_eq!(field.expanded(), 0, "nothing is searched before a question");
    let near = Pos::new(151, 150);
    assert_eq!(field.value(&known, near), Some(FLOOR_COST * STRAIGHT));
    assert!(
        field.expanded() < 20,
        "{} expansions for a neighbour of the target",
        field.expanded()
    );
    // Asking again costs nothing: the value is settled.
    let before = field.expanded();
    assert_eq!(field.next_step(&known, near), Some(target));
    assert_eq!(field.expanded(), before);
    // Ten cells away: about a 21x21 square, still a sliver of 90,000.
    field.value(&known, Pos::new(160, 150));
    assert!(
        field.expanded() < 1_000,
        "{} expansions for a cell ten steps away",
        field.expanded()
    );
}

/// Unreachable cells are known as such (after the target's component is
/// exhausted), and a target off the map reaches nothing.
#[test]
fn walled_off_cells_are_unreachable() {
    let map = TerrainMap::from_ascii("..#..\n..#..\n..#..").unwrap();
    let mut field = Field::new(&map, Pos::new(0, 0), Connectivity::Eight);
    assert_eq!(field.value(&map, Pos::new(4, 2)), None);
    assert_eq!(field.next_step(&map, Pos::new(4, 2)), None);
    assert_eq!(field.value(&map, Pos::new(2, 1)), None, "a wall");
    assert_eq!(field.value(&map, Pos::new(9, 9)), None, "off the map");
    assert_eq!(field.value(&map, Pos::new(0, 0)), Some(0));
    assert_eq!(field.next_step(&map, Pos::new(0, 0)), None, "at the target");
    let mut off = Field::new(&map, Pos::new(7, 0), Connectivity::Eight);
    assert_eq!(off.value(&map, Pos::new(0, 0)), None);
}

/// The version moves with each repair (so callers can tell cheaply that
/// values may have changed), and a monster's route breaking shows as its
/// cell's value changing.
#[test]
fn repairs_bump_the_version_and_change_values() {
    let mut known = Knowledge::blank(9, 3, 1);
    let target = Pos::new(8, 1);
    let mut field = Field::new(&known, target, Connectivity::Eight);
    let me = Pos::new(0, 1);
    let before = field.value(&known, me).unwrap();
    let v0 = field.version();
    field.cells_changed(&known, &[]);
    assert_eq!(field.version(), v0, "no change, no new version");
    for y in 0..3 {
        known.learn(Pos::new(4, y), Terrain::Wall, 1);
    }
    let wall: Vec<Pos> = (0..3).map(|y| Pos::new(4, y)).collect();
    field.cells_changed(&known, &wall);
    assert_eq!(field.version(), v0 + 1);
    assert_eq!(
        field.settled_value(me),
        None,
        "not settled since the repair"
    );
    assert_eq!(field.value(&known, me), None, "the route broke");
    assert_ne!(Some(before), field.value(&known, me));
}

/// Many repairs far beyond what is asked: the cells they queue keep
/// being re-keyed and never come off the queue. A lazily deleted heap
/// would grow by every re-key; the field's indexed heap holds each queued
/// cell once, however often it is re-keyed.
#[test]
fn the_heap_stays_bounded_over_many_repairs() {
    let mut known = Knowledge::blank(64, 64, 1).with_danger_weight(1);
    let target = Pos::new(0, 0);
    let mut field = Field::new(&known, target, Connectivity::Eight);
    let (near, far) = (Pos::new(1, 1), Pos::new(63, 63));
    field.value(&known, far); // Grow the whole field once.
    let mut most = 0;
    for round in 0..400 {
        let at = Pos::new(50 + round % 10, 50 + (round * 7) % 10);
        let cells = known.death(at);
        field.cells_changed(&known, &cells);
        field.value(&known, near);
        let cells = known.decay();
        field.cells_changed(&known, &cells);
        most = most.max(field.heap_len());
        assert_eq!(field.heap_len(), field.queued_len(), "round {round}");
    }
    assert!(most > 100, "the test leaves cells queued ({most})");
    let k = &known;
    let reference = backward_dijkstra(64, 64, target, |p, d| step(k, p, d, Connectivity::Eight));
    assert_eq!(field.value(k, far), reference[far]);
    assert_eq!(field.value(k, near), reference[near]);
    assert!(field.memory_bytes() >= 24 * 64 * 64);
}

/// A small level for a game: random walls, floor and swamp (no road, so a
/// normal-speed monster acts at most once a turn), three monsters of one
/// field faction with random sight, unknown factor and danger weight, and
/// the goal.
fn field_game_level() -> impl Strategy<Value = String> {
    let cells = proptest::collection::vec(
        prop_oneof![6 => Just('.'), 3 => Just('#'), 1 => Just('~')],
        14 * 10,
    );
    (cells, 0u32..5, 1u64..4, 1u32..4, proptest::collection::vec(0usize..140, 4)).prop_map(
        |(mut cells, sight, unknown, danger, places)| {
            let mut used = Vec::new();
            for (k, &p) in places.iter().enumerate() {
                let mut p = p;
                while used.contains(&p) {
                    p = (p + 1) % cells.len();
                }
                used.push(p);
                cells[p] = if k == 0 { '1' } else { 'a' };
            }
            let rows: Vec<String> = cells.chunks(14).map(|r| r.iter().collect()).collect();
            format!(
                "name: t\nfaction: ants glyph=a sight={sight} unknown={unknown} danger={danger} goal=1 planner=field\nmap:\n{}\n",
                rows.join("\n")
            )
        },
    )
}

/// In a game: whenever the faction's first monster reads its field (it
/// acts before any ally, so it reads over the knowledge as the turn
/// began, after the turn's decay), the value it read equals a fresh
/// backward Dijkstra over that knowledge (terrain, unknown factor,
/// danger), and a step it takes with no other unit near is a step of an
/// optimal route. Monsters are killed at random along the way (a death
/// leaves danger), and danger decays every 25 turns. A game can check
/// little (its monsters start walled in, or die early), so the run counts
/// the reads and steps checked: at least 5 reads and 3 steps a game on
/// average (about 15 and 8 are usual).
#[test]
fn field_monsters_read_exact_values_and_take_optimal_steps() {
    let config = ProptestConfig::with_cases(120);
    let reads = Checked::new("field reads", &config);
    let steps = Checked::new("steps", &config);
    proptest!(config, |(
        text in field_game_level(),
        kills in proptest::collection::vec((0u32..60, 1u32..3), 0..3),
        seed in 0u64..1000,
    )| {
        let (r, s) = check_field_game(&text, &kills, seed)?;
        reads.add(r);
        steps.add(s);
    });
    reads.at_least(5.0);
    steps.at_least(3.0);
}

/// The check of `field_monsters_read_exact_values_and_take_optimal_steps`
/// on one game: the reads and the steps it checked.
fn check_field_game(
    text: &str,
    kills: &[(u32, u32)],
    seed: u64,
) -> Result<(u64, u64), TestCaseError> {
    use darkstar::content::level::Level;
    use darkstar::sim::{Command, Event as SimEvent, Game, SimConfig, Status};
    let level = Level::parse(text, "t.txt".as_ref()).unwrap();
    let Ok(mut game) = Game::new(&level, seed, SimConfig::default()) else {
        return Ok((0, 0)); // A spawn on swamp is fine; one on a wall is not.
    };
    let goal = level.factions[0].goal.unwrap();
    let (mut reads, mut steps) = (0, 0);
    for turn in 0..60u32 {
        for &(t, m) in kills {
            if t == turn {
                game.apply(Command::Kill { monster: m });
            }
        }
        let first = game.floor().monsters().iter().find(|m| m.is_here());
        let Some((id, from, detour, energy)) =
            first.map(|m| (m.id(), m.pos(), m.plan().on_detour(), m.energy()))
        else {
            break;
        };
        // Whether it acts this turn (normal speed). One that cannot (a
        // swamp step's cost still being paid) may still be moved by an
        // ally's swap, with the plan it read earlier.
        let acts = energy + darkstar::sim::NORMAL_SPEED as i64 >= darkstar::sim::ACTION_READY;
        let mut known = game.floor().factions()[0].knowledge().snapshot();
        if (game.floor().turn() + 1).is_multiple_of(darkstar::fog::danger::DECAY_PERIOD) {
            known.decay();
        }
        let near = game.floor().monsters().iter().any(|o| {
            let (dx, dy) = o.pos().abs_delta(from);
            o.is_here() && o.id() != id && dx.max(dy) <= 2
        });
        let events = game.apply(Command::Advance);
        let reference = backward_dijkstra(known.width(), known.height(), goal, |p, d| {
            step(&known, p, d, Connectivity::Eight)
        });
        let acted = acts
            && events.iter().any(|e| {
                matches!(e,
            SimEvent::Moved { monster, from: f, .. } if *monster == id && *f == from)
            });
        let m = &game.floor().monsters()[id as usize];
        // (A step of a detour round units is taken without a read.)
        if acted && !detour && m.plan().status() == Status::Ready {
            // Its read, kept as its plan's cost.
            prop_assert_eq!(
                m.plan().cost(),
                reference[from],
                "value read at {} on turn {}",
                from,
                turn
            );
            reads += 1;
        }
        for e in &events {
            if let SimEvent::Moved {
                monster,
                from: f,
                to,
            } = *e
                && monster == id
                && f == from
                && !near
                && !detour
                && acts
            {
                let (_, c) = step(&known, f, f.dir_to(to).unwrap(), Connectivity::Eight)
                    .ok_or_else(|| TestCaseError::fail(format!("illegal step {f} -> {to}")))?;
                prop_assert_eq!(
                    reference[to].map(|v| v + c),
                    reference[f],
                    "step {} -> {} on turn {} is not on an optimal route",
                    f,
                    to,
                    turn
                );
                steps += 1;
            }
        }
        if game.floor().is_settled() {
            break;
        }
    }
    Ok((reads, steps))
}

/// A game the property test once failed on (the test's fault: the first
/// monster, paying for a swamp step, did not act, and an ally's swap moved
/// it), kept as a regression of the test.
#[test]
fn field_game_regression_pushed_monster() {
    let text = "name: t\nfaction: ants glyph=a sight=0 unknown=2 danger=1 goal=1 planner=field\nmap:\n.......a......\na.............\n...#..........\n..............\n....#.........\n....#.........\n...~.#........\n.a..#...#.....\n...#.1........\n..............\n";
    let (reads, steps) = check_field_game(text, &[], 0).unwrap();
    assert!(
        reads > 0 && steps > 0,
        "checked {reads} reads and {steps} steps"
    );
}
