//! Sweeps: many generated levels played headless in parallel; none may
//! panic or hang, and the results do not depend on how the work was spread.

use darkstar::content::generator::{GenParams, Style};
use darkstar::sim::sweep::{run_seed, sweep};

#[test]
fn a_sweep_of_seeds_finishes_everyone_and_is_deterministic() {
    let params = GenParams::default();
    let s = sweep(&params, 1..=60, 2000);
    assert_eq!(s.levels, 60);
    assert_eq!(s.reached, s.monsters, "some monster never arrived");
    // Parallel or one by one, the same games.
    for r in s.results.iter().step_by(7) {
        assert_eq!(&run_seed(&params, r.seed, 2000), r);
    }
    assert_eq!(sweep(&params, 1..=60, 2000).results, s.results);
    // The totals are the sums of the seeds'.
    let sum =
        |f: fn(&darkstar::sim::sweep::SeedResult) -> u64| s.results.iter().map(f).sum::<u64>();
    assert_eq!(s.stats.think_waits, sum(|r| r.stats.think_waits));
    assert_eq!(s.stats.unit_waits, sum(|r| r.stats.unit_waits));
    assert_eq!(s.budget_limited_turns, sum(|r| r.budget_limited_turns));
    assert_eq!(s.monster_turns, sum(|r| r.monster_turns));
    assert_eq!(s.turns, sum(|r| r.turns as u64));
    assert!(s.stats.unit_waits > 0, "nobody waited behind anybody");
    assert!(s.monster_turns >= s.turns, "every level has monsters");
}

/// The progress callback hears of every seed once, ending at the count.
#[test]
fn a_sweep_reports_every_seed_done() {
    use std::sync::Mutex;
    let params = GenParams::default();
    let seen = Mutex::new(Vec::new());
    let s = darkstar::sim::sweep::sweep_with(&params, 1..=6, 50, |done| {
        seen.lock().unwrap().push(done)
    });
    let mut seen = seen.into_inner().unwrap();
    seen.sort_unstable();
    assert_eq!(seen, (1..=6).collect::<Vec<u64>>());
    assert_eq!(s.results, sweep(&params, 1..=6, 50).results);
}

#[test]
fn caves_and_mazes_sweep_with_everyone_home_deterministically() {
    for style in [Style::Cave, Style::Maze] {
        let params = GenParams {
            style,
            width: 60,
            height: 30,
            ..GenParams::default()
        };
        let s = sweep(&params, 1..=20, 3000);
        assert_eq!(s.levels, 20);
        // Generated goals are reachable from every spawn (the goal is the
        // farthest floor cell the monsters can reach), so everyone
        // arrives within the turns given, and each seed's game is the one
        // a direct run of that seed plays.
        assert_eq!(
            s.reached, s.monsters,
            "{style:?}: some monster never arrived"
        );
        assert!(s.monsters >= 20 * 9, "{style:?}: {} monsters", s.monsters);
        for r in &s.results {
            assert!(r.turns < 3000, "{style:?} seed {} ran out of turns", r.seed);
            assert_eq!(&run_seed(&params, r.seed, 3000), r);
        }
    }
}
