//! Danger's smallest unit: a chokepoint costs something real at the
//! default weight (a tenth of a floor step), so a faction of any planner
//! prefers open ground to a doorway when both ways are equally long.

use darkstar::content::level::Level;
use darkstar::fog::knowledge::Knowledge;
use darkstar::fog::knowledge::KnowledgeRules;
use darkstar::map::cost::STRAIGHT;
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::terrain::{AsciiMap, FLOOR_COST};
use darkstar::path::{Connectivity, step};
use darkstar::sim::{Command, Event, Game, Presence, SimConfig};

/// The middle of a corridor is a chokepoint; at weight 1 entering it costs
/// floor plus a tenth of floor, at weight 0 just floor.
#[test]
fn a_chokepoint_costs_a_tenth_of_floor_at_weight_one() {
    let corridor = AsciiMap::parse("#####\n#...#\n#####").unwrap();
    let know = |weight| {
        let mut k = Knowledge::blank(5, 3, 1).with_danger_weight(weight);
        for p in corridor.map.grid().positions() {
            k.learn(p, corridor.map.grid()[p], 1);
        }
        k
    };
    let (middle, from) = (Pos::new(2, 1), Pos::new(1, 1));
    let k = know(1);
    assert!(k.influence().is_choke(middle));
    assert!(
        k.influence().penalty(middle) > 0,
        "a chokepoint costs nothing"
    );
    assert_eq!(k.influence().penalty(middle), FLOOR_COST / 10);
    let cost = |k: &Knowledge| step(k, from, Dir::E, Connectivity::Eight).map(|s| s.1);
    assert_eq!(cost(&k), Some((FLOOR_COST + 1) * STRAIGHT));
    assert_eq!(cost(&know(0)), Some(FLOOR_COST * STRAIGHT));
}

/// Two ways of the same length from `a` to the goal round a wall: the
/// upper through a doorway in a partition (three chokepoints: the gap and
/// the cell each side), the lower over open ground two cells wide. With
/// `doorway_below` the map is mirrored top to bottom, so whichever way a
/// planner breaks exact ties, one of the two fails if chokepoints cost
/// nothing.
fn doorway_level(planner: &str, doorway_below: bool) -> (Level, Pos) {
    let mut rows = [
        "###########",
        "#....#....#",
        "#.........#",
        "#a#######1#",
        "#.........#",
        "#.........#",
        "###########",
    ];
    let mut doorway = Pos::new(5, 2);
    if doorway_below {
        rows.reverse();
        doorway = Pos::new(5, 4);
    }
    let text = format!(
        "name: doorway\nfaction: f glyph=a planner={planner} goal=1 knows-map\nmap:\n{}\n",
        rows.join("\n")
    );
    (
        Level::parse(&text, "doorway.txt".as_ref()).unwrap(),
        doorway,
    )
}

/// Every planner (A*, D* Lite, the shared field), the doorway above or
/// below, over a few seeds: the monster goes round by the open ground,
/// never through the doorway, and arrives.
#[test]
fn equal_ways_the_one_without_a_chokepoint_wins() {
    for planner in ["astar", "dstar", "field"] {
        for doorway_below in [false, true] {
            let (level, doorway) = doorway_level(planner, doorway_below);
            for seed in 1..=3 {
                let mut game = Game::new(&level, seed, SimConfig::default()).unwrap();
                let mut walked = Vec::new();
                for _ in 0..100 {
                    if game.floor().is_settled() {
                        break;
                    }
                    for e in game.apply(Command::Advance) {
                        if let Event::Moved { to, .. } = e {
                            walked.push(to);
                        }
                    }
                }
                let why = format!("{planner}, doorway below {doorway_below}, seed {seed}");
                assert!(
                    matches!(game.floor().monsters()[0].presence(), Presence::Escaped(_)),
                    "{why}: did not arrive"
                );
                assert!(!walked.contains(&doorway), "{why}: {walked:?}");
                // The open way: ten straight steps, as long as the other.
                assert_eq!(walked.len(), 10, "{why}: {walked:?}");
            }
        }
    }
}
