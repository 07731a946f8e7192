//! The level generator: determinism (a seed catalog compared with a
//! committed golden file), every goal reachable, the features it promises,
//! and round trips through the level format.

use darkstar::content::bestiary::{Bestiary, DEPTHS};
use darkstar::content::generator::{
    GenParams, Style, depth_level, generate, kinds_on, packs_of, packs_on, total_hp,
};
use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::terrain::Terrain;
use darkstar::path::{Connectivity, Islands};

/// FNV-1a, 64 bits: a hash fixed by its definition (unlike std's
/// `DefaultHasher`), so the golden file means the same everywhere.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = darkstar::sim::Fnv::default();
    h.bytes(bytes);
    h.finish()
}

const GOLDEN: &str = "tests/golden/seed_catalog.txt";

/// The catalog: seeds 1 to 25 of the default dungeon, a few of the other
/// styles and sizes, one line each, `style width height seed hash`; and
/// every depth of the dungeon for seeds 1 to 3, `depth N seed hash`.
fn catalog() -> String {
    let mut out = String::new();
    let mut add = |params: GenParams, seed: u64| {
        let text = generate(&params, seed).to_text();
        out.push_str(&format!(
            "{} {} {} {seed} {:016x}\n",
            params.style.name(),
            params.width,
            params.height,
            fnv1a(text.as_bytes())
        ));
    };
    for seed in 1..=25 {
        add(GenParams::default(), seed);
    }
    for (style, w, h) in [
        (Style::Cave, 60, 30),
        (Style::Maze, 41, 21),
        (Style::Dungeon, 40, 20),
        (Style::Dungeon, 200, 100),
    ] {
        for seed in 1..=3 {
            add(
                GenParams {
                    style,
                    width: w,
                    height: h,
                    ..GenParams::default()
                },
                seed,
            );
        }
    }
    let bestiary = Bestiary::builtin();
    for seed in 1..=3 {
        for depth in 1..=DEPTHS {
            let text = depth_level(seed, depth, &bestiary).to_text();
            out.push_str(&format!(
                "depth {depth} {seed} {:016x}\n",
                fnv1a(text.as_bytes())
            ));
        }
    }
    out
}

/// Brogue's seed catalog: the generator must give these exact levels for
/// these seeds on every machine. When a change to the generator is meant
/// to change levels, regenerate the file with
/// `DARKSTAR_UPDATE_GOLDEN=1 cargo test --release seed_catalog` and commit it.
/// That run rewrites the file and then fails on purpose ("updated FILE,
/// review and commit"), so an update can never pass unnoticed.
#[test]
fn seed_catalog_matches_the_golden_file() {
    let now = catalog();
    crate::golden::check(GOLDEN, &now);
}

fn check_level(level: &Level) {
    let map = &level.terrain;
    let islands = Islands::compute(map, Connectivity::Eight);
    assert!(!level.spawns.is_empty(), "{}: nobody", level.name);
    for f in &level.factions {
        let goal = f.goal.expect("every generated faction has a goal");
        for s in &level.spawns {
            assert!(
                islands.connected(s.at, goal),
                "{}: {} cannot reach {goal}",
                level.name,
                s.at
            );
        }
    }
    // Written out and read back, the same level.
    let again = Level::parse(&level.to_text(), "gen.txt".as_ref()).unwrap();
    assert_eq!(&again, level);
}

/// Every spawn can reach its goal, across styles, sizes and seeds, from
/// the smallest size to the largest.
#[test]
fn every_goal_is_reachable_and_levels_round_trip() {
    for seed in 1..=30 {
        for style in [Style::Dungeon, Style::Cave, Style::Maze] {
            let (w, h) = [(40, 20), (80, 40), (123, 57)][seed as usize % 3];
            let level = generate(
                &GenParams {
                    style,
                    width: w,
                    height: h,
                    ..GenParams::default()
                },
                seed,
            );
            assert_eq!((level.terrain.width(), level.terrain.height()), (w, h));
            check_level(&level);
        }
    }
    let big = generate(
        &GenParams {
            width: 1024,
            height: 1024,
            ..GenParams::default()
        },
        9,
    );
    check_level(&big);
}

/// Count of cells matching `f`.
fn count(level: &Level, f: impl Fn(Pos, Terrain) -> bool) -> usize {
    let map = &level.terrain;
    map.grid()
        .positions()
        .filter(|&p| f(p, map.get(p).unwrap()))
        .count()
}

