//! Sweeps: many generated levels played headless in parallel; none may
//! panic or hang, and the results do not depend on how the work was spread.

use darkstar::mapgen::{GenParams, Style};
use darkstar::sweep::{run_seed, sweep};

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
}

#[test]
fn caves_and_mazes_sweep_without_panics() {
    for style in [Style::Cave, Style::Maze] {
        let params = GenParams {
            style,
            width: 60,
            height: 30,
            ..GenParams::default()
        };
        let s = sweep(&params, 1..=20, 3000);
        assert_eq!(s.levels, 20);
        assert!(s.reached > 0);
    }
}
