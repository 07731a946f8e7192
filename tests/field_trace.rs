//! The search inspector's record of a shared field's search
//! (`darkstar::path::field_trace`): the same expansions, in the same
//! order, with the same values, as a plain `Field` grown by its own
//! queries on random knowledge; every cell opened by way of a real step;
//! the route read off it legal and as dear as the value.

use darkstar::fog::knowledge::Knowledge;
use darkstar::fog::knowledge::KnowledgeRules;
use darkstar::map::cost::{Cost, UNREACHED};
use darkstar::map::geom::Pos;
use darkstar::map::terrain::Terrain;
use darkstar::path::field_trace::{FieldEvent, trace_field};
use darkstar::path::{Connectivity, Field, Unsettled, step};
use proptest::prelude::*;

use crate::common::connectivity;

/// What a faction learnt: cells with their terrain, and deaths (danger).
#[derive(Clone, Debug)]
enum Fact {
    Learn(Pos, Terrain),
    Death(Pos),
}

/// Random knowledge (unknown ground at 1-3x floor, danger weighed 0-2),
/// a target and a start on it.
fn knowledge_case() -> impl Strategy<Value = (Knowledge, Pos, Pos)> {
    (1..=12u32, 1..=12u32, 1..=3 as Cost, 0..=2u32).prop_flat_map(|(w, h, unknown, weight)| {
        let pos = move || (0..w as i32, 0..h as i32).prop_map(|(x, y)| Pos::new(x, y));
        let terrain = (0..Terrain::ALL.len()).prop_map(|i| Terrain::ALL[i]);
        let fact = prop_oneof![
            8 => (pos(), terrain).prop_map(|(p, t)| Fact::Learn(p, t)),
            1 => pos().prop_map(Fact::Death),
        ];
        (proptest::collection::vec(fact, 0..80), pos(), pos()).prop_map(
            move |(facts, target, start)| {
                let mut known = Knowledge::blank(w, h, unknown).with_danger_weight(weight);
                for (turn, f) in facts.into_iter().enumerate() {
                    match f {
                        Fact::Learn(p, t) => {
                            known.learn(p, t, turn as u32);
                        }
                        Fact::Death(p) => {
                            known.death(p);
                        }
                    }
                }
                (known, target, start)
            },
        )
    })
}

/// The cells a plain field expands to settle `start`, in order, with their
/// values: grown one expansion at a time by budgeted queries, each
/// expansion found as the one cell whose value changed.
fn plain_expansions(
    known: &Knowledge,
    target: Pos,
    start: Pos,
    conn: Connectivity,
) -> (Vec<(Pos, Cost)>, Option<Cost>) {
    let mut field = Field::new(known, target, conn);
    let w = known.width() as usize;
    let mut out = Vec::new();
    loop {
        let before = field.cells()[0].to_vec();
        let answer = field.value_within(known, start, 1);
        let after = field.cells()[0];
        let changed: Vec<usize> = (0..before.len())
            .filter(|&i| before[i] != after[i])
            .collect();
        assert!(changed.len() <= 1, "one expansion changes one value");
        if let Some(&i) = changed.first() {
            out.push((Pos::new((i % w) as i32, (i / w) as i32), after[i]));
        }
        match answer {
            Ok(v) => return (out, v),
            Err(Unsettled) => assert_eq!(changed.len(), 1, "a spent budget expanded"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The traced field expands the cells a plain field does to answer the
    /// same question, in the same order, with the same values; as many as
    /// a plain `Field::value` counts; and ends with the same value.
    #[test]
    fn traced_field_expands_as_a_plain_field((known, target, start) in knowledge_case(), conn in connectivity()) {
        let trace = trace_field(&known, target, start, conn, usize::MAX);
        prop_assert!(!trace.truncated);
        let traced: Vec<(Pos, Cost)> = trace
            .events
            .iter()
            .filter_map(|e| match *e {
                FieldEvent::Expanded { at, value } => Some((at, value)),
                FieldEvent::Opened { .. } => None,
            })
            .collect();
        let (plain, value) = plain_expansions(&known, target, start, conn);
        prop_assert_eq!(&traced, &plain);
        let mut fresh = Field::new(&known, target, conn);
        prop_assert_eq!(fresh.value(&known, start), value);
        prop_assert_eq!(fresh.expanded() as usize, trace.expansions());
        prop_assert_eq!(trace.value, value);

        // Every opening is by a real step into an already expanded cell,
        // at that step's cost plus its value.
        let mut settled = std::collections::BTreeMap::new();
        for e in &trace.events {
            match *e {
                FieldEvent::Expanded { at, value } => {
                    settled.insert((at.y, at.x), value);
                }
                FieldEvent::Opened { at, value, next } if at == target => {
                    prop_assert_eq!((value, next), (0, target));
                }
                FieldEvent::Opened { at, value, next } => {
                    let dir = at.dir_to(next).expect("a neighbour");
                    let (to, c) = step(&known, at, dir, conn).expect("a legal step");
                    prop_assert_eq!(to, next);
                    let via = settled.get(&(next.y, next.x)).copied().expect("expanded first");
                    prop_assert_eq!(value, c + via);
                }
            }
        }

        // The route read off it is legal, reaches the target and costs
        // the value.
        match value {
            None => prop_assert_eq!(&trace.route, &vec![start]),
            Some(v) => {
                prop_assert_eq!(trace.route.first(), Some(&start));
                prop_assert_eq!(trace.route.last(), Some(&target));
                let mut total = 0;
                for pair in trace.route.windows(2) {
                    let dir = pair[0].dir_to(pair[1]).expect("a neighbour");
                    let (_, c) = step(&known, pair[0], dir, conn).expect("a legal step");
                    total += c;
                }
                prop_assert_eq!(total, v);
            }
        }
    }
}

/// The record stops at its limit and says so, without a value; a start or
/// target off the map records nothing.
#[test]
fn a_field_trace_stops_at_its_limit() {
    let known = Knowledge::blank(40, 40, 1);
    let (target, start) = (Pos::new(0, 0), Pos::new(39, 39));
    let whole = trace_field(&known, target, start, Connectivity::Eight, usize::MAX);
    assert!(!whole.truncated && whole.value.is_some());
    assert_eq!(
        whole.expansions(),
        40 * 40,
        "the far corner is settled last"
    );
    let cut = trace_field(&known, target, start, Connectivity::Eight, 100);
    assert!(cut.truncated);
    assert_eq!(cut.events.len(), 100);
    assert_eq!(cut.value, None);
    assert_eq!(cut.events[..], whole.events[..100]);
    let off = trace_field(&known, target, Pos::new(40, 0), Connectivity::Eight, 100);
    assert!(off.events.is_empty() && off.value.is_none());
    // The values recorded are final: nothing is ever raised.
    assert!(whole.events.iter().all(|e| match e {
        FieldEvent::Expanded { value, .. } => *value != UNREACHED,
        FieldEvent::Opened { next, at, .. } => at.dir_to(*next).is_some() || at == next,
    }));
}