/// Dungeons have dead ends (a floor cell with one passable neighbour among
/// its four), doors, roads, swamp, water and rubble.
#[test]
fn dungeons_have_dead_ends_doors_and_terrain() {
    let mut totals = [0usize; 6];
    for seed in 1..=10 {
        let level = generate(&GenParams::default(), seed);
        let map = &level.terrain;
        let dead_ends = count(&level, |p, t| {
            t.is_passable()
                && [Dir::N, Dir::E, Dir::S, Dir::W]
                    .into_iter()
                    .filter(|&d| map.is_passable(p.step(d)))
                    .count()
                    == 1
        });
        assert!(dead_ends >= 2, "seed {seed}: {dead_ends} dead ends");
        for (i, t) in [
            Terrain::Door,
            Terrain::Road,
            Terrain::Swamp,
            Terrain::ShallowWater,
            Terrain::Rubble,
            Terrain::Floor,
        ]
        .into_iter()
        .enumerate()
        {
            totals[i] += count(&level, |_, x| x == t);
        }
    }
    assert!(totals.iter().all(|&n| n > 0), "{totals:?}");
}

/// A depth comes from the run's seed and its number: the same twice, a
/// different map on every depth; peopled with the bestiary's kinds that
/// live there (one faction a bestiary faction, its kinds' numbers theirs, hostile, and
/// wandering unless it sleeps), as many kinds as the depth holds, each in packs of its
/// size, the depth's packs (one more than its number) shared among them;
/// written as level text and read back unchanged; playable. Deeper
/// is more dangerous: the monsters' hit points summed over a depth grow
/// from depth 1 to 5 to 10 (averaged over seeds).
#[test]
fn depths_are_peopled_from_the_bestiary_and_grow_deadlier() {
    let bestiary = Bestiary::builtin();
    let mut danger = vec![0i64; DEPTHS as usize + 1];
    for seed in 1..=8u64 {
        let mut maps = std::collections::BTreeSet::new();
        for depth in 1..=DEPTHS {
            let level = depth_level(seed, depth, &bestiary);
            assert_eq!(level, depth_level(seed, depth, &bestiary));
            maps.insert(format!("{:?}", level.terrain));
            let living = bestiary.at_depth(depth).count();
            // Every kind of the depth, in the bestiary's order: (its
            // faction, its place in the faction, the bestiary's kind).
            // Kinds of one bestiary faction share one (a raven sees for
            // the trolls).
            let mut kinds: Vec<_> = level
                .factions
                .iter()
                .enumerate()
                .flat_map(|(f, spec)| spec.kinds.iter().enumerate().map(move |(ki, k)| (f, ki, k)))
                .map(|(f, ki, k)| {
                    let at = bestiary.kinds().iter().position(|b| b.glyph == k.glyph);
                    let at = at.unwrap_or_else(|| panic!("{} is no kind", k.glyph));
                    (at, f, ki)
                })
                .collect();
            kinds.sort();
            assert_eq!(kinds.len(), kinds_on(depth).min(living));
            let factions: std::collections::BTreeSet<&str> = kinds
                .iter()
                .map(|&(at, _, _)| bestiary.kinds()[at].faction.as_str())
                .collect();
            assert_eq!(level.factions.len(), factions.len());
            // The depth's packs, shared among its kinds, one more a depth.
            let shared: u32 = (0..kinds.len())
                .map(|i| packs_of(depth, kinds.len(), i))
                .sum();
            assert_eq!(shared, packs_on(depth));
            assert!(packs_on(depth) == depth + 1 && packs_on(depth) >= kinds.len() as u32);
            for (i, &(at, f, ki)) in kinds.iter().enumerate() {
                let kind = &bestiary.kinds()[at];
                assert!(kind.lives_on(depth), "{} on depth {depth}", kind.name);
                let k = &level.factions[f].kinds[ki];
                assert_eq!(
                    (k.glyph, k.hp, k.damage),
                    (kind.glyph, kind.hp, kind.damage)
                );
                // Every kind hunts; all but sleepers roam (a troll or
                // an ogre woken stays where its search ends).
                assert!(
                    k.behaviours == kind.behaviours
                        && k.behaviours.hunts()
                        && (k.behaviours.wanders() || k.behaviours.sleeps())
                );
                let n = level
                    .spawns
                    .iter()
                    .filter(|s| s.faction == f && s.kind == ki)
                    .count() as u32;
                let packs = packs_of(depth, kinds.len(), i);
                assert!(
                    n >= kind.pack.0 && n <= kind.pack.1 * packs,
                    "{n} {}",
                    kind.name
                );
            }
            let back = Level::parse(&level.to_text(), "depth.txt".as_ref()).unwrap();
            assert_eq!(back, level, "seed {seed} depth {depth}");
            let mut game = darkstar::sim::Game::new(&level, seed, Default::default()).unwrap();
            for _ in 0..20 {
                game.apply(darkstar::sim::Command::Player(darkstar::sim::Action::Wait(
                    None,
                )));
            }
            danger[depth as usize] += total_hp(&level);
        }
        assert_eq!(maps.len(), DEPTHS as usize, "seed {seed}: a map per depth");
    }
    assert!(
        danger[1] < danger[5] && danger[5] < danger[10],
        "{danger:?}"
    );
}
